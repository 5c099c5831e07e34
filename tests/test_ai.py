"""The computer players: legal, honest, deterministic, within budget, for every preset."""

from __future__ import annotations

import io
import json
import math
import multiprocessing
import random
from contextlib import redirect_stdout
from typing import Any

import pytest

import fantan
from fantan import ai, arena
from fantan.ai import belief, heuristic, rollout, search
from fantan.cards import bits

LEVELS = ("easy", "medium", "hard")


def _decision_kinds(state: fantan.GameState) -> set[str]:
    moves = state.legal_moves()
    kinds = set()
    for m in moves:
        kinds.add("give" if m.startswith("give:") else "pass" if m == "pass" else "card")
    if len(moves) > 1 and "pass" in moves and len(kinds) > 1:
        kinds.add("pass-or-play")
    if state.rules.start_rank == "chosen" and not state.history:
        kinds.add("free-first-card")
    return kinds


@pytest.mark.parametrize("name", list(fantan.PRESETS))
def test_every_level_plays_legal_moves_in_every_preset(name: str) -> None:
    rules = fantan.preset(name)
    seen: set[str] = set()
    for seed in range(3):
        state = fantan.new_game(rules, seed, dealer=seed % rules.players)
        k = 0
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            seen |= _decision_kinds(state)
            level = LEVELS[(seat + seed) % 3]
            move = ai.choose(level, state.observation(seat), seed=k, iterations=12)
            assert state.why_illegal(move) is None, (level, move, state.legal_moves())
            state = state.play(move)
            k += 1
    assert "card" in seen
    if rules.pass_penalty == "card":
        assert "give" in seen
    if rules.passing == "limited":
        assert "pass-or-play" in seen
    if rules.start_rank == "chosen":
        assert "free-first-card" in seen


def _first_choice_point(rules: fantan.Rules, seed: int, endgame: bool = False
                        ) -> fantan.GameState:
    """A random game's first choice past the opening, or with ``endgame`` its first choice for
    a seat holding few enough cards for Hard to search its own later moves (else its last)."""
    state = fantan.new_game(rules, seed)
    rnd = random.Random(seed)
    last = state
    while not state.is_over:
        moves = state.legal_moves()
        if len(moves) > 1 and len(state.history) > 8:
            last = state
            seat = state.to_move
            assert seat is not None
            if not endgame or len(state.hand(seat)) <= search.ENDGAME_CARDS:
                return state
        state = state.play(moves[int(rnd.random() * len(moves))])
    return last


@pytest.mark.parametrize("endgame", [False, True])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "shichi-narabe"])
def test_decision_depends_only_on_what_is_public(level: str, name: str, endgame: bool) -> None:
    """Two states that differ only in how the hidden cards are split between two opponents
    (consistent with everything public) give the same decision for the same seed, in the
    middle of a hand and near its end (where Hard also searches its own later moves)."""
    rules = fantan.preset(name)
    checked = 0
    for seed in range(40):
        state = _first_choice_point(rules, seed, endgame)
        me = state.to_move
        assert me is not None
        twin = _swap_hidden(state, me)
        if twin is None:
            continue
        _alike_to(me, state, twin, level)
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1


def _alike_to(seat: int, a: fantan.GameState, b: fantan.GameState, level: str) -> None:
    """Two games whose hands differ, alike to ``seat``: the same observation, the same belief
    of the others' hands, and the same choice at ``level`` for the same seed."""
    oa, ob = a.observation(seat), b.observation(seat)
    assert json.dumps(oa.to_dict()) == json.dumps(ob.to_dict())
    assert [a.hand(s) for s in range(a.players)] != [b.hand(s) for s in range(b.players)]
    ba, bb = belief.infer(oa), belief.infer(ob)
    assert (ba.known, ba.unknown, ba.void) == (bb.known, bb.unknown, bb.void)
    assert ai.choose(level, oa, seed=5, iterations=25) == ai.choose(
        level, ob, seed=5, iterations=25)


def _swap_hidden(state: fantan.GameState, me: int) -> fantan.GameState | None:
    """The same game with one card exchanged between two opponents' hidden hands, where the
    exchange keeps every public fact true (neither card could have been played by its new
    holder at any of that holder's passes, and no gift involved them)."""
    n = state.players
    if any(e.kind == "give" for e in state.history):
        return None
    d = state.to_dict()
    opponents = [s for s in range(n) if s != me]
    playable_at_pass: dict[int, set[str]] = {s: set() for s in range(n)}
    for e in state.history:
        if e.kind == "pass":
            playable_at_pass[e.seat] |= set(e.cards)
    for i, x in enumerate(opponents):
        for y in opponents[i + 1:]:
            for cx in state.hand(x):
                for cy in state.hand(y):
                    if cx in playable_at_pass[y] or cy in playable_at_pass[x]:
                        continue
                    deal = [list(h) for h in d["deal"]]
                    if cx not in deal[x] or cy not in deal[y]:
                        continue
                    deal[x][deal[x].index(cx)] = cy
                    deal[y][deal[y].index(cy)] = cx
                    twin = fantan.new_game(state.rules, hands=deal, dealer=state.dealer)
                    try:
                        for m in state.moves:
                            twin = twin.play(m)
                    except fantan.IllegalMove:
                        continue
                    if twin.hand(x) != state.hand(x):
                        return twin
    return None


def _gift_twins(rules: fantan.Rules, seed: int
                ) -> list[tuple[fantan.GameState, fantan.GameState, int]]:
    """Pairs of positions of one game played by Medium, each pair the same game but for the
    card one seat gave another under the card gift penalty, at a later choice of a third seat
    (which saw neither card): (the game, its twin, that third seat)."""
    state = fantan.new_game(rules, seed)
    moves: list[str] = []
    while not state.is_over:
        obs = state.observation(state.to_move)  # type: ignore[arg-type]
        move = ai.choose("medium", obs, seed=len(moves))
        moves.append(move)
        state = state.play(move)
    start = fantan.new_game(rules, seed)
    twins = []
    for i, move in enumerate(moves):
        if not move.startswith("give:"):
            continue
        before = start
        for m in moves[:i]:
            before = before.play(m)
        giver = before.to_move
        assert giver is not None
        after = before.play(move)
        receiver = next(s for s in range(rules.players)
                        if len(after.hand(s)) == len(before.hand(s)) + 1)
        for other in before.legal_moves():
            if other == move:
                continue
            a, b = after, before.play(other)
            try:
                for j, m in enumerate(moves[i + 1:], i + 1):
                    seat = a.to_move
                    if (seat not in (giver, receiver) and len(a.legal_moves()) > 1
                            and j > i + rules.players):
                        twins.append((a, b, seat))
                        break
                    a, b = a.play(m), b.play(m)
            except fantan.IllegalMove:
                continue
            break
    return twins


@pytest.mark.parametrize("name", ["ruter-7", "ristiseiska"])
@pytest.mark.parametrize("level", LEVELS)
def test_a_card_given_between_two_others_is_not_read(level: str, name: str) -> None:
    """A seat that saw a gift made between two others, but not its card, decides alike
    whichever card it was: its observation, its belief and its choice are the same."""
    rules = fantan.preset(name)
    assert rules.pass_penalty == "card"
    checked = 0
    for seed in range(12):
        for a, b, seat in _gift_twins(rules, seed)[:2]:
            _alike_to(seat, a, b, level)
            checked += 1
        if checked >= 4:
            break
    assert checked >= 2


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move_whatever_global_random_does(level: str) -> None:
    state = _first_choice_point(fantan.preset("sjueren"), 11)
    obs = state.observation(state.to_move)  # type: ignore[arg-type]
    first = ai.choose(level, obs, seed=9, iterations=40)
    random.seed(12345)
    random.random()
    assert ai.choose(level, obs.to_dict(), seed=9, iterations=40) == first


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "shichi-narabe", "points"])
def test_same_seed_same_move_in_the_endgame(name: str) -> None:
    state = _first_choice_point(fantan.preset(name), 5, endgame=True)
    obs = state.observation(state.to_move)  # type: ignore[arg-type]
    assert obs.hand_sizes[obs.seat] <= search.ENDGAME_CARDS
    first = ai.choose("hard", obs, seed=3, iterations=30)
    assert first in obs.legal_moves
    assert ai.choose("hard", obs.to_dict(), seed=3, iterations=30) == first


def _endgame_core(hands: list[list[str]], to_move: int) -> tuple[fantan.core.Core, tuple[int, ...]]:
    """A fan-tan hand near its end: the given hands, every other card on the table."""
    g = fantan.core.geometry(fantan.preset("fan-tan"))
    masks = [g.deck.mask(h) for h in hands]
    table = g.full
    for m in masks:
        table &= ~m
    c = fantan.core.Core.deal(g, masks, table, to_move)
    c.nplays = 52 - sum(len(h) for h in hands)
    return c, (13, 13, 13, 13)


def test_endgame_search_finds_the_winning_line() -> None:
    """Seat 3 holds 9S 10S QD, seat 2 only AD (behind seat 0's KD, itself behind our QD).
    Played as Medium plays it, seat 2 goes out first; in a world it knows, the plan goes out
    first, whatever the random numbers."""
    hands = [["QS", "KD"], ["JS", "KS", "AS"], ["AD"], ["9S", "10S", "QD"]]
    for seed in range(5):
        c, dealt = _endgame_core(hands, 3)
        rollout.playout_medium(c, random.Random(seed).random)
        assert c.winner() == 2
        c, dealt = _endgame_core(hands, 3)
        [value] = search.plan([(c, [True] * 4, seed)], 3, 1, dealt, [1e9])
        assert value == 5  # 9S, 10S (seat 1 then plays JS), QD: the others keep 2 + 2 + 1
    c, _ = _endgame_core(hands, 3)
    assert sorted(c.options()) == [(0, 1 << c.g.deck.parse(x)) for x in ("9S", "QD")]


def _worlds(obs: fantan.Observation, count: int, seed: int) -> list[search.World]:
    """Worlds as Hard draws them for ``obs``."""
    rnd = random.Random(seed).random
    chain = belief.HandChain(obs, belief.infer(obs), rnd)
    return [search.draw_world(chain, rnd) for _ in range(count)]


def _endgame_worlds(seed: int, count: int) -> tuple[list[search.World], int, tuple[int, ...]]:
    """Worlds Hard would draw at a fan-tan choice of ours with at most ENDGAME_CARDS cards."""
    state = _first_choice_point(fantan.preset("fan-tan"), seed, endgame=True)
    obs = state.observation(state.to_move)  # type: ignore[arg-type]
    return _worlds(obs, count, seed), obs.seat, obs.dealt


def test_the_plan_cannot_play_to_cards_it_does_not_know() -> None:
    """Planned over several worlds at once, our result is never better than with each world
    planned alone, that is a best line per world (one choice must serve every world we cannot
    tell apart by then), and in some positions it is worse."""
    worse = 0
    for seed in range(12):
        worlds, me, dealt = _endgame_worlds(seed, 12)
        together = search.plan(worlds, me, 1, dealt, [1e9])
        alone = [search.plan([w], me, 1, dealt, [1e9])[0] for w in worlds]
        assert sum(together) <= sum(alone)
        worse += sum(together) < sum(alone)
    assert worse > 0


def test_the_plan_makes_only_legal_moves_in_every_world(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Worlds share a choice of ours only where it is legal in each: under card gifts
    (Ruter 7) the card we are given differs between worlds, and so does our hand after it.
    Every endgame choice of a few games played by Medium, every option planned."""
    real_apply = search.apply
    checked = [0]

    def legal_apply(c: fantan.core.Core, kind: int, bit: int) -> None:
        assert (kind, bit) in c.options()
        checked[0] += 1
        real_apply(c, kind, bit)

    monkeypatch.setattr(search, "apply", legal_apply)
    rules = fantan.preset("ruter-7")
    assert rules.pass_penalty == "card"
    for seed in range(3):
        state = fantan.new_game(rules, seed)
        k = 0
        while not state.is_over:
            obs = state.observation(state.to_move)  # type: ignore[arg-type]
            if len(obs.legal_moves) > 1 and obs.hand_sizes[obs.seat] <= search.ENDGAME_CARDS:
                worlds = _worlds(obs, 16, k)
                for kind, bit in worlds[0][0].options():
                    search._after(worlds, kind, bit, obs.seat, 1, obs.dealt,
                                  [search.ENDGAME_WORK * len(worlds)])
            state = state.play(ai.choose("medium", obs, seed=k))
            k += 1
    assert checked[0] > 0


def test_endgame_plan_expands_a_bounded_number_of_options(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """However many options our later turns offer, a plan stops expanding them once its work
    is spent (past that our choices are Medium's); with no work left it expands none."""
    worlds, me, dealt = _endgame_worlds(3, 10)
    expanded = [0]
    real_after = search._after

    def counted(worlds: list[search.World], *args: object) -> list[float]:
        expanded[0] += len(worlds)
        return real_after(worlds, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "_after", counted)
    most = max(len(c.options()) for c, _, _ in worlds) * len(worlds)
    counts = {}
    for work in (0.0, 20.0, 100.0, 1e9):
        expanded[0] = 0
        search.plan(worlds, me, 1, dealt, [work])
        counts[work] = expanded[0]
        assert expanded[0] <= work + most
    assert counts[0.0] == 0
    assert counts[1e9] > counts[20.0] > 0


def test_forced_moves_spend_no_search(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), 4)
    assert len(state.legal_moves()) == 1

    def boom(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched a forced move")

    monkeypatch.setattr(search, "HandChain", boom)
    assert ai.choose("hard", state.observation(state.to_move), seed=1) == "7D"  # type: ignore[arg-type]


@pytest.mark.parametrize("endgame", [False, True])
def test_time_budget_is_respected(monkeypatch: pytest.MonkeyPatch, endgame: bool) -> None:
    """Without iterations, hard searches until its budget runs out on the clock it reads: one
    world at a time, or in the endgame, where a plan needs its worlds together, one batch of
    PLAN_BATCH worlds at a time; either way it ends within one step of its budget."""
    state = _first_choice_point(fantan.preset("fan-tan"), 6, endgame)
    obs = state.observation(state.to_move)  # type: ignore[arg-type]
    assert len(obs.legal_moves) > 1
    assert (obs.hand_sizes[obs.seat] <= search.ENDGAME_CARDS) == endgame
    now = [0.0]
    worlds = [0]
    real_draw = search.HandChain.draw
    cost = (1 if endgame else 10) / 1024  # what every world "takes" (exact in binary)

    def clock() -> float:
        return now[0]

    def counting_draw(self: belief.HandChain) -> tuple[list[int], list[bool]]:
        worlds[0] += 1
        now[0] += cost
        return real_draw(self)

    monkeypatch.setattr(search.time, "perf_counter", clock)
    monkeypatch.setattr(search.HandChain, "draw", counting_draw)
    budget = ai.BUDGETS["hard"]["budget_ms"]
    min_worlds = int(ai.BUDGETS["hard"]["min_worlds"])
    move = ai.choose("hard", obs, seed=2)
    assert move in obs.legal_moves
    step = search.PLAN_BATCH if endgame else 1
    assert worlds[0] > 2 * min_worlds
    assert worlds[0] % step == 0
    deadline = budget / 1000
    if endgame:
        # A batch is begun only where one of the mean length so far ends in time: the last
        # ends before the deadline, and no batch more would have.
        assert deadline - step * cost <= now[0] < deadline
    else:
        # A world is begun while the clock is short of the deadline: the last ends past it.
        assert deadline <= now[0] < deadline + cost
    # A fixed number of worlds is exact, batch or not, however long they take.
    worlds[0] = 0
    assert ai.choose("hard", obs, seed=2, iterations=4 * step + 3) in obs.legal_moves
    assert worlds[0] == 4 * step + 3


def test_bad_calls_are_refused() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), 1)
    holder = state.to_move
    assert holder is not None
    with pytest.raises(ValueError):
        ai.choose("grandmaster", state.observation(holder))
    with pytest.raises(ValueError):
        ai.choose("easy", state.observation((holder + 1) % 4))
    for bad in (0, -1, 2.5):
        with pytest.raises(ValueError, match="iterations must be"):
            ai.choose("hard", state.observation(holder), iterations=bad)


def test_arena_smoke() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        arena.main(["medium", "easy", "--games", "24", "--jobs", "1"])
    text = out.getvalue()
    assert "medium vs 3 x easy" in text
    assert "wins" in text and "95% interval" in text and "over deals" in text
    assert "cards left" in text and "p90" in text
    assert "24 games" in text


def _hard_budget() -> float:
    return ai.BUDGETS["hard"]["budget_ms"]


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_the_arena_s_workers_search_with_the_budget_asked_for(method: str) -> None:
    # --budget-ms changes this process's budget; workers started afresh (spawn, forkserver:
    # Python 3.14's default here) import the default one unless they are given it.
    saved = ai.BUDGETS["hard"]["budget_ms"]
    ai.BUDGETS["hard"]["budget_ms"] = 35.0
    try:
        with arena.pool(1, multiprocessing.get_context(method)) as workers:
            assert workers.apply(_hard_budget) == 35.0
    finally:
        ai.BUDGETS["hard"]["budget_ms"] = saved


def test_the_arena_interval_takes_the_deal_as_the_unit() -> None:
    # The same level everywhere: one seating of each deal wins, so the rate is exact.
    assert arena.interval([1] * 50, 4) == (0.25, 0.0)
    # Shares 0 and 1: mean 0.5, sample variance 0.5 over 2 deals.
    p, half = arena.interval([0, 4], 4)
    assert p == 0.5 and half == pytest.approx(1.96 * math.sqrt(0.5 / 2))
    assert arena.interval([3], 4) == (0.75, 0.0) and arena.interval([], 4) == (0.0, 0.0)


def test_the_arena_s_time_percentiles_are_nearest_rank() -> None:
    # (it took the value one rank higher: of ten times, the slowest as the 90th percentile)
    times = [float(t) for t in (7, 3, 10, 1, 5, 9, 2, 8, 4, 6)]
    assert [arena.percentile(times, q) for q in (0.1, 0.5, 0.9, 1.0)] == [1, 5, 9, 10]
    assert arena.percentile([4.0], 0.9) == 4 and arena.percentile([], 0.5) == 0


def test_the_arena_plays_a_deal_once_when_both_sides_are_one_level() -> None:
    rules = fantan.preset("ruter-7")
    for deal in (3, 4):
        short = arena.play_deal(rules, deal, "medium", "medium", None)
        results = [arena._game(rules, deal, ["medium"] * 4, None, (), []) for _ in range(4)]
        assert short.seat_wins == [int(r.ranking[0] == s) for s, r in enumerate(results)]
        assert short.cards_left == sum(r.cards_left[s] for s, r in enumerate(results))
        assert short.score == sum(r.scores[s] for s, r in enumerate(results))
        assert short.games == 4 and short.deal_wins == [1]
    # Against another level every seating is its own game.
    mixed = arena.play_deal(rules, 3, "medium", "easy", None)
    alone = [arena._game(rules, 3, ["easy"] * s + ["medium"] + ["easy"] * (3 - s), None, (), [])
             for s in range(4)]
    assert mixed.seat_wins == [int(r.ranking[0] == s) for s, r in enumerate(alone)]
    assert mixed.cards_left == sum(r.cards_left[s] for s, r in enumerate(alone))


def broken_public_facts(obs: fantan.Observation, hands: list[int]) -> list[str]:
    """What in a deal of the hidden cards contradicts the observer's history, checked from the
    history itself (not from the belief): a seat that passed under forced passing holds no more
    of the cards then playable than it received unseen since; a card we gave is with its
    receiver or a seat the card may have been given on to unseen; out and eliminated seats hold
    nothing."""
    deck = obs.geometry.deck
    history = obs.history
    broken = []
    for i, e in enumerate(history):
        later = history[i + 1:]
        if e.kind == "pass" and e.seat != obs.seat and obs.rules.passing == "forced":
            unseen = sum(1 for f in later if f.kind == "give" and f.to == e.seat and not f.card)
            seen = deck.mask([f.card for f in later
                              if f.kind == "give" and f.to == e.seat and f.card])
            held = hands[e.seat] & deck.mask(e.cards) & ~seen
            if held.bit_count() > unseen:
                broken.append(f"seat {e.seat} holds {deck.codes(held)}, playable when it passed")
        if e.kind == "give" and e.seat == obs.seat and e.card:
            if any(f.kind == "play" and f.card == e.card for f in later):
                continue
            holders = {e.to}
            for f in later:
                if f.kind == "give" and f.card == e.card:
                    holders = {f.to}  # given on where we saw it: back to us
                elif f.kind == "give" and f.seat in holders and not f.card:
                    holders.add(f.to)
            if not any(hands[h] >> deck.parse(e.card) & 1 for h in holders if h is not None):
                broken.append(f"{e.card}, given to seat {e.to}, is elsewhere")
    broken += [f"seat {s} is out but holds cards" for s in (*obs.out, *obs.eliminated)
               if hands[s]]
    return broken


def test_a_card_given_unseen_keeps_what_passes_and_our_gifts_told() -> None:
    # Ruter 7 (a pass is answered by a card from the seat before). Seat 1 passed with
    # 7S 7H 6D 8D 7C playable and got one card seat 3 did not see: it holds one of them at most.
    state = fantan.new_game(fantan.preset("ruter-7"), 0)
    for move in ("7D", "pass", "give:QS", "6D"):
        state = state.play(move)
    obs = state.observation(3)
    b = belief.infer(obs)
    chain = belief.HandChain(obs, b, random.Random(1).random)
    for k in range(300):
        hands = belief.sample_hands(obs, b, random.Random(k).random)
        assert broken_public_facts(obs, hands) == []
        assert broken_public_facts(obs, chain.draw()[0]) == []
    # We gave the QS to seat 1, which then gave a card we did not see to seat 2: the QS is
    # with seat 1 or seat 2, never seat 3.
    state = fantan.new_game(fantan.preset("ruter-7"), 0)
    for move in ("7D", "pass", "give:QS", "6D", "5D", "7C", "8C", "pass", "give:AS", "7H"):
        state = state.play(move)
    obs = state.observation(0)
    assert obs.history[2].card == "QS" and obs.history[-2].card is None
    b = belief.infer(obs)
    chain = belief.HandChain(obs, b, random.Random(2).random)
    for k in range(300):
        assert broken_public_facts(obs, belief.sample_hands(obs, b, random.Random(k).random)) == []
        assert broken_public_facts(obs, chain.draw()[0]) == []


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "ristiseiska", "domino",
                                  "shichi-narabe", "sjuan"])
def test_samples_are_consistent_with_everything_public(name: str) -> None:
    """Every sampled world fits the observation, and the real hands fit every inference; of
    another seat's cards, the belief names none but those we gave it (not one another seat gave
    it where we could not see)."""
    rules = fantan.preset(name)
    deck = fantan.core.geometry(rules).deck
    unseen_gifts = 0
    for seed in range(6):
        state = fantan.new_game(rules, seed)
        k = 0
        while not state.is_over:
            me = state.to_move
            assert me is not None
            obs = state.observation(me)
            b = belief.infer(obs)
            real = [obs.geometry.deck.mask(state.hand(s)) for s in range(rules.players)]
            ours = [0] * rules.players
            for e in state.history:
                if e.kind == "give" and e.seat == me:
                    assert e.to is not None and e.card is not None
                    ours[e.to] |= 1 << deck.parse(e.card)
                elif e.kind == "give":
                    unseen_gifts += me != e.to
            for s in range(rules.players):
                if s != me:
                    assert not real[s] & b.void[s], "a void the seat does not have"
                    assert b.known[s] & ~real[s] == 0, "a known card the seat does not hold"
                    assert b.known[s] & ~ours[s] == 0, "a card known but not given by us"
            for d in b.decisions:
                assert d.chosen & (real[d.seat] | d.since) & d.cells
            assert broken_public_facts(obs, real) == []
            for s in range(rules.players):
                assert s == me or b.fits(s, real[s] & b.unknown), "a limit the seat breaks"
            hands = belief.sample_hands(obs, b, random.Random(k).random)
            assert broken_public_facts(obs, hands) == []
            if len(obs.legal_moves) > 1:
                drawn, _ = belief.HandChain(obs, b, random.Random(k).random).draw()
                assert broken_public_facts(obs, drawn) == []
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in real]
            assert hands[me] == real[me]
            union = 0
            for h in hands:
                assert not union & h
                union |= h
            assert union | obs.table_mask == obs.geometry.full
            state = state.play(ai.choose("medium", obs, seed=k))
            k += 1
    assert unseen_gifts or rules.pass_penalty != "card"


@pytest.mark.parametrize("name", sorted(fantan.PRESETS))
def test_the_cards_known_to_a_player_are_true_of_the_real_hands(kit, name: str) -> None:
    """What the moves page says of the others' hands (known_cards) holds of every real deal:
    a card said to be held is in that hand, a card said not to be is not, each card is said
    to be held by one seat at most, and a card on the table or in our hand is named by none.
    A player who passed when cards would have fitted is said not to hold some, where passing
    is forced, and never where it is a choice."""
    rules = fantan.preset(name)
    said = {"holds": 0, "lacks": 0}
    for seed in range(4):
        state = fantan.new_game(rules, seed)
        rnd = random.Random(seed)
        while not state.is_over:
            for me in range(rules.players):
                obs = state.observation(me)
                known = ai.known_cards(obs)
                assert len(known) == rules.players and known[me] == ai.Known()
                seen = set(obs.hand) | set(obs.geometry.deck.codes(obs.table_mask))
                held: set[str] = set()
                for s, k in enumerate(known):
                    assert set(k.holds) <= set(state.hand(s)), (seed, me, s)
                    assert not set(k.lacks) & set(state.hand(s)), (seed, me, s)
                    assert not held & set(k.holds) and not seen & set(k.holds + k.lacks)
                    held |= set(k.holds)
                    said["holds"] += bool(k.holds)
                    said["lacks"] += bool(k.lacks)
            state = state.play(rnd.choice(state.legal_moves()))
    assert said["holds"]
    assert bool(said["lacks"]) == (rules.passing == "forced")


def test_a_forced_pass_tells_which_cards_the_passer_lacks(kit) -> None:
    # We open with the 7D; seat 1 must pass: it holds none of the cards that fit then.
    fits = ("7S", "7H", "6D", "8D", "7C")
    mine = ["7D", "2S", "3S", "4S", "5S", "6S", "2H", "3H", "4H", "5H", "6H", "2D", "3D"]
    rules = fantan.preset("fan-tan")
    passer = [c for c in kit.deck_codes(rules) if c not in fits and c not in mine][:13]
    state = kit.play_all(fantan.new_game(
        rules, hands=kit.build_deal(rules, {0: mine, 1: passer}), dealer=0), ["7D", "pass"])
    assert ai.known_cards(state.observation(0)) == (
        ai.Known(), ai.Known(lacks=fits), ai.Known(), ai.Known())
    # With three players, the one other seat that may hold those cards holds them all, and
    # it is no more news that the passer does not.
    rules = rules.replace(players=3)
    mine += ["4D", "5D", "9D", "10D"]
    passer = [c for c in kit.deck_codes(rules) if c not in fits and c not in mine
              ][:kit.deal_sizes(rules, 0)[1]]
    state = kit.play_all(fantan.new_game(
        rules, hands=kit.build_deal(rules, {0: mine, 1: passer}), dealer=0), ["7D", "pass"])
    assert ai.known_cards(state.observation(0)) == (ai.Known(), ai.Known(), ai.Known(holds=fits))
    assert set(fits) <= set(state.hand(2))


def test_a_card_given_is_known_to_the_giver_and_an_unseen_gift_unsettles_a_pass() -> None:
    # Ruter 7: seat 1 passes and we (seat 0) give it the QS: we know it holds the QS, and none
    # of the cards that fitted when it passed; seat 3, who did not see the card, knows neither.
    state = fantan.new_game(fantan.preset("ruter-7"), 0)
    for move in ("7D", "pass", "give:QS"):
        state = state.play(move)
    fitted = next(e.cards for e in state.history if e.kind == "pass")
    ours = ai.known_cards(state.observation(0))[1]
    assert ours.holds == ("QS",)
    assert set(ours.lacks) == set(fitted) - set(state.hand(0))
    assert ai.known_cards(state.observation(3))[1] == ai.Known()


def test_inference_prefers_the_real_hands() -> None:
    """The play model ranks the real hands above most uniform samples."""
    rules = fantan.preset("fan-tan")
    g = fantan.core.geometry(rules)
    wins = total = 0
    for seed in range(8):
        state = fantan.new_game(rules, seed)
        while not state.is_over and len(state.history) < 30:
            state = state.play(ai.choose("medium", state.observation(state.to_move), seed=seed))  # type: ignore[arg-type]
        if state.is_over:
            continue
        me = state.to_move
        assert me is not None
        obs = state.observation(me)
        b = belief.infer(obs)
        real = [g.deck.mask(state.hand(s)) for s in range(rules.players)]
        lr = belief.log_likelihood(g, b, real)
        rnd = random.Random(seed).random
        for _ in range(20):
            wins += lr > belief.log_likelihood(g, b, belief.sample_hands(obs, b, rnd))
            total += 1
    assert total and wins / total > 0.6


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "shichi-narabe", "points"])
def test_rollout_medium_rates_like_medium(name: str) -> None:
    """Hard's play-outs and play model rate cards and gifts exactly as Medium does."""
    rules = fantan.preset(name)
    g = fantan.core.geometry(rules)
    by_value = rules.scoring in ("face-value", "ruter7-values")
    checked = 0
    for seed in range(4):
        state = fantan.new_game(rules, seed)
        while not state.is_over:
            me = state.to_move
            assert me is not None
            obs = state.observation(me)
            if obs.gift is not None and obs.gift[0] == me:
                # The card the play-outs give is one Medium rates best to give, and so is
                # Medium's own; over a few random streams, the play-outs give each of them.
                scores = {card: heuristic.gift_score(obs, card) for card in bits(obs.hand_mask)}
                top = {card for card, v in scores.items() if v > max(scores.values()) - 1e-9}
                given = set()
                for k in range(12):
                    c = state._c.copy()
                    rollout.step_medium(c, random.Random(k).random)
                    given |= set(bits(obs.hand_mask & ~c.hands[me]))
                    move = heuristic.medium(obs, random.Random(k).random)
                    assert g.deck.parse(move[len("give:"):]) in top, (move, top)
                assert given == top or len(top) > 3, (given, top)
                checked += 1
            elif obs.start is not None:
                threat = min((obs.hand_sizes[s] for s in range(g.n) if s != me
                              and s not in obs.out and s not in obs.eliminated), default=99)
                w = heuristic.theirs_weight(obs.hand_sizes[me], threat)
                for m in obs.legal_moves:
                    if m != "pass":
                        card = g.deck.parse(m)
                        assert rollout.card_value(
                            g, obs.start, g.beyond(obs.start), obs.hand_mask, obs.table_mask,
                            1 << card, w, by_value) == heuristic.card_score(obs, card)
                        checked += 1
            state = state.play(ai.choose("medium", obs, seed=len(state.history)))
    assert checked


def test_under_a_pass_limit_of_a_million_medium_and_hard_play_on() -> None:
    # Every seat holding back by choice while it had two passes left stood the table still for
    # as long as the limit lasted (a Medium hand of millions of moves; Hard's play-outs, each
    # as long, for ever): Medium passes by choice CHOSEN_PASSES times a hand at most, in Hard's
    # play-outs too. (Under a limit of 9 or less its second pass left decides, as before.)
    rules = fantan.preset("shichi-narabe").replace(players=3, pass_limit=10**6)
    for seed in range(3):
        state = fantan.new_game(rules, seed)
        chosen = [0] * rules.players
        while not state.is_over:
            me = state.to_move
            assert me is not None
            obs = state.observation(me)
            if seed == 0 and len(state.history) == 1:
                assert ai.choose("hard", obs, seed=1, iterations=8) in obs.legal_moves
                c = state._c.copy()
                rollout.playout_medium(c, random.Random(1).random)
                assert c.over
            move = ai.choose("medium", obs, seed=len(state.history))
            chosen[me] += move == "pass" and len(obs.legal_moves) > 1
            state = state.play(move)
        assert max(chosen) <= heuristic.CHOSEN_PASSES
        assert len(state.history) < 200


def test_only_the_levels_said_to_search_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page decides for the levels that do not search itself, without the computer players'
    # worker: a level that searched unannounced would hold the page up for its budget.
    searched: list[str] = []
    real = ai.hard_search

    def counted(*args: Any, **kwargs: Any) -> Any:
        searched.append("search")
        return real(*args, **kwargs)

    monkeypatch.setattr(ai, "hard_search", counted)
    state = fantan.new_game(fantan.preset("shichi-narabe"), seed=4)
    decisions = 0
    while state.result is None and decisions < 12:
        obs = state.observation(state.to_move)
        if len(obs.legal_moves) > 1:
            decisions += 1
            for level in ai.LEVELS:
                searched.clear()
                ai.choose(level, obs, seed=1, iterations=4)
                ai.hint(level, obs, seed=1)
                assert bool(searched) == ai.searches(level), (level, obs.legal_moves)
        state = state.play(ai.choose("medium", obs, seed=decisions))
    assert decisions == 12
    assert [level for level in ai.LEVELS if ai.searches(level)] == ["hard"]
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        ai.searches("expert")


def test_the_hint_searches_a_fixed_number_of_worlds_at_hard_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's hint at Hard is a search of fixed size (its budget, not the clock): the same
    # position, the same hint, however busy the machine; here a clock that runs ten seconds
    # at each look (a search to the clock would stop at its fewest worlds).
    assert ai.hint_iterations("hard") == ai.BUDGETS["hint"]["iterations"] >= 1
    assert ai.hint_iterations("medium") is None and ai.hint_iterations("easy") is None
    state = fantan.new_game(fantan.preset("fan-tan"), seed=2)
    while state.to_move != 0 or len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[-1])
    obs = state.observation(0)
    now = [0.0]
    drawn = [0]
    real_draw = search.HandChain.draw

    def slow_clock() -> float:
        now[0] += 10.0
        return now[0]

    def counting_draw(self: belief.HandChain) -> tuple[list[int], list[bool]]:
        drawn[0] += 1
        return real_draw(self)

    monkeypatch.setattr(search.time, "perf_counter", slow_clock)
    monkeypatch.setattr(search.HandChain, "draw", counting_draw)
    hints = set()
    for _ in range(2):
        drawn[0] = 0
        hints.add(ai.hint("hard", obs, seed=5).move)
        assert drawn[0] == ai.hint_iterations("hard")
    assert len(hints) == 1 and hints <= set(state.legal_moves())
    drawn[0] = 0
    assert ai.hint("medium", obs, seed=5).move in state.legal_moves()
    assert drawn[0] == 0


def _choice_points(name: str, seeds: range, most: int = 40) -> list[fantan.Observation]:
    """Observations of the seat to move where it has a choice, from random hands: at most
    ``most`` of them, as many from each hand."""
    points = []
    for seed in seeds:
        state = fantan.new_game(fantan.preset(name), seed)
        rnd = random.Random(seed)
        taken = 0
        while not state.is_over and taken < most // len(seeds):
            if len(state.legal_moves()) > 1:
                points.append(state.observation(state.to_move))  # type: ignore[arg-type]
                taken += 1
            state = state.play(rnd.choice(state.legal_moves()))
    return points


def test_a_move_made_is_reviewed_against_the_hint_at_medium() -> None:
    # The review of a move made is the hint's advice, or, where the hint finds it as good
    # (every card that fits alike) or is that move, the advice for that move.
    differ = alike = 0
    for obs in [obs for name in ("fan-tan", "ruter-7", "shichi-narabe")
                for obs in _choice_points(name, range(4))]:
        told = ai.hint("medium", obs, seed=3)
        for move in obs.legal_moves:
            said = ai.review("medium", obs, move, seed=3)
            if move == told.move or told.kind == "even":
                assert said == ai.advise(obs, move)
                alike += move != told.move
            else:
                assert said == told
                differ += 1
    assert differ and alike


def test_a_move_made_is_reviewed_against_the_hint_at_hard() -> None:
    # At Hard the review searches as the hint does (the same worlds): a move the search finds
    # worse by CLOSE or more on average is set against the hint's move with what it found
    # between the two; another is judged as good, and the review is that move's advice.
    n = ai.hint_iterations("hard")
    worse = good = 0
    for obs in _choice_points("fan-tan", range(3), most=9):
        found = search.hard_search(obs, 4, n, 0.0, 1, ai.BUDGETS["hard"]["z"])
        means = dict(zip(found.moves, found.means, strict=True))
        for move in obs.legal_moves:
            said = ai.review("hard", obs, move, seed=4)
            gain = means[found.move] - means[move]
            if move == found.move:
                assert said == ai.hint("hard", obs, seed=4)
            elif gain < search.CLOSE:
                assert said == ai.advise(obs, move, searched=True)
                good += 1
            else:
                assert said == ai.Advice(found.move, "search", worlds=n, rival=move,
                                         gain=round(gain, 2))
                worse += 1
    assert worse and good
    obs = _choice_points("fan-tan", range(1), most=1)[0]
    with pytest.raises(ValueError, match="not a move"):
        ai.review("hard", obs, "give:7D")
