"""Saves: valid saves load to an equal state; junk, truncated, tampered and future-version input
raises fantan.SaveError and nothing else."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fantan


def game_at(name: str, seed: int, steps: int, players: int = 4) -> fantan.GameState:
    state = fantan.new_game(fantan.preset(name).replace(players=players), seed=seed,
                            dealer=seed % players)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


def match_at(name: str, seed: int, steps: int) -> fantan.Match:
    match = fantan.new_match(fantan.preset(name), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.is_over:
            if match.is_over:
                break
            match = match.next_hand()
        else:
            match = match.play(rng.choice(match.state.legal_moves()))
    return match


SAMPLES = [game_at(name, seed, steps) for name in sorted(fantan.PRESETS)
           for seed, steps in ((1, 0), (2, 17), (3, 10_000))]
MATCHES = [match_at(name, 4, steps) for name in ("sjueren", "fan-tan-chips", "shichi-narabe")
           for steps in (0, 60, 400)]


def loads_or_save_error(loader, text) -> object | None:
    """Load; only SaveError may be raised. A result must itself round-trip."""
    try:
        obj = loader(text)
    except fantan.SaveError as e:
        assert isinstance(e, ValueError)
        assert str(e)
        return None
    assert loader(obj.to_json()) == obj
    return obj


@pytest.mark.parametrize("state", SAMPLES, ids=repr)
def test_valid_saves_round_trip(state):
    text = state.to_json()
    back = fantan.load(text)
    assert back == state
    assert back.to_json() == text
    assert back.rules == state.rules and back.dealer == state.dealer
    assert back.legal_moves() == state.legal_moves()
    assert back.result == state.result
    assert fantan.load(text.encode("utf-8")) == state
    if not state.is_over:
        move = state.legal_moves()[-1]
        assert back.play(move) == state.play(move)


@pytest.mark.parametrize("match", MATCHES, ids=repr)
def test_valid_match_saves_round_trip(match):
    text = match.to_json()
    back = fantan.load_match(text)
    assert back == match
    assert back.totals == match.totals and back.hand_number == match.hand_number
    assert back.state == match.state


JUNK = [
    "", " ", "null", "true", "0", "1e400", "-1", "[]", "{}", '"fantan"', "[[[]]]",
    "{" * 5000, "[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000,
    "9" * 5000, '{"version": ' + "9" * 5000 + "}", "NaN", "Infinity", "\x00", "\ud800",
    b"\xff\xfe", b"", "[1, 2", '{"format": "fantan.game"', "x" * 2_000_000,
]


@pytest.mark.parametrize("text", JUNK, ids=lambda t: repr(t[:12]))
def test_junk_raises_save_error(text):
    with pytest.raises(fantan.SaveError):
        fantan.load(text)
    with pytest.raises(fantan.SaveError):
        fantan.load_match(text)


@pytest.mark.parametrize("value", [None, 5, 1.5, [], {}, object(), ["{}"]])
def test_wrong_python_types_raise_save_error(value):
    with pytest.raises(fantan.SaveError):
        fantan.load(value)  # type: ignore[arg-type]
    with pytest.raises(fantan.SaveError):
        fantan.load_match(value)  # type: ignore[arg-type]


def test_game_save_is_not_a_match_save_and_back():
    with pytest.raises(fantan.SaveError):
        fantan.load_match(SAMPLES[1].to_json())
    with pytest.raises(fantan.SaveError):
        fantan.load(MATCHES[1].to_json())


@pytest.mark.parametrize("state", SAMPLES[1::3], ids=repr)
def test_truncated_saves(state):
    text = state.to_json()
    for cut in range(0, len(text), max(1, len(text) // 60)):
        with pytest.raises(fantan.SaveError):
            fantan.load(text[:cut])


def test_future_version_is_refused():
    for obj, loader in ((SAMPLES[4], fantan.load), (MATCHES[4], fantan.load_match)):
        d = json.loads(obj.to_json())
        for version in (d["version"] + 1, 10**6, "1", None, 1.0, True, -1, 0):
            d["version"] = version
            with pytest.raises(fantan.SaveError):
                loader(json.dumps(d))
        del d["version"]
        with pytest.raises(fantan.SaveError):
            loader(json.dumps(d))


def test_a_refused_save_says_what_kind_of_failure():
    # (for a message to the player: damaged text, a newer game's save, a move the rules do not
    # allow, or data that does not fit together)
    state = game_at("fan-tan", 2, 17)
    text = state.to_json()

    def kind(loader, changed):
        with pytest.raises(fantan.SaveError) as refused:
            loader(changed)
        return refused.value.kind

    assert kind(fantan.load, text[:-5]) == "damaged"
    assert kind(fantan.load, "[]") == "damaged"
    d = json.loads(text)
    assert kind(fantan.load, json.dumps(dict(d, version=d["version"] + 1))) == "newer"
    assert kind(fantan.load, json.dumps(dict(d, version=0))) == "invalid"
    illegal = next(c for c in state.hand(state.to_move) if c not in state.legal_moves())
    assert kind(fantan.load, json.dumps(dict(d, moves=d["moves"] + [illegal]))) == "illegal-move"
    assert kind(fantan.load, json.dumps(dict(d, seed=d["seed"] + 1))) == "invalid"
    m = json.loads(MATCHES[4].to_json())
    assert kind(fantan.load_match, json.dumps(dict(m, version=m["version"] + 1))) == "newer"
    assert kind(fantan.load_match, json.dumps(dict(m, totals=[9] * len(m["totals"])))) == (
        "invalid")


def test_specific_tampering():
    state = game_at("fan-tan", 2, 17)
    assert state.moves
    d = json.loads(state.to_json())

    def refused(change):
        data = json.loads(json.dumps(d))
        change(data)
        with pytest.raises(fantan.SaveError):
            fantan.load(json.dumps(data))

    def swap_moves(x):
        x["moves"][0], x["moves"][1] = x["moves"][1], x["moves"][0]

    def card_twice(x):
        x["deal"][0][0] = x["deal"][1][0]

    def unknown_card(x):
        x["deal"][0][0] = "1S"

    def wrong_hand(x):
        x["hands"][0], x["hands"][1] = x["hands"][1], x["hands"][0]

    def shifted_seed(x):
        x["seed"] = (x["seed"] or 0) + 1

    refused(swap_moves)
    refused(card_twice)
    refused(unknown_card)
    refused(lambda x: x["moves"].append("junk"))
    refused(lambda x: x["moves"].insert(0, "pass"))
    refused(wrong_hand)
    refused(shifted_seed)
    refused(lambda x: x.update(dealer=99))
    refused(lambda x: x.update(dealer="0"))
    refused(lambda x: x.update(dealer=10**400))
    refused(lambda x: x.update(seed=1.5))
    refused(lambda x: x.update(to_move=(d["to_move"] or 0) + 1))
    refused(lambda x: x.update(moves="7D"))
    refused(lambda x: x.update(deal=None))
    refused(lambda x: x.update(rules={"players": 2}))
    refused(lambda x: x.update(rules="fan-tan"))
    refused(lambda x: x.update(format="chess"))
    refused(lambda x: x["rules"].update(deck="spanish40", ace="low"))
    refused(lambda x: x["rules"].update(opening_card="7S"))
    refused(lambda x: x["rules"].update(players=5))
    refused(lambda x: x.pop("deal"))
    refused(lambda x: x.pop("rules"))
    refused(lambda x: x["deal"].pop())


def test_a_match_save_with_another_deal_is_refused():
    # A match's deals follow from its seed; a save whose deal says otherwise (a card swapped
    # between two hands, in the first hand or a later one) is tampered with, not read as the
    # seed's deal.
    match = MATCHES[2]
    data = json.loads(match.to_json())
    assert len(data["hands"]) > 2
    for i in (0, len(data["hands"]) - 1):
        changed = json.loads(json.dumps(data))
        deal = changed["hands"][i]["deal"]
        deal[0][0], deal[1][0] = deal[1][0], deal[0][0]
        with pytest.raises(fantan.SaveError) as refused:
            fantan.load_match(json.dumps(changed))
        assert refused.value.kind == "invalid"
        assert "deal" in str(refused.value)
    assert fantan.load_match(json.dumps(data)) == match


# --- hypothesis: mutated saves ----------------------------------------------------------------

json_leaf = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=False),
    st.text(max_size=6), st.sampled_from(["7D", "10H", "TH", "pass", "give:7D", "5O", "AS"]),
)
json_values = st.recursive(
    json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                       st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12,
)


def paths(obj, prefix=()):
    """Every path into a JSON value."""
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, prefix + (i,))


def mutate(obj, path, kind, value):
    """The JSON value with one change at ``path``."""
    if not path:
        return value
    parent = obj
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if kind == "replace":
        parent[key] = value
    elif kind == "delete":
        del parent[key]
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        j = (key + 1) % len(parent)
        parent[key], parent[j] = parent[j], parent[key]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = value
    return obj


SETTINGS = settings(max_examples=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("saves", "loader"), [("games", "load"), ("matches", "load_match")])
@SETTINGS
@given(pick=st.integers(0, 10**6), which=st.integers(0, 10**6),
       kind=st.sampled_from(["replace", "delete", "swap", "duplicate"]), value=json_values)
def test_mutated_saves(saves, loader, pick, which, kind, value):
    samples = SAMPLES if saves == "games" else MATCHES
    d = json.loads(samples[which % len(samples)].to_json())
    all_paths = list(paths(d))
    path = all_paths[pick % len(all_paths)]
    text = json.dumps(mutate(d, path, kind, value))
    loads_or_save_error(getattr(fantan, loader), text)


@settings(max_examples=200, deadline=None)
@given(which=st.integers(0, len(SAMPLES) - 1), data=st.data())
def test_byte_level_damage(which, data):
    text = SAMPLES[which].to_json()
    pos = data.draw(st.integers(0, len(text) - 1))
    piece = data.draw(st.text(max_size=4))
    cut = data.draw(st.integers(0, 3))
    damaged = text[:pos] + piece + text[pos + cut:]
    loads_or_save_error(fantan.load, damaged)
    loads_or_save_error(fantan.load_match, damaged)


@settings(max_examples=150, deadline=None)
@given(value=json_values)
def test_arbitrary_json(value):
    text = json.dumps(value)
    loads_or_save_error(fantan.load, text)
    loads_or_save_error(fantan.load_match, text)


@settings(max_examples=100, deadline=None)
@given(blob=st.binary(max_size=200))
def test_arbitrary_bytes(blob):
    loads_or_save_error(fantan.load, blob)
    loads_or_save_error(fantan.load_match, blob)
