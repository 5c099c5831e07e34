"""Duplicate-deal arena for the computer players.

    python -m fantan.arena hard medium --games 2000 --preset fan-tan [--players 4]
        [--iterations N] [--budget-ms MS] [--jobs 2]

Every deal is replayed with the tested player in every seat and the other level in the others
(each opponent seeded per deal and seat), so luck of the cards cancels out. It prints the tested
player's win rate with a 95% interval, its mean cards left and mean score, the win rate per seat,
and its time per decision where it had a choice (p50, p90, max).

The games of one deal are not independent (with the same level everywhere, exactly one of its
seatings wins), so the interval takes the deal as the unit: it comes from the spread of the
tested player's share of wins from deal to deal.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import time
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool

from . import ai
from .game import Result, new_game
from .rules import PRESETS, Rules, preset


@dataclass
class Tally:
    games: int = 0
    cards_left: int = 0
    score: int = 0
    seat_games: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    deal_wins: list[int] = field(default_factory=list)
    """The tested player's wins in each deal (over its seatings)."""

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.cards_left += other.cards_left
        self.score += other.score
        if not self.seat_games:
            self.seat_games = [0] * len(other.seat_games)
            self.seat_wins = [0] * len(other.seat_wins)
        for i, (g, w) in enumerate(zip(other.seat_games, other.seat_wins, strict=True)):
            self.seat_games[i] += g
            self.seat_wins[i] += w
        self.times.extend(other.times)
        self.deal_wins.extend(other.deal_wins)


def _game(rules: Rules, deal: int, levels: Sequence[str], iterations: int | None,
          timed: Container[int], times: list[float]) -> Result:
    """One game of ``deal`` with ``levels[seat]`` in each seat. The time of each decision with a
    choice of the ``timed`` seats goes into ``times``. A seat's seed depends on the deal, the seat
    and the move, not on who is tested, so with one level in every seat all seatings are alike."""
    s = new_game(rules, deal, dealer=deal % rules.players)
    move_no = 0
    while not s.is_over:
        mover = s.to_move
        assert mover is not None
        obs = s.observation(mover)
        seed = (deal * 1_000_003 + mover * 7_919 + move_no) % 2**31
        t0 = time.perf_counter()
        move = ai.choose(levels[mover], obs, seed=seed, iterations=iterations)
        if mover in timed and len(obs.legal_moves) > 1:
            times.append(time.perf_counter() - t0)
        s = s.play(move)
        move_no += 1
    assert s.result is not None
    return s.result


def play_deal(rules: Rules, deal: int, tested: str, other: str,
              iterations: int | None) -> Tally:
    """One deal with ``tested`` in each seat in turn. With the same level on both sides every
    seating is the same game, so it is played once and counted for every seat."""
    n = rules.players
    t = Tally(seat_games=[0] * n, seat_wins=[0] * n)
    if tested == other:
        r = _game(rules, deal, [tested] * n, iterations, range(n), t.times)
        results = [r] * n
    else:
        results = [_game(rules, deal, [tested if s == seat else other for s in range(n)],
                         iterations, (seat,), t.times) for seat in range(n)]
    for seat, r in enumerate(results):
        t.games += 1
        t.seat_games[seat] += 1
        t.seat_wins[seat] += r.ranking[0] == seat
        t.cards_left += r.cards_left[seat]
        t.score += r.scores[seat]
    t.deal_wins.append(sum(t.seat_wins))
    return t


def _job(args: tuple[Rules, int, str, str, int | None]) -> Tally:
    return play_deal(*args)


def _use_budgets(budgets: dict[str, dict[str, float]]) -> None:
    """A worker's budgets: the parent's (changed by --budget-ms), whether the worker was forked
    from it or started afresh (spawn, forkserver), where they would be the defaults."""
    for level, budget in budgets.items():
        ai.BUDGETS[level].update(budget)


def pool(jobs: int, context: BaseContext | None = None) -> Pool:
    """A pool of ``jobs`` worker processes that search with the budgets of this one."""
    return (context or multiprocessing.get_context()).Pool(
        jobs, initializer=_use_budgets, initargs=(ai.BUDGETS,))


def run(rules: Rules, tested: str, other: str, deals: Sequence[int], iterations: int | None,
        jobs: int) -> Tally:
    total = Tally(seat_games=[0] * rules.players, seat_wins=[0] * rules.players)
    tasks = [(rules, d, tested, other, iterations) for d in deals]
    if jobs <= 1:
        for task in tasks:
            total.add(_job(task))
    else:
        with pool(jobs) as workers:
            for t in workers.imap_unordered(_job, tasks, chunksize=4):
                total.add(t)
    return total


def percentile(xs: Sequence[float], q: float) -> float:
    """The nearest-rank percentile: the smallest value that at least a share ``q`` of ``xs``
    do not exceed (of 1 to 10, the 90th is 9 and the 50th 5); 0.0 for no values."""
    if not xs:
        return 0.0
    ordered = sorted(xs)
    return ordered[max(math.ceil(q * len(ordered)) - 1, 0)]


def interval(deal_wins: Sequence[int], seats: int) -> tuple[float, float]:
    """The win rate over deals that each seat the tested player ``seats`` times, and the half
    width of its 95% interval with the deal as the unit (0.0 with fewer than two deals)."""
    d = len(deal_wins)
    if not d:
        return 0.0, 0.0
    shares = [w / seats for w in deal_wins]
    p = sum(shares) / d
    if d < 2:
        return p, 0.0
    var = sum((x - p) ** 2 for x in shares) / (d - 1)
    return p, 1.96 * math.sqrt(var / d)


def report(rules_name: str, rules: Rules, tested: str, other: str, t: Tally,
           seconds: float) -> str:
    p, half = interval(t.deal_wins, rules.players)
    fair = 1 / rules.players
    lines = [
        f"{tested} vs {rules.players - 1} x {other}, preset {rules_name}, "
        f"{rules.players} players, {t.games} games ({t.games // rules.players} deals x "
        f"{rules.players} seats), {seconds:.0f} s",
        f"  wins        {p:6.1%}  (95% interval {p - half:.1%} .. {p + half:.1%} over "
        f"deals; fair share {fair:.1%})",
        f"  cards left  {t.cards_left / t.games:6.2f} on average",
        f"  score       {t.score / t.games:+6.2f} on average",
        "  per seat    " + "  ".join(
            f"{s}: {w / g:.1%}"
            for s, (g, w) in enumerate(zip(t.seat_games, t.seat_wins, strict=True)) if g
        ),
        f"  time/move   p50 {percentile(t.times, .5) * 1000:.1f} ms, p90 "
        f"{percentile(t.times, .9) * 1000:.1f}"
        f" ms, max {max(t.times, default=0) * 1000:.1f} ms over {len(t.times)} decisions with "
        "a choice",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m fantan.arena",
                                 description="Duplicate-deal arena for the computer players.")
    ap.add_argument("tested", choices=ai.LEVELS)
    ap.add_argument("other", choices=ai.LEVELS)
    ap.add_argument("--games", type=int, default=400, help="games in all (deals x seats)")
    ap.add_argument("--preset", default="fan-tan", choices=list(PRESETS))
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--first-deal", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=None,
                    help="fixed search worlds per decision (default: the time budget)")
    ap.add_argument("--budget-ms", type=float, default=None,
                    help="override the hard player's time budget")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    rules = preset(args.preset)
    if args.players is not None:
        rules = rules.replace(players=args.players)
    if args.budget_ms is not None:
        ai.BUDGETS["hard"]["budget_ms"] = args.budget_ms
    deals = range(args.first_deal, args.first_deal + max(1, args.games // rules.players))
    t0 = time.perf_counter()
    tally = run(rules, args.tested, args.other, deals, args.iterations, args.jobs)
    print(report(args.preset, rules, args.tested, args.other, tally, time.perf_counter() - t0))


if __name__ == "__main__":
    main()
