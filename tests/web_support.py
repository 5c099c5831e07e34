"""Shared by the tests of the page's pure modules: web/ on the import path and the English
catalogue compiled in memory (as build.py compiles it for the site)."""

from __future__ import annotations

import sys
from pathlib import Path

import build

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

import i18n  # noqa: E402
import render  # noqa: E402
import store  # noqa: E402
import view  # noqa: E402

__all__ = ["WEB", "EN_PO", "catalog", "english", "english_messages", "i18n", "po_path", "render",
           "store", "view"]

EN_PO = WEB / "locale" / "en" / "LC_MESSAGES" / "fantan.po"


def po_path(language: str) -> Path:
    return WEB / "locale" / language / "LC_MESSAGES" / "fantan.po"


def english_messages() -> i18n.Messages:
    """The English messages compiled in memory, a new copy each time (a test may change it)."""
    return i18n.Messages(build.compile_po(EN_PO.read_text("utf-8")))


def catalog(language: str) -> i18n.Catalog:
    """A language's catalogue compiled in memory, English behind it (as the page loads it)."""
    if language == "en":
        return i18n.Catalog([english_messages()], "en")
    mo = build.compile_po(po_path(language).read_text(encoding="utf-8"))
    return i18n.Catalog([i18n.Messages(mo), english_messages()], language)


def english() -> i18n.Catalog:
    return catalog("en")
