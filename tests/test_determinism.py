"""Seeded deals: pinned golden deals, determinism whatever the global random does, and a
library that touches neither the browser nor the global random generator."""

from __future__ import annotations

import ast
import io
import json
import pathlib
import random

import pytest

import fantan
from fantan import __main__ as cli

PACKAGE = pathlib.Path(fantan.__file__).parent

# Computed once from the engine and written down: a seed must deal exactly these hands on every
# Python (the shuffle is driven by random.Random(seed).random() only).
GOLDEN = [
    ("fan-tan", 1, 4, 0, 2, [
        ["4S", "5S", "7S", "9S", "JS", "8H", "10H", "JH", "AH", "5D", "2C", "JC", "KC"],
        ["3S", "6S", "QS", "KS", "3H", "5H", "KH", "10D", "AD", "4C", "9C", "10C", "QC"],
        ["8S", "2H", "4H", "QH", "3D", "4D", "6D", "7D", "9D", "KD", "6C", "8C", "AC"],
        ["2S", "10S", "AS", "6H", "7H", "9H", "2D", "8D", "JD", "QD", "3C", "5C", "7C"],
    ]),
    ("fan-tan", 2024, 5, 2, 3, [
        ["3S", "4S", "6S", "6H", "7H", "9H", "10H", "JH", "AD", "KC"],
        ["5S", "7S", "8S", "10S", "8H", "KH", "10D", "5C", "7C", "AC"],
        ["9S", "QS", "3H", "3D", "9D", "KD", "2C", "3C", "8C", "10C"],
        ["2S", "KS", "AH", "2D", "4D", "5D", "7D", "QD", "4C", "JC", "QC"],
        ["JS", "AS", "2H", "4H", "5H", "QH", "6D", "8D", "JD", "6C", "9C"],
    ]),
    ("cinquillo", 7, 6, 1, 2, [
        ["7O", "10O", "12O", "7C", "2E", "12E"],
        ["2O", "1C", "2C", "3C", "7E", "11E"],
        ["4O", "11C", "1E", "3E", "7B", "12B"],
        ["4C", "12C", "1B", "6B", "10B", "11B"],
        ["1O", "3O", "6O", "11O", "2B", "4B"],
        ["6C", "10C", "4E", "6E", "10E", "3B"],
    ]),
    ("sjuan", 123456789, 3, 0, 1, [
        ["4S", "7S", "JS", "AH", "2H", "4H", "7H", "8H", "JH", "2D", "5D", "6D", "7D", "QD",
         "KD", "4C", "7C"],
        ["5S", "8S", "9S", "QS", "3H", "QH", "KH", "3D", "8D", "10D", "JD", "AC", "2C", "3C",
         "5C", "8C", "10C", "KC"],
        ["AS", "2S", "3S", "6S", "10S", "KS", "5H", "6H", "9H", "10H", "AD", "4D", "9D", "6C",
         "9C", "JC", "QC"],
    ]),
]


@pytest.mark.parametrize("name,seed,players,dealer,first,hands", GOLDEN)
def test_golden_deals(name, seed, players, dealer, first, hands):
    rules = fantan.preset(name).replace(players=players)
    state = fantan.new_game(rules, seed=seed, dealer=dealer)
    assert [list(state.hand(s)) for s in range(players)] == hands
    assert state.to_move == first
    # The same hands given explicitly make the same game.
    explicit = fantan.new_game(rules, hands=hands, dealer=dealer)
    assert explicit.legal_moves() == state.legal_moves()
    assert [explicit.hand(s) for s in range(players)] == [state.hand(s) for s in range(players)]


def disturbed_game(rules: fantan.Rules, seed: int, disturb: int) -> tuple[str, str]:
    """A seeded game whose moves come from a private generator, with the global random
    generator reseeded and drawn from between every step."""
    random.seed(disturb)
    state = fantan.new_game(rules, seed=seed, dealer=1)
    chooser = random.Random(seed)
    while not state.is_over:
        random.seed(disturb + len(state.moves))
        for _ in range(disturb % 5):
            random.random()
        random.shuffle(list(range(10)))
        state = state.play(chooser.choice(state.legal_moves()))
    match = fantan.new_match(rules, seed=seed)
    random.random()
    return state.to_json(), match.to_json()


@pytest.mark.parametrize("name", sorted(fantan.PRESETS))
def test_same_seed_same_game_whatever_global_random_does(name):
    rules = fantan.preset(name)
    saved = random.getstate()
    try:
        a = disturbed_game(rules, 77, 1)
        b = disturbed_game(rules, 77, 2)
        c = disturbed_game(rules, 77, 3)
    finally:
        random.setstate(saved)
    assert a == b == c


def test_different_seeds_deal_differently():
    rules = fantan.preset("fan-tan")
    deals = {tuple(fantan.new_game(rules, seed=s).hand(0)) for s in range(30)}
    assert len(deals) == 30


def test_a_negative_seed_is_refused_everywhere(capsys):
    # Python seeds -n as n, so a negative seed could only repeat another deal.
    rules = fantan.preset("fan-tan")
    with pytest.raises(ValueError, match="0 or more"):
        fantan.new_game(rules, seed=-3)
    with pytest.raises(ValueError, match="0 or more"):
        fantan.new_match(rules, seed=-1)
    game = json.loads(fantan.new_game(rules, seed=3).to_json())
    match = json.loads(fantan.new_match(rules, seed=3).to_json())
    game["seed"] = match["seed"] = -3
    with pytest.raises(fantan.SaveError, match="0 or more"):
        fantan.load(json.dumps(game))
    with pytest.raises(fantan.SaveError, match="0 or more"):
        fantan.load_match(json.dumps(match))
    # The terminal game says what is wrong with its options instead of a traceback.
    for argv, words in ((["--seed", "-2"], "--seed must be 0 or more"),
                        (["--players", "12"], "3 to 8 players"),
                        (["--players", "0"], "3 to 8 players")):
        with pytest.raises(SystemExit) as stop:
            cli.main([*argv, "--watch"])
        assert stop.value.code == 2 and words in capsys.readouterr().err


def test_the_terminal_game_goes_on_from_a_save_as_it_would_have(tmp_path, monkeypatch, capsys):
    # A watched match of Easy players (every choice drawn from its seed), saved after each move:
    # loaded from its save in the second hand, it ends as the match played through did. (The
    # seeds were counted from 0 at each hand and at each start, so a loaded match went its own
    # way.)
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    kept: list[str] = []
    real_save = cli._save

    def save(match: fantan.Match, path: str | None) -> None:
        real_save(match, path)
        if match.hand_number == 2 and len(match.state.moves) == 5:
            kept.append(match.to_json())
    monkeypatch.setattr(cli, "_save", save)
    cli.main(["--watch", "--preset", "sjueren", "--seed", "4", "--level", "easy",
              "--save", str(whole)])
    assert len(kept) == 1
    monkeypatch.setattr(cli, "_save", real_save)
    part.write_text(kept[0], encoding="utf-8")
    cli.main(["--watch", "--load", str(part), "--level", "easy", "--save", str(part)])
    assert part.read_text(encoding="utf-8") == whole.read_text(encoding="utf-8")
    assert fantan.load_match(whole.read_text(encoding="utf-8")).is_over
    capsys.readouterr()


def test_the_terminal_game_says_what_is_wrong_with_a_file_it_cannot_load(tmp_path):
    out = io.StringIO()
    for name, data, words in (("binary.json", b"\xff\xfe{", "not UTF-8"),
                              ("cut.json", b'{"format": ', "not valid JSON"),
                              ("missing.json", None, "No such file")):
        path = tmp_path / name
        if data is not None:
            path.write_bytes(data)
        assert cli.main(["--watch", "--load", str(path)], out=out) == 2
        said = out.getvalue().splitlines()[-1]
        assert said.startswith(f"cannot load {path}: ") and words in said, said


def test_the_terminal_game_lists_every_preset_with_its_rules():
    out = io.StringIO()
    assert cli.main(["--list"], out=out) == 0
    lines = out.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == list(fantan.PRESETS)
    for line, rules in zip(lines, fantan.PRESETS.values(), strict=True):
        for fact in (rules.deck, f"ace {rules.ace}", f"start {rules.start_rank}",
                     rules.opening, f"{rules.passing} passing", rules.scoring,
                     f"{rules.hands_in_match()} hand(s)"):
            assert fact in line, (line, fact)


def test_seed_deal_does_not_depend_on_dealer_order_of_cards():
    # The dealer only changes who receives which card of the one shuffled order.
    rules = fantan.preset("fan-tan")
    a = fantan.new_game(rules, seed=5, dealer=0)
    b = fantan.new_game(rules, seed=5, dealer=1)
    assert [a.hand(s) for s in range(4)] == [b.hand((s + 1) % 4) for s in range(4)]


# --- the library's purity ---------------------------------------------------------------------

BROWSER_MODULES = {"js", "pyscript", "pyodide", "micropip", "pyodide_js", "_pyodide"}


def modules() -> list[pathlib.Path]:
    files = sorted(PACKAGE.rglob("*.py"))
    assert files
    return files


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.name)
def test_no_browser_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        for name in names:
            assert name.split(".")[0] not in BROWSER_MODULES, f"{path.name} imports {name}"


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.name)
def test_no_global_random(path):
    """Only random.Random(seed) instances: no module-level random functions. The command line
    alone may draw a fresh seed from the system when the user gives none."""
    allowed = {"Random"} | ({"SystemRandom"} if path.name == "__main__.py" else set())
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            for alias in node.names:
                assert alias.name in allowed, f"{path.name} imports random.{alias.name}"
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "random"):
            assert node.attr in allowed, f"{path.name} uses random.{node.attr}"
