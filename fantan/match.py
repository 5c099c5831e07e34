"""Multi-hand matches: dealer rotation, cumulative totals, the previous winner leading and the
rules' tie-break.

>>> m = new_match(preset("sjueren"), seed=3)
>>> m.hand_number, m.state.dealer, m.totals
(1, 0, (0, 0, 0, 0))
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .game import (
    SAVE_VERSION,
    GameState,
    Result,
    _catch,
    _need,
    _need_header,
    _parse_json,
    game_from_dict,
    new_game,
)
from .rules import Rules, preset

MATCH_FORMAT = "fantan.match"


class Match:
    """A match of ``rules.match_hands`` hands (one per player when None). Immutable."""

    __slots__ = ("rules", "seed", "first_dealer", "state", "_past", "_kept")

    rules: Rules
    seed: int
    first_dealer: int
    state: GameState
    _past: tuple[GameState, ...]
    # The finished hands as saved (deal, moves): they never change, and a match is saved after
    # every move (to_dict)
    _kept: tuple[tuple[list[list[str]], tuple[str, ...]], ...]

    @property
    def results(self) -> tuple[Result, ...]:
        """The results of the hands finished before the current one."""
        return tuple(g.result for g in self._past if g.result is not None)

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand."""
        return len(self._past) + 1

    @property
    def hands(self) -> int:
        """How many hands the match has."""
        return self.rules.hands_in_match()

    @property
    def move_seed(self) -> int:
        """A seed for a computer player's move now (fantan.ai.choose): another for every move,
        hand and match, and the same again in this match reloaded from its save."""
        return self.seed_at(self.state)

    def seed_at(self, state: GameState) -> int:
        """``move_seed`` as it was at ``state``, an earlier position of the current hand (one
        of ``self.state.replayed()``): a past move can be asked about again as it was asked.

        A one-way digest of the deal's seed and the position: the computer player is given
        it with its observation, and from a sum of the seed and the position's numbers it
        could have worked the seed back out, and with it every hand (dealt again from it).
        The digest tells nothing of the seed short of trying every seed, and the page deals
        from seeds below 2**53."""
        where = f"{self.seed}/{self.hand_number}/{len(state.moves)}/{state.to_move or 0}"
        digest = hashlib.sha256(f"fantan move seed/{where}".encode()).digest()
        return int.from_bytes(digest[:4], "big") % 2**31

    def _finished(self) -> tuple[Result, ...]:
        r = self.state.result
        return self.results if r is None else self.results + (r,)

    @property
    def totals(self) -> tuple[int, ...]:
        """Cumulative scores per seat over every finished hand (the current one once over)."""
        n = self.rules.players
        return tuple(sum(r.scores[s] for r in self._finished()) for s in range(n))

    @property
    def is_over(self) -> bool:
        return self.state.is_over and self.hand_number >= self.hands

    @property
    def standings(self) -> tuple[int, ...]:
        """Seats best first: by total, then the last finished hand, then the lower seat."""
        n = self.rules.players
        if not self._finished():
            return tuple(range(n))
        keys = self._standing_keys()
        return tuple(sorted(range(n), key=lambda s: keys[s]))

    def decided_by(self, first: int, second: int) -> str:
        """What puts ``first`` ahead of ``second`` in the standings: "total", or where the
        totals are level the tie-break, "cards-left" or "place" in the last finished hand, else
        "seat" (the lower seat)."""
        if not self._finished():
            return "seat"
        a, b = self._standing_keys()[first], self._standing_keys()[second]
        if a[0] != b[0]:
            return "total"
        if a[1] != b[1]:
            return "place" if self.rules.scoring == "placement" else "cards-left"
        return "seat"

    def _standing_keys(self) -> list[tuple[int, int, int]]:
        """Each seat's sort key in the standings (lower is better): its total (negated where
        higher is better), the last finished hand's tie-break, the seat."""
        n = self.rules.players
        totals = self.totals
        last = self._finished()[-1]
        sign = 1 if self.rules.is_point_scoring else -1
        if self.rules.scoring == "placement":
            tie = [last.ranking.index(s) for s in range(n)]
        else:
            tie = list(last.cards_left)
        return [(sign * totals[s], tie[s], s) for s in range(n)]

    def play(self, move: str) -> Match:
        """A new Match after a move in the current hand."""
        return self._with(self._past, self.state.play(move))

    def next_hand(self) -> Match:
        """A new Match with the next hand dealt; only once this hand is over and the match not."""
        result = self.state.result
        if result is None:
            raise ValueError("the current hand is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        k = self.hand_number + 1
        leader = None
        if self.rules.winner_leads_next and self.rules.opening != "holder":
            leader = result.winner
        state = new_game(
            self.rules,
            self.seed + k - 1,
            dealer=(self.first_dealer + k - 1) % self.rules.players,
            leader=leader,
        )
        return self._with(self._past + (self.state,), state)

    def _with(self, past: tuple[GameState, ...], state: GameState) -> Match:
        m = Match.__new__(Match)
        m.rules = self.rules
        m.seed = self.seed
        m.first_dealer = self.first_dealer
        m._past = past
        m._kept = self._kept + tuple(_kept(g) for g in past[len(self._kept):])
        m.state = state
        return m

    def to_dict(self) -> dict[str, Any]:
        games = [{"deal": [list(cards) for cards in deal], "moves": list(moves)}
                 for deal, moves in (*self._kept, _kept(self.state))]
        return {
            "format": MATCH_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "dealer": self.first_dealer,
            "hands": games,
            "totals": list(self.totals),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(self.to_json())

    def __repr__(self) -> str:
        return f"<Match hand {self.hand_number}/{self.hands}, totals={self.totals}>"


def new_match(rules: Rules | str, seed: int, dealer: int = 0) -> Match:
    """A match whose hand k is dealt with seed ``seed + k - 1`` and dealer ``dealer + k - 1``."""
    if isinstance(rules, str):
        rules = preset(rules)
    if type(seed) is not int or seed < 0:
        raise ValueError("a match needs an int seed of 0 or more")
    m = Match.__new__(Match)
    m.rules = rules
    m.seed = seed
    m.first_dealer = dealer
    m._past = ()
    m._kept = ()
    m.state = new_game(rules, seed, dealer=dealer)
    return m


def _kept(game: GameState) -> tuple[list[list[str]], tuple[str, ...]]:
    """A hand as a match saves it: its deal and its moves."""
    return game.to_dict()["deal"], game.moves


def load_match(text: str | bytes) -> Match:
    """A Match from ``to_json`` text; SaveError for anything that is not a valid match save."""
    data = _parse_json(text)
    return _catch(lambda: match_from_dict(data))


def match_from_dict(data: Any) -> Match:
    _need_header(data, MATCH_FORMAT)
    rules = Rules.from_dict(data["rules"])
    seed, dealer = data["seed"], data["dealer"]
    _need(type(seed) is int and type(dealer) is int, "seed and dealer must be whole numbers")
    _need(seed >= 0, "the seed must be 0 or more")
    _need(0 <= dealer < rules.players, "the dealer is not a seat")
    hands = data["hands"]
    _need(isinstance(hands, list) and 1 <= len(hands) <= rules.hands_in_match(),
          "the match holds a wrong number of hands")
    m = new_match(rules, seed, dealer)
    for i, h in enumerate(hands):
        _need(isinstance(h, dict), "a hand of the match is not an object")
        if i:
            _need(m.state.is_over, f"hand {i} is not finished but another follows")
            m = m.next_hand()
        game = m.state.to_dict()
        game["moves"] = h["moves"]
        del game["to_move"], game["hands"]
        _need(h.get("deal") == game["deal"], f"hand {i + 1}'s deal does not match the match seed")
        state = game_from_dict(game)
        m = m._with(m._past, state)
    if "totals" in data:
        _need(data["totals"] == list(m.totals), "the totals do not match the hands played")
    return m
