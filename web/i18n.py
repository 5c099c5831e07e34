"""The message catalogue: every string the page shows, looked up by id in GNU gettext files.

A language is a file `locale/<code>/LC_MESSAGES/fantan.mo` (compiled by build.py from the
`.po` beside it). Missing strings fall back to English, and a key missing everywhere shows as
itself, so a gap is visible but never breaks the page. No browser imports: unit-tested on CPython.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

DOMAIN = "fantan"
DEFAULT = "en"


class Catalog:
    """Look-ups by message id, formatted with named placeholders."""

    def __init__(self, translations: gettext.NullTranslations | None = None,
                 language: str = DEFAULT) -> None:
        self._tr = translations or gettext.NullTranslations()
        self.language = language

    def t(self, key: str, **values: Any) -> str:
        """The message `key`, its {placeholders} filled in."""
        text = self._tr.gettext(key)
        return _fill(text, values)

    def n(self, key: str, count: int, **values: Any) -> str:
        """The plural message `key` for `count` (the language's own plural rule)."""
        text = self._tr.ngettext(key, key, count)
        return _fill(text, {"count": count, **values})

    def has(self, key: str) -> bool:
        return self._tr.gettext(key) != key

    def join(self, items: Sequence[str]) -> str:
        """"a, b and c" in the catalogue's words."""
        if not items:
            return ""
        if len(items) == 1:
            return items[0]
        return self.t("list.and", first=", ".join(items[:-1]), last=items[-1])


def _fill(text: str, values: dict[str, Any]) -> str:
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text  # a translation with a broken placeholder shows unfilled, never crashes


def load(localedir: str | Path, languages: Iterable[str] = (DEFAULT,)) -> Catalog:
    """The catalogue for the first available language of `languages`, falling back to English."""
    wanted = [lang for lang in languages if lang] + [DEFAULT]
    tr = gettext.translation(DOMAIN, localedir=str(localedir), languages=wanted, fallback=True)
    found = [lang for lang in wanted
             if gettext.find(DOMAIN, localedir=str(localedir), languages=[lang])]
    return Catalog(tr, found[0] if found else DEFAULT)


def available(localedir: str | Path) -> list[str]:
    """The languages that have a compiled catalogue."""
    root = Path(localedir)
    return sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


def browser_languages(preferred: Iterable[str]) -> list[str]:
    """Browser language tags ("nb-NO", "de") as catalogue codes, most preferred first."""
    out: list[str] = []
    for tag in preferred:
        code = str(tag).replace("-", "_")
        for candidate in (code, code.split("_")[0].lower()):
            if candidate and candidate not in out:
                out.append(candidate)
    return out
