"""The page's Python side: the one seam between the engine and the DOM, and nothing more."""

import sys

from pyscript import document, window

import fantan

BOOTS_KEY = "fantan.boots"


def count_boot() -> int:
    """Count the page's boots in localStorage, proving storage survives reloads."""
    storage = window.localStorage
    try:
        boots = int(storage.getItem(BOOTS_KEY) or 0) + 1
    except ValueError:
        boots = 1
    try:
        storage.setItem(BOOTS_KEY, str(boots))
    except Exception:  # storage full or disabled (private mode): play goes on without it
        pass
    return boots


def show_ready() -> None:
    """Show that the engine runs, then hand the page over from the loader to Python."""
    document.getElementById("engine-version").textContent = fantan.__version__
    app = document.getElementById("app")
    app.dataset.python = "{}.{}.{}".format(*sys.version_info[:3])
    app.dataset.boots = str(count_boot())
    message = document.createElement("p")
    message.className = "ready-note"
    message.textContent = "The table is being laid. The engine is ready."
    app.append(message)
    app.hidden = False
    document.getElementById("loading").hidden = True
    document.documentElement.dataset.phase = "ready"


show_ready()
