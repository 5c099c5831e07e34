"""Load benchmark (a script, not a test): how long the game takes to start, and what it costs.

    .venv/bin/python e2e/bench_load.py [--runs 5]

Measures, in one run on the same files and the same local server:
- cold load (a new browser profile: no HTTP cache, no service worker) to Python ready;
- warm load (persistent profile after one visit: service worker and compiled-code caches),
  as a reload of the same tab, as a new tab, and after the browser was closed and started again
  on the same profile;
- the same for a bare Pyodide page (loadPyodide + one line of Python, no PyScript, no app) and
  a bare PyScript page (one line of Python in a PyScript script, no app): the floor PyScript sets;
  both on the site's runtime files, whose standard library build.py ships precompiled;
- the bare Pyodide page on the runtime files as npm ships them (standard library as sources);
- first paint of the page shell;
- the bytes a cold visit downloads, the app's against the bare runtime's (raw, and gzipped as a
  static host would send them).
Times are medians of --runs loads; they vary with the machine's load, so the pages take turns,
run by run, and each comparison is also given as the median of the runs' own ratios.
"""

from __future__ import annotations

import argparse
import gzip
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from conftest import CHROMIUM_ARGS, chromium_executable  # noqa: E402

import build  # noqa: E402

BARE_HTML = """<!doctype html>
<html data-phase="loading"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="./bare.js"></script></head><body>bare Pyodide</body></html>
"""
BARE_JS = """import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
pyodide.runPython("import sys");
document.documentElement.dataset.phase = "ready";
"""
STOCK = "stock/pyodide/"  # the same page on Pyodide's files exactly as the npm package has them

# PyScript alone: the same vendored runtime, a PyScript script of one line, no app.
PYSCRIPT_HTML = """<!doctype html>
<html data-phase="loading"><head><meta charset="utf-8"><title>bare PyScript</title>
<script type="module" src="./vendor/pyscript/core.js"></script></head><body>bare PyScript
<script type="py" config='{"interpreter": "./vendor/pyodide/pyodide.mjs"}'>
import js
js.document.documentElement.dataset.phase = "ready"
</script></body></html>
"""

# Runs before any page script (outside the page's CSP): notes when data-phase leaves "loading".
TIMING = """
new MutationObserver((_, observer) => {
  const phase = document.documentElement.dataset.phase;
  if (phase && phase !== "loading") { window.__readyAt = performance.now(); observer.disconnect(); }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-phase"] });
"""

READY = "html:not([data-phase=loading])"


def load(page: Page, url: str) -> dict[str, float]:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=180_000)
    timing: dict[str, float] = page.evaluate(
        """() => ({
            ready: window.__readyAt,
            paint: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime,
        })"""
    )
    return timing


def settle(page: Page, name: str) -> None:
    """Wait until the page has finished starting: for the app, its worker is up."""
    if name == "app":
        page.wait_for_selector("html[data-ai]", state="attached", timeout=180_000)


def median(values: list[float]) -> float:
    return statistics.median(values)


def bytes_of(site: Path, served: list[tuple[str, int]], prefix: str = "/") -> tuple[int, int]:
    """Raw and gzipped bytes of every 200 response in a server log."""
    raw = packed = 0
    for path, status in served:
        if status != 200:
            continue
        name = path.split("?", 1)[0][len(prefix):] or "index.html"
        file = site / name
        if file.is_dir():
            file = file / "index.html"
        data = file.read_bytes()
        raw += len(data)
        packed += len(gzip.compress(data, 6))
    return raw, packed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        (site / "bare.html").write_text(BARE_HTML)
        (site / "bare.js").write_text(BARE_JS)
        (site / "pyscript.html").write_text(PYSCRIPT_HTML)
        (site / "stock.html").write_text(BARE_HTML.replace("bare.js", "stock.js"))
        (site / "stock.js").write_text(BARE_JS.replace("./vendor/pyodide/", "./" + STOCK))
        for name in build.PYODIDE_FILES:
            build.copy(build.NODE_MODULES / "pyodide" / name, site / STOCK / name)
        served: list[tuple[str, int]] = []
        server = build.make_server(site, 0, quiet=True, served=served)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        origin = f"http://127.0.0.1:{server.server_address[1]}/"
        pages = {"app": origin, "bare Pyodide": origin + "bare.html",
                 "bare PyScript": origin + "pyscript.html", "npm Pyodide": origin + "stock.html"}

        launch: dict[str, Any] = {"args": CHROMIUM_ARGS}
        if chromium_executable():
            launch["executable_path"] = chromium_executable()

        results: dict[str, dict[str, Any]] = {}
        with sync_playwright() as p:
            browser: Browser = p.chromium.launch(**launch)  # warms the system's file cache
            browser.new_page().close()

            browser.close()

            # The pages take turns, run by run, so that a change in the machine's load
            # between runs weighs on all of them alike.
            cold: dict[str, list[float]] = {name: [] for name in pages}
            paint: dict[str, list[float]] = {name: [] for name in pages}
            for run in range(args.runs):
                for name, url in pages.items():
                    # A new profile on disk each time: nothing cached, but a disk cache like a
                    # real browser's (an in-memory context cache would not keep the wasm).
                    profile = tempfile.mkdtemp(dir=tmp)
                    context = p.chromium.launch_persistent_context(profile, **launch)
                    context.add_init_script(TIMING)
                    page = context.new_page()
                    served.clear()
                    timing = load(page, url)
                    if name == "app":  # the first visit ends once the game works offline
                        page.wait_for_selector("html[data-offline=ready]", state="attached",
                                               timeout=180_000)
                    if run == 0:
                        results.setdefault(name, {})["bytes"] = bytes_of(site, served)
                    cold[name].append(timing["ready"])
                    paint[name].append(timing["paint"])
                    context.close()
            for name in pages:
                results[name].update(cold=cold[name], paint=median(paint[name]))

            # A returning visit: one persistent profile per page after a first visit; the same
            # tab reloaded, then a new tab, each after the previous visit has finished starting
            # (the app's computer-player worker included, whose start a reload would otherwise
            # cut short). Again the pages take turns.
            contexts, tabs, profiles = {}, {}, {}
            for name, url in pages.items():
                profiles[name] = tempfile.mkdtemp(dir=tmp)
                contexts[name] = p.chromium.launch_persistent_context(profiles[name], **launch)
                contexts[name].add_init_script(TIMING)
                tabs[name] = contexts[name].new_page()
                load(tabs[name], url)
                if name == "app":
                    tabs[name].wait_for_selector("html[data-offline=ready]", state="attached",
                                                 timeout=180_000)
                settle(tabs[name], name)
            warm: dict[str, list[float]] = {name: [] for name in pages}
            warm_paint: dict[str, list[float]] = {name: [] for name in pages}
            tab: dict[str, list[float]] = {name: [] for name in pages}
            for _ in range(args.runs):
                for name, url in pages.items():
                    timing = load(tabs[name], url)
                    warm[name].append(timing["ready"])
                    warm_paint[name].append(timing["paint"])
                    settle(tabs[name], name)
            for _ in range(args.runs):
                for name, url in pages.items():
                    tabs[name].close()
                    tabs[name] = contexts[name].new_page()
                    tab[name].append(load(tabs[name], url)["ready"])
                    settle(tabs[name], name)
            # The browser closed and started again on the same profile, as on another day.
            restart: dict[str, list[float]] = {name: [] for name in pages}
            for _ in range(args.runs):
                for name, url in pages.items():
                    contexts[name].close()
                    contexts[name] = p.chromium.launch_persistent_context(profiles[name],
                                                                          **launch)
                    contexts[name].add_init_script(TIMING)
                    tabs[name] = contexts[name].pages[0]
                    restart[name].append(load(tabs[name], url)["ready"])
                    settle(tabs[name], name)
            for name in pages:
                results[name].update(warm=warm[name], warm_paint=median(warm_paint[name]),
                                     tab=tab[name], restart=restart[name])
                contexts[name].close()
        server.shutdown()

    app, bare = results["app"], results["bare Pyodide"]
    floor, stock = results["bare PyScript"], results["npm Pyodide"]

    def versus(a: dict[str, Any], b: dict[str, Any], key: str) -> str:
        """a against b: the ratio of the medians, and the median of the runs' own ratios
        (each run's loads were made one after the other, so the load of the machine then
        weighs on both)."""
        ratios = [x / y for x, y in zip(a[key], b[key], strict=True)]
        return (f"{100 * (median(a[key]) / median(b[key]) - 1):+.1f}% "
                f"(per run: {100 * (median(ratios) - 1):+.1f}%)")

    print(f"Load benchmark, medians of {args.runs} (ms, to Python ready):")
    print(f"{'':16}{'cold':>8}{'reload':>8}{'new tab':>9}{'restart':>9}"
          f"{'first paint cold/warm':>24}")
    for name, r in results.items():
        print(f"{name:16}{median(r['cold']):8.0f}{median(r['warm']):8.0f}"
              f"{median(r['tab']):9.0f}{median(r['restart']):9.0f}"
              f"{r['paint']:14.0f} /{r['warm_paint']:6.0f}")
    print(f"warm app vs bare Pyodide, reload: {versus(app, bare, 'warm')}, "
          f"new tab: {versus(app, bare, 'tab')}, browser restarted: "
          f"{versus(app, bare, 'restart')}")
    print(f"cold app vs bare Pyodide: {versus(app, bare, 'cold')}")
    print(f"app vs bare Pyodide as npm ships it: reload {versus(app, stock, 'warm')}, "
          f"new tab {versus(app, stock, 'tab')}, cold {versus(app, stock, 'cold')}")
    print("bare Pyodide, standard library precompiled vs as npm ships it: reload "
          f"{versus(bare, stock, 'warm')}, cold {versus(bare, stock, 'cold')}")
    print(f"warm PyScript alone vs bare Pyodide, reload: {versus(floor, bare, 'warm')}, "
          f"new tab: {versus(floor, bare, 'tab')}")
    print(f"warm app vs bare PyScript, reload: {versus(app, floor, 'warm')}, "
          f"new tab: {versus(app, floor, 'tab')}")
    for name, r in results.items():
        raw, packed = r["bytes"]
        print(f"cold bytes {name:14} {raw / 1e6:6.2f} MB raw, {packed / 1e6:5.2f} MB gzipped")
    extra_raw = app["bytes"][0] - bare["bytes"][0]
    extra_packed = app["bytes"][1] - bare["bytes"][1]
    print(f"the app's own cold bytes: {extra_raw / 1e3:.0f} KB raw, {extra_packed / 1e3:.0f} KB "
          "gzipped (page, PyScript, engine, icons; service worker included)")
    own_raw = app["bytes"][0] - floor["bytes"][0]
    own_packed = app["bytes"][1] - floor["bytes"][1]
    print(f"beyond bare PyScript (the game's own files): {own_raw / 1e3:.0f} KB raw, "
          f"{own_packed / 1e3:.0f} KB gzipped")
    print(f"against Pyodide as npm ships it: {(app['bytes'][0] - stock['bytes'][0]) / 1e3:.0f} KB "
          f"raw, {(app['bytes'][1] - stock['bytes'][1]) / 1e3:.0f} KB gzipped (the precompiled "
          "standard library's share: "
          f"{(bare['bytes'][0] - stock['bytes'][0]) / 1e3:.0f} KB raw, "
          f"{(bare['bytes'][1] - stock['bytes'][1]) / 1e3:.0f} KB gzipped)")


if __name__ == "__main__":
    main()
