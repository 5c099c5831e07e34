"""The game played as a person plays it: clicks, taps and keys on the real page.

Seeds come through the URL (`?new=1&seed=N&preset=...`), and `speed=instant` removes the pauses
between computer moves where a test only needs the end of a hand. Screenshots go to
e2e/artifacts/ (kept out of git) for people to look at.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import MY_TURN, MY_TURN_OR_OVER, PLAYABLE, REACHED_JS, Server, Watch
from playwright.sync_api import BrowserContext, Page, expect

import build
import fantan
import fantan.ai

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web"))
import i18n  # noqa: E402
import store  # noqa: E402
import view  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
HAND_ROWS = "#results .scroll > table > tbody > tr"  # (the hand's table: not the score sheet)
PORTRAIT = {"width": 360, "height": 640}
LANDSCAPE = {"width": 640, "height": 360}
DESKTOP = {"width": 1280, "height": 800}
TABLET = {"width": 768, "height": 1024}
LARGE = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}
TALL = {"width": 390, "height": 844}

# The rows as they show: the box round their suits' signs and slots (#rows itself stretches to
# the room it is given, wider and taller than what is in it).
ROWS_SEEN = """() => {
    const rects = [...document.querySelectorAll('#rows .row-suit, #rows .slot')]
        .map(e => e.getBoundingClientRect());
    return {left: Math.min(...rects.map(r => r.left)),
            right: Math.max(...rects.map(r => r.right)), top: Math.min(...rects.map(r => r.top)),
            bottom: Math.max(...rects.map(r => r.bottom))};
}"""


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def open_game(page: Page, server: Server, game, query: str = "") -> None:
    game.boot(page, server.url + query)
    page.wait_for_selector("html[data-phase=playing], html[data-phase=over]", timeout=60_000)


def table_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all('[data-zone="table"]', "els => els.map(e => e.dataset.card)")


def hand_cards(page: Page) -> list[str]:
    return page.eval_on_selector_all('#hand [data-zone="hand"]',
                                     "els => els.map(e => e.dataset.card)")


def hand_still(page: Page) -> None:
    """Wait until the cards in hand are where they stay: they slide to their places after a
    play and at our turn (160 ms), and a card chosen rises; a measurement waits for both."""
    page.wait_for_function("""() => [...document.querySelectorAll('#hand [data-zone=hand]')]
        .every(c => c.getAnimations().every(a => a.playState !== 'running'))""")


def play_to_the_end(page: Page, limit: float = 180, double: bool = False) -> int:
    """Play the first playable card whenever it is our turn, until the result board."""
    start = time.monotonic()
    moves = 0
    while time.monotonic() - start < limit:
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") == "over":
            return moves
        card = page.locator(PLAYABLE).first
        if double and moves % 2:
            card.dblclick()  # a double click (tap) plays at once
        else:
            code = card.get_attribute("data-card")
            card.click()
            if not page.locator("#play:enabled").count():
                page.wait_for_timeout(2_000)
                if not page.locator("#play:enabled").count():
                    shot(page, "play-not-enabled")
                    raise AssertionError(
                        f"a tap on {code} did not choose it: {page.inner_text('#message')!r}, "
                        f"phase {page.get_attribute('html', 'data-phase')}, "
                        f"turn {page.get_attribute('html', 'data-turn')}")
            page.click("#play")
        moves += 1
    raise AssertionError("the hand did not end")


def shown(code: str) -> str:
    """A French card as the English page shows it: "10♥" for "10H"."""
    return code[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[code[-1]]


def finish_hand_with_engine(match: fantan.Match) -> fantan.Match:
    """The hand in play of ``match`` played to its end, every seat taking its last legal move."""
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[-1])
    return match


def test_the_no_move_pause_speaks_a_language_chosen_during_it(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The table took the new language at once, but "No move" and its line kept the old one.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=3),
                         lambda m: m.state.to_move == 0 and m.state.legal_moves() == ("pass",),
                         pick=lambda legal: legal[-1])
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?speed=slow")
    expect(page.locator("#banner")).to_have_text("No move")
    page.click("#open-menu")  # (the pause lasts while the menu is open)
    page.select_option("#menu-language", "de")
    de = catalog("de")
    expect(page.locator("#banner")).to_have_text(de.t("msg.no-move"))
    expect(page.locator("#message")).to_have_text(de.t("msg.no-move-long"))
    page.keyboard.press("Escape")
    expect(page.locator("#banner")).to_be_hidden()
    expect(page.locator('.seat[data-seat="0"] .passes')).to_have_text(
        de.n("seat.passes", match.state.passes[0] + 1))


def test_a_hint_shown_is_worded_again_in_a_language_chosen_then(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The hint's line became "Press Play to put down …" in the new language, while the marks
    # on the cards it leads to stayed, with nothing left to say what they were.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=5),
                         lambda m: m.state.to_move == 0 and len(m.state.legal_moves()) > 1)
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?speed=slow")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "))
    page.click("#open-menu")
    page.select_option("#menu-language", "de")
    page.keyboard.press("Escape")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Tipp: "))


def test_a_refusal_given_as_our_turn_comes_stays_when_the_card_lands(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Our cards answer as soon as the card that hands us the turn is played, while it still
    # flies; a refusal (or a hint) given then was wiped by "Your turn" as the card landed.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=5), lambda m: (
        m.state.to_move == 3 and len(m.state.legal_moves()) == 1
        and m.state.legal_moves() != ("pass",) and len(m.state.moves) > 8))
    after = match.state.play(match.state.legal_moves()[0])
    card = next(c for c in after.hand(0) if c not in after.legal_moves())
    info = after.explain(card)
    assert info is not None
    why = view.reason_message(catalog("en"), after.rules, info)
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?speed=normal&pace=3")
    # (the card's flight slowed down twenty times: 7.6 s in which our turn has not come yet)
    cdp = context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.05})
    page.wait_for_function("""() => !document.querySelector('#hint').disabled
                                    && document.documentElement.dataset.turn !== '0'""",
                           timeout=20_000)
    page.click(f'#hand [data-card="{card}"]', force=True)
    expect(page.locator("#message")).to_have_text(why)
    assert page.get_attribute("html", "data-turn") != "0"  # (the card still flies)
    expect(page.locator("html")).to_have_attribute("data-turn", "0", timeout=30_000)
    page.wait_for_timeout(300)
    assert page.inner_text("#message") == why
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 1})


def catalog(code: str) -> i18n.Catalog:
    """A language's catalogue, English behind it, loaded as the page loads it (each one
    compiled here from its .po, as the build compiles it)."""
    return i18n.load(i18n.LOCALEDIR, [code], read=lambda path: build.compile_po(
        Path(path).with_suffix(".po").read_text(encoding="utf-8")))


def seed_where(preset: str, test, upto: int = 500) -> int:
    """The first deal seed whose fresh match satisfies a test (checked with the engine here)."""
    for seed in range(1, upto):
        if test(fantan.new_match(fantan.preset(preset), seed)):
            return seed
    raise AssertionError("no such seed")


def played_until(match: fantan.Match, done, pick=lambda legal: legal[0]) -> fantan.Match:
    """The match played on with the engine here, each seat's move ``pick(legal moves)``,
    next hands dealt, until ``done(match)`` holds (before the match ends)."""
    while not done(match):
        assert not match.is_over, "the match ended first"
        state = match.state
        match = match.next_hand() if state.is_over else match.play(pick(state.legal_moves()))
    return match


def we_must_give() -> fantan.Match:
    """A hand of Ruter 7 where the seat after us has passed: we give it a card of our choice."""
    return played_until(
        fantan.new_match(fantan.preset("ruter-7"), seed=2),
        lambda m: m.state.pending_gift is not None and m.state.pending_gift[0] == 0,
        pick=lambda legal: legal[-1])


def second_of_three_hands_over() -> fantan.Match:
    """A Sjueren match of three hands, its second over: a board with a score sheet under it,
    and a hand to come."""
    match = finish_hand_with_engine(fantan.new_match(
        fantan.preset("sjueren").replace(match_hands=3), seed=4))
    return finish_hand_with_engine(match.next_hand())


def with_save(context: BrowserContext, text: str, also: dict[str, str] | None = None) -> None:
    """Put a save (and ``also`` these other keys) in localStorage before the page's first load
    (once per tab; a new tab's first blank page has no storage to seed)."""
    seeds = {store.SAVE_KEY: text, **(also or {})}
    context.add_init_script(
        "if (location.protocol.startsWith('http') && !sessionStorage.getItem('seeded')) {"
        f" for (const [k, v] of Object.entries({json.dumps(seeds)})) localStorage.setItem(k, v);"
        " sessionStorage.setItem('seeded', '1'); }")


# --- the standard game -------------------------------------------------------------------------


def test_a_whole_standard_game_through_clicks(page: Page, server: Server, game) -> None:
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=5&speed=instant")
    expect(page.locator(".seat[data-seat]")).to_have_count(4)
    expect(page.locator("#pass")).to_have_count(0)  # forced passing: never a pass button
    page.wait_for_selector(MY_TURN_OR_OVER)
    shot(page, "portrait-start")
    moves = play_to_the_end(page, double=True)
    assert moves >= 3
    board = page.locator("#results")
    expect(board).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-phase", "over")
    expect(board.locator("tbody tr")).to_have_count(4)
    # The board reveals what every seat still held.
    for row in board.locator("tbody tr").all():
        left = int(row.locator("td").nth(1).inner_text())
        assert row.locator(".held .card").count() == left
    expect(board.locator("#new-game")).to_be_visible()
    shot(page, "portrait-results")
    won = "You win" in board.inner_text()
    # The hand counts once in the player's record (Medium opponents), however often its board
    # is shown: here again after a reload.
    page.goto(server.url)
    game.wait_ready(page)
    expect(board).to_be_visible()
    page.click("#open-menu")
    expect(page.locator("#menu .record tbody tr").nth(1)).to_have_text(
        re.compile(rf"Medium\s*{int(won)} of 1 \({100 * int(won)}%\)\s*none yet"))
    shot(page, "portrait-menu-record")
    # Set back to zero after a second question; the hand shown again does not count anew.
    page.click("#record-reset")
    expect(page.locator("#record-reset-no")).to_be_focused()
    page.click("#record-reset-yes")
    expect(page.locator("#menu .record tbody")).not_to_contain_text("of 1")
    expect(page.locator("#record-reset")).to_have_count(0)
    page.keyboard.press("Escape")
    page.goto(server.url)
    game.wait_ready(page)
    expect(board).to_be_visible()
    page.click("#open-menu")
    expect(page.locator("#menu .record tbody")).not_to_contain_text("of 1")
    page.keyboard.press("Escape")
    # Looking at the table again, then a new game from the board.
    page.click("#show-table")
    expect(board).to_be_hidden()
    expect(page.locator("#show-results")).to_be_focused()
    # (no dead Play or Hint: the hand's moves and the way back)
    expect(page.locator("#controls button")).to_have_text(["Moves", "Results"])
    page.keyboard.press("Enter")
    expect(board).to_be_visible()
    page.click("#new-game")
    expect(page.locator("#setup")).to_be_visible()
    page.click("#start-game")
    page.wait_for_selector("html[data-phase=dealing], html[data-phase=playing]")
    expect(board).to_be_hidden()


def test_an_illegal_card_is_explained_the_hint_and_the_keyboard(
    page: Page, server: Server, game
) -> None:
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=fast")
    page.wait_for_selector(MY_TURN_OR_OVER)
    hand = hand_cards(page)
    other = next(c for c in hand if c != "7D")
    # (force: Playwright treats aria-disabled as "not enabled"; a person can still tap it)
    page.click(f'#hand [data-card="{other}"]', force=True)
    expect(page.locator("#message")).to_have_text("The first card of the hand must be the 7♦.")
    assert table_cards(page) == [] and hand_cards(page) == hand
    expect(page.locator("#play")).to_be_disabled()
    # The hint names the move (the only one here), says why, and selects it.
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(
        "Hint: play the 7♦. It is the only card that fits.")
    expect(page.locator('#hand [data-card="7D"]')).to_have_attribute("aria-pressed", "true")
    # Keys: arrows move through playable cards, Enter plays.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "7D"
    page.keyboard.press("Enter")
    expect(page.locator('[data-zone="table"][data-card="7D"]')).to_be_visible()
    # Later, a card that does not fit is explained with the row's ends; nothing moves.
    page.wait_for_selector(MY_TURN, timeout=60_000)
    before_table, before_hand = table_cards(page), hand_cards(page)
    dim = page.locator('#hand [data-zone="hand"][aria-disabled="true"]')
    assert dim.count()
    # (a card chosen first: a slip onto a card that does not fit leaves it chosen)
    chosen = page.locator(PLAYABLE).first.get_attribute("data-card")
    page.click(f'#hand [data-card="{chosen}"]')
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", str(chosen))
    dim.first.click(force=True)
    expect(page.locator("#message")).to_have_text(re.compile(
        r"The . row is not open yet: its 7. comes first\.|"
        r"The .+ does not touch either end of the . row \(.+–.+\)\."))
    assert table_cards(page) == before_table and hand_cards(page) == before_hand
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", str(chosen))
    expect(page.locator("#play")).to_be_enabled()
    page.keyboard.press("h")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"))
    # A new game now gives this hand up: the screen says so, and the record counts it lost.
    page.click("#open-menu")
    expect(page.locator("#menu .record tbody")).not_to_contain_text("of 1")
    page.click("#menu-new-game")
    expect(page.locator("#setup-gives-up")).to_have_text(GIVES_UP)
    # (over Deal, in view at once: not under the list of rule systems)
    expect(page.locator("#setup-gives-up")).to_be_in_viewport(ratio=1)
    deal_and_find_the_hand_counted_lost(page)


def test_a_hint_that_answers_after_our_move_is_dropped(page: Page, server: Server,
                                                      game) -> None:
    # A deal where, after our 7♦, both others have one move each (made at once, without
    # asking the computer player): our turn comes round with a choice of cards, Hard's hint
    # among them. The answer to a hint asked for then comes (the worker kept busy) after that
    # card is played, while the others play or once our turn has come round again.
    seed, good = 467, ("7S", "6D", "7C")
    match = fantan.new_match(fantan.preset("fan-tan").replace(players=3), seed)
    assert match.state.to_move == 0
    open_game(page, server, game, f"?new=1&seed={seed}&players=3&speed=instant&level=hard")
    page.wait_for_selector("html[data-ai=worker]", state="attached", timeout=120_000)
    page.wait_for_selector(MY_TURN)
    page.locator('#hand [data-card="7D"]').dblclick()
    page.wait_for_selector(f'{MY_TURN}[data-card="{good[0]}"]', timeout=30_000)
    # Hard's hint here, to know the card it names; then Medium's, which takes its place (the
    # page keeps one), so that Hard's is worked out anew when asked for again.
    page.keyboard.press("h")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"))
    hinted = str(page.get_attribute('#hand [aria-pressed="true"]', "data-card"))
    for level in ("medium", "hard"):
        page.click("#open-menu")
        page.select_option("#menu-level", level)
        page.keyboard.press("Escape")
        expect(page.locator("#menu")).to_be_hidden()
        if level == "medium":
            # (worked out anew, at once: its line that a hint is coming, then the hint)
            game.record(page, "medium", "#message")
            page.click("#hint")
            page.wait_for_function("""() => fantanRecords.medium.map(([, [line]]) => line)
                .join('\\n').match(/^Looking for a good move…\\nHint: /m)""")
    # Ask again, the worker kept busy meanwhile, and play that card before the answer comes:
    # the answer, for a position gone by, must neither choose a card nor speak on the turn
    # that has come round (it would name a card no longer in the hand).
    # (busy for 8 s: long enough for the steps until our card is played on a busy machine)
    page.workers[0].evaluate("""() => { setTimeout(() => {
        const end = Date.now() + 8000; while (Date.now() < end); }, 0); }""")
    game.record(page, "message", "#message")
    game.record(page, "chosen", '#hand [aria-pressed="true"]', "data-card")
    page.click("#hint")
    expect(page.locator("#message")).to_have_text("Looking for a good move…")
    card = page.locator(f'#hand [data-card="{hinted}"]')
    if card.get_attribute("aria-pressed") != "true":  # (Medium's hint may have chosen it)
        card.click()
    page.click("#play")
    expect(page.locator(f'[data-zone="table"][data-card="{hinted}"]')).to_be_visible()
    played = game.page_now(page)
    page.wait_for_selector(MY_TURN, timeout=30_000)
    # The hint of the turn come round, asked for and shown: the worker answers in order, so
    # the answer for the position gone by came before it.
    asked = game.page_now(page)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"),
                                                  timeout=30_000)
    lines = [(at, line) for at, (line,) in game.recorded_times(page, "message") if at > played]
    chosen = [(at, cards) for at, cards in game.recorded_times(page, "chosen") if at > played]
    # Until this turn's hint was asked for, no hint showed and no card was chosen; at no time
    # did the card played show as hinted or chosen.
    assert not [line for at, line in lines if at < asked and (line or "").startswith("Hint")]
    assert not [cards for at, cards in chosen if at < asked and cards], chosen
    assert not [line for _, line in lines if shown(hinted) in (line or "")], lines
    assert not [cards for _, cards in chosen if hinted in cards], chosen


def our_turn_at_hard_with_the_worker_busy(page: Page, server: Server, game,
                                          seconds: float) -> None:
    """Open a game at Hard where we move first; once the computer players' worker has started
    and our turn has come, keep the worker's thread busy for ``seconds`` (it answers nothing
    meanwhile, as a worker stopped by the browser never does)."""
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant&level=hard")
    page.wait_for_selector("html[data-ai=worker]", state="attached", timeout=120_000)
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.workers[0].evaluate("""(ms) => { setTimeout(() => {
        const end = Date.now() + ms; while (Date.now() < end); }, 0); }""", seconds * 1000)


def test_a_hint_asked_at_hard_is_dropped_when_the_level_changes(
    page: Page, server: Server, game
) -> None:
    # The hint is the move of the player at the level in play: Hard's, still worked out when
    # the level is changed to Medium, is not shown when it comes, and the line over the hand
    # no longer says that a hint is coming. Medium's is the hint now.
    # (Hard's hint takes as long as the worker is kept busy: 8 s, long enough for the steps
    # until the level is changed on a busy machine)
    our_turn_at_hard_with_the_worker_busy(page, server, game, seconds=8)
    answers = int(page.get_attribute("html", "data-ai-answers") or 0)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text("Looking for a good move…")
    page.click("#open-menu")
    page.select_option("#menu-level", "medium")
    page.keyboard.press("Escape")
    expect(page.locator("#menu")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Your turn: choose a card.")
    # Recorded from here: Hard's answer, however briefly shown, would be in the record.
    game.record(page, "message", "#message")
    game.record(page, "chosen", '#hand [aria-pressed="true"]', "data-card")
    # (the page takes an answer up as it counts it, in the same turn)
    page.wait_for_selector(f"html[data-ai-answers='{answers + 1}']", state="attached",
                           timeout=60_000)
    assert game.recorded(page, "message") == [["Your turn: choose a card."]]
    assert game.recorded(page, "chosen") == [[]]
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"))


def test_a_hint_being_worked_out_at_a_reload_comes_after_it(
    page: Page, server: Server, game
) -> None:
    # (it was lost: only a hint already shown came back; asked again, it is the same)
    our_turn_at_hard_with_the_worker_busy(page, server, game, seconds=30)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text("Looking for a good move…")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"),
                                                  timeout=60_000)
    expect(page.locator("#hand .card.selected")).to_have_count(1)


GIVES_UP = "Dealing now gives up the game in play: your record counts it as not won."


def deal_and_find_the_hand_counted_lost(page: Page) -> None:
    """Deal from the new-game screen, then find the hand given up in the record (Medium)."""
    page.click("#start-game")
    page.wait_for_selector("html[data-phase=dealing], html[data-phase=playing]")
    find_the_hand_counted_lost(page)


def find_the_hand_counted_lost(page: Page) -> None:
    """Find in the menu's record the one hand, given up, at Medium."""
    page.click("#open-menu")
    expect(page.locator("#menu .record tbody tr").nth(1)).to_have_text(
        re.compile(r"Medium\s*0 of 1 \(0%\)\s*none yet"))


def test_a_link_that_deals_a_new_game_counts_the_game_it_gives_up(
    page: Page, server: Server, game
) -> None:
    # A test link's ?new dealt over a hand in play, in which we had moved, and the record
    # never knew: a hand given up for one dealt afresh could be left without counting.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.locator(PLAYABLE).first.dblclick()
    page.wait_for_selector(MY_TURN_OR_OVER)
    open_game(page, server, game, f"?new=1&seed={seed + 1}&speed=instant")
    find_the_hand_counted_lost(page)


def test_the_game_waits_under_the_menu_and_the_new_game_screen(
    page: Page, server: Server, game
) -> None:
    def first_turn_is_a_forced_pass(match: fantan.Match) -> bool:
        state = match.state
        if state.to_move == 0:
            return False
        while state.to_move != 0:
            state = state.play(state.legal_moves()[0])  # the 7♦ holder's opening
        return state.legal_moves() == ("pass",)

    seed = seed_where("fan-tan", first_turn_is_a_forced_pass)
    open_game(page, server, game, f"?new=1&seed={seed}&pace=0.3")
    # Nothing moves while the new-game screen covers the table, not even a pass made for
    # us; nothing of ours has moved, so dealing gives up nothing.
    page.click("#open-menu")
    page.click("#menu-new-game")
    expect(page.locator("#setup")).to_be_visible()
    # (a card still flying to the table lands, and hands on the turn's mark as it does: not
    # a move made under the screen)
    page.wait_for_function(
        "() => !document.getAnimations().some((a) => a.playState === 'running'"
        " && a.effect && a.effect.target && a.effect.target.closest('[data-zone=table]'))")
    # (and what that landing hands on, which follows it a moment later: the turn's mark on us
    # with our "No move" up, its pass waiting under the screen; or no card down yet, the
    # opening waiting under the screen)
    page.wait_for_function("""() => !document.querySelector('#table.landing')
        && (document.querySelectorAll('[data-zone="table"]').length === 0
            || document.documentElement.dataset.turn === '0'
               && !document.getElementById('banner').hidden)""")
    # (recorded from here: a move made under the screen, even one shown only for a moment)
    game.record(page, "table", '[data-zone="table"]', "data-card")
    game.record(page, "turn", "html", "data-turn")
    game.record(page, "hand", '#hand [data-zone="hand"]', "data-card")
    page.wait_for_timeout(2_500)  # (at this pace, long enough for several moves)
    expect(page.locator("#setup-gives-up")).to_have_count(0)
    # Back at the table, play goes on: the game passes for us, and now dealing gives it up.
    closed = game.page_now(page)
    page.click("#setup-cancel")
    expect(page.locator('.seat[data-seat="0"] .passes')).to_have_text("1 pass",
                                                                      timeout=20_000)
    # Nothing had changed before the screen was closed (and play went on after it).
    for name in ("table", "turn", "hand"):
        changes = game.recorded_times(page, name)[1:]
        assert all(at > closed for at, _ in changes), (name, closed, changes)
    assert game.recorded_times(page, "turn")[1:], "no move after the screen closed"
    page.click("#open-menu")
    page.click("#menu-new-game")
    expect(page.locator("#setup-gives-up")).to_have_text(GIVES_UP)
    # (over Deal, in view at once: not under the list of rule systems)
    expect(page.locator("#setup-gives-up")).to_be_in_viewport(ratio=1)
    deal_and_find_the_hand_counted_lost(page)


def test_the_menu_s_choices_outlast_a_link_s_language_level_and_speed(
    page: Page, server: Server, game
) -> None:
    # A link's ?lang, ?level and ?speed set the game it opens; what the player then chooses
    # in the menu holds, through a reload (the link's came back at every reload) and at once
    # (a speed chosen did nothing while the link's stayed).
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&lang=it&level=hard&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.click("#open-menu")
    expect(page.locator("#menu-level")).to_have_value("hard")  # (the link's, in play)
    page.select_option("#menu-language", "en")
    # The settings saved then are the player's own, not the link's level.
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('fantan.settings'))")
    assert saved["language"] == "en" and saved["level"] == "medium", saved
    page.select_option("#menu-level", "easy")
    page.select_option("#menu-speed", "slow")
    # Back closes the menu: the address it comes back to loses them too.
    page.go_back()
    expect(page.locator("#menu")).to_be_hidden()
    assert page.evaluate("location.search") == f"?seed={seed}"
    game.record(page, "turn", "html", "data-turn")
    page.locator(PLAYABLE).first.dblclick()
    # Slow: more than a second before the next player moves (instant: none). Measured on the
    # page's clock, from the turn's mark coming to the next player to its leaving: a busy
    # machine only makes that longer.
    page.wait_for_selector('html[data-turn="2"]')
    came = {turn: at for at, (turn,) in reversed(game.recorded_times(page, "turn"))}
    assert came["2"] - came["1"] >= 1000, game.recorded_times(page, "turn")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.click("#open-menu")
    expect(page.locator("#menu-level")).to_have_value("easy")
    expect(page.locator("#menu-speed")).to_have_value("slow")


def test_a_level_raised_before_the_end_counts_the_hand_at_the_easier_one(
    page: Page, server: Server, game
) -> None:
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant&level=easy")
    page.wait_for_selector(MY_TURN_OR_OVER)
    page.locator(PLAYABLE).first.dblclick()
    page.click("#open-menu")
    expect(page.locator("#menu-level")).to_have_value("easy")
    page.select_option("#menu-level", "hard")
    expect(page.locator("#menu")).to_contain_text(
        "Your record counts the game in play at Easy, the easiest level it has been played at.")
    page.keyboard.press("Escape")
    play_to_the_end(page)
    page.click("#show-table")
    page.click("#open-menu")
    rows = page.locator("#menu .record tbody tr")
    expect(rows.nth(0)).to_have_text(re.compile(r"Easy\s*\d of 1 \(\d+%\)"))
    expect(rows.nth(2)).to_have_text(re.compile(r"Hard\s*none yet"))
    # With no hand in play, no note.
    expect(page.locator("#menu")).not_to_contain_text("counts the game in play")


def line_and_controls(line: str) -> str:
    """For game.record_js: the text of ``line``, then whether Hint and Play are disabled."""
    return f"""() => [document.querySelector({json.dumps(line)}).textContent,
        ...['#hint', '#play'].map((id) => {{ const el = document.querySelector(id);
            return el === null ? 'absent' : el.disabled ? 'disabled' : 'enabled'; }})]"""


def test_no_move_passes_automatically(context: BrowserContext, page: Page, server: Server,
                                      game) -> None:
    # A hand where the human, to move, holds nothing that fits.
    match = fantan.new_match(fantan.preset("fan-tan"), seed=3)
    for _ in range(400):
        state = match.state
        if state.to_move == 0 and state.legal_moves() == ("pass",):
            break
        match = match.play(state.legal_moves()[-1])
    else:
        raise AssertionError("no forced pass found")
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow")
    game.record_js(page, "controls", line_and_controls("#banner"))
    expect(page.locator("#banner")).to_have_text("No move")
    expect(page.locator("#message")).to_have_text("No card fits: you pass.")
    expect(page.locator("#pass")).to_have_count(0)
    shot(page, "portrait-no-move")
    # A card tapped meanwhile does not turn the message into "Wait for your turn".
    page.locator('#hand [data-zone="hand"]').first.click(force=True)
    expect(page.locator("#message")).to_have_text("No card fits: you pass.")
    passes = match.state.passes[0] + 1
    expect(page.locator('.seat[data-seat="0"] .passes')).to_have_text(
        f"{passes} pass" + ("es" if passes != 1 else ""), timeout=10_000)
    expect(page.locator("html")).not_to_have_attribute("data-turn", "0")
    # Nothing to ask for or to play while the game passed for us: in every state recorded
    # while the banner showed (a check after it would pass once the computers move on).
    states = game.recorded(page, "controls")
    assert ["No move", "disabled", "disabled"] in states, states
    assert all(state[1:] == ["disabled", "disabled"] for state in states
               if state[0] == "No move"), states
    # Screen readers hear the pass once, as the message said it.
    heard = page.locator("#announce p").all_inner_texts()
    assert heard.count("No card fits: you pass.") == 1, heard
    assert not any(line.startswith("You pass") for line in heard), heard


def test_the_game_plays_our_one_card_that_fits_once_asked_to(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # A turn of ours where only the 6♠ fits. By default the player plays it; set in the menu,
    # the game plays it for them, saying so, once the menu is shut.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=2),
                         lambda m: m.state.to_move == 0 and m.state.legal_moves() == ("6S",))
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    game.record(page, "hand", '#hand [data-zone="hand"]', "data-card")
    game.record_js(page, "controls", line_and_controls("#message"))
    expect(page.locator(PLAYABLE)).to_have_count(1)
    expect(page.locator("#hint")).to_be_enabled()
    page.wait_for_timeout(1_500)  # (at this pace, longer than the game would wait)
    page.click("#open-menu")
    expect(page.locator("#menu-auto")).not_to_be_checked()
    page.check("#menu-auto")
    page.wait_for_timeout(1_500)  # (nothing moves under the menu)
    closed = game.page_now(page)
    page.keyboard.press("Escape")
    said = "Only the 6♠ fits: it is played for you."
    expect(page.locator("#message")).to_have_text(said)
    expect(page.locator('[data-zone="table"][data-card="6S"]')).to_have_count(1, timeout=10_000)
    expect(page.locator('#hand [data-card="6S"]')).to_have_count(0)
    # The card stayed in the hand until the menu was shut: neither the default (the player
    # plays it) nor the menu's setting, under the menu, played it sooner.
    left = [at for at, cards in game.recorded_times(page, "hand") if "6S" not in cards]
    assert left and left[0] > closed, (closed, game.recorded_times(page, "hand"))
    # Nothing to ask for or to play meanwhile: in every state recorded while the line said so.
    states = game.recorded(page, "controls")
    assert [said, "disabled", "disabled"] in states, states
    assert all(state[1:] == ["disabled", "disabled"] for state in states
               if state[0] == said), states
    expect(page.locator("html")).not_to_have_attribute("data-turn", "0")
    # Screen readers hear it once, as the line said it.
    heard = page.locator("#announce p").all_inner_texts()
    assert heard.count("Only the 6 of spades fits: it is played for you.") == 1, heard
    assert not any(line.startswith("You play 6 of spades") for line in heard), heard
    # The setting is kept.
    page.reload()
    page.wait_for_selector("html:not([data-phase=loading])", state="attached", timeout=60_000)
    page.click("#open-menu")
    expect(page.locator("#menu-auto")).to_be_checked()


def test_full_screen_from_the_menu_keeps_the_game_where_it_was(persistent, server: Server,
                                                               game) -> None:
    # (in a browser of its own: full screen changes the state of the browser's window, which
    # the other tests' shared browser should not carry on from)
    context: BrowserContext = persistent()
    page = context.pages[0] if context.pages else context.new_page()
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.locator(PLAYABLE).first.click()
    chosen = page.locator("#hand .card.selected").get_attribute("data-card")
    before = (table_cards(page), page.inner_text("#message"))
    page.click("#open-menu")
    full = page.locator("#menu-full")
    expect(full).not_to_be_checked()
    full.check()
    page.wait_for_function("() => document.fullscreenElement === document.documentElement")
    expect(full).to_be_checked()
    page.click("#menu-close")
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", str(chosen))
    assert (table_cards(page), page.inner_text("#message")) == before
    # Left by the browser's own means (Escape, F11), the menu says so, open or opened again.
    page.click("#open-menu")
    expect(full).to_be_checked()
    page.evaluate("document.exitFullscreen()")
    expect(full).not_to_be_checked()
    page.click("#menu-close")
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", str(chosen))
    # A browser that refuses (as it may, a setting or a frame forbidding it): the box shows the
    # page as it is, and nothing goes to the console.
    page.evaluate("""() => { Element.prototype.requestFullscreen =
        () => Promise.reject(new TypeError('Permissions check failed')); }""")
    page.click("#open-menu")
    full.click()
    expect(full).not_to_be_checked()
    assert page.evaluate("document.fullscreenElement") is None


def test_full_screen_is_not_offered_where_the_browser_has_none(context: BrowserContext,
                                                               page: Page, server: Server,
                                                               game) -> None:
    # (an iPhone's Safari: no element of the page may fill the screen)
    context.add_init_script(
        "Object.defineProperty(Document.prototype, 'fullscreenEnabled', {get: () => false})")
    open_game(page, server, game, "?new=1&seed=3&speed=instant")
    page.click("#open-menu")
    expect(page.locator("#menu-four")).to_have_count(1)
    expect(page.locator("#menu-full")).to_have_count(0)


def tap_in_lina_s_turn(page: Page, server: Server, game, seed: int, pace: float) -> None:
    """A new game of ``seed`` (Lina to open) at ``pace`` seconds a computer's turn, a card of
    ours tapped in Lina's turn, and a record of the turn and the line over the hand ("line")
    from before the tap."""
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + f"?new=1&seed={seed}&pace={pace}")
    page.wait_for_selector("html[data-phase=playing][data-turn='1']", timeout=60_000)
    game.record_js(page, "line", """() => [document.documentElement.dataset.turn,
                                            document.querySelector('#message').textContent]""")
    page.locator('#hand [data-zone="hand"]').first.click()


def test_wait_for_your_turn_stays_long_enough_to_be_read(page: Page, server: Server,
                                                        game) -> None:
    # A card tapped while the computers play is answered "Wait for your turn", and the next
    # computer's "… is thinking" does not replace that at once (it did within a moment).
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 1)
    # (a computer's turn of 1.2 s: time for the tap to come in it on a busy machine, and
    # shorter than the 2.5 s the line stays, so that the next turn comes while it must stay)
    tap_in_lina_s_turn(page, server, game, seed, 1.2)
    expect(page.locator("#message")).to_have_text("Wait for your turn.")
    page.wait_for_selector("html[data-turn='2']")
    # As the turn moved on, the line still said so (the record's first state of that turn:
    # a look at the page now might come after the line rightly changed).
    states = game.recorded(page, "line")
    # (the tap answered in Lina's turn, before the turn moved on)
    assert next(s for s in states if s[1] == "Wait for your turn.")[0] == "1", states
    assert next(state for state in states if state[0] == "2")[1] == "Wait for your turn.", states
    # Then the page goes on saying whose turn it is.
    expect(page.locator("#message")).to_have_text(
        re.compile(r"^(Otto|Maya) is thinking…$|^Your turn"), timeout=15_000)


def test_wait_for_your_turn_once_replaced_holds_back_no_computer_s_line(
        page: Page, server: Server, game) -> None:
    # "Wait for your turn", then our pass ("No card fits: you pass.") replaced it within the
    # time it stays: the pass's line stayed up, wrong, over the computers' next turns (the hold
    # was timed from the tap whatever the line said by then).
    def passes_first(m: fantan.Match) -> bool:  # (Lina opens; we cannot follow, whatever
        hand = m.state.hand(0)                    # the others play: no 6, 7, 8, 5♦ or 9♦)
        return m.state.to_move == 1 and not any(
            c[:-1] in ("6", "7", "8") or c in ("5D", "9D") for c in hand)
    tap_in_lina_s_turn(page, server, game, seed_where("fan-tan", passes_first, upto=3000), 0.2)
    passed = "No card fits: you pass."
    # (Lina's next turn, after our pass)
    page.wait_for_function("""(passed) => window.fantanRecords.line.some(
            ([, state]) => state[1] === passed)
        && document.documentElement.dataset.turn === '2'""", arg=passed, timeout=30_000)
    states = game.recorded(page, "line")
    assert any(text == "Wait for your turn." for _, text in states), states
    assert not [state for state in states if state[1] == passed and state[0] != "0"], states
    expect(page.locator("#message")).to_have_text(re.compile(r" is thinking…$"))


def test_the_pass_before_the_opening_card_says_it_is_awaited(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # A seek opening (chips), a later hand that another seat leads: we hold no 7♦ and it is
    # not down yet, so nothing fits, not even a 7 of ours; the line says what it waits for,
    # and the screen reader hears it once.
    match = played_until(
        fantan.new_match(fantan.preset("fan-tan-chips"), seed=1),
        lambda m: (m.state.to_move == 0 and m.state.legal_moves() == ("pass",)
                   and "7D" not in m.state.moves))
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow")
    # (and what the pass costs, under "No move", and heard after the why)
    said = "No card fits until the 7♦ is down: you pass."
    expect(page.locator("#banner .banner-title")).to_have_text("No move")
    expect(page.locator("#banner .banner-note")).to_have_text("You pay 1 chip into the pot.")
    expect(page.locator("#message")).to_have_text(said)
    expect(page.locator("html")).not_to_have_attribute("data-turn", "0", timeout=10_000)
    assert page.locator("#announce p").all_inner_texts().count(
        "No card fits until the 7 of diamonds is down: you pass. You pay 1 chip into the"
        " pot.") == 1


def test_a_card_given_to_us_is_shown_again_after_a_reload(context: BrowserContext, page: Page,
                                                          server: Server, game) -> None:
    # Ruter 7: a pass is answered by a card from the seat before; we passed, got one, and it
    # is our turn again when the page loads.
    match = played_until(
        fantan.new_match(fantan.preset("ruter-7"), seed=2),
        lambda m: m.state.to_move == 0 and view.received_gift(m.state.observation(0)) is not None,
        pick=lambda legal: legal[-1])
    giver, card = view.received_gift(match.state.observation(0)) or (0, "")
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    names = ["You", "Lina", "Otto", "Maya"]
    # The card stays said, with what to do now.
    expect(page.locator("#message")).to_have_text(
        f"{names[giver]} gave you the {shown(card)}. Your turn: choose a card.")
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_class(
        re.compile(r"\breceived\b"))


SEE_BACKS_JS = """window.seen = [];
    new MutationObserver(() => {
        const back = document.querySelector('body > .deal-flyer');
        const line = document.getElementById('message');
        if (back && line) window.seen.push([line.textContent, back.style.left]);
    }).observe(document, {subtree: true, childList: true, characterData: true});"""
"""(for a page's init script) The line over the hand and where a card back is, whenever one is
on the page."""


def test_a_card_given_between_two_others_flies_from_one_to_the_other(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Ruter 7: one computer player gives another a card; it flies between their badges as a
    # back, the line saying so until it lands (the counts changed without a trace).
    match = played_until(
        fantan.new_match(fantan.preset("ruter-7"), seed=1),
        lambda m: m.state.pending_gift is not None and 0 not in m.state.pending_gift,
        pick=lambda legal: legal[-1])
    giver, taker = match.state.pending_gift
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    page.add_init_script(SEE_BACKS_JS)
    game.boot(page, server.url + "?speed=slow")
    names = ["You", "Lina", "Otto", "Maya"]
    said = f"{names[giver]} gave {names[taker]} a card."
    page.wait_for_function("window.seen.length > 0", timeout=60_000)
    expect(page.locator("body > .deal-flyer")).to_have_count(0)  # (gone once it has landed)
    seen = page.evaluate("window.seen")
    assert seen[0][0] == said, seen
    # (it lands on the badge of the seat given the card)
    box = page.locator(f'.seat[data-seat="{taker}"]').bounding_box()
    assert box is not None and abs(float(seen[0][1][:-2]) - (box["x"] + box["width"] / 2)) < 2
    expect(page.locator("#message")).not_to_have_text(said)  # (the next player's turn)
    # Under reduced motion it does not fly: it shows on the badge of the seat given it. (A
    # new tab, in which the save is put again, as it was before the gift.)
    page.close()
    still = context.new_page()
    still.set_viewport_size(PORTRAIT)
    still.emulate_media(reduced_motion="reduce")
    still.add_init_script(SEE_BACKS_JS)
    game.boot(still, server.url + "?speed=slow")
    still.wait_for_function("window.seen.length > 0", timeout=60_000)
    seen = still.evaluate("window.seen")
    assert seen[0][0] == said, seen
    assert abs(float(seen[0][1][:-2]) - (box["x"] + box["width"] / 2)) < 2


def test_the_card_we_must_give_is_asked_for_by_the_player_who_passed(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Ruter 7: the seat after us passed, so we give it a card of our choice.
    match = we_must_give()
    passer = match.state.pending_gift[1]
    assert match.state.history[-1] == fantan.Event("pass", passer, None,
                                                   match.state.history[-1].cards, None)
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    name = ["You", "Lina", "Otto", "Maya"][passer]
    expect(page.locator("#message")).to_have_text(
        f"{name} passed: choose a card to give.")
    # A screen reader hears what to do, not the pass again.
    expect(page.locator("#announce p").last).to_have_text(
        f"Choose a card to give to {name}.")
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: give the .+\.$"))
    expect(page.locator("#play")).to_have_text("Give")
    held = len(hand_cards(page))
    given = page.locator("#hand .card.selected").get_attribute("data-card")
    assert given
    page.click("#play")
    expect(page.locator('#hand [data-zone="hand"]')).to_have_count(held - 1)
    expect(page.locator(f'.seat[data-seat="{passer}"] .count')).to_contain_text(
        str(match.state.hand_size(passer) + 1))
    # What we gave stays said while the others move (at this pace, for seconds): in every
    # state recorded until our turn has come round again.
    said = f"You gave the {shown(given)} to {name}."
    expect(page.locator("#message")).to_have_text(said)
    game.record_js(page, "line", """() => [document.documentElement.dataset.turn,
                                            document.querySelector('#message').textContent]""")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    states = game.recorded(page, "line")
    others = [state for state in states if state[0] != "0"]
    assert others and all(line == said for _, line in others), states


def test_the_card_chosen_to_give_is_told_how_to_give_by_keys_or_by_clicks(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Ruter 7: a card chosen to give names the way it was chosen, as a card to play does (it
    # said "Press Give", whatever the keys, and nothing of a second click).
    match = we_must_give()
    name = ["You", "Lina", "Otto", "Maya"][match.state.pending_gift[1]]
    card = match.state.hand(0)[0]
    with_save(context, store.save_text(match))
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.focus(f'#hand [data-card="{card}"]')
    page.keyboard.press("Space")
    expect(page.locator("#message")).to_have_text(
        f"Press Enter to hand the {shown(card)} to {name}, or Escape to put it back.")
    page.keyboard.press("Escape")
    page.locator(f'#hand [data-card="{card}"]').click()
    expect(page.locator("#message")).to_have_text(
        f"Press Give to hand the {shown(card)} to {name}, or click it again.")
    page.locator(f'#hand [data-card="{card}"]').click()
    # (given: at once the others play on, and the line may have moved on to our next turn)
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(0)


@pytest.mark.parametrize("size", [DESKTOP, TABLET], ids=["desktop", "tablet"])
def test_a_chosen_card_clears_our_badge(page: Page, server: Server, game, size) -> None:
    # The card chosen rises with its outline; under our badge, it met the badge's border.
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=3&players=6&pace=0.05")
    page.wait_for_selector(MY_TURN, timeout=30_000)
    badge = page.locator(".you-line .seat").bounding_box()
    assert badge is not None
    middle = badge["x"] + badge["width"] / 2
    cards = page.locator(PLAYABLE)
    lefts = [cards.nth(i).evaluate("e => e.getBoundingClientRect().left")
             for i in range(cards.count())]
    cards.nth(min(range(len(lefts)), key=lambda i: abs(lefts[i] + 20 - middle))).click()
    hand_still(page)
    card = page.locator("#hand .card.selected").bounding_box()
    assert card is not None
    outline = 4  # (3 px wide, 1 px off the card)
    assert card["y"] - outline >= badge["y"] + badge["height"] + 2, (card, badge)


@pytest.mark.parametrize("size", [TALL, DESKTOP], ids=["tall", "desktop"])
def test_a_double_tap_on_new_game_chooses_nothing_on_the_screen_it_opens(
        page: Page, server: Server, game, size) -> None:
    # The second tap landed on the rule system the new-game screen put under the finger
    # (Sjueren upright, Fan Tan with chips on a desktop), and Deal would have dealt it.
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=11&pace=0.05")
    page.click("#open-menu")
    page.dblclick("#menu-new-game")
    expect(page.locator("#setup")).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.locator('#setup input[name="preset"]:checked')).to_have_value("fan-tan")
    # A tap there a moment later is a choice, as any other.
    page.wait_for_timeout(400)
    page.check('#setup input[name="preset"][value="sjueren"]')
    expect(page.locator('#setup input[name="preset"]:checked')).to_have_value("sjueren")


def middle_of_overlap(a: dict[str, float] | None, b: dict[str, float] | None
                      ) -> tuple[float, float]:
    """The middle of where two boxes (bounding_box) overlap; they must."""
    assert a and b
    left, right = max(a["x"], b["x"]), min(a["x"] + a["width"], b["x"] + b["width"])
    top, bottom = max(a["y"], b["y"]), min(a["y"] + a["height"], b["y"] + b["height"])
    assert left < right and top < bottom, (a, b)
    return (left + right) / 2, (top + bottom) / 2


def skip_the_deal(page: Page) -> None:
    """Skip the deal by a click on the table (at a pace of minutes it goes on and on)."""
    page.wait_for_selector("html[data-phase=dealing]", state="attached", timeout=60_000)
    page.locator("#rows").click()
    page.wait_for_selector("html[data-phase=playing]", state="attached")


def test_a_double_click_on_the_rules_close_does_not_fast_forward(page: Page, server: Server,
                                                                 game) -> None:
    # On a laptop's screen the rules page's Close lies over Fast forward: the second click of
    # a double one on it pressed Fast forward, and the computers' turns went by at once. (The
    # dialog's close event, which notes a click that closed a dialog, came after the click's
    # place was forgotten: only a dialog opened was noted.)
    page.set_viewport_size(LAPTOP)
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 1)
    game.boot(page, server.url + f"?new=1&seed={seed}&pace=600")
    skip_the_deal(page)
    page.wait_for_selector("html[data-phase=playing][data-turn='1']", timeout=60_000)
    expect(page.locator("#fast-forward")).to_be_enabled()
    page.click("#open-rules")
    x, y = middle_of_overlap(page.locator("#rules-close").bounding_box(),
                             page.locator("#fast-forward").bounding_box())
    game.record(page, "turn", "html", "data-turn")
    page.mouse.dblclick(x, y)
    expect(page.locator("#rules-page")).to_be_hidden()
    expect(page.locator("#open-rules")).to_be_focused()
    page.wait_for_timeout(500)  # (Fast forward plays the others' turns at once)
    assert game.recorded(page, "turn") == [["1"]]
    # A click of its own there a moment later is one: Fast forward.
    page.wait_for_timeout(400)
    page.mouse.click(x, y)
    page.wait_for_selector("html[data-turn='0']")


def test_a_card_we_gave_is_said_again_after_a_reload(context: BrowserContext, page: Page,
                                                     server: Server, game) -> None:
    # Ruter 7: we gave a card to the seat after us, which passed; the others are still to
    # move when the page loads (frozen here): the line says what we gave, as it did before.
    match = played_until(
        fantan.new_match(fantan.preset("ruter-7"), seed=2),
        lambda m: m.state.to_move not in (0, None)
        and view.given_gift(m.state.observation(0)) is not None,
        pick=lambda legal: legal[-1])
    to, card = view.given_gift(match.state.observation(0)) or (0, "")
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?pace=600")
    game.record(page, "line", "#message")
    page.wait_for_selector("html[data-phase=playing]", timeout=60_000)
    name = ["You", "Lina", "Otto", "Maya"][to]
    said = f"You gave the {shown(card)} to {name}."
    expect(page.locator("#message")).to_have_text(said)
    # Not replaced by whose turn it is: from the moment it showed until fast forward makes
    # the others move (after the page's start-up and the others' turn begun, a while later),
    # the record holds no other line.
    page.wait_for_selector("html[data-ai]", state="attached", timeout=120_000)
    expect(page.locator("#fast-forward")).to_be_enabled()
    page.wait_for_timeout(1_000)
    forward = game.page_now(page)
    page.click("#fast-forward")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    lines = [line for at, (line,) in game.recorded_times(page, "line") if at < forward]
    assert said in lines and lines[lines.index(said):] == [said], lines


def test_a_card_received_and_a_card_to_give_are_both_said(context: BrowserContext, page: Page,
                                                         server: Server, game) -> None:
    # Ruter 7: a card came to us since our last move, and now the seat after us passed: the
    # message says both, the gift we got and the one we must make.
    match = played_until(
        fantan.new_match(fantan.preset("ruter-7"), seed=1),
        lambda m: (m.state.to_move == 0 and m.state.pending_gift is not None
                   and m.state.pending_gift[0] == 0
                   and view.received_gift(m.state.observation(0)) is not None))
    state = match.state
    giver, card = view.received_gift(state.observation(0)) or (0, "")
    assert state.pending_gift is not None
    names = ["You", "Lina", "Otto", "Maya"]
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    expect(page.locator("#message")).to_have_text(
        f"{names[giver]} gave you the {shown(card)}. "
        f"{names[state.pending_gift[1]]} "
        "passed: choose a card to give.")
    expect(page.locator("#play")).to_have_text("Give")


def test_a_hint_to_pass_points_at_the_pass_button(context: BrowserContext, page: Page,
                                                  server: Server, game) -> None:
    # Shichi Narabe: passing is a choice, and here the Medium player would rather pass.
    def medium_would_pass(m: fantan.Match) -> bool:
        legal = m.state.legal_moves()
        return (m.state.to_move == 0 and "pass" in legal and len(legal) > 1
                and fantan.ai.choose("medium", m.state.observation(0), seed=0) == "pass")

    match = played_until(fantan.new_match(fantan.preset("shichi-narabe"), seed=2),
                         medium_would_pass,
                         pick=lambda legal: legal[1] if legal[0] == "pass" and len(legal) > 1
                         else legal[0])
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=slow&level=medium")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(
        "Hint: pass. Each card that fits would help the others.")
    expect(page.locator("#pass")).to_be_focused()
    # Lit as Play is for a card hinted (a click's focus shows no ring), until a card is chosen.
    expect(page.locator("#pass")).to_have_class(re.compile(r"\bprimary\b"))
    # A reload shows it again, as it does a card hinted.
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#message")).to_have_text(
        "Hint: pass. Each card that fits would help the others.", timeout=60_000)
    expect(page.locator("#pass")).to_have_class(re.compile(r"\bprimary\b"))
    page.locator(PLAYABLE).first.click()
    expect(page.locator("#pass")).not_to_have_class(re.compile(r"\bprimary\b"))


def test_a_hint_marks_the_cards_its_card_leads_to(context: BrowserContext, page: Page,
                                                  server: Server, game) -> None:
    # "Hint: play the 8♠. It leads to your 9♠ and J♠.": those two cards are marked in the
    # hand while the card hinted stays chosen.
    def led_to_two(m: fantan.Match) -> bool:
        if m.state.to_move != 0 or len(m.state.legal_moves()) < 2:
            return False
        hint = fantan.ai.hint("medium", m.state.observation(0), seed=m.move_seed)
        return hint.kind == "own" and len(hint.cards) == 2

    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=2), led_to_two)
    hint = fantan.ai.hint("medium", match.state.observation(0), seed=match.move_seed)
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?speed=instant&level=medium")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    led = page.locator("#hand .card.led")
    expect(led).to_have_count(0)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(
        view.hint_text(catalog("en"), match.rules, hint.to_dict()))
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", hint.move)
    expect(led).to_have_count(2)
    assert sorted(led.evaluate_all("els => els.map(e => e.dataset.card)")) == sorted(hint.cards)
    # (and a listener, who does not see the frames, hears them in the cards' names)
    assert all(label.endswith(", the hint leads to it") for label in led.evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"))
    assert page.locator('#hand [aria-label$="the hint leads to it"]').count() == 2
    # The dashed frame, drawn inside the card, stays a pixel clear of its rank in the corner
    # (it ran through it: through "B♠" on a phone).
    for size in (DESKTOP, PORTRAIT):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        clear = led.evaluate_all("""els => els.map(e => {
            const deep = -parseFloat(getComputedStyle(e).outlineOffset);
            const c = e.getBoundingClientRect();
            const r = e.querySelector('.corner .rk').getBoundingClientRect();
            return deep + 1 <= r.left - c.left && deep + 1 <= r.top - c.top; })""")
        assert clear == [True, True], size
    # Another card chosen: the marks go; the hinted card chosen again, they come back.
    other = next(m for m in match.state.legal_moves() if m != hint.move)
    page.click(f'#hand [data-card="{other}"]')
    expect(led).to_have_count(0)
    page.click(f'#hand [data-card="{hint.move}"]')
    expect(led).to_have_count(2)


def test_a_hint_at_hard_is_the_same_however_often_it_is_asked(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The hint at Hard searches a fixed number of worlds: asked again, or after a reload, it
    # names the same card (to the clock, a busy machine's search named another now and then),
    # the card the engine's search of that size names here, which is not Medium's, for what
    # the search found.
    def hard_hint(m: fantan.Match) -> str:
        return fantan.ai.choose("hard", m.state.observation(0), seed=m.move_seed,
                                iterations=fantan.ai.hint_iterations("hard"))

    def hard_differs(m: fantan.Match) -> bool:
        legal = m.state.legal_moves()
        return (m.state.to_move == 0 and len(legal) >= 3 and hard_hint(m)
                != fantan.ai.choose("medium", m.state.observation(0), seed=m.move_seed)
                and fantan.ai.hint("hard", m.state.observation(0), seed=m.move_seed).kind
                == "search")

    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=2), hard_differs,
                         pick=lambda legal: legal[len(legal) // 2])
    expected = hard_hint(match)
    # (and the argument for it: what the engine's search found, for a move that rests on it)
    told = fantan.ai.hint("hard", match.state.observation(0), seed=match.move_seed)
    assert told.move == expected and told.kind == "search" and told.worlds
    argued = view.hint_text(catalog("en"), match.rules, told.to_dict())
    assert "trial deals" in argued
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?speed=instant&level=hard")
    for ask in range(3):
        if ask == 2:
            page.reload()
            game.wait_ready(page)
        page.wait_for_selector(MY_TURN, timeout=60_000)
        if ask == 0:
            # The search can take a second: the press shows at once (the line over the hand,
            # the button busy), until the hint is told.
            page.evaluate("""() => {
                window.hintSeen = [];
                new MutationObserver(() => window.hintSeen.push([
                    document.getElementById('message').textContent,
                    document.getElementById('hint').getAttribute('aria-busy')]))
                .observe(document.getElementById('you'),
                         {subtree: true, childList: true, attributes: true,
                          characterData: true});
            }""")
        page.click("#hint")
        chosen = page.locator("#hand .card.selected")
        expect(chosen).to_have_attribute("data-card", expected, timeout=30_000)
        expect(page.locator("#message")).to_have_text(argued)
        if ask == 0:
            seen = page.evaluate("window.hintSeen")
            thinking = [i for i, (text, busy) in enumerate(seen)
                        if text == "Looking for a good move…" and busy == "true"]
            told = [i for i, (text, busy) in enumerate(seen) if text.startswith("Hint: play")]
            assert thinking and told and thinking[0] < told[0], seen
            assert seen[-1][1] is None and all(busy is None for _, busy in seen[told[0]:]), seen
        page.keyboard.press("Escape")
        expect(chosen).to_have_count(0)


def test_skip_the_deal_and_fast_forward_while_the_page_stays_responsive(
    page: Page, server: Server, game
) -> None:
    # We hold the 7D and open; the computer players follow.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(PORTRAIT)
    # Ten minutes per computer move: the sequence cannot end by itself during this test.
    game.boot(page, server.url + f"?new=1&seed={seed}&pace=600&level=hard")
    expect(page.locator("html")).to_have_attribute("data-phase", "dealing")
    # The deal goes round the table: the others' 39 cards fly to their seats as backs, each
    # badge counting the cards as they land (at this pace, one card at most by now).
    expect(page.locator(".deal-flyer")).to_have_count(39)
    counts = page.locator(".seat[data-seat] .count")
    expect(counts).to_have_count(4)
    for text in counts.all_inner_texts():
        assert text in ("0 cards", "1 card"), text
    # The cards still to come wait unseen: no pile over the dealer's badge hides its count.
    # (A card on its way may cross a badge as it lands; those waiting for their turn, not.)
    waiting, hidden = page.evaluate("""() => {
        const waiting = [...document.querySelectorAll('.deal-flyer, #hand [data-zone=hand]')]
            .filter(c => c.getAnimations().some(a => a.currentTime < a.effect.getTiming().delay));
        const cards = waiting.filter(c => Number(getComputedStyle(c).opacity) > 0.05)
            .map(c => c.getBoundingClientRect());
        return [waiting.length, [...document.querySelectorAll('.seat[data-seat] .count')]
            .filter(e => { const r = e.getBoundingClientRect();
              return cards.some(c => c.left < r.right && c.right > r.left && c.top < r.bottom
                                     && c.bottom > r.top); })
            .map(e => e.closest('.seat').dataset.seat)]; }""")
    assert waiting >= 30 and hidden == [], (waiting, hidden)
    page.click("#skip-deal")
    expect(page.locator("html")).to_have_attribute("data-phase", "playing")
    expect(page.locator(".deal-flyer")).to_have_count(0)
    expect(counts).to_have_text(["13 cards"] * 4)
    # Hard's computer players think in the worker.
    page.wait_for_selector("html[data-ai=worker]", timeout=120_000, state="attached")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    page.locator(PLAYABLE).first.click()
    page.click("#play")
    # Three very slow computer turns follow: the menu opens and closes while they go on...
    expect(page.locator("#fast-forward")).to_be_enabled()
    page.click("#open-menu")
    expect(page.locator("#menu")).to_be_visible()
    assert page.get_attribute("html", "data-turn") in ("1", "2", "3")
    page.keyboard.press("Escape")
    expect(page.locator("#menu")).to_be_hidden()
    # ...and fast forward runs the rest of the sequence at once (at ten minutes a move, only
    # fast forward can bring our turn within the wait).
    page.click("#fast-forward")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)


# How long the first computer move at Hard waits for a worker still starting (players.py's
# WORKER_PATIENCE); a move that waits for a worker takes at least that long, on any machine.
WORKER_PATIENCE_MS = 6_000


def turn_times(game, page: Page) -> list[float]:
    """How long each seat held the turn (ms, the page's clock), from the record "turn" of
    html[data-turn]: the seats whose turn has ended since the record began."""
    came = [at for at, _ in game.recorded_times(page, "turn")]
    return [later - sooner for sooner, later in itertools.pairwise(came)][1:]


def test_the_computer_players_go_on_when_their_worker_cannot_start(
    context: BrowserContext, page: Page, server: Server, watch: Watch, game
) -> None:
    # The worker's own file cannot be fetched (the connection dropped before the page had it
    # all): the worker never answers, and after a short wait the moves are made on the page,
    # not after the two minutes the page gives a slow worker to start. (At Hard: Easy and
    # Medium never start it.)
    watch.allow("ai_worker|Failed to fetch|did not start|ERR_FAILED")
    context.route("**/ai_worker.py*", lambda route: route.abort())
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=fast&level=hard")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.locator(PLAYABLE).first.click()
    page.click("#play")
    page.wait_for_selector("html[data-turn='1']")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=40_000)
    assert page.get_attribute("html", "data-ai") is None  # (the worker may yet come)
    # The next round of computer moves waits no more: no move takes the page the while it
    # gives a worker still starting (each the page's own time from the turn's mark coming to
    # a seat to its leaving; a move made on the page takes well under a second).
    game.record(page, "turn", "html", "data-turn")
    page.locator(PLAYABLE).first.click()
    page.click("#play")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=40_000)
    moves = turn_times(game, page)
    assert moves and max(moves) < WORKER_PATIENCE_MS, (
        f"the computer players waited for the worker again: {moves}")
    # The hint too is worked out on the page.
    if page.get_attribute("html", "data-phase") == "playing":
        page.click("#hint")
        expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"))
        expect(page.locator("#hand .card.selected")).to_have_count(1)


def answers(worker: Any) -> bool:
    """Whether a worker the page had is still there to answer (not stopped)."""
    try:
        return worker.evaluate("1 + 1") == 2
    except Exception:
        return False


def test_the_computer_players_go_on_when_their_worker_stops_answering(
    page: Page, server: Server, watch: Watch, game
) -> None:
    # The worker started, then stopped answering (a phone may stop it for its memory): a
    # question to it is given up after a while and answered on the page; that worker is
    # stopped and another started, the moves made on the page until it is up. If that one
    # stops answering too, every question is answered on the page.
    watch.allow("did not answer")
    page.set_viewport_size(PORTRAIT)
    # (for two minutes: nothing the worker is asked is answered)
    our_turn_at_hard_with_the_worker_busy(page, server, game, seconds=120)
    # (the worker started again slow to start, as on a busy phone: held up 8 s as it begins,
    # longer than a computer move would wait for a worker)
    page.on("worker", lambda worker: worker.evaluate("""() => { setTimeout(() => {
        const end = Date.now() + 8000; while (Date.now() < end); }, 0); }"""))
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"),
                                                  timeout=60_000)
    expect(page.locator('script[name="ai"]')).to_have_count(0)
    expect(page.locator('script[name="ai-1"]')).to_have_count(1)
    game.record(page, "turn", "html", "data-turn")
    page.click("#play")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    moves = turn_times(game, page)
    assert moves and max(moves) < WORKER_PATIENCE_MS, (
        f"the computer players waited for the worker again: {moves}")
    # The new worker takes the questions once it is up; the one lost no longer runs.
    page.wait_for_selector("html[data-ai=worker]", state="attached", timeout=120_000)
    alive = [w for w in page.workers if answers(w)]  # (the browser may list it till asked)
    assert len(alive) == 1
    alive[0].evaluate("""() => { setTimeout(() => {
        const end = Date.now() + 120000; while (Date.now() < end); }, 0); }""")
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "), timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-ai", "page")
    assert page.locator('script[type="py"][worker]').count() == 0


def test_easy_and_medium_think_on_the_page_and_hard_starts_the_worker(
    page: Page, server: Server, game
) -> None:
    # Easy and Medium decide in well under a millisecond: a game against them never boots the
    # worker's second Python (a phone's memory and a second or more of its time). Choosing Hard
    # starts it at once, before its first move.
    seed = seed_where("fan-tan", lambda m: m.state.to_move != 0)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    expect(page.locator("html")).to_have_attribute("data-ai", "page")
    assert len(table_cards(page)) >= 1  # (the computer players have moved)
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "))
    page.locator(PLAYABLE).first.dblclick()
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    assert page.workers == [] and page.locator('script[name="ai"]').count() == 0
    page.click("#open-menu")
    page.select_option("#menu-level", "hard")
    page.wait_for_selector("html[data-ai=worker]", state="attached", timeout=120_000)
    assert len(page.workers) == 1


def test_a_rotation_during_the_deal_ends_it(page: Page, server: Server, game) -> None:
    # The cards would fly to where the seats were: the deal ends at once instead.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(PORTRAIT)
    # Ten minutes per computer move: a deal at that pace cannot end by itself in this test.
    game.boot(page, server.url + f"?new=1&seed={seed}&pace=600")
    expect(page.locator("html")).to_have_attribute("data-phase", "dealing")
    expect(page.locator(".deal-flyer")).to_have_count(39)
    page.set_viewport_size(LANDSCAPE)
    expect(page.locator("html")).to_have_attribute("data-phase", "playing")
    expect(page.locator(".deal-flyer")).to_have_count(0)
    page.wait_for_selector(MY_TURN)
    assert len(hand_cards(page)) == 13
    # Nothing left where the seats were: the page does not scroll sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= LANDSCAPE["width"]


def test_a_new_game_dealt_during_the_deal_leaves_none_of_its_cards(page: Page, server: Server,
                                                                   game) -> None:
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?new=1&seed=3&pace=600")  # a deal that does not end by itself
    expect(page.locator(".deal-flyer")).to_have_count(39)
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.select_option("#setup-players", "3")
    page.click("#start-game")
    expect(page.locator("html")).to_have_attribute("data-phase", "dealing")
    # Only the new deal's cards fly to the two others (the 52 less ours), none of the last
    # deal's 39.
    for _ in range(50):
        counts = page.evaluate("""() => [document.querySelectorAll('.deal-flyer').length,
            document.querySelectorAll('#hand [data-zone="hand"]').length]""")
        if sum(counts) == 52:
            break
        page.wait_for_timeout(100)
    assert sum(counts) == 52 and counts[1] in (17, 18), counts


def test_reload_continues_exactly_where_it_was(page: Page, server: Server, game) -> None:
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=8&speed=instant&preset=sjueren")
    for _ in range(3):
        page.wait_for_selector(MY_TURN_OR_OVER)
        page.locator(PLAYABLE).first.click()
        page.click("#play")
    page.wait_for_selector(MY_TURN_OR_OVER)
    before = (table_cards(page), hand_cards(page), page.inner_text("#seats-top"))
    page.goto(server.url)  # no query: what the player gets on reopening
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN_OR_OVER)
    assert (table_cards(page), hand_cards(page), page.inner_text("#seats-top")) == before
    expect(page.locator("#info")).to_contain_text("Hand 1 of 5")


def test_back_from_the_browsers_cache_the_game_goes_on_from_its_save(
    page: Page, server: Server, game
) -> None:
    # The player left the page, another tab played on and was closed, and the browser's Back
    # shows this page as it was, from its back-forward cache (which fires pageshow with
    # "persisted"): the table becomes the saved game's, and this tab plays it.
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=8&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    match = store.parse_save(page.evaluate("() => localStorage.getItem('fantan.game')"))
    later = played_until(match, lambda m: len(m.state.moves) >= len(match.state.moves) + 8)
    later = played_until(later, lambda m: m.state.to_move == 0 or m.state.is_over)
    page.evaluate("""([key, text, owner]) => {
        localStorage.setItem(key, text); localStorage.setItem(owner, 'another-tab');
        window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true})); }""",
                  [store.SAVE_KEY, store.save_text(later), store.OWNER_KEY])
    played = sorted(e.card for e in later.state.observation(0).history if e.kind == "play")
    expect(page.locator('[data-zone="table"]')).to_have_count(len(played))
    assert sorted(table_cards(page)) == played
    assert sorted(hand_cards(page)) == sorted(later.state.hand(0))
    expect(page.locator("#takeover")).to_be_hidden()
    assert page.evaluate("() => localStorage.getItem('fantan.owner')") != "another-tab"


def test_a_no_move_stopped_by_a_new_sequence_leaves_the_new_ones_banner_up(
    page: Page, server: Server, game
) -> None:
    # Back from the browser's cache during the "No move" of our forced pass, play starts again
    # from the save, with a "No move" of its own: the stopped one, waking up, took that one
    # down at once (it then stood for a moment with no word of why).
    def we_pass_after_the_opening(match: fantan.Match) -> bool:
        state = match.state
        return state.to_move == 3 and state.play("7D").legal_moves() == ("pass",)

    seed = seed_where("fan-tan", we_pass_after_the_opening)
    open_game(page, server, game, f"?new=1&seed={seed}&pace=0.2")  # (its pause: 1 s)
    expect(page.locator("#banner")).to_contain_text("No move", timeout=30_000)
    # (one record of both: the banner taken down by the pass itself and the pass shown come in
    # one change, where two records would each have its own time for them)
    game.record_js(page, "turn", """() => [
        document.querySelector('#banner:not([hidden])')?.textContent ?? null,
        document.querySelector('.seat[data-seat="0"] .passes').textContent]""")
    began = game.page_now(page)
    page.evaluate("() => dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    expect(page.locator('.seat[data-seat="0"] .passes')).to_have_text("1 pass", timeout=20_000)
    kept = game.recorded_times(page, "turn")
    passed = next(at for at, (_, passes) in kept if passes == "1 pass")
    before = [(at, banner) for at, (banner, _) in kept if at < passed]
    # (up until the pass is made: the pause of the "No move" shown again lasts a second)
    assert before[-1][1] == "No move" and before[-1][0] <= passed - 500, (began, kept)


def test_reload_shows_again_the_card_chosen_and_the_table_looked_at(page: Page, server: Server,
                                                                    game) -> None:
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=8&speed=instant")
    page.wait_for_selector(MY_TURN)
    card = page.locator(PLAYABLE).last
    code = card.get_attribute("data-card")
    card.click()
    said = page.inner_text("#message")
    assert said.startswith("Press Play")
    # The link that dealt this game deals no other on a reload: it has lost its "new".
    assert "new=" not in page.url and "seed=8" in page.url
    page.reload()
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", code)
    expect(page.locator("#message")).to_have_text(said)
    # A hint shown comes back as it was too (asked again: the same answer), where the line
    # had gone back to "Your turn".
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "))
    hinted = page.inner_text("#message")
    code = page.locator("#hand .card.selected").get_attribute("data-card")
    page.reload()
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#message")).to_have_text(hinted)
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", code)
    page.click("#play")
    expect(page.locator(f'[data-zone="table"][data-card="{code}"]')).to_be_visible()
    # After the hand, the table looked at instead of the board comes back as it was.
    play_to_the_end(page)
    page.click("#show-table")
    expect(page.locator("#results")).to_be_hidden()
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#show-results")).to_be_visible()
    expect(page.locator("#results")).to_be_hidden()
    page.click("#show-results")
    expect(page.locator("#results")).to_be_visible()
    # In a new tab (a session of its own), the board.
    other = page.context.new_page()
    game.boot(other, server.url)
    expect(other.locator("#results")).to_be_visible()


def test_a_corrupt_save_is_set_aside_and_a_new_game_starts(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    bad = '{"format": "fantan.web-save", "version": 1, "match": {"oops": 1}}'
    # Saves set aside before: the newest are kept with this one, the oldest goes.
    before = {store.ASIDE_PREFIX + str(n): f"old {n}" for n in range(1, store.ASIDE_KEEP + 1)}
    with_save(context, bad, before)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    kept = page.evaluate("""() => Object.keys(localStorage)
        .filter(k => k.startsWith('fantan.game.set-aside.'))
        .map(k => localStorage.getItem(k))""")
    assert sorted(kept) == sorted([bad, *list(before.values())[1:]])
    # The notice covers the seats at the top: it can be put away at once.
    page.click("#notice-close")
    expect(page.locator("#notice")).to_be_hidden()
    saved = page.evaluate("() => localStorage.getItem('fantan.game')")
    assert store.parse_save(saved).state.rules == fantan.preset("fan-tan")


def test_a_save_with_a_move_the_rules_forbid_is_refused_with_its_reason(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    # (the notice said only "could not be read": a player who edited the save is told what)
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), 5),
                         lambda m: len(m.state.moves) >= 6)
    data = json.loads(store.save_text(match))
    state = match.state
    data["match"]["hands"][0]["moves"].append(
        next(c for c in state.hand(state.to_move) if c not in state.legal_moves()))
    with_save(context, json.dumps(data))
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game)
    expect(page.locator("#notice")).to_contain_text(
        "The saved game holds a move the rules do not allow")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)


def test_storage_nested_past_the_browsers_stack_is_set_aside_too(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    # Parsing JSON nested 10,000 deep overflows the browser's stack, which no Python except
    # catches and which stops the runtime: every stored value is refused before it is parsed.
    deep = "[" * 10_000 + "]" * 10_000
    with_save(context, deep, {store.SETTINGS_KEY: deep, store.STATS_KEY: deep,
                              "fantan.boots": "²"})
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    expect(page.locator("#notice")).to_contain_text("Your record could not be read")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    saved = page.evaluate("() => localStorage.getItem('fantan.game')")
    assert store.parse_save(saved).state.rules == fantan.preset("fan-tan")


def test_a_bad_save_in_a_full_storage_is_told_with_the_storage(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    # (the storage's notice, come at the new game's first save, replaced the save's)
    with_save(context, '{"format": "fantan.web-save", "version": 1, "match": {"oops": 1}}')
    context.add_init_script("Storage.prototype.setItem = function () {"
                            " throw new DOMException('Full.', 'QuotaExceededError'); };")
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game)
    expect(page.locator("#notice")).to_contain_text("could not be read")
    expect(page.locator("#notice")).to_contain_text("storage for this page is full")


@pytest.mark.parametrize("error,says", [
    ("new DOMException('The quota has been exceeded.', 'QuotaExceededError')",
     "storage for this page is full"),
    ("new DOMException('The operation is insecure.', 'SecurityError')",
     "does not let the game save")])
def test_a_game_that_cannot_be_saved_says_why_and_plays_on(
    context: BrowserContext, page: Page, server: Server, game, error: str, says: str
) -> None:
    context.add_init_script(
        f"Storage.prototype.setItem = function () {{ throw {error}; }};")
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=8&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    page.locator(PLAYABLE).first.click()
    page.click("#play")
    expect(page.locator("#notice")).to_contain_text(says)
    page.wait_for_selector(MY_TURN_OR_OVER)


TROUBLE_PROBLEMS = r"JsNull|^console error|^Python traceback|a deliberate fault"


def trouble_box_on_screen(page: Page) -> bool:
    return page.evaluate("""() => {
        const box = document.querySelector("#failure").getBoundingClientRect();
        return box.left >= 0 && box.top >= 0 && box.right <= innerWidth
            && box.bottom <= innerHeight;
    }""")


def test_an_error_in_the_game_stops_it_with_a_word_and_a_reload_goes_on(
    page: Page, server: Server, watch: Watch, game
) -> None:
    """An error of the page's own code while the player acts: the table stops as it was, a box
    over it says so (the traceback under Details), and Reload goes on from the last move."""
    watch.allow(TROUBLE_PROBLEMS)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=8&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.locator(PLAYABLE).first.click()
    page.click("#play")
    page.wait_for_selector(MY_TURN)
    before = (table_cards(page), hand_cards(page))
    # (the line over the hand gone, the page's code fails as it speaks of the card chosen)
    page.evaluate("() => document.getElementById('message').remove()")
    page.locator(PLAYABLE).first.click()
    expect(page.locator("html")).to_have_attribute("data-phase", "error")
    box = page.locator("#failure")
    expect(box).to_be_visible()
    expect(box.locator("h2")).to_have_text("Something went wrong")
    expect(page.locator("#failure-text")).to_contain_text("reload the page to go on")
    expect(page.locator("#retry")).to_be_focused()
    assert trouble_box_on_screen(page)
    assert page.evaluate("() => ['app', 'bar-actions'].every((id) => "
                         "document.getElementById(id).inert)")
    details = box.locator(".py-error")
    expect(details).to_be_hidden()
    box.locator("summary").click()
    expect(details).to_contain_text("in say_selected")
    expect(details).to_contain_text("AttributeError")
    assert trouble_box_on_screen(page)
    shot(page, "trouble-portrait")
    # Nothing the page hears after it moves the table: here word of another tab that took
    # the game over and saved it (it showed that tab's game, and set the page playing).
    game.record(page, "takeover", "#takeover:not([hidden])")
    game.record(page, "phase", "html", "data-phase")
    page.evaluate("""([owner, save]) => {
        localStorage.setItem(owner, 'another-tab');
        dispatchEvent(new StorageEvent('storage', {key: owner, newValue: 'another-tab'}));
        dispatchEvent(new StorageEvent('storage',
                                       {key: save, newValue: localStorage.getItem(save)}));
        dispatchEvent(new Event('resize'));
    }""", [store.OWNER_KEY, store.SAVE_KEY])
    page.wait_for_timeout(300)  # (handled as they come: time enough to answer them)
    assert game.recorded(page, "takeover") == [[]]
    assert game.recorded(page, "phase") == [["error"]]
    with page.expect_event("load"):
        page.click("#retry")
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN)
    assert (table_cards(page), hand_cards(page)) == before
    expect(page.locator("#failure")).to_be_hidden()


def test_an_error_in_a_task_of_the_game_is_told_in_the_players_language(
    page: Page, server: Server, watch: Watch, game
) -> None:
    """An error in what runs beside the page (the hint's search here; the computer turns and
    the deal run so too) stops the game as an error in a click does, in the language of the
    page as it is now, and an open dialog makes way for the box."""
    watch.allow(TROUBLE_PROBLEMS)
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=8&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.click("#open-menu")
    page.select_option("#menu-language", "de")
    page.keyboard.press("Escape")
    expect(page.locator("#hint")).to_have_text("Tipp")
    page.evaluate("() => document.getElementById('message').remove()")
    page.click("#hint")
    expect(page.locator("html")).to_have_attribute("data-phase", "error")
    expect(page.locator("#failure h2")).to_have_text("Etwas ist schiefgegangen")
    expect(page.locator("#retry")).to_have_text("Neu laden")
    expect(page.locator("#failure .py-error")).to_contain_text("in hint")
    # (a second error says nothing more: the first box stays as it is)
    page.evaluate("() => dispatchEvent(new CustomEvent('fantan:trouble', "
                  "{detail: 'a deliberate fault'}))")
    expect(page.locator("#failure .py-error")).to_have_count(1)
    expect(page.locator("#failure .py-error")).not_to_contain_text("a deliberate fault")


def test_an_error_that_escapes_the_game_stops_it_too(
    page: Page, server: Server, watch: Watch, game
) -> None:
    """PyScript's own box for a Python error nothing caught goes inside the box as its
    details, instead of lying across the foot of the page; an open dialog closes for it."""
    watch.allow(TROUBLE_PROBLEMS)
    page.set_viewport_size(LANDSCAPE)
    open_game(page, server, game, "?new=1&seed=8&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.click("#open-menu")
    expect(page.locator("#menu")).to_be_visible()
    page.evaluate("""() => {
        const node = document.createElement("div");
        node.className = "py-error";
        node.textContent = "Traceback: a deliberate fault";
        document.body.append(node);
    }""")
    expect(page.locator("html")).to_have_attribute("data-phase", "error")
    expect(page.locator("#menu")).to_be_hidden()
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#failure-details .py-error")).to_have_text(
        "Traceback: a deliberate fault")
    assert trouble_box_on_screen(page)


def test_a_late_word_of_another_tabs_claim_leaves_the_tab_that_claimed_last_playing(
        page: Page, server: Server, game) -> None:
    # Two tabs loaded at once (an update loaded in both) each claim the game as they start;
    # the word of the first claim, come late, made the tab that claimed since stand aside,
    # and at times both tabs did.
    open_game(page, server, game, "?new=1&seed=4&speed=instant")
    page.wait_for_selector(MY_TURN)
    ours = page.evaluate(f"localStorage.getItem({json.dumps(store.OWNER_KEY)})")
    game.record(page, "takeover", "#takeover", "hidden")
    page.evaluate("""([key, ours]) => window.dispatchEvent(new StorageEvent('storage', {
        key, oldValue: ours, newValue: 'a-tab-that-claimed-before', storageArea: localStorage}))""",
                  [store.OWNER_KEY, ours])
    page.wait_for_timeout(300)
    # Claimed since by another tab, the same word makes it stand aside: only that word (the
    # page answers the words in order: the first had its answer before the second's).
    claimed = game.page_now(page)
    page.evaluate(f"localStorage.setItem({json.dumps(store.OWNER_KEY)}, 'another-tab')")
    page.evaluate("""([key, ours]) => window.dispatchEvent(new StorageEvent('storage', {
        key, oldValue: ours, newValue: 'another-tab', storageArea: localStorage}))""",
                  [store.OWNER_KEY, ours])
    expect(page.locator("#takeover")).to_be_visible()
    visible = [at for at, (hidden,) in game.recorded_times(page, "takeover") if hidden is None]
    assert visible and visible[0] > claimed, (claimed, game.recorded_times(page, "takeover"))


def test_a_move_made_after_another_tab_took_the_game_over_is_not_shown(
        page: Page, server: Server, game) -> None:
    # Another tab claims the game, and before word of it comes, this tab plays a card: the
    # move is not saved (the game is the other tab's now), and this tab shows the game as
    # stored, not its own move.
    open_game(page, server, game, "?new=1&seed=4&speed=instant")
    page.wait_for_selector(MY_TURN)
    stored = page.evaluate(f"localStorage.getItem({json.dumps(store.SAVE_KEY)})")
    card = page.locator(PLAYABLE).first.get_attribute("data-card")
    page.evaluate(f"localStorage.setItem({json.dumps(store.OWNER_KEY)}, 'another-tab')")
    page.locator(f'#hand [data-card="{card}"]').dblclick()
    expect(page.locator("#takeover")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem({json.dumps(store.SAVE_KEY)})") == stored
    expect(page.locator(f'[data-zone="table"][data-card="{card}"]')).to_have_count(0)
    expect(page.locator(f'#hand [data-card="{card}"]')).to_have_count(1)


def test_a_game_dealt_after_another_tab_took_the_game_over_is_not_played(
        page: Page, server: Server, game) -> None:
    # The same for a new game of six players dealt here before word of the other tab's claim
    # came: it is not saved nor dealt, and this tab shows the game as stored, four seats (it
    # drew the six seats' table over the four seats' places, and stopped on an error).
    open_game(page, server, game, "?new=1&seed=4&speed=instant")
    page.wait_for_selector(MY_TURN)
    stored = page.evaluate(f"localStorage.getItem({json.dumps(store.SAVE_KEY)})")
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.select_option("#setup-players", "6")
    page.evaluate(f"localStorage.setItem({json.dumps(store.OWNER_KEY)}, 'another-tab')")
    page.click("#start-game")
    expect(page.locator("#takeover")).to_be_visible()
    expect(page.locator("#setup")).to_be_hidden()
    expect(page.locator(".seat")).to_have_count(4)
    assert page.get_attribute("html", "data-phase") == "playing"
    assert page.evaluate(f"localStorage.getItem({json.dumps(store.SAVE_KEY)})") == stored


def test_two_tabs_never_write_over_each_other(context: BrowserContext, server: Server,
                                              game) -> None:
    first = context.new_page()
    open_game(first, server, game, "?new=1&seed=4&speed=instant&match=3")
    second = context.new_page()
    open_game(second, server, game)
    expect(first.locator("#takeover")).to_be_visible()
    expect(first.locator("#takeover")).to_contain_text("another tab")
    expect(first.locator("#message")).to_have_text("")  # (no "Your turn" where none plays)
    # The tab that plays changes the language and the deck's colours; the first takes them
    # over with the game.
    expect(first.locator("#info")).to_contain_text("Medium")
    second.click("#open-menu")
    second.select_option("#menu-language", "de")
    second.check("#menu-four")
    second.select_option("#menu-level", "easy")
    second.keyboard.press("Escape")
    # (the first shows the other's level and deck as they change, in its own language)
    expect(first.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(first.locator("#info")).to_contain_text("Opponents: Easy")
    expect(first.locator("html")).to_have_attribute("lang", "en")
    first.click("#play-here")
    expect(second.locator("#takeover")).to_be_visible()
    expect(first.locator("#takeover")).to_be_hidden()
    expect(first.locator("html")).to_have_attribute("lang", "de")
    expect(first.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))
    expect(first.locator("#play")).to_have_text("Ausspielen")
    # A new game dealt in the tab that no longer plays is played there (and saved), and the
    # other tab stands aside.
    second.click("#open-menu")
    second.click("#menu-new-game")
    second.click("#start-game")
    expect(second.locator("#takeover")).to_be_hidden()
    expect(first.locator("#takeover")).to_be_visible()
    second.wait_for_selector(f'{MY_TURN_OR_OVER}, [data-zone="table"][data-card="7D"]',
                             timeout=30_000)
    if second.locator('#hand [data-card="7D"]').count():  # we open this deal ourselves
        second.locator('#hand [data-card="7D"]').dblclick()
    expect(second.locator('[data-zone="table"][data-card="7D"]')).to_be_visible(timeout=30_000)
    saved = store.parse_save(second.evaluate("() => localStorage.getItem('fantan.game')"))
    assert saved.seed != 4 and saved.state.moves
    # The tab that stands aside shows the game as the other plays it, not its own last table.
    expect(first.locator('[data-zone="table"][data-card="7D"]')).to_be_visible()
    expect(first.locator("#message")).to_have_text("")
    # A setting changed there is kept when it plays again; the others' choices stay.
    first.click("#open-menu")
    first.uncheck("#menu-four")
    first.keyboard.press("Escape")
    first.click("#play-here")
    expect(first.locator("#takeover")).to_be_hidden()
    expect(first.locator("html")).not_to_have_class(re.compile(r"\bfour-colour\b"))
    expect(first.locator("html")).to_have_attribute("lang", "de")
    kept = store.parse_settings(first.evaluate("() => localStorage.getItem('fantan.settings')"))
    assert kept["four_colour"] is False and kept["language"] == "de"


def test_the_moves_open_in_a_tab_that_stands_aside_follow_the_other_tabs_game(
        context: BrowserContext, server: Server, game) -> None:
    # The hand's moves, open in the tab that lets another play, are redrawn with the table
    # under them: they kept the moves of when they were opened, the table moving on.
    first = context.new_page()
    open_game(first, server, game, "?new=1&seed=4&speed=instant")
    first.wait_for_selector(MY_TURN)
    second = context.new_page()
    open_game(second, server, game, "?speed=instant")
    expect(first.locator("#takeover")).to_be_visible()
    first.click("#open-menu")
    first.click("#menu-moves")
    expect(first.locator("#moves-page")).to_be_visible()
    played = first.locator("#moves-page td.play")
    before = played.count()
    second.wait_for_selector(MY_TURN)
    card = second.locator(PLAYABLE).first.get_attribute("data-card")
    second.locator(f'#hand [data-card="{card}"]').dblclick()
    expect(second.locator(f'[data-zone="table"][data-card="{card}"]')).to_have_count(1)
    second.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)  # (the others' moves made)
    expect(first.locator(f'[data-zone="table"][data-card="{card}"]')).to_have_count(1)
    # (as many cards in the moves as on the table, once the last of them is shown)
    first.wait_for_function("""(before) => {
        const moves = document.querySelectorAll('#moves-page td.play').length;
        return moves > before
            && moves === document.querySelectorAll('[data-zone="table"]').length;
    }""", arg=before)


def test_the_rules_open_in_a_tab_that_stands_aside_follow_the_other_tabs_game(
        context: BrowserContext, server: Server, game) -> None:
    # The rules page, open over the table in the tab that lets another play, explains the
    # game that tab deals: it went on explaining Fan Tan over a table of Cinquillo.
    first = context.new_page()
    open_game(first, server, game, "?new=1&seed=4&speed=instant")
    first.click("#open-rules")
    expect(first.locator("#rules-title")).to_have_text("How to play Fan Tan")
    second = context.new_page()
    open_game(second, server, game, "?new=1&seed=4&preset=cinquillo&speed=instant")
    expect(first.locator("#takeover")).to_be_visible()
    first.bring_to_front()  # (a hidden tab catches up when it is shown again)
    expect(first.locator(".title")).to_contain_text("Cinquillo")
    expect(first.locator("#rules-title")).to_have_text("How to play Cinquillo")
    expect(first.locator("#rules-title")).to_be_focused()
    # The same game played on there leaves it as it is, the focus where it was.
    first.locator("#rules-close").focus()
    second.bring_to_front()
    second.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    if second.locator(MY_TURN).count():
        second.locator(PLAYABLE).first.dblclick()
        second.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    first.bring_to_front()
    expect(first.locator('[data-zone="table"]')).to_have_count(
        second.locator('[data-zone="table"]').count())
    expect(first.locator("#rules-close")).to_be_focused()


def test_the_menu_open_in_a_tab_that_stands_aside_follows_the_other_tabs_choices(
        context: BrowserContext, server: Server, game) -> None:
    # The menu, open in the tab that lets another play, shows the level and the deck that tab
    # chooses, and the game it deals: it kept the ones of when it was opened.
    first = context.new_page()
    open_game(first, server, game, "?new=1&seed=4&speed=instant")
    second = context.new_page()
    open_game(second, server, game, "?speed=instant")
    expect(first.locator("#takeover")).to_be_visible()
    first.click("#open-menu")
    first.locator("#menu-speed").focus()
    expect(first.locator("#menu-level")).to_have_value("medium")
    second.click("#open-menu")
    second.select_option("#menu-level", "hard")
    second.check("#menu-four")
    expect(first.locator("#menu-level")).to_have_value("hard")
    expect(first.locator("#menu-four")).to_be_checked()
    expect(first.locator("#menu-speed")).to_be_focused()  # (the focus where it was)
    # A game of the Spanish deck, dealt there: no four-colour deck to offer.
    second.goto(server.url + "?new=1&seed=4&preset=cinquillo&speed=instant")
    first.bring_to_front()  # (a hidden tab catches up when it is shown again)
    expect(first.locator(".title")).to_contain_text("Cinquillo")
    expect(first.locator("#menu-four")).to_have_count(0)
    expect(first.locator("#menu")).to_be_visible()
    # A hand played to its end there: the record shows it.
    expect(first.locator("#menu .record")).not_to_contain_text(re.compile(r"of 1 \("))
    second.bring_to_front()
    play_to_the_end(second)
    first.bring_to_front()
    expect(first.locator("#menu .record")).to_contain_text(re.compile(r"of 1 \("))


def test_next_hand_in_a_tab_that_no_longer_plays_takes_the_game_over(
        context: BrowserContext, server: Server, game) -> None:
    # A match whose first hand is over, its board shown in two tabs: the first tab stands
    # aside; its "Next hand" plays the game here, as stored, rather than deal a hand that
    # nobody plays.
    match = finish_hand_with_engine(fantan.new_match(
        fantan.preset("fan-tan").replace(match_hands=3), seed=4))
    with_save(context, store.save_text(match))
    first = context.new_page()
    game.boot(first, server.url + "?speed=instant")
    expect(first.locator("#next-hand")).to_be_visible()
    second = context.new_page()
    game.boot(second, server.url + "?speed=instant")
    expect(first.locator("#takeover")).to_be_visible()
    first.click("#next-hand", force=True)  # (the board stays under the notice)
    expect(first.locator("#takeover")).to_be_hidden()
    expect(second.locator("#takeover")).to_be_visible()
    first.click("#next-hand")
    first.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    expect(first.locator("#info")).to_contain_text("Hand 2 of 3")
    saved = store.parse_save(first.evaluate("() => localStorage.getItem('fantan.game')"))
    assert saved.hand_number == 2


def test_the_table_looked_at_after_a_hand_of_a_match_goes_on_to_the_next(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The table looked at after a hand with another to come offers the next hand itself, as
    # the board does (it took going back to the board first); after the match's last hand,
    # only the moves and the way back.
    with_save(context, store.save_text(second_of_three_hands_over()))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=instant")
    page.click("#show-table")
    expect(page.locator("#results")).to_be_hidden()
    buttons = page.locator("#controls button")
    expect(buttons).to_have_text(["Moves", "Results", "Next hand"])
    page.click("#table-next-hand")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    expect(page.locator("#info")).to_contain_text("Hand 3 of 3")
    saved = store.parse_save(page.evaluate("() => localStorage.getItem('fantan.game')"))
    assert saved.hand_number == 3 and not saved.state.is_over
    play_to_the_end(page)
    page.click("#show-table")
    expect(buttons).to_have_text(["Moves", "Results"])


# --- every rule system -------------------------------------------------------------------------


@pytest.mark.parametrize("preset,lang", [("sevens", "de"), ("shichi-narabe", "it")])
def test_the_smallest_phone_names_a_long_rule_system_whole(page: Page, server: Server, game,
                                                            preset: str, lang: str) -> None:
    # The longest names: a second line, within the height of the bar's buttons, before a cut.
    page.set_viewport_size({"width": 320, "height": 568})
    open_game(page, server, game, f"?new=1&seed=3&speed=instant&preset={preset}&lang={lang}")
    title = page.locator(".title")
    expect(title).to_contain_text("Sevens (Parliament)" if preset == "sevens" else "Narabe")
    assert page.evaluate("""(t => t.scrollWidth <= t.clientWidth + 1
                                  && t.scrollHeight <= t.clientHeight + 1)(
                                      document.querySelector('.title'))"""), preset
    bar = page.locator(".bar").bounding_box()
    menu = page.locator("#open-menu").bounding_box()
    assert bar and menu and bar["height"] <= menu["height"] + 24, (bar, menu)


def test_one_hand_of_every_preset_reaches_its_result_board(
    page: Page, server: Server, game
) -> None:
    page.set_viewport_size({"width": 412, "height": 860})
    open_game(page, server, game, "?new=1&seed=21&speed=instant")
    for name in fantan.PRESETS:
        page.click("#open-menu")
        page.click("#menu-new-game")
        page.check(f'#setup input[name="preset"][value="{name}"]')
        label = page.locator(f'#setup input[value="{name}"] ~ .preset-name').inner_text()
        expect(page.locator("#setup .preset.chosen")).to_contain_text(label)
        page.click("#start-game")
        # The title names the rule system in play.
        whole = ("Fan Tan · Sevens" if name == "fan-tan" else label
                 if label.startswith("Fan Tan ") else f"Fan Tan · {label}")
        expect(page).to_have_title(whole)
        expect(page.locator(".title")).to_have_text(whole.replace(" · ", " "))
        # On a phone the bar shows the name alone, and whole; the standard game's is the title,
        # and a name that goes on from the title ("Fan Tan with chips") keeps it.
        assert page.evaluate("""() => [...document.querySelectorAll('.title > span')].map(
            s => getComputedStyle(s).display !== 'none').concat((t => t.scrollWidth <= t.clientWidth
            + 1)(document.querySelector('.title')))""") == [
                name == "fan-tan" or label.startswith("Fan Tan "), name != "fan-tan", True], name
        if name == "fan-tan":  # (on a wide screen too: "Sevens" read as "Sevens (Parliament)")
            page.set_viewport_size(DESKTOP)
            expect(page.locator(".title .subtitle")).to_be_hidden()
            expect(page.locator(".title .brand")).to_be_visible()
            page.set_viewport_size({"width": 412, "height": 860})
        # The new hand has begun (the last one's "over" must not end the next wait at once).
        expect(page.locator("html")).not_to_have_attribute("data-phase", "over")
        rules = fantan.preset(name)
        expect(page.locator("#pass")).to_have_count(1 if rules.passing == "limited" else 0)
        if rules.deck == "spanish40":
            page.wait_for_selector(MY_TURN_OR_OVER)
            shot(page, f"preset-{name}")
        play_to_the_end(page)
        expect(page.locator("#results")).to_be_visible()
        expect(page.locator(HAND_ROWS)).to_have_count(4)
        if rules.hands_in_match() > 1:
            expect(page.locator("#next-hand")).to_be_visible()
        if name in ("shichi-narabe", "fan-tan-chips"):
            shot(page, f"preset-{name}-results")
        page.click("#show-table")


def test_a_match_moves_the_dealer_and_ends_with_standings(page: Page, server: Server,
                                                          game) -> None:
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=2&speed=instant&preset=femkamp&match=2")
    dealers = []
    for hand in (1, 2):
        page.wait_for_selector("html[data-phase=playing], html[data-phase=over]")
        dealers.append(page.get_attribute(".seat:has(.tag.dealer)", "data-seat"))
        play_to_the_end(page)
        if hand == 1:
            page.click("#next-hand")
    assert dealers == ["0", "1"]
    expect(page.locator("#results")).to_contain_text("Match over")
    expect(page.locator("#results .standings li")).to_have_count(4)
    # Every line of the standings keeps its number (ours, set in bold, too).
    assert page.evaluate("""() => [...document.querySelectorAll('#results .standings li')]
        .map((li) => getComputedStyle(li).display)""") == ["list-item"] * 4
    expect(page.locator("#results .standings li.ours")).to_contain_text("You")
    shot(page, "desktop-match-over")
    # On a large screen, the board grows with the table, and stays within the screen.
    small = page.locator("#results .results-card").bounding_box()
    page.set_viewport_size({"width": 1920, "height": 1080})
    large = page.locator("#results .results-card").bounding_box()
    assert small and large and large["width"] >= 1.25 * small["width"], (small, large)
    assert large["y"] >= 0 and large["y"] + large["height"] <= 1080
    expect(page.locator(".bar .engine")).to_be_visible()
    # On a phone on its side, the standings stand beside the table, all of them in view; the
    # bar has no room for the engine's version.
    page.set_viewport_size({"width": 844, "height": 390})
    expect(page.locator(".bar .engine")).to_be_hidden()
    standings = page.locator("#results .standings").bounding_box()
    table = page.locator("#results .scroll").bounding_box()
    assert standings and table
    assert standings["x"] >= table["x"] + table["width"]
    assert standings["y"] + standings["height"] <= 390
    assert page.evaluate("(s => s.scrollHeight <= s.clientHeight)("
                         "document.querySelector('#results .standings'))")
    shot(page, "landscape-match-over")
    # On the smallest phone held upright, the standings come first, whole, above the last
    # hand's table (which scrolls), and the buttons stay in view.
    page.set_viewport_size({"width": 320, "height": 568})
    standings = page.locator("#results .standings").bounding_box()
    table = page.locator("#results .scroll").bounding_box()
    buttons = page.locator("#results .results-buttons").bounding_box()
    assert standings and table and buttons
    assert standings["y"] + standings["height"] <= table["y"]
    assert page.evaluate("(s => s.scrollHeight <= s.clientHeight)("
                         "document.querySelector('#results .standings'))")
    assert buttons["y"] + buttons["height"] <= 568
    shot(page, "small-portrait-match-over")


@pytest.mark.parametrize("size", [DESKTOP, {"width": 768, "height": 1024}],
                         ids=["desktop", "tablet"])
def test_our_badge_stays_over_the_hand_whatever_the_message(page: Page, server: Server, game,
                                                            size: dict[str, int]) -> None:
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(size)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant&lang=de")
    page.wait_for_selector(MY_TURN)
    before = page.locator(".you-line .seat").bounding_box()
    other = next(c for c in hand_cards(page) if c != "7D")
    page.click(f'#hand [data-card="{other}"]', force=True)  # a long message
    expect(page.locator("#message")).to_contain_text("muss die 7♦ sein")
    after = page.locator(".you-line .seat").bounding_box()
    hand = page.locator("#hand").bounding_box()
    message = page.locator("#message").bounding_box()
    assert before and after and hand and message
    assert abs(after["x"] - before["x"]) < 1
    middle = after["x"] + after["width"] / 2
    assert abs(middle - (hand["x"] + hand["width"] / 2)) < 2
    assert message["x"] >= after["x"] + after["width"]


def test_back_closes_the_dialog_open_and_stays_in_the_game(page: Page, server: Server,
                                                            game) -> None:
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=2&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    url = page.url
    page.click("#open-menu")
    expect(page.locator("#menu")).to_be_visible()
    page.go_back()
    expect(page.locator("#menu")).to_be_hidden()
    assert page.url == url and page.get_attribute("html", "data-phase") != "loading"
    # The new-game screen, opened from the menu, and the rules over it: Back closes one at a
    # time.
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.click("#setup-rules")
    expect(page.locator("#rules-page")).to_be_visible()
    page.go_back()
    expect(page.locator("#rules-page")).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    page.go_back()
    expect(page.locator("#setup")).to_be_hidden()
    # A dialog closed by its own button leaves its entry spent, and the next dialog takes it
    # again: dialogs opened and closed many times add one entry, not one each.
    page.click("#open-menu")
    page.click("#menu-close")
    expect(page.locator("#menu")).to_be_hidden()
    spent = "() => history.state && history.state.fantanSpent && !history.state.fantanDialog"
    page.wait_for_function(spent)
    length = page.evaluate("history.length")
    for _ in range(3):
        page.click("#open-menu")
        page.click("#menu-close")
    page.wait_for_function(spent)
    assert page.evaluate("history.length") == length and page.url == url
    # The menu closed for the new-game screen, which deals at once: still in the game.
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.click("#start-game")
    page.wait_for_function(spent)
    assert page.url == url
    page.wait_for_selector(MY_TURN_OR_OVER)
    # Reloaded with a dialog open, it opens again on the same entry (test_a_reload_opens_...);
    # the page loads once.
    boots = int(page.get_attribute("#app", "data-boots") or 0)
    page.wait_for_selector("html[data-ai]", state="attached", timeout=120_000)
    page.click("#open-menu")
    length = page.evaluate("history.length")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#menu")).to_be_visible()
    # (counted once the page's start-up is over: html[data-ai] is set at its end)
    page.wait_for_selector("html[data-ai]", state="attached", timeout=120_000)
    assert int(page.get_attribute("#app", "data-boots") or 0) == boots + 1
    assert page.evaluate("history.length") == length
    # Where the session no longer says so, it stays closed, and the entry is spent. (The
    # page notes its dialogs as it goes: the note is taken away after that, as the page goes.)
    page.evaluate("window.addEventListener('pagehide',"
                  " () => sessionStorage.removeItem('fantan.dialogs'))")
    page.reload()
    game.wait_ready(page)
    page.wait_for_function(spent)
    expect(page.locator("#menu")).to_be_hidden()
    # From a spent entry, one press of Back leaves the game (for the page before it).
    page.go_back()
    page.wait_for_url("about:blank")


def test_the_new_game_screen_opens_on_the_game_in_play(page: Page, server: Server,
                                                      game) -> None:
    # A link's game (7 hands of Sjueren, 5 players, at Hard) is the one the screen offers
    # to deal again: its match length was this tab's setting (as the game says, 5 hands).
    open_game(page, server, game, "?new=1&seed=2&speed=instant&preset=sjueren&match=7"
                                  "&players=5&level=hard")
    expect(page.locator("#info")).to_contain_text("Hand 1 of 7")
    page.click("#open-menu")
    page.click("#menu-new-game")
    expect(page.locator('#setup input[name="preset"][value="sjueren"]')).to_be_checked()
    for field, value in (("players", "5"), ("level", "hard"), ("match", "7")):
        expect(page.locator(f"#setup-{field}")).to_have_value(value)


# A list of choices tampered with: a value it does not offer added to it, chosen.
FORGE_CHOICE = """([id, value]) => { const list = document.getElementById(id);
  list.add(new Option(value, value)); list.value = value;
  list.dispatchEvent(new Event('change', {bubbles: true})); }"""


def test_a_value_the_menu_or_the_new_game_screen_does_not_offer_changes_nothing(
    page: Page, server: Server, game
) -> None:
    # An unknown level stopped the game with an error at the next computer turn; a match
    # of "²" hands stopped the new-game screen, and one of 1000000000 was dealt.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN)
    page.click("#open-menu")
    for choice, value in (("menu-level", "godlike"), ("menu-speed", "warp")):
        page.evaluate(FORGE_CHOICE, [choice, value])
    page.keyboard.press("Escape")
    settings = store.parse_settings(page.evaluate(
        "() => localStorage.getItem('fantan.settings')"))  # (none saved: nothing changed)
    assert (settings["level"], settings["speed"]) == ("medium", "normal"), settings
    page.locator(PLAYABLE).first.dblclick()
    page.wait_for_selector(MY_TURN_OR_OVER)  # (the computers played at the level in play)
    page.click("#open-menu")
    page.click("#menu-new-game")
    for choice, value in (("setup-players", "x"), ("setup-players", "²"),
                          ("setup-level", "godlike"), ("setup-match", "²"),
                          ("setup-match", "1000000000"), ("setup-match", "51")):
        page.evaluate(FORGE_CHOICE, [choice, value])
        expect(page.locator("#setup")).to_be_visible()
    for choice, value in (("players", "4"), ("level", "medium"), ("match", "")):
        expect(page.locator(f"#setup-{choice}")).to_have_value(value)
    page.click("#start-game")
    page.wait_for_selector(MY_TURN_OR_OVER)
    match = store.parse_save(page.evaluate("() => localStorage.getItem('fantan.game')"))
    assert (match.rules.players, match.hands) == (4, 1) and match.seed != seed


def test_a_reload_opens_again_the_dialogs_open_and_the_choices_made(page: Page, server: Server,
                                                                    game) -> None:
    # A phone reloads a tab left in the background: the new-game screen comes back with the
    # choices made on it, the rules page over it, or the menu, as they were.
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=2&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.check('#setup input[name="preset"][value="sjueren"]')
    page.select_option("#setup-players", "6")
    page.select_option("#setup-level", "hard")
    page.select_option("#setup-match", "3")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator('#setup input[name="preset"][value="sjueren"]')).to_be_checked()
    expect(page.locator('#setup input[name="preset"][value="sjueren"]')).to_be_focused()
    for field, value in (("players", "6"), ("level", "hard"), ("match", "3")):
        expect(page.locator(f"#setup-{field}")).to_have_value(value)
    # The rules of those choices, read over the screen, come back over it.
    page.click("#setup-rules")
    expect(page.locator("#rules-title")).to_contain_text("Sjueren")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#rules-title")).to_contain_text("Sjueren")
    expect(page.locator("#rules-title")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#rules-page")).to_be_hidden()
    expect(page.locator("#setup")).to_be_visible()
    expect(page.locator("#setup-players")).to_have_value("6")
    # Dealt, the game is the one chosen; the choices were never saved before that.
    page.click("#start-game")
    expect(page.locator("#setup")).to_be_hidden()
    page.wait_for_selector(MY_TURN_OR_OVER)
    expect(page.locator("#opponents .seat")).to_have_count(5)
    assert "Sjueren" in page.title()
    # The menu, and the rules page opened from it (the menu closes for it), alone.
    page.click("#open-menu")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#menu")).to_be_visible()
    page.click("#menu-rules")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#rules-page")).to_be_visible()
    expect(page.locator("#menu")).to_be_hidden()
    expect(page.locator("#setup")).to_be_hidden()
    # Closed, nothing opens again.
    page.click("#rules-close")
    page.reload()
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN_OR_OVER)
    expect(page.locator("dialog[open]")).to_have_count(0)


# A click, then the page's going (a reload's pagehide) before the events the click queued for
# a later task (a dialog's close, the score sheet's toggle): what the tab's session noted then.
CLICK_AND_GO_JS = """([button, key]) => {
    document.querySelector(button).click();
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    return sessionStorage.getItem(key); }"""


def test_a_reload_at_once_after_a_click_shows_again_what_the_click_left(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # A dialog closed and the score sheet shut are noted by their events, which come in a
    # later task: a reload made at once never ran them, and the rules page or the open sheet
    # came back. The page notes what it shows as it goes.
    match = second_of_three_hands_over()
    with_save(context, store.save_text(match))
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    page.click("#open-rules")
    expect(page.locator("#rules-page")).to_be_visible()
    noted = page.evaluate(CLICK_AND_GO_JS, ["#rules-close", store.DIALOGS_KEY])
    assert store.parse_dialogs(noted).open == ()
    page.click("#results .sheet summary")
    expect(page.locator("#results .sheet tbody tr").first).to_be_visible()
    noted = page.evaluate(CLICK_AND_GO_JS, ["#results .sheet summary", store.VIEW_KEY])
    assert not store.parse_view(noted, match, 0).sheet
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results .sheet tbody tr").first).to_be_hidden()
    expect(page.locator("dialog[open]")).to_have_count(0)


def test_the_custom_rules_explain_what_is_not_offered(page: Page, server: Server,
                                                      game) -> None:
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=2&speed=instant")
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.check('#setup input[name="preset"][value="custom"]')
    penalty = page.locator("#axis-pass_penalty")
    expect(penalty.locator('option[value="chip"]')).to_be_disabled()
    expect(page.locator("#setup")).to_contain_text(
        "A chip for a pass needs the scoring with chips and a pot.")
    page.select_option("#axis-scoring", "chips")
    expect(page.locator('#axis-pass_penalty option[value="chip"]')).to_be_enabled()
    page.select_option("#axis-pass_penalty", "chip")
    # Another game looked at, and a reload: Custom chosen again brings these choices back.
    page.check('#setup input[name="preset"][value="sjueren"]')
    expect(page.locator("#axis-scoring")).to_have_count(0)
    page.reload()
    game.wait_ready(page)
    expect(page.locator('#setup input[name="preset"][value="sjueren"]')).to_be_checked()
    page.check('#setup input[name="preset"][value="custom"]')
    expect(page.locator("#axis-scoring")).to_have_value("chips")
    expect(page.locator("#axis-pass_penalty")).to_have_value("chip")
    page.select_option("#setup-match", "3")
    page.click("#setup-rules")
    expect(page.locator("#rules-page")).to_contain_text("Strategy tips")
    expect(page.locator("#rules-page")).to_contain_text("Each pass costs a chip into the pot.")
    # The rules shown are the game about to be dealt, its match length too.
    expect(page.locator("#rules-page")).to_contain_text("A match is 3 hands;")
    page.click("#rules-close")
    page.click("#start-game")
    page.wait_for_selector("html[data-phase=playing]")
    expect(page.locator("#info .pot")).to_be_visible()


# Options of a dialog's selects (the new-game screen's, the menu's) whose words do not fit their
# box (a select shows the chosen one cut off): [select, option] each.
CUT_OPTIONS_JS = """(dialog) => {
    const c = document.createElement('canvas').getContext('2d');
    const out = [];
    for (const s of document.querySelectorAll(`${dialog} select`)) {
        const cs = getComputedStyle(s);
        c.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        // (the room inside its padding, less the arrow's)
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
        for (const o of s.options) {
            if (c.measureText(o.text).width > room) out.push([s.id, o.text]);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("size,columns,lang", [(PORTRAIT, 1, "en"),
                                               ({"width": 1366, "height": 768}, 3, "de"),
                                               ({"width": 1000, "height": 700}, 2, "it")],
                         ids=["portrait", "laptop", "small-laptop"])
def test_the_custom_rules_stand_in_columns_where_the_screen_is_wide(
        page: Page, server: Server, game, size: dict[str, int], columns: int, lang: str) -> None:
    # (on a wide screen each select stretched across the whole dialog, one under the other;
    # then four columns on a laptop cut "Pass until the opening card is played" short, and in
    # German "Verlierer zahlen dem Gewinner einen Punkt pro Karte")
    page.set_viewport_size(size)
    open_game(page, server, game, f"?new=1&seed=2&speed=instant&lang={lang}")
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.check('#setup input[name="preset"][value="custom"]')
    expect(page.locator("#axis-scoring")).to_be_attached()
    tops = page.eval_on_selector_all(".custom label.field", "els => els.map(e => "
                                     "Math.round(e.getBoundingClientRect().top))")
    assert len(tops) >= 8 and tops.count(tops[0]) == columns, tops
    assert page.evaluate("(d => d.scrollWidth <= d.clientWidth)("
                         "document.getElementById('setup'))")
    if columns > 1:  # (a phone's one column is as wide as the screen: its picker shows all)
        assert page.evaluate(CUT_OPTIONS_JS, "#setup") == []


def test_the_new_game_screen_takes_a_landscape_phones_width(page: Page, server: Server,
                                                             game) -> None:
    # (it kept a portrait phone's 40rem, two columns of rule systems with felt to each side)
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, server, game, "?new=1&seed=2&speed=instant")
    page.click("#open-menu")
    page.click("#menu-new-game")
    box = page.locator("#setup").bounding_box()
    assert box and box["width"] >= 0.9 * 844, box
    tops = page.eval_on_selector_all("#setup .preset", "els => els.map(e => "
                                     "Math.round(e.getBoundingClientRect().top))")
    assert tops.count(tops[0]) == 3, tops


# --- fit: phone landscape and desktop --------------------------------------------------------


@pytest.mark.parametrize("size", [LANDSCAPE, DESKTOP, PORTRAIT, {"width": 1024, "height": 768},
                                  TABLET, {"width": 600, "height": 960}],
                         ids=["landscape", "desktop", "portrait", "tablet-landscape", "tablet",
                              "small-tablet"])
def test_each_card_of_a_big_hand_shows_a_finger_wide_strip(page: Page, server: Server, game,
                                                            size: dict[str, int]) -> None:
    # Three players hold 17 or 18 cards each: the biggest hand the game deals.
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=6&speed=instant&preset=sevens&players=3")
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    shot(page, f"hand-3-players-{size['width']}x{size['height']}")
    boxes = page.eval_on_selector_all(
        '#hand [data-zone="hand"]',
        """cards => cards.map(c => { const r = c.getBoundingClientRect();
                                   return [r.x, r.y, c.classList.contains('playable')]; })""")
    assert len(boxes) >= 16
    # Cards overlap; the part of each one not covered by the next (in the same row: the portrait
    # hand wraps) is what a finger can hit: at least 44 px wide for a card that plays, and for
    # every card where there is room. A landscape phone has one row, a short one: there the
    # cards overlap more, the dimmed ones most, their corners still readable, so that the whole
    # hand is in view (nothing hidden past the edge). A phone held upright takes the hand in two
    # rows, not three that would push the last under the buttons.
    pairs = [(a, b) for a, b in itertools.pairwise(boxes) if abs(b[1] - a[1]) < 20]
    wide = [b[0] - a[0] for a, b in pairs if a[2]]
    strips = [b[0] - a[0] for a, b in pairs if not a[2]]
    assert wide and min(wide) >= 43.5, (wide, boxes)
    if size == LANDSCAPE:
        assert strips and min(strips) >= 17.5, strips
        assert page.evaluate(
            "(h => h.scrollWidth <= h.clientWidth)(document.getElementById('hand'))")
    elif size == PORTRAIT:
        assert strips and min(strips) >= 30, strips
        assert len(pairs) == len(boxes) - 2, boxes  # two rows
        assert page.evaluate("document.scrollingElement.scrollHeight") <= size["height"]
    elif size == TABLET:
        # One row, so that the rows above do not move down when a second row empties.
        assert strips and min(strips) >= 36, strips
        assert len(pairs) == len(boxes) - 1, boxes
    else:
        assert strips and min(strips) >= 43.5, strips
    if size["width"] >= 1000:  # a wide screen holds the hand on one row, above the buttons
        assert len({round(y) for _, y, _ in boxes}) <= 2, boxes  # (the playable stand raised)
    # The mark under each card that plays is whole: not cut by the screen's foot or by a box
    # that clips the hand.
    cut = page.eval_on_selector_all("#hand .card.playable .mark", """marks => marks.filter(m => {
        const bottom = m.getBoundingClientRect().bottom;
        let box = m.parentElement, foot = innerHeight;
        for (; box; box = box.parentElement)
          if (getComputedStyle(box).overflowY !== 'visible')
            foot = Math.min(foot, box.getBoundingClientRect().bottom);
        return bottom > foot + 0.5; }).map(m => m.parentElement.dataset.card)""")
    assert cut == [], cut


@pytest.mark.parametrize("size", [DESKTOP, {"width": 1024, "height": 768},
                                  {"width": 800, "height": 600}],
                         ids=["desktop", "tablet-landscape", "small-laptop"])
def test_a_hand_with_room_lies_spread_on_a_screen_on_its_side(page: Page, server: Server, game,
                                                              size: dict[str, int]) -> None:
    # Where the screen is wide and not short, a hand that has the room lies spread, each card
    # whole beside the next (it overlapped its neighbour by 10 px with room to spare), and the
    # biggest (3 players) overlaps only as much as it must, clear of the screen's edges.
    page.set_viewport_size(size)
    for players, cards in ((4, 13), (3, 17)):
        open_game(page, server, game, f"?new=1&seed=6&speed=instant&players={players}")
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        boxes = page.eval_on_selector_all('#hand [data-zone="hand"]', """cards => cards.map(
            c => { const r = c.getBoundingClientRect(); return [r.left, r.right, r.top]; })""")
        assert len(boxes) >= cards - 1 and len({round(top) for *_, top in boxes}) <= 2, boxes
        gaps = [b[0] - a[1] for a, b in itertools.pairwise(boxes)]
        assert max(gaps) - min(gaps) < 1 and max(gaps) <= 6.5, (players, gaps)  # (alike)
        if min(gaps) < 0:  # (overlapping only as it must: the hand spans the screen)
            assert boxes[-1][1] - boxes[0][0] >= size["width"] - 60, (players, boxes)
        assert boxes[0][0] >= 8 and boxes[-1][1] <= size["width"] - 8, (players, boxes)
        if size == DESKTOP and players == 4:
            assert min(gaps) >= 0, gaps


@pytest.mark.parametrize("size", [TABLET, {"width": 820, "height": 1180}, LANDSCAPE],
                         ids=["tablet", "tall-tablet", "landscape"])
def test_a_hand_swollen_by_gifts_shows_every_rank_whole(context: BrowserContext, page: Page,
                                                       server: Server, game,
                                                       size: dict[str, int]) -> None:
    # Ruter 7 with three players: cards given to us for our passes make a hand of 20 in one
    # row; a dimmed card's strip narrows, and its "10" is drawn narrower to stay whole.
    match = fantan.new_match(fantan.preset("ruter-7").replace(players=3), 96)
    while not (match.state.to_move == 0 and len(match.state.hand(0)) >= 20
               and match.state.legal_moves() != ("pass",)):
        legal = match.state.legal_moves()
        match = match.play(legal[-1] if match.state.to_move == 0 else legal[0])
    assert any(card.startswith("10") and card not in match.state.legal_moves()
               for card in match.state.hand(0))
    with_save(context, store.save_text(match))
    page.set_viewport_size(size)
    game.boot(page, server.url)
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    shot(page, f"ruter-7-20-cards-{size['width']}x{size['height']}")
    cut = page.eval_on_selector_all('#hand [data-zone="hand"]', """
      cards => cards.flatMap((c, i) => {
        const r = c.getBoundingClientRect(), next = cards[i + 1];
        const n = next && next.getBoundingClientRect();
        const rank = c.querySelector('.rk').getBoundingClientRect();
        const cover = n && Math.abs(n.top - r.top) < 20 ? n.left : Infinity;
        return rank.right > cover + 0.5 ? [[c.dataset.card, rank.right - r.left, cover - r.left]]
                                        : []; })""")
    assert cut == [], cut


@pytest.mark.parametrize("size", [LANDSCAPE, DESKTOP, {"width": 360, "height": 640}, TABLET,
                                  {"width": 1024, "height": 768}, {"width": 1000, "height": 700},
                                  {"width": 1280, "height": 720}, {"width": 1366, "height": 768},
                                  {"width": 1366, "height": 657},
                                  LARGE, {"width": 2560, "height": 1440}, TALL,
                                  {"width": 600, "height": 960}],
                         ids=["landscape", "desktop", "portrait", "tablet", "tablet-landscape",
                              "small-laptop", "laptop", "laptop-hd", "laptop-window", "large",
                              "very-large", "tall-phone", "small-tablet"])
def test_the_table_fits_the_screen(page: Page, server: Server, watch: Watch, game,
                                   size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    # A match of several hands: the badges carry totals too.
    open_game(page, server, game, "?new=1&seed=8&speed=instant&preset=ruter-7&players=6")
    page.wait_for_selector(MY_TURN_OR_OVER)
    hand_still(page)
    name = f"{size['width']}x{size['height']}"
    shot(page, f"table-6-players-{name}")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= size["width"], f"the page scrolls sideways at {name}"
    # (a phone's page may scroll: its buttons stay in view)
    if size["width"] >= 600 and size["height"] >= 700 or size["width"] >= 1000:
        height = page.evaluate("document.scrollingElement.scrollHeight")
        assert height <= size["height"], f"the page scrolls at {name}"
        # (so the buttons need no band of felt of their own to stay in view on)
        assert page.evaluate("getComputedStyle(document.getElementById('controls'))"
                             ".backgroundImage") == "none", name
    for selector in ("#play", "#hint", "#rows", '#hand [data-zone="hand"]'):
        box = page.locator(selector).first.bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, selector
    expect(page.locator(".seat[data-seat]")).to_have_count(6)
    assert cut_badges(page) == [], f"badges cut at {name}"
    if size["width"] > size["height"] and size["height"] > 500:
        # The seats at the sides: one fact a line, every badge the same shape.
        assert page.evaluate("""() => [...document.querySelectorAll(
                '.seats-left .seat .facts, .seats-right .seat .facts')].every(f => {
            const tops = [...f.children].map(c => Math.round(c.getBoundingClientRect().top));
            return tops.every((t, i) => i === 0 || t > tops[i - 1]); })"""), name
    # Nothing lies over the rows or the hand: not the seats at the sides, nor the buttons (on
    # a screen that holds the whole table; where the page scrolls, its end shows the hand).
    assert page.evaluate("""() => {
        const ROWS_SEEN = """ + ROWS_SEEN + """;
        const box = id => document.getElementById(id).getBoundingClientRect();
        const rows = ROWS_SEEN(), hand = box('hand'), controls = box('controls');
        const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
                               && b.top < a.bottom;
        const sides = [...document.querySelectorAll('.seats-left .seat, .seats-right .seat')];
        const scrolls = document.scrollingElement.scrollHeight > innerHeight;
        return sides.every(s => !over(s.getBoundingClientRect(), rows))
               && (scrolls || !over(hand, controls));
    }"""), f"the rows or the hand covered at {name}"
    # A tablet or a large screen gets larger cards, not a small table in a field of felt; a
    # tall phone, larger cards in hand.
    least = {TABLET["width"]: (50, 90), 1366: (52, 84) if size["height"] > 700 else (44, 66),
             LARGE["width"]: (90, 96),
             2560: (120, 120), TALL["width"]: (0, 66)}.get(size["width"])
    if least:
        slot = page.locator("#rows .slot").first.bounding_box()
        card = page.locator('#hand [data-zone="hand"]').first.bounding_box()
        assert slot and card
        assert slot["width"] >= least[0] and card["width"] >= least[1], (slot, card)
        # A tall phone's rows are as wide as the screen, but it has the height for taller cards
        # on the table, with a larger rank, where the rows were a thin band in a field of felt.
        if size == TALL:
            rank = page.evaluate("parseFloat(getComputedStyle("
                                 "document.querySelector('#rows .card .corner')).fontSize)")
            assert slot["height"] >= 1.8 * slot["width"] and rank >= 12, (slot, rank)
    # Table cards with the room for it show a pip in the middle, as the cards in hand do.
    pips = page.evaluate("""() => [...document.querySelectorAll('#rows .card .pip-c')]
        .map(p => getComputedStyle(p).display !== 'none')""")
    roomy = (size["width"] >= 1000 and 700 <= size["height"] < size["width"]
             or 720 <= size["width"] < size["height"])
    assert pips and set(pips) == {roomy}, name


@pytest.mark.parametrize("width,height,least", [(1366, 768, 66), (1366, 657, 55),
                                                (1280, 720, 58)])
def test_a_laptops_rows_take_the_room_of_seats_and_lines_that_are_not_there(
        page: Page, server: Server, game, width: int, height: int, least: int) -> None:
    # The rows' height is worked out for seats across the top and a match's line over the
    # rows; with three players and one hand there are neither, and their room is the rows'
    # (the table cards were little more than half the size of the cards in hand).
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, server, game, "?new=1&seed=3&speed=instant&players=3")
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    shot(page, f"laptop-3-players-{width}x{height}")
    slot = page.locator("#rows .slot").first.bounding_box()
    assert slot and slot["width"] >= least, slot
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height
    assert page.evaluate("""() => {
        const box = s => document.querySelector(s).getBoundingClientRect();
        const rows = (""" + ROWS_SEEN + """)();
        return box('.bar').bottom <= rows.top && rows.bottom <= box('.you-line').top; }""")


@pytest.mark.parametrize("preset,more", [("fan-tan", ""), ("shichi-narabe", ""),
                                         ("shichi-narabe", "&match=3"),
                                         ("femkamp", "&players=3&match=3"),
                                         ("fan-tan-chips", "&players=8&match=3"),
                                         ("sjueren", "&players=8")],
                         ids=["fan-tan", "shichi-narabe", "shichi-narabe-match",
                              "femkamp-3-players", "chips-8-players", "sjueren-8-players"])
def test_the_smallest_landscape_phone_holds_the_whole_table(page: Page, server: Server, game,
                                                            preset: str, more: str) -> None:
    # 568x320: the buttons (with Shichi Narabe's Pass) stand beside the hand, the message has
    # the width above them, and nothing needs scrolling, a card chosen or not: not with a
    # match's line above the rows (with a pot too), nor with the 17 cards of a three-player
    # hand; the seats across the top show every fact.
    page.set_viewport_size({"width": 568, "height": 320})
    open_game(page, server, game, f"?new=1&seed=4&speed=instant&preset={preset}&lang=de{more}")
    page.wait_for_selector(MY_TURN)
    page.locator(PLAYABLE).first.click(position={"x": 10, "y": 30})  # (its uncovered strip)
    hand_still(page)
    shot(page, f"smallest-landscape-{preset}{more.replace('&', '-')}")
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 320
    assert page.evaluate("(h => h.scrollWidth <= h.clientWidth)(document.getElementById('hand'))")
    last = page.locator('#hand [data-zone="hand"]').last.bounding_box()
    assert last is not None and last["x"] + last["width"] <= 568
    assert cut_badges(page) == []
    for selector in ("#play", "#hint", '#hand [aria-pressed="true"]', "#message"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 321, selector
    # The card chosen stays under its right neighbour, whose strip a finger still finds whole.
    strips = page.evaluate("""() => {
        const cards = [...document.querySelectorAll('#hand [data-zone=hand]')];
        const i = cards.findIndex(c => c.classList.contains('selected'));
        const next = cards[i + 1], box = next && next.getBoundingClientRect();
        if (!box) return null;
        const hit = x => document.elementFromPoint(x, box.top + box.height * 0.6)
                             ?.closest('[data-zone=hand]') === next;
        // (up to the card after it, or its own right edge where a short hand lies spread)
        const own = Math.min(box.right,
                             cards[i + 2] ? cards[i + 2].getBoundingClientRect().left : box.right);
        let n = 0;
        for (let x = Math.ceil(box.left); x < own; x++) n += hit(x) ? 1 : 0;
        return [n, Math.floor(own - box.left)]; }""")
    assert strips is None or strips[0] >= strips[1] - 1, strips
    # The bar's buttons look small, but a finger finds them 40 px tall and more.
    for button in ("open-rules", "open-menu"):
        box = page.locator(f"#{button}").bounding_box()
        assert box is not None and box["height"] < 40
        for y in (1, box["y"] + box["height"] + 8):
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')?.id",
                                [box["x"] + box["width"] / 2, y])
            assert hit == button, (button, y)


@pytest.mark.parametrize("size", [LANDSCAPE, {"width": 320, "height": 568}],
                         ids=["landscape", "small-portrait"])
def test_the_result_board_keeps_its_buttons_in_view_on_a_short_screen(
        page: Page, server: Server, game, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=8&speed=instant&preset=ruter-7&players=6")
    play_to_the_end(page)
    expect(page.locator("#results")).to_be_visible()
    shot(page, f"results-6-players-{size['width']}x{size['height']}")
    for button in ("#next-hand", "#new-game", "#show-table"):
        box = page.locator(button).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], button
        hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button').id",
                            [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
        assert hit == button[1:]
    # On its side, the table scrolls inside the board instead; upright, where a player's cards
    # take one line, overlapping, all six players are in view.
    scrolls = page.evaluate("(s => s.scrollHeight > s.clientHeight)("
                            "document.querySelector('#results .scroll'))")
    assert scrolls == (size == LANDSCAPE)
    # (a stop of Tab, for the keys to scroll it, where it scrolls; none where it does not)
    assert (page.get_attribute("#results .scroll", "tabindex") == "0") == scrolls
    if scrolls:
        # Scrolled to its foot, the table keeps its column headings in view at its top.
        gap = page.evaluate("""() => {
            const s = document.querySelector('#results .scroll');
            s.scrollTop = s.scrollHeight;
            return s.querySelector('thead th').getBoundingClientRect().top
                   - s.getBoundingClientRect().top; }""")
        assert abs(gap) <= 2, gap


def test_a_matchs_score_sheet_stays_open_from_hand_to_hand(context: BrowserContext,
                                                          page: Page, server: Server,
                                                          game) -> None:
    # A match of three hands, its second over: the board folds away a sheet of every hand;
    # opened, it is open again on the next hand's board, a row longer.
    match = second_of_three_hands_over()
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    sheet = page.locator("#results .sheet")
    rows = sheet.locator("tbody tr")
    expect(rows.first).to_be_hidden()
    page.click("#results .sheet summary")
    expect(rows).to_have_count(3)  # (two hands and the totals)
    expect(rows.first).to_be_visible()
    totals = rows.last.locator("td").all_inner_texts()
    assert totals == [catalog("en").num(t) for t in match.totals]
    # A reload shows it open again, as it was.
    page.reload()
    game.wait_ready(page)
    expect(rows.first).to_be_visible()
    page.click("#next-hand")
    play_to_the_end(page)
    expect(page.locator("#results .sheet tbody tr")).to_have_count(4)
    expect(page.locator("#results .sheet tbody tr").first).to_be_visible()
    # The buttons stay in view with the sheet open.
    box = page.locator("#new-game").bounding_box()
    assert box is not None and box["y"] + box["height"] <= DESKTOP["height"]
    # Shut, it stays shut after a reload.
    page.click("#results .sheet summary")
    expect(rows.first).to_be_hidden()
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#results")).to_be_visible()
    expect(rows.first).to_be_hidden()


# The score sheet's first row against the box that scrolls it (both edges within), and whether
# the box draws its sideways shadows (it did not, with the sheet wider than the box).
SHEET_SEEN_JS = """() => {
    const box = document.querySelector('#results .scroll');
    const b = box.getBoundingClientRect();
    const r = box.querySelector('.sheet tbody tr').getBoundingClientRect();
    return {within: r.top >= b.top && r.bottom <= b.top + box.clientTop + box.clientHeight,
            wide: box.scrollWidth > box.clientWidth,
            shadows: !box.classList.contains('still-x'),
            syllables: box.classList.contains('syllables')}; }"""


def test_a_wide_score_sheet_opened_on_a_small_phone_comes_into_view(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Eight players, the match over: the sheet opened below the foot of the small box that
    # scrolls it, and wider than the box, without the shadow that says there is more of it.
    match = finish_hand_with_engine(fantan.new_match(
        fantan.preset("sjueren").replace(players=8, match_hands=2), seed=51))
    match = finish_hand_with_engine(match.next_hand())
    assert match.is_over
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 320, "height": 568})
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    page.click("#results .sheet summary")
    expect(page.locator("#results .sheet tbody tr").first).to_be_visible()
    # (the board is measured again, and the sheet scrolled to, as its toggle event comes in,
    # after it shows open)
    page.wait_for_function(f"() => ({SHEET_SEEN_JS})().within", timeout=5_000)
    seen = page.evaluate(SHEET_SEEN_JS)
    assert seen["within"] and seen["wide"] and seen["shadows"], seen
    # On a phone where the hand's table fits whole words, the wide sheet open does not break
    # the table's headings at a syllable when the board is measured again.
    page.set_viewport_size(TALL)
    page.wait_for_timeout(300)
    before = page.evaluate(SHEET_SEEN_JS)
    assert not before["syllables"], before
    page.set_viewport_size({"width": TALL["width"] + 1, "height": TALL["height"]})
    page.wait_for_function("() => innerWidth === 391")
    page.wait_for_timeout(300)
    after = page.evaluate(SHEET_SEEN_JS)
    assert after["wide"] and not after["syllables"], after


def test_a_score_sheet_opened_keeps_the_winners_line_in_view(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # On a tablet on its side the last board's table fits, until the sheet opened under it
    # makes the box scroll, to the sheet: the winner's line went out of view with the rest.
    match = played_until(fantan.new_match(
        fantan.preset("sjueren").replace(players=8, match_hands=2), seed=51),
        lambda m: m.hand_number == 2 and m.state.is_over)
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 1024, "height": 768})
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    box = page.locator("#results .scroll")
    assert box.evaluate("s => s.scrollHeight <= s.clientHeight")  # (no scrolling yet)
    page.click("#results .sheet summary")
    expect(page.locator("#results .sheet tbody tr").first).to_be_visible()
    # (scrolled as the sheet's toggle event comes in, after it shows open)
    page.wait_for_function(
        "() => document.querySelector('#results .scroll').scrollTop > 0", timeout=5_000)
    winner = page.locator(HAND_ROWS).first
    expect(winner).to_have_class(re.compile(r"\bwinner\b"))
    assert winner.evaluate("r => { const c = r.firstElementChild.getBoundingClientRect();"
                           " return document.elementFromPoint(c.left + 4, c.top + c.height / 2)"
                           ".closest('tr') === r; }")


def sjueren_match_over() -> fantan.Match:
    """A match of Sjueren's five hands played to its end, every seat taking its last move."""
    match = fantan.new_match(fantan.preset("sjueren"), seed=11)
    while not match.is_over:
        match = finish_hand_with_engine(match if not match.state.is_over
                                        else match.next_hand())
    return match


# The hand's table in the box that scrolls it: scrolled away whole, or its heads whole at the
# box's top with the first line under them (under the winner's, where that is pinned) whole.
TABLE_SEEN_JS = """() => {
    const box = document.querySelector('#results .scroll');
    const top = box.getBoundingClientRect().top + box.clientTop;
    const table = box.querySelector(':scope > table');
    const heads = table.querySelector('thead th').getBoundingClientRect();  // (cells stick)
    const pinned = box.classList.contains('pin');
    const under = pinned ? table.querySelector('tbody tr').firstElementChild
        .getBoundingClientRect().bottom : heads.bottom;
    const rows = [...table.querySelectorAll('tbody tr')].slice(pinned ? 1 : 0)
        .map(r => r.getBoundingClientRect());
    const first = rows.find(r => r.bottom > under + 0.5);
    return {gone: table.getBoundingClientRect().bottom <= top + 1,
            headsWhole: heads.top >= top - 0.5,
            lineWhole: first !== undefined && first.top >= under - 0.5,
            scrolled: box.scrollTop}; }"""


@pytest.mark.parametrize("size", [{"width": 320, "height": 568}, PORTRAIT,
                                  {"width": 844, "height": 390}])
def test_a_score_sheet_opened_leaves_no_cut_table_over_it(
        context: BrowserContext, page: Page, server: Server, game, size) -> None:
    # A match of five hands over, on a phone: the sheet opened, the box scrolled just far
    # enough for its foot, and the last hand's table stood over it cut, its last line under
    # its heads and the winner's line over them ("Lina 0 0 0 18" under half its headings).
    with_save(context, store.save_text(sjueren_match_over()))
    page.set_viewport_size(size)
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    page.click("#results .sheet summary")
    expect(page.locator("#results .sheet tbody tr").first).to_be_visible()
    page.wait_for_function(f"() => ({SHEET_SEEN_JS})().within", timeout=5_000)
    seen = page.evaluate(TABLE_SEEN_JS)
    assert seen["gone"] or (seen["headsWhole"] and seen["lineWhole"]), seen
    # Shut again, the table is back with our line in view, over the sheet's heading.
    page.click("#results .sheet summary")
    expect(page.locator("#results .sheet tbody tr").first).to_be_hidden()
    page.wait_for_function("""() => {
        const box = document.querySelector('#results .scroll');
        const b = box.getBoundingClientRect();
        const ours = box.querySelector('tbody tr[data-seat="0"]').getBoundingClientRect();
        const head = box.querySelector('.sheet summary').getBoundingClientRect();
        return ours.top >= b.top - 0.5 && ours.bottom <= head.top + 0.5
            && head.bottom <= b.top + box.clientTop + box.clientHeight + 0.5; }""",
                           timeout=5_000)


def test_a_score_sheet_opened_is_in_view_again_after_a_reload(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Six players on a phone on its side, the second of three hands over: the sheet opened
    # scrolls the box to it; reloaded, the box stood at the hand's table again, the sheet
    # open out of sight under it, its heading too. The next hand's board begins at its table.
    match = played_until(fantan.new_match(fantan.preset("sjueren").replace(
        players=6, match_hands=3), 2), lambda m: m.hand_number == 2 and m.state.is_over)
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 740, "height": 360})
    game.boot(page, server.url + "?speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    page.click("#results .sheet summary")
    page.wait_for_function(f"() => ({SHEET_SEEN_JS})().within", timeout=5_000)
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#results .sheet tbody tr").first).to_be_visible()
    page.wait_for_function(f"() => ({SHEET_SEEN_JS})().within", timeout=5_000)
    seen = page.evaluate(TABLE_SEEN_JS)
    assert seen["gone"] or (seen["headsWhole"] and seen["lineWhole"]), seen
    # (and from the table looked at, back to the board as it was)
    page.click("#show-table")
    page.click("#show-results")
    page.wait_for_function(f"() => ({SHEET_SEEN_JS})().within", timeout=5_000)
    page.click("#next-hand")
    play_to_the_end(page)
    page.wait_for_timeout(300)
    assert page.evaluate("document.querySelector('#results .scroll').scrollTop") == 0


def test_a_shut_score_sheet_under_a_table_that_scrolls_keeps_its_heading_in_view(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # A match over on a phone on its side: the last hand's table scrolls, and the sheet's
    # heading under it showed a few pixels at the box's foot, under its fade.
    with_save(context, store.save_text(sjueren_match_over()))
    page.set_viewport_size({"width": 640, "height": 360})
    game.boot(page, server.url + "?lang=it&speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    box = page.locator("#results .scroll")
    assert box.evaluate("s => s.scrollHeight > s.clientHeight")  # (the table scrolls)
    seen = page.evaluate("""() => {
        const box = document.querySelector('#results .scroll');
        const b = box.getBoundingClientRect();
        const foot = b.top + box.clientTop + box.clientHeight;
        const head = box.querySelector('.sheet summary').getBoundingClientRect();
        const ours = box.querySelector('tbody tr[data-seat="0"]').getBoundingClientRect();
        const hit = document.elementFromPoint(head.left + 20, head.top + head.height / 2);
        return {whole: head.top >= b.top && head.bottom <= foot + 0.5,
                onTop: hit !== null && hit.closest('summary') !== null,
                oursOver: ours.bottom <= head.top + 0.5}; }""")
    assert seen == {"whole": True, "onTop": True, "oursOver": True}, seen
    # Scrolled to the table's end, it lies under its last line, as before.
    box.evaluate("s => { s.scrollTop = s.scrollHeight; }")
    page.wait_for_timeout(100)
    assert page.evaluate("""() => {
        const box = document.querySelector('#results .scroll');
        const rows = box.querySelectorAll(':scope > table > tbody > tr');
        return rows[rows.length - 1].getBoundingClientRect().bottom
            <= box.querySelector('.sheet summary').getBoundingClientRect().top + 0.5; }""")


def test_a_boards_buttons_wrapped_on_a_phone_fill_their_rows(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # In Italian the board's three buttons take two rows on a phone held upright: the third
    # stood alone at the right, under two of other widths. Each row now spans the board.
    match = finish_hand_with_engine(fantan.new_match(fantan.preset("cinquillo"), seed=11))
    with_save(context, store.save_text(match))
    page.set_viewport_size(TALL)
    game.boot(page, server.url + "?lang=it&speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    rows = page.evaluate("""() => {
        const box = document.querySelector('#results .results-buttons');
        const b = box.getBoundingClientRect();
        const rows = {};
        for (const el of box.querySelectorAll(':scope > button')) {
            const r = el.getBoundingClientRect();
            const key = Math.round(r.top);
            // (the room left of its first button and right of its last)
            rows[key] = rows[key] || [Infinity, Infinity];
            rows[key] = [Math.min(rows[key][0], r.left - b.left),
                         Math.min(rows[key][1], b.right - r.right)];
        }
        return Object.values(rows); }""")
    assert len(rows) == 2, rows
    assert all(abs(left) <= 1 and abs(right) <= 1 for left, right in rows), rows


# How many rows of pixels, down a line through an element's middle, a finger touching them
# reaches the element (its own box and any target drawn round it).
TAP_SPAN_JS = """(sel) => {
    const el = document.querySelector(sel);
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    let span = 0;
    for (let y = Math.floor(r.top) - 30; y <= r.bottom + 30; y++) {
        const hit = document.elementFromPoint(x, y);
        if (hit && el.contains(hit)) span++;
    }
    return span; }"""


def test_a_finger_reaches_the_score_sheet_and_the_offer_of_an_update(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The sheet's heading was a target 28 px tall, the offer's buttons 36 px (30 px on a phone
    # on its side): each is now reached 44 px tall, however small it looks.
    match = second_of_three_hands_over()
    with_save(context, store.save_text(match))
    for size in (TALL, {"width": 844, "height": 390}, LANDSCAPE):
        page.set_viewport_size(size)
        game.boot(page, server.url + "?speed=instant")
        page.wait_for_selector("html[data-phase=over]")
        page.locator("#results .sheet summary").scroll_into_view_if_needed()
        assert page.evaluate(TAP_SPAN_JS, "#results .sheet summary") >= 44, size
        page.evaluate("document.getElementById('update').hidden = false")
        for button in ("#update-load", "#update-later"):
            assert page.evaluate(TAP_SPAN_JS, button) >= 44, (size, button)


def test_a_german_board_of_a_match_fits_a_small_phones_width(context: BrowserContext,
                                                            page: Page, server: Server,
                                                            game) -> None:
    # Sjueren's board has the most columns (passes, the hand's points, the match's total) and
    # German headings are long: at 360 px, with players still holding three cards, no sideways
    # scrolling.
    match = played_until(fantan.new_match(fantan.preset("sjueren").replace(players=8), 1),
                         lambda m: m.state.is_over)
    assert max(len(match.state.hand(seat)) for seat in range(8)) == 3
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 360, "height": 640})
    game.boot(page, server.url + "?lang=de")
    expect(page.locator(HAND_ROWS)).to_have_count(8)
    shot(page, "german-sjueren-board-360")
    assert page.evaluate("(s => s.scrollWidth <= s.clientWidth)("
                         "document.querySelector('#results .scroll'))")


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_a_board_of_seats_knocked_out_fits_the_smallest_phones_width(
        context: BrowserContext, page: Page, server: Server, game, lang: str) -> None:
    # Shichi Narabe with 8: a seat knocked out is named so on the board ("Ravi
    # (ausgeschieden)"), the cards it laid out beside it; at 320 px, in every language, no
    # column is cut off at the board's edge (the German and Dutch boards were).
    match = played_until(
        fantan.new_match(fantan.preset("shichi-narabe").replace(players=8, match_hands=3), 1),
        lambda m: m.state.is_over, pick=lambda legal: "pass" if "pass" in legal else legal[-1])
    assert len(match.state.observation(0).eliminated) == 6
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 320, "height": 568})
    game.boot(page, server.url + f"?lang={lang}")
    expect(page.locator(HAND_ROWS)).to_have_count(8)
    assert page.evaluate("(s => s.scrollWidth <= s.clientWidth)("
                         "document.querySelector('#results .scroll'))"), lang


BROKEN_HEADINGS_JS = """() => [...document.querySelectorAll('#results .scroll > table th')]
    .filter(th => {
    const text = th.textContent.replace(/\u00ad/g, '').trim();
    if (!text || /\\s/.test(text) || th.querySelector('.sr-only')) return false;
    const range = document.createRange();
    range.selectNodeContents(th);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size > 1;
}).map(th => th.textContent)"""


@pytest.mark.parametrize("preset,players,lang,width,breaks", [
    ("fan-tan-chips", 4, "it", 390, False), ("sjueren", 5, "de", 360, True)],
    ids=["italian-whole", "german-broken"])
def test_a_boards_headings_break_inside_a_word_only_where_the_table_needs_it(
        context: BrowserContext, page: Page, server: Server, game, preset: str, players: int,
        lang: str, width: int, breaks: bool) -> None:
    # The catalogues mark where a heading may break ("Gio-ca-to-re"): an Italian board at
    # 390 px broke "Giocato-re", "Pas-si", "Fi-che", "Tota-le" beside room to spare; whole
    # words fit there. A German Sjueren board of five at 360 px needs the breaks, and has them
    # (it would scroll sideways without), also when the phone is turned upright on it.
    match = played_until(fantan.new_match(fantan.preset(preset).replace(players=players), 5),
                         lambda m: m.state.is_over)
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 740, "height": width})
    game.boot(page, server.url + f"?lang={lang}")
    expect(page.locator(HAND_ROWS)).to_have_count(players)
    page.set_viewport_size({"width": width, "height": 740})
    page.wait_for_function("(s => s.scrollWidth <= s.clientWidth)("
                           "document.querySelector('#results .scroll'))")
    assert bool(page.evaluate(BROKEN_HEADINGS_JS)) == breaks


HEADING_LINES_JS = """() => [...document.querySelectorAll('#results .scroll > table > thead th')]
    .map(th => {
    const range = document.createRange();
    range.selectNodeContents(th);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
})"""


def test_a_boards_headings_break_no_more_than_the_table_needs(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Shichi Narabe with 8 in Italian at 360 px: the headings must break at their syllables,
    # and broke all at once, the table gave the width they freed to a heading of two words:
    # "Po-si-zio-ne" took four lines beside "Carte rimaste" on one. Now none takes more than
    # two, and the table still fits.
    match = played_until(
        fantan.new_match(fantan.preset("shichi-narabe").replace(players=8, match_hands=3), 1),
        lambda m: m.state.is_over, pick=lambda legal: "pass" if "pass" in legal else legal[-1])
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 360, "height": 640})
    game.boot(page, server.url + "?lang=it")
    expect(page.locator(HAND_ROWS)).to_have_count(8)
    page.wait_for_timeout(300)  # (the board's headings are measured once it is drawn)
    assert page.evaluate(BROKEN_HEADINGS_JS)  # (some break)
    lines = page.evaluate(HEADING_LINES_JS)
    assert max(lines) <= 2, lines
    assert page.evaluate("(s => s.scrollWidth <= s.clientWidth)("
                         "document.querySelector('#results .scroll'))")


def test_a_matchs_board_on_a_phone_on_its_side_keeps_whole_headings(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Five players of Ruter 7 over three hands: beside the final standings, the last hand's
    # table fits 640 px without breaking "Player", "Passes" or "Total" (the standings took
    # more of the width than they needed, and the table scrolled sideways).
    match = played_until(
        fantan.new_match(fantan.preset("ruter-7").replace(players=5, match_hands=3), 7),
        lambda m: m.is_over, random.Random(7).choice)
    with_save(context, store.save_text(match))
    page.set_viewport_size(LANDSCAPE)
    game.boot(page, server.url)
    expect(page.locator("#results .standings li")).to_have_count(5)
    page.wait_for_timeout(300)  # (the board's headings are measured once it is drawn)
    shot(page, "match-board-640x360")
    assert page.evaluate(BROKEN_HEADINGS_JS) == []
    assert page.evaluate("(s => s.scrollWidth <= s.clientWidth)("
                         "document.querySelector('#results .scroll'))")
    # The table scrolls up and down, not sideways: its shadows say so above and below only (a
    # fraction of a pixel of the one at its right showed as a faint line).
    sizes = page.evaluate("getComputedStyle(document.querySelector('#results .scroll'))"
                          ".backgroundSize").split(", ")
    assert sizes[2:4] == sizes[6:8] == ["0px 0px"] * 2, sizes
    assert "0px 0px" not in (sizes[0], sizes[1], sizes[4], sizes[5]), sizes


HELD_LINES_JS = """helds => helds.map(h => {
    const tops = [...h.children].map(c => Math.round(c.getBoundingClientRect().top));
    const cut = [...h.children].filter((c, i) => {
      const next = h.children[i + 1], rank = c.querySelector('.rk').getBoundingClientRect();
      const n = next && next.getBoundingClientRect();
      return n && Math.abs(n.top - rank.top) < 10 && rank.right > n.left + 0.5; });
    const most = Math.max(0, ...new Set(tops).values().map(t => tops.filter(u => u === t)
                                                                  .length));
    return [new Set(tops).size, most, cut.map(c => c.dataset.card)]; })"""
"""A result board's cards held, per player: how many lines they take, the most cards in one
line, and the cards whose rank the next card covers (in the same line)."""


@pytest.mark.parametrize("preset,players,seed,width,lang,lines", [
    ("shichi-narabe", 4, 11, 390, "nl", [0, 1, 1, 2]),
    ("ruter-7", 5, 20, 360, "de", [0, 1, 1, 1, 2]),
], ids=["eleven-with-10s", "ten-without"])
def test_a_player_left_with_many_cards_makes_its_row_taller_not_the_board_wider(
        context: BrowserContext, page: Page, server: Server, game, preset: str, players: int,
        seed: int, width: int, lang: str, lines: list[int]) -> None:
    # Shichi Narabe: a player out of passes lays down eleven cards, three of them 10s; Ruter 7:
    # we are left with ten cards, none a 10. On a phone held upright they take lines of six at
    # most on the board, every rank whole, and the board does not scroll sideways.
    match = fantan.new_match(fantan.preset(preset).replace(players=players), seed)
    while not match.state.is_over:
        legal = match.state.legal_moves()
        match = match.play(legal[-1] if preset == "ruter-7" or match.state.to_move == 0
                           else legal[0])
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": width, "height": 844})
    game.boot(page, server.url + f"?lang={lang}")
    expect(page.locator(HAND_ROWS)).to_have_count(players)
    shot(page, f"board-many-cards-{preset}-{width}")
    assert page.evaluate("(s => s.scrollWidth <= s.clientWidth)("
                         "document.querySelector('#results .scroll'))")
    held = page.eval_on_selector_all("#results .held", HELD_LINES_JS)
    assert all(cut == [] and most <= 6 for _, most, cut in held), held
    assert sorted(count for count, _, _ in held) == lines, held


@pytest.mark.parametrize("size", [{"width": 568, "height": 320}, {"width": 740, "height": 360},
                                  {"width": 1280, "height": 700}],
                         ids=["small-phone-on-its-side", "phone-on-its-side", "laptop"])
def test_a_player_left_with_nineteen_cards_keeps_the_board_from_scrolling_sideways(
        context: BrowserContext, page: Page, server: Server, game, size: dict[str, int]) -> None:
    # Ruter 7, Medium in every seat: Lina is left with 19 cards, Maya with 12. On a short
    # screen each player's cards take one line, which overlaps (every rank whole) so that the
    # board does not scroll sideways; and its buttons stand in one row, in any language.
    match = fantan.new_match(fantan.preset("ruter-7"), 33)
    while not match.state.is_over:
        seat = match.state.to_move
        assert seat is not None
        match = match.play(fantan.ai.choose("medium", match.state.observation(seat),
                                            seed=len(match.state.history)))
    assert sorted(match.state.hand_size(seat) for seat in range(4)) == [0, 4, 12, 19]
    with_save(context, store.save_text(match))
    page.set_viewport_size(size)
    game.boot(page, server.url + "?lang=it")
    expect(page.locator(HAND_ROWS)).to_have_count(4)
    shot(page, f"board-nineteen-cards-{size['width']}x{size['height']}")
    assert page.evaluate("(s => s.scrollWidth <= s.clientWidth)("
                         "document.querySelector('#results .scroll'))")
    held = page.eval_on_selector_all("#results .held", HELD_LINES_JS)
    assert all(cut == [] for *_, cut in held), held
    assert sorted(count for count, _, _ in held) == [0, 1, 1, 1], held
    tops = page.eval_on_selector_all("#results .results-buttons button",
                                     "bs => bs.map(b => Math.round(b.getBoundingClientRect().top))")
    assert len(tops) == 3 and len(set(tops)) == 1, tops


@pytest.mark.parametrize("to_us", [False, True], ids=["to-another", "to-us"])
def test_a_computer_choosing_a_card_to_give_says_so(
        context: BrowserContext, page: Page, server: Server, game, to_us: bool) -> None:
    # Ruter 7's card gift: the seat to move is not thinking of a card to play, but of one to
    # give, and the line over the hand says to whom.
    def gift_pending(m: fantan.Match) -> bool:
        gift = m.state.pending_gift
        return gift is not None and gift[0] != 0 and (gift[1] == 0) == to_us
    for seed in range(1, 60):
        try:
            match = played_until(fantan.new_match(fantan.preset("ruter-7"), seed=seed),
                                 gift_pending)
            break
        except AssertionError:  # (the match ended first)
            continue
    else:
        raise AssertionError("no such deal")
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?pace=600")  # (the gift stays under way)
    expected = (r"^\w+ is choosing a card for you…$" if to_us
                else r"^\w+ is choosing a card for \w+…$")
    expect(page.locator("#message")).to_have_text(re.compile(expected), timeout=30_000)


def test_out_of_the_hand_while_the_others_play_on_leaves_fast_forward_alone(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Shichi Narabe: out first, we watch the others play for their places. Hint, Pass and
    # Play would never come on again; fast forward alone stays.
    def first_card(legal):
        return next((m for m in legal if m != "pass"), legal[0])
    match = played_until(fantan.new_match(fantan.preset("shichi-narabe"), seed=3),
                         lambda m: 0 in m.state.observation(0).out, pick=first_card)
    assert not match.state.is_over and match.state.to_move != 0
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?pace=600")  # (the computers' turns stay under way)
    expect(page.locator("#message")).to_have_text(
        "You have played all your cards: the others play on.", timeout=30_000)
    expect(page.locator("#controls button")).to_have_count(1)
    expect(page.locator("#fast-forward")).to_be_enabled()
    shot(page, "out-of-the-hand")
    page.click("#fast-forward")
    expect(page.locator("html")).to_have_attribute("data-phase", "over", timeout=60_000)


def test_dropped_out_of_the_hand_the_line_over_it_says_so(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Shichi Narabe, our passes used up: the line says we dropped out (the words for going
    # out first, "out of this hand", read alike for both).
    match = fantan.new_match(fantan.preset("shichi-narabe"), seed=1)
    while 0 not in match.state.observation(0).eliminated:  # (we pass while we may)
        legal = match.state.legal_moves()
        match = match.play("pass" if match.state.to_move == 0 and "pass" in legal
                           else next((m for m in legal if m != "pass"), legal[0]))
    assert not match.state.is_over and match.state.to_move != 0
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?pace=600")
    expect(page.locator("#message")).to_have_text(
        "You have dropped out of this hand: the others play on.", timeout=30_000)
    expect(page.locator("#controls button")).to_have_count(1)


def our_line_and_the_winners_are_in_view(page: Page) -> None:
    """Our line of a board's table that scrolls in view whole, the winner's pinned under the
    heads, and the next line in view whole under it (scrolled by whole lines)."""
    ours = page.locator(f'{HAND_ROWS}[data-seat="0"]')
    box = page.locator("#results .scroll").bounding_box()
    line = ours.bounding_box()
    assert box is not None and line is not None
    assert box["y"] <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"] + 0.5
    assert page.evaluate("document.querySelector('#results .scroll').scrollTop") > 0
    # (the winner's line whole under the heads, and the next line in view whole under it)
    winner = page.locator(HAND_ROWS).first
    expect(winner).to_have_class(re.compile(r"\bwinner\b"))
    assert page.evaluate("""() => {
        const heads = document.querySelector('#results .scroll > table > thead th')
            .getBoundingClientRect().bottom;
        // (by their first cells: a pinned line's cells stay, not the line's own box)
        const rows = [...document.querySelectorAll('#results .scroll > table > tbody > tr')]
            .map(r => r.firstElementChild.getBoundingClientRect());
        const won = rows.shift();
        return Math.abs(won.top - heads) <= 1.5
            && rows.find(r => r.bottom > won.bottom + 0.5).top >= won.bottom - 0.5;
    }""")
    assert winner.evaluate("r => { const c = r.firstElementChild.getBoundingClientRect();"
                           " return document.elementFromPoint(c.left + 4, c.top + c.height / 2)"
                           ".closest('tr') === r; }")


@pytest.mark.parametrize("preset,players,seed,size,lang", [
    ("fan-tan", 8, 15, {"width": 320, "height": 568}, "en"),
    ("ruter-7", 6, 5, {"width": 640, "height": 360}, "de")])
def test_our_line_of_a_long_board_is_in_view_on_a_small_phone(
        context: BrowserContext, page: Page, server: Server, game, preset: str, players: int,
        seed: int, size: dict[str, int], lang: str) -> None:
    # Eight players on a 320x568 phone: the hand's table scrolls, and our line, last of the
    # eight, was cut at the foot of its box. It is scrolled into view, by whole lines: on a
    # phone on its side, scrolled by the 11 px our line needed, the winner's line lay half
    # under the table's heads. The winner's line, first, stays in view, pinned under the heads
    # (scrolled away, it hid who won the hand and what).
    match = fantan.new_match(fantan.preset(preset).replace(players=players), seed=seed)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    assert match.state.result.ranking[-1] == 0
    with_save(context, store.save_text(match))
    page.set_viewport_size(size)
    game.boot(page, server.url + f"?lang={lang}")
    expect(page.locator(HAND_ROWS)).to_have_count(players)
    ours = page.locator(HAND_ROWS).last
    expect(ours).to_have_attribute("data-seat", "0")
    shot(page, f"long-board-{size['width']}x{size['height']}")
    our_line_and_the_winners_are_in_view(page)


def test_our_line_and_the_winners_of_a_matchs_last_board_are_in_view_under_its_caption(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # A match's last board: a caption over the table's heads says who won the hand. Scrolled
    # to our line, the heads stick at the box's top, above where they lay under the caption:
    # lines scrolled to lie under them lay half under the winner's line.
    match = played_until(fantan.new_match(
        fantan.preset("sjueren").replace(players=7, match_hands=2), seed=52),
        lambda m: m.hand_number == 2 and m.state.is_over)
    assert match.is_over
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?lang=it&speed=instant")
    page.wait_for_selector("html[data-phase=over]")
    expect(page.locator("#results caption")).to_be_visible()
    shot(page, "last-board-caption-pinned")
    our_line_and_the_winners_are_in_view(page)


def test_a_four_player_board_shows_every_row_on_the_smallest_landscape_phone(
        page: Page, server: Server, game) -> None:
    page.set_viewport_size({"width": 568, "height": 320})
    open_game(page, server, game, "?new=1&seed=8&speed=instant&preset=shichi-narabe&lang=nb")
    for _ in range(60):  # (one row of overlapping cards: each tapped on its uncovered strip)
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") == "over":
            break
        page.locator(PLAYABLE).first.click(position={"x": 10, "y": 30})
        page.click("#play")
    expect(page.locator(HAND_ROWS)).to_have_count(4)
    shot(page, "smallest-landscape-board")
    # The hand's table needs no scrolling: every player's line is in view.
    assert page.evaluate("(s => s.scrollHeight <= s.clientHeight)("
                         "document.querySelector('#results .scroll'))")
    last = page.locator(HAND_ROWS).last.bounding_box()
    assert last and last["y"] + last["height"] <= 320


def test_the_new_game_screen_fits_a_short_phone_in_every_field(page: Page, server: Server,
                                                                game) -> None:
    page.set_viewport_size(LANDSCAPE)
    open_game(page, server, game, "?new=1&seed=3&speed=instant&lang=it&preset=cinquillo")
    page.click("#open-menu")
    page.click("#menu-new-game")
    # The game in play is in view in the list (Cinquillo, near its end).
    chosen = page.locator("#setup .preset.chosen")
    expect(chosen).to_contain_text("Cinquillo")
    expect(chosen).to_be_in_viewport(ratio=0.9)
    page.check('#setup input[name="preset"][value="custom"]')
    expect(page.locator("#setup #axis-scoring")).to_be_visible()
    outside = page.evaluate("""() => {
        const d = document.getElementById('setup').getBoundingClientRect();
        return [...document.querySelectorAll('#setup select')].filter(s => {
            const r = s.getBoundingClientRect();
            return r.left < d.left || r.right > d.right; }).map(s => s.id); }""")
    assert outside == []


@pytest.mark.parametrize("width,height,lang", [(1366, 657, "de"), (1280, 650, "it"),
                                               (1024, 768, "de"), (1000, 700, "nl"),
                                               (768, 1024, "de"), (720, 1280, "it")])
def test_the_menu_and_the_new_game_screen_fit_a_laptop_and_a_tablet(
        page: Page, server: Server, game, width: int, height: int, lang: str) -> None:
    # A laptop's window (its browser's bars take the screen's rest) or an upright tablet, in
    # the longest languages: the menu with a record, then every rule system, Players,
    # Difficulty and Match, and the buttons, without scrolling (an upright tablet's screen
    # scrolled 34 px in German).
    page.set_viewport_size({"width": width, "height": height})
    # A record at every level: the menu shows it whole, with its reset button.
    played = {"hands": 4, "hands_won": 1, "matches": 2, "matches_won": 1}
    record = json.dumps({"levels": {level: played for level in store.LEVELS}})
    page.context.add_init_script(
        f"localStorage.setItem({json.dumps(store.STATS_KEY)}, {json.dumps(record)})")
    # (Cinquillo: its match length, "As the game says (Each player deals once)", is long)
    open_game(page, server, game, f"?new=1&seed=3&speed=instant&preset=cinquillo&lang={lang}")
    page.click("#open-menu")
    expect(page.locator("#record-reset")).to_be_in_viewport(ratio=1)
    assert page.evaluate("(d => d.scrollHeight <= d.clientHeight + 1)("
                         "document.getElementById('menu'))")
    page.click("#menu-new-game")
    assert page.evaluate("(d => d.scrollHeight <= d.clientHeight + 1)("
                         "document.getElementById('setup'))")
    for selector in ("#setup-players", "#setup-level", "#setup-match", "#start-game"):
        expect(page.locator(selector)).to_be_in_viewport(ratio=1)
    assert page.evaluate(CUT_OPTIONS_JS, "#setup") == []


@pytest.mark.parametrize("width,height,lang", [(1280, 650, "it"), (1366, 657, "de"),
                                               (1280, 800, "en")])
def test_the_menu_with_every_box_fits_a_laptop(page: Page, server: Server, game, width: int,
                                               height: int, lang: str) -> None:
    # The French deck's menu has a box more (the four-colour deck): with full screen and
    # play-for-me, three, and a note under Difficulty, it still shows whole, and every choice
    # of its lists whole ("The browser's language" was cut in English).
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, server, game, f"?new=1&seed=5&speed=instant&level=easy&lang={lang}")
    page.wait_for_selector(MY_TURN)
    page.locator(PLAYABLE).first.dblclick()
    page.click("#open-menu")
    page.select_option("#menu-level", "hard")
    expect(page.locator("#menu .why")).to_be_visible()
    for box in ("#menu-auto", "#menu-four", "#menu-full"):
        expect(page.locator(box)).to_be_in_viewport(ratio=1)
    assert page.evaluate("(d => d.scrollHeight <= d.clientHeight + 1)("
                         "document.getElementById('menu'))")
    # (its lists in one row, in line however their names wrap)
    tops = [page.locator(f"#{sid}").bounding_box()["y"]
            for sid in ("menu-language", "menu-speed", "menu-level")]
    assert max(tops) - min(tops) < 1, tops
    assert page.evaluate(CUT_OPTIONS_JS, "#menu") == []


def test_on_a_phone_too_small_for_the_table_the_buttons_stay_in_view(
        page: Page, server: Server, game) -> None:
    # (an older phone's 320x480: eight German players of Shichi Narabe on 320x568 now fit)
    size = {"width": 320, "height": 480}
    page.set_viewport_size(size)
    open_game(page, server, game,
              "?new=1&seed=5&speed=instant&preset=shichi-narabe&players=8&match=3&lang=de")
    page.wait_for_selector(MY_TURN_OR_OVER)
    assert page.evaluate("document.scrollingElement.scrollHeight") > size["height"]
    for button in ("#hint", "#pass", "#play"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["height"] + 1, button


def cut_badges(page: Page) -> list[str]:
    """The seats whose name or one of whose facts is cut: cut short, or out of the badge."""
    return page.evaluate("""() => [...document.querySelectorAll('.seat[data-seat]')].filter(s => {
        const b = s.getBoundingClientRect();
        return [...s.querySelectorAll('.name, .facts > span')].some(el => {
            const r = el.getBoundingClientRect();
            return r.left < b.left - 0.5 || r.right > b.right + 0.5
                   || el.scrollWidth > el.clientWidth + 0.5; }); }).map(s => s.dataset.seat)""")


ONE_LINE_FACTS = """() => [...document.querySelectorAll('.opponents .facts > span')]
    .every(s => s.getBoundingClientRect().height
                < 1.5 * parseFloat(getComputedStyle(s).lineHeight))"""


def test_four_german_badges_in_a_row_leave_a_phone_unscrolled(page: Page, server: Server,
                                                              game) -> None:
    # Five players of a German Ruter 7 match: four narrow badges, each with cards, passes and
    # the match's total, one line each; the page fits the screen.
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, server, game, "?new=1&seed=11&speed=instant&preset=ruter-7&players=5&lang=de")
    page.wait_for_selector(MY_TURN)
    shot(page, "5-players-360x640-de")
    assert page.evaluate(ONE_LINE_FACTS)
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 640


@pytest.mark.parametrize("width,height,query", [
    (360, 640, "preset=cinquillo&players=3&lang=it"),
    (320, 568, "preset=cinquillo&players=3&lang=it"),
    (320, 568, "preset=fan-tan-chips&players=5&lang=nl"),
    (640, 360, "preset=domino&players=6&lang=nl"),
], ids=["cinquillo-360x640", "cinquillo-320x568", "chips-5-players-320x568",
        "domino-6-players-640x360"])
def test_the_rows_give_way_on_a_phone(page: Page, server: Server, game,
                                      width: int, height: int, query: str) -> None:
    # The Spanish deck's ten ranks make wider slots, so taller rows, than the French deck's
    # thirteen: three players of Cinquillo (our badge of three lines, a hand of two rows), in
    # Italian, pushed the page 16 px past the screen, its title bar scrolled away after a play.
    # Five Dutch players with chips: four badges to a row on two lines each, 1 px too many.
    # On its side, six Dutch players of French Domino: the badges across the top and the line
    # over the rows on two lines each, 6 px too many.
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, server, game, f"?new=1&seed=9&speed=instant&{query}")
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    shot(page, f"rows-give-way-{width}x{height}-{query.split('&')[0][7:]}")
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height
    # (every rank in the rows whole, and no card of the hand under the buttons)
    assert page.evaluate("""() => [...document.querySelectorAll('#rows .slot')].every(s => {
        const inner = s.querySelector('.corner, .ghost');
        return !inner || inner.scrollWidth <= s.clientWidth; })""")
    assert page.evaluate("""() => {
        const b = document.getElementById('controls').getBoundingClientRect();
        return [...document.querySelectorAll('#hand [data-zone="hand"]')].every(card => {
            const c = card.getBoundingClientRect();
            return c.right <= b.left + 1 || b.right <= c.left + 1 || c.bottom <= b.top + 1
                   || b.bottom <= c.top + 1; }); }""")


def test_the_next_computer_is_named_as_the_card_before_it_lands(page: Page, server: Server,
                                                                game) -> None:
    # (the line over the hand said "Maya is thinking…" while Otto's card was still flying,
    # the turn's mark still on Otto)
    page.set_viewport_size(DESKTOP)
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 1)  # (three computers first)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=slow")
    # (both read in the one look that finds the card in flight: a second look, a moment
    # later, may come after it has landed)
    turn, line = page.wait_for_function("""() => {
        const turn = document.documentElement.dataset.turn;
        const line = document.getElementById('message').textContent;
        return document.getElementById('table').classList.contains('landing')
            && turn !== '' && turn !== '0' && line.includes('thinking') && [turn, line]; }""",
                                        timeout=60_000).json_value()
    name = page.locator(f'.seat[data-seat="{turn}"] .name').inner_text()
    assert name not in line, (turn, line)
    page.wait_for_function("!document.getElementById('table').classList.contains('landing')")
    if page.get_attribute("html", "data-turn") == turn:
        expect(page.locator("#message")).to_contain_text(name)


def test_a_laptops_rows_stay_put_when_the_badge_across_the_top_says_less(
        browser: Any, server: Server, watch: Watch, game) -> None:
    # A tablet on its side (1024x768): the badge across the top said "12 cards" over "0 passes"
    # at the deal and "1 card 2 passes" on one line late in the hand, and the rows moved up
    # 10 px as it shrank, during another player's turn.
    start = fantan.new_match(fantan.preset("fan-tan"), 23)
    late = played_until(start, lambda m: len(m.state.hand(2)) <= 2 or m.state.is_over)
    assert not late.state.is_over
    tops = []
    for match in (start, late):
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        watch.attach(context)
        try:
            with_save(context, store.save_text(match))
            page = context.new_page()
            game.boot(page, server.url)
            page.wait_for_selector("html[data-phase=playing]")
            tops.append(page.evaluate(
                "document.querySelector('.rows').getBoundingClientRect().top"))
        finally:
            context.close()
    assert abs(tops[0] - tops[1]) < 0.5, tops


@pytest.mark.parametrize("query", [
    "seed=14&preset=sjuan&players=4&lang=nl", "seed=4&preset=fan-tan&match=3&lang=en"],
    ids=["sjuan-nl", "fan-tan-match-en"])
def test_a_laptops_rows_stay_put_through_a_hand_with_a_fourth_fact_on_the_badges(
        page: Page, server: Server, game, query: str) -> None:
    # A badge across the top with chips, points or the match's total can take four lines: in
    # Dutch Sjuan Otto's "12 kaarten / nooit gepast / ⊙−1" stood on three lines under his name
    # and "4 kaarten / 1× gepast ⊙−2" on two, and the rows moved up 9 px mid-hand; in an
    # English match "Total +11" at the hand's end wrapped where "Total 0" had not, and the rows
    # moved down under the result board.
    page.set_viewport_size({"width": 1280, "height": 720})
    open_game(page, server, game, f"?new=1&speed=instant&{query}")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    game.record_js(page, "rows", """() => [
        String(Math.round(document.getElementById('rows').getBoundingClientRect().top))]""")
    play_to_the_end(page, double=True)
    expect(page.locator(".results-card")).to_be_visible()
    tops = game.recorded(page, "rows")
    assert len(tops) == 1, tops


@pytest.mark.parametrize("width,height,lang", [(360, 640, "en"), (320, 568, "nl")])
def test_eight_badges_with_the_most_to_say_leave_a_phone_unscrolled(
    context: BrowserContext, page: Page, server: Server, game, width: int, height: int,
    lang: str
) -> None:
    # Shichi Narabe with eight players, late in the first hand: the others' badges, four a row,
    # say "Eliminated" or "no passes left" (on two lines); the page still fits the screen, and
    # "Eliminated" is one line, not "Eliminate" over "d".
    rules = fantan.preset("shichi-narabe").replace(players=8, match_hands=3)
    match = fantan.new_match(rules, 0)
    rng = random.Random(3)
    while not (match.state.to_move == 0 and len(match.state.observation(0).eliminated) >= 2
               and len(match.state.legal_moves()) > 1):
        moves = match.state.legal_moves()
        match = match.play("pass" if match.state.to_move != 0 and "pass" in moves
                           else rng.choice(moves))
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": width, "height": height})
    game.boot(page, server.url + f"?lang={lang}")
    page.wait_for_selector(MY_TURN)
    shot(page, f"8-players-eliminated-{width}x{height}")
    tags = page.locator(".opponents .tag.elim")
    assert tags.count() >= 2
    assert page.evaluate("""() => [...document.querySelectorAll('.opponents .tag.elim')]
        .every((t) => t.getBoundingClientRect().height
                      < 1.5 * parseFloat(getComputedStyle(t).lineHeight))""")
    assert page.evaluate("document.scrollingElement.scrollHeight") <= height


def test_six_german_players_on_a_phone_on_its_side_keep_every_fact(page: Page, server: Server,
                                                                   game) -> None:
    # Three badges across the top, each with cards, passes and the match's total in German:
    # a fact that does not fit goes to a second line rather than past the badge's edge.
    page.set_viewport_size(LANDSCAPE)
    open_game(page, server, game, "?new=1&seed=4&speed=instant&preset=ruter-7&players=6&lang=de")
    page.wait_for_selector(MY_TURN)
    shot(page, "6-players-640x360-de")
    assert cut_badges(page) == []


@pytest.mark.parametrize("width,height,preset,lang", [
    (360, 640, "sjuan", "nl"), (360, 640, "fan-tan", "de"), (768, 1024, "shichi-narabe", "it"),
    (1024, 1366, "shichi-narabe", "nl"), (1366, 657, "shichi-narabe", "nl"),
    (1920, 1080, "shichi-narabe", "de")])
def test_many_opponents_keep_their_names_and_counts(page: Page, server: Server, game,
                                                    width: int, height: int, preset: str,
                                                    lang: str) -> None:
    # Seven opponents, in the longest words, chips or passes left on every badge: on a phone
    # and a tablet held upright (two rows of badges), a laptop and a large screen.
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, server, game,
              f"?new=1&seed=4&speed=instant&preset={preset}&players=8&lang={lang}")
    page.wait_for_selector(MY_TURN_OR_OVER)
    shot(page, f"8-players-{width}x{height}-{lang}")
    assert cut_badges(page) == []
    if preset == "fan-tan":  # (the passes said on one line, "0× gepasst", four badges a row)
        assert page.evaluate(ONE_LINE_FACTS)
    if 480 < width < height:  # (a tablet held upright: both rows' badges alike)
        # (found and measured at once: a badge drawn anew between the two, as a pass's light
        # goes out, was measured detached, 0 px wide)
        widths = page.evaluate("""() => [...document.querySelectorAll('.opponents .seat')]
            .map(s => Math.round(s.offsetWidth))""")
        assert len(widths) == 7 and len(set(widths)) == 1, widths
    # The bar's buttons: a finger's target 44 px tall at least, however small they look.
    for button in ("open-rules", "open-menu"):
        box = page.locator(f"#{button}").bounding_box()
        assert box is not None
        middle = box["y"] + box["height"] / 2
        for y in (max(middle - 21.5, 0.5), middle + 21.5):
            hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')?.id",
                                [box["x"] + box["width"] / 2, y])
            assert hit == button, (button, y, box)


def test_the_record_in_the_menu_fits_the_smallest_phone(page: Page, server: Server,
                                                         game) -> None:
    # Dutch has the longest column names ("Gewonnen partijen"): none is cut at 320 px.
    page.set_viewport_size({"width": 320, "height": 568})
    open_game(page, server, game, "?new=1&seed=3&speed=instant&lang=nl")
    page.click("#open-menu")
    record = page.locator(".record")
    expect(record).to_be_visible()
    assert page.evaluate("(r => r.scrollWidth <= r.clientWidth)(document.querySelector('.record'))")


@pytest.mark.parametrize("size", [TALL, PORTRAIT], ids=["tall", "portrait"])
def test_a_badge_keeps_its_lines_as_its_count_falls_under_ten(context: BrowserContext,
                                                               page: Page, server: Server,
                                                               game, size) -> None:
    # Upright, our German badge wrote "13 Karten" and "0× gepasst" on two lines, but "9 Karten
    # 0× gepasst" on one: the rows moved as the count fell under 10. The count keeps the room
    # of the widest it can come to in the hand.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=4),
                         lambda m: m.state.to_move == 0 and len(m.state.hand(0)) == 10
                         and m.state.legal_moves() != ("pass",))
    with_save(context, store.save_text(match))
    page.set_viewport_size(size)
    game.boot(page, server.url + "?lang=de&pace=600")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    ours = page.locator(".you-line .seat")
    expect(ours.locator(".count")).to_have_text("10 Karten")
    before = (ours.bounding_box(), page.locator("#rows").bounding_box())
    page.locator(PLAYABLE).first.dblclick()
    expect(ours.locator(".count")).to_have_text("9 Karten")
    after = (ours.bounding_box(), page.locator("#rows").bounding_box())
    assert before[0] and before[1] and after[0] and after[1]
    assert after[0]["height"] == before[0]["height"] and after[1]["y"] == before[1]["y"]


def test_our_badge_keeps_its_shape_whatever_the_message(page: Page, server: Server,
                                                        game) -> None:
    # On a phone held upright, a long message beside our badge (a refusal, say) wraps in its
    # own room: the badge keeps its width and lines, so the hand under it does not jump.
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=5&speed=instant&preset=ruter-7&match=3&lang=nl")
    page.wait_for_selector(MY_TURN)
    measure = """m => { document.getElementById('message').textContent = m;
        const b = document.querySelector('.you-line .seat').getBoundingClientRect();
        return [Math.round(b.width), Math.round(b.height)]; }"""
    short = page.evaluate(measure, "Lina denkt na…")
    long = page.evaluate(measure, "De 10♠ sluit niet aan op de ♠‑rij, waar tot nu toe alleen "
                                  "de 7♠ ligt.")
    assert short == long


def cinquillo_hand(page: Page, server: Server, game, size: dict[str, int]) -> list[Any]:
    """A Cinquillo deal of 9 cards each to 4 players (the 5s laid out) at ``size``, our turn:
    each card in hand as [x, y, width, bottom, whether it plays]."""
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=5&speed=instant&preset=cinquillo")
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    boxes: list[Any] = page.eval_on_selector_all(
        '#hand [data-zone="hand"]',
        """cards => cards.map(c => { const r = c.getBoundingClientRect();
            return [r.x, r.y, r.width, r.bottom, c.classList.contains('playable')]; })""")
    assert len(boxes) == 9
    return boxes


def test_a_hand_of_nine_takes_one_row_on_a_phone(page: Page, server: Server, game) -> None:
    # One row on a phone held upright, not 7 and 2, each card that plays showing a
    # finger-wide strip, the others hardly less.
    boxes = cinquillo_hand(page, server, game, PORTRAIT)
    assert max(b[1] for b in boxes) - min(b[1] for b in boxes) < 20, boxes
    pairs = list(itertools.pairwise(boxes))
    assert min(b[0] - a[0] for a, b in pairs if a[4]) >= 43.5, boxes
    assert min(b[0] - a[0] for a, b in pairs if not a[4]) >= 30, boxes


def test_a_hand_of_nine_takes_two_rows_of_whole_cards_on_a_tall_phone(
        page: Page, server: Server, game) -> None:
    # The same hand on a tall phone, where one row overlapped the cards under a table with
    # height to spare: two rows, five and four, every card whole and the page unscrolled. Held
    # as a phone of the usual height, it takes one row again.
    boxes = cinquillo_hand(page, server, game, TALL)
    # (a card that plays stands a little raised: a row's cards lie within 20 px of its top)
    top = min(b[1] for b in boxes)
    first = [b for b in boxes if b[1] < top + 20]
    second = [b for b in boxes if b[1] >= top + 20]
    assert len(first) == 5 and len(second) == 4 and boxes == first + second, boxes
    assert max(b[1] for b in second) - min(b[1] for b in second) < 20, boxes
    for row in (first, second):
        for a, b in itertools.pairwise(row):
            assert b[0] >= a[0] + a[2] - 0.5, boxes  # (side by side, none over another)
    buttons = page.locator("#play").bounding_box()
    assert buttons is not None and max(b[3] for b in boxes) <= buttons["y"]
    assert page.evaluate("document.scrollingElement.scrollHeight") <= TALL["height"]
    page.set_viewport_size(PORTRAIT)
    page.wait_for_function("() => innerHeight === 640")
    hand_still(page)
    expect(page.locator("#hand .hand-break")).to_have_count(0)


def test_a_finger_on_the_edge_of_a_card_takes_that_card_not_the_one_beneath(
        browser, server: Server, watch: Watch, game) -> None:
    # An upright tablet, three players (17 cards a hand, overlapping): with one card chosen, a
    # finger on the left edge of its right neighbour chooses that neighbour. The browser's touch
    # adjustment moves such a tap towards the card beneath, which it played.
    def two_side_by_side(match: fantan.Match) -> bool:
        state = match.state
        legal = set(state.legal_moves())
        return state.to_move == 0 and any(
            f"6{suit}" in legal and f"8{suit}" in legal for suit in "SHDC")

    match = played_until(fantan.new_match(fantan.preset("fan-tan").replace(players=3), seed=1),
                         two_side_by_side, pick=lambda legal: legal[-1])
    context = browser.new_context(viewport={"width": 820, "height": 1180}, has_touch=True,
                                  is_mobile=True)
    watch.attach(context)
    with_save(context, store.save_text(match))
    page = context.new_page()
    try:
        game.boot(page, server.url)
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        legal = match.state.legal_moves()
        suit = next(s for s in "SHDC" if f"6{s}" in legal and f"8{s}" in legal)
        low, high = (page.locator(f'#hand [data-card="{rank}{suit}"]') for rank in "68")
        low.tap()
        expect(low).to_have_class(re.compile(r"\bselected\b"))
        hand_still(page)
        box = high.bounding_box()
        assert box is not None
        # (a finger's contact, 20 px about its centre; Playwright's own taps are points)
        point = {"x": box["x"] + 1, "y": box["y"] + box["height"] * 0.9, "radiusX": 20,
                 "radiusY": 20, "force": 1, "id": 1}
        cdp = context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(high).to_have_class(re.compile(r"\bselected\b"))
        expect(low).not_to_have_class(re.compile(r"\bselected\b"))
        assert len(hand_cards(page)) == len(match.state.hand(0))
    finally:
        context.close()


def test_the_offer_of_an_update_leaves_the_game_in_view(page: Page, server: Server,
                                                       game) -> None:
    # The offer lies over the title bar: no seat, row, card or button under it (at the foot
    # of the page it hid the buttons and the hand's second row), its German words whole.
    for size in ({"width": 390, "height": 844}, {"width": 320, "height": 568}, LANDSCAPE,
                 {"width": 568, "height": 320}, DESKTOP):
        page.set_viewport_size(size)
        open_game(page, server, game, "?new=1&seed=5&speed=instant&lang=de")
        page.wait_for_selector(MY_TURN)
        # (shown as the loader shows it, placed for the bar's buttons as on a resize)
        page.evaluate("""() => {
            document.getElementById('update').hidden = false;
            dispatchEvent(new Event('resize'));
        }""")
        covered = page.evaluate("""() => {
            const offer = document.getElementById('update').getBoundingClientRect();
            const parts = document.querySelectorAll(
                '.seat, .row, #hand [data-zone=hand], #controls button, #message');
            return [...parts].filter((el) => {
                const r = el.getBoundingClientRect();
                return r.width && r.top < offer.bottom - 1 && r.bottom > offer.top;
            }).map((el) => el.className || el.id);
        }""")
        assert covered == [], (size, covered)
        words = page.locator("#update > span")
        assert words.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"), size
        box = page.locator("#update").bounding_box()
        assert box is not None and box["x"] >= 0 and box["width"] <= size["width"]
        for button in ("#update-load", "#update-later"):
            b = page.locator(button).bounding_box()
            assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= size["width"]
        # Rules and Menu stay in reach beside it wherever the bar has the room for both (a
        # phone on its side, a desktop); an upright phone's is too narrow.
        reached = [page.locator(button).evaluate(REACHED_JS)
                   for button in ("#open-rules", "#open-menu")]
        assert reached == [size["width"] >= 640] * 2, (size, reached)


def test_a_touch_screens_rules_page_says_nothing_of_keys(browser, server: Server, watch: Watch,
                                                         game) -> None:
    # A phone has no arrow keys: its rules page says how to play with a finger only.
    context = browser.new_context(viewport=PORTRAIT, has_touch=True, is_mobile=True)
    watch.attach(context)
    page = context.new_page()
    try:
        game.boot(page, server.url + "?new=1&seed=2&speed=instant")
        page.wait_for_selector(MY_TURN_OR_OVER)
        page.click("#open-rules")
        controls = page.locator("#rules-page .controls-help li")
        expect(page.locator("#rules-page h3", has_text="Controls")).to_be_visible()
        assert controls.count() == 5
        # (nor of a mouse's clicks: a finger taps)
        shown = [line for line in controls.all() if line.is_visible()]
        assert [line.inner_text() for line in shown] == [
            "Tap a card to choose it, then tap it again or press Play to play it."]
        # The menu's boxes are a finger's target high, their words and all (one line of
        # words made a target of 22 px).
        page.click("#rules-close")
        page.click("#open-menu")
        heights = page.eval_on_selector_all(
            "#menu label.check", "ls => ls.map(l => l.getBoundingClientRect().height)")
        assert len(heights) == 3 and min(heights) >= 44, heights
    finally:
        context.close()


def test_the_cards_in_hand_slide_to_their_new_places(page: Page, server: Server, game) -> None:
    # A card played leaves a gap in the hand, and at our turn the cards that play open up:
    # the others slide there (the translate of an animation), not jump under a finger.
    page.set_viewport_size(LANDSCAPE)
    open_game(page, server, game, "?new=1&seed=6&speed=instant&preset=sevens&players=3")
    page.wait_for_selector(MY_TURN)
    sliding = """() => [...document.querySelectorAll('#hand [data-zone=hand]')].some(c =>
        c.getAnimations().some(a => a.effect.getKeyframes().some(k => k.translate)))"""
    hand_still(page)  # (the turn's own slide over)
    # (watched from before the play, as the hand is drawn again: a slide lasts 160 ms, less
    # than a busy machine may take to begin looking once the double click is done)
    page.evaluate("""() => { window.slid = false; const sliding = """ + sliding + """;
        new MutationObserver(() => { window.slid = window.slid || sliding(); })
            .observe(document.getElementById('hand'),
                     {subtree: true, childList: true, attributes: true}); }""")
    page.locator(PLAYABLE).first.dblclick()
    page.wait_for_function("() => window.slid", timeout=5_000)


def flight_of(code: str) -> str:
    """A JavaScript expression: the flight (the animation that moves it) of the table's card
    ``code``, or undefined while it has none."""
    return (f"""document.querySelector('[data-zone="table"][data-card="{code}"]')
        ?.getAnimations().find(a => a.effect.getKeyframes().some(
          k => k.transform && k.transform !== 'none'))""")


RECORD_TURNS_JS = """
window.turnsSeen = [];
addEventListener('DOMContentLoaded', () => {
    // At each change of the table: is our turn shown (a card that plays raised, or the
    // message's "Your turn"), and is a card still flying to the table meanwhile?
    const flying = () => [...document.querySelectorAll('[data-zone="table"]')].some(
        (card) => card.getAnimations().some((a) => a.playState === 'running'
            && a.effect.getKeyframes().some((k) => k.transform && k.transform !== 'none')));
    new MutationObserver(() => {
        const raised = [...document.querySelectorAll('#hand .card.playable')].some(
            (card) => getComputedStyle(card).transform !== 'none');
        const shown = raised
            || document.getElementById('message').textContent.startsWith('Your turn');
        if (shown) window.turnsSeen.push(flying());
    }).observe(document.getElementById('table'),
               {subtree: true, childList: true, attributes: true, characterData: true});
});
"""


def test_our_turn_shows_as_the_card_that_hands_it_to_us_lands(page: Page, server: Server,
                                                              game) -> None:
    # At the fast speed a computer's card flies for a shorter time: our turn (our cards
    # raised, "Your turn") showed while the card that handed it to us was still in the air.
    seed = seed_where("fan-tan", lambda m: m.state.to_move != 0)
    page.set_viewport_size(DESKTOP)
    page.add_init_script(RECORD_TURNS_JS)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=fast&level=easy")
    for _ in range(4):
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") == "over":
            break
        expect(page.locator("#message")).to_contain_text("Your turn")
        page.locator(PLAYABLE).first.dblclick()
        page.wait_for_selector("html:not([data-turn='0'])")
    seen = page.evaluate("window.turnsSeen")
    assert seen and not any(seen), seen


def test_a_card_played_flies_over_the_rows_it_crosses(context: BrowserContext, page: Page,
                                                      server: Server, game) -> None:
    # Our spade flies from the hand up to the top row, across the rows below it, whose cards
    # come after its own in the page: it stays over them the whole way.
    def ready(match: fantan.Match) -> bool:
        state = match.state
        return (state.to_move == 0 and any(c.endswith("S") for c in state.legal_moves())
                and sum(m != "pass" and not m.endswith("S") for m in state.moves) >= 12)
    match = played_until(fantan.new_match("fan-tan", 3), ready, pick=lambda legal: legal[-1])
    spade = next(c for c in match.state.legal_moves() if c.endswith("S"))
    with_save(context, store.save_text(match))
    page.set_viewport_size(TABLET)
    game.boot(page, server.url + "?speed=slow")
    page.wait_for_selector(MY_TURN)
    # (held still as it begins, by an observer set before the play: the flight lasts 380 ms,
    # less than a busy machine may take to begin looking once the double click is done)
    page.evaluate(f"""() => new MutationObserver((_, observer) => {{
        const f = {flight_of(spade)};
        if (f) {{ f.pause(); observer.disconnect(); window.held = true; }}
    }}).observe(document.getElementById('rows'), {{subtree: true, childList: true}})""")
    page.locator(f'#hand [data-card="{spade}"]').dblclick()
    page.wait_for_function("() => window.held === true")
    # The flight held still at points along its way: on top where it covers another card.
    seen = page.evaluate(f"""() => {{
        const flight = {flight_of(spade)}, card = flight.effect.target;
        const end = flight.effect.getComputedTiming().endTime, out = [];
        for (let k = 1; k < 10; k++) {{
          flight.currentTime = end * k / 10;
          const r = card.getBoundingClientRect();
          for (const other of document.querySelectorAll('.slot .card')) {{
            const o = other.getBoundingClientRect();
            const left = Math.max(r.left, o.left), right = Math.min(r.right, o.right);
            const top = Math.max(r.top, o.top), bottom = Math.min(r.bottom, o.bottom);
            if (other === card || right - left < 4 || bottom - top < 4) continue;
            const first = document.elementsFromPoint((left + right) / 2, (top + bottom) / 2)
                                  .map(e => e.closest('.card')).find(c => c);
            out.push([other.dataset.card, first === card]);
          }}
        }}
        flight.play();
        return out; }}""")
    assert len({crossed for crossed, _ in seen}) >= 3, seen  # (it does cross other cards)
    assert all(on_top for _, on_top in seen), seen


def test_the_last_card_flies_under_the_result_board(context: BrowserContext, page: Page,
                                                    server: Server, game) -> None:
    # A player's last card: the board shows at once, over the card still on its way down to
    # the table.
    match = played_until(fantan.new_match("fan-tan", 1),
                         lambda m: m.state.to_move == 3 and len(m.state.hand(3)) == 1
                         and m.state.legal_moves() != ("pass",))
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 320, "height": 568})
    game.boot(page, server.url + "?speed=slow")
    # (the flight held still as it starts, and looked at along its way under the board)
    flight = flight_of(match.state.hand(3)[0])
    page.wait_for_function(f"() => {{ const f = {flight}; f?.pause(); return f; }}",
                           polling="raf")
    expect(page.locator("#results")).to_be_visible()
    # Where its way crosses the board, the card hidden or not, the screen is the same.
    box = page.evaluate(f"""() => {{
        const flight = {flight}, card = flight.effect.target;
        const board = document.querySelector('#results .results-card').getBoundingClientRect();
        const end = flight.effect.getComputedTiming().endTime;
        for (let k = 1; k < 10; k++) {{
          flight.currentTime = end * k / 10;
          const r = card.getBoundingClientRect();
          if (r.left >= board.left && r.right <= board.right && r.top >= board.top
              && r.bottom <= board.bottom)
            return {{x: r.left, y: r.top, width: r.width, height: r.height}};
        }}
        return null; }}""")
    assert box, "the card's way does not cross the board"
    seen = page.screenshot(clip=box)
    page.evaluate(f"() => {{ ({flight}).effect.target.style.visibility = 'hidden'; }}")
    assert page.screenshot(clip=box) == seen


@pytest.mark.parametrize("size", [PORTRAIT, {"width": 320, "height": 568}],
                         ids=["portrait", "short-portrait"])
def test_the_table_stays_put_when_the_hand_is_down_to_one_row(page: Page, server: Server,
                                                               game, size: dict[str, int]) -> None:
    # Thirteen cards take two rows on a phone held upright, nine one: the hand keeps the height
    # of two to the end, so that the rows and the hand above the buttons do not move down
    # (by 94 px at 360x640) the moment the second row empties.
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=5&speed=instant")
    page.wait_for_selector(MY_TURN)
    top = "document.getElementById('hand').getBoundingClientRect().top"
    before = page.evaluate(top)
    tops = set()
    while len(hand_cards(page)) > 8:
        page.wait_for_selector(MY_TURN_OR_OVER)
        if page.get_attribute("html", "data-phase") == "over":
            break
        held = len(hand_cards(page))
        tops.add((held, page.evaluate(top)))
        page.locator(PLAYABLE).first.dblclick()
        page.wait_for_function("n => document.querySelectorAll('#hand [data-zone=hand]')"
                               ".length < n", arg=held)
    assert {n for n, _ in tops} >= {10, 9}, tops
    assert all(abs(t - before) < 1 for _, t in tops), (before, tops)


def test_an_eight_player_match_board_keeps_its_buttons_on_the_smallest_phone(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Eight lines of standings and eight of the last hand, in German, at 320x568: the table
    # gives way first, the standings after it, and the buttons stay in view.
    match = fantan.new_match(fantan.preset("fan-tan").replace(players=8, match_hands=2), 4)
    match = played_until(match, lambda m: m.is_over)
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 320, "height": 568})
    game.boot(page, server.url + "?lang=de")
    expect(page.locator("#results .standings li")).to_have_count(8)
    shot(page, "small-portrait-8-player-match-over")
    card = page.locator("#results .results-card").bounding_box()
    assert card is not None
    for button in ("#new-game", "#show-table"):
        box = page.locator(button).bounding_box()
        assert box is not None and box["y"] >= card["y"], button
        assert box["y"] + box["height"] <= min(568, card["y"] + card["height"]), button
    standings = page.locator("#results .standings").bounding_box()
    table = page.locator("#results .scroll").bounding_box()
    assert standings and table and standings["y"] + standings["height"] <= table["y"]
    # The standings stand in two columns of four, each line whole (its total too), so that
    # the last hand's table keeps room for three of its rows or more.
    lines = page.eval_on_selector_all("#results .standings li", """els => els.map(e => {
        const r = e.getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top), e.scrollWidth <= e.clientWidth]; })""")
    assert len({x for x, _, _ in lines}) == 2 and len({y for _, y, _ in lines}) == 4, lines
    assert all(whole for _, _, whole in lines), lines
    rows = page.eval_on_selector_all(HAND_ROWS, """els => els.filter(e => {
        const r = e.getBoundingClientRect(), s = e.closest('.scroll').getBoundingClientRect();
        return r.top >= s.top - 1 && r.bottom <= s.bottom + 1; }).length""")
    assert rows >= 3, rows


def eight_player_board(context: BrowserContext, page: Page, server: Server, game,
                       deal: tuple[str, int], size: tuple[int, int], lang: str) -> None:
    """The board after a match of two hands of eight players (``deal``: preset and seed), each
    seat playing its first legal move, on a screen of ``size`` in ``lang``."""
    preset, seed = deal
    match = fantan.new_match(fantan.preset(preset).replace(players=8, match_hands=2), seed)
    with_save(context, store.save_text(played_until(match, lambda m: m.is_over)))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    game.boot(page, server.url + f"?lang={lang}")
    expect(page.locator("#results .standings li")).to_have_count(8)


@pytest.mark.parametrize("width,height,lang", [(740, 360, "en"), (568, 320, "de")])
def test_an_eight_player_match_board_shows_every_place_on_a_phone_on_its_side(
        context: BrowserContext, page: Page, server: Server, game, width: int, height: int,
        lang: str) -> None:
    # Beside the last hand's table, the standings of eight had room for six lines: the last
    # two hid under the list's edge, which fell between two lines, so that it looked whole.
    eight_player_board(context, page, server, game, ("points", 81), (width, height), lang)
    shot(page, f"landscape-8-player-match-over-{width}")
    lines = page.eval_on_selector_all("#results .standings li", """els => els.map(e => {
        const r = e.getBoundingClientRect(), s = e.parentElement.getBoundingClientRect();
        return [Math.round(r.left), Math.round(r.top), r.top >= s.top - 1
                && r.bottom <= s.bottom + 1 && r.left >= s.left - 1 && r.right <= s.right + 1
                && r.bottom <= innerHeight && e.scrollWidth <= e.clientWidth]; })""")
    assert all(seen for _, _, seen in lines), lines
    assert len({x for x, _, _ in lines}) == 2 and len({y for _, y, _ in lines}) == 4, lines
    # The note on the tie under them, whole, and the buttons in view.
    note = page.locator("#results .tie").bounding_box()
    buttons = page.locator("#results .results-buttons").bounding_box()
    assert note and buttons and note["y"] + note["height"] <= buttons["y"]
    assert buttons["y"] + buttons["height"] <= height


@pytest.mark.parametrize("width,height", [(640, 360), (568, 320)])
def test_a_long_note_on_a_tie_leaves_every_place_in_view_on_a_phone_on_its_side(
        context: BrowserContext, page: Page, server: Server, game, width: int,
        height: int) -> None:
    # Six players, two ties and the German note on both under the standings: the note took
    # the column's height and the list scrolled, four of six places (ours too) hidden under
    # its edge. The places stay whole; the note gives way and scrolls, with its shadow.
    match = played_until(fantan.new_match(fantan.preset("sjueren").replace(
        players=6, match_hands=2), 10), lambda m: m.is_over)
    assert [match.decided_by(a, b) for a, b in zip(
        match.standings, match.standings[1:], strict=False)].count("total") == 3
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": width, "height": height})
    game.boot(page, server.url + "?lang=de")
    expect(page.locator("#results .standings li")).to_have_count(6)
    shot(page, f"landscape-6-player-match-over-tie-{width}")
    lines = page.eval_on_selector_all("#results .standings li", """els => els.map(e => {
        const r = e.getBoundingClientRect(), s = e.parentElement.getBoundingClientRect();
        return r.top >= s.top - 1 && r.bottom <= s.bottom + 1 && r.bottom <= innerHeight; })""")
    assert lines == [True] * 6, lines
    note = page.locator("#results .tie")
    assert not note.evaluate("e => e.classList.contains('still')")  # (it scrolls: shadowed)
    box, buttons = note.bounding_box(), page.locator("#results .results-buttons").bounding_box()
    assert box and buttons and box["y"] + box["height"] <= buttons["y"]
    assert buttons["y"] + buttons["height"] <= height


@pytest.mark.parametrize("width,height,lang", [(1366, 657, "en"), (1280, 650, "de")])
def test_an_eight_player_match_board_shows_every_row_on_a_laptop(
        context: BrowserContext, page: Page, server: Server, game, width: int, height: int,
        lang: str) -> None:
    # A laptop's short screen: the last hand's eight rows stand whole beside the standings,
    # each player's cards held in one line of small cards, nothing to scroll.
    eight_player_board(context, page, server, game, ("fan-tan", 4), (width, height), lang)
    shot(page, f"laptop-{width}x{height}-8-player-match-over")
    rows = page.eval_on_selector_all(HAND_ROWS, """els => els.map(e => {
        const r = e.getBoundingClientRect(), s = e.closest('.scroll').getBoundingClientRect();
        return r.top >= s.top - 1 && r.bottom <= s.bottom + 1; })""")
    assert rows == [True] * 8, rows
    box = page.locator("#results .results-buttons").bounding_box()
    assert box is not None and box["y"] + box["height"] <= height


def test_a_note_on_a_tie_stands_right_under_the_standings_beside_the_table(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Beside the last hand's table (a wide screen), the note on why of two players level on
    # points one is ahead follows the standings, not the foot of the table's height.
    match = played_until(fantan.new_match(fantan.preset("sjueren").replace(
        players=6, match_hands=2), 2), lambda m: m.is_over)
    assert "cards-left" in [match.decided_by(a, b) for a, b in zip(
        match.standings, match.standings[1:], strict=False)]
    with_save(context, store.save_text(match))
    page.set_viewport_size({"width": 1366, "height": 768})
    game.boot(page, server.url)
    expect(page.locator("#results .tie")).to_be_visible()
    gap = page.evaluate("""() => document.querySelector('#results .tie').getBoundingClientRect()
        .top - document.querySelector('#results .standings li:last-child')
        .getBoundingClientRect().bottom""")
    table = page.locator("#results .scroll").bounding_box()
    tie = page.locator("#results .tie").bounding_box()
    assert table and tie and tie["x"] > table["x"] + table["width"]  # (beside it)
    assert 0 <= gap <= 12, gap


def test_the_turn_and_the_next_cards_are_marked_as_the_card_lands(page: Page, server: Server,
                                                                   game) -> None:
    # We hold the 7D and open; each computer move then takes three seconds.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, f"?new=1&seed={seed}&pace=3")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    before = page.eval_on_selector_all(".slot.needed", "els => els.map(e => e.dataset.slot)")
    page.locator(PLAYABLE).first.click()
    # While our 7D flies to the table, the next seat's mark and the outlines of the 6D and 8D
    # wait for it (read in the browser as the flight begins, by an observer set before the
    # play: the flight lasts 380 ms, less than a busy machine may take to begin looking once
    # the click is done); an outline there before stays...
    page.evaluate("""() => { window.marks = null;
        const table = document.getElementById('table');
        new MutationObserver((_, observer) => {
            if (!table.classList.contains('landing')) return;
            observer.disconnect();
            const seat = document.querySelector('.seat.turn');
            const colour = el => el && getComputedStyle(el).borderTopColor;
            const needed = [...document.querySelectorAll('.slot.needed')];
            window.marks = [seat && seat.dataset.seat, colour(seat),
                            needed.map(e => [e.dataset.slot, colour(e)])];
        }).observe(table, {attributes: true, attributeFilter: ['class']}); }""")
    page.click("#play")
    marks = page.wait_for_function("() => window.marks", timeout=5_000).json_value()
    gold = "rgb(242, 193, 78)"
    assert marks[0] == "1"
    assert marks[1] == "rgba(0, 0, 0, 0)"
    outlines = dict(marks[2])
    assert "6D" in outlines and "8D" in outlines, outlines
    assert all((colour == gold) == (slot in before) for slot, colour in outlines.items()), (
        outlines, before)
    # ...and they come as it lands.
    page.wait_for_selector("#table:not(.landing)", timeout=5_000)
    expect(page.locator('.seat.turn[data-seat="1"]')).to_have_css("border-top-color", gold)
    for slot in ("6D", "8D"):
        expect(page.locator(f'.slot.needed[data-slot="{slot}"]')).to_have_css(
            "border-top-color", gold)


def test_the_keyboard_plays_turn_after_turn_with_enter(page: Page, server: Server,
                                                       game) -> None:
    # Enter on the focused card, turn after turn: the focus left on the card that took the
    # played card's place goes, at our next turn, to one that plays.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=fast")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    for _ in range(5):
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") == "over":
            break
        focused = page.evaluate("""() => [document.activeElement.dataset.card,
            document.activeElement.getAttribute('aria-disabled')]""")
        assert focused[0] and focused[1] != "true", focused
        played = len(table_cards(page))
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('[data-zone=table]').length > {played}")


def open_moves_of(context: BrowserContext, page: Page, server: Server, game,
                  match: fantan.Match, query: str = "?speed=slow") -> None:
    """``match`` saved and loaded on a phone held upright, its moves page opened from the menu
    at our turn or after the hand."""
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + query)
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    page.click("#open-menu")
    page.click("#menu-moves")


def test_the_moves_page_shows_the_hand_as_we_may_know_it(context: BrowserContext, page: Page,
                                                         server: Server, game) -> None:
    # Ruter 7, played on by the engine until our turn comes after a card was given between two
    # others: the page shows every move in turn order, and that gift unnamed.
    match = played_until(
        fantan.new_match(fantan.preset("ruter-7"), seed=2),
        lambda m: m.state.to_move == 0 and any(
            e.kind == "give" and 0 not in (e.seat, e.to) for e in m.state.history),
        pick=lambda legal: legal[-1])
    open_moves_of(context, page, server, game, match)
    expect(page.locator("#moves-page")).to_be_visible()
    expect(page.locator("#menu")).to_be_hidden()
    expect(page.locator("#moves-title")).to_be_focused()
    cat, rules = catalog("en"), match.rules
    obs = match.state.observation(0)
    # Row by row, the cells in words (what a screen reader says) are the hand's moves in order.
    cells = page.eval_on_selector_all(
        "#moves-page tbody td:not(:empty)",
        "tds => tds.map(td => td.querySelector(':scope > .sr').textContent)")
    assert cells == [view.card_words(cat, rules, e.card) if e.kind == "play" else "Pass"
                     for e in obs.history if e.kind in ("play", "pass")]
    gifts = page.eval_on_selector_all("#moves-page .mv-gift .sr:last-child",
                                      "spans => spans.map(s => s.textContent)")
    assert gifts == [view.event_text(cat, rules, e, spoken=True)
                     for e in obs.history if e.kind == "give"]
    assert any(e.kind == "give" and e.card is None for e in obs.history)  # (one unnamed)
    seen = {e.card for e in obs.history if e.card}
    for real in match.state.history:  # (a card given between two others is named nowhere)
        if real.kind == "give" and real.card not in seen:
            assert view.card_words(cat, rules, real.card) not in page.inner_text("#moves-page")
    # The latest round is in view above the Close button, the seats' names over it.
    box = page.locator("#moves-page").bounding_box()
    last = page.locator("#moves-page tbody tr").last.bounding_box()
    close = page.locator("#moves-close").bounding_box()
    heads = page.locator("#moves-page thead").bounding_box()
    assert box and last and close and heads
    assert box["y"] <= heads["y"] and heads["y"] + heads["height"] <= last["y"]
    assert last["y"] + last["height"] <= close["y"]
    # A reload shows it again; Escape closes it, the focus back on Menu.
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#moves-page")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#moves-page")).to_be_hidden()
    expect(page.locator("#open-menu")).to_be_focused()
    expect(page.locator(PLAYABLE).first).to_be_visible()


def known_cards_told() -> fantan.Match:
    """The standard game at our turn once a seat has passed with cards that fitted (it holds
    none of them still out) and a card can be with one seat alone (it holds it)."""
    def told(m: fantan.Match) -> bool:
        known = fantan.ai.known_cards(m.state.observation(0))
        return (m.state.to_move == 0 and any(k.holds for k in known)
                and any(k.lacks for k in known))
    return played_until(fantan.new_match(fantan.preset("fan-tan"), seed=0), told)


def test_the_moves_page_tells_what_the_moves_show(context: BrowserContext, page: Page,
                                                   server: Server, game) -> None:
    # The page says what the moves tell under them, seat by seat as the engine infers it from
    # our observation; our column stands out.
    match = known_cards_told()
    open_moves_of(context, page, server, game, match)
    expect(page.locator("#moves-known")).to_have_text("What the moves tell")
    cat, rules = catalog("en"), match.rules
    log = view.move_log(match.state.observation(0))
    lines = page.eval_on_selector_all("#moves-page .moves-known li", """lis => lis.map(li =>
        [li.querySelector('b').textContent, ...[...li.querySelectorAll('.mk')].map(mk =>
            mk.firstChild.textContent + ': ' + mk.querySelector('.sr').textContent)])""")
    assert lines == [
        [view.seat_name(cat, seat)]
        + [f"{label}: {cat.join([view.card_words(cat, rules, c) for c in cards])}."
           for label, cards in (("Holds", holds), ("Cannot hold", lacks)) if cards]
        for seat, holds, lacks in log.known]
    said = [part.split(":")[0] for line in lines for part in line[1:]]
    assert "Holds" in said and "Cannot hold" in said
    # It is in view as the page opens, over the Close button.
    last = page.locator("#moves-page .moves-known li").last.bounding_box()
    close = page.locator("#moves-close").bounding_box()
    assert last and close and last["y"] + last["height"] <= close["y"]
    expect(page.locator("#moves-page thead th.me")).to_have_text("You")
    band, plain = page.evaluate("""() => [...['td.me', 'td:not(.me)'].map(sel => getComputedStyle(
        document.querySelector('#moves-page tbody ' + sel)).backgroundColor)]""")
    assert band != plain


def test_after_the_hand_our_choices_are_checked_against_the_hint(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # A standard hand played to its end, each seat taking the middle one of its legal moves:
    # after it, the moves page sets each of our choices beside Hard's hint (searched in the
    # worker, as the engine here searches it) and lists those it would have made otherwise.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=6),
                         lambda m: m.state.is_over, pick=lambda legal: legal[len(legal) // 2])
    cat, rules = catalog("en"), match.rules
    choices = view.our_choices(match)
    advice = [fantan.ai.review("hard", c.obs, c.move, seed=c.seed).to_dict() for c in choices]
    checked = view.review(cat, rules, view.move_log(match.state.observation(0)), choices, advice)
    assert checked.lines and checked.agreed  # (some alike, some not)
    open_moves_of(context, page, server, game, match, "?speed=instant&level=hard")
    page.click("#moves-check")
    # While the worker searches, the page answers: the page closes and opens again, the
    # check going on (its button busy), and shows its end.
    expect(page.locator("#moves-status")).to_contain_text("Checking your moves: ")
    page.keyboard.press("Escape")
    expect(page.locator("#moves-page")).to_be_hidden()
    page.click("#open-menu")
    page.click("#menu-moves")
    busy = page.evaluate("""() => { const check = document.getElementById('moves-check');
        return check ? check.getAttribute('aria-busy') : 'ended'; }""")
    if busy == "ended":  # (it ended meanwhile: the page opened on its end)
        expect(page.locator("#moves-review")).to_be_visible()
    else:
        assert busy == "true"
        expect(page.locator("#moves-review")).to_be_focused(timeout=60_000)
    assert page.get_attribute("html", "data-ai") == "worker"
    expect(page.locator("#moves-page .moves-agreed")).to_have_text(
        f"Your choices the hint agrees with: {checked.agreed} of {checked.count}."
        " The others, framed in the table above:")
    assert page.locator("#moves-page td.me.off").count() == len(checked.rounds) > 0
    lines = page.eval_on_selector_all("#moves-page .moves-checked li", """lis => lis.map(li =>
        [li.children[0].textContent, li.children[1].textContent])""")
    assert lines == [list(line) for line in checked.lines]
    # Closed and opened again, the page shows the check, not its button.
    page.keyboard.press("Escape")
    expect(page.locator("#moves-page")).to_be_hidden()
    page.click("#open-menu")
    page.click("#menu-moves")
    expect(page.locator("#moves-page .moves-checked li")).to_have_count(len(lines))
    expect(page.locator("#moves-check")).to_have_count(0)
    # A reload opens the page again and checks the moves again, with the same answers.
    page.reload()
    expect(page.locator("#moves-page .moves-checked li")).to_have_count(len(lines),
                                                                        timeout=60_000)
    assert page.eval_on_selector_all("#moves-page .moves-checked li", """lis => lis.map(li =>
        [li.children[0].textContent, li.children[1].textContent])""") == lines


def test_a_check_that_ends_after_the_level_changed_waits_for_its_level(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Our moves checked at Hard, the level set to Medium meanwhile: the moves page at Medium
    # offers Medium's check and shows nothing of Hard's, however long Hard's takes (it stopped
    # the game when it ended there); at Hard again, the page shows Hard's check, ended.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=6),
                         lambda m: m.state.is_over, pick=lambda legal: legal[len(legal) // 2])
    open_moves_of(context, page, server, game, match, "?speed=instant&level=hard")
    # (every count the line over the buttons shows, and every one read out)
    page.evaluate("""() => {
        window.checkSeen = {shown: [], heard: []};
        const note = (list, id) => { const el = document.getElementById(id);
            if (el && el.textContent && list[list.length - 1] !== el.textContent)
                list.push(el.textContent); };
        new MutationObserver(() => { note(checkSeen.shown, 'moves-progress');
                                     note(checkSeen.heard, 'moves-said'); })
            .observe(document.getElementById('moves-page'),
                     {subtree: true, childList: true, characterData: true});
    }""")
    began = time.monotonic()
    page.click("#moves-check")
    expect(page.locator("#moves-review")).to_be_focused(timeout=60_000)
    took = time.monotonic() - began
    # The count goes up at each of our choices, but it is read out at first and then every
    # few seconds at most, not at each step (each step is quicker than its words).
    seen = page.evaluate("checkSeen")
    count = len(view.our_choices(match))
    assert seen["shown"] == [f"Checking your moves: {n} of {count}…" for n in
                             range(1, count + 1)], seen
    assert seen["heard"][0] == seen["shown"][0] and set(seen["heard"]) <= set(seen["shown"])
    assert len(seen["heard"]) <= 1 + took / 5, (seen, took)
    lines = page.eval_on_selector_all("#moves-page .moves-checked li", "lis => lis.length")
    # A reload checks them again (asked for before it), and the level changes meanwhile.
    page.reload()
    expect(page.locator("#moves-status")).to_contain_text("Checking your moves: ",
                                                          timeout=60_000)
    page.keyboard.press("Escape")
    page.click("#open-menu")
    page.select_option("#menu-level", "medium")
    page.click("#menu-moves")
    expect(page.locator("#moves-check")).to_be_visible()
    assert page.get_attribute("#moves-check", "aria-busy") != "true"
    # (Hard's check ends meanwhile, out of sight)
    page.wait_for_selector("html[data-checking='']", state="attached", timeout=120_000)
    expect(page.locator("#moves-status")).not_to_contain_text("Checking")
    expect(page.locator("#moves-review")).to_have_count(0)
    expect(page.locator("#moves-check")).to_be_visible()
    page.keyboard.press("Escape")
    page.click("#open-menu")
    page.select_option("#menu-level", "hard")
    page.click("#menu-moves")
    expect(page.locator("#moves-page .moves-checked li")).to_have_count(lines, timeout=60_000)


def test_the_table_after_a_hand_opens_its_moves_and_keeps_their_check(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The table looked at after a hand offers its moves beside the way back to the board, in
    # one row; our moves checked there stay checked after a reload.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=6),
                         lambda m: m.state.is_over, pick=lambda legal: legal[0])
    assert view.our_choices(match)
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?speed=instant&level=medium")
    page.click("#show-table")
    expect(page.locator("#show-results")).to_be_focused()
    moves, back = (page.locator(b).bounding_box() for b in ("#show-moves", "#show-results"))
    assert moves and back and round(moves["y"]) == round(back["y"])
    assert moves["width"] >= 44 and moves["height"] >= 44
    page.click("#show-moves")
    expect(page.locator("#moves-title")).to_be_focused()
    page.click("#moves-check")
    expect(page.locator("#moves-review")).to_be_focused()
    checked = page.locator("#moves-page .moves-agreed").text_content()
    page.keyboard.press("Escape")
    expect(page.locator("#moves-page")).to_be_hidden()
    expect(page.locator("#show-moves")).to_be_focused()  # (back where it was opened)
    page.reload()
    expect(page.locator("#show-moves")).to_be_visible(timeout=60_000)
    expect(page.locator("#results")).to_be_hidden()
    page.click("#show-moves")
    expect(page.locator("#moves-page .moves-agreed")).to_have_text(checked or "")
    expect(page.locator("#moves-check")).to_have_count(0)
    # A reload at another level keeps it too (the note of the view kept one level's check).
    page.keyboard.press("Escape")
    page.click("#open-menu")
    page.select_option("#menu-level", "hard")
    page.keyboard.press("Escape")
    page.reload()
    expect(page.locator("#show-moves")).to_be_visible(timeout=60_000)
    page.click("#open-menu")
    page.select_option("#menu-level", "medium")
    page.click("#menu-moves")
    expect(page.locator("#moves-page .moves-agreed")).to_have_text(checked or "")
    expect(page.locator("#moves-check")).to_have_count(0)


def test_a_double_tap_on_the_check_leaves_the_focus_on_what_it_found(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # At Medium the check ends before a double tap's second tap comes, where its button was:
    # that tap does nothing, and the focus stays on the check's heading.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=6),
                         lambda m: m.state.is_over, pick=lambda legal: legal[0])
    assert view.our_choices(match)
    open_moves_of(context, page, server, game, match, "?speed=instant&level=medium")
    expect(page.locator("#moves-title")).to_be_focused()
    page.locator("#moves-check").scroll_into_view_if_needed()
    box = page.locator("#moves-check").bounding_box()
    assert box
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # (a double click's events, its first click handled before its second press)
    page.mouse.move(x, y)
    page.mouse.down(click_count=1)
    page.mouse.up(click_count=1)
    expect(page.locator("#moves-review")).to_be_focused()
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    page.wait_for_timeout(100)  # (a click is handled as it comes: time to handle it)
    expect(page.locator("#moves-review")).to_be_focused()


@pytest.mark.parametrize("lang", ["en", "de", "nb", "nl", "it"])
def test_the_moves_of_eight_players_fit_a_small_phone(page: Page, server: Server, game,
                                                     lang: str) -> None:
    page.set_viewport_size({"width": 320, "height": 568})
    open_game(page, server, game, f"?new=1&seed=5&players=8&speed=instant&lang={lang}")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    page.click("#open-menu")
    buttons = [page.locator(f"#menu-{b}").bounding_box() for b in ("new-game", "rules", "moves")]
    assert all(buttons) and len({round(b["y"]) for b in buttons if b}) == 1  # (one row)
    page.click("#menu-moves")
    expect(page.locator("#moves-page table")).to_be_visible()
    assert page.locator("#moves-page thead th").count() == 9
    wide = page.evaluate("() => { const d = document.getElementById('moves-page');"
                         " return [d.scrollWidth, d.clientWidth]; }")
    assert wide[0] <= wide[1], wide
    # (the table fits as it is: it does not scroll on its own, its seats' names stay in view
    # at the page's top as the page scrolls)
    expect(page.locator("#moves-page .moves-wide")).not_to_have_class(re.compile("scrolls"))
    expect(page.locator("#moves-page .moves-wide")).not_to_have_attribute("tabindex", "0")
    # The seats' names, as close as they must be, are parted by a line ("OttoMaya" read as one):
    # between each two, text-to-text, a line or room for one.
    parted = page.evaluate("""() => {
        const ths = [...document.querySelectorAll('#moves-page thead th')];
        return ths.slice(1).every((th, i) => {
            const text = el => { const r = document.createRange(); r.selectNodeContents(el);
                                 return r.getBoundingClientRect(); };
            const line = getComputedStyle(th).boxShadow.includes('inset');
            return text(th).left - text(ths[i]).right >= (line ? 2 : 6); }); }""")
    assert parted


def test_a_check_at_hard_goes_on_beside_one_at_medium(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Our moves checked at Hard, and meanwhile at Medium: each level keeps its own check. (A
    # check at Medium took the place of Hard's going on, whose end was then thrown away, or
    # once ended, Medium's took the place of its result: at Hard, its button again.)
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=6),
                         lambda m: m.state.is_over, pick=lambda legal: legal[len(legal) // 2])
    cat, rules = catalog("en"), match.rules
    log = view.move_log(match.state.observation(0))
    choices = view.our_choices(match)

    def agreed(level: str) -> str:
        advice = [fantan.ai.review(level, c.obs, c.move, seed=c.seed).to_dict()
                  for c in choices]
        checked = view.review(cat, rules, log, choices, advice)
        return f"Your choices the hint agrees with: {checked.agreed} of {checked.count}."

    hard, medium = agreed("hard"), agreed("medium")
    open_moves_of(context, page, server, game, match, "?speed=instant&level=hard")
    page.click("#moves-check")
    expect(page.locator("html")).to_have_attribute("data-checking", "hard")
    page.keyboard.press("Escape")
    page.click("#open-menu")
    page.select_option("#menu-level", "medium")
    page.click("#menu-moves")
    page.click("#moves-check")
    expect(page.locator("#moves-review")).to_be_focused(timeout=60_000)
    expect(page.locator("#moves-page .moves-agreed")).to_contain_text(medium)
    # Hard's check ends while the page is at Medium: Medium's stays on the page.
    page.wait_for_selector("html[data-checking='']", state="attached", timeout=60_000)
    expect(page.locator("#moves-page .moves-agreed")).to_contain_text(medium)
    # At Hard again: Hard's check, ended, not its button; and back at Medium, Medium's.
    for level, said in (("hard", hard), ("medium", medium)):
        page.keyboard.press("Escape")
        page.click("#open-menu")
        page.select_option("#menu-level", level)
        page.click("#menu-moves")
        expect(page.locator("#moves-page .moves-agreed")).to_contain_text(said)
        expect(page.locator("#moves-check")).to_have_count(0)
