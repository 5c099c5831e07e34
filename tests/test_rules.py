"""Rules: every preset's fields (RULES.md §3), validation of refused combinations, round-trips."""

from __future__ import annotations

import json

import pytest

import fantan

FIELDS = (
    "players", "deck", "ace", "start_rank", "opening", "opening_card", "preplaced_from",
    "build_order", "passing", "pass_limit", "pass_penalty", "scoring", "pay_per_card",
    "match_hands", "winner_leads_next",
)

# RULES.md §3, column by column. "hands: one per player" is match_hands None.
PRESET_TABLE = {
    "fan-tan": dict(players=4, deck="french52", ace="high", start_rank="7", opening="holder",
                    opening_card="7D", build_order="ends", passing="forced", pass_penalty="none",
                    scoring="zero-sum-cards", match_hands=1, winner_leads_next=False),
    "sjueren": dict(players=4, deck="french52", ace="low", start_rank="7", opening="holder",
                    opening_card="7D", build_order="ends", passing="forced",
                    pass_penalty="point", scoring="penalty-points", match_hands=5,
                    winner_leads_next=False),
    "fan-tan-chips": dict(players=4, deck="french52", ace="low", start_rank="7", opening="seek",
                          opening_card="7D", build_order="ends", passing="forced",
                          pass_penalty="chip", scoring="chips", pay_per_card=True,
                          match_hands=None, winner_leads_next=True),
    "sevens": dict(players=4, deck="french52", ace="high", start_rank="7", opening="any-start",
                   build_order="ends", passing="forced", pass_penalty="none",
                   scoring="zero-sum-cards", match_hands=1, winner_leads_next=False),
    "ruter-7": dict(players=4, deck="french52", ace="low", start_rank="7", opening="holder",
                    opening_card="7D", build_order="ends", passing="forced", pass_penalty="card",
                    scoring="ruter7-values", match_hands=5, winner_leads_next=False),
    "ristiseiska": dict(players=4, deck="french52", ace="low", start_rank="7", opening="holder",
                        opening_card="7C", build_order="six-and-eight-first", passing="forced",
                        pass_penalty="card", scoring="penalty-points", match_hands=5,
                        winner_leads_next=False),
    "sjuan": dict(players=4, deck="french52", ace="low", start_rank="7", opening="seek",
                  opening_card="7H", build_order="ends", passing="forced", pass_penalty="chip",
                  scoring="chips", pay_per_card=True, match_hands=None, winner_leads_next=True),
    "femkamp": dict(players=4, deck="french52", ace="low", start_rank="7", opening="holder",
                    opening_card="7H", build_order="ends", passing="forced",
                    pass_penalty="point", scoring="penalty-points", match_hands=5,
                    winner_leads_next=False),
    "eights-first": dict(players=4, deck="french52", ace="low", start_rank="7", opening="holder",
                         opening_card="7D", build_order="eights-first", passing="forced",
                         pass_penalty="point", scoring="penalty-points", match_hands=5,
                         winner_leads_next=False),
    "shichi-narabe": dict(players=4, deck="french52", ace="low", start_rank="7",
                          opening="preplaced", preplaced_from="deck", build_order="ends",
                          passing="limited", pass_limit=3, pass_penalty="none",
                          scoring="placement", match_hands=1, winner_leads_next=False),
    "cinquillo": dict(players=4, deck="spanish40", ace="low", start_rank="5",
                      opening="preplaced", preplaced_from="deck", build_order="ends",
                      passing="forced", pass_penalty="chip", scoring="chips", pay_per_card=True,
                      match_hands=None, winner_leads_next=True),
    "domino": dict(players=4, deck="french52", ace="low", start_rank="chosen",
                   opening="any-start", build_order="ends", passing="forced",
                   pass_penalty="point", scoring="penalty-points", match_hands=5,
                   winner_leads_next=False),
    "points": dict(players=4, deck="french52", ace="low", start_rank="7", opening="seek",
                   opening_card="7D", build_order="ends", passing="forced", pass_penalty="point",
                   scoring="face-value", match_hands=None, winner_leads_next=True),
}


def test_presets_are_exactly_the_named_systems():
    assert set(fantan.PRESETS) == set(PRESET_TABLE)


@pytest.mark.parametrize("name", sorted(PRESET_TABLE))
def test_preset_fields(name):
    rules = fantan.preset(name)
    assert rules == fantan.PRESETS[name]
    assert isinstance(rules, fantan.Rules)
    for field, value in PRESET_TABLE[name].items():
        assert getattr(rules, field) == value, (name, field)
    for field in FIELDS:
        assert hasattr(rules, field)


def test_fan_tan_is_the_default():
    assert fantan.Rules() == fantan.preset("fan-tan")


def test_every_preset_plays_with_any_player_count():
    for name in fantan.PRESETS:
        for n in range(3, 9):
            rules = fantan.preset(name).replace(players=n)
            assert rules.players == n
            state = fantan.new_game(rules, seed=n)
            assert state.legal_moves()


def test_unknown_preset_lists_the_names():
    with pytest.raises(ValueError) as e:
        fantan.preset("canasta")
    for name in fantan.PRESETS:
        assert name in str(e.value)


def test_rules_are_frozen():
    rules = fantan.preset("fan-tan")
    with pytest.raises(AttributeError):
        rules.players = 5  # type: ignore[misc]


def test_replace_returns_new_rules():
    rules = fantan.preset("fan-tan")
    five = rules.replace(players=5, ace="low")
    assert (five.players, five.ace) == (5, "low")
    assert (rules.players, rules.ace) == (4, "high")


# Each refused combination of RULES.md §2 and the field its message must name.
REFUSED = [
    ("fan-tan", dict(players=2), "players"),
    ("fan-tan", dict(players=9), "players"),
    ("fan-tan", dict(players="4"), "players"),
    ("fan-tan", dict(deck="tarot78"), "deck"),
    ("fan-tan", dict(ace="middle"), "ace"),
    ("fan-tan", dict(start_rank="8"), "start_rank"),
    ("fan-tan", dict(opening="random"), "opening"),
    ("fan-tan", dict(build_order="any"), "build_order"),
    ("fan-tan", dict(passing="free"), "passing"),
    ("fan-tan", dict(pass_penalty="money"), "pass_penalty"),
    ("fan-tan", dict(scoring="bridge"), "scoring"),
    ("fan-tan", dict(pass_limit=-1), "pass_limit"),
    ("fan-tan", dict(match_hands=0), "match_hands"),
    ("fan-tan", dict(pay_per_card="yes"), "pay_per_card"),
    ("fan-tan", dict(winner_leads_next=1), "winner_leads_next"),
    # A Spanish row always runs 1..12: ace must be low.
    ("cinquillo", dict(ace="high"), "ace"),
    # chosen needs any-start.
    ("fan-tan", dict(start_rank="chosen"), "start_rank"),
    ("shichi-narabe", dict(start_rank="chosen"), "start_rank"),
    # limited passing needs pass_penalty none.
    ("sjueren", dict(passing="limited"), "pass_penalty"),
    ("fan-tan-chips", dict(passing="limited"), "pass_penalty"),
    ("ruter-7", dict(passing="limited"), "pass_penalty"),
    # point needs penalty-points, face-value or ruter7-values.
    ("fan-tan", dict(pass_penalty="point"), "pass_penalty"),
    ("shichi-narabe", dict(passing="forced", pass_penalty="point"), "pass_penalty"),
    ("fan-tan-chips", dict(pass_penalty="point"), "pass_penalty"),
    # chip needs chips.
    ("fan-tan", dict(pass_penalty="chip"), "pass_penalty"),
    ("sjueren", dict(pass_penalty="chip"), "pass_penalty"),
    # card values need the French deck.
    ("cinquillo", dict(scoring="face-value", pass_penalty="none"), "scoring"),
    ("cinquillo", dict(scoring="ruter7-values", pass_penalty="none"), "scoring"),
    # holder/seek need an opening card of this deck and of the start rank.
    ("fan-tan", dict(opening_card="7X"), "opening_card"),
    ("fan-tan", dict(opening_card="8D"), "opening_card"),
    ("fan-tan-chips", dict(opening_card="5D"), "opening_card"),
    ("cinquillo", dict(opening="holder", opening_card="7D"), "opening_card"),
    # Ignored by the other openings, but still a card code (the new-game screen reads it).
    ("fan-tan", dict(opening="preplaced", opening_card="not a card"), "opening_card"),
    ("sevens", dict(opening_card=""), "opening_card"),
]


@pytest.mark.parametrize("name,changes,field", REFUSED)
def test_refused_combinations_name_the_field(name, changes, field):
    with pytest.raises(fantan.RulesError) as e:
        fantan.preset(name).replace(**changes)
    assert isinstance(e.value, ValueError)
    assert field in str(e.value)


@pytest.mark.parametrize("name,changes,field", REFUSED)
def test_refused_combinations_refused_by_from_dict(name, changes, field):
    d = fantan.preset(name).to_dict()
    d.update(changes)
    with pytest.raises(fantan.RulesError) as e:
        fantan.Rules.from_dict(d)
    assert field in str(e.value)


ALLOWED = [
    # Custom combinations not refused by RULES.md are playable.
    ("fan-tan", dict(ace="low")),
    ("fan-tan", dict(start_rank="5", opening_card="5S")),
    ("fan-tan", dict(opening="any-start", start_rank="chosen")),
    ("fan-tan", dict(opening="preplaced", preplaced_from="hands")),
    ("fan-tan", dict(opening="preplaced", opening_card="5O")),  # another deck's: ignored there
    ("fan-tan", dict(scoring="placement")),
    ("fan-tan", dict(scoring="penalty-points", pass_penalty="card")),
    ("fan-tan", dict(passing="limited", pass_limit=0)),
    ("fan-tan", dict(build_order="six-and-eight-first", opening="seek")),
    ("cinquillo", dict(start_rank="7", pass_penalty="none", scoring="placement")),
    ("cinquillo", dict(opening="holder", opening_card="5B")),
    ("fan-tan", dict(match_hands=None)),
    ("fan-tan", dict(match_hands=12)),
    ("fan-tan-chips", dict(pay_per_card=False)),
    ("sjueren", dict(scoring="face-value")),
    ("sjueren", dict(scoring="ruter7-values")),
]


@pytest.mark.parametrize("name,changes", ALLOWED)
def test_allowed_custom_combinations(name, changes):
    rules = fantan.preset(name).replace(**changes)
    state = fantan.new_game(rules, seed=3)
    assert state.legal_moves()


def test_opening_card_is_stored_canonical():
    rules = fantan.preset("fan-tan").replace(ace="high", start_rank="5", opening_card="5h")
    assert rules.opening_card == "5H"
    # Kept while idle (the Spanish deck's start cards laid out), a card of the other deck
    # too: rules that mean the same are equal and write the same.
    cinquillo = fantan.preset("cinquillo")
    for typed, code in (("7d", "7D"), ("th", "10H")):
        rules = cinquillo.replace(opening_card=typed)
        assert rules.opening_card == code and rules == cinquillo.replace(opening_card=code)
        assert rules.to_dict()["opening_card"] == code


def test_replace_unknown_field():
    with pytest.raises(ValueError) as e:
        fantan.preset("fan-tan").replace(jokers=2)
    assert "jokers" in str(e.value)


@pytest.mark.parametrize("name", sorted(PRESET_TABLE))
def test_to_dict_round_trip(name):
    rules = fantan.preset(name).replace(players=6)
    d = rules.to_dict()
    assert set(d) == set(FIELDS)
    back = fantan.Rules.from_dict(json.loads(json.dumps(d)))
    assert back == rules
    assert back.to_dict() == d


def test_from_dict_refuses_junk():
    for junk in ([], "fan-tan", 5, None):
        with pytest.raises(ValueError):
            fantan.Rules.from_dict(junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError) as e:
        fantan.Rules.from_dict({"players": 4, "colour": "red"})
    assert "colour" in str(e.value)


@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"passing": "limited", "pass_penalty": "point", "scoring": "penalty-points"},
         "pass_penalty", "limited"),
        ({"pass_penalty": "point"}, "pass_penalty", "point"),
        ({"pass_penalty": "chip"}, "pass_penalty", "chip"),
        ({"deck": "spanish40"}, "ace", ""),
        ({"players": 9}, "players", ""),
    ],
)
def test_refusals_carry_their_field_and_reason_code(
    changes: dict[str, object], field: str, code: str
) -> None:
    with pytest.raises(fantan.RulesError) as caught:
        fantan.preset("fan-tan").replace(**changes)
    assert caught.value.field == field
    assert caught.value.code == code


OTHER_VALUE = {"opening_card": "9S", "preplaced_from": "hands", "pass_limit": 1,
               "pay_per_card": False, "winner_leads_next": True}


def _played(kit, rules: fantan.Rules, seed: int) -> tuple[object, ...]:
    """Every move and every hand's result of a two-hand match (of the rules' one hand, where
    that is what makes a field idle), each seat taking its last legal move."""
    if rules.idle_fields().get("winner_leads_next") != "one-hand":
        rules = rules.replace(match_hands=2)
    _, moves, results = kit.play_through(fantan.new_match(rules, seed), -1)
    return moves, results


@pytest.mark.parametrize("name", sorted(fantan.PRESETS))
def test_an_idle_field_changes_nothing_in_play(kit, name):
    rules = fantan.preset(name)
    idle = rules.idle_fields()
    for field, code in idle.items():
        assert field in OTHER_VALUE and code
        if getattr(rules, field) == OTHER_VALUE[field]:
            continue
        changed = rules.replace(**{field: OTHER_VALUE[field]})
        assert field in changed.idle_fields()
        for seed in (1, 2):
            assert _played(kit, changed, seed) == _played(kit, rules, seed), (name, field)


def test_who_leads_the_next_hand_is_idle_in_a_match_of_one_hand(kit):
    # (there is no next hand: a match of one plays the same either way)
    rules = fantan.preset("cinquillo").replace(match_hands=1)
    assert rules.idle_fields()["winner_leads_next"] == "one-hand"
    other = rules.replace(winner_leads_next=not rules.winner_leads_next)
    for seed in (1, 2):
        assert _played(kit, rules, seed) == _played(kit, other, seed)
    assert "winner_leads_next" not in rules.replace(match_hands=2).idle_fields()
    assert fantan.preset("fan-tan").replace(match_hands=1).idle_fields()[
        "winner_leads_next"] == "holder-leads"


def test_a_field_that_counts_is_not_idle(kit):
    # Each field named idle somewhere does change play where the rules use it.
    assert not fantan.preset("shichi-narabe").idle_fields().keys() & {"pass_limit"}
    assert "pay_per_card" not in fantan.preset("fan-tan-chips").idle_fields()
    assert "preplaced_from" not in fantan.preset("cinquillo").idle_fields()
    assert "opening_card" not in fantan.preset("fan-tan").idle_fields()
    chips = fantan.preset("fan-tan-chips")
    assert _played(kit, chips, 1) != _played(kit, chips.replace(pay_per_card=False), 1)
    shichi = fantan.preset("shichi-narabe")
    assert _played(kit, shichi, 1) != _played(kit, shichi.replace(pass_limit=1), 1)
    seek = fantan.preset("points")  # the player left of the dealer leads, seeking the card
    assert "winner_leads_next" not in seek.idle_fields()
    assert _played(kit, seek, 2) != _played(kit, seek.replace(winner_leads_next=not
                                                    seek.winner_leads_next), 2)


@pytest.mark.parametrize("order", ["eights-first", "six-and-eight-first"])
def test_the_ranks_a_building_order_puts_first_are_those_the_game_asks_for(order: str) -> None:
    # (what the rules page names, held to the play: the row of the first card, that card
    # alone in it, takes these ranks and no other)
    games = [fantan.new_game(rules, seed=1) for rules in (
        fantan.Rules(build_order=order),
        fantan.Rules(build_order=order, start_rank="5", opening_card="5D"),
        fantan.Rules(build_order=order, deck="spanish40", ace="low", opening_card="7O"),
        fantan.Rules(build_order=order, start_rank="chosen", opening="any-start"),
        fantan.Rules(build_order=order, start_rank="chosen", opening="any-start", ace="low"))]
    seen = set()
    for state in games:
        rules = state.rules
        for card in state.legal_moves():  # (under a chosen start, every first card there)
            rank = card[:-1] if rules.start_rank == "chosen" else None
            row = next(r for r in state.play(card).rows() if r.cards)
            first = rules.first_ranks(rank)
            assert first is not None
            if first:
                assert tuple(c[:-1] for c in row.needs) == first, (rules, card, row)
            seen.add(len(first))
            assert rules.first_ranks(rank, "ends") == ()
        assert rules.start_rank == "chosen" or len(state.legal_moves()) == 1
    # (rows' ends met: at an end, eights first puts nothing first, six and eight one rank)
    assert seen == ({0, 1} if order == "eights-first" else {1, 2}), seen
    assert fantan.Rules(start_rank="chosen", opening="any-start").first_ranks() is None


def test_the_opening_card_opens_under_the_holder_and_seek_openings_only() -> None:
    # has_opening_card is where the card is used: not idle in the rules, and the card the
    # holder must play first (or a seat without it must wait for).
    for opening in ("holder", "seek", "any-start", "preplaced"):
        rules = fantan.Rules(opening=opening, opening_card="7S")
        assert rules.has_opening_card == ("opening_card" not in rules.idle_fields()), opening
        state = fantan.new_game(rules, seed=4)
        first = state.legal_moves()
        if rules.has_opening_card:
            assert first in (("7S",), ("pass",)), (opening, first)
        else:
            assert first != ("7S",), (opening, first)
