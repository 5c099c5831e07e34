"""The page in a real browser: it boots, Python answers, it works under a subpath and offline."""

from __future__ import annotations

import gzip
import io
import re
import socket
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from conftest import REACHED_JS, Server, Watch
from playwright.sync_api import BrowserContext, Page, expect

import build
import fantan


def test_boots_and_python_answers(
    page: Page, server: Server, site: Path, watch: Watch, game
) -> None:
    game.boot(page, server.url)
    # Python has taken over: the first hand is being dealt or played.
    expect(page.locator("html")).to_have_attribute("data-phase", re.compile("dealing|playing"))
    # The engine's version comes from the engine running inside Pyodide.
    expect(page.locator("#engine-version")).to_have_text(fantan.__version__)
    # ...on the browser's Python, not this one.
    assert re.fullmatch(r"3\.\d+\.\d+", page.get_attribute("#app", "data-python") or "")
    expect(page.locator("#loading")).to_be_hidden()
    # A first visit: nothing saved, so nothing set aside and nothing to say about it.
    expect(page.locator("#notice")).to_be_hidden()
    assert not page.evaluate("Object.keys(localStorage).filter(k => k.includes('aside'))")
    # The runtime came from our own server: PyScript did not go to a CDN for Pyodide.
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm") for url in watch.urls())
    # (PyScript starts its worker from a blob: URL it makes; every download is ours.)
    fetched = [url for url in watch.urls() if not url.startswith("blob:")]
    assert all(urlsplit(url).port == server.port for url in fetched)
    # dist/ vendors exactly the runtime files a boot loads.
    vendored = {p.relative_to(site).as_posix() for p in (site / "vendor").rglob("*")
                if p.is_file()}
    requested = {urlsplit(url).path.lstrip("/") for url in watch.urls()}
    assert vendored <= requested, sorted(vendored - requested)


def test_first_paint_shows_the_shell_before_python(page: Page, server: Server, game) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(server.url, wait_until="domcontentloaded")
    expect(page.locator("h1")).to_contain_text("Fan Tan")
    # A phone shows the title as the standard game will: "Fan Tan", not "Sevens" first (read
    # at once, Python still loading).
    shown = page.evaluate("""() => [...document.querySelectorAll('h1 span')]
        .filter(s => getComputedStyle(s).display !== 'none').map(s => s.textContent)""")
    assert shown == ["Fan Tan"], shown
    expect(page.locator("#loading-progress")).to_be_attached()
    game.wait_ready(page)


# Every stage the loader showed and every value of its bar, in order (recorded from the start).
RECORD_LOADING_JS = """
window.loadingSeen = {stages: [], values: [], written: []};
addEventListener('DOMContentLoaded', () => {
    const stage = document.getElementById('loading-stage');
    const bar = document.getElementById('loading-progress');
    new MutationObserver(records => {
        window.loadingSeen.stages.push(stage.dataset.boot);
        window.loadingSeen.values.push(Number(bar.value));
        for (const r of records) {  // (each text written in the live region, with its place)
            if (r.type === 'childList' && r.addedNodes.length) {
                window.loadingSeen.written.push(
                    [r.target.id || r.target.className, r.target.textContent]);
            }
        }
    }).observe(document.getElementById('loading'),
               {subtree: true, attributes: true, childList: true, characterData: true});
});
"""


def test_the_loader_sits_in_the_middle_and_counts_a_first_download(
    page: Page, server: Server, game
) -> None:
    # (it stood in the top left corner on a tablet or a desktop; its bar stood still at 25%
    # under "Starting Python…" while the runtime downloaded, most of a slow first visit)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.add_init_script(RECORD_LOADING_JS)
    page.goto(server.url, wait_until="domcontentloaded")
    box = page.locator("#loading").bounding_box()
    assert box and abs(box["x"] + box["width"] / 2 - 720) < 2, box
    assert box["y"] > 200, box
    # A first visit says what it downloads; the bar moves with the bytes of the big files.
    assert page.evaluate("document.querySelector('.loading-hint').hidden") is False
    game.wait_ready(page)
    seen = page.evaluate("window.loadingSeen")
    assert "boot.stage.download" in seen["stages"], seen["stages"]
    # Its words go forward, each stage once: not "Starting Python…" before the download it
    # waits for, then again after it.
    order = ["boot.stage.start", "boot.stage.page", "boot.stage.runtime", "boot.stage.download",
             "boot.stage.python", "boot.stage.game", "boot.ready"]
    shown = [key for i, key in enumerate(seen["stages"])
             if key and (i == 0 or key != seen["stages"][i - 1])]
    assert shown == sorted(set(shown), key=order.index), shown
    # The loader is a live region: each of its words is written once, a screen reader reading
    # out whatever is written there, the same words again too ("Downloading the game…" at
    # each chunk of the download, the first visit's note when its language's words came).
    written = seen["written"]
    assert [w for w in written if w[0] != "loading-stage"] == [], written
    stages = [text for where, text in written]
    assert all(a != b for a, b in zip(stages, stages[1:], strict=False)), stages
    inside = {v for v in seen["values"] if 25 < v < 70} - {45}
    assert len(inside) >= 3, seen["values"]
    # A later start comes from the cache: no word of a download.
    game.wait_offline_ready(page)
    page.reload()
    game.wait_ready(page)
    assert page.evaluate("document.querySelector('.loading-hint').hidden") is True


def test_the_club_sign_is_solid_where_its_leaves_meet(page: Page, server: Server) -> None:
    # Its three leaves and stem met round a hole, which showed as two white notches on every
    # large club. Points of that hole (in the sign's 24-unit box), drawn ten times larger,
    # must hit the sign, not the picture's background.
    page.goto(server.url, wait_until="domcontentloaded")
    missed = page.evaluate("""(points) => {
        const ns = 'http://www.w3.org/2000/svg';
        const svg = document.createElementNS(ns, 'svg');
        svg.setAttribute('viewBox', '0 0 24 24');
        svg.setAttribute('width', '240');
        svg.setAttribute('height', '240');
        Object.assign(svg.style, {position: 'fixed', left: '0', top: '0', zIndex: '9999'});
        const use = document.createElementNS(ns, 'use');
        use.setAttribute('href', '#pip-club');
        svg.appendChild(use);
        document.body.appendChild(svg);
        const box = svg.getBoundingClientRect();
        return points.filter(([x, y]) => document.elementFromPoint(
            box.left + x * 10, box.top + y * 10) !== use);
    }""", [[12, 11.3], [10.75, 11.8], [13.25, 11.8], [12, 4], [6, 14], [12, 21]])
    assert missed == []


def test_works_under_a_subpath(page: Page, subpath_server: Server, watch: Watch, game) -> None:
    game.boot(page, subpath_server.url)
    expect(page.locator("#engine-version")).to_have_text(fantan.__version__)
    # The service worker's scope and static routes are the subpath's too: a reload comes from
    # the cache.
    game.wait_offline_ready(page)
    settled(page)
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#engine-version")).to_have_text(fantan.__version__)
    source = page.evaluate("""() => performance.getEntriesByType("navigation")[0]
                                    .workerMatchedSourceType""")
    assert source == "cache"
    paths = [urlsplit(url).path for url in watch.urls() if not url.startswith("blob:")]
    assert paths and all(path.startswith("/fantan/") for path in paths), paths


class UserSiteAtTheRoot(build.SiteHandler):
    """A host whose root is another site with a service worker of its own, of scope "/" (a
    GitHub Pages user site, under which the game is a project site's, at /fantan/)."""

    ROOT = {
        "/": ("text/html", '<!doctype html><title>A user site</title><link rel="icon" '
                           'href="data:,"><script src="/register.js"></script>'),
        "/register.js": ("text/javascript", 'navigator.serviceWorker.register("/sw.js");'),
        "/sw.js": ("text/javascript",
                   'self.addEventListener("install", () => self.skipWaiting());\n'
                   'self.addEventListener("activate", (e) => e.waitUntil(clients.claim()));\n'
                   'self.addEventListener("fetch", (e) => e.respondWith(fetch(e.request)));'),
    }

    def send_head(self) -> Any:
        found = self.ROOT.get(self.path.split("?", 1)[0])
        if found is None:
            return super().send_head()
        kind, text = found
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def test_a_first_visit_under_another_sites_service_worker_plays_on(
    persistent, site: Path, watch: Watch, game
) -> None:
    # The user site's worker controls the game's page on its first visit, until the game's
    # own worker, of a nearer scope, claims it: the page took that for an update and reloaded
    # in the middle of the game, and, as if its files came from its cache, did not say that
    # the first visit downloads them.
    server = Server(site, prefix="/fantan/", base=UserSiteAtTheRoot)
    try:
        context: BrowserContext = persistent()
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(server.origin + "/")
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.goto(server.url + "?new=1&seed=3&speed=instant")
        assert page.evaluate("() => navigator.serviceWorker.controller.scriptURL") \
            == server.origin + "/sw.js"
        game.wait_ready(page)
        expect(page.locator(".loading-hint")).not_to_have_attribute("hidden", "")
        page.evaluate("() => { window.firstLoad = true; }")
        game.wait_offline_ready(page)
        page.wait_for_function("""(own) => navigator.serviceWorker.controller
                                             && navigator.serviceWorker.controller.scriptURL
                                             === own""", arg=server.url + "sw.js")
        page.wait_for_timeout(500)  # (a reload, if one came, would have begun)
        assert page.evaluate("() => window.firstLoad") is True
        expect(page.locator("#app")).to_have_attribute("data-boots", "1")
        # The game's own worker has it from now on: it starts offline.
        settled(page)
        context.set_offline(True)
        page.reload()
        game.wait_ready(page)
        expect(page.locator("#app")).to_have_attribute("data-boots", "2")
        expect(page.locator(".loading-hint")).to_have_attribute("hidden", "")
    finally:
        server.stop()


def settled(page: Page) -> None:
    """Wait until the computer players' worker has started (or given up): a reload while it
    still downloads the runtime cancels that download, which the harness counts as a failure."""
    page.wait_for_selector("html[data-ai]", state="attached", timeout=120_000)


def test_local_storage_survives_a_reload(page: Page, server: Server, game) -> None:
    game.boot(page, server.url)
    expect(page.locator("#app")).to_have_attribute("data-boots", "1")
    settled(page)
    page.reload()
    game.wait_ready(page)
    expect(page.locator("#app")).to_have_attribute("data-boots", "2")


def first_visit(persistent, url: str, game) -> tuple[BrowserContext, Page]:
    """A first visit in a browser profile on disk, once the service worker has precached the
    build and controls the page."""
    context: BrowserContext = persistent()
    page = context.pages[0] if context.pages else context.new_page()
    game.boot(page, url)
    game.wait_offline_ready(page)
    return context, page


# What a first visit may download beyond Pyodide's own files, gzipped as a static host sends them
# (the README's target; e2e/bench_load.py reports the figure).
COLD_BYTES_BUDGET = 300_000


def test_boots_offline_after_one_visit(
    persistent, own_server: Server, own_site: Path, watch: Watch, game
) -> None:
    context, page = first_visit(persistent, own_server.url, game)
    context.close()
    # The service worker cached every file without downloading any a second time (a 304 sends
    # no body): the runtime, and the page, which it stores under both its addresses.
    bodies = Counter(path.split("?")[0] for path, status in own_server.served if status == 200)
    assert bodies["/vendor/pyodide/pyodide.asm.wasm"] == 1, own_server.served
    assert max(bodies.values()) == 1 and "/index.html" not in bodies, own_server.served
    # The page, PyScript and the game (its archive, icons, service worker) within the budget.
    ours = {path: len(gzip.compress((own_site / (path[1:] or "index.html")).read_bytes(), 6))
            for path in bodies if not path.startswith("/vendor/pyodide/")}
    assert "/python.zip.gz" in ours and "/vendor/pyscript/core.js" in ours, ours
    assert sum(ours.values()) <= COLD_BYTES_BUDGET, sorted(ours.items(), key=lambda kv: -kv[1])

    own_server.stop()
    context = persistent()
    context.set_offline(True)
    page = context.pages[0] if context.pages else context.new_page()
    before = len(watch.requests)
    game.boot(page, own_server.url)
    expect(page.locator("#engine-version")).to_have_text(fantan.__version__)
    expect(page.locator("#app")).to_have_attribute("data-boots", "2")
    served = [r for r in watch.requests[before:] if r.url.startswith(own_server.url)]
    assert any(r.url.endswith("pyodide.asm.wasm") for r in served)
    # Chromium serves the files straight from the cache (the worker's static routes), without
    # starting the service worker.
    sources = page.evaluate("""() => [...performance.getEntriesByType("navigation"),
                                      ...performance.getEntriesByType("resource")]
                                     .map((e) => [e.name, e.workerMatchedSourceType])""")
    assert sources and all(source == "cache" for _, source in sources), sources


def test_boots_offline_from_a_server_that_sends_the_archive_unpacked(
    persistent, gzip_server: Server, game
) -> None:
    # A host that sends the game's gzipped archive gzip-encoded: the browser hands over the
    # zip itself, which the service worker takes too (it was refused as another version of
    # the file, and the game never played offline).
    context: BrowserContext = persistent()
    page = context.pages[0] if context.pages else context.new_page()
    game.boot(page, gzip_server.url)
    assert page.evaluate("""() => fetch('./python.zip.gz').then((r) => r.headers.get(
        'content-encoding'))""") == "gzip"
    game.wait_offline_ready(page)
    context.close()
    gzip_server.stop()
    context = persistent()
    context.set_offline(True)
    page = context.pages[0] if context.pages else context.new_page()
    game.boot(page, gzip_server.url)
    expect(page.locator("#engine-version")).to_have_text(fantan.__version__)
    expect(page.locator("#app")).to_have_attribute("data-boots", "2")


def deploy_the_next_build(site: Path) -> None:
    """A new build of the site: one file changes (the style sheet), and so does the service
    worker."""
    style = site / "style.css"
    style.write_text(style.read_text() + "\n/* the next build */\n")
    build.write_service_worker(site)


def load_the_update(page: Page, other: Page, game) -> None:
    """Press Load it on the update's offer in ``page``: both tabs load again, on the new build."""
    with page.expect_event("load", timeout=60_000), other.expect_event("load", timeout=60_000):
        page.click("#update-load")
    for tab in (page, other):
        game.wait_ready(tab)
        assert "the next build" in tab.evaluate(
            "() => fetch('./style.css').then(r => r.text())")


def test_update_is_offered_and_keeps_the_game(
    persistent, own_server: Server, own_site: Path, watch: Watch, game
) -> None:
    context, page = first_visit(persistent, own_server.url, game)
    page.evaluate("() => localStorage.setItem('fantan.test-game', 'in progress')")
    settled(page)
    # A second tab of the game, open through the update.
    other = context.new_page()
    game.boot(other, own_server.url)
    game.wait_ready(other)
    other.click("#open-menu")  # (a dialog open there when the update comes)
    expect(other.locator("#menu")).to_be_visible()

    deploy_the_next_build(own_site)

    before = len(own_server.served)
    # The first tab, a first visit's page that the first install claimed and that was never
    # reloaded, looks for an update (as it does whenever it is shown again); it is offered it,
    # and so is the other tab.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    # (over the title bar, but beside Rules and Menu: a desktop's bar has the room)
    for button in ("#open-rules", "#open-menu"):
        assert page.locator(button).evaluate(REACHED_JS), button
    # (in the other tab, once its menu is closed: under it, the offer could not be pressed)
    expect(other.locator("html")).to_have_attribute("data-update", "held", timeout=60_000)
    expect(other.locator("#update")).to_be_hidden()
    other.keyboard.press("Escape")
    expect(other.locator("#update")).to_be_visible()
    other.click("#update-later")
    expect(other.locator("#update")).to_be_hidden()
    expect(page.locator("#app")).to_have_attribute("data-boots", "1")
    # A page loaded while the update waits is offered it at once; "Later" puts the offer away
    # (it covers the title bar, and on a narrow phone its buttons).
    settled(other)
    other.reload()
    game.wait_ready(other)
    expect(other.locator("#update")).to_be_visible()
    other.click("#update-later")
    expect(other.locator("#update")).to_be_hidden()
    # The new build downloaded what changed; it copied the rest from the last build's cache.
    bodies = {path for path, status in own_server.served[before:] if status == 200}
    assert bodies == {"/sw.js", "/style.css"}, own_server.served[before:]
    # Nothing changes until the player says so.
    assert "the next build" not in page.evaluate("() => fetch('./style.css').then(r => r.text())")
    # Both tabs now run the new build: the other one reloaded when it took over.
    expect(page.locator("#takeover")).to_be_visible()  # (the other, opened last, plays)
    load_the_update(page, other, game)
    for tab in (page, other):
        expect(tab.locator("#update")).to_be_hidden()
    # The game stays with the tab that played it: each load claimed it, and the tab that
    # finished loading last had it, whichever had played it before.
    expect(page.locator("#takeover")).to_be_visible()
    expect(other.locator("#takeover")).to_be_hidden()
    assert page.evaluate("() => localStorage.getItem('fantan.test-game')") == "in progress"
    # Boots: this tab, the other, the other reloaded (3), then both once more (the two counts
    # may be read at once, so each is at least 4).
    assert all(int(tab.get_attribute("#app", "data-boots") or 0) >= 4 for tab in (page, other))


# Holds a page's download of the game (python.zip.gz) for good: the page stays starting. Only on
# the tab's first load: a reload starts as usual.
HOLD_THE_GAME = """
if (!sessionStorage.getItem("held")) {
  sessionStorage.setItem("held", "yes");
  const held = new Promise(() => {});
  const pageFetch = window.fetch;
  window.fetch = async function (...args) {
    if (String(args[0] && (args[0].url || args[0])).includes("python.zip")) {
      window.holding = true;
      await held;
    }
    return pageFetch.apply(this, args);
  };
}
"""


def test_a_tab_still_starting_when_an_update_is_loaded_starts_again_on_it(
    persistent, own_server: Server, own_site: Path, watch: Watch, game
) -> None:
    # A tab still starting when another tab loads an update would go on with the files it had
    # of the last build and the new build's for the rest: it starts again instead, as a tab
    # that had started does.
    context, page = first_visit(persistent, own_server.url, game)
    settled(page)
    other = context.new_page()
    other.add_init_script(HOLD_THE_GAME)
    other.goto(own_server.url)
    other.wait_for_function("() => window.holding === true")
    assert other.get_attribute("html", "data-phase") == "loading"

    deploy_the_next_build(own_site)
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    load_the_update(page, other, game)
    assert other.evaluate("() => window.holding") is None  # (a start of its own)


def test_try_again_leaves_a_broken_version_for_a_fixed_one(
    persistent, own_server: Server, own_site: Path, watch: Watch, game
) -> None:
    # A build that fails as it starts, taken as an update: its page says so. A fixed build
    # deployed since is what Try again starts (a reload alone started the broken one again for
    # as long as a tab of it stayed open: a waiting worker takes over only then).
    watch.allow(r"a broken build|^Python traceback|^console error|^uncaught error")
    context, page = first_visit(persistent, own_server.url, game)
    settled(page)
    main = own_site / "main.py"
    good = main.read_text()
    main.write_text('raise RuntimeError("a broken build")\n')
    build.write_service_worker(own_site)
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    expect(page.locator("#update")).to_be_visible(timeout=60_000)
    with page.expect_event("load", timeout=60_000):
        page.click("#update-load")
    expect(page.locator("html")).to_have_attribute("data-phase", "error", timeout=120_000)
    expect(page.locator("#retry")).to_be_visible()
    # The fix: the same start as before the broken build, a comment apart.
    main.write_text(good + "\n# the fixed build\n")
    build.write_service_worker(own_site)
    with page.expect_event("load", timeout=60_000):
        page.click("#retry")
    game.wait_ready(page)
    assert "the fixed build" in page.evaluate("() => fetch('./main.py').then(r => r.text())")


def test_the_harness_catches_off_origin_requests_and_errors(
    page: Page, server: Server, watch: Watch, game
) -> None:
    game.boot(page, server.url)
    assert watch.problems == []
    page.evaluate("() => console.error('deliberate')")
    try:
        page.goto("http://example.invalid/")
    except Exception:  # the dead proxy refuses it, as it should
        pass
    problems = "\n".join(watch.problems)
    assert "console error: deliberate" in problems
    assert "request off the page's origin: http://example.invalid/" in problems
    watch.problems.clear()


def test_says_so_when_webassembly_is_missing(
    page: Page, server: Server, watch: Watch
) -> None:
    page.add_init_script("delete window.WebAssembly")
    page.goto(server.url)
    expect(page.locator("html")).to_have_attribute("data-phase", "error")
    expect(page.locator("#failure")).to_contain_text("cannot run WebAssembly")
    assert not any(url.endswith((".wasm", ".zip")) for url in watch.urls())


@pytest.mark.parametrize("broken", ["vendor/pyodide/pyodide.asm.wasm",
                                    "vendor/pyodide/python_stdlib.zip", "python.zip.gz"])
def test_says_so_when_loading_fails(page: Page, server: Server, watch: Watch,
                                    broken: str) -> None:
    """Whichever file of the runtime or the game fails to download, the page says so (Pyodide
    alone would sometimes wait for ever after a failed download of its WebAssembly)."""
    # The aborted download, and whatever the runtime then says in the console, are expected;
    # a request off the origin is still a failure.
    watch.allow(r"ERR_FAILED|^console error|^uncaught error|^Python traceback")
    page.route(f"**/{broken}", lambda route: route.abort())
    page.goto(server.url)
    expect(page.locator("html")).to_have_attribute("data-phase", "error", timeout=60_000)
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#failure-text")).to_contain_text("could not be downloaded")
    expect(page.locator("#retry")).to_be_visible()


class CutOffMidway(build.SiteHandler):
    """A server whose connection drops a third of the way through the file ``cut``, the first
    time it sends it (a first visit's download cut off: the line lost, the server gone)."""

    cut = ""
    done = False

    def do_GET(self) -> None:
        if type(self).done or not self.path.split("?", 1)[0].endswith("/" + self.cut):
            return super().do_GET()
        type(self).done = True
        path = self.translate_path(self.path)
        data = Path(path).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data[: len(data) // 3])
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)


@pytest.mark.parametrize("cut", ["vendor/pyodide/pyodide.asm.wasm",
                                 "vendor/pyodide/python_stdlib.zip"])
def test_a_download_cut_off_midway_is_told_and_tried_again(
    page: Page, site: Path, watch: Watch, game, cut: str
) -> None:
    # Pyodide's WebAssembly cut off midway only made it log a warning: the page said
    # "Starting Python…" for ever, without a word of the failure nor a Try again (the
    # standard library's was told as a game that could not be loaded).
    watch.allow(r"ERR_CONTENT_LENGTH_MISMATCH|^console error|^uncaught error|^Python traceback")
    server = Server(site, base=type("CutOff", (CutOffMidway,), {"cut": cut}))
    try:
        page.goto(server.url)
        expect(page.locator("html")).to_have_attribute("data-phase", "error", timeout=60_000)
        expect(page.locator("#failure-text")).to_contain_text("could not be downloaded")
        # Downloaded whole this time, the game starts.
        with page.expect_event("load"):
            page.click("#retry")
        game.wait_ready(page)
        expect(page.locator("#engine-version")).to_have_text(fantan.__version__)
    finally:
        server.stop()


def test_a_start_that_fails_keeps_its_traceback_under_details(
    page: Page, own_server: Server, own_site: Path, watch: Watch
) -> None:
    """A Python error that ends the start is told in words; its traceback, for a bug report,
    waits under Details instead of lying across the foot of the page."""
    watch.allow(r"a broken build|^Python traceback|^console error|^uncaught error")
    (own_site / "main.py").write_text('raise RuntimeError("a broken build")\n')
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(own_server.url)
    expect(page.locator("html")).to_have_attribute("data-phase", "error", timeout=120_000)
    expect(page.locator("#failure-text")).to_contain_text("error while starting")
    details = page.locator("#failure-details")
    expect(details.locator(".py-error")).to_have_count(1)
    expect(details.locator(".py-error")).to_be_hidden()
    assert page.locator(".py-error").count() == 1
    details.locator("summary").click()
    expect(details.locator(".py-error")).to_contain_text("a broken build")
    inside = page.evaluate("""() => {
        const box = document.querySelector("#failure").getBoundingClientRect();
        const error = document.querySelector(".py-error").getBoundingClientRect();
        return error.left >= box.left && error.right <= box.right + 0.5
            && error.top >= box.top && error.bottom <= box.bottom + 0.5
            && box.left >= 0 && box.right <= innerWidth;
    }""")
    assert inside


# Every rule of a style sheet as the browser reads it (a group's condition, then its rules).
CSS_RULES_JS = """(text) => {
    const style = document.createElement('style');
    style.textContent = text;
    document.head.append(style);
    const out = [];
    const walk = (rules) => { for (const rule of rules) {
        if (rule.cssRules) { out.push(rule.cssText.split('{')[0]); walk(rule.cssRules); }
        else out.push(rule.cssText);
    } };
    walk(style.sheet.cssRules);
    style.remove();
    return out;
}"""


def test_the_shipped_style_sheet_reads_as_its_source(page: Page, site: Path) -> None:
    # The build takes the style sheet's comments and the space that says nothing out: the
    # browser reads the same rules, selectors, conditions and values from it as from the
    # source (a space lost between two selectors would join them, say).
    source = (build.WEB / "style.css").read_text(encoding="utf-8")
    shipped = (site / "style.css").read_text(encoding="utf-8")
    assert len(shipped) < 0.8 * len(source)
    page.set_content("<!doctype html><title>rules</title>")
    read = page.evaluate(CSS_RULES_JS, source)
    assert len(read) > 500
    assert page.evaluate(CSS_RULES_JS, shipped) == read
