"""The result board after a hand or a match: shown and hidden, its table fitted to the
screen (headings, shadows, the winner's line pinned, our own line in view, the score sheet
unfolded by whole lines), and the table looked at under it.

A part of the page (app.Page), which holds the state it works on.
"""

import math

import render
import store
import view
from dom import element, q, root
from pyscript import document, window

HUMAN = view.HUMAN


class Results:
    """The page's result board (a part of app.Page)."""

    def fit_board(self):
        """The result board's column headings break at a syllable (where the catalogues mark
        one) only where its table would not fit whole words, and no more than it needs
        (fit_headings): a short word broken beside room to spare reads badly. Its table's
        shadows, which say there is more of it beyond an edge, are drawn only along a way it
        scrolls (a fraction of a pixel of one showed as a faint line at the edge of a table
        that does not), and so are the tie note's."""
        # (the note on a tie, which gives way to the standings beside the table on a short
        # screen: its shadows only where it then scrolls)
        tie = q("#results .tie")
        if tie is not None:
            tie.classList.toggle("still", tie.scrollHeight <= tie.clientHeight)
        scroll = q("#results .scroll")
        if scroll is None:
            return
        # (the hand's table: the score sheet under it, open, may be wider than the box)
        table = q("#results .scroll > table")
        wide = table if table is not None else scroll
        heads = list(document.querySelectorAll("#results .scroll > table th"))
        for th in heads:
            th.classList.remove("syllables")
            th.style.removeProperty("--keep")
        broken = fit_headings(wide, scroll, heads)
        scroll.classList.toggle("syllables", broken)
        # (measured with the headings as they now break)
        still_x = scroll.scrollWidth <= scroll.clientWidth
        still_y = scroll.scrollHeight <= scroll.clientHeight
        scroll.classList.toggle("still-x", still_x)
        scroll.classList.toggle("still-y", still_y)
        # (a stop of Tab, for its arrows to scroll it, only where it scrolls: else one that
        # does nothing between the heading and the buttons)
        if still_x and still_y:
            scroll.removeAttribute("tabindex")
        else:
            scroll.setAttribute("tabindex", "0")

    def on_toggle(self, event):
        """The score sheet opened or shut: the board's shadows and headings are measured again
        (the sheet with many players is wider than the hand's table), and a sheet the player
        opened is scrolled into view (it opened below the box's foot on a small phone)."""
        sheet = event.target
        if not (hasattr(sheet, "matches") and sheet.matches("#results .sheet")):
            return
        asked, self.sheet_asked = self.sheet_asked, False
        if asked:
            self.sheet_seen = bool(sheet.open)
        self.keep_view()  # (open or shut after a reload too)
        self.fit_board()
        self.pin_winner()  # (the sheet opened, the box may scroll now)
        if not asked:
            return
        if not sheet.open:
            self.show_our_line()  # (the table again as it was: no room left under it)
            return
        self.show_sheet()

    def show_sheet(self):
        """The score sheet, open, scrolled into view: opened by the player, or after a reload
        of the board it was opened on (the box had scrolled back to the hand's table, the
        sheet out of sight under it)."""
        scroll = q("#results .scroll")
        sheet = q("#results .scroll > .sheet[open]")
        if scroll is None or sheet is None:
            return
        self.pin_winner()
        at = scroll.scrollTop - (scroll.getBoundingClientRect().top + scroll.clientTop)
        rect = sheet.getBoundingClientRect()
        need = rect.bottom + at - scroll.clientHeight
        if need > scroll.scrollTop:
            # As much of it as the box holds, its heading first, by whole lines of the hand's
            # table over it; where its heads, the winner's line and one more do not fit over
            # the sheet, the table scrolled away whole (scrolled to the sheet's foot, the
            # table's last line stood cut under its heads, and the winner's line over them).
            self.scroll_by_lines(scroll, need, rect.top + at)

    def show_results(self, focus=True, again=False):
        """The result board (or, hidden, the table after the hand), the headline in the line
        over the hand; ``focus``: on the board's heading; ``again``: the board opened again
        from the table, its news told already (the heading it focuses is read instead)."""
        match = self.match
        self.set_phase("over")
        self.count(store.record_hand)
        rv = view.results_view(self.cat, match)
        board = element("results")
        board.innerHTML = render.results(self.cat, match.rules, rv, sheet_open=self.sheet_open)
        board.hidden = self.results_hidden
        self.fit_board()
        self.show_our_line()
        if self.sheet_seen and not self.results_hidden:
            self.show_sheet()
        self.cover_table(not self.results_hidden)
        self.speak_events()
        self.message(rv.headline, speak=rv.spoken if focus and not again else False)
        root.dataset.turn = ""
        if focus and not self.results_hidden:
            title = element("results-title")
            # (keyboard users land on the board, its ring for them alone: where nothing was
            # tapped yet, a phone's browser rings a heading given the focus too)
            title.classList.toggle("quiet", not self.by_keys)
            title.focus()

    def show_our_line(self):
        """Where the hand's table scrolls (many players on a small screen), our own line, the
        one the player looks for, is scrolled into its view, and the winner's line, first,
        stays pinned under the heads (scrolled away, the board hid who won and what)."""
        scroll = q("#results .scroll")
        ours = q(f'#results .scroll > table > tbody > tr[data-seat="{HUMAN}"]')
        if scroll is None or ours is None:
            return
        scroll.style.paddingBottom = ""  # (room an earlier size needed: see below)
        self.pin_winner()
        if scroll.scrollHeight <= scroll.clientHeight:
            return
        # (where the box's content begins, and its foot inside its border and any scroll bar)
        start = scroll.getBoundingClientRect().top + scroll.clientTop
        # (over the score sheet's heading, which stays at the box's foot while it is shut)
        sheet = q("#results .scroll > .sheet:not([open])")
        foot = start + scroll.clientHeight - (
            sheet.getBoundingClientRect().height if sheet is not None else 0)
        if ours.getBoundingClientRect().bottom <= foot:
            return
        at = scroll.scrollTop - start
        self.scroll_by_lines(scroll, ours.getBoundingClientRect().bottom + at + start - foot)

    def scroll_by_lines(self, scroll, need, most=None):
        """Scroll the board's box to ``need`` or a little further (in its content's measure),
        by whole lines of the hand's table; past ``most``, or where no line can come first,
        to ``most`` (else ``need``).

        The first line in view lies whole under the table's heads, which stick at the box's
        top once scrolled (a caption over them scrolls away), and under the winner's line
        where that is pinned (its cells over the heads' last pixel), with room under the last
        line if it takes it. Scrolled by the few pixels our line needed, the winner's line lay
        half under the heads. (In the content's own measure: the heads' cells and the
        winner's stick, their rows do not.)"""
        heads = q("#results .scroll > table > thead")
        first = q("#results .scroll > table > tbody > tr")
        at = scroll.scrollTop - (scroll.getBoundingClientRect().top + scroll.clientTop)
        to = None
        if heads is not None and first is not None:
            under = heads.getBoundingClientRect().height
            if scroll.classList.contains("pin"):
                under += first.firstElementChild.getBoundingClientRect().height - 1
            for row in document.querySelectorAll("#results .scroll > table > tbody > tr"):
                # (in whole pixels, as the box scrolls: the nearest, so that neither a sliver
                # of the line above shows, nor the line's own top lies under the winner's,
                # by more than half a pixel)
                line = round(row.getBoundingClientRect().top + at - under)
                if line >= need - 0.5:
                    to = line
                    break
        if to is None or most is not None and to > most:
            to = need if most is None else most
        room = scroll.scrollHeight - scroll.clientHeight
        if to > room:
            scroll.style.paddingBottom = f"{math.ceil(to - room)}px"
        scroll.scrollTop = to

    def pin_winner(self):
        """Where the hand's table scrolls, its winner's line, first, is pinned under the heads
        (whether it is)."""
        scroll = q("#results .scroll")
        heads = q("#results .scroll > table > thead")
        first = q("#results .scroll > table > tbody > tr")
        if scroll is None or heads is None or first is None:
            return False
        pinned = (scroll.scrollHeight > scroll.clientHeight
                  and first.classList.contains("winner"))
        if pinned:
            scroll.style.setProperty("--heads", f"{heads.getBoundingClientRect().height}px")
        scroll.classList.toggle("pin", pinned)
        return pinned

    def hide_results(self):
        element("results").hidden = True
        element("results").innerHTML = ""
        self.cover_table(False)

    def cover_table(self, covered):
        """While the board lies over the table, the table takes no focus or clicks (the
        keyboard stays on the board; the bar's buttons stay in reach). Laid over it or put
        away by a click, the board is as a dialog opened or closed: the second click of a
        double one does nothing where it lands (on_second_tap; it skipped the deal of Next
        hand)."""
        for el in (element("opponents"), q(".centre"), element("you")):
            el.inert = covered
        self.dialog_flipped()

    def show_table(self):
        self.results_hidden = True
        element("results").hidden = True
        self.cover_table(False)
        self.cache.pop("controls", None)
        self.render()
        # The button pressed is gone with the board: the focus goes to the one that brings it
        # back, not to the top of the page.
        back = q("#show-results")
        if back is not None:
            back.focus()

    def show_board(self):
        self.results_hidden = False
        self.cache.pop("controls", None)
        self.render()
        self.show_results(again=True)


def fit_headings(table, box, heads):
    """Break the ``heads`` of a ``table`` too wide for its ``box`` (the headings of its
    columns and of its rows, the players' names) at their syllables, no more than it takes
    to fit: the widest down to the one width at which the table just fits, the narrower kept
    whole. (Broken all at once and left to the table, they gave the width they freed to a
    heading of two words: "Po-si-zio-ne" took four lines beside "Carte rimaste" on one.)
    Whether any broke."""
    def fits():
        return table.scrollWidth <= box.clientWidth

    if fits() or not heads:
        return False
    # (a table too wide for its box is as narrow as it gets: each heading as wide as its
    # longest word)
    whole = [float(th.getBoundingClientRect().width) for th in heads]
    for th in heads:
        th.classList.add("syllables")
    if not fits():
        return True  # (as narrow as the headings go: the table scrolls)
    edges = []  # (each cell's padding and borders, across)
    for th in heads:
        style = window.getComputedStyle(th)
        edges.append(sum(float(str(getattr(style, side)).removesuffix("px") or 0)
                         for side in ("paddingLeft", "paddingRight", "borderLeftWidth",
                                      "borderRightWidth")))

    def keep(level):
        """No heading narrower than ``level`` but as it was, whole (with a pixel to spare);
        its words held open by the cell (style.css), as wide as asked less its edges."""
        for th, width, edge in zip(heads, whole, edges, strict=True):
            kept = width + 1 if width <= level else level
            th.style.setProperty("--keep", f"{max(0.0, kept - edge):.1f}px")

    low, high = 0.0, max(whole)  # (it fits with every heading held at low, not at high)
    while high - low > 1:
        level = (low + high) / 2
        keep(level)
        if fits():
            low = level
        else:
            high = level
    keep(low)
    return True
