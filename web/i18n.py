"""The message catalogue: every string the page shows, looked up by id.

A language is a GNU gettext file `locale/<code>/LC_MESSAGES/fantan.po`, which build.py compiles
to `fantan.json` beside it: the .po file's entries as one JSON object (smaller to download than
a .mo file, and read without the standard library's gettext module, whose import with the locale
machinery it pulls in would cost the page's start more). Missing strings fall back to English,
and a key missing everywhere shows as itself, so a gap is visible but never breaks the page. No
browser imports: unit-tested on CPython.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
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


# The plural rules of the Plural-Forms headers this reader evaluates itself (spaces and outer
# brackets removed); any other rule goes to the standard library's parser.
PLURAL_RULES: dict[str, Callable[[int], int]] = {
    "n!=1": lambda n: int(n != 1),  # English, German, Norwegian, Dutch, Italian, ...
    "n>1": lambda n: int(n > 1),  # French, Brazilian Portuguese, ...
    "0": lambda n: 0,  # languages without plurals
}


def plural_rule(expression: str) -> Callable[[int], int]:
    """The plural form index function of a Plural-Forms `plural=` expression."""
    expression = expression.strip().rstrip(";")
    key = expression.replace(" ", "")
    while key.startswith("(") and key.endswith(")"):
        key = key[1:-1]
    if key in PLURAL_RULES:
        return PLURAL_RULES[key]
    import gettext  # a rule with several forms (Slavic, Arabic...): rare, so imported late

    return gettext.c2py(expression)


class Messages:
    """One compiled catalogue (build.py's catalogue_bytes): its messages, plural forms and
    plural rule. Data that is not such a catalogue raises ValueError."""

    def __init__(self, data: bytes) -> None:
        try:
            entries = json.loads(data)
        except ValueError:  # (UnicodeDecodeError too)
            raise ValueError("not a message catalogue") from None
        if not isinstance(entries, dict):
            raise ValueError("not a message catalogue")
        self.messages: dict[str, str] = {}
        self.plurals: dict[str, list[str]] = {}
        for key, value in entries.items():
            if isinstance(value, str) and "\0" not in key:
                self.messages[key] = value
            elif (isinstance(value, list) and "\0" in key and value
                  and all(isinstance(form, str) for form in value)):
                self.plurals[key.split("\0", 1)[0]] = value  # "singular\0plural": its forms
            else:
                raise ValueError(f"not a message catalogue's entry: {key!r}")
        self.rule = plural_rule("n != 1")
        for line in self.messages.get("", "").splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "plural-forms" and "plural=" in value:
                self.rule = plural_rule(value.split("plural=", 1)[1])

    def plural(self, key: str, count: int) -> str | None:
        forms = self.plurals.get(key)
        if not forms:
            return None
        index = self.rule(count)
        return forms[index] if 0 <= index < len(forms) else None


class Catalog:
    """Look-ups by message id, formatted with named placeholders. `chain` holds the catalogues
    to ask, most wanted first (English last, behind the player's language)."""

    def __init__(self, chain: Sequence[Messages] = (), language: str = DEFAULT) -> None:
        self._chain = list(chain)
        self.language = language

    def _get(self, key: str) -> str | None:
        for messages in self._chain:
            text = messages.messages.get(key)
            if text is not None:
                return text
        return None

    def t(self, key: str, **values: Any) -> str:
        """The message `key`, its {placeholders} filled in."""
        text = self._get(key)
        return _fill(key if text is None else text, values)

    def n(self, key: str, count: int, **values: Any) -> str:
        """The plural message `key` for `count` (the language's own plural rule)."""
        text = None
        for messages in self._chain:
            text = messages.plural(key, count)
            if text is not None:
                break
        return _fill(key if text is None else text, {"count": count, **values})

    def num(self, value: int, signed: bool = False) -> str:
        """An integer as the language writes it: its digit grouping ("1,234", "1.234",
        "1 234") and its minus sign; `signed` puts a plus before positive numbers."""
        return self.dec(value, places=0, signed=signed)

    def dec(self, value: float, places: int = 1, signed: bool = False) -> str:
        """A number rounded to `places` decimals as the language writes it ("0.8", "0,8",
        "1,234.5", "1.234,5"); a sign only where the rounded number is not zero."""
        whole, _, frac = f"{abs(value):,.{places}f}".partition(".")
        text = whole.replace(",", self._get("format.group") or ",")
        if frac:
            text += (self._get("format.decimal") or ".") + frac
        if not any(d not in "0," for d in whole + frac):
            return text
        if value < 0:
            return (self._get("format.minus") or "-") + text
        return ("+" + text) if signed else text

    def has(self, key: str) -> bool:
        return self._get(key) is not None

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


def _catalogue_path(localedir: str | os.PathLike[str], language: str) -> str:
    return os.path.join(localedir, language, "LC_MESSAGES", f"{DOMAIN}.json")


def read_file(path: str) -> bytes:
    """A file's bytes (OSError if it cannot be read)."""
    with open(path, "rb") as file:
        return file.read()


LOCALEDIR = os.path.join(os.path.dirname(__file__), "locale")
"""The catalogues beside this module. In the page that is inside the archive the module was
imported from, so they are read with ``read_beside``."""


def read_beside(path: str) -> bytes:
    """A file beside this module, read by the loader that imported it: from the file system, or
    from a zip archive on sys.path (OSError if it is not there)."""
    data: bytes = __loader__.get_data(path)  # type: ignore[name-defined]
    return data


def load(localedir: str | os.PathLike[str], languages: Iterable[str] = (DEFAULT,),
         read: Callable[[str], bytes] = read_file) -> Catalog:
    """The catalogue for the first available language of `languages`, falling back to English.
    A catalogue that is missing or cannot be read is skipped (its language falls back to
    English). ``read`` gets a catalogue's path and returns its bytes."""
    found: list[str] = []
    chain: list[Messages] = []
    for language in [lang for lang in languages if lang] + [DEFAULT]:
        if language in found:
            continue
        try:
            chain.append(Messages(read(_catalogue_path(localedir, language))))
        except (OSError, ValueError):
            continue
        found.append(language)
    # The code of the catalogue really used ("de" for a browser's "de_DE"), not the tag asked.
    return Catalog(chain, found[0] if found else DEFAULT)


def available(localedir: str | os.PathLike[str]) -> list[str]:
    """The languages that have a compiled catalogue."""
    if not os.path.isdir(localedir):
        return []
    return sorted(lang for lang in os.listdir(localedir)
                  if os.path.isfile(_catalogue_path(localedir, lang)))


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

