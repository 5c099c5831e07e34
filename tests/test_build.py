"""build.py's pure parts: the PyScript config, the precache manifest, the service worker, the
icons and manifest, the assembled site and the static server."""

from __future__ import annotations

import _imp
import contextlib
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import zipfile
import zlib
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build


def write(path: Path, data: str | bytes = "x") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data)
    else:
        path.write_bytes(data)
    return path


@pytest.fixture
def fake_runtime(tmp_path: Path) -> Path:
    """A node_modules with stand-ins for the runtime files (and some a boot does not need)."""
    modules = tmp_path / "node_modules"
    for name in build.PYODIDE_FILES + ("pyodide.mjs.map", "pyodide.js", "console.html"):
        write(modules / "pyodide" / name, f"pyodide {name}")
    for name in ("core.js", "core.js.map", "core-AbC1.js", "core.css", "py-editor-X.js",
                 "codemirror-Y.js", "xterm.css", "service-worker.js", "README.md"):
        write(modules / "@pyscript" / "core" / "dist" / name, f"pyscript {name}")
    return modules


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the real web/ and fantan/ with a stand-in runtime."""
    tmp = tmp_path_factory.mktemp("build")
    modules = tmp / "node_modules"
    for name in build.PYODIDE_FILES:
        write(modules / "pyodide" / name, name)
    for name in ("core.js", "core.js.map", "core-AbC1.js", "core.css"):
        write(modules / "@pyscript" / "core" / "dist" / name, name)
    out = tmp / "dist"
    build.build(out, node_modules=modules)
    return out


# --- the runtime ---------------------------------------------------------------------------------


def test_runtime_files_are_what_a_boot_needs_and_no_source_maps(fake_runtime: Path) -> None:
    files = build.runtime_files(fake_runtime)
    assert sorted(files) == sorted(
        [f"vendor/pyodide/{name}" for name in build.PYODIDE_FILES]
        + ["vendor/pyscript/core.js", "vendor/pyscript/core-AbC1.js",
           "vendor/pyscript/core.css", "vendor/pyscript/py-editor-X.js"]
    )
    assert all(source.is_file() for source in files.values())


def test_an_incomplete_runtime_is_refused(fake_runtime: Path) -> None:
    (fake_runtime / "pyodide" / "pyodide.asm.wasm").unlink()
    with pytest.raises(SystemExit, match="pyodide.asm.wasm"):
        build.runtime_files(fake_runtime)


def test_the_runtime_is_pinned_to_exact_versions() -> None:
    pins = build.pinned_versions()
    assert pins == {"pyodide": "314.0.7", "@pyscript/core": "0.7.31"}
    tools = build.tool_versions()
    assert set(tools) == {"axe-core", "@gfx/zopfli"}
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    for name, version in {**pins, **tools}.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), name
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


# --- the PyScript config -------------------------------------------------------------------------


def test_package_files_skip_caches_and_hidden_files(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    for name in ("__init__.py", "sub/mod.py", "data/cards.json", "__pycache__/x.pyc",
                 "sub/__pycache__/mod.cpython-311.pyc", ".hidden.py", "stale.pyc"):
        write(package / name)
    assert build.package_files(package) == [
        "pkg/__init__.py", "pkg/data/cards.json", "pkg/sub/mod.py"
    ]


def test_the_style_sheet_ships_without_its_comments_and_idle_space() -> None:
    css = ('/* the table */\n.a { content: "/* kept */"; }  /* after a rule */\n'
           "/* over\n   lines */\n.b::after { content: '*/ /*, a > b: c'; color: red; }\n")
    assert build.squeezed_css(css) == (
        '.a{content:"/* kept */";}\n'
        ".b::after{content:'*/ /*, a > b: c';color:red;}\n")
    # The space that is a descendant combinator stays, before a pseudo-class too, and so does
    # the space between the words of a value or a media query.
    css = ("@media (max-width: 480px) and (orientation: landscape) {\n"
           "  .x :focus-visible, .y > .z/* c */.w { margin: 0 auto; font: 1rem / 1.2 a, b; }\n}\n")
    assert build.squeezed_css(css) == (
        "@media (max-width:480px) and (orientation:landscape){"
        ".x :focus-visible,.y>.z .w{margin:0 auto;font:1rem / 1.2 a,b;}\n}\n")


def test_the_scripts_and_the_page_ship_without_their_comments(site: Path) -> None:
    script = ('// the loader\nconst a = "// kept";  // after code: kept\n'
              '  // indented\nif (a) {\n  const b = `x // y`;\n}\n')
    assert build.without_comment_lines(script) == (
        'const a = "// kept";  // after code: kept\nif (a) {\nconst b = `x // y`;\n}\n')
    page = '<p>a</p>\n  <!-- over\n  lines -->\n<p>b<!-- inline --></p>\n'
    assert build.without_html_comments(page) == "<p>a</p>\n<p>b</p>\n"
    for name in ("boot.js", build.SW_NAME):
        shipped = (site / name).read_text(encoding="utf-8")
        assert not any(line.lstrip().startswith("//") for line in shipped.splitlines()), name
    source = (build.WEB / "boot.js").read_text(encoding="utf-8")
    assert (site / "boot.js").read_text(encoding="utf-8") == build.without_comment_lines(source)
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "<!--" not in page and 'id="announce"' in page and "<link rel=\"modulepreload\"" in page


def test_the_built_style_sheet_keeps_every_rule(site: Path) -> None:
    source = (build.WEB / "style.css").read_text(encoding="utf-8")
    shipped = (site / "style.css").read_text(encoding="utf-8")
    assert "/*" in source and "/*" not in shipped
    assert len(shipped) < 0.8 * len(source)
    # The same rules, declarations and values, in the same order.
    words = re.compile(r"[^\s{};:,>]+|[:,>]")
    assert words.findall(shipped) == words.findall(
        re.sub(r"/\*.*?\*/", " ", source, flags=re.DOTALL))
    assert shipped == build.squeezed_css(source)


@contextlib.contextmanager
def unpacked(bundle: Path) -> Iterator[zipfile.ZipFile]:
    """The game's archive as the entry points unpack it."""
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(bundle.read_bytes()))) as archive:
        yield archive


def test_pyscript_config_uses_the_local_interpreter_and_ships_the_archive_whole() -> None:
    config = build.pyscript_config()
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    # written as it is (the entry points unpack it), not by PyScript
    assert config["files"] == {"./python.zip.gz": "./python.zip.gz"}


@pytest.mark.parametrize("entry", [build.MAIN_PY, build.WORKER_PY])
@pytest.mark.parametrize("gzipped", [True, False], ids=["gzipped", "unpacked-on-the-way"])
def test_entry_points_import_the_game_from_its_archive(tmp_path: Path, entry: str,
                                                       gzipped: bool) -> None:
    """Each entry point unpacks the archive as it ships (or as a server that decoded it on the
    way hands it over: the zip itself) and imports the game from it, not from elsewhere."""
    files = {name: (build.ROOT / name).read_bytes()
             for name in build.package_files(build.ENGINE)}
    files["app.py"] = b"import fantan\n\ndef main():\n    return 'started'\n"
    packed = build.bundle_bytes(files)
    (tmp_path / build.BUNDLE_NAME).write_bytes(packed if gzipped else gzip.decompress(packed))
    write(tmp_path / entry, (build.WEB / entry).read_bytes())
    # The worker then answers the page: a legal move for the seat to play.
    probe = ("import json, runpy, sys\n"
             f"found = runpy.run_path({entry!r})\n"
             "import fantan\n"
             "state = fantan.new_game(fantan.preset('fan-tan'), seed=3)\n"
             "seat = state.to_move\n"
             "move = found['choose'](json.dumps(state.observation(seat).to_dict()), 'medium', 1)"
             " if 'choose' in found else found['page']\n"
             "print(fantan.__file__, move in state.legal_moves(), move)\n")
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                          text=True, check=True, timeout=60)
    where, legal, move = done.stdout.split()
    assert where == str(tmp_path / build.ARCHIVE_NAME / "fantan" / "__init__.py")
    if entry == build.MAIN_PY:
        assert move == "started"
    else:
        assert legal == "True"


def test_the_archive_is_reproducible_sorted_stored_and_gzipped_whole() -> None:
    files = {"b.py": b"B = 2\n" * 50, "a/c.json": b"\x00" * 400, "a.py": b"A = 1\n" * 50}
    data = build.bundle_bytes(files)
    assert data == build.bundle_bytes(dict(reversed(list(files.items()))))
    assert data[:2] == b"\x1f\x8b" and len(data) < sum(map(len, files.values())) / 4
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(data))) as archive:
        assert archive.namelist() == sorted(files)
        assert {name: archive.read(name) for name in files} == files
        assert {info.compress_type for info in archive.infolist()} == {zipfile.ZIP_STORED}


@pytest.mark.skipif(not (build.NODE_MODULES / "@gfx" / "zopfli").is_dir(),
                    reason="needs the pinned tools (npm ci)")
def test_the_archive_is_gzipped_by_zopfli_where_the_tools_are_installed() -> None:
    # (the same zip, in a standard gzip stream any browser or zlib reads, a few percent smaller)
    files = {p.relative_to(build.ROOT).as_posix(): p.read_bytes()
             for p in sorted((build.ROOT / "fantan").rglob("*.py"))}
    plain, zopfli = build.bundle_bytes(files), build.bundle_bytes(files, build.NODE_MODULES)
    assert gzip.decompress(zopfli) == gzip.decompress(plain)
    assert zopfli[:4] == b"\x1f\x8b\x08\x00" and zopfli[4:8] == bytes(4)  # (no name, no date)
    assert len(zopfli) < 0.98 * len(plain)
    assert build.bundle_bytes(files, build.NODE_MODULES) == zopfli


@pytest.mark.skipif(not (build.NODE_MODULES / "pyodide" / "pyodide.mjs").is_file(),
                    reason="needs the pinned runtime (npm ci)")
def test_bytecode_is_compiled_by_the_browsers_python() -> None:
    compiled = build.compile_for_browser(
        {"m.py": "X = 1\n", "pkg/n.py": "def f():\n    return 2\n"}, build.NODE_MODULES,
        imports=["html", "fantan", "js"])
    # Beside the sources, where zipimport looks (it never reads __pycache__).
    assert sorted(compiled.ours) == ["m.pyc", "pkg/n.pyc"]
    # The standard library: what Pyodide's start imports (asyncio, json...), and the modules
    # asked for with what they import in turn (html imports html.entities); not the names that
    # are not in it, nor the modules no start imports.
    stdlib = compiled.stdlib
    for name in ("asyncio/__init__.pyc", "json/__init__.pyc", "html/__init__.pyc",
                 "html/entities.pyc"):
        assert name in stdlib, name
    tops = {name.split("/")[0].removesuffix(".pyc") for name in stdlib}
    assert "html" in tops and not tops & {"fantan", "js", "tkinter", "email", "sqlite3"}
    for data in [*compiled.ours.values(), *stdlib.values()]:
        # PEP 552 header: a magic number ending in \r\n, then flags 0b01 (hash-based, unchecked).
        assert data[2:4] == b"\r\n" and struct.unpack("<I", data[4:8])[0] == 1
    assert len({data[:4] for data in [*compiled.ours.values(), *stdlib.values()]}) == 1
    # A file that does not compile: no bytecode at all (the browser compiles the sources), and
    # the build goes on.
    assert build.compile_for_browser({"bad.py": "def (:\n"}, build.NODE_MODULES) == ({}, {})


def test_module_imports_are_those_made_when_a_module_loads() -> None:
    source = (
        "import os, sys\n"
        "from collections import abc\n"
        "from . import sibling\n"
        "try:\n    import json\nexcept ImportError:\n    json = None\n"
        "class C:\n    import html\n"
        "def later():\n    import gettext\n"
        "handler = lambda: __import__('shutil')\n"
    )
    assert build.module_imports(source) == {"os", "sys", "collections", "json", "html"}


def test_stdlib_archive_gets_bytecode_in_place_of_compiled_sources() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in ("a.py", "pkg/", "pkg/__init__.py", "pkg/b.py", "data.txt"):
            archive.writestr(name, f"# {name}\n" if not name.endswith("/") else "")
    original = buffer.getvalue()
    compiled = {"a.pyc": b"A-BYTECODE", "pkg/__init__.pyc": b"INIT-BYTECODE"}
    changed = build.with_bytecode(original, compiled)
    with zipfile.ZipFile(io.BytesIO(changed)) as archive:
        # Same order; the compiled modules' sources replaced by their bytecode, the rest kept.
        assert archive.namelist() == ["a.pyc", "pkg/", "pkg/__init__.pyc", "pkg/b.py",
                                      "data.txt"]
        assert archive.read("a.pyc") == b"A-BYTECODE"
        assert archive.read("pkg/__init__.pyc") == b"INIT-BYTECODE"
        assert archive.read("pkg/b.py") == b"# pkg/b.py\n"
        assert archive.testzip() is None
    assert build.with_bytecode(original, compiled) == changed  # reproducible
    with zipfile.ZipFile(io.BytesIO(build.with_bytecode(original, {}))) as archive:
        assert archive.namelist() == ["a.py", "pkg/", "pkg/__init__.py", "pkg/b.py", "data.txt"]


# --- the precache manifest and the service worker ------------------------------------------------


def test_precache_manifest_hashes_every_file_and_the_index(tmp_path: Path) -> None:
    write(tmp_path / "index.html", "<p>hi</p>")
    write(tmp_path / "vendor" / "a.wasm", b"\0asm")
    write(tmp_path / "game.zip.gz", gzip.compress(b"PK", mtime=0))
    write(tmp_path / "sw.js", "ignored")
    manifest = build.precache_manifest(tmp_path)

    def short(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()[:16]
    assert manifest == [
        ("./", short(b"<p>hi</p>")),
        # (and the hash of its content unpacked, as a server that sends it gzip-encoded
        # hands it over)
        ("game.zip.gz", short(gzip.compress(b"PK", mtime=0)), short(b"PK")),
        ("index.html", short(b"<p>hi</p>")),
        ("vendor/a.wasm", short(b"\0asm")),
    ]


def test_build_id_follows_every_file() -> None:
    manifest = [("./", "aa"), ("index.html", "aa"), ("x.js", "bb")]
    same = build.build_id(list(manifest))
    assert build.build_id(manifest) == same
    assert build.build_id([("./", "aa"), ("index.html", "aa"), ("x.js", "bc")]) != same
    assert build.build_id(manifest + [("y.js", "cc")]) != same


def test_service_worker_carries_its_build_and_precache_list() -> None:
    manifest = [("./", "1234"), ("index.html", "1234"), ("vendor/pyodide/pyodide.mjs", "abcd")]
    source = build.service_worker(manifest, "cafe0123")
    assert "__BUILD__" not in source and "__PRECACHE__" not in source
    assert 'const BUILD = "cafe0123";' in source
    precache = re.search(r"const PRECACHE = (.*);", source)
    assert precache and json.loads(precache.group(1)) == [list(entry) for entry in manifest]
    # Cache-first with ignoreSearch; old caches of this scope deleted; updates wait for the
    # player; no address of another origin.
    assert "ignoreSearch: true" in source
    assert "caches.delete" in source
    assert "activate-update" in source and "skipWaiting" in source
    assert "http" not in source.replace("HTTP ", "")


def test_write_service_worker_changes_when_a_file_changes(tmp_path: Path) -> None:
    write(tmp_path / "index.html", "one")
    first = build.write_service_worker(tmp_path)
    assert first in (tmp_path / "sw.js").read_text()
    assert build.write_service_worker(tmp_path) == first
    write(tmp_path / "index.html", "two")
    assert build.write_service_worker(tmp_path) != first


# --- icons and the web app manifest --------------------------------------------------------------


def read_png(data: bytes) -> tuple[int, int, list[bytes], int]:
    """A PNG's width, height, RGBA rows and colour type (6: RGBA; 3: indexed)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks: dict[bytes, bytes] = {}
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert zlib.crc32(kind + body) == crc
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, color = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert depth == 8 and color in (3, 6)
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = 1 + (4 if color == 6 else 1) * width
    assert len(raw) == stride * height
    assert all(raw[i * stride] == 0 for i in range(height))  # no filters
    rows = [raw[i * stride + 1 : (i + 1) * stride] for i in range(height)]
    if color == 3:
        colours, alphas = chunks[b"PLTE"], chunks.get(b"tRNS", b"")
        assert len(colours) % 3 == 0 and len(colours) // 3 <= 256
        palette = [colours[i * 3 : i * 3 + 3] + bytes([alphas[i] if i < len(alphas) else 255])
                   for i in range(len(colours) // 3)]
        rows = [b"".join(palette[i] for i in row) for row in rows]
    return width, height, rows, color


def test_png_icon_is_an_indexed_image_of_its_pixels() -> None:
    width, height, rows, color = read_png(build.icon_png(64))
    assert (width, height, color) == (64, 64, 3)
    assert rows == build.icon_pixels(64)  # the palette loses nothing
    assert rows[0][3] == 0  # the rounded corner is transparent
    centre = rows[32][32 * 4 : 32 * 4 + 4]
    assert centre[3] == 255 and centre[0] > centre[1]  # the red diamond, opaque
    edges = {rgba for row in rows for rgba in (row[i : i + 4] for i in range(0, 256, 4))
             if 0 < rgba[3] < 255}
    assert len(edges) > 4  # the felt's rounded corners are anti-aliased


def test_png_of_more_than_256_colours_is_rgba() -> None:
    rows = [b"".join(bytes((x * 10, y * 10, x ^ y, 200 + x)) for x in range(20))
            for y in range(20)]  # 400 colours
    width, height, decoded, color = read_png(build.png(rows, 20))
    assert (width, height, color) == (20, 20, 6) and decoded == rows


def test_svg_icon_is_self_contained() -> None:
    svg = build.icon_svg()
    assert svg.startswith("<svg") and "viewBox" in svg
    assert "href" not in svg and "<text" not in svg  # nothing fetched, no fonts


def test_web_manifest_is_installable_and_relative() -> None:
    manifest = build.web_manifest()
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert all(not icon["src"].startswith(("/", "http")) for icon in manifest["icons"])


# --- the assembled site --------------------------------------------------------------------------


def test_site_holds_page_engine_runtime_and_offline_parts(site: Path) -> None:
    for name in ("index.html", "boot.js", "style.css", "main.py", build.WORKER_CONFIG_NAME,
                 "manifest.webmanifest", "sw.js", "icons/icon.svg", "icons/icon-192.png",
                 "icons/icon-512.png", "vendor/pyodide/pyodide.asm.wasm",
                 "vendor/pyscript/core.js", build.BUNDLE_NAME):
        assert (site / name).is_file(), name
    assert not list(site.rglob("*.map"))
    # The engine, the page's modules and the compiled catalogues travel in one archive, which
    # both configs ship; the engine in it is unmodified (here, with a stand-in runtime that
    # cannot compile them, as sources), less what only the desktop imports.
    assert build.pyscript_config()["files"] == {f"./{build.BUNDLE_NAME}": f"./{build.BUNDLE_NAME}"}
    assert not (site / build.CONFIG_NAME).exists()  # the page carries its config inline
    worker = json.loads((site / build.WORKER_CONFIG_NAME).read_text())
    assert worker == build.pyscript_config()
    with unpacked(site / build.BUNDLE_NAME) as archive:
        names = set(archive.namelist())
        for name in build.package_files(build.ENGINE):
            if name.startswith(build.DESKTOP_ONLY):
                assert name not in names
            else:
                assert archive.read(name) == (build.ROOT / name).read_bytes()
        assert "fantan/ai/search.py" in names and "fantan/arena.py" not in names
        modules = {p.name for p in build.WEB.glob("*.py")} - {build.MAIN_PY, build.WORKER_PY}
        assert "app.py" in modules and modules <= names
        for module in modules:
            assert not (site / module).exists()  # only in the archive
        catalogues = {c[:-3] + build.CATALOGUE_SUFFIX for c in build.catalogues(build.WEB)}
        assert "locale/de/LC_MESSAGES/fantan.json" in catalogues and catalogues <= names
        # Nothing else: with this stand-in runtime there is no Python to compile bytecode.
        engine = {name for name in build.package_files(build.ENGINE)
                  if not name.startswith(build.DESKTOP_ONLY)}
        assert names == engine | modules | catalogues
    # Catalogues ship compiled; their sources stay behind.
    assert (site / build.BOOT_TEXTS).is_file()  # the loader's texts, per language
    assert not list(site.rglob("*.po"))


def test_service_worker_precaches_every_file_of_the_site(site: Path) -> None:
    source = (site / "sw.js").read_text()
    precache = re.search(r"const PRECACHE = (.*);", source)
    assert precache
    entries = {url: hashes for url, *hashes in json.loads(precache.group(1))}
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert set(entries) - {"./"} == files - {"sw.js", ".nojekyll"}
    for url, hashes in entries.items():
        data = (site / ("index.html" if url == "./" else url)).read_bytes()
        unpacked = [gzip.decompress(data)] if url.endswith(".gz") else []
        assert len(hashes) == 1 + len(unpacked), url
        for digest, content in zip(hashes, [data, *unpacked], strict=True):
            assert hashlib.sha256(content).hexdigest().startswith(digest)
    assert len(entries[build.BUNDLE_NAME]) == 2


class PageAudit(HTMLParser):
    """Every URL attribute, inline script and inline handler of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.handlers: list[str] = []
        self.inline_scripts = 0
        self.csp = ""
        self.configs: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]
        if values.get("config"):  # PyScript's config: a file's URL, or the config itself
            config = values["config"] or ""
            self.configs.append(config)
            if not config.startswith("{"):
                self.urls.append(config)
        self.handlers += [k for k, _ in attrs if k.startswith("on")]
        if tag == "script":
            self._in_script = "src" not in values
        if tag == "meta" and values.get("http-equiv") == "Content-Security-Policy":
            self.csp = values.get("content") or ""

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline_scripts += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False


def test_page_uses_relative_urls_and_no_inline_code(site: Path) -> None:
    audit = PageAudit()
    audit.feed((site / "index.html").read_text())
    assert audit.urls and all(url.startswith(("./", "#")) for url in audit.urls), audit.urls
    assert audit.handlers == [] and audit.inline_scripts == 0
    # The page's PyScript config is in its script tag, with relative URLs only.
    [config] = [json.loads(c) for c in audit.configs]
    assert config == build.pyscript_config()
    policy = dict(
        (part.split()[0], part.split()[1:]) for part in audit.csp.split(";") if part.strip()
    )
    assert policy["default-src"] == ["'none'"]
    assert set(policy["script-src"]) == {"'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"}
    assert "'unsafe-inline'" not in audit.csp
    for directive in ("connect-src", "style-src", "img-src"):
        assert policy[directive] == ["'self'"]
    # PyScript starts its workers from blob: URLs it makes itself (see the page's comment).
    assert policy["worker-src"] == ["'self'", "blob:"]


def test_scripts_name_no_other_origin(site: Path) -> None:
    for name in ("index.html", "boot.js", "main.py", "sw.js", build.WORKER_CONFIG_NAME,
                 "manifest.webmanifest"):
        text = (site / name).read_text()
        assert not re.search(r"https?://", text), name


# --- the server ----------------------------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    for name in ("index.html", "a.wasm", "a.mjs", "a.json", "manifest.webmanifest", "x.py"):
        write(tmp_path / "site" / name, "content")
    server = build.make_server(tmp_path / "site", 0, prefix="/fantan/", quiet=True)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("a.wasm", "application/wasm"),
        ("a.mjs", "text/javascript"),
        ("a.json", "application/json"),
        ("manifest.webmanifest", "application/manifest+json"),
        ("", "text/html"),
    ],
)
def test_server_sends_correct_mime_types_under_its_prefix(
    served: str, name: str, mime: str
) -> None:
    with urllib.request.urlopen(f"{served}/fantan/{name}") as response:
        assert response.headers["Content-Type"].split(";")[0] == mime
        assert response.headers["Cache-Control"] == "no-cache"


def test_server_answers_nothing_outside_its_prefix(served: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(f"{served}/a.wasm")
    assert error.value.code == 404
    opener = urllib.request.build_opener(NoRedirect)
    with pytest.raises(urllib.error.HTTPError) as redirect:
        opener.open(f"{served}/fantan")
    assert redirect.value.code == 301 and redirect.value.headers["Location"] == "/fantan/"


def test_make_server_wants_a_slashed_prefix(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        build.make_server(tmp_path, 0, prefix="/fantan")


def test_inline_config_replaces_the_config_file_reference() -> None:
    page = '<script type="py" src="./main.py" config="./pyscript.json"></script>'
    inline = build.with_inline_config(page, {"files": {"./a.zip": "./*"}})
    assert inline == ("""<script type="py" src="./main.py" """
                      """config='{"files":{"./a.zip":"./*"}}'></script>""")
    with pytest.raises(ValueError):
        build.with_inline_config("<p>no config</p>", {})
    with pytest.raises(ValueError):
        build.with_inline_config(page, {"name": "it's"})


def test_preloads_go_at_the_mark_for_runtime_modules_only() -> None:
    page = "<head>\n<!-- preload -->\n</head>"
    vendored = ["vendor/pyscript/core.js", "vendor/pyscript/core.css",
                "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs",
                "vendor/pyodide/pyodide.asm.wasm"]
    result = build.with_preloads(page, vendored)
    assert result == (
        "<head>\n"
        '<link rel="modulepreload" href="./vendor/pyodide/pyodide.mjs">\n'
        '<link rel="modulepreload" href="./vendor/pyscript/core.js">\n'
        "</head>"
    )
    with pytest.raises(ValueError):
        build.with_preloads("<head></head>", vendored)


# --- message catalogues --------------------------------------------------------------------------

PO_SAMPLE = r"""# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. a note for translators
msgid "greeting"
msgstr "Hello, \"{name}\"\n"
"second line"

msgid "cards"
msgid_plural "cards"
msgstr[0] "{count} card"
msgstr[1] "{count} cards"

#, fuzzy
msgid "unsure"
msgstr "not yet"

msgid "untranslated"
msgstr ""

msgctxt "menu"
msgid "open"
msgstr "Open…"
"""


def test_po_compiles_to_a_catalogue_of_its_translated_entries() -> None:
    entries = json.loads(build.compile_po(PO_SAMPLE))
    assert entries["greeting"] == 'Hello, "{name}"\nsecond line'
    assert entries["cards\0cards"] == ["{count} card", "{count} cards"]
    assert "unsure" not in entries  # fuzzy entries are left out, as msgfmt does
    assert "untranslated" not in entries
    assert entries["menu\x04open"] == "Open…"
    assert "Content-Type: text/plain; charset=UTF-8\n" in entries[""]
    assert set(entries) == {"", "greeting", "cards\0cards", "menu\x04open"}


def test_po_errors_name_the_line() -> None:
    for bad, line in (('msgid "a"\nmsgstr "b\\q"\n', 2), ('msgid "a"\nnonsense "b"\n', 2),
                      ('"dangling"\n', 1), ('msgid a\n', 1)):
        with pytest.raises(build.PoError, match=f"line {line}"):
            build.compile_po(bad)


def test_a_build_that_fails_says_where_and_leaves_the_last_site(tmp_path: Path,
                                                                fake_runtime: Path) -> None:
    # A broken catalogue or module is named with its line, and the site built last stays
    # whole (a server may be serving it): the new one is assembled beside it.
    root = tmp_path / "repo"
    skip = shutil.ignore_patterns("node_modules", "__pycache__")
    for part in ("web", "fantan"):
        shutil.copytree(build.ROOT / part, root / part, ignore=skip)
    out = write(tmp_path / "dist" / "index.html", "the last build").parent
    po = root / "web" / "locale" / "nl" / "LC_MESSAGES" / "fantan.po"
    good = po.read_text(encoding="utf-8")
    po.write_text(good + 'msgid "x"\nmsgstr "unterminated\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"web/locale/nl/LC_MESSAGES/fantan\.po: line \d+"):
        build.build(out, node_modules=fake_runtime, root=root)
    po.write_text(good, encoding="utf-8")
    view = root / "web" / "view.py"
    view.write_text(view.read_text(encoding="utf-8") + "\ndef broken(:\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"web/view\.py, line \d+: "):
        build.build(out, node_modules=fake_runtime, root=root)
    assert [p.name for p in out.iterdir()] == ["index.html"]
    assert (out / "index.html").read_text() == "the last build"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist", "node_modules", "repo"]


def test_npm_ci_failing_is_said_plainly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("package.json", "package-lock.json"):
        shutil.copy(build.ROOT / name, tmp_path / name)
    npm = write(tmp_path / "bin" / "npm", "#!/bin/sh\necho 'npm error network' >&2\nexit 7\n")
    npm.chmod(0o755)
    monkeypatch.setenv("PATH", f"{npm.parent}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(SystemExit, match=r"npm ci failed \(exit status 7\)"):
        build.ensure_runtime(tmp_path)


def test_the_english_catalogue_compiles_completely() -> None:
    text = (build.WEB / "locale/en/LC_MESSAGES/fantan.po").read_text(encoding="utf-8")
    entries = build.parse_po(text)
    ids = re.findall(r'^msgid "(.+)"$', text, flags=re.M)
    assert len(ids) == len(set(ids)), "a message id appears twice"
    assert len(entries) == len(ids) + 1  # every message translated, plus the header
    assert build.catalogues(build.WEB) == [f"locale/{lang}/LC_MESSAGES/fantan.po"
                                           for lang in ("de", "en", "it", "nb", "nl")]


@pytest.mark.skipif(not (build.NODE_MODULES / "pyodide" / "pyodide.mjs").is_file(),
                    reason="needs the pinned runtime (npm ci)")
def test_built_stdlib_carries_bytecode_for_what_the_browser_imports(tmp_path: Path) -> None:
    build.build(tmp_path / "dist")
    built = tmp_path / "dist" / build.STDLIB_ARCHIVE
    with zipfile.ZipFile(built) as archive:
        names = set(archive.namelist())
    with zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip") as archive:
        stock = set(archive.namelist())
    compiled = {name for name in names if name.endswith(".pyc")}
    # PyScript's package imports html (and so html.entities), the page asyncio and json.
    for name in ("html/entities.pyc", "asyncio/__init__.pyc", "json/__init__.pyc"):
        assert name in compiled and name[:-1] not in names, name
    # What only the terminal game and the arena import (argparse, multiprocessing) keeps its
    # sources; every other member is still there.
    assert "argparse.py" in names and not any(n.startswith("multiprocessing/") for n in compiled)
    assert names == (stock - {name[:-1] for name in compiled}) | compiled


@pytest.mark.skipif(not (build.NODE_MODULES / "pyodide" / "pyodide.mjs").is_file(),
                    reason="needs the pinned runtime (npm ci)")
def test_built_archive_ships_the_game_as_bytecode_of_its_unmodified_sources(
        tmp_path: Path) -> None:
    build.build(tmp_path / "dist")
    with unpacked(tmp_path / "dist" / build.BUNDLE_NAME) as archive:
        names = set(archive.namelist())
        pycs = {name: archive.read(name) for name in names if name.endswith(".pyc")}
    entry_points = {build.MAIN_PY, build.WORKER_PY}
    sources = {f"fantan/{p.relative_to(build.ENGINE).as_posix()}": p
               for p in build.ENGINE.rglob("*.py") if "__pycache__" not in p.parts}
    sources.update({p.name: p for p in build.WEB.glob("*.py") if p.name not in entry_points})
    assert {"app.py", "fantan/game.py", "fantan/ai/search.py", "fantan/sim.py"} <= set(sources)
    for name, path in sources.items():
        if name.startswith(build.DESKTOP_ONLY):
            assert name not in names and build.pyc_name(name) not in names, name
            continue
        assert name not in names, name  # bytecode alone
        pyc = pycs[build.pyc_name(name)]
        # PEP 552: the flags say "hash-based, unchecked", and the hash is that of the source
        # in the repository, keyed by the bytecode's own magic number (the browser's Python).
        assert pyc[4:8] == b"\x01\x00\x00\x00", name
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(pyc[:4], "little"),
                                             path.read_bytes()), name
    assert len(pycs) == len(sources) - len(build.DESKTOP_ONLY)


def test_a_venv_left_without_pip_is_made_again(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # What a failed creation leaves on Debian without its venv package: a python, no pip.
    venv = tmp_path / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    monkeypatch.setattr(build, "VENV", venv)
    assert build.venv_python().exists() and not build.has_pip(build.venv_python())
    commands: list[list[str]] = []

    def run(command: list[str | Path], **_: object) -> None:
        commands.append([str(part) for part in command])
        if command[1:3] == ["-m", "venv"]:
            assert not venv.exists(), "the broken venv is removed first"
            venv.mkdir()

    monkeypatch.setattr(build, "run", run)
    build.ensure_venv()
    assert commands[0] == [sys.executable, "-m", "venv", str(venv)]
    assert commands[1][1:4] == ["-m", "pip", "install"]
    # Once it has pip and the project installed, it is kept as it is.
    (venv / "bin").mkdir()
    build.venv_python().symlink_to(sys.executable)
    monkeypatch.setattr(build, "has_pip", lambda python: True)
    commands.clear()
    build.ensure_venv()
    assert commands == [] and venv.exists()
