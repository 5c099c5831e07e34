"""The public game: an immutable GameState over the bit core, legality with reasons, results,
observations and saves."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from .cards import STRIDE, CardSet
from .core import GIVE, PASS, PLAY, Core, Geometry, chips_paid, geometry
from .rules import Rules, RulesError, preset

SAVE_FORMAT = "fantan.game"
SAVE_VERSION = 1
MAX_SAVE_CHARS = 1_000_000
MAX_JSON_DEPTH = 32
"""Saves nest a few levels deep; text nested deeper is refused before it is parsed (in the
browser, the parser's recursion can overflow the JavaScript stack, which kills the runtime,
before Python's recursion limit is reached)."""
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)
# (a string's closing quote is optional: a quote never closed then skips to the end at once,
# where requiring it would scan to the end from every such quote, in time n squared)

REASONS = (
    "game-over", "bad-move", "must-give", "not-in-hand", "must-open-with", "row-not-open",
    "not-adjacent", "gate-closed", "must-play",
)
"""Every reason code of why_illegal, in the order of precedence."""


class IllegalMove(ValueError):
    """A move that the rules do not allow now; ``reason`` is one of REASONS."""

    def __init__(self, move: object, reason: str, detail: str = "") -> None:
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move!r}: {reason}" + (f" ({detail})" if detail else ""))


class SaveError(ValueError):
    """A save that cannot be loaded: bad, truncated, tampered or from a newer version.

    ``kind`` says which, for a message to the player: "damaged" (not a save's text: not JSON,
    truncated, too large, not our format), "newer" (from a newer version of the game),
    "illegal-move" (a move the rules do not allow) or "invalid" (the rest does not fit
    together: rules, deal, seats, totals)."""

    KINDS = ("damaged", "newer", "illegal-move", "invalid")

    def __init__(self, message: str, kind: str = "invalid") -> None:
        super().__init__(message)
        assert kind in self.KINDS, kind
        self.kind = kind


class Event(NamedTuple):
    """One public step of a hand.

    kind: "preplace" (``cards`` laid out before play), "play" (``card``), "pass" (``cards``: the
    cards the table took at that moment, every row's needs, none of them the passer's under
    forced passing), "eliminated" (``cards``: laid out), "give" (``card`` from ``seat`` to
    ``to``; None where the observer may not see it).
    """

    kind: str
    seat: int
    card: str | None = None
    cards: tuple[str, ...] = ()
    to: int | None = None


class Row(NamedTuple):
    """One suit's row on the table."""

    suit: str
    cards: tuple[str, ...]
    """The unbroken run through the start card, low to high; empty if the row is not open."""
    needs: tuple[str, ...]
    """The cards that may go on this row now: its start card while it is not open; none while
    another card must open the hand first (the 7♦, a sought card) or while a free first card
    has yet to choose the start rank."""
    laid_out: tuple[str, ...]
    """Cards laid out by eliminated players that have not joined the run yet."""
    complete: bool


@dataclass(frozen=True)
class Result:
    """The end of one hand, as RULES.md §2 defines it."""

    winner: int
    ranking: tuple[int, ...]
    cards_left: tuple[int, ...]
    scores: tuple[int, ...]
    passes: tuple[int, ...]
    eliminated: tuple[int, ...]


# --- move text ------------------------------------------------------------------------------

_MOVE_TABLES: dict[tuple[str, str], dict[str, tuple[int, CardSet]]] = {}


def _move_table(g: Geometry) -> dict[str, tuple[int, CardSet]]:
    """Every accepted spelling of a move (upper case) -> its kind and card bit, per deck."""
    key = (g.deck.name, g.deck.ace)
    table = _MOVE_TABLES.get(key)
    if table is None:
        table = {"PASS": (PASS, 0)}
        deck = g.deck
        for card in deck.cards(deck.full):
            code = deck.code(card)
            # "TH" for "10H" is a French spelling only, as in Deck.parse.
            ten = code.startswith("10") and deck.name == "french52"
            spellings = [code] + (["T" + code[2:]] if ten else [])
            for sp in spellings:
                table[sp] = (PLAY, 1 << card)
                table["GIVE:" + sp] = (GIVE, 1 << card)
        _MOVE_TABLES[key] = table
    return table


def _parse_move(g: Geometry, move: object) -> tuple[int, CardSet] | None:
    if not isinstance(move, str):
        return None
    return _move_table(g).get(move.strip().upper())


# --- the state ------------------------------------------------------------------------------

_Node = tuple[Any, tuple[Any, ...]] | None


class GameState:
    """One hand: immutable; ``play`` returns a new state.

    >>> s = new_game(preset("fan-tan"), seed=1)
    >>> s.legal_moves() == ("7D",)
    True
    >>> s2 = s.play("7D")
    >>> s.why_illegal("6D"), s2.why_illegal("AS")
    ('must-open-with', 'row-not-open')
    """

    __slots__ = (
        "_c", "_dealer", "_deal", "_dealt", "_seed", "_leader", "_hist", "_nmoves", "_result",
        "_moves",
    )

    _c: Core
    _dealer: int
    _deal: tuple[CardSet, ...]
    _dealt: tuple[int, ...]
    _seed: int | None
    _leader: int | None
    _hist: _Node
    _nmoves: int
    _result: Result | None
    _moves: tuple[str, ...] | None  # (worked out once, when first asked for: moves)

    # -- public attributes --

    @property
    def rules(self) -> Rules:
        return self._c.g.rules

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def seed(self) -> int | None:
        """The seed of the deal, if it was dealt from one."""
        return self._seed

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; None once the hand is over."""
        return None if self._c.over else self._c.to_move

    @property
    def is_over(self) -> bool:
        return self._c.over

    @property
    def players(self) -> int:
        return self._c.g.n

    def hand(self, seat: int) -> tuple[str, ...]:
        """The cards of a seat: suits in deck order, ranks in row order."""
        return self._c.g.deck.codes(self._c.hands[self._seat(seat)])

    def hand_size(self, seat: int) -> int:
        return self._c.hands[self._seat(seat)].bit_count()

    def _seat(self, seat: int) -> int:
        """``seat``, refused unless it is one of the table's (no counting from the end)."""
        n = self._c.g.n
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}")
        return seat

    @property
    def passes(self) -> tuple[int, ...]:
        return tuple(self._c.passes)

    @property
    def pending_gift(self) -> tuple[int, int] | None:
        """(giver, receiver) while a card gift is due."""
        c = self._c
        return None if c.gift_to < 0 or c.over else (c.to_move, c.gift_to)

    def pass_eliminates(self) -> bool:
        """Whether a pass by the seat to move would eliminate it (limited passing)."""
        c = self._c
        return not c.over and c.gift_to < 0 and c.pass_eliminates(c.to_move)

    @property
    def moves(self) -> tuple[str, ...]:
        """Every move of the hand so far, in order (replayable from the deal)."""
        if self._moves is None:
            self._moves = tuple(m for m in (_move_text(self._c.g, e) for e in self._entries())
                                if m)
        return self._moves

    def replayed(self) -> tuple[tuple[GameState, str], ...]:
        """Every move of the hand so far with the state it was made in, replayed from the deal
        (each state the same as the one the hand passed through: it saves alike)."""
        deck = self._c.g.deck
        state = new_game(self.rules, hands=[list(deck.codes(h)) for h in self._deal],
                         dealer=self._dealer, leader=self._leader)
        state._seed = self._seed
        out = []
        for move in self.moves:
            out.append((state, move))
            state = state.play(move)
        return tuple(out)

    @property
    def history(self) -> tuple[Event, ...]:
        """The full history, gifts shown (what an omniscient referee sees)."""
        return tuple(_event(self._c.g, e, None) for e in self._entries())

    def rows(self) -> tuple[Row, ...]:
        """The table, one Row per suit in deck order."""
        c = self._c
        return _rows(c.g, c.table, c.laid, c.start, c.cells() if c.start is not None else 0)

    # -- legality --

    def legal_moves(self) -> tuple[str, ...]:
        """Card plays in hand order, then "pass", then gives in hand order; () once over."""
        c = self._c
        if c.over:
            return ()
        code = c.g.deck.code
        moves = []
        for kind, bit in c.options():
            if kind == PASS:
                moves.append("pass")
            else:
                card = code(bit.bit_length() - 1)
                moves.append(card if kind == PLAY else "give:" + card)
        return tuple(moves)

    def why_illegal(self, move: object) -> str | None:
        """None if ``move`` is legal now, else its reason code (see REASONS)."""
        return self._check(move)[0]

    def _check(self, move: object) -> tuple[str | None, tuple[int, CardSet]]:
        c = self._c
        g = c.g
        if c.over:
            return "game-over", (0, 0)
        parsed = _parse_move(g, move)
        if parsed is None:
            return "bad-move", (0, 0)
        kind, bit = parsed
        giving = c.gift_to >= 0
        if kind == GIVE and not giving:
            return "bad-move", parsed
        if giving and kind != GIVE:
            return "must-give", parsed
        seat = c.to_move
        if kind != PASS and not c.hands[seat] & bit:
            return "not-in-hand", parsed
        if kind == GIVE:
            return None, parsed
        if kind == PASS:
            return (None if c.can_pass(seat) else "must-play"), parsed
        if c.opening_pending() and bit != g.opening_bit:
            return "must-open-with", parsed
        if c.start is None:
            return None, parsed
        card = bit.bit_length() - 1
        run = g.run(c.table, card // STRIDE, c.start)
        if run is None:
            return (None if card % STRIDE == c.start else "row-not-open"), parsed
        pos = card % STRIDE
        if pos != run[0] - 1 and pos != run[1] + 1:
            return "not-adjacent", parsed
        if not c.targets & bit:
            return "gate-closed", parsed
        return None, parsed

    def explain(self, move: object) -> dict[str, Any] | None:
        """None if legal, else the reason with the facts a message needs (row ends and so on)."""
        reason, (kind, bit) = self._check(move)
        if reason is None:
            return None
        info: dict[str, Any] = {"reason": reason, "move": move}
        c = self._c
        g = c.g
        if kind == PLAY and bit:
            card = bit.bit_length() - 1
            suit = card // STRIDE
            info["card"] = g.deck.code(card)
            info["suit"] = g.deck.suits[suit]
            run = g.run(c.table, suit, c.start)
            if run is not None:
                info["low"] = g.deck.code(suit * STRIDE + run[0])
                info["high"] = g.deck.code(suit * STRIDE + run[1])
            if c.start is not None:
                info["start"] = g.deck.code(suit * STRIDE + c.start)
            info["needs"] = [g.deck.code(x) for x in g.deck.cards(c.targets & g.suit_masks[suit])]
        if reason == "must-open-with":
            info["opening_card"] = g.rules.opening_card
        return info

    # -- moving --

    def play(self, move: str) -> GameState:
        """A new state after ``move``; IllegalMove (with ``.reason``) if it is not legal."""
        reason, (kind, bit) = self._check(move)
        if reason is not None:
            raise IllegalMove(move, reason)
        c = self._c.copy()
        seat = c.to_move
        entry: tuple[Any, ...]
        if kind == PLAY:
            c.play_card(bit)
            entry = ("play", seat, bit)
        elif kind == PASS:
            cells = c.cells()
            if c.do_pass():
                entry = ("eliminated", seat, c.elim_cards[seat], cells)
            else:
                entry = ("pass", seat, cells)
        else:
            receiver = c.gift_to
            c.give(bit)
            entry = ("give", seat, bit, receiver)
        return self._derive(c, entry)

    def _derive(self, c: Core, entry: tuple[Any, ...]) -> GameState:
        s = GameState.__new__(GameState)
        s._c = c
        s._dealer = self._dealer
        s._deal = self._deal
        s._dealt = self._dealt
        s._seed = self._seed
        s._leader = self._leader
        s._hist = (self._hist, entry)
        s._nmoves = self._nmoves + 1
        s._result = None
        s._moves = None
        return s

    def _entries(self) -> list[tuple[Any, ...]]:
        out = []
        node = self._hist
        while node is not None:
            node, entry = node
            out.append(entry)
        out.reverse()
        return out

    # -- the end --

    @property
    def result(self) -> Result | None:
        """None while the hand runs; then winner, ranking, cards_left and scores."""
        if not self._c.over:
            return None
        if self._result is None:
            self._result = _result(self._c, self._dealt)
        return self._result

    @property
    def settled_winner(self) -> int | None:
        """The hand's winner as soon as it is settled: once a seat is out (the first out wins),
        even while the others play on for their places; None until then."""
        c = self._c
        return c.winner() if c.out or c.over else None

    # -- what one seat may know --

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing more."""
        c = self._c
        self._seat(seat)
        events = tuple(_event(c.g, e, seat) for e in self._entries())
        return Observation(
            seat=seat,
            rules=c.g.rules,
            dealer=self._dealer,
            to_move=self.to_move,
            hand_mask=c.hands[seat],
            table_mask=c.table,
            laid_mask=c.laid,
            start=c.start,
            hand_sizes=tuple(h.bit_count() for h in c.hands),
            dealt=self._dealt,
            passes=tuple(c.passes),
            history=events,
            out=tuple(c.out),
            eliminated=tuple(c.elim),
            gift=self.pending_gift,
            legal_moves=self.legal_moves() if self.to_move == seat else (),
        )

    # -- saving --

    def to_dict(self) -> dict[str, Any]:
        """The save as plain data: the deal and the moves, with the current hands as a check."""
        c = self._c
        deck = c.g.deck
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": c.g.rules.to_dict(),
            "seed": self._seed,
            "dealer": self._dealer,
            "leader": self._leader,
            "deal": [list(deck.codes(h)) for h in self._deal],
            "moves": list(self.moves),
            "to_move": self.to_move,
            "hands": [list(deck.codes(h)) for h in c.hands],
        }

    def to_json(self) -> str:
        """The save as JSON text; ``fantan.load`` reads it back."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def _key(self) -> tuple[Any, ...]:
        return (self.rules, self._dealer, self._leader, self._deal, self.moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        where = "over" if self._c.over else f"to_move={self._c.to_move}"
        return f"<GameState {self._nmoves} moves, {where}>"


# --- new games ------------------------------------------------------------------------------


def shuffled(cards: Sequence[int], seed: int) -> list[int]:
    """A Fisher-Yates shuffle driven only by ``random.Random(seed).random()``, the one stream
    Python keeps stable across versions, so a seed deals the same cards everywhere."""
    rng = random.Random(seed)
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def deal_sizes(n: int, count: int, dealer: int) -> list[int]:
    """Cards per seat when ``count`` cards are dealt one at a time from the dealer's left."""
    sizes = [count // n] * n
    for k in range(count % n):
        sizes[(dealer + 1 + k) % n] += 1
    return sizes


def new_game(
    rules: Rules | str,
    seed: int | None = None,
    *,
    hands: Sequence[Iterable[str]] | None = None,
    dealer: int = 0,
    leader: int | None = None,
) -> GameState:
    """A new hand, dealt from ``seed`` or given as ``hands`` (one list of codes per seat)."""
    if isinstance(rules, str):
        rules = preset(rules)
    if not isinstance(rules, Rules):
        raise TypeError("rules must be a fantan.Rules or a preset name")
    g = geometry(rules)
    n = g.n
    if type(dealer) is not int or not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat 0..{n - 1}")
    deck = g.deck
    preplace_deck = rules.opening == "preplaced" and rules.preplaced_from == "deck"
    pool = [x for x in deck.natural_order if not (preplace_deck and (1 << x) & g.start_cards)]
    sizes = deal_sizes(n, len(pool), dealer)
    if hands is not None and seed is not None:
        raise ValueError("new_game takes a seed or explicit hands, not both")
    if hands is None:
        if seed is None or type(seed) is not int or seed < 0:
            # (Python seeds -n as n: a negative seed would only repeat a deal.)
            raise ValueError("new_game needs an int seed of 0 or more, or explicit hands")
        order = shuffled(pool, seed)
        masks = [0] * n
        for k, card in enumerate(order):
            masks[(dealer + 1 + k) % n] |= 1 << card
    else:
        masks = _check_hands(g, hands, pool, sizes)
    if leader is not None:
        if rules.opening == "holder":
            raise ValueError("under opening 'holder' the opening card's holder always leads")
        if not rules.winner_leads_next:
            raise ValueError("a leader is for rules where the last hand's winner leads the next "
                             "(winner_leads_next); under these the seat left of the dealer does")
        if type(leader) is not int or not 0 <= leader < n:
            raise ValueError(f"leader must be a seat 0..{n - 1}")
    dealt = tuple(m.bit_count() for m in masks)
    deal = tuple(masks)
    table = g.start_cards if rules.opening == "preplaced" else 0
    hist: _Node = None
    if rules.opening == "preplaced" and rules.preplaced_from == "hands":
        for k in range(n):
            seat = (dealer + 1 + k) % n
            laid = masks[seat] & g.start_cards
            if laid:
                masks[seat] ^= laid
                hist = (hist, ("preplace", seat, laid))
    if rules.opening == "holder":
        first = next(s for s in range(n) if masks[s] & g.opening_bit)
    else:
        first = (dealer + 1) % n if leader is None else leader
    c = Core.deal(g, masks, table, first)
    s = GameState.__new__(GameState)
    s._c = c
    s._dealer = dealer
    s._deal = deal
    s._dealt = dealt
    s._seed = seed
    s._leader = leader
    s._hist = hist
    s._nmoves = 0
    s._result = None
    s._moves = None
    return s


def _check_hands(
    g: Geometry, hands: Sequence[Iterable[str]], pool: list[int], sizes: list[int]
) -> list[CardSet]:
    if not isinstance(hands, Sequence) or isinstance(hands, (str, bytes)) or len(hands) != g.n:
        raise ValueError(f"hands must be {g.n} lists of card codes, one per seat")
    masks = []
    seen = 0
    for seat, h in enumerate(hands):
        if not isinstance(h, Iterable) or isinstance(h, (str, bytes)):
            raise ValueError(f"hand {seat} must be a list of card codes")
        m = 0
        for code in h:
            if not isinstance(code, str):
                raise ValueError(f"hand {seat} holds {code!r}, not a card code")
            card = g.deck.parse(code)
            if (seen | m) >> card & 1:
                raise ValueError(f"{g.deck.code(card)} is dealt twice")
            m |= 1 << card
        seen |= m
        masks.append(m)
    expected = sum(1 << x for x in pool)
    if seen != expected:
        missing = g.deck.codes(expected & ~seen)
        extra = g.deck.codes(seen & ~expected)
        parts = []
        if missing:
            parts.append("missing " + " ".join(missing))
        if extra:
            parts.append("not to be dealt " + " ".join(extra))
        raise ValueError("the deal must hold every card exactly once: " + "; ".join(parts))
    got = [m.bit_count() for m in masks]
    if got != sizes:
        raise ValueError(f"hand sizes {got} do not match the deal from this dealer: {sizes}")
    return masks


# --- derived views --------------------------------------------------------------------------


def _rows(
    g: Geometry, table: CardSet, laid: CardSet, start: int | None, targets: CardSet
) -> tuple[Row, ...]:
    deck = g.deck
    rows = []
    for s, suit in enumerate(deck.suits):
        sm = g.suit_masks[s]
        run = g.run(table, s, start)
        if run is None:
            cards: tuple[str, ...] = ()
            runmask = 0
        else:
            cards = tuple(deck.code(s * STRIDE + p) for p in range(run[0], run[1] + 1))
            runmask = sum(1 << (s * STRIDE + p) for p in range(run[0], run[1] + 1))
        needs = deck.codes(targets & sm)
        rows.append(Row(suit, cards, needs, deck.codes(table & sm & ~runmask),
                        len(cards) == g.n_ranks))
    return tuple(rows)


def _move_text(g: Geometry, e: tuple[Any, ...]) -> str | None:
    kind = e[0]
    if kind == "play":
        return g.deck.code(e[2].bit_length() - 1)
    if kind in ("pass", "eliminated"):
        return "pass"
    if kind == "give":
        return "give:" + g.deck.code(e[2].bit_length() - 1)
    return None


def _event(g: Geometry, e: tuple[Any, ...], viewer: int | None) -> Event:
    deck = g.deck
    kind, seat = e[0], e[1]
    if kind == "play":
        return Event("play", seat, card=deck.code(e[2].bit_length() - 1))
    if kind in ("pass", "eliminated", "preplace"):
        return Event(kind, seat, cards=deck.codes(e[2]))
    # give
    visible = viewer is None or viewer in (seat, e[3])
    return Event("give", seat, card=deck.code(e[2].bit_length() - 1) if visible else None,
                 to=e[3])


def _result(c: Core, dealt: tuple[int, ...]) -> Result:
    scores = c.scores(dealt)
    return Result(c.winner(), c.ranking(scores), c.cards_left(), scores, tuple(c.passes),
                  tuple(c.elim))


# --- observations ---------------------------------------------------------------------------


class Observation:
    """What one seat may know: its own hand and everything public, nothing else.

    Built from plain values only; it holds no reference to the GameState it came from.
    """

    __slots__ = (
        "seat", "rules", "dealer", "to_move", "hand_mask", "table_mask", "laid_mask", "start",
        "hand_sizes", "dealt", "passes", "history", "out", "eliminated", "gift", "legal_moves",
    )

    def __init__(
        self, *, seat: int, rules: Rules, dealer: int, to_move: int | None, hand_mask: CardSet,
        table_mask: CardSet, laid_mask: CardSet, start: int | None, hand_sizes: tuple[int, ...],
        dealt: tuple[int, ...], passes: tuple[int, ...], history: tuple[Event, ...],
        out: tuple[int, ...], eliminated: tuple[int, ...], gift: tuple[int, int] | None,
        legal_moves: tuple[str, ...],
    ) -> None:
        self.seat = seat
        self.rules = rules
        self.dealer = dealer
        self.to_move = to_move
        self.hand_mask = hand_mask
        self.table_mask = table_mask
        self.laid_mask = laid_mask
        self.start = start
        self.hand_sizes = hand_sizes
        self.dealt = dealt
        self.passes = passes
        self.history = history
        self.out = out
        self.eliminated = eliminated
        self.gift = gift
        self.legal_moves = legal_moves

    @property
    def geometry(self) -> Geometry:
        return geometry(self.rules)

    @property
    def hand(self) -> tuple[str, ...]:
        return self.geometry.deck.codes(self.hand_mask)

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    @property
    def targets(self) -> CardSet:
        """The cells open on the table (ignoring a pending opening card)."""
        return self.geometry.targets(self.table_mask, self.start)

    @property
    def fitting(self) -> tuple[str, ...]:
        """The observer's cards that the table takes as it is now, whoever is to move: on the
        observer's turn the cards it may play (a gift due aside), between its turns those it
        could play if the turn came round to it with the table unchanged (none once the hand is
        over)."""
        if self.is_over:
            return ()
        g = self.geometry
        return g.deck.codes(self.hand_mask & g.cells(self.table_mask, self.targets))

    def rows(self) -> tuple[Row, ...]:
        """The table, one Row per suit in deck order (as GameState.rows)."""
        g = self.geometry
        t = g.cells(self.table_mask, self.targets) if self.start is not None else 0
        return _rows(g, self.table_mask, self.laid_mask, self.start, t)

    @property
    def chips(self) -> tuple[int, ...]:
        """Chips each seat has paid into the pot so far (chips scoring; else zeros)."""
        return chips_paid(self.rules, self.dealt, self.passes)

    @property
    def points(self) -> tuple[int, ...]:
        """Penalty points from passes so far (point penalty; else zeros)."""
        if self.rules.pass_penalty != "point":
            return (0,) * len(self.passes)
        return self.passes

    @property
    def places(self) -> tuple[int | None, ...]:
        """Under placement scoring, each seat's finishing place (1: the first out); once the
        hand is over, the one seat left in holds the next place. None for a seat still
        playing or eliminated, and for every seat under the other scorings."""
        n = len(self.hand_sizes)
        if self.rules.scoring != "placement":
            return (None,) * n
        place: dict[int, int] = {s: i + 1 for i, s in enumerate(self.out)}
        if self.is_over:
            for s in range(n):
                if s not in place and s not in self.eliminated:
                    place[s] = len(self.out) + 1
        return tuple(place.get(s) for s in range(n))

    @property
    def passes_left(self) -> tuple[int | None, ...]:
        """Passes each seat may still make under limited passing (while it may, it passes even
        when a card fits); None for every seat where passing is forced."""
        if self.rules.passing != "limited":
            return (None,) * len(self.passes)
        return tuple(max(self.rules.pass_limit - p, 0) for p in self.passes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data (card codes as strings), for a web worker."""
        deck = self.geometry.deck
        return {
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand": list(deck.codes(self.hand_mask)),
            "table": list(deck.codes(self.table_mask)),
            "laid_out": list(deck.codes(self.laid_mask)),
            "start": None if self.start is None else deck.ranks[self.start],
            "hand_sizes": list(self.hand_sizes),
            "dealt": list(self.dealt),
            "passes": list(self.passes),
            "history": [
                {"kind": e.kind, "seat": e.seat, "card": e.card, "cards": list(e.cards),
                 "to": e.to}
                for e in self.history
            ],
            "out": list(self.out),
            "eliminated": list(self.eliminated),
            "gift": None if self.gift is None else list(self.gift),
            "legal_moves": list(self.legal_moves),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Observation:
        """An Observation from ``to_dict`` data; ValueError if it does not fit together (its
        seats, its counts per seat, its hand and table, its moves)."""
        try:
            rules = Rules.from_dict(d["rules"])
            deck = geometry(rules).deck
            start = d["start"]
            gift = d["gift"]
            obs = cls(
                seat=_whole(d["seat"]),
                rules=rules,
                dealer=_whole(d["dealer"]),
                to_move=None if d["to_move"] is None else _whole(d["to_move"]),
                hand_mask=deck.mask(d["hand"]),
                table_mask=deck.mask(d["table"]),
                laid_mask=deck.mask(d["laid_out"]),
                start=None if start is None else deck.rank_pos(start),
                hand_sizes=tuple(_whole(x) for x in d["hand_sizes"]),
                dealt=tuple(_whole(x) for x in d["dealt"]),
                passes=tuple(_whole(x) for x in d["passes"]),
                history=tuple(
                    Event(e["kind"], _whole(e["seat"]), e.get("card"),
                          tuple(e.get("cards", ())),
                          None if e.get("to") is None else _whole(e["to"]))
                    for e in d["history"]
                ),
                out=tuple(_whole(x) for x in d["out"]),
                eliminated=tuple(_whole(x) for x in d["eliminated"]),
                gift=None if gift is None else (_whole(gift[0]), _whole(gift[1])),
                legal_moves=tuple(str(m) for m in d["legal_moves"]),
            )
        except (KeyError, TypeError, IndexError, AttributeError) as e:
            raise ValueError(f"not an observation: {e!r}") from None
        obs._check()
        return obs

    def _check(self) -> None:
        """ValueError naming the first thing that does not fit together."""
        g = self.geometry
        n = g.n

        def wrong(what: str) -> ValueError:
            return ValueError(f"not an observation: {what} does not fit the rest")
        seats = [self.seat, self.dealer, *self.out, *self.eliminated, *(self.gift or ()),
                 *(e.seat for e in self.history),
                 *(e.to for e in self.history if e.to is not None)]
        if self.to_move is not None:
            seats.append(self.to_move)
        if not all(0 <= s < n for s in seats) or self.gift and self.gift[0] == self.gift[1]:
            raise wrong("a seat")
        counts = (self.hand_sizes, self.dealt, self.passes)
        if any(len(x) != n or min(x) < 0 for x in counts):
            raise wrong("a count per seat")
        # (a seat out of the hand, gone out or eliminated, once, holds no card and has no turn;
        # one that held cards would be waited for by a play-out for ever)
        gone = [*self.out, *self.eliminated]
        if (len(set(gone)) != len(gone) or any(self.hand_sizes[s] for s in gone)
                or self.to_move in gone):
            raise wrong("a seat out of the hand")
        if (self.hand_mask & self.table_mask
                or self.hand_sizes[self.seat] != self.hand_mask.bit_count()):
            raise wrong("the hand")
        # (every card is in a hand or on the table, the cards laid out among the latter)
        if (sum(self.hand_sizes) + self.table_mask.bit_count() != g.deck.full.bit_count()
                or self.laid_mask & ~self.table_mask):
            raise wrong("the table")
        # (each seat's cards: those dealt, less those it played, gave or laid out, and with
        # those given to it; a history that does not add up leaves cards in no hand)
        left = list(self.dealt)
        for e in self.history:
            # (a card played or laid out is on the table)
            shown = [e.card] if e.kind == "play" else e.cards if e.kind != "pass" else ()
            cards = [g.deck.find(c) for c in shown]
            if any(c is None or not self.table_mask >> c & 1 for c in cards):
                raise wrong("the history")
            if e.kind in ("play", "give"):
                left[e.seat] -= 1
            elif e.kind in ("preplace", "eliminated"):
                left[e.seat] -= len(e.cards)
            if e.kind == "give":
                if e.to is None:
                    raise wrong("a gift")
                left[e.to] += 1
        if left != list(self.hand_sizes):
            raise wrong("the history")
        for m in self.legal_moves:
            pm = _parse_move(g, m)
            if pm is None or pm[1] and not pm[1] & self.hand_mask:
                raise wrong(f"the move {m!r}")

    def __repr__(self) -> str:
        return f"<Observation seat={self.seat} to_move={self.to_move} hand={self.hand}>"


def _whole(value: object) -> int:
    """A whole number read from data (an int, not a bool, a float or a text of digits)."""
    if type(value) is not int:
        raise TypeError(f"{value!r} is not a whole number")
    return value


# --- loading --------------------------------------------------------------------------------


def load(text: str | bytes) -> GameState:
    """A GameState from ``to_json`` text; SaveError for anything that is not a valid save."""
    data = _parse_json(text)
    state: GameState = _catch(lambda: game_from_dict(data))
    return state


def json_depth(text: str) -> int:
    """How deep JSON text nests its arrays and objects (strings skipped; not validated).

    >>> json_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    for token in _JSON_TOKEN.finditer(text):
        mark = token.group()
        if mark in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif mark in "]}":
            depth -= 1
    return deepest


def loads(text: str) -> Any:
    """``json.loads``, but ValueError for text longer than MAX_SAVE_CHARS or nested deeper
    than MAX_JSON_DEPTH."""
    if len(text) > MAX_SAVE_CHARS:
        raise ValueError("JSON text longer than any save")
    if json_depth(text) > MAX_JSON_DEPTH:
        raise ValueError("JSON nested deeper than any save")
    return json.loads(text)


def _parse_json(text: object) -> Any:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SaveError("the save is not UTF-8 text", "damaged") from None
    if not isinstance(text, str):
        raise SaveError("a save must be JSON text", "damaged")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError("the save is too large to be a Fan Tan save", "damaged")
    try:
        return loads(text)
    except (ValueError, RecursionError):
        raise SaveError("the save is not valid JSON (truncated, damaged or not a save)",
                        "damaged") from None


T = TypeVar("T")


def _catch(fn: Callable[[], T]) -> T:
    """``fn()``, any failure of it a SaveError (an illegal move, invalid rules, or data that
    does not fit together)."""
    try:
        return fn()
    except SaveError:
        raise
    except IllegalMove as e:
        raise SaveError(f"the save holds an illegal move: {e}", "illegal-move") from None
    except RulesError as e:
        raise SaveError(f"the save's rules are not valid: {e}") from None
    except Exception as e:  # any other failure means the data does not fit together
        raise SaveError(f"the save does not fit together: {e}") from None


def _need(cond: bool, message: str, kind: str = "invalid") -> None:
    if not cond:
        raise SaveError(message, kind)


def _need_header(data: Any, fmt: str) -> None:
    """A save's object, format and version (a game's or a match's), each failure its kind."""
    _need(isinstance(data, dict), "the save is not a JSON object", "damaged")
    _need(data.get("format") == fmt, f"this is not a {fmt} save", "damaged")
    version = data.get("version")
    _need(type(version) is int, "the save has no version number", "damaged")
    _need(version <= SAVE_VERSION, f"the save is from a newer version ({version}) of the game",
          "newer")
    _need(version == SAVE_VERSION, f"save version {version} is not supported")


def game_from_dict(data: Any, fmt: str = SAVE_FORMAT) -> GameState:
    """A GameState from ``to_dict`` data, replaying every move; SaveError on any mismatch."""
    _need_header(data, fmt)
    rules = Rules.from_dict(data["rules"])
    seed, dealer, leader = data.get("seed"), data["dealer"], data.get("leader")
    _need(seed is None or type(seed) is int and seed >= 0,
          "the seed must be a whole number of 0 or more")
    deal = data["deal"]
    _need(isinstance(deal, list) and all(isinstance(h, list) for h in deal),
          "the deal must be a list of hands")
    _need(all(isinstance(c, str) for h in deal for c in h), "card codes must be text")
    try:
        state = new_game(rules, hands=deal, dealer=dealer, leader=leader)
    except ValueError as e:
        raise SaveError(f"the save's deal is not valid: {e}") from None
    if seed is not None:
        _need(new_game(rules, seed, dealer=dealer, leader=leader)._deal == state._deal,
              "the deal does not match its seed")
        state._seed = seed
    moves = data["moves"]
    _need(isinstance(moves, list), "the moves must be a list")
    for i, m in enumerate(moves):
        _need(isinstance(m, str), f"move {i + 1} is not text")
        reason = state.why_illegal(m)
        _need(reason is None, f"move {i + 1} ({m!r}) is illegal there: {reason}", "illegal-move")
        state = state.play(m)
    if "to_move" in data:
        _need(data["to_move"] == state.to_move, "the turn does not match the moves")
    if "hands" in data:
        deck = state._c.g.deck
        _need(data["hands"] == [list(deck.codes(h)) for h in state._c.hands],
              "the hands do not match the deal and the moves")
    return state
