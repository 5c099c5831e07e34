"""The computer players' worker: it decides moves off the page's thread, so the page never
waits for a search. It sees only the observation it is given and never touches the DOM."""

import json
import os
import sys
import zlib

with open("python.zip.gz", "rb") as packed:  # the game's modules, unpacked as on the page
    archive = packed.read()
if archive[:2] == b"\x1f\x8b":
    archive = zlib.decompress(archive, wbits=31)
with open("python.zip", "wb") as unpacked:
    unpacked.write(archive)
del archive
sys.path.insert(0, os.path.abspath("python.zip"))

import fantan.ai  # noqa: E402


def choose(observation: str, level: str, seed: int) -> str:
    """A legal move for the observing seat (the observation as JSON text)."""
    return fantan.ai.choose(level, json.loads(observation), seed=int(seed))


def hint(observation: str, level: str, seed: int) -> str:
    """The hint for the observing seat: the move and the argument for it, as JSON text
    (fantan.ai.hint: a search of fixed size, fantan.ai.BUDGETS)."""
    return json.dumps(fantan.ai.hint(level, json.loads(observation), seed=int(seed)).to_dict())


def review(observation: str, level: str, seed: int, move: str) -> str:
    """A move made set against the hint for its position, as JSON text (fantan.ai.review)."""
    return json.dumps(fantan.ai.review(level, json.loads(observation), move,
                                       seed=int(seed)).to_dict())


__export__ = ["choose", "hint", "review"]
