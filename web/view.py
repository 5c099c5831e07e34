"""What the table shows, built from the engine's public views: seats, rows, hand, messages.

Pure presentation: every rule question (what is legal, why not, who won) is answered by the
engine; this module only arranges and words the answers. No browser imports, so the unit tests
run it on CPython (tests/test_web_view.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import store
from i18n import Catalog

import fantan
from fantan.cards import Deck
from fantan.rules import (
    ACES,
    BUILD_ORDERS,
    DECKS,
    OPENINGS,
    PASS_PENALTIES,
    PASSINGS,
    PREPLACED_FROM,
    SCORINGS,
    START_RANKS,
    VALUE_SCORINGS,
)

HUMAN = 0
LOW_CARDS = 2  # a seat with this many cards or fewer shows a warning

# --- seats around the table --------------------------------------------------------------------

# Opponents clockwise from the human's left: up the left side, across the top, down the right.
_SIDES = {
    2: "LR",
    3: "LTR",
    4: "LTTR",
    5: "LTTTR",
    6: "LLTTRR",
    7: "LLTTTRR",
}
_SIDE_NAMES = {"L": "left", "T": "top", "R": "right"}


def seat_sides(players: int) -> list[str]:
    """Where each seat sits: "bottom" for the human, then left / top / right clockwise."""
    if not 3 <= players <= 8:
        raise ValueError(f"3 to 8 players, not {players}")
    return ["bottom"] + [_SIDE_NAMES[c] for c in _SIDES[players - 1]]


def seat_name(cat: Catalog, seat: int, in_text: bool = False) -> str:
    """A seat's name ("Lina"; ours "You", ``in_text`` in the middle of a sentence "you")."""
    if seat == HUMAN:
        return cat.t("seat.you-in-text" if in_text else "seat.you")
    return cat.t(f"seat.name.{seat}")


# --- cards -------------------------------------------------------------------------------------

FRENCH_PIPS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
SPANISH_PIPS = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
FRENCH_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def split(code: str) -> tuple[str, str]:
    """(rank, suit) of a canonical card code."""
    return code[:-1], code[-1]


def is_spanish(rules: fantan.Rules) -> bool:
    return rules.deck == "spanish40"


def pip(rules: fantan.Rules, suit: str) -> str:
    """The name of the suit's drawn shape (an SVG symbol `#pip-<name>` on the page)."""
    return (SPANISH_PIPS if is_spanish(rules) else FRENCH_PIPS)[suit]


def rank_label(cat: Catalog, rules: fantan.Rules, rank: str) -> str:
    """The rank as printed in a card's corner."""
    if is_spanish(rules):
        return rank
    return cat.t(f"rank.{rank}") if rank in ("J", "Q", "K", "A") else rank


def rank_name(cat: Catalog, rules: fantan.Rules, rank: str) -> str:
    """The rank as a word where it is a picture or an ace ("queen", "sota"), else the number."""
    if is_spanish(rules):
        key = f"rank-name.spanish.{rank}"
        return cat.t(key) if rank in ("1", "10", "11", "12") else rank
    return cat.t(f"rank-name.{rank}") if rank in ("J", "Q", "K", "A") else rank


def suit_name(cat: Catalog, rules: fantan.Rules, suit: str) -> str:
    return cat.t(f"suit.spanish.{suit}" if is_spanish(rules) else f"suit.{suit}")


def suit_text(cat: Catalog, rules: fantan.Rules, suit: str) -> str:
    """The suit in running text: its sign for the French deck, its name for the Spanish."""
    return suit_name(cat, rules, suit) if is_spanish(rules) else FRENCH_SYMBOLS[suit]


def card_text(cat: Catalog, rules: fantan.Rules, code: str) -> str:
    """A card in running text: "7♦", "Q♠"; Spanish: "sota de oros"."""
    rank, suit = split(code)
    if is_spanish(rules):
        return card_words(cat, rules, code)
    return cat.t("card.short", rank=rank_label(cat, rules, rank), suit=FRENCH_SYMBOLS[suit])


def card_words(cat: Catalog, rules: fantan.Rules, code: str) -> str:
    """A card in words, for screen readers: "7 of diamonds", "queen of spades"."""
    rank, suit = split(code)
    key = "card.long-spanish" if is_spanish(rules) else "card.long"
    return cat.t(key, rank=rank_name(cat, rules, rank), suit=suit_name(cat, rules, suit))


def row_ranks(rules: fantan.Rules) -> tuple[str, ...]:
    """The ranks of a row, low end first: the columns of the table's grid."""
    return tuple(fantan.deck_for(rules.deck, rules.ace).ranks)


def suits(rules: fantan.Rules) -> tuple[str, ...]:
    return tuple(fantan.deck_for(rules.deck, rules.ace).suits)


# --- the table ---------------------------------------------------------------------------------


@dataclass
class SeatView:
    seat: int
    name: str
    side: str
    cards: int
    passes: int
    dealer: bool
    turn: bool
    low: bool
    passes_left: int | None = None
    place: int | None = None  # finishing place once out (placement scoring)
    eliminated: bool = False
    chips: int | None = None
    points: int | None = None
    total: int | None = None
    signed: bool = False  # (the total, or chips, a gain or a loss: written with its sign)
    most: int = 0
    """The most cards a seat can count in this hand (the most dealt, or held since): the badge
    keeps the width of its words from the deal on, and so its shape as counts fall under 10."""


@dataclass
class SlotView:
    code: str
    rank: str
    filled: bool = False
    laid_out: bool = False
    needed: bool = False
    start: bool = False


@dataclass
class RowView:
    suit: str
    name: str
    pip: str
    is_open: bool
    complete: bool
    slots: list[SlotView]
    waits_for: str | None = None  # the card the unopened row waits for, in words (spoken)


@dataclass
class HandCard:
    code: str
    playable: bool
    """It may be played (or given) now, on our turn."""
    fits: bool | None = True
    """The table takes it as it is now, whoever's turn it is (between our turns, a card that
    does not is shown dimmed, as it will be on our turn unless the table changes, and one that
    does is said to fit); None once the hand is over, when no card is dimmed."""


@dataclass
class TableView:
    seats: list[SeatView]
    rows: list[RowView]
    hand: list[HandCard]
    turn: int | None
    pot: int | None
    free_first: bool
    chosen_start: str | None
    """The start rank the first card chose, as printed (a start rank it chooses only)."""
    chosen_start_name: str | None
    """That rank in words, as a screen reader says it ("queen" for "Q")."""
    can_pass: bool
    passes_left: int | None
    giving: bool
    hand_number: int
    hands: int
    extra: dict[str, Any] = field(default_factory=dict)


def signed_scores(rules: fantan.Rules) -> bool:
    """Whether the rules' scores are gains and losses (cards or chips changing hands),
    written with their sign ("+8", "−3") in the hand's scores and the match's totals alike."""
    return rules.is_zero_sum


def table_view(cat: Catalog, obs: fantan.Observation, totals: Sequence[int] = (),
               hand_number: int = 1, hands: int = 1) -> TableView:
    """Everything the table shows to the human, from the human's observation."""
    rules = obs.rules
    n = rules.players
    sides = seat_sides(n)
    chips_scoring = rules.scoring == "chips"
    # Chips in the pot until the hand ends; then the match's totals already hold its payout.
    paid = (0,) * n if obs.is_over else obs.chips
    seats = []
    most = max(*obs.dealt, *obs.hand_sizes)
    for s in range(n):
        total = totals[s] if totals and hands > 1 else None
        seats.append(SeatView(
            seat=s,
            name=seat_name(cat, s),
            side=sides[s],
            cards=obs.hand_sizes[s],
            passes=obs.passes[s],
            dealer=s == obs.dealer,
            turn=s == obs.to_move,
            # (a warning for play: none once the hand is over)
            low=0 < obs.hand_sizes[s] <= LOW_CARDS and s not in obs.out and not obs.is_over,
            passes_left=obs.passes_left[s],
            place=obs.places[s],
            eliminated=s in obs.eliminated,
            chips=((totals[s] if totals else 0) - paid[s]) if chips_scoring else None,
            points=obs.points[s] if rules.pass_penalty == "point" else None,
            total=None if chips_scoring else total,
            signed=signed_scores(rules),
            most=most,
        ))
    legal = set(obs.legal_moves) if obs.to_move == obs.seat else set()
    due = obs.gift if obs.to_move == obs.seat else None
    giving = due is not None and due[0] == obs.seat
    fitting = set(obs.fitting)
    hand = [HandCard(c, move_of(due, obs.seat, c) in legal,
                     None if obs.is_over else c in fitting) for c in obs.hand]
    can_pass = "pass" in legal and len(legal) > 1  # (a pass that is a choice)
    start = start_rank(obs)
    return TableView(
        seats=seats,
        rows=row_views(cat, rules, obs.rows(), start, over=obs.is_over),
        hand=hand,
        turn=obs.to_move,
        pot=sum(paid) if chips_scoring else None,
        free_first=rules.start_rank == "chosen" and obs.start is None,
        chosen_start=(rank_label(cat, rules, start)
                      if rules.start_rank == "chosen" and start is not None else None),
        chosen_start_name=(rank_name(cat, rules, start)
                           if rules.start_rank == "chosen" and start is not None else None),
        can_pass=can_pass,
        passes_left=obs.passes_left[obs.seat],
        giving=giving,
        hand_number=hand_number,
        hands=hands,
    )


def move_of(gift: tuple[int, int] | None, seat: int, card: str) -> str:
    """The move of ``seat``'s ``card`` (its code): the card played, or where ``seat`` owes a
    card (``gift``: the engine's pending gift, giver and passer) the card given ("give:8S")."""
    return "give:" + card if gift is not None and gift[0] == seat else card


def card_of(move: str) -> str | None:
    """The card a move plays or gives; None for a pass."""
    return None if move == "pass" else move.removeprefix("give:")


def start_rank(obs: fantan.Observation) -> str | None:
    """The rank that opens the rows (None until a chosen start is played)."""
    return None if obs.start is None else row_ranks(obs.rules)[obs.start]


def row_views(cat: Catalog, rules: fantan.Rules, rows: Sequence[fantan.Row],
              start: str | None, over: bool = False) -> list[RowView]:
    """The grid: one strip per suit, one slot per rank in row order, so the start cards of all
    rows line up in one column. Once the hand is ``over``, no card is needed any more."""
    ranks = row_ranks(rules)
    out = []
    for row in rows:
        on_table = set(row.cards)
        laid = set(row.laid_out)
        needs = () if over else row.needs
        slots = []
        for rank in ranks:
            code = rank + row.suit
            slots.append(SlotView(
                code=code,
                rank=rank_label(cat, rules, rank),
                filled=code in on_table or code in laid,
                laid_out=code in laid,
                needed=code in needs,
                start=rank == start,
            ))
        out.append(RowView(
            suit=row.suit,
            name=suit_name(cat, rules, row.suit),
            pip=pip(rules, row.suit),
            is_open=bool(row.cards),
            complete=row.complete,
            slots=slots,
            # (in words: read by a screen reader, whose settings may say nothing for ♦)
            waits_for=(card_words(cat, rules, needs[0])
                       if not row.cards and len(needs) == 1 else None),
        ))
    return out


# --- messages ----------------------------------------------------------------------------------


def reason_message(cat: Catalog, rules: fantan.Rules, info: dict[str, Any],
                   names: Sequence[str] = (), spoken: bool = False) -> str:
    """Why a move is refused, in words, from the engine's `explain()` facts; `spoken` names
    cards and suits in words (for a screen reader) instead of by their signs."""
    reason = info.get("reason", "bad-move")
    suit = info.get("suit")
    words = card_words if spoken else card_text
    values: dict[str, Any] = {}
    if "card" in info:
        values["card"] = words(cat, rules, info["card"])
    if suit:
        values["suit"] = (suit_name if spoken else suit_text)(cat, rules, suit)
    for key in ("low", "high", "start"):
        if key in info:
            values[key] = words(cat, rules, info[key])
    if reason == "gate-closed":
        values["needs"] = cat.join([words(cat, rules, c) for c in info.get("needs", ())])
    if reason == "must-open-with":
        values["card"] = words(cat, rules, info["opening_card"])
    if reason == "must-give" and len(names) > 0:
        values["name"] = names[0]
    if reason == "row-not-open" and "start" not in info:
        key = "reason.row-not-open-chosen"
    elif reason == "not-adjacent" and info.get("low") == info.get("high"):
        key = "reason.not-adjacent-one"  # (a row of one card: no "7–7")
    else:
        key = f"reason.{reason}"
    if key == "reason.not-adjacent":
        # The row's ends by their ranks alone: the row has named the suit ("5–9", not
        # "5♥–9♥" or "5 of copas–6 of copas").
        rank = rank_name if spoken or is_spanish(rules) else rank_label
        for end in ("low", "high"):
            values[end] = rank(cat, rules, split(info[end])[0])
    return sentence(cat.t(key, **values))


# The argument said after a hint, by fantan.ai.advise's kind (none for "plain", nor for the only
# card there is to give, or a pass that is the only move).
WHY = {
    "only": "msg.why.only", "own": "msg.why.own", "free": "msg.why.free",
    "block": "msg.why.block", "least": "msg.why.least", "costly": "msg.why.costly",
    "even": "msg.why.even", "near": "msg.why.near", "hold": "msg.why.hold", "far": "msg.why.far",
    "search": "msg.why.search",
}
OWN_NAMED = 2
"""Up to this many of our own cards a hint's argument names on the screen; more, it counts
(the cards are marked in the hand). Spoken, it names them all: a listener does not see the
marks."""


def hint_text(cat: Catalog, rules: fantan.Rules, advice: dict[str, Any],
              spoken: bool = False, made: str | None = None) -> str:
    """A hint and the argument for it (fantan.ai.hint's advice as a dict): "Hint: play the 8♠.
    It leads to your 9♠ and J♠.". Set beside a move we made (``made``), a search's argument
    against that move calls it ours rather than naming it again."""
    words = card_words if spoken else card_text
    move = advice["move"]
    kind = advice["kind"]
    cards = advice.get("cards") or []
    seat = advice.get("seat")
    if move == "pass":
        hint = cat.t("msg.hint-pass")
    elif move.startswith("give:"):
        hint = cat.t("msg.hint-give", card=words(cat, rules, move[5:]))
    else:
        hint = cat.t("msg.hint", card=words(cat, rules, move))
    key = WHY.get(kind)
    if key is None or (kind == "only" and (move == "pass" or move.startswith("give:"))):
        return hint
    if kind == "own" and len(cards) > OWN_NAMED and not spoken:
        why = cat.n("msg.why.own-many", len(cards))
    elif kind == "own":
        why = cat.n(key, len(cards), cards=cat.join([words(cat, rules, c) for c in cards]))
    elif kind == "costly":
        why = cat.n(key, advice.get("points", 0))
    elif kind == "search" and advice.get("worlds"):
        why = searched_text(cat, rules, advice, spoken, made)
    else:
        why = cat.t(key, name=seat_name(cat, seat) if seat is not None else "")
    return f"{hint} {sentence(why)}"


def searched_text(cat: Catalog, rules: fantan.Rules, advice: dict[str, Any],
                  spoken: bool = False, made: str | None = None) -> str:
    """What Hard's search found for a hint's move: "In 200 trial deals: 0.7 points better on
    average than the 9♦." (or that nothing else did clearly better; "than your move" where
    the move it beat is ``made``, ours)."""
    worlds = cat.num(advice["worlds"])
    rival = advice.get("rival")
    if rival is None:
        return cat.t("msg.why.search-close", worlds=worlds)
    words = card_words if spoken else card_text
    if rival == made:
        other = cat.t("msg.why.than-yours")
    elif rival == "pass":
        other = cat.t("msg.why.than-pass")
    else:
        other = cat.t("msg.why.than-card", card=words(cat, rules, rival.removeprefix("give:")))
    key = "msg.why.search-gain-chips" if rules.scoring == "chips" else "msg.why.search-gain"
    return cat.t(key, worlds=worlds, gain=cat.dec(advice.get("gain", 0.0)), other=other)


def sentence(text: str) -> str:
    """A sentence that may begin with a card's name ("sota de oros passer ikke ..."): its
    first letter a capital."""
    return text[:1].upper() + text[1:]


def event_text(cat: Catalog, rules: fantan.Rules, event: fantan.Event,
               spoken: bool = False) -> str:
    """One public step of the hand in words ("Otto plays 8♠"); `spoken` names cards in words
    for a screen reader ("Otto plays 8 of spades")."""
    name = seat_name(cat, event.seat)
    you = event.seat == HUMAN
    words = card_words if spoken else card_text
    if event.kind == "play" and event.card:
        return cat.t("event.you-play" if you else "event.play", name=name,
                     card=words(cat, rules, event.card))
    if event.kind == "pass":
        return cat.t("event.you-pass" if you else "event.pass", name=name)
    if event.kind == "eliminated":
        if not you and event.cards:  # (the cards go on the table: which, for who cannot see it)
            return cat.t("event.eliminated-cards", name=name,
                         cards=cat.join([words(cat, rules, c) for c in event.cards]))
        return cat.t("event.you-eliminated" if you else "event.eliminated", name=name)
    if event.kind == "give" and event.to is not None:
        to = seat_name(cat, event.to)
        if you and event.card:
            return cat.t("event.you-give", to=to, card=words(cat, rules, event.card))
        if event.to == HUMAN and event.card:
            return cat.t("event.give-you", name=name, card=words(cat, rules, event.card))
        return cat.t("event.give", name=name, to=to)
    return ""


def announcement(cat: Catalog, rules: fantan.Rules, events: Sequence[fantan.Event],
                 limit: int | None = None, out: Sequence[int] = (),
                 sizes: Sequence[int] = ()) -> str:
    """What the live region says about events that happened since it last spoke: each event
    when there are at most ``limit`` (by default a round's: one a player, and one more for a
    gift or a seat dropping out), so that at a fast pace a player who cannot see the table
    still hears every card of the round; a count and the last one when more came at once
    (fast forward over rounds), so a screen reader is never flooded. A seat of ``out`` (the
    seats out of cards) whose last card is among the events goes out there, and that is
    always said; so is another seat left nearly out by its last card played or given among
    them, as its badge shows it (``sizes``: the hand sizes now): one by one, after that card
    with the count then; after a summary, with the count now."""
    if limit is None:
        limit = rules.players + 1
    # (each seat's cards before the events: those now, with those it played, gave or laid
    # out since, less those given to it; each event then takes its own off again)
    held = list(sizes)
    for e in events:
        _shift(held, e, 1)
    said: list[str] = []  # every line in order, the moves and the seats going out
    moves: list[str] = []
    turns: list[str] = []  # (the cards played and the passes: what a summary counts)
    # (said after a summary too: seats going out, dropping out, nearly out, the last with
    # its seat, as a summary says it with the count now)
    always: list[tuple[str, int | None]] = []
    for i, e in enumerate(events):
        _shift(held, e, -1)
        text = event_text(cat, rules, e, spoken=True)
        if text:
            said.append(text)
            moves.append(text)
            if e.kind in ("play", "pass"):
                turns.append(text)
            elif e.kind == "eliminated":
                always.append((text, None))
        # (a card given counts as one played: the giver is as near out as it leaves it)
        if e.kind not in ("play", "give") or any(
                later.kind in ("play", "give") and later.seat == e.seat
                for later in events[i + 1:]):
            continue
        if e.kind == "play" and e.seat in out:
            went = cat.t("event.you-out" if e.seat == HUMAN else "event.out",
                         name=seat_name(cat, e.seat))
            said.append(went)
            always.append((went, None))
        elif e.seat != HUMAN and e.seat < len(held) and 0 < held[e.seat] <= LOW_CARDS:
            low = cat.n("event.low", held[e.seat], name=seat_name(cat, e.seat))
            said.append(low)
            always.append((low, e.seat))
    if len(moves) <= limit or not turns:
        return " ".join(cat.t("announce.sentence", text=t) for t in said)
    # (the summary counts the cards played and the passes, the parts adding up to the whole: a
    # card given is part of a pass, and a seat dropping out is said after it)
    plays = sum(1 for e in events if e.kind == "play")
    passes = sum(1 for e in events if e.kind == "pass")
    said_moves = cat.n("announce.moves", plays + passes)
    played = cat.n("announce.played", plays)
    summary = (cat.t("announce.summary", moves=said_moves, played=played,
                     passes=cat.n("announce.passes", passes)) if passes
               else cat.t("announce.summary-plays", moves=said_moves, played=played))
    # (after a summary a seat nearly out is said as it stands: one given cards since its last
    # one with the count it holds now, and not at all where that is no longer few)
    after = [text if seat is None else cat.n("event.low", sizes[seat], name=seat_name(cat, seat))
             for text, seat in always if seat is None or 0 < sizes[seat] <= LOW_CARDS]
    return " ".join([summary, cat.t("announce.last", text=turns[-1])]
                    + [cat.t("announce.sentence", text=t) for t in after])


def _shift(held: list[int], e: fantan.Event, sign: int) -> None:
    """Undo (``sign`` 1) or redo (-1) what ``e`` did to the hand sizes ``held``: the cards a
    seat played, gave or laid out left its hand, and a card given went to another's."""
    gone = 1 if e.kind in ("play", "give") else len(e.cards) if e.kind in (
        "eliminated", "preplace") else 0
    if e.seat < len(held):
        held[e.seat] += sign * gone
    if e.kind == "give" and e.to is not None and e.to < len(held):
        held[e.to] -= sign


def no_move_text(cat: Catalog, state: fantan.GameState, spoken: bool = False) -> str:
    """Why the game passes for the seat to move, which has no card that fits: its passes used
    up, it drops out; the opening card not yet down (a seek opening), none fits until it is
    (though a 7 may be held); else plainly none fits. ``spoken`` names the card in words."""
    if state.pass_eliminates():
        return cat.t("msg.you-eliminated")
    hand = state.hand(state.to_move) if state.to_move is not None else ()
    info = state.explain(hand[0]) if hand else None
    if info is not None and info["reason"] == "must-open-with":
        words = card_words if spoken else card_text
        return cat.t("msg.no-move-seek", card=words(cat, state.rules, info["opening_card"]))
    return cat.t("msg.no-move-long")


def pass_cost_text(cat: Catalog, state: fantan.GameState) -> str:
    """What a pass costs the seat to move, in a sentence, or "": a card given to it, chips
    into the pot, penalty points (unless it goes out first: the winner scores none), or its
    passes left (the engine's counts before and after); nothing for a pass that puts it out
    of the hand (no_move_text says so). The page shows it under "No move" when the game
    passes for us, and says it after no_move_text."""
    seat = state.to_move
    if seat is None or "pass" not in state.legal_moves() or state.pass_eliminates():
        return ""
    after = state.play("pass")
    gift = after.pending_gift
    if gift is not None and gift[1] == seat:
        return cat.t("msg.pass-gift", name=seat_name(cat, gift[0]))
    was, now = state.observation(seat), after.observation(seat)
    if now.chips[seat] > was.chips[seat]:
        return cat.n("msg.pass-chips", now.chips[seat] - was.chips[seat])
    if now.points[seat] > was.points[seat]:
        return cat.n("msg.pass-points", now.points[seat] - was.points[seat])
    left = now.passes_left[seat]
    if left is None:
        return ""
    return cat.n("msg.pass-left", left) if left else cat.t("msg.pass-left-none")


def made_for_us(state: fantan.GameState, auto_play: bool = False) -> str | None:
    """The move the game makes for the seat to move, which has no choice: a pass where no card
    fits, and with ``auto_play`` (a setting) the one card that fits; None where it chooses
    (a card given under a penalty is its own choice however few it holds)."""
    legal = state.legal_moves()
    if legal == ("pass",):
        return "pass"
    if auto_play and len(legal) == 1 and state.pending_gift is None:
        return legal[0]
    return None


def auto_play_text(cat: Catalog, state: fantan.GameState, card: str,
                   spoken: bool = False) -> str:
    """What the line over the hand says as the game plays our one card that fits for us."""
    words = card_words if spoken else card_text
    return cat.t("msg.auto-played", card=words(cat, state.rules, card))


def _gifts_since_move(obs: fantan.Observation) -> list[fantan.Event]:
    """The cards given to or by the observer since its own last move (a card played or a
    pass; giving is not one), latest first."""
    gifts = []
    for event in reversed(obs.history):
        if event.seat == obs.seat and event.kind != "give":
            break
        if event.kind == "give" and event.card and obs.seat in (event.seat, event.to):
            gifts.append(event)
    return gifts


def received_gift(obs: fantan.Observation) -> tuple[int, str] | None:
    """The latest card given to the observer since its own last move: (giver, card), or
    None."""
    return next(((e.seat, e.card) for e in _gifts_since_move(obs) if e.to == obs.seat
                 and e.card), None)


def given_gift(obs: fantan.Observation) -> tuple[int, str] | None:
    """The card the observer gave last, if it has made no move since and was given none
    after it: (receiver, card), or None."""
    gifts = _gifts_since_move(obs)
    last = gifts[0] if gifts else None
    if last is None or last.seat != obs.seat or last.to is None or not last.card:
        return None
    return last.to, last.card


# --- the hand's moves --------------------------------------------------------------------------


@dataclass
class LogCell:
    """One seat's move in one round of the moves page: ``kind`` "play" (``cards``: the card),
    "pass", "eliminated" (``cards``: laid out) or "laid" (``cards``: laid out before play);
    ``gifts``, the give events that followed a pass of this seat (a card given to it, shown
    where the observer saw it)."""

    kind: str
    cards: tuple[str, ...] = ()
    gifts: list[fantan.Event] = field(default_factory=list)


@dataclass
class MoveLog:
    """The public history of the hand as the moves page shows it: a column for each seat in
    turn order from the one that moved first (``seats``), the cards laid out from the hands
    before play (``laid``, by column, or None), then a row for each time round the table, and
    where each move is (``rounds_of``); and what it tells of the others' hands (``known``)."""

    seats: list[int]
    laid: list[LogCell | None] | None
    rounds: list[list[LogCell | None]]
    rounds_of: list[int] = field(default_factory=list)
    """For each move of the hand, in order (fantan.GameState.moves), the number of the round
    whose row shows it (a card given: the row of the pass it answers)."""
    known: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = field(default_factory=list)
    """What the moves tell of the others' hands (fantan.ai.known_cards), in column order, for
    each seat of which they tell something: (seat, cards it holds, cards it cannot hold); none
    once the hand is over."""


def move_log(obs: fantan.Observation) -> MoveLog:
    """The observer's history of the hand in rounds: what every seat may know of it, no more
    (a card given between two others stays unnamed, as the engine's observation has it)."""
    n = obs.rules.players
    moves = [e for e in obs.history if e.kind in ("play", "pass", "eliminated")]
    first = moves[0].seat if moves else obs.to_move if obs.to_move is not None else HUMAN
    seats = [(first + k) % n for k in range(n)]
    column = {seat: k for k, seat in enumerate(seats)}
    laid: list[LogCell | None] | None = None
    rounds: list[list[LogCell | None]] = []
    rounds_of: list[int] = []
    last = n  # the column of the latest move: a move at or left of it begins a round
    for e in obs.history:
        k = column[e.seat]
        if e.kind == "preplace":
            laid = laid or [None] * n
            laid[k] = LogCell("laid", e.cards)
        elif e.kind == "give":  # (under the pass it answers: the receiver's latest move)
            to = column[e.to if e.to is not None else e.seat]
            at = next((i for i in range(len(rounds) - 1, -1, -1) if rounds[i][to]), None)
            cell = rounds[at][to] if at is not None else None
            if cell is not None:
                cell.gifts.append(e)
            rounds_of.append(len(rounds) if at is None else at + 1)
        else:
            if k <= last:
                rounds.append([None] * n)
            last = k
            rounds[-1][k] = LogCell(e.kind, (e.card,) if e.card else e.cards
                                    if e.kind == "eliminated" else ())
            rounds_of.append(len(rounds))
    log = MoveLog(seats, laid, rounds, rounds_of)
    if not obs.is_over:  # (after the hand, the result board shows every hand as it was left)
        known = fantan.ai.known_cards(obs)
        log.known = [(s, known[s].holds, known[s].lacks) for s in seats
                     if known[s].holds or known[s].lacks]
    return log


@dataclass
class Choice:
    """A move of ours where we had a choice, as it was: its number among the hand's moves, the
    move, what we could see then, and the seed the hint was (or would have been) asked with."""

    number: int
    move: str
    obs: fantan.Observation
    seed: int


def our_choices(match: fantan.Match) -> list[Choice]:
    """Our moves of the current hand made with more than one legal move to choose from, each
    with the position it was made in (replayed by the engine from the deal)."""
    return [Choice(k, move, state.observation(HUMAN), match.seed_at(state))
            for k, (state, move) in enumerate(match.state.replayed())
            if state.to_move == HUMAN and len(state.legal_moves()) > 1]


@dataclass
class Review:
    """Our choices of a hand set beside the hint's (fantan.ai.review, as dicts): how many there
    were, how many the hint agrees with, and for each other one, its round, what was made and
    what the hint says, in words."""

    count: int
    agreed: int
    lines: list[tuple[str, str]]
    """Each choice the hint would have made otherwise, in words for the eyes and for the ears
    ("Round 3: you played the 5♦. Hint: play the 8♠. It leads to your 9♠.")."""
    rounds: list[int] = field(default_factory=list)
    """The rounds whose card or pass of ours the hint would have made otherwise (not a card we
    gave: it stands under another's pass)."""


def review(cat: Catalog, rules: fantan.Rules, log: MoveLog, choices: Sequence[Choice],
           advice: Sequence[dict[str, Any]]) -> Review:
    """Set each of our choices beside the hint for it (advice, in the same order)."""
    lines, rounds = [], []
    for choice, told in zip(choices, advice, strict=True):
        if told["move"] == choice.move:
            continue
        number, move = cat.num(log.rounds_of[choice.number]), choice.move
        both = []
        for spoken in (False, True):
            words = card_words if spoken else card_text
            if move == "pass":
                ours = cat.t("moves.you-passed", round=number)
            elif move.startswith("give:"):
                ours = cat.t("moves.you-gave", round=number, card=words(cat, rules, move[5:]))
            else:
                ours = cat.t("moves.you-played", round=number, card=words(cat, rules, move))
            both.append(f"{ours} {hint_text(cat, rules, told, spoken, made=move)}")
        lines.append((both[0], both[1]))
        if not move.startswith("give:"):
            rounds.append(log.rounds_of[choice.number])
    return Review(len(choices), len(choices) - len(lines), lines, rounds)


# --- the result board --------------------------------------------------------------------------


@dataclass
class ResultLine:
    seat: int
    name: str
    cards_left: int
    score: int
    held: tuple[str, ...]
    total: int | None
    place: int
    eliminated: bool
    winner: bool
    passes: int = 0
    laid_out: tuple[str, ...] = ()
    """An eliminated seat's cards, laid out on the table when it dropped out (they count as
    its cards left)."""


@dataclass
class ResultsView:
    title: str
    headline: str
    spoken: str
    """What a screen reader hears as the board opens: the headline, after a match the hand's
    winner first."""
    lines: list[ResultLine]
    match_over: bool
    has_next: bool
    hand_number: int
    hands: int
    lower_better: bool
    standings: list[int] = field(default_factory=list)
    tie_note: str = ""
    """Why a seat of the standings is ahead of the next with the same total (the rules'
    tie-breaks, as applied), or empty."""
    hand_line: str = ""
    """After a match, who won its last hand, whose table the board shows under the match's
    winner (its star is that hand's winner's), or empty."""
    sheet: list[tuple[int, ...]] = field(default_factory=list)
    """A match's score sheet: every finished hand's scores, seat by seat, in play order (from
    the second hand on; empty before, and for a single hand)."""
    totals: tuple[int, ...] = ()
    """The match's totals so far, seat by seat (a match of several hands)."""


def tie_note(cat: Catalog, match: fantan.Match) -> str:
    """Why seats of the standings level on totals stand in their order, anywhere in the list:
    each tie-break the engine applied, once, in the order the list meets them, with the seats
    it put in order ("Level (Maya and Ravi): fewer cards left in the last hand
    decides."; runs apart in the list are parted by a semicolon); or empty."""
    standings = match.standings
    runs: dict[str, list[list[int]]] = {}  # the tie-break: the runs of seats it ordered
    for a, b in zip(standings, standings[1:], strict=False):
        kind = match.decided_by(a, b)
        if kind == "total":
            continue
        seats = runs.setdefault(kind, [])
        if seats and seats[-1][-1] == a:
            seats[-1].append(b)
        else:
            seats.append([a, b])
    return " ".join(
        cat.t(f"results.tie-{kind}",
              names="; ".join(cat.join([seat_name(cat, s, in_text=True) for s in run])
                              for run in seats))
        for kind, seats in runs.items())


def results_view(cat: Catalog, match: fantan.Match) -> ResultsView:
    """The result board of the finished hand (and of the match, when it is over)."""
    state = match.state
    result = state.result
    if result is None:
        raise ValueError("the hand is not over")
    multi = match.hands > 1
    laid = {e.seat: e.cards for e in state.history if e.kind == "eliminated"}
    lines = []
    for place, s in enumerate(result.ranking, 1):
        lines.append(ResultLine(
            seat=s,
            name=seat_name(cat, s),
            cards_left=result.cards_left[s],
            score=result.scores[s],
            held=state.hand(s),
            total=match.totals[s] if multi else None,
            place=place,
            eliminated=s in result.eliminated,
            winner=s == result.winner,
            passes=result.passes[s],
            laid_out=laid.get(s, ()),
        ))
    won_hand = (cat.t("results.you-win") if result.winner == HUMAN
                else cat.t("results.winner", name=seat_name(cat, result.winner)))
    spoken = won_hand
    if match.is_over and multi:
        first = match.standings[0]
        title = cat.t("results.match-over")
        headline = (cat.t("results.you-win-match") if first == HUMAN
                    else cat.t("results.match-winner", name=seat_name(cat, first)))
        spoken = f"{won_hand} {headline}"  # (the board shows the hand's winner by a star)
    else:
        title = cat.t("results.title")
        headline = won_hand
    return ResultsView(
        title=title,
        headline=headline,
        spoken=spoken,
        lines=lines,
        match_over=match.is_over,
        has_next=not match.is_over,
        hand_number=match.hand_number,
        hands=match.hands,
        lower_better=match.rules.is_point_scoring,
        standings=list(match.standings) if match.is_over and multi else [],
        hand_line=won_hand if match.is_over and multi else "",
        tie_note=tie_note(cat, match) if match.is_over and multi else "",
        sheet=([r.scores for r in (*match.results, result)]
               if multi and match.hand_number > 1 else []),
        totals=match.totals if multi else (),
    )


# --- the new-game screen: presets and the custom rule axes -------------------------------------

AXES: dict[str, tuple[Any, ...]] = {
    "deck": DECKS,
    "ace": ACES,
    "start_rank": START_RANKS,
    "opening": OPENINGS,
    "opening_card": (),  # filled from the deck and start rank
    "preplaced_from": PREPLACED_FROM,
    "build_order": BUILD_ORDERS,
    "passing": PASSINGS,
    "pass_limit": (0, 1, 2, 3, 4, 5),
    "pass_penalty": PASS_PENALTIES,
    "scoring": SCORINGS,
    "pay_per_card": (True, False),
    "winner_leads_next": (False, True),
}


@dataclass
class AxisOption:
    value: Any
    label: str
    allowed: bool
    why: str = ""


def axis_values(rules: fantan.Rules, axis: str) -> tuple[Any, ...]:
    if axis == "opening_card":
        if rules.start_rank == "chosen":
            return (rules.opening_card,)
        return tuple(rules.start_rank + s for s in suits(rules))
    values, current = AXES[axis], getattr(rules, axis)
    # (rules kept from elsewhere, a save's or the settings', may hold a pass limit not offered:
    # shown too, as the game is dealt)
    return values if current in values else (*values, current)


def form_value(value: Any) -> str:
    """A rule axis's value as the new-game screen's form writes it ("true", "2", "7D")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def axis_choice(rules: fantan.Rules, axis: str, text: str) -> Any:
    """The value of one rule axis that the form's ``text`` stands for (form_value), or None
    where it stands for none (a tampered form)."""
    if axis not in AXES:
        return None
    return next((v for v in axis_values(rules, axis) if form_value(v) == text), None)


def build_words(cat: Catalog, rules: fantan.Rules, key: str, build_order: str,
                chosen: str | None = None) -> str:
    """A building order in words (``key``: the catalogue's ids, "{}" standing for the order:
    the setup's choice or the rules page's sentence), naming the ranks it puts first: "its 4
    and 6" with the start rank 5, "its 6 and sota" with the Spanish deck; "" where it puts
    none first."""
    first = rules.first_ranks(chosen, build_order)
    if first is None:
        return cat.t(key.format(f"{build_order}-chosen"))
    names = [rank_name(cat, rules, r) for r in first]
    if len(names) == 2:
        return cat.t(key.format("six-and-eight-first"), below=names[0], above=names[1])
    return cat.t(key.format("eights-first"), rank=names[0]) if names else ""


def axis_label(cat: Catalog, rules: fantan.Rules, axis: str, value: Any) -> str:
    if axis == "build_order" and value != "ends":
        # (the start ranks to choose, 7 and 5, have both neighbours: never "")
        return build_words(cat, rules, "axis.build_order.{}", value)
    if isinstance(value, bool):
        return cat.t("axis.yes" if value else "axis.no")
    if axis == "opening_card":
        # (a start rank chosen by the first card played leaves no opening card to name)
        return (cat.t("axis.opening_card.none") if rules.start_rank == "chosen"
                else card_text(cat, rules, str(value)))
    if axis == "pass_limit":
        return str(value)
    if axis == "ace" and value == "low" and is_spanish(rules):
        return cat.t("axis.ace.low-spanish")  # (a Spanish row has no K: 1 to 12)
    return cat.t(f"axis.{axis}.{value}")


def refusal(cat: Catalog, error: fantan.RulesError) -> str:
    """Why the engine refuses a combination, in the catalogue's words, from the refused field
    and the reason's code the engine gives."""
    for key in (f"refused.{error.field}.{error.code}", f"refused.{error.field}"):
        if error.field and cat.has(key):
            return cat.t(key)
    return cat.t("refused.other")


def try_rules(rules: fantan.Rules, **changes: Any) -> fantan.Rules | fantan.RulesError:
    """The rules with a change, or the engine's refusal."""
    try:
        return rules.replace(**changes)
    except fantan.RulesError as error:
        return error


def _draft(rules: fantan.Rules, changes: dict[str, Any]) -> fantan.Rules:
    """A stand-in carrying the proposed values, for wording a refusal (not validated)."""
    draft = object.__new__(fantan.Rules)
    for name in fantan.rules.FIELDS:
        object.__setattr__(draft, name, changes.get(name, getattr(rules, name)))
    return draft


def setup_draft(current: fantan.Rules | None, settings: dict[str, Any],
                level: str) -> dict[str, Any]:
    """The new-game screen's choices as it opens (pick_game's draft): on the game in play
    (``current``, if any), its rule system, players and match length (the length "as the game
    says" where it is the rule system's own, or the custom rules' own as kept in the
    settings), else on the settings; and ``level``, the level in play."""
    if current is None:
        return {"preset": settings["preset"], "rules": store.rules_from_settings(settings),
                "level": level, "match": settings["match"], "custom": None}
    own = own_match_length(current, settings["custom"])
    match = None if current.match_hands == own.match_hands else current.match_hands
    return {"preset": preset_of(current) or "custom", "rules": own, "level": level,
            "match": match if store.sound_match(match) else settings["match"],
            "custom": None}


def pick_game(draft: dict[str, Any], name: str) -> dict[str, Any]:
    """The new-game screen's choices (``draft``: preset, rules, level, match, and "custom",
    the player's own rules kept aside while another game is looked at) with the game ``name``
    chosen: a preset's rules, for as many players as chosen; for "custom", the player's own
    rules as they last set them here, else the rules of the game looked at last, to start
    from."""
    rules = draft["rules"]
    picked = {**draft, "preset": name}
    if draft["preset"] == "custom" and name != "custom":
        picked["custom"] = rules  # (kept for Custom chosen again)
    if name != "custom":
        picked["rules"] = fantan.preset(name).replace(players=rules.players)
    elif draft.get("custom") is not None and draft["preset"] != "custom":
        own = draft["custom"]
        players = try_rules(own, players=rules.players)  # (as many as chosen meanwhile)
        picked["rules"] = players if isinstance(players, fantan.Rules) else own
    return picked


# The suits of the French deck and their counterparts in the Spanish deck (diamonds and oros,
# hearts and copas, spades and espadas, clubs and bastos): a new deck takes the opening card to
# its counterpart, and the deck changed back brings it back.
SPANISH_SUIT = {"D": "O", "H": "C", "S": "E", "C": "B"}
FRENCH_SUIT = {spanish: french for french, spanish in SPANISH_SUIT.items()}


def change(rules: fantan.Rules, axis: str, value: Any) -> fantan.Rules | fantan.RulesError:
    """One rule axis changed, as a player means it: a new deck or start rank takes the opening
    card along (7D becomes 5D with the start rank 5, the 7 of oros with the Spanish deck, and
    the 7D again with the French one), and the Spanish deck the ace low (its rows run 1 to
    12), when that makes the rules playable."""
    wanted = {axis: value}
    if axis == "deck" and value != rules.deck:
        suits = SPANISH_SUIT if value == "spanish40" else FRENCH_SUIT
        card = rules.opening_card
        wanted["opening_card"] = card[:-1] + suits.get(card[-1], card[-1])
    changed = try_rules(rules, **wanted)
    if isinstance(changed, fantan.RulesError) and axis in ("deck", "start_rank", "ace"):
        # (refused, the reason told is what still stands in the way once the opening card has
        # moved along, as it would: Card values with the Spanish deck, not its lack of a 7D)
        reason = None
        for extra in ({}, {"ace": "low"}) if axis == "deck" else ({},):
            wanted = {**wanted, **extra}
            draft = _draft(rules, wanted)
            deck_suits = fantan.deck_for(draft.deck, draft.ace).suits
            suit = (draft.opening_card[-1] if draft.opening_card[-1] in deck_suits
                    else deck_suits[0])
            rank = draft.start_rank if draft.start_rank != "chosen" else rules.opening_card[:-1]
            for along in (wanted, {**wanted, "opening_card": rank + suit}):
                tried = try_rules(rules, **along)
                if not isinstance(tried, fantan.RulesError):
                    return _card_of_deck(tried)
                if reason is None and tried.field not in ("opening_card", axis):
                    reason = tried
        return reason or changed
    return _card_of_deck(changed) if isinstance(changed, fantan.Rules) else changed


def _card_of_deck(rules: fantan.Rules) -> fantan.Rules:
    """The rules with an opening card kept while it opens nothing (under any start card)
    moved into the deck too, where it is not one of its cards: the 7♦ becomes the 7 of oros,
    never a card the deck has not got."""
    deck = fantan.deck_for(rules.deck, rules.ace)
    if deck.find(rules.opening_card) is not None:
        return rules
    moved = try_rules(rules, opening_card=rules.opening_card[:-1] + deck.suits[0])
    return moved if isinstance(moved, fantan.Rules) else rules


def axis_options(cat: Catalog, rules: fantan.Rules, axis: str) -> list[AxisOption]:
    """Every value of one rule axis, each either allowed with the other rules as they are or
    refused with the engine's reason."""
    out = []
    for value in axis_values(rules, axis):
        changed = change(rules, axis, value)
        label = axis_label(cat, rules, axis, value)
        if isinstance(changed, fantan.RulesError):
            why = refusal(cat, changed)
            out.append(AxisOption(value, label, False, why))
        else:
            out.append(AxisOption(value, label, True))
    return out


MATCH_CHOICES: tuple[int | None, ...] = (None, 1, 3, 5, 10)
"""Match lengths offered: the rules' own (None) and a few fixed lengths."""


def match_choices(chosen: int | None) -> tuple[int | None, ...]:
    """The match lengths the new-game screen offers: MATCH_CHOICES, and the one chosen if it
    is another (kept in the settings, or a test link's), so that the screen shows what it
    deals."""
    return MATCH_CHOICES if chosen in MATCH_CHOICES else (*MATCH_CHOICES, chosen)


def with_match(rules: fantan.Rules, match: int | None) -> fantan.Rules:
    """``rules`` with the match length chosen beside them on the new-game screen (None: their
    own), as a game of them is dealt."""
    if match is None:
        return rules
    changed = try_rules(rules, match_hands=match)
    return rules if isinstance(changed, fantan.RulesError) else changed


def own_match_length(rules: fantan.Rules, custom: dict[str, Any] | None) -> fantan.Rules:
    """``rules`` with the match length of the game they are (the preset's, or that of the
    custom rules as kept in the settings), not the one the match-length choice put on them."""
    name = preset_of(rules)
    if name is not None:
        return rules.replace(match_hands=fantan.preset(name).match_hands)
    if custom:
        return rules.replace(match_hands=fantan.Rules.from_dict(custom).match_hands)
    return rules


def game_name(cat: Catalog, rules: fantan.Rules | None) -> str:
    """What the game in play is called beside the title: its rule system's name ("Sevens" for
    the standard game, and before a game is dealt)."""
    name = preset_of(rules) if rules is not None else "fan-tan"
    if name is None:
        return cat.t("setup.custom")
    return cat.t("app.subtitle") if name == "fan-tan" else cat.t(f"preset.{name}")


def title_words(cat: Catalog, rules: fantan.Rules | None) -> tuple[str, str]:
    """The words beside the title in the page's bar, and the document's title: a rule
    system's name that begins with the title ("Fan Tan with chips") adds only the rest."""
    title, name = cat.t("app.title"), game_name(cat, rules)
    if name.startswith(title + " "):
        return name[len(title) + 1:], name
    return name, f"{title} · {name}"


def phone_title(cat: Catalog, rules: fantan.Rules | None) -> str:
    """What a phone's bar keeps of the title beside the rule system's name: "standard" (the
    standard game: the title alone, "Fan Tan", as the new-game list calls it, not "Sevens",
    which another rule system's name begins with), "branded" (a name that goes on from the
    title, "Fan Tan with chips": both) or "" (the name alone)."""
    if rules is None or preset_of(rules) == "fan-tan":
        return "standard"
    words, whole = title_words(cat, rules)
    return "branded" if whole == f"{cat.t('app.title')} {words}" else ""


def preset_of(rules: fantan.Rules) -> str | None:
    """The preset these rules are (ignoring players and match length), or None for custom."""
    return next((name for name in fantan.PRESETS if store.is_preset(rules, name)), None)


def rules_text(cat: Catalog, rules: fantan.Rules, chosen: str | None = None) -> list[str]:
    """The rules page's sentences for a rule set, built from its axes (``chosen``: the start
    rank the first card chose, view.chosen_start)."""
    # (start cards taken from the deck before the deal leave the rest to be dealt; laid out
    # from the hands, they leave their holders short)
    deal = ("rules.deal" if rules.opening != "preplaced" else
            "rules.deal-preplaced-hands" if rules.preplaced_from == "hands" else
            "rules.deal-preplaced")
    lines = [cat.n("rules.players", rules.players), cat.t(deal)]
    if is_spanish(rules):
        lines.append(cat.t("rules.spanish"))
    else:
        lines.append(cat.t(f"rules.ace.{rules.ace}"))
    if rules.start_rank == "chosen":
        lines.append(cat.t("rules.opening.chosen"))
    else:
        lines.append(cat.t("rules.start", rank=rank_label(cat, rules, rules.start_rank)))
        if rules.has_opening_card:
            lines.append(cat.t(f"rules.opening.{rules.opening}",
                               card=card_text(cat, rules, rules.opening_card)))
        else:
            lines.append(cat.t(f"rules.opening.{rules.opening}"))
    if rules.build_order != "ends":
        build = build_words(cat, rules, "rules.build.{}", rules.build_order, chosen)
        if build:  # (none where no neighbour of the start card is put first: a row's end)
            lines.append(build)
    if rules.passing == "limited":
        lines.append(cat.n("rules.passing.limited", rules.pass_limit) if rules.pass_limit
                     else cat.t("rules.passing.none"))
        if rules.pass_limit and rules.has_opening_card:  # (never held back)
            lines.append(cat.t("rules.passing.opening-card",
                               card=card_text(cat, rules, rules.opening_card)))
        if rules.opening == "seek":  # (a pass waiting for the opening card is a pass)
            lines.append(cat.t("rules.passing.seek-counts" if rules.pass_limit
                               else "rules.passing.seek-none",
                               card=card_text(cat, rules, rules.opening_card)))
        elif rules.opening == "any-start" and rules.start_rank != "chosen" and not rules.pass_limit:
            # (no passes: a player to start without a start card drops out, not "passes")
            lines.append(cat.t("rules.passing.any-start-none"))
        if rules.scoring != "placement":  # (placement ranks a player out last, not by cards)
            lines.append(cat.t("rules.out-counts"))
            # (the hand ends at the first player out, or when all the others have dropped out)
            lines.append(cat.t("rules.out-last"))
        else:
            lines.append(cat.t("rules.out-placement"))
    else:
        lines.append(cat.t("rules.passing.forced"))
    if rules.pass_penalty == "card" and rules.opening != "holder":
        # (a pass can come before the first card, under the other openings: no card for it)
        lines.append(cat.t("rules.penalty.card-open"))
    elif rules.pass_penalty != "none":
        lines.append(cat.t(f"rules.penalty.{rules.pass_penalty}"))
    if rules.pass_penalty == "card" and rules.scoring == "placement":
        # (play goes on past the first player out: a seat out of the hand gives no card)
        lines.append(cat.t("rules.penalty.card-out"))
    lines.append(cat.t(f"rules.scoring.{rules.scoring}"))
    idle = rules.idle_fields()  # (a field that changes nothing is not mentioned)
    if rules.pay_per_card and "pay_per_card" not in idle:
        lines.append(cat.t("rules.scoring.pay-per-card"))
    lines.append(cat.n("rules.match", rules.hands_in_match()))
    if rules.winner_leads_next and "winner_leads_next" not in idle:
        lines.append(cat.t("rules.winner-leads"))
    return lines


TIPS = ("gates", "six-eight", "own-cards", "dead-ends", "passes", "race", "count", "values")


def strategy_tips(cat: Catalog, rules: fantan.Rules, chosen: str | None = None) -> list[str]:
    """RULES.md §4's tips that apply to these rules, their examples in the rules' own deck and
    start rank. A start rank the first card chooses is ``chosen`` once played; before that the
    tips take it to be 7, and say so."""
    deck = Deck(rules.deck, rules.ace)
    ranks = deck.ranks
    start_rank = chosen if rules.start_rank == "chosen" else rules.start_rank
    start = ranks.index(start_rank if start_rank in ranks else "7")
    suit = deck.suits[-1]  # (clubs, or bastos)
    # The example of a card that leads to our own: towards the longer end of the row.
    step = 1 if start + 4 < len(ranks) else -1
    run = [ranks[start + k * step] for k in (2, 3, 4)]
    values = {
        "start": rank_label(cat, rules, ranks[start]),
        # (a neighbour at a row's end blocks nothing: no card lies beyond it)
        "below": rank_label(cat, rules, ranks[start - 1]) if start > 1 else "",
        "above": rank_label(cat, rules, ranks[start + 1]) if start + 2 < len(ranks) else "",
        "card": card_text(cat, rules, ranks[start + step] + suit),
        "run": cat.join([card_text(cat, rules, r + suit) for r in run]),
    }
    if rules.has_opening_card:  # (a card held or sought opens the game)
        values["opening"] = card_text(cat, rules, rules.opening_card)
    applies = {
        # (start cards laid down before play: nobody holds one)
        "gates": rules.opening != "preplaced",
        # (a start at or next to a row's end has one neighbour that is a gate; eights first
        # orders the 8 before the 6)
        "six-eight": bool(values["below"] and values["above"]) and rules.build_order == "ends",
        "dead-ends": rules.cards_left_cost,
        # (a pass says something of a hand only where passing is forced)
        "passes": rules.passing == "forced",
        "values": rules.scoring in VALUE_SCORINGS,
    }
    # (with every row open from the start, counting cards means holding back, not opening)
    tips = ["count-preplaced" if t == "count" and rules.opening == "preplaced" else t
            for t in TIPS if applies.get(t, True)]
    if rules.has_opening_card:  # (the opening card is never held back)
        tips = ["gates-opening" if t == "gates" else t for t in tips]
    if not applies["gates"]:  # (the 6s and 8s are gates, not gates "too")
        tips = ["six-eight-alone" if t == "six-eight" else t for t in tips]
    lead = []
    if rules.start_rank == "chosen":
        lead = [cat.t("tip.chosen-known", start=values["start"]) if chosen in ranks
                else cat.t("tip.chosen-start")]
    return lead + [cat.t(f"tip.{t}", **values) for t in tips]


def chosen_start(obs: fantan.Observation) -> str | None:
    """The start rank the first card chose, once played (None before, or if none is chosen)."""
    if obs.rules.start_rank != "chosen" or obs.start is None:
        return None
    return obs.geometry.deck.ranks[obs.start]
