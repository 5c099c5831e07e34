"""Random play-outs over every preset, player count and custom rule set, with the invariants of
RULES.md and API.md checked after every move against a small model written from RULES.md."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import fantan

PRESET_NAMES = sorted(fantan.PRESETS)
JUNK = ("", "junk", "give:", "give:ZZ", "pass:", "7", "QQ", "7DD")


class Model:
    """What RULES.md says about one position, worked out from the public history alone."""

    def __init__(self, kit, state: fantan.GameState) -> None:
        self.kit = kit
        r = state.rules
        self.rules = r
        self.n = r.players
        self.ranks = kit.row_ranks(r)
        self.deck = kit.deck_codes(r)
        table: set[str] = set()
        if r.opening == "preplaced" and r.preplaced_from == "deck":
            table |= set(kit.start_cards(r))
        self.passes = [0] * self.n
        self.elim: list[int] = []
        self.plays = 0
        self.start: str | None = None if r.start_rank == "chosen" else r.start_rank
        sizes = kit.deal_sizes(r, state.dealer)
        self.out: list[int] = []  # in the order they went out
        for e in state.history:
            if e.kind == "preplace":
                table |= set(e.cards)
                sizes[e.seat] -= len(e.cards)
            elif e.kind == "give":
                sizes[e.seat] -= 1
                sizes[e.to] += 1
            elif e.kind == "play":
                table.add(e.card)
                if self.start is None:
                    self.start = kit.split(e.card)[0]
                self.plays += 1
                sizes[e.seat] -= 1
                if sizes[e.seat] == 0:
                    self.out.append(e.seat)
            elif e.kind == "eliminated":
                table |= set(e.cards)
                self.elim.append(e.seat)
            elif e.kind == "pass":
                self.passes[e.seat] += 1
        self.table = table
        self.hands = [set(state.hand(s)) for s in range(self.n)]
        assert [len(h) for h in self.hands] == [
            0 if s in self.elim else sizes[s] for s in range(self.n)]
        assert set(self.out) == {
            s for s in range(self.n) if not self.hands[s] and s not in self.elim}

    def active(self, seat: int) -> bool:
        return seat not in self.out and seat not in self.elim

    def next_active(self, seat: int) -> int | None:
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if self.active(s):
                return s
        return None

    def giver(self, passer: int) -> int | None:
        """The nearest seat before the passer (counter-clockwise) still in the hand."""
        for k in range(1, self.n):
            s = (passer - k) % self.n
            if self.active(s):
                return s
        return None

    def opening_pending(self) -> bool:
        r = self.rules
        return r.opening in ("holder", "seek") and r.opening_card not in self.table

    def run(self, suit: str) -> list[str]:
        """The unbroken run through the start card, low to high."""
        if self.start is None or self.start + suit not in self.table:
            return []
        i = self.ranks.index(self.start)
        lo = hi = i
        while lo > 0 and self.ranks[lo - 1] + suit in self.table:
            lo -= 1
        while hi < len(self.ranks) - 1 and self.ranks[hi + 1] + suit in self.table:
            hi += 1
        return [self.ranks[p] + suit for p in range(lo, hi + 1)]

    def cells(self) -> set[str]:
        """The cards the rules allow on the table now."""
        if self.opening_pending():
            return {self.rules.opening_card}
        if self.start is None:
            return set(self.deck)
        out: set[str] = set()
        top = len(self.ranks) - 1
        si = self.ranks.index(self.start)
        for suit in self.kit.suits(self.rules):
            if self.start + suit not in self.table:
                out.add(self.start + suit)
                continue
            down = [p for p in (si - 1, si + 1) if 0 <= p <= top]
            if self.rules.build_order == "eights-first":
                gate = [p for p in down if p == si + 1]
            elif self.rules.build_order == "six-and-eight-first":
                gate = down
            else:
                gate = []
            missing = [p for p in gate if self.ranks[p] + suit not in self.table]
            if missing:
                out |= {self.ranks[p] + suit for p in missing}
                continue
            run = self.run(suit)
            lo = self.ranks.index(self.kit.split(run[0])[0])
            hi = self.ranks.index(self.kit.split(run[-1])[0])
            if lo > 0:
                out.add(self.ranks[lo - 1] + suit)
            if hi < top:
                out.add(self.ranks[hi + 1] + suit)
        return out - self.table

    def playable(self, seat: int) -> set[str]:
        return self.hands[seat] & self.cells()

    def may_pass(self, seat: int) -> bool:
        if not self.playable(seat):
            return True
        r = self.rules
        return (r.passing == "limited" and self.passes[seat] < r.pass_limit
                and not self.opening_pending())

    def is_over(self) -> bool:
        actives = sum(1 for s in range(self.n) if self.active(s))
        if self.rules.scoring == "placement":
            return actives <= 1
        return bool(self.out) or actives <= 1


def check_position(kit, state: fantan.GameState, full: bool = True) -> Model:
    m = Model(kit, state)
    r = state.rules
    # Every card exactly once across hands and table.
    held = [c for s in range(m.n) for c in state.hand(s)]
    on_table = [c for row in state.rows() for c in row.cards + row.laid_out]
    assert sorted(held + on_table) == sorted(m.deck)
    assert set(on_table) == m.table
    for s in range(m.n):
        assert state.hand(s) == kit.hand_order(r, state.hand(s))
    # Each row: the unbroken run through its start card, laid-out cards apart.
    for row in state.rows():
        assert list(row.cards) == m.run(row.suit)
        if row.cards:
            assert m.start + row.suit in row.cards
            pos = [m.ranks.index(kit.split(c)[0]) for c in row.cards]
            assert pos == list(range(pos[0], pos[0] + len(pos)))
        suit_table = {c for c in m.table if kit.split(c)[1] == row.suit}
        assert set(row.laid_out) == suit_table - set(row.cards)
        assert row.complete == (len(row.cards) == len(m.ranks))
        # While the opening card is due, it is all a row may take.
        assert set(row.needs) == {c for c in m.cells() if c.endswith(row.suit)} or (
            m.start is None)
    # The end.
    assert state.is_over == m.is_over()
    if state.is_over:
        assert state.to_move is None and state.legal_moves() == ()
        assert state.result is not None
        for move in ("pass", m.deck[0], "junk"):
            assert state.why_illegal(move) == "game-over"
        return m
    assert state.result is None
    seat = state.to_move
    assert seat is not None and m.active(seat)
    legal = state.legal_moves()
    assert legal, "legal_moves is never empty while the hand runs"
    gift = state.pending_gift
    if gift is not None:
        giver, receiver = gift
        assert giver == seat and m.giver(receiver) == giver
        assert legal == tuple("give:" + c for c in state.hand(seat))
    else:
        expected = [c for c in state.hand(seat) if c in m.playable(seat)]
        if m.may_pass(seat):
            expected.append("pass")
        assert legal == tuple(expected)
        if not m.playable(seat):
            assert legal == ("pass",)
    # why_illegal is None exactly for the legal moves.
    if full:
        candidates = list(m.deck) + ["pass"] + ["give:" + c for c in m.deck[::7]]
        candidates += ["give:" + c for c in state.hand(seat)] + list(JUNK)
        for move in candidates:
            reason = state.why_illegal(move)
            assert (reason is None) == (move in legal), (move, reason)
            if reason is not None:
                assert reason in fantan.REASONS
    return m


def check_step(kit, before: fantan.GameState, move: str, after: fantan.GameState,
               m: Model) -> None:
    seat = before.to_move
    n = m.n
    if move.startswith("give:"):
        card = move[5:]
        giver, receiver = before.pending_gift
        assert set(after.hand(giver)) == set(before.hand(giver)) - {card}
        assert set(after.hand(receiver)) == set(before.hand(receiver)) | {card}
        assert after.to_move == m.next_active(receiver)
        return
    if move == "pass":
        limited = before.rules.passing == "limited"
        if limited and m.passes[seat] >= before.rules.pass_limit and not m.playable(seat):
            # Eliminated: the hand is laid out in its places; no further turns.
            assert after.history[-1].kind == "eliminated"
            assert after.history[-1].seat == seat
            assert set(after.history[-1].cards) == set(before.hand(seat))
            assert after.hand(seat) == ()
            if not after.is_over:
                assert after.to_move == Model(m.kit, after).next_active(seat)
            return
        assert after.hand(seat) == before.hand(seat)
        assert after.history[-1].kind == "pass"
        giver = m.giver(seat)
        due = (before.rules.pass_penalty == "card" and m.plays > 0 and giver is not None
               and len(before.hand(giver)) > 1)
        if due:
            assert after.pending_gift == (giver, seat)
            assert after.to_move == giver
        else:
            assert after.pending_gift is None
            assert after.to_move == m.next_active(seat)
        return
    card = after.history[-1].card
    assert after.history[-1].kind == "play" and after.history[-1].seat == seat
    assert set(after.hand(seat)) == set(before.hand(seat)) - {card}
    if after.hand(seat):
        assert after.to_move == m.next_active(seat)
    elif not after.is_over:
        assert before.rules.scoring == "placement"
        after_m = Model(m.kit, after)
        assert after.to_move == after_m.next_active(seat)
    assert n == after.players


def check_result(kit, state: fantan.GameState, m: Model) -> None:
    res = state.result
    r = state.rules
    left = [list(state.hand(s)) for s in range(m.n)]
    for e in state.history:
        if e.kind == "eliminated":
            left[e.seat] = list(e.cards)
    sizes = kit.deal_sizes(r, state.dealer)
    expected = kit.expected_scores(r, res.winner, left, m.passes, sizes, res.ranking)
    assert res.scores == expected
    assert res.cards_left == tuple(len(x) for x in left)
    assert sorted(res.ranking) == list(range(m.n))
    if r.scoring in ("zero-sum-cards", "chips"):
        assert sum(res.scores) == 0
    if r.scoring == "placement":
        assert tuple(res.ranking[:len(m.out)]) == tuple(m.out)
        if m.elim:
            assert tuple(res.ranking[-len(m.elim):]) == tuple(m.elim[::-1])
    else:
        assert res.winner == (m.out[0] if m.out else next(
            s for s in range(m.n) if s not in m.elim))
        assert res.ranking == kit.better_first(r, res.winner, res.scores)


def playout(kit, state: fantan.GameState, rng: random.Random, save_every: int = 9,
            full_every: int = 1) -> fantan.GameState:
    for step in range(3000):
        m = check_position(kit, state, full=step % full_every == 0)
        if state.is_over:
            check_result(kit, state, m)
            back = fantan.load(state.to_json())
            assert back == state and back.result == state.result
            return state
        move = rng.choice(state.legal_moves())
        before_json = state.to_json()
        after = state.play(move)
        assert state.to_json() == before_json, "play leaves its input unchanged"
        check_step(kit, state, move, after, m)
        if step % save_every == 0:
            back = fantan.load(state.to_json())
            assert back == state
            assert back.legal_moves() == state.legal_moves()
            assert back.play(move).to_json() == after.to_json()
        state = after
    raise AssertionError("the hand did not end")


# --- every preset and every player count, once each ------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_preset_and_player_count(kit, name):
    for players in range(3, 9):
        rules = fantan.preset(name).replace(players=players)
        seed = 1000 * players + PRESET_NAMES.index(name)
        state = fantan.new_game(rules, seed=seed, dealer=seed % players)
        playout(kit, state, random.Random(seed), full_every=3)


# --- hypothesis: presets ----------------------------------------------------------------------


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(name=st.sampled_from(PRESET_NAMES), players=st.integers(3, 8),
       seed=st.integers(0, 2**40), dealer=st.integers(0, 7), policy=st.integers(0, 2**32))
def test_random_playouts(kit, name, players, seed, dealer, policy):
    rules = fantan.preset(name).replace(players=players)
    state = fantan.new_game(rules, seed=seed, dealer=dealer % players)
    playout(kit, state, random.Random(policy), full_every=2)


# --- hypothesis: any rule combination not refused ---------------------------------------------

rule_sets = st.fixed_dictionaries({
    "players": st.integers(3, 8),
    "deck": st.sampled_from(["french52", "spanish40"]),
    "ace": st.sampled_from(["high", "low"]),
    "start_rank": st.sampled_from(["7", "5", "chosen"]),
    "opening": st.sampled_from(["holder", "seek", "any-start", "preplaced"]),
    "opening_suit": st.integers(0, 3),
    "preplaced_from": st.sampled_from(["deck", "hands"]),
    "build_order": st.sampled_from(["ends", "eights-first", "six-and-eight-first"]),
    "passing": st.sampled_from(["forced", "limited"]),
    "pass_limit": st.integers(0, 4),
    "pass_penalty": st.sampled_from(["none", "point", "chip", "card"]),
    "scoring": st.sampled_from(["zero-sum-cards", "penalty-points", "chips", "face-value",
                                "ruter7-values", "placement"]),
    "pay_per_card": st.booleans(),
})


def make_rules(d: dict) -> fantan.Rules | None:
    d = dict(d)
    suit = d.pop("opening_suit")
    if d["deck"] == "spanish40":
        d["ace"] = "low"
    suits = "OCEB" if d["deck"] == "spanish40" else "SHDC"
    rank = d["start_rank"] if d["start_rank"] != "chosen" else "7"
    d["opening_card"] = rank + suits[suit]
    try:
        return fantan.Rules(**d)
    except fantan.RulesError:
        return None


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(fields=rule_sets, seed=st.integers(0, 2**32), dealer=st.integers(0, 7),
       policy=st.integers(0, 2**32))
def test_random_custom_rules(kit, fields, seed, dealer, policy):
    rules = make_rules(fields)
    assume(rules is not None)
    assert fantan.Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    state = fantan.new_game(rules, seed=seed, dealer=dealer % rules.players)
    playout(kit, state, random.Random(policy), full_every=2)


@pytest.mark.parametrize("rules", [
    fantan.preset("shichi-narabe").replace(pass_limit=0),
    fantan.preset("shichi-narabe").replace(pass_limit=1, players=3),
    fantan.preset("shichi-narabe").replace(opening="seek", pass_limit=0, players=6),
    fantan.preset("shichi-narabe").replace(scoring="zero-sum-cards", pass_limit=1),
    fantan.preset("shichi-narabe").replace(build_order="six-and-eight-first", pass_limit=1),
    fantan.preset("domino").replace(pass_penalty="card", build_order="eights-first"),
    fantan.preset("fan-tan").replace(scoring="placement", pass_penalty="card", players=8),
    fantan.preset("cinquillo").replace(preplaced_from="hands"),
])
def test_edge_rule_sets(kit, rules):
    """Elimination, gifts with seats out, gates at chosen ends: many games each."""
    for seed in range(12):
        state = fantan.new_game(rules, seed=seed, dealer=seed % rules.players)
        playout(kit, state, random.Random(seed), full_every=4)
