"""Hard: anchored flat Monte Carlo over sampled worlds, one step of policy improvement on Medium.

Each world deals the unseen cards to the other seats, drawn by a Markov chain among the deals
consistent with everything public (hand sizes, forced passes, gifts we saw) in proportion to how
well they explain the cards the others chose to play, under a model where each of them plays
like Medium or at random (belief.HandChain). Every candidate move is played out in the same world
with the same random numbers, every seat then choosing as Medium would (or at random, for a seat
the world takes for a random player). The search is anchored to Medium's choice: another move is
taken only where its mean result under the rules' scoring beats the anchor's by more than ``z``
standard errors of the paired difference, so the noise of a short search never makes Hard play
worse than its heuristic. Near the end of the hand (ENDGAME_CARDS) our own later choices in a
world are searched too, each option against the same random numbers (best_line), so a candidate
is rated by our best line in that world rather than by Medium's.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..core import PASS, PLAY, Core
from ..game import Observation
from ..game import _parse_move as parse_move
from .belief import HandChain, core_for, infer
from .heuristic import medium
from .rollout import playout_medium, step_as

ENDGAME_CARDS = 4
"""With at most this many cards in hand, Hard also searches its own later choices in each world
(best_line) instead of taking them to be Medium's."""
ENDGAME_LINES = 32
"""The most lines of our own best_line follows in one world (4 cards played in any order make
24; optional passes and gifts could make many more)."""


def apply(c: Core, kind: int, bit: int) -> None:
    """Make a parsed move (play, pass or give) on a core."""
    if kind == PLAY:
        c.play_card(bit)
    elif kind == PASS:
        c.do_pass()
    else:
        c.give(bit)


def best_line(c: Core, me: int, kinds: Sequence[bool], seed: int, sign: int,
              dealt: tuple[int, ...], lines: list[int] | None = None) -> float:
    """Our result when we play our best line to the end of this world, the others choosing as
    modelled (Medium, or Easy where ``kinds`` says False) with the random numbers of ``seed``.
    Every option of ours is tried in turn, each with the same random numbers from there on
    (mutates ``c``). At most ``lines`` (one-item list, shared by the branches; ENDGAME_LINES)
    lines are followed: past that, our later choices are Medium's, so that optional passes and
    gifts cannot make one world cost much more than others."""
    if lines is None:
        lines = [ENDGAME_LINES]
    rnd = random.Random(seed).random
    while not c.over:
        if c.to_move != me:
            step_as(c, rnd, kinds[c.to_move])
            continue
        opts = c.options()
        if len(opts) == 1:
            apply(c, *opts[0])
            continue
        if lines[0] < len(opts):
            step_as(c, rnd, True)
            continue
        lines[0] -= len(opts) - 1
        branch_seed = int(rnd() * 2**31)
        best = -math.inf
        for kind, bit in opts:
            d = c.copy()
            apply(d, kind, bit)
            best = max(best, best_line(d, me, kinds, branch_seed, sign, dealt, lines))
        return best
    return sign * c.scores(dealt)[me]


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
    endgame = obs.hand_sizes[me] <= ENDGAME_CARDS
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
            if endgame:
                values.append(best_line(c, me, kinds, roll_seed, sign, dealt))
                continue
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
