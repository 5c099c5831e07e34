"""Two tabs of the game: the one that plays owns the save, another shows it as it is
saved under a notice and can take the game over; a page back from the browser's cache goes
on from the save.

A part of the page (app.Page), which holds the state it works on.
"""

import render
import store
import view
from dom import element
from pyscript import document

HUMAN = view.HUMAN


class Tabs:
    """The page's two-tab play: owning the save, or showing another tab's game (a part
    of app.Page)."""

    def on_storage(self, event):
        key = None if store.missing(event.key) else str(event.key)
        value = None if store.missing(event.newValue) else str(event.newValue)
        if key == store.OWNER_KEY and value is not None and value != self.store.tab:
            # (not on the word of an event alone: two tabs loaded at once both claim the game,
            # and a claim's event can come after ours has followed it)
            if not self.store.owns():
                self.go_passive()
        elif key == store.SAVE_KEY and self.passive:
            self.stale = True
            self.show_stored()
        elif key == store.SETTINGS_KEY and self.passive:
            self.follow_settings()
        elif key == store.STATS_KEY and self.passive:
            self.follow_menu()  # (its record)

    def follow_settings(self):
        """A tab that lets another play shows that tab's level and deck colours as it changes
        them (its line over the table named the level this tab had; its new-game screen
        offered it), but for those changed here since. The language stays this tab's until it
        plays (claim)."""
        self.adopt_settings(keep=("language",))
        if self.match is not None:
            self.render()
        self.follow_menu()

    def adopt_settings(self, keep=()):
        """The settings as the tab that plays stores them, but for those changed here since
        this tab let it play and those named in ``keep``; the names of those changed here."""
        before = self.passive_settings
        mine = {k for k, v in self.settings.items() if before and before.get(k) != v}
        for name, value in self.store.load_settings().items():
            if name not in mine and name not in keep:
                self.settings[name] = before[name] = value
        self.show_deck_colours()
        return mine

    def on_visible(self, _event=None):
        if self.passive:
            self.show_stored()

    def show_stored(self):
        """A tab that lets another play shows the game as that tab saves it, under its notice
        (only while it is in view: a hidden tab catches up when it is shown again)."""
        if not self.stale or document.visibilityState != "visible":
            return
        self.stale = False
        match = self.store.peek()
        if match is None:
            return
        self.match = match
        self.hide_results()
        self.begin_hand(animate=False)
        # (the hand's moves, open over it, are that game's too: the latest round kept in view
        # if it was)
        moves = element("moves-page")
        if moves.open:
            latest = moves.scrollTop + moves.clientHeight >= moves.scrollHeight - 2
            self.draw_moves()
            if latest:
                moves.scrollTop = moves.scrollHeight
        self.follow_rules()  # (the rules page too, open over the table)
        self.follow_menu()  # (and the menu: the level the game counts at, its deck)

    def go_passive(self):
        if self.passive:
            return
        self.passive = True
        self.stale = False
        self.passive_settings = dict(self.settings)  # (to keep what is changed from now on)
        if self.dealing:
            self.set_phase("playing")
        self.stop()
        board = element("takeover")
        board.hidden = False
        element("takeover-text").textContent = self.cat.t("msg.other-tab")
        element("takeover-buttons").innerHTML = render.button(
            "play-here", self.cat.t("button.play-here"), cls="primary")
        self.render()
        self.message("", speak=False)  # (no "Your turn" in a tab where no card can be played)

    def claim(self):
        """Make this tab the one that plays, with the stored settings, and return the stored
        game (None if there is none or it is refused)."""
        self.passive = False
        element("takeover").hidden = True
        self.store.claim()
        # The other tab may have changed the language or the deck's colours: show its choice,
        # but for what was changed here meanwhile.
        mine = self.adopt_settings()
        self.passive_settings = {}
        if mine:
            self.save_settings()
        self.cat = self.load_catalog()
        self.cache = {}
        self.apply_language()
        match, notice = self.store.load()
        if notice:
            self.notify(self.cat.t(notice))
        return match

    def before_update(self):
        """An update reloads every tab of the page at once, and each would claim the game as
        it starts: the last one to start, not the one that played, would have it. The game
        is saved, and a tab that lets another play notes in its session that it still does
        (lets_play_on)."""
        self.save()
        if self.passive and self.session is not None:
            try:
                self.session.setItem(store.LETS_PLAY_KEY, "1")
            except Exception:
                pass  # (it claims the game, as any reload does)

    def lets_play_on(self):
        """Whether this tab, reloaded by an update, lets another play on (before_update); the
        note is read once."""
        try:
            if self.session is None or store.missing(self.session.getItem(store.LETS_PLAY_KEY)):
                return False
            self.session.removeItem(store.LETS_PLAY_KEY)
        except Exception:
            return False
        return True

    def on_pageshow(self, event):
        """Back on the page from the browser's back-forward cache, the table shown is as it was
        when the player left, and another tab may have played on meanwhile: the game goes on
        from what is stored, in this tab, as after a reload (a tab that had let another play
        stays as it was: its "Play here" does this)."""
        if event.persisted and self.match is not None and not self.passive:
            self.resume(keep_view=True)

    def resume(self, keep_view=False):
        """Play on in this tab from the stored game (a new one if there is none), with the card
        chosen and the table looked at as this tab's session noted them if ``keep_view``."""
        self.stop()
        match = self.claim()
        self.hide_results()
        if match is None:
            self.new_match(store.rules_from_settings(self.settings))
        else:
            self.match = match
            self.begin_hand(animate=False, restore=store.parse_view(
                self.read_view(), match, HUMAN) if keep_view else store.NO_VIEW)

    def take_over(self):
        self.resume()
        self.message(self.cat.t("msg.took-over"))
