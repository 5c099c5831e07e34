"""Passing (forced, limited with elimination) and pass penalties (none, point, chip, card gift)."""

from __future__ import annotations

import random

import pytest

import fantan


def advance(state: fantan.GameState, seat: int) -> fantan.GameState:
    for _ in range(300):
        if state.to_move == seat or state.is_over:
            return state
        state = state.play(state.legal_moves()[0])
    raise AssertionError("seat never got the turn")


def row(state: fantan.GameState, suit: str) -> fantan.Row:
    return next(r for r in state.rows() if r.suit == suit)


# --- forced passing ---------------------------------------------------------------------------


def test_forced_pass_only_without_a_playable_card():
    for seed in range(20):
        state = fantan.new_game(fantan.preset("fan-tan"), seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            if "pass" in moves:
                assert moves == ("pass",)
                seat = state.to_move
                after = state.play("pass")
                assert after.to_move == (seat + 1) % 4
                assert after.hand(seat) == state.hand(seat)
                assert after.rows() == state.rows()
            else:
                assert state.why_illegal("pass") == "must-play"
            state = state.play(rng.choice(moves))


# --- limited passing and elimination ----------------------------------------------------------

# Shichi Narabe: the 7s are on the table. Seat 2 holds nothing playable until late.
SEATS = {
    0: ["8H", "6S", "8S", "6D", "8D", "6C", "8C", "9S", "10S", "JS", "QS", "KS"],
    1: ["9H", "9D", "10D", "JD", "QD", "KD", "9C", "10C", "JC", "QC", "KC", "6H"],
    2: ["QH", "AS", "2S", "3S", "4S", "5S", "AD", "2D", "3D", "4D", "5D", "AC"],
    3: ["10H", "JH", "KH", "AH", "2H", "3H", "4H", "5H", "2C", "3C", "4C", "5C"],
}


def shichi(pass_limit: int) -> fantan.GameState:
    rules = fantan.preset("shichi-narabe").replace(pass_limit=pass_limit)
    return fantan.new_game(rules, hands=[SEATS[s] for s in range(4)], dealer=3)


def test_laid_out_card_joins_the_run_once_the_gap_is_filled():
    # RULES.md: hearts 7-8-9 down and the Q laid out: the 10 is playable, then the J, and only
    # then the K.
    state = shichi(0).play("8H").play("9H")
    assert state.to_move == 2
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert state.history[-1].kind == "eliminated" and state.history[-1].seat == 2
    assert set(state.history[-1].cards) == set(SEATS[2])
    assert state.hand(2) == ()
    hearts = row(state, "H")
    assert hearts.cards == ("7H", "8H", "9H")
    assert hearts.laid_out == ("QH",)
    assert row(state, "S").laid_out == ("AS", "2S", "3S", "4S", "5S")
    assert state.to_move == 3
    # A pass limit of 0: no pass while able to play.
    assert state.legal_moves() == ("10H",)
    assert state.why_illegal("JH") == "not-adjacent"
    assert state.why_illegal("KH") == "not-adjacent"
    state = state.play("10H").play("6S").play("6H")
    assert state.to_move == 3, "the eliminated seat takes no further turns"
    assert state.why_illegal("JH") is None
    assert state.why_illegal("KH") == "not-adjacent"
    state = state.play("JH")
    hearts = row(state, "H")
    assert hearts.cards == ("6H", "7H", "8H", "9H", "10H", "JH", "QH")
    assert hearts.laid_out == ()
    state = state.play("8D").play("9D")
    assert state.to_move == 3
    assert state.why_illegal("KH") is None
    # Play it out: the eliminated seat ranks last with 0 points under placement.
    rng = random.Random(1)
    while not state.is_over:
        assert state.to_move != 2
        state = state.play(rng.choice(state.legal_moves()))
    assert state.result.ranking[-1] == 2
    assert state.result.scores[2] == 0


def test_every_pass_counts_forced_or_not():
    state = shichi(1).play("8H").play("9H")
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")  # forced, but it counts: the limit of 1 is used up
    assert state.history[-1].kind == "pass"
    assert state.observation(0).passes[2] == 1
    state = state.play("10H").play("8S").play("6H")
    assert state.to_move == 2
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert state.history[-1].kind == "eliminated"
    assert 2 in state.observation(0).eliminated


def test_voluntary_passes_until_the_limit():
    state = shichi(3)
    assert state.to_move == 0
    for k in range(3):
        state = advance(state, 0)
        assert "pass" in state.legal_moves() and len(state.legal_moves()) > 1
        assert state.why_illegal("pass") is None
        assert state.observation(1).passes_left[0] == 3 - k
        state = state.play("pass")
        assert state.observation(0).passes[0] == k + 1
        assert state.observation(1).passes_left[0] == 2 - k  # (public: any seat sees it)
    state = advance(state, 0)
    assert "pass" not in state.legal_moves()
    assert state.why_illegal("pass") == "must-play"
    assert state.observation(0).passes_left[0] == 0
    forced = fantan.new_game(fantan.preset("fan-tan"), seed=3)
    assert forced.observation(0).passes_left == (None,) * 4


def test_limited_seek_holder_cannot_pass_and_waiting_passes_count(kit):
    rules = fantan.preset("shichi-narabe").replace(opening="seek", opening_card="7D")
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {2: ["7D", "7S"]}), dealer=0)
    assert state.to_move == 1 and state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert state.to_move == 2
    assert state.legal_moves() == ("7D",)
    assert state.why_illegal("pass") == "must-play"
    state = state.play("7D")
    assert state.observation(3).passes == (0, 1, 0, 0)


def test_limited_holder_cannot_pass_instead_of_the_opening_card(kit):
    rules = fantan.preset("shichi-narabe").replace(opening="holder", opening_card="7D")
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {2: ["7D", "7S"]}), dealer=0)
    assert state.to_move == 2 and state.legal_moves() == ("7D",)
    assert state.why_illegal("pass") == "must-play"
    state = state.play("7D")
    # (once it is down, a seat with passes left may pass while able to play)
    assert state.to_move == 3 and "pass" in state.legal_moves()


def test_limited_seek_waiting_can_eliminate_with_limit_zero(kit):
    rules = fantan.preset("shichi-narabe").replace(
        opening="seek", opening_card="7D", pass_limit=0)
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {2: ["7D"]}), dealer=0)
    state = state.play("pass")
    assert state.history[-1].kind == "eliminated"
    assert state.to_move == 2


def test_all_but_one_eliminated_wins_under_every_scoring(kit):
    # 3 players, pass limit 0; seats 2 and 0 have nothing playable after seat 1's opening.
    for scoring in ("placement", "zero-sum-cards", "penalty-points"):
        rules = fantan.preset("fan-tan").replace(
            players=3, passing="limited", pass_limit=0, scoring=scoring)
        mine = ["7D", "8D", "6D", "9D", "5D", "10D", "4D", "JD", "3D", "QD", "2D", "KD", "AD",
                "7S", "7H", "7C", "6S"]
        deal = kit.build_deal(rules, {1: mine}, dealer=0)
        state = fantan.new_game(rules, hands=deal, dealer=0)
        assert state.to_move == 1
        state = state.play("7D")
        assert state.legal_moves() == ("pass",)
        state = state.play("pass")
        assert state.to_move == 0 and state.legal_moves() == ("pass",)
        state = state.play("pass")
        assert state.is_over
        res = state.result
        assert res.winner == 1
        assert res.ranking[0] == 1
        if scoring == "placement":
            assert res.ranking == (1, 0, 2)  # the earliest eliminated last
            assert res.scores == (1, 2, 0)
        else:
            # Eliminated seats count their laid-out cards as cards left.
            assert res.cards_left == (17, 17, 17)
            if scoring == "zero-sum-cards":
                assert res.scores == (-17, 34, -17)


def test_all_but_one_eliminated_under_chips_and_card_values(kit):
    # As above (seat 1 dealt 18 cards, seats 0 and 2 dealt 17 and eliminated holding them): the
    # last seat in wins, and each eliminated seat's laid-out cards are its cards left.
    expected = {
        # ante 2 for the short hands of 17, and a chip a card laid out: 19 each to the winner;
        # equal scores rank clockwise from the winner
        "chips": ((-19, 38, -19), (1, 2, 0)),
        # seat 0: 2-5, 8-10 and J Q K A of spades (92), 2-6 and 8 of hearts (28); seat 2: the
        # hearts 10 to A (61), the clubs but the 7 (98)
        "face-value": ((120, 0, 159), (1, 0, 2)),
        # the same cards at A 20, J Q K 10, 2-10 1
        "ruter7-values": ((63, 0, 109), (1, 0, 2)),
    }
    for scoring, (scores, ranking) in expected.items():
        rules = fantan.preset("fan-tan").replace(
            players=3, passing="limited", pass_limit=0, scoring=scoring)
        mine = ["7D", "8D", "6D", "9D", "5D", "10D", "4D", "JD", "3D", "QD", "2D", "KD", "AD",
                "7S", "7H", "7C", "6S"]
        deal = kit.build_deal(rules, {1: mine}, dealer=0)
        state = fantan.new_game(rules, hands=deal, dealer=0).play("7D").play("pass").play("pass")
        assert state.is_over
        res = state.result
        assert res.winner == 1 and res.eliminated == (2, 0)
        assert res.cards_left == (17, 17, 17)
        assert res.scores == scores, scoring
        assert res.ranking == ranking, scoring


# --- pass penalties ---------------------------------------------------------------------------


def gift_position(kit, rules, dealer=0):
    """Seat 1 opens with the 7D; seat 2 then holds nothing playable and must pass."""
    blocked = {"6D", "8D", "7S", "7H", "7C"}
    mine = ["7D", "6D", "8D", "7S", "7H", "7C", "2S"]
    deal = kit.build_deal(rules, {1: mine}, dealer=dealer)
    assert not blocked & set(deal[2])
    return fantan.new_game(rules, hands=deal, dealer=dealer)


def test_card_gift_from_the_seat_before_the_passer(kit):
    rules = fantan.preset("ruter-7")
    state = gift_position(kit, rules).play("7D")
    assert state.to_move == 2 and state.legal_moves() == ("pass",)
    before = state
    state = state.play("pass")
    assert state.pending_gift == (1, 2)
    assert state.to_move == 1
    assert state.legal_moves() == tuple("give:" + c for c in state.hand(1))
    assert state.why_illegal("pass") == "must-give"
    assert state.why_illegal("8D") == "must-give"
    assert state.why_illegal("give:" + state.hand(0)[0]) == "not-in-hand"
    card = state.hand(1)[-1]
    state = state.play("give:" + card)
    assert card in state.hand(2) and card not in state.hand(1)
    assert len(state.hand(2)) == len(before.hand(2)) + 1
    assert len(state.hand(1)) == len(before.hand(1)) - 1
    assert state.to_move == 3, "play continues with the seat after the passer"
    assert state.pending_gift is None
    assert state.why_illegal("give:" + state.hand(3)[0]) == "bad-move"
    give = state.history[-1]
    assert (give.kind, give.seat, give.card, give.to) == ("give", 1, card, 2)
    assert state.moves[-1] == "give:" + card
    # The gift card is seen by giver and receiver only.
    for seat in range(4):
        event = state.observation(seat).history[-1]
        assert event.kind == "give" and event.seat == 1 and event.to == 2
        assert event.card == (card if seat in (1, 2) else None)
        d = state.observation(seat).to_dict()["history"][-1]
        assert d["card"] == (card if seat in (1, 2) else None)


def test_card_gift_giver_wraps_round_the_table(kit):
    rules = fantan.preset("ruter-7")
    # Seat 3 opens; seat 0 passes; the seat before seat 0 is seat 3.
    mine = ["7D", "6D", "8D", "7S", "7H", "7C", "2S"]
    deal = kit.build_deal(rules, {3: mine}, dealer=0)
    state = fantan.new_game(rules, hands=deal, dealer=0)
    assert state.to_move == 3
    state = state.play("7D")
    assert state.to_move == 0 and state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert state.pending_gift == (3, 0)
    state = state.play(state.legal_moves()[0])
    assert state.to_move == 1


def test_no_gift_before_the_first_card_is_played(kit):
    rules = fantan.preset("sevens").replace(pass_penalty="card", scoring="penalty-points")
    deal = kit.build_deal(rules, {3: ["7S", "7H", "7D", "7C"]}, dealer=0)
    state = fantan.new_game(rules, hands=deal, dealer=0)
    assert state.legal_moves() == ("pass",)
    state = state.play("pass")
    assert state.pending_gift is None and state.to_move == 2
    state = state.play("pass")
    assert state.pending_gift is None and state.to_move == 3
    # The same under seek.
    rules = fantan.preset("sjuan").replace(pass_penalty="card", scoring="penalty-points")
    deal = kit.build_deal(rules, {3: ["7H"]}, dealer=0)
    state = fantan.new_game(rules, hands=deal, dealer=0).play("pass")
    assert state.pending_gift is None and state.to_move == 2


def _find(rules, wanted, games=400, players=(8, 7, 6, 5)):
    """Random games until ``wanted(before, after)`` holds for a pass; returns that pair."""
    for seed in range(games):
        r = rules.replace(players=players[seed % len(players)])
        state = fantan.new_game(r, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            after = state.play(move)
            if move == "pass" and wanted(state, after):
                return state, after
            state = after
    raise AssertionError("no such position found")


def giver_of(state: fantan.GameState, passer: int, out: set[int]) -> int:
    n = state.players
    for k in range(1, n):
        s = (passer - k) % n
        if s not in out:
            return s
    raise AssertionError


def test_no_gift_while_the_giver_holds_one_card():
    rules = fantan.preset("ruter-7")

    def wanted(before, after):
        passer = before.to_move
        return len(before.hand((passer - 1) % before.players)) == 1

    before, after = _find(rules, wanted)
    passer = before.to_move
    assert after.pending_gift is None
    assert after.to_move == (passer + 1) % before.players
    assert len(after.hand((passer - 1) % before.players)) == 1


def test_gift_giver_skips_seats_out_of_the_hand():
    # Placement keeps the hand going after players go out; the nearest seat still in gives.
    rules = fantan.preset("fan-tan").replace(scoring="placement", pass_penalty="card")

    def wanted(before, after):
        passer = before.to_move
        out = set(before.observation(passer).out)
        return (passer - 1) % before.players in out and after.pending_gift is not None

    before, after = _find(rules, wanted)
    passer = before.to_move
    out = set(before.observation(passer).out)
    giver = giver_of(before, passer, out)
    assert after.pending_gift == (giver, passer)
    assert after.to_move == giver


def test_chip_penalty_and_ante(kit):
    rules = fantan.preset("fan-tan-chips")
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {3: ["7D"]}), dealer=0)
    assert state.observation(0).chips == (1, 1, 1, 1)
    state = state.play("pass").play("pass")
    assert state.observation(0).chips == (1, 2, 2, 1)
    # Five players: 11, 11, 10, 10, 10 dealt from dealer 0's left; the short hands ante 2.
    five = fantan.new_game(rules.replace(players=5), seed=1, dealer=0)
    assert [len(five.hand(s)) for s in range(5)] == [10, 11, 11, 10, 10]
    assert five.observation(2).chips == (2, 1, 1, 2, 2)


def test_point_penalty_counts_passes(kit):
    rules = fantan.preset("points")  # seek 7D, point penalty
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {3: ["7D"]}), dealer=0)
    state = state.play("pass").play("pass")
    obs = state.observation(0)
    assert obs.points == (0, 1, 1, 0)
    assert obs.passes == (0, 1, 1, 0)


@pytest.mark.parametrize("name", ["fan-tan", "sevens", "shichi-narabe"])
def test_no_penalty_means_no_points_or_chips(name):
    state = fantan.new_game(fantan.preset(name), seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        obs = state.observation(0)
        assert set(obs.points) == {0} and set(obs.chips) == {0}


def test_pass_eliminates_says_when_a_pass_would_eliminate() -> None:
    """The page asks the engine whether a pass eliminates, instead of knowing the rule."""
    rules = fantan.preset("shichi-narabe").replace(pass_limit=0)
    for seed in range(200):
        state = fantan.new_game(rules, seed)
        while not state.is_over and state.legal_moves() != ("pass",):
            state = state.play(state.legal_moves()[0])
        if state.is_over:
            continue
        seat = state.to_move
        assert state.pass_eliminates()
        after = state.play("pass")
        assert seat in after.observation(0).eliminated
        return
    raise AssertionError("no forced pass found")


def test_pass_does_not_eliminate_while_passes_are_left() -> None:
    state = fantan.new_game(fantan.preset("shichi-narabe"), 3)
    assert "pass" in state.legal_moves()
    assert not state.pass_eliminates()
    assert not fantan.new_game(fantan.preset("fan-tan"), 3).pass_eliminates()
