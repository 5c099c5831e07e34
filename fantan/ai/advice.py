"""Why a move is good: the argument for a hint, in facts a player can check on the table.

The computer players choose by weighing several things at once (heuristic.card_score) or by
playing the hand out (search), and neither leaves a sentence behind. ``advise`` looks at the
move chosen and the other moves the seat had, from the same observation the player had, and
names the first of these arguments that holds for it:

- ``only``: the only move there is (the only card that fits, or to give);
- ``own``: it leads towards cards of our own (``cards``, nearest first);
- ``free``: it leads towards no card the others may hold;
- ``block``: of the cards that fit, it leads towards the fewest the others may hold, while
  ``seat`` is nearly out (two cards or fewer);
- ``least``: of the cards that fit, it leads towards the fewest the others may hold;
- ``costly``: under card values, it would cost ``points`` kept, more than another card that
  fits (the dearest, or one that helps the others less than the dearest), or than another
  card to give;
- ``even``: every card that fits leads towards as many cards the others may hold, and none
  towards ours (any of them does about as well, as far as these facts go);
- ``near``: a first card that sets the start rank, the one our hand lies closest around
  (heuristic.opening_score);
- ``hold``: a pass where passing is a choice, each card that fits leading towards the others;
- ``far``: a card to give that is the farthest of our hand from being played (else, under card
  values, ``costly``);
- ``search``: none of the above, for a player that played the hand out (Hard); where the
  search is known (fantan.ai.hint), how many ``worlds`` it played out and, where the move did
  best of all by a margin, the next best move (``rival``) and the margin (``gain``, a hand's
  mean result under the rules' scoring);
- ``plain``: none of the above.

A fact here is about the observing seat's own hand and the table, never another seat's hidden
cards: the others' cards are only those not ours and not down.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import STRIDE, bits
from ..game import Observation
from ..rules import VALUE_SCORINGS
from .heuristic import NEARLY_OUT, distance_to_play, opening_score, unseen_beyond

KINDS = ("only", "own", "free", "block", "least", "costly", "even", "near", "hold", "far",
         "search", "plain")


@dataclass(frozen=True)
class Advice:
    """The argument for a move: ``kind`` (one of KINDS) and what it speaks of."""

    move: str
    kind: str
    cards: tuple[str, ...] = ()  # our own cards the move leads towards, nearest first
    seat: int | None = None      # the opponent nearly out
    points: int = 0              # what the card would cost, kept
    worlds: int = 0              # the deals a search played out
    rival: str | None = None     # the search's next best move
    gain: float = 0.0            # how much better than the rival the move did, on average

    def to_dict(self) -> dict[str, object]:
        return {"move": self.move, "kind": self.kind, "cards": list(self.cards),
                "seat": self.seat, "points": self.points, "worlds": self.worlds,
                "rival": self.rival, "gain": self.gain}


def advise(obs: Observation, move: str, searched: bool = False) -> Advice:
    """The argument for ``move``, a legal move of the observing seat; ``searched`` says that
    the move came from a player that plays hands out (Hard), whose choice may rest on no single
    argument."""
    if obs.to_move != obs.seat or move not in obs.legal_moves:
        raise ValueError(f"{move!r} is not a move the observing seat may make now")
    g = obs.geometry
    deck = g.deck
    fallback = Advice(move, "search" if searched else "plain")
    if move.startswith("give:"):
        gifts = [deck.parse(m[5:]) for m in obs.legal_moves]
        if len(gifts) == 1:
            return Advice(move, "only")
        card = deck.parse(move[5:])
        far = {c: distance_to_play(g, obs.start, obs.table_mask, c) for c in gifts}
        if far[card] >= max(far.values()):
            return Advice(move, "far")
        return _costly(obs, move, card, gifts) or fallback
    cards = [deck.parse(m) for m in obs.legal_moves if m != "pass"]
    if move == "pass":
        if not cards:
            return Advice(move, "only")
        return Advice(move, "hold") if all(_theirs(obs, c) for c in cards) else fallback
    card = deck.parse(move)
    if len(cards) == 1 and "pass" not in obs.legal_moves:
        return Advice(move, "only")
    start = _start(obs, cards)
    if start is None:
        score = {c: opening_score(obs, c) for c in cards}
        return Advice(move, "near") if score[card] >= max(score.values()) else fallback
    beyond = g.beyond(start)[1 << card]
    mine = beyond & obs.hand_mask
    if mine:
        pos = card % STRIDE
        near = sorted(bits(mine), key=lambda c: abs(c % STRIDE - pos))
        return Advice(move, "own", cards=tuple(deck.code(c) for c in near))
    theirs = {c: _theirs(obs, c) for c in cards}
    if not theirs[card]:
        return Advice(move, "free")
    others = [n for c, n in theirs.items() if c != card]
    if others and theirs[card] <= min(others) and theirs[card] < max(others):
        threat = _nearly_out(obs)
        if threat is not None:
            return Advice(move, "block", seat=threat)
        return Advice(move, "least")
    costly = _costly(obs, move, card, cards)
    if costly is not None:
        return costly
    if not searched and len(set(theirs.values())) == 1 and not any(
            g.beyond(start)[1 << c] & obs.hand_mask for c in cards):
        return Advice(move, "even")
    return fallback


def _costly(obs: Observation, move: str, card: int, cards: list[int]) -> Advice | None:
    """Under card values, what ``card`` would cost kept, where another of ``cards`` costs
    less."""
    if obs.rules.scoring not in VALUE_SCORINGS:
        return None
    values = obs.geometry.values
    if values[card] > min(values[c] for c in cards):
        return Advice(move, "costly", points=values[card])
    return None


def _start(obs: Observation, cards: list[int]) -> int | None:
    """The start rank's row position; before it is set, the one every card that fits would
    set (a 7 of any suit under "any 7 opens"), or None where the first card chooses it."""
    if obs.start is not None:
        return obs.start
    ranks = {c % STRIDE for c in cards}
    return ranks.pop() if len(ranks) == 1 else None


def _theirs(obs: Observation, card: int) -> int:
    """unseen_beyond, the start rank being the card's own where none is set yet."""
    return unseen_beyond(obs, card, obs.start if obs.start is not None else card % STRIDE)


def _nearly_out(obs: Observation) -> int | None:
    """The opponent nearest to going out, if one is nearly out; the next to play of equals."""
    n = obs.geometry.n
    order = [(obs.seat + k) % n for k in range(1, n)]
    active = [s for s in order if s not in obs.out and s not in obs.eliminated]
    if not active:
        return None
    seat = min(active, key=lambda s: obs.hand_sizes[s])
    return seat if obs.hand_sizes[seat] <= NEARLY_OUT else None


__all__ = ["KINDS", "NEARLY_OUT", "Advice", "advise"]
