"""The rules as bit operations: one mutable hand in progress, shared by the public GameState
(which copies it for every move) and by the fast play-outs of the computer players.

Nothing here checks legality: callers ask ``playable``/``can_pass`` (and ``gift_to``, a card
owed) first, or take ``options()``. The single explanation of an illegal move lives in
``fantan.game.GameState.why_illegal``, built on the same functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import STRIDE, CardSet, Deck, bits, deck_for
from .rules import Rules

ENDS, EIGHTS_FIRST, SIX_AND_EIGHT_FIRST = 0, 1, 2
PLAY, PASS, GIVE = 0, 1, 2  # the kinds of move (Core.options)
_BUILD = {"ends": ENDS, "eights-first": EIGHTS_FIRST, "six-and-eight-first": SIX_AND_EIGHT_FIRST}

FACE_VALUES = {"A": 15, "J": 11, "Q": 12, "K": 13}
RUTER7_VALUES = {"A": 20, "J": 10, "Q": 10, "K": 10}


class Geometry:
    """What one Rules means in bits, computed once per Rules."""

    __slots__ = (
        "rules", "deck", "n", "n_suits", "n_ranks", "full", "suit_masks", "start", "start_cards",
        "opening_bit", "build", "limited", "pass_limit", "penalty", "placement", "values",
        "_opens", "_beyond",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        deck: Deck = deck_for(rules.deck, rules.ace)
        self.deck = deck
        self.n = rules.players
        self.n_suits = len(deck.suits)
        self.n_ranks = deck.n_ranks
        self.full = deck.full
        self.suit_masks = deck.suit_masks
        self.start: int | None = (
            None if rules.start_rank == "chosen" else deck.rank_pos(rules.start_rank)
        )
        self.start_cards = 0 if self.start is None else self.start_mask(self.start)
        self.opening_bit = (
            1 << deck.parse(rules.opening_card) if rules.has_opening_card else 0
        )
        self.build = _BUILD[rules.build_order]
        self.limited = rules.passing == "limited"
        self.pass_limit = rules.pass_limit
        self.penalty = rules.pass_penalty
        self.placement = rules.scoring == "placement"
        table = FACE_VALUES if rules.scoring == "face-value" else RUTER7_VALUES
        values = [0] * (self.n_suits * STRIDE)
        for card in deck.cards(deck.full):
            rank = deck.rank(card)
            if rules.scoring == "face-value":
                values[card] = table.get(rank) or int(rank)
            elif rules.scoring == "ruter7-values":
                values[card] = table.get(rank, 1)
            else:
                values[card] = 1
        self.values = tuple(values)
        self._opens: dict[int, dict[CardSet, CardSet]] = {}
        self._beyond: dict[int, dict[CardSet, CardSet]] = {}

    def start_mask(self, start: int) -> CardSet:
        """The start cards of every suit for a start position."""
        return sum(1 << (s * STRIDE + start) for s in range(self.n_suits))

    def suit_targets(self, table: CardSet, suit: int, start: int) -> CardSet:
        """The cells of one suit where a card may go now, gates included."""
        base = suit * STRIDE
        sbit = 1 << (base + start)
        if not table & sbit:
            return sbit
        top = self.n_ranks - 1
        hi = start
        while hi < top and table >> (base + hi + 1) & 1:
            hi += 1
        lo = start
        while lo > 0 and table >> (base + lo - 1) & 1:
            lo -= 1
        if self.build != ENDS:
            up = start + 1 if start < top else -1
            down = start - 1 if start > 0 else -1
            if self.build == EIGHTS_FIRST:
                if up >= 0 and not table >> (base + up) & 1:
                    return 1 << (base + up)
            else:
                missing = 0
                for p in (down, up):
                    if p >= 0 and not table >> (base + p) & 1:
                        missing |= 1 << (base + p)
                if missing:
                    return missing
        cells = 0
        if lo > 0:
            cells |= 1 << (base + lo - 1)
        if hi < top:
            cells |= 1 << (base + hi + 1)
        return cells

    def targets(self, table: CardSet, start: int | None) -> CardSet:
        """Every cell where a card may go now; before a chosen start, any card."""
        if start is None:
            return self.full
        t = 0
        for s in range(self.n_suits):
            t |= self.suit_targets(table, s, start)
        return t

    def cells(self, table: CardSet, targets: CardSet) -> CardSet:
        """The cells open to a player (``targets`` those of ``table``): the opening card alone
        while it is due."""
        ob = self.opening_bit
        return ob if ob and not table & ob else targets

    def run(self, table: CardSet, suit: int, start: int | None) -> tuple[int, int] | None:
        """The row positions (low, high) of a suit's unbroken run through its start card."""
        if start is None:
            return None
        base = suit * STRIDE
        if not table >> (base + start) & 1:
            return None
        hi = lo = start
        while hi < self.n_ranks - 1 and table >> (base + hi + 1) & 1:
            hi += 1
        while lo > 0 and table >> (base + lo - 1) & 1:
            lo -= 1
        return lo, hi

    def opens(self, start: int) -> dict[CardSet, CardSet]:
        """For plain 'ends' building with no laid-out cards: card bit -> the cell it opens."""
        table = self._opens.get(start)
        if table is None:
            table = {}
            top = self.n_ranks - 1
            for s in range(self.n_suits):
                base = s * STRIDE
                for p in range(self.n_ranks):
                    cells = 0
                    if p <= start and p > 0:
                        cells |= 1 << (base + p - 1)
                    if p >= start and p < top:
                        cells |= 1 << (base + p + 1)
                    table[1 << (base + p)] = cells
            self._opens[start] = table
        return table


    def beyond(self, start: int) -> dict[CardSet, CardSet]:
        """Card bit -> the cells further out from the start card in its direction (for a start
        card, the rest of its suit): the cards that playing it leads towards."""
        table = self._beyond.get(start)
        if table is None:
            table = {}
            for s in range(self.n_suits):
                base = s * STRIDE
                sm = self.suit_masks[s]
                for p in range(self.n_ranks):
                    bit = 1 << (base + p)
                    if p > start:
                        table[bit] = sm & ~((bit << 1) - 1)
                    elif p < start:
                        table[bit] = sm & (bit - 1)
                    else:
                        table[bit] = sm & ~bit
            self._beyond[start] = table
        return table


def chips_paid(rules: Rules, dealt: Sequence[int], passes: Sequence[int]) -> tuple[int, ...]:
    """Chips each seat has put into the pot: the ante (one more for a short hand) and passes."""
    if rules.scoring != "chips":
        return (0,) * len(dealt)
    most = max(dealt)
    per_pass = 1 if rules.pass_penalty == "chip" else 0
    return tuple(1 + (d < most) + per_pass * p for d, p in zip(dealt, passes, strict=True))


@lru_cache(maxsize=64)
def geometry(rules: Rules) -> Geometry:
    """The shared Geometry of a Rules."""
    return Geometry(rules)


class Core:
    """One hand in progress as ints. Mutable: GameState copies it before every change."""

    __slots__ = (
        "g", "hands", "table", "laid", "targets", "start", "to_move", "passes", "gift_to",
        "out", "elim", "elim_cards", "nplays", "over",
    )

    g: Geometry
    hands: list[CardSet]
    table: CardSet
    laid: CardSet
    targets: CardSet
    start: int | None
    to_move: int
    passes: list[int]
    gift_to: int
    out: list[int]
    elim: list[int]
    elim_cards: list[CardSet]
    nplays: int
    over: bool

    @classmethod
    def deal(cls, g: Geometry, hands: list[CardSet], table: CardSet, first: int) -> Core:
        """A hand about to start: ``table`` holds any preplaced start cards."""
        c = cls()
        c.g = g
        c.hands = hands
        c.table = table
        c.laid = 0
        c.start = g.start
        c.targets = g.targets(table, g.start)
        c.to_move = first
        c.passes = [0] * g.n
        c.gift_to = -1
        c.out = []
        c.elim = []
        c.elim_cards = [0] * g.n
        c.nplays = 0
        c.over = False
        return c

    def copy(self) -> Core:
        c = Core()
        c.g = self.g
        c.hands = self.hands[:]
        c.table = self.table
        c.laid = self.laid
        c.targets = self.targets
        c.start = self.start
        c.to_move = self.to_move
        c.passes = self.passes[:]
        c.gift_to = self.gift_to
        c.out = self.out[:]
        c.elim = self.elim[:]
        c.elim_cards = self.elim_cards[:]
        c.nplays = self.nplays
        c.over = self.over
        return c

    # --- questions -------------------------------------------------------------------------

    def opening_pending(self) -> bool:
        """True while the holder/seek opening card is still to be played."""
        ob = self.g.opening_bit
        return bool(ob) and not self.table & ob

    def cells(self) -> CardSet:
        """The cells open to the player to move (the opening card alone while it is due)."""
        return self.g.cells(self.table, self.targets)

    def playable(self, seat: int) -> CardSet:
        """The cards of ``seat`` that may be played now."""
        return self.hands[seat] & self.cells()

    def can_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass now (under forced passing: only with nothing to play)."""
        if not self.playable(seat):
            return True
        return (
            self.g.limited
            and self.passes[seat] < self.g.pass_limit
            and not self.opening_pending()
        )

    def options(self) -> list[tuple[int, CardSet]]:
        """The legal moves of the seat to move as (kind, card): PLAY the card, PASS (card 0),
        GIVE the card. Plays in hand order, then the pass; while a gift is due, only the gifts,
        in hand order."""
        seat = self.to_move
        if self.gift_to >= 0:
            return [(GIVE, 1 << c) for c in bits(self.hands[seat])]
        out = [(PLAY, 1 << c) for c in bits(self.playable(seat))]
        if self.can_pass(seat):
            out.append((PASS, 0))
        return out

    def pass_eliminates(self, seat: int) -> bool:
        """Whether ``seat`` passing now would eliminate it: under limited passing, a pass it
        must make (nothing playable) once its passes are used up."""
        return (
            self.g.limited
            and self.passes[seat] >= self.g.pass_limit
            and not self.playable(seat)
        )

    def active(self, seat: int) -> bool:
        return seat not in self.out and seat not in self.elim

    def next_active(self, seat: int) -> int:
        n = self.g.n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s not in self.out and s not in self.elim:
                return s
        return seat

    def giver_for(self, passer: int) -> int:
        """The seat that owes ``passer`` a card after its pass, or -1 if none."""
        if self.g.penalty != "card" or self.nplays == 0:
            return -1
        n = self.g.n
        for k in range(1, n):
            s = (passer - k) % n
            if s not in self.out and s not in self.elim:
                return s if self.hands[s].bit_count() > 1 else -1
        return -1

    # --- changes ---------------------------------------------------------------------------

    def play_card(self, bit: CardSet) -> None:
        """Play a card (as a one-bit set) for the seat to move."""
        seat = self.to_move
        g = self.g
        self.hands[seat] ^= bit
        self.table |= bit
        self.nplays += 1
        if self.start is None:
            self.start = (bit.bit_length() - 1) % STRIDE
            self.targets = g.targets(self.table, self.start)
        else:
            suit = (bit.bit_length() - 1) // STRIDE
            self.targets = (self.targets & ~g.suit_masks[suit]) | g.suit_targets(
                self.table, suit, self.start
            )
        if not self.hands[seat]:
            self.out.append(seat)
            if not g.placement or self._actives() <= 1:
                self.over = True
                return
        self.to_move = self.next_active(seat)

    def do_pass(self) -> bool:
        """Pass for the seat to move; True if that pass eliminated it."""
        seat = self.to_move
        if self.pass_eliminates(seat):
            self._eliminate(seat)
            return True
        self.passes[seat] += 1
        giver = self.giver_for(seat)
        if giver >= 0:
            self.to_move = giver
            self.gift_to = seat
        else:
            self.to_move = self.next_active(seat)
        return False

    def give(self, bit: CardSet) -> None:
        """The seat to move gives a card to the passer it owes one."""
        self.hands[self.to_move] ^= bit
        self.hands[self.gift_to] |= bit
        self.to_move = self.next_active(self.gift_to)
        self.gift_to = -1

    def _eliminate(self, seat: int) -> None:
        cards = self.hands[seat]
        self.hands[seat] = 0
        self.table |= cards
        self.laid |= cards
        self.elim.append(seat)
        self.elim_cards[seat] = cards
        self.targets = self.g.targets(self.table, self.start)
        if self._actives() <= 1:
            self.over = True
            return
        self.to_move = self.next_active(seat)

    def _actives(self) -> int:
        return self.g.n - len(self.out) - len(self.elim)

    # --- the end ---------------------------------------------------------------------------

    def ranking(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """Every seat, best first, as RULES.md §2 says."""
        n = self.g.n
        if self.g.placement:
            rest = [s for s in range(n) if self.active(s)]
            return tuple(self.out + rest + self.elim[::-1])
        w = self.winner()
        sign = 1 if self.g.rules.is_point_scoring else -1
        others = sorted(
            (s for s in range(n) if s != w), key=lambda s: (sign * scores[s], (s - w) % n)
        )
        return (w, *others)

    def winner(self) -> int:
        if self.out:
            return self.out[0]
        return next(s for s in range(self.g.n) if self.active(s))

    def cards_left(self) -> tuple[int, ...]:
        return tuple((h | e).bit_count() for h, e in zip(self.hands, self.elim_cards, strict=True))

    def scores(self, dealt: tuple[int, ...]) -> tuple[int, ...]:
        """This hand's score per seat, as RULES.md §2's table defines it."""
        g = self.g
        r = g.rules
        n = g.n
        winner = self.winner()
        left = self.cards_left()
        scores: list[int]
        if r.scoring == "zero-sum-cards":
            scores = [-x for x in left]
            scores[winner] = sum(left) - left[winner]
        elif r.scoring == "chips":
            paid = chips_paid(r, dealt, self.passes)
            per_card = 1 if r.pay_per_card else 0
            scores = [-(paid[s] + per_card * left[s]) for s in range(n)]
            scores[winner] = -sum(scores) + scores[winner]
        elif r.scoring == "placement":
            scores = [0] * n
            for place, s in enumerate(self.ranking(())):
                scores[s] = n - 1 - place
        else:
            pen = self.passes if r.pass_penalty == "point" else [0] * n
            if r.scoring == "penalty-points":
                scores = [left[s] + pen[s] for s in range(n)]
            else:
                scores = [self.value_left(s) + pen[s] for s in range(n)]
            scores[winner] = 0
        return tuple(scores)

    def value_left(self, seat: int) -> int:
        v = self.g.values
        return sum(v[c] for c in self.g.deck.cards(self.hands[seat] | self.elim_cards[seat]))
