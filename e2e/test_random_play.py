"""The page under random use: taps, clicks and keys on whatever is there, at any moment, with
reloads, turns of the screen and the browser's Back in between.

The other browser tests follow a player's path one step after another. Here a seeded random
player presses what it finds (a card, Play, Hint, a menu's list, the new-game screen's fields,
the result board's buttons) while cards fly and dialogs open and close. Nothing may go wrong:
no error or traceback in the console (the harness's watch), no notice (a save refused, storage
full) and no failure page. At the end, the page reloaded shows the game as it is saved, and the
save is one the engine accepts.
"""

from __future__ import annotations

import json
import random

import pytest
from conftest import MY_TURN_OR_OVER, PLAYABLE, Server, wait_ready
from playwright.sync_api import Error, Page

import fantan

SIZES = [(360, 640), (640, 360), (390, 844), (844, 390), (568, 320), (1280, 800)]
STEPS = 90
HAND = '#hand [data-zone="hand"]'
KEYS = ["ArrowLeft", "ArrowRight", "Shift+ArrowRight", "Home", "End", "Enter", "Enter", " ",
        "Escape", "h", "Tab", "Shift+Tab"]


def step(page: Page, rnd: random.Random, url: str) -> str:
    """One random action; returns what it did, for the failure message."""
    roll = rnd.random()
    if roll < 0.03:
        page.reload()
        wait_ready(page)
        return "reload"
    if roll < 0.06:
        width, height = rnd.choice(SIZES)
        page.set_viewport_size({"width": width, "height": height})
        return f"turn to {width}x{height}"
    if roll < 0.08:
        page.go_back()
        page.wait_for_timeout(500)  # (with no dialog open, the page itself goes back once more)
        if not page.url.startswith(url):  # Back left the game: come back as a player would
            page.goto(url)
        wait_ready(page)
        return "back"
    dialog = page.locator("dialog[open]")
    if roll < 0.22:
        key = rnd.choice(KEYS)
        page.keyboard.press(key)
        return f"key {key}"
    if dialog.count():
        scope = dialog.last
    elif roll < 0.55 and (cards := (playable := page.locator(PLAYABLE)).count()):
        # (counted once: a second count, a moment later, may find the turn gone)
        card = playable.nth(rnd.randrange(cards))
        what = card.get_attribute("data-card")
        card.dblclick(timeout=2_000)
        return f"play {what}"
    else:
        scope = page.locator("body")
    controls = scope.locator("button:visible:enabled, select:visible:enabled, "
                             "input:visible:enabled")
    count = controls.count()
    if not count:
        return "nothing to press"
    control = controls.nth(rnd.randrange(count))
    name, tag, in_hand = control.evaluate("""e => [e.getAttribute('aria-label') || e.id
        || e.name || e.textContent.trim().slice(0, 30) || e.outerHTML.slice(0, 60), e.tagName,
        !!e.closest('#hand')]""")
    if tag == "SELECT":
        values = control.locator("option:not([disabled])").evaluate_all(
            "options => options.map(o => o.value)")
        value = rnd.choice(values)
        control.select_option(value, timeout=2_000)
        return f"choose {value!r} in {name!r}"
    # A card half under its neighbour takes the click where it shows.
    control.click(timeout=2_000, force=in_hand)
    return f"press {name!r}"


def our_cards_played(page: Page) -> tuple[tuple[int, int], int]:
    """The game and hand saved (its seed and number) and how many cards we have played in it,
    as the save says (the page saves every move)."""
    text = page.evaluate("() => localStorage.getItem('fantan.game')")
    if text is None:  # (none yet)
        return (0, 0), 0
    saved = json.loads(text)
    match = fantan.load_match(json.dumps(saved["match"]))
    cards = sum(event.kind == "play" and event.seat == 0 for event in match.state.history)
    return (saved["match"]["seed"], match.hand_number), cards


# The standard game; gifts under Ruter 7's pass penalty; Shichi Narabe's passes by choice and
# its play on for places after one is out.
@pytest.mark.parametrize(("seed", "preset", "players"),
                         [(1, "fan-tan", 4), (2, "ruter-7", 3), (3, "shichi-narabe", 5)])
def test_random_use_breaks_nothing(page: Page, server: Server, game, seed: int, preset: str,
                                   players: int) -> None:
    rnd = random.Random(seed)
    width, height = SIZES[seed % len(SIZES)]
    page.set_viewport_size({"width": width, "height": height})
    url = server.url
    game.boot(page, url + f"?new=1&seed={seed}&preset={preset}&players={players}&speed=fast")
    done: list[str] = []
    played: dict[tuple[int, int], int] = {}  # our cards on the table, by game and hand
    overs = 0  # steps after which a hand was over
    for _ in range(STEPS):
        try:
            done.append(step(page, rnd, url))
        except Error as error:  # a control gone from under the click: the page moved on
            done.append(f"(missed: {error.message.splitlines()[0][:80]})")
        page.wait_for_timeout(rnd.choice([0, 50, 300, 800]))
        trail = "; ".join(done[-12:])
        assert page.get_attribute("html", "data-phase") != "error", (
            f"the page failed after: {trail}\n{page.inner_text('#failure')}")
        assert not page.locator("#notice").is_visible(), (
            f"a notice after: {trail}\n{page.inner_text('#notice')}")
        hand, cards = our_cards_played(page)
        played[hand] = max(played.get(hand, 0), cards)
        overs += page.get_attribute("html", "data-phase") == "over"
    # The page did answer: a step missed now and then (a control gone from under the click),
    # not most of them, and cards of ours went to the table (or hands ended) along the way. A
    # page whose controls never responded would only have missed, or pressed in vain.
    missed = [d for d in done if d.startswith("(missed")]
    assert len(missed) <= STEPS // 4, "; ".join(missed)
    assert sum(played.values()) >= 2 or overs, "; ".join(done)

    # Reloaded (which opens again any dialog left open), then back at the table, the page
    # shows the game as saved.
    page.reload()
    wait_ready(page)
    for _ in range(3):
        if page.locator("dialog[open]").count():
            page.keyboard.press("Escape")
    page.wait_for_selector(MY_TURN_OR_OVER, state="attached", timeout=60_000)
    saved = json.loads(page.evaluate("() => localStorage.getItem('fantan.game')"))
    match = fantan.load_match(json.dumps(saved["match"]))
    shown = page.eval_on_selector_all(HAND, "cards => cards.map(c => c.dataset.card)")
    assert sorted(shown) == sorted(match.state.hand(0)), "; ".join(done[-12:])
    assert not page.locator("#notice").is_visible()
    record = json.loads(page.evaluate("() => localStorage.getItem('fantan.stats')") or "{}")
    for level, counts in record.get("levels", {}).items():
        assert 0 <= counts["hands_won"] <= counts["hands"], (level, counts)
        assert 0 <= counts["matches_won"] <= counts["matches"], (level, counts)
