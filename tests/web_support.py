"""Shared by the tests of the page's pure modules: web/ on the import path and the English
catalogue compiled in memory (as build.py compiles it for the site)."""

from __future__ import annotations

import gettext
import io
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

__all__ = ["WEB", "EN_PO", "english", "i18n", "render", "store", "view"]

EN_PO = WEB / "locale" / "en" / "LC_MESSAGES" / "fantan.po"


def english() -> i18n.Catalog:
    mo = build.compile_po(EN_PO.read_text(encoding="utf-8"))
    return i18n.Catalog(gettext.GNUTranslations(io.BytesIO(mo)), "en")
