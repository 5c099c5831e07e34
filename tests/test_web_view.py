"""The page's view models (web/view.py): seats around the table, the row grid, the hand,
messages from the engine's reasons, the result board and the custom rule axes."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from web_support import catalog, english, render, store, view

import fantan

CAT = english()


def test_seats_go_clockwise_from_the_left_for_every_count() -> None:
    assert view.seat_sides(4) == ["bottom", "left", "top", "right"]
    assert view.seat_sides(3) == ["bottom", "left", "right"]
    for n in range(3, 9):
        sides = view.seat_sides(n)
        assert len(sides) == n and sides[0] == "bottom"
        # left seats come first, then the top, then the right: clockwise
        order = {"left": 0, "top": 1, "right": 2}
        ranks = [order[s] for s in sides[1:]]
        assert ranks == sorted(ranks)
        assert sides.count("left") == sides.count("right") >= 1
    with pytest.raises(ValueError):
        view.seat_sides(9)


def test_card_words_for_both_decks() -> None:
    french = fantan.preset("fan-tan")
    spanish = fantan.preset("cinquillo")
    assert view.card_text(CAT, french, "7D") == "7♦"
    assert view.card_text(CAT, french, "QS") == "Q♠"
    assert view.card_words(CAT, french, "QS") == "queen of spades"
    assert view.card_text(CAT, spanish, "10O") == "sota of oros"  # (English: "of")
    assert view.card_text(CAT, spanish, "11C") == "caballo of copas"
    assert view.card_words(CAT, spanish, "12E") == "rey of espadas"
    assert view.pip(spanish, "B") == "bastos" and view.pip(french, "C") == "club"


def test_the_grid_has_a_fixed_start_column_and_marks_the_ends() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    state = state.play("7D")
    tv = view.table_view(CAT, state.observation(0))
    assert [r.suit for r in tv.rows] == ["S", "H", "D", "C"]
    for rv in tv.rows:
        assert [s.rank for s in rv.slots][0] == "2" and rv.slots[-1].rank == "A"
        assert [s.start for s in rv.slots].index(True) == 5  # the 7s line up
    diamonds = tv.rows[2]
    assert diamonds.is_open and [s.code for s in diamonds.slots if s.filled] == ["7D"]
    assert {s.code for s in diamonds.slots if s.needed} == {"6D", "8D"}
    hearts = tv.rows[1]
    assert not hearts.is_open and hearts.waits_for == "7 of hearts"
    # Once the hand is over, the table shows no card as needed (nobody plays it now).
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    assert any(row.needs for row in state.rows())
    over = view.table_view(CAT, state.observation(0))
    assert not any(s.needed for row in over.rows for s in row.slots)
    assert all(row.waits_for is None for row in over.rows)


def test_spanish_rows_have_ten_slots_starting_at_the_fives() -> None:
    state = fantan.new_game(fantan.preset("cinquillo"), seed=2)
    tv = view.table_view(CAT, state.observation(0))
    assert len(tv.rows[0].slots) == 10
    assert [s.code for s in tv.rows[0].slots if s.start] == ["5O"]
    assert tv.pot == 4 + sum(1 for d in state.observation(0).dealt if d < 9)


def test_the_hand_marks_exactly_the_legal_cards() -> None:
    for name in fantan.PRESETS:
        state = fantan.new_game(fantan.preset(name), seed=3)
        for _ in range(40):
            if state.is_over:
                break
            if state.to_move == 0:
                tv = view.table_view(CAT, state.observation(0))
                legal = set(state.legal_moves())
                for hc in tv.hand:
                    move = ("give:" + hc.code) if tv.giving else hc.code
                    assert hc.playable == (move in legal), (name, hc)
                # (a Pass button only for a pass that is a choice: a card fits as well)
                assert tv.can_pass == ("pass" in legal and any(hc.playable for hc in tv.hand))
            state = state.play(state.legal_moves()[-1])


def test_seats_show_counts_passes_dealer_turn_and_warnings() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=4, dealer=2)
    tv = view.table_view(CAT, state.observation(0))
    assert [s.dealer for s in tv.seats] == [False, False, True, False]
    assert [s.turn for s in tv.seats].index(True) == state.to_move
    assert all(s.cards == 13 and s.passes == 0 and not s.low for s in tv.seats)
    assert tv.seats[0].name == "You" and tv.seats[1].name == "Lina"
    shichi = fantan.new_game(fantan.preset("shichi-narabe"), seed=4)
    assert view.table_view(CAT, shichi.observation(0)).seats[2].passes_left == 3
    # Nearly out: a warning while the hand is played, none on its finished table.
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
        seats = view.table_view(CAT, state.observation(0)).seats
        low = [0 < state.hand_size(s) <= view.LOW_CARDS and not state.is_over
               and s not in state.observation(0).out for s in range(4)]
        assert [s.low for s in seats] == low
    assert any(0 < state.hand_size(s) <= view.LOW_CARDS for s in range(4))


def _explained(state: fantan.GameState, move: str) -> str:
    info = state.explain(move)
    assert info is not None
    return view.reason_message(CAT, state.rules, info)


def test_chips_on_the_badges_move_to_the_pot_and_back_once() -> None:
    match = fantan.new_match(fantan.preset("fan-tan-chips"), 3)
    rng = random.Random(1)
    for _ in range(2):
        before = match.totals
        while True:
            obs = match.state.observation(0)
            tv = view.table_view(CAT, obs, match.totals, match.hand_number, match.hands)
            shown = [s.chips for s in tv.seats]
            assert tv.pot is not None and sum(shown) + tv.pot == sum(before)
            if obs.is_over:
                break
            assert shown == [t - c for t, c in zip(before, obs.chips, strict=True)]
            match = match.play(rng.choice(match.state.legal_moves()))
        # The hand is over: its payout is in the match's totals, counted once; the pot is empty.
        assert shown == list(match.totals) != list(before) and tv.pot == 0
        match = match.next_hand()


def test_refusals_are_worded_from_the_engine_facts() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    first = state.legal_moves()[0]
    hand = state.hand(state.to_move)
    other = next(c for c in hand if c != first)
    assert _explained(state, other) == "The first card of the hand must be the 7♦."
    state = state.play("7D")
    while "8D" not in state.legal_moves() and not state.is_over:
        state = state.play(state.legal_moves()[0])
    seat_hand = state.hand(state.to_move)
    closed = [c for c in seat_hand if c[-1] != "D" and c[:-1] != "7"]
    if closed:
        text = _explained(state, closed[0])
        assert re.fullmatch(r"The . row is not open yet: its 7. comes first\.|"
                            r"The .+ does not touch either end of the . row \(.+–.+\)\.|"
                            r"The .+ does not touch the . row, which holds only its 7. so far\.",
                            text)
    far = [c for c in seat_hand if c[-1] == "D" and c not in state.legal_moves()]
    if far:
        assert re.match(r"The .+ does not touch (either end of )?the ♦ row",
                        _explained(state, far[0]))


def test_a_refusal_that_begins_with_a_card_s_name_begins_with_a_capital() -> None:
    # Norwegian puts the card first; a Spanish card's name is a word, not a sign.
    rules = fantan.preset("cinquillo")
    info = {"reason": "not-adjacent", "card": "1O", "suit": "O", "low": "5O", "high": "6O"}
    text = view.reason_message(catalog("nb"), rules, info)
    assert text.startswith("As de oros passer ikke"), text
    assert text.endswith("(5–6)."), text
    assert view.reason_message(catalog("nb"), rules, info, spoken=True).startswith("As de oros")


def test_a_row_of_its_start_card_alone_is_worded_as_one_card() -> None:
    # Fan Tan: after the 7♦ alone, the 9♦ touches neither end of a row that is one card.
    opened = (fantan.new_game(fantan.preset("fan-tan"), seed=s).play("7D") for s in range(50))
    state = next(st for st in opened if "9D" in st.hand(st.to_move))  # type: ignore[arg-type]
    info = state.explain("9D")
    assert info is not None and info["low"] == info["high"] == "7D"
    assert view.reason_message(CAT, state.rules, info) == (
        "The 9♦ does not touch the ♦ row, which holds only its 7♦ so far.")
    wider = dict(info, high="8D")
    assert view.reason_message(CAT, state.rules, wider) == (
        "The 9♦ does not touch either end of the ♦ row (7–8).")


def test_the_strategy_tips_speak_of_the_rules_own_deck_and_start() -> None:
    tips = view.strategy_tips(CAT, fantan.preset("fan-tan"))
    # (the 7♦ opens: its holder plays it first, never holds it back)
    assert tips[0].startswith("The 7♦ opens the game; each other start card (7) is a gate")
    assert view.strategy_tips(CAT, fantan.preset("sjuan"))[0].startswith("The 7♥ opens")
    assert view.strategy_tips(catalog("it"), fantan.preset("fan-tan"))[0].startswith(
        "Il 7♦ apre il gioco")
    assert tips[1].startswith("6s and 8s are gates")
    assert "holding 9♣, 10♣ and J♣, play the 8♣." in tips[2]
    # Cinquillo starts at the 5s of the Spanish deck, whose 7 is followed by the sota; its 5s
    # are laid down before play, so nobody holds one to open with.
    tips = view.strategy_tips(CAT, fantan.preset("cinquillo"))
    assert not any("Each start card" in t for t in tips)
    assert not any("open a new row" in t for t in tips)  # (no row is left to open)
    assert any("hold back the cards that would let them play on" in t for t in tips)
    assert any("open a new row" in t for t in view.strategy_tips(CAT, fantan.preset("sevens")))
    assert tips[0].startswith("4s and 6s are gates: ")  # (not "too": no tip before it)
    for lang, too in (("de", "Auch"), ("nb", "Også"), ("nl", "Ook"), ("it", "Anche")):
        for preset in ("cinquillo", "shichi-narabe"):
            tips = view.strategy_tips(catalog(lang), fantan.preset(preset))
            assert not any(t.startswith(too) for t in tips), (lang, preset)
        tips = view.strategy_tips(catalog(lang), fantan.preset("fan-tan"))
        assert tips[1].startswith(too), lang
    tips = view.strategy_tips(CAT, fantan.preset("cinquillo"))
    assert tips[1].endswith(
        "holding 7 of bastos, sota of bastos and caballo of bastos, play the 6 of bastos.")
    # Domino: the first card sets the start; before it, the tips say what they take it to be,
    # after it, they speak of it (an ace: a row's end, built one way only).
    tips = view.strategy_tips(CAT, fantan.preset("domino"))
    assert tips[0].startswith("The first card played sets the start rank")
    assert tips[1].startswith("Each start card (7) is a gate")
    tips = view.strategy_tips(CAT, fantan.preset("domino"), "A")
    assert tips[0] == "The first card played set the start rank of every row: A."
    assert tips[1].startswith("Each start card (A) is a gate")
    assert not any(t.startswith(("Ks and 2s", "6s and 8s")) for t in tips)
    assert "holding 3♣, 4♣ and 5♣, play the 2♣." in tips[2]
    tips = view.strategy_tips(CAT, fantan.preset("domino"), "K")
    assert "holding J♣, 10♣ and 9♣, play the Q♣." in tips[2]
    # A start beside a row's end: the neighbour at the end (the A under a 2, the K over a Q)
    # blocks nothing, there being no card beyond it ("As and 3s are gates too: the A blocks
    # everything below it" was said).
    for chosen in ("2", "Q"):
        tips = view.strategy_tips(CAT, fantan.preset("domino"), chosen)
        assert not any("are gates too" in t for t in tips), tips
    tips = view.strategy_tips(CAT, fantan.preset("domino"), "3")
    assert tips[2].startswith("2s and 4s are gates too: the 2 blocks everything below it.")
    # Shichi Narabe: passing is a choice and only the order of going out scores, so neither
    # the passes nor the cards left say what they say elsewhere.
    tips = " ".join(view.strategy_tips(CAT, fantan.preset("shichi-narabe")))
    assert "Watch passes" not in tips and "count against you" not in tips
    # Chips without a chip a card: a loser pays the same whatever it holds.
    chips = fantan.preset("fan-tan-chips")
    assert any("count against you" in t for t in view.strategy_tips(CAT, chips))
    tips = " ".join(view.strategy_tips(CAT, chips.replace(pay_per_card=False)))
    assert "count against you" not in tips and "Watch passes" in tips
    # Eights first plays each row's 8 before its 6: no tip of 6s and 8s as twin gates.
    assert not any(t.startswith("6s and 8s")
                   for t in view.strategy_tips(CAT, fantan.preset("eights-first")))
    # Only where cards count by value, the tip about their values.
    assert any("by value" in t for t in view.strategy_tips(CAT, fantan.preset("ruter-7")))
    assert not any("by value" in t for t in view.strategy_tips(CAT, fantan.preset("fan-tan")))


def test_the_start_a_first_card_chose_is_read_from_the_table() -> None:
    state = fantan.new_game(fantan.preset("domino"), seed=4)
    assert view.chosen_start(state.observation(0)) is None
    card = state.legal_moves()[0]
    state = state.play(card)
    assert view.chosen_start(state.observation(0)) == card[:-1]
    standard = fantan.new_game(fantan.preset("fan-tan"), seed=4).play("7D")
    assert view.chosen_start(standard.observation(0)) is None


def test_every_reason_code_has_a_message() -> None:
    for reason in fantan.REASONS:
        text = view.reason_message(CAT, fantan.preset("fan-tan"),
                                   {"reason": reason, "card": "3H", "suit": "H", "low": "5H",
                                    "high": "9H", "start": "7H", "needs": ["6H", "8H"],
                                    "opening_card": "7D"}, ["Lina"])
        assert text and not text.startswith("reason.") and "{" not in text, reason
    gate = view.reason_message(CAT, fantan.preset("ristiseiska"),
                               {"reason": "gate-closed", "suit": "H", "needs": ["6H", "8H"],
                                "card": "5H"})
    assert gate == "The ♥ row must first take the 6♥ and 8♥."
    # In every language, a gate's card comes first (the Italian said only that the row still
    # lacked it, as if any order would do).
    first = {"de": "zuerst", "nb": "først", "nl": "eerst", "it": "prima"}
    for lang, word in first.items():
        text = view.reason_message(catalog(lang), fantan.preset("eights-first"),
                                   {"reason": "gate-closed", "suit": "S", "needs": ["8S"],
                                    "card": "6S"})
        assert f" {word} " in text and "8" in text, (lang, text)


def test_a_hint_says_why() -> None:
    fan_tan, ruter = fantan.preset("fan-tan"), fantan.preset("ruter-7")
    advice = fantan.ai.Advice

    def said(rules: fantan.Rules, a: fantan.ai.Advice, cat=CAT, spoken: bool = False) -> str:
        return view.hint_text(cat, rules, a.to_dict(), spoken=spoken)

    assert said(fan_tan, advice("8S", "own", cards=("9S", "JS"))) == (
        "Hint: play the 8♠. It leads to your 9♠ and J♠.")
    assert said(fan_tan, advice("8S", "own", cards=("9S",)), spoken=True) == (
        "Hint: play the 8 of spades. It leads to your 9 of spades.")
    assert said(fan_tan, advice("8S", "own", cards=("9S", "JS", "AS"))) == (
        "Hint: play the 8♠. It leads to 3 of your cards.")
    # (spoken, every one is named: a listener does not see them marked in the hand)
    assert said(fan_tan, advice("8S", "own", cards=("9S", "JS", "AS")), spoken=True) == (
        "Hint: play the 8 of spades. It leads to your 9 of spades, jack of spades and ace of"
        " spades.")
    assert said(fan_tan, advice("3S", "block", seat=2)) == (
        "Hint: play the 3♠. Otto is nearly out: this card helps the others least.")
    assert said(ruter, advice("JH", "costly", points=10)) == (
        "Hint: play the J♥. Kept, it would cost you 10 points.")
    assert said(fan_tan, advice("7D", "only")) == (
        "Hint: play the 7♦. It is the only card that fits.")
    assert said(fan_tan, advice("pass", "hold")) == (
        "Hint: pass. Each card that fits would help the others.")
    assert said(fan_tan, advice("give:QS", "far")) == (
        "Hint: give the Q♠. Of your cards, it is the farthest from being played.")
    # No argument: the hint alone (nor for the one card there is to give).
    assert said(fan_tan, advice("6D", "plain")) == "Hint: play the 6♦."
    assert said(fan_tan, advice("give:QS", "only")) == "Hint: give the Q♠."
    assert said(fan_tan, advice("pass", "only")) == "Hint: pass."
    # The language's own number and plural forms.
    de = catalog("de")
    assert said(fan_tan, advice("8S", "own", cards=("9S",)), de) == (
        "Tipp: 8♠ legen. Sie führt zu deiner Karte 9♠.")
    assert said(fan_tan, advice("8S", "own", cards=("9S", "JS")), de) == (
        "Tipp: 8♠ legen. Sie führt zu deinen Karten 9♠ und B♠.")
    assert said(fan_tan, advice("pass", "hold"), de) == (
        "Tipp: passen. Jede spielbare Karte würde den anderen helfen.")
    assert said(ruter, advice("5H", "costly", points=1), catalog("it")) == (
        "Consiglio: gioca la carta 5♥. Se la tieni, ti costa 1 punto.")
    # What Hard's search found, where the hint rests on it alone: the deals played out and the
    # next best move, with the lead rounded in the language's way; or that none did better.
    found = advice("6S", "search", worlds=200, rival="8D", gain=0.66)
    assert said(fan_tan, found) == (
        "Hint: play the 6♠. In 200 trial deals: 0.7 points better on average than the 8♦.")
    assert said(fan_tan, found, spoken=True).endswith("than the 8 of diamonds.")
    assert said(fan_tan, found, de) == (
        "Tipp: 6♠ legen. In 200 Probespielen: im Schnitt 0,7 Punkte besser als 8♦.")
    assert said(fan_tan, advice("pass", "search", worlds=1200, rival="5C", gain=1.04),
                catalog("nl")) == (
        "Tip: pas. In 1.200 proefspellen: gemiddeld 1,0 punten beter dan de 5♣.")
    assert said(fan_tan, advice("5C", "search", worlds=200, rival="pass", gain=2.5)).endswith(
        "2.5 points better on average than passing.")
    assert said(fantan.preset("fan-tan-chips"), found).endswith(
        "0.7 chips better on average than the 8♦.")
    assert said(fan_tan, advice("give:QS", "search", worlds=200, rival="give:3H", gain=0.2),
                catalog("it")) == (
        "Consiglio: dai la carta Q♠. In 200 partite di prova: in media 0,2 punti meglio della "
        "carta 3♥.")
    assert said(fan_tan, advice("6S", "search", worlds=200)) == (
        "Hint: play the 6♠. In 200 trial deals, nothing else did clearly better.")
    assert said(fan_tan, advice("6S", "search")) == (
        "Hint: play the 6♠. It did best when the hand was played out.")
    # Every argument in every language: a sentence after the hint, no raw id or placeholder.
    for language in ("en", "de", "nb", "nl", "it"):
        cat = catalog(language)
        hint = cat.t("msg.hint", card=view.card_text(cat, fan_tan, "8S"))
        for kind in fantan.ai.advice.KINDS:
            for worlds, rival in ((0, None), (200, None), (200, "9S"), (200, "pass")):
                a = advice("8S", kind, cards=("9S", "JS", "AS")[:2], seat=1, points=10,
                           worlds=worlds, rival=rival, gain=0.5)
                text = said(fan_tan, a, cat)
                assert text.startswith(hint), (language, kind)
                why = text[len(hint):]
                assert (why == "") == (kind == "plain"), (language, kind, text)
                assert "msg." not in text and "{" not in text, (language, kind, text)
                assert not why or why.startswith(" ") and why[1].isupper(), (
                    language, kind, text)


def test_result_board_reveals_hands_and_totals() -> None:
    match = fantan.new_match(fantan.preset("sjueren"), seed=5)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    rv = view.results_view(CAT, match)
    result = match.state.result
    assert result is not None
    assert [line.seat for line in rv.lines] == list(result.ranking)
    for line in rv.lines:
        assert line.held == match.state.hand(line.seat)
        assert line.cards_left == result.cards_left[line.seat]
        assert line.total == match.totals[line.seat]
    assert rv.has_next and not rv.match_over and rv.lower_better
    assert rv.spoken == rv.headline


def test_after_a_match_a_screen_reader_hears_the_hand_s_winner_too(kit) -> None:
    match = played_out(kit, "domino", 2, 3)
    rv = view.results_view(CAT, match)
    result = match.state.result
    assert result is not None and rv.match_over
    hand = "You win the hand!" if result.winner == 0 else (
        f"{view.seat_name(CAT, result.winner)} wins the hand.")
    assert rv.spoken == f"{hand} {rv.headline}" and "match" in rv.headline
    # The board's table is the last hand's: its caption names that hand's winner, the row with
    # the star, under the headline that names the match's.
    assert rv.hand_line == hand
    html = render.results(CAT, match.rules, rv)
    assert f'<caption><span aria-hidden="true">★</span> {hand}</caption>' in html
    winner = re.search(r'<tr data-seat="(\d)" class="winner">', html)
    assert winner is not None and int(winner.group(1)) == result.winner
    # A hand of a match still going on has no caption: its headline is the hand's.
    first = fantan.new_match(fantan.preset("domino").replace(match_hands=2), 3)
    while not first.state.is_over:
        first = first.play(first.state.legal_moves()[0])
    assert "<caption>" not in render.results(CAT, first.rules, view.results_view(CAT, first))


def played_out(kit, preset: str, hands: int, seed: int) -> fantan.Match:
    """A match played to its end, every seat taking its first legal move."""
    return kit.play_through(
        fantan.new_match(fantan.preset(preset).replace(match_hands=hands), seed))[0]


CARDS_LEFT = "Level ({}): fewer cards left in the last hand decides."
PLACE = "Level ({}): the better place in the last hand decides."
SEAT = ("Level, in the last hand too ({}): the order round the table, starting from you, "
        "decides.")


@pytest.mark.parametrize(("preset", "players", "seed", "level", "notes"), [
    ("fan-tan", 4, 6, [1, 3], [CARDS_LEFT]),
    ("shichi-narabe", 4, 1, [1, 3], [PLACE]),
    ("cinquillo", 4, 145, [1], [SEAT]),
    ("fan-tan", 4, 1, [3], [CARDS_LEFT]),
    ("fan-tan", 5, 3, [1, 3], [CARDS_LEFT, SEAT]),
])
def test_a_match_level_on_points_says_what_decided_it_and_for_whom(
        kit, preset: str, players: int, seed: int, level: list[int], notes: list[str]) -> None:
    # Seats level on points, at the top of the standings or lower down: the note names them
    # and says what put one ahead of the other.
    hands = 3 if preset == "cinquillo" else 2
    rules = fantan.preset(preset).replace(match_hands=hands, players=players)
    match = kit.play_through(fantan.new_match(rules, seed))[0]
    rv = view.results_view(CAT, match)
    assert [k for k, (a, b) in enumerate(itertools.pairwise(rv.standings), 1)
            if match.totals[a] == match.totals[b]] == level
    names = [f"{view.seat_name(CAT, rv.standings[k - 1], in_text=True)} and "
             f"{view.seat_name(CAT, rv.standings[k], in_text=True)}" for k in level]
    if len(notes) < len(names):  # (one tie-break for both: one note, naming both pairs)
        names = ["; ".join(names)]
    assert rv.tie_note == " ".join(note.format(who) for note, who in zip(notes, names,
                                                                         strict=True))
    # Otherwise, nothing to say.
    clear = played_out(kit, "fan-tan", 2, 2)
    assert len(set(clear.totals)) == len(clear.totals)
    assert view.results_view(CAT, clear).tie_note == ""


def test_custom_axes_offer_only_what_the_engine_accepts_and_say_why() -> None:
    rules = fantan.preset("fan-tan")
    penalty = {o.value: o for o in view.axis_options(CAT, rules, "pass_penalty")}
    assert penalty["none"].allowed and penalty["card"].allowed
    assert not penalty["chip"].allowed
    assert penalty["chip"].why == "A chip for a pass needs the scoring with chips and a pot."
    assert penalty["point"].why == (
        "A penalty point for a pass needs a scoring in penalty points: per card left, or by"
        " the values of the cards left.")
    # Refused on the other side, under a scoring that a penalty point in play rules out, the
    # note says what to change: the pass's cost (it spoke of "penalty points", a scoring).
    sjueren = {o.value: o for o in view.axis_options(CAT, fantan.preset("sjueren"), "scoring")}
    assert not sjueren["zero-sum-cards"].allowed
    assert sjueren["zero-sum-cards"].why.startswith("A penalty point for a pass needs")
    # The Spanish deck takes the ace low along (its rows run 1 to 12), and the opening card
    # into one of its suits.
    decks = {o.value: o for o in view.axis_options(CAT, rules, "deck")}
    assert decks["spanish40"].allowed
    spanish = view.change(rules, "deck", "spanish40")
    assert isinstance(spanish, fantan.Rules)
    assert (spanish.deck, spanish.ace, spanish.opening_card) == ("spanish40", "low", "7O")
    # The ace alone cannot go high under a Spanish deck: refused, with the reason.
    aces = {o.value: o for o in view.axis_options(CAT, spanish, "ace")}
    assert not aces["high"].allowed and "Spanish" in aces["high"].why
    # (and the low ace is named by the Spanish row, which has no K: 1 to 12)
    assert aces["low"].label == "Low (1 to 12)"
    assert view.axis_label(catalog("it"), spanish, "ace", "low") == "Basso (da 1 a 12)"
    assert view.axis_label(CAT, rules, "ace", "low") == "Low (A to K)"
    # Under card values, the Spanish deck is refused for what stands in the way once the
    # opening card has moved along: the values, not the 7♦ it lacks.
    points = {o.value: o for o in view.axis_options(CAT, fantan.preset("points"), "deck")}
    assert points["spanish40"].why == "Card values exist for the French deck only."
    cards = [o.value for o in view.axis_options(CAT, rules, "opening_card")]
    assert cards == ["7S", "7H", "7D", "7C"]
    # An opening card kept while it opens nothing (any start card opens) goes along to the
    # Spanish deck too; with the start rank chosen by the first card, none is named.
    anyone = view.change(rules, "opening", "any-start")
    assert isinstance(anyone, fantan.Rules)
    spanish = view.change(anyone, "deck", "spanish40")
    assert isinstance(spanish, fantan.Rules) and spanish.opening_card == "7O"
    chosen = view.change(spanish, "start_rank", "chosen")
    assert isinstance(chosen, fantan.Rules)
    for lang in ("en", "de", "it"):
        labels = [o.label for o in view.axis_options(catalog(lang), chosen, "opening_card")]
        assert labels == ["—"]
    assert [o.label for o in view.axis_options(CAT, spanish, "opening_card")] == [
        "7 of oros", "7 of copas", "7 of espadas", "7 of bastos"]
    for name, preset in fantan.PRESETS.items():
        for axis in view.AXES:
            for option in view.axis_options(CAT, preset, axis):
                assert option.allowed or option.why, (name, axis, option)


def test_a_card_of_ours_is_played_or_given_as_the_engine_takes_it() -> None:
    # Ruter 7, played on until we owe a card: our cards are gifts then, else plays.
    state = fantan.new_game(fantan.preset("ruter-7"), seed=1)
    while state.pending_gift is None or state.pending_gift[0] != 0:
        state = state.play(state.legal_moves()[0])
    card = state.hand(0)[0]
    assert view.move_of(state.pending_gift, 0, card) in state.legal_moves()
    assert view.move_of(state.pending_gift, 1, card) == card
    assert view.move_of(None, 0, card) == card
    assert [view.card_of(m) for m in ("pass", "give:8S", "10H")] == [None, "8S", "10H"]


def test_the_new_game_screens_form_reads_back_every_rule_value() -> None:
    # (a pass limit is a number, a yes or no a bool, a card its code: as the engine takes them)
    for rules in fantan.PRESETS.values():
        for axis in view.AXES:
            for value in view.axis_values(rules, axis):
                assert view.axis_choice(rules, axis, view.form_value(value)) == value
                assert type(view.axis_choice(rules, axis, view.form_value(value))) is type(value)
    shichi = fantan.preset("shichi-narabe")
    assert view.axis_choice(shichi, "pass_limit", "2") == 2
    assert view.axis_choice(shichi, "winner_leads_next", "true") is True
    for axis, text in (("pass_limit", "99"), ("pass_limit", "two"), ("deck", "tarot"),
                       ("colour", "red"), ("opening_card", "7X")):
        assert view.axis_choice(shichi, axis, text) is None


def test_the_new_game_screen_opens_on_the_game_in_play() -> None:
    settings = dict(store.DEFAULT_SETTINGS, preset="fan-tan", players=4, match=None)
    # A link's game: Sjueren of 5 players and 7 hands (this tab's settings say otherwise).
    sjueren = fantan.preset("sjueren")
    draft = view.setup_draft(sjueren.replace(players=5, match_hands=7), settings, "hard")
    assert draft == {"preset": "sjueren", "rules": sjueren.replace(players=5),
                     "level": "hard", "match": 7, "custom": None}
    # Its own length: "as the game says"; one no screen offers: this tab's setting.
    assert view.setup_draft(sjueren, settings, "easy")["match"] is None
    assert view.setup_draft(sjueren.replace(match_hands=60), dict(settings, match=3),
                            "easy")["match"] == 3
    # Custom rules keep the length they were made with (in the settings).
    custom = fantan.preset("fan-tan").replace(build_order="eights-first", match_hands=2)
    kept = dict(settings, preset="custom", custom=custom.to_dict())
    draft = view.setup_draft(custom.replace(match_hands=9), kept, "medium")
    assert (draft["preset"], draft["rules"], draft["match"]) == ("custom", custom, 9)
    # No game in play: the settings.
    draft = view.setup_draft(None, dict(settings, preset="domino", players=6, match=4), "easy")
    assert draft["preset"] == "domino" and draft["match"] == 4
    assert draft["rules"] == fantan.preset("domino").replace(players=6, match_hands=4)


def test_the_players_own_rules_come_back_after_another_game_is_looked_at() -> None:
    # On the new-game screen: Custom starts from the game looked at last; the player's own
    # rules, once set, are kept aside while a preset is looked at (they were replaced by it),
    # with as many players as chosen meanwhile.
    draft = {"preset": "fan-tan", "rules": fantan.preset("fan-tan").replace(players=5),
             "level": "medium", "match": None, "custom": None}
    custom = view.pick_game(draft, "custom")
    assert custom["rules"] == draft["rules"] and custom["preset"] == "custom"
    own = view.change(custom["rules"], "build_order", "six-and-eight-first")
    assert isinstance(own, fantan.Rules) and view.preset_of(own) is None
    custom["rules"] = own
    sjueren = view.pick_game(custom, "sjueren")
    assert sjueren["rules"] == fantan.preset("sjueren").replace(players=5)
    assert sjueren["custom"] == own
    domino = view.pick_game({**sjueren, "rules": sjueren["rules"].replace(players=7)},
                            "domino")
    assert domino["rules"] == fantan.preset("domino").replace(players=7)
    again = view.pick_game(domino, "custom")
    assert again["rules"] == own.replace(players=7) and again["preset"] == "custom"
    assert (again["level"], again["match"]) == ("medium", None)
    # (Custom chosen again while it is chosen changes nothing)
    assert view.pick_game(again, "custom")["rules"] == again["rules"]


def test_a_deck_changed_and_changed_back_brings_the_opening_card_back() -> None:
    # The opening card goes to its counterpart suit in the other deck (diamonds and oros,
    # hearts and copas, spades and espadas, clubs and bastos), and back: it drifted to the
    # first suit (7♥ to the 7 of oros, then to 7♠), so that rules played like a preset's were
    # named custom.
    back_again = 0
    for name, preset in fantan.PRESETS.items():
        for card in [o.value for o in view.axis_options(CAT, preset, "opening_card")
                     if o.allowed]:
            rules = view.change(preset, "opening_card", card)
            assert isinstance(rules, fantan.Rules), (name, card)
            spanish = rules.deck == "spanish40"
            other = view.change(rules, "deck", "french52" if spanish else "spanish40")
            if isinstance(other, fantan.RulesError):
                continue
            suits = view.FRENCH_SUIT if spanish else view.SPANISH_SUIT
            assert other.opening_card[-1] == suits[card[-1]], (name, card)
            back = view.change(other, "deck", rules.deck)
            assert isinstance(back, fantan.Rules) and back.opening_card == card, (name, card)
            again = view.change(back, "ace", rules.ace)
            assert again == rules, (name, card)
            if rules == preset:
                assert view.preset_of(again) == name
                back_again += 1
    assert back_again >= 5
    assert {s: f for f, s in view.SPANISH_SUIT.items()} == view.FRENCH_SUIT
    assert sorted(view.SPANISH_SUIT) == sorted(fantan.deck_for("french52", "high").suits)
    assert sorted(view.FRENCH_SUIT) == sorted(fantan.deck_for("spanish40", "low").suits)


def test_presets_are_recognised_and_described() -> None:
    for name, rules in fantan.PRESETS.items():
        assert view.preset_of(rules.replace(players=5)) == name
        assert CAT.has(f"preset.{name}") and CAT.has(f"preset.{name}.desc")
        text = view.rules_text(CAT, rules)
        assert all(line and "{" not in line for line in text)
        tips = view.strategy_tips(CAT, rules)
        # (the tips that apply: at least the general ones, every placeholder filled)
        assert len(tips) >= 4 and all(t and "{" not in t for t in tips)
    assert view.preset_of(fantan.preset("fan-tan").replace(build_order="eights-first")) is None


def test_a_finished_shichi_narabe_hand_gives_every_seat_left_its_place() -> None:
    # The last seat left in (ours, here) had no place on its badge though the board ranked it;
    # and a seat with its place said "no passes left", a warning with nothing left to warn of.
    for seed in range(1, 40):
        state = fantan.new_game(fantan.preset("shichi-narabe").replace(players=6), seed=seed)
        while not state.is_over:
            state = state.play(state.legal_moves()[-1 if state.to_move else 0])
        result = state.result
        assert result is not None
        if 0 not in state.observation(0).out and 0 not in state.observation(0).eliminated:
            break
    tv = view.table_view(CAT, state.observation(0))
    ours = tv.seats[0]
    assert ours.place == result.ranking.index(0) + 1
    for sv in tv.seats:
        assert sv.eliminated or sv.place == result.ranking.index(sv.seat) + 1
        if sv.place is not None:
            assert 'class="passes' not in render.seat(CAT, sv)


def test_the_start_rank_a_first_card_chose_is_said_all_hand() -> None:
    # French Domino: once the rows' start cards are covered, nothing on the table showed the
    # rank they start at; the line over the rows says it for the rest of the hand.
    state = fantan.new_game(fantan.preset("domino"), seed=4)
    before = view.table_view(CAT, state.observation(0))
    assert before.free_first and before.chosen_start is None
    first = next(m for m in state.legal_moves() if m.startswith("Q"))
    state = state.play(first)
    tv = view.table_view(CAT, state.observation(0))
    assert not tv.free_first and tv.chosen_start == "Q"
    # (the letter for the eyes; a screen reader hears the rank's name, not a letter)
    info = render.info(CAT, tv, "medium")
    assert '<span aria-hidden="true">Rows start at Q</span>' in info
    assert '<span class="sr-only">Rows start at queen</span>' in info
    german = view.table_view(catalog("de"), state.observation(0))
    assert (german.chosen_start, german.chosen_start_name) == ("D", "Dame")
    fixed = view.table_view(CAT, fantan.new_game(fantan.preset("fan-tan"), seed=4).observation(0))
    assert fixed.chosen_start is None and "Rows start" not in render.info(CAT, fixed, "easy")


def test_the_rules_page_says_nothing_of_a_rule_that_changes_nothing() -> None:
    # Who leads the next hand, in a match of one hand: the page does not say the winner will.
    leads = "The winner of a hand leads the next one."
    points = fantan.preset("points")
    assert leads in view.rules_text(CAT, points)
    one = view.rules_text(CAT, points.replace(match_hands=1))
    assert "A match is a single hand." in one and leads not in one
    assert leads not in view.rules_text(CAT, fantan.preset("fan-tan").replace(
        winner_leads_next=True, match_hands=3))  # (the 7♦'s holder leads every hand)
    # Each loser's chip per card, said under chips scoring only.
    per_card = "Each loser also pays the winner a chip per card left."
    assert per_card in view.rules_text(CAT, fantan.preset("fan-tan-chips"))
    assert per_card not in view.rules_text(CAT, fantan.preset("fan-tan").replace(
        pay_per_card=True))
    # Every preset and every idle field in every combination: the page agrees with the engine.
    for rules in fantan.PRESETS.values():
        for hands in (1, 3):
            r = rules.replace(match_hands=hands)
            text = view.rules_text(CAT, r)
            assert (leads in text) == (r.winner_leads_next
                                       and "winner_leads_next" not in r.idle_fields())


def test_the_title_names_the_rule_system_in_play() -> None:
    assert view.game_name(CAT, None) == "Sevens"  # before a game is dealt
    assert view.game_name(CAT, fantan.preset("fan-tan").replace(players=6)) == "Sevens"
    assert view.game_name(CAT, fantan.preset("cinquillo").replace(match_hands=3)) == "Cinquillo"
    custom = fantan.preset("fan-tan").replace(build_order="eights-first")
    assert view.game_name(CAT, custom) == "Custom rules"
    assert view.game_name(catalog("it"), fantan.preset("ruter-7")) == "Ruter 7"
    assert view.game_name(catalog("de"), custom) != "Custom rules"
    # Beside the title, a name that begins with it adds only the rest.
    chips = fantan.preset("fan-tan-chips")
    assert view.title_words(CAT, chips) == ("with chips", "Fan Tan with chips")
    assert view.title_words(catalog("de"), chips) == ("mit Chips", "Fan Tan mit Chips")
    assert view.title_words(CAT, fantan.preset("sjuan")) == ("Sjuan", "Fan Tan · Sjuan")
    # On a phone: the standard game is "Fan Tan", a name going on from the title keeps it, the
    # others stand alone.
    assert view.phone_title(CAT, None) == "standard"
    assert view.phone_title(CAT, fantan.preset("fan-tan").replace(players=5)) == "standard"
    assert view.phone_title(catalog("nb"), chips) == "branded"
    assert view.phone_title(CAT, fantan.preset("sjuan")) == ""
    assert view.phone_title(CAT, custom) == ""


def test_the_new_game_screen_starts_from_the_game_s_own_match_length() -> None:
    # A match of 10 hands chosen over the preset's own length (one hand per player).
    ruter = fantan.preset("ruter-7")
    played = ruter.replace(match_hands=10)
    assert view.own_match_length(played, None) == ruter
    # Custom rules keep their own length (kept in the settings), not the chosen 10.
    custom = fantan.preset("fan-tan").replace(build_order="eights-first", match_hands=3)
    assert view.preset_of(custom) is None
    assert view.own_match_length(custom.replace(match_hands=10), custom.to_dict()) == custom
    assert view.own_match_length(custom, None) == custom


def test_the_rules_page_counts_optional_passes_in_words_that_fit() -> None:
    shichi = fantan.preset("shichi-narabe")
    it = catalog("it")
    lines = {k: view.rules_text(CAT, shichi.replace(pass_limit=k)) for k in (0, 1, 3)}
    assert "You may pass even when a card fits, 3 times in a hand." in " ".join(lines[3])
    assert "You may pass even when a card fits, once in a hand." in " ".join(lines[1])
    assert "You may not pass while a card fits" in " ".join(lines[0])
    assert not any("may pass" in line for line in lines[0])
    assert "una volta per mano" in " ".join(view.rules_text(it, shichi.replace(pass_limit=1)))
    # Every pass counts towards the limit, one made with nothing that fits too (RULES.md).
    assert "A pass with nothing that fits counts too." in " ".join(lines[3])
    # A pass while the opening card is sought counts too (RULES.md): said where one is sought,
    # as the engine counts it.
    seek = shichi.replace(opening="seek", opening_card="7D")
    waiting = "Each pass while waiting for the 7♦ counts too."
    assert waiting in view.rules_text(CAT, seek)
    assert waiting not in " ".join(lines[3]) + " ".join(
        view.rules_text(CAT, seek.replace(passing="forced", pass_limit=3)))
    # With no passes allowed there is nothing to count: whoever waits drops out, and says so.
    none = " ".join(view.rules_text(CAT, seek.replace(pass_limit=0)))
    assert waiting not in none
    assert ("That holds while waiting for the 7♦ too: whoever is to play without it drops out."
            in none)
    strict = seek.replace(pass_limit=0)
    state = next(s for s in (fantan.new_game(strict, seed=n) for n in range(40))
                 if "7D" not in s.hand(s.to_move))
    seat = state.to_move
    assert seat in state.play("pass").observation(seat).eliminated
    state = next(s for s in (fantan.new_game(seek, seed=n) for n in range(40))
                 if "7D" not in s.hand(s.to_move))
    assert state.legal_moves() == ("pass",) and not state.moves
    assert state.play("pass").passes[state.to_move] == 1


def test_the_rules_page_deals_what_is_left_of_the_deck_once_the_start_cards_are_out() -> None:
    whole = "The whole deck is dealt"
    for name in ("shichi-narabe", "cinquillo"):  # their start cards are taken from the deck
        text = view.rules_text(CAT, fantan.preset(name))
        assert text[1].startswith("The start cards are laid out on the table first; the rest"), (
            name, text)
        assert not any(whole in line for line in text)
    assert view.rules_text(CAT, fantan.preset("fan-tan"))[1].startswith(whole)
    # Laid out by their holders from a whole deal: said, with what it does to the hands.
    hands = view.rules_text(CAT, fantan.preset("shichi-narabe").replace(preplaced_from="hands"))
    assert hands[1].startswith(whole) and hands[1].endswith(
        "then whoever holds a start card lays it on the table, so some hands begin shorter.")
    # Dropping out under a scoring of cards: the cards laid out count as held (RULES.md).
    out = "A player who drops out scores the cards they laid out as if still held."
    assert out not in view.rules_text(CAT, fantan.preset("shichi-narabe"))  # (placement)
    assert out in view.rules_text(CAT, fantan.preset("shichi-narabe").replace(
        scoring="face-value"))
    assert out not in view.rules_text(CAT, fantan.preset("fan-tan"))  # (forced passing)
    # A card penalty: no card while the giver holds only one (a gift never ends a hand).
    ruter = " ".join(view.rules_text(CAT, fantan.preset("ruter-7")))
    assert "one card of their choice (none while they hold only one)." in ruter
    # Where a pass can come before the first card (here, while the 7♦ is sought), none is
    # given for it: said, as the engine plays it.
    seek = fantan.preset("ruter-7").replace(opening="seek")
    said = " ".join(view.rules_text(CAT, seek))
    assert "(none while they hold only one, nor for a pass before the first card is played)" in said
    state = next(s for s in (fantan.new_game(seek, seed=n) for n in range(40))
                 if s.legal_moves() == ("pass",))
    after = state.play("pass")
    assert after.pending_gift is None and not any(e.kind == "play" for e in after.history)
    # Under optional passes, the opening card's holder may not pass instead of playing it.
    limited = fantan.preset("shichi-narabe").replace(opening="seek", preplaced_from="deck")
    line = "Whoever holds the 7♦ plays it at their turn instead of passing."
    assert line in view.rules_text(CAT, limited)
    assert line not in view.rules_text(CAT, limited.replace(pass_limit=0))
    assert line not in view.rules_text(CAT, fantan.preset("shichi-narabe"))
    holder = next(s for s in (fantan.new_game(limited, seed=n) for n in range(40))
                  if "7D" in s.legal_moves())
    assert holder.legal_moves() == ("7D",)


def test_no_card_for_a_pass_before_the_first_card_is_played_with_the_start_cards_down() -> None:
    # With the start cards laid out before play, the rules page said no card was given for a
    # pass "before the first card is down": every start card is down before anyone moves, yet
    # the engine gives none until a card has been played.
    rules = fantan.preset("cinquillo").replace(pass_penalty="card")
    said = " ".join(view.rules_text(CAT, rules))
    assert "nor for a pass before the first card is played)" in said
    assert "is down" not in said
    state = next(s for s in (fantan.new_game(rules, seed=n) for n in range(40))
                 if s.legal_moves() == ("pass",))
    assert state.observation(0).table_mask  # (the start cards)
    assert state.play("pass").pending_gift is None
    for language in ("de", "nb", "nl", "it"):
        other = " ".join(view.rules_text(catalog(language), rules))
        assert "{" not in other and other != said, language


def test_a_card_for_a_pass_comes_from_the_nearest_seat_still_in_under_placement() -> None:
    # Play goes on past the first player out: the seat before the passer may be out, and the
    # card then comes from the nearest seat before it that is still in, as the page says.
    rules = fantan.preset("fan-tan").replace(pass_penalty="card", scoring="placement")
    line = ("A player who has gone out gives no card: the nearest player before you still in "
            "the hand gives it.")
    assert line in view.rules_text(CAT, rules)
    assert line not in view.rules_text(CAT, rules.replace(scoring="zero-sum-cards"))
    found = 0
    for seed in range(60):
        state = fantan.new_game(rules, seed=seed)
        # (random moves: a player always giving on the card the next one needs, as the first
        # move in hand order may, could keep a hand going for ever)
        rng = random.Random(seed)
        while not state.is_over:
            if state.pending_gift is not None:
                giver, passer = state.pending_gift
                before = (passer - 1) % rules.players
                if before in state.observation(0).out:
                    assert giver != before
                    assert all(s in state.observation(0).out
                               for s in range(before, giver, -1))
                    found += 1
            state = state.play(rng.choice(state.legal_moves()))
    assert found


def test_the_rules_page_says_how_a_hand_ends_when_players_drop_out() -> None:
    # Under optional passes, the page told how a player drops out but not that a hand also
    # ends, and is won, when all the others have dropped out (whatever the last one holds),
    # nor where the players who drop out finish under placement.
    last = ("If all the others drop out, the last player left wins the hand, whatever they "
            "still hold.")
    rank = "Players who drop out rank below all the others, the first to drop out last."
    strict = fantan.preset("fan-tan").replace(opening="seek", passing="limited", pass_limit=0)
    assert last in view.rules_text(CAT, strict) and rank not in view.rules_text(CAT, strict)
    assert last not in view.rules_text(CAT, fantan.preset("fan-tan"))  # (forced passing)
    shichi = fantan.preset("shichi-narabe")
    assert rank in view.rules_text(CAT, shichi) and last not in view.rules_text(CAT, shichi)
    state = fantan.new_game(strict, seed=0)  # (no seat left of the dealer holds the 7♦)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    result = state.result
    assert result is not None
    obs = state.observation(0)
    assert not obs.out and len(obs.eliminated) == strict.players - 1
    assert state.hand(result.winner) and result.scores[result.winner] > 0
    for seed in range(40):
        ranked = fantan.new_game(shichi.replace(pass_limit=0), seed=seed)
        while not ranked.is_over:
            ranked = ranked.play(ranked.legal_moves()[-1])
        out = ranked.observation(0)
        if len(out.eliminated) >= 2:
            break
    assert ranked.result is not None and len(out.eliminated) >= 2
    assert ranked.result.ranking[-len(out.eliminated):] == tuple(reversed(out.eliminated))
    for language in ("de", "nb", "nl", "it"):
        cat = catalog(language)
        assert cat.t("rules.out-last") in view.rules_text(cat, strict), language
        assert cat.t("rules.out-placement") in view.rules_text(cat, shichi), language


def test_without_passes_a_player_to_open_with_no_start_card_drops_out() -> None:
    # Any start card opens, no passes allowed: the opening line says a player without a start
    # card passes, but the engine drops them out; the page says so, as it does for a sought
    # opening card.
    rules = fantan.preset("sevens").replace(passing="limited", pass_limit=0)
    line = ("That holds before a row is open too: whoever is to play without a start card "
            "drops out.")
    assert line in view.rules_text(CAT, rules)
    assert line not in view.rules_text(CAT, rules.replace(pass_limit=1))
    assert line not in view.rules_text(CAT, fantan.preset("domino").replace(
        passing="limited", pass_limit=0, pass_penalty="none"))  # (any first card opens)
    state = next(s for s in (fantan.new_game(rules, seed=n) for n in range(40))
                 if not s.legal_moves() or s.legal_moves() == ("pass",))
    seat = state.to_move
    assert seat in state.play("pass").observation(seat).eliminated


def test_the_spanish_row_is_said_with_the_numbers_its_cards_and_tips_show() -> None:
    # The tips and the cards' corners say 10 for the sota ("6s and 10s are gates"); the row
    # was said in names alone ("1 to 7, then sota, caballo, rey").
    spanish = fantan.preset("cinquillo").replace(start_rank="7", opening_card="7O")
    assert any("6s and 10s are gates" in t for t in view.strategy_tips(CAT, spanish))
    assert ("Spanish deck: oros, copas, espadas, bastos; a row runs 1 to 7, then sota (10), "
            "caballo (11), rey (12).") in view.rules_text(CAT, spanish)
    for language in ("de", "nb", "nl", "it"):
        cat = catalog(language)
        line = cat.t("rules.spanish")
        assert all(f"{view.rank_name(cat, spanish, r)} ({r})" in line
                   for r in ("10", "11", "12")), language


def test_cards_in_each_language_use_its_own_names() -> None:
    french, spanish = fantan.preset("fan-tan"), fantan.preset("cinquillo")
    de, nb, nl, it = (catalog(lang) for lang in ("de", "nb", "nl", "it"))
    assert view.card_words(de, french, "7D") == "Karo 7"
    assert view.card_words(de, french, "QS") == "Pik Dame"
    assert view.card_text(de, french, "JC") == "B♣"
    assert de.t("card.playable", card=view.card_words(de, french, "7D")) == "Karo 7, spielbar"
    assert view.card_words(nb, french, "KH") == "hjerter konge"
    assert view.card_text(nb, french, "7D") == "♦7"  # as Norwegian rule texts write it
    assert view.card_words(nl, french, "AC") == "klaveren aas"
    assert view.card_words(it, french, "7D") == "7 di quadri"
    assert view.card_words(it, french, "QS") == "regina di picche"
    # The Spanish deck keeps its Spanish names, but in Italian, whose own regional decks have
    # the same suits and figures under Italian names.
    assert view.card_words(de, spanish, "10O") == "Sota de Oros"
    assert view.card_words(it, spanish, "11C") == "cavallo di coppe"
    assert view.card_words(it, spanish, "1O") == "asso di denari"
    assert view.card_words(nb, spanish, "12B") == "rey de bastos"


def test_reasons_in_every_language_and_spoken_in_words() -> None:
    info = {"reason": "not-adjacent", "card": "3H", "suit": "H", "low": "5H", "high": "9H"}
    rules = fantan.preset("fan-tan")
    assert view.reason_message(catalog("de"), rules, info) == (
        "3♥ passt an keines der beiden Enden der ♥\u2011Reihe (5–9).")  # (no line break after ♥)
    assert view.reason_message(CAT, rules, info, spoken=True) == (
        "The 3 of hearts does not touch either end of the hearts row (5–9).")
    # The ends of a row by their ranks, the suit said once: Cinquillo's named cards too.
    spanish = {"reason": "not-adjacent", "card": "12C", "suit": "C", "low": "5C", "high": "11C"}
    assert view.reason_message(CAT, fantan.preset("cinquillo"), spanish) == (
        "The rey of copas does not touch either end of the copas row (5–caballo).")
    closed = {"reason": "row-not-open", "suit": "S", "start": "7S", "card": "8S"}
    assert view.reason_message(catalog("nb"), rules, closed) == (
        "Rekka i ♠ er ikke åpnet ennå: ♠7 må komme først.")
    assert view.reason_message(catalog("it"), rules, closed, spoken=True) == (
        "La fila di picche non è ancora aperta: prima serve la carta 7 di picche.")


def test_events_are_told_from_the_listener_s_side() -> None:
    rules = fantan.preset("ruter-7")
    play = fantan.Event("play", 2, "8S")
    assert view.event_text(CAT, rules, play) == "Otto plays 8♠"
    assert view.event_text(CAT, rules, play, spoken=True) == "Otto plays 8 of spades"
    assert view.event_text(CAT, rules, fantan.Event("play", 0, "8S")) == "You play 8♠"
    assert view.event_text(CAT, rules, fantan.Event("pass", 0)) == "You pass"
    assert view.event_text(CAT, rules, fantan.Event("give", 3, "5H", to=0), spoken=True) == (
        "Maya gives you the 5 of hearts")
    assert view.event_text(CAT, rules, fantan.Event("give", 0, "5H", to=1)) == (
        "You give Lina the 5♥")
    assert view.event_text(CAT, rules, fantan.Event("give", 1, None, to=3)) == (
        "Lina gives Maya a card")
    de = catalog("de")
    assert view.event_text(de, rules, fantan.Event("pass", 1)) == "Lina passt"


def test_announcements_never_flood() -> None:
    rules = fantan.preset("fan-tan")
    few = [fantan.Event("play", 1, "7D"), fantan.Event("pass", 2)]
    assert view.announcement(CAT, rules, few) == "Lina plays 7 of diamonds. Otto passes."
    # A round (one move a seat, and one more) is read whole, at any pace: each card counts
    # for a player who follows the rows by ear.
    round_ = [fantan.Event("play", 0, "8D"), fantan.Event("play", 1, "7S"),
              fantan.Event("pass", 2), fantan.Event("play", 3, "6D")]
    assert view.announcement(CAT, rules, round_) == (
        "You play 8 of diamonds. Lina plays 7 of spades. Otto passes. Maya plays 6 of diamonds.")
    many = [fantan.Event("play", 1, "7D"), fantan.Event("pass", 2), fantan.Event("play", 3, "8D"),
            fantan.Event("play", 1, "6D"), fantan.Event("pass", 2), fantan.Event("play", 3, "9D")]
    assert view.announcement(CAT, rules, many) == (
        "6 moves: 4 cards played, 2 passes. Last: Maya plays 9 of diamonds.")
    assert view.announcement(CAT, rules, many[:5]).count(".") == 5  # (a round and one more)
    one = [fantan.Event("play", 1, "7D")] * 4
    # (no pass among them: the summary leaves passes out, as "0× gepasst" is no German)
    assert view.announcement(CAT, rules, one, limit=3) == (
        "4 moves: 4 cards played. Last: Lina plays 7 of diamonds.")
    assert view.announcement(catalog("de"), rules, one, limit=3) == (
        "4 Züge: 4 Karten gelegt. Zuletzt: Lina legt Karo 7.")
    assert view.announcement(catalog("de"), rules, many) == (
        "6 Züge: 4 Karten gelegt, 2× gepasst. Zuletzt: Maya legt Karo 9.")
    assert view.announcement(CAT, rules, []) == ""


def test_a_card_given_to_us_counts_until_our_next_move() -> None:
    # Ruter 7: the card a passer got stays "received" until that seat moves again.
    match = fantan.new_match(fantan.preset("ruter-7"), 2)
    while not any(e.kind == "give" for e in match.state.history):
        match = match.play(match.state.legal_moves()[-1])
    gift = match.state.history[-1]
    assert gift.kind == "give" and gift.to is not None and gift.card
    assert view.received_gift(match.state.observation(gift.to)) == (gift.seat, gift.card)
    assert view.received_gift(match.state.observation(gift.seat)) is None
    while match.state.to_move != gift.to:
        match = match.play(match.state.legal_moves()[0])
    assert view.received_gift(match.state.observation(gift.to)) == (gift.seat, gift.card)
    match = match.play(match.state.legal_moves()[0])
    assert view.received_gift(match.state.observation(gift.to)) is None


def test_a_card_we_gave_counts_until_our_next_move_or_a_card_given_to_us() -> None:
    # Ruter 7: the giver's "You gave ..." lasts until it moves again, or a card comes to it.
    match = fantan.new_match(fantan.preset("ruter-7"), 2)
    while not any(e.kind == "give" for e in match.state.history):
        match = match.play(match.state.legal_moves()[-1])
    gift = match.state.history[-1]
    assert gift.to is not None and gift.card
    assert view.given_gift(match.state.observation(gift.seat)) == (gift.to, gift.card)
    assert view.given_gift(match.state.observation(gift.to)) is None
    others = [s for s in range(4) if s not in (gift.seat, gift.to)]
    assert all(view.given_gift(match.state.observation(s)) is None for s in others)
    while match.state.to_move != gift.seat:
        match = match.play(match.state.legal_moves()[0])
        later = match.state.history[-1]
        if later.kind == "give" and later.to == gift.seat:
            assert view.given_gift(match.state.observation(gift.seat)) is None
            break
        assert view.given_gift(match.state.observation(gift.seat)) == (gift.to, gift.card)
    else:
        match = match.play(match.state.legal_moves()[0])
        assert view.given_gift(match.state.observation(gift.seat)) is None


def test_the_pass_made_for_us_says_why_no_card_fits() -> None:
    # A seek opening: until the 7♦ is down no card fits, though a 7 may be in hand.
    state = fantan.new_game(fantan.preset("fan-tan-chips"), seed=1)
    assert state.legal_moves() == ("pass",)
    assert "7D" not in state.hand(state.to_move)
    assert view.no_move_text(CAT, state) == "No card fits until the 7♦ is down: you pass."
    assert view.no_move_text(CAT, state, spoken=True) == (
        "No card fits until the 7 of diamonds is down: you pass.")
    assert view.no_move_text(catalog("de"), state) == (
        "Keine Karte ist spielbar, bis die 7♦ liegt: Du passt.")
    while "7D" not in state.moves:
        state = state.play(state.legal_moves()[0])
    while state.legal_moves() != ("pass",):
        state = state.play(state.legal_moves()[0])
    assert view.no_move_text(CAT, state) == "No card fits: you pass."
    # Shichi Narabe: the last pass allowed used up, the pass made for us puts us out.
    state = fantan.new_game(fantan.preset("shichi-narabe"), seed=1)
    while not (state.legal_moves() == ("pass",) and state.pass_eliminates()):
        legal = state.legal_moves()
        state = state.play("pass" if "pass" in legal else legal[0])
    assert view.no_move_text(CAT, state) == (
        "No card fits and your passes are used up: you drop out of this hand.")


def test_the_pass_made_for_us_says_what_it_costs() -> None:
    # A chip into the pot (here while the 7♦ is awaited), a penalty point, nothing.
    state = fantan.new_game(fantan.preset("fan-tan-chips"), seed=1)
    assert state.legal_moves() == ("pass",)
    assert view.pass_cost_text(CAT, state) == "You pay 1 chip into the pot."
    assert view.pass_cost_text(catalog("de"), state) == "Du zahlst 1 Chip in den Pott."
    assert view.pass_cost_text(CAT, no_move(fantan.preset("fan-tan"))) == ""
    # (the winner scores none: the point is taken unless we go out first)
    assert view.pass_cost_text(CAT, no_move(fantan.preset("sjueren"))) == (
        "You take 1 penalty point, unless you go out first.")
    # Ruter 7: the player before gives us a card.
    state = no_move(fantan.preset("ruter-7"))
    giver = state.play("pass").pending_gift
    assert giver is not None and giver[1] == state.to_move
    assert view.pass_cost_text(CAT, state) == (
        f"{view.seat_name(CAT, giver[0])} gives you a card.")
    # Shichi Narabe: the passes left after it (cards played where any fits).
    told = {}
    for seed in range(6):
        state = fantan.new_game(fantan.preset("shichi-narabe"), seed=seed)
        while not state.is_over:
            legal = state.legal_moves()
            if legal == ("pass",) and not state.pass_eliminates():
                told[3 - state.passes[state.to_move] - 1] = view.pass_cost_text(CAT, state)
            state = state.play(legal[-1] if legal[0] == "pass" else legal[0])
    assert told == {0: "No passes left: if no card fits next time, you drop out.",
                    1: "1 pass left.", 2: "2 passes left."}
    # The pass that puts us out costs nothing more: there is no next time to warn of.
    state = fantan.new_game(fantan.preset("shichi-narabe"), seed=1)
    while not (state.legal_moves() == ("pass",) and state.pass_eliminates()):
        legal = state.legal_moves()
        state = state.play("pass" if "pass" in legal else legal[0])
    assert view.no_move_text(CAT, state).endswith("you drop out of this hand.")
    assert view.pass_cost_text(CAT, state) == ""


def no_move(rules: fantan.Rules) -> fantan.GameState:
    """A position of a game under ``rules`` where the seat to move has no card that fits."""
    state = fantan.new_game(rules, seed=1)
    while state.legal_moves() != ("pass",) or not state.moves:
        state = state.play(state.legal_moves()[0])
    return state


def test_the_game_plays_for_us_only_where_we_have_no_choice() -> None:
    # Random hands of every rule system: a pass where nothing fits; with the setting, the one
    # card that fits; never a card given under a penalty, a card beside an optional pass, or
    # one of two cards.
    rng = random.Random(5)
    seen = set()
    for name in fantan.PRESETS:
        for seed in range(4):
            state = fantan.new_game(fantan.preset(name), seed=seed)
            while not state.is_over:
                legal = state.legal_moves()
                if legal == ("pass",):
                    assert view.made_for_us(state) == view.made_for_us(state, True) == "pass"
                    seen.add("pass")
                else:
                    assert view.made_for_us(state) is None
                    made = view.made_for_us(state, auto_play=True)
                    if state.pending_gift is not None:
                        assert made is None
                        seen.add("gift")
                    elif len(legal) == 1:
                        assert made == legal[0] and state.why_illegal(made) is None
                        assert not made.startswith("give:") and made != "pass"
                        seen.add("card")
                    else:
                        assert made is None
                        seen.add("pass or card" if "pass" in legal else "choice")
                state = state.play(rng.choice(legal))
    assert seen == {"pass", "gift", "card", "pass or card", "choice"}
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    assert state.legal_moves() == ("7D",)  # (the opening card: the only one that fits)
    assert view.auto_play_text(CAT, state, "7D") == "Only the 7♦ fits: it is played for you."
    assert view.auto_play_text(CAT, state, "7D", spoken=True) == (
        "Only the 7 of diamonds fits: it is played for you.")
    assert view.auto_play_text(catalog("de"), state, "7D") == (
        "Nur 7♦ ist spielbar und wird für dich gelegt.")


def test_a_seat_going_out_is_always_said() -> None:
    # Where play goes on for the places (Shichi Narabe), nothing else would say it.
    rules = fantan.preset("shichi-narabe")
    few = [fantan.Event("play", 1, "KD"), fantan.Event("pass", 2)]
    assert view.announcement(CAT, rules, few, out=(1,)) == (
        "Lina plays king of diamonds. Lina goes out. Otto passes.")
    # Only at its last card: a seat out of cards plays no more.
    two = [fantan.Event("play", 0, "QD"), fantan.Event("play", 1, "8S"),
           fantan.Event("play", 0, "KD")]
    assert view.announcement(CAT, rules, two, out=(0,)) == (
        "You play queen of diamonds. Lina plays 8 of spades. You play king of diamonds. "
        "You go out.")
    # Many moves are summed up; a seat going out is still said, after the summary.
    many = [fantan.Event("play", 1, "7D"), fantan.Event("pass", 2), fantan.Event("play", 3, "8D"),
            fantan.Event("play", 1, "6D"), fantan.Event("pass", 2)]
    assert view.announcement(CAT, rules, many, out=(3,), limit=3) == (
        "5 moves: 3 cards played, 2 passes. Last: Otto passes. Maya goes out.")
    assert view.announcement(catalog("it"), rules, few, out=(1,)).split(". ")[1] == (
        "Lina ha chiuso")


def test_a_summary_counts_turns_and_says_a_seat_dropping_out() -> None:
    # The parts add up to the whole: a card given is part of the pass it answers, not a move
    # of its own; a seat dropping out (Shichi Narabe, its passes used up) is said after.
    rules = fantan.preset("ruter-7")
    gifts = [fantan.Event("pass", 2), fantan.Event("give", 1, "KS", to=2),
             fantan.Event("play", 3, "8D"), fantan.Event("play", 1, "6D"),
             fantan.Event("pass", 2), fantan.Event("give", 1, None, to=2),
             fantan.Event("play", 3, "9D")]
    assert view.announcement(CAT, rules, gifts) == (
        "5 moves: 3 cards played, 2 passes. Last: Maya plays 9 of diamonds.")
    rules = fantan.preset("shichi-narabe")
    dropped = [fantan.Event("play", 1, "8D"), fantan.Event("eliminated", 2, cards=("2C", "KH")),
               fantan.Event("play", 3, "9D"), fantan.Event("pass", 1)]
    said = view.announcement(CAT, rules, dropped, limit=3)
    assert said.startswith("3 moves: 2 cards played, 1 pass. Last: Lina passes. Otto drops out")
    assert said.count("drops out") == 1
    assert view.announcement(CAT, rules, dropped).count("drops out") == 1  # (each said)


def test_a_seat_left_nearly_out_is_said_as_its_badge_shows_it() -> None:
    # The badge's "Nearly out" was never heard: a screen reader's player had to go and read
    # the seats to find it.
    rules = fantan.preset("fan-tan")
    few = [fantan.Event("play", 1, "KD"), fantan.Event("pass", 2), fantan.Event("play", 3, "5H")]
    assert view.announcement(CAT, rules, few, sizes=(9, 2, 6, 3)) == (
        "Lina plays king of diamonds. Lina is nearly out: 2 cards left. Otto passes. "
        "Maya plays 5 of hearts.")
    assert view.announcement(CAT, rules, few, sizes=(9, 5, 6, 1)).endswith(
        "Maya plays 5 of hearts. Maya is nearly out: 1 card left.")
    # Not for us (our own hand is in view), nor where no sizes are given (the hand is over).
    ours = [fantan.Event("play", 0, "KD")]
    assert view.announcement(CAT, rules, ours, sizes=(1, 5, 6, 3)) == (
        "You play king of diamonds.")
    assert view.announcement(CAT, rules, few) == (
        "Lina plays king of diamonds. Otto passes. Maya plays 5 of hearts.")
    # Many moves summed up: still said, after the summary.
    assert view.announcement(CAT, rules, few, sizes=(9, 2, 6, 3), limit=2) == (
        "3 moves: 2 cards played, 1 pass. Last: Maya plays 5 of hearts. "
        "Lina is nearly out: 2 cards left.")
    assert view.announcement(catalog("de"), rules, few[:1], sizes=(9, 1, 6, 3)) == (
        "Lina legt Karo König. Lina ist fast fertig: noch 1 Karte.")


def ruter_7_states(seed: int, moves: int) -> list[fantan.GameState]:
    """A real hand of Ruter 7 to ``moves`` moves, each seat making the first of its moves (a
    pass asks the seat before for a card, which it gives while it holds more than one): the
    state after each move."""
    state = fantan.new_game(fantan.preset("ruter-7"), seed)
    states = [state]
    for _ in range(moves):
        state = state.play(state.legal_moves()[0])
        states.append(state)
    return states


def said_of(states: list[fantan.GameState], a: int, b: int, limit: int | None = None) -> str:
    """What the live region says of moves ``a`` to ``b`` told at once, as the page tells it:
    our view of them, and the hand sizes after them."""
    obs = states[b].observation(0)
    events = obs.history[len(states[a].observation(0).history):]
    return view.announcement(CAT, states[b].rules, events, limit=limit, out=obs.out,
                             sizes=obs.hand_sizes)


def test_a_seat_that_gives_its_way_down_to_few_cards_is_said_nearly_out() -> None:
    # Ruter 7: Otto's card to Maya, who passed, left him one, and nothing said so; run off at
    # once, the count after the gift came after his play, before the gift.
    states = ruter_7_states(6, 53)
    assert states[52].history[-1] == fantan.Event("give", 2, "QD", to=3)
    assert [said_of(states, m, m + 1) for m in range(49, 53)] == [
        "Otto plays 8 of clubs. Otto is nearly out: 2 cards left.",
        "Maya passes.",
        "Otto gives Maya a card. Otto is nearly out: 1 card left.",
        "You play ace of diamonds."]
    # At once (a round): after his gift, with the count then, and once.
    together = said_of(states, 48, 53)
    assert together == (
        "Lina plays 10 of diamonds. Lina is nearly out: 2 cards left. Otto plays 8 of clubs. "
        "Maya passes. Otto gives Maya a card. Otto is nearly out: 1 card left. "
        "You play ace of diamonds.")
    assert together.count("Otto is nearly out") == 1
    # Summed up: after the summary, as each stands now.
    assert said_of(states, 44, 53) == (
        "7 moves: 5 cards played, 2 passes. Last: You play ace of diamonds. "
        "Lina is nearly out: 2 cards left. Otto is nearly out: 1 card left.")


def test_a_gift_down_to_two_cards_is_said_and_a_gift_received_since_counts() -> None:
    # Otto gives Maya a card from three, two left; Maya, given it, gives us one back: one
    # left again. Each after its gift, in order, the count as the gift left it.
    states = ruter_7_states(3, 56)
    assert [e.kind for e in states[56].history[-4:]] == ["pass", "give", "pass", "give"]
    assert said_of(states, 53, 54) == "Otto gives Maya a card. Otto is nearly out: 2 cards left."
    together = said_of(states, 52, 56)
    assert together == (
        "Maya passes. Otto gives Maya a card. Otto is nearly out: 2 cards left. You pass. "
        "Maya gives you the 3 of clubs. Maya is nearly out: 1 card left.")
    assert together.count("nearly out") == 2
    # Maya's last card played (the 9♣) left her one; Otto's gift since made it two. One by
    # one that is said after her card; summed up, as she stands now.
    run = said_of(states, 48, 55, limit=10)
    assert run.startswith("Maya plays 9 of clubs. Maya is nearly out: 1 card left. ")
    assert run.count("Maya is nearly out") == 1
    assert said_of(states, 48, 55) == (
        "6 moves: 3 cards played, 3 passes. Last: You pass. Maya is nearly out: 2 cards left. "
        "Otto is nearly out: 2 cards left.")


def test_a_tie_of_three_by_one_tie_break_is_one_note() -> None:
    # Three seats level on points that the cards left put in order: one note names the three.
    class Level:  # (the match as the note reads it: three level on points, in this order)
        standings = (2, 0, 3, 1)

        @staticmethod
        def decided_by(a: int, b: int) -> str:
            return "total" if (a, b) == (3, 1) else "cards-left"

    # (our name in the middle of the sentence: "you", as it was not)
    note = view.tie_note(CAT, Level)  # type: ignore[arg-type]
    assert note == CARDS_LEFT.format("Otto, you and Maya")
    assert view.tie_note(catalog("de"), Level).startswith(  # type: ignore[arg-type]
        "Gleichstand (Otto, du und Maya):")
    assert view.tie_note(catalog("nl"), Level).startswith(  # type: ignore[arg-type]
        "Gelijkstand (Otto, jij en Maya):")


def test_a_building_order_names_the_ranks_it_puts_first() -> None:
    # "Its 6 and 8" was said whatever the start: with rows starting at 5 the engine puts the 4
    # and 6 first, with the Spanish deck the 6 and the sota.
    base = fantan.preset("fan-tan").replace(build_order="six-and-eight-first")

    def said(rules: fantan.Rules, chosen: str | None = None) -> list[str]:
        return [line for line in view.rules_text(CAT, rules, chosen) if "row opens" in line]

    def labels(rules: fantan.Rules) -> list[str]:
        return [o.label for o in view.axis_options(CAT, rules, "build_order")]

    five = base.replace(start_rank="5", opening_card="5D")
    assert said(five) == ["After a row opens, its 4 and 6 must both be down before any other "
                          "card of that suit."]
    assert labels(five) == ["At either end", "The 6 before the rest",
                            "The 4 and 6 before the rest"]
    # (as the engine plays it: once the 5♦ opens, its row takes the 4♦ and 6♦ and no other)
    state = fantan.new_match(five, seed=1).state
    state = state.play("5D")
    assert next(row for row in state.rows() if row.suit == "D").needs == ("4D", "6D")
    spanish = base.replace(deck="spanish40", ace="low", opening_card="7O")
    assert said(spanish) == ["After a row opens, its 6 and sota must both be down before any "
                             "other card of that suit."]
    assert "The 6 and sota before the rest" in labels(spanish)
    assert said(fantan.preset("ristiseiska")) == [
        "After a row opens, its 6 and 8 must both be down before any other card of that suit."]
    # A start the first card chooses: said in general until it is chosen, then by name; at a
    # row's end, the one neighbour there is, or nothing where the order puts none first.
    chosen = base.replace(start_rank="chosen", opening="any-start")
    assert said(chosen) == ["After a row opens, the cards just below and just above its start "
                            "card must both be down before any other card of that suit."]
    assert said(chosen, "9") == ["After a row opens, its 8 and 10 must both be down before any "
                                 "other card of that suit."]
    assert said(chosen, "A") == ["After a row opens, its king must come before any other card "
                                 "of that suit."]
    assert said(chosen.replace(build_order="eights-first"), "A") == []
    assert said(chosen.replace(build_order="eights-first"), "2") == [
        "After a row opens, its 3 must come before any other card of that suit."]
    for language in ("de", "nb", "nl", "it"):
        cat = catalog(language)
        text = view.rules_text(cat, spanish)
        sota = view.rank_name(cat, spanish, "10")
        assert any(" 6 " in line and sota in line for line in text), (language, sota)
        assert all("{" not in line for line in text), language


def test_a_seat_dropping_out_is_heard_with_the_cards_it_lays_out() -> None:
    # Its cards go onto the rows: a player who cannot see the table heard only "Lina drops
    # out".
    rules = fantan.preset("shichi-narabe")
    out = [fantan.Event("eliminated", 1, cards=("3S", "9H", "QD"))]
    assert view.announcement(CAT, rules, out) == (
        "Lina drops out, laying out the 3 of spades, 9 of hearts and queen of diamonds.")
    assert view.announcement(catalog("de"), rules, out) == (
        "Lina scheidet aus und legt Pik 3, Herz 9 und Karo Dame aus.")
    assert view.announcement(CAT, rules, [fantan.Event("eliminated", 0, cards=("3S",))]) == (
        "You drop out.")


# --- the hand's moves ------------------------------------------------------------------------


@pytest.mark.parametrize(("preset", "players"),
                         [("fan-tan", 4), ("sjuan", 6), ("shichi-narabe", 5), ("cinquillo", 3)])
def test_the_moves_page_has_a_column_a_seat_and_a_row_each_time_round(kit, preset: str,
                                                                      players: int) -> None:
    for seed in range(4):
        state = kit.random_playout(fantan.new_game(
            fantan.preset(preset).replace(players=players), seed), random.Random(seed))
        obs = state.observation(0)
        log = view.move_log(obs)
        moves = [e for e in obs.history if e.kind in ("play", "pass", "eliminated")]
        # the columns: every seat once, in turn order from the one that moved first
        assert log.seats == [(moves[0].seat + k) % players for k in range(players)]
        # read row by row, the cells are the moves in the order they were made ...
        cells = [(log.seats[k], c) for r in log.rounds for k, c in enumerate(r) if c is not None]
        assert [(s, c.kind) for s, c in cells] == [(e.seat, e.kind) for e in moves]
        assert [c.cards for _, c in cells] == [
            (e.card,) if e.kind == "play" else e.cards if e.kind == "eliminated" else ()
            for e in moves]
        # ... and a row ends where the turn comes round again: each next row begins at a
        # column at or left of where the row before it ended
        ends = [max(k for k, c in enumerate(r) if c) for r in log.rounds]
        starts = [min(k for k, c in enumerate(r) if c) for r in log.rounds]
        assert all(start <= end for start, end in zip(starts[1:], ends, strict=False))
        assert log.laid is None


def test_the_moves_page_shows_the_cards_given_as_the_observer_saw_them(kit) -> None:
    named = hidden = 0
    for seed in range(6):
        state = kit.random_playout(fantan.new_game(fantan.preset("ruter-7"), seed),
                                   random.Random(seed))
        gives = [e for e in state.history if e.kind == "give"]
        for viewer in range(4):
            log = view.move_log(state.observation(viewer))
            gifts = []
            for r in log.rounds:
                for k, c in enumerate(r):
                    for g in c.gifts if c else ():
                        # a card given goes with the pass of the seat it was given to
                        assert c.kind == "pass" and g.to == log.seats[k]
                        gifts.append(g)
            assert [(g.seat, g.to) for g in gifts] == [(g.seat, g.to) for g in gives]
            for g, real in zip(gifts, gives, strict=True):  # named only to the two who know
                assert g.card == (real.card if viewer in (real.seat, real.to) else None)
                named += g.card is not None
                hidden += g.card is None
    assert named and hidden


def test_the_moves_page_shows_the_cards_laid_out_before_play_and_on_dropping_out(kit) -> None:
    rules = fantan.preset("shichi-narabe").replace(preplaced_from="hands")
    state = fantan.new_game(rules, 1)
    log = view.move_log(state.observation(0))
    assert log.rounds == [] and log.seats[0] == state.to_move
    laid = {e.seat: e.cards for e in state.observation(0).history if e.kind == "preplace"}
    assert laid and log.laid is not None
    assert {s: c.cards for s, c in zip(log.seats, log.laid, strict=True) if c} == laid
    page = render.moves_page(CAT, rules, log)
    assert ">Laid out<" in page and "7 of diamonds" in page
    dropped = []
    for seed in range(4):
        state = kit.random_playout(fantan.new_game(fantan.preset("shichi-narabe"), seed),
                                   random.Random(seed))
        log = view.move_log(state.observation(0))
        dropped += [c for r in log.rounds for c in r if c and c.kind == "eliminated"]
    assert dropped and all(c.cards for c in dropped)


def test_the_moves_page_before_a_move_and_during_a_hand() -> None:
    rules = fantan.preset("fan-tan")
    empty = render.moves_page(CAT, rules, view.move_log(fantan.new_game(rules, 3).observation(0)))
    assert "No one has moved yet in this hand." in empty and "<table" not in empty
    state = fantan.new_game(rules, 3)
    for _ in range(9):  # (the hand under way)
        state = state.play(random.Random(len(state.history)).choice(state.legal_moves()))
    page = render.moves_page(CAT, rules, view.move_log(state.observation(0)))
    heads = re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', page)
    assert heads[0] == "No." and sorted(heads[1:]) == sorted(
        view.seat_name(CAT, s) for s in range(4))
    # every card played, for the eyes and in words
    for e in state.history:
        if e.kind == "play":
            assert view.card_words(CAT, rules, e.card) in page
    assert page.count("<tr>") == 1 + len(view.move_log(state.observation(0)).rounds)  # (+ heads)


def test_the_moves_page_tells_what_the_moves_show_of_the_others_hands(kit) -> None:
    # Three players; we open with the 7D and seat 1 must pass: seat 2 alone may hold the cards
    # that fitted, so it holds them all. Our own column stands out.
    fits = ("7S", "7H", "6D", "8D", "7C")
    rules = fantan.preset("fan-tan").replace(players=3)
    mine = ["7D", "2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "5H", "6H", "2D", "3D", "4D",
            "5D", "9D", "10D"]
    passer = [c for c in kit.deck_codes(rules) if c not in fits and c not in mine
              ][:kit.deal_sizes(rules, 0)[1]]
    start = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine, 1: passer}), dealer=0)
    before = view.move_log(kit.play_all(start, ["7D"]).observation(0))
    assert before.known == []
    assert "What the moves tell" not in render.moves_page(CAT, rules, before)
    log = view.move_log(kit.play_all(start, ["7D", "pass"]).observation(0))
    assert log.known == [(2, fits, ())]
    page = render.moves_page(CAT, rules, log)
    known = page[page.index("What the moves tell"):]
    assert "Certain from the moves so far" in known
    line = re.findall(r"<li>.*?</li>", known)
    assert len(line) == 1 and f"<b>{view.seat_name(CAT, 2)}</b>" in line[0]
    assert re.findall(r'class="mv s-(\w+)">(\w+)<', line[0]) == [  # (as on the table ...)
        ("spade", "7"), ("heart", "7"), ("diamond", "6"), ("diamond", "8"), ("club", "7")]
    assert re.sub(r"<[^>]*>", "", line[0]).endswith(  # (... and in words)
        "Holds776877 of spades, 7 of hearts, 6 of diamonds, 8 of diamonds and 7 of clubs.")
    assert "Cannot hold" not in known
    # Once the hand is over, the result board shows every hand: the page tells nothing more.
    over = kit.random_playout(kit.play_all(start, ["7D", "pass"]), random.Random(1))
    assert over.is_over and view.move_log(over.observation(0)).known == []
    # our column: its heading and every cell of it, and no other
    assert re.findall(r'<th scope="col" class="me">([^<]*)</th>', page) == [
        view.seat_name(CAT, 0)]
    cells = re.findall(r"<tr>(.*?)</tr>", page)[1]
    assert [("me" in td) for td in re.findall(r"<td[^>]*>", cells)] == [
        s == 0 for s in log.seats]


@pytest.mark.parametrize(("preset", "players"), [("fan-tan", 4), ("ruter-7", 4),
                                                 ("shichi-narabe", 5)])
def test_each_move_has_the_round_whose_row_shows_it(kit, preset: str, players: int) -> None:
    for seed in range(3):
        state = kit.random_playout(fantan.new_game(
            fantan.preset(preset).replace(players=players), seed), random.Random(seed))
        obs = state.observation(0)
        log = view.move_log(obs)
        events = [e for e in obs.history if e.kind in ("play", "pass", "eliminated", "give")]
        assert len(log.rounds_of) == len(events) == len(state.moves)
        for e, number in zip(events, log.rounds_of, strict=True):
            row = log.rounds[number - 1]
            if e.kind == "give":  # (under the pass it answers)
                assert any(e in c.gifts for c in row if c)
            else:
                cell = row[log.seats.index(e.seat)]
                assert cell is not None and cell.kind == e.kind
                assert e.kind != "play" or cell.cards == (e.card,)


def test_our_choices_are_the_moves_we_chose_as_we_saw_them(kit) -> None:
    match = fantan.new_match(fantan.preset("ruter-7"), seed=6)
    rnd = random.Random(6)
    made = []
    while not match.state.is_over:
        state = match.state
        move = rnd.choice(state.legal_moves())
        if state.to_move == 0 and len(state.legal_moves()) > 1:
            made.append((len(state.moves), move, state.observation(0).to_dict(),
                         match.move_seed))
        match = match.play(move)
    choices = view.our_choices(match)
    assert [(c.number, c.move, c.obs.to_dict(), c.seed) for c in choices] == made
    assert any(c.move.startswith("give:") for c in choices)  # (gifts are choices too)


def first_hand_played(rules: fantan.Rules, seed: int) -> fantan.Match:
    """A match of ``rules`` whose first hand is played to its end, every seat taking random
    legal moves (from ``seed``)."""
    match = fantan.new_match(rules, seed=seed)
    rnd = random.Random(seed)
    while not match.state.is_over:
        match = match.play(rnd.choice(match.state.legal_moves()))
    return match


def test_our_choices_are_set_beside_the_hint_s(kit) -> None:
    # Each choice the hint makes otherwise is said with its round, what we made and the
    # hint's argument; the rest count as agreed.
    rules = fantan.preset("fan-tan")
    match = first_hand_played(rules, seed=8)
    choices = view.our_choices(match)
    advice = [fantan.ai.review("medium", c.obs, c.move, seed=c.seed).to_dict() for c in choices]
    log = view.move_log(match.state.observation(0))
    checked = view.review(CAT, rules, log, choices, advice)
    other = [(c, a) for c, a in zip(choices, advice, strict=True) if a["move"] != c.move]
    assert other and checked.count == len(choices) and checked.agreed == len(choices) - len(other)
    for (shown, spoken), (c, a) in zip(checked.lines, other, strict=True):
        number = log.rounds_of[c.number]
        ours = log.rounds[number - 1][log.seats.index(0)]  # (our move, in the row named)
        assert ours is not None and ours.cards == (c.move,)
        made = ("you passed." if c.move == "pass"
                else f"you played the {view.card_text(CAT, rules, c.move)}.")
        assert shown == f"Round {number}: {made} {view.hint_text(CAT, rules, a)}"
        assert spoken.endswith(view.hint_text(CAT, rules, a, spoken=True))
    page = render.moves_page(CAT, rules, log, checked=checked)
    assert (f"Your choices the hint agrees with: {checked.agreed} of {checked.count}."
            " The others, framed in the table above:") in page
    assert page.count("<li>") == len(other) and 'id="moves-check"' not in page
    # In the table, our cells of those rounds are framed, and no other.
    rows = re.findall(r"<tr>(.*?)</tr>", page)[1:]  # (the rounds, under the heads)
    framed = [k for k, r in enumerate(rows, 1) if 'class="play me off"' in r]
    assert framed == sorted({log.rounds_of[c.number] for c, _ in other})
    assert page.count(" off") == len(framed)
    # Before the check: its button, and where it tells how far it has come.
    page = render.moves_page(CAT, rules, log, checkable=True)
    assert 'id="moves-check"' in page and 'id="moves-status"' in page
    assert "Your choices, checked" not in page and "aria-busy" not in page
    assert 'id="moves-check"' not in render.moves_page(CAT, rules, log)
    # Drawn again while the check goes on (closed and opened again): its button busy.
    busy = render.moves_page(CAT, rules, log, checkable=True, checking=True)
    assert '<button type="button" id="moves-check" class="secondary" aria-busy="true">' in busy


def test_the_check_says_which_of_our_other_choices_are_framed_and_when_there_were_none(
        kit) -> None:
    # Ruter 7, seed 6: among our choices, cards we gave (each under the receiver's pass, not
    # framed) and cards we played (framed in their rounds).
    rules = fantan.preset("ruter-7")
    match = first_hand_played(rules, seed=6)
    choices = view.our_choices(match)
    log = view.move_log(match.state.observation(0))
    # (the hint made every choice otherwise)
    advice = [{"move": next(m for m in c.obs.legal_moves if m != c.move), "kind": "plain"}
              for c in choices]
    gifts = [c for c in choices if c.move.startswith("give:")]
    assert gifts and len(gifts) < len(choices)
    checked = view.review(CAT, rules, log, choices, advice)
    assert len(checked.lines) == len(choices) and 0 < len(checked.rounds) < len(choices)
    page = render.moves_page(CAT, rules, log, checked=checked)
    assert (f"agrees with: 0 of {len(choices)}. The others (your cards and passes among them"
            " framed in the table above):") in page
    assert page.count(" off") == len(set(checked.rounds))
    # Our gifts alone set otherwise: nothing is framed, and nothing says so.
    only = [(c, a if c in gifts else {"move": c.move, "kind": "plain"})
            for c, a in zip(choices, advice, strict=True)]
    checked = view.review(CAT, rules, log, [c for c, _ in only], [a for _, a in only])
    page = render.moves_page(CAT, rules, log, checked=checked)
    assert not checked.rounds and len(checked.lines) == len(gifts)
    assert "framed" not in page and " off" not in page
    # A card given is heard once, in the words that say who gave it.
    given = gifts[0].move.split(":")[1]
    words = view.card_words(CAT, rules, given)
    cell = next(c for c in re.findall(r'<span class="mv-gift">.*?</span></span>', page)
                if words in c)
    assert re.sub(r"<[^>]*>", "", re.sub(r'<span[^>]*aria-hidden="true">.*?</span>', "", cell)
                  ).count(words) == 1
    # No choice of ours in the hand (each move the only one): no button, and a line says why.
    page = render.moves_page(CAT, rules, log, unchecked=True)
    assert 'id="moves-check"' not in page
    assert "Nothing to check: each of your moves was the only one you had." in page
    assert "Nothing to check" not in render.moves_page(CAT, rules, log, checkable=True)


def test_a_checked_move_that_hard_s_search_beat_is_called_ours_not_named_again(kit) -> None:
    # At Hard the check's argument is the search's lead over the move we made: the line has
    # named that card already, so the lead is said against "your move", in every language.
    rules = fantan.preset("fan-tan")
    match = fantan.new_match(rules, seed=6)
    while not match.state.is_over:
        legal = match.state.legal_moves()
        match = match.play(legal[len(legal) // 2])
    choices = view.our_choices(match)
    advice = [fantan.ai.review("hard", c.obs, c.move, seed=c.seed).to_dict() for c in choices]
    other = [(c, a) for c, a in zip(choices, advice, strict=True) if a["move"] != c.move]
    beaten = [k for k, (c, a) in enumerate(other) if a["kind"] == "search"]
    assert beaten and all(other[k][1]["rival"] == other[k][0].move for k in beaten)
    log = view.move_log(match.state.observation(0))
    for language in ("en", "de", "nb", "nl", "it"):
        cat = catalog(language)
        checked = view.review(cat, rules, log, choices, advice)
        yours = cat.t("msg.why.than-yours")
        assert yours != "msg.why.than-yours" and (language == "en" or yours != "your move")
        for k in beaten:
            move, (shown, spoken) = other[k][0].move, checked.lines[k]
            assert shown.count(view.card_text(cat, rules, move)) == 1
            assert spoken.count(view.card_words(cat, rules, move)) == 1
            assert yours in shown and yours in spoken
    shown = view.review(CAT, rules, log, choices, advice).lines
    assert any(line.endswith("points better on average than your move.") for line, _ in shown)
    # The hint itself, with no move of ours beside it, still names the move it beat.
    c, a = other[beaten[0]]
    assert view.hint_text(CAT, rules, a).endswith(
        f"than the {view.card_text(CAT, rules, c.move)}.")
