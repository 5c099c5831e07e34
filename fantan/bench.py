"""Engine speed: random full games per second through the public API and through the fast
play-out path the computer players use (deal included).

    python -m fantan.bench [--preset fan-tan] [--seconds 3] [--all]
"""

from __future__ import annotations

import argparse
import random
import time

from . import sim
from .game import new_game
from .rules import PRESETS, Rules, preset


def public_api_rate(rules: Rules, seconds: float) -> float:
    """Random games per second through new_game / legal_moves / play."""
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        s = new_game(rules, games)
        rnd = random.Random(games).random
        while not s.is_over:
            moves = s.legal_moves()
            s = s.play(moves[int(rnd() * len(moves))])
        _ = s.result
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return games / (now - start)


def fast_path_rate(rules: Rules, seconds: float) -> float:
    """Random games per second through fantan.sim, deal and scoring included."""
    games = 0
    start = time.perf_counter()
    deadline = start + seconds
    batch = 200
    while True:
        sim.random_games(rules, range(games, games + batch))
        games += batch
        now = time.perf_counter()
        if now >= deadline:
            return games / (now - start)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m fantan.bench",
                                 description=" ".join(__doc__.split("\n\n")[0].split()))
    ap.add_argument("--preset", default="fan-tan", choices=list(PRESETS))
    ap.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    ap.add_argument("--all", action="store_true", help="measure every preset")
    args = ap.parse_args(argv)
    names = list(PRESETS) if args.all else [args.preset]
    print(f"{'preset':<15} {'public API games/s':>19} {'fast path games/s':>18}")
    for name in names:
        rules = preset(name)
        api = public_api_rate(rules, args.seconds)
        fast = fast_path_rate(rules, args.seconds)
        print(f"{name:<15} {api:>19,.0f} {fast:>18,.0f}")


if __name__ == "__main__":
    main()
