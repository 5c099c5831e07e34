"""Fan Tan (Sevens, Parliament, Card Dominoes) and its national variants: a pure-Python engine.

>>> import fantan
>>> s = fantan.new_game(fantan.preset("fan-tan"), seed=7)
>>> s.play(s.legal_moves()[0]).to_move is not None
True
"""

from typing import TYPE_CHECKING

from .cards import Deck, deck_for
from .game import (
    REASONS,
    Event,
    GameState,
    IllegalMove,
    Observation,
    Result,
    Row,
    SaveError,
    load,
    new_game,
)
from .match import Match, load_match, new_match
from .rules import PRESETS, Rules, RulesError, preset

if TYPE_CHECKING:  # (for the type checker; at run time, imported on first use: below)
    from . import ai

__version__ = "0.1.0"

__all__ = [
    "PRESETS", "REASONS", "Deck", "Event", "GameState", "IllegalMove", "Match", "Observation",
    "Result", "Row", "Rules", "RulesError", "SaveError", "deck_for", "load", "load_match",
    "new_game", "new_match", "preset", "ai",
]


def __getattr__(name: str) -> object:
    # fantan.ai is imported on first use, so the engine alone loads quickly in the browser.
    if name == "ai":
        import importlib

        return importlib.import_module(".ai", __name__)
    raise AttributeError(f"module 'fantan' has no attribute {name!r}")
