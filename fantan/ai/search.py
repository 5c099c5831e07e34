"""Hard: flat Monte Carlo over sampled worlds. Every candidate move is played out on the same
sampled hands with the same random rollouts, and the move with the best mean result under the
rules' scoring is chosen."""

from __future__ import annotations

import random
import time

from ..game import Observation
from ..game import _parse_move as parse_move
from ..sim import playout_random
from .belief import core_for, infer, sample_hands


def hard(obs: Observation, seed: int, iterations: int | None, budget_ms: float,
         min_worlds: int, greedy: bool = True, utility: str = "score",
         prior: float = 0.0) -> str:
    """The move with the best mean result over sampled worlds (``iterations`` of them, or as
    many as the time budget allows)."""
    moves = obs.legal_moves
    if len(moves) == 1:
        return moves[0]
    g = obs.geometry
    belief = infer(obs)
    rnd = random.Random(seed).random
    parsed = [parse_move(g, m) for m in moves]
    totals = [0.0] * len(moves)
    me = obs.seat
    sign = -1 if obs.rules.is_point_scoring else 1
    dealt = obs.dealt
    deadline = None if iterations is not None else time.perf_counter() + budget_ms / 1000.0
    worlds = 0
    while True:
        if iterations is not None:
            if worlds >= iterations:
                break
        elif worlds >= min_worlds and time.perf_counter() >= deadline:  # type: ignore[operator]
            break
        hands = sample_hands(obs, belief, rnd)
        base = core_for(obs, belief, g, hands)
        roll_seed = int(rnd() * 2**31)
        for i, pm in enumerate(parsed):
            assert pm is not None
            kind, bit = pm
            c = base.copy()
            if kind == 0:
                c.play_card(bit)
            elif kind == 1:
                c.do_pass()
            else:
                c.give(bit)
            if not c.over:
                playout_random(c, random.Random(roll_seed).random, greedy)
            if utility == "win":
                totals[i] += (c.winner() == me) + 0.01 * sign * c.scores(dealt)[me]
            else:
                totals[i] += sign * c.scores(dealt)[me]
        worlds += 1
    if prior and worlds:
        from .heuristic import card_score
        for i, (kind, bit) in enumerate(parsed):  # type: ignore[misc]
            if kind == 0 and obs.start is not None:
                totals[i] += prior * worlds * card_score(obs, bit.bit_length() - 1)
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))
    return moves[best]
