"""The game in every language: the browser's language picks the default, the picker switches
at once without a reload and is saved, the loader speaks the language before Python starts,
and the table and the result board show no message id and nothing cut off (screenshots in
e2e/artifacts/)."""

from __future__ import annotations

import re
from typing import Any

from conftest import Server, Watch
from playwright.sync_api import Page, expect
from test_a11y import CLIPPED_JS
from test_game import MY_TURN_OR_OVER, PLAYABLE, PORTRAIT, open_game, play_to_the_end, shot

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
    context.close()
