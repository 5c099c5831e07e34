"""Every reason code of API.md's table, and the precedence between them."""

from __future__ import annotations

import random

import pytest

import fantan

ORDER = ("game-over", "bad-move", "must-give", "not-in-hand", "must-open-with", "row-not-open",
         "not-adjacent", "gate-closed", "must-play")


def check(state: fantan.GameState, move: object, reason: str) -> None:
    assert state.why_illegal(move) == reason, move
    with pytest.raises(fantan.IllegalMove) as e:
        state.play(move)  # type: ignore[arg-type]
    assert e.value.reason == reason
    assert isinstance(e.value, ValueError)


def test_reason_list_matches_the_contract():
    assert tuple(fantan.REASONS) == ORDER


def opening(kit) -> fantan.GameState:
    """fan-tan, seat 0 to open with the 7D; it also holds 7S and 8S."""
    rules = fantan.preset("fan-tan")
    mine = ["7D", "7S", "8S", "6D", "8D", "5D", "9D"]
    return fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)


def test_game_over_first():
    state = fantan.new_game(fantan.preset("fan-tan"), seed=1)
    rng = random.Random(0)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    for move in ["7D", "pass", "give:2S", "junk", "", None, 7]:
        check(state, move, "game-over")
    assert state.legal_moves() == ()


def test_bad_move(kit):
    state = opening(kit)
    for move in ["junk", "", "1S", "11S", "7X", "8O", "12B", "give:ZZ", "pass pass", "0D",
                 None, 7, ("7D",)]:
        check(state, move, "bad-move")
    # A give when none is due is bad-move, before not-in-hand.
    check(state, "give:7D", "bad-move")
    check(state, "give:" + state.hand(1)[0], "bad-move")
    # Spanish codes are not French cards and the other way round.
    cinq = fantan.new_game(fantan.preset("cinquillo"), seed=1)
    for move in ["7D", "KO", "AO", "8O", "9O", "TO"]:
        check(cinq, move, "bad-move")


def test_codes_are_case_and_space_tolerant(kit):
    state = opening(kit)
    assert state.why_illegal("7d") is None
    assert state.why_illegal(" 7D ") is None
    assert state.why_illegal("PASS") == "must-play"


def test_must_give_and_its_precedence(kit):
    rules = fantan.preset("ruter-7")
    mine = ["7D", "6D", "8D", "7S", "7H", "7C", "2S"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {1: mine}), dealer=0)
    state = state.play("7D").play("pass")
    assert state.pending_gift == (1, 2)
    check(state, "junk", "bad-move")                 # bad-move before must-give
    check(state, "pass", "must-give")
    check(state, "8D", "must-give")                  # playable card, but a gift is due
    check(state, state.hand(0)[0], "must-give")      # must-give before not-in-hand
    check(state, "give:" + state.hand(0)[0], "not-in-hand")
    assert state.why_illegal("give:" + state.hand(1)[0]) is None


def test_not_in_hand_before_must_open_with(kit):
    state = opening(kit)
    other = state.hand(1)[0]
    check(state, other, "not-in-hand")


def test_must_open_with_before_row_not_open(kit):
    state = opening(kit)
    check(state, "7S", "must-open-with")
    check(state, "8S", "must-open-with")   # would also be row-not-open
    check(state, "6D", "must-open-with")
    check(state, "5D", "must-open-with")


def test_row_not_open_before_not_adjacent(kit):
    state = opening(kit).play("7D")
    while state.to_move != 0:
        state = state.play(state.legal_moves()[0])
    # (the deal's other seats leave spades closed: a skip here would let the test pass unseen)
    assert not any(r.suit == "S" and r.cards for r in state.rows()), "spades were opened"
    check(state, "8S", "row-not-open")
    check(state, "9D", "not-adjacent")
    assert state.why_illegal("7S") is None


def test_not_adjacent_before_gate_closed(kit):
    rules = fantan.preset("eights-first")
    mine = ["7D", "6D", "8D", "5D", "9D"]
    state = fantan.new_game(rules, hands=kit.build_deal(rules, {0: mine}), dealer=3)
    state = state.play("7D")
    while state.to_move != 0:
        state = state.play(state.legal_moves()[0])
    check(state, "5D", "not-adjacent")
    check(state, "9D", "not-adjacent")
    check(state, "6D", "gate-closed")
    check(state, "pass", "must-play")


def test_must_play(kit):
    state = opening(kit)
    check(state, "pass", "must-play")


def test_must_play_under_limited_after_the_limit():
    rules = fantan.preset("shichi-narabe").replace(pass_limit=0)
    state = fantan.new_game(rules, seed=3)
    assert state.legal_moves() != ("pass",), "the deal leaves the seat to move nothing to play"
    check(state, "pass", "must-play")


def test_illegal_play_leaves_the_state_alone(kit):
    state = opening(kit)
    before = state.to_json()
    for move in ["8S", "pass", "junk"]:
        with pytest.raises(fantan.IllegalMove):
            state.play(move)
    assert state.to_json() == before
