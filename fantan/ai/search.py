"""Hard: anchored flat Monte Carlo over sampled worlds, one step of policy improvement on Medium.

Each world deals the unseen cards to the other seats, drawn by a Markov chain among the deals
consistent with everything public (hand sizes, forced passes, gifts we saw) in proportion to how
well they explain the cards the others chose to play, under a model where each of them plays
like Medium or at random (belief.HandChain). Every candidate move is played out in the same world
with the same random numbers, every seat then choosing as Medium would (or at random, for a seat
the world takes for a random player). The search is anchored to Medium's choice: another move is
taken only where its mean result under the rules' scoring beats the anchor's by more than ``z``
standard errors of the paired difference, so the noise of a short search never makes Hard play
worse than its heuristic.
"""

from __future__ import annotations

import math
import random
import time

from ..core import Core
from ..game import Observation
from ..game import _parse_move as parse_move
from .belief import HandChain, core_for, infer
from .heuristic import medium
from .rollout import playout_medium


def apply(c: Core, kind: int, bit: int) -> None:
    """Make a parsed move (play, pass or give) on a core."""
    if kind == 0:
        c.play_card(bit)
    elif kind == 1:
        c.do_pass()
    else:
        c.give(bit)


def hard(obs: Observation, seed: int, iterations: int | None, budget_ms: float,
         min_worlds: int, z: float) -> str:
    """Search ``iterations`` sampled worlds, or as many as ``budget_ms`` of wall time allows
    (at least ``min_worlds``), and return the anchor or a move clearly better than it."""
    moves = obs.legal_moves
    if len(moves) == 1:
        return moves[0]
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
    k = len(moves)
    diff = [0.0] * k  # sums of (result - anchor's result), and of its square
    diff2 = [0.0] * k
    me = obs.seat
    sign = -1 if obs.rules.is_point_scoring else 1
    dealt = obs.dealt
    chain = HandChain(obs, belief, rnd)
    worlds = 0
    while True:
        if iterations is not None:
            if worlds >= iterations:
                break
        elif worlds >= min_worlds and time.perf_counter() >= deadline:
            break
        worlds += 1
        hands, kinds = chain.draw()
        base = core_for(obs, belief, g, hands)
        roll_seed = int(rnd() * 2**31)
        values = []
        for kind, bit in parsed:
            c = base.copy()
            apply(c, kind, bit)
            if not c.over:
                playout_medium(c, random.Random(roll_seed).random, kinds)
            values.append(sign * c.scores(dealt)[me])
        for i in range(k):
            d = values[i] - values[anchor]
            diff[i] += d
            diff2[i] += d * d
    best, best_mean = anchor, 0.0
    for i in range(k):
        mean = diff[i] / worlds
        var = max(0.0, diff2[i] / worlds - mean * mean)
        if mean > best_mean and mean > z * math.sqrt(var / worlds):
            best, best_mean = i, mean
    return moves[best]
