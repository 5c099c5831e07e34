#!/usr/bin/env python3
"""Build, serve and test the Fan Tan web game. Standard library only.

    python3 build.py                    build dist/
    python3 build.py serve [--port N]   build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py test [PYTEST ARGS] set up .venv and Chromium, build, lint, type-check, test

dist/ is a static site: every URL in it is relative, so it works at a site's root and under a
subpath (a GitHub Pages project site). The browser runtime (Pyodide and PyScript) comes from the
npm registry at the versions pinned in package.json / package-lock.json and is copied into
dist/vendor/, so the page never asks another origin for anything (Pyodide's standard library
with bytecode for the modules a start imports: see STDLIB_ARCHIVE).
"""

from __future__ import annotations

import argparse
import ast
import base64
import functools
import gzip
import hashlib
import http.server
import io
import json
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "fantan"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"

# The files of the npm `pyodide` package that a boot fetches (no source maps, no node-only
# files): the loader, the emscripten glue, the interpreter, the standard library, the lock file.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Pyodide ships its standard library as sources only, so each start compiled again the 130 or so
# modules that Pyodide, PyScript and the game import while starting: two thirds of the start.
# build.py ships that archive with their bytecode in place of their sources (with_bytecode); a
# traceback through them shows line numbers without the lines.
STDLIB_ARCHIVE = "vendor/pyodide/python_stdlib.zip"
# The PyScript files a boot loads: the core and the plugins it imports at every start (the
# py-editor, py-terminal and py-game plugins too, even unused). The other chunks (editors,
# terminals, TOML and zip support, MicroPython, package installs) would only be fetched by
# features this page does not use. A browser test checks that a boot requests exactly these.
PYSCRIPT_BOOT_FILES = (
    "core.js",
    "core.css",
    "core-",
    "deprecations-manager-",
    "donkey-",
    "error-",
    "py-editor-",
    "py-game-",
    "py-terminal-",
)

# The page's own entry point; every other Python file of web/ goes into the archive below.
MAIN_PY = "main.py"
WORKER_PY = "ai_worker.py"  # the computer players' worker: loaded by its own script tag
CONFIG_NAME = "pyscript.json"  # the page's PyScript config, which build.py puts in the page
# The engine, the DOM layer's modules and the catalogues travel in one archive that PyScript
# writes into the in-browser filesystem and Python imports from (zipimport): one request
# instead of two dozen, and it carries the modules' bytecode compiled ahead by the same Python as
# the browser's, so the first import does not compile them again. The zip's members are stored
# and the whole archive is gzipped: compressed as one stream rather than member by member, it
# is about a tenth smaller (the modules share their names, the catalogues their message ids).
# The entry points unpack it once (a few milliseconds) and import from the zip.
BUNDLE_NAME = "python.zip.gz"
ARCHIVE_NAME = "python.zip"  # the unpacked archive in the in-browser filesystem
# The terminal game, the arena and the benchmark are never imported in the browser: they stay
# out of the archive, and their imports do not count for the standard library's bytecode.
DESKTOP_ONLY = ("fantan/__main__.py", "fantan/arena.py", "fantan/bench.py")
WORKER_CONFIG_NAME = "pyscript-ai.json"
SW_NAME = "sw.js"
MANIFEST_NAME = "manifest.webmanifest"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".py": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}

THEME = "#1d5c3a"
BACKGROUND = "#134229"


# ---------------------------------------------------------------------------------------------
# The runtime from npm


def pinned_versions(root: Path = ROOT, section: str = "dependencies") -> dict[str, str]:
    """The exact versions package.json asks for: of the runtime, or with ``section``
    "devDependencies" of the npm tools (the build's compressor and the accessibility tests'
    checker, not shipped)."""
    data = json.loads((root / "package.json").read_text(encoding="utf-8"))
    versions: dict[str, str] = data[section]
    return dict(versions)


def tool_versions(root: Path = ROOT) -> dict[str, str]:
    """The exact versions of the npm tools package.json asks for (pinned_versions)."""
    return pinned_versions(root, "devDependencies")


def installed_version(node_modules: Path, package: str) -> str | None:
    """The version of an npm package in node_modules, or None when it is not there."""
    try:
        data = json.loads((node_modules / package / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = data.get("version")
    return version if isinstance(version, str) else None


def ensure_runtime(root: Path = ROOT) -> Path:
    """Install the pinned runtime (and tools) with `npm ci` unless node_modules holds them."""
    node_modules = root / "node_modules"
    wanted = {**pinned_versions(root), **tool_versions(root)}
    if all(installed_version(node_modules, name) == v for name, v in wanted.items()):
        return node_modules
    npm = shutil.which("npm")
    if npm is None and can_apt_install():
        apt_install("npm")
        npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("build.py: npm is needed to install the browser runtime (Node.js >= 20)")
    say("installing the browser runtime from the npm registry (npm ci)")
    try:
        run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=root)
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"build.py: npm ci failed (exit status {error.returncode}), as it says"
                         " above: the browser runtime is not installed") from None
    for name, version in wanted.items():
        if installed_version(node_modules, name) != version:
            raise SystemExit(f"build.py: npm did not install {name} {version}")
    return node_modules


def runtime_files(node_modules: Path) -> dict[str, Path]:
    """Map dist-relative paths of the vendored runtime to their files in node_modules."""
    files: dict[str, Path] = {}
    for name in PYODIDE_FILES:
        files[f"vendor/pyodide/{name}"] = node_modules / "pyodide" / name
    core = node_modules / "@pyscript" / "core" / "dist"
    for path in sorted(core.iterdir()):
        if (
            path.is_file()
            and path.suffix in (".js", ".css")
            and path.name.startswith(PYSCRIPT_BOOT_FILES)
        ):
            files[f"vendor/pyscript/{path.name}"] = path
    missing = [str(p) for p in files.values() if not p.is_file()]
    if missing:
        raise SystemExit("build.py: the runtime is incomplete, missing " + ", ".join(missing))
    return files


def pyscript_python(node_modules: Path) -> list[Path]:
    """The sources of PyScript's Python package, which PyScript writes out and imports at every
    start (none if the npm package no longer carries them)."""
    package = node_modules / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
    return sorted(package.glob("*.py"))


# ---------------------------------------------------------------------------------------------
# Pure parts: the PyScript config, the precache manifest, the service worker, the web manifest


def package_files(package: Path) -> list[str]:
    """Every file of a Python package (sources and data), relative to its parent, sorted."""
    found = []
    for path in package.rglob("*"):
        relative = path.relative_to(package.parent)
        if (
            path.is_file()
            and "__pycache__" not in relative.parts
            and path.suffix not in (".pyc", ".pyo")
            and not any(part.startswith(".") for part in relative.parts)
        ):
            found.append(relative.as_posix())
    return sorted(found)


def pyscript_config(bundle: str = BUNDLE_NAME) -> dict[str, Any]:
    """The PyScript config: the local interpreter, and the archive of our Python files, written
    as it is into the working directory. The entry points gunzip it to python.zip, put that on
    sys.path and import from it (zipimport), no member extracted."""
    return {
        "interpreter": "./vendor/pyodide/pyodide.mjs",
        "files": {f"./{bundle}": f"./{bundle}"},
    }


# Run by Node with the vendored Pyodide: reads {"sources": {name: source}, "imports": [module]}
# as JSON on stdin and writes {"files": {bytecode path: base64 bytes}, "stdlib": {...}}.
# The bytecode is "unchecked hash" .pyc (PEP 552): the importer uses it without comparing it with
# the source. Each module's .pyc sits beside its .py (not in __pycache__), where zipimport looks
# for it. It leaves out what the page never reads, to keep the download small: docstrings (as
# `python -OO` would; asserts stay) and column ranges (as `-X no_debug_ranges` would). Line
# numbers stay those of the sources, which build() then leaves out of the archive.
# "stdlib" is the bytecode of every module of the standard library's archive that a start
# imports: Pyodide's own start, then `imports` (what PyScript's package and ours import when they
# load; names that are not in the standard library are skipped). Taken before the script
# imports anything itself, so that only those modules are counted.
PYC_COMPILER = """
import { loadPyodide } from %(loader)s;
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const pyodide = await loadPyodide({
  stdout: () => {}, stderr: (text) => console.error(text),
  env: { PYTHONNODEBUGRANGES: "1" },  // line numbers only, no column ranges
});
pyodide.globals.set("SOURCES", JSON.stringify(input.sources));
pyodide.globals.set("IMPORTS", input.imports);
process.stdout.write(pyodide.runPython(`
import sys

for name in IMPORTS.to_py():
    try:
        __import__(name)
    except Exception:
        pass  # not a module of the standard library
STDLIB = next(path for path in sys.path if path.endswith(".zip"))
started = [m for m in list(sys.modules.values())  # not the frozen ones, nor built-ins
           if type(getattr(m, "__loader__", None)).__name__ == "zipimporter"
           and str(getattr(m, "__file__", None)).startswith(STDLIB + "/")
           and m.__file__.endswith(".py")]

import ast, base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

def bytecode(name, source):
    code = compile(without_docstrings(ast.parse(source, name)), name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    return base64.b64encode(pyc).decode()

out = {name[:-len(".py")] + ".pyc": bytecode(name, text.encode("utf-8"))
       for name, text in json.loads(SOURCES).items()}
stdlib = {}
for module in started:
    inner = module.__file__[len(STDLIB) + 1:]
    stdlib[inner[:-len(".py")] + ".pyc"] = bytecode(
        module.__file__, module.__loader__.get_data(module.__file__))
assert next(compile("x = 1", "x", "exec").co_positions())[2] is None  # no column ranges
json.dumps({"files": out, "stdlib": stdlib})
`));
"""


class Compiled(NamedTuple):
    """Bytecode compiled ahead for the browser's Python: {.pyc path: bytes} for our archive,
    and for the standard library's."""

    ours: dict[str, bytes]
    stdlib: dict[str, bytes]


def compile_for_browser(sources: dict[str, str], node_modules: Path,
                        imports: Iterable[str] = ()) -> Compiled:
    """Bytecode for the browser's Python (the vendored Pyodide, run by Node): for `sources`, and
    for the standard library's modules that a start imports (Pyodide's own start and
    `imports`). Empty, with a warning, when Node cannot run it: the browser then compiles the
    sources."""
    nothing = Compiled({}, {})
    loader = (node_modules / "pyodide" / "pyodide.mjs").resolve().as_uri()
    node = shutil.which("node")
    if node is None:
        say("warning: Node is missing, so the Python files ship without bytecode")
        return nothing
    request = {"sources": sources, "imports": sorted(set(imports))}
    try:
        done = subprocess.run(
            [node, "--input-type=module", "-e", PYC_COMPILER % {"loader": json.dumps(loader)}],
            input=json.dumps(request).encode(), capture_output=True, check=True, timeout=300)
        answer = json.loads(done.stdout)
    except (subprocess.SubprocessError, ValueError) as error:
        detail = (getattr(error, "stderr", b"") or b"").decode(errors="replace").strip()
        last = detail.splitlines()[-1][:300] if detail else type(error).__name__
        say(f"warning: the Python files ship without bytecode (compiling failed: {last})")
        return nothing
    return Compiled(*({name: base64.b64decode(data) for name, data in answer[part].items()}
                      for part in ("files", "stdlib")))


def module_imports(source: str, filename: str = "<unknown>") -> set[str]:
    """The absolute imports a module makes when it loads (at module and class level; those
    inside functions happen later, if ever); a SyntaxError names ``filename``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                found.add(child.module)
            visit(child)

    visit(ast.parse(source, filename))
    return found


def pyc_name(name: str) -> str:
    """Where a module's bytecode sits in an archive: beside its source, as zipimport wants."""
    return name.removesuffix(".py") + ".pyc"


def with_bytecode(archive: bytes, compiled: dict[str, bytes]) -> bytes:
    """The standard library's archive with the source of each module in `compiled` replaced by
    its bytecode (zipimport prefers a .pyc to a .py, and needs no source for an unchecked one);
    every other member as it was, in the same order."""
    members: list[tuple[str, bytes, ZipDate, int]] = []
    with zipfile.ZipFile(io.BytesIO(archive)) as old:
        for info in old.infolist():
            name, data = info.filename, old.read(info)
            if name.endswith(".py") and pyc_name(name) in compiled:
                name = pyc_name(name)
                data = compiled[name]
            members.append((name, data, info.date_time, info.external_attr))
    return zip_archive(members, zipfile.ZIP_DEFLATED)


# Gzips stdin to stdout with Zopfli (the npm package @gfx/zopfli, run by Node): a deflate
# stream any inflater reads, about 4% smaller than zlib's best, found by a slower search.
ZOPFLI = """
import { gzipAsync } from %(module)s;
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(await gzipAsync(Buffer.concat(chunks), { numiterations: 5 }));
"""


def bundle_bytes(files: dict[str, bytes], node_modules: Path | None = None) -> bytes:
    """The game's archive as it ships: a reproducible zip of the files, sorted, with fixed
    dates and stored members, gzipped as a whole (no name or date in the gzip header): with
    Zopfli where ``node_modules`` has it (8 KB less to download on a first visit), else at
    zlib's highest level."""
    members = ((name, files[name], (1980, 1, 1, 0, 0, 0), 0o644 << 16) for name in sorted(files))
    archive = zip_archive(members, zipfile.ZIP_STORED)
    zopfli = None if node_modules is None else node_modules / "@gfx" / "zopfli" / "dist"
    node = shutil.which("node")
    if zopfli is not None and (zopfli / "index.js").is_file() and node is not None:
        module = json.dumps((zopfli / "index.js").resolve().as_uri())
        try:
            done = subprocess.run([node, "--input-type=module", "-e", ZOPFLI % {"module": module}],
                                  input=archive, capture_output=True, check=True, timeout=300)
            if gzip.decompress(done.stdout) == archive:
                return done.stdout
        except (subprocess.SubprocessError, OSError, EOFError, gzip.BadGzipFile):
            pass
        say("warning: Zopfli failed: the game's archive is gzipped by zlib instead")
    return gzip.compress(archive, 9, mtime=0)


ZipDate = tuple[int, int, int, int, int, int]


def zip_archive(members: Iterable[tuple[str, bytes, ZipDate, int]], compression: int) -> bytes:
    """A zip archive of (name, data, date and time, external attributes) members, in that
    order, each stored or deflated at the highest level."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression, compresslevel=9) as archive:
        for name, data, date_time, attributes in members:
            info = zipfile.ZipInfo(name, date_time=date_time)
            info.compress_type = compression
            info.external_attr = attributes
            archive.writestr(info, data)
    return buffer.getvalue()


PRELOAD_MARK = "<!-- preload -->"


def with_preloads(page: str, vendored: Iterable[str]) -> str:
    """Put modulepreload links for the runtime's JavaScript modules at the page's mark: the
    browser then fetches PyScript's chunks and Pyodide's loader together, at once."""
    links = [
        f'<link rel="modulepreload" href="./{path}">'
        for path in sorted(vendored)
        if path.endswith((".js", ".mjs")) and not path.endswith("pyodide.asm.mjs")
    ]
    if PRELOAD_MARK not in page:
        raise ValueError(f"the page has no {PRELOAD_MARK} mark")
    return page.replace(PRELOAD_MARK, "\n".join(links))


def with_inline_config(page: str, config: dict[str, Any]) -> str:
    """The page with its script tag's config="./pyscript.json" replaced by the config itself."""
    reference = f'config="./{CONFIG_NAME}"'
    if page.count(reference) != 1:
        raise ValueError(f"the page should name {CONFIG_NAME} once")
    inline = json.dumps(config, separators=(",", ":"), sort_keys=True)
    if "'" in inline or "&" in inline:
        raise ValueError("the config cannot go into a single-quoted attribute as it is")
    return page.replace(reference, f"config='{inline}'")


def content_hash(data: bytes) -> str:
    """The short content hash a precache entry carries (the SHA-256's first 16 hex digits)."""
    return hashlib.sha256(data).hexdigest()[:16]


def precache_manifest(site: Path,
                      exclude: Sequence[str] = (SW_NAME,)) -> list[tuple[str, ...]]:
    """Every file of the site with its content hash, plus "./" for the index, sorted by URL. A
    gzipped file also carries the hash of its content unpacked: a server may send it as
    gzip-encoded, and the browser hands over what it unpacked."""
    entries: list[tuple[str, ...]] = []
    for path in sorted(site.rglob("*")):
        url = path.relative_to(site).as_posix()
        if path.is_file() and url not in exclude:
            data = path.read_bytes()
            entries.append((url, content_hash(data)) + (
                (content_hash(gzip.decompress(data)),) if url.endswith(".gz") else ()))
    index = next((entry for entry in entries if entry[0] == "index.html"), None)
    if index is not None:
        entries.append(("./", *index[1:]))
    return sorted(entries)


def build_id(manifest: Iterable[tuple[str, ...]]) -> str:
    """One hash for a whole build: it changes whenever any file of the site changes."""
    digest = hashlib.sha256()
    for url, file_hash, *_ in manifest:  # (a hash unpacked follows from the file's)
        digest.update(f"{url}\0{file_hash}\n".encode())
    return digest.hexdigest()[:16]


SERVICE_WORKER = """\
// Generated by build.py for build __BUILD__: do not edit.
// Precaches every file of this build, serves them cache-first so the game starts offline, and
// deletes the caches of earlier builds once this one is active.
const BUILD = "__BUILD__";
const PRECACHE = __PRECACHE__;

const SCOPE = self.registration.scope;
const FAMILY = `fantan ${SCOPE} `;
const CACHE = FAMILY + BUILD;
// Each file is cached under its own address, so that the browser can serve it from the cache
// without starting this worker (the route below). Each cache also notes its files' hashes, so
// that the next build copies the files that did not change instead of downloading them.
const keyOf = (path) => new URL(path, SCOPE).href;
const HASHES = keyOf("sw.js?hashes");

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// "no-cache" revalidates with the server: a file the page has just downloaded comes back as a
// 304 from the HTTP cache instead of being downloaded a second time. A stale copy (its hash
// differs) is fetched again past every cache. A gzipped file sent gzip-encoded arrives
// unpacked: it has the hash of its content unpacked.
async function download(path, hashes) {
  const url = new URL(path, SCOPE);
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const found = await sha256(response.clone());
    if (hashes.some((hash) => found.startsWith(hash))) return response;
  }
  throw new Error(`${path}: the server has another version of this file`);
}

async function precache() {
  const cache = await caches.open(CACHE);
  const older = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(FAMILY) || name === CACHE) continue;
    const old = await caches.open(name);
    const noted = await old.match(HASHES);
    if (noted) older.push([old, new Map(await noted.json())]);
  }
  // "index.html" is the page the browser has just loaded as "./": one download for both.
  const downloads = new Map();
  await Promise.all(PRECACHE.map(async ([path, hash, ...unpacked]) => {
    const key = keyOf(path);
    if (await cache.match(key)) return;  // cached by an install of this build cut short
    for (const [old, hashes] of older) {  // unchanged since an earlier build: copy it
      const kept = hashes.get(path) === hash && await old.match(key);
      if (kept) return cache.put(key, kept);
    }
    const source = path === "index.html" ? "./" : path;
    if (!downloads.has(source)) downloads.set(source, download(source, [hash, ...unpacked]));
    await cache.put(key, (await downloads.get(source)).clone());
  }));
  await cache.put(HASHES, new Response(JSON.stringify(PRECACHE)));  // last: now complete
}

// Where the browser supports static routes (Chromium), it serves this build's files straight
// from its cache, without starting this worker: a returning visit starts sooner. Addresses with
// a query (the page's test parameters) still come to the fetch handler below.
function addRoutes(event) {
  const path = new URL(SCOPE).pathname.replace(/[\\\\:*?+(){}]/g, "\\\\$&");
  return event.addRoutes({
    condition: { urlPattern: new URLPattern({ pathname: `${path}*`, search: "" }),
                 requestMethod: "GET" },
    source: { cacheName: CACHE },
  }).catch((error) => console.warn("No static routes:", error));
}

self.addEventListener("install", (event) => {
  if (event.addRoutes) event.waitUntil(addRoutes(event));
  event.waitUntil(precache().then(() => {
    // The first install takes over at once; an update waits until the player loads it.
    if (!self.registration.active) return self.skipWaiting();
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(FAMILY) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate-update") self.skipWaiting();
});

let opened;  // this build's cache, opened once per start of the worker
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await (opened ??= caches.open(CACHE));
    // The exact URL first (a quick look-up); a page address with test parameters next.
    const hit = await cache.match(request, { ignoreVary: true }) ||
      await cache.match(request, { ignoreSearch: true, ignoreVary: true });
    return hit || fetch(request);
  })());
});
"""


def service_worker(manifest: Sequence[tuple[str, ...]], build: str) -> str:
    """The service worker's source for a build: the template with its precache list."""
    precache = json.dumps([list(entry) for entry in manifest], separators=(",", ":"))
    return SERVICE_WORKER.replace("__BUILD__", build).replace("__PRECACHE__", precache)


def web_manifest() -> dict[str, Any]:
    """The web app manifest: what makes the game installable; every URL relative to it."""
    return {
        "id": "./",
        "name": "Fan Tan · Sevens",
        "short_name": "Fan Tan",
        "description": "Fan Tan (Sevens), the card game: play against the computer, offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "categories": ["games"],
        "icons": [
            {"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }


# ---------------------------------------------------------------------------------------------
# The icon: a red diamond card fanned over a second card on the green felt. The SVG and the PNGs
# are drawn from the same shapes (coordinates on a 0..1 square).

FELT_RADIUS = 0.18
CARDS = (  # centre x, centre y, half width, half height, corner radius, turn (degrees)
    (0.40, 0.52, 0.19, 0.27, 0.04, -14.0),
    (0.58, 0.50, 0.19, 0.27, 0.04, 10.0),
)
DIAMOND = (0.58, 0.50, 0.105, 0.155)  # centre x, centre y, half width, half height (front card)
CARD_FILL = (0xFB, 0xFA, 0xF6)
CARD_EDGE = (0xC9, 0xC4, 0xB5)
BACK_FILL = (0xC6, 0x28, 0x28)
RED = (0xC6, 0x28, 0x28)
FELT = (0x1D, 0x5C, 0x3A)


def icon_svg() -> str:
    """The icon as SVG."""
    back, front = CARDS
    dx, dy, hw, hh = DIAMOND

    def card(c: tuple[float, ...], fill: str) -> str:
        x, y, w, h, r, turn = c
        return (
            f'<rect x="{x - w:.3f}" y="{y - h:.3f}" width="{2 * w:.3f}" height="{2 * h:.3f}" '
            f'rx="{r}" fill="{fill}" stroke="#c9c4b5" stroke-width="0.008" '
            f'transform="rotate({turn} {x} {y})"/>'
        )

    points = f"{dx},{dy - hh} {dx + hw},{dy} {dx},{dy + hh} {dx - hw},{dy}"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" width="512" height="512">'
        f'<rect width="1" height="1" rx="{FELT_RADIUS}" fill="{THEME}"/>'
        + card(back, "#c62828")
        + f'<g transform="rotate({front[5]} {front[0]} {front[1]})">'
        + card(front[:5] + (0.0,), "#fbfaf6")
        + f'<polygon points="{points}" fill="#c62828"/></g></svg>\n'
    )


def _box_distance(px: float, py: float, hw: float, hh: float, r: float) -> float:
    """Signed distance from a point to a rounded box centred on the origin."""
    qx, qy = abs(px) - hw + r, abs(py) - hh + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _blend(under: tuple[float, ...], color: tuple[int, ...], alpha: float) -> tuple[float, ...]:
    """Paint a colour with some coverage over an RGBA pixel (premultiplied-free, 0..255)."""
    if alpha <= 0.0:
        return under
    r, g, b, a = under
    out_a = alpha * 255 + a * (1 - alpha)
    if out_a == 0:
        return under
    keep = a * (1 - alpha)
    mix = [(c * alpha * 255 + u * keep) / out_a for c, u in zip(color, (r, g, b), strict=True)]
    return (mix[0], mix[1], mix[2], out_a)


# An edge pixel's coverage is rounded to this many steps: the icons then have about 160 colours,
# which a palette image holds in a third of the bytes of RGBA, and 32 steps look as smooth.
ICON_COVER_STEPS = 32


def _cover(amount: float) -> float:
    """A pixel's coverage, clamped to 0..1 and rounded to ICON_COVER_STEPS."""
    return round(min(max(amount, 0.0), 1.0) * ICON_COVER_STEPS) / ICON_COVER_STEPS


def icon_pixels(size: int) -> list[bytes]:
    """The icon's RGBA rows at a size, anti-aliased by signed distances (the coverage of an
    edge pixel in steps of 1/ICON_COVER_STEPS: few enough colours for a palette image)."""
    rows = []
    px_size = 1.0 / size
    turns = [(math.cos(math.radians(-c[5])), math.sin(math.radians(-c[5]))) for c in CARDS]
    for j in range(size):
        y = (j + 0.5) * px_size
        row = bytearray()
        for i in range(size):
            x = (i + 0.5) * px_size
            pixel: tuple[float, ...] = (0.0, 0.0, 0.0, 0.0)
            d = _box_distance(x - 0.5, y - 0.5, 0.5, 0.5, FELT_RADIUS) / px_size
            pixel = _blend(pixel, FELT, _cover(0.5 - d))
            for (cx, cy, hw, hh, r, _), (cos, sin), fill in zip(
                CARDS, turns, (BACK_FILL, CARD_FILL), strict=True
            ):
                lx = (x - cx) * cos - (y - cy) * sin
                ly = (x - cx) * sin + (y - cy) * cos
                if abs(lx) > hw + px_size * 2 or abs(ly) > hh + px_size * 2:
                    continue
                d = _box_distance(lx, ly, hw, hh, r) / px_size
                pixel = _blend(pixel, CARD_EDGE, _cover(0.5 - d))
                pixel = _blend(pixel, fill, _cover(0.5 - (d + 0.008 * size / 2)))
                if fill is CARD_FILL:
                    dx, dy, dw, dh = DIAMOND
                    lx, ly = lx - (dx - cx), ly - (dy - cy)
                    dist = (abs(lx) / dw + abs(ly) / dh - 1) * (dw * dh / math.hypot(dw, dh))
                    pixel = _blend(pixel, RED, _cover(0.5 - dist / px_size))
            row.extend(round(min(max(c, 0.0), 255.0)) for c in pixel)
        rows.append(bytes(row))
    return rows


def png(rows: Sequence[bytes], width: int) -> bytes:
    """Encode RGBA rows as a PNG file: an indexed one (a palette, with its transparency) where
    the image has no more than 256 colours, else RGBA."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    pixels = {row[i:i + 4] for row in rows for i in range(0, len(row), 4)}
    chunks = []
    if len(pixels) <= 256:
        # The translucent colours first, so that the transparency chunk stops where they do.
        palette = sorted(pixels, key=lambda rgba: (rgba[3] == 255, rgba))
        index = {rgba: bytes([i]) for i, rgba in enumerate(palette)}
        header = struct.pack(">IIBBBBB", width, len(rows), 8, 3, 0, 0, 0)
        raw = b"".join(b"\0" + b"".join(index[row[i:i + 4]] for i in range(0, len(row), 4))
                       for row in rows)
        chunks.append(chunk(b"PLTE", b"".join(rgba[:3] for rgba in palette)))
        alphas = bytes(rgba[3] for rgba in palette if rgba[3] < 255)
        if alphas:
            chunks.append(chunk(b"tRNS", alphas))
    else:
        header = struct.pack(">IIBBBBB", width, len(rows), 8, 6, 0, 0, 0)
        raw = b"".join(b"\0" + row for row in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + b"".join(chunks)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


@functools.cache
def icon_png(size: int) -> bytes:
    """The icon as a PNG of a size."""
    return png(icon_pixels(size), size)


# ---------------------------------------------------------------------------------------------
# Message catalogues: GNU gettext .po files compiled to JSON, which web/i18n.py reads


class PoError(ValueError):
    """A .po file this compiler cannot read; the message names the line."""


def _po_string(token: str, line_no: int) -> str:
    """The text of one quoted .po string, its C escapes resolved."""
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise PoError(f"line {line_no}: expected a quoted string, got {token!r}")
    escapes = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a",
               "b": "\b", "f": "\f", "v": "\v"}
    out, body, i = [], token[1:-1], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in escapes:
                raise PoError(f"line {line_no}: unknown escape in {token!r}")
            out.append(escapes[body[i + 1]])
            i += 2
        elif ch == '"':
            raise PoError(f"line {line_no}: unescaped quote in {token!r}")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def parse_po(text: str) -> dict[str, str | list[str]]:
    """The translated entries of a .po file: msgid (with "\\x04"-joined msgctxt) -> msgstr, or
    -> the list of plural forms. Fuzzy and untranslated entries are left out, as msgfmt does;
    the header (msgid "") is kept."""
    entries: dict[str, str | list[str]] = {}
    current: dict[str, Any] = {}
    field: tuple[str, int | None] | None = None
    fuzzy = False

    def complete() -> bool:
        return "msgstr" in current or "forms" in current

    def finish() -> None:
        nonlocal current, fuzzy, field
        if "msgid" in current:
            key = current["msgid"]
            if "msgctxt" in current:
                key = current["msgctxt"] + "\x04" + key
            if "plural" in current:
                forms = [current["forms"][n] for n in sorted(current["forms"])]
                if forms and all(forms) and not fuzzy:
                    entries[key + "\0" + current["plural"]] = forms
            else:
                value = current.get("msgstr", "")
                if value and (not fuzzy or key == ""):
                    entries[key] = value
        elif current:
            raise PoError("an entry without msgid")
        current, fuzzy, field = {}, False, None

    for line_no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            finish()
            continue
        if line.startswith("#"):
            if complete():
                finish()
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if field is None:
                raise PoError(f"line {line_no}: a string continues nothing")
            name, index = field
            if index is None:
                current[name] += _po_string(line, line_no)
            else:
                current["forms"][index] += _po_string(line, line_no)
            continue
        if keyword in ("msgctxt", "msgid") and complete():
            finish()
        value = _po_string(rest.strip(), line_no)
        if keyword in ("msgctxt", "msgid", "msgstr"):
            current[keyword] = value
            field = (keyword, None)
        elif keyword == "msgid_plural":
            current["plural"] = value
            field = ("plural", None)
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            try:
                index = int(keyword[7:-1])
            except ValueError:
                raise PoError(f"line {line_no}: bad plural index in {keyword!r}") from None
            current.setdefault("forms", {})[index] = value
            field = ("forms", index)
        else:
            raise PoError(f"line {line_no}: unknown keyword {keyword!r}")
    finish()
    return entries


def catalogue_bytes(entries: dict[str, str | list[str]]) -> bytes:
    """The page's compiled catalogue of parsed .po entries: one JSON object, msgid (its plural
    joined on, as in a .mo file) -> text or plural forms, the header under "". (Smaller than a
    GNU .mo once gzipped, whose tables of offsets hardly compress, and quicker to read.)"""
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"),
                      sort_keys=True).encode("utf-8")


def compile_po(text: str) -> bytes:
    """A .po file's text compiled to the page's catalogue bytes (catalogue_bytes)."""
    return catalogue_bytes(parse_po(text))


CATALOGUE_SUFFIX = ".json"
"""A compiled catalogue's name in the archive: its .po file's, with this suffix."""


def catalogues(web: Path) -> list[str]:
    """The .po files under web/locale/, relative to web/ (one per language and domain)."""
    return sorted(p.relative_to(web).as_posix() for p in (web / "locale").glob("*/*/*.po"))


BOOT_TEXTS = "locale/boot.json"
BOOT_PREFIXES = ("boot.", "app.")


def boot_texts(web: Path) -> dict[str, dict[str, str]]:
    """The texts the loader shows before Python starts, per language, from the catalogues
    (keys starting "boot." or "app."); a language without one of them gets the English."""
    found: dict[str, dict[str, str]] = {}
    for relative in catalogues(web):
        language = relative.split("/")[1]
        entries = parse_po((web / relative).read_text(encoding="utf-8"))
        found[language] = {key: value for key, value in entries.items()
                           if key.startswith(BOOT_PREFIXES) and isinstance(value, str)}
    english = found.get("en", {})
    return {language: {**english, **texts} for language, texts in sorted(found.items())}


# ---------------------------------------------------------------------------------------------
# The build


def build(out: Path = DIST, node_modules: Path | None = None, root: Path = ROOT) -> str:
    """Assemble the static site in `out` and return its build id. The site is assembled
    beside `out` and takes its place only once whole: a build that fails leaves the last one
    (a server may be serving it)."""
    if node_modules is None:
        node_modules = ensure_runtime(root)
    staging = out.with_name(out.name + ".building")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        identity = assemble(staging, node_modules, root)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    return identity


def assemble(out: Path, node_modules: Path, root: Path) -> str:
    """The static site written in the empty folder `out` (build); its build id."""
    web, engine = root / "web", root / "fantan"
    vendored = runtime_files(node_modules)

    web_files = [name.split("/", 1)[1] for name in package_files(web)
                 if not name.endswith(".po")]
    # The DOM layer's modules (all but the two entry points, which script tags load) go into the
    # archive with the engine and the compiled catalogues; everything else is copied as it is,
    # but for the comments of the style sheet and the scripts.
    modules = [name for name in web_files
               if name.endswith(".py") and "/" not in name and name not in (MAIN_PY, WORKER_PY)]
    for name in web_files:
        if name.endswith(".css"):
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_text(squeezed_css(
                (web / name).read_text(encoding="utf-8")), encoding="utf-8")
        elif name.endswith(".js"):
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_text(without_comment_lines(
                (web / name).read_text(encoding="utf-8")), encoding="utf-8")
        elif name not in modules:
            copy(web / name, out / name)
    bundle: dict[str, bytes] = {name: (web / name).read_bytes() for name in modules}
    for name in package_files(engine):
        if not name.startswith(DESKTOP_ONLY):
            bundle[name] = (root / name).read_bytes()  # the engine, unmodified
    for relative in catalogues(web):
        try:
            bundle[relative[: -len(".po")] + CATALOGUE_SUFFIX] = compile_po(
                (web / relative).read_text(encoding="utf-8"))
        except PoError as error:
            raise SystemExit(f"build.py: web/{relative}: {error}") from None
    sources = {name: data.decode("utf-8") for name, data in bundle.items()
               if name.endswith(".py")}
    # What the page and the worker import when they load: PyScript's package, ours, the
    # entry points (the standard library's share of it gets its bytecode below).
    python = [(name if "/" in name else f"web/{name}", text) for name, text in sources.items()]
    python += [(f"web/{name}", (web / name).read_text(encoding="utf-8"))
               for name in (MAIN_PY, WORKER_PY)]
    python += [(str(path), path.read_text(encoding="utf-8"))
               for path in pyscript_python(node_modules)]
    try:
        imports = set().union(*(module_imports(text, name) for name, text in python))
    except SyntaxError as error:
        raise SystemExit(f"build.py: {error.filename}, line {error.lineno}: {error.msg}"
                         ) from None
    compiled = compile_for_browser(sources, node_modules, imports)
    bundle.update(compiled.ours)
    # Every module then travels as bytecode alone, as the standard library's do: the browser
    # never reads a source it has bytecode for (a traceback keeps its file names and line
    # numbers), and the sources are in the repository. Each .pyc carries the hash of the source
    # it was compiled from.
    for name in sources:
        if pyc_name(name) in compiled.ours:
            del bundle[name]
    (out / BUNDLE_NAME).write_bytes(bundle_bytes(bundle, node_modules))
    (out / BOOT_TEXTS).parent.mkdir(parents=True, exist_ok=True)
    write_json(out / BOOT_TEXTS, boot_texts(web))
    page = out / "index.html"
    page.write_text(with_preloads(page.read_text(encoding="utf-8"), vendored), encoding="utf-8")
    for relative, source in vendored.items():
        copy(source, out / relative)
    if compiled.stdlib:
        stdlib = out / STDLIB_ARCHIVE
        stdlib.write_bytes(with_bytecode(stdlib.read_bytes(), compiled.stdlib))

    # The page carries its config in its script tag: one request less before the interpreter
    # starts. (web/index.html names the file, which build.py replaces by its content.)
    page.write_text(without_html_comments(with_inline_config(page.read_text(encoding="utf-8"),
                                                             pyscript_config())),
                    encoding="utf-8")
    # The computer players' worker imports from the same archive (one download, cached once).
    write_json(out / WORKER_CONFIG_NAME, pyscript_config())
    write_json(out / MANIFEST_NAME, web_manifest())
    (out / "icons").mkdir(exist_ok=True)
    (out / "icons" / "icon.svg").write_text(icon_svg(), encoding="utf-8")
    for size in (192, 512):
        (out / "icons" / f"icon-{size}.png").write_bytes(icon_png(size))
    (out / ".nojekyll").write_bytes(b"")  # GitHub Pages: publish files as they are

    return write_service_worker(out)


def write_service_worker(site: Path) -> str:
    """Write the site's service worker for the files it holds now; return the build id."""
    manifest = precache_manifest(site, exclude=(SW_NAME, ".nojekyll"))
    identity = build_id(manifest)
    (site / SW_NAME).write_text(without_comment_lines(service_worker(manifest, identity)),
                                encoding="utf-8")
    return identity


def without_comment_lines(script: str) -> str:
    """JavaScript without its whole-line comments (a line that starts with //) and its
    indentation: the loader and the service worker ship without them, a third of their
    download. (Neither has a string that spans lines, where such a line or space would be
    text.)"""
    return "".join(line.lstrip(" \t") for line in script.splitlines(keepends=True)
                   if not line.lstrip().startswith("//"))


HTML_COMMENT = re.compile(r"[ \t]*<!--.*?-->[ \t]*\n?", re.DOTALL)


def without_html_comments(page: str) -> str:
    """The page without its comments (the build's marks among them, once used)."""
    return HTML_COMMENT.sub("", page)


# A CSS string or comment; comments (a quarter of the style sheet's download) go, strings stay.
CSS_STRING_OR_COMMENT = re.compile(r"""("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|/\*.*?\*/""",
                                   re.DOTALL)


# Space that says nothing in a style sheet: a run of it becomes one space, and none is kept
# beside a brace, a semicolon, a comma or a child combinator, nor after a colon (a colon that
# starts a pseudo-class has none after it; the space before it, a descendant combinator,
# stays).
CSS_LOOSE_SPACE = re.compile(r"\s*([{};,>])\s*|(:)\s+|(\s+)")


def squeezed_css(css: str) -> str:
    """A style sheet without its comments and the space that says nothing, strings as they
    were, a rule to a line (7% less to download, gzipped)."""
    def squeeze(text: str) -> str:
        return CSS_LOOSE_SPACE.sub(lambda m: m.group(1) or m.group(2) or " ", text).replace(
            "}", "}\n")

    parts = []
    loose = ""  # (the text since the last string, each comment in it as the space it was)
    last = 0
    for m in CSS_STRING_OR_COMMENT.finditer(css):
        loose += css[last:m.start()]
        if m.group(1):
            parts += [squeeze(loose), m.group(1)]
            loose = ""
        else:
            loose += " "
        last = m.end()
    parts.append(squeeze(loose + css[last:]))
    return "".join(parts).strip() + "\n"


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Serving


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory, optionally under a path prefix such as /fantan/, with our MIME types."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    prefix = "/"
    quiet = False
    served: list[tuple[str, int]] | None = None  # (path, status) of every request, if a list

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.served is not None:
            self.served.append((self.path, int(getattr(code, "value", code))))
        super().log_request(code, size)

    def inside(self) -> bool:
        """Whether the request is for the site (the prefix without its slash is redirected)."""
        bare = self.path.split("?", 1)[0].split("#", 1)[0]
        return bare.startswith(self.prefix) or bare == self.prefix.rstrip("/")

    def send_head(self) -> Any:
        if not self.inside():
            self.send_error(404, "Not part of the site")
            return None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        if path.startswith(self.prefix):
            path = "/" + path[len(self.prefix) :]
        elif path.split("?", 1)[0] == self.prefix.rstrip("/"):
            path = "/"  # the site's directory without its slash: redirected to it
        return super().translate_path(path)

    def end_headers(self) -> None:
        # Revalidate every time (a 304 costs no body): a rebuilt dist/ shows at the next load.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path,
    port: int = 0,
    prefix: str = "/",
    quiet: bool = False,
    served: list[tuple[str, int]] | None = None,
    base: type[SiteHandler] | None = None,
) -> http.server.ThreadingHTTPServer:
    """An HTTP server for a directory on 127.0.0.1 (port 0 picks a free port); `served`, if
    given, collects the path and status of every request; `base`: a SiteHandler of another
    kind (a test's)."""
    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"a prefix starts and ends with '/': {prefix!r}")
    handler = type("Handler", (base or SiteHandler,),
                   {"prefix": prefix, "quiet": quiet, "served": served})
    bound = functools.partial(handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), bound)
    server.daemon_threads = True
    return server


# ---------------------------------------------------------------------------------------------
# The test command


def say(message: str) -> None:
    print(f"build.py: {message}", flush=True)


def run(command: Sequence[str | Path], **options: Any) -> None:
    say("$ " + " ".join(str(part) for part in command))
    subprocess.run([str(part) for part in command], check=True, **options)


def can_apt_install() -> bool:
    return (
        sys.platform.startswith("linux")
        and hasattr(os, "geteuid")
        and os.geteuid() == 0
        and Path("/etc/debian_version").exists()
        and shutil.which("apt-get") is not None
    )


def apt_install(*packages: str) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "update"], env=env, stdin=subprocess.DEVNULL)
    run(["apt-get", "install", "-y", "--no-install-recommends", *packages], env=env,
        stdin=subprocess.DEVNULL)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def has_pip(python: Path) -> bool:
    """Whether ``python`` runs pip (a venv whose creation failed half-way has none)."""
    return subprocess.run([str(python), "-m", "pip", "--version"], capture_output=True,
                          check=False).returncode == 0


def ensure_venv() -> Path:
    """Make .venv and install the project with its test extra, again when pyproject changes."""
    python = venv_python()
    if python.exists() and not has_pip(python):
        # Left half made by a failed creation (Debian without its venv package): make it again.
        say(".venv has no pip: creating it again")
        shutil.rmtree(VENV)
    if not python.exists():
        say("creating .venv")
        try:
            run([sys.executable, "-m", "venv", VENV])
        except subprocess.CalledProcessError:
            shutil.rmtree(VENV, ignore_errors=True)
            venv_package = f"python3.{sys.version_info.minor}-venv"
            if not can_apt_install():
                raise SystemExit(f"build.py: cannot create .venv; on Debian or Ubuntu install "
                                 f"{venv_package} (or run as root to have it installed)"
                                 ) from None
            apt_install(venv_package)
            run([sys.executable, "-m", "venv", VENV])
    stamp = VENV / ".fantan-installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text().strip() != wanted:
        run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e",
             ".[test]"], cwd=ROOT)
        stamp.write_text(wanted + "\n")
    return python


PLAYWRIGHT_CHROMIUM = (
    "from playwright.sync_api import sync_playwright\n"
    "with sync_playwright() as p:\n"
    "    print(p.chromium.executable_path)\n"
)


def find_chromium(python: Path) -> str:
    """$CHROMIUM, a system Chromium, Playwright's own, or (root on Debian) apt's."""
    candidates = [os.environ.get("CHROMIUM", ""), "/usr/bin/chromium",
                  shutil.which("chromium") or "", shutil.which("chromium-browser") or ""]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    try:
        found = subprocess.run([str(python), "-c", PLAYWRIGHT_CHROMIUM], capture_output=True,
                               text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        found = ""
    if found and Path(found).is_file():
        return found
    if can_apt_install():
        apt_install("chromium")
        if Path("/usr/bin/chromium").is_file():
            return "/usr/bin/chromium"
    raise SystemExit("build.py: no Chromium found; install one or set $CHROMIUM")


def cmd_test(pytest_args: Sequence[str]) -> int:
    python = ensure_venv()
    chromium = find_chromium(python)
    say(f"Chromium: {chromium}")
    say(f"built {DIST.relative_to(ROOT)}/ (build {build()})")
    env = {**os.environ, "CHROMIUM": chromium}
    steps: list[tuple[str, list[str | Path]]] = [
        ("ruff", [python, "-m", "ruff", "check", "fantan", "build.py", "web", "e2e", "tests"]),
        ("mypy", [python, "-m", "mypy"]),  # (strict, on the files pyproject.toml names)
        ("pytest", [python, "-m", "pytest", "tests", "e2e", *pytest_args]),
    ]
    failed = []
    for name, command in steps:
        try:
            run(command, cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
        except subprocess.CalledProcessError:
            failed.append(name)
    if failed:
        say("FAILED: " + ", ".join(failed))
        return 1
    say("all checks passed")
    return 0


def cmd_serve(port: int) -> int:
    say(f"built {DIST.relative_to(ROOT)}/ (build {build()})")
    server = make_server(DIST, port)
    print(f"Serving the game at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    commands.add_parser("test", help="lint, type-check and run every test (extra args: pytest)")
    commands.add_parser("build", help="build dist/ (the default)")
    args, rest = parser.parse_known_args(argv)
    if args.command == "test":
        return cmd_test(rest)
    if rest:
        parser.error("unrecognised arguments: " + " ".join(rest))
    if args.command == "serve":
        return cmd_serve(args.port)
    say(f"built {DIST.relative_to(ROOT)}/ (build {build()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
