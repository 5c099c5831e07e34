"""The message catalogues (web/i18n.py and the .po files): every language complete, plural-aware
and with the English placeholders, numbers written as each language writes them, fallback to
English, and every id the page's code asks for present."""

from __future__ import annotations

import dataclasses
import gzip
import importlib.util
import re
import string
import zipimport
from pathlib import Path

import pytest
import web_support
from web_support import WEB, catalog, english, i18n, po_path, render, store, view

import build
import fantan

LANGUAGES = list(i18n.LANGUAGES)
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def entries(language: str) -> dict[str, str | list[str]]:
    return build.parse_po(po_path(language).read_text(encoding="utf-8"))


def ids(language: str) -> set[str]:
    return {key.split("\0")[0] for key in entries(language) if key}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_of_the_picker_has_a_catalogue() -> None:
    assert sorted(LANGUAGES) == sorted(p.name for p in (WEB / "locale").iterdir()
                                       if (p / "LC_MESSAGES" / "fantan.po").is_file())


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_key_is_missing_in_any_language(language: str) -> None:
    """Lists every English id the language lacks (or leaves empty), and every id it has that
    English does not."""
    missing = sorted(ids("en") - ids(language))
    unknown = sorted(ids(language) - ids("en"))
    assert not missing, f"{language} lacks {len(missing)} messages: {missing}"
    assert not unknown, f"{language} has messages English does not: {unknown}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_placeholders_and_plural_forms(language: str) -> None:
    en, other = entries("en"), entries(language)
    header = str(other[""])
    assert f"Language: {language}" in header
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header
    for key, value in en.items():
        if not key:
            continue
        theirs = other[key]
        assert isinstance(theirs, list) == isinstance(value, list), key
        forms = theirs if isinstance(theirs, list) else [theirs]
        wanted = set().union(*(placeholders(v) for v in (value if isinstance(value, list)
                                                         else [value])))
        for form in forms:
            assert placeholders(form) <= wanted | {"count"}, (key, form)
            if not isinstance(value, list):
                assert placeholders(form) == wanted, (key, form)


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_compiles_and_reads_back(language: str) -> None:
    cat = catalog(language)
    assert cat.t("button.play")
    assert not cat.t("button.play").startswith("button.")
    assert cat.has("tip.gates")


def test_the_catalogues_speak_of_the_game_in_the_rule_texts_own_words() -> None:
    # The players know the game from the rule texts it came from (the seeds): a pass is a
    # "passaggio" and a chip a "chip" in Italian, going out "tom for kort" in Norwegian (where
    # "ute" also means knocked out).
    def texts(language: str) -> str:
        return "\n".join(" ".join(v) if isinstance(v, list) else v
                         for k, v in entries(language).items() if k)
    assert "fiche" not in texts("it").lower()
    assert not re.search(r"\b(går ut(?! fra)|nesten ute|er ute;)", texts("nb"))  # ("assume")
    it, nb, de = catalog("it"), catalog("nb"), catalog("de")
    assert it.n("seat.passes", 2) == "2 passaggi" and it.t("seat.chips", chips=3) == "Chip 3"
    assert it.t("event.play", name="Lina", card="7♦") == "Lina gioca la carta 7♦"
    assert nb.t("event.out", name="Lina") == "Lina er tom for kort"
    assert nb.n("event.low", 2, name="Lina") == "Lina er snart tom for kort: 2 kort igjen"
    # (a rank of either gender: "die Karte K", not "ihre K", whose article fits only a number)
    assert de.t("rules.build.eights-first", rank="K").startswith(
        "Ist eine Reihe eröffnet, muss die Karte K vor")


def test_plurals_and_placeholders() -> None:
    cat = english()
    assert cat.n("seat.cards", 1) == "1 card"
    assert cat.n("seat.cards", 3) == "3 cards"
    assert cat.t("event.play", name="Otto", card="8♠") == "Otto plays 8♠"
    assert cat.join(["a", "b", "c"]) == "a, b and c"
    assert cat.t("event.play") == "{name} plays {card}"  # unfilled but never an exception
    assert cat.t("event.play", name="x") == "{name} plays {card}"
    de = catalog("de")
    assert (de.n("seat.cards", 1), de.n("seat.cards", 3)) == ("1 Karte", "3 Karten")
    assert de.n("rules.players", 1) == "1 Spieler"
    assert catalog("it").n("seat.cards", 0) == "0 carte"
    assert catalog("nl").n("setup.match-hands", 5) == "5 rondes"
    assert catalog("nb").n("rules.players", 4) == "4 spillere"
    assert de.join(["Karo", "Herz"]) == "Karo und Herz"


def test_numbers_are_written_the_language_s_way() -> None:
    assert english().num(1234567) == "1,234,567"
    assert english().num(-12) == "−12"  # (a minus sign as wide as the plus, not a hyphen)
    assert english().num(5, signed=True) == "+5"
    assert english().num(0, signed=True) == "0"
    assert catalog("de").num(12345) == "12.345"
    assert catalog("nl").num(-1500) == "−1.500"
    assert catalog("it").num(1000) == "1.000"
    assert catalog("nb").num(-12345) == "−12\u00a0345"
    assert i18n.Catalog().num(1000) == "1,000"  # no catalogue at all: still a number
    assert i18n.Catalog().num(-5) == "-5"
    # and with decimals (a hint's figure): rounded, the language's decimal mark
    assert english().dec(0.66) == "0.7"
    assert english().dec(1234.25, places=2) == "1,234.25"
    assert catalog("de").dec(0.66) == "0,7"
    assert catalog("nl").dec(1234.5) == "1.234,5"
    assert catalog("nb").dec(-2.04) == "−2,0"
    assert catalog("it").dec(-0.04) == "0,0"  # (no minus before a zero)
    assert english().dec(3, places=0) == "3"
    assert i18n.Catalog().dec(0.25) == "0.2"  # (rounded half to even, as Python rounds)


def page_code() -> str:
    """Every file of the page's own code (Python, HTML, the loader's JavaScript), as one text."""
    files = sorted(p for p in WEB.iterdir() if p.suffix in (".py", ".html", ".js"))
    assert {"app.py", "view.py", "index.html", "boot.js"} <= {p.name for p in files}
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def test_every_id_used_in_the_code_is_in_the_english_catalogue() -> None:
    known = ids("en")
    used = set(re.findall(r'"((?:msg|button|seat|table|reason|results|setup|settings|'
                          r'menu|rules|event|card|list|app|announce|format|boot)'
                          r'\.[a-z0-9.-]+)"', page_code()))
    assert "boot.stage.page" in used and "msg.your-turn" in used
    missing = sorted(u for u in used if u not in known)
    assert not missing, missing


def test_every_id_of_the_english_catalogue_is_used() -> None:
    # An id nothing asks for is a text translated five times for nothing, or a text that a
    # renamed id left behind: each is asked for by name, or by a family the code completes
    # (f"suit.{suit}", "axis.build_order.{}"), or is a message's wording for keys or clicks.
    code = page_code()
    key = r"[a-z][a-z_-]*\.[a-z0-9._-]*"
    named = set(re.findall(rf"[\"']({key})[\"']", code))
    families = set(re.findall(rf"f[\"']({key})\{{", code)) | set(
        re.findall(rf"[\"']({key})\{{\}}", code))
    assert {"seat.name.", "rank-name.", "axis.build_order."} <= families

    def used(msgid: str) -> bool:
        return (msgid in named or re.sub(r"-(keys|click)$", "", msgid) in named
                or any(msgid.startswith(family) for family in families))
    assert sorted(msgid for msgid in ids("en") if not used(msgid)) == []


def test_load_falls_back_to_english(tmp_path: Path) -> None:
    en = tmp_path / "en" / "LC_MESSAGES"
    en.mkdir(parents=True)
    (en / "fantan.json").write_bytes(build.compile_po(web_support.EN_PO.read_text()))
    de = tmp_path / "de" / "LC_MESSAGES"
    de.mkdir(parents=True)
    (de / "fantan.json").write_bytes(build.compile_po(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n'
        'Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
        'msgid "button.play"\nmsgstr "Ausspielen"\n'))
    cat = i18n.load(tmp_path, ["de"])
    assert cat.language == "de"
    assert i18n.load(tmp_path, ["de_DE", "de"]).language == "de"  # the catalogue's own code
    assert cat.t("button.play") == "Ausspielen"
    assert cat.t("button.hint") == "Hint"  # not translated yet: English
    assert i18n.load(tmp_path, ["fr"]).language == "en"
    assert i18n.available(tmp_path) == ["de", "en"]


def test_browser_languages_map_to_catalogue_codes() -> None:
    assert i18n.browser_languages(["nb-NO", "de", "en-US"]) == ["nb_NO", "nb", "de", "en_US",
                                                                  "en"]
    # Norwegian without a written standard, or Nynorsk: Bokmål is the nearest we have.
    assert "nb" in i18n.browser_languages(["no"])
    assert "nb" in i18n.browser_languages(["nn-NO"])


def test_the_loader_texts_exist_in_every_language() -> None:
    texts = build.boot_texts(WEB)
    assert sorted(texts) == sorted(LANGUAGES)
    keys = set(texts["en"])
    assert {"boot.stage.runtime", "boot.failure", "boot.update", "boot.update-load",
            "boot.update-later"} <= keys
    for language in TRANSLATED:
        assert set(texts[language]) == keys
        # translated, not the English fallback (the engine's name may stay the same)
        assert texts[language]["boot.failure"] != texts["en"]["boot.failure"], language
    # Each stage of the start its own words: the first and the last read alike ("Loading the
    # game…" at 0% and again at 85%).
    for language in LANGUAGES:
        stages = [text for key, text in texts[language].items()
                  if key.startswith("boot.stage.")]
        assert len(stages) == len(set(stages)) >= 6, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_and_the_board_render_without_raw_ids(language: str) -> None:
    """Every part of the page in the language: no message id shows instead of its text."""
    cat = catalog(language)
    raw = re.compile(r"\b(?:msg|button|seat|table|reason|results|setup|settings|menu|rules|"
                     r"event|card|list|app|announce|axis|preset|tip|rank|suit|refused|level|"
                     r"speed|stats|moves)\.[a-z0-9_.-]+")
    record = store.parse_stats(None)
    record["levels"]["easy"] = {"hands": 1200, "hands_won": 700, "matches": 9, "matches_won": 2}
    for preset in ("fan-tan-chips", "cinquillo", "shichi-narabe"):
        match = fantan.new_match(fantan.preset(preset), seed=4)
        while not match.state.is_over:
            match = match.play(match.state.legal_moves()[0])
        rules = match.rules
        played = [e.card for e in match.state.history if e.kind == "play"]
        log = view.move_log(match.state.observation(0))
        first = view.our_choices(match)[0]
        made = [dataclasses.replace(first, move=move)
                for move in (played[0], "pass", f"give:{played[0]}")]
        tv = view.table_view(cat, match.state.observation(0), match.totals, 1, match.hands)
        html = "".join([
            "".join(render.rows(cat, rules, tv.rows)),
            "".join(render.seat(cat, sv, "x") for sv in tv.seats),
            render.results(cat, rules, view.results_view(cat, match)),
            render.setup(cat, {"preset": "custom", "rules": rules, "level": "easy",
                               "match": None}),
            render.rules_page(cat, preset, rules),
            render.moves_page(cat, rules, view.move_log(match.state.observation(0))),
            render.moves_page(cat, rules, dataclasses.replace(  # (what the moves tell)
                view.move_log(match.state.observation(0)),
                known=[(1, (played[0],), (played[1],))])),
            render.moves_page(cat, rules, view.move_log(match.state.observation(0)),
                              checkable=True),
            render.moves_page(cat, rules, view.move_log(match.state.observation(0)),
                              unchecked=True),
            *(render.moves_page(cat, rules, log, checked=view.review(  # (each kind of move)
                cat, rules, log, some, [{"move": played[1], "kind": "plain"}] * len(some)))
              for some in (made, made[:2])),  # (with a gift, and without: all framed)
            render.moves_page(cat, rules, view.move_log(fantan.new_game(rules, 4).observation(0))),
            render.menu(cat, {"speed": "fast", "level": "hard", "four_colour": False,
                              "language": language}, record, moves=True),
            render.record(cat, record, confirm_reset=True),
            render.info(cat, tv, "hard"),
            render.bar_actions(cat),
            view.announcement(cat, rules, match.state.observation(0).history),
        ])
        text = re.sub(r"<[^>]*>", " ", html)
        assert not raw.search(text), (language, raw.search(text))
        assert "{" not in text


# --- the catalogue reader -------------------------------------------------------------------------


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
def test_the_reader_reads_every_entry_of_a_compiled_catalogue(language: str) -> None:
    po = entries(language)
    messages = i18n.Messages(build.compile_po(po_path(language).read_text(encoding="utf-8")))
    assert messages.messages == {key: value for key, value in po.items() if "\0" not in key}
    assert messages.plurals == {key.split("\0")[0]: value for key, value in po.items()
                                if "\0" in key}
    assert messages.plurals and messages.messages["button.hint"]
    for key in messages.plurals:  # (every language here has two forms: one, and the rest)
        assert [messages.plural(key, n) for n in (0, 1, 2, 21)] == [
            po[next(k for k in po if k.startswith(key + "\0"))][f] for f in (1, 0, 1, 1)]


def test_the_reader_refuses_other_data() -> None:
    assert i18n.Messages(build.compile_po('msgid "a"\nmsgstr "b"\n')).messages["a"] == "b"
    for bad in (b"", b"not a catalogue at all", b"\xff\xfe", b"[1, 2]", b'{"a": 3}',
                b'{"a": ["x"]}', b'{"a\\u0000b": "x"}', b'{"a\\u0000b": []}',
                b'{"a\\u0000b": ["x", 2]}'):
        with pytest.raises(ValueError):
            i18n.Messages(bad)


@pytest.mark.parametrize("rule, forms", [
    ("nplurals=2; plural=(n != 1);", [1, 0, 1, 1]),
    ("nplurals=2; plural=n > 1;", [0, 0, 1, 1]),
    ("nplurals=1; plural=0;", [0, 0, 0, 0]),
    # Polish: three forms, evaluated by the standard library's parser.
    ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
     [2, 0, 1, 2]),
])
def test_plural_rules_from_the_header(rule: str, forms: list[int]) -> None:
    mo = build.compile_po(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n'
        f'Plural-Forms: {rule}\\n"\n\n'
        'msgid "k"\nmsgid_plural "k"\nmsgstr[0] "zero"\nmsgstr[1] "one"\nmsgstr[2] "two"\n')
    messages = i18n.Messages(mo)
    names = ["zero", "one", "two"]
    assert [messages.plural("k", n) for n in (0, 1, 3, 5)] == [names[f] for f in forms]


def test_an_unreadable_catalogue_falls_back_to_english(tmp_path: Path) -> None:
    en = tmp_path / "en" / "LC_MESSAGES"
    en.mkdir(parents=True)
    (en / "fantan.json").write_bytes(build.compile_po(web_support.EN_PO.read_text()))
    de = tmp_path / "de" / "LC_MESSAGES"
    de.mkdir(parents=True)
    (de / "fantan.json").write_bytes(b'{"button.hint": "Tipp", "truncat')
    cat = i18n.load(tmp_path, ["de"])
    assert cat.language == "en" and cat.t("button.hint") == "Hint"
    assert i18n.available(tmp_path / "missing") == []


def test_catalogues_load_from_the_archive_the_module_was_imported_from(tmp_path: Path) -> None:
    # As in the page: i18n.py and the compiled catalogues inside python.zip (as the entry
    # points unpack it from the gzip it ships in), imported by zipimport.
    archive = tmp_path / "python.zip"
    archive.write_bytes(gzip.decompress(build.bundle_bytes({
        "i18n.py": (WEB / "i18n.py").read_bytes(),
        "locale/en/LC_MESSAGES/fantan.json": build.compile_po(web_support.EN_PO.read_text()),
        "locale/de/LC_MESSAGES/fantan.json": build.compile_po(po_path("de").read_text()),
    })))
    spec = zipimport.zipimporter(str(archive)).find_spec("i18n")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.LOCALEDIR == str(archive / "locale")
    cat = module.load(module.LOCALEDIR, ["nl", "de"], read=module.read_beside)
    assert cat.language == "de"  # no Dutch in this archive
    assert cat.t("button.hint") == catalog("de").t("button.hint") != "Hint"
    # Read as files instead, the same paths are missing: English.
    assert module.load(module.LOCALEDIR, ["de"]).language == "en"
