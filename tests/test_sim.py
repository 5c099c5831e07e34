"""The fast play-out path must play exactly the rules of the public game."""

from __future__ import annotations

import random

import pytest

import fantan
from fantan import bench, sim
from fantan.core import geometry
from fantan.game import shuffled


@pytest.mark.parametrize("name", list(fantan.PRESETS))
def test_fast_loop_matches_step_by_step(name: str) -> None:
    """The tight loop and the general step consume the same random numbers and agree."""
    g = geometry(fantan.preset(name))
    for seed in range(40):
        fast, dealt = sim.new_core(g, random.Random(seed).random, dealer=seed % g.n)
        slow = fast.copy()
        rnd_fast = random.Random(1000 + seed).random
        rnd_slow = random.Random(1000 + seed).random
        sim.playout_random(fast, rnd_fast)
        while not slow.over:
            sim.step_random(slow, rnd_slow)
        assert fast.hands == slow.hands
        assert fast.passes == slow.passes
        assert fast.out == slow.out and fast.elim == slow.elim
        assert fast.table == slow.table
        assert fast.nplays == slow.nplays  # (every card played counted, on the fast path too)
        assert fast.scores(dealt) == slow.scores(dealt)


@pytest.mark.parametrize("name", ["fan-tan", "sevens", "sjueren", "shichi-narabe", "cinquillo"])
def test_sim_deal_is_the_public_deal(name: str) -> None:
    """sim.new_core deals the same hands as fantan.new_game for a seed."""
    rules = fantan.preset(name)
    g = geometry(rules)
    for seed in range(10):
        core, dealt = sim.new_core(g, random.Random(seed).random, dealer=1)
        state = fantan.new_game(rules, seed, dealer=1)
        assert [g.deck.codes(h) for h in core.hands] == [state.hand(s) for s in range(g.n)]
        assert core.to_move == state.to_move


@pytest.mark.parametrize("name", list(fantan.PRESETS))
def test_playouts_replay_through_the_public_api(name: str) -> None:
    """Every step of a general play-out is a legal move of the public GameState."""
    rules = fantan.preset(name)
    g = geometry(rules)
    for seed in range(15):
        state = fantan.new_game(rules, seed)
        core, _ = sim.new_core(g, random.Random(seed).random)
        rnd = random.Random(seed).random
        while not core.over:
            before = core.copy()
            sim.step_random(core, rnd, greedy=bool(seed % 2))
            move = _diff_move(g, before, core)
            assert state.why_illegal(move) is None, (move, state.legal_moves())
            state = state.play(move)
            assert [g.deck.codes(h) for h in core.hands] == [
                state.hand(s) for s in range(g.n)
            ]
        assert state.is_over
        assert state.result is not None
        assert state.result.scores == core.scores(state._dealt)


def _diff_move(g: object, before: fantan.core.Core, after: fantan.core.Core) -> str:
    seat = before.to_move
    deck = before.g.deck
    lost = before.hands[seat] & ~after.hands[seat]
    if before.gift_to >= 0:
        return "give:" + deck.code(lost.bit_length() - 1)
    if len(after.elim) > len(before.elim):
        return "pass"
    if lost and after.table & lost:
        return deck.code(lost.bit_length() - 1)
    return "pass"


def test_shuffle_matches_the_game_shuffle() -> None:
    cards = list(range(52))
    a = cards[:]
    sim.shuffle_in_place(a, random.Random(9).random)
    assert a == shuffled(cards, 9)


def test_random_games_score_sums() -> None:
    for scores in sim.random_games(fantan.preset("fan-tan"), range(200)):
        assert sum(scores) == 0


def test_the_speed_benchmark_runs_and_reports_a_rate_for_each_path(capsys) -> None:
    # (the figures are the benchmark's to report, not a test's to assert: it runs and reports)
    bench.main(["--preset", "shichi-narabe", "--seconds", "0.05"])
    header, row = capsys.readouterr().out.strip().splitlines()
    assert "public API games/s" in header and "fast path games/s" in header
    name, api, fast = row.split()
    assert name == "shichi-narabe"
    assert float(api.replace(",", "")) > 0 and float(fast.replace(",", "")) > 0
