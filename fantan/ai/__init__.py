"""Computer players. They see only an Observation, never another seat's hidden cards.

>>> import fantan
>>> s = fantan.new_game(fantan.preset("fan-tan"), seed=3)
>>> obs = s.observation(s.to_move)
>>> fantan.ai.choose("hard", obs, seed=1, iterations=20) in s.legal_moves()
True
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..game import Observation
from .advice import Advice, advise
from .belief import Known, known_cards
from .heuristic import easy, medium
from .search import CLOSE, Searched, hard_search

LEVELS = ("easy", "medium", "hard")

__all__ = ["BUDGETS", "LEVELS", "Advice", "Known", "advise", "choose", "hint", "hint_iterations",
           "known_cards", "review", "searches"]

BUDGETS: dict[str, dict[str, float]] = {
    # Every search budget in one place. Hard works to ``budget_ms`` of wall time (at least
    # ``min_worlds`` sampled worlds) unless ``iterations`` fixes the number of worlds, and leaves
    # Medium's choice only for a move better by more than ``z`` standard errors.
    "hard": {"budget_ms": 200.0, "min_worlds": 8, "z": 1.0},
    # The page's hint at Hard searches a fixed number of worlds, not to the clock: the same
    # position gives the same hint however busy the machine (a player who asks again, or
    # reloads, is not told another card).
    "hint": {"iterations": 200},
}


def searches(level: str) -> bool:
    """Whether ``level`` searches, and so takes its time budget (BUDGETS) to decide: Hard.
    Easy and Medium choose by rule, in well under a millisecond."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    return level == "hard"


def hint_iterations(level: str) -> int | None:
    """How many worlds the page's hint searches at ``level`` (BUDGETS["hint"]): a fixed number
    at a level that searches, so that a position always gets the same hint; None elsewhere."""
    return int(BUDGETS["hint"]["iterations"]) if searches(level) else None


def choose(level: str, observation: Observation | dict[str, Any], seed: int = 0,
           iterations: int | None = None) -> str:
    """A legal move for the observing seat, which must be the seat to move."""
    obs = _at_turn(observation)
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise ValueError(f"iterations must be a whole number of 1 or more, not {iterations!r}")
    if level == "hard":
        return _search(obs, seed, iterations).move
    rnd = random.Random(seed).random
    return easy(obs, rnd) if level == "easy" else medium(obs, rnd)


def hint(level: str, observation: Observation | dict[str, Any], seed: int = 0) -> Advice:
    """The page's hint: the move ``level`` would make here, from a search of fixed size where
    it searches (hint_iterations), with the argument for it (advise): for a move that rests on
    the search alone, what the search found (how many deals it played out, the next best move
    and how much better than it the move did)."""
    obs = _at_turn(observation)
    if level != "hard":
        return advise(obs, choose(level, obs, seed))
    return _hinted(obs, _search(obs, seed, hint_iterations(level)))


def _hinted(obs: Observation, found: Searched) -> Advice:
    """The hint for the move a search found: its argument, or what the search found."""
    advice = advise(obs, found.move, searched=True)
    if advice.kind != "search":
        return advice
    rival, gain = found.lead()
    return dataclasses.replace(advice, worlds=found.worlds, rival=rival, gain=round(gain, 2))


def review(level: str, observation: Observation | dict[str, Any], move: str, seed: int = 0
           ) -> Advice:
    """A move made (``move``) set against the hint for its position (``hint``, with the same
    seed): the hint's advice, or the advice for ``move`` itself where the hint finds it as
    good (every card that fits alike; at Hard, a mean result within search.CLOSE of the hint
    move's). Where Hard's move is better, its argument is the search's: ``rival`` is ``move``
    and ``gain`` how much better than it the hint's move did on average."""
    obs = _at_turn(observation)
    if move not in obs.legal_moves:
        raise ValueError(f"{move!r} is not a move the observing seat may make there")
    if level != "hard":
        told = hint(level, obs, seed)
        return advise(obs, move) if told.kind == "even" else told
    found = _search(obs, seed, hint_iterations(level))
    if found.move == move:
        return _hinted(obs, found)
    means = dict(zip(found.moves, found.means, strict=True))
    gain = means[found.move] - means[move]
    if gain < CLOSE:
        return advise(obs, move, searched=True)
    return Advice(found.move, "search", worlds=found.worlds, rival=move, gain=round(gain, 2))


def _at_turn(observation: Observation | dict[str, Any]) -> Observation:
    """The observation (from its dict, as the page's worker is asked), of the seat to move."""
    obs = observation if isinstance(observation, Observation) else Observation.from_dict(
        observation)
    if obs.to_move != obs.seat or not obs.legal_moves:
        raise ValueError("it is not the observing seat's turn")
    return obs


def _search(obs: Observation, seed: int, iterations: int | None) -> Searched:
    """Hard's search, to its budget (BUDGETS) or to ``iterations`` worlds."""
    b = BUDGETS["hard"]
    return hard_search(obs, seed, iterations, b["budget_ms"], int(b["min_worlds"]), b["z"])
