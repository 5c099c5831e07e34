"""One frozen configuration for every rule system, and the named presets of RULES.md §3.

>>> r = preset("sjueren")
>>> r.ace, r.scoring, r.match_hands
('low', 'penalty-points', 5)
>>> Rules.from_dict(r.to_dict()) == r
True
>>> preset("fan-tan").replace(pass_penalty="chip")
Traceback (most recent call last):
...
fantan.rules.RulesError: pass_penalty 'chip' is refused: ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .cards import deck_for

DECKS = ("french52", "spanish40")
ACES = ("high", "low")
START_RANKS = ("7", "5", "chosen")
OPENINGS = ("holder", "seek", "any-start", "preplaced")
PREPLACED_FROM = ("deck", "hands")
BUILD_ORDERS = ("ends", "eights-first", "six-and-eight-first")
PASSINGS = ("forced", "limited")
PASS_PENALTIES = ("none", "point", "chip", "card")
SCORINGS = ("zero-sum-cards", "penalty-points", "chips", "face-value", "ruter7-values", "placement")
POINT_SCORINGS = ("penalty-points", "face-value", "ruter7-values")
"""Scorings where a lower total is better."""
ZERO_SUM_SCORINGS = ("zero-sum-cards", "chips")
"""Scorings whose hand scores are gains and losses that sum to nothing."""
VALUE_SCORINGS = ("face-value", "ruter7-values")
"""Scorings that count each card left by its value (Geometry.values), not one a card."""

_CHOICES: dict[str, tuple[str, ...]] = {
    "deck": DECKS,
    "ace": ACES,
    "start_rank": START_RANKS,
    "opening": OPENINGS,
    "preplaced_from": PREPLACED_FROM,
    "build_order": BUILD_ORDERS,
    "passing": PASSINGS,
    "pass_penalty": PASS_PENALTIES,
    "scoring": SCORINGS,
}


class RulesError(ValueError):
    """A rule combination that cannot be played; the message names the fields and why.

    ``field`` is the refused field (None for an unknown field name) and ``code`` a short name
    for the reason where one field can be refused for several ("limited", "point", "chip").
    """

    def __init__(self, message: str, field: str | None = None, code: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.code = code


@dataclass(frozen=True)
class Rules:
    """Every rule axis of RULES.md §2; values are spelled as there."""

    players: int = 4
    deck: str = "french52"
    ace: str = "high"
    start_rank: str = "7"
    opening: str = "holder"
    opening_card: str = "7D"
    preplaced_from: str = "deck"
    build_order: str = "ends"
    passing: str = "forced"
    pass_limit: int = 3
    pass_penalty: str = "none"
    scoring: str = "zero-sum-cards"
    pay_per_card: bool = True
    match_hands: int | None = 1
    winner_leads_next: bool = False

    def __post_init__(self) -> None:
        _validate(self)
        # Store the canonical card code ("TH" -> "10H"), as the deck knows the card (or, where
        # it is idle and kept as a card of another deck, as that deck does).
        for deck in (deck_for(self.deck, self.ace), *(deck_for(d, "low") for d in DECKS)):
            card = deck.find(self.opening_card)
            if card is not None:
                object.__setattr__(self, "opening_card", deck.code(card))
                break

    def replace(self, **changes: Any) -> Rules:
        """A new Rules with some fields changed; RulesError if the result cannot be played."""
        unknown = sorted(set(changes) - set(FIELDS))
        if unknown:
            raise RulesError(f"unknown rule field(s): {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A plain JSON-able dict of every field."""
        return {f: getattr(self, f) for f in FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """The Rules of a dict made by to_dict; missing fields take their defaults."""
        if not isinstance(data, Mapping):
            raise RulesError("rules must be a mapping of field names to values")
        unknown = sorted(str(k) for k in data if k not in FIELDS)
        if unknown:
            raise RulesError(f"unknown rule field(s): {', '.join(unknown)}")
        return cls(**dict(data))

    @property
    def has_opening_card(self) -> bool:
        """True where ``opening_card`` opens the game: its holder plays it first, or everyone
        else waits for it (the holder and seek openings); elsewhere it is kept but unused."""
        return self.opening in ("holder", "seek")

    @property
    def is_point_scoring(self) -> bool:
        """True where a lower score is better."""
        return self.scoring in POINT_SCORINGS

    @property
    def is_zero_sum(self) -> bool:
        """True where a hand's scores are gains and losses that sum to nothing (cards or chips
        changing hands)."""
        return self.scoring in ZERO_SUM_SCORINGS

    @property
    def cards_left_cost(self) -> bool:
        """True where a card still in hand when the hand ends costs its holder: under every
        scoring but placement (the order of going out alone), and under chips only where each
        loser pays a chip a card (else a loser pays its ante and its passes, whatever it holds)."""
        return self.scoring != "placement" and (self.scoring != "chips" or self.pay_per_card)

    def hands_in_match(self) -> int:
        """How many hands a match of these rules has."""
        return self.players if self.match_hands is None else self.match_hands

    def first_ranks(self, start: str | None = None,
                    order: str | None = None) -> tuple[str, ...] | None:
        """The ranks a building order (``order``, else these rules') puts down first in a row
        once its start card is down, low first: none at either end, the start card's upper
        neighbour with eights first, both neighbours with six and eight first, leaving out a
        neighbour past the row's end (it counts as down). None while the start rank is still
        to be chosen (``start``: the rank the first card chose, under a chosen start).

        >>> preset("ristiseiska").first_ranks()
        ('6', '8')
        >>> Rules(start_rank="5", opening_card="5D").first_ranks(order="six-and-eight-first")
        ('4', '6')
        >>> preset("domino").first_ranks("K", "eights-first")  # (ace low: K ends the row)
        ()
        """
        ranks = deck_for(self.deck, self.ace).ranks
        rank = start if self.start_rank == "chosen" else self.start_rank
        if rank not in ranks:
            return None
        i = ranks.index(rank)
        near = {"ends": (), "eights-first": (i + 1,)}.get(order or self.build_order,
                                                          (i - 1, i + 1))
        return tuple(ranks[k] for k in near if 0 <= k < len(ranks))

    def idle_fields(self) -> dict[str, str]:
        """The fields that change nothing under the rest of these rules, each with why (a
        code): ``opening_card`` where no card is held or sought to open, ``preplaced_from``
        where the start cards are not laid down before play, ``pass_limit`` where passing is
        forced, ``pay_per_card`` where chips are not scored, ``winner_leads_next`` where the
        opening card's holder always leads or the match is one hand."""
        idle: dict[str, str] = {}
        if not self.has_opening_card:
            idle["opening_card"] = "no-opening-card"
        if self.opening != "preplaced":
            idle["preplaced_from"] = "not-preplaced"
        if self.passing != "limited":
            idle["pass_limit"] = "forced-passing"
        if self.scoring != "chips":
            idle["pay_per_card"] = "not-chips"
        if self.opening == "holder":
            idle["winner_leads_next"] = "holder-leads"
        elif self.hands_in_match() == 1:
            idle["winner_leads_next"] = "one-hand"
        return idle


FIELDS = tuple(f.name for f in dataclasses.fields(Rules))


def _validate(r: Rules) -> None:
    def refuse(field: str, why: str, code: str = "") -> RulesError:
        return RulesError(f"{field} {getattr(r, field)!r} is refused: {why}", field, code)

    if type(r.players) is not int or not 3 <= r.players <= 8:
        raise refuse("players", "Fan Tan is played by 3 to 8 players")
    for field, choices in _CHOICES.items():
        value = getattr(r, field)
        if not isinstance(value, str) or value not in choices:
            raise refuse(field, "choose one of " + ", ".join(choices))
    for field in ("pay_per_card", "winner_leads_next"):
        if type(getattr(r, field)) is not bool:
            raise refuse(field, "it must be true or false")
    if type(r.pass_limit) is not int or r.pass_limit < 0:
        raise refuse("pass_limit", "it must be a whole number of 0 or more")
    if r.match_hands is not None and (type(r.match_hands) is not int or r.match_hands < 1):
        raise refuse("match_hands", "it must be a whole number of 1 or more, or none")
    if not isinstance(r.opening_card, str):
        raise refuse("opening_card", "it must be a card code such as '7D'")
    if r.deck == "spanish40" and r.ace != "low":
        raise refuse("ace", "a Spanish 40-card row always runs 1..12, so ace must be 'low'")
    if r.start_rank == "chosen" and r.opening != "any-start":
        raise refuse("start_rank", "a chosen start rank needs opening 'any-start'")
    if r.has_opening_card:
        deck = deck_for(r.deck, r.ace)
        card = deck.find(r.opening_card)
        if card is None:
            raise refuse("opening_card", f"it is not a card of the {r.deck} deck")
        if deck.rank(card) != r.start_rank:
            raise refuse(
                "opening_card",
                f"opening {r.opening!r} needs a card of the start rank {r.start_rank!r}",
            )
    elif all(deck_for(deck, "low").find(r.opening_card) is None for deck in DECKS):
        # (kept while idle, as a card of some deck: the deck may come back to it)
        raise refuse("opening_card", "it must be a card code such as '7D'")
    if r.passing == "limited" and r.pass_penalty != "none":
        raise refuse("pass_penalty", "limited passing has no pass penalty; choose 'none'",
                     "limited")
    if r.pass_penalty == "point" and r.scoring not in POINT_SCORINGS:
        raise refuse(
            "pass_penalty",
            "penalty points need scoring penalty-points, face-value or ruter7-values",
            "point",
        )
    if r.pass_penalty == "chip" and r.scoring != "chips":
        raise refuse("pass_penalty", "a chip penalty needs scoring 'chips'", "chip")
    if r.scoring in VALUE_SCORINGS and r.deck != "french52":
        raise refuse("scoring", "card values are defined for the French 52-card deck only")


def _preset(**fields: Any) -> Rules:
    return Rules(**fields)


_LOW = {"ace": "low"}
_POINTS5 = {"pass_penalty": "point", "scoring": "penalty-points", "match_hands": 5}
_CHIPS = {
    "pass_penalty": "chip", "scoring": "chips", "pay_per_card": True, "match_hands": None,
    "winner_leads_next": True,
}

PRESETS: Mapping[str, Rules] = MappingProxyType({
    "fan-tan": _preset(),
    "sjueren": _preset(**_LOW, **_POINTS5),
    "fan-tan-chips": _preset(**_LOW, opening="seek", **_CHIPS),
    "sevens": _preset(opening="any-start"),
    "ruter-7": _preset(**_LOW, pass_penalty="card", scoring="ruter7-values", match_hands=5),
    "ristiseiska": _preset(
        **_LOW, opening_card="7C", build_order="six-and-eight-first", pass_penalty="card",
        scoring="penalty-points", match_hands=5,
    ),
    "sjuan": _preset(**_LOW, opening="seek", opening_card="7H", **_CHIPS),
    "femkamp": _preset(**_LOW, opening_card="7H", **_POINTS5),
    "eights-first": _preset(**_LOW, build_order="eights-first", **_POINTS5),
    "shichi-narabe": _preset(
        **_LOW, opening="preplaced", passing="limited", pass_limit=3, scoring="placement",
    ),
    "cinquillo": _preset(
        deck="spanish40", **_LOW, start_rank="5", opening="preplaced", opening_card="5O",
        **_CHIPS,
    ),
    "domino": _preset(**_LOW, start_rank="chosen", opening="any-start", **_POINTS5),
    "points": _preset(
        **_LOW, opening="seek", pass_penalty="point", scoring="face-value", match_hands=None,
        winner_leads_next=True,
    ),
})
"""Every named rule system of RULES.md §3, by name."""


def preset(name: str) -> Rules:
    """The Rules of a named system; ValueError listing the names for an unknown one."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown preset {name!r}; choose one of: {', '.join(PRESETS)}"
        ) from None
