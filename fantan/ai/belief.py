"""What a computer player may infer from its observation, and samples of the hidden hands
consistent with it: uniform ones, and ones weighed by how well they explain the others' plays.
Only the observation is read: never another seat's cards."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import STRIDE, CardSet, bits
from ..core import Core, Geometry
from ..game import Observation
from ..sim import Rand, random_card
from .heuristic import theirs_weight
from .rollout import best_cards


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
    limits: tuple[tuple[Limit, ...], ...] = ()
    """Per seat, cards of which it holds at most so many: a void it had before a card we did
    not see was given to it (it may be that card), or cards we gave to a seat that then gave a
    card we did not see. Empty, or one tuple per seat."""

    def fits(self, seat: int, hand: CardSet) -> bool:
        """Whether ``seat`` may hold ``hand`` (its unknown cards) by the voids and limits."""
        if hand & self.void[seat]:
            return False
        return not self.limits or all(
            (hand & cards).bit_count() <= most for cards, most in self.limits[seat])


Limit = tuple[CardSet, int]
"""(cards, most): a seat holds at most ``most`` of ``cards``."""


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
    w_theirs: float = 0.5
    """Medium's weight of the others' cards at that moment (it depends on the hand sizes)."""


def infer(obs: Observation) -> Belief:
    """Read the public history: voids from forced passes, cards we gave, eliminations."""
    g = obs.geometry
    deck = g.deck
    n = g.n
    me = obs.seat
    known = [0] * n
    void = [0] * n
    limits: list[list[Limit]] = [[] for _ in range(n)]
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
                # A card we did not see: the receiver may now hold one more of any set it held
                # at most so many of (its voids included); and if it was one we knew the giver
                # held, those cards are now with the giver or, at most one of them, the receiver.
                given = known[e.seat]
                limits[to] = [(cards, most + 1) for cards, most in limits[to]]
                if void[to]:
                    limits[to].append((void[to], 1))
                    void[to] = 0
                if given:
                    known[e.seat] = 0
                    limits[to].append((given, 1))
                    for s in range(n):
                        if s not in (e.seat, to):
                            void[s] |= given
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
    # A limit counts unknown cards: cards known to be in the hand use up some of it.
    kept = tuple(
        tuple((cards & unknown, most - (cards & known[s]).bit_count())
              for cards, most in limits[s]
              if (cards & unknown).bit_count() > most - (cards & known[s]).bit_count())
        for s in range(n))
    return Belief(me, unknown, tuple(known), tuple(void), tuple(need), tuple(elim_cards), nplays,
                  decisions, kept if any(kept) else ())


@dataclass(frozen=True)
class Known:
    """What the public history tells the observer of one other seat's hand: the cards it must
    hold (a card we gave it and it has not played; or one no other seat can hold) and, of the
    cards still out whose holder is not known, those it cannot hold (it passed while they
    would have fitted, under forced passing). Card codes in deck order."""

    holds: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()


def known_cards(obs: Observation) -> tuple[Known, ...]:
    """What ``obs`` tells of each seat's hidden hand, for a player to read (the observer's own
    and an empty hand's entry are empty). Beyond the facts ``infer`` reads, it draws two sure
    conclusions until neither adds more: a card only one seat can hold is in that hand, and a
    seat that can hold only as many cards as it has unknown ones holds them all."""
    b = infer(obs)
    g = obs.geometry
    n = len(b.need)
    others = [s for s in range(n) if s != b.seat and b.need[s] > 0]
    # Where a seat may hold a card: not a void; not a limit that allows none of it.
    may = {s: b.unknown & ~b.void[s] for s in others}
    for s in others:
        for cards, most in (b.limits[s] if b.limits else ()):
            if most <= 0:
                may[s] &= ~cards
    sure = [0] * n
    open_ = b.unknown  # the unknown cards whose holder is not yet sure
    grew = True
    while grew:
        grew = False
        for s in others:
            left = b.need[s] - sure[s].bit_count()
            free = may[s] & open_
            if left and free.bit_count() == left:
                sure[s] |= free
                open_ &= ~free
                grew = True
        for c in bits(open_):
            holders = [s for s in others if (may[s] >> c) & 1
                       and sure[s].bit_count() < b.need[s]]
            if len(holders) == 1:
                sure[holders[0]] |= 1 << c
                open_ &= ~(1 << c)
                grew = True
    return tuple(
        Known(g.deck.codes(b.known[s] | sure[s]), g.deck.codes(open_ & ~may[s])) if s in may
        else Known(g.deck.codes(b.known[s]))  # (no unknown card: what we gave it, if any)
        for s in range(n))


def _decisions(obs: Observation, g: Geometry) -> tuple[Decision, ...]:
    """Replay the public table to find, for each card another seat played, what was open."""
    deck = g.deck
    table = g.start_cards if obs.rules.opening == "preplaced" and g.start is not None else 0
    start = g.start
    found: dict[int, tuple[int, CardSet, CardSet, CardSet, int, float]] = {}
    # Hand sizes along the way (public), for Medium's racing and blocking weights.
    sizes = list(obs.dealt)
    gone: set[int] = set()
    from_hands = obs.rules.preplaced_from == "hands"
    for i, e in enumerate(obs.history):
        if e.kind in ("preplace", "eliminated"):
            table |= deck.mask(e.cards)
            if e.kind == "eliminated":
                sizes[e.seat] = 0
                gone.add(e.seat)
            elif from_hands:
                sizes[e.seat] -= len(e.cards)
        elif e.kind == "give":
            sizes[e.seat] -= 1
            if e.to is not None:
                sizes[e.to] += 1
        elif e.kind == "play":
            bit = 1 << deck.parse(e.card or "")
            if start is not None and e.seat != obs.seat:
                cells = g.cells(table, g.targets(table, start))
                threat = min((sizes[s] for s in range(g.n) if s != e.seat and s not in gone),
                             default=99)
                found[i] = (e.seat, bit, cells, table, start,
                            theirs_weight(sizes[e.seat], threat))
            table |= bit
            sizes[e.seat] -= 1
            if not sizes[e.seat]:
                gone.add(e.seat)
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
            seat, bit, cells, tbl, st, w = found[i]
            since[seat] |= bit
            if not spoiled[seat] and seat not in obs.eliminated:
                out.append(Decision(seat, bit, cells, tbl, st, since[seat], w))
    out.reverse()
    return tuple(out)


def sample_hands(obs: Observation, b: Belief, rnd: Rand, tries: int = 30) -> list[CardSet]:
    """One assignment of the unknown cards to the other seats, consistent with the belief.

    Rejection sampling from a uniform deal gives exact uniform samples; where the voids make that
    too rare, a constrained deal (most constrained card first) is used instead.
    """
    n = len(b.need)
    cards = list(bits(b.unknown))
    others = [s for s in range(n) if s != b.seat and b.need[s] > 0]
    bound = bool(b.limits) or any(b.void[s] & b.unknown for s in others)
    for _ in range(tries if bound else 1):
        hands = _uniform_deal(cards, others, b.need, rnd)
        if not bound or all(b.fits(s, hands[s]) for s in others):
            return _finish(obs, b, hands)
    for _ in range(tries):
        hands = _constrained_deal(cards, others, b, rnd)
        if all(b.fits(s, hands[s]) for s in others):
            break
    return _finish(obs, b, hands)


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
        bit = 1 << c
        seats = ([s for s in allowed[c] if room[s] > 0 and b.fits(s, hands[s] | bit)]
                 or [s for s in allowed[c] if room[s] > 0]
                 or [s for s in others if room[s] > 0])
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


MEDIUM_PRIOR = 0.5
"""The prior share of players who choose like Medium; the others are taken to choose at random."""
MEDIUM_EPS = 0.05
"""How often a Medium-like player is taken to stray from Medium's choice (to any playable card)."""


def seat_odds(g: Geometry, decisions: Sequence[Decision], hand: CardSet) -> tuple[float, float]:
    """The log-likelihoods of one seat's past plays if it holds ``hand`` now: for a player who
    chooses like Medium but for a few slips, and for one who plays any playable card."""
    lm = lr = 0.0
    for d in decisions:
        h = hand | d.since
        p = h & d.cells
        if not p & (p - 1):
            continue  # a forced play tells nothing
        k = p.bit_count()
        top, _ = best_cards(g, d.start, h, d.table, p, d.w_theirs)
        pm = MEDIUM_EPS / k
        if top & d.chosen:
            pm += (1 - MEDIUM_EPS) / top.bit_count()
        lm += math.log(pm)
        lr -= math.log(k)
    return lm, lr


def mix(lm: float, lr: float) -> float:
    """The log-likelihood under the mixture of the two kinds of player (MEDIUM_PRIOR)."""
    hi = max(lm, lr)
    return hi + math.log(MEDIUM_PRIOR * math.exp(lm - hi) + (1 - MEDIUM_PRIOR) * math.exp(lr - hi))


def log_likelihood(g: Geometry, b: Belief, hands: list[CardSet]) -> float:
    """How likely the other seats' past plays are if they hold ``hands``; 0.0 when nothing is
    learned. Each seat is, independently, Medium-like or random (seat_odds, mix)."""
    total = 0.0
    for s, ds in enumerate(_by_seat(b)):
        if ds:
            total += mix(*seat_odds(g, ds, hands[s]))
    return total


def _by_seat(b: Belief) -> list[list[Decision]]:
    out: list[list[Decision]] = [[] for _ in b.need]
    for d in b.decisions:
        out[d.seat].append(d)
    return out


CHAIN_BURN_IN = 100
"""Steps of the chain before its first deal is used."""
CHAIN_THIN = 10
"""Steps of the chain between two deals used."""


class HandChain:
    """A Markov chain over the deals consistent with the belief, whose stationary distribution
    weighs each deal by how well it explains the others' plays (log_likelihood).

    It starts from a uniform sample (sample_hands). A step swaps one unknown card between two
    other seats, a symmetric proposal that keeps hand sizes, voids and known cards, and keeps the
    swap with the Metropolis probability. Where nothing was learned from plays it deals afresh.
    """

    def __init__(self, obs: Observation, b: Belief, rnd: Rand) -> None:
        self.obs = obs
        self.g = obs.geometry
        self.b = b
        self.rnd = rnd
        self.hands = sample_hands(obs, b, rnd)
        n = len(b.need)
        self.decisions = _by_seat(b)
        self.seats = [s for s in range(n) if s != b.seat and self.hands[s] & b.unknown]
        self.odds = [seat_odds(self.g, self.decisions[s], self.hands[s]) for s in range(n)]
        self.ll = [mix(*o) for o in self.odds]
        for _ in range(CHAIN_BURN_IN if b.decisions else 0):
            self.step()

    def draw(self) -> tuple[list[CardSet], list[bool]]:
        """The next deal (every seat's hand, ours included) and each seat's kind in it: True
        where it plays like Medium, False where at random, drawn from its posterior given its
        hand. Our own seat counts as Medium-like."""
        if self.b.decisions:
            for _ in range(CHAIN_THIN):
                self.step()
        else:
            self.hands = sample_hands(self.obs, self.b, self.rnd)  # uniform: a fresh deal
        kinds = []
        for s, (lm, lr) in enumerate(self.odds):
            hi = max(lm, lr)
            pm = MEDIUM_PRIOR * math.exp(lm - hi)
            pr = (1 - MEDIUM_PRIOR) * math.exp(lr - hi)
            kinds.append(s == self.b.seat or self.rnd() * (pm + pr) < pm)
        return self.hands[:], kinds

    def step(self) -> None:
        """One Metropolis step."""
        seats = self.seats
        if len(seats) < 2:
            return
        rnd = self.rnd
        i = int(rnd() * len(seats))
        j = int(rnd() * (len(seats) - 1))
        if j >= i:
            j += 1
        a, c = seats[i], seats[j]
        hands = self.hands
        unknown = self.b.unknown
        x = random_card(hands[a] & unknown, rnd)
        y = random_card(hands[c] & unknown, rnd)
        ha = hands[a] ^ x ^ y
        hc = hands[c] ^ x ^ y
        b = self.b
        if x & b.void[c] or y & b.void[a] or b.limits and not (
                b.fits(a, ha & unknown) and b.fits(c, hc & unknown)):
            return
        oa = seat_odds(self.g, self.decisions[a], ha)
        oc = seat_odds(self.g, self.decisions[c], hc)
        la, lc = mix(*oa), mix(*oc)
        delta = la + lc - self.ll[a] - self.ll[c]
        if delta >= 0 or rnd() < math.exp(delta):
            hands[a], hands[c] = ha, hc
            self.ll[a], self.ll[c] = la, lc
            self.odds[a], self.odds[c] = oa, oc
