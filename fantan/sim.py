"""Fast play-outs for the computer players and the benchmark: the same bit core as the game,
mutated in place, with a tight loop for the common case (plain ends building, forced passing, no
card gifts, first player out wins).

A policy picks a card from a set of playable cards. ``random_card`` picks uniformly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .cards import CardSet
from .core import ENDS, Core, Geometry, geometry
from .rules import Rules

Rand = Callable[[], float]
"""A source of floats in [0, 1), such as ``random.Random(seed).random``."""


def random_card(playable: CardSet, rnd: Rand) -> CardSet:
    """One card of a non-empty set, uniformly, as a one-bit set."""
    if playable & (playable - 1):
        k = int(rnd() * playable.bit_count())
        while k:
            playable &= playable - 1
            k -= 1
    return playable & -playable


OWN_WEIGHT = 8
"""In greedy play-outs: one of our own cards freed is worth this many of the others' (Medium's
weights, 4 against 0.5)."""


def greedy_card(playable: CardSet, hand: CardSet, beyond: dict[CardSet, CardSet],
                rnd: Rand, table: CardSet = 0) -> CardSet:
    """The card that leads towards most of our own cards and fewest of the others'; ties at
    random. (Medium's main terms, cheap enough for play-outs.)"""
    if not playable & (playable - 1):
        return playable
    best = -(1 << 30)
    choice = 0
    ties = 0
    others = ~hand & ~table
    while playable:
        b = playable & -playable
        playable ^= b
        bb = beyond[b]
        v = OWN_WEIGHT * (bb & hand).bit_count() - (bb & others).bit_count()
        if v > best:
            best, choice, ties = v, b, 1
        elif v == best:
            ties += 1
            if rnd() * ties < 1.0:
                choice = b
    return choice


def shuffle_in_place(cards: list[int], rnd: Rand) -> None:
    """Fisher-Yates over ``rnd``; with ``Random(seed).random`` it matches ``game.shuffled``."""
    for i in range(len(cards) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]


def deal_pool(g: Geometry) -> list[int]:
    """The cards that are dealt (the start cards stay out when they are preplaced from the deck)."""
    r = g.rules
    out_of_deal = g.start_cards if r.opening == "preplaced" and r.preplaced_from == "deck" else 0
    return [c for c in g.deck.natural_order if not (1 << c) & out_of_deal]


def new_core(g: Geometry, rnd: Rand, dealer: int = 0) -> tuple[Core, tuple[int, ...]]:
    """A freshly dealt hand as a Core, and the dealt sizes (for chips)."""
    pool = deal_pool(g)
    shuffle_in_place(pool, rnd)
    n = g.n
    hands = [0] * n
    seat = dealer
    for card in pool:
        seat = seat + 1 if seat + 1 < n else 0
        hands[seat] |= 1 << card
    dealt = tuple(h.bit_count() for h in hands)
    r = g.rules
    table = 0
    if r.opening == "preplaced":
        table = g.start_cards
        hands = [h & ~table for h in hands]
    if r.opening == "holder":
        first = next(s for s in range(n) if hands[s] & g.opening_bit)
    else:
        first = (dealer + 1) % n
    return Core.deal(g, hands, table, first), dealt


def fast_path_ok(c: Core) -> bool:
    """Whether the tight loop may finish this hand."""
    g = c.g
    return (
        g.build == ENDS
        and not g.limited
        and g.penalty != "card"
        and not g.placement
        and c.laid == 0
        and c.start is not None
        and c.gift_to < 0
        and not c.opening_pending()
    )


def step_random(c: Core, rnd: Rand, greedy: bool = False) -> None:
    """One random legal move for the seat to move: uniform, or with ``greedy`` the card that
    leads towards most of the mover's own cards (passing only when it must)."""
    seat = c.to_move
    if c.gift_to >= 0:
        c.give(random_card(c.hands[seat], rnd))
        return
    p = c.playable(seat)
    if not p:
        c.do_pass()
        return
    if greedy and c.start is not None:
        c.play_card(greedy_card(p, c.hands[seat], c.g.beyond(c.start), rnd, c.table))
        return
    if c.can_pass(seat) and int(rnd() * (p.bit_count() + 1)) == 0:
        c.do_pass()
        return
    c.play_card(random_card(p, rnd))


def playout_random(c: Core, rnd: Rand, greedy: bool = False) -> None:
    """Play the hand to its end with random legal moves (mutates ``c``); see step_random."""
    while not c.over:
        if fast_path_ok(c):
            finish_ends(c, rnd, greedy_chooser(c, rnd) if greedy else None)
            return
        step_random(c, rnd, greedy)


Chooser = Callable[[int, CardSet, list[CardSet], CardSet], CardSet]
"""How a play-out picks among several playable cards: (seat, playable, hands, table) -> card."""


def greedy_chooser(c: Core, rnd: Rand) -> Chooser:
    """finish_ends' chooser for greedy play-outs (greedy_card)."""
    assert c.start is not None
    beyond = c.g.beyond(c.start)

    def choose(seat: int, playable: CardSet, hands: list[CardSet], table: CardSet) -> CardSet:
        return greedy_card(playable, hands[seat], beyond, rnd, table)
    return choose


def finish_ends(c: Core, rnd: Rand, choose: Chooser | None = None) -> None:
    """Play a hand on the fast path (plain ends building, forced passing, no gifts, first
    player out wins) to its end: ``choose`` picks among several playable cards, at random by
    default (mutates ``c``)."""
    g = c.g
    assert c.start is not None
    opens = g.opens(c.start)
    hands = c.hands
    passes = c.passes
    targets = c.targets
    table = c.table
    n = g.n
    s = c.to_move
    played = 0
    while True:
        p = hands[s] & targets
        if p:
            if p & (p - 1):
                p = random_card(p, rnd) if choose is None else choose(s, p, hands, table)
            h = hands[s] ^ p
            hands[s] = h
            table |= p
            played += 1
            targets = (targets ^ p) | opens[p]
            if not h:
                break
        else:
            passes[s] += 1
        s += 1
        if s == n:
            s = 0
    c.targets = targets
    c.table = table
    c.to_move = s
    c.nplays += played
    c.out.append(s)
    c.over = True


def random_games(rules: Rules, seeds: Sequence[int]) -> list[tuple[int, ...]]:
    """Deal and play random games, one per seed; their scores. The benchmark's fast path."""
    g = geometry(rules)
    out = []
    for seed in seeds:
        rnd = random.Random(seed).random
        c, dealt = new_core(g, rnd)
        playout_random(c, rnd)
        out.append(c.scores(dealt))
    return out
