"""Cards as small ints and card sets as bitmasks, with text only at the edges.

A card is ``suit * STRIDE + pos`` where ``pos`` is its place in the row (0 = the low end), so
the neighbours of a card on the table are simply the bits either side of it. A set of cards is an
int with one bit per card, like a bitboard in a chess library.

>>> deck = deck_for("french52", "high")
>>> deck.code(deck.parse("TH"))
'10H'
>>> [deck.code(c) for c in deck.cards(deck.mask(["AS", "2S", "7D"]))]
['2S', 'AS', '7D']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache

Card = int
"""A card: ``suit * STRIDE + pos``."""
CardSet = int
"""A set of cards: bit ``c`` is set when card ``c`` is in the set."""

STRIDE = 16
"""Bits per suit. Wider than any row, so a shift never carries a card into the next suit."""

FRENCH_SUITS = ("S", "H", "D", "C")
SPANISH_SUITS = ("O", "C", "E", "B")
FRENCH_NATURAL = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SPANISH_NATURAL = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")


def bits(mask: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Deck:
    """One deck with one ace rule: card codes, row positions and suit masks."""

    __slots__ = (
        "name", "ace", "suits", "ranks", "n_ranks", "full", "suit_masks", "_codes", "_parse",
        "natural_order",
    )

    def __init__(self, name: str, ace: str) -> None:
        self.name = name
        self.ace = ace
        self.ranks: tuple[str, ...]
        if name == "spanish40":
            self.suits = SPANISH_SUITS
            self.ranks = SPANISH_NATURAL
        else:
            self.suits = FRENCH_SUITS
            self.ranks = FRENCH_NATURAL if ace == "low" else FRENCH_NATURAL[1:] + ("A",)
        self.n_ranks = len(self.ranks)
        row = (1 << self.n_ranks) - 1
        self.suit_masks = tuple(row << (s * STRIDE) for s in range(len(self.suits)))
        full = 0
        for m in self.suit_masks:
            full |= m
        self.full = full
        codes: dict[Card, str] = {}
        parse: dict[str, Card] = {}
        for s, suit in enumerate(self.suits):
            for pos, rank in enumerate(self.ranks):
                card = s * STRIDE + pos
                codes[card] = rank + suit
                parse[rank + suit] = card
                if rank == "10" and name == "french52":
                    parse["T" + suit] = card
        self._codes = codes
        self._parse = parse
        natural = FRENCH_NATURAL if name == "french52" else SPANISH_NATURAL
        # A fixed deck order, independent of the ace rule, for shuffling.
        self.natural_order = tuple(parse[r + s] for s in self.suits for r in natural)

    def code(self, card: Card) -> str:
        """The canonical text of a card ("10H", "12B")."""
        return self._codes[card]

    def parse(self, text: str) -> Card:
        """A card from its text; ValueError if it is not a card of this deck."""
        card = self._parse.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise ValueError(f"{text!r} is not a card of the {self.name} deck")
        return card

    def find(self, text: object) -> Card | None:
        """A card from its text, or None."""
        if not isinstance(text, str):
            return None
        return self._parse.get(text.strip().upper())

    def mask(self, codes: Iterable[str]) -> CardSet:
        """The set of the given card codes."""
        m = 0
        for c in codes:
            m |= 1 << self.parse(c)
        return m

    def cards(self, mask: CardSet) -> Iterator[Card]:
        """The cards of a set in hand order: suits in deck order, ranks in row order."""
        return bits(mask)

    def codes(self, mask: CardSet) -> tuple[str, ...]:
        """The codes of a set in hand order."""
        return tuple(self._codes[c] for c in bits(mask))

    def rank_pos(self, rank: str) -> int:
        """The row position of a rank."""
        return self.ranks.index(rank)

    def rank(self, card: Card) -> str:
        return self.ranks[card % STRIDE]

    @staticmethod
    def suit(card: Card) -> int:
        return card // STRIDE

    @staticmethod
    def pos(card: Card) -> int:
        return card % STRIDE

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {self.ace!r})"


@cache
def deck_for(name: str, ace: str) -> Deck:
    """The shared Deck for a deck name and ace rule."""
    return Deck(name, ace)
