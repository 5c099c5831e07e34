"""A bare page that loads the engine into Pyodide the way the computer players' worker gets it
(the files of its PyScript config, then the worker's own entry point, which unpacks the archive
and puts it on sys.path), runs a Python script and keeps the script's last value in
``window.__result``; ``html[data-phase=ready]`` marks the end. Shared by a test and a
benchmark."""

from __future__ import annotations

from pathlib import Path

HTML = """<!doctype html>
<html data-phase="loading"><head><meta charset="utf-8"><title>{name}</title>
<link rel="icon" href="data:,">
<script type="module" src="./{name}.js"></script></head><body>{name}</body></html>
"""

JS = """import {{ loadPyodide }} from "./vendor/pyodide/pyodide.mjs";
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const pyodide = await loadPyodide({{ indexURL }});
const config = await (await fetch("./pyscript-ai.json")).json();
for (const [source, target] of Object.entries(config.files)) {{
  const data = new Uint8Array(await (await fetch(source)).arrayBuffer());
  const path = target.replace(/^\\.\\//, "/home/pyodide/");
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, data);
}}
pyodide.runPython(await (await fetch("./ai_worker.py")).text());  // as the worker starts
const code = await (await fetch("./{name}.py")).text();
window.__result = await pyodide.runPythonAsync(code);
document.documentElement.dataset.phase = "ready";
"""


def write_engine_page(site: Path, name: str, python: str) -> str:
    """Add the page ``name``.html running ``python`` to a built site; returns its file name."""
    (site / f"{name}.html").write_text(HTML.format(name=name))
    (site / f"{name}.js").write_text(JS.format(name=name))
    (site / f"{name}.py").write_text(python)
    return f"{name}.html"
