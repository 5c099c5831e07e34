"""The computer players' worker: it decides moves off the page's thread, so the page never
waits for a search. It sees only the observation it is given and never touches the DOM."""

import json
import os
import sys

sys.path.insert(0, os.path.abspath("python.zip"))  # the game's modules, as on the page

import fantan.ai  # noqa: E402


def choose(observation: str, level: str, seed: int, hint: bool = False) -> str:
    """A legal move for the observing seat (the observation as JSON text); for a ``hint``,
    a search of fixed size (fantan.ai.BUDGETS)."""
    return fantan.ai.choose(level, json.loads(observation), seed=int(seed),
                            iterations=hint_iterations(level) if hint else None)


def hint_iterations(level: str) -> int | None:
    """The fixed size of a hint's search at ``level`` (None: a level that does not search)."""
    return int(fantan.ai.BUDGETS["hint"]["iterations"]) if level == "hard" else None


__export__ = ["choose"]
