"""The argument for a hint (fantan.ai.advise): every kind it names holds on the table, and each
kind is met in real play."""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterable, Iterator

import pytest

import fantan
from fantan import __main__ as cli
from fantan import ai
from fantan.ai import advice, heuristic, search
from fantan.cards import STRIDE, bits


def _beyond(obs: fantan.Observation, card: int, start: int, mask: int) -> int:
    """How many cards of ``mask`` lie further out in ``card``'s row than ``card``."""
    suit, pos = divmod(card, STRIDE)
    count = 0
    for c in bits(obs.geometry.suit_masks[suit] & mask):
        p = c % STRIDE
        if (p > pos if pos > start else p < pos if pos < start else p != pos):
            count += 1
    return count


def _unseen_beyond(obs: fantan.Observation, card: int, start: int) -> int:
    """How many cards the others may hold further out in ``card``'s row than ``card``."""
    return _beyond(obs, card, start, ~obs.hand_mask & ~obs.table_mask)


def _decisions(seeds: int) -> Iterator[tuple[fantan.Observation, str, bool]]:
    """Every choice of every seat in Medium's games of every preset (and, now and then, a
    random move instead of Medium's, for moves Medium would not make), and whether it is
    Medium's."""
    for name in fantan.PRESETS:
        for seed in range(seeds):
            state = fantan.new_game(fantan.preset(name), seed=seed)
            rnd = random.Random(seed)
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                obs = state.observation(seat)
                move = mediums = ai.choose("medium", obs, seed=seed)
                if rnd.random() < 0.2:
                    move = rnd.choice(obs.legal_moves)
                if len(obs.legal_moves) > 1 or move != "pass":
                    yield obs, move, move == mediums
                state = state.play(move)


def _check(obs: fantan.Observation, a: advice.Advice) -> None:
    """The facts each kind claims, measured afresh on the observation."""
    g = obs.geometry
    deck = g.deck
    moves = obs.legal_moves
    cards = [deck.parse(m) for m in moves if m != "pass" and not m.startswith("give:")]
    if a.kind == "only":
        assert len(moves) == 1 or (len(cards) == 1 and "pass" not in moves), moves
        return
    if a.move.startswith("give:"):
        assert a.kind in ("far", "costly", "plain", "search")
        gift = deck.parse(a.move[5:])
        if a.kind == "costly":
            assert obs.rules.scoring in ("face-value", "ruter7-values")
            assert a.points == g.values[gift] > min(g.values[deck.parse(m[5:])] for m in moves)
        if a.kind == "far":
            # (no other card of ours lies closer to its row's end, or its start card)
            gifts = [deck.parse(m[5:]) for m in moves]
            far = {c: heuristic.distance_to_play(g, obs.start, obs.table_mask, c) for c in gifts}
            assert far[deck.parse(a.move[5:])] == max(far.values())
        return
    if a.move == "pass":
        assert a.kind in ("hold", "plain", "search")
        if a.kind == "hold":
            assert cards and all(_unseen_beyond(obs, c, obs.start if obs.start is not None
                                                else c % STRIDE) for c in cards)
        return
    card = deck.parse(a.move)
    ranks = {c % STRIDE for c in cards}
    start = obs.start if obs.start is not None else (ranks.pop() if len(ranks) == 1 else None)
    if a.kind == "near":
        assert start is None
        return
    assert start is not None
    theirs = {c: _unseen_beyond(obs, c, start) for c in cards}
    if a.kind != "own":
        assert _beyond(obs, card, start, obs.hand_mask) == 0
    if a.kind == "own":
        named = [deck.parse(c) for c in a.cards]
        assert named and all(obs.hand_mask >> c & 1 for c in named)
        assert all(c // STRIDE == card // STRIDE for c in named)
        pos = card % STRIDE
        steps = [c % STRIDE - pos for c in named]
        if pos != start:  # (out from the start card, on the side the card lies)
            assert all((s > 0) == (pos > start) and s for s in steps)
        assert [abs(s) for s in steps] == sorted(abs(s) for s in steps)
        return
    assert not a.cards
    if a.kind == "free":
        assert theirs[card] == 0
    elif a.kind in ("least", "block"):
        assert theirs[card] == min(theirs.values()) < max(theirs.values())
        if a.kind == "block":
            assert a.seat is not None and a.seat != obs.seat
            assert a.seat not in obs.out and a.seat not in obs.eliminated
            assert obs.hand_sizes[a.seat] <= advice.NEARLY_OUT
            assert obs.hand_sizes[a.seat] == min(
                obs.hand_sizes[s] for s in range(g.n)
                if s != obs.seat and s not in obs.out and s not in obs.eliminated)
    elif a.kind == "costly":
        assert obs.rules.scoring in ("face-value", "ruter7-values")
        assert a.points == g.values[card] > min(g.values[c] for c in cards)
    elif a.kind == "even":
        assert len(set(theirs.values())) == 1
        assert not any(_beyond(obs, c, start, obs.hand_mask) for c in cards)
    else:
        assert a.kind in ("plain", "search")


def test_every_argument_holds_on_the_table_and_every_kind_is_met() -> None:
    seen = {kind: 0 for kind in advice.KINDS}
    for obs, move, mediums in _decisions(seeds=12):
        for searched in (False, True):
            a = ai.advise(obs, move, searched=searched)
            assert a.move == move and a.kind in advice.KINDS
            assert a.kind != "search" or searched
            assert a.kind not in ("even", "plain") or not searched
            # (Medium's own choices all have an argument: its reasons are these facts)
            assert a.kind != "plain" or not mediums, (obs.rules.scoring, move, obs.legal_moves)
            _check(obs, a)
            seen[a.kind] += 1
    assert all(seen.values()), seen


def test_our_own_cards_are_named_nearest_first() -> None:
    # Fan Tan, 4 players, after 7♦ 8♦ 7♠: we hold the 8♠, 9♠, J♠ and A♠ and the 6♦. The 8♠
    # leads to our three other spades, the nearest first; the 6♦ to the 5♦ down to the 2♦,
    # which the others hold, one more than the 8♠ leaves them (10♠, Q♠, K♠): no argument.
    hands = [["8S", "9S", "JS", "AS", "2H", "3H", "4H", "5H", "6H", "2C", "3C", "4C", "6D"],
             ["7D", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "6C", "7C", "8C", "9C"],
             ["2D", "3D", "4D", "5D", "5C", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "10C"],
             ["2S", "3S", "4S", "5S", "6S", "7S", "10S", "QS", "KS", "JC", "QC", "KC", "AC"]]
    state = fantan.new_game(fantan.preset("fan-tan"), hands=hands, dealer=0)
    state = state.play("7D").play("8D").play("7S")
    assert state.to_move == 0 and set(state.legal_moves()) == {"8S", "6D"}
    obs = state.observation(0)
    a = ai.advise(obs, "8S")
    assert (a.kind, a.cards) == ("own", ("9S", "JS", "AS"))
    assert a.to_dict() == {"move": "8S", "kind": "own", "cards": ["9S", "JS", "AS"],
                           "seat": None, "points": 0, "worlds": 0, "rival": None, "gain": 0.0}
    assert ai.advise(obs, "6D").kind == "plain"
    assert ai.advise(obs, "6D", searched=True).kind == "search"


def test_a_move_that_cannot_be_made_is_refused() -> None:
    state = fantan.new_game(fantan.preset("fan-tan"), seed=3)
    seat = state.to_move
    assert seat is not None
    obs = state.observation(seat)
    with pytest.raises(ValueError, match="not a move"):
        ai.advise(obs, "pass")  # (the 7♦ is due)
    with pytest.raises(ValueError, match="not a move"):
        ai.advise(state.observation((seat + 1) % state.players), "7D")


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_hint_is_the_level_s_move_with_its_argument(level: str) -> None:
    # (as the page's worker is asked: the observation as a dict)
    state = fantan.new_game(fantan.preset("fan-tan"), seed=8)
    while len(state.legal_moves()) < 3:
        state = state.play(state.legal_moves()[0])
    seat = state.to_move
    assert seat is not None
    obs = state.observation(seat)
    hint = ai.hint(level, obs.to_dict(), seed=4)
    assert hint.move == ai.choose(level, obs, seed=4, iterations=ai.hint_iterations(level))
    assert dataclasses.replace(hint, worlds=0, rival=None, gain=0.0) == ai.advise(
        obs, hint.move, searched=level == "hard")
    assert (hint.kind == "search") <= (level == "hard")
    assert hint.worlds == 0 or hint.kind == "search"


def _searched_hints(deals: Iterable[int]) -> Iterator[tuple[fantan.Observation, int, ai.Advice]]:
    """Hints at Hard that rest on the search alone, in Medium's games of the standard preset."""
    for deal in deals:
        state = fantan.new_game(fantan.preset("fan-tan"), seed=deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            obs = state.observation(seat)
            if seat == 0 and len(state.legal_moves()) > 1:
                hint = ai.hint("hard", obs, seed=deal)
                if hint.kind == "search":
                    yield obs, deal, hint
            state = state.play(ai.choose("medium", obs, seed=len(state.history)))


def test_a_hint_resting_on_the_search_says_what_the_search_found() -> None:
    # The deals played out, and the next best move with how much better the hint's did on
    # average, as the same search of the hint's size finds them; or, where no other did
    # clearly worse (nor better), no rival.
    named = close = 0
    # (deals where both are met: of the first 20 such hints, in deals 0-26, 2 named no rival)
    for obs, seed, hint in _searched_hints((0, 4, 12)):
        found = search.hard_search(obs, seed, ai.hint_iterations("hard"), 0.0, 1,
                                   ai.BUDGETS["hard"]["z"])
        assert found.move == hint.move
        assert hint.worlds == found.worlds == ai.hint_iterations("hard")
        means = dict(zip(found.moves, found.means, strict=True))
        best_other = max((m for m in means if m != hint.move), key=means.__getitem__)
        lead = means[hint.move] - means[best_other]
        if hint.rival is None:
            close += 1
            assert lead < search.CLOSE and hint.gain == 0.0
        else:
            named += 1
            assert hint.rival == best_other and lead >= search.CLOSE
            assert hint.gain == pytest.approx(lead, abs=0.005)
    assert named >= 3 and close >= 1, (named, close)


def test_the_terminal_game_s_hint_says_why_too() -> None:
    out = io.StringIO()
    cli.main(["--seed", "3"], stdin=io.StringIO("?\nquit\n"), out=out)
    # (deal 3: we hold the 7♦, which must open)
    assert "hint: play 7♦ (the only card that fits)" in out.getvalue()
    own = ai.Advice("8S", "own", cards=("9S", "JS"))
    assert cli._hint_text(own, spanish=False) == "play 8♠ (it leads to your 9♠, J♠)"
    assert cli._hint_text(ai.Advice("give:12C", "plain"), spanish=True) == "give 12c"
    assert cli._hint_text(ai.Advice("6S", "search", worlds=200, rival="8D", gain=0.66),
                          spanish=False) == (
        "play 6♠ (in 200 trial deals, 0.7 points better on average than 8♦)")
    assert cli._hint_text(ai.Advice("6S", "search", worlds=200), spanish=False) == (
        "play 6♠ (in 200 trial deals, nothing else did clearly better)")

