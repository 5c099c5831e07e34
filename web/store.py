"""Autosave and settings in localStorage, and which tab owns the game.

Pure logic over a small storage interface (getItem / setItem / removeItem / key / length, as
localStorage has), so tests drive it with a dict. The rules it keeps:
- a save that cannot be read is set aside under another key, never overwritten, and the page
  is told once; the last few saves set aside are kept, older ones removed;
- a full or unavailable storage is reported once; play goes on without saving;
- only the tab that owns the game writes it: the tab that claims it last owns it, and a tab that
  finds it has lost the game stops writing (and says so) until the player takes it back;
- the player's record (hands and matches won at each level) counts every finished hand once,
  however often its result board is shown again (a reload, another tab).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, Protocol

import fantan
from fantan.game import loads  # (json.loads, refusing text nested deeper than a save)

SAVE_KEY = "fantan.game"
SETTINGS_KEY = "fantan.settings"
STATS_KEY = "fantan.stats"
OWNER_KEY = "fantan.owner"
VIEW_KEY = "fantan.view"
"""In the tab's sessionStorage: what the table showed of the game, for a reload (view_text)."""
LETS_PLAY_KEY = "fantan.lets-play"
"""In the tab's sessionStorage: this tab let another play when an update reloaded the page."""
ASIDE_PREFIX = "fantan.game.set-aside."
ASIDE_KEEP = 3
"""Saves set aside that are kept: a newer one removes the oldest past these."""
ASIDE_HEAD = 10_000
"""Of a save longer than any this page reads (fantan.game.MAX_SAVE_CHARS), with no room in the
storage to keep it aside, which it may itself be filling: the characters kept aside."""
SAVE_FORMAT = "fantan.web-save"
SAVE_VERSION = 1
SEED_DIGITS = 18
"""The most digits of a game's seed (the page deals below 2**53, 16 digits): the record keeps the
last hand it counted by its seed, in a text of bounded length."""

LEVELS = ("easy", "medium", "hard")  # (fantan.ai.LEVELS, without loading the players)
SPEEDS = ("slow", "normal", "fast")
PACE = {"slow": 1.1, "normal": 0.7, "fast": 0.35, "instant": 0.0}
"""Seconds between computer moves at each speed ("instant" is for tests)."""

DEFAULT_SETTINGS: dict[str, Any] = {
    "level": "medium",
    "speed": "normal",
    "four_colour": False,
    "auto_play": False,  # the game plays our one card that fits for us
    "language": "",
    "preset": "fan-tan",
    "players": 4,
    "match": None,  # hands in a match; None = as the preset says
    "custom": None,  # a Rules dict when the preset is "custom"
}


def missing(value: object) -> bool:
    """Whether a value read from the page is none: Python's None, or JavaScript's null or
    undefined as Pyodide hands them over (objects of their own, not None: a key never
    written must not read as the text "jsnull")."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class Storage(Protocol):
    def getItem(self, key: str) -> str | None: ...  # noqa: N802 (the DOM's names)
    def setItem(self, key: str, value: str) -> None: ...  # noqa: N802
    def removeItem(self, key: str) -> None: ...  # noqa: N802
    def key(self, index: int) -> str | None: ...
    @property
    def length(self) -> int: ...


def whole_number(text: str, digits: int = SEED_DIGITS) -> int | None:
    """``text`` as a whole number if it is one of ASCII digits, at most ``digits`` of them (a
    count or a time kept in storage, a test link's seed); None for anything else."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None


def sound_preset(value: object) -> bool:
    """Whether a stored preset name is one the new-game screen offers."""
    return isinstance(value, str) and (value in fantan.PRESETS or value == "custom")


def is_preset(rules: fantan.Rules, name: str) -> bool:
    """Whether ``rules`` are those of the preset ``name``, whatever their players and match
    length."""
    return fantan.preset(name).replace(players=rules.players,
                                       match_hands=rules.match_hands) == rules


def sound_match(value: object) -> bool:
    """Whether a stored match length is one: none (as the preset says) or 1 to 50 hands."""
    return value is None or (type(value) is int and 1 <= value <= 50)


MOST_PASSES = 50
"""The longest pass limit of rules the page keeps (it offers up to 5; every preset's is 3)."""


def unsound_rules(rules: fantan.Rules) -> str | None:
    """What in ``rules`` the page would not deal, kept by it (custom rules, the new-game
    screen's, a save's): a match of more than 50 hands (sound_match) or a pass limit past
    MOST_PASSES, which no choice of its makes and whose count would not fit its seats; None
    for rules it keeps."""
    if not sound_match(rules.match_hands):
        return f"a match of {rules.match_hands} hands"
    if rules.pass_limit > MOST_PASSES:
        return f"a pass limit of {rules.pass_limit}"
    return None


def stored_rules(fields: dict[str, Any]) -> fantan.Rules:
    """Rules kept by the page from fantan.Rules.from_dict; ValueError for rules that make no
    game and for those unsound_rules names."""
    rules = fantan.Rules.from_dict(fields)
    why = unsound_rules(rules)
    if why is not None:
        raise ValueError(why)
    return rules


def parse_settings(text: str | None) -> dict[str, Any]:
    """Settings from stored text; anything missing or not understood takes its default."""
    out = dict(DEFAULT_SETTINGS)
    try:
        data = loads(text) if text else {}
    except (ValueError, TypeError, RecursionError):
        data = {}
    if not isinstance(data, dict):
        return out
    if data.get("level") in LEVELS:
        out["level"] = data["level"]
    if data.get("speed") in SPEEDS:
        out["speed"] = data["speed"]
    if isinstance(data.get("four_colour"), bool):
        out["four_colour"] = data["four_colour"]
    if isinstance(data.get("auto_play"), bool):
        out["auto_play"] = data["auto_play"]
    if isinstance(data.get("language"), str) and len(data["language"]) <= 16:
        out["language"] = data["language"]
    if sound_preset(data.get("preset")):
        out["preset"] = data["preset"]
    players = data.get("players")
    if type(players) is int and 3 <= players <= 8:
        out["players"] = players
    if sound_match(data.get("match")):
        out["match"] = data.get("match")
    custom = data.get("custom")
    if isinstance(custom, dict):
        try:
            out["custom"] = stored_rules(custom).to_dict()
        except (ValueError, TypeError):
            out["custom"] = None
    if out["preset"] == "custom" and out["custom"] is None:
        out["preset"] = "fan-tan"
    return out


NOT_PLAYED: dict[str, Any] = {"match": "", "hand": 0, "hand_level": "hard",
                              "match_level": "hard"}
"""The record's note of the game in play (none here): its match, its hand, and the easiest
level each has been played at so far."""

STAT_COUNTS = ("hands", "hands_won", "matches", "matches_won")
"""The player's record at each level: hands finished and won, matches (of more than one hand)
finished and won."""


def parse_stats(text: str | None) -> dict[str, Any]:
    """The player's record from stored text; a level whose counts are not sound starts at 0."""
    out: dict[str, Any] = {"last": "",
                           "levels": {lv: dict.fromkeys(STAT_COUNTS, 0) for lv in LEVELS},
                           "played": dict(NOT_PLAYED)}
    try:
        data = loads(text) if text else {}
    except (ValueError, TypeError, RecursionError):
        return out
    if not isinstance(data, dict):
        return out
    if isinstance(data.get("last"), str) and len(data["last"]) <= 64:
        out["last"] = data["last"]
    played = data.get("played")
    if (isinstance(played, dict) and isinstance(played.get("match"), str)
            and len(played["match"]) <= 64 and type(played.get("hand")) is int
            and played.get("hand_level") in LEVELS and played.get("match_level") in LEVELS):
        out["played"] = {name: played[name] for name in NOT_PLAYED}
    levels = data.get("levels")
    for lv in LEVELS:
        row = levels.get(lv) if isinstance(levels, dict) else None
        if not isinstance(row, dict):
            continue
        counts = [row.get(name) for name in STAT_COUNTS]
        if not all(type(c) is int and 0 <= c < 10**9 for c in counts):
            continue
        counted = {name: int(row[name]) for name in STAT_COUNTS}
        if _sound(counted):
            out["levels"][lv] = counted
    return out


def record_unreadable(text: str | None) -> bool:
    """Whether a stored record is there but could not be read, whole or in part (parse_stats
    starts what it cannot read again from 0)."""
    if not text:
        return False
    try:
        data = loads(text)
    except (ValueError, TypeError, RecursionError):
        return True
    if not isinstance(data, dict):
        return True
    levels = data.get("levels", {})
    if not isinstance(levels, dict):
        return True
    kept = parse_stats(text)["levels"]
    return any(not isinstance(levels[lv], dict)
               or {name: levels[lv].get(name) for name in STAT_COUNTS} != kept[lv]
               for lv in LEVELS if lv in levels)


def _sound(row: dict[str, int]) -> bool:
    """Whether a level's counts can be a record: no more won than played, no more matches
    than hands."""
    return (row["hands_won"] <= row["hands"]
            and row["matches_won"] <= row["matches"] <= row["hands"])


def note_level(stats: dict[str, Any], match: fantan.Match, level: str) -> bool:
    """Note that the hand and the match in play are being played against ``level``: the record
    counts each at the easiest level it was played at, so that a level raised just before the
    end does not count a game played against an easier one. True if the note changed."""
    if level not in LEVELS:
        return False
    played = stats["played"]
    before = dict(played)
    if played["match"] != str(match.seed):
        played.update(match=str(match.seed), hand=0, match_level=level)
    if played["hand"] != match.hand_number:
        played.update(hand=match.hand_number, hand_level=level)
    for name in ("hand_level", "match_level"):
        played[name] = min(played[name], level, key=LEVELS.index)
    return bool(played != before)


def counts_at(stats: dict[str, Any], match: fantan.Match | None, level: str) -> str | None:
    """The easier level than ``level`` at which the hand in play of ``match`` counts, as
    noted; None if there is none (no hand in play, no note, or the same level)."""
    played = stats["played"]
    if (match is None or match.state.is_over or played["match"] != str(match.seed)
            or played["hand"] != match.hand_number or level not in LEVELS):
        return None
    noted: str = played["hand_level"]
    return noted if LEVELS.index(noted) < LEVELS.index(level) else None


def _levels(stats: dict[str, Any], match: fantan.Match, level: str) -> tuple[str, str]:
    """The levels the hand and the match in play count at: as noted, else ``level``."""
    note_level(stats, match, level)
    played = stats["played"]
    return played["hand_level"], played["match_level"]


def record_hand(stats: dict[str, Any], level: str, match: fantan.Match, seat: int) -> bool:
    """Count the finished hand of ``match`` (and the match, if that hand ended one of more than
    one hand) for the player at ``seat``, each at the easiest level it was played at (``level``
    if none was noted); False, and nothing counted, if this hand was the last one counted."""
    result = match.state.result
    if result is None or level not in LEVELS:
        return False
    ended = match.is_over and match.hands > 1
    hand_level, match_level = _levels(stats, match, level)
    return _count(stats, f"{match.seed}:{match.hand_number}",
                  (hand_level, {"hands": 1, "hands_won": int(result.winner == seat)}),
                  (match_level, {"matches": int(ended),
                                 "matches_won": int(ended and match.standings[0] == seat)}))


def _count(stats: dict[str, Any], key: str, *counts: tuple[str, dict[str, int]]) -> bool:
    """Add each (level, counts) to the record, unless ``key`` was the last thing counted (it
    is kept as such). A level whose counts would be left unsound gets none of them (a match
    given up after the record was set back to zero, with none of its hands counted since); the
    other levels get theirs."""
    if stats["last"] == key:
        return False
    stats["last"] = key
    rows = {level: dict(stats["levels"][level]) for level, _ in counts}
    for level, add in counts:
        for name, n in add.items():
            rows[level][name] += n
    for level, row in rows.items():
        if _sound(row):
            stats["levels"][level].update(row)
    return True


def gives_up(match: fantan.Match | None, seat: int) -> bool:
    """Whether leaving ``match`` for a new game gives up a game the player at ``seat`` has
    begun (record_left counts it then): a hand in play in which they have moved and are still
    playing, or a match with hands still to come after one of theirs."""
    return match is not None and (_hand_left(match, seat) or _match_left(match, seat))


def _hand_left(match: fantan.Match, seat: int) -> bool:
    """A hand still in play in which the player at ``seat`` has moved and still takes part
    (not yet out or eliminated, where play goes on for the places without them)."""
    state = match.state
    if state.is_over:
        return False
    obs = state.observation(seat)
    return seat not in obs.out and seat not in obs.eliminated and any(
        e.seat == seat and e.kind in ("play", "pass", "give") for e in state.history)


def _hand_settled(match: fantan.Match, seat: int) -> bool | None:
    """For a hand still in play that the player at ``seat`` is out of or eliminated from (play
    goes on for the places without them), whether they won it (the engine's settled winner).
    None for any other hand."""
    state = match.state
    if state.is_over:
        return None
    obs = state.observation(seat)
    if seat not in obs.out and seat not in obs.eliminated:
        return None
    return state.settled_winner == seat


def _match_left(match: fantan.Match, seat: int) -> bool:
    """A match of more than one hand, with hands to come, that the player has begun."""
    return match.hands > 1 and not match.is_over and (
        _hand_left(match, seat) or match.state.is_over or match.hand_number > 1)


def record_left(stats: dict[str, Any], level: str, match: fantan.Match, seat: int) -> bool:
    """Count what the player at ``seat`` leaves for a new game: as played and not won, what
    they give up (gives_up: the hand in play, the match with hands to come); as it stands for
    them, a hand they are already out of or eliminated from, whose end would have counted it.
    False, and nothing counted, if there is nothing to count or it was counted already."""
    hand = _hand_left(match, seat)
    settled = _hand_settled(match, seat)
    game = _match_left(match, seat)
    if not (hand or game or settled is not None) or level not in LEVELS:
        return False
    hand_level, match_level = _levels(stats, match, level)
    return _count(stats, f"{match.seed}:left",
                  (hand_level, {"hands": int(hand or settled is not None),
                                "hands_won": int(bool(settled))}),
                  (match_level, {"matches": int(game)}))


def cleared(stats: dict[str, Any]) -> dict[str, Any]:
    """The record set back to zero at every level; the last hand counted stays counted, so that
    its board shown again does not count it anew."""
    fresh = parse_stats(None)
    fresh["last"] = stats["last"]
    fresh["played"] = dict(stats["played"])
    return fresh


def view_at(match: fantan.Match) -> str:
    """Where a game is: its deal, its hand and its number of moves."""
    return f"{match.seed}:{match.hand_number}:{len(match.state.moves)}"


class View(NamedTuple):
    """What a reload shows again of the table (view_text): the card chosen, the table shown
    instead of a hand's board, a hint shown or being worked out at our turn (asked again: the
    same answer), the boards' score sheet open, and the levels of the hint ("medium",
    "hard") at which a check of our moves was asked for after the hand (each made again: the
    same answers), and the score sheet opened on this hand's board (scrolled into view again)."""

    selected: str | None = None
    table: bool = False
    hint: bool = False
    sheet: bool = False
    checked: tuple[str, ...] = ()
    sheet_seen: bool = False


NO_VIEW = View()  # a hand begun with nothing of the table's view to show again
CHECK_LEVELS = ("hard", "medium")  # the levels a hint, and a check of our moves, is made at


def view_text(match: fantan.Match, selected: str | None, table: bool,
              hint: bool = False, sheet: bool = False, checked: Sequence[str] = (),
              sheet_seen: bool = False) -> str:
    """What the table shows of ``match`` beyond the game itself, for a reload to show again:
    the card chosen in our hand, whether the table is shown instead of a hand's board,
    whether a hint is shown, whether a board's score sheet is open (and opened on this board,
    in view), and the levels at which our moves of the hand just over were checked (or are
    being checked)."""
    return json.dumps({"at": view_at(match), "selected": selected, "table": table,
                       "hint": hint, "sheet": sheet, "checked": sorted(checked),
                       "seen": sheet and sheet_seen})


def parse_view(text: str | None, match: fantan.Match, seat: int) -> View:
    """The view (view_text) if ``text`` was written at the very place ``match`` is now; the
    chosen card only if it is still ours to play or give there, and the hint only while it is
    our turn, and the check of our moves only once the hand is over. Anything else, or
    anything not understood: nothing chosen, the board shown. The score sheet, open from one
    hand's board to the next, is as it was anywhere; opened on the board, only there."""
    try:
        data = loads(text) if text else {}
    except (ValueError, TypeError, RecursionError):
        return View()
    if not isinstance(data, dict):
        return View()
    sheet = data.get("sheet") is True
    if data.get("at") != view_at(match):
        return View(sheet=sheet)
    state = match.state
    table = data.get("table") is True and state.is_over
    if state.to_move != seat:
        levels = data.get("checked")
        checked = (tuple(sorted({lv for lv in levels if lv in CHECK_LEVELS}))
                   if isinstance(levels, list) and state.is_over else ())
        seen = sheet and data.get("seen") is True and state.is_over
        return View(table=table, sheet=sheet, checked=checked, sheet_seen=seen)
    hint = data.get("hint") is True
    selected = data.get("selected")
    if not isinstance(selected, str):
        return View(None, table, hint, sheet)
    gift = state.pending_gift
    move = "give:" + selected if gift is not None and gift[0] == seat else selected
    if move not in state.legal_moves():
        return View(None, table, False, sheet)
    return View(selected, table, hint, sheet)


DIALOGS_KEY = "fantan.dialogs"
"""In the tab's sessionStorage: the dialogs open over the table and the new-game screen's
choices, for a reload (dialogs_text)."""
DIALOG_STACKS = (("menu",), ("setup",), ("rules-page",), ("setup", "rules-page"),
                 ("moves-page",))
"""The dialogs that can be open at once, bottom first (the rules page opens over the new-game
screen, or alone from the menu, which closes; the hand's moves alone, from the menu or the
table looked at after a hand)."""


class Dialogs(NamedTuple):
    """What a reload opens again (dialogs_text): the dialogs open, bottom first, and with the
    new-game screen its choices so far (``draft``: preset, rules, level, match, and the
    player's own rules kept aside while another game is looked at, view.pick_game)."""

    open: tuple[str, ...] = ()
    draft: dict[str, Any] | None = None


def dialogs_text(opened: Sequence[str], draft: dict[str, Any] | None) -> str:
    """The dialogs open (ids, bottom first) and the new-game screen's choices, as text."""
    data = None
    if draft is not None:
        custom = draft.get("custom")
        data = {"preset": draft["preset"], "rules": draft["rules"].to_dict(),
                "level": draft["level"], "match": draft["match"],
                "custom": None if custom is None else custom.to_dict()}
    return json.dumps({"open": list(opened), "draft": data}, separators=(",", ":"))


def parse_dialogs(text: str | None) -> Dialogs:
    """The dialogs of dialogs_text. Anything not understood opens none: a new-game screen
    only with every one of its choices sound (rules that make a game, a known preset whose
    rules they are unless custom, level and match length)."""
    try:
        data = loads(text) if text else {}
    except (ValueError, TypeError, RecursionError):
        return Dialogs()
    opened = data.get("open") if isinstance(data, dict) else None
    if not isinstance(opened, list) or tuple(opened) not in DIALOG_STACKS:
        return Dialogs()
    if "setup" not in opened:
        return Dialogs(tuple(opened))
    draft = data.get("draft")
    if not isinstance(draft, dict):
        return Dialogs()
    preset, level, match = draft.get("preset"), draft.get("level"), draft.get("match")
    if not (sound_preset(preset) and level in LEVELS and sound_match(match)):
        return Dialogs()
    fields, own = draft.get("rules"), draft.get("custom")
    if not isinstance(fields, dict) or not (own is None or isinstance(own, dict)):
        return Dialogs()
    try:
        rules = stored_rules(fields)
        custom = None if own is None else stored_rules(own)
    except (ValueError, TypeError):
        return Dialogs()
    if preset != "custom" and not is_preset(rules, str(preset)):
        return Dialogs()  # (the rules of another game than the one chosen)
    return Dialogs(tuple(opened), {"preset": preset, "rules": rules, "level": level,
                                   "match": match, "custom": custom})


def rules_from_settings(settings: dict[str, Any]) -> fantan.Rules:
    """The rules a new game with these settings is played by."""
    if settings["preset"] == "custom" and settings["custom"]:
        rules = fantan.Rules.from_dict(settings["custom"])
    else:
        rules = fantan.preset(settings["preset"])
    # (each on its own: one refused, as a link's 9 players are, leaves the other in play)
    for field, value in (("players", settings["players"]), ("match_hands", settings["match"])):
        if value is not None:
            try:
                rules = rules.replace(**{field: value})
            except fantan.RulesError:
                pass
    return rules


def save_text(match: fantan.Match) -> str:
    return json.dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION,
                       "match": match.to_dict()}, separators=(",", ":"))


def parse_save(text: str) -> fantan.Match:
    """A match from a save; fantan.SaveError for anything that is not one of our saves."""
    try:
        data = loads(text)
    except (ValueError, TypeError):
        raise fantan.SaveError("not JSON", "damaged") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise fantan.SaveError("not a saved game of this page", "damaged")
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:  # (not 1.0, nor true)
        newer = type(version) is int and version > SAVE_VERSION
        raise fantan.SaveError(f"save version {version!r} is not {SAVE_VERSION}",
                               "newer" if newer else "damaged")
    # (as compact as save_text wrote it: the length the engine allows is of this text)
    match = fantan.load_match(json.dumps(data.get("match"), separators=(",", ":")))
    if match.seed >= 10**SEED_DIGITS:
        raise fantan.SaveError(f"the seed has more than {SEED_DIGITS} digits", "damaged")
    why = unsound_rules(match.rules)
    if why is not None:
        raise fantan.SaveError(f"rules of {why}", "damaged")
    return match


SET_ASIDE = {
    # What the player is told of a save set aside, by fantan.SaveError.kind.
    "damaged": "msg.save-set-aside",
    "newer": "msg.save-set-aside-newer",
    "illegal-move": "msg.save-set-aside-move",
    "invalid": "msg.save-set-aside-invalid",
}


def read_save(text: str) -> tuple[fantan.Match | None, str | None]:
    """The match of a save, or None and why it cannot be read (a fantan.SaveError.kind)."""
    try:
        return parse_save(text), None
    except fantan.SaveError as error:
        return None, error.kind
    except (ValueError, TypeError, KeyError, RecursionError):
        return None, "invalid"


def readable(text: str | None) -> fantan.Match | None:
    """The match of a save, or None if there is none or it cannot be read."""
    return read_save(text)[0] if text else None


class Store:
    """The page's saves, for one tab."""

    def __init__(self, storage: Storage | None, tab: str, clock: Callable[[], int]) -> None:
        self.storage = storage
        self.tab = tab
        self.clock = clock
        self.failed = storage is None  # saving is not possible (full, private mode, blocked)
        self.full = False  # (because the storage is full)
        self._reported = False
        self.frozen = False  # a bad save could not be set aside: never overwrite it
        self._aside: str | None = None  # (that save, to set aside when there is room)

    # -- raw access, every failure caught --

    def read(self, key: str) -> str | None:
        if self.storage is None:
            return None
        try:
            value = self.storage.getItem(key)
        except Exception:
            self.failed = True
            return None
        return None if missing(value) else str(value)

    def write(self, key: str, value: str) -> bool:
        if self.storage is None:
            self.failed = True
            return False
        try:
            self.storage.setItem(key, value)
        except Exception as error:
            self.failed = True
            # (QuotaExceededError; older Firefox: NS_ERROR_DOM_QUOTA_REACHED)
            self.full = self.full or "quota" in f"{getattr(error, 'name', '')} {error}".lower()
            return False
        return True

    def remove(self, key: str) -> None:
        if self.storage is not None:
            try:
                self.storage.removeItem(key)
            except Exception:
                self.failed = True

    def keys(self) -> list[str]:
        """Every key in the storage ([] if they cannot be read)."""
        if self.storage is None:
            return []
        try:
            found = (self.storage.key(i) for i in range(int(self.storage.length)))
            return [str(key) for key in found if not missing(key)]
        except Exception:
            return []

    def problem(self) -> str | None:
        """The message id to show when saving has failed, the first time only."""
        if self.failed and not self._reported:
            self._reported = True
            return "msg.storage-full" if self.full else "msg.storage-unavailable"
        return None

    # -- ownership between tabs --

    def claim(self) -> None:
        """This tab plays the game from now on; another tab that had it stops writing. Where
        the claim cannot be written (the storage is full), the last one is removed: with none,
        every tab may play (owns), and this one, not held back by an old claim, saves and
        hears that the storage is full."""
        if not self.write(OWNER_KEY, self.tab):
            self.remove(OWNER_KEY)

    def owns(self) -> bool:
        owner = self.read(OWNER_KEY)
        return owner is None or owner == self.tab

    # -- the game --

    def load(self) -> tuple[fantan.Match | None, str | None]:
        """The saved match (None if there is none) and a message id if a save was set aside."""
        text = self.read(SAVE_KEY)
        match, why = read_save(text) if text else (None, None)
        if why is None:
            self.frozen, self._aside = False, None
            return match, None
        self._set_aside(str(text))
        return None, SET_ASIDE[why]

    def _set_aside(self, text: str) -> bool:
        """Keep an unreadable save under a key of its own (one too long for any save, its
        first ASIDE_HEAD characters where there is no room for it all); while it cannot be
        (the storage is full), the game is not saved over it, and each save tries again."""
        if self.read(SAVE_KEY) != text:  # (another tab has saved over it meanwhile)
            self.frozen, self._aside = False, None
            return True
        self._forget_aside(keep=ASIDE_KEEP - 1)  # (which also makes room for this one)
        key = ASIDE_PREFIX + str(self.clock())
        before = (self.failed, self.full)
        if self.write(key, text) or (len(text) > fantan.game.MAX_SAVE_CHARS
                                     and self.write(key, text[:ASIDE_HEAD])):
            self.failed, self.full = before  # (its start kept, it is not a failure to tell)
            self.remove(SAVE_KEY)
            self.frozen, self._aside = False, None
            return True
        self.frozen, self._aside = True, text
        return False

    def _forget_aside(self, keep: int) -> None:
        """Remove the saves set aside but the newest ``keep``."""
        def stamp(key: str) -> int:
            found = whole_number(key[len(ASIDE_PREFIX):])
            return -1 if found is None else found

        aside = sorted((k for k in self.keys() if k.startswith(ASIDE_PREFIX)), key=stamp)
        for key in aside[:max(len(aside) - keep, 0)]:
            self.remove(key)

    def peek(self) -> fantan.Match | None:
        """The saved match, read only (None if there is none or it cannot be read): for a tab
        that does not own the game, which must not set a save aside."""
        return readable(self.read(SAVE_KEY))

    def save(self, match: fantan.Match) -> bool:
        """Write the match if this tab owns the game; False if it was not written."""
        if not self.owns():
            return False
        if self.frozen and (self._aside is None or not self._set_aside(self._aside)):
            return False
        return self.write(SAVE_KEY, save_text(match))

    def load_settings(self) -> dict[str, Any]:
        return parse_settings(self.read(SETTINGS_KEY))

    def save_settings(self, settings: dict[str, Any]) -> bool:
        return self._write_owned(SETTINGS_KEY, settings)

    def load_stats(self) -> dict[str, Any]:
        return parse_stats(self.read(STATS_KEY))

    def mend_stats(self) -> str | None:
        """A record that cannot be read, whole or in part, is written again as it can be read
        (what could not be starts again from 0), once: the message id to show then."""
        if not record_unreadable(self.read(STATS_KEY)) or not self.owns():
            return None
        self.save_stats(self.load_stats())
        return "msg.record-unreadable"

    def save_stats(self, stats: dict[str, Any]) -> bool:
        return self._write_owned(STATS_KEY, stats)

    def _write_owned(self, key: str, data: dict[str, Any]) -> bool:
        """Write ``data`` as JSON under ``key`` if this tab owns the game; False if not written."""
        if not self.owns():
            return False
        return self.write(key, json.dumps(data, separators=(",", ":")))
