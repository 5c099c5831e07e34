"""Hard: anchored flat Monte Carlo over sampled worlds.

Each world deals the unseen cards to the other seats uniformly among the deals consistent with
everything public (hand sizes, forced passes, gifts we saw), weighted by how well it explains the
cards the others chose to play. Every candidate move is played out in the same world with the
same random numbers, by a rollout policy that frees its own cards first. The search is anchored
to Medium's choice: another move is taken only where its weighted mean result under the rules'
scoring beats the anchor's by more than ``z`` standard errors of the paired difference, so the
noise of a short search never makes Hard play worse than its heuristic.
"""

from __future__ import annotations

import math
import random
import time

from ..core import Core
from ..game import Observation
from ..game import _parse_move as parse_move
from ..sim import playout_random
from .belief import core_for, infer, log_likelihood, sample_hands
from .heuristic import medium


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
    diff = [0.0] * k  # weighted sums of (result - anchor's result), and of its square
    diff2 = [0.0] * k
    wsum = w2sum = 0.0
    me = obs.seat
    sign = -1 if obs.rules.is_point_scoring else 1
    dealt = obs.dealt
    deadline = time.perf_counter() + budget_ms / 1000.0
    top: float | None = None  # the largest log-weight so far; totals are kept relative to it
    worlds = 0
    while True:
        if iterations is not None:
            if worlds >= iterations:
                break
        elif worlds >= min_worlds and time.perf_counter() >= deadline:
            break
        worlds += 1
        hands = sample_hands(obs, belief, rnd)
        w = 1.0
        if belief.decisions:
            lw = log_likelihood(g, belief, hands)
            if top is None or lw > top:
                if top is not None:
                    scale = math.exp(top - lw)
                    diff = [d * scale for d in diff]
                    diff2 = [d * scale for d in diff2]
                    wsum *= scale
                    w2sum *= scale * scale
                top = lw
            w = math.exp(lw - top)
        base = core_for(obs, belief, g, hands)
        roll_seed = int(rnd() * 2**31)
        values = []
        for kind, bit in parsed:
            c = base.copy()
            apply(c, kind, bit)
            if not c.over:
                playout_random(c, random.Random(roll_seed).random, greedy=True)
            values.append(sign * c.scores(dealt)[me])
        for i in range(k):
            d = values[i] - values[anchor]
            diff[i] += w * d
            diff2[i] += w * d * d
        wsum += w
        w2sum += w * w
    best, best_mean = anchor, 0.0
    if wsum > 0:
        n_eff = wsum * wsum / w2sum
        for i in range(k):
            mean = diff[i] / wsum
            var = max(0.0, diff2[i] / wsum - mean * mean)
            if mean > best_mean and mean > z * math.sqrt(var / n_eff):
                best, best_mean = i, mean
    return moves[best]
