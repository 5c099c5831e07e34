"""The dialogs (menu, new-game screen, rules, the hand's moves) and the browser's history and
full screen that go with them: opened and closed with the focus given back, kept through a
reload, closed one at a time by a phone's Back, and a double tap's second tap made harmless.

A part of the page (app.Page), which holds the state it works on.
"""

import time

import render
import store
import view
from dom import drop_params, dropped, element, full_screen, history_state, js_obj, q
from pyscript import document, window

import fantan

HUMAN = view.HUMAN
# A dialog opened or closed by a tap: a tap at the same place within this many seconds (and
# TAP_SLOP pixels) is a double tap's second, and does nothing (Dialogs.on_second_tap).
DOUBLE_TAP = 0.5
TAP_SLOP = 24.0


class Dialogs:
    """The page's dialogs, history and full screen (a part of app.Page).

    A phone's Back closes the dialog open, as it would a page of an app, instead of leaving
    the game: a dialog opened adds an entry to the history (or takes back the one of ours
    that a dialog closed before left spent), which Back leaves. Closed by its button, a dialog
    leaves its entry spent rather than step back: a step back would cut short a page load
    begun at once after."""

    def show_dialog(self, name):
        element(name).showModal()
        self.dialog_flipped()
        state = history_state()
        if state != "dialog":
            mark = js_obj({"fantanDialog": True})
            if state == "spent":
                window.history.replaceState(mark, "")
            else:
                window.history.pushState(mark, "")
        self.keep_dialogs()

    def keep_dialogs(self):
        """Note in this tab's session the dialogs open, and the new-game screen's choices, for
        a reload to open again (restore_dialogs)."""
        if self.session is None:
            return
        opened = [d for d in ("menu", "setup", "rules-page", "moves-page") if element(d).open]
        draft = self.draft if "setup" in opened else None
        try:
            self.session.setItem(store.DIALOGS_KEY, store.dialogs_text(opened, draft))
        except Exception:
            self.session = None  # (full or refused, as for the table's view)

    def restore_dialogs(self):
        """Open again what was open before a reload (keep_dialogs): the menu, the new-game
        screen with the choices made on it, the rules page (over that screen, or alone)."""
        try:
            text = self.session.getItem(store.DIALOGS_KEY) if self.session is not None else None
        except Exception:
            return
        dialogs = store.parse_dialogs(None if store.missing(text) else str(text))
        if "setup" in dialogs.open:
            self.open_setup(dialogs.draft)
        elif "menu" in dialogs.open:
            self.open_menu()
        if "rules-page" in dialogs.open:
            self.open_rules(self.draft if "setup" in dialogs.open else None)
        if "moves-page" in dialogs.open and self.match is not None:
            self.open_moves()

    def dialog_flipped(self):
        """A dialog (or the result board) opened or closed, or a button asked for what will
        take its place: where that came of a click, its place, at which the second tap of a
        double tap would land on what the change put there (on_second_tap)."""
        if self.tapped is not None:
            self.flipped = (time.monotonic(), *self.tapped)

    def on_second_tap(self, event):
        """A click at the place of the one that opened or closed a dialog, a moment later, is
        the second of a double tap or click: it does nothing. It chose the rule system that
        the new-game screen put under the finger, or the card under the menu's Close. (A
        double click counts its clicks; a second tap may come too late for that count.)"""
        if int(event.detail or 0) == 0:
            return  # (a key's click: the button with the focus)
        if self.second_tap(event):
            event.preventDefault()
            event.stopPropagation()
            return
        self.tapped = (float(event.clientX), float(event.clientY))  # (until it is handled)
        window.setTimeout(self.tap_done, 0)

    def on_second_press(self, event):
        """The press of a second tap (on_second_tap) does not move the focus either: it took
        it from the heading that the check of our moves gave it, say."""
        if int(event.detail or 0) and self.second_tap(event):
            event.preventDefault()

    def second_tap(self, event):
        """Whether a click or a press (``event``) is the second of a double tap or click at
        the place of one that opened or closed a dialog (dialog_flipped)."""
        at, x, y = self.flipped
        return (time.monotonic() - at < DOUBLE_TAP
                and abs(float(event.clientX) - x) <= TAP_SLOP
                and abs(float(event.clientY) - y) <= TAP_SLOP
                and (int(event.detail) >= 2 or self.touched is not None))

    def close_dialog(self, name):
        """Close the dialog ``name`` by its button. The click is noted as one that closed a
        dialog now (dialog_flipped), while its place is known: the dialog's close event,
        which notes it too, comes after the click's handling is over and its place forgotten,
        and the second click of a double one on Close pressed what lay under it (Fast
        forward under the rules page's Close, a card under the menu's)."""
        self.dialog_flipped()
        element(name).close()

    def dialog_closed(self, opener):
        """A dialog closed: the focus back to what opened it (find_focus); and closed by its
        button or Escape, once none is open (the menu closes as the new-game screen opens),
        our entry in the history is spent."""
        self.dialog_flipped()
        self.keep_dialogs()
        self.use_pending_language()
        self.find_focus(opener)
        if self.popping:
            self.popping = False
            return
        if q("dialog[open]") is None and history_state() == "dialog":
            window.history.replaceState(js_obj({"fantanSpent": True}), "")

    def on_popstate(self, _event=None):
        """Back: the dialog on top closes; one still open under it keeps an entry of ours.
        With none open, Back came from an entry of ours left spent (a dialog closed by its
        button, or open at a reload) to the game's own: it steps back once more, so that one
        press leaves the game, as the player meant."""
        drop_params(*dropped)
        opened = list(document.querySelectorAll("dialog[open]"))
        if not opened:
            if history_state() == "":
                window.history.back()
            return
        self.popping = True
        opened[-1].close()
        if len(opened) > 1:
            window.history.pushState(js_obj({"fantanDialog": True}), "")

    def open_menu(self):
        self.draw_menu()
        self.show_dialog("menu")

    def draw_menu(self, confirm_reset=False, focus=None):
        element("menu").innerHTML = self.menu_shown = self.menu_markup(confirm_reset)
        target = q(f"#{focus}") if focus else None
        if target is not None:
            target.focus()

    def menu_markup(self, confirm_reset=False):
        stats = self.store.load_stats()
        # (a language asked for in the address is the one in use, and the one shown chosen)
        shown = {**self.settings, **self.overrides}
        return render.menu(
            self.cat, shown, stats, confirm_reset,
            store.counts_at(stats, self.match, self.setting("level")),
            french_deck=self.match is None or not view.is_spanish(self.match.rules),
            moves=self.match is not None, full_screen=full_screen())

    def follow_menu(self):
        """The menu open in a tab that lets another play shows what that tab changes: its
        level, its deck's colours, its record and the game it deals (the level the game counts
        at, the four-colour deck offered or not). Drawn anew only where it changed, with the
        focus, the question of a reset and the scroll as they were; not while the arrows
        run through the languages (the one they reached is not yet chosen)."""
        dialog = element("menu")
        if not dialog.open or self.language_pending is not None:
            return
        confirm = q("#record-reset-yes") is not None
        html = self.menu_markup(confirm)
        if html == self.menu_shown:
            return
        active = document.activeElement
        focus = str(active.id or "") if dialog.contains(active) else ""
        top = dialog.scrollTop
        self.draw_menu(confirm, focus=focus or None)
        dialog.scrollTop = top

    def set_full_screen(self, on):
        """Full screen asked for or left from the menu: the page goes on as it was, its table
        laid out anew for the screen (on_resize)."""
        if on == bool(full_screen()):
            return
        try:
            # (asked for at once, in the click's own time: a browser grants it only then)
            done = (document.documentElement.requestFullscreen() if on
                    else document.exitFullscreen())
        except Exception:
            self.show_full_screen()
            return
        self.spawn(self.full_screen_settled(done))

    async def full_screen_settled(self, done):
        try:
            await done
        except Exception:
            pass  # (refused: the menu's box says how the page is)
        self.show_full_screen()

    def show_full_screen(self):
        box = q("#menu-full")
        if box is not None:
            box.checked = bool(full_screen())

    def open_setup(self, draft=None):
        """The new-game screen, with the game in play chosen on it (or ``draft``'s choices)."""
        element("menu").close()
        current = self.match.rules if self.match is not None else None
        self.draft = draft or view.setup_draft(current, self.settings, self.setting("level"))
        self.draw_setup()
        self.show_dialog("setup")
        self.setup_shown = time.monotonic()
        # (the focus on the game in play, not on the dialog's first: the arrows go on from it)
        checked = q('#setup input[name="preset"]:checked')
        if checked is not None:
            checked.focus()
        chosen = q("#setup .preset.chosen")
        if chosen is not None:  # the game in play, in view on a phone too
            chosen.scrollIntoView(js_obj({"block": "nearest"}))

    def draw_setup(self):
        dialog = element("setup")
        top = dialog.scrollTop
        dialog.innerHTML = render.setup(self.cat, self.draft, self.gives_up())
        dialog.scrollTop = top

    def setup_changed(self, target):
        draft = self.draft
        name = str(target.name or target.id)
        value = str(target.value)
        rules = draft["rules"]
        # (a value the screen does not offer, as a tampered form sends, changes nothing)
        number = store.whole_number(value, digits=2)
        if name == "preset":
            if store.sound_preset(value):
                self.draft = draft = view.pick_game(draft, value)
        elif name == "setup-players":
            if number is not None:
                draft["rules"] = _try(rules, players=number)
        elif name == "setup-level":
            if value in store.LEVELS:
                draft["level"] = value
        elif name == "setup-match":
            if value == "" or (number is not None and store.sound_match(number)):
                draft["match"] = number
        elif name.startswith("axis-"):
            axis = name[5:]
            parsed = view.axis_choice(rules, axis, value)
            changed = None if parsed is None else view.change(rules, axis, parsed)
            if isinstance(changed, fantan.Rules):
                draft["rules"] = changed
        self.draw_setup()
        self.keep_dialogs()
        focus = dialog_field(target)
        if focus is not None:
            focus.focus()

    def start_from_setup(self):
        draft = self.draft
        rules = draft["rules"]
        custom = draft["preset"] == "custom"
        if self.passive:
            # Dealing here plays here: the game the other tab plays is the one given up.
            self.match = self.claim()
        self.count(store.record_left)
        self.settings.update({
            "preset": draft["preset"],
            "players": rules.players,
            "level": draft["level"],
            "match": draft["match"],
            "custom": rules.to_dict() if custom else None,
        })
        self.save_settings()
        self.chosen("level")
        element("setup").close()
        self.hide_results()
        # (the focus goes to the table with the deal, as after Next hand, not back to Menu)
        self.lost_focus = True
        self.new_match(store.rules_from_settings(self.settings))

    def open_rules(self, draft):
        if draft is not None:
            # (with the match length chosen beside the rules)
            name, rules = draft["preset"], view.with_match(draft["rules"], draft["match"])
            html = render.rules_page(self.cat, name, rules)
        else:
            html = self.rules_in_play()
        element("menu").close()
        page = element("rules-page")
        page.innerHTML = self.rules_shown = html
        self.show_dialog("rules-page")
        # The page reads from its top: the focus goes to its title, not to Close at the end
        # (the dialog's first button), which would scroll it to the bottom.
        element("rules-title").focus()
        page.scrollTop = 0

    def rules_in_play(self):
        """The rules page of the game in play (with the start rank its first card chose)."""
        rules = self.match.rules
        chosen = view.chosen_start(self.match.state.observation(HUMAN))
        return render.rules_page(self.cat, view.preset_of(rules) or "custom", rules, chosen)

    def follow_rules(self):
        """The rules page open over the table (not over the new-game screen, where it explains
        the rules chosen there), in a tab that lets another play, explains the game that tab
        plays as it changes: a game of other rules dealt there, or the start rank its first
        card chose. It went on explaining the game this tab had shown, the table under it
        that tab's. Drawn anew only where it changed, from its top, the focus on its title if
        the page had it."""
        page = element("rules-page")
        if not page.open or element("setup").open or self.match is None:
            return
        html = self.rules_in_play()
        if html == self.rules_shown:
            return
        had_focus = page.contains(document.activeElement)
        page.innerHTML = self.rules_shown = html
        page.scrollTop = 0
        if had_focus:
            element("rules-title").focus()


def _try(rules, **changes):
    result = view.try_rules(rules, **changes)
    return rules if isinstance(result, fantan.RulesError) else result


def dialog_field(target):
    tid = str(target.id or "")
    if tid:
        return element(tid)
    name = str(target.name or "")
    value = str(target.value or "")
    return q(f'#setup input[name="{name}"][value="{value}"]')
