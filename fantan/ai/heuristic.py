"""Easy and Medium: a beginner's random choice and the strategy notes of RULES.md §4."""

from __future__ import annotations

from ..cards import STRIDE, CardSet, bits
from ..core import Geometry
from ..game import Observation
from ..rules import VALUE_SCORINGS
from ..sim import Rand


def easy(obs: Observation, rnd: Rand) -> str:
    """Any legal card, at random; passes only when it must; gives any card."""
    moves = [m for m in obs.legal_moves if m != "pass"] or list(obs.legal_moves)
    return moves[int(rnd() * len(moves))]


# Weights of card_score, tuned in the arena against Easy (fan-tan, 4 players).
W_MINE = 4.0        # each of our cards the play leads towards
W_CHAIN = 0.5       # each of our cards in an unbroken run right behind it
W_THEIRS = 0.5      # each card it leads towards that others may hold
W_DEAD_END = 0.5    # a card at a row end opens nothing for anyone
RACE_FACTOR = 0.3   # with RACE_CARDS or fewer, stop blocking
THREAT_FACTOR = 3.0  # when an opponent is nearly out, block harder
RACE_CARDS = 3
"""With this many cards or fewer in hand, Medium races rather than blocks."""
NEARLY_OUT = 2
"""An opponent with this many cards or fewer is nearly out (Medium blocks harder then)."""
# Medium passes by choice (where passing is limited) while it has two passes left or more and
# has passed fewer times than this in the hand: under a limit of hundreds, a table where every
# seat holds back would stand still for as long as it lasted. (Under a limit of 9 or less, as
# in every preset and on the page, the second pass left decides alone.)
CHOSEN_PASSES = 8


def theirs_weight(own_size: int, threat: int) -> float:
    """Medium's weight of each card of the others that a play leads towards, for a mover
    holding ``own_size`` cards whose closest opponent holds ``threat``."""
    w = W_THEIRS
    if own_size <= RACE_CARDS:
        w *= RACE_FACTOR
    if threat <= NEARLY_OUT:
        w *= THREAT_FACTOR
    return w


def card_score(obs: Observation, card: int) -> float:
    """How good it is for us to play ``card`` now (higher is better)."""
    g = obs.geometry
    start = obs.start
    assert start is not None
    hand = obs.hand_mask
    me = obs.seat
    beyond = g.beyond(start)[1 << card]
    mine = (beyond & hand).bit_count()
    theirs = unseen_beyond(obs, card, start)
    suit_base = card - card % STRIDE
    chain = 0
    for step in _directions(card % STRIDE, start):
        p = card % STRIDE + step
        while 0 <= p < g.n_ranks and hand >> (suit_base + p) & 1:
            chain += 1
            p += step
    threat = min(
        (obs.hand_sizes[s] for s in range(g.n)
         if s != me and s not in obs.out and s not in obs.eliminated),
        default=99,
    )
    score = W_MINE * mine + W_CHAIN * chain - theirs_weight(obs.hand_sizes[me], threat) * theirs
    if not beyond:
        score += W_DEAD_END
    if obs.rules.scoring in VALUE_SCORINGS:
        score += g.values[card] / 4.0
    return score


def unseen_beyond(obs: Observation, card: int, start: int) -> int:
    """How many cards the others may hold (not ours, not down) that playing ``card`` leads
    towards, the start card at row position ``start``."""
    return (obs.geometry.beyond(start)[1 << card] & ~obs.hand_mask & ~obs.table_mask
            ).bit_count()


def _directions(pos: int, start: int) -> tuple[int, ...]:
    return (1,) if pos > start else (-1,) if pos < start else (1, -1)


def opening_score(obs: Observation, card: int) -> float:
    """French Domino's free first card: a rank where our hand sits well around it."""
    g = obs.geometry
    hand = obs.hand_mask
    pos = card % STRIDE
    score = 0.0
    for c in bits(hand):
        d = abs(c % STRIDE - pos)
        score += 2.0 if d == 0 else 1.0 / d
    return score - abs(pos - (g.n_ranks - 1) / 2) * 0.1


def gift_score(obs: Observation, card: int) -> float:
    """How good a card is to give away: far from playable, costly to hold, not ours to need."""
    return gift_value(obs.geometry, obs.start, obs.hand_mask, obs.table_mask, card)


def gift_value(g: Geometry, start: int | None, hand: CardSet, table: CardSet, card: int
               ) -> float:
    """gift_score on plain ints (Hard's play-outs use it on bare cores)."""
    st = start if start is not None else card % STRIDE
    score = float(distance_to_play(g, start, table, card))
    if g.rules.scoring in VALUE_SCORINGS:
        score += g.values[card] / 3.0
    if g.beyond(st)[1 << card] & hand:
        score -= 3.0
    return score


def distance_to_play(g: Geometry, start: int | None, table: CardSet, card: int) -> int:
    """How far ``card`` lies from its row's end, or from its start card where the row is not
    open: how much must go down before it can."""
    suit, pos = divmod(card, STRIDE)
    run = g.run(table, suit, start)
    if run is None:
        return abs(pos - (start if start is not None else pos)) + 1
    return max(run[0] - pos, pos - run[1], 0)


def medium(obs: Observation, rnd: Rand) -> str:
    """The strategy notes: gates, own cards first, dead ends, racing, blocking, card values."""
    g = obs.geometry
    deck = g.deck
    moves = obs.legal_moves
    if len(moves) == 1:
        return moves[0]
    if moves[0].startswith("give:"):
        return max(moves, key=lambda m: (gift_score(obs, deck.parse(m[5:])), rnd()))
    cards = [m for m in moves if m != "pass"]
    if obs.start is None:
        return max(cards, key=lambda m: (opening_score(obs, deck.parse(m)), rnd()))
    best = max(cards, key=lambda m: (card_score(obs, deck.parse(m)), rnd()))
    if "pass" in moves:
        passed = obs.passes[obs.seat]
        if (obs.rules.pass_limit - passed >= 2 and passed < CHOSEN_PASSES
                and card_score(obs, deck.parse(best)) < -1.0):
            return "pass"
    return best
