"""Play Fan Tan in the terminal against the computer, or inspect a deal or a save.

    python -m fantan [--preset fan-tan] [--players 4] [--seed 7] [--level medium]
    python -m fantan --watch            computer players only, every move shown
    python -m fantan --load save.json   continue a saved game (--save FILE writes one)
    python -m fantan --list             the presets
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import TextIO

from . import ai
from .game import GameState, SaveError
from .match import Match, load_match, new_match
from .rules import PRESETS, RulesError, preset

SUIT_NAMES = {
    "S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
    "O": "oros", "E": "espadas", "B": "bastos",
}
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "O": "o", "E": "e", "B": "b"}


def pretty(code: str, spanish: bool = False) -> str:
    """A card code with its suit sign ("10♥"); Spanish cups print as "c"."""
    suit = code[-1]
    sign = "c" if spanish and suit == "C" else SUIT_SIGNS[suit]
    return code[:-1] + sign


def suit_name(suit: str, spanish: bool) -> str:
    return "copas" if spanish and suit == "C" else SUIT_NAMES[suit]


def explain(state: GameState, move: str) -> str:
    """An English sentence for why a move is refused (the engine gives the reason)."""
    info = state.explain(move)
    if info is None:
        return ""
    spanish = state.rules.deck == "spanish40"
    reason = info["reason"]
    card = pretty(info["card"], spanish) if "card" in info else move
    row = suit_name(info.get("suit", ""), spanish) if "suit" in info else ""
    texts: dict[str, Callable[[], str]] = {
        "game-over": lambda: "the hand is over",
        "bad-move": lambda: f"{move!r} is not a card of this deck, 'pass' or a gift now",
        "must-give": lambda: "you owe a card: give one with give:CARD",
        "not-in-hand": lambda: f"you do not hold {card}",
        "must-open-with": lambda: f"the first card must be {pretty(info['opening_card'], spanish)}",
        "row-not-open": lambda: (
            f"the {row} row is not open yet: its {pretty(info['start'], spanish)} comes first"
        ),
        "not-adjacent": lambda: (
            f"{card} does not touch either end of the {row} row "
            f"({pretty(info['low'], spanish)}-{pretty(info['high'], spanish)})"
        ),
        "gate-closed": lambda: (
            f"the {row} row must first take " + " and ".join(
                pretty(c, spanish) for c in info["needs"])
        ),
        "must-play": lambda: "you have a playable card, so you may not pass",
    }
    return texts[reason]()


def show_table(state: GameState, out: TextIO) -> None:
    spanish = state.rules.deck == "spanish40"
    for row in state.rows():
        name = suit_name(row.suit, spanish)
        cards = " ".join(pretty(c, spanish) for c in row.cards) or "(not open)"
        needs = ", ".join(pretty(c, spanish) for c in row.needs)
        extra = "  complete" if row.complete else (f"  needs {needs}" if needs else "")
        laid = ("  laid out: " + " ".join(pretty(c, spanish) for c in row.laid_out)
                if row.laid_out else "")
        print(f"  {name:>8}: {cards}{extra}{laid}", file=out)


def show_seats(state: GameState, human: int | None, out: TextIO) -> None:
    parts = []
    for s in range(state.players):
        who = "you" if s == human else f"P{s}"
        mark = "*" if s == state.to_move else " "
        dealer = " (dealer)" if s == state.dealer else ""
        parts.append(f"{mark}{who}: {state.hand_size(s)} cards, {state.passes[s]} passes{dealer}")
    print("  " + " | ".join(parts), file=out)


def main(argv: list[str] | None = None, stdin: TextIO = sys.stdin,
         out: TextIO = sys.stdout) -> int:
    ap = argparse.ArgumentParser(prog="python -m fantan",
                                 description="Play Fan Tan in the terminal.")
    ap.add_argument("--preset", default="fan-tan", choices=list(PRESETS))
    ap.add_argument("--players", type=int, default=None, help="3 to 8")
    ap.add_argument("--seed", type=int, default=None, help="deal seed (random if omitted)")
    ap.add_argument("--level", default="medium", choices=ai.LEVELS)
    ap.add_argument("--watch", action="store_true", help="computer players only")
    ap.add_argument("--load", metavar="FILE", help="continue a saved match")
    ap.add_argument("--save", metavar="FILE", help="save the match after every move")
    ap.add_argument("--list", action="store_true", help="list the presets and exit")
    args = ap.parse_args(argv)
    if args.seed is not None and args.seed < 0:
        ap.error("--seed must be 0 or more")

    if args.list:
        for name, r in PRESETS.items():
            print(f"{name:<15} {r.deck}, ace {r.ace}, start {r.start_rank}, {r.opening}, "
                  f"{r.build_order}, {r.passing} passing, penalty {r.pass_penalty}, "
                  f"{r.scoring}, {r.hands_in_match()} hand(s)", file=out)
        return 0

    if args.load:
        try:
            with open(args.load, "rb") as f:  # (load_match says what is wrong with the bytes)
                match = load_match(f.read())
        except (OSError, SaveError) as e:
            print(f"cannot load {args.load}: {e}", file=out)
            return 2
    else:
        rules = preset(args.preset)
        if args.players is not None:
            try:
                rules = rules.replace(players=args.players)
            except RulesError as e:
                ap.error(str(e))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
        match = new_match(rules, seed)
        print(f"{args.preset}, seed {seed}, {rules.players} players, "
              f"{match.hands} hand(s)", file=out)
    human = None if args.watch else 0
    while True:
        played = play_hand(match, human, args.level, args.save, stdin, out)
        if played is None:
            return 0
        match = played
        res = match.state.result
        assert res is not None
        print("\nHand over. " + ("You win!" if res.winner == human else f"P{res.winner} wins."),
              file=out)
        for s in range(match.rules.players):
            who = "you" if s == human else f"P{s}"
            held = " ".join(pretty(c, match.rules.deck == "spanish40")
                            for c in match.state.hand(s))
            print(f"  {who}: {res.cards_left[s]} cards left, {res.scores[s]:+d} points  {held}",
                  file=out)
        if match.hands > 1:
            print(f"  totals after hand {match.hand_number}/{match.hands}: "
                  + ", ".join(f"{'you' if s == human else f'P{s}'} {t:+d}"
                              for s, t in enumerate(match.totals)), file=out)
        if match.is_over:
            first = match.standings[0]
            print("Match over: " + ("you win the match!" if first == human
                                    else f"P{first} wins the match."), file=out)
            return 0
        match = match.next_hand()
        _save(match, args.save)


def play_hand(match: Match, human: int | None, level: str, save: str | None, stdin: TextIO,
              out: TextIO) -> Match | None:
    """Play the current hand to its end; None if the player quits."""
    spanish = match.rules.deck == "spanish40"
    while not match.state.is_over:
        state = match.state
        seat = state.to_move
        assert seat is not None
        if seat != human:
            move = ai.choose(level, state.observation(seat), seed=match.move_seed)
            print(f"P{seat}: {_describe(move, spanish)}", file=out)
        else:
            legal = state.legal_moves()
            if legal == ("pass",):
                print("You: no move, you pass.", file=out)
                move = "pass"
            else:
                move = _ask(state, level, match.move_seed, stdin, out)
                if move == "quit":
                    return None
        match = match.play(move)
        _save(match, save)
    return match


def _ask(state: GameState, level: str, seed: int, stdin: TextIO, out: TextIO) -> str:
    spanish = state.rules.deck == "spanish40"
    legal = state.legal_moves()
    print("", file=out)
    show_table(state, out)
    show_seats(state, 0, out)
    hand = " ".join(
        (pretty(c, spanish) + ("*" if c in legal or "give:" + c in legal else ""))
        for c in state.hand(0)
    )
    print(f"  your hand: {hand}", file=out)
    while True:
        print("Your move (a card such as 7D, 'pass', give:CARD, '?' for a hint, 'quit'): ",
              end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            return "quit"
        text = line.strip()
        if text == "quit":
            return "quit"
        if text == "?":
            advice = ai.hint(level, state.observation(0), seed=seed)
            print(f"  hint: {_hint_text(advice, spanish)}", file=out)
            continue
        why = explain(state, text)
        if why:
            print(f"  not allowed: {why}", file=out)
            continue
        return text


WHY = {  # the argument for a hint, by ai.advise's kind
    "only": "the only card that fits",
    "own": "it leads to your {cards}",
    "free": "it helps none of the others",
    "block": "P{seat} is nearly out, and of your cards that fit it helps the others least",
    "least": "of your cards that fit, it helps the others least",
    "costly": "kept, it would cost you {points}",
    "even": "any card that fits helps the others as much",
    "near": "your hand lies closest around its rank",
    "hold": "each card that fits would help the others",
    "far": "of your cards, it is the farthest from being played",
    "search": "it did best when the hand was played out",
}


def _hint_text(advice: ai.Advice, spanish: bool) -> str:
    """The hint's move and, where there is one, the argument for it."""
    move = advice.move
    said = ("pass" if move == "pass" else "give " + pretty(move[5:], spanish)
            if move.startswith("give:") else "play " + pretty(move, spanish))
    why = WHY.get(advice.kind)
    if why is None:
        return said
    if advice.kind == "search" and advice.worlds:
        if advice.rival is None:
            why = f"in {advice.worlds} trial deals, nothing else did clearly better"
        else:
            other = ("passing" if advice.rival == "pass"
                     else pretty(advice.rival.removeprefix("give:"), spanish))
            why = (f"in {advice.worlds} trial deals, {advice.gain:.1f} points better on "
                   f"average than {other}")
    cards = ", ".join(pretty(c, spanish) for c in advice.cards)
    return f"{said} ({why.format(cards=cards, seat=advice.seat, points=advice.points)})"


def _describe(move: str, spanish: bool) -> str:
    if move == "pass":
        return "passes"
    if move.startswith("give:"):
        return "gives a card"
    return "plays " + pretty(move, spanish)


def _save(match: Match, path: str | None) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(match.to_json())


__all__ = ["main", "explain"]

if __name__ == "__main__":
    sys.exit(main())
