"""The computer players' worker: it decides moves off the page's thread, so the page never
waits for a search. It sees only the observation it is given and never touches the DOM."""

import json
import os
import sys

sys.path.insert(0, os.path.abspath("python.zip"))  # the game's modules, as on the page

import fantan.ai  # noqa: E402


def choose(observation: str, level: str, seed: int) -> str:
    """A legal move for the observing seat (the observation as JSON text)."""
    return fantan.ai.choose(level, json.loads(observation), seed=int(seed))


def hint(observation: str, level: str, seed: int) -> str:
    """The hint for the observing seat: the move and the argument for it, as JSON text
    (fantan.ai.hint: a search of fixed size, fantan.ai.BUDGETS)."""
    return json.dumps(fantan.ai.hint(level, json.loads(observation), seed=int(seed)).to_dict())


__export__ = ["choose", "hint"]
