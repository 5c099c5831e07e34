"""Computer-player benchmark in the browser (a script, not a test).

    .venv/bin/python e2e/bench_ai.py [--decisions 60] [--preset fan-tan] [--players N]

1. Decision time per level inside Pyodide, the way the page's worker runs it: the engine's
   files are loaded into a bare Pyodide and `fantan.ai.choose` is timed on the real decisions
   (more than one legal move) of seeded games; p50, p90 and max per level. Hard is also timed
   with the arena's 200 worlds, and on endgame decisions (few cards in hand), where it plans
   its own later choices.
2. Responsiveness of the page during computer turns: on the game page with Hard opponents, the
   menu is opened while the computer players think, and the time from the click to the menu on
   screen is measured (median and max over several turns).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402
from engine_page import write_engine_page  # noqa: E402

import build  # noqa: E402

# Runs inside Pyodide: time each level on the real decisions of seeded all-Medium games.
BENCH_PY = """
import json, math, random, sys, time
sys.path.insert(0, "/home/pyodide")
import fantan
from fantan import ai
from fantan.ai import search

PRESET, PLAYERS, DECISIONS = {preset!r}, {players!r}, {decisions}
RULES = fantan.preset(PRESET)
if PLAYERS:
    RULES = RULES.replace(players=PLAYERS)

def gather(count, seed, wanted):
    found = []
    while len(found) < count:
        state = fantan.new_game(RULES, seed)
        k = 0
        while not state.is_over:
            obs = state.observation(state.to_move)
            if len(obs.legal_moves) > 1 and wanted(obs):
                found.append(obs)
            state = state.play(ai.choose("medium", obs, seed=k))
            k += 1
        seed += 1
    return found[:count]

def rank(values, q):
    # The nearest-rank percentile, as the arena's (of 60 values, the 90th is the 54th).
    ordered = sorted(values)
    return ordered[max(math.ceil(q * len(ordered)) - 1, 0)]

def timed(level, group, iterations=None):
    times = []
    for i, obs in enumerate(group):
        t0 = time.perf_counter()
        ai.choose(level, obs, seed=i, iterations=iterations)
        times.append((time.perf_counter() - t0) * 1000)
    return [rank(times, 0.5), rank(times, 0.9), max(times)]

positions = gather(DECISIONS, 1, lambda obs: True)
# The endgame, where Hard plans its own later choices: decisions with few cards in hand.
ends = gather(DECISIONS // 2, 1000,
              lambda obs: obs.hand_sizes[obs.seat] <= search.ENDGAME_CARDS)
out = {{"python": sys.version.split()[0], "decisions": len(positions), "players": RULES.players}}
for level in ai.LEVELS:
    out[level] = timed(level, positions)
# Hard with a fixed number of worlds (the arena's --iterations 200), and in the endgame.
out["hard, 200 worlds"] = timed("hard", positions, 200)
out["hard, endgame"] = timed("hard", ends)
out["hard, endgame, 200 worlds"] = timed("hard", ends, 200)
# How many worlds the budget buys (median and the tenth percentile, fewest first).
real_draw = search.HandChain.draw
drawn = [0]
def counting_draw(self):
    drawn[0] += 1
    return real_draw(self)
search.HandChain.draw = counting_draw
for label, group in (("hard", positions), ("hard, endgame", ends)):
    counts = []
    for i, obs in enumerate(group):
        drawn[0] = 0
        ai.choose("hard", obs, seed=i)
        counts.append(drawn[0])
    out[label + ", worlds"] = [rank(counts, 0.5), rank(counts, 0.1)]
search.HandChain.draw = real_draw
json.dumps(out)
"""

# Clicks the menu button and resolves with the time until the menu is shown.
# The time from a click on the menu's button (the input event's own time stamp, so that a
# page too busy to take the click at once is counted) to the first frame after the menu is open.
CLICK_TIME = """() => document.addEventListener("pointerdown", event => {
  if (event.target.closest("#open-menu")) window.__clicked = event.timeStamp;
}, true)"""
MENU_LATENCY = """() => new Promise(resolve => {
  const menu = document.getElementById("menu");
  const check = () => {
    if (menu.open && window.__clicked !== undefined)
      requestAnimationFrame(() => resolve(performance.now() - window.__clicked));
    else requestAnimationFrame(check);
  };
  check();
})"""


def decision_times(page: Any, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_selector("html[data-phase=ready]", state="attached", timeout=600_000)
    result: dict[str, Any] = json.loads(page.evaluate("window.__result"))
    return result


def open_menu(page: Any) -> float:
    """The time from a click on Menu to the menu on the screen, in ms (closed again after)."""
    page.evaluate("delete window.__clicked")
    page.click("#open-menu")
    took = float(page.evaluate(MENU_LATENCY))
    page.keyboard.press("Escape")
    return took


def menu_latency(page: Any, url: str, samples: int) -> tuple[list[float], list[float]]:
    """The menu's response during the computer players' turns, and at our turn (a card to
    play, nothing else going on): up to ``samples`` clicks each, hand after hand."""
    page.goto(url + "?new=1&seed=5&level=hard&players=6&speed=normal&match=10")
    page.wait_for_selector("html[data-ai=worker]", state="attached", timeout=180_000)
    page.evaluate(CLICK_TIME)
    theirs: list[float] = []
    ours: list[float] = []
    deadline = time.monotonic() + 600
    while min(len(theirs), len(ours)) < samples and time.monotonic() < deadline:
        phase = page.evaluate("document.documentElement.dataset.phase")
        turn = page.evaluate("document.documentElement.dataset.turn")
        mine = page.locator('[data-zone=hand]:not([aria-disabled="true"])')
        if phase == "over":
            if not page.locator("#next-hand").is_visible():
                break
            page.click("#next-hand")
        elif phase == "playing" and turn not in (None, "0"):
            if len(theirs) < samples:
                theirs.append(open_menu(page))
        elif phase == "playing" and turn == "0" and mine.count():
            if len(ours) < samples:
                ours.append(open_menu(page))
            mine.first.dblclick()
        time.sleep(0.15)
    return theirs, ours


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--preset", default="fan-tan")
    parser.add_argument("--players", type=int, default=None,
                        help="another number of players than the preset's")
    parser.add_argument("--menu-samples", type=int, default=20,
                        help="clicks on Menu in the others' turns, and as many at ours")
    parser.add_argument("--menu-only", action="store_true",
                        help="measure only the menu's response (in the others' turns and ours)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        bench_page = write_engine_page(
            site, "aibench", BENCH_PY.format(preset=args.preset, players=args.players,
                                          decisions=args.decisions))
        server = build.make_server(site, 0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}/"
        launch: dict[str, Any] = {"args": CHROMIUM_ARGS}
        if chromium_executable():
            launch["executable_path"] = chromium_executable()
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch)
            times = None
            if not args.menu_only:
                page = browser.new_page()
                times = decision_times(page, origin + bench_page)
                page.close()
            page = browser.new_page()
            theirs, ours = menu_latency(page, origin, args.menu_samples)
            browser.close()
        server.shutdown()
    if times is not None:
        print(f"Computer players in the browser (Pyodide, Python {times['python']}), preset "
              f"{args.preset}, {times['players']} players, {times['decisions']} decisions with a "
              "choice:")
        for level in ("easy", "medium", "hard", "hard, 200 worlds", "hard, endgame",
                      "hard, endgame, 200 worlds"):
            p50, p90, most = times[level]
            print(f"  {level:<29} p50 {p50:7.1f} ms   p90 {p90:7.1f} ms   max {most:7.1f} ms")
        for level in ("hard", "hard, endgame"):
            median, low = times[level + ", worlds"]
            print(f"  {level + ', worlds bought':<29} median {median}   tenth percentile {low}")
    for when, latencies in (("during computer turns (Hard, 6 players)", theirs),
                            ("at our turn, nothing else going on", ours)):
        if latencies:
            print(f"Menu opened {when}: median {statistics.median(latencies):.0f} ms, max "
                  f"{max(latencies):.0f} ms over {len(latencies)} clicks")
        else:
            print(f"Menu opened {when}: no such turn was caught")


if __name__ == "__main__":
    main()
