"""Medium in bits: its choices on a bare Core, for Hard's play-outs and for its model of how the
others chose their cards.

``card_value`` is heuristic.card_score's formula on plain ints, so that a play-out in which
every seat plays like Medium costs little more than a greedy one; ``playout_medium`` plays a hand
to its end that way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import STRIDE, CardSet
from ..core import Core, Geometry
from ..rules import VALUE_SCORINGS
from ..sim import Chooser, Rand, fast_path_ok, finish_ends, random_card
from .heuristic import (
    CHOSEN_PASSES,
    W_CHAIN,
    W_DEAD_END,
    W_MINE,
    gift_value,
    theirs_weight,
)


def card_value(g: Geometry, start: int, beyond: dict[CardSet, CardSet], hand: CardSet,
               table: CardSet, bit: CardSet, w_theirs: float, by_value: bool) -> float:
    """heuristic.card_score of the one-bit ``bit`` for a mover holding ``hand``."""
    bb = beyond[bit]
    card = bit.bit_length() - 1
    pos = card % STRIDE
    # The unbroken run of our own cards right behind the card, in its direction(s). A suit has
    # STRIDE > n_ranks bits, so a run stops at the row's end by itself.
    chain = 0
    if pos >= start:
        x = bit << 1
        while hand & x:
            chain += 1
            x <<= 1
    if pos <= start:
        x = bit >> 1
        while hand & x:
            chain += 1
            x >>= 1
    score = (W_MINE * (bb & hand).bit_count() + W_CHAIN * chain
             - w_theirs * (bb & ~hand & ~table).bit_count())
    if not bb:
        score += W_DEAD_END
    if by_value:
        score += g.values[card] / 4.0
    return score


def best_cards(g: Geometry, start: int, hand: CardSet, table: CardSet, playable: CardSet,
               w_theirs: float) -> tuple[CardSet, float]:
    """The playable cards Medium rates highest (a set: its ties) and their rating."""
    beyond = g.beyond(start)
    by_value = g.rules.scoring in VALUE_SCORINGS
    best = -1e9
    top = 0
    while playable:
        b = playable & -playable
        playable ^= b
        v = card_value(g, start, beyond, hand, table, b, w_theirs, by_value)
        if v > best + 1e-9:
            best, top = v, b
        elif v > best - 1e-9:
            top |= b
    return top, best


def threat_of(c: Core, seat: int) -> int:
    """The fewest cards held by another seat still in the hand (99 if none)."""
    out = c.out
    elim = c.elim
    return min((h.bit_count() for s, h in enumerate(c.hands)
                if s != seat and s not in out and s not in elim), default=99)


def best_of(cards: CardSet, value: Callable[[CardSet], float], rnd: Rand) -> CardSet:
    """The card of a non-empty set that ``value`` rates highest, ties broken at random."""
    best = -1e9
    choice = 0
    ties = 0
    while cards:
        b = cards & -cards
        cards ^= b
        v = value(b)
        if v > best + 1e-9:
            best, choice, ties = v, b, 1
        elif v > best - 1e-9:
            ties += 1
            if rnd() * ties < 1.0:
                choice = b
    return choice


def step_medium(c: Core, rnd: Rand) -> None:
    """Medium's move for the seat to move (a random first card before a chosen start)."""
    g = c.g
    seat = c.to_move
    hand = c.hands[seat]
    if c.gift_to >= 0:
        start, table = c.start, c.table
        c.give(best_of(hand, lambda b: gift_value(g, start, hand, table, b.bit_length() - 1),
                       rnd))
        return
    p = c.playable(seat)
    if not p:
        c.do_pass()
        return
    if c.start is None:
        c.play_card(random_card(p, rnd))
        return
    w = theirs_weight(hand.bit_count(), threat_of(c, seat))
    top, value = best_cards(g, c.start, hand, c.table, p, w)
    if (value < -1.0 and c.can_pass(seat)
            and g.pass_limit - c.passes[seat] >= 2 and c.passes[seat] < CHOSEN_PASSES):
        c.do_pass()
        return
    c.play_card(random_card(top, rnd))


def step_easy(c: Core, rnd: Rand) -> None:
    """Easy's move: any playable card at random, passing only when it must; any gift."""
    seat = c.to_move
    if c.gift_to >= 0:
        c.give(random_card(c.hands[seat], rnd))
        return
    p = c.playable(seat)
    if p:
        c.play_card(random_card(p, rnd))
    else:
        c.do_pass()


def step_as(c: Core, rnd: Rand, medium_like: bool) -> None:
    """The move of the seat to move, chosen like Medium or, where ``medium_like`` is False,
    like Easy."""
    if medium_like:
        step_medium(c, rnd)
    else:
        step_easy(c, rnd)


MOST_STEPS = 10_000
"""More moves than any hand takes (every card played, the others passing before each, and the
passes by choice and gifts besides): past it a play-out is not a hand but a position that does
not fit together, which would otherwise be played on for ever."""


def endless() -> ValueError:
    """The error for a play-out past MOST_STEPS."""
    return ValueError("not a position that play can finish: a hand of more than "
                      f"{MOST_STEPS} moves")


def playout_medium(c: Core, rnd: Rand, medium_like: Sequence[bool] | None = None) -> None:
    """Play the hand to its end with every seat choosing like Medium, or, where
    ``medium_like`` says False, like Easy (mutates ``c``)."""
    kinds = medium_like if medium_like is not None else [True] * c.g.n
    for _ in range(MOST_STEPS):
        if c.over:
            return
        if fast_path_ok(c):
            finish_ends(c, rnd, medium_chooser(c, rnd, kinds))
            return
        step_as(c, rnd, kinds[c.to_move])
    raise endless()


def medium_chooser(c: Core, rnd: Rand, kinds: Sequence[bool]) -> Chooser:
    """sim.finish_ends' chooser with Medium's card choice (or a random one for a seat whose
    kind is False)."""
    g = c.g
    start = c.start
    assert start is not None
    beyond = g.beyond(start)
    by_value = g.rules.scoring in VALUE_SCORINGS
    n = g.n

    def choose(s: int, p: CardSet, hands: list[CardSet], table: CardSet) -> CardSet:
        if not kinds[s]:
            return random_card(p, rnd)
        h = hands[s]
        threat = min(hands[o].bit_count() for o in range(n) if o != s)
        w = theirs_weight(h.bit_count(), threat)
        return best_of(p, lambda b: card_value(g, start, beyond, h, table, b, w, by_value), rnd)
    return choose
