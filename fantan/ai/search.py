"""Hard: anchored flat Monte Carlo over sampled worlds, one step of policy improvement on Medium.

Each world deals the unseen cards to the other seats, drawn by a Markov chain among the deals
consistent with everything public (hand sizes, forced passes, gifts we saw) in proportion to how
well they explain the cards the others chose to play, under a model where each of them plays
like Medium or at random (belief.HandChain). Every candidate move is played out in the same world
with the same random numbers, every seat then choosing as Medium would (or at random, for a seat
the world takes for a random player). The search is anchored to Medium's choice: another move is
taken only where its mean result under the rules' scoring beats the anchor's by more than ``z``
standard errors of the paired difference, so the noise of a short search never makes Hard play
worse than its heuristic. Near the end of the hand (ENDGAME_CARDS) our own later choices are
planned too (plan): every option of ours is tried in every world with the same random numbers,
and worlds that we could not tell apart by then share our choice, the one best on their sum, so
that a candidate is rated by the best we could do knowing what we would know, not by a line
that plays to the cards of one world. The plan is made on a batch of worlds at a time
(PLAN_BATCH), so that a time budget can stop it between batches.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..core import PASS, PLAY, Core
from ..game import Observation
from ..game import _parse_move as parse_move
from ..sim import Rand
from .belief import HandChain, core_for, infer
from .heuristic import medium
from .rollout import MOST_STEPS, endless, playout_medium, step_as

ENDGAME_CARDS = 6
"""With at most this many cards in hand, Hard also plans its own later choices (plan) instead of
taking them to be Medium's."""
ENDGAME_WORK = 10
"""How much planning one world may cost: per candidate move, at most this many world-options
expanded per world (plan), past which our later choices are Medium's, so that optional passes
and gifts cannot make the endgame dear."""

PLAN_BATCH = 8
"""The endgame plans its worlds in batches of this many, each batch a plan of its own, so that
the clock can stop it between batches. Batches this small choose almost as one plan of all the
worlds would: their choices differ from it less often than a plan on a fresh sample does."""

World = tuple[Core, Sequence[bool], int]
"""A sampled world at a choice of ours: the position, each seat's kind (Medium-like or random)
and the seed of the random numbers the others choose with from here."""


def draw_world(chain: HandChain, rnd: Rand) -> World:
    """The chain's next deal as a world of the observed position, with its own seed."""
    hands, kinds = chain.draw()
    return core_for(chain.obs, chain.b, chain.g, hands), kinds, int(rnd() * 2**31)


def apply(c: Core, kind: int, bit: int) -> None:
    """Make a parsed move (play, pass or give) on a core."""
    if kind == PLAY:
        c.play_card(bit)
    elif kind == PASS:
        c.do_pass()
    else:
        c.give(bit)


def _to_our_choice(c: Core, me: int, kinds: Sequence[bool], rnd: Rand) -> None:
    """Play on, the others choosing as modelled and our forced moves made, until we have a
    choice or the hand is over (mutates ``c``)."""
    for _ in range(MOST_STEPS):
        if c.over:
            return
        if c.to_move != me:
            step_as(c, rnd, kinds[c.to_move])
            continue
        opts = c.options()
        if len(opts) > 1:
            return
        apply(c, *opts[0])
    raise endless()


def _after(worlds: Sequence[World], kind: int, bit: int, me: int, sign: int,
           dealt: tuple[int, ...], work: list[float]) -> list[float]:
    """Our result in each world after our move (``kind``, ``bit``): the others choose as
    modelled, with each world's own random numbers whatever we chose, and our later choices
    follow plan."""
    values = [0.0] * len(worlds)
    groups: dict[tuple[object, ...], list[tuple[int, World]]] = {}
    for i, (c, kinds, seed) in enumerate(worlds):
        d = c.copy()
        apply(d, kind, bit)
        rnd = random.Random(seed).random
        _to_our_choice(d, me, kinds, rnd)
        if d.over:
            values[i] = sign * d.scores(dealt)[me]
            continue
        # What we will have seen by then (our hand too: a card given to us is seen): worlds
        # that agree on it are one choice of ours.
        seen = (d.table, d.hands[me], tuple(d.passes), d.gift_to, tuple(d.out), tuple(d.elim),
                tuple(h.bit_count() for h in d.hands))
        groups.setdefault(seen, []).append((i, (d, kinds, int(rnd() * 2**31))))
    for members in groups.values():
        for (i, _), v in zip(members, plan([w for _, w in members], me, sign, dealt, work),
                                 strict=True):
            values[i] = v
    return values


def plan(worlds: Sequence[World], me: int, sign: int, dealt: tuple[int, ...],
         work: list[float]) -> list[float]:
    """Our result in each world, all at the same choice of ours that we cannot tell apart,
    when we make there the one choice best on their sum and plan on in the same way (an
    expectimax over our information sets, the others' choices drawn as modelled).

    Unlike a best line per world, a plan cannot play to cards it does not know: worlds part
    only where what we will have seen parts them. ``work`` (a one-item list, shared by the
    whole plan) counts down world-options expanded; once spent, our choices are Medium's."""
    opts = worlds[0][0].options()
    if work[0] <= 0:
        values: list[float] = []
        for c, kinds, seed in worlds:
            d = c.copy()
            playout_medium(d, random.Random(seed).random, kinds)
            values.append(sign * d.scores(dealt)[me])
        return values
    work[0] -= len(opts) * len(worlds)
    best: list[float] = []
    best_sum = -math.inf
    for kind, bit in opts:
        values = _after(worlds, kind, bit, me, sign, dealt, work)
        total = sum(values)
        if total > best_sum:
            best, best_sum = values, total
    return best


CLOSE = 0.05
"""A lead of less than this (in the preset's score, a hand's mean) is too close to name."""


@dataclass(frozen=True)
class Searched:
    """What a search found: the move it chose, how many worlds it played out and each legal
    move's mean result over them (``means``, in the order of the observation's legal moves;
    the rules' score, turned so that more is better: a penalty counts against)."""

    move: str
    worlds: int = 0
    moves: tuple[str, ...] = ()
    means: tuple[float, ...] = ()

    def lead(self) -> tuple[str | None, float]:
        """The next best move and how far the chosen one did better on average, where it did
        best of all by CLOSE or more; else (None, 0.0): none did clearly better or worse."""
        means = dict(zip(self.moves, self.means, strict=True))
        mine = means.pop(self.move, None)
        if mine is None or not means:
            return None, 0.0
        rival = max(means, key=means.__getitem__)
        gain = mine - means[rival]
        return (rival, gain) if gain >= CLOSE else (None, 0.0)


def hard_search(obs: Observation, seed: int, iterations: int | None, budget_ms: float,
                min_worlds: int, z: float) -> Searched:
    """Hard's choice and what it found: search ``iterations`` sampled worlds, or as many as
    ``budget_ms`` of wall time allows (at least ``min_worlds``), and choose the anchor or a move
    clearly better than it. Nothing is searched for a forced move."""
    moves = obs.legal_moves
    if len(moves) == 1:
        return Searched(moves[0])
    deadline = time.perf_counter() + budget_ms / 1000.0
    g = obs.geometry
    belief = infer(obs)
    rnd = random.Random(seed).random
    anchor = moves.index(medium(obs, rnd))
    parsed = []
    for m in moves:
        pm = parse_move(g, m)
        assert pm is not None
        parsed.append(pm)
    me = obs.seat
    sign = -1 if obs.rules.is_point_scoring else 1
    dealt = obs.dealt
    chain = HandChain(obs, belief, rnd)
    drawn = 0  # worlds so far

    def more(ahead: float = 0.0) -> bool:
        """Whether to go on: with a budget, while the next step (expected to take ``ahead``
        seconds) would begin before the deadline."""
        if iterations is not None:
            return drawn < iterations
        return drawn < min_worlds or time.perf_counter() + ahead < deadline

    per: list[list[float]] = [[] for _ in moves]
    if obs.hand_sizes[me] > ENDGAME_CARDS:
        # Each world is played out once per candidate, our later choices Medium's: worlds are
        # drawn one at a time until the clock runs out.
        while more():
            base, kinds, roll_seed = draw_world(chain, rnd)
            drawn += 1
            for (kind, bit), out in zip(parsed, per, strict=True):
                c = base.copy()
                apply(c, kind, bit)
                if not c.over:
                    playout_medium(c, random.Random(roll_seed).random, kinds)
                out.append(sign * c.scores(dealt)[me])
    else:
        # Our later choices planned, a batch of worlds at a time, as long as a batch of the
        # mean length so far would end within the budget (a batch can be long).
        began = time.perf_counter()
        while more((time.perf_counter() - began) * PLAN_BATCH / max(drawn, 1)):
            size = PLAN_BATCH if iterations is None else min(PLAN_BATCH, iterations - drawn)
            batch = [draw_world(chain, rnd) for _ in range(size)]
            drawn += size
            for (kind, bit), out in zip(parsed, per, strict=True):
                out.extend(_after(batch, kind, bit, me, sign, dealt, [ENDGAME_WORK * size]))
    best, best_mean = anchor, 0.0
    for i, values in enumerate(per):
        diffs = [v - a for v, a in zip(values, per[anchor], strict=True)]
        mean = sum(diffs) / drawn
        var = max(0.0, sum(d * d for d in diffs) / drawn - mean * mean)
        if mean > best_mean and mean > z * math.sqrt(var / drawn):
            best, best_mean = i, mean
    return Searched(moves[best], drawn, tuple(moves),
                    tuple(sum(values) / drawn for values in per))
