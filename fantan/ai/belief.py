"""What a computer player may infer from its observation, and uniform samples of the hidden
hands consistent with it. Only the observation is read: never another seat's cards."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..cards import STRIDE, CardSet, bits
from ..core import Core, Geometry
from ..game import Observation
from ..sim import OWN_WEIGHT, Rand


@dataclass(frozen=True)
class Belief:
    """The public facts about the hidden cards, as bitmasks."""

    seat: int
    unknown: CardSet
    """Cards neither on the table, nor in our hand, nor known to be in a given hand."""
    known: tuple[CardSet, ...]
    """Cards known to be in each seat's hand (a card we gave that was not played since)."""
    void: tuple[CardSet, ...]
    """Cards each seat cannot hold (it passed while they were playable, under forced passing)."""
    need: tuple[int, ...]
    """How many unknown cards each seat holds."""
    elim_cards: tuple[CardSet, ...]
    nplays: int
    decisions: tuple[Decision, ...] = ()
    """Other seats' past card plays whose hand then can be rebuilt from their hand now."""


@dataclass(frozen=True)
class Decision:
    """A card another seat chose to play: what was open then, and what it played since."""

    seat: int
    chosen: CardSet
    cells: CardSet
    table: CardSet
    start: int
    since: CardSet
    """The cards this seat played from this decision on (the chosen one included)."""


def infer(obs: Observation) -> Belief:
    """Read the public history: voids from forced passes, cards we gave, eliminations."""
    g = obs.geometry
    deck = g.deck
    n = g.n
    me = obs.seat
    known = [0] * n
    void = [0] * n
    elim_cards = [0] * n
    nplays = 0
    passes_inform = obs.rules.passing == "forced"
    for e in obs.history:
        if e.kind == "play":
            bit = 1 << deck.parse(e.card or "")
            nplays += 1
            known[e.seat] &= ~bit
        elif e.kind == "pass":
            if passes_inform and e.seat != me:
                void[e.seat] |= deck.mask(e.cards)
        elif e.kind == "eliminated":
            elim_cards[e.seat] = deck.mask(e.cards)
        elif e.kind == "give":
            to = e.to if e.to is not None else -1
            if e.card is None:
                # A hidden gift: the giver may have given a card we knew of, and the receiver
                # may now hold a card it was void in.
                known[e.seat] = 0
                void[to] = 0
            else:
                bit = 1 << deck.parse(e.card)
                known[e.seat] &= ~bit
                if to != me:
                    known[to] |= bit
                    void[to] &= ~bit
    known[me] = 0
    for s in range(n):
        void[s] &= ~known[s]
    decisions = _decisions(obs, g)
    seen = obs.table_mask | obs.hand_mask
    for k in known:
        seen |= k
    unknown = g.full & ~seen
    need = [
        0 if s == me else max(0, obs.hand_sizes[s] - known[s].bit_count()) for s in range(n)
    ]
    return Belief(me, unknown, tuple(known), tuple(void), tuple(need), tuple(elim_cards), nplays,
                  decisions)


def _decisions(obs: Observation, g: Geometry) -> tuple[Decision, ...]:
    """Replay the public table to find, for each card another seat played, what was open."""
    deck = g.deck
    table = g.start_cards if obs.rules.opening == "preplaced" and g.start is not None else 0
    start = g.start
    ob = g.opening_bit
    found: dict[int, tuple[int, CardSet, CardSet, CardSet, int]] = {}
    for i, e in enumerate(obs.history):
        if e.kind in ("preplace", "eliminated"):
            table |= deck.mask(e.cards)
        elif e.kind == "play":
            bit = 1 << deck.parse(e.card or "")
            if start is not None and e.seat != obs.seat:
                cells = ob if ob and not table & ob else g.targets(table, start)
                found[i] = (e.seat, bit, cells, table, start)
            table |= bit
            if start is None:
                start = (bit.bit_length() - 1) % STRIDE
    # Walk back: a decision counts only if its seat gave or got no card since then, so that its
    # hand then is its hand now plus the cards it played since.
    out: list[Decision] = []
    since = [0] * g.n
    spoiled = [False] * g.n
    for i in range(len(obs.history) - 1, -1, -1):
        e = obs.history[i]
        if e.kind == "give":
            spoiled[e.seat] = True
            if e.to is not None:
                spoiled[e.to] = True
        elif i in found:
            seat, bit, cells, tbl, st = found[i]
            since[seat] |= bit
            if not spoiled[seat] and seat not in obs.eliminated:
                out.append(Decision(seat, bit, cells, tbl, st, since[seat]))
    out.reverse()
    return tuple(out)


MODEL_BETA = 0.1
"""How sharply other players are assumed to prefer cards that free their own (softmax scale)."""
MODEL_EPS = 0.1
"""The share of their choices assumed to be random."""


def log_likelihood(g: Geometry, b: Belief, hands: list[CardSet]) -> float:
    """How likely the other seats' past plays are if they held ``hands``, under a model of a
    player who frees its own cards and holds back the others'. 0.0 when nothing is learned."""
    total = 0.0
    for d in b.decisions:
        h = hands[d.seat] | d.since
        p = h & d.cells
        if not p & (p - 1):
            continue
        beyond = g.beyond(d.start)
        others = ~h & ~d.table
        chosen_v = 0.0
        z = 0.0
        k = 0
        q = p
        while q:
            x = q & -q
            q ^= x
            bx = beyond[x]
            own, theirs = (bx & h).bit_count(), (bx & others).bit_count()
            v = math.exp(MODEL_BETA * (OWN_WEIGHT * own - theirs))
            z += v
            k += 1
            if x == d.chosen:
                chosen_v = v
        total += math.log((1 - MODEL_EPS) * chosen_v / z + MODEL_EPS / k)
    return total


def sample_hands(obs: Observation, b: Belief, rnd: Rand, tries: int = 30) -> list[CardSet]:
    """One assignment of the unknown cards to the other seats, consistent with the belief.

    Rejection sampling from a uniform deal gives exact uniform samples; where the voids make that
    too rare, a constrained deal (most constrained card first) is used instead.
    """
    n = len(b.need)
    cards = list(bits(b.unknown))
    others = [s for s in range(n) if s != b.seat and b.need[s] > 0]
    any_void = any(b.void[s] & b.unknown for s in others)
    for _ in range(tries if any_void else 1):
        hands = _uniform_deal(cards, others, b.need, rnd)
        if not any_void or all(not hands[s] & b.void[s] for s in others):
            return _finish(obs, b, hands)
    return _finish(obs, b, _constrained_deal(cards, others, b, rnd))


def _uniform_deal(cards: list[int], others: list[int], need: tuple[int, ...], rnd: Rand
                  ) -> list[CardSet]:
    pool = cards[:]
    for i in range(len(pool) - 1, 0, -1):
        j = int(rnd() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]
    hands = [0] * len(need)
    k = 0
    for s in others:
        for c in pool[k:k + need[s]]:
            hands[s] |= 1 << c
        k += need[s]
    return hands


def _constrained_deal(cards: list[int], others: list[int], b: Belief, rnd: Rand
                      ) -> list[CardSet]:
    room = {s: b.need[s] for s in others}
    hands = [0] * len(b.need)
    allowed = {c: [s for s in others if not (b.void[s] >> c) & 1] for c in cards}
    order = sorted(cards, key=lambda c: (len(allowed[c]), rnd()))
    for c in order:
        seats = [s for s in allowed[c] if room[s] > 0] or [s for s in others if room[s] > 0]
        total = sum(room[s] for s in seats)
        x = rnd() * total
        for s in seats:
            x -= room[s]
            if x < 0:
                break
        hands[s] |= 1 << c
        room[s] -= 1
    return hands


def _finish(obs: Observation, b: Belief, hands: list[CardSet]) -> list[CardSet]:
    for s in range(len(hands)):
        hands[s] |= b.known[s]
    hands[b.seat] = obs.hand_mask
    return hands


def core_for(obs: Observation, b: Belief, g: Geometry, hands: list[CardSet]) -> Core:
    """A Core of the observed position with the sampled hands, ready to play out."""
    c = Core()
    c.g = g
    c.hands = hands
    c.table = obs.table_mask
    c.laid = obs.laid_mask
    c.start = obs.start
    c.targets = g.targets(obs.table_mask, obs.start)
    c.to_move = obs.to_move if obs.to_move is not None else obs.seat
    c.passes = list(obs.passes)
    c.gift_to = obs.gift[1] if obs.gift is not None else -1
    c.out = list(obs.out)
    c.elim = list(obs.eliminated)
    c.elim_cards = list(b.elim_cards)
    c.nplays = b.nplays
    c.over = False
    return c
