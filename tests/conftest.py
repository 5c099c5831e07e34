"""Shared helpers for the engine tests, written from RULES.md and API.md (not from the engine).

The helpers are handed to tests through the session fixture ``kit``; they know the decks, build
explicit deals, model which cards the rules allow, and score a finished hand the way RULES.md's
table says.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from types import SimpleNamespace

import pytest

import fantan

FRENCH_SUITS = ("S", "H", "D", "C")
SPANISH_SUITS = ("O", "C", "E", "B")
FRENCH_LOW = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH_HIGH = FRENCH_LOW[1:] + ("A",)
SPANISH = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
FACE = {"J": 11, "Q": 12, "K": 13, "A": 15}
RUTER7 = {"A": 20, "J": 10, "Q": 10, "K": 10}


def suits(rules: fantan.Rules) -> tuple[str, ...]:
    return SPANISH_SUITS if rules.deck == "spanish40" else FRENCH_SUITS


def row_ranks(rules: fantan.Rules) -> tuple[str, ...]:
    """The ranks of one row, low end first."""
    if rules.deck == "spanish40":
        return SPANISH
    return FRENCH_HIGH if rules.ace == "high" else FRENCH_LOW


def split(code: str) -> tuple[str, str]:
    """(rank, suit) of a canonical card code."""
    return code[:-1], code[-1]


def deck_codes(rules: fantan.Rules) -> list[str]:
    """Every card of the deck in hand order: suits in deck order, ranks in row order."""
    return [r + s for s in suits(rules) for r in row_ranks(rules)]


def start_cards(rules: fantan.Rules, start_rank: str | None = None) -> list[str]:
    rank = start_rank or rules.start_rank
    return [rank + s for s in suits(rules)]


def hand_order(rules: fantan.Rules, codes: Iterable[str]) -> tuple[str, ...]:
    order = {c: i for i, c in enumerate(deck_codes(rules))}
    return tuple(sorted(codes, key=order.__getitem__))


def deal_sizes(rules: fantan.Rules, dealer: int) -> list[int]:
    """Cards per seat: one at a time clockwise from the dealer's left (RULES.md §2 players)."""
    n = rules.players
    count = len(deck_codes(rules))
    if rules.opening == "preplaced" and rules.preplaced_from == "deck":
        count -= len(suits(rules))
    sizes = [0] * n
    for k in range(count):
        sizes[(dealer + 1 + k) % n] += 1
    return sizes


def build_deal(
    rules: fantan.Rules, fixed: dict[int, Sequence[str]], dealer: int = 0,
    filler: Sequence[str] | None = None,
) -> list[list[str]]:
    """An explicit deal: ``fixed`` cards go to their seats, the rest fill the seats in order."""
    sizes = deal_sizes(rules, dealer)
    hands = [list(fixed.get(s, ())) for s in range(rules.players)]
    used = {c for h in hands for c in h}
    pool = [c for c in deck_codes(rules) if c not in used]
    if rules.opening == "preplaced" and rules.preplaced_from == "deck":
        pool = [c for c in pool if c not in start_cards(rules)]
    if filler is not None:
        pool = [c for c in filler if c in pool] + [c for c in pool if c not in filler]
    for s in range(rules.players):
        need = sizes[s] - len(hands[s])
        assert need >= 0, f"seat {s} is given too many cards"
        hands[s] += pool[:need]
        pool = pool[need:]
    assert not pool
    return hands


def play_all(state: fantan.GameState, moves: Iterable[str]) -> fantan.GameState:
    for m in moves:
        state = state.play(m)
    return state


def random_playout(state: fantan.GameState, rng: random.Random, limit: int = 5000):
    """Play random legal moves to the end; returns the final state."""
    for _ in range(limit):
        if state.is_over:
            return state
        state = state.play(rng.choice(state.legal_moves()))
    raise AssertionError("the hand did not end")


def play_through(match: fantan.Match, pick: int = 0
               ) -> tuple[fantan.Match, tuple[str, ...], tuple[fantan.Result, ...]]:
    """The match played to its end, every seat taking legal move number ``pick``: the match,
    every move made and every hand's result."""
    moves: list[str] = []
    results = []
    while True:
        while not match.state.is_over:
            move = match.state.legal_moves()[pick]
            moves.append(move)
            match = match.play(move)
        results.append(match.state.result)
        if match.is_over:
            return match, tuple(moves), tuple(results)
        match = match.next_hand()


def card_value(rules: fantan.Rules, code: str) -> int:
    rank = split(code)[0]
    if rules.scoring == "face-value":
        return FACE.get(rank) or int(rank)
    if rules.scoring == "ruter7-values":
        return RUTER7.get(rank, 1)
    return 1


def expected_scores(
    rules: fantan.Rules, winner: int, left: Sequence[Sequence[str]], passes: Sequence[int],
    dealt: Sequence[int], ranking: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """One hand's scores as RULES.md §2's table defines them.

    ``left`` holds each seat's cards still in hand (an eliminated seat's laid-out cards count
    as its cards left); ``ranking`` is only needed for placement.
    """
    n = rules.players
    counts = [len(x) for x in left]
    pen = list(passes) if rules.pass_penalty == "point" else [0] * n
    if rules.scoring == "zero-sum-cards":
        scores = [-counts[s] for s in range(n)]
        scores[winner] = sum(counts[s] for s in range(n) if s != winner)
    elif rules.scoring == "penalty-points":
        scores = [counts[s] + pen[s] for s in range(n)]
        scores[winner] = 0
    elif rules.scoring in ("face-value", "ruter7-values"):
        scores = [sum(card_value(rules, c) for c in left[s]) + pen[s] for s in range(n)]
        scores[winner] = 0
    elif rules.scoring == "chips":
        most = max(dealt)
        chips = [1 if rules.pass_penalty == "chip" else 0] * n
        paid = [
            1 + (1 if dealt[s] < most else 0) + chips[s] * passes[s]
            + (counts[s] if rules.pay_per_card else 0)
            for s in range(n)
        ]
        scores = [-paid[s] for s in range(n)]
        scores[winner] = sum(paid[s] for s in range(n) if s != winner)
    else:
        assert ranking is not None
        scores = [0] * n
        for place, s in enumerate(ranking):
            scores[s] = n - 1 - place
    return tuple(scores)


def better_first(rules: fantan.Rules, winner: int, scores: Sequence[int]) -> tuple[int, ...]:
    """RULES.md's ranking outside placement: the winner, then by score, ties clockwise."""
    n = rules.players
    lower_better = rules.scoring in ("penalty-points", "face-value", "ruter7-values")
    others = [s for s in range(n) if s != winner]
    others.sort(key=lambda s: ((scores[s] if lower_better else -scores[s]), (s - winner) % n))
    return (winner, *others)


@pytest.fixture(scope="session")
def kit() -> SimpleNamespace:
    return SimpleNamespace(
        suits=suits, row_ranks=row_ranks, split=split, deck_codes=deck_codes,
        start_cards=start_cards, hand_order=hand_order, deal_sizes=deal_sizes,
        build_deal=build_deal, play_all=play_all, random_playout=random_playout,
        card_value=card_value, expected_scores=expected_scores, better_first=better_first,
        play_through=play_through,
    )
