"""Accessibility: an axe-core audit of the main screens, a game played with the keyboard alone,
what screen readers hear, colour never the only signal, reduced motion and large text.

The audit injects axe-core (an npm devDependency, never part of dist/) through a context that
bypasses the page's CSP; every other check runs under the CSP as it ships.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest import Server, Watch
from playwright.sync_api import BrowserContext, Page, expect
from test_game import (
    DESKTOP,
    MY_TURN,
    MY_TURN_OR_OVER,
    PLAYABLE,
    PORTRAIT,
    TALL,
    hand_still,
    known_cards_told,
    open_game,
    open_moves_of,
    play_to_the_end,
    played_until,
    seed_where,
    shot,
    store,
    with_save,
)

import fantan

# Texts cut off: a button whose label does not fit, or a text sticking out of its seat badge,
# its table cell or its panel (those clip what overflows).
CLIPPED_JS = """() => {
    const out = [];
    for (const el of document.querySelectorAll('button')) {
        if (el.offsetParent && el.scrollWidth > el.clientWidth + 1) out.push(el.textContent);
    }
    for (const el of document.querySelectorAll(
            '.seat .facts span, .seat .tag, .seat-head, .results-card th, .results-card td, '
            + '.info span, .message, .banner')) {
        if (!el.offsetParent) continue;
        if (el.closest('.scroll')) continue;  // a scrolling region: nothing is lost
        const box = el.closest('.seat, .results-card, #app');
        const r = el.getBoundingClientRect(), b = box.getBoundingClientRect();
        if (r.right > b.right + 1 || r.left < b.left - 1) out.push(el.textContent);
    }
    return out;
}"""

AUDIT_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BLOCKING = ("serious", "critical")


def audit(page: Page, axe: Path, name: str) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, one line each."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe))
    violations: list[dict[str, Any]] = page.evaluate(
        """(tags) => axe.run(document, {runOnly: {type: "tag", values: tags}})
             .then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact,
               help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")).slice(0, 4)})))""",
        AUDIT_TAGS)
    return [f"{name}: {v['id']} ({v['impact']}) {v['help']} at {v['nodes']}"
            for v in violations if v["impact"] in BLOCKING]


def test_axe_finds_nothing_serious_on_the_main_screens(
    audit_context: BrowserContext, server: Server, site: Path, game, axe_script: Path
) -> None:
    # axe-core is for the tests only: the site never ships it.
    assert not [p for p in site.rglob("*") if "axe" in p.name.lower()]
    page = audit_context.new_page()
    page.set_viewport_size(PORTRAIT)
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    found = audit(page, axe_script, "table")
    page.click("#open-menu")
    expect(page.locator("#menu")).to_be_visible()
    found += audit(page, axe_script, "menu")
    page.click("#menu-new-game")
    expect(page.locator("#setup")).to_be_visible()
    found += audit(page, axe_script, "new-game screen")
    page.check('#setup input[name="preset"][value="custom"]')
    found += audit(page, axe_script, "new-game screen, custom rules")
    page.click("#setup-rules")
    expect(page.locator("#rules-page")).to_be_visible()
    found += audit(page, axe_script, "rules page")
    page.click("#rules-close")
    page.click("#setup-cancel")
    play_to_the_end(page)
    expect(page.locator("#results")).to_be_visible()
    found += audit(page, axe_script, "result board")
    page.click("#show-table")
    expect(page.locator("#show-moves")).to_be_visible()
    found += audit(page, axe_script, "table after the hand")
    # A Spanish-deck table with chips, in German (longer words, other names).
    page.goto(server.url + "?new=1&seed=3&speed=instant&preset=cinquillo&lang=de")
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN_OR_OVER)
    found += audit(page, axe_script, "cinquillo table, German")
    # The moves page, what the moves tell under them (a saved game, in a tab of its own).
    page = audit_context.new_page()
    open_moves_of(audit_context, page, server, game, known_cards_told())
    expect(page.locator("#moves-page .moves-known li").first).to_be_visible()
    found += audit(page, axe_script, "moves page")
    assert not found, "\n".join(found)


def focus_is_visible(page: Page) -> bool:
    """The focused element shows a focus ring (an outline of some width)."""
    return bool(page.evaluate("""() => {
        const el = document.activeElement;
        if (!el || el === document.body || !el.matches(':focus-visible')) return false;
        const style = getComputedStyle(el);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    }"""))


def focused_card(page: Page) -> str | None:
    return page.evaluate("() => document.activeElement && document.activeElement.dataset.card "
                         "|| null")


def test_a_whole_game_with_the_keyboard_alone(page: Page, server: Server, game) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=5&speed=instant")
    # Reduced motion: no transitions or animations to speak of.
    assert page.evaluate("""() => getComputedStyle(document.querySelector(
        '#hand [data-zone=hand]')).transitionDuration""") in ("0.001s", "1e-06s", "0s")
    # Tab reaches the bar's buttons first, with a visible focus, and every control is named.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "open-rules"
    assert focus_is_visible(page)
    unnamed = page.evaluate("""() => [...document.querySelectorAll('button, select, input')]
        .filter((el) => !(el.getAttribute('aria-label') || el.textContent.trim()
                          || (el.labels && el.labels.length)))
        .map((el) => el.outerHTML.slice(0, 80))""")
    assert unnamed == []
    # The rules page opens and closes from the keyboard.
    page.keyboard.press("Enter")
    expect(page.locator("#rules-page")).to_be_visible()
    # It opens at its top, the focus on its title (not on Close, at its end).
    assert page.evaluate("document.activeElement.id") == "rules-title"
    assert page.evaluate("document.getElementById('rules-page').scrollTop") == 0
    page.keyboard.press("Escape")
    expect(page.locator("#rules-page")).to_be_hidden()
    assert page.evaluate("document.activeElement.id") == "open-rules"
    # The hand is one stop of Tab (the arrows move in it): the next stop is Hint. It is a
    # toolbar, which tells a screen reader so (and has it hand the arrows to the page).
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused_card(page) is not None
    expect(page.get_by_role("toolbar", name="Your hand").locator(":focus")).to_have_count(1)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "hint"
    page.keyboard.press("Shift+Tab")
    # (the stop moves with the arrows: Tab leaves from the card the arrows reached)
    page.keyboard.press("ArrowLeft")
    reached = focused_card(page)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "hint"
    page.keyboard.press("Shift+Tab")
    assert focused_card(page) == reached
    # Home and End: the first and the last card that plays.
    playable = page.eval_on_selector_all(PLAYABLE, "els => els.map(e => e.dataset.card)")
    page.keyboard.press("End")
    assert focused_card(page) == playable[-1]
    page.keyboard.press("Home")
    assert focused_card(page) == playable[0]
    # Shift with the arrows goes through every card, those that do not play too, and Enter on
    # one of those says why, the table as it was and the focus where it was.
    every = page.eval_on_selector_all('#hand [data-zone="hand"]',
                                      "els => els.map(e => e.dataset.card)")
    dimmed = [card for card in every if card not in playable]
    assert dimmed
    page.keyboard.press("Shift+ArrowRight")
    assert focused_card(page) == every[(every.index(playable[0]) + 1) % len(every)]
    for _ in every:
        if focused_card(page) == dimmed[0]:
            break
        page.keyboard.press("Shift+ArrowRight")
    assert focused_card(page) == dimmed[0]
    rows = page.inner_html("#rows")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text(
        re.compile(r"^The (first card of the hand must be the 7♦|.+ row is not open yet|.+ "
                   r"does not touch|.+ row must first take)"))
    assert page.inner_html("#rows") == rows
    assert focused_card(page) == dimmed[0]
    expect(page.locator("#hand .card.selected")).to_have_count(0)
    page.keyboard.press("Home")
    assert focused_card(page) == playable[0]
    moves = 0
    escaped = False  # (the check of Escape after the arrows, once)
    while True:
        page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
        if page.get_attribute("html", "data-phase") == "over":
            break
        if focused_card(page) is None or page.evaluate(
                "() => document.activeElement.getAttribute('aria-disabled') === 'true'"):
            page.keyboard.press("ArrowRight")  # to a playable card
        card = focused_card(page)
        assert card is not None
        label = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert re.fullmatch(r".+ of (spades|hearts|diamonds|clubs), playable", label), label
        assert focus_is_visible(page)
        if moves == 0:
            page.keyboard.press("h")  # the hint names a card and focuses it
            expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: play the .+\.$"))
            card = focused_card(page)
            # Escape puts the chosen card back; the focus stays on it.
            expect(page.locator("#hand .card.selected")).to_have_count(1)
            page.keyboard.press("Escape")
            expect(page.locator("#hand .card.selected")).to_have_count(0)
            expect(page.locator("#play")).to_be_disabled()
            expect(page.locator("#message")).to_have_text("Your turn: choose a card.")
            assert focused_card(page) == card
        if not escaped and page.locator(PLAYABLE).count() >= 2:
            # Chosen, then the arrows go on to another card: Escape puts the chosen one back
            # and leaves the focus where the arrows went.
            escaped = True
            page.keyboard.press("Space")
            expect(page.locator("#hand .card.selected")).to_have_count(1)
            page.keyboard.press("ArrowRight")
            moved = focused_card(page)
            assert moved != card
            page.keyboard.press("Escape")
            expect(page.locator("#hand .card.selected")).to_have_count(0)
            assert focused_card(page) == moved
            page.keyboard.press("ArrowLeft")
            assert focused_card(page) == card
        if moves == 0:
            page.evaluate("""() => { window.animationsStarted = [];
                document.addEventListener('animationstart',
                    (e) => window.animationsStarted.push(e.animationName)); }""")
        page.keyboard.press("Enter")
        page.wait_for_selector(f'[data-zone="table"][data-card="{card}"]')
        if moves == 0:
            # The card last played keeps its ring, which does not fade here (nor move): past
            # the time its fading would take, it is still there, and no animation of it ever
            # began (the page's own record, whatever the machine's speed).
            page.wait_for_timeout(1600)
            ring = page.evaluate("""() => getComputedStyle(document.querySelector(
                '.slot .card.fresh')).boxShadow""")
            assert ring.startswith("rgb(242, 193, 78) 0px 0px 0px 3px"), ring
            assert page.evaluate("window.animationsStarted") == []
        moves += 1
        assert moves < 40
    assert escaped
    # The board takes the focus; Tab reaches its buttons; Enter opens the new-game screen.
    expect(page.locator("#results")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "results-title"
    assert focus_is_visible(page)  # (its Enter goes on: a ring says where the focus is)
    # We lost (cards still in hand): the arrows stay with the board, whose table scrolls with
    # them, and do not pull the focus to the cards behind it.
    assert page.locator('#hand [data-zone="hand"]').count() > 0
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "results-title"
    # Behind the board, the table takes no focus: back from the board, the bar's buttons.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") in ("open-menu", "open-rules")
    page.keyboard.press("Tab")
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "new-game":
            break
    assert page.evaluate("document.activeElement.id") == "new-game"
    assert focus_is_visible(page)
    shot(page, "keyboard-results-focus")
    # What a screen reader heard: moves (summed up when many came at once) and the winner.
    spoken = page.locator("#announce p").all_inner_texts()
    assert 1 <= len(spoken) <= 6
    assert re.search(r"wins the hand|You win the hand", spoken[-1]), spoken
    page.keyboard.press("Enter")
    expect(page.locator("#setup")).to_be_visible()
    # The choice of game by the arrows: its radio button keeps its round ring beside a long
    # description.
    page.focus('#setup input[name="preset"]:checked')
    page.keyboard.press("ArrowDown")
    radio = page.evaluate("""() => { const r = document.activeElement.getBoundingClientRect();
        return [document.activeElement.name, r.width, r.height]; }""")
    assert radio[0] == "preset" and abs(radio[1] - radio[2]) < 2, radio
    assert focus_is_visible(page)
    page.keyboard.press("Escape")
    expect(page.locator("#setup")).to_be_hidden()
    assert page.evaluate("document.activeElement !== document.body")


def test_a_card_chosen_for_the_first_move_is_there_again_after_a_reload(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Domino: we open the hand with a card of our choice. Chosen by the keys, then a reload:
    # no second deal; the card is chosen and focused, and Enter puts it down.
    match = fantan.new_match("domino", 1, dealer=3)  # (as in a match's fourth hand)
    assert match.state.to_move == 0
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url)
    page.wait_for_selector(MY_TURN)
    page.keyboard.press("Tab")
    while focused_card(page) is None:
        page.keyboard.press("Tab")
    page.keyboard.press("End")
    page.keyboard.press("Space")
    chosen = focused_card(page)
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", chosen)
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#hand .card.selected")).to_have_attribute("data-card", chosen)
    assert page.get_attribute("html", "data-phase") == "playing"
    assert focused_card(page) == chosen
    page.keyboard.press("Enter")
    expect(page.locator(f'[data-zone="table"][data-card="{chosen}"]')).to_be_visible()


# The page's time (performance.now(), in ms) of every key pressed from now on, taken as the
# press reaches the page, before the page's own handler reads its clock.
KEY_TIMES_JS = """() => { window.keyTimes = [];
    window.addEventListener('keydown', () => window.keyTimes.push(performance.now()), true); }"""
# (and of every click, as KEY_TIMES_JS of every key)
CLICK_TIMES_JS = """() => { window.clickTimes = [];
    window.addEventListener('click', () => window.clickTimes.push(performance.now()), true); }"""


def test_enter_on_the_boards_heading_deals_the_next_hand(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # The board takes the focus on its heading (for a screen reader to read it from); Enter
    # there presses Next hand, as a card game's player expects, but not a press that comes
    # hard on the one that played the last card: the board is seen first.
    match = played_until(fantan.new_match("sjueren", 3), lambda m: (
        m.state.to_move == 0 and m.state.hand_size(0) == 1
        and m.state.legal_moves() != ("pass",)))
    with_save(context, store.save_text(match))
    # The second press must reach the page within its grace of 0.8 s after the first (a press
    # after it would rightly deal the next hand): on a busy machine it may not, so the hand's
    # end is played again, in a new tab seeded anew (a reload would find the board saved),
    # until it does (the page's own clock says), up to four times.
    for attempt in range(4):
        if attempt:
            page.close()
            page = context.new_page()
        page.set_viewport_size(DESKTOP)
        game.boot(page, server.url + "?speed=instant")
        page.wait_for_selector(MY_TURN)
        page.keyboard.press("Tab")
        while focused_card(page) is None:
            page.keyboard.press("Tab")
        game.record(page, "phase", "html", "data-phase")
        page.evaluate(KEY_TIMES_JS)
        page.keyboard.press("Enter")  # (the last card)
        page.wait_for_selector("#results-title:focus")
        page.keyboard.press("Enter")
        first, second = page.evaluate("window.keyTimes")
        if second - first < 600:  # (well within the grace, whatever the page's handler costs)
            break
    else:
        raise AssertionError("no second press came within 0.6 s of the first in four tries")
    # It did nothing: the board stays, and Escape (handled after it, in order) puts the board
    # away to show the table of the hand just over, the phase never having left it.
    page.keyboard.press("Escape")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator("#show-results")).to_be_focused()
    assert game.recorded(page, "phase") == [["playing"], ["over"]]
    page.wait_for_timeout(900)  # (the grace over: what follows is not held back by it)
    # Enter on the way back brings the board, its heading focused, and Enter at once there
    # goes on: only a press hard on a card's is held back.
    expect(page.locator("#announce p").last).to_have_text("You win the hand!")  # (told once)
    game.record_spoken(page)
    page.keyboard.press("Enter")
    expect(page.locator("#results-title")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator(".info .hand-no")).to_contain_text("Hand 2 of 5")
    # The board brought back is read from its heading: who won is not told again. (What the
    # next deal says comes after anything the board's return said, so it closes the record.)
    expect(page.locator("#announce p").last).not_to_have_text("You win the hand!")
    spoken = game.spoken(page)
    assert spoken and "You win the hand!" not in spoken, spoken


def test_out_of_a_hand_the_others_play_on_the_keyboard_finds_fast_forward(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # Shichi Narabe: our last card played with Enter, the others play on for their places;
    # the focus, left on a card the hand no longer has, fell to the page, and Enter did nothing.
    def cards_first(legal: tuple[str, ...]) -> str:
        return next((m for m in legal if m != "pass"), legal[0])

    match = played_until(fantan.new_match("shichi-narabe", 43), lambda m: (
        m.state.to_move == 0 and m.state.hand_size(0) == 1
        and m.state.legal_moves() != ("pass",)), pick=cards_first)
    assert sum(match.state.hand_size(s) > 0 for s in range(1, 4)) >= 2  # (the others go on)
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?pace=600")  # (the others wait: fast forward is theirs)
    page.wait_for_selector(MY_TURN)
    page.keyboard.press("Enter")  # (the focus nowhere: a card that plays)
    assert focused_card(page) is not None
    page.keyboard.press("Enter")
    expect(page.locator("#hand [data-zone=hand]")).to_have_count(0)
    expect(page.locator("#fast-forward")).to_be_focused()
    # With the focus nowhere, Enter finds it too; pressed, the hand is played to its end.
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Enter")
    expect(page.locator("#fast-forward")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#results-title")).to_be_focused(timeout=20_000)


def test_the_new_game_screen_opens_with_the_focus_on_the_game_in_play(
    page: Page, server: Server, game
) -> None:
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=13&preset=eights-first&speed=instant")
    page.focus("#open-menu")
    page.keyboard.press("Enter")
    page.focus("#menu-new-game")
    page.evaluate(KEY_TIMES_JS)
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # (a double press on New game)
    expect(page.locator("#setup")).to_be_visible()
    # Enter on a rule system deals it (below), as Enter in a form sends it; but the second of
    # a double press on New game lands on the screen it opened, and deals nothing (it would
    # give up the game in play): checked where it came within the grace, on the page's clock.
    first, second = page.evaluate("window.keyTimes")
    if second - first < 600:
        page.wait_for_timeout(200)
        expect(page.locator("#setup")).to_be_visible()
    games = page.eval_on_selector_all('#setup input[name="preset"]',
                                      "(els) => els.map((e) => e.value)")
    focused = page.locator('#setup input[name="preset"]:focus')
    expect(focused).to_have_value("eights-first")
    expect(focused).to_be_checked()
    # The arrows go on from it, to the next game, not from the first one.
    page.keyboard.press("ArrowDown")
    chosen = games[games.index("eights-first") + 1]
    expect(page.locator('#setup input[name="preset"]:checked')).to_have_value(chosen)
    page.wait_for_timeout(900)  # (past the grace, however soon the arrow came)
    page.keyboard.press("Enter")
    expect(page.locator("#setup")).to_be_hidden()
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('fantan.settings'))")
    assert saved["preset"] == chosen
    page.wait_for_selector("html[data-phase=dealing], html[data-phase=playing]")


def test_the_focus_is_never_dropped_to_the_page(page: Page, server: Server, game) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=5&speed=instant&match=2")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    active = "document.activeElement === document.body ? 'body' : document.activeElement.id"
    # The menu closed after a change of language (which draws the bar anew): its button.
    page.focus("#open-menu")
    page.keyboard.press("Enter")
    expect(page.locator("#menu")).to_be_visible()
    page.select_option("#menu-language", "de")
    page.keyboard.press("Escape")
    expect(page.locator("#menu")).to_be_hidden()
    # (the browser moves the focus out of the closed dialog a moment later: wait for it)
    expect(page.locator("#open-menu")).to_be_focused()
    # "Next hand" pressed from the keyboard: the board goes, the focus stays at the table.
    play_to_the_end(page)
    page.focus("#next-hand")
    page.keyboard.press("Enter")
    page.wait_for_selector("html[data-phase=playing]")
    assert page.evaluate(active) != "body"
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    if page.get_attribute("html", "data-phase") == "playing":  # our turn: on a card to play
        assert page.evaluate(
            "document.activeElement.matches('#hand [data-zone=hand]:not([aria-disabled=true])')")


def test_the_keys_find_the_hand_when_the_focus_is_nowhere(page: Page, server: Server,
                                                          game) -> None:
    page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=5&speed=instant")
    page.wait_for_selector(MY_TURN)
    # After a reload the focus is nowhere: Enter finds a card that plays, and plays nothing;
    # the next Enter plays it.
    page.reload()
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN)
    assert page.evaluate("document.activeElement === document.body")
    game.record(page, "hand", '#hand [data-zone="hand"]', "data-card")
    page.keyboard.press("Enter")
    card = focused_card(page)
    assert card is not None and page.evaluate(
        "document.activeElement.matches('#hand [data-zone=hand]:not([aria-disabled=true])')")
    page.keyboard.press("Enter")
    page.wait_for_selector(f'[data-zone="table"][data-card="{card}"]')
    # The first card to leave the hand is the one the second Enter played: the first played
    # nothing. (Read from the record once the page has answered both presses, not at once.)
    hands = game.recorded(page, "hand")
    held = hands[0]
    gone = next(state for state in hands if state != held)
    assert gone == [c for c in held if c != card], (held, gone)
    # A new game dealt from the keyboard: the focus goes to the new hand, not back to Menu.
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    page.focus("#open-menu")
    page.keyboard.press("Enter")
    page.focus("#menu-new-game")
    page.keyboard.press("Enter")
    page.focus("#start-game")
    page.keyboard.press("Enter")
    expect(page.locator("#setup")).to_be_hidden()
    page.wait_for_selector(MY_TURN, timeout=60_000)
    expect(page.locator(PLAYABLE).and_(page.locator(":focus"))).to_have_count(1)
    # The rules page says which keys do what.
    page.focus("#open-rules")
    page.keyboard.press("Enter")
    expect(page.locator("#rules-page .controls-help li", has_text="Enter plays the card")
           ).to_be_visible()
    expect(page.locator("#rules-page .controls-help")).to_contain_text("press Play")
    # (and of a mouse's double click; the finger's line is for a touch screen)
    expect(page.locator("#rules-page .controls-help .pointer")).to_be_visible()
    expect(page.locator("#rules-page .controls-help .touch")).to_be_hidden()


TAB_STOP_JS = """() => {
    const stops = [...document.querySelectorAll('#hand [data-zone=hand][tabindex="0"]')];
    const active = document.activeElement;
    return {stops: stops.length, inHand: !!active.closest('#hand'),
            onStop: stops.includes(active)};
}"""


def test_h_hints_only_with_the_focus_at_the_table_or_nowhere(page: Page, server: Server,
                                                           game) -> None:
    # A shortcut of one letter (WCAG 2.1.4): with the focus on the bar's buttons it did its
    # work all the same.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#message")).to_contain_text("Your turn")
    game.record(page, "message", "#message")
    page.evaluate(KEY_TIMES_JS)
    page.focus("#open-rules")
    page.keyboard.press("h")
    page.wait_for_timeout(500)  # (time enough for a hint asked for to show that it is coming)
    page.locator(PLAYABLE).first.focus()
    page.keyboard.press("h")
    expect(page.locator("#message")).to_have_text(
        "Hint: play the 7♦. It is the only card that fits.")
    # The line changed only after the second press, the page's clock says: the first asked
    # for nothing (it would have said at once that a hint was coming).
    second = page.evaluate("window.keyTimes")[1]
    changes = game.recorded_times(page, "message")[1:]
    assert changes and all(at > second for at, _ in changes), (second, changes)
    # (heard with the card in words, and why)
    expect(page.locator("#announce p").last).to_have_text(
        "Hint: play the 7 of diamonds. It is the only card that fits.")


def test_the_hands_stop_of_tab_goes_with_the_focus(page: Page, server: Server, game) -> None:
    # After a card played with Enter the focus went to its neighbour, and at the next turn the
    # hand was drawn again with its one stop of Tab on another card: Shift+Tab from the focus
    # then landed in the hand, not before it.
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=7&speed=fast")
    for turn in range(3):
        page.wait_for_selector(MY_TURN, timeout=60_000)
        expect(page.locator("#message")).to_contain_text("Your turn")
        if turn == 0:
            page.keyboard.press("Enter")  # (the focus nowhere at first: Enter finds the hand)
        assert page.evaluate(TAB_STOP_JS) == {"stops": 1, "inHand": True, "onStop": True}
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_selector("html:not([data-turn='0'])", state="attached")
        assert page.evaluate(TAB_STOP_JS) == {"stops": 1, "inHand": True, "onStop": True}
    page.wait_for_selector(MY_TURN, timeout=60_000)
    page.keyboard.press("Shift+Tab")
    assert not page.evaluate(TAB_STOP_JS)["inHand"]


@pytest.mark.parametrize("start", ["#next-hand", "#results-title"])
def test_enter_pressed_on_and_on_at_next_hand_plays_no_card(
        context: BrowserContext, page: Page, server: Server, game, start: str) -> None:
    # Enter pressed on and on at Next hand (or at the board's heading, where Enter presses
    # it): it deals (and skips the deal), the focus goes to a card of the new hand, and the
    # presses that follow at once do not play it. (A run lasts while each press comes within
    # 0.8 s of the one before: on a busy machine one may not, and that press rightly plays the
    # card. The board is opened again in a new tab, seeded anew, until the page's clock says
    # every press came in time, up to four times.)
    for attempt in range(4):
        if attempt:
            page.close()
            page = context.new_page()
        board_of_a_saved_hand(context, page, server, game, "?speed=instant")
        page.focus(start)
        page.evaluate(KEY_TIMES_JS)
        for _ in range(4):
            page.keyboard.press("Enter")
            page.wait_for_timeout(40)
        # ... and on, a press every 0.3 s: none plays a card, but the card with the focus is
        # chosen, so that the presses show (the message says how to play it).
        for _ in range(8):
            page.wait_for_timeout(300)
            page.keyboard.press("Enter")
        times = page.evaluate("window.keyTimes")
        if max(later - sooner for sooner, later in pairwise(times)) < 700:
            break
    else:
        raise AssertionError("no run of presses came within 0.7 s of each other in four tries")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    page.wait_for_timeout(1000)
    assert len(page.locator('#hand [data-zone="hand"]').all()) == 13
    assert page.evaluate(
        "document.activeElement.matches('#hand [data-zone=hand]:not([aria-disabled=true])')")
    expect(page.locator("#hand .card.selected:focus")).to_have_count(1)
    expect(page.locator("#message")).to_contain_text("Press Enter to put down the")
    # Enter a moment later plays the card, as it should.
    played = len(page.locator('[data-zone="table"]').all())
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"document.querySelectorAll('[data-zone=table]').length > {played}")


def board_of_a_saved_hand(context: BrowserContext, page: Page, server: Server, game,
                          query: str = "?pace=600") -> None:
    """Open the page on the result board of the first hand of a two-hand match, saved at its
    end; at ten minutes a computer move (and a dealt card), the next deal lasts (``query``:
    the address's, another pace)."""
    match = fantan.new_match(fantan.preset("fan-tan").replace(match_hands=2), seed=5)
    while not match.state.is_over:
        match = match.play(match.state.legal_moves()[0])
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + query)
    page.wait_for_selector("html[data-phase=over]")


def deal_skipped_only_now(page: Page, game, skip: Callable[[], None]) -> None:
    """Skip the deal in progress with ``skip`` and find, in the record of the phase, that
    nothing before it had: a skip ends the deal within the handler of its event, so a press
    or click that skipped it earlier left "playing" in the record before this moment."""
    now = game.page_now(page)
    skip()
    expect(page.locator("html")).to_have_attribute("data-phase", "playing")
    phases = game.recorded_times(page, "phase")
    assert [state for _, state in phases][-2:] == [["dealing"], ["playing"]], phases
    assert phases[-1][0] > now, (now, phases)
    assert ["playing"] not in [state for _, state in phases[:-1]], phases


def test_a_key_held_down_on_next_hand_does_not_skip_the_deal(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    board_of_a_saved_hand(context, page, server, game)
    game.record(page, "phase", "html", "data-phase")
    page.focus("#next-hand")
    page.keyboard.down("Enter")
    expect(page.locator("html")).to_have_attribute("data-phase", "dealing")
    page.keyboard.down("Enter")  # (Playwright marks a second keydown as a repeat)
    page.keyboard.up("Enter")
    deal_skipped_only_now(page, game, lambda: page.keyboard.press("Escape"))


def test_a_double_click_on_next_hand_does_not_skip_the_deal(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    # The board goes with the first click; the second lands on the table, where a click
    # skips the deal: the second click of a double one does nothing there. (The page takes a
    # click for a double click's second within 0.5 s of the first: on a busy machine the
    # second may come later, and rightly skip the deal. The board is opened again in a new
    # tab, seeded anew, until the page's clock says the second came in time, up to four times.)
    for attempt in range(4):
        if attempt:
            page.close()
            page = context.new_page()
        board_of_a_saved_hand(context, page, server, game)
        box = page.locator("#next-hand").bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        game.record(page, "phase", "html", "data-phase")
        page.evaluate(CLICK_TIMES_JS)
        page.mouse.click(x, y)
        # (the deal begun: a click on the table now would skip it)
        expect(page.locator("html")).to_have_attribute("data-phase", "dealing")
        page.mouse.down(click_count=2)  # (a double click's second, as the browser counts it)
        page.mouse.up(click_count=2)
        first, second = page.evaluate("window.clickTimes")
        if second - first < 400:
            break
    else:
        raise AssertionError("no second click came within 0.4 s of the first in four tries")
    # A click of its own a moment later (out of a double click's time) skips it: only that.
    page.wait_for_timeout(800)
    deal_skipped_only_now(page, game, lambda: page.mouse.click(x, y))


def test_a_notice_over_the_deal_is_put_away_by_its_button(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    # A damaged save set aside: a new game is dealt with a notice over it. Its button puts
    # the notice away (it skipped the deal instead, the notice staying); the deal goes on.
    with_save(context, '{"damaged')
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?pace=600")
    page.wait_for_selector("html[data-phase=dealing]")
    game.record(page, "phase", "html", "data-phase")
    expect(page.locator("#notice")).to_be_visible()
    page.click("#notice-close")
    expect(page.locator("#notice")).to_be_hidden()
    deal_skipped_only_now(page, game, lambda: page.keyboard.press("Escape"))


def test_escape_puts_the_board_away_and_a_key_during_the_deal_is_named(
    context: BrowserContext, page: Page, server: Server, game
) -> None:
    board_of_a_saved_hand(context, page, server, game)
    # A board restored leaves the focus nowhere, as a turn restored does (its heading took
    # it, and on a touch screen the ring a load's focus draws showed round it, out of the
    # blue); Enter finds the heading.
    expect(page.locator("#results")).to_be_visible()
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Enter")
    expect(page.locator("#results-title")).to_be_focused()
    assert page.get_attribute("html", "data-phase") == "over"
    # Escape does what the board's "Show the table" does; the focus goes to the way back.
    page.keyboard.press("Escape")
    expect(page.locator("#results")).to_be_hidden()
    expect(page.locator("#show-results")).to_be_focused()
    # After a reload the table is in view again, the focus nowhere: Enter finds the way back
    # to the board, and the next Enter takes it.
    page.reload()
    game.wait_ready(page)
    page.wait_for_selector("html[data-phase=over]")
    expect(page.locator("#results")).to_be_hidden()
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Enter")
    expect(page.locator("#show-results")).to_be_focused()
    expect(page.locator("#results")).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.locator("#results")).to_be_visible()
    # A deal begun with the mouse says "click"; a key pressed meanwhile, which key skips it.
    page.locator("#next-hand").click()
    expect(page.locator("#message")).to_have_text("Dealing… click to skip.")
    page.keyboard.press("x")
    expect(page.locator("#message")).to_have_text("Dealing… press Escape to skip.")
    page.keyboard.press("Escape")
    expect(page.locator("html")).to_have_attribute("data-phase", "playing")


def test_what_screen_readers_hear_at_normal_pace(page: Page, server: Server, game) -> None:
    """Each computer move is announced as it happens, cards in words; an illegal card is
    explained in words too."""
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 1)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=fast")
    page.wait_for_selector(f"html[data-phase=playing][data-turn='0'] {PLAYABLE}",
                           timeout=60_000)
    spoken = page.locator("#announce p").all_inner_texts()
    assert any(re.fullmatch(r"Lina plays 7 of diamonds\.", s) for s in spoken), spoken
    # The deal, shown to a mouse as "click to skip", is heard as the key that skips it.
    assert "Dealing… press Escape to skip." in spoken, spoken
    assert not any("click" in s for s in spoken), spoken
    assert spoken[-1].startswith("Your turn")
    dim = page.locator('#hand [data-zone="hand"][aria-disabled="true"]')
    if dim.count():
        dim.first.click(force=True)
        last = page.locator("#announce p").last
        expect(last).to_have_text(re.compile(r"(spades|hearts|diamonds|clubs)"))
        assert "♦" not in last.inner_text() and "♥" not in last.inner_text()


def test_a_high_contrast_theme_keeps_the_buttons_and_the_boards_framed(
        page: Page, server: Server, game) -> None:
    # Forced colours drop backgrounds: buttons drawn by their background alone read as plain
    # words, and a board merged with the table behind it. They keep a frame of the system's
    # colours.
    page.emulate_media(forced_colors="active")
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=3&speed=instant")
    page.wait_for_selector(MY_TURN)
    frame = """el => { const s = getComputedStyle(el);
        return s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) >= 1; }"""
    for button in ("#hint", "#play", "#open-menu"):
        assert page.eval_on_selector(button, frame), button
    page.click("#open-menu")
    expect(page.locator("#menu")).to_be_visible()
    assert page.eval_on_selector("#menu", frame)
    assert page.eval_on_selector("#menu button.primary", frame)


CONTRAST_JS = """(selector) => {
    // WCAG's contrast of each element's text against what lies under it: its own and its
    // ancestors' backgrounds laid over the felt (at its lightest, the worst case for light text).
    const parse = (c) => c.match(/[\\d.]+/g).map(Number);
    const lum = (rgb) => {
        const f = (x) => {
            x /= 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(rgb[0]) + 0.7152 * f(rgb[1]) + 0.0722 * f(rgb[2]);
    };
    const over = (top, under) => {
        const a = top.length > 3 ? top[3] : 1;
        return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a));
    };
    return [...document.querySelectorAll(selector)].map((el) => {
        const layers = [];
        for (let e = el; e; e = e.parentElement) {
            const bg = parse(getComputedStyle(e).backgroundColor);
            if (bg.length > 3 && bg[3] === 0) continue;
            layers.push(bg);
            if (bg.length < 4 || bg[3] === 1) break;
        }
        const felt = [0x1d, 0x5c, 0x3a];
        let bg = felt;
        for (const layer of layers.reverse()) bg = over(layer, bg);
        let fg = over(parse(getComputedStyle(el).color), bg);
        // (an element drawn see-through, with all it holds, shows the felt through both)
        let opacity = 1;
        for (let e = el; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
        [fg, bg] = [fg, bg].map((c) => over([...c, opacity], felt));
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return Math.round((a + 0.05) / (b + 0.05) * 100) / 100;
    });
}"""


def test_text_on_the_cards_and_the_table_reads_at_4_5_to_1(page: Page, server: Server,
                                                          game) -> None:
    # The gold of the Spanish deck's oros (4.1:1), the blue and green of the four-colour deck,
    # the rank of the next card a row needs (4.3:1) and the nearly-out warning (3.8:1) fell
    # short of WCAG's 4.5:1 for text.
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=3&speed=instant&preset=cinquillo")
    page.wait_for_selector(MY_TURN_OR_OVER)
    ratios = {
        "oros": page.evaluate(CONTRAST_JS, '[data-zone="table"].s-oros .rk'),
        "next card": page.evaluate(CONTRAST_JS, ".slot.needed .ghost"),
    }
    page.evaluate("""() => {  // (a seat nearly out: its warning, as the style draws it)
        const tag = document.createElement('span');
        tag.className = 'tag low probe';
        tag.textContent = '!';
        document.querySelector('.seat').append(tag);
    }""")
    ratios["nearly out"] = page.evaluate(CONTRAST_JS, ".tag.low.probe")
    # (a card laid out by a seat that dropped out, as the style draws it on the table and on
    # the board: drawn see-through, its red rank read at 3.1:1)
    page.evaluate("""() => {
        const card = document.querySelector('#rows .slot .card');
        const empty = document.querySelectorAll('#rows .slot:not(:has(.card))');
        ['s-oros', 's-copas', 's-espadas', 's-bastos', 's-heart'].forEach((suit, i) => {
            const laid = card.cloneNode(true);
            laid.classList.remove('s-oros', 's-copas', 's-espadas', 's-bastos');
            laid.classList.add('laid', 'probe', suit);
            empty[i].replaceChildren(laid);
        });
    }""")
    ratios["laid out"] = page.evaluate(CONTRAST_JS, ".card.laid.probe .rk")
    # (the Spanish deck has its own four colours: the menu offers the French deck's none)
    page.click("#open-menu")
    expect(page.locator("#menu-speed")).to_be_visible()
    expect(page.locator("#menu-four")).to_have_count(0)
    page.keyboard.press("Escape")
    open_game(page, server, game, "?new=1&seed=3&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    page.click("#open-menu")
    page.check("#menu-four")
    page.keyboard.press("Escape")
    ratios["four colours"] = page.evaluate(
        CONTRAST_JS, '[data-zone="table"] .rk, #hand .card:not(.dim) .rk')
    assert all(ratios.values()), ratios
    assert min(min(found) for found in ratios.values()) >= 4.5, ratios


def test_a_dark_mode_browser_draws_the_light_panels_controls_light(
        page: Page, server: Server, game) -> None:
    # The page lets the browser follow a dark mode on the felt, but its menu, new-game screen
    # and boards are light: their radios, boxes and selects drawn dark read wrongly there (an
    # unchecked radio, a dark dot, looked checked).
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=3&speed=instant")
    page.wait_for_selector(MY_TURN)
    scheme = "els => els.map(el => getComputedStyle(el).colorScheme)"
    page.click("#open-menu")
    menu = page.eval_on_selector_all("#menu input, #menu select", scheme)
    page.click("#menu-new-game")
    page.check('#setup input[name="preset"][value="custom"]')
    setup = page.eval_on_selector_all("#setup input, #setup select", scheme)
    assert len(menu) >= 3 and len(setup) >= 20
    assert set(menu) == set(setup) == {"light"}, (menu, setup)


def test_colour_is_never_the_only_signal_and_the_four_colour_deck(
    page: Page, server: Server, game
) -> None:
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(MY_TURN_OR_OVER)
    # Suits by shape: every card carries its suit's own drawn pip.
    pips = page.eval_on_selector_all(
        '#hand [data-zone="hand"] use', "els => [...new Set(els.map(e => e.getAttribute('href')))]")
    assert set(pips) <= {"#pip-spade", "#pip-heart", "#pip-diamond", "#pip-club"}
    # Playable cards carry a marker and sit higher; the seat to move has a marker too.
    playable = page.locator(PLAYABLE).first
    assert playable.locator(".mark").evaluate("el => getComputedStyle(el).borderBottomWidth") \
        != "0px"
    expect(page.locator('.seat[data-seat="0"] .turn-mark')).to_have_count(1)
    # The four-colour deck: diamonds blue, clubs green, kept in the settings.
    page.click("#open-menu")
    page.check("#menu-four")
    page.click("#menu-close")
    expect(page.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))
    colours = page.evaluate("""() => {
        const probe = (cls) => { const el = document.createElement('span');
            el.className = 'card ' + cls; document.querySelector('#hand').appendChild(el);
            const c = getComputedStyle(el).color; el.remove(); return c; };
        return [probe('s-diamond'), probe('s-club'), probe('s-heart'), probe('s-spade')];
    }""")
    assert colours[0] == "rgb(13, 71, 161)" and colours[1] == "rgb(27, 94, 32)", colours
    assert len(set(colours)) == 4
    shot(page, "four-colour-deck")
    page.reload()
    game.wait_ready(page)
    expect(page.locator("html")).to_have_class(re.compile(r"\bfour-colour\b"))


def test_text_at_200_percent_keeps_the_table_usable(page: Page, server: Server, game) -> None:
    for size, name in ((DESKTOP, "desktop"), ({"width": 768, "height": 1024}, "tablet")):
        page.set_viewport_size(size)
        open_game(page, server, game, "?new=1&seed=6&speed=instant&players=6")
        page.wait_for_selector(MY_TURN_OR_OVER)
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        page.wait_for_timeout(100)
        shot(page, f"text-200-{name}")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= size["width"], f"the page scrolls sideways at 200% text ({name})"
        for selector in ("#play", "#hint", "#rows", "#open-menu", PLAYABLE):
            box = page.locator(selector).first.bounding_box()
            assert box is not None, selector
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, selector
        assert page.evaluate(CLIPPED_JS) == [], name


def browser_text_size(page: Page, px: int) -> None:
    """Set the browser's own size of text, as a reader does in its settings (16 px is 100%):
    the page's rem and em grow with it, its px and the screen's size do not (unlike a zoom)."""
    page.context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": px}})


# How far the page scrolls either way, the buttons that a card in hand lies over, and whether
# the rows stand between the bar (and the seats across the top) and our badge.
TABLE_ON_SCREEN_JS = """() => {
    const shown = s => [...document.querySelectorAll(s)].filter(e => e.offsetParent);
    const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
                           && b.top < a.bottom;
    const covered = [];
    for (const card of shown('#hand .card')) {
        for (const button of shown('button:not(.card)')) {
            if (over(card.getBoundingClientRect(), button.getBoundingClientRect())) {
                covered.push(card.dataset.card + ' under #' + button.id);
            }
        }
    }
    const slots = shown('#rows .slot').map(s => s.getBoundingClientRect());
    const above = Math.max(...shown('.bar, #seats-top .seat').map(
        e => e.getBoundingClientRect().bottom));
    const below = document.querySelector('.you-line').getBoundingClientRect().top;
    const s = document.scrollingElement;
    // (and clear of the seats at the sides: 1 px of rounding allowed)
    const sides = shown('#seats-left .seat, #seats-right .seat').map(
        e => e.getBoundingClientRect());
    const under = slots.filter(r => sides.some(b => over(r, {left: b.left + 1,
        right: b.right - 1, top: b.top, bottom: b.bottom}))).length;
    return {down: s.scrollHeight - s.clientHeight, across: s.scrollWidth - s.clientWidth,
            covered, between: slots.every(r => r.top >= above && r.bottom <= below),
            under};
}"""


def test_a_phone_scrolled_down_to_its_hand_at_200_percent_stays_there_from_move_to_move(
        page: Page, server: Server, game) -> None:
    # Upright at 200% the page scrolls down to the hand: a card played pulled it back up (the
    # message, emptied for a moment, went up beside our badge and the page was a line shorter),
    # the hand's second row under the buttons at every turn.
    for size in (PORTRAIT, {"width": 320, "height": 568}):
        page.set_viewport_size(size)
        browser_text_size(page, 32)
        open_game(page, server, game, "?new=1&seed=6&speed=instant")
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        down = page.evaluate("scrollY")
        assert down > 0, size
        for _ in range(2):
            page.locator(PLAYABLE).first.dblclick()
            page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
            hand_still(page)
            assert page.evaluate("scrollY") == down, size


# How much of the card with the focus the buttons held at the screen's foot cover, in px.
FOCUS_COVERED_JS = """() => {
    const card = document.activeElement.getBoundingClientRect();
    const buttons = document.querySelector('#controls').getBoundingClientRect();
    return Math.max(0, Math.min(card.bottom, innerHeight) - Math.max(card.top, buttons.top));
}"""


def test_at_200_percent_the_card_given_the_focus_is_clear_of_the_buttons(
        page: Page, server: Server, game) -> None:
    # A keyboard player upright at 200%: Enter finds a card, and each turn after a move the
    # focus goes on to one. The browser brought it into the screen, but under the buttons
    # held at its foot (82 of its 82 px at 375x667; at 390x844 89 of 92, on every turn).
    for size in ({"width": 375, "height": 667}, {"width": 390, "height": 844}):
        page.set_viewport_size(size)
        browser_text_size(page, 32)
        open_game(page, server, game, "?new=1&seed=6&speed=instant")
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        page.keyboard.press("Enter")  # (the focus nowhere: Enter finds a card)
        for turn in range(4):
            expect(page.locator("#hand :focus")).to_have_count(1)
            assert page.evaluate(FOCUS_COVERED_JS) <= 1, (size, turn)
            page.keyboard.press("Enter")  # (chosen; Enter again plays it)
            page.keyboard.press("Enter")
            page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
            if page.get_attribute("html", "data-phase") == "over":
                break
            hand_still(page)


# The ranks and pips on the table that reach out of their slot (1 px of rounding allowed).
SLOT_SPILL_JS = """() => [...document.querySelectorAll('#rows .slot')].flatMap((slot) => {
    const r = slot.getBoundingClientRect();
    return [...slot.querySelectorAll('.ghost, .card .corner > .rk, .card .pip-s')]
        .filter((e) => e.getClientRects().length).map((e) => e.getBoundingClientRect())
        .filter((b) => b.left < r.left - 1 || b.right > r.right + 1 || b.top < r.top - 1
                       || b.bottom > r.bottom + 1).map(() => slot.dataset.slot);
})"""


# The others' names cut short and the facts that reach out of their badges.
SEAT_WORDS_CUT_JS = """() => [...document.querySelectorAll(
        '.seat[data-seat]:not([data-seat="0"])')].filter((seat) => seat.getClientRects().length)
    .flatMap((seat) => {
    const s = seat.getBoundingClientRect();
    return [...seat.querySelectorAll('.name, .facts > span')].filter((e) => {
        const b = e.getBoundingClientRect();
        return b.left < s.left - 1 || b.right > s.right + 1
            || e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible';
    }).map((e) => e.textContent);
})"""


def test_text_set_larger_in_the_browser_leaves_the_table_on_the_screen(
        page: Page, server: Server, game) -> None:
    """A reader whose browser sets its text at 150% (24 px) or 200%: the rows give way to the
    larger seats, lines and buttons around them. (At 150%, a desktop's page scrolled 37 px
    and its buttons, held at the screen's foot, lay over the hand; a phone on its side
    scrolled 20 px.)"""
    # (at 800x600 and 150%, one hand, the rows reached under the seats at the sides)
    for px, size, match in ((24, DESKTOP, 3), (24, TALL, 3), (24, {"width": 844, "height": 390}, 3),
                            (32, DESKTOP, 3), (24, {"width": 800, "height": 600}, 1)):
        name = f"{px}px text, {size['width']}x{size['height']}"
        page.set_viewport_size(size)
        browser_text_size(page, px)
        open_game(page, server, game, f"?new=1&seed=6&speed=instant&match={match}")
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == f"{px}px"
        shot(page, f"browser-text-{px}px-{size['width']}x{size['height']}")
        assert page.evaluate(TABLE_ON_SCREEN_JS) == {
            "down": 0, "across": 0, "covered": [], "between": True, "under": 0}, name
        assert page.evaluate(SLOT_SPILL_JS) == [], name
        for selector in ("#play", "#hint", "#open-menu", "#rows .slot >> nth=-1", PLAYABLE):
            box = page.locator(selector).first.bounding_box()
            where = f"{selector} at {name}"
            assert box is not None, where
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1, where
            assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 1, where
    # On a phone on its side at 150%, an Italian "3 passaggi rimasti" on a seat at the side
    # wraps inside its badge (it ran 17 px past both its sides, past the screen's edge).
    for width, height in ((844, 390), (740, 360)):
        page.set_viewport_size({"width": width, "height": height})
        browser_text_size(page, 24)
        open_game(page, server, game,
                  "?new=1&seed=7&speed=instant&preset=shichi-narabe&players=3&lang=it")
        page.wait_for_selector(MY_TURN)
        assert page.evaluate(SEAT_WORDS_CUT_JS) == [], (width, height)
        assert page.evaluate(TABLE_ON_SCREEN_JS)["down"] == 0, (width, height)
    # So does a fact on a seat across the top, beside its name: with eight players at 150%, an
    # Italian "1 passaggio rimasto" was cut to "1 passaggio rima"; at 200% on the smallest
    # phones a German "1× gepasst" and a Dutch "nooit gepast" were cut too.
    for px, (width, height), query in (
            (24, (640, 360), "preset=shichi-narabe&players=8&lang=it"),
            (32, (568, 320), "preset=sjuan&players=6&lang=de"),
            (32, (568, 320), "preset=ruter-7&players=8&lang=nl")):
        page.set_viewport_size({"width": width, "height": height})
        browser_text_size(page, px)
        open_game(page, server, game, f"?new=1&seed=7&speed=instant&{query}")
        page.wait_for_selector(MY_TURN)
        assert page.evaluate(SEAT_WORDS_CUT_JS) == [], (px, width, height, query)
        assert page.evaluate(TABLE_ON_SCREEN_JS)["across"] == 0, (px, width, height, query)
    # At 150% the smallest phones on their side scroll down to their hand, but the seats at the
    # sides lie clear of the rows: 180 px wide at this size of text, they lay over them.
    for size, query in (((568, 320), "match=3"), ((640, 360), "match=3"),
                        ((568, 320), "players=8")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        browser_text_size(page, 24)
        open_game(page, server, game, f"?new=1&seed=6&speed=instant&{query}")
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        seen = page.evaluate(TABLE_ON_SCREEN_JS)
        assert (seen["across"], seen["covered"], seen["between"], seen["under"]) == (
            0, [], True, 0), (size, query, seen)
        assert page.evaluate(SLOT_SPILL_JS) == [], (size, query)
    # At 200% a phone held upright scrolls down to its hand (the buttons stay in view at the
    # foot), but never sideways: the buttons' words were wider than the screen by 11 px, and
    # below 390 px our badge alone was about as wide as the screen, the message beside it
    # past the screen's right edge and the badge's start past its left (14 px at 360x640).
    for size in (TALL, PORTRAIT, {"width": 320, "height": 568}):
        page.set_viewport_size(size)
        browser_text_size(page, 32)
        open_game(page, server, game, "?new=1&seed=6&speed=instant&match=3")
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
        seen = page.evaluate(TABLE_ON_SCREEN_JS)  # (scrolled down, the buttons clear of the hand)
        assert (seen["across"], seen["covered"], seen["between"]) == (0, [], True), (size, seen)
        # (however small the slots, the ranks and pips stay in them: at 200% the 7♦'s pip hung
        # below its card and a "10" ran into the J's slot)
        assert page.evaluate(SLOT_SPILL_JS) == [], size
        for selector in ("#controls", ".you-line .seat", "#message"):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (
                selector, size, box)
    # With five players or more, upright at 150% and 200%, the others' badges keep their names
    # and words whole, three or two a row: four a row cut "Maya" to "Ma…" and ran an Italian
    # "1 passaggio" past both sides of its badge.
    for px, size in ((24, {"width": 320, "height": 568}), (32, PORTRAIT),
                     (32, {"width": 320, "height": 568})):
        page.set_viewport_size(size)
        browser_text_size(page, px)
        for query in ("preset=sjuan&players=5&lang=it", "preset=ruter-7&players=8&lang=de"):
            open_game(page, server, game, f"?new=1&seed=7&speed=instant&{query}")
            page.wait_for_selector(MY_TURN)
            assert page.evaluate(SEAT_WORDS_CUT_JS) == [], (px, size, query)
            assert page.evaluate(TABLE_ON_SCREEN_JS)["across"] == 0, (px, size, query)


def buttons_under_the_message(page: Page, name: str) -> dict[str, float]:
    """The buttons' box, checked to lie wholly under the message (not over it)."""
    message = page.locator("#message").bounding_box()
    controls = page.locator("#controls").bounding_box()
    assert message and controls, name
    assert controls["y"] >= message["y"] + message["height"] - 1, name
    return controls


def test_a_phone_on_its_side_at_150_to_200_percent_keeps_its_buttons_beside_the_hand(
        page: Page, server: Server, game) -> None:
    """With the browser's text at 150% to 200% on a phone on its side, the buttons stand in one
    row beside the hand, no taller than it: in two rows they made the page 30 px too tall at
    740x360 and 200%, and, held at the screen's foot, lay over the message until it was
    scrolled."""
    for px in (28, 32):
        for width, height in ((740, 360), (640, 360), (844, 390)):
            name = f"{px}px text, {width}x{height}"
            page.set_viewport_size({"width": width, "height": height})
            browser_text_size(page, px)
            open_game(page, server, game, "?new=1&seed=6&speed=instant")
            page.wait_for_selector(MY_TURN)
            hand_still(page)
            assert page.evaluate(TABLE_ON_SCREEN_JS) == {
                "down": 0, "across": 0, "covered": [], "between": True, "under": 0}, name
            controls = buttons_under_the_message(page, name)
            hand = page.locator("#hand").bounding_box()
            assert hand and controls["x"] >= hand["x"] + hand["width"] - 1, name
            for selector in ("#hint", "#fast-forward", "#play"):
                box = page.locator(selector).bounding_box()
                assert box and box["width"] >= 44 and box["height"] >= 40, (selector, name)
                assert box["y"] + box["height"] <= height + 1, (selector, name)
    # At 150%, a Ruter 7 of six (a match's line and totals) is a little taller than 740x360:
    # it scrolls to the foot of its hand, but the buttons, held at the screen's foot, stand
    # clear of the message (they lay over it by 36 px).
    page.set_viewport_size({"width": 740, "height": 360})
    browser_text_size(page, 24)
    open_game(page, server, game, "?new=1&seed=7&speed=instant&preset=ruter-7&players=6")
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    buttons_under_the_message(page, "ruter-7, 6 players, 24px text, 740x360")


def test_a_new_game_does_not_announce_the_last_one_s_moves(page: Page, server: Server,
                                                          game) -> None:
    """At a quick pace the others' moves are summed up when our turn comes; a game dealt before
    then starts with news of its own only (the region keeps six lines, the deal's among them)."""
    page.set_viewport_size(DESKTOP)
    open_game(page, server, game, "?new=1&seed=3&players=8&speed=instant&pace=0.25")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    card = page.locator(PLAYABLE).first
    code = card.get_attribute("data-card")
    card.click()
    page.click("#play")
    expect(page.locator(f'[data-zone="table"][data-card="{code}"]')).to_be_visible()
    # Seven others to play at a quarter of a second each: time to deal a new game.
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.check('#setup input[name="preset"][value="fan-tan"]')
    assert page.get_attribute("html", "data-turn") != "0"  # the others' moves are untold
    # (the lines told so far are marked, to find the new deal's among them)
    page.eval_on_selector_all("#announce p", "ps => ps.forEach(p => p.dataset.before = '1')")
    page.click("#start-game")
    # The first news after the deal, and the table as it is when it is told.
    first = page.wait_for_function("""() => {
        const lines = [...document.querySelectorAll('#announce p:not([data-before])')]
            .map(p => p.textContent);
        const dealt = lines.map(s => s.includes('Dealing')).lastIndexOf(true);
        if (dealt < 0 || dealt + 1 >= lines.length) return null;
        return {news: lines.slice(dealt + 1),
                table: document.querySelectorAll('[data-zone="table"]').length};
    }""", timeout=60_000).json_value()
    # What is told is this game's: as many cards played as lie on its table.
    told = 0
    for line in first["news"]:
        summed = re.match(r"\d+ moves: (\d+) cards? played", line)
        told += int(summed.group(1)) if summed else len(re.findall(r"\b(?:plays|You play) ",
                                                                   line))
    assert told == first["table"], first


def test_a_seat_left_nearly_out_is_heard(context: BrowserContext, page: Page, server: Server,
                                         game) -> None:
    # Lina, to move with 3 cards and one that plays: her badge says "Nearly out" after it,
    # and now the live region does too.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=5),
                         lambda m: m.state.to_move == 1 and m.state.hand_size(1) == 3
                         and m.state.legal_moves() != ("pass",))
    with_save(context, store.save_text(match))
    page.set_viewport_size(PORTRAIT)
    game.boot(page, server.url + "?pace=0.3")
    expect(page.locator('.seat[data-seat="1"].low')).to_be_visible(timeout=30_000)
    expect(page.locator("#announce")).to_contain_text("Lina is nearly out: 2 cards left.")


def the_others_turn_held(page: Page, server: Server, game) -> None:
    """A new game on a desktop whose first turn is Lina's, who thinks for ten minutes."""
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 1)
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + f"?new=1&seed={seed}&pace=600")
    page.wait_for_selector("html[data-phase=dealing]")
    page.keyboard.press("Escape")  # (the deal: at this pace it would never end by itself)
    page.wait_for_selector("html[data-phase=playing][data-turn='1']")


def test_enter_with_the_focus_nowhere_in_the_others_turn_is_answered(page: Page,
                                                                     server: Server,
                                                                     game) -> None:
    # After a reload in the others' turn the focus is nowhere: Enter was met with silence.
    the_others_turn_held(page, server, game)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text("Wait for your turn.")
    expect(page.locator("#announce")).to_contain_text("Wait for your turn.")
    assert page.evaluate("!!document.activeElement.closest('#hand [data-zone=\"hand\"]')")


def test_h_in_the_others_turn_is_answered(page: Page, server: Server, game) -> None:
    # H while a computer played did nothing and said nothing (Enter on a card is answered).
    the_others_turn_held(page, server, game)
    page.locator('#hand [data-zone="hand"]').first.focus()
    page.keyboard.press("h")
    expect(page.locator("#message")).to_have_text("Wait for your turn.")
    expect(page.locator("#announce")).to_contain_text("Wait for your turn.")


def test_a_hint_worked_out_after_the_focus_left_the_table_leaves_it_there(
        context: BrowserContext, page: Page, server: Server, game) -> None:
    # At Hard a hint takes a moment: the player pressed H, then went on to Menu, and the hint
    # took the focus back to its card, so that the Enter meant for Menu played it.
    match = played_until(fantan.new_match(fantan.preset("fan-tan"), seed=5),
                         lambda m: m.state.to_move == 0 and len(m.state.legal_moves()) > 2)
    with_save(context, store.save_text(match))
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + "?level=hard&pace=600")
    page.wait_for_selector(MY_TURN, timeout=60_000)
    cards = len(match.state.hand(0))
    page.locator(PLAYABLE).first.focus()
    page.keyboard.press("h")
    page.focus("#open-menu")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "), timeout=60_000)
    expect(page.locator("#hand .card.selected")).to_have_count(1)  # (chosen all the same)
    expect(page.locator("#open-menu")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#menu")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator('#hand [data-zone="hand"]')).to_have_count(cards)
    # Asked again with the focus at the table, it goes to the card, as at once.
    page.locator("#hint").focus()
    page.keyboard.press("h")
    expect(page.locator("#hand .card.selected")).to_be_focused()


FOCUS_LOG_JS = """() => { window.focusLog = [];
    document.addEventListener('focusin', e => window.focusLog.push(
        e.target.dataset.card || e.target.id || e.target.tagName)); }"""


def test_the_card_or_button_with_the_focus_is_not_drawn_anew(page: Page, server: Server,
                                                              game) -> None:
    # The hand and the controls were drawn anew at every change: the focused card (or the
    # Hint button, while a hint was worked out) was a new element, focused again each time,
    # and a screen reader read it out again, between the log's lines of the others' moves.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 2)
    page.set_viewport_size(DESKTOP)
    game.boot(page, server.url + f"?new=1&seed={seed}&pace=0.3&level=hard")
    page.wait_for_selector("html[data-phase=playing]", timeout=60_000)
    page.keyboard.press("Escape")  # (the deal)
    page.wait_for_selector("html[data-phase=playing]:not([data-turn='0'])")
    card = page.locator('#hand [data-zone="hand"]').last
    code = card.get_attribute("data-card")
    card.focus()
    page.evaluate(FOCUS_LOG_JS)
    page.wait_for_selector(MY_TURN, timeout=60_000)
    # (read once the turn is drawn to its end: its line said, the cards slid to their places)
    expect(page.locator("#message")).to_have_text(re.compile(r"^Your turn"))
    hand_still(page)
    log = page.evaluate("window.focusLog")
    # (at our turn the focus may go on from a card that does not play to one that does)
    assert code not in log, log
    assert len(log) <= 1, log
    # The Hint button, pressed with the keys, keeps the focus until the hint's card takes it.
    page.focus("#hint")
    page.evaluate("window.focusLog = []")
    page.keyboard.press("Enter")
    expect(page.locator("#message")).to_have_text(re.compile(r"^Hint: "), timeout=60_000)
    log = page.evaluate("window.focusLog")
    assert "hint" not in log and len(log) <= 1, log
    expect(page.locator("#hand .card.selected")).to_be_focused()


def test_keys_are_answered_in_words_for_keys_and_once(page: Page, server: Server,
                                                       game) -> None:
    # Enter pressed again and again while the others play: "Wait for your turn" is said once,
    # not once a press.
    the_others_turn_held(page, server, game)
    page.focus('#hand [data-zone="hand"]')
    game.record_spoken(page)
    page.evaluate(KEY_TIMES_JS)
    for _ in range(12):
        page.keyboard.press("Enter")
    # Every line said is in the record (the region keeps only its last few). A press that
    # reached the page more than a second after the one before (a busy machine's pause) is
    # rightly answered aloud again: the page's clock says how many did.
    times = page.evaluate("window.keyTimes")
    gaps = [later - sooner for sooner, later in pairwise(times)]
    said = game.spoken(page).count("Wait for your turn.")
    assert 1 + sum(gap > 1100 for gap in gaps) <= said <= 1 + sum(gap > 900 for gap in gaps), (
        said, gaps)
    # A card chosen from the keyboard: the message names the keys, not a tap.
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    open_game(page, server, game, f"?new=1&seed={seed}&speed=instant")
    page.wait_for_selector(f"html[data-phase=playing][data-turn='0'] {PLAYABLE}")
    page.focus('#hand [data-card="7D"]')
    page.keyboard.press("Space")
    expect(page.locator("#message")).to_have_text(
        "Press Enter to put down the 7♦, or Escape to put it back.")
    page.keyboard.press("Escape")
    page.locator('#hand [data-card="7D"]').click()
    expect(page.locator("#message")).to_have_text(
        "Press Play to put down the 7♦, or click it again.")


def test_a_finger_is_told_to_tap_and_a_mouse_to_click(browser: Any, server: Server, watch: Watch,
                                                      game) -> None:
    seed = seed_where("fan-tan", lambda m: m.state.to_move == 0)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    watch.attach(context)
    page = context.new_page()
    try:
        # Before any input, a phone's screen is taken for a finger's.
        game.boot(page, server.url + f"?new=1&seed={seed}&pace=600")
        expect(page.locator("#message")).to_have_text("Dealing… tap to skip.")
        page.locator("#skip-deal").tap()
        page.wait_for_selector(f"html[data-phase=playing][data-turn='0'] {PLAYABLE}")
        page.locator('#hand [data-card="7D"]').tap()
        expect(page.locator("#message")).to_have_text(
            "Press Play to put down the 7♦, or tap it again.")
        page.locator('#hand [data-card="7D"]').tap()
        expect(page.locator('[data-zone="table"][data-card="7D"]')).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "px"), [("en", 24), ("it", 32)])
def test_the_moves_under_large_text_scroll_sideways_on_their_own(
        page: Page, server: Server, game, lang: str, px: int) -> None:
    # Eight seats' moves under 150% or 200% text are wider than a phone: the table alone
    # scrolls sideways (a region the keys scroll too), not the page with the lines and the
    # buttons under it, which cut off the last seats' column and the buttons' ends.
    browser_text_size(page, px)
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, server, game, f"?new=1&seed=7&players=8&speed=instant&lang={lang}")
    page.wait_for_selector(MY_TURN_OR_OVER, timeout=60_000)
    page.click("#open-menu")
    page.click("#menu-moves")
    wide = page.locator("#moves-page .moves-wide")
    expect(wide).to_have_class(re.compile(r"\bscrolls\b"))
    expect(wide).to_have_attribute("tabindex", "0")
    expect(wide).to_have_attribute("role", "region")
    sizes = page.evaluate("""() => {
        const d = document.getElementById('moves-page');
        const w = d.querySelector('.moves-wide');
        return {page: [d.scrollWidth, d.clientWidth], table: [w.scrollWidth, w.clientWidth]};
    }""")
    assert sizes["page"][0] <= sizes["page"][1], sizes
    assert sizes["table"][0] > sizes["table"][1], sizes
    close = page.locator("#moves-close").bounding_box()
    assert close is not None and close["x"] + close["width"] <= 360, close
    # The keys scroll it: its last seat's column comes into view.
    wide.focus()
    page.keyboard.press("ArrowRight")
    expect(wide).not_to_have_js_property("scrollLeft", 0)


def test_the_boards_heading_is_ringed_for_the_keys_not_on_a_phone_untouched(
        browser: Any, server: Server, watch: Watch, game) -> None:
    # A hand that ends with the others' moves, on a phone nothing has tapped yet: the board's
    # heading takes the focus (for a screen reader) without the keyboard's ring, which the
    # browser drew there; a key pressed brings the ring back.
    match = played_until(fantan.new_match("fan-tan", 8), lambda m: (
        m.state.to_move == 1 and m.state.hand_size(1) == 1
        and m.state.legal_moves() != ("pass",)))
    context = browser.new_context(viewport=TALL, has_touch=True, is_mobile=True)
    watch.attach(context)
    with_save(context, store.save_text(match))
    page = context.new_page()
    ring = "getComputedStyle(document.getElementById('results-title')).outlineStyle"
    try:
        game.boot(page, server.url + "?speed=instant")
        expect(page.locator("#results-title")).to_be_focused(timeout=30_000)
        assert page.evaluate(ring) == "none"
        page.keyboard.press("Shift")
        assert page.evaluate(ring) == "solid"
    finally:
        context.close()
