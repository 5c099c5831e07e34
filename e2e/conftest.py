"""The browser-test harness: a built site, local servers, Debian's Chromium and a watch on
every request and console message.

Any test that uses a browser context fails if the page asks for anything off 127.0.0.1, logs
an error, or shows a Python traceback (see `Watch`). Tests that expect a particular complaint
declare it with `watch.allow(...)`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, BrowserType, ConsoleMessage, Page, Request

import build

# Keeps Chromium quiet on a closed network; the dead proxy makes any request that is not to
# loopback fail loudly instead of leaving the machine (loopback bypasses proxies).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--proxy-server=http://127.0.0.1:9",
]

BOOT_TIMEOUT_MS = 120_000  # a cold boot takes seconds; a busy 2-core CI machine, more


def chromium_executable() -> str | None:
    """$CHROMIUM or the system Chromium; None leaves Playwright to use its own."""
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    args = {**browser_type_launch_args, "args": CHROMIUM_ARGS}
    executable = chromium_executable()
    if executable:
        args["executable_path"] = executable
    return args


# --- the site and its servers ------------------------------------------------------------------


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built once for the whole session, apart from dist/."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    return out


class Server:
    """dist/ served on 127.0.0.1 in a thread, at the root or under a prefix; can be stopped."""

    def __init__(self, directory: Path, prefix: str = "/",
                 base: type[build.SiteHandler] | None = None) -> None:
        self.prefix = prefix
        self.served: list[tuple[str, int]] = []  # (path, HTTP status) of every request
        self.httpd = build.make_server(directory, 0, prefix=prefix, quiet=True, served=self.served,
                                       base=base)
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + prefix
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    def stop(self) -> None:
        if self.thread.is_alive():
            self.httpd.shutdown()
            self.thread.join()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(site: Path) -> Iterator[Server]:
    served = Server(site)
    yield served
    served.stop()


@pytest.fixture(scope="session")
def subpath_server(site: Path) -> Iterator[Server]:
    served = Server(site, prefix="/fantan/")
    yield served
    served.stop()


@pytest.fixture
def own_site(site: Path, tmp_path: Path) -> Path:
    """A private copy of the built site, for a test that changes or stops it."""
    copy = tmp_path / "dist"
    shutil.copytree(site, copy)
    return copy


@pytest.fixture
def own_server(own_site: Path) -> Iterator[Server]:
    """A server of its own for a test that stops it."""
    served = Server(own_site)
    yield served
    served.stop()


class GzipEncoding(build.SiteHandler):
    """A server that sends a gzipped file as gzip-encoded content: the browser hands over the
    content unpacked (as some hosts do)."""

    def end_headers(self) -> None:
        if self.path.split("?", 1)[0].endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


@pytest.fixture
def gzip_server(own_site: Path) -> Iterator[Server]:
    """A server of its own that sends gzipped files gzip-encoded (GzipEncoding)."""
    served = Server(own_site, base=GzipEncoding)
    yield served
    served.stop()


# --- watching what the page does ---------------------------------------------------------------

TRACEBACK = re.compile(r"Traceback \(most recent call last\)|PythonError")


class Watch:
    """Every request and console message of the contexts it is attached to, and the problems."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.console: list[ConsoleMessage] = []
        self.problems: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Tolerate problems matching a regular expression (a test that expects them)."""
        self.allowed.append(re.compile(pattern))

    def attach(self, context: BrowserContext) -> None:
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_failed)
        context.on("console", self._on_console)
        context.on("weberror", lambda error: self._problem(f"uncaught error: {error.error}"))

    def _problem(self, text: str) -> None:
        if not any(pattern.search(text) for pattern in self.allowed):
            self.problems.append(text)

    def _on_request(self, request: Request) -> None:
        self.requests.append(request)
        parts = urlsplit(request.url)
        if parts.scheme in ("blob", "data"):
            return
        if parts.scheme not in ("http", "https") or parts.hostname != "127.0.0.1":
            self._problem(f"request off the page's origin: {request.url}")

    def _on_failed(self, request: Request) -> None:
        # A download the browser cancels because the page navigates or closes (the computer
        # players' worker still fetching the runtime when a test moves on) is not a failure;
        # requests off the origin are caught above, whatever becomes of them.
        if request.failure == "net::ERR_ABORTED":
            return
        self._problem(f"request failed: {request.url} ({request.failure})")

    def _on_console(self, message: ConsoleMessage) -> None:
        self.console.append(message)
        if message.type == "error":
            self._problem(f"console error: {message.text}")
        elif TRACEBACK.search(message.text):
            self._problem(f"Python traceback in the console: {message.text}")

    def urls(self) -> list[str]:
        return [request.url for request in self.requests]


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def context(context: BrowserContext, watch: Watch) -> BrowserContext:
    """pytest-playwright's context, watched."""
    watch.attach(context)
    return context


@pytest.fixture
def persistent(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path: Path,
    watch: Watch,
) -> Iterator[Callable[[], BrowserContext]]:
    """Open a watched browser with a profile on disk (service worker, HTTP cache) that stays
    the same for the whole test, even across restarts of the browser."""
    opened: list[BrowserContext] = []

    def open_profile() -> BrowserContext:
        context = browser_type.launch_persistent_context(
            tmp_path / "profile", **browser_type_launch_args
        )
        watch.attach(context)
        opened.append(context)
        return context

    yield open_profile
    for context in opened:
        context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a browser test when its watch saw a problem, even if its own checks passed."""
    result = yield
    watch = getattr(item, "funcargs", {}).get("watch")
    if isinstance(watch, Watch) and watch.problems:
        raise AssertionError("the page misbehaved:\n  " + "\n  ".join(watch.problems))
    return result


# --- helpers for tests -------------------------------------------------------------------------

PLAYABLE = '#hand [data-zone="hand"]:not([aria-disabled="true"])'
# (while a new hand is dealt, the last hand's cards may still be on the page)
MY_TURN = f"html[data-phase=playing][data-turn='0'] {PLAYABLE}"
MY_TURN_OR_OVER = f"{MY_TURN}, html[data-phase=over]"
# Whether an element is the one a tap at its middle reaches (nothing lies over it there).
REACHED_JS = """(el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
}"""



def wait_ready(page: Page) -> None:
    """Wait until Python has taken over from the loader (or the loader gave up)."""
    page.wait_for_selector(
        "html:not([data-phase=loading])", state="attached", timeout=BOOT_TIMEOUT_MS
    )
    if page.get_attribute("html", "data-phase") == "error":
        raise AssertionError("the page failed to start: " + page.inner_text("#failure"))


def wait_offline_ready(page: Page) -> None:
    """Wait until the service worker has precached the build and controls the page."""
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=BOOT_TIMEOUT_MS)
    # (page.wait_for_function would eval a string inside the page, which the CSP forbids.)
    page.evaluate(
        """() => navigator.serviceWorker.controller || new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", resolve, {once: true}))"""
    )


# Keeps, under window.fantanRecords[name], every state that `read` (a JavaScript function of
# no arguments returning a list) gives, each with the time it came (performance.now(), in ms).
# A MutationObserver writes the record as the page changes, so that a check that something
# never happened reads it afterwards instead of looking at one moment after a fixed wait.
# (page.evaluate runs the text whatever the page's CSP allows.)
RECORD_JS = """(name) => {
    const read = %s;
    const records = window.fantanRecords || (window.fantanRecords = {});
    const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
    const log = records[name] = [[performance.now(), read()]];
    new MutationObserver(() => {
        const now = read();
        if (!same(now, log[log.length - 1][1])) log.push([performance.now(), now]);
    }).observe(document.documentElement, {subtree: true, childList: true, attributes: true,
                                          characterData: true});
}"""


class Helpers:
    """What browser tests do again and again, as methods (so tests need not import conftest)."""

    wait_ready = staticmethod(wait_ready)
    wait_offline_ready = staticmethod(wait_offline_ready)

    @staticmethod
    def boot(page: Page, url: str) -> None:
        """Open the game and wait until Python is ready."""
        page.goto(url)
        wait_ready(page)

    @staticmethod
    def record(page: Page, name: str, selector: str, attribute: str | None = None) -> None:
        """Start keeping every state of ``selector``'s matches (the list of their
        ``attribute``, or of their text) under ``name``, until the page is left."""
        value = ("el.textContent" if attribute is None
                 else f"el.getAttribute({json.dumps(attribute)})")
        Helpers.record_js(page, name, f"() => [...document.querySelectorAll("
                                      f"{json.dumps(selector)})].map((el) => {value})")

    @staticmethod
    def record_js(page: Page, name: str, read: str) -> None:
        """Start keeping every state ``read`` gives (the text of a JavaScript function of no
        arguments that returns a list) under ``name``, until the page is left."""
        page.evaluate(RECORD_JS % read, name)

    @staticmethod
    def recorded(page: Page, name: str) -> list[list[str | None]]:
        """Every state kept under ``name`` so far, the first as it was when the record began.
        (The observer has written all that happened before this call: its callbacks run at
        the end of the task that changed the page, before the task that reads.)"""
        return [state for _, state in Helpers.recorded_times(page, name)]

    @staticmethod
    def recorded_times(page: Page, name: str) -> list[tuple[float, list[str | None]]]:
        """As `recorded`, each state with the page's time it came at (in ms)."""
        kept = page.evaluate("(name) => window.fantanRecords[name]", name)
        return [(at, state) for at, state in kept]

    @staticmethod
    def record_spoken(page: Page) -> None:
        """Start keeping every line added to the live region (#announce), in order: the region
        keeps only its last few, and a line said twice is two lines here."""
        page.evaluate("""() => { window.fantanSpoken = [];
            new MutationObserver((changes) => { for (const change of changes)
                for (const node of change.addedNodes)
                    window.fantanSpoken.push(node.textContent); })
              .observe(document.getElementById('announce'), {childList: true}); }""")

    @staticmethod
    def spoken(page: Page) -> list[str]:
        """Every line added to the live region since `record_spoken`."""
        return list(page.evaluate("window.fantanSpoken"))

    @staticmethod
    def page_now(page: Page) -> float:
        """The page's clock (performance.now(), in ms), to set against `recorded_times`."""
        return float(page.evaluate("performance.now()"))


@pytest.fixture
def game() -> type[Helpers]:
    return Helpers


# --- accessibility audits ----------------------------------------------------------------------

AXE = build.ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core from npm (a devDependency: for the tests only, never copied into dist/)."""
    if not AXE.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("axe-core is missing and npm is not there to install it")
        build.run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=build.ROOT)
    return AXE


@pytest.fixture
def audit_context(browser: Any, watch: Watch) -> Iterator[BrowserContext]:
    """A watched context that lets the audit inject axe-core past the page's CSP. Only the
    audit uses it; every other test runs under the CSP as it ships."""
    context = browser.new_context(bypass_csp=True)
    watch.attach(context)
    yield context
    context.close()
