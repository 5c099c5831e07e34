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

# The languages the game speaks, each named in its own words for the language picker.
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "nb": "Norsk bokmål",
    "nl": "Nederlands",
    "it": "Italiano",
}
# Browser tags that mean a language we have under another code.
ALIASES = {"no": "nb", "nn": "nb"}


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

    def num(self, value: int, signed: bool = False) -> str:
        """An integer as the language writes it: its digit grouping ("1,234", "1.234",
        "1 234") and its minus sign; `signed` puts a plus before positive numbers."""
        group = self._tr.gettext("format.group")
        if group == "format.group":
            group = ","
        minus = self._tr.gettext("format.minus")
        if minus == "format.minus":
            minus = "-"
        digits = f"{abs(value):,}".replace(",", group)
        if value < 0:
            return minus + digits
        return ("+" + digits) if signed and value > 0 else digits

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
    # The code of the catalogue really used ("de" for a browser's "de_DE"), not the tag asked.
    found = [lang for lang in wanted
             if (Path(localedir) / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()]
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
        base = code.split("_")[0].lower()
        for candidate in (code, base, ALIASES.get(base, "")):
            if candidate and candidate not in out:
                out.append(candidate)
    return out

