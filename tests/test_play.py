"""Scenario tests per rule axis: decks and aces, start ranks, openings and build orders.

Every position is set up with an explicit deal, so the expected moves follow from RULES.md alone.
"""

from __future__ import annotations

import pytest

import fantan


def advance(state: fantan.GameState, seat: int) -> fantan.GameState:
    """Let the other seats make their first legal move until it is ``seat``'s turn."""
    for _ in range(200):
        if state.to_move == seat or state.is_over:
            return state
        state = state.play(state.legal_moves()[0])
    raise AssertionError("seat never got the turn")


def plays(state: fantan.GameState) -> tuple[str, ...]:
    return tuple(m for m in state.legal_moves() if m != "pass" and not m.startswith("give:"))


# --- the standard game -------------------------------------------------------------------------


def test_hearts_five_to_nine_allows_only_four_and_ten(kit):
    rules = fantan.preset("fan-tan")
    mine = ["7D", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "AH"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}, dealer=3), dealer=3)
    assert state.to_move == 0
    for card in ["7D", "7H", "8H", "9H", "6H", "5H"]:
        state = advance(state, 0).play(card)
    state = advance(state, 0)
    hearts = next(r for r in state.rows() if r.suit == "H")
    assert hearts.cards == ("5H", "6H", "7H", "8H", "9H")
    assert set(hearts.needs) == {"4H", "10H"}
    assert state.legal_moves() == ("4H", "10H")
    for card in ["2H", "3H", "JH", "QH", "AH"]:
        assert state.why_illegal(card) == "not-adjacent"
    assert state.why_illegal("pass") == "must-play"


def test_standard_deal_and_opening(kit):
    rules = fantan.preset("fan-tan")
    state = fantan.new_game(rules, seed=11)
    assert [len(state.hand(s)) for s in range(4)] == [13] * 4
    holder = next(s for s in range(4) if "7D" in state.hand(s))
    assert state.to_move == holder
    assert state.legal_moves() == ("7D",)
    after = state.play("7D")
    assert after.to_move == (holder + 1) % 4
    # After the 7D: its 6 and 8, and any other 7, are the only cards that can go down.
    allowed = {"6D", "8D", "7S", "7H", "7C"}
    for seat in range(4):
        for card in after.hand(seat):
            if seat == after.to_move:
                assert (after.why_illegal(card) is None) == (card in allowed), card


def test_seven_alone_allows_six_and_eight_only(kit):
    rules = fantan.preset("fan-tan")
    mine = ["7D", "7S", "6S", "8S", "5S", "9S", "4S", "10S", "2S", "AS", "KS", "QS", "JS"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=0)
    state = advance(advance(state, 0).play("7D"), 0).play("7S")
    state = advance(state, 0)
    assert {c for c in plays(state) if c.endswith("S")} == {"6S", "8S"}
    assert state.why_illegal("5S") == "not-adjacent"


@pytest.mark.parametrize("ace", ["high", "low"])
def test_ace_ends_the_row_on_its_side(kit, ace):
    rules = fantan.preset("fan-tan").replace(ace=ace)
    mine = ["7D", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "6H", "5H", "4H", "3H"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
    for card in ["7D", "7H", "8H", "9H", "10H", "JH", "QH"]:
        state = advance(state, 0).play(card)
    state = advance(state, 0)
    assert state.why_illegal("AH") == "not-adjacent"
    state = advance(state.play("KH"), 0)
    if ace == "high":
        # 2..A: the ace goes above the king.
        assert state.why_illegal("AH") is None
        state = advance(state.play("AH"), 0)
        hearts = next(r for r in state.rows() if r.suit == "H")
        assert hearts.cards[-1] == "AH"
        assert hearts.needs == ("6H",)
    else:
        # A..K: nothing goes above the king, the ace waits for the 2.
        assert state.why_illegal("AH") == "not-adjacent"
        hearts = next(r for r in state.rows() if r.suit == "H")
        assert hearts.needs == ("6H",)
        for card in ["6H", "5H", "4H"]:
            state = advance(state, 0).play(card)
        state = advance(state, 0)
        assert state.hand(0) == ("AH", "3H")
        assert state.why_illegal("AH") == "not-adjacent"
        assert state.legal_moves() == ("3H",)


def test_hand_order_follows_row_order(kit):
    for ace, expected in [("high", ("2S", "10S", "AS", "5H", "7D", "KC")),
                          ("low", ("AS", "2S", "10S", "5H", "7D", "KC"))]:
        rules = fantan.preset("fan-tan").replace(ace=ace)
        mine = ["KC", "7D", "AS", "10S", "5H", "2S"]
        state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
        assert state.hand(0) == kit.hand_order(rules, state.hand(0))
        assert [c for c in state.hand(0) if c in expected] == list(expected)


def test_ten_spelled_t_is_accepted(kit):
    rules = fantan.preset("fan-tan")
    mine = ["7D", "8D", "9D", "10D"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
    for card in ["7D", "8D", "9D"]:
        state = advance(state, 0).play(card)
    state = advance(state, 0)
    assert state.why_illegal("TD") is None
    after = state.play("td")
    assert after.moves[-1] == "10D"
    assert "10D" not in after.hand(0)


# --- the Spanish deck ------------------------------------------------------------------------


def test_spanish_row_runs_one_to_twelve_with_sota_after_seven(kit):
    rules = fantan.preset("cinquillo")
    mine = ["1O", "2O", "3O", "4O", "6O", "7O", "10O", "11O", "12O"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {1: mine}, dealer=0), dealer=0)
    assert state.to_move == 1
    assert state.hand(1) == tuple(mine)
    rows = {r.suit: r for r in state.rows()}
    assert [r.suit for r in state.rows()] == ["O", "C", "E", "B"]
    assert all(rows[s].cards == ("5" + s,) for s in "OCEB")
    for bad in ["8O", "9O", "KO", "7D", "13O", "0O"]:
        assert state.why_illegal(bad) == "bad-move"
    assert set(c for c in plays(state) if c.endswith("O")) == {"4O", "6O"}
    for card in ["6O", "7O"]:
        state = advance(state, 1).play(card)
    state = advance(state, 1)
    assert state.why_illegal("10O") is None
    assert state.why_illegal("11O") == "not-adjacent"
    for card in ["10O", "11O", "12O", "4O", "3O", "2O"]:
        state = advance(state, 1).play(card)
    state = advance(state, 1)
    assert state.legal_moves() == ("1O",)
    state = state.play("1O")
    assert state.is_over and state.result.winner == 1
    oros = next(r for r in state.rows() if r.suit == "O")
    assert oros.complete and len(oros.cards) == 10 and oros.needs == ()


# --- start ranks ------------------------------------------------------------------------------


def test_start_rank_five(kit):
    rules = fantan.preset("fan-tan").replace(start_rank="5", opening_card="5D")
    mine = ["5D", "4D", "6D", "7S", "5S", "3D", "7D"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {2: mine}), dealer=0)
    assert state.to_move == 2
    assert state.legal_moves() == ("5D",)
    state = advance(state.play("5D"), 2)
    assert state.why_illegal("7S") == "row-not-open"
    assert state.why_illegal("5S") is None
    assert state.why_illegal("4D") is None and state.why_illegal("6D") is None
    assert state.why_illegal("3D") == "not-adjacent"
    assert state.why_illegal("7D") == "not-adjacent"


def test_chosen_start_first_card_is_free_and_sets_the_rank(kit):
    rules = fantan.preset("domino")
    state = fantan.new_game(rules, seed=5, dealer=2)
    assert state.to_move == 3
    # The first card may be any card at all; no pass.
    assert set(state.legal_moves()) == set(state.hand(3))
    for card in state.hand(3):
        assert state.why_illegal(card) is None
    assert state.why_illegal("pass") == "must-play"


def test_chosen_start_rank_applies_to_every_suit(kit):
    rules = fantan.preset("domino")
    mine = ["10H", "9H", "JH", "8H", "10S", "7S", "QH"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {1: mine}), dealer=0)
    state = state.play("10H")
    state = advance(state, 1)
    assert state.why_illegal("9H") is None and state.why_illegal("JH") is None
    assert state.why_illegal("8H") == "not-adjacent"
    assert state.why_illegal("QH") == "not-adjacent"
    assert state.why_illegal("10S") is None
    assert state.why_illegal("7S") == "row-not-open"
    hearts = next(r for r in state.rows() if r.suit == "H")
    assert hearts.cards == ("10H",)
    spades = next(r for r in state.rows() if r.suit == "S")
    assert spades.cards == () and spades.needs == ("10S",)


# --- openings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_holder_opens_with_the_opening_card_whoever_deals(kit, dealer):
    rules = fantan.preset("fan-tan")
    mine = ["7D", "7S", "7H", "7C"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {2: mine}, dealer), dealer=dealer)
    assert state.dealer == dealer
    assert state.to_move == 2
    assert state.legal_moves() == ("7D",)
    assert state.why_illegal("7S") == "must-open-with"
    assert state.why_illegal("pass") == "must-play"
    after = state.play("7D")
    assert after.to_move == 3 and after.why_illegal("7D") is not None


def test_holder_opening_card_of_another_preset():
    for name, card in [("ristiseiska", "7C"), ("femkamp", "7H")]:
        state = fantan.new_game(fantan.preset(name), seed=1)
        assert state.legal_moves() == (card,)
        assert card in state.hand(state.to_move)


def test_seek_passes_until_the_holder_plays(kit):
    rules = fantan.preset("fan-tan-chips")  # seek 7D, chip penalty
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {3: ["7D", "7S"]}), dealer=0)
    assert state.to_move == 1
    for seat in (1, 2):
        assert state.to_move == seat
        assert state.legal_moves() == ("pass",)
        assert state.why_illegal("7S") in ("not-in-hand", "must-open-with")
        state = state.play("pass")
    assert state.to_move == 3
    # The holder cannot pass instead of playing it, nor play another 7.
    assert state.legal_moves() == ("7D",)
    assert state.why_illegal("7S") == "must-open-with"
    assert state.why_illegal("pass") == "must-play"
    state = state.play("7D")
    assert state.to_move == 0
    obs = state.observation(0)
    assert obs.passes == (0, 1, 1, 0)


def test_seek_with_the_holder_left_of_the_dealer(kit):
    rules = fantan.preset("sjuan")  # seek 7H
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {2: ["7H"]}, 1), dealer=1)
    assert state.to_move == 2 and state.legal_moves() == ("7H",)


def test_any_start_first_seat_plays_any_seven_or_passes(kit):
    rules = fantan.preset("sevens")
    deal = kit.build_deal(rules, {1: ["7S", "7C", "8C"], 2: ["7D", "7H"]}, dealer=0)
    # Seat 1 holds only these 7s among the starters: any of them is legal, nothing else.
    state = fantan.new_game(rules, hands=deal, dealer=0)
    assert state.to_move == 1
    assert plays(state) == ("7S", "7C")
    assert "pass" not in state.legal_moves()
    assert state.why_illegal("8C") == "row-not-open"
    # A first seat without a 7 passes.
    deal = kit.build_deal(rules, {2: ["7S", "7H", "7D", "7C"]}, dealer=0)
    state = fantan.new_game(rules, hands=deal, dealer=0)
    assert state.to_move == 1 and state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert state.to_move == 2 and state.legal_moves() == ("7S", "7H", "7D", "7C")


def test_preplaced_from_deck(kit):
    rules = fantan.preset("shichi-narabe")
    state = fantan.new_game(rules, seed=4, dealer=2)
    assert state.to_move == 3
    assert sum(len(state.hand(s)) for s in range(4)) == 48
    assert all(r.cards == ("7" + r.suit,) for r in state.rows())
    for s in range(4):
        assert not any(c.startswith("7") for c in state.hand(s))
    # An explicit deal must leave the start cards out.
    deal = kit.build_deal(rules, {}, dealer=2)
    fantan.new_game(rules, hands=deal, dealer=2)
    with_sevens = [list(h) for h in deal]
    with_sevens[0][0] = "7S"
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=with_sevens, dealer=2)


def test_preplaced_from_hands(kit):
    rules = fantan.preset("sjueren").replace(opening="preplaced", preplaced_from="hands")
    deal = kit.build_deal(rules, {0: ["7S", "7H"], 2: ["7D"], 3: ["7C"]}, dealer=1)
    state = fantan.new_game(rules, hands=deal, dealer=1)
    assert state.to_move == 2
    assert [len(state.hand(s)) for s in range(4)] == [11, 13, 12, 12]
    assert all(r.cards == ("7" + r.suit,) for r in state.rows())
    laid = {e.seat: set(e.cards) for e in state.history if e.kind == "preplace"}
    assert laid == {0: {"7S", "7H"}, 2: {"7D"}, 3: {"7C"}}
    assert state.moves == ()
    # The deal itself holds the 7s, 13 cards each.
    assert fantan.load(state.to_json()) == state


def test_preplaced_rows_are_open_at_once():
    state = fantan.new_game(fantan.preset("cinquillo"), seed=8)
    playable = {c for c in state.legal_moves() if c != "pass"}
    assert playable <= {r + s for r in ("4", "6") for s in "OCEB"}


def test_leader_argument(kit):
    rules = fantan.preset("cinquillo")  # (the last hand's winner leads the next)
    state = fantan.new_game(rules, seed=2, dealer=0, leader=3)
    assert state.to_move == 3
    with pytest.raises(ValueError):
        fantan.new_game(fantan.preset("fan-tan"), seed=2, dealer=0, leader=3)
    # Where the seat left of the dealer always leads, a leader is refused, not obeyed.
    for name in ("sevens", "shichi-narabe"):
        assert not fantan.preset(name).winner_leads_next
        with pytest.raises(ValueError, match="winner_leads_next"):
            fantan.new_game(fantan.preset(name), seed=2, dealer=0, leader=3)
    with pytest.raises(ValueError):
        fantan.new_game(rules, seed=2, dealer=0, leader=4)
    # Under opening "holder" the card's holder leads, even where the winner leads the next
    # hand's other seats: a leader is refused there too (accepted, it would be ignored).
    holder = fantan.preset("fan-tan").replace(winner_leads_next=True, match_hands=3)
    assert "winner_leads_next" in holder.idle_fields()
    with pytest.raises(ValueError, match="holder"):
        fantan.new_game(holder, seed=1, leader=2)


def test_game_states_are_equal_only_for_the_same_position():
    # (fantan.load(s) gives an equal state; two positions of a hand are not equal)
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    again = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    assert state == again and hash(state) == hash(again)
    later = state.play(state.legal_moves()[0])
    assert later != state and fantan.load(later.to_json()) == later
    assert hash(fantan.load(later.to_json())) == hash(later)
    assert state != fantan.new_game(fantan.preset("fan-tan"), seed=2)
    assert state != fantan.new_game(fantan.preset("fan-tan"), seed=1, dealer=2)


def test_legal_moves_are_the_cards_in_hand_order_then_the_pass():
    # Shichi Narabe: passing is a choice while passes are left, listed after the cards.
    rules = fantan.preset("shichi-narabe").replace(pass_limit=3)
    for seed in range(10):
        state = fantan.new_game(rules, seed=seed)
        moves = state.legal_moves()
        cards = [m for m in moves if m != "pass"]
        assert len(cards) >= 1 and moves == (*cards, "pass"), (seed, moves)
        hand = state.hand(state.to_move)
        assert cards == [c for c in hand if c in cards]


# --- build orders -----------------------------------------------------------------------------


def test_the_rows_need_only_the_opening_card_while_it_is_due():
    for name, card in (("fan-tan", "7D"), ("sjuan", "7H")):
        state = fantan.new_game(fantan.preset(name), seed=1)
        for rows in (state.rows(), state.observation(0).rows()):
            assert [r.needs for r in rows if r.needs] == [(card,)]
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1).play("7D")
    assert [r.needs for r in state.observation(1).rows()] == [
        ("7S",), ("7H",), ("6D", "8D"), ("7C",)]


def test_eights_first(kit):
    rules = fantan.preset("eights-first")
    mine = ["7D", "6D", "8D", "5D", "9D"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
    state = advance(state.play("7D"), 0)
    assert state.why_illegal("6D") == "gate-closed"
    assert state.why_illegal("8D") is None
    assert state.why_illegal("5D") == "not-adjacent"
    assert next(r for r in state.rows() if r.suit == "D").needs == ("8D",)
    state = advance(state.play("8D"), 0)
    assert state.why_illegal("6D") is None and state.why_illegal("9D") is None


def test_six_and_eight_first(kit):
    rules = fantan.preset("ristiseiska")  # holder 7C
    mine = ["7C", "6C", "8C", "5C", "9C"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
    state = advance(state.play("7C"), 0)
    assert state.why_illegal("6C") is None and state.why_illegal("8C") is None
    assert state.why_illegal("5C") == "not-adjacent"
    state = advance(state.play("6C"), 0)
    assert state.why_illegal("5C") == "gate-closed"
    assert state.why_illegal("8C") is None
    state = advance(state.play("8C"), 0)
    assert state.why_illegal("5C") is None and state.why_illegal("9C") is None


def test_six_and_eight_first_other_order(kit):
    rules = fantan.preset("ristiseiska")
    mine = ["7C", "6C", "8C", "5C", "9C"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
    state = advance(advance(state.play("7C"), 0).play("8C"), 0)
    assert state.why_illegal("9C") == "gate-closed"
    state = advance(state.play("6C"), 0)
    assert state.why_illegal("9C") is None


@pytest.mark.parametrize("build", ["eights-first", "six-and-eight-first"])
def test_spanish_gates_ask_for_the_sota_above_the_seven(kit, build):
    # A Spanish row has no 8: the 7's upper neighbour is the sota (10), and the gates ask for it.
    rules = fantan.Rules(deck="spanish40", ace="low", opening_card="7O", build_order=build)
    eights = build == "eights-first"
    mine = ["5O", "6O", "7O", "10O", "11O"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}, dealer=3), dealer=3)
    state = advance(state.play("7O"), 0)
    oros = next(r for r in state.rows() if r.suit == "O")
    assert oros.needs == (("10O",) if eights else ("6O", "10O"))
    assert state.why_illegal("6O") == ("gate-closed" if eights else None)
    assert state.why_illegal("11O") == "not-adjacent"
    state = advance(state.play("10O"), 0)
    assert state.why_illegal("11O") == (None if eights else "gate-closed")
    assert state.why_illegal("6O") is None
    state = advance(state.play("6O"), 0)
    assert state.why_illegal("5O") is None and state.why_illegal("11O") is None


@pytest.mark.parametrize("build", ["eights-first", "six-and-eight-first"])
def test_missing_neighbour_counts_as_down_top(kit, build):
    # Ace low, chosen start: a K opens its row at the top end; there is no card above it.
    rules = fantan.preset("domino").replace(build_order=build)
    mine = ["KH", "QH", "JH"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {1: mine}), dealer=0)
    state = advance(state.play("KH"), 1)
    assert state.why_illegal("QH") is None
    state = advance(state.play("QH"), 1)
    assert state.why_illegal("JH") is None


def test_missing_neighbour_counts_as_down_bottom(kit):
    rules = fantan.preset("domino").replace(build_order="six-and-eight-first")
    mine = ["AS", "2S", "3S"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {1: mine}), dealer=0)
    state = advance(state.play("AS"), 1)
    assert state.why_illegal("2S") is None
    state = advance(state.play("2S"), 1)
    assert state.why_illegal("3S") is None


def test_eights_first_with_start_at_bottom_end(kit):
    # eights-first only gates the upper neighbour; with the start at the bottom end it exists.
    rules = fantan.preset("domino").replace(build_order="eights-first")
    mine = ["QS", "KS", "JS", "10S"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {1: mine}), dealer=0)
    state = advance(state.play("QS"), 1)
    assert state.why_illegal("JS") == "gate-closed"
    state = advance(state.play("KS"), 1)
    assert state.why_illegal("JS") is None


# --- explicit deals ---------------------------------------------------------------------------


def test_explicit_deal_must_fit_the_deck_and_the_dealer(kit):
    rules = fantan.preset("fan-tan").replace(players=5)
    deal = kit.build_deal(rules, {}, dealer=2)
    # 52 cards to 5 seats from dealer 2's left: seats 3 and 4 get the extra cards.
    assert [len(h) for h in deal] == [10, 10, 10, 11, 11]
    state = fantan.new_game(rules, hands=deal, dealer=2)
    assert [len(state.hand(s)) for s in range(5)] == [10, 10, 10, 11, 11]
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=deal, dealer=0)  # the extra cards are in the wrong seats
    twice = [list(h) for h in deal]
    twice[0][0] = twice[1][0]
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=twice, dealer=2)
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=deal[:4], dealer=2)
    short = [list(h) for h in deal]
    short[3].pop()
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=short, dealer=2)
    junk = [list(h) for h in deal]
    junk[0][0] = "ZZ"
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=junk, dealer=2)
    with pytest.raises(ValueError):
        fantan.new_game(rules, hands=deal, dealer=5)
    # Not lists of card codes at all: the same ValueError, with what is wrong.
    for shape, words in ((5, "lists of card codes"), ([1, 2, 3, 4, 5], "hand 0 must be"),
                         ([None] * 5, "hand 0 must be"), ([[7]] * 5, "holds 7, not a card")):
        with pytest.raises(ValueError, match=words):
            fantan.new_game(rules, hands=shape, dealer=2)


def test_explicit_deal_accepts_ten_as_t(kit):
    rules = fantan.preset("fan-tan")
    deal = kit.build_deal(rules, {}, dealer=0)
    spelled = [["T" + c[2:] if c.startswith("10") else c for c in h] for h in deal]
    a = fantan.new_game(rules, hands=deal, dealer=0)
    b = fantan.new_game(rules, hands=spelled, dealer=0)
    assert a == b


def test_seeded_and_explicit_need_one_of_them(kit):
    rules = fantan.preset("fan-tan")
    with pytest.raises((ValueError, TypeError)):
        fantan.new_game(rules)
    # Both: the seed would say nothing of the deal (and was dropped without a word).
    with pytest.raises(ValueError, match="not both"):
        fantan.new_game(rules, seed=5, hands=kit.build_deal(rules, {}))
