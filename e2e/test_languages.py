"""The game in every language: the browser's language picks the default, the picker switches
at once without a reload and is saved, the loader speaks the language before Python starts,
and the table and the result board show no message id and nothing cut off (screenshots in
e2e/artifacts/)."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from conftest import Server, Watch
from playwright.sync_api import Page, expect
from test_a11y import CLIPPED_JS
from test_game import (
    MY_TURN,
    MY_TURN_OR_OVER,
    PLAYABLE,
    PORTRAIT,
    catalog,
    hand_still,
    open_game,
    play_to_the_end,
    shot,
    view,
)

import fantan

# What each language calls a few things, to see that it is the language that shows.
WORDS = {
    "en": {"title": "Hand over", "cards": "cards", "results": "Results"},
    "de": {"title": "Runde vorbei", "cards": "Karten", "results": "Ergebnis"},
    "nb": {"title": "Runden er over", "cards": "kort", "results": "Resultat"},
    "nl": {"title": "Ronde voorbij", "cards": "kaarten", "results": "Uitslag"},
    "it": {"title": "Mano finita", "cards": "carte", "results": "Risultati"},
}
RAW_ID = re.compile(r"\b(?:msg|button|seat|table|reason|results|setup|settings|menu|rules|"
                    r"event|card|list|app|announce|axis|preset|tip|rank|suit|refused|level|"
                    r"speed|boot|format)\.[a-z0-9_.-]+")


def check_text(page: Page, where: str) -> None:
    text = page.inner_text("body")
    found = RAW_ID.search(text)
    assert found is None, f"{where}: a message id shows: {found.group(0)}"
    assert "{" not in text, f"{where}: an unfilled placeholder"
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{where}: the page scrolls sideways"
    assert page.evaluate(CLIPPED_JS) == [], where


def choose_language(page: Page, code: str) -> None:
    page.click("#open-menu")
    page.select_option("#menu-language", code)
    expect(page.locator("#menu-language")).to_be_focused()
    page.click("#menu-close")


def test_every_language_shows_the_table_and_the_board_completely(
    page: Page, server: Server, game
) -> None:
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=9&speed=instant&preset=fan-tan-chips&players=5")
    boots = page.get_attribute("#app", "data-boots")
    play_to_the_end(page)
    for code, words in WORDS.items():
        choose_language(page, code)
        expect(page.locator("html")).to_have_attribute("lang", code)
        board = page.locator("#results")
        expect(board.locator("h2")).to_have_text(words["title"])
        check_text(page, f"{code} result board")
        shot(page, f"lang-{code}-results")
        page.click("#show-table")
        expect(page.locator("#show-results")).to_have_text(words["results"])
        expect(page.locator('.seat[data-seat="1"] .count')).to_contain_text(words["cards"])
        check_text(page, f"{code} table")
        shot(page, f"lang-{code}-table")
        page.click("#show-results")
        # The rules page of the preset, with its strategy tips.
        page.click("#open-rules")
        rules = page.locator("#rules-page")
        expect(rules.locator(".tips li")).to_have_count(7)
        text = rules.inner_text()
        assert RAW_ID.search(text) is None, (code, RAW_ID.search(text))
        page.keyboard.press("Escape")
    # All of it without a reload.
    assert page.get_attribute("#app", "data-boots") == boots


# Every choice of a select on the new-game screen whose words do not show whole there, closed
# (a select cannot wrap its words): the words' width in the select's font against the room
# beside its arrow (about 20 px in Chromium).
CHOICES_CUT_JS = """() => {
    const ctx = document.createElement('canvas').getContext('2d');
    const cut = [];
    for (const s of document.querySelectorAll('#setup select')) {
        const st = getComputedStyle(s);
        ctx.font = st.font;
        const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)
                     - 20;
        for (const o of s.options) {
            const width = ctx.measureText(o.text).width;
            if (width > room) cut.push(`${s.id}: "${o.text}" ${Math.round(width)} > ${room}`);
        }
    }
    return cut; }"""


@pytest.mark.parametrize("code", list(WORDS))
def test_every_choice_of_the_custom_rules_and_every_button_shows_whole_on_a_narrow_phone(
        page: Page, server: Server, game, code: str) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, server, game, f"?new=1&seed=3&speed=instant&lang={code}")
    page.click("#open-menu")
    page.click("#menu-new-game")
    page.check('#setup input[name="preset"][value="custom"]')
    expect(page.locator("#setup #axis-scoring")).to_be_visible()
    for width, height in ((360, 640), (320, 568)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(CHOICES_CUT_JS) == [], (code, width)
        # (and the buttons at the panel's foot, Rules, Cancel and Deal, in one row, each word
        # whole: two rows took the room of a rule system from the list above them)
        feet = page.evaluate("""() => [...document.querySelectorAll(
            '#setup .panel-buttons button')].map(b => [
                Math.round(b.getBoundingClientRect().top), b.scrollWidth <= b.clientWidth,
                b.getBoundingClientRect().width >= 44])""")
        assert len(feet) == 3 and len({top for top, _, _ in feet}) == 1, (code, width, feet)
        assert all(whole and wide for _, whole, wide in feet), (code, width, feet)
    # With a start the first card chooses, the building orders say in general what comes first.
    page.select_option("#setup #axis-opening", "any-start")
    page.select_option("#setup #axis-start_rank", "chosen")
    expect(page.locator("#setup #axis-build_order option").nth(2)).not_to_contain_text(
        re.compile(r"\d"))
    for width, height in ((360, 640), (320, 568)):
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(CHOICES_CUT_JS) == [], (code, width, "chosen")


def test_the_browser_language_is_the_default_and_the_choice_is_kept(
    browser: Any, server: Server, watch: Watch, game
) -> None:
    context = browser.new_context(locale="de-DE")
    watch.attach(context)
    page = context.new_page()
    page.set_viewport_size(PORTRAIT)
    # Before Python starts: the loader already speaks German.
    page.goto(server.url + "?new=1&seed=5&speed=instant", wait_until="commit")
    expect(page.locator(".loading-hint")).to_contain_text("Beim ersten Besuch")
    game.wait_ready(page)
    page.wait_for_selector(MY_TURN_OR_OVER)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#play")).to_have_text("Ausspielen")
    expect(page.locator("#hint")).to_have_text("Tipp")
    label = page.get_attribute('#hand [data-zone="hand"]', "aria-label") or ""
    assert re.fullmatch(r"(Karo|Herz|Pik|Kreuz) \S+, (nicht )?spielbar", label), label
    expect(page.locator("#update-load")).to_have_text("Laden")  # (hidden until an update)
    expect(page.locator("#update-later")).to_have_text("Später")
    # The Norwegian player picks Norsk; it stays after a reload, over the browser's German.
    page.wait_for_selector("html[data-ai]", state="attached", timeout=120_000)
    # A card chosen before the switch stays chosen, and the message says so in the new words.
    page.locator(PLAYABLE).first.click()
    expect(page.locator("#message")).to_contain_text("Drücke Ausspielen")
    choose_language(page, "nb")
    expect(page.locator("#play")).to_have_text("Legg")
    expect(page.locator('#hand [aria-pressed="true"]')).to_have_count(1)
    expect(page.locator("#message")).to_contain_text("Trykk Legg")
    page.goto(server.url, wait_until="commit")
    expect(page.locator(".loading-hint")).to_contain_text("Første besøk")
    game.wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "nb")
    expect(page.locator("#hint")).to_have_text("Tips")
    # Back to "the browser's language".
    choose_language(page, "")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    # A language asked for in the address is the one the menu shows chosen.
    page.goto(server.url + "?lang=it", wait_until="commit")
    game.wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.click("#open-menu")
    expect(page.locator("#menu-language")).to_have_value("it")
    context.close()


def test_the_arrows_on_the_language_list_change_the_language_once_they_stop(
    page: Page, server: Server, game
) -> None:
    """Arrowing through the closed list does not switch the page at each step (a screen reader
    would read each step's page in another language): Enter, or leaving the list, does."""
    page.set_viewport_size(PORTRAIT)
    open_game(page, server, game, "?new=1&seed=5&speed=instant&lang=en")
    # Every language the page takes is recorded as it comes: at the end, the record holds
    # those the test waits for, in order, and no other (a step of the arrows that switched the
    # page, however briefly or late, would stand between them).
    game.record(page, "lang", "html", "lang")
    page.click("#open-menu")
    page.focus("#menu-language")
    options = page.eval_on_selector_all("#menu-language option", "els => els.map(e => e.value)")
    at = options.index(page.input_value("#menu-language"))
    for step in range(1, 3):
        page.keyboard.press("ArrowDown")
        expect(page.locator("#menu-language")).to_have_value(options[at + step])
        expect(page.locator("#menu-close")).to_have_text("Close")
    # Tab: the list's language in use, the focus on the next control, drawn in that language.
    page.keyboard.press("Tab")
    chosen = options[at + 2]
    expect(page.locator("html")).to_have_attribute("lang", chosen)
    expect(page.locator("#menu-speed")).to_be_focused()
    assert page.locator("#menu-close").inner_text() != "Close"
    # Enter puts the language in use there and then, the focus staying on the list.
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#menu-language")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(page.locator("html")).to_have_attribute("lang", chosen)
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", options[at + 1])
    expect(page.locator("#menu-language")).to_be_focused()
    expect(page.locator("#menu-language")).to_have_value(options[at + 1])
    # A language chosen with the mouse is in use at once.
    page.click('label[for="menu-language"] span')
    page.select_option("#menu-language", "en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#menu-close")).to_have_text("Close")
    # A button clicked after the arrows does what it says, in the language they chose.
    page.focus("#menu-language")
    page.keyboard.press("ArrowDown")
    page.click("#menu-rules")
    expect(page.locator("#rules-page")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", options[at + 1])
    assert page.locator("#rules-close").inner_text() != "Close"
    page.click("#rules-close")
    expect(page.locator("#rules-page")).to_be_hidden()
    page.click("#open-menu")
    page.focus("#menu-language")
    page.keyboard.press("ArrowUp")
    page.click("#menu-close")
    expect(page.locator("html")).to_have_attribute("lang", options[at])
    expect(page.locator("#menu")).to_be_hidden()
    # Another setting changed after the arrows: the language they chose in use with it, the
    # list showing it (not a language put in use unseen when the menu closes).
    page.click("#open-menu")
    page.focus("#menu-language")
    page.keyboard.press("ArrowDown")
    page.click('label[for="menu-speed"] span')
    page.select_option("#menu-speed", "slow")
    expect(page.locator("html")).to_have_attribute("lang", options[at + 1])
    expect(page.locator("#menu-language")).to_have_value(options[at + 1])
    expect(page.locator("#menu-speed")).to_have_value("slow")
    # The focus leaving the list for nowhere (another window, the address bar: no element to
    # go to) puts the arrows' language in use, the focus back on the list.
    page.focus("#menu-language")
    page.keyboard.press("ArrowUp")
    page.evaluate("document.activeElement.blur()")
    expect(page.locator("html")).to_have_attribute("lang", options[at])
    expect(page.locator("#menu-language")).to_be_focused()
    expect(page.locator("#menu-language")).to_have_value(options[at])
    first, second, third = options[at], options[at + 1], options[at + 2]
    assert game.recorded(page, "lang") == [
        ["en"], [third], [second], ["en"], [second], [first], [second], [first]]


# What the line beside our badge says during a hand: every refusal and every step of a turn
# (a card given to us is said with what to do next).
BESIDE_THE_BADGE = [
    "msg.your-turn", "msg.your-turn-pass", "msg.selected", "msg.selected-keys",
    "msg.selected-click", "msg.no-move", "msg.no-move-long", "msg.you-eliminated",
    "msg.waiting", "msg.watching", "msg.watching-eliminated", "msg.hint", "msg.hint-pass",
    "msg.hint-give", "msg.give",
    "msg.give-selected", "msg.give-selected-keys", "msg.give-selected-click", "msg.gave",
    "msg.dealing", "msg.dealing-keys", "msg.dealing-click",
    "msg.took-over", "reason.game-over", "reason.bad-move", "reason.must-give",
    "reason.not-in-hand", "reason.must-open-with", "reason.row-not-open",
    "reason.row-not-open-chosen", "reason.not-adjacent", "reason.not-adjacent-one",
    "reason.gate-closed", "reason.must-play", "reason.not-your-turn",
]


def said_beside_the_badge(code: str) -> list[str]:
    """Every such line in a language, with long values: the longest names of the seats, a
    "10" of the French deck and a knight of the Spanish one."""
    cat = catalog(code)
    name = max((view.seat_name(cat, seat) for seat in range(1, 8)), key=len)
    lines = []
    for preset, cards in (("fan-tan", ("10H", "4H", "7H", "8S")),
                          ("cinquillo", ("11E", "3E", "5E", "4B"))):
        rules = fantan.preset(preset)
        card, low, high, other = (view.card_text(cat, rules, c) for c in cards)
        suit = view.suit_text(cat, rules, cards[0][-1])
        values = {"card": card, "low": low, "high": high, "start": high, "suit": suit,
                  "name": name, "needs": cat.join([other, card])}
        received = cat.t("msg.received", name=name, card=card)
        for key in BESIDE_THE_BADGE:
            wanted = {n for _, n, _, _ in string.Formatter().parse(cat.t(key)) if n}
            lines.append(view.sentence(cat.t(key, **{n: values[n] for n in wanted})))
        lines += [f"{received} {cat.t(key, name=name)}"
                  for key in ("msg.your-turn", "msg.your-turn-pass", "msg.give")]
        # (a hint with every argument for it, naming two of our cards, the longest name)
        longest = max(range(1, 8), key=lambda seat: len(view.seat_name(cat, seat)))
        for move in (cards[0], "give:" + cards[0], "pass"):
            for kind in fantan.ai.advice.KINDS:
                lines.append(view.hint_text(cat, rules, {
                    "move": move, "kind": kind, "cards": list(cards[1:3]), "seat": longest,
                    "points": 10}))
            # (and what Hard's search found, with a long figure, against a card or a pass)
            for rival in (cards[3], "pass", None):
                lines.append(view.hint_text(cat, rules, {
                    "move": move, "kind": "search", "worlds": 1200, "rival": rival,
                    "gain": 12.34}))
    return lines


@pytest.mark.parametrize("size", [{"width": 320, "height": 568}, {"width": 600, "height": 960},
                                  {"width": 640, "height": 360}],
                         ids=["small-phone", "small-tablet", "landscape-phone"])
def test_every_line_beside_our_badge_leaves_the_table_where_it_is(
        page: Page, server: Server, game, size: dict[str, int]) -> None:
    # On a screen held upright, the line beside our badge keeps room for three lines (on a
    # phone on its side, for one) and sets a longer one smaller: whatever it says (a refusal
    # explained, a card given to us, in any language, with the long names of the Spanish
    # deck), the rows above do not move, nor the hand under it.
    page.set_viewport_size(size)
    open_game(page, server, game, "?new=1&seed=3&speed=instant&lang=it")
    for _ in range(3):  # (to where the 2♥ is refused at length)
        page.wait_for_selector(MY_TURN)
        hand_still(page)
        page.keyboard.press("Enter")
    page.wait_for_selector(MY_TURN)
    hand_still(page)
    # (the rows as they show, not their box, which stretches to the room it is given)
    where = """() => [document.querySelector('#rows .slot').getBoundingClientRect().top,
                      document.querySelector('#rows .row:last-child .slot')
                          .getBoundingClientRect().bottom,
                      document.getElementById('hand').getBoundingClientRect().top]"""
    rest = page.evaluate(where)
    # A card refused for real: the page's own line (in Italian, among the longest).
    page.locator('#hand [data-card="2H"]').click(force=True)
    expect(page.locator("#message")).to_contain_text("non si attacca a nessuna")
    assert page.evaluate(where) == rest
    # Every other line the hand can bring, each put there as the page puts it (a line in the
    # message), then fitted as after a rotation.
    moved = []
    for code in WORDS:
        for line in said_beside_the_badge(code):
            page.evaluate("""t => { const line = document.createElement('span');
                                    line.textContent = t;
                                    document.getElementById('message').replaceChildren(line);
                                    window.dispatchEvent(new Event('resize')); }""", line)
            if page.evaluate(where) != rest:
                moved.append((code, line))
    assert moved == [], moved
