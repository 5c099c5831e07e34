"""Autosave, settings and the player's record (web/store.py): bad saves set aside, full storage
reported once, two tabs never overwrite each other, each finished hand counted once."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from web_support import WEB, store

import fantan
import fantan.ai


class FakeStorage:
    def __init__(self, full: bool = False, broken: bool = False) -> None:
        self.data: dict[str, str] = {}
        self.full = full
        self.broken = broken

    def getItem(self, key: str) -> str | None:  # noqa: N802
        if self.broken:
            raise RuntimeError("SecurityError")
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if self.broken:
            raise RuntimeError("SecurityError")
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.data[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.data.pop(key, None)

    def key(self, index: int) -> str | None:
        return list(self.data)[index] if 0 <= index < len(self.data) else None

    @property
    def length(self) -> int:
        return len(self.data)


def clock() -> int:
    return 1234


def a_match() -> fantan.Match:
    match = fantan.new_match(fantan.preset("sjueren"), seed=9)
    for _ in range(10):
        match = match.play(match.state.legal_moves()[0])
    return match


def test_a_save_round_trips() -> None:
    storage = FakeStorage()
    s = store.Store(storage, "tab-a", clock)
    s.claim()
    match = a_match()
    assert s.save(match)
    loaded, notice = store.Store(storage, "tab-a", clock).load()
    assert notice is None and loaded == match


class JsNull:
    """What Pyodide hands over for JavaScript's null: an object, not None."""

    def __str__(self) -> str:
        return "jsnull"


class BrowserStorage(FakeStorage):
    """localStorage as the page sees it: a key never written reads as JavaScript's null."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        value = super().getItem(key)
        return JsNull() if value is None else value  # type: ignore[return-value]


def test_a_first_visit_finds_nothing_to_set_aside() -> None:
    storage = BrowserStorage()
    s = store.Store(storage, "tab-a", clock)
    assert s.owns()
    s.claim()
    loaded, notice = s.load()
    assert loaded is None and notice is None
    assert storage.data == {store.OWNER_KEY: "tab-a"}  # nothing set aside
    assert s.load_settings() == store.parse_settings(None)


def test_a_bad_save_is_set_aside_never_lost() -> None:
    # The player is told why, in words of the kind of failure.
    for bad, why in (
            ("{not json", "msg.save-set-aside"),
            ('{"format": "fantan.web-save", "version": 99, "match": {}}',
             "msg.save-set-aside-newer"),
            (json.dumps({"format": "fantan.web-save", "version": 1,
                         "match": {"format": "fantan.match", "version": 99}}),
             "msg.save-set-aside-newer"),
            (json.dumps({"format": "fantan.web-save", "version": 1,
                         "match": {"format": "fantan.match", "games": "tampered"}}),
             "msg.save-set-aside"),
            (store.save_text(a_match()).replace('"totals":[', '"totals":[1,'),
             "msg.save-set-aside-invalid"),
            ("[]", "msg.save-set-aside"), ('"x"', "msg.save-set-aside"),
            # (a version that only compares equal to ours: not one of our saves)
            (store.save_text(a_match()).replace('"version":1,', '"version":1.0,', 1),
             "msg.save-set-aside"),
            (store.save_text(a_match()).replace('"version":1,', '"version":true,', 1),
             "msg.save-set-aside")):
        storage = FakeStorage()
        storage.data[store.SAVE_KEY] = bad
        s = store.Store(storage, "tab-a", clock)
        match, notice = s.load()
        assert match is None and notice == why, bad
        assert storage.data[store.ASIDE_PREFIX + "1234"] == bad
        assert store.SAVE_KEY not in storage.data
        assert s.save(a_match())  # the new game saves normally afterwards


def test_only_the_newest_saves_set_aside_are_kept() -> None:
    storage = FakeStorage()
    storage.data["something.else"] = "kept"
    storage.data[store.ASIDE_PREFIX + "oops"] = "a key of no time: the oldest"
    times = iter(range(100, 106))
    for n in range(6):
        storage.data[store.SAVE_KEY] = f"{{bad {n}"
        s = store.Store(storage, "tab-a", lambda: next(times))
        assert s.load() == (None, "msg.save-set-aside")
    aside = {k: v for k, v in storage.data.items() if k.startswith(store.ASIDE_PREFIX)}
    assert aside == {store.ASIDE_PREFIX + str(100 + n): f"{{bad {n}" for n in (3, 4, 5)}
    assert storage.data["something.else"] == "kept" and store.SAVE_KEY not in storage.data


def test_an_old_save_set_aside_makes_room_for_a_new_one() -> None:
    storage = FakeStorage()
    for n in range(store.ASIDE_KEEP):
        storage.data[store.ASIDE_PREFIX + str(n)] = "x" * 10
    storage.data[store.SAVE_KEY] = "{bad"

    class RoomForOneMore(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            if len(self.data) > store.ASIDE_KEEP:
                raise RuntimeError("QuotaExceededError")
            super().setItem(key, value)

    full = RoomForOneMore()
    full.data = storage.data
    s = store.Store(full, "tab-a", clock)
    assert s.load() == (None, "msg.save-set-aside") and not s.frozen
    assert full.data[store.ASIDE_PREFIX + "1234"] == "{bad"
    assert store.ASIDE_PREFIX + "0" not in full.data  # the oldest went


def test_a_tab_may_peek_at_the_save_without_touching_it() -> None:
    storage = FakeStorage()
    s = store.Store(storage, "tab-a", clock)
    assert s.peek() is None
    s.claim()
    match = a_match()
    s.save(match)
    other = store.Store(storage, "tab-b", clock)
    assert other.peek() == match
    storage.data[store.SAVE_KEY] = "{not a save"
    before = dict(storage.data)
    assert other.peek() is None and storage.data == before  # nothing set aside, nothing lost


def test_a_save_of_rules_no_choice_of_the_page_makes_is_refused() -> None:
    # A pass limit of 10**300 would fill a seat's badge with its count; a match of 10**9 hands
    # is none the page deals. At 50 each they are still read.
    storage = FakeStorage()
    rules = fantan.preset("shichi-narabe")
    for field, kept, refused in (("pass_limit", 50, 51), ("match_hands", 50, 10**9)):
        storage.data[store.SAVE_KEY] = store.save_text(
            fantan.new_match(rules.replace(**{field: kept}), 3))
        match, notice = store.Store(storage, "t", clock).load()
        assert notice is None and match is not None and getattr(match.rules, field) == kept
        storage.data[store.SAVE_KEY] = store.save_text(
            fantan.new_match(rules.replace(**{field: refused}), 3))
        assert store.Store(storage, "t", clock).load() == (None, "msg.save-set-aside")


def test_a_save_as_long_as_the_engine_reads_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # A save at the engine's limit of length, written compact by save_text: reading it back
    # must not lengthen the match's text (with spaces after commas and colons) and refuse it.
    match = a_match()
    monkeypatch.setattr(fantan.game, "MAX_SAVE_CHARS", len(store.save_text(match)))
    assert store.parse_save(store.save_text(match)) == match


def test_a_tampered_move_list_is_refused() -> None:
    storage = FakeStorage()
    data = json.loads(store.save_text(a_match()))
    data["match"]["hands"][0]["moves"][3] = "AS"
    storage.data[store.SAVE_KEY] = json.dumps(data)
    match, notice = store.Store(storage, "t", clock).load()
    assert match is None and notice == "msg.save-set-aside-move"


def test_the_record_knows_its_last_hand_at_any_seed_the_page_plays() -> None:
    # The record keeps the last hand it counted by its seed: a seed of any length the page
    # takes (a test link's, a save's) must come back from storage as written, or a reload
    # counts the hand again.
    storage = FakeStorage()
    s = store.Store(storage, "t", clock)
    s.claim()
    largest = 10**store.SEED_DIGITS - 1
    assert store.whole_number(str(largest)) == largest
    match = finish_hand(fantan.new_match(fantan.preset("fan-tan"), seed=largest))
    s.save(match)
    assert store.Store(storage, "t", clock).load()[0] == match
    for counted in (True, False):
        stats = s.load_stats()
        assert store.note_level(stats, match, "easy") is counted
        assert store.record_hand(stats, "hard", match, 0) is counted
        assert s.save_stats(stats)
    assert s.load_stats()["levels"]["easy"]["hands"] == 1
    # A longer seed is none the page deals: a save with one was tampered with.
    storage.data[store.SAVE_KEY] = store.save_text(fantan.new_match(match.rules, largest + 1))
    assert store.Store(storage, "t", clock).load() == (None, "msg.save-set-aside")
    # A test link's number or a count kept as text: ASCII digits of a bounded length.
    for text in ("", "-1", "1.5", "²", "١٢", "7 ", str(largest + 1)):
        assert store.whole_number(text) is None, text
    assert store.whole_number("0") == 0 and store.whole_number("123", digits=2) is None


def test_full_or_missing_storage_is_reported_once_and_play_goes_on() -> None:
    for s, problem in ((store.Store(FakeStorage(full=True), "t", clock), "msg.storage-full"),
                       (store.Store(None, "t", clock), "msg.storage-unavailable"),
                       (store.Store(FakeStorage(broken=True), "t", clock),
                        "msg.storage-unavailable")):
        assert s.load() == (None, None)
        assert not s.save(a_match())
        assert s.problem() == problem
        assert not s.save(a_match())
        assert s.problem() is None
        assert s.load_settings() == store.DEFAULT_SETTINGS


def test_full_storage_with_an_old_claim_on_it_still_lets_this_tab_play_and_says_so() -> None:
    # A visit long ago claimed the game; now the storage is full, and this tab's claim cannot
    # be written. The old claim must not hold it back as if another tab played: it saves (in
    # vain) and the player hears that the storage is full.
    storage = FakeStorage()
    store.Store(storage, "tab-of-last-week", clock).claim()
    storage.full = True
    tab = store.Store(storage, "t", clock)
    tab.claim()
    assert tab.owns()
    assert not tab.save(a_match())
    assert tab.problem() == "msg.storage-full"


def test_the_last_tab_to_claim_the_game_owns_it() -> None:
    storage = FakeStorage()
    first = store.Store(storage, "tab-a", clock)
    second = store.Store(storage, "tab-b", clock)
    first.claim()
    assert first.save(a_match())
    second.claim()
    older = storage.data[store.SAVE_KEY]
    assert not first.owns() and not first.save(fantan.new_match(fantan.preset("fan-tan"), 1))
    assert storage.data[store.SAVE_KEY] == older
    assert second.save(a_match())
    first.claim()
    assert first.owns() and not second.owns()


def test_settings_keep_what_is_valid_and_default_the_rest() -> None:
    assert store.parse_settings(None) == store.DEFAULT_SETTINGS
    assert store.parse_settings("garbage") == store.DEFAULT_SETTINGS
    parsed = store.parse_settings(json.dumps({
        "level": "hard", "speed": "warp", "players": 6, "preset": "cinquillo", "match": 3,
        "four_colour": True, "auto_play": True}))
    assert parsed["level"] == "hard" and parsed["speed"] == "normal"
    assert parsed["players"] == 6 and parsed["preset"] == "cinquillo" and parsed["match"] == 3
    assert parsed["four_colour"] is True and parsed["auto_play"] is True
    assert store.DEFAULT_SETTINGS["auto_play"] is False  # (the player plays every card)
    assert store.parse_settings(json.dumps({"auto_play": "yes"}))["auto_play"] is False
    custom = fantan.preset("fan-tan").replace(ace="low").to_dict()
    parsed = store.parse_settings(json.dumps({"preset": "custom", "custom": custom}))
    assert store.rules_from_settings(parsed) == fantan.Rules.from_dict(custom)
    broken = store.parse_settings(json.dumps({"preset": "custom",
                                              "custom": {"deck": "tarot"}}))
    assert broken["preset"] == "fan-tan" and broken["custom"] is None
    # Own rules edited by hand to a match or a pass limit no choice of the page makes are not
    # kept (it would deal "hand 1 of 1000000000"); at the edge, 50, they are.
    for field, value, kept in (("match_hands", 50, True), ("match_hands", 51, False),
                               ("match_hands", 10**9, False), ("pass_limit", 50, True),
                               ("pass_limit", 10**300, False)):
        edited = {**custom, field: value}
        parsed = store.parse_settings(json.dumps({"preset": "custom", "custom": edited}))
        assert (parsed["preset"], parsed["custom"]) == (
            ("custom", edited) if kept else ("fan-tan", None)), (field, value)


def test_settings_out_of_range_take_their_defaults() -> None:
    # Each value at the edge of what is kept, and just past it.
    for name, kept, refused in [("players", (3, 8), (2, 9, 4.0, True)),
                                ("match", (1, 50, None), (0, 51, -3, 2.0, "3")),
                                ("language", ("nb", "x" * 16), ("x" * 17, 7))]:
        for value in kept:
            assert store.parse_settings(json.dumps({name: value}))[name] == value
        for value in refused:
            assert store.parse_settings(json.dumps({name: value}))[name] == (
                store.DEFAULT_SETTINGS[name]), (name, value)


def test_only_the_tab_that_owns_the_game_writes_the_settings() -> None:
    storage = FakeStorage()
    a, b = store.Store(storage, "tab-a", clock), store.Store(storage, "tab-b", clock)
    a.claim()
    chosen = dict(store.DEFAULT_SETTINGS, level="hard", speed="fast")
    assert a.save_settings(chosen)
    assert not b.save_settings(dict(chosen, level="easy"))
    assert b.load_settings() == chosen == a.load_settings()
    b.claim()  # (another tab takes the game over: from then on, the settings are its)
    assert not a.save_settings(dict(chosen, level="easy"))
    assert b.save_settings(dict(chosen, speed="slow"))
    assert a.load_settings()["speed"] == "slow" and a.load_settings()["level"] == "hard"


def test_rules_from_settings_apply_players_and_match_length() -> None:
    settings = dict(store.DEFAULT_SETTINGS, preset="sjuan", players=5, match=2)
    rules = store.rules_from_settings(settings)
    assert rules.players == 5 and rules.match_hands == 2 and rules.opening_card == "7H"
    # One refused (a link's, which no stored setting could be) leaves the other in play.
    for players, match, kept in ((9, 7, (4, 7)), (5, 0, (5, 1)), (2, None, (4, 1))):
        rules = store.rules_from_settings(dict(settings, preset="fan-tan", players=players,
                                               match=match))
        assert (rules.players, rules.match_hands) == kept, (players, match)


def finish_hand(match: fantan.Match) -> fantan.Match:
    while not match.state.is_over:
        state = match.state
        obs = state.observation(state.to_move)  # type: ignore[arg-type]
        match = match.play(fantan.ai.choose("medium", obs, seed=len(state.history)))
    return match


def test_the_record_counts_each_finished_hand_once() -> None:
    storage = FakeStorage()
    s = store.Store(storage, "tab-a", clock)
    s.claim()
    rules = fantan.preset("fan-tan").replace(match_hands=2)
    # Seed 12: we lose the first hand, win the second and with it the match.
    match = finish_hand(fantan.new_match(rules, seed=12))
    assert match.state.result is not None and match.state.result.winner != 0
    for _ in range(2):  # the board shown again (a reload) counts nothing more
        stats = s.load_stats()
        counted = store.record_hand(stats, "hard", match, 0)
        s.save_stats(stats)
    assert not counted
    assert s.load_stats()["levels"]["hard"] == {
        "hands": 1, "hands_won": 0, "matches": 0, "matches_won": 0}
    match = finish_hand(match.next_hand())
    assert match.is_over and match.standings[0] == 0
    stats = s.load_stats()
    assert store.record_hand(stats, "hard", match, 0)
    assert s.save_stats(stats)
    assert store.Store(storage, "tab-a", clock).load_stats()["levels"] == {
        "easy": dict.fromkeys(store.STAT_COUNTS, 0),
        "medium": dict.fromkeys(store.STAT_COUNTS, 0),
        "hard": {"hands": 2, "hands_won": 1, "matches": 1, "matches_won": 1}}
    # A hand still in play, or an unknown level, is not counted.
    assert not store.record_hand(stats, "hard", fantan.new_match(rules, seed=6), 0)
    assert not store.record_hand(stats, "grandmaster", match, 0)
    # Set back to zero, the record still knows the last hand it counted.
    fresh = store.cleared(stats)
    assert all(not any(row.values()) for row in fresh["levels"].values())
    assert not store.record_hand(fresh, "hard", match, 0)
    # Only the tab that owns the game writes the record.
    store.Store(storage, "tab-b", clock).claim()
    assert not s.save_stats(store.parse_stats(None))
    assert s.load_stats()["levels"]["hard"]["hands"] == 2


def test_a_game_counts_at_the_easiest_level_it_was_played_at() -> None:
    rules = fantan.preset("fan-tan").replace(match_hands=2)
    match = fantan.new_match(rules, seed=12)
    stats = store.parse_stats(None)
    # The first hand begins against Easy; Hard is chosen before its end: it counts at Easy,
    # which the menu says (not for the same level, nor once the hand is over).
    assert store.counts_at(stats, match, "hard") is None  # nothing noted yet
    assert store.note_level(stats, match, "easy")
    assert not store.note_level(stats, match, "hard")
    assert store.counts_at(stats, match, "hard") == "easy"
    assert store.counts_at(stats, match, "easy") is None
    assert store.counts_at(stats, None, "hard") is None
    match = finish_hand(match)
    assert store.counts_at(stats, match, "hard") is None
    assert store.record_hand(stats, "hard", match, 0)
    assert stats["levels"]["easy"]["hands"] == 1 and stats["levels"]["hard"]["hands"] == 0
    # The second hand, all of it against Hard, counts at Hard; the match, begun at Easy, at
    # Easy. The note outlives a reload (it is kept with the record).
    match = match.next_hand()
    assert store.note_level(stats, match, "hard")
    stats = store.parse_stats(json.dumps(stats))
    assert stats["played"] == {"match": "12", "hand": 2, "hand_level": "hard",
                               "match_level": "easy"}
    match = finish_hand(match)
    assert match.is_over and match.standings[0] == 0
    assert store.record_hand(stats, "hard", match, 0)
    assert stats["levels"]["hard"] == {"hands": 1, "hands_won": 1, "matches": 0,
                                       "matches_won": 0}
    assert stats["levels"]["easy"] == {"hands": 1, "hands_won": 0, "matches": 1,
                                       "matches_won": 1}
    # With nothing noted for a game, it counts at the level given; a new match starts afresh.
    other = finish_hand(fantan.new_match(fantan.preset("fan-tan"), seed=3))
    assert store.record_hand(stats, "medium", other, 0)
    assert stats["levels"]["medium"]["hands"] == 1
    assert stats["played"]["match"] == "3" and stats["played"]["hand_level"] == "medium"
    # Leaving a game for a new one counts it at its noted level too.
    left = fantan.new_match(rules, seed=5)
    store.note_level(stats, left, "easy")
    while not store.gives_up(left, 0):
        state = left.state
        left = left.play(fantan.ai.choose("medium", state.observation(state.to_move),  # type: ignore[arg-type]
                                          seed=len(state.history)))
    assert store.record_left(stats, "hard", left, 0)
    assert stats["levels"]["easy"]["hands"] == 2 and stats["levels"]["hard"]["hands"] == 1
    # A note that is not one is dropped.
    for bad in ({"match": 5}, {"match": "5", "hand": 1, "hand_level": "god",
                               "match_level": "easy"}, "x"):
        assert store.parse_stats(json.dumps({"played": bad}))["played"] == store.NOT_PLAYED


def test_a_game_given_up_for_a_new_one_counts_as_not_won() -> None:
    rules = fantan.preset("fan-tan").replace(match_hands=2)
    match = fantan.new_match(rules, seed=12)
    assert not store.gives_up(None, 0)
    # Until we have made a move, a new game gives up nothing.
    while not any(e.seat == 0 for e in match.state.history):
        assert not store.gives_up(match, 0)
        stats = store.parse_stats(None)
        assert not store.record_left(stats, "easy", match, 0)
        state = match.state
        obs = state.observation(state.to_move)  # type: ignore[arg-type]
        match = match.play(fantan.ai.choose("medium", obs, seed=len(state.history)))
    assert store.gives_up(match, 0)
    stats = store.parse_stats(None)
    assert not store.record_left(stats, "grandmaster", match, 0)
    assert store.record_left(stats, "easy", match, 0)
    assert not store.record_left(stats, "easy", match, 0)  # counted once
    assert stats["levels"]["easy"] == {"hands": 1, "hands_won": 0, "matches": 1, "matches_won": 0}
    # The first hand played to its end (and counted): leaving now gives up the match alone.
    match = finish_hand(match)
    stats = store.parse_stats(None)
    assert store.record_hand(stats, "easy", match, 0)
    assert store.gives_up(match, 0)
    assert store.record_left(stats, "easy", match, 0)
    assert stats["levels"]["easy"] == {"hands": 1, "hands_won": 0, "matches": 1, "matches_won": 0}
    # Set back to zero now, the match left before a move of the next hand cannot count alone
    # (a record with more matches than hands is not sound).
    stats = store.cleared(store.parse_stats(None))
    assert store.gives_up(match.next_hand(), 0)
    assert store.record_left(stats, "easy", match.next_hand(), 0)
    assert not any(stats["levels"]["easy"].values())
    # A game over, match and all, gives up nothing.
    match = finish_hand(match.next_hand())
    assert match.is_over and not store.gives_up(match, 0)
    single = finish_hand(fantan.new_match(fantan.preset("fan-tan"), seed=12))
    assert single.is_over and not store.gives_up(single, 0)


def a_hand_we_are_out_of(rules: fantan.Rules, first: bool) -> fantan.Match:
    """A hand of Shichi Narabe that goes on for the places after we are out, first or not."""
    for seed in range(60):
        match = fantan.new_match(rules, seed=seed)
        while not match.state.is_over and 0 not in match.state.observation(0).out:
            state = match.state
            obs = state.observation(state.to_move)  # type: ignore[arg-type]
            match = match.play(fantan.ai.choose("medium", obs, seed=len(state.history)))
        if not match.state.is_over and (match.state.observation(0).out[0] == 0) == first:
            return match
    raise AssertionError("no hand found that goes on after we are out")


def test_a_hand_the_player_is_out_of_is_not_given_up_but_counts_when_left() -> None:
    # Shichi Narabe plays on for the places once a player is out: that hand is no longer ours
    # to give up (no warning before a new game), but its result for us is settled: leaving it
    # counts it as it stands, won if we went out first.
    rules = fantan.preset("shichi-narabe").replace(match_hands=1, players=5)
    for first in (True, False):
        match = a_hand_we_are_out_of(rules, first)
        assert not store.gives_up(match, 0)
        stats = store.parse_stats(None)
        assert store.record_left(stats, "medium", match, 0)
        assert not store.record_left(stats, "medium", match, 0)  # counted once
        assert stats["levels"]["medium"] == {"hands": 1, "hands_won": int(first),
                                             "matches": 0, "matches_won": 0}
    # Eliminated (past the limit of passes, a player is out of the hand with its cards laid
    # out): lost.
    rules = fantan.preset("shichi-narabe").replace(match_hands=1, players=3)
    for seed in range(200):
        match = fantan.new_match(rules, seed=seed)
        while not match.state.is_over and 0 not in match.state.observation(0).eliminated:
            state = match.state
            match = match.play(state.legal_moves()[-1])
        if not match.state.is_over:
            break
    else:
        raise AssertionError("no hand found that goes on after we are eliminated")
    assert not store.gives_up(match, 0)
    stats = store.parse_stats(None)
    assert store.record_left(stats, "easy", match, 0)
    assert stats["levels"]["easy"] == {"hands": 1, "hands_won": 0, "matches": 0,
                                       "matches_won": 0}


def test_a_record_set_back_mid_match_still_counts_the_later_hands() -> None:
    # Hand 1 at Easy (counted), the record set back to zero, hand 2 at Hard: the match, noted
    # at Easy, cannot count there (a match without a hand), but hand 2 counts at Hard.
    rules = fantan.preset("fan-tan").replace(match_hands=2)
    stats = store.parse_stats(None)
    match = fantan.new_match(rules, seed=12)
    store.note_level(stats, match, "easy")
    match = finish_hand(match)
    assert store.record_hand(stats, "easy", match, 0)
    stats = store.cleared(stats)
    match = match.next_hand()
    store.note_level(stats, match, "hard")
    match = finish_hand(match)
    assert match.is_over
    assert store.record_hand(stats, "hard", match, 0)
    assert stats["levels"]["hard"]["hands"] == 1
    assert not any(stats["levels"]["easy"].values())


def test_settings_and_record_of_any_shape_never_stop_the_page() -> None:
    # Whatever is stored (another version, a hand-edited value), the page starts: what is not
    # understood takes its default.
    odd: list[object] = [None, True, 1, 2.5, "x", "", [], {}, [1, 2], {"a": 1}, -1, 10**20]
    fields = ["level", "speed", "four_colour", "language", "preset", "players", "match",
              "custom", "last", "played", "levels"]
    for name in fields:
        for value in odd:
            text = json.dumps({name: value})
            settings = store.parse_settings(text)
            assert settings.keys() == store.DEFAULT_SETTINGS.keys()
            store.rules_from_settings(settings)
            stats = store.parse_stats(text)
            assert stats["levels"].keys() == set(store.LEVELS)
            stats = store.parse_stats(json.dumps({"levels": {"easy": value},
                                                  "played": {"match": value}}))
            assert not any(stats["levels"]["easy"].values())
    deep = "[" * 100_000 + "]" * 100_000
    assert store.parse_settings(deep) == store.DEFAULT_SETTINGS
    assert store.parse_stats(deep) == store.parse_stats(None)


def test_a_record_that_is_not_sound_starts_again() -> None:
    good = {"hands": 5, "hands_won": 2, "matches": 1, "matches_won": 1}
    for bad in ("{not json", "[]", "null", json.dumps({"levels": "x"})):
        assert store.parse_stats(bad) == store.parse_stats(None)
    stats = store.parse_stats(json.dumps({"last": "7:1", "levels": {
        "easy": good,
        "medium": {**good, "hands_won": 6},  # more won than played
        "hard": {**good, "hands": True},  # not a count
    }}))
    assert stats["last"] == "7:1"
    assert stats["levels"]["easy"] == good
    assert stats["levels"]["medium"] == stats["levels"]["hard"] == dict.fromkeys(
        store.STAT_COUNTS, 0)
    for bad_row in ({**good, "matches": -1, "matches_won": 0}, {**good, "matches": 6},
                    {k: v for k, v in good.items() if k != "matches"}):
        assert store.parse_stats(json.dumps({"levels": {"easy": bad_row}}))["levels"][
            "easy"] == dict.fromkeys(store.STAT_COUNTS, 0)


def test_a_record_that_cannot_be_read_is_said_once_and_mended() -> None:
    good = {"hands": 5, "hands_won": 2, "matches": 1, "matches_won": 1}
    sound = json.dumps({"last": "7:1", "levels": {"easy": good}})
    for text in (None, "", sound, json.dumps({"levels": {}}), json.dumps({"extra": 1})):
        storage = FakeStorage()
        if text is not None:
            storage.data[store.STATS_KEY] = text
        assert store.Store(storage, "tab-a", clock).mend_stats() is None
        assert storage.data.get(store.STATS_KEY) == text  # untouched
    for bad in ("{not json", "[]", json.dumps({"levels": "x"}),
                json.dumps({"levels": {"easy": good, "hard": {**good, "hands_won": 9}}}),
                json.dumps({"levels": {"medium": [1, 2]}})):
        storage = FakeStorage()
        storage.data[store.STATS_KEY] = bad
        s = store.Store(storage, "tab-a", clock)
        assert s.mend_stats() == "msg.record-unreadable", bad
        assert s.mend_stats() is None  # (said once: what is stored now reads whole)
        if "hard" in bad:
            assert s.load_stats()["levels"]["easy"] == good  # what could be read is kept
    # A tab that does not own the game leaves it to the one that does.
    storage = FakeStorage()
    storage.data[store.STATS_KEY] = "{not json"
    storage.data[store.OWNER_KEY] = "tab-b"
    assert store.Store(storage, "tab-a", clock).mend_stats() is None


def test_a_reload_shows_again_the_card_chosen_the_table_looked_at_a_hint_and_a_check() -> None:
    View = store.View  # noqa: N806 (the view's fields: card chosen, table, hint, sheet, check)
    match = fantan.new_match(fantan.preset("fan-tan"), seed=3)
    while match.state.to_move != 0 or len(match.state.legal_moves()) < 2:
        match = match.play(match.state.legal_moves()[0])
    card = match.state.legal_moves()[-1]
    assert store.parse_view(store.view_text(match, card, False), match, 0) == View(card)
    # Not while the hand is in play: "the table instead of the board" is for a hand over.
    assert store.parse_view(store.view_text(match, card, True), match, 0) == View(card)
    # Written elsewhere in the game (a move since, another deal), or not understood: nothing.
    moved = match.play(card)
    assert store.parse_view(store.view_text(match, card, False), moved, 0) == View()
    other = fantan.new_match(fantan.preset("fan-tan"), seed=4)
    assert store.parse_view(store.view_text(other, card, False), match, 0) == View()
    for bad in (None, "", "{", "[]", "null", json.dumps({"at": 5}), "[" * 50_000):
        assert store.parse_view(bad, match, 0) == View()
    # A card that is not ours to play there, or no card at all.
    unplayable = next(c for c in match.state.hand(0) if c not in match.state.legal_moves())
    for selected in (unplayable, "ZZ", 7, ["7D"], None):
        text = json.dumps({"at": store.view_at(match), "selected": selected, "table": False})
        assert store.parse_view(text, match, 0) == View()
    # A hint shown at our turn (its card chosen, or none for a pass), to be asked again; not
    # once the game has moved on, nor with a card that does not play.
    assert store.parse_view(store.view_text(match, card, False, True), match, 0) == View(
        card, hint=True)
    assert store.parse_view(store.view_text(match, None, False, True), match, 0) == View(
        None, hint=True)
    assert store.parse_view(store.view_text(match, card, False, True), moved, 0) == View()
    text = json.dumps({"at": store.view_at(match), "selected": unplayable, "hint": True})
    assert store.parse_view(text, match, 0) == View()
    text = json.dumps({"at": store.view_at(match), "selected": card, "hint": "yes"})
    assert store.parse_view(text, match, 0) == View(card)
    # After the hand: the table looked at, no card chosen.
    over = finish_hand(match)
    assert store.parse_view(store.view_text(over, None, True), over, 0) == View(table=True)
    assert store.parse_view(store.view_text(over, card, True), over, 0) == View(table=True)
    text = json.dumps({"at": store.view_at(over), "selected": None, "table": "yes"})
    assert store.parse_view(text, over, 0) == View()
    # Our moves checked after the hand, at each level of the hint, to be checked again (with
    # the board or the table); not while the hand is in play, nor where the game is elsewhere,
    # nor at a level the hint has not, nor for anything but a list.
    assert store.parse_view(store.view_text(over, None, False, checked=["medium"]), over,
                            0) == View(checked=("medium",))
    assert store.parse_view(store.view_text(over, None, True, checked=["medium", "hard"]), over,
                            0) == View(table=True, checked=("hard", "medium"))
    assert store.parse_view(store.view_text(match, card, False, checked=["hard"]), match,
                            0) == View(card)
    assert store.parse_view(store.view_text(over, None, False, checked=["hard"]), match,
                            0) == View()
    for checked in ("yes", True, ["easy", "expert", 3], {"hard": True}):
        text = json.dumps({"at": store.view_at(over), "checked": checked})
        assert store.parse_view(text, over, 0) == View(), checked
    # The score sheet left open is open again, wherever the game has got to since (it stays
    # open from one hand's board to the next); not for anything but true.
    assert store.parse_view(store.view_text(over, None, False, sheet=True), over, 0).sheet
    assert store.parse_view(store.view_text(match, card, False, sheet=True), over, 0) == View(
        sheet=True)
    text = json.dumps({"at": store.view_at(over), "sheet": "yes"})
    assert store.parse_view(text, over, 0) == View()
    # Opened on this board, it is in view again there (a reload left it out of sight under
    # the hand's table); not on another board, nor shut, nor for anything but true.
    seen = store.view_text(over, None, False, sheet=True, sheet_seen=True)
    assert store.parse_view(seen, over, 0) == View(sheet=True, sheet_seen=True)
    assert store.parse_view(store.view_text(match, card, False, sheet=True, sheet_seen=True),
                            over, 0) == View(sheet=True)
    assert store.parse_view(store.view_text(over, None, False, sheet_seen=True), over,
                            0) == View()
    text = json.dumps({"at": store.view_at(over), "sheet": True, "seen": "yes"})
    assert store.parse_view(text, over, 0) == View(sheet=True)


def test_a_reload_opens_again_the_dialogs_open_and_the_new_game_screen_s_choices() -> None:
    custom = fantan.preset("sjueren").replace(players=6, pass_limit=1)
    draft = {"preset": "custom", "rules": custom, "level": "hard", "match": 3, "custom": None}
    for opened in (["setup"], ["setup", "rules-page"]):
        assert store.parse_dialogs(store.dialogs_text(opened, draft)) == (tuple(opened), draft)
    for opened in (["menu"], ["rules-page"], []):
        assert store.parse_dialogs(store.dialogs_text(opened, None)) == (tuple(opened), None)
    # Not understood, or dialogs never open together: none. A new-game screen whose choices
    # are not all sound opens none either (it would show choices the player never made).
    for bad in (None, "", "{", "[]", "null", "[" * 50_000, json.dumps({"open": "menu"}),
                json.dumps({"open": ["menu", "setup"]}), json.dumps({"open": ["rules-page",
                                                                          "setup"]}),
                json.dumps({"open": ["setup"]}), json.dumps({"open": ["setup"], "draft": []})):
        assert store.parse_dialogs(bad) == ((), None)
    sound = json.loads(store.dialogs_text(["setup"], draft))
    for field, value in (("preset", "poker"), ("preset", None), ("level", "expert"),
                         ("match", 0), ("match", "3"), ("match", True), ("rules", None),
                         ("rules", {"players": 2}), ("rules", {"colour": "red"}),
                         ("custom", {"players": 2}), ("custom", []),
                         ("rules", {**sound["draft"]["rules"], "match_hands": 51}),
                         ("custom", {**sound["draft"]["rules"], "match_hands": 10**9})):
        tampered = {**sound, "draft": {**sound["draft"], field: value}}
        assert store.parse_dialogs(json.dumps(tampered)) == ((), None), (field, value)
    # A game chosen by its name comes with its own rules (for any players and match length),
    # not another game's: the rules page would describe one game and Deal deal the other.
    named = {"preset": "sjueren", "rules": fantan.preset("sjueren").replace(
        players=5, match_hands=2), "level": "easy", "match": None, "custom": None}
    assert store.parse_dialogs(store.dialogs_text(["setup"], named)) == (("setup",), named)
    # (with the player's own rules kept aside while Sjueren is looked at)
    aside = {**named, "custom": custom}
    assert store.parse_dialogs(store.dialogs_text(["setup"], aside)) == (("setup",), aside)
    other = {**named, "rules": fantan.preset("cinquillo")}
    assert store.parse_dialogs(store.dialogs_text(["setup"], other)) == ((), None)


def test_text_nested_deeper_than_any_save_is_refused_before_it_is_parsed() -> None:
    # (in the browser, parsing text nested some thousands deep overflows the JavaScript stack
    # and kills the runtime: such text is refused unparsed, as is anything deeper than a save)
    deep = "[" * 40 + "]" * 40
    assert json.loads(deep)  # CPython would parse it
    storage = FakeStorage()
    storage.data[store.SAVE_KEY] = deep
    storage.data[store.SETTINGS_KEY] = '{"level": "hard", "x": ' + deep + "}"
    storage.data[store.STATS_KEY] = '{"last": "fan-tan", "x": ' + deep + "}"
    s = store.Store(storage, "t", clock)
    assert s.load() == (None, "msg.save-set-aside")
    assert s.load_settings() == store.DEFAULT_SETTINGS
    assert s.load_stats()["last"] == ""
    # A save as deep as ours is read; strings holding brackets do not count.
    match = a_match()
    text = store.save_text(match)
    assert fantan.game.json_depth(text) < fantan.game.MAX_JSON_DEPTH
    assert store.parse_save(text) == match
    assert fantan.game.json_depth('["[[[[", {"]": "{{"}]') == 2
    with pytest.raises(fantan.SaveError):
        fantan.load_match(deep)
    with pytest.raises(ValueError):
        fantan.game.loads(deep)


def test_the_depth_of_hostile_text_is_found_in_one_pass() -> None:
    # Quotes never closed, each after a backslash: a scan from every quote to the end would
    # take minutes here (the text is 600,000 characters); one pass takes milliseconds. (The
    # bound is far from both, so that a busy machine cannot fail it.)
    started = time.perf_counter()
    assert fantan.game.json_depth('"\\' * 200_000) == 0
    assert fantan.game.json_depth("[" * 1000 + '"' * 10_000) == 1000
    assert time.perf_counter() - started < 30


def test_a_bad_save_that_finds_no_room_is_set_aside_once_there_is() -> None:
    storage = FakeStorage()
    storage.data[store.SAVE_KEY] = "{damaged"
    storage.full = True
    s = store.Store(storage, "t", clock)
    assert s.load() == (None, "msg.save-set-aside")
    assert not s.save(a_match()) and storage.data[store.SAVE_KEY] == "{damaged"  # kept
    storage.full = False  # (the player made room)
    assert s.save(a_match())
    assert storage.data[store.ASIDE_PREFIX + "1234"] == "{damaged"
    assert store.parse_save(storage.data[store.SAVE_KEY]) == a_match()


def test_a_save_too_long_to_read_that_fills_the_storage_leaves_its_start_aside() -> None:
    # No room to keep it whole beside itself: no version reads a save so long, and kept
    # whole it would keep the storage full, the game unsaved, for good.
    class Small(FakeStorage):
        def setItem(self, key: str, value: str) -> None:  # noqa: N802
            others = sum(len(v) for k, v in self.data.items() if k != key)
            if others + len(value) > 3 * fantan.game.MAX_SAVE_CHARS // 2:
                raise RuntimeError("QuotaExceededError: the quota has been exceeded")
            super().setItem(key, value)

    storage = Small()
    junk = store.save_text(a_match())[:-1] + ', "pad": "' + "x" * fantan.game.MAX_SAVE_CHARS + '"}'
    storage.data[store.SAVE_KEY] = junk
    s = store.Store(storage, "t", clock)
    s.claim()
    assert s.load() == (None, "msg.save-set-aside")
    assert storage.data[store.ASIDE_PREFIX + "1234"] == junk[:store.ASIDE_HEAD]
    assert s.save(a_match()) and s.problem() is None
    assert store.parse_save(storage.data[store.SAVE_KEY]) == a_match()
    # One of a length a save may have is kept whole or not at all (it waits for room).
    storage = Small()
    storage.data["other"] = "y" * fantan.game.MAX_SAVE_CHARS
    storage.data[store.SAVE_KEY] = "{damaged" + " " * (fantan.game.MAX_SAVE_CHARS // 2)
    s = store.Store(storage, "t", clock)
    s.claim()
    assert s.load() == (None, "msg.save-set-aside")
    assert not any(k.startswith(store.ASIDE_PREFIX) for k in storage.data)
    assert not s.save(a_match()) and storage.data[store.SAVE_KEY].startswith("{damaged")


def test_a_bad_save_waiting_for_room_never_removes_a_save_written_over_it() -> None:
    storage = FakeStorage()
    storage.data[store.SAVE_KEY] = "{damaged"
    storage.full = True
    s = store.Store(storage, "t", clock)
    s.claim()
    assert s.load() == (None, "msg.save-set-aside")
    # Meanwhile the damaged save was replaced (by another tab, before this one claimed it back).
    other = fantan.new_match(fantan.preset("fan-tan"), seed=3)
    storage.data[store.SAVE_KEY] = store.save_text(other)
    storage.full = False
    assert s.save(a_match())
    assert not any(k.startswith(store.ASIDE_PREFIX) for k in storage.data)  # nothing to keep
    assert store.parse_save(storage.data[store.SAVE_KEY]) == a_match()


def test_the_page_s_own_modules_leave_the_computer_players_unloaded() -> None:
    # The page's main thread loads the engine alone (its players load in a worker): a game
    # dealt, saved, read back and drawn, its menus too, never import fantan.ai.
    script = f"""
import sys
sys.path[:0] = [{str(WEB)!r}, {str(Path(__file__).parent)!r}]
import fantan
from web_support import english, render, store, view
cat = english()
match = fantan.new_match(fantan.preset("shichi-narabe"), 3)
while not match.state.is_over:
    match = match.play(match.state.legal_moves()[-1])
match = store.parse_save(store.save_text(match))
tv = view.table_view(cat, match.state.observation(0), match.totals)
render.controls(cat, tv, dealing=False, my_turn=True, computers_moving=False, selected=None)
render.menu(cat, {{"speed": "fast", "level": "hard", "four_colour": False}},
            store.parse_stats(None))
render.setup(cat, {{"preset": "custom", "rules": match.rules, "level": "hard", "match": None}})
print(match.move_seed, "fantan.ai" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=WEB.parent)
    assert done.stdout.split()[1] == "False", done.stdout
    assert store.LEVELS == fantan.ai.LEVELS  # (the page's copy of the levels)
