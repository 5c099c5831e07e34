"""Observations: a seat's own hand and the public facts, and nothing of other seats' hidden
cards, however the object is searched."""

from __future__ import annotations

import itertools
import json
import random

import pytest

import fantan


def positions(name: str, seed: int, players: int = 4):
    """Every position of one random hand."""
    rules = fantan.preset(name).replace(players=players)
    state = fantan.new_game(rules, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    out = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def reachable(obj, seen=None, depth=0):
    """Every value reachable from ``obj`` through attributes, slots, properties and items."""
    if seen is None:
        seen = set()
    if id(obj) in seen or depth > 40:
        return
    seen.add(id(obj))
    yield obj
    if isinstance(obj, (str, bytes, int, float, bool, type(None))):
        return
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from reachable(k, seen, depth + 1)
            yield from reachable(v, seen, depth + 1)
        return
    if isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            yield from reachable(v, seen, depth + 1)
        return
    if callable(obj) and not hasattr(obj, "__dict__") and not hasattr(type(obj), "__slots__"):
        return
    names = set(getattr(obj, "__dict__", {}) or {})
    for klass in type(obj).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        names |= {slots} if isinstance(slots, str) else set(slots)
        for name, member in klass.__dict__.items():
            if isinstance(member, property):
                names.add(name)
    for name in sorted(names):
        if name.startswith("__"):
            continue
        try:
            value = getattr(obj, name)
        except Exception:
            continue
        if callable(value) and not isinstance(value, (tuple, list, dict)):
            if name in ("to_dict", "rows"):
                try:
                    value = value()
                except Exception:
                    continue
            else:
                continue
        yield from reachable(value, seen, depth + 1)


def test_observation_holds_own_hand_sizes_and_history():
    for state in positions("fan-tan", 3)[::5]:
        for seat in range(4):
            obs = state.observation(seat)
            assert obs.seat == seat
            assert tuple(obs.hand) == state.hand(seat)
            assert tuple(obs.hand_sizes) == tuple(len(state.hand(s)) for s in range(4))
            assert obs.to_move == state.to_move
            assert obs.dealer == state.dealer
            assert obs.rules == state.rules
            public = [e for e in state.history]
            assert [(e.kind, e.seat, e.card) for e in obs.history] == [
                (e.kind, e.seat, e.card) for e in public]
            if state.to_move == seat:
                assert tuple(obs.legal_moves) == state.legal_moves()
            else:
                assert tuple(obs.legal_moves) == ()
            assert obs.rows() == state.rows()


@pytest.mark.parametrize("name", ["sjueren", "ristiseiska", "eights-first", "shichi-narabe",
                                  "cinquillo", "domino"])
def test_pass_events_show_what_was_playable(name):
    passes = 0
    for seed in range(6):
        states = positions(name, seed)
        for before, after in itertools.pairwise(states):
            e = after.history[-1]
            if e.kind == "pass":
                passes += 1
                # The cards the table took then: every row's needs (a forced passer held none).
                needs = {code for row in before.rows() for code in row.needs}
                assert set(e.cards) == needs and len(e.cards) == len(needs)
                if before.rules.passing == "forced":
                    assert not needs & set(before.hand(e.seat))
    assert passes


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "shichi-narabe", "cinquillo",
                                  "sjuan", "domino"])
def test_to_dict_is_json_and_round_trips(name):
    for state in positions(name, 5)[::7]:
        for seat in range(state.players):
            obs = state.observation(seat)
            d = obs.to_dict()
            text = json.dumps(d)
            back = fantan.Observation.from_dict(json.loads(text))
            assert back.to_dict() == d
            assert tuple(back.hand) == tuple(obs.hand)
            assert sorted(d["hand"]) == sorted(state.hand(seat))


@pytest.mark.parametrize("players", [3, 6, 8])
def test_places_agree_with_the_hand_s_ranking(players):
    # Placement: the places each seat sees, while the hand runs and once it is over, are those
    # of the result's ranking (the last seat left in is ranked next; eliminated seats after).
    for seed in range(8):
        states = positions("shichi-narabe", seed, players)
        last = states[-1]
        assert last.result is not None
        for state in states:
            places = state.observation(seed % players).places
            out = state.observation(0).out
            assert [places[s] for s in out] == list(range(1, len(out) + 1))
            if not state.is_over:  # (a place is for a seat that went out)
                assert [s for s in range(players) if places[s] is not None] == sorted(out)
        places = last.observation(0).places
        ranked = [s for s in last.result.ranking if places[s] is not None]
        assert ranked == list(last.result.ranking[:len(ranked)])
        assert [places[s] for s in ranked] == list(range(1, len(ranked) + 1))
        eliminated = set(last.observation(0).eliminated)
        assert {s for s in range(players) if places[s] is None} == eliminated
    assert fantan.new_game(fantan.preset("fan-tan"), seed=1).observation(0).places == (
        None,) * 4


def test_an_observation_that_does_not_fit_together_is_refused():
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    d = state.observation(state.to_move).to_dict()
    assert fantan.Observation.from_dict(d).legal_moves == ("7D",)
    not_in_hand = next(c for c in ("KS", "KH", "KD") if c not in d["hand"])
    for key, value, what in [
        ("seat", 9, "a seat"), ("to_move", -1, "a seat"),
        ("hand_sizes", [13, 13, 13], "a count per seat"),
        ("table", d["hand"][:1], "the hand"),
        ("legal_moves", [not_in_hand], f"the move '{not_in_hand}'"),
        ("legal_moves", ["zz"], "the move 'zz'"),
    ]:
        with pytest.raises(ValueError, match=f"{what} does not fit"):
            fantan.Observation.from_dict({**d, key: value})
        with pytest.raises(ValueError):
            fantan.ai.choose("easy", {**d, key: value})
    # Later in the hand, passes and a gift due: seats, counts and numbers out of any game are
    # refused as such at every level (not another error, an endless play-out or a move).
    state = next(s for s in positions("ruter-7", 3) if s.pending_gift is not None)
    d = state.observation(state.to_move).to_dict()
    sizes = d["hand_sizes"]
    for key, value, what in [
        ("gift", [d["gift"][0], 99], "a seat"), ("gift", [d["gift"][0]] * 2, "a seat"),
        ("out", [99], "a seat"), ("eliminated", [-1], "a seat"),
        ("history", d["history"][:-1] + [{**d["history"][-1], "seat": 4}], "a seat"),
        ("hand_sizes", [*sizes[:-1], -5], "a count per seat"),
        ("passes", [-1] * 4, "a count per seat"),
        ("hand_sizes", [*sizes[:-1], sizes[-1] + 1], "the table"),
        ("laid_out", d["hand"][:1], "the table"),  # (laid out, not on the table)
        # (a gift of a card we still hold, as if given: a card in no hand, an endless search)
        ("history", [*d["history"], {"kind": "give", "seat": d["seat"], "card": d["hand"][0],
                                     "cards": [], "to": d["gift"][1]}], "the history"),
        ("history", [*d["history"], {"kind": "give", "seat": d["seat"], "card": None,
                                     "cards": [], "to": None}], "a gift"),
        # (a card played that is not on the table)
        ("history", [{**e, "card": d["hand"][0]} if e["kind"] == "play" else e
                     for e in d["history"]], "the history"),
        # (a seat out of the hand that holds cards, or has the turn, or is out twice: a
        # play-out waited for it for ever)
        ("out", [(d["seat"] + 1) % 4], "a seat out of the hand"),
        ("eliminated", [d["to_move"]], "a seat out of the hand"),
    ]:
        for level in fantan.ai.LEVELS:
            with pytest.raises(ValueError, match=f"{what} does not fit"):
                fantan.ai.choose(level, {**d, key: value}, iterations=4)
    for key, value in [("seat", float("inf")), ("seat", True), ("dealer", "1"),
                       ("to_move", 1.0), ("passes", [0, 0, 0, 2**0.5])]:
        with pytest.raises(ValueError, match="not an observation"):
            fantan.ai.choose("hard", {**d, key: value}, iterations=4)


def test_a_position_whose_play_never_ends_is_refused_not_played_for_ever():
    # An Observation made directly is not checked as from_dict checks one: a seat taken to
    # be out of the hand while it holds cards. Hard's play-outs stop at MOST_STEPS moves.
    state = fantan.new_game(fantan.preset("fan-tan").replace(scoring="placement"), seed=1)
    for _ in range(6):
        state = state.play(state.legal_moves()[0])
    obs = state.observation(state.to_move)
    fields = {name: getattr(obs, name) for name in fantan.Observation.__slots__}
    bad = fantan.Observation(**{**fields, "out": ((state.to_move + 1) % 4,)})
    with pytest.raises(ValueError, match="a hand of more than 10000 moves"):
        fantan.ai.choose("hard", bad, iterations=4)


def hidden_cards(state: fantan.GameState, seat: int) -> list[frozenset[str]]:
    return [frozenset(state.hand(s)) for s in range(state.players)
            if s != seat and len(state.hand(s)) > 1]


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "ristiseiska", "shichi-narabe"])
def test_no_other_hand_reachable(name):
    for state in positions(name, 11)[::4]:
        for seat in range(state.players):
            obs = state.observation(seat)
            # The table's open cells are public (a pass records them); another hand may
            # happen to equal them.
            public = {frozenset(e.cards) for e in obs.history if e.kind == "pass"}
            public |= {frozenset(r.needs) for r in obs.rows()}
            others = [h for h in hidden_cards(state, seat) if h not in public]
            for value in list(reachable(obs)) + list(reachable(obs.to_dict())):
                assert not isinstance(value, fantan.GameState)
                if isinstance(value, (list, tuple, set, frozenset)) and value:
                    if all(isinstance(v, str) for v in value):
                        assert frozenset(value) not in others, (seat, value)
                if isinstance(value, int) and not isinstance(value, bool) and value > 1 << 8:
                    # a card set as a bitmask: it must not be another seat's hand
                    for s in range(state.players):
                        hand = frozenset(state.hand(s))
                        if s != seat and len(hand) > 1 and hand not in public:
                            assert value != _mask_of(state, s), (seat, s)


def _mask_of(state: fantan.GameState, seat: int) -> int:
    """Another seat's hand as a bitmask, found through a one-hand observation of that seat."""
    return getattr(state.observation(seat), "hand_mask", None)


def initial_hands(state: fantan.GameState) -> list[list[str]]:
    """The deal, worked back from the hands and the full history."""
    hands = [set(state.hand(s)) for s in range(state.players)]
    for e in reversed(state.history):
        if e.kind == "play":
            hands[e.seat].add(e.card)
        elif e.kind in ("preplace", "eliminated"):
            hands[e.seat] |= set(e.cards)
        elif e.kind == "give":
            hands[e.to].discard(e.card)
            hands[e.seat].add(e.card)
    return [sorted(h) for h in hands]


def swapped_twin(state: fantan.GameState, observer: int):
    """The same public game with one hidden card of two other seats exchanged in the deal, or
    None if no such pair exists or the moves no longer fit."""
    deal = initial_hands(state)
    n = state.players
    others = [s for s in range(n) if s != observer]
    for a in others:
        for b in others:
            if a >= b:
                continue
            ca = [c for c in deal[a] if c in state.hand(a)]
            cb = [c for c in deal[b] if c in state.hand(b)]
            if not ca or not cb:
                continue
            x, y = ca[-1], cb[-1]
            twin_deal = [list(h) for h in deal]
            twin_deal[a][twin_deal[a].index(x)] = y
            twin_deal[b][twin_deal[b].index(y)] = x
            twin = fantan.new_game(state.rules, hands=twin_deal, dealer=state.dealer)
            ok = True
            for move in state.moves:
                if twin.why_illegal(move) is not None:
                    ok = False
                    break
                twin = twin.play(move)
            if ok and twin.legal_moves() == state.legal_moves():
                return twin
    return None


def fingerprint(obs) -> list:
    return [repr(v) for v in reachable(obs) if isinstance(v, (str, int, float, bool))]


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "sjuan", "shichi-narabe"])
def test_hidden_cards_leave_no_trace(name):
    # Two games that differ only in where two hidden cards lie look the same to the observer.
    compared = 0
    for state in positions(name, 21)[5::9]:
        if state.is_over:
            continue
        for observer in range(state.players):
            twin = swapped_twin(state, observer)
            if twin is None:
                continue
            assert twin != state
            a, b = state.observation(observer), twin.observation(observer)
            assert a.to_dict() == b.to_dict()
            assert fingerprint(a) == fingerprint(b)
            compared += 1
    assert compared > 3


def test_gift_card_seen_by_giver_and_receiver_only():
    rules = fantan.preset("ruter-7")
    for seed in range(50):
        for state in positions("ruter-7", seed):
            gives = [e for e in state.history if e.kind == "give"]
            if not gives:
                continue
            e = gives[0]
            for seat in range(4):
                seen = next(x for x in state.observation(seat).history if x.kind == "give")
                d = next(x for x in state.observation(seat).to_dict()["history"]
                         if x["kind"] == "give")
                if seat in (e.seat, e.to):
                    assert seen.card == e.card and d["card"] == e.card
                else:
                    assert seen.card is None and d["card"] is None
                    assert e.card not in fingerprint_strings(state.observation(seat)) or (
                        _card_public(state, e.card))
            assert rules.pass_penalty == "card"
            return
    raise AssertionError("no gift found")


def fingerprint_strings(obs) -> set[str]:
    return {v for v in reachable(obs.to_dict()) if isinstance(v, str)}


def _card_public(state: fantan.GameState, card: str) -> bool:
    """A card is public once it has been played or shown in a pass's playable cells."""
    return any(e.card == card or card in e.cards for e in state.history if e.kind != "give")


def test_observation_of_a_bad_seat():
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    for seat in (-1, 4, 99, True):
        for ask in (state.observation, state.hand, state.hand_size):
            with pytest.raises(ValueError, match="seat must be 0..3"):
                ask(seat)


@pytest.mark.parametrize("name", list(fantan.PRESETS))
def test_fitting_cards_are_those_the_table_takes_whoever_is_to_move(name):
    others = 0  # fitting cards of seats not to move: what the page shows between turns
    for seed in (3, 4):
        for state in positions(name, seed, players=5):
            for seat in range(state.players):
                obs = state.observation(seat)
                fitting = set(obs.fitting)
                if state.is_over:
                    assert not fitting
                    continue
                assert fitting <= set(obs.hand)
                if seat == state.to_move and state.pending_gift is None:
                    assert fitting == {m for m in state.legal_moves() if m != "pass"}
                elif seat != state.to_move:
                    needs = {c for row in obs.rows() for c in row.needs}
                    assert fitting == set(obs.hand) & (
                        needs if obs.start is not None else set(obs.hand))
                    others += len(fitting)
    assert others


def test_the_cards_laid_out_by_a_seat_that_dropped_out_are_public():
    # Shichi Narabe without optional passes: a seat that cannot play drops out and lays its
    # cards out. Every observer sees them (those not yet joined to a row), and no other card.
    rules = fantan.preset("shichi-narabe").replace(pass_limit=0)
    eliminations = 0
    for seed in range(12):
        state, rnd = fantan.new_game(rules, seed=seed), random.Random(seed)
        laid: set[str] = set()
        while not state.is_over:
            state = state.play(rnd.choice(state.legal_moves()))
            event = state.history[-1]
            seen = {tuple(state.observation(k).to_dict()["laid_out"])
                    for k in range(state.players)}
            assert len(seen) == 1
            if event.kind == "eliminated":
                eliminations += 1
                if not laid:  # (the first: none of its cards can have joined a row yet)
                    assert set(seen.pop()) == set(event.cards), seed
                laid |= set(event.cards)
            else:
                assert set(seen.pop()) <= laid
    assert eliminations >= 10
