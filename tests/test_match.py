"""Multi-hand matches: dealer rotation, seeds, totals, winner leads next, tie-breaks, standings."""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import fantan

LOWER_BETTER = ("penalty-points", "face-value", "ruter7-values")


def finish_hand(match: fantan.Match, rng: random.Random) -> fantan.Match:
    while not match.state.is_over:
        match = match.play(rng.choice(match.state.legal_moves()))
    return match


def play_match(rules: fantan.Rules, seed: int, dealer: int = 0):
    """Play a whole match at random; returns the final match and every finished hand."""
    rng = random.Random(seed)
    match = fantan.new_match(rules, seed=seed, dealer=dealer)
    hands = []
    while True:
        match = finish_hand(match, rng)
        hands.append(match.state)
        if match.is_over:
            return match, hands
        match = match.next_hand()


def expected_standings(rules, totals, last):
    """RULES.md: totals, then fewer cards left (placement: better place) in the last hand,
    then the lower seat."""
    n = rules.players
    sign = 1 if rules.scoring in LOWER_BETTER else -1
    if rules.scoring == "placement":
        tie = [last.ranking.index(s) for s in range(n)]
    else:
        tie = list(last.cards_left)
    return tuple(sorted(range(n), key=lambda s: (sign * totals[s], tie[s], s)))


@pytest.mark.parametrize("name", sorted(fantan.PRESETS))
def test_match_structure(name):
    rules = fantan.preset(name)
    expected_hands = rules.players if rules.match_hands is None else rules.match_hands
    seed, dealer = 40, 2
    match, hands = play_match(rules, seed, dealer)
    assert len(hands) == expected_hands
    assert match.is_over and match.hand_number == expected_hands
    totals = [0] * rules.players
    for k, state in enumerate(hands, start=1):
        # Hand k: seed s + k - 1, the dealer one seat further left each hand.
        assert state.dealer == (dealer + k - 1) % rules.players
        leader = None
        if k > 1 and rules.winner_leads_next and rules.opening != "holder":
            leader = hands[k - 2].result.winner
        fresh = fantan.new_game(rules, seed=seed + k - 1, dealer=state.dealer, leader=leader)
        replayed = fresh
        for move in state.moves:
            replayed = replayed.play(move)
        assert replayed == state
        for s in range(rules.players):
            totals[s] += state.result.scores[s]
        first_mover = next(e.seat for e in state.history if e.kind != "preplace")
        if leader is not None:
            assert first_mover == leader
        elif rules.opening == "holder":
            assert rules.opening_card in fresh.hand(first_mover)
        else:
            assert first_mover == (state.dealer + 1) % rules.players
    assert match.totals == tuple(totals)
    assert match.standings == expected_standings(rules, match.totals, hands[-1].result)
    with pytest.raises(ValueError):
        match.next_hand()


def test_first_hand_and_next_hand_guards():
    match = fantan.new_match(fantan.preset("sjueren"), seed=3, dealer=1)
    assert match.hand_number == 1
    assert match.state.dealer == 1
    assert match.totals == (0, 0, 0, 0)
    assert not match.is_over
    assert match.standings == (0, 1, 2, 3)  # (no hand finished: by seat)
    with pytest.raises(ValueError):
        match.next_hand()  # the hand is not over
    first = match
    match = finish_hand(match, random.Random(0))
    assert first.state.moves == () and first.hand_number == 1  # immutable
    nxt = match.next_hand()
    assert nxt.hand_number == 2 and match.hand_number == 2 - 1
    assert nxt.state.dealer == 2
    assert nxt.totals == match.totals == match.state.result.scores
    assert nxt.state.moves == ()


def test_match_seeds_are_consecutive():
    rules = fantan.preset("sjueren")
    match = fantan.new_match(rules, seed=100, dealer=0)
    rng = random.Random(1)
    for k in range(1, 6):
        fresh = fantan.new_game(rules, seed=100 + k - 1, dealer=(k - 1) % 4)
        assert [match.state.hand(s) for s in range(4)] == [fresh.hand(s) for s in range(4)]
        match = finish_hand(match, rng)
        if k < 5:
            match = match.next_hand()
    assert match.is_over


@pytest.mark.parametrize("name", ["fan-tan-chips", "sjuan", "cinquillo", "points"])
def test_winner_leads_next(name):
    rules = fantan.preset(name)
    match = finish_hand(fantan.new_match(rules, seed=5), random.Random(5))
    winner = match.state.result.winner
    nxt = match.next_hand()
    assert nxt.state.to_move == winner
    fresh = fantan.new_game(rules, seed=6, dealer=1, leader=winner)
    assert nxt.state == fresh


def test_without_winner_leads_next_the_left_of_the_dealer_leads():
    rules = fantan.preset("sevens").replace(match_hands=3)
    match = finish_hand(fantan.new_match(rules, seed=5), random.Random(5))
    nxt = match.next_hand()
    assert nxt.state.to_move == 2


def test_holder_leads_even_with_winner_leads_next():
    rules = fantan.preset("sjueren").replace(winner_leads_next=True)
    match = fantan.new_match(rules, seed=11)
    for k in range(4):
        match = finish_hand(match, random.Random(k)).next_hand()
        holder = next(s for s in range(4) if "7D" in match.state.hand(s))
        assert match.state.to_move == holder
        assert match.state.legal_moves() == ("7D",)


def test_set_number_of_hands():
    for hands in (1, 2, 7):
        rules = fantan.preset("fan-tan").replace(match_hands=hands)
        match, played = play_match(rules, 9)
        assert len(played) == hands
    rules = fantan.preset("fan-tan").replace(match_hands=None, players=6)
    match, played = play_match(rules, 9)
    assert len(played) == 6
    assert [h.dealer for h in played] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("name", sorted(fantan.PRESETS))
def test_standings_over_many_matches(name):
    rules = fantan.preset(name).replace(match_hands=2)
    for seed in range(8):
        match, hands = play_match(rules, seed)
        assert match.standings == expected_standings(rules, match.totals, hands[-1].result)


def test_chips_tie_break_goes_to_fewer_cards_in_the_last_hand():
    rules = fantan.preset("fan-tan-chips").replace(match_hands=1, players=3)
    for seed in range(500):
        match, hands = play_match(rules, seed)
        totals = match.totals
        last = hands[-1].result
        tied = [(a, b) for a in range(3) for b in range(3)
                if a < b and totals[a] == totals[b] and last.cards_left[a] != last.cards_left[b]]
        if tied:
            a, b = tied[0]
            better = a if last.cards_left[a] < last.cards_left[b] else b
            worse = b if better == a else a
            st = match.standings
            assert st.index(better) < st.index(worse)
            return
    raise AssertionError("no tie found")


def test_standings_direction():
    # Higher first under zero-sum, chips and placement; lower first under point scorings.
    for name in ("fan-tan", "fan-tan-chips", "shichi-narabe", "sjueren", "points", "ruter-7"):
        rules = fantan.preset(name).replace(match_hands=1)
        match, _ = play_match(rules, 3)
        t = [match.totals[s] for s in match.standings]
        if rules.scoring in LOWER_BETTER:
            assert t == sorted(t)
        else:
            assert t == sorted(t, reverse=True)


def test_match_save_round_trip():
    rules = fantan.preset("fan-tan-chips")
    rng = random.Random(2)
    match = fantan.new_match(rules, seed=21, dealer=3)
    assert fantan.load_match(match.to_json()) == match
    for _ in range(2):
        match = finish_hand(match, rng)
        back = fantan.load_match(match.to_json())
        assert back == match and back.totals == match.totals
        assert back.standings == match.standings
        match = match.next_hand()
    for _ in range(5):
        match = match.play(rng.choice(match.state.legal_moves()))
    back = fantan.load_match(match.to_json())
    assert back == match
    assert back.hand_number == match.hand_number
    assert back.state == match.state
    move = match.state.legal_moves()[0]
    assert back.play(move) == match.play(move)


# --- a stateful test: a match driven by hypothesis --------------------------------------------


class MatchMachine(RuleBasedStateMachine):
    """Moves, new hands and save/load in any order; totals and saves always agree."""

    @initialize(name=st.sampled_from(sorted(fantan.PRESETS)), players=st.integers(3, 8),
                seed=st.integers(0, 10**9), dealer=st.integers(0, 7))
    def start(self, name, players, seed, dealer):
        rules = fantan.preset(name).replace(players=players, match_hands=3)
        self.first_dealer = dealer % players
        self.match = fantan.new_match(rules, seed=seed, dealer=self.first_dealer)
        self.finished: list[tuple[int, ...]] = []

    @precondition(lambda self: not self.match.state.is_over)
    @rule(pick=st.integers(0, 10**6))
    def move(self, pick):
        moves = self.match.state.legal_moves()
        before = self.match.to_json()
        after = self.match.play(moves[pick % len(moves)])
        assert self.match.to_json() == before
        self.match = after
        if after.state.is_over:
            self.finished.append(after.state.result.scores)

    @precondition(lambda self: not self.match.state.is_over)
    @rule(steps=st.integers(1, 200))
    def many_moves(self, steps):
        for _ in range(steps):
            if self.match.state.is_over:
                break
            self.move(steps)

    @precondition(lambda self: self.match.state.is_over and not self.match.is_over)
    @rule()
    def next_hand(self):
        k = self.match.hand_number
        winner = self.match.state.result.winner
        self.match = self.match.next_hand()
        rules = self.match.rules
        assert self.match.hand_number == k + 1
        assert self.match.state.dealer == (self.first_dealer + k) % rules.players
        if rules.winner_leads_next and rules.opening != "holder":
            assert self.match.state.to_move == winner

    @rule()
    def save_and_load(self):
        back = fantan.load_match(self.match.to_json())
        assert back == self.match
        self.match = back

    @invariant()
    def totals_add_up(self):
        n = self.match.rules.players
        assert self.match.totals == tuple(sum(s[i] for s in self.finished) for i in range(n))
        assert sorted(self.match.standings) == list(range(n))
        assert self.match.is_over == (self.match.state.is_over and self.match.hand_number == 3)


TestMatchMachine = MatchMachine.TestCase
TestMatchMachine.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)


@pytest.mark.parametrize(("name", "hands", "seed", "decided"), [
    ("fan-tan", 2, 7, "total"),
    ("fan-tan", 2, 6, "cards-left"),
    ("shichi-narabe", 2, 1, "place"),
    ("cinquillo", 3, 145, "seat"),
])
def test_what_decided_the_standings_at_the_top(kit, name, hands, seed, decided):
    match, _, _ = kit.play_through(
        fantan.new_match(fantan.preset(name).replace(match_hands=hands), seed))
    first, second = match.standings[:2]
    assert match.decided_by(first, second) == decided
    level = match.totals[first] == match.totals[second]
    assert level == (decided != "total")
    last = match.state.result
    if decided == "cards-left":
        assert last.cards_left[first] < last.cards_left[second]
    if decided == "place":
        assert last.ranking.index(first) < last.ranking.index(second)
    if decided == "seat":
        assert first < second


@pytest.mark.parametrize("name", ["fan-tan", "ruter-7", "shichi-narabe", "cinquillo"])
def test_a_hand_replayed_passes_through_its_positions_with_their_seeds(name):
    # Every move of a hand (the second of a match, its winner leading where the rules say so)
    # with the state it was made in: each saves as the state the hand passed through, and its
    # seed is the move seed the match had there.
    match = fantan.new_match(fantan.preset(name).replace(match_hands=3), seed=11)
    rnd = random.Random(2)
    while not match.state.is_over:
        match = match.play(rnd.choice(match.state.legal_moves()))
    match = match.next_hand()
    seen = []
    while not match.state.is_over:
        seen.append((match.state.to_json(), match.move_seed))
        match = match.play(rnd.choice(match.state.legal_moves()))
    replayed = match.state.replayed()
    assert [(s.to_json(), match.seed_at(s)) for s, _ in replayed] == seen
    assert tuple(move for _, move in replayed) == match.state.moves
    assert replayed[-1][0].play(replayed[-1][1]).to_json() == match.state.to_json()
    assert fantan.new_game(fantan.preset(name), seed=3).replayed() == ()


@pytest.mark.parametrize(("name", "players"), [("fan-tan", 4), ("shichi-narabe", 8),
                                               ("ruter-7", 3)])
def test_every_move_of_a_match_has_a_seed_of_its_own(name, players):
    # A computer player's random numbers differ from move to move, hand to hand and match to
    # match: no two positions share a move seed (once, n moves with seat s + 1 shared that of
    # n + 1 moves with seat s).
    rules = fantan.preset(name).replace(players=players, match_hands=3)
    seeds = []
    for seed in (11, 12):
        match = fantan.new_match(rules, seed=seed)
        rnd = random.Random(seed)
        while True:
            while not match.state.is_over:
                seeds.append(match.move_seed)
                match = match.play(rnd.choice(match.state.legal_moves()))
            if match.is_over:
                break
            match = match.next_hand()
    assert len(seeds) > 200 and len(set(seeds)) == len(seeds)
    assert all(0 <= s < 2**31 for s in seeds)


def test_the_seed_a_computer_player_is_given_tells_nothing_of_the_deal():
    # The move seed goes to the computer player with its observation. It was a sum of the
    # deal's seed and the position's numbers, all public but the seed: from one move's seed a
    # player could work the deal's seed back out (below 2**28, a few candidates below 10**9),
    # deal the hands again and read them all. Worked back the same way now, it finds nothing,
    # and deals one seed apart give move seeds that differ in about half their bits.
    rules = fantan.preset("fan-tan")
    k, found, differing = 1_000_003, 0, []
    before = None
    for seed in range(5_000, 5_400):
        match = fantan.new_match(rules, seed=seed)
        move_seed, seat = match.move_seed, match.state.to_move
        x = (move_seed - seat) % 2**31  # (no move made yet)
        y = (x // 8) * pow(k, -1, 2**28) % 2**28
        found += (y - 1) * pow(k, -1, 2**28) % 2**28 == seed % 2**28
        if before is not None:
            differing.append(bin(before ^ move_seed).count("1"))
        before = move_seed
    assert found == 0
    assert 13 < sum(differing) / len(differing) < 18
