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
                            iterations=fantan.ai.hint_iterations(level) if hint else None)


__export__ = ["choose"]
