"""The hand's moves page: the hand so far as we may know it, what the moves tell of the
others' hands, and after the hand the check of our choices against the hint (at Hard in the
worker, the page free).

A part of the page (app.Page), which holds the state it works on.
"""

import math
import time

import render
import view
from dom import element, js_obj, q, root

HUMAN = view.HUMAN
CHECK_SAID = 5.0  # seconds at least between two of the check of our moves' counts read out


class MovesPage:
    """The page's moves page and the check of our moves (a part of app.Page)."""

    def open_moves(self):
        """The hand's moves so far, as we may know them (view.move_log), the latest in view."""
        element("menu").close()
        page = element("moves-page")
        self.draw_moves()
        self.show_dialog("moves-page")
        self.fit_moves()  # (measured once open)
        element("moves-title").focus()
        page.scrollTop = page.scrollHeight  # (the latest round in view, over the Close button)

    def draw_moves(self):
        """The moves page drawn: after the hand, with our choices set beside the hint's if
        they were checked, else the button that checks them (where we had any)."""
        state = self.match.state
        log = view.move_log(state.observation(HUMAN))
        checked, checkable, checking, unchecked = None, False, False, False
        if state.is_over:
            key = self.hint_position()  # (the hand just over, at the hint's level)
            if key in self.checked:
                checked = view.review(self.cat, self.match.rules, log, *self.checked[key])
            else:
                checkable = bool(view.our_choices(self.match))
                unchecked = not checkable
                checking = key in self.checking  # (closed and opened again while it works)
        element("moves-page").innerHTML = render.moves_page(
            self.cat, self.match.rules, log, checkable, checked, checking, unchecked)
        self.fit_moves()

    def fit_moves(self):
        """The moves' table, wider than the page (large text, many seats), scrolls sideways
        on its own, a region of the page that the keys scroll too, rather than the page with
        the lines and buttons under it (its seats' names then stay at its top, not at the
        page's)."""
        wide = q("#moves-page[open] .moves-wide")
        if wide is None:
            return
        wide.classList.remove("scrolls")
        scrolls = wide.scrollWidth > wide.clientWidth + 1
        wide.classList.toggle("scrolls", scrolls)
        for name, value in (("tabindex", "0"), ("role", "region"),
                            ("aria-labelledby", "moves-title")):
            if scrolls:
                wide.setAttribute(name, value)
            else:
                wide.removeAttribute(name)

    def ask_check(self):
        """Check my moves: its button gives way to what the check finds, the heading that
        takes the focus scrolled to where it was (at Medium before a double tap's second tap
        comes, which does nothing there: on_second_tap)."""
        self.dialog_flipped()
        self.spawn(self.check_moves())

    async def check_moves(self, level=None):
        """Our choices of the hand just over set beside the hint's, one after another (at Hard
        in the worker: the page stays free), the line over the buttons saying how far it has
        come; then drawn under the moves, in view, the focus on their heading. ``level``: the
        hint's level to check at (a reload's), else the hint's level now."""
        match = self.match
        key = (*self.turn_key(), level or self.hint_level())
        level = key[-1]
        if not match.state.is_over or key in self.checking or key in self.checked:
            return
        choices = view.our_choices(match)
        if not choices:  # (no button offered it; a tampered note of the view asks in vain)
            return
        self.checking.add(key)
        self.show_checking()
        self.keep_view()  # (a reload meanwhile checks them again)
        button = q("#moves-check")
        if button is not None:
            button.setAttribute("aria-busy", "true")
        advice = []
        said = -math.inf
        try:
            for done, choice in enumerate(choices):
                shown, heard = q("#moves-progress"), q("#moves-said")
                if shown is not None and self.hint_position() == key:  # (not another level's)
                    shown.textContent = text = self.cat.t(
                        "moves.checking", done=self.cat.num(done + 1),
                        count=self.cat.num(len(choices)))
                    # (read out at first and then now and then, not at each step: a search
                    # at Hard takes less time than its words take to say)
                    if heard is not None and time.monotonic() - said >= CHECK_SAID:
                        heard.textContent = text
                        said = time.monotonic()
                advice.append(await self.players.review(
                    choice.obs, level, choice.seed, choice.move))
                if self.match is not match:
                    return
        finally:
            self.checking.discard(key)
            self.show_checking()
        # (kept for this hand only; the other level's check, if any, stays beside it)
        self.checked = {k: v for k, v in self.checked.items() if k[:-1] == key[:-1]}
        self.checked[key] = (choices, advice)
        # (at another level now, the moves page is that level's; at this one again, it finds
        # this check)
        if element("moves-page").open and self.hint_position() == key:
            self.draw_moves()
            heading = element("moves-review")
            heading.focus()
            heading.scrollIntoView(js_obj({"block": "start"}))

    def show_checking(self):
        """The levels whose check of our moves is going on, on the page's root (``data-
        checking``, as ``data-ai`` says where the computer players think), for a test to wait
        for its end."""
        root.dataset.checking = " ".join(sorted(key[-1] for key in self.checking))

    def checks_asked(self):
        """The hint's levels at which our moves of the hand just over are checked, or being
        checked (a reload checks them again, store.View)."""
        if not self.match.state.is_over:
            return []
        here = self.turn_key()
        return sorted({key[-1] for key in (*self.checking, *self.checked) if key[:-1] == here})
