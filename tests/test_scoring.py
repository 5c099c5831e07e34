"""The six scoring modes of RULES.md §2, its results table, the seeds' examples and rankings."""

from __future__ import annotations

import random

import pytest

import fantan


def first_move_game(rules: fantan.Rules, seed: int, dealer: int = 0) -> fantan.GameState:
    state = fantan.new_game(rules, seed=seed, dealer=dealer)
    while not state.is_over:
        state = state.play(state.legal_moves()[0])
    return state


def random_game(rules: fantan.Rules, seed: int) -> fantan.GameState:
    state = fantan.new_game(rules, seed=seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def cards_left(state: fantan.GameState) -> list[list[str]]:
    """Each seat's cards left; an eliminated seat's laid-out cards count as its cards left."""
    left = [list(state.hand(s)) for s in range(state.players)]
    for e in state.history:
        if e.kind == "eliminated":
            left[e.seat] = list(e.cards)
    return left


def pass_counts(state: fantan.GameState) -> list[int]:
    passes = [0] * state.players
    for e in state.history:
        if e.kind == "pass":
            passes[e.seat] += 1
    return passes


def dealt(state: fantan.GameState) -> list[int]:
    sizes = [0] * state.players
    count = 40 if state.rules.deck == "spanish40" else 52
    if state.rules.opening == "preplaced" and state.rules.preplaced_from == "deck":
        count -= 4
    for k in range(count):
        sizes[(state.dealer + 1 + k) % state.players] += 1
    return sizes


# --- the seeds' own examples -----------------------------------------------------------------


def test_seed_penalty_example_oracle(kit):
    # Seed 001: others left with 2, 5, 9 cards and one pass each note 3, 6, 10.
    rules = fantan.preset("sjueren")
    left = [[], ["x"] * 2, ["x"] * 5, ["x"] * 9]
    scores = kit.expected_scores(rules, 0, left, [0, 1, 1, 1], [13] * 4)
    assert scores == (0, 3, 6, 10)


def test_seed_penalty_example_in_a_real_hand():
    # Sjueren, seed 1, always the first legal move: each loser notes a point a card left and
    # a point a pass, the seed's rule, which the oracle above holds to its example.
    state = first_move_game(fantan.preset("sjueren"), 1)
    res = state.result
    assert res.winner == 3
    assert res.cards_left == (3, 2, 1, 0)
    assert pass_counts(state) == [2, 1, 1, 0]
    assert res.scores == (5, 3, 2, 0)


def test_seed_zero_sum_example_oracle(kit):
    # Seed 000: losers holding 3, 5 and 8 cards pay 3, 5, 8; the winner gets +16.
    rules = fantan.preset("fan-tan")
    scores = kit.expected_scores(rules, 2, [["x"] * 3, ["x"] * 5, [], ["x"] * 8], [0] * 4,
                                 [13] * 4)
    assert scores == (-3, -5, 16, -8)


def test_seed_zero_sum_example_in_a_real_hand():
    # Seed 1495, always the first legal move: the losers end with 5, 8 and 3 cards.
    state = first_move_game(fantan.preset("fan-tan"), 1495)
    res = state.result
    assert res.winner == 2
    assert res.cards_left == (5, 8, 0, 3)
    assert res.scores == (-5, -8, 16, -3)
    assert sum(res.scores) == 0
    assert res.ranking == (2, 3, 0, 1)
    assert state.hand(2) == ()
    assert [len(state.hand(s)) for s in range(4)] == [5, 8, 0, 3]
    assert state.to_move is None and state.legal_moves() == ()


# --- every mode, checked against RULES.md's table on real hands -------------------------------

MODES = [
    ("zero-sum-cards", fantan.preset("fan-tan")),
    ("zero-sum-cards", fantan.preset("sevens")),
    ("penalty-points", fantan.preset("sjueren")),
    ("penalty-points", fantan.preset("ristiseiska")),
    ("penalty-points", fantan.preset("domino")),
    ("chips", fantan.preset("fan-tan-chips")),
    ("chips", fantan.preset("cinquillo")),
    ("chips", fantan.preset("sjuan").replace(pay_per_card=False)),
    ("chips", fantan.preset("fan-tan").replace(scoring="chips")),
    ("face-value", fantan.preset("points")),
    ("face-value", fantan.preset("fan-tan").replace(scoring="face-value")),
    ("ruter7-values", fantan.preset("ruter-7")),
    ("ruter7-values", fantan.preset("sjueren").replace(scoring="ruter7-values")),
    ("placement", fantan.preset("shichi-narabe")),
    ("placement", fantan.preset("fan-tan").replace(scoring="placement", pass_penalty="card")),
    ("zero-sum-cards", fantan.preset("shichi-narabe").replace(scoring="zero-sum-cards")),
    ("penalty-points", fantan.preset("shichi-narabe").replace(scoring="penalty-points")),
]


@pytest.mark.parametrize("mode,rules", MODES)
@pytest.mark.parametrize("players", [3, 4, 5, 8])
def test_scores_follow_the_table(kit, mode, rules, players):
    rules = rules.replace(players=players)
    assert rules.scoring == mode
    for seed in range(6):
        state = random_game(rules, seed)
        res = state.result
        left = cards_left(state)
        assert res.cards_left == tuple(len(x) for x in left)
        passes = pass_counts(state)
        expected = kit.expected_scores(rules, res.winner, left, passes, dealt(state),
                                       res.ranking)
        assert res.scores == expected
        assert sorted(res.ranking) == list(range(players))
        if mode == "placement":
            assert sorted(res.scores) == list(range(players))
            assert res.ranking[0] == res.winner
        else:
            assert res.ranking == kit.better_first(rules, res.winner, res.scores)
            # Outside placement the winner is the first out, or the last not eliminated.
            if res.cards_left[res.winner] != 0:
                elim = {e.seat for e in state.history if e.kind == "eliminated"}
                assert elim == set(range(players)) - {res.winner}
        if mode in ("zero-sum-cards", "chips"):
            assert sum(res.scores) == 0
        if mode in ("penalty-points", "face-value", "ruter7-values"):
            assert res.scores[res.winner] == 0
            assert all(x >= 0 for x in res.scores)


def test_face_value_card_values(kit):
    rules = fantan.preset("points")
    values = {c: kit.card_value(rules, c) for c in kit.deck_codes(rules)}
    assert values["2S"] == 2 and values["10H"] == 10 and values["JD"] == 11
    assert values["QC"] == 12 and values["KS"] == 13 and values["AH"] == 15
    state = random_game(rules, 4)
    res = state.result
    for s in range(4):
        if s != res.winner:
            own = sum(values[c] for c in state.hand(s))
            assert res.scores[s] == own + pass_counts(state)[s]


def test_ruter7_card_values(kit):
    rules = fantan.preset("ruter-7")
    values = {c: kit.card_value(rules, c) for c in kit.deck_codes(rules)}
    assert values["AS"] == 20 and values["JD"] == values["QH"] == values["KC"] == 10
    assert {values[r + "S"] for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10")} == {1}
    state = random_game(rules, 9)
    res = state.result
    # card penalty: passes cost no points.
    for s in range(4):
        if s != res.winner:
            assert res.scores[s] == sum(values[c] for c in state.hand(s))


def test_chips_pot_and_cards_paid():
    rules = fantan.preset("fan-tan-chips").replace(players=5)
    state = random_game(rules, 2)
    res = state.result
    deal = dealt(state)
    most = max(deal)
    passes = pass_counts(state)
    pot = sum(1 + (d < most) + p for d, p in zip(deal, passes, strict=True))
    cards = sum(res.cards_left)
    own = 1 + (deal[res.winner] < most) + passes[res.winner]
    assert res.scores[res.winner] == pot - own + cards
    for s in range(5):
        if s != res.winner:
            assert res.scores[s] == -(1 + (deal[s] < most) + passes[s] + res.cards_left[s])


def test_placement_play_goes_on_after_the_first_out():
    rules = fantan.preset("shichi-narabe")
    for seed in range(10):
        state = fantan.new_game(rules, seed=seed)
        rng = random.Random(seed)
        first_out = None
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            obs = state.observation(0)
            if obs.out and first_out is None:
                first_out = obs.out[0]
                if not state.is_over:
                    assert state.to_move != first_out
        res = state.result
        obs = state.observation(0)
        assert res.winner == res.ranking[0]
        n_out = len(obs.out)
        assert tuple(res.ranking[:n_out]) == tuple(obs.out)
        elim = tuple(obs.eliminated)
        if elim:
            assert tuple(res.ranking[-len(elim):]) == elim[::-1]
        assert res.scores[res.ranking[0]] == 3 and res.scores[res.ranking[-1]] == 0
        # Exactly one seat is left holding cards, or every other seat was eliminated.
        assert len(obs.out) + len(obs.eliminated) >= 3


@pytest.mark.parametrize("name", ["shichi-narabe", "fan-tan", "domino"])
def test_the_winner_is_settled_once_a_seat_is_out(name):
    # None until a seat is out; from then on, while the others play on for their places, the
    # seat that will be the hand's winner.
    settled_early = 0
    for seed in range(12):
        state = fantan.new_game(fantan.preset(name), seed=seed)
        rng = random.Random(seed)
        seen = []
        while not state.is_over:
            assert state.settled_winner is None or state.observation(0).out
            if state.settled_winner is not None:
                seen.append(state.settled_winner)
            state = state.play(rng.choice(state.legal_moves()))
        assert state.settled_winner == state.result.winner
        assert all(w == state.result.winner for w in seen)
        settled_early += bool(seen)
    if name == "shichi-narabe":
        assert settled_early  # (a hand went on after the first seat out)


def test_ranking_ties_go_clockwise_from_the_winner(kit):
    rules = fantan.preset("fan-tan")
    assert kit.better_first(rules, 2, (-3, -3, 6, 0)) == (2, 3, 0, 1)
    # Find a real hand with a tie among the losers and check the order.
    for seed in range(300):
        state = random_game(rules, seed)
        res = state.result
        others = [s for s in range(4) if s != res.winner]
        if len({res.cards_left[s] for s in others}) < 3:
            assert res.ranking == kit.better_first(rules, res.winner, res.scores)
            return
    raise AssertionError("no tie found")


@pytest.mark.parametrize("name", sorted(fantan.PRESETS))
def test_zero_sum_rules_are_those_whose_scores_sum_to_nothing(name):
    # (the page writes such scores with their sign: gains and losses)
    rules = fantan.preset(name)
    sums = set()
    for seed in range(3):
        state = fantan.new_game(rules, seed=seed)
        while not state.is_over:
            state = state.play(state.legal_moves()[0])
        sums.add(sum(state.result.scores))
    assert rules.is_zero_sum == (sums == {0}), sums


def test_cards_left_cost_their_holder_but_under_placement_and_chips_without_a_chip_a_card():
    assert sorted(n for n, r in fantan.PRESETS.items() if not r.cards_left_cost) == [
        "shichi-narabe"]
    paying = fantan.preset("fan-tan-chips")
    ante_only = paying.replace(pay_per_card=False)
    assert paying.cards_left_cost and not ante_only.cards_left_cost
    # The same deal played alike under both: a loser's cards left are what it pays more.
    for seed in range(5):
        a, b = fantan.new_game(paying, seed=seed), fantan.new_game(ante_only, seed=seed)
        while not a.is_over:
            move = a.legal_moves()[0]
            a, b = a.play(move), b.play(move)
        left, winner = a.result.cards_left, a.result.winner
        assert any(left[s] for s in range(4) if s != winner)
        for s in range(4):
            if s != winner:
                assert a.result.scores[s] == b.result.scores[s] - left[s]
