"""HTML for the table's parts, from the view models of view.py. Pure string building: the page
puts these into its regions. No inline styles or scripts (the page's CSP forbids them); every
text comes from the catalogue and is escaped.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable, Sequence
from html import escape
from typing import Any

import store
import view
from i18n import LANGUAGES, Catalog

import fantan


def attrs(**values: Any) -> str:
    """HTML attributes; None and False are left out, True is a bare attribute, names take
    "-" for "_"."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        out.append(key if value is True else f'{key}="{escape(str(value))}"')
    return (" " + " ".join(out)) if out else ""


def span(cls: str, text: str) -> str:
    return f'<span class="{cls}">{escape(text)}</span>'


def icon(name: str, cls: str = "pip") -> str:
    return f'<svg class="{cls}" aria-hidden="true"><use href="#pip-{name}"></use></svg>'


def card(cat: Catalog, rules: fantan.Rules, code: str, zone: str, *,
         playable: bool | None = None, selected: bool = False, extra: str = "",
         giving: bool = False, tab_stop: bool = True, fits: bool | None = None,
         received: bool = False, led: bool = False) -> str:
    """One card face. Hand cards are buttons (focusable, tappable); others are plain boxes.
    ``playable`` (on our turn) marks a hand card as one to play or dims it; ``fits`` (between
    our turns) says whether the table takes it as it is: a card it does not take is dimmed,
    one it does is said to fit, so that a listener learns what the eyes see (neither is
    offered or refused: it is not our turn). A card in hand that was given to us
    (``received``) or that the card hinted leads to (``led``) is marked, and says so in its
    name."""
    rank, suit = view.split(code)
    name = view.pip(rules, suit)
    label = view.card_words(cat, rules, code)
    classes = ["card", f"s-{name}"]
    if extra:
        classes.append(extra)
    caption = ""
    if view.is_spanish(rules) and rank in ("10", "11", "12") and zone == "hand":
        caption = (f'<span class="caption" aria-hidden="true">'
                   f'{escape(view.rank_name(cat, rules, rank))}</span>')
    # The face is for the eyes; assistive technology gets the card's name in words instead.
    printed = view.rank_label(cat, rules, rank)
    rk = "rk two" if len(printed) > 1 else "rk"  # (drawn narrower: "10" on a narrow strip)
    face = (
        f'<span class="corner" aria-hidden="true"><span class="{rk}">'
        f'{escape(printed)}</span>{icon(name, "pip-s")}</span>'
        f'{icon(name, "pip-c")}{" " + caption if caption else ""}'
    )
    if zone == "hand":
        if caption:  # the number printed on a Spanish picture card is part of what it says
            label = f"{rank} {label}"
        if playable is not None:
            classes.append("playable" if playable else "dim")
            label = cat.t(("card.giveable" if giving else "card.playable") if playable
                          else "card.not-playable", card=label)
        elif fits is False:
            classes.append("dim")
        elif fits:
            label = cat.t("card.fits", card=label)
        if selected:
            classes.append("selected")
        if received:
            classes.append("received")
            label = cat.t("card.received", card=label)
        if led:
            classes.append("led")
            label = cat.t("card.led", card=label)
        button_attrs = attrs(type="button", class_=" ".join(classes), data_card=code,
                             data_zone=zone, aria_label=label,
                             tabindex=None if tab_stop else "-1",
                             aria_disabled="true" if playable is False else None,
                             # (a card that can be chosen is a toggle, chosen or not)
                             aria_pressed="true" if selected else "false" if playable else None)
        return f'<button{button_attrs}>{face}<span class="mark" aria-hidden="true"></span></button>'
    box_attrs = attrs(class_=" ".join(classes), data_card=code, data_zone=zone, role="img",
                      aria_label=label)
    return f"<div{box_attrs}>{face}</div>"


FRENCH = fantan.preset("fan-tan")
"""Rules with the French deck (the only one whose suits are written as signs)."""


@functools.lru_cache(maxsize=8)
def _suit_signs(cat: Catalog) -> tuple[re.Pattern[str], dict[str, str], dict[str, str]]:
    """For spoken_suits, once a language: the pattern of a suit's sign with its card's rank,
    if any, printed before or after it as the language writes a card ("7♦", Norwegian "♦7"),
    and the rank and the suit of each printed rank and sign."""
    ranks = {view.rank_label(cat, FRENCH, r): r for r in view.row_ranks(FRENCH)}
    signs = {sign: suit for suit, sign in view.FRENCH_SYMBOLS.items()}
    labels = "|".join(re.escape(label) for label in sorted(ranks, key=len, reverse=True))
    sign = f"(?P<sign>[{''.join(signs)}])"
    short = cat.t("card.short", rank="{rank}", suit="{suit}")
    if short.find("{suit}") < short.find("{rank}"):
        return re.compile(rf"{sign}(?:(?P<label>{labels})(?!\w))?"), ranks, signs
    return re.compile(rf"(?:(?<!\w)(?P<label>{labels}))?{sign}"), ranks, signs


def spoken_suits(cat: Catalog, text: str) -> str:
    """``text``, escaped, its suits' signs for the eyes and in words for assistive technology,
    whose settings may say nothing for ♦: "the 7♦ opens" is heard as "the 7 of diamonds
    opens", "♦ blue" as "diamonds blue"."""
    return "".join(escape(part) if words is None else
                   f'<span aria-hidden="true">{escape(part)}</span>'
                   f'<span class="sr-only">{escape(words)}</span>'
                   for part, words in _with_suits(cat, text))


def suits_in_words(cat: Catalog, text: str) -> str:
    """``text`` as heard: its suits' signs in words ("7♦" as "7 of diamonds"), for an
    accessible name that cannot hold markup (an <option>'s)."""
    return "".join(part if words is None else words for part, words in _with_suits(cat, text))


def _with_suits(cat: Catalog, text: str) -> Iterable[tuple[str, str | None]]:
    """``text`` in parts: each a run of plain text (with None) or a suit's sign, with its
    card's rank if any, and its words."""
    pattern, ranks, signs = _suit_signs(cat)
    at = 0
    for found in pattern.finditer(text):
        label, suit = found["label"], signs[found["sign"]]
        words = (view.card_words(cat, FRENCH, ranks[label] + suit) if label
                 else view.suit_name(cat, FRENCH, suit))
        yield text[at:found.start()], None
        yield found.group(0), words
        at = found.end()
    yield text[at:], None


# --- seats -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def widest_count(cat: Catalog, most: int) -> str:
    """The longest words of a count of cards from none to ``most`` (found once a language and
    a hand size: every seat's badge asks at every move)."""
    return max((cat.n("seat.cards", k) for k in range(most + 1)), key=len, default="")


def seat(cat: Catalog, sv: view.SeatView, flash: bool = False) -> str:
    """A seat's badge: name, cards, passes, dealer, turn, warnings, chips or points. ``flash``
    lights up what just changed: the count of passes after a pass, or the word for a seat
    just eliminated (in its place in the badge: nothing is laid over another line)."""
    classes = ["seat", f"side-{sv.side}"]
    if sv.turn:
        classes.append("turn")
    if sv.low:
        classes.append("low")
    if sv.place is not None:
        classes.append("out")
    if sv.eliminated:
        classes.append("eliminated")
    facts = []
    if not sv.eliminated:
        # (Out of the hand with its cards laid out, a seat has no cards or passes to count.)
        # (the words of the widest count laid under it, unseen: the badge's width and lines
        # stay as they are while the count falls, or rises in the deal)
        widest = widest_count(cat, sv.most)
        facts.append(f'<span class="count"{attrs(data_widest=widest or None)}>'
                     f'<span>{escape(cat.n("seat.cards", sv.cards))}</span></span>')
    if not sv.eliminated and sv.place is None:
        # (a seat with its place has no passes left to make: they would read as a warning)
        if sv.passes_left is None:
            # ("0× gepasst" is no German: none yet has words of its own)
            passes = (cat.n("seat.passes", sv.passes) if sv.passes
                      else cat.t("seat.passes-none"))
        elif sv.passes_left:
            passes = cat.n("seat.passes-left", sv.passes_left)
        else:  # (the next pass it must make puts it out)
            passes = cat.t("seat.no-passes-left")
        lit = " flash" if flash else ""
        facts.append(f'<span class="passes{lit}">{escape(passes)}</span>')
    if sv.chips is not None:
        # A chip drawn, and the number: short enough for any language on a narrow badge;
        # chips change hands, so that a sum above zero has its plus, as on the board (the
        # badge said "23" over the board's "+23" at a hand's end).
        count = cat.num(sv.chips, signed=sv.signed)
        chips = escape(cat.t("seat.chips", chips=count))
        facts.append(f'<span class="chips" title="{chips}"><span class="chip" aria-hidden="true">'
                     f'</span><span aria-hidden="true">{escape(count)}</span>'
                     f'<span class="sr">{chips}</span></span>')
    if sv.points is not None and sv.total is None:
        facts.append(f'<span class="points">'
                     f'{escape(cat.t("seat.points", points=cat.num(sv.points)))}</span>')
    if sv.total is not None:
        total = cat.num(sv.total, signed=sv.signed)
        facts.append(f'<span class="total">{escape(cat.t("seat.total", total=total))}</span>')
    tags = []
    if sv.dealer:
        dealer = escape(cat.t("seat.dealer"))
        tags.append(f'<span class="tag dealer" title="{dealer}"><span aria-hidden="true">'
                    f'{escape(cat.t("seat.dealer-short"))}</span><span class="sr"> {dealer}'
                    "</span></span>")
    status = ""
    if sv.eliminated:
        lit = " flash" if flash else ""
        status = f'<span class="tag elim{lit}">{escape(cat.t("seat.eliminated"))}</span>'
    elif sv.place is not None:
        status = f'<span class="tag place">{escape(cat.t("seat.place", place=sv.place))}</span>'
    elif sv.low:
        low = escape(cat.t("seat.low"))
        tags.append(f'<span class="tag low" title="{low}"><span aria-hidden="true">!</span>'
                    f'<span class="sr"> {low}</span></span>')
    if status:
        facts.insert(0, status)
    # The seat to move: a marker beside the name as well as the coloured border.
    turn = (f'<span class="turn-mark" aria-hidden="true">▶</span>'
            f'<span class="sr">{escape(cat.t("seat.turn"))}: </span>' if sv.turn else "")
    # (each badge a group named for its seat, so that a listener reading on hears where one
    # seat's facts end and the next one's begin: "to move:" ran on from the seat before)
    seat_attrs = attrs(class_=" ".join(classes), data_seat=sv.seat, role="group",
                       aria_label=sv.name, aria_current="true" if sv.turn else None)
    return (
        f"<div{seat_attrs}>"
        f'<div class="seat-head">{turn}<span class="name">{escape(sv.name)}</span>'
        f'{"".join(tags)}</div>'
        f'<div class="facts">{"".join(facts)}</div></div>'
    )


# --- the rows ----------------------------------------------------------------------------------


def row(cat: Catalog, rules: fantan.Rules, rv: view.RowView, fresh: str | None = None) -> str:
    """One suit's strip: a slot per rank, the start column marked, the next-needed ends marked."""
    classes = ["row", f"s-{rv.pip}"]
    if rv.complete:
        classes.append("complete")
    if not rv.is_open:
        classes.append("closed")
    cells = []
    for slot in rv.slots:
        sc = ["slot"]
        if slot.start:
            sc.append("start")
        if slot.needed:
            sc.append("needed")
        if slot.filled:
            extra = "laid" if slot.laid_out else ("fresh" if slot.code == fresh else "")
            inner = card(cat, rules, slot.code, "table", extra=extra)
        else:
            inner = f'<span class="ghost">{escape(slot.rank)}</span>'
        cells.append(f'<div{attrs(class_=" ".join(sc), data_slot=slot.code)}>{inner}</div>')
    suit_label = (f'<div class="row-suit" title="{escape(rv.name)}" aria-hidden="true">'
                  f'{icon(rv.pip, "pip")}</div>')
    status = ""
    if rv.complete:
        status = '<span class="row-status done" aria-hidden="true">✓</span>'
    # (a sentence each: read as one name of the rows' group, they would run together)
    summary = span("sr", row_summary(cat, rules, rv) + ".")
    return (f'<div{attrs(class_=" ".join(classes), data_suit=rv.suit)}>{suit_label}{summary}'
            f'<div class="slots" aria-hidden="true">{"".join(cells)}</div>{status}</div>')


def row_summary(cat: Catalog, rules: fantan.Rules, rv: view.RowView) -> str:
    """A row in one sentence for a screen reader: its suit, its ends, what it needs next."""
    # The run's ends: cards laid out by an eliminated player stand apart from it.
    filled = [s for s in rv.slots if s.filled and not s.laid_out]
    laid = [view.rank_name(cat, rules, view.split(s.code)[0]) for s in rv.slots if s.laid_out]
    if rv.complete:
        return cat.t("table.row-label", suit=rv.name) + ": " + cat.t("table.complete")
    if not filled:
        if rv.waits_for:
            text = cat.t("table.row-closed", suit=rv.name, card=rv.waits_for)
        else:  # (waiting for another row's start card, or for any of its own)
            text = cat.t("table.row-unopened", suit=rv.name)
        return text + ("; " + cat.t("table.laid-out", cards=cat.join(laid)) if laid else "")
    ends = [view.rank_name(cat, rules, view.split(s.code)[0]) for s in (filled[0], filled[-1])]
    if len(filled) == 1:
        text = cat.t("table.row-single", suit=rv.name, card=ends[0])
    else:
        text = cat.t("table.row-open", suit=rv.name, low=ends[0], high=ends[1])
    needed = [view.rank_name(cat, rules, view.split(s.code)[0]) for s in rv.slots if s.needed]
    if needed:
        text += ", " + cat.t("table.needed", card=cat.join(needed))
    if laid:
        text += "; " + cat.t("table.laid-out", cards=cat.join(laid))
    return text


def rows(cat: Catalog, rules: fantan.Rules, rvs: Iterable[view.RowView],
         fresh: str | None = None) -> list[str]:
    return [row(cat, rules, rv, fresh) for rv in rvs]


# --- the hand and the controls -----------------------------------------------------------------


def hand(cat: Catalog, rules: fantan.Rules, cards: Sequence[view.HandCard], my_turn: bool,
         selected: str | None, received: str | None = None, giving: bool = False,
         led: Collection[str] = (), tall: bool = False) -> str:
    """The cards in hand; ``giving``: the choice is of a card to give (Ruter 7), not to play;
    ``led``: the cards of ours that the card hinted leads to, which the hint named; ``tall``:
    on a tall phone held upright (hand_per_row).

    The hand is one stop of the Tab key (the chosen card, else the first that plays, else the
    first), the arrows moving through it, so that Tab goes on to the buttons at once."""
    codes = [hc.code for hc in cards]
    stop = selected if selected in codes else next(
        (hc.code for hc in cards if my_turn and hc.playable), codes[0] if codes else None)
    per_row = hand_per_row(len(cards), tall)
    out = []
    for i, hc in enumerate(cards):
        if i == per_row:  # (where a phone held upright begins the second row; elsewhere unseen)
            out.append('<span class="hand-break" aria-hidden="true"></span>')
        out.append(card(cat, rules, hc.code, "hand",
                        playable=hc.playable if my_turn else None,
                        selected=hc.code == selected, giving=giving,
                        tab_stop=hc.code == stop, fits=None if my_turn else hc.fits,
                        received=hc.code == received, led=hc.code in led))
    return "".join(out)


TALL_QUERY = "(orientation: portrait) and (max-width: 599px) and (min-height: 780px)"
"""A tall phone held upright (390x844), as the style's media query for its larger cards in hand
says it: there the height to spare takes a hand of 7 to 9 cards in two rows, each card whole,
where one row overlapped them."""
TALL_ONE_ROW = 6
"""The most cards in one row on a tall phone held upright: six overlap by a few pixels at most
(at 390 px), a seventh would cover half a card."""


def hand_per_row(n: int, tall: bool = False) -> int:
    """How many cards the first row of a hand of ``n`` takes on a phone held upright: up to 9
    on one row (on a tall phone, TALL_QUERY, up to TALL_ONE_ROW), a longer hand in two halves
    (the first the longer)."""
    return max(2, n if n <= (TALL_ONE_ROW if tall else 9) else (n + 1) // 2)


def hand_layout(cards: Sequence[view.HandCard], my_turn: bool, dealt: int,
                tall: bool = False) -> dict[str, str]:
    """The numbers by which the page's style sizes the hand's overlap: its size, the first
    row's on a phone held upright, and how many cards that play (on our turn) have a neighbour
    on their right in the one row of most screens (``--wide``) or in each row of an upright
    phone (``--wide1``, ``--wide2``). The strip such a card shows is widened to a finger's
    width where the hand is long, the dimmed ones overlapping more to make room.

    ``--rows-least``: a hand dealt in two rows on an upright phone keeps their height to the
    end of the hand (``dealt``: the cards it began with), so that the table above it does not
    move down when the second row empties. ``tall``: on a tall phone (hand_per_row)."""
    n = len(cards)
    per_row = hand_per_row(n, tall)
    playable = [my_turn and bool(hc.playable) for hc in cards]
    first, second = playable[:per_row], playable[per_row:]
    return {"--cards": str(n), "--per-row": str(per_row),
            "--wide": str(sum(playable[:-1])), "--wide1": str(sum(first[:-1])),
            "--wide2": str(sum(second[:-1])),
            "--rows-least": "2" if hand_per_row(dealt, tall) < dealt else "1"}


def button(bid: str, text: str, *, disabled: bool = False, cls: str = "",
           markup: bool = False, busy: bool = False) -> str:
    """A button; its text is escaped unless ``markup`` says it is already HTML; ``busy``:
    what it asked for is under way."""
    at = attrs(type="button", id=bid, class_=cls or None, disabled=disabled,
               aria_busy="true" if busy else None)
    return f"<button{at}>{text if markup else escape(text)}</button>"


def banner(title: str, note: str = "") -> str:
    """The word over the table ("No move"), with a line under it (what the pass costs)."""
    return span("banner-title", title) + (span("banner-note", note) if note else "")


def notice(cat: Catalog, text: str) -> str:
    """A notice over the top of the table, with its button to put it away."""
    close = attrs(type="button", id="notice-close", class_="notice-close",
                  aria_label=cat.t("button.close"))
    return f'{span("notice-text", text)}<button{close}>✕</button>'


def controls(cat: Catalog, tv: view.TableView | None, *, dealing: bool, my_turn: bool,
             computers_moving: bool, selected: str | None, hinting: bool = False,
             watching: bool = False, landing: bool = False) -> str:
    """Hint, Play (Give), Pass where passing is a choice, fast forward or skip; ``hinting``:
    a hint is being worked out; ``watching``: we are out of the hand while the others play
    on (fast forward alone, then: the rest would never come on again)."""
    if dealing:
        return button("skip-deal", cat.t("button.skip-deal"), cls="wide")
    if watching:
        return button("fast-forward", cat.t("button.fast-forward"),
                      disabled=not computers_moving, cls="secondary ff wide")
    giving = tv is not None and tv.giving
    parts = [button("hint", cat.t("button.hint"), disabled=not my_turn, busy=hinting,
                    cls="secondary")]
    # (limited passing only; its passes used up, the button has nothing more to offer)
    left = tv.passes_left if tv is not None and tv.passes_left is not None else 0
    if left > 0:
        # (not while the card that hands us the turn still flies, the line over the hand
        # still naming the player before: a card may be chosen then, a pass spends one of
        # the few we have)
        can = bool(tv and tv.can_pass and my_turn and not landing)
        # (on a phone, "Pass" alone: our badge says how many are left)
        label = (f'<span class="long">{escape(cat.n("button.pass-left", left))}</span>'
                 f'<span class="short">{escape(cat.t("button.pass"))}</span>')
        parts.append(button("pass", label, disabled=not can, cls="secondary", markup=True))
    parts.append(button("play", cat.t("button.give" if giving else "button.play"),
                        disabled=not (my_turn and selected), cls="primary"))
    parts.append(button("fast-forward", cat.t("button.fast-forward"),
                        disabled=not computers_moving, cls="secondary ff"))
    return "".join(parts)


def after_hand(cat: Catalog, has_next: bool = False) -> str:
    """The controls with the table looked at after a hand: nothing to play; the hand's moves
    (where our own can be checked), the way back to the board and, in a match with a hand to
    come, the way on to it, as from the board (not by the board's button, which stays in the
    page, hidden with it: ``table-next-hand``)."""
    html = (button("show-moves", cat.t("button.moves"), cls="secondary")
            + button("show-results", cat.t("button.show-results"), cls="secondary"))
    if has_next:
        html += button("table-next-hand", cat.t("button.next-hand"), cls="primary")
    return html


def info(cat: Catalog, tv: view.TableView, level: str) -> str:
    bits = []
    if tv.hands > 1:
        bits.append(span("hand-no", cat.t("table.hand-number", number=tv.hand_number,
                                          hands=tv.hands)))
    if tv.pot is not None:
        bits.append(f'<span class="pot"><span class="chip" aria-hidden="true"></span>'
                    f'{escape(cat.t("table.pot", count=cat.num(tv.pot)))}</span>')
    if bits:
        bits.append(span("level", cat.t("table.level", level=cat.t("level." + level))))
    if tv.free_first:
        bits.append(f'<span class="free">{escape(cat.t("table.free-first"))}</span>')
    if tv.chosen_start is not None:  # (its slots soon covered: the rank said in words)
        shown = cat.t("table.chosen-start", rank=tv.chosen_start)
        said = cat.t("table.chosen-start", rank=tv.chosen_start_name or tv.chosen_start)
        # (a picture's letter for the eyes, its name for a screen reader: "Q" is heard "queen")
        bits.append(span("chosen-start", shown) if said == shown else
                    f'<span class="chosen-start"><span aria-hidden="true">{escape(shown)}</span>'
                    f'<span class="sr-only">{escape(said)}</span></span>')
    return "".join(bits)


# --- the result board --------------------------------------------------------------------------


def score_sheet(cat: Catalog, rules: fantan.Rules, rv: view.ResultsView,
                opened: bool = False) -> str:
    """A match's every hand, folded away under the board's table, in its scrolling region (or
    ``opened``): a row per hand, a column per seat in play order, the totals below (empty
    before the second hand is over)."""
    if not rv.sheet:
        return ""
    signed = view.signed_scores(rules)
    seats = range(len(rv.totals))
    head = f'<th scope="col">{escape(cat.t("results.sheet-hand"))}</th>' + "".join(
        f'<th scope="col">{escape(view.seat_name(cat, s))}</th>' for s in seats)

    def cells(scores: Sequence[int]) -> str:
        return "".join(f"<td>{escape(cat.num(scores[s], signed=signed))}</td>" for s in seats)

    rows = "".join(f'<tr><th scope="row">{escape(cat.num(k))}</th>{cells(scores)}</tr>'
                   for k, scores in enumerate(rv.sheet, 1))
    total = (f'<tr class="sum"><th scope="row">{escape(cat.t("results.total"))}</th>'
             f'{cells(rv.totals)}</tr>')
    return (f'<details class="sheet"{" open" if opened else ""}>'
            f'<summary>{escape(cat.t("results.sheet"))}</summary>'
            f'<table><thead><tr>{head}</tr></thead>'
            f'<tbody>{rows}{total}</tbody></table></details>')


NUMBERS = ' class="n"'
"""The class of a result table's heading over a column of numbers (right-aligned)."""


def results(cat: Catalog, rules: fantan.Rules, rv: view.ResultsView,
            sheet_open: bool = False) -> str:
    placement = rules.scoring == "placement"
    # Where passes cost points or chips, the board shows them beside the cards left.
    passes = rules.pass_penalty in ("point", "chip")  # (a pass that costs a card: no column)
    # (the columns of numbers, right-aligned under their headings: "+8" over "−1")
    head = [(cat.t("results.player"), False), (cat.t("results.cards-left"), True)]
    if passes:
        head.append((cat.t("results.passes"), True))
    head.append((cat.t("results.chips" if rules.scoring == "chips" else "results.points"),
                 True))
    if rv.hands > 1:
        head.append((cat.t("results.total"), True))
    head.append((cat.t("results.held"), False))
    # (the star column's heading and the star's words are for screen readers)
    winner = escape(cat.t("results.winner-mark"))
    first = (escape(cat.t("results.place")) if placement
             else f'<span class="sr-only">{winner}</span>')
    signed = view.signed_scores(rules)
    th = f'<th scope="col">{first}</th>' + "".join(
        f'<th scope="col"{NUMBERS if n else ""}>{escape(h)}</th>' for h, n in head)
    body = []
    for line in rv.lines:
        held = "".join(card(cat, rules, c, "result") for c in line.held) + "".join(
            card(cat, rules, c, "result", extra="laid") for c in line.laid_out)
        cells = [
            f"<td>{escape(cat.num(line.place))}</td>" if placement else
            f'<td class="win"><span aria-hidden="true">★</span>'
            f'<span class="sr-only">{winner}</span></td>' if line.winner else
            '<td class="win"></td>',
            f'<th scope="row">{escape(line.name)}'
            + (f' <small>({escape(cat.t("results.eliminated"))})</small>' if line.eliminated
               else "") + "</th>",
            f'<td class="n">{escape(cat.num(line.cards_left))}</td>',
        ]
        if passes:
            cells.append(f'<td class="n">{escape(cat.num(line.passes))}</td>')
        cells.append(f'<td class="n">{escape(cat.num(line.score, signed=signed))}</td>')
        if rv.hands > 1:
            cells.append(f'<td class="n">{escape(cat.num(line.total or 0, signed=signed))}</td>')
        cells.append(f'<td><div class="held">{held}</div></td>')
        row_class = "winner" if line.winner else "knocked-out" if line.eliminated else None
        body.append(f'<tr{attrs(data_seat=line.seat, class_=row_class)}>'
                    f'{"".join(cells)}</tr>')
    sub = ""
    if rv.hands > 1:
        after = cat.t("results.after-hand", number=rv.hand_number, hands=rv.hands)
        better = cat.t("results.lower-better" if rv.lower_better else "results.higher-better")
        sub = f'<p class="after">{escape(after)} · {escape(better)}</p>'
    standings = ""
    if rv.standings:
        totals = {line.seat: line.total or 0 for line in rv.lines}
        items = "".join(
            f'<li{attrs(class_="ours" if s == view.HUMAN else None)}>'
            f'{escape(view.seat_name(cat, s))} <span class="total">'
            f'{escape(cat.t("seat.total", total=cat.num(totals[s], signed=signed)))}</span></li>'
            for s in rv.standings)
        note = f'<p class="tie">{escape(rv.tie_note)}</p>' if rv.tie_note else ""
        standings = (f'<h3>{escape(cat.t("results.standings"))}</h3>'
                     f'<ol class="standings">{items}</ol>{note}')
    sheet = score_sheet(cat, rules, rv, sheet_open)
    # (after a match, the table is its last hand's: its caption says who won that hand, the
    # row with the star, under the headline's winner of the match)
    caption = ""
    if rv.hand_line:
        # (the star, as in the row it marks, is not read out)
        star = "" if placement else '<span aria-hidden="true">★</span> '
        caption = f"<caption>{star}{escape(rv.hand_line)}</caption>"
    buttons = []
    if rv.has_next:
        buttons.append(button("next-hand", cat.t("button.next-hand"), cls="primary"))
    buttons.append(button("new-game", cat.t("button.new-game"),
                          cls="secondary" if rv.has_next else "primary"))
    buttons.append(button("show-table", cat.t("button.show-table"), cls="secondary"))
    return (
        '<div class="results-card" role="dialog" aria-labelledby="results-title">'
        f'<h2 id="results-title" tabindex="-1">{escape(rv.title)}</h2>'
        f'<p class="headline">{escape(rv.headline)}</p>{sub}'
        # (a match's standings first, as they show on a phone: read and reached by Tab before
        # the last hand's table, beside which they stand on a wider screen)
        f'{standings}'
        # (the table's region has a name of its own: the board's is the dialog's)
        f'<div class="scroll" tabindex="0" role="region" '
        f'aria-label="{escape(cat.t("results.table"))}">'
        f'<table>{caption}<thead><tr>{th}</tr></thead>'
        f'<tbody>{"".join(body)}</tbody></table>{sheet}</div>'
        f'<div class="results-buttons">{"".join(buttons)}</div></div>'
    )


# --- menus and pages ---------------------------------------------------------------------------


def select(cat: Catalog, sid: str, label: str, options: Sequence[tuple[str, str, bool]],
           chosen: str, note: str = "", disabled: bool = False) -> str:
    """A labelled <select>; options are (value, text, allowed); refused ones are disabled, and
    the whole select where ``disabled``. A ``note`` (why a choice is not offered) is the
    select's description, not part of its name, which a screen reader says at every visit;
    suits' signs in the options and the note are heard in words (spoken_suits)."""
    def option(v: str, t: str, ok: bool) -> str:
        words = suits_in_words(cat, t)
        at = attrs(value=v, selected=v == chosen, disabled=not ok,
                   aria_label=words if words != t else None)
        return f'<option{at}>{escape(t)}</option>'
    opts = "".join(option(v, t, ok) for v, t, ok in options)
    extra = f'<small class="why" id="{sid}-why">{spoken_suits(cat, note)}</small>' if note else ""
    at = attrs(id=sid, name=sid, disabled=disabled, aria_labelledby=f"{sid}-name",
               aria_describedby=f"{sid}-why" if note else None)
    return (f'<label class="field" for="{sid}"><span id="{sid}-name">{escape(label)}</span>'
            f'<select{at}>{opts}</select>{extra}</label>')


def menu(cat: Catalog, settings: dict[str, Any], stats: dict[str, Any] | None = None,
         confirm_reset: bool = False, counts_at: str | None = None,
         french_deck: bool = True, moves: bool = False,
         full_screen: bool | None = None) -> str:
    """The menu: new game, rules, the hand's moves (with ``moves``, a hand on the table), the
    settings, full screen (where the browser offers it: ``full_screen`` says whether the page
    is, None where it is not offered), and the player's record when given;
    ``counts_at`` is the easier level than the one chosen that the game in play counts at in
    the record (store.counts_at), if there is one. The four-colour deck is offered with the
    ``french_deck`` in play (the Spanish deck has four colours of its own, and no ♦ or ♣)."""
    speeds = [(s, cat.t(f"speed.{s}"), True) for s in ("slow", "normal", "fast")]
    levels = [(lv, cat.t(f"level.{lv}"), True) for lv in store.LEVELS]
    auto = check_box("menu-auto", escape(cat.t("settings.auto-play")),
                     bool(settings.get("auto_play")))
    four = check_box("menu-four", spoken_suits(cat, cat.t("settings.four-colour")),
                     settings["four_colour"]) if french_deck else ""
    full = check_box("menu-full", escape(cat.t("settings.full-screen")),
                     bool(full_screen)) if full_screen is not None else ""
    return (
        f'<h2 id="menu-title">{escape(cat.t("menu.title"))}</h2>'
        '<div class="menu-buttons">'
        f'{button("menu-new-game", cat.t("button.new-game"), cls="primary")}'
        f'{button("menu-rules", cat.t("button.rules"), cls="secondary")}'
        + (button("menu-moves", cat.t("button.moves"), cls="secondary") if moves else "")
        + '</div>'
        + '<div class="menu-fields">'
        + language_select(cat, settings.get("language") or "")
        + select(cat, "menu-speed", cat.t("settings.speed"), speeds, settings["speed"])
        + select(cat, "menu-level", cat.t("settings.level"), levels, settings["level"],
                 cat.t("stats.counts-at", level=cat.t(f"level.{counts_at}"))
                 if counts_at else "")
        + '</div>'
        + f'<div class="menu-checks">{auto}{four}{full}</div>'
        + (record(cat, stats, confirm_reset) if stats is not None else "")
        + '<div class="panel-buttons">'
        + button("menu-close", cat.t("button.close"), cls="secondary") + "</div>"
    )


def check_box(cid: str, words: str, checked: bool) -> str:
    """A box and its ``words`` (markup), one item of the label's flex row: its gap fell between
    the words and the suits' signs in them ("( ♦  blue,")."""
    return (f'<label class="check"><input type="checkbox"{attrs(id=cid, checked=checked)}>'
            f'<span>{words}</span></label>')


def record(cat: Catalog, stats: dict[str, Any], confirm_reset: bool = False) -> str:
    """The player's record: hands and matches won against each level of opponents, and a way
    to set it back to zero (asked twice)."""

    def won_of(won: int, played: int) -> str:
        if not played:
            return cat.t("stats.none")
        return cat.t("stats.won-of", won=cat.num(won), played=cat.num(played),
                     percent=cat.num(round(100 * won / played)))

    rows = []
    for lv, r in stats["levels"].items():
        rows.append(f'<tr><th scope="row">{escape(cat.t(f"level.{lv}"))}</th>'
                    f'<td>{escape(won_of(r["hands_won"], r["hands"]))}</td>'
                    f'<td>{escape(won_of(r["matches_won"], r["matches"]))}</td></tr>')
    head = "".join(f'<th scope="col">{escape(cat.t(key))}</th>'
                   for key in ("stats.level", "stats.hands", "stats.matches"))
    if confirm_reset:
        reset = (f'<p class="record-reset"><span>{escape(cat.t("stats.reset-confirm"))}</span> '
                 f'{button("record-reset-yes", cat.t("stats.reset-yes"), cls="secondary")}'
                 f'{button("record-reset-no", cat.t("button.cancel"), cls="secondary")}</p>')
    elif any(any(r.values()) for r in stats["levels"].values()):
        reset = (f'<p class="record-reset">'
                 f'{button("record-reset", cat.t("stats.reset"), cls="secondary")}</p>')
    else:
        reset = ""
    return (f'<section class="record" aria-labelledby="record-title">'
            f'<h3 id="record-title" tabindex="-1">{escape(cat.t("stats.title"))}</h3>'
            f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<p class="note">{escape(cat.t("stats.matches-note"))}</p>'
            f"{reset}</section>")


def language_select(cat: Catalog, chosen: str) -> str:
    """The language picker: the browser's choice, then every language in its own name."""
    opts = [f'<option{attrs(value="", selected=not chosen)}>'
            f'{escape(cat.t("settings.language-auto"))}</option>']
    for code, name in LANGUAGES.items():
        opts.append(f'<option{attrs(value=code, lang=code, selected=code == chosen)}>'
                    f"{escape(name)}</option>")
    return (f'<label class="field" for="menu-language"><span>'
            f'{escape(cat.t("settings.language"))}</span>'
            f'<select id="menu-language" name="menu-language">{"".join(opts)}</select></label>')


def match_label(cat: Catalog, rules: fantan.Rules, value: int | None) -> str:
    if value is None:
        own = (cat.t("setup.match-each-deals") if rules.match_hands is None
               else cat.n("setup.match-hands", rules.match_hands))
        return cat.t("setup.match-default", hands=own)
    return cat.n("setup.match-hands", value)


def gives_up_note(cat: Catalog, gives_up: bool) -> str:
    """The new-game screen's warning that dealing counts the game in play as not won (empty
    when it does not)."""
    if not gives_up:
        return ""
    return f'<p class="note" id="setup-gives-up">{escape(cat.t("setup.gives-up"))}</p>'


def setup(cat: Catalog, draft: dict[str, Any], gives_up: bool = False) -> str:
    """The new-game screen: presets by name and description, players, difficulty, match length,
    and the custom rule axes with refused choices disabled and explained; ``gives_up`` says
    that dealing counts the game in play as not won."""
    chosen = draft["preset"]
    names = list(fantan.PRESETS) + ["custom"]
    cards = []
    for name in names:
        title = cat.t(f"preset.{name}") if name != "custom" else cat.t("setup.custom-name")
        desc = cat.t(f"preset.{name}.desc")
        # (a screen reader names the choice by its name, and reads its description after)
        cards.append(
            f'<label class="preset{" chosen" if name == chosen else ""}">'
            f'<input type="radio" name="preset" value="{escape(name)}"'
            f' aria-labelledby="preset-name-{name}" aria-describedby="preset-desc-{name}"'
            f'{" checked" if name == chosen else ""}>'
            f'<span class="preset-name" id="preset-name-{name}">{escape(title)}</span>'
            f'<span class="preset-desc" id="preset-desc-{name}">{spoken_suits(cat, desc)}'
            '</span></label>'
        )
    rules = draft["rules"]
    players = [(str(n), str(n), True) for n in range(3, 9)]
    levels = [(lv, cat.t(f"level.{lv}"), True) for lv in store.LEVELS]
    matches = [("" if m is None else str(m), match_label(cat, rules, m), True)
               for m in view.match_choices(draft["match"])]
    custom = ""
    if chosen == "custom":
        fields = []
        # (as dealt, with the match length chosen below: the winner's lead of the next hand
        # is for a match of more than one)
        dealt = view.with_match(rules, draft["match"])
        idle = dealt.idle_fields()  # (no effect under the rest of the rules: not to choose)
        for axis in view.AXES:
            options = view.axis_options(cat, dealt, axis)
            current = getattr(dealt, axis)
            # (the options refused for one reason named together, the reason said once)
            refused: dict[str, list[str]] = {}
            for o in options:
                if not o.allowed:
                    refused.setdefault(o.why, []).append(
                        cat.t("setup.option-quoted", option=o.label))
            note = (cat.t(f"idle.{idle[axis]}") if axis in idle else
                    " ".join(cat.n("setup.not-offered", len(labels), option=cat.join(labels),
                                   why=why) for why, labels in refused.items()))
            fields.append(select(cat, f"axis-{axis}", cat.t(f"axis.{axis}"),
                                 [(view.form_value(o.value), o.label, o.allowed) for o in options],
                                 view.form_value(current), note, disabled=axis in idle))
        custom = (f'<fieldset class="custom"><legend>{escape(cat.t("setup.custom"))}</legend>'
                  f'<p class="note">{escape(cat.t("setup.custom-note"))}</p>'
                  f'{"".join(fields)}</fieldset>')
    return (
        f'<h2 id="setup-title">{escape(cat.t("setup.title"))}</h2>'
        f'<fieldset class="presets"><legend>{escape(cat.t("setup.game"))}</legend>'
        f'{"".join(cards)}</fieldset>{custom}'
        '<div class="setup-fields">'
        + select(cat, "setup-players", cat.t("setup.players"), players, str(rules.players))
        + select(cat, "setup-level", cat.t("settings.level"), levels, draft["level"])
        + select(cat, "setup-match", cat.t("setup.match"), matches,
                 "" if draft["match"] is None else str(draft["match"]))
        + "</div>"
        # (the warning stands over Deal, at the screen's foot, in view whatever is scrolled)
        + '<div class="panel-buttons">'
        f'<div id="setup-notice" aria-live="polite">{gives_up_note(cat, gives_up)}</div>'
        f'{button("setup-rules", cat.t("button.rules"), cls="secondary")}'
        f'{button("setup-cancel", cat.t("button.cancel"), cls="secondary")}'
        f'{button("start-game", cat.t("button.deal"), cls="primary")}</div>'
    )


def rules_page(cat: Catalog, name: str, rules: fantan.Rules, chosen: str | None = None) -> str:
    """The rules in play and their strategy tips (``chosen``: the start rank the first card
    chose, view.chosen_start)."""
    heading = (cat.t("rules.title-custom") if name == "custom"
               else cat.t("rules.title", name=cat.t(f"preset.{name}")))
    items = "".join(f"<li>{spoken_suits(cat, line)}</li>"
                    for line in view.rules_text(cat, rules, chosen))
    tips = "".join(f"<li>{spoken_suits(cat, t)}</li>"
                   for t in view.strategy_tips(cat, rules, chosen))
    # (the keys' lines, and the mouse's, are of no use where nothing can hover, a phone's or a
    # tablet's screen: the page's style shows the finger's line alone there)
    controls = "".join(
        f"<li{attrs}>{escape(cat.t(f'rules.controls.{part}', play=cat.t('button.play')))}</li>"
        for part, attrs in (("choose", ' class="pointer"'), ("choose-touch", ' class="touch"'),
                            ("move", ' class="keys"'), ("hint", ' class="keys"'),
                            ("tab", ' class="keys"')))
    # (the levels of the computer players, and that none of them looks at another's cards)
    opponents = "".join(f"<li>{escape(cat.t(f'rules.opponents.{part}'))}</li>"
                        for part in (*store.LEVELS, "honest"))
    return (
        f'<h2 id="rules-title" tabindex="-1">{escape(heading)}</h2>'
        f'<p>{spoken_suits(cat, cat.t(f"preset.{name}.desc"))}</p>'
        f'<p>{escape(cat.t("rules.basics"))}</p>'
        f'<h3>{escape(cat.t("rules.this-game"))}</h3><ul>{items}</ul>'
        f'<h3>{escape(cat.t("rules.strategy"))}</h3><ul class="tips">{tips}</ul>'
        f'<h3>{escape(cat.t("rules.opponents"))}</h3><ul class="opponents-help">{opponents}</ul>'
        f'<h3>{escape(cat.t("rules.controls"))}</h3><ul class="controls-help">{controls}</ul>'
        '<div class="panel-buttons">'
        f'{button("rules-close", cat.t("button.close"), cls="primary")}</div>'
    )


def moves_page(cat: Catalog, rules: fantan.Rules, log: view.MoveLog, checkable: bool = False,
               checked: view.Review | None = None, checking: bool = False,
               unchecked: bool = False) -> str:
    """The hand's moves so far (view.move_log): a column for each seat, a row for each time
    round the table, the latest last; every card as on the table (its rank and suit sign), in
    words for a screen reader. Under them, what they tell of the others' hands; after the hand,
    our choices set beside the hint's (``checked``), or where we had some (``checkable``), the
    button that checks them (busy while ``checking``), or where we had none (``unchecked``:
    every move of ours the only one), why there is nothing to check."""

    def face(code: str) -> str:
        return (_move_face(cat, rules, code, ' aria-hidden="true"')
                + f'<span class="sr">{escape(view.card_words(cat, rules, code))}</span>')

    off = set(checked.rounds) if checked is not None else set()

    def cell(c: view.LogCell | None, seat: int, number: int = 0) -> str:
        mine = " me" if seat == view.HUMAN else ""  # (our own column stands out)
        if mine and number in off:  # (a move the hint would have made otherwise, framed)
            mine += " off"
        if c is None:
            return '<td class="me"></td>' if mine else "<td></td>"
        if c.kind == "pass":  # (a dash, as the page's note says: nine columns fit 320 px)
            what = (f'<span class="mv-pass" aria-hidden="true">–</span>'
                    f'<span class="sr">{escape(cat.t("button.pass"))}</span>')
        elif c.kind == "eliminated":
            what = f'<span class="mv-pass">{escape(cat.t("seat.eliminated"))}</span>'
        else:
            what = ""
        what += " ".join(face(code) for code in c.cards)
        for gift in c.gifts:  # (a card given to the seat after its pass: heard once, in the
            # words that say who gave it)
            shown = (_move_face(cat, rules, gift.card, ' aria-hidden="true"') if gift.card
                     else f'<span aria-hidden="true">{escape(cat.num(1))}</span>')
            what += (f'<span class="mv-gift"><span aria-hidden="true">+</span>{shown}'
                     f'<span class="sr">{escape(view.event_text(cat, rules, gift, spoken=True))}'
                     f'</span></span>')
        return f'<td class="{c.kind}{mine}">{what}</td>'

    title = f'<h2 id="moves-title" tabindex="-1">{escape(cat.t("moves.title"))}</h2>'
    buttons = button("moves-close", cat.t("button.close"), cls="primary")
    foot = ""
    if checked is not None:
        foot = _checked_moves(cat, checked)
    elif checkable:  # (the line over the buttons says how far the check has come)
        foot = ('<p id="moves-status" class="moves-about"><span id="moves-progress"'
                ' aria-hidden="true"></span><span id="moves-said" class="sr-only"'
                ' role="status"></span></p>')
        buttons = button("moves-check", cat.t("button.check-moves"), cls="secondary",
                         busy=checking) + buttons
    elif unchecked:
        foot = f'<p class="moves-about">{escape(cat.t("moves.nothing-to-check"))}</p>'
    foot += f'<div class="panel-buttons">{buttons}</div>'
    if not log.rounds and log.laid is None:
        return title + f'<p>{escape(cat.t("moves.none"))}</p>' + foot
    head = "".join(('<th scope="col" class="me">' if s == view.HUMAN else '<th scope="col">')
                   + f'{escape(view.seat_name(cat, s))}</th>' for s in log.seats)

    def row(cells: list[view.LogCell | None], number: int = 0) -> str:
        return "".join(cell(c, seat, number) for c, seat in zip(cells, log.seats, strict=True))

    lines = []
    if log.laid is not None:
        lines.append(f'<tr class="laid"><th scope="row">{escape(cat.t("moves.laid-out"))}</th>'
                     + row(log.laid) + "</tr>")
    for number, cells in enumerate(log.rounds, 1):
        lines.append(f'<tr><th scope="row">{escape(cat.num(number))}</th>'
                     + row(cells, number) + "</tr>")
    return (title + f'<p class="moves-about">{escape(cat.t("moves.about"))}</p>'
            # (wider than the page, under large text, it scrolls sideways on its own: the
            # page marks it so, MovesPage.fit_moves)
            '<div class="moves-wide">'
            f'<table class="moves" aria-labelledby="moves-title" data-seats="{len(log.seats)}">'
            f'<thead><tr><th scope="col">{escape(cat.t("moves.number"))}</th>{head}</tr></thead>'
            f'<tbody>{"".join(lines)}</tbody></table></div>'
            + _known_cards(cat, rules, log) + foot)


def _move_face(cat: Catalog, rules: fantan.Rules, code: str, attrs: str = "") -> str:
    """A card as the moves page draws it: its rank and its suit's sign."""
    rank, suit = view.split(code)
    return (f'<span class="mv s-{view.pip(rules, suit)}"{attrs}>'
            f'{escape(view.rank_label(cat, rules, rank))}{icon(view.pip(rules, suit))}</span>')


def _checked_moves(cat: Catalog, checked: view.Review) -> str:
    """Our choices of the hand set beside the hint's: how many it agrees with, and each other
    one with the hint's move and argument."""
    lines = "".join(f'<li><span aria-hidden="true">{escape(shown)}</span>'
                    f'<span class="sr">{escape(spoken)}</span></li>'
                    for shown, spoken in checked.lines)
    agreed = cat.t("moves.agreed", agreed=cat.num(checked.agreed), count=cat.num(checked.count))
    if lines:
        # (a card or pass of ours is framed in its round; a card we gave, which stands under
        # another's pass, is not)
        if checked.rounds:
            every = len(checked.rounds) == len(checked.lines)
            agreed += " " + cat.t("moves.framed" if every else "moves.framed-some")
        lines = f'<ul class="moves-checked">{lines}</ul>'
    return (f'<h3 id="moves-review" tabindex="-1">{escape(cat.t("moves.review"))}</h3>'
            f'<p class="moves-agreed">{escape(agreed)}</p>{lines}')


def _known_cards(cat: Catalog, rules: fantan.Rules, log: view.MoveLog) -> str:
    """Under the moves: for each other seat of which they tell something, the cards it must
    hold and those it cannot (view.MoveLog.known), drawn as on the table, in words for a screen
    reader; or nothing."""

    def cards(label: str, codes: tuple[str, ...]) -> str:
        if not codes:
            return ""
        faces = "".join(_move_face(cat, rules, c) for c in codes)
        words = cat.join([view.card_words(cat, rules, c) for c in codes])
        return (f'<span class="mk">{escape(cat.t(label))}'
                f'<span aria-hidden="true">{faces}</span>'
                f'<span class="sr">{escape(words)}.</span></span>')

    if not log.known:
        return ""
    lines = "".join(
        f'<li><b>{escape(view.seat_name(cat, seat))}</b>'
        f'{cards("moves.holds", holds)}{cards("moves.lacks", lacks)}</li>'
        for seat, holds, lacks in log.known)
    return (f'<h3 id="moves-known">{escape(cat.t("moves.known"))}</h3>'
            f'<p class="moves-about">{escape(cat.t("moves.known-about"))}</p>'
            f'<ul class="moves-known" aria-labelledby="moves-known">{lines}</ul>')


def bar_actions(cat: Catalog) -> str:
    return (button("open-rules", cat.t("button.rules"), cls="ghost")
            + button("open-menu", cat.t("button.menu"), cls="ghost"))
