"""The player's clicks, taps, keys and choices in the menus and the new-game screen,
turned into the page's actions (the moves themselves are the engine's).

A part of the page (app.Page), which holds the state it works on.
"""

import time

import store
import view
from dom import HAND_STOP, element, focus_in_hand, q, root, up
from pyscript import document

HUMAN = view.HUMAN
# Seconds after Enter on Next hand or Skip during which Enter on a card does nothing (pressed
# on and on, it would play the card the new deal gave the focus to).
ENTER_GRACE = 0.8


class Inputs:
    """The page's handlers of clicks, taps, keys and changes (a part of app.Page)."""

    def on_click(self, event):
        target = event.target
        if up(target, "button") is not None:
            # (the language the arrows chose first, then the button's action, found by its id
            # in the menu drawn again)
            self.use_pending_language()
        summary = up(target, "#results .sheet summary")
        if summary is not None:
            # (the score sheet stays open, or shut, from one hand's board to the next; the
            # click opens or shuts it after this)
            self.sheet_open = not bool(summary.parentElement.open)
            self.sheet_asked = True
            return
        card = up(target, '[data-zone="hand"]')
        if card is not None:
            if self.touched is not None and event.detail:  # (a key's click has no detail)
                # A finger's tap is the card under it: the browser moves a tap on the edge
                # of a card towards the card beneath (its "touch adjustment"), and in a hand
                # that overlaps, that is the neighbour, often the card chosen (played then).
                under = up(document.elementFromPoint(*self.touched), '[data-zone="hand"]')
                card = under if under is not None else card
            self.click_card(str(card.dataset.card))
            return
        if self.dealing and up(target, "#app") is not None and up(target, "#notice") is None:
            self.skip_deal()  # (but a notice over the deal is put away by its own button)
            return
        button = up(target, "button")
        if button is None or not button.id:
            return
        actions = {
            "play": self.play_selected,
            "pass": self.play_pass,
            "hint": lambda: self.spawn(self.hint()),
            "fast-forward": self.fast_forward,
            "skip-deal": self.skip_deal,
            "next-hand": self.next_hand,
            "table-next-hand": self.next_hand,
            "new-game": self.open_setup,
            "menu-new-game": self.open_setup,
            "open-menu": self.open_menu,
            "menu-close": lambda: self.close_dialog("menu"),
            "record-reset": lambda: self.draw_menu(confirm_reset=True, focus="record-reset-no"),
            "record-reset-yes": self.reset_record,
            "record-reset-no": lambda: self.draw_menu(focus="record-reset"),
            "open-rules": lambda: self.open_rules(None),
            "menu-rules": lambda: self.open_rules(None),
            "setup-rules": lambda: self.open_rules(self.draft),
            "rules-close": lambda: self.close_dialog("rules-page"),
            "menu-moves": self.open_moves,
            "show-moves": self.open_moves,
            "moves-close": lambda: self.close_dialog("moves-page"),
            "moves-check": self.ask_check,
            "setup-cancel": lambda: self.close_dialog("setup"),
            "start-game": self.start_from_setup,
            "show-table": self.show_table,
            "show-results": self.show_board,
            "play-here": self.take_over,
            "notice-close": self.close_notice,
        }
        action = actions.get(str(button.id))
        if action is not None:
            action()

    def on_focusout(self, event):
        if (self.language_pending is not None and self.language_key
                and str(event.target.id) == "menu-language"):
            # A key takes the focus on (Tab, Escape): the list's language in use now, the
            # focus where it was going, drawn again in that language (or back on the list when
            # it leaves the window). A click's focus waits for its click (on_click): the menu
            # drawn again between its press and release would lose it.
            going = event.relatedTarget  # (JavaScript's null: out of the window)
            self.use_pending_language(focus=str(going.id) if not store.missing(going)
                                      and going.id else "menu-language")

    def on_pointer(self, event):
        self.by_keys = False
        self.language_key = ""
        self.by_mouse = str(event.pointerType) == "mouse"
        self.touched = ((event.clientX, event.clientY) if str(event.pointerType) == "touch"
                        else None)

    def by_input(self, key):
        """The message ``key`` as it names the player's way of playing: keys, a mouse's clicks
        or a finger's taps (the plain key)."""
        return f"{key}-keys" if self.by_keys else f"{key}-click" if self.by_mouse else key

    def on_key(self, event):
        key = str(event.key)
        if str(event.target.id) == "menu-language":
            # (the keys that open the list's own box, where a choice is made once, count as a
            # click: its choice is in use at once)
            opens = key == "F4" or event.altKey and key in ("ArrowDown", "ArrowUp")
            self.language_key = "" if opens else key
            if key == "Enter" and self.language_pending is not None:
                event.preventDefault()
                self.use_pending_language(focus="menu-language")
        quiet = q("#results-title.quiet")
        if quiet is not None:
            quiet.classList.remove("quiet")  # (its ring shows for the keys: Results.show_results)
        if key not in ("Shift", "Control", "Alt", "Meta") and not self.by_keys:
            self.by_keys = True  # (messages then name keys, not taps)
            if self.dealing:  # (the deal's line names the key that skips it)
                self.message(self.cat.t(self.by_input("msg.dealing")), speak=False)
        if key == "Enter" and up(event.target, '#setup input[name="preset"]') is not None:
            # Enter on a rule system deals it, as Enter in a form's field sends the form; not
            # held down, nor pressed again at once on the screen it opened (a double press on
            # New game would deal, giving up the game in play).
            event.preventDefault()
            if not (event.repeat or event.altKey or event.ctrlKey or event.metaKey
                    or time.monotonic() - self.setup_shown < ENTER_GRACE):
                element("start-game").click()
            return
        if q("dialog[open]") is not None or self.match is None:
            return
        if event.repeat and key in ("Enter", " "):
            # A key held down does not press on: Next hand, then Skip, then a card played.
            event.preventDefault()
            return
        target = event.target
        hurried = False
        if key == "Enter":
            # (Enter pressed on Next hand or Skip, then at once again, is the same press
            # again, not a card's: the deal gave that card the focus a moment ago)
            last, when = self.last_enter
            now = time.monotonic()
            hurried = now - when < ENTER_GRACE and last in ("next-hand", "skip-deal")
            # (a press in such a run lengthens it: Enter pressed on and on plays nothing until
            # the player stops for a moment)
            on_card = up(target, '#hand [data-zone="hand"]') is not None
            self.last_enter = (last if hurried else "card" if on_card else str(target.id or ""),
                               now)
            if str(target.id or "") == "results-title":
                # The board's heading has the focus, for a screen reader to read the board
                # from: Enter there presses its first button (Next hand, else New game), but
                # not a press hard on the one that played the hand's last card (a press hard
                # on another, which brought the board back or found its heading, does).
                event.preventDefault()
                first = q("#results .results-buttons button")
                if first is not None and not (last == "card" and now - when < ENTER_GRACE):
                    self.last_enter = (str(first.id), now)  # (its press: Next hand's, say)
                    first.click()
                return
        in_hand = up(target, '[data-zone="hand"]')
        if key in ("Enter", " ") and (target == document.body or target == root) and not hurried:
            # The focus is nowhere (the page just loaded, say): the key finds what it would
            # press first, which the next press presses: at our turn a card that plays; after
            # a hand, the board's heading or, with the board put away, its button.
            if self.my_turn():
                event.preventDefault()
                self.focus_a_playable_card()
                return
            state = self.match.state
            found = (q("#results:not([hidden]) #results-title") or q("#show-results")
                     if state.is_over else q("#controls #fast-forward:not(:disabled)")
                     if self.watching() else None)
            if found is not None:
                event.preventDefault()
                found.focus()
                return
            if state.to_move != HUMAN and not (self.dealing or self.passive):
                # The others' turn: the focus goes to the hand, and the press is answered as
                # one on a card is (it was met with silence).
                event.preventDefault()
                stop = q(HAND_STOP)
                if stop is not None:
                    focus_in_hand(stop)
                self.tell_to_wait()
                return
        if key in ("h", "H") and not event.ctrlKey and not event.metaKey and not event.altKey:
            # (a key of one letter: only with the focus at the table, or nowhere, so that it
            # does not go off with the focus on the bar's buttons or in a dialog)
            at_table = up(target, "#table") is not None and up(target, "dialog") is None
            if at_table or target == document.body or target == root:
                event.preventDefault()
                state = self.match.state if self.match is not None else None
                if (state is not None and state.to_move not in (None, HUMAN)
                        and not (self.dealing or self.passive)):
                    self.tell_to_wait()  # (as a card pressed then is answered)
                else:
                    self.spawn(self.hint())
        elif key in ("ArrowLeft", "ArrowRight") or key in ("Home", "End") and in_hand is not None:
            # (Home and End within the hand only: elsewhere they scroll the page)
            # Alt+arrow is the browser's; the result board, the takeover box and form fields
            # keep their own arrows (a board's table scrolls with them).
            # Shift with the arrows goes through every card of the hand, those that do not
            # play too (Enter or Space on one says why).
            every_card = event.shiftKey and in_hand is not None
            if event.altKey or event.ctrlKey or event.metaKey or (
                    event.shiftKey and not every_card):
                return
            if in_hand is None and (
                    not element("results").hidden or not element("takeover").hidden
                    or up(target, "input, select, textarea, [role='region']") is not None):
                return
            # (through the cards that play; when none does, through them all)
            every = list(document.querySelectorAll('#hand [data-zone="hand"]'))
            cards = every if every_card else (
                [el for el in every if el.getAttribute("aria-disabled") != "true"] or every)
            if not cards:
                return
            event.preventDefault()
            codes = [str(el.dataset.card) for el in cards]
            current = str(in_hand.dataset.card) if in_hand is not None else self.selected
            if key in ("Home", "End"):
                i = 0 if key == "Home" else len(codes) - 1
            elif current in codes:
                i = codes.index(current) + (1 if key == "ArrowRight" else -1)
            else:
                i = 0 if key == "ArrowRight" else len(codes) - 1
            focus_in_hand(cards[i % len(cards)])
        elif key == "Enter" and in_hand is not None:
            event.preventDefault()
            code = str(in_hand.dataset.card)
            if hurried:
                # Not played, only chosen, so that the press shows: the card rises and the
                # message says how to play it (Enter again, once the run of presses stops).
                if (self.my_turn() and self.selected != code
                        and self.match.state.why_illegal(self.move_for(code)) is None):
                    self.click_card(code)
                return
            if self.my_turn() and self.match.state.why_illegal(self.move_for(code)) is None:
                self.selected = code
                self.play_selected()
            else:
                self.click_card(code)
        elif (key == "Escape" and self.match.state.is_over and not self.results_hidden
              and not self.passive):
            self.show_table()  # (as the board's "Show the table": Escape puts a board away)
        elif key == "Escape" and self.dealing:
            self.skip_deal()
        elif key == "Escape" and self.selected is not None and self.my_turn():
            # A card chosen is put back, the focus staying where it is: on the card, or on
            # the one the arrows went on to.
            code = str(in_hand.dataset.card) if in_hand is not None else self.selected
            self.selected = None
            self.render()
            self.say_turn()
            card = q(f'#hand [data-card="{code}"]')
            if card is not None:
                focus_in_hand(card)

    def on_change(self, event):
        target = event.target
        tid = str(target.id or "")
        # (a value the menu does not offer, as a tampered form sends, changes nothing)
        if tid == "menu-speed":
            if str(target.value) in store.SPEEDS:
                self.set_speed(str(target.value))
        elif tid == "menu-level":
            if str(target.value) in store.LEVELS:
                self.set_level(str(target.value))
        elif tid == "menu-language":
            if self.language_key in ("", "Enter", " "):
                self.set_language(str(target.value))
            else:
                self.language_pending = str(target.value)  # (on_key, on_focusout)
        elif tid == "menu-auto":
            self.set_auto_play(bool(target.checked))
        elif tid == "menu-full":
            self.set_full_screen(bool(target.checked))
        elif tid == "menu-four":
            self.set_deck_colours(bool(target.checked))
        elif element("setup").contains(target):
            self.setup_changed(target)
        if tid != "menu-language":
            # (another of the menu's settings changed after the arrows chose a language: that
            # one in use too, the menu drawn again with both)
            self.use_pending_language(focus=tid or None)
