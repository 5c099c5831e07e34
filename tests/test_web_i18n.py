"""The message catalogue (web/i18n.py and the .po files): complete, plural-aware, with
fallback to English, and every id the page's code asks for present."""

from __future__ import annotations

import re
from pathlib import Path

import web_support
from web_support import WEB, english, i18n

import build


def test_plurals_and_placeholders() -> None:
    cat = english()
    assert cat.n("seat.cards", 1) == "1 card"
    assert cat.n("seat.cards", 3) == "3 cards"
    assert cat.t("event.play", name="Otto", card="8♠") == "Otto plays 8♠"
    assert cat.join(["a", "b", "c"]) == "a, b and c"
    assert cat.t("event.play") == "{name} plays {card}"  # unfilled but never an exception
    assert cat.t("event.play", name="x") == "{name} plays {card}"


def test_every_id_used_in_the_code_is_in_the_english_catalogue() -> None:
    entries = build.parse_po(web_support.EN_PO.read_text(encoding="utf-8"))
    ids = {key.split("\0")[0] for key in entries if key}
    used = set()
    for name in ("main.py", "view.py", "render.py", "store.py"):
        text = (WEB / name).read_text(encoding="utf-8")
        used |= set(re.findall(r'"((?:msg|button|seat|table|reason|results|setup|settings|'
                               r'menu|rules|event|card|list|app)\.[a-z0-9.-]+)"', text))
    missing = sorted(u for u in used if u not in ids)
    assert not missing, missing


def test_load_falls_back_to_english(tmp_path: Path) -> None:
    en = tmp_path / "en" / "LC_MESSAGES"
    en.mkdir(parents=True)
    (en / "fantan.mo").write_bytes(build.compile_po(web_support.EN_PO.read_text()))
    de = tmp_path / "de" / "LC_MESSAGES"
    de.mkdir(parents=True)
    (de / "fantan.mo").write_bytes(build.compile_po(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n'
        'Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "button.play"\nmsgstr "Ausspielen"\n'))
    cat = i18n.load(tmp_path, ["de"])
    assert cat.language == "de"
    assert cat.t("button.play") == "Ausspielen"
    assert cat.t("button.hint") == "Hint"  # not translated yet: English
    assert i18n.load(tmp_path, ["fr"]).language == "en"
    assert i18n.available(tmp_path) == ["de", "en"]


def test_browser_languages_map_to_catalogue_codes() -> None:
    assert i18n.browser_languages(["nb-NO", "de", "en-US"]) == ["nb_NO", "nb", "de", "en_US",
                                                                  "en"]
