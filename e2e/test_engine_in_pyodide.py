"""The engine gives the same games in the browser's Python as in CPython: same seeded deals,
same computer-player decisions and seeds of their moves, byte-identical saves."""

from __future__ import annotations

import json
from pathlib import Path

from engine_page import write_engine_page
from playwright.sync_api import Page

import fantan

# The same function runs in both Pythons; its source is sent to the browser as text.
GAMES = '''
def games():
    import json, sys
    import fantan
    from fantan import ai
    out = {"platform": sys.platform}
    for name, seed in (("fan-tan", 3), ("ruter-7", 5), ("shichi-narabe", 8), ("cinquillo", 2)):
        state = fantan.new_game(fantan.preset(name), seed)
        out[name + ":deal"] = [list(state.hand(s)) for s in range(state.players)]
        k = 0
        while not state.is_over:
            obs = state.observation(state.to_move)
            level = "hard" if k % 7 == 3 else "medium"
            state = state.play(ai.choose(level, obs, seed=k, iterations=20))
            k += 1
        out[name + ":save"] = state.to_json()
    # (the seeds of a match's moves, a digest of its seed: the page's largest seed too)
    out["move seeds"] = [fantan.new_match("fan-tan", seed).play("7D").move_seed
                         for seed in (0, 7, 2**53 - 1)]
    return json.dumps(out)
'''


def test_same_deals_decisions_and_saves_as_cpython(
    page: Page, own_site: Path, own_server: object
) -> None:
    name = write_engine_page(own_site, "engine-check", GAMES + "\ngames()\n")
    page.goto(own_server.url + name)  # type: ignore[attr-defined]
    page.wait_for_selector("html[data-phase=ready]", state="attached", timeout=180_000)
    browser = json.loads(page.evaluate("window.__result"))

    scope: dict[str, object] = {}
    exec(GAMES, scope)
    here = json.loads(scope["games"]())  # type: ignore[operator]

    assert browser.pop("platform") == "emscripten"  # it really ran in Pyodide
    here.pop("platform")
    assert browser.keys() == here.keys()
    for key in here:
        assert browser[key] == here[key], key
    # And the saves made in the browser load here, equal to the games played here.
    for key in here:
        if key.endswith(":save"):
            assert fantan.load(browser[key]) == fantan.load(here[key])


# Where each module the page imports at its start came from, and the bytecode it ran.
BYTECODE = """
import asyncio, html.entities, json, zipimport
import fantan.game, fantan.rules, i18n, view

def shipped(module):
    if not isinstance(module.__loader__, zipimport.zipimporter):
        return "not from the archive"
    if not module.__file__.endswith(".pyc"):
        return "compiled from its source"
    flags = int.from_bytes(module.__loader__.get_data(module.__file__)[4:8], "little")
    return "unchecked-hash" if flags == 1 else f"flags {flags}"

found = {m.__name__: shipped(m) for m in (fantan.game, fantan.rules, i18n, view)}
found["docstrings"] = fantan.game.GameState.__doc__ is not None
# The standard library's modules that a start imports, from Pyodide's archive as build.py
# rewrote it: bytecode in place of their sources.
found["stdlib"] = {m.__name__: shipped(m) for m in (asyncio, html.entities)}
found["stdlib sources"] = [m.__loader__.get_source(m.__name__) is not None
                           for m in (asyncio, html.entities)]
json.dumps(found)
"""


def test_the_page_modules_run_from_bytecode_compiled_ahead(
    page: Page, own_site: Path, own_server: object
) -> None:
    name = write_engine_page(own_site, "bytecode-check", BYTECODE)
    page.goto(own_server.url + name)  # type: ignore[attr-defined]
    page.wait_for_selector("html[data-phase=ready]", state="attached", timeout=180_000)
    found = json.loads(page.evaluate("window.__result"))
    # The modules were imported from the archive, each from the .pyc beside it (PEP 552
    # "unchecked hash", which only build.py writes), without compiling; the docstrings stayed
    # out of it.
    assert found == {"fantan.game": "unchecked-hash", "fantan.rules": "unchecked-hash",
                     "i18n": "unchecked-hash", "view": "unchecked-hash", "docstrings": False,
                     "stdlib": {"asyncio": "unchecked-hash", "html.entities": "unchecked-hash"},
                     "stdlib sources": [False, False]}
