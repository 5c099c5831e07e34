"""The HTML of the table's parts (web/render.py): the test hooks, escaping, no inline styles."""

from __future__ import annotations

import dataclasses
import random
import re
from html import escape, unescape
from html.parser import HTMLParser

from web_support import catalog, english, english_messages, i18n, render, store, view

import fantan

CAT = english()


class Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def parse(html: str) -> list[tuple[str, dict[str, str | None]]]:
    collector = Collect()
    collector.feed(html)
    return collector.tags


def test_hand_cards_carry_the_hooks_and_say_whether_they_play() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    seat = state.to_move
    obs = state.observation(seat)
    tv = view.table_view(CAT, obs)
    html = render.hand(CAT, state.rules, tv.hand, True, "7D")
    cards = [a for t, a in parse(html) if a.get("data-zone") == "hand"]
    assert [a["data-card"] for a in cards] == list(state.hand(seat))
    for a in cards:
        playable = a["data-card"] == "7D"
        assert (a.get("aria-disabled") == "true") == (not playable)
        assert a["aria-label"].endswith("not playable" if not playable else "playable")
    assert 'aria-pressed="true"' in html
    # A card that can be chosen reads as a toggle, chosen or not; one that cannot, as neither.
    hand = render.hand(CAT, state.rules, tv.hand, True, None)
    assert [a.get("aria-pressed") for t, a in parse(hand) if a.get("data-zone") == "hand"] == [
        "false" if c.code == "7D" else None for c in tv.hand]
    # One stop of the Tab key for the whole hand: the chosen card, else the first that plays.
    assert [a["data-card"] for a in cards if a.get("tabindex") != "-1"] == ["7D"]
    waiting = [a for t, a in parse(render.hand(CAT, state.rules, tv.hand, False, None))
               if a.get("data-zone") == "hand"]
    assert [a["data-card"] for a in waiting if a.get("tabindex") != "-1"] == [tv.hand[0].code]
    # Choosing a card to give (Ruter 7), a card is one that can be given, not played.
    given = render.hand(CAT, state.rules, tv.hand, True, None, giving=True)
    labels = [a["aria-label"] for t, a in parse(given) if a.get("data-zone") == "hand"]
    assert "7 of diamonds, can be given" in labels
    assert not any(x.endswith(", playable") for x in labels)
    # The cards a hint's card leads to are marked (and a card received keeps its own mark).
    two = [hc.code for hc in tv.hand[:2]]
    marked = parse(render.hand(CAT, state.rules, tv.hand, True, "7D", received=two[0],
                               led=two))
    classes = {a["data-card"]: a["class"].split() for t, a in marked
               if a.get("data-zone") == "hand"}
    assert [c for c, cls in classes.items() if "led" in cls] == two
    assert [c for c, cls in classes.items() if "received" in cls] == two[:1]
    # ...and say so in their names, which a listener hears instead of seeing the marks.
    names = {a["data-card"]: a["aria-label"] for t, a in marked if a.get("data-zone") == "hand"}
    words = [view.card_words(CAT, state.rules, c) for c in two]
    assert names[two[0]] == f"{words[0]}, not playable, given to you, the hint leads to it"
    assert names[two[1]] == f"{words[1]}, not playable, the hint leads to it"
    assert [c for c, name in names.items() if "hint" in name or "given" in name] == two


def test_between_our_turns_the_cards_the_table_does_not_take_stay_dimmed() -> None:
    # (else the whole hand lit up at every other player's turn and dimmed again at ours)
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    while state.to_move == 0 or not state.rows()[2].cards or len(state.moves) < 6:
        state = state.play(state.legal_moves()[0])
    tv = view.table_view(CAT, state.observation(0))
    cards = [a for t, a in parse(render.hand(CAT, state.rules, tv.hand, False, None))
             if a.get("data-zone") == "hand"]
    fitting = set(state.observation(0).fitting)
    assert fitting and len(fitting) < len(cards)
    for a in cards:
        assert ("dim" in (a["class"] or "").split()) == (a["data-card"] not in fitting)
        assert "playable" not in (a["class"] or "").split()
        # (no card is refused or announced as playable out of turn; a listener hears which
        # fit, as the eyes see which are not dimmed)
        assert a.get("aria-disabled") is None
        assert "playable" not in a["aria-label"]
        assert a["aria-label"].endswith(", fits") == (a["data-card"] in fitting)
    # Once the hand is over nothing is dimmed, nor said to fit.
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    tv = view.table_view(CAT, state.observation(0))
    cards = [a for t, a in parse(render.hand(CAT, state.rules, tv.hand, False, None))
             if a.get("data-zone") == "hand"]
    assert cards
    for a in cards:
        assert "dim" not in (a["class"] or "").split()
        assert "fits" not in a["aria-label"]


def test_the_hand_tells_the_style_which_strips_to_widen() -> None:
    # Three players: 17 or 18 cards. A phone held upright breaks the hand after its first half;
    # the numbers count the playable cards with a right neighbour, in the hand and in each row.
    state = fantan.new_game(dataclasses.replace(fantan.preset("sevens"), players=3), seed=6)
    tv = view.table_view(CAT, state.observation(state.to_move))
    n = len(tv.hand)
    html = render.hand(CAT, state.rules, tv.hand, True, None)
    items = [a.get("data-card") or "break" for t, a in parse(html) if t in ("button", "span")
             and ("data-card" in a or a.get("class") == "hand-break")]
    per_row = (n + 1) // 2
    assert items.index("break") == per_row and items.count("break") == 1
    playable = [hc.playable for hc in tv.hand]
    assert any(playable)
    layout = render.hand_layout(tv.hand, True, n)
    assert layout == {"--cards": str(n), "--per-row": str(per_row),
                      "--wide": str(sum(playable[:-1])),
                      "--wide1": str(sum(playable[:per_row - 1])),
                      "--wide2": str(sum(playable[per_row:-1])), "--rows-least": "2"}
    # Off our turn nothing is widened; a short hand takes one row, with no break, but keeps
    # the height of two if it was dealt in two; a hand dealt in one row keeps one.
    assert render.hand_layout(tv.hand, False, n)["--wide"] == "0"
    short = tv.hand[:9]
    assert render.hand_layout(short, True, n)["--per-row"] == "9"
    assert render.hand_layout(short, True, n)["--rows-least"] == "2"
    assert render.hand_layout(short, True, 9)["--rows-least"] == "1"
    assert "hand-break" not in render.hand(CAT, state.rules, short, True, None)
    assert render.hand_per_row(2) == 2 and render.hand_per_row(1) == 2
    # On a tall phone, the height to spare takes a hand of 7 cards or more in two rows, each
    # card whole; it keeps their height as it falls to one row.
    seven = tv.hand[:7]
    assert render.hand_layout(seven, True, 7, tall=True)["--per-row"] == "4"
    assert render.hand_layout(short, True, 9, tall=True)["--per-row"] == "5"
    assert render.hand_layout(short, True, 9, tall=True)["--rows-least"] == "2"
    assert render.hand_layout(short[:6], True, 9, tall=True)["--per-row"] == "6"
    assert render.hand_layout(short[:6], True, 6, tall=True)["--rows-least"] == "1"
    assert render.hand(CAT, state.rules, seven, True, None, tall=True).count("hand-break") == 1
    assert "hand-break" not in render.hand(CAT, state.rules, short[:6], True, None, tall=True)


def test_table_cards_and_seats_have_their_hooks() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1).play("7D")
    tv = view.table_view(CAT, state.observation(0))
    html = "".join(render.rows(CAT, state.rules, tv.rows, fresh="7D"))
    table = [a for t, a in parse(html) if a.get("data-zone") == "table"]
    assert [a["data-card"] for a in table] == ["7D"]
    seats = "".join(render.seat(CAT, sv) for sv in tv.seats)
    assert [a["data-seat"] for t, a in parse(seats) if "data-seat" in a] == ["0", "1", "2", "3"]
    # A seat nearly out: its "!" is for the eyes, its words for a screen reader.
    low = dataclasses.replace(tv.seats[1], low=True)
    assert ('<span class="tag low" title="Nearly out"><span aria-hidden="true">!</span>'
            '<span class="sr"> Nearly out</span></span>') in render.seat(CAT, low)


def test_no_inline_styles_or_handlers_anywhere() -> None:
    match = fantan.new_match(fantan.preset("cinquillo"), seed=2)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    tv = view.table_view(CAT, match.state.observation(0), match.totals, 1, match.hands)
    parts = [
        "".join(render.rows(CAT, match.rules, tv.rows)),
        "".join(render.seat(CAT, sv, True) for sv in tv.seats),
        render.results(CAT, match.rules, view.results_view(CAT, match)),
        render.setup(CAT, {"preset": "custom", "rules": match.rules, "level": "easy",
                           "match": None}, gives_up=True),
        render.rules_page(CAT, "cinquillo", match.rules),
        render.menu(CAT, {"speed": "fast", "level": "hard", "four_colour": True},
                    store.parse_stats(None)),
        render.controls(CAT, tv, dealing=False, my_turn=True, computers_moving=False,
                        selected="5O"),
    ]
    for html in parts:
        for _tag, attrs in parse(html):
            assert "style" not in attrs and not any(k.startswith("on") for k in attrs)
        assert "{" not in re.sub(r"<[^>]*>", "", html), html[:200]  # no unfilled placeholder


def test_the_four_colour_deck_is_offered_with_the_french_deck_only() -> None:
    settings = {"speed": "fast", "level": "hard", "four_colour": False}
    assert 'id="menu-four"' in render.menu(CAT, settings)
    assert '<span aria-hidden="true">♦</span><span class="sr-only">diamonds</span> blue' in (
        render.menu(CAT, settings).replace("\xa0", " "))
    assert 'id="menu-four"' not in render.menu(CAT, settings, french_deck=False)
    # The label's words stand in one element: a flex row's gap does not part them from the
    # suits' signs.
    label = re.search(r'<label class="check">(<input [^>]*id="menu-four".*?)</label>',
                      render.menu(CAT, settings)).group(1)
    words = re.sub(r"^<input [^>]*>", "", label)
    assert words.startswith("<span>") and words.endswith("</span>")
    assert words.count("<span>") == 1


def test_the_menu_offers_to_play_our_one_card_that_fits_as_set() -> None:
    def box(settings: dict[str, object]) -> str:
        found = re.search(r'<label class="check"><input type="checkbox" id="menu-auto"([^>]*)>'
                          r'<span>([^<]*)</span></label>', render.menu(CAT, settings))
        assert found is not None
        assert found.group(2) == "Play my card for me when only one fits"
        return found.group(1)

    settings = {"speed": "fast", "level": "hard", "four_colour": False}
    assert box(settings) == ""
    assert box({**settings, "auto_play": True}) == " checked"
    # (offered with the Spanish deck too: it is no matter of colours)
    assert 'id="menu-auto"' in render.menu(CAT, settings, french_deck=False)


def test_the_menu_offers_full_screen_where_the_browser_has_it() -> None:
    settings = {"speed": "fast", "level": "hard", "four_colour": False}
    assert 'id="menu-full"' not in render.menu(CAT, settings)
    for on in (False, True):
        html = render.menu(CAT, settings, full_screen=on)
        found = re.search(r'<input type="checkbox" id="menu-full"([^>]*)><span>([^<]*)</span>',
                          html)
        assert found is not None and found.group(2) == "Full screen"
        assert found.group(1) == (" checked" if on else "")


def test_pass_button_only_where_passing_is_a_choice() -> None:
    for name, limited in (("fan-tan", False), ("shichi-narabe", True)):
        state = fantan.new_game(fantan.preset(name), seed=3)
        tv = view.table_view(CAT, state.observation(0))
        html = render.controls(CAT, tv, dealing=False, my_turn=True, computers_moving=False,
                               selected=None)
        assert ('id="pass"' in html) == limited
        assert 'id="play"' in html and 'id="hint"' in html and 'id="fast-forward"' in html
        if limited:  # how many are left where there is room; "Pass" alone on a phone
            assert '<span class="long">Pass (3 left)</span><span class="short">Pass</span>' in html
            # its passes used up: no button for a pass that cannot be made
            spent = render.controls(CAT, dataclasses.replace(tv, passes_left=0, can_pass=False),
                                    dealing=False, my_turn=True, computers_moving=False,
                                    selected=None)
            assert 'id="pass"' not in spent and 'id="play"' in spent
            # While the card that hands us the turn still flies (the line naming the player
            # before), a card may be chosen and the hint asked, but not a pass spent.
            free = dataclasses.replace(tv, can_pass=True)
            early, landed = (render.controls(CAT, free, dealing=False, my_turn=True,
                                             computers_moving=False, selected="7S",
                                             landing=landing) for landing in (True, False))
            assert re.search(r'<button[^>]*id="pass"[^>]*disabled', early)
            assert not re.search(r'<button[^>]*id="(play|hint)"[^>]*disabled', early)
            assert not re.search(r'<button[^>]*id="pass"[^>]*disabled', landed)
    dealing = render.controls(CAT, None, dealing=True, my_turn=False, computers_moving=False,
                              selected=None)
    assert 'id="skip-deal"' in dealing


def test_a_hint_under_way_and_a_seat_out_of_the_hand() -> None:
    state = fantan.new_game(fantan.preset("shichi-narabe"), seed=3)
    tv = view.table_view(CAT, state.observation(0))
    common = {"dealing": False, "my_turn": True, "selected": None}
    html = render.controls(CAT, tv, computers_moving=False, hinting=True, **common)
    assert [a.get("aria-busy") for t, a in parse(html) if a.get("id") == "hint"] == ["true"]
    html = render.controls(CAT, tv, computers_moving=False, **common)
    assert not any("aria-busy" in a for _t, a in parse(html))
    # Out of the hand while the others play on (placement): fast forward alone.
    watching = render.controls(CAT, tv, computers_moving=True, watching=True, **common)
    assert [a.get("id") for t, a in parse(watching) if t == "button"] == ["fast-forward"]
    assert not any("disabled" in a for _t, a in parse(watching))


def test_the_table_after_a_hand_offers_its_moves_and_the_way_back() -> None:
    html = render.after_hand(CAT)
    buttons = [(a.get("id"), a.get("disabled")) for t, a in parse(html) if t == "button"]
    assert buttons == [("show-moves", None), ("show-results", None)]
    assert ">Moves</button>" in html and ">Results</button>" in html
    # In a match with a hand to come, the way on too, as the board offers it (under an id of
    # its own: the board's button stays in the page, hidden).
    html = render.after_hand(CAT, has_next=True)
    buttons = [(a.get("id"), a.get("class")) for t, a in parse(html) if t == "button"]
    assert buttons == [("show-moves", "secondary"), ("show-results", "secondary"),
                       ("table-next-hand", "primary")]
    assert ">Next hand</button>" in html


def test_the_result_board_has_its_buttons() -> None:
    match = fantan.new_match(fantan.preset("fan-tan"), seed=2)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    html = render.results(CAT, match.rules, view.results_view(CAT, match))
    assert 'id="new-game"' in html and 'id="next-hand"' not in html
    assert "Hand over" in html
    assert 'class="standings"' not in html  # (one hand: no standings)
    # The board (a dialog) and its table's scrolling region do not share one name.
    assert html.count('aria-labelledby="results-title"') == 1
    assert 'role="region" aria-label="Results of the hand"' in html


def test_where_passes_cost_points_the_board_shows_them() -> None:
    # Sjueren: a penalty point per pass and per card left; the passes stand beside the cards.
    match = fantan.new_match(fantan.preset("sjueren"), seed=7)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[-1])
    result = match.state.result
    assert result is not None and any(result.passes)
    html = render.results(CAT, match.rules, view.results_view(CAT, match))
    # (a heading's soft hyphens, unseen, are where a narrow board may break it)
    heads = [h.replace("\u00ad", "")
             for h in re.findall(r'<th scope="col"(?: class="n")?>(.*?)</th>', html)]
    assert heads[2:5] == ["Cards left", "Passes", "Points"]
    # (the columns of numbers, and only they, right-aligned: cards, passes, points, total)
    assert len(re.findall(r'<th scope="col" class="n">', html)) == 4
    assert len(re.findall(r'<td class="n">', html)) == 4 * 4
    assert "Pas\u00adses" in html
    for seat in range(4):
        row = re.search(rf'<tr data-seat="{seat}"[^>]*>(.*?)</tr>', html)
        assert row is not None
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))
        assert cells[1:4] == [str(result.cards_left[seat]), str(result.passes[seat]),
                              str(result.scores[seat])]
    # Under chips scoring, the column counts chips.
    chips = fantan.new_match(fantan.preset("fan-tan-chips"), seed=7)
    while not chips.state.is_over:
        chips = chips.play(chips.state.legal_moves()[-1])
    heads = re.findall(r'<th scope="col"(?: class="n")?>(.*?)</th>',
                       render.results(CAT, chips.rules, view.results_view(CAT, chips)))
    assert "Chips" in heads and "Points" not in heads
    plain = fantan.new_match(fantan.preset("fan-tan"), seed=7)
    while not plain.state.is_over:
        plain = plain.play(plain.state.legal_moves()[-1])
    assert "Passes" not in render.results(CAT, plain.rules, view.results_view(CAT, plain))
    # Ruter 7: a pass costs a card given, not points: no column of passes beside the points.
    ruter = fantan.new_match(fantan.preset("ruter-7"), seed=7)
    while not ruter.state.is_over:
        ruter = ruter.play(ruter.state.legal_moves()[-1])
    ruter_result = ruter.state.result
    assert ruter_result is not None and any(ruter_result.passes)
    assert "Pas\u00adses" not in render.results(CAT, ruter.rules,
                                                view.results_view(CAT, ruter))


def test_a_match_s_board_keeps_a_score_sheet_of_every_hand() -> None:
    match = fantan.new_match(fantan.preset("sjueren"), seed=5)
    played = []
    while not match.is_over:
        if match.state.is_over:
            html = render.results(CAT, match.rules, view.results_view(CAT, match))
            played.append(match.state.result)
            if len(played) == 1:  # (one hand: the table says it all)
                assert 'class="sheet"' not in html
            else:
                sheet = html[html.index('<details class="sheet">'):]
                sheet = sheet[:sheet.index("</details>")]
                assert "<summary>Score sheet: every hand</summary>" in sheet
                rows = re.findall(r"<tr>(.*?)</tr>", sheet.split("<tbody>")[1])
                assert len(rows) == len(played)
                for k, (row, result) in enumerate(zip(rows, played, strict=True), 1):
                    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)
                    assert cells == [str(k), *(str(x) for x in result.scores)]
                total = re.search(r'<tr class="sum">(.*?)</tr>', sheet)
                assert total is not None
                assert re.findall(r"<td>(.*?)</td>", total.group(1)) == [
                    str(t) for t in match.totals]
            match = match.next_hand()
        else:
            match = match.play(match.state.legal_moves()[0])
    assert len(played) == 4
    # The match over: the final standings, and under the last hand's table its five hands.
    final = render.results(CAT, match.rules, view.results_view(CAT, match))
    assert 'class="standings"' in final
    assert len(re.findall(r"<tr>", final.split('<details class="sheet">')[1])) == 1 + 5
    single = fantan.new_match(fantan.preset("fan-tan"), seed=5)
    while not single.state.is_over:
        single = single.play(single.state.legal_moves()[0])
    assert 'class="sheet"' not in render.results(CAT, single.rules,
                                                 view.results_view(CAT, single))


def test_an_eliminated_player_s_laid_out_cards_show_on_the_board() -> None:
    # Shichi Narabe, 3 players, no passes allowed: a player with nothing to play drops out and
    # lays its cards out; the board shows them (they are its cards left), set apart.
    rules = fantan.preset("shichi-narabe").replace(players=3, pass_limit=0)
    match = fantan.new_match(rules, seed=0)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    out = [e for e in match.state.history if e.kind == "eliminated" and e.cards]
    assert out
    rv = view.results_view(CAT, match)
    line = next(li for li in rv.lines if li.seat == out[0].seat)
    assert line.laid_out == out[0].cards and not line.held
    assert line.cards_left == len(line.laid_out)
    html = render.results(CAT, match.rules, rv)
    row = re.search(rf'<tr data-seat="{line.seat}"[^>]*>(.*?)</tr>', html)
    assert row is not None
    assert row.group(1).count('class="card') == row.group(1).count(" laid") == len(out[0].cards)


def test_the_star_column_has_words_for_a_screen_reader() -> None:
    # The star marks the winner's row for the eye; its column and the star are named in words.
    match = fantan.new_match(fantan.preset("fan-tan"), seed=7)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    html = render.results(CAT, match.rules, view.results_view(CAT, match))
    heads = re.findall(r'<th scope="col"(?: class="n")?>(.*?)</th>', html)
    assert heads[0] == '<span class="sr-only">Winner</span>'
    stars = re.findall(r'<td class="win">(.*?)</td>', html)
    assert stars.count('<span aria-hidden="true">★</span><span class="sr-only">Winner</span>') == 1
    assert stars.count("") == match.rules.players - 1


def test_the_final_standings_show_each_total_and_a_tie_s_reason(kit) -> None:
    # Fan Tan over two hands, seed 6, every seat taking its first legal move: the first two
    # finish level on points.
    match, _, _ = kit.play_through(
        fantan.new_match(fantan.preset("fan-tan").replace(match_hands=2), seed=6))
    html = render.results(CAT, match.rules, view.results_view(CAT, match))
    items = re.findall(r"<li(?: class=\"ours\")?>(.*?)</li>", html)
    # (cards change hands: a total is a gain or a loss, written with its sign, as the hands are)
    assert [re.sub(r"<[^>]+>", "", item) for item in items] == [
        f"{view.seat_name(CAT, s)} Total {CAT.num(match.totals[s], signed=True)}"
        for s in match.standings]
    assert "Total +" in items[0] and "Total −" in items[-1]
    # The score sheet's Total row is written as its hands' rows are, signed too.
    sheet = html[html.index('<details class="sheet"'):]
    rows = [re.findall(r"<td>(.*?)</td>", r) for r in re.findall(r"<tr>(.*?)</tr>", sheet)
            if "<td>" in r]
    total = re.findall(r"<td>(.*?)</td>",
                       re.search(r'<tr class="sum">(.*?)</tr>', sheet).group(1))
    assert total == [CAT.num(t, signed=True) for t in match.totals]
    assert all(c[0] in "+−" or c == "0" for c in total + sum(rows, []))
    # Our own line stands out (by its weight: the list's order already says who won).
    assert re.findall(r'<li class="ours">(.*?) <span', html) == ["You"]
    first, second = (view.seat_name(CAT, s, in_text=True) for s in match.standings[:2])
    assert f'<p class="tie">Level ({first} and {second}' in html
    assert "): fewer cards left in the last hand decides.</p>" in html
    # The match's outcome is read (and reached by Tab) before the last hand's table, as a phone
    # shows it: the standings and their note, then the table's region, then the buttons.
    assert (html.index('<ol class="standings">') < html.index('<p class="tie">')
            < html.index('<div class="scroll"') < html.index('class="results-buttons"'))


def test_suit_signs_in_running_text_are_heard_in_words() -> None:
    # A screen reader whose settings say nothing for ♦ heard "Whoever holds the 7 starts".
    heard = '<span aria-hidden="true">7♦</span><span class="sr-only">7 of diamonds</span>'
    assert heard in render.rules_page(CAT, "fan-tan", fantan.preset("fan-tan"))
    setup = render.setup(CAT, {"preset": "fan-tan", "rules": fantan.preset("fan-tan"),
                               "level": "easy", "match": None})
    desc = re.search(r'<span class="preset-desc" id="preset-desc-sjuan">(.*?)</span></label>',
                     setup)
    assert desc and '<span class="sr-only">7 of hearts</span>' in desc.group(1)
    # A rank before the sign, in the language's letters; the text around it escaped.
    de = catalog("de")
    assert render.spoken_suits(de, "B♠ & ♣") == (
        '<span aria-hidden="true">B♠</span><span class="sr-only">Pik Bube</span> &amp; '
        '<span aria-hidden="true">♣</span><span class="sr-only">Kreuz</span>')
    assert render.spoken_suits(CAT, "AB♠") == (
        'AB<span aria-hidden="true">♠</span><span class="sr-only">spades</span>')
    # Norwegian writes a card sign first ("♣Kn"): its rank is heard too, as a word.
    nb = catalog("nb")
    assert render.spoken_suits(nb, "♣Kn, ♦10 og ♥E.") == (
        '<span aria-hidden="true">♣Kn</span><span class="sr-only">kløver knekt</span>, '
        '<span aria-hidden="true">♦10</span><span class="sr-only">ruter 10</span> og '
        '<span aria-hidden="true">♥E</span><span class="sr-only">hjerter ess</span>.')
    assert render.spoken_suits(nb, "♠Eks") == (
        '<span aria-hidden="true">♠</span><span class="sr-only">spar</span>Eks')
    tip = render.rules_page(nb, "fan-tan", fantan.preset("fan-tan"))
    assert '<span class="sr-only">kløver knekt</span>' in tip


def test_the_rules_page_names_its_game() -> None:
    rules = fantan.preset("sjueren")
    assert '<h2 id="rules-title" tabindex="-1">How to play Sjueren</h2>' in render.rules_page(
        CAT, "sjueren", rules)
    custom = render.rules_page(CAT, "custom", rules.replace(ace="high"))
    assert '<h2 id="rules-title" tabindex="-1">How to play with your own rules</h2>' in custom


def test_a_match_of_other_length_is_told_once_on_the_rules_page() -> None:
    # A game's description names no match length: a match of 2 hands of a five-hand system
    # ("Femkamp") is said to be of 2 hands, and nowhere of five.
    five = {"en": "five", "de": "fünf", "nb": "fem ", "nl": "vijf", "it": "cinque"}
    for language, word in five.items():
        cat = catalog(language)
        for name, rules in fantan.PRESETS.items():
            if rules.match_hands != 5:
                continue
            page = render.rules_page(cat, name, rules.replace(match_hands=2))
            assert cat.n("rules.match", 2) in page, (language, name)
            assert word not in page.lower(), (language, name)

def test_the_rules_page_says_how_to_play_with_a_finger_a_mouse_or_keys() -> None:
    rules = fantan.preset("fan-tan")
    for language in ("en", "de", "nb", "nl", "it"):
        cat = catalog(language)
        page = render.rules_page(cat, "fan-tan", rules)
        part = page[page.index("controls-help"):]
        assert f"<h3>{cat.t('rules.controls')}</h3>" in page
        assert part.count("<li") == 5 and cat.t("button.play") in part, language
        # (the keys' three lines and the mouse's marked, for a touch screen's style to leave
        # out, and the finger's for the others')
        assert part.count('<li class="keys">') == 3
        assert part.count('<li class="pointer">') == part.count('<li class="touch">') == 1
        touch = cat.t("rules.controls.choose-touch", play=cat.t("button.play"))
        assert f'<li class="touch">{escape(touch)}</li>' in part
        assert f'<li class="keys">{escape(cat.t("rules.controls.move"))}</li>' in part
        assert "{" not in part  # (every placeholder filled)


def test_the_rules_page_says_how_each_level_of_computer_player_plays() -> None:
    rules = fantan.preset("shichi-narabe")
    english = render.rules_page(catalog("en"), "shichi-narabe", rules)
    for language in ("en", "de", "nb", "nl", "it"):
        cat = catalog(language)
        page = render.rules_page(cat, "shichi-narabe", rules)
        heading = f"<h3>{escape(cat.t('rules.opponents'))}</h3>"
        # (after the strategy tips, which Medium's line points to, before the controls)
        assert page.index(cat.t("rules.strategy")) < page.index(heading) < page.index(
            "controls-help")
        part = page[page.index(heading):page.index("controls-help")]
        items = re.findall(r"<li>(.*?)</li>", part)
        assert len(items) == 4
        # Each level's line names it as the new-game screen does; the last says that none
        # of them looks at another player's cards, in the page's own language.
        for item, level in zip(items, ("easy", "medium", "hard"), strict=False):
            assert item.startswith(escape(cat.t(f"level.{level}"))), (language, item)
        assert items[-1] == escape(cat.t("rules.opponents.honest"))
        assert all(item not in english for item in items) or language == "en"


def test_a_custom_field_with_no_effect_is_not_offered_and_says_why() -> None:
    # Forced passing: a limit of passes has nothing to limit; limited passing: it counts.
    draft = {"preset": "custom", "rules": fantan.preset("fan-tan"), "level": "easy",
             "match": None}
    html = render.setup(CAT, draft)
    field = re.search(r'<select[^>]*id="axis-pass_limit"[^>]*>', html)
    assert field is not None and " disabled" in field.group(0)
    assert "No effect here: passing is forced, so there is no limit to choose." in html
    assert not re.search(r'<select[^>]*id="axis-deck"[^>]*disabled', html)
    limited = render.setup(CAT, dict(draft, rules=fantan.preset("shichi-narabe")))
    field = re.search(r'<select[^>]*id="axis-pass_limit"[^>]*>', limited)
    assert field is not None and "disabled" not in field.group(0)
    # Why is the field's description, not part of its name (said at every visit): the name is
    # the label's words alone.
    field = re.search(r'<select[^>]*id="axis-pass_limit"[^>]*>', html)
    assert field is not None
    assert 'aria-labelledby="axis-pass_limit-name"' in field.group(0)
    assert 'aria-describedby="axis-pass_limit-why"' in field.group(0)
    assert '<span id="axis-pass_limit-name">Passes allowed</span>' in html
    assert re.search(r'<small class="why" id="axis-pass_limit-why">No effect here: ', html)
    assert "aria-describedby" not in re.search(r'<select[^>]*id="axis-deck"[^>]*>',
                                               html).group(0)
    # The opening cards are heard in words ("7♠" has no words of its own in every reader).
    options = dict(re.findall(r'<option[^>]*value="(\w+)"[^>]*aria-label="([^"]*)"', html))
    assert options["7S"] == "7 of spades" and options["7D"] == "7 of diamonds", options


def test_the_winners_lead_is_offered_for_the_match_length_chosen_beside_the_rules() -> None:
    # Custom rules of one hand, a match of 10 chosen under them: the field said "No effect
    # here: a match of one hand has no next hand to lead", and stayed off.
    rules = fantan.Rules(opening="any-start")
    assert rules.match_hands == 1

    def field(match: int | None) -> str:
        html = render.setup(CAT, {"preset": "custom", "rules": rules, "level": "easy",
                                  "match": match})
        found = re.search(r'<select[^>]*id="axis-winner_leads_next"[^>]*>', html)
        assert found is not None
        return found.group(0)

    assert " disabled" in field(None) and " disabled" in field(1)
    assert "disabled" not in field(10) and "disabled" not in field(3)


def test_the_new_game_screen_shows_the_match_length_and_pass_limit_it_deals() -> None:
    # Kept from elsewhere (the settings, a save's rules, a test link), a match length or a pass
    # limit the lists do not hold is shown as it is dealt, not a list's first choice.
    def chosen(html: str, field: str) -> list[str | None]:
        found = re.search(rf'<select[^>]*id="{field}"[^>]*>(.*?)</select>', html, re.S)
        assert found is not None
        return [a.get("value") for t, a in parse(found.group(1))
                if t == "option" and "selected" in a]

    rules = fantan.preset("shichi-narabe").replace(pass_limit=9)
    for match, shown in ((None, ""), (5, "5"), (7, "7")):
        html = render.setup(CAT, {"preset": "custom", "rules": rules, "level": "easy",
                                  "match": match})
        assert chosen(html, "setup-match") == [shown]
        assert chosen(html, "axis-pass_limit") == ["9"]
    assert view.match_choices(3) == view.MATCH_CHOICES == (None, 1, 3, 5, 10)
    assert view.match_choices(7) == (None, 1, 3, 5, 10, 7)
    assert view.axis_values(fantan.preset("shichi-narabe"), "pass_limit") == (0, 1, 2, 3, 4, 5)


def test_text_is_escaped() -> None:
    assert render.attrs(title='a "b" <c>') == ' title="a &quot;b&quot; &lt;c&gt;"'
    cat = i18n.Catalog()
    assert render.button("x", "<b>") == '<button type="button" id="x">&lt;b&gt;</button>'
    assert cat.t("missing.key") == "missing.key"


def test_the_result_board_escapes_the_catalogues_numbers() -> None:
    # A catalogue's text is data, not markup: its minus sign as much as its messages, in the
    # board's table and in the match's score sheet.
    messages = english_messages()
    for key in list(messages.messages):
        if key:
            messages.messages[key] = "<x>" + messages.messages[key]
    messages.messages["format.minus"] = "<m>"
    cat = i18n.Catalog([messages], "en")
    match = fantan.new_match(fantan.preset("fan-tan").replace(match_hands=2), seed=11)
    while match.hand_number < 2 or not match.state.is_over:
        if match.state.is_over:
            match = match.next_hand()
        else:
            match = match.play(match.state.legal_moves()[-1])
    rv = view.results_view(cat, match)
    assert rv.sheet and any(line.score < 0 for line in rv.lines)
    html = render.results(cat, match.rules, rv, sheet_open=True)
    assert "&lt;m&gt;" in html and "&lt;x&gt;" in html
    assert not re.search(r"<(x|m)>", html)


def test_the_menu_offers_every_language_in_its_own_name() -> None:
    html = render.menu(CAT, {"speed": "fast", "level": "hard", "four_colour": False,
                             "language": "nb"})
    options = [a for t, a in parse(html) if t == "option" and "lang" in a]
    assert [a["value"] for a in options] == ["en", "de", "nb", "nl", "it"]
    assert "selected" in next(a for a in options if a["value"] == "nb")
    for name in ("English", "Deutsch", "Norsk bokmål", "Nederlands", "Italiano"):
        assert f">{name}<" in html
    assert 'for="menu-language"' in html and 'id="menu-language"' in html
    assert "The browser's language" in html.replace("&#x27;", "'")


def test_rows_are_summed_up_for_screen_readers_and_the_grid_is_hidden() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1).play("7D")
    tv = view.table_view(CAT, state.observation(0))
    html = render.row(CAT, state.rules, tv.rows[0])
    assert 'class="slots" aria-hidden="true"' in html
    # Each row's words a sentence of their own, not run on into the next row's.
    # (the card in words: a screen reader's settings may say nothing for ♠)
    assert '<span class="sr">spades row: not open, waits for 7 of spades.</span>' in html
    # Before the first card, a row that waits for another row's start says that it is closed.
    first = view.table_view(CAT, fantan.new_game(state.rules, seed=1).observation(0)).rows
    assert [render.row_summary(CAT, state.rules, rv) for rv in first] == [
        "spades row: not open", "hearts row: not open",
        "diamonds row: not open, waits for 7 of diamonds", "clubs row: not open"]
    texts = [render.row_summary(CAT, state.rules, rv) for rv in tv.rows]
    assert "diamonds row: only the 7, next: 6 and 8" in texts
    assert "spades row: not open, waits for 7 of spades" in texts
    de = catalog("de")
    assert "Karo\u2011Reihe: nur 7, als Nächstes: 6 und 8" in [
        render.row_summary(de, state.rules, rv) for rv in view.table_view(
            de, state.observation(0)).rows]
    # A row of two cards or more names both ends.
    longer = next(
        s.play("8D") for s in (fantan.new_game(fantan.preset("fan-tan"), seed=k).play("7D")
                               for k in range(100)) if "8D" in s.legal_moves())
    summaries = [render.row_summary(CAT, longer.rules, rv)
                 for rv in view.table_view(CAT, longer.observation(0)).rows]
    assert "diamonds row: 7 to 8, next: 6 and 9" in summaries


def test_an_eliminated_seat_shows_the_word_and_no_counts() -> None:
    sv = view.SeatView(seat=2, name="Otto", side="top", cards=0, passes=3, dealer=False,
                       turn=False, low=False, passes_left=0, place=None, eliminated=True,
                       chips=None, points=None, total=-4)
    html = render.seat(CAT, sv)
    # (the word may break, at a syllable, on the narrowest badges)
    assert "Elim\u00adi\u00adnat\u00aded" in html and "Total −4" in html
    assert 'class="count"' not in html and 'class="passes"' not in html
    # A count keeps the room of the widest words it can come to in the hand, laid under it.
    counted = render.seat(CAT, dataclasses.replace(sv, eliminated=False, cards=9, most=13))
    assert '<span class="count" data-widest="10 cards"><span>9 cards</span></span>' in counted
    # Where scores are gains and losses, a total above zero has its plus, as on the board.
    assert "Total +4" in render.seat(CAT, dataclasses.replace(sv, total=4, signed=True))
    assert "Total 4<" in render.seat(CAT, dataclasses.replace(sv, total=4))
    # So have chips, which change hands (the board's total said "+23", the badge "23").
    chips = dataclasses.replace(sv, eliminated=False, total=None, chips=23, signed=True)
    assert '<span aria-hidden="true">+23</span><span class="sr">Chips +23</span>' in (
        render.seat(CAT, chips))
    assert '<span aria-hidden="true">0</span>' in render.seat(
        CAT, dataclasses.replace(chips, chips=0))
    playing = render.seat(CAT, dataclasses.replace(sv, eliminated=False))
    assert 'class="count"' in playing and 'class="passes"' in playing
    # No pass left is said in words, not as "0 passes left".
    assert '<span class="passes">no passes left</span>' in playing
    assert "2 passes left" in render.seat(CAT, dataclasses.replace(sv, eliminated=False,
                                                                   passes_left=2))
    # Nor is none made yet, where passes are not counted down ("0× gepasst" is no German).
    fresh = dataclasses.replace(sv, eliminated=False, passes=0, passes_left=None)
    assert '<span class="passes">no passes</span>' in render.seat(CAT, fresh)
    assert '<span class="passes">nie gepasst</span>' in render.seat(catalog("de"), fresh)
    assert '<span class="passes">1 pass</span>' in render.seat(
        CAT, dataclasses.replace(fresh, passes=1))


def test_a_pass_lights_up_its_own_line_of_the_badge() -> None:
    sv = view.SeatView(seat=1, name="Lina", side="top", cards=6, passes=2, dealer=False,
                       turn=False, low=False, passes_left=None, place=None, eliminated=False,
                       chips=None, points=None, total=-4)
    lit = render.seat(CAT, sv, True)
    assert '<span class="passes flash">2 passes</span>' in lit
    # Nothing is laid over the badge's lines, and only the passes light up.
    assert lit.count("flash") == 1 and "bubble" not in lit
    assert "flash" not in render.seat(CAT, sv)
    gone = render.seat(CAT, dataclasses.replace(sv, eliminated=True), True)
    assert '<span class="tag elim flash">Elim\u00adi\u00adnat\u00aded</span>' in gone


def test_a_row_summary_keeps_cards_laid_out_apart_from_its_run() -> None:
    # Shichi Narabe without passes: a seat that cannot play is out and lays its cards out.
    rules = fantan.preset("shichi-narabe").replace(players=3, pass_limit=0)
    state = fantan.new_game(rules, seed=0)
    rng = random.Random(0)
    while not any(r.laid_out and len(r.cards) > 1 for r in state.rows()):
        state = state.play(rng.choice(state.legal_moves()))
    row = next(r for r in state.rows() if r.laid_out and len(r.cards) > 1)
    rv = next(v for v in view.table_view(CAT, state.observation(0)).rows if v.suit == row.suit)
    text = render.row_summary(CAT, rules, rv)
    low, high = (view.rank_name(CAT, rules, view.split(c)[0]) for c in (row.cards[0],
                                                                         row.cards[-1]))
    laid = CAT.join([view.rank_name(CAT, rules, view.split(c)[0]) for c in row.laid_out])
    assert text.startswith(f"{rv.name} row: {low} to {high}, next: ")
    assert text.endswith(f"; laid out by an eliminated player: {laid}")


def test_the_seat_to_move_has_a_marker_beside_the_colour() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    tv = view.table_view(CAT, state.observation(0))
    for sv in tv.seats:
        html = render.seat(CAT, sv)
        assert ('class="turn-mark"' in html) == sv.turn
        if sv.dealer:
            assert '<span class="sr"> Dealer</span>' in html
        # Each badge is a group named for its seat: heard one after another, the seat to
        # move's "to move:" does not run on from the seat before.
        assert html.startswith("<div") and f'role="group" aria-label="{sv.name}"' in (
            html[:html.index(">")])


def test_numbers_on_the_board_follow_the_language() -> None:
    match = fantan.new_match(fantan.preset("fan-tan-chips"), seed=2)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    html = render.results(catalog("nb"), match.rules, view.results_view(catalog("nb"), match))
    assert "Runden er over" in html
    assert re.search(r'<td class="n">[+−]\d+</td>', html)  # signed chips, the Norwegian minus


def test_the_menu_shows_the_players_record_at_each_level() -> None:
    stats = store.parse_stats(None)
    stats["levels"]["hard"] = {"hands": 3, "hands_won": 1, "matches": 1, "matches_won": 0}
    html = render.menu(CAT, {"speed": "fast", "level": "hard", "four_colour": False}, stats)
    cells = [re.sub(r"<[^>]*>", "", row) for row in re.findall(r"<tr>(.*?)</tr>", html)]
    assert cells == ["OpponentsHands wonMatches won", "Easynone yetnone yet",
                     "Mediumnone yetnone yet", "Hard1 of 3 (33%)0 of 1 (0%)"]
    assert 'scope="row"' in html and 'aria-labelledby="record-title"' in html
    assert "Matches are games of more than one hand." in html  # (a single hand is not one)
    # A record can be set back to zero, asked twice; an empty one offers nothing to reset.
    assert 'id="record-reset"' in html and "record-reset-yes" not in html
    asked = render.menu(CAT, {"speed": "fast", "level": "hard", "four_colour": False}, stats,
                        confirm_reset=True)
    assert 'id="record-reset-yes"' in asked and 'id="record-reset-no"' in asked
    assert "Set the record back to zero" in asked and 'id="record-reset"' not in asked
    assert "record-reset" not in render.menu(CAT, {"speed": "fast", "level": "hard",
                                                   "four_colour": False}, store.cleared(stats))
    assert "record-title" not in render.menu(CAT, {"speed": "fast", "level": "hard",
                                                   "four_colour": False})


def test_the_menu_says_when_the_game_in_play_counts_at_an_easier_level() -> None:
    settings = {"speed": "fast", "level": "hard", "four_colour": False}
    note = ("Your record counts the game in play at Easy, the easiest level it has been "
            "played at.")
    assert note in render.menu(CAT, settings, store.parse_stats(None), counts_at="easy")
    assert "counts the game" not in render.menu(CAT, settings, store.parse_stats(None),
                                                counts_at=None)
    assert "auf der Stufe „Mittel“, der leichtesten," in render.menu(
        catalog("de"), settings, store.parse_stats(None), counts_at="medium")


def test_the_new_game_screen_says_when_dealing_gives_a_game_up() -> None:
    draft = {"preset": "fan-tan", "rules": fantan.preset("fan-tan"), "level": "easy",
             "match": None}
    note = "Dealing now gives up the game in play: your record counts it as not won."
    assert note in render.setup(CAT, draft, gives_up=True)
    assert note not in render.setup(CAT, draft) and "setup-gives-up" not in render.setup(CAT, draft)


def test_each_game_on_the_new_game_screen_is_named_by_its_name_and_described_apart() -> None:
    # A screen reader read each choice as its name and description run together ("Fan Tan
    # The classic: …"): its name is the name, the description its description.
    draft = {"preset": "sjueren", "rules": fantan.preset("sjueren"), "level": "easy",
             "match": None}
    html = render.setup(CAT, draft)
    ids = re.findall(r'id="(preset-(?:name|desc)-[^"]+)"', html)
    assert len(ids) == len(set(ids)) == 2 * (len(fantan.PRESETS) + 1)
    for name in [*fantan.PRESETS, "custom"]:
        radio = re.search(rf'<input type="radio" name="preset" value="{name}"[^>]*>', html)
        assert radio is not None
        assert f'aria-labelledby="preset-name-{name}"' in radio.group(0)
        assert f'aria-describedby="preset-desc-{name}"' in radio.group(0)
    assert '<span class="preset-name" id="preset-name-sjueren">Sjueren</span>' in html


def test_options_refused_for_one_reason_are_named_together_and_the_reason_said_once() -> None:
    # A chip for a pass (Sjuan's rules): every scoring but chips is refused for that one
    # reason, said once after their names (it stood once for each of them).
    html = render.setup(CAT, {"preset": "custom", "rules": fantan.preset("sjuan"),
                              "level": "easy", "match": None})
    found = re.search(r'<small class="why" id="axis-scoring-why">(.*?)</small>', html, re.S)
    assert found is not None
    note = unescape(found.group(1))
    refused = [o for o in view.axis_options(CAT, fantan.preset("sjuan"), "scoring")
               if not o.allowed]
    assert len(refused) >= 2 and len({o.why for o in refused}) == 1
    # (each name in quotation marks: a name with "and" in it, "Chips and a pot", read as two)
    assert note == CAT.n("setup.not-offered", len(refused),
                         option=CAT.join([f"“{o.label}”" for o in refused]), why=refused[0].why)
    assert note.count(refused[0].why) == 1 and note.count("Not offered") == 1
    # (in words that agree with how many: Italian "Non disponibili" for several)
    italian = render.setup(catalog("it"), {"preset": "custom", "rules": fantan.preset("sjuan"),
                                           "level": "easy", "match": None})
    found = re.search(r'<small class="why" id="axis-scoring-why">(.*?)</small>', italian, re.S)
    assert found is not None and found.group(1).startswith("Non disponibili: ")
