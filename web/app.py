"""The page's Python side: the one seam between the engine and the DOM, and nothing more.

Page keeps the match and its turns, renders the view models of view.py through render.py
into the page's regions, makes the player's moves on the engine, asks the computer players
(players.py; Hard in a worker) for theirs, speaks, and autosaves through store.py; its other
concerns are the parts it is made of (Page's docstring). Rules questions all go to the engine.
"""

import asyncio
import random
import sys
import time
import traceback

import i18n
import players
import render
import store
import view
from dialogs import Dialogs
from dom import (
    HAND_STOP,
    PLAYABLE,
    after_paint,
    drop_params,
    element,
    focus_at_table,
    focus_in_hand,
    focus_on,
    history_state,
    js_obj,
    now_ms,
    number_param,
    open_session,
    open_storage,
    param,
    patch,
    q,
    reduced_motion,
    root,
    up,
)
from inputs import Inputs
from motion import Motion
from moves_page import MovesPage
from pyodide.ffi import create_proxy
from pyscript import document, window
from results import Results
from tabs import Tabs

import fantan

HUMAN = view.HUMAN
FAST_PACE = 0.06  # seconds per computer move under fast forward
NO_MOVE_PAUSE = 1.0  # seconds the "No move" banner stays at least (longer at a slow pace)
AUTO_PLAY_PAUSE = 1.0  # seconds our one card that fits stands raised before it is played for us
WAIT_HOLD = 2.5  # seconds "Wait for your turn" stays before a computer's "… is thinking"
BOOTS_KEY = "fantan.boots"
NOTICE_SECONDS = 10.0  # a notice over the top of the table, unless put away sooner
SPOKEN_KEPT = 6  # lines kept in the live region (older ones are removed)
# The settings a link may set for its game, with the address's parameter for each
LINK_SETTINGS = {"language": "lang", "level": "level", "speed": "speed"}


class Page(Motion, Results, Inputs, Tabs, Dialogs, MovesPage):
    """The game on the page: one match, its settings and what the table shows now. Its parts
    live in modules of their own, each a class of the methods of one concern, all working on
    the state set up here: the deal and the flights (motion.py), the result board
    (results.py), the player's clicks and keys (inputs.py), two tabs of the game (tabs.py),
    the dialogs (dialogs.py) and the hand's moves page (moves_page.py). This module keeps the
    match and its turns, draws the table, speaks, and answers the player's moves."""

    def __init__(self):
        tab = f"{now_ms():x}-{random.SystemRandom().randrange(16**8):08x}"
        self.store = store.Store(open_storage(), tab, now_ms)
        self.settings = self.store.load_settings()
        self.pace_override = store.PACE.get(param("speed", ""), None)
        try:  # a test hook: seconds per computer move, so tests need no stopwatch
            pace = float(param("pace", ""))
            if 0 <= pace <= 3600:
                self.pace_override = pace
        except ValueError:
            pass
        # A link's language, level and speed: in play, and shown chosen, but not the player's
        # own to keep (the settings saved), until the player chooses otherwise (chosen)
        allowed = {"language": i18n.LANGUAGES, "level": store.LEVELS, "speed": store.SPEEDS}
        self.overrides = {name: param(key) for name, key in LINK_SETTINGS.items()
                          if param(key) in allowed[name]}
        self.cat = self.load_catalog()
        self.match = None
        self.gen = 0  # bumped to stop a running sequence of computer turns
        self.failed = False  # an error of the page's own code stopped the game (trouble)
        self.driving = False
        self.dealing = False
        self.skip = False
        self.fast = False
        self.selected = None
        self.received = None  # a card given to us, shown until we move
        self.gave = False  # "You gave ..." on screen, kept while the others move
        self.said_ours = False  # the pass (or card) the game makes for us is said already
        self.auto_card = None  # our one card that fits, about to be played for us
        self.lost_focus = False  # the focus went with the board: the deal gives it back
        self.flashes = {}  # seat -> until when its pass (or elimination) is lit up
        self.seen = 0  # how much of the hand's history the table has shown
        self.passive = False
        self.hints = {}  # the last hint (fantan.ai.hint's dict), by its position
        self.hinting = None  # the position whose hint is being worked out
        # (the hand just over and a level) -> our choices and the hint's advice on each, of
        # one hand; and the hand and levels whose choices are being checked: each level's
        # check its own, a check at Hard going on while the player looks at Medium's
        self.checked = {}
        self.checking = set()
        self.sheet_open = False  # the result board's score sheet, as the player left it
        self.sheet_asked = False  # the player has just opened or shut it (not a new board)
        self.sheet_seen = False  # the player opened it on this board (in view after a reload)
        self.notices = 0  # notices shown: each hides after its time unless a later one came
        self.popping = False  # a dialog is closing for the browser's Back
        self.rules_shown = ""  # the rules page as last drawn (its markup)
        self.tapped = None  # during a click's handling: where it was (a pointer's, not a key's)
        self.flipped = (-1e9, 0.0, 0.0)  # a dialog opened or closed by a click: when, where
        self.passive_settings = {}  # the settings when this tab let another play
        self.stale = False  # (and the game that tab played has changed since it was shown)
        self.session = open_session()
        self.players = players.Players(self.spawn, window.console.warn)
        self.results_hidden = False
        self.cache = {}
        self.seat_count = 0
        self.draft = None
        self.unspoken = []  # events not yet announced to screen readers
        self.by_keys = False  # the player's last input was a key (not a tap or a click)
        # (and a mouse, not a finger: messages say "click", not "tap"; before any input, as
        # the screen's main pointer suggests)
        self.by_mouse = bool(window.matchMedia("(hover: hover) and (pointer: fine)").matches)
        self.touched = None  # where the last finger came down (x, y); None after a mouse or a pen
        self.last_spoken = ("", 0.0)  # the live region's last line, and when
        self.landings = 0  # cards in flight to the table (the marks wait for them: land)
        self.landing_epoch = 0  # how often every card in flight has landed (landed)
        self.on_landing = None  # a message that waits for them too
        self.waiting = ""  # the last "… is thinking" line
        self.told_to_wait = -WAIT_HOLD  # when a card tapped in another's turn was answered
        self.setup_shown = 0.0  # when the new-game screen was opened (Inputs.on_key)
        self.last_enter = ("", 0.0)  # what the last Enter pressed (an element's id), and when
        self.no_move = False  # during the "No move" pause (a new language words its line again)
        # The turn of ours at which the player was answered (a refusal, a hint, a card chosen)
        # before the card that handed it to us landed: "Your turn" then does not replace that.
        self.answered = None
        # A language the arrows chose on the menu's closed list, not yet put in use: the page
        # changes language when Enter is pressed, a key takes the focus from the list, a
        # button is clicked or the menu closes, not at each step (a screen reader would read
        # every step's page in another language).
        self.language_key = ""  # the key last pressed on the list ("" after a click)
        self.language_pending = None
        self.menu_shown = ""  # the menu's markup as last drawn (Dialogs.follow_menu)

    # --- start-up ---------------------------------------------------------------------------

    def load_catalog(self):
        """The catalogue of the chosen language, else of the browser's, else English."""
        chosen = self.setting("language")
        languages = [chosen] if chosen else []
        languages += i18n.browser_languages(list(window.navigator.languages or []))
        return i18n.load(i18n.LOCALEDIR, languages, read=i18n.read_beside)

    def apply_language(self):
        """Put the catalogue's words on everything outside the regions that render() fills."""
        cat = self.cat
        root.lang = cat.language.replace("_", "-")
        self.show_title()
        for el in document.querySelectorAll("[data-boot]"):
            key = str(el.dataset.boot)
            # (only words that change: the loader is a live region, read out at every write)
            if cat.has(key) and " ".join(str(el.textContent).split()) != cat.t(key):
                el.textContent = cat.t(key)
        element("bar-actions").innerHTML = render.bar_actions(cat)
        element("rows").setAttribute("aria-label", cat.t("table.rows"))
        element("hand").setAttribute("aria-label", cat.t("table.hand"))
        element("opponents").setAttribute("aria-label", cat.t("table.opponents"))
        element("controls").setAttribute("aria-label", cat.t("table.controls"))

    def show_title(self):
        """The page's title names the game in play (its rule system), once one is dealt."""
        cat = self.cat
        rules = self.match.state.rules if self.match is not None else None
        if self.cache.get("title") == (cat.language, rules):
            return  # (render calls this for every move: the rules change only with a game)
        self.cache["title"] = (cat.language, rules)
        words, whole = view.title_words(cat, rules)
        document.title = whole
        kept = view.phone_title(cat, rules)
        for style in ("standard", "branded"):
            q(".title").classList.toggle(style, kept == style)
        q(".title").innerHTML = (
            f'<span class="brand">{render.escape(cat.t("app.title"))}</span> '
            f'<span class="subtitle{" long" if len(words) > 16 else ""}">'
            f'{render.escape(words)}</span>')

    def use_pending_language(self, focus=None):
        """The language the arrows chose on the menu's list, if any, in use now."""
        if self.language_pending is not None:
            self.set_language(self.language_pending, focus=focus)

    def set_language(self, code, focus="menu-language"):
        """Switch the language at once, without a reload, and keep the choice (``focus``: the
        menu's control to have the focus in the menu drawn again, if open)."""
        self.language_pending = None
        self.settings["language"] = code if code in i18n.LANGUAGES else ""
        self.chosen("language")
        self.save_settings()
        self.cat = self.load_catalog()
        self.apply_language()
        if self.match is not None:
            self.cache = {}
            self.render()
            if self.match.state.is_over:
                self.show_results(focus=False)
            elif self.dealing:
                self.message(self.cat.t(self.by_input("msg.dealing")), speak=False)
            elif self.hint_shown():  # (worded again, with its marks still on the cards)
                advice = self.hints[self.hint_position()]
                self.message(view.hint_text(self.cat, self.match.rules, advice), speak=False)
            elif self.my_turn() and self.selected:
                self.say_selected(self.selected)
            elif self.my_turn():
                self.say_turn()
            if self.no_move and not element("banner").hidden:
                self.say_no_move(speak=False)
            elif self.auto_card is not None:
                self.say_auto_play(speak=False)
        menu = element("menu")
        if menu.open:
            self.draw_menu(focus=focus)

    def start(self):
        cat = self.cat
        self.apply_language()
        element("engine-version").textContent = fantan.__version__
        app = element("app")
        app.dataset.python = "{}.{}.{}".format(*sys.version_info[:3])
        app.dataset.boots = str(self.count_boot())
        self.show_deck_colours()
        lets_play = self.lets_play_on()
        if not lets_play:
            self.store.claim()
        self.listen()
        match, notice = (None, None)
        asked_new = param("new") is not None  # (a link that deals a new game)
        if not asked_new:
            match, notice = self.store.load()
        else:  # (it gives up the game in play, as Deal on the new-game screen does)
            self.count(store.record_left, self.store.peek())
        notices = [cat.t(n) for n in (notice, self.store.mend_stats()) if n]
        if notices:
            self.notify(" ".join(notices))
        app.hidden = False
        element("loading").hidden = True
        if match is None:
            self.new_match(self.rules_for_new_game(), seed_from_url=True)
            drop_params("new")  # (a reload then goes on with this game)
        else:
            self.match = match
            # A reload shows again the card chosen, or the table looked at after the hand; a
            # hand not yet begun is dealt again, unless a card was chosen (the deal was over).
            restore = store.parse_view(self.read_view(), match, HUMAN)
            self.sheet_open = restore.sheet
            # (no deal shown where another tab plays: its game is shown as it stands)
            self.begin_hand(animate=len(match.state.moves) == 0 and restore.selected is None
                            and not restore.hint and not lets_play, restore=restore)
        if lets_play and not self.store.owns():  # (still played in the other tab)
            self.go_passive()
        if not asked_new:  # (a link that deals a new game shows the table)
            self.restore_dialogs()

    def count_boot(self):
        """Count the page's boots in storage (shows that storage survives reloads)."""
        text = self.store.read(BOOTS_KEY) or "0"
        # (a count in ASCII digits of sensible length; anything else starts again)
        boots = (store.whole_number(text, digits=9) or 0) + 1
        self.store.write(BOOTS_KEY, str(boots))
        return boots

    def rules_for_new_game(self):
        settings = dict(self.settings)
        if param("preset") in fantan.PRESETS:
            settings["preset"] = param("preset")
            settings["custom"] = None
        for name in ("players", "match"):
            number = number_param(name)
            # (a match as long as one the new-game screen offers: 1 to 50 hands)
            if number is not None and (name == "players" or store.sound_match(number)):
                settings[name] = number
        return store.rules_from_settings(settings)

    def listen(self):
        on = self.on
        on(document, "click", self.on_second_tap, capture=True)
        on(document, "mousedown", self.on_second_press, capture=True)
        self.tap_done = create_proxy(self.guard(lambda *_: setattr(self, "tapped", None)))
        on(document, "click", self.on_click)
        on(document, "keydown", self.on_key)
        on(document, "pointerdown", self.on_pointer, capture=True)
        on(document, "change", self.on_change)
        on(document, "focusout", self.on_focusout)
        on(document, "toggle", self.on_toggle, capture=True)  # (a toggle does not bubble)
        on(window, "storage", self.on_storage)
        on(window, "fantan:update", lambda _e: self.before_update(), always=True)
        on(window, "pagehide", lambda _e: self.leaving(), always=True)
        on(window, "pageshow", self.on_pageshow)
        on(document, "visibilitychange", self.on_visible)
        # A rotation (or any resize) during the deal moves the seats the cards fly to: the
        # deal ends at once, as if skipped, rather than fly to where the seats were. (And the
        # message beside our badge has another width.)
        on(window, "resize", lambda _e: self.on_resize())
        # (full screen left by the browser's own means, Escape or F11, as well as the menu's)
        on(document, "fullscreenchange", lambda _e: self.show_full_screen())
        # A dialog closed gives the focus back to what opened it; where that was drawn again
        # meanwhile (the bar, in a new language), to the button of the bar that opens it.
        for dialog, opener in (("menu", "open-menu"), ("setup", "open-menu"),
                               ("rules-page", "open-rules"), ("moves-page", "open-menu")):
            on(element(dialog), "close", lambda _e, opener=opener: self.dialog_closed(opener))
        on(window, "popstate", self.on_popstate)
        # The buttons held at the screen's foot over a page that scrolls cover what lies
        # under them: the page keeps their height clear when it brings a card the focus goes
        # to into view (style.css: scroll-padding-bottom).
        controls = element("controls")
        watcher = window.ResizeObserver.new(create_proxy(self.guard(
            lambda *_: root.style.setProperty(
                "--controls-height", f"{controls.getBoundingClientRect().height:.0f}px"))))
        watcher.observe(controls)
        if history_state() == "dialog":  # (reloaded with a dialog open: none is open now)
            window.history.replaceState(js_obj({"fantanSpent": True}), "")

    # --- errors -----------------------------------------------------------------------------

    def on(self, target, kind, handler, capture=False, always=False):
        """Listen to the page's events of a ``kind`` on ``target`` through the guard."""
        target.addEventListener(kind, create_proxy(self.guard(handler, always)), capture)

    def guard(self, handler, always=False):
        """``handler`` for an event of the page: an error it raises is trouble (below), told
        to the player, not left in the console with the table half drawn. After trouble it
        does nothing (unless ``always``: the save as the page goes)."""
        def guarded(*args):
            if self.failed and not always:
                return
            try:
                handler(*args)
            except Exception as error:  # (its traceback from the handler on)
                self.trouble(error.with_traceback(error.__traceback__.tb_next))
        return guarded

    def spawn(self, coroutine):
        """Run a coroutine beside the page; an error it ends in is trouble, as in a handler."""
        task = asyncio.ensure_future(coroutine)
        task.add_done_callback(self.task_ended)
        return task

    def task_ended(self, task):
        if not task.cancelled() and task.exception() is not None:
            self.trouble(task.exception())

    def trouble(self, error):
        """Stop the game on an error of the page's own code: nothing moves on the table after
        it, and the loader (boot.js) says so over the table, with the traceback under Details
        for a bug report. Every move was saved as it was played: a reload goes on from there."""
        details = "".join(traceback.format_exception(error))
        window.console.error(details)
        # Nothing the page hears after it moves the table: a resize, another tab's save or
        # claim, a return from the browser's cache (which played on, under the box, from the
        # stored game), a timer (each a guarded handler).
        self.failed = True
        self.gen += 1  # (the turns, the deal, a hint: each stops at its next step)
        self.driving = self.dealing = False
        window.dispatchEvent(window.CustomEvent.new("fantan:trouble", js_obj({"detail": details})))

    # --- the match --------------------------------------------------------------------------

    def new_match(self, rules, seed_from_url=False):
        seed = number_param("seed") if seed_from_url else None
        if seed is None:
            # (from so many that the computer players could not try every one to find the
            # deal from the seeds of their moves: Match.seed_at)
            seed = random.SystemRandom().randrange(2**53)
        self.stop()
        self.match = fantan.new_match(rules, seed)
        self.layout()  # (its seats, for a table drawn at once: by go_passive, say)
        if self.commit():
            self.begin_hand(animate=True)

    def begin_hand(self, animate, restore=store.NO_VIEW):
        """Show the current hand (dealt now, or restored with ``restore``: the card chosen,
        whether the table was shown instead of the board and a hint, store.parse_view) and get
        play going."""
        self.stop()
        self.selected = restore.selected
        self.received = None
        self.gave = False
        self.unspoken = []  # the last game's moves are not this one's news
        self.flashes = {}
        self.results_hidden = restore.table
        self.sheet_seen = restore.sheet_seen
        self.seen = len(self.match.state.history)
        self.layout()
        self.restore_gift()
        self.note_level()
        self.want_worker()
        if self.match.state.is_over:
            # (a hand over is only ever restored: the board shown as it was, the focus left
            # nowhere, as at a turn of ours restored; Enter finds its heading)
            self.render()
            self.show_results(focus=False)
            for level in restore.checked:  # (checked again: the same answers, at Hard in
                self.spawn(self.check_moves(level))  # the worker; each level's)
            return
        if animate:
            self.spawn(self.deal(self.gen))
        else:
            self.set_phase("playing")
            self.render()
            if self.selected is not None:  # (a card chosen before a reload: Enter plays it)
                card = q(f'#hand [data-card="{self.selected}"]')
                if card is not None and document.activeElement in (None, document.body):
                    focus_in_hand(card)
            if restore.hint and self.my_turn():
                # A hint shown before a reload is shown again (asked again: the same answer,
                # with its marks), in place of "Your turn".
                self.answered = self.turn_key()
                self.spawn(self.hint())
            self.drive()

    def restore_gift(self):
        """A hand restored after a card was given to us, or by us, that we have not moved
        since: show the card and who gave it again, as when it came."""
        self.received, text = self.received_note()
        given = view.given_gift(self.match.state.observation(HUMAN))
        if given is not None:  # (and "You gave the K♣ to Lina.", where that came last)
            self.gave = True
            to, card = given
            text = self.cat.t("msg.gave", name=view.seat_name(self.cat, to),
                              card=view.card_text(self.cat, self.match.rules, card))
        if text:
            self.message(text)

    def received_note(self):
        """The card given to us that we have not moved since, and "X gave you the Y." (None,
        None if there is none)."""
        obs = self.match.state.observation(HUMAN)
        gift = view.received_gift(obs)
        if gift is None:
            return None, None
        giver, card = gift
        return card, self.cat.t("msg.received", name=view.seat_name(self.cat, giver),
                                card=view.card_text(self.cat, obs.rules, card))

    def stop(self):
        """Stop any running sequence of computer moves or deal."""
        if self.dealing:
            self.end_deal_flights()  # (the cards in flight would land where nothing is dealt)
        self.gen += 1
        self.driving = False
        self.dealing = False
        self.fast = False
        # (what a stopped "No move" or card played for us showed: theirs to take down no more)
        if self.no_move:
            self.banner(None)
            self.no_move = False
        self.auto_card = None
        self.landed()

    def apply(self, move):
        """Play a move on the match, save, and show it."""
        self.match = self.match.play(move)
        self.selected = None
        if self.commit():
            self.show_new_events()

    def commit(self):
        """Save the match as it now stands (a move, a new game, the next hand), and say
        whether this tab still plays it: where another tab took the game over before it was
        saved, the game is the one that tab plays, as stored, shown here instead."""
        self.save()
        if not self.passive:
            return True
        self.stale = True
        self.show_stored()
        return False

    def leaving(self):
        """The page goes (a reload, a closed tab): the game saved, and what this tab's session
        shows again noted as it is now. The toggle of the score sheet and the close of a
        dialog note it by their events, which come in a later task: a reload made at once
        never ran them, and the sheet or the dialog came back as it had been."""
        self.save()
        self.keep_view()
        self.keep_dialogs()

    def save(self):
        if self.match is None or self.passive:
            return
        if not self.store.save(self.match) and not self.store.owns():
            self.go_passive()
            return
        problem = self.store.problem()
        if problem:
            self.notify(self.cat.t(problem))

    # --- the sequence of turns --------------------------------------------------------------

    def drive(self):
        if not self.driving and not self.passive:
            self.driving = True
            self.spawn(self.turns(self.gen))

    async def turns(self, gen):
        """Computer turns one after another, automatic passes, until the human must decide or
        the hand is over."""
        try:
            while gen == self.gen:
                state = self.match.state
                if state.is_over:
                    self.fast = False
                    self.render()
                    self.show_results()
                    return
                seat = state.to_move
                if seat == HUMAN:
                    if self.landings:
                        # (our turn begins as the card that handed it to us lands; a card
                        # played meanwhile, the turn is another's by then)
                        while self.landings and gen == self.gen:
                            await asyncio.sleep(0.02)
                        continue
                    made = view.made_for_us(state, self.settings["auto_play"])
                    if made == "pass":
                        self.speak_events()
                        await self.forced_pass(gen)
                        continue
                    if made is not None:
                        self.speak_events()
                        await self.auto_play(gen, made)
                        continue
                    self.fast = False
                    self.render()
                    self.focus_a_playable_card()
                    self.speak_events()
                    if self.answered != self.turn_key():
                        self.say_turn()
                    self.answered = None
                    return
                self.render()
                started = time.monotonic()
                move = await self.players.choose(
                    self.match.state.observation(seat), self.setting("level"),
                    self.match.move_seed)
                if gen != self.gen:
                    return
                wait = self.pace() - (time.monotonic() - started)
                if wait > 0:
                    await self.sleep(wait, gen, interruptible=True)
                await self.while_away(gen)
                if gen != self.gen:
                    return
                self.apply(move)
        finally:
            if gen == self.gen:
                self.driving = False

    async def while_away(self, gen):
        """Wait while a dialog (the menu, the new-game screen, the rules, the hand's moves)
        covers the table: nothing moves there, not even a pass made for us, until the player
        is back."""
        while gen == self.gen and q("dialog[open]") is not None:
            await asyncio.sleep(0.1)

    async def forced_pass(self, gen):
        self.no_move = True
        self.say_no_move()
        self.render()
        await self.sleep(self.pause_for_us(NO_MOVE_PAUSE, 2), gen, interruptible=True)
        await self.while_away(gen)  # (the "No move" stays up until the player is back)
        if gen == self.gen:  # (else stop() took it down, and another sequence may show its own)
            self.banner(None)
            self.no_move = False
            self.said_ours = True  # ("No card fits: you pass." was heard: not once more)
            self.apply("pass")

    def say_no_move(self, speak=True):
        """"No move" over the table, with what the pass costs under it, and why no card fits
        in the line over the hand; heard, the why and the cost."""
        state = self.match.state
        cost = view.pass_cost_text(self.cat, state)
        self.banner(self.cat.t("msg.no-move"), cost)
        spoken = " ".join(filter(None, (view.no_move_text(self.cat, state, spoken=True), cost)))
        self.message(view.no_move_text(self.cat, state), speak=spoken if speak else False)

    async def auto_play(self, gen, card):
        """Our one card that fits, played for us (the setting's choice), after a moment in
        which the line over the hand says so and the card stands raised."""
        state = self.match.state
        said = False
        while gen == self.gen:
            # (not under a dialog, the menu or another: the player sees it made)
            await self.while_away(gen)
            if not self.settings["auto_play"] or self.match.state is not state:
                break  # (turned off meanwhile: the turn is the player's again)
            self.auto_card = card
            self.render()
            self.say_auto_play(speak=not said)
            said = True
            await self.sleep(self.pause_for_us(AUTO_PLAY_PAUSE, 1), gen, interruptible=True)
            if q("dialog[open]") is None:
                break
        if gen != self.gen:
            return  # (stop() put the card down: another sequence may have raised its own)
        self.auto_card = None
        if self.match.state is state and self.settings["auto_play"]:
            self.said_ours = True  # (the line said it: the play is not announced again)
            self.received = None
            self.apply(card)

    def pause_for_us(self, least, paces):
        """How long a move the game makes for us stays on screen before it is made: at least
        ``least`` seconds, ``paces`` computer moves' time at a slow pace; under fast forward a
        moment (the sequence is being hurried through), and at the tests' instant pace next
        to none."""
        pace = self.pace()
        return 0.05 if pace == 0 else 0.3 if self.fast else max(least, paces * pace)

    def say_auto_play(self, speak=True):
        """The line over the hand while our one card that fits waits to be played for us (a
        card given to us this turn named before it)."""
        state = self.match.state
        note = self.received_note()[1] if self.received else None
        text = view.auto_play_text(self.cat, state, self.auto_card)
        spoken = view.auto_play_text(self.cat, state, self.auto_card, spoken=True)
        self.message(f"{note} {text}" if note else text,
                     speak=spoken if speak else False)  # (the card given was said as it came)

    def pace(self):
        if self.fast:
            return FAST_PACE if self.pace_override is None else min(FAST_PACE,
                                                                     self.pace_override)
        if self.pace_override is not None:
            return self.pace_override
        return store.PACE[self.setting("speed")]

    async def sleep(self, seconds, gen, interruptible=False):
        """Sleep in small steps, ending early when the sequence stops or is fast-forwarded."""
        end = time.monotonic() + seconds
        fast_at_start = self.fast
        while time.monotonic() < end and gen == self.gen:
            if interruptible and self.fast and not fast_at_start:
                return
            await asyncio.sleep(min(0.05, max(end - time.monotonic(), 0)))

    def want_worker(self):
        """Start the computer players' worker once the table is drawn, if the level in play
        searches (Hard): it boots a second Python, and the question itself imports the computer
        players (a fifth of the page's own start), so neither goes beside the first paint. Easy
        and Medium decide on the page in well under a millisecond: a game against them never
        starts it. (Each hand asks, as does a change of level.)"""
        if not self.players.started:
            after_paint(self.guard(lambda *_: self.players.want(self.setting("level"))))

    # --- messages, spoken and shown ---------------------------------------------------------

    def banner(self, text, note=""):
        el = element("banner")
        if text:
            el.innerHTML = render.banner(text, note)
            el.hidden = False
        else:
            el.hidden = True

    def message(self, text, speak=True):
        """Show a line above the hand; screen readers hear it too unless `speak` is False
        (or hear `speak` instead when it is a text: cards in words rather than signs)."""
        # (a later line than the one that waited, and than "Wait for your turn", whose hold
        # ends with it: tell_to_wait stamps its own line after this)
        self.on_landing = None
        self.told_to_wait = -WAIT_HOLD
        el = element("message")
        if str(el.textContent) != text:
            line = document.createElement("span")
            line.textContent = text
            el.replaceChildren(line)
            self.fit_message()
        if isinstance(speak, str):
            self.speak(speak)
        elif speak and text:
            self.speak(text)

    def fit_message(self):
        """Where the style keeps room for a few lines of message beside our badge (--fit), a
        longer message is set smaller to fit there: the rows above stay where they are."""
        el = element("message")
        el.classList.remove("smaller", "smallest")
        style = window.getComputedStyle(el)
        line = el.firstElementChild
        if line is None or not str(style.getPropertyValue("--fit")).strip():
            return
        room = float(str(style.minHeight).removesuffix("px") or 0) + 0.5
        for size in ("smaller", "smallest"):
            if float(line.offsetHeight) <= room:
                return
            el.classList.remove("smaller")
            el.classList.add(size)

    def speak(self, text):
        """Add a line to the live region (a log: screen readers read each new line once). The
        same line again within a second (a key held down while the others play) is not added."""
        now = time.monotonic()
        last, when = self.last_spoken
        self.last_spoken = (text, now)
        if text == last and now - when < 1.0:
            return
        region = element("announce")
        line = document.createElement("p")
        line.textContent = text
        region.appendChild(line)
        while region.childElementCount > SPOKEN_KEPT:
            region.removeChild(region.firstElementChild)

    def speak_events(self):
        """Announce what happened since the last announcement: one by one when it is a few
        events, summed up when a fast sequence produced many."""
        if self.unspoken and self.match is not None:
            obs = self.match.state.observation(HUMAN)
            text = view.announcement(self.cat, self.match.rules, self.unspoken, out=obs.out,
                                     sizes=() if obs.is_over else obs.hand_sizes)
            self.unspoken = []
            if text:
                self.speak(text)

    def notify(self, text):
        """A notice over the top of the table for some seconds (or until put away): it
        covers the seats there."""
        el = element("notice")
        # (one that comes while another is up joins it: a save set aside and the full storage
        # that then keeps the new game from being saved are told together)
        up_now = q("#notice .notice-text") if not el.hidden else None
        up_text = str(up_now.textContent) if up_now is not None else ""
        if up_text and text not in up_text:
            text = f"{up_text} {text}"
        el.innerHTML = render.notice(self.cat, text)
        el.hidden = False
        self.notices += 1
        shown = self.notices

        async def hide():
            await asyncio.sleep(NOTICE_SECONDS)
            if shown == self.notices:  # (not a later notice's time)
                el.hidden = True
        self.spawn(hide())

    def close_notice(self):
        element("notice").hidden = True
        self.find_focus()  # (the focus went with its button)

    def say_turn(self):
        if self.passive:  # (the other tab plays: no turn here to speak of)
            self.message("", speak=False)
            return
        state = self.match.state
        cat = self.cat
        gift = state.pending_gift
        giving = gift is not None and gift[0] == HUMAN
        if self.selected and self.my_turn():
            self.say_selected(self.selected)  # (a card chosen before a reload)
            return
        spoken = None
        if giving:
            text = cat.t("msg.give", name=view.seat_name(cat, gift[1]))
            # (a screen reader has just heard the pass: not "Lina passes. Lina passed: ...")
            spoken = cat.t("msg.give-spoken", name=view.seat_name(cat, gift[1]))
        elif "pass" in state.legal_moves():
            text = cat.t("msg.your-turn-pass")
        else:
            text = cat.t("msg.your-turn")
        # A card given to us stays on screen this turn, with what to do now (it was said as
        # it came: a screen reader hears what to do).
        note = self.received_note()[1] if self.received and state.to_move == HUMAN else None
        self.message(f"{note} {text}" if note else text, speak=spoken or text)

    # --- drawing ----------------------------------------------------------------------------

    def tall_phone(self):
        """Whether the screen is a tall phone held upright (render.TALL_QUERY)."""
        return bool(window.matchMedia(render.TALL_QUERY).matches)

    def on_resize(self):
        self.skip_deal()
        # (the hand as render last drew it, for a tall phone or not)
        if (self.match is not None and not self.dealing and "tall" in self.cache
                and self.cache["tall"] != self.tall_phone()):
            self.render()  # (the hand's rows: two on a tall phone from 7 cards; the deal's
            # end draws them as they are then)
        self.fit_message()
        self.fit_board()
        self.fit_moves()
        self.show_our_line()

    def set_phase(self, phase):
        root.dataset.phase = phase

    def layout(self):
        """The seat and row places, once per game shape."""
        rules = self.match.rules
        n = rules.players
        sides = view.seat_sides(n)
        for side in ("left", "top", "right", "bottom"):
            slots = [f'<div class="seat-slot" id="seat-slot-{s}"></div>'
                     for s in range(n) if sides[s] == side]
            element(f"seats-{side}").innerHTML = "".join(slots)
        element("opponents").dataset.players = str(n)
        rows = "".join(f'<div class="row-slot" id="row-slot-{i}"></div>'
                       for i in range(len(view.suits(rules))))
        element("rows").innerHTML = rows
        element("rows").dataset.deck = rules.deck
        self.cache = {}

    def put(self, eid, html, keep=False):
        """Draw a region, if it changed; ``keep``: keeping the elements it draws again (patch:
        the hand and the controls, where the focus is)."""
        if self.cache.get(eid) != html:
            self.cache[eid] = html
            if keep:
                patch(element(eid), html)
            else:
                element(eid).innerHTML = html

    def render(self, fresh=None):
        match = self.match
        state = match.state
        cat = self.cat
        rules = state.rules
        obs = state.observation(HUMAN)
        tv = view.table_view(cat, obs, match.totals, match.hand_number, match.hands)
        self.show_title()
        now = time.monotonic()
        for sv in tv.seats:
            self.put(f"seat-slot-{sv.seat}",
                     render.seat(cat, sv, self.flashes.get(sv.seat, 0.0) > now))
        if fresh is None and self.cache.get("fresh"):
            fresh = self.cache["fresh"]
        self.cache["fresh"] = fresh
        for i, html in enumerate(render.rows(cat, rules, tv.rows, fresh)):
            self.put(f"row-slot-{i}", html)
        our_turn = state.to_move == HUMAN and not self.dealing and not self.passive
        my_turn = self.my_turn()  # our turn with a choice, not while the game passes for us
        if self.selected and self.selected not in state.hand(HUMAN):
            self.selected = None
        focus = self.focus_before()
        # (the cards a hint said its card leads to, marked while that card stays chosen)
        hinted = self.hints.get(self.hint_position()) or {}
        led = hinted.get("cards", ()) if hinted.get("kind") == "own" and (
            hinted.get("move") == self.selected) else ()
        tall = self.cache["tall"] = self.tall_phone()
        hand_html = render.hand(cat, rules, tv.hand, our_turn, self.selected, self.received,
                                giving=tv.giving, led=led, tall=tall)
        # Where the cards were, for them to slide to their new places (a card played leaves a
        # gap; at our turn the cards that play open up), not jump there under a finger.
        was = (self.hand_rects() if self.cache.get("hand") != hand_html and not self.dealing
               and not reduced_motion() else {})
        self.put("hand", hand_html, keep=True)
        hand_el = element("hand")
        for name, value in render.hand_layout(tv.hand, our_turn, obs.dealt[HUMAN],
                                              tall).items():
            hand_el.style.setProperty(name, value)
        if was:
            self.slide_hand(was)
        turn = (match.hand_number, len(state.moves))
        if my_turn and self.cache.get("scrolled") != turn:
            # A hand wider than the screen scrolls: at each turn, its first playable card is
            # brought into view (once, so that the player may scroll on).
            self.cache["scrolled"] = turn
            first = q(PLAYABLE)
            if first is not None and hand_el.scrollWidth > hand_el.clientWidth:
                first.scrollIntoView(js_obj({"block": "nearest", "inline": "nearest"}))
        computers = (not state.is_over and state.to_move != HUMAN and not self.dealing
                     and not self.passive)
        watching = self.watching()
        if state.is_over and self.results_hidden:
            # Looking at the table after the hand: nothing to play, the hand's moves, the
            # way back and in a match the way on.
            self.put("controls", render.after_hand(cat, has_next=not match.is_over))
        else:
            self.put("controls", keep=True, html=render.controls(
                cat, tv, dealing=self.dealing, my_turn=my_turn, computers_moving=computers,
                selected=self.selected, hinting=self.hinting == self.hint_position(),
                watching=watching, landing=bool(self.landings)))
        self.put("info", render.info(cat, tv, self.setting("level")))
        self.focus_after(focus, my_turn)
        # (whose turn the page says it is: ours once the card that hands it to us has landed,
        # as the table shows it)
        if not (self.landings and state.to_move == HUMAN):
            root.dataset.turn = "" if state.to_move is None else str(state.to_move)
        if (state.to_move is not None and state.to_move != HUMAN and not self.dealing
                and not self.passive):
            if watching:
                eliminated = HUMAN in state.observation(HUMAN).eliminated
                self.message(cat.t("msg.watching-eliminated" if eliminated
                                   else "msg.watching"), speak=False)
            elif not self.received and not self.gave:  # (those stay until our next turn)
                gift = state.pending_gift
                name = view.seat_name(cat, state.to_move)
                if gift is not None and gift[1] == HUMAN:
                    waiting = cat.t("msg.waiting-gift-you", name=name)
                elif gift is not None:
                    waiting = cat.t("msg.waiting-gift", name=name,
                                    other=view.seat_name(cat, gift[1]))
                else:
                    waiting = cat.t("msg.waiting", name=name)
                # (after another computer's card, the next one's name comes as the card lands,
                # as the turn's mark does)
                if time.monotonic() - self.told_to_wait < WAIT_HOLD:
                    self.waiting = ""  # (read first: the next computer's line comes later)
                elif self.landings and str(element("message").textContent) == self.waiting:
                    self.on_landing = waiting
                else:
                    self.message(waiting, speak=False)
                    self.waiting = waiting
        self.keep_view()

    def read_view(self):
        """What this tab's session noted of the table (keep_view), or None."""
        session = self.session
        try:
            text = session.getItem(store.VIEW_KEY) if session is not None else None
            return None if store.missing(text) else str(text)
        except Exception:
            return None

    def keep_view(self):
        """Note in this tab's session what a reload shows again (store.view_text)."""
        if self.session is not None and self.match is not None:
            try:
                # (a hint being worked out is asked again after a reload, as one shown is)
                hint = self.hint_shown() or (self.hinting is not None
                                             and self.hinting == self.hint_position())
                self.session.setItem(store.VIEW_KEY, store.view_text(
                    self.match, self.selected, self.results_hidden, hint,
                    self.sheet_open, self.checks_asked(), self.sheet_seen))
            except Exception:
                self.session = None  # (full or refused: the view is not worth a notice)

    def find_focus(self, prefer=None):
        """Where the focus was lost with what held it (a board hidden, a dialog's opener drawn
        again in a new language): ``prefer`` (an element's id), or the table's first control,
        so that the keyboard goes on."""
        active = document.activeElement
        # (in a dialog just closed, the focus is on its way out: the browser drops it later)
        if (active is not None and active != document.body
                and up(active, "dialog:not([open])") is None):
            return
        if q("dialog[open]") is not None:
            return
        # (the hand's stop while the others play: at our turn the focus moves on from there
        # to a card that plays, focus_a_playable_card)
        target = ((element(prefer) if prefer else None)
                  or q("#results:not([hidden]) #results-title")
                  or (q(PLAYABLE) if self.my_turn() else None)
                  or q(HAND_STOP)
                  or q("#controls button:not(:disabled)") or element("open-menu"))
        if target is not None:
            focus_on(target)

    def focus_before(self):
        """Where the keyboard focus is in the hand or the controls (redrawing replaces them)."""
        active = document.activeElement
        card = up(active, '#hand [data-zone="hand"]')
        if card is not None:
            return ("card", str(card.dataset.card),
                    [str(el.dataset.card) for el in document.querySelectorAll(
                        '#hand [data-zone="hand"]')])
        button = up(active, "#controls button")
        if button is not None:
            return ("button", str(button.id), [])
        return None

    def focus_after(self, focus, my_turn):
        """Put the focus back where it was, or on the nearest card when that card left."""
        active = document.activeElement
        kept = up(active, "#hand, #controls")
        if kept is not None and not active.matches(":disabled"):
            # (kept where it was, drawn again in place: the hand's stop of Tab stays with it)
            card = up(active, '#hand [data-zone="hand"]')
            if card is not None and card.getAttribute("tabindex") == "-1":
                for el in document.querySelectorAll('#hand [data-zone="hand"]'):
                    el.setAttribute("tabindex", "0" if el == card else "-1")
            return
        if focus is None:
            return
        kind, name, before = focus
        target = None
        if kind == "button":
            target = q(f"#controls #{name}:not(:disabled)")
        else:
            target = q(f'#hand [data-card="{name}"]')
            if target is None:
                cards = list(document.querySelectorAll('#hand [data-zone="hand"]'))
                if my_turn:
                    playable = [el for el in cards if el.getAttribute("aria-disabled") != "true"]
                    cards = playable or cards
                if cards:
                    target = cards[0]
                    if before and name in before:  # the card just played: its neighbour
                        here = {str(el.dataset.card) for el in cards}
                        for code in before[before.index(name):] + before[::-1]:
                            if code in here:
                                target = q(f'#hand [data-card="{code}"]')
                                break
        if target is None:
            # (a hand emptied while the others play on, ours out or laid out: Fast forward)
            target = q(PLAYABLE if my_turn else "#hand [data-zone=hand]") or q(
                "#controls button:not(:disabled)")
        if target is not None:
            focus_on(target)

    def watching(self):
        """Whether we are out of the hand (gone out or eliminated): while it goes on, the
        others play on without us."""
        obs = self.match.state.observation(HUMAN)
        return HUMAN in obs.out or HUMAN in obs.eliminated

    def focus_a_playable_card(self):
        """At our turn, a focus left in the hand on a card that does not play (the one that
        took the place of the card played) goes to the hand's stop: one that plays; and a
        player of the keyboard whose focus is nowhere (a reload, a tab taken over) finds it
        there too."""
        active = document.activeElement
        card = up(active, '#hand [data-zone="hand"]')
        nowhere = active is None or active == document.body
        if (card is not None and card.getAttribute("aria-disabled") == "true"
                or nowhere and self.by_keys and q("dialog[open]") is None):
            stop = q(HAND_STOP)
            if stop is None or stop.getAttribute("aria-disabled") == "true":
                stop = q(PLAYABLE)
            if stop is not None:
                focus_in_hand(stop)

    # --- the record -------------------------------------------------------------------------

    def count(self, record, match=None):
        """Add to the player's record what ``record`` (store.record_hand, after a hand, or
        store.record_left, before a new game) finds to count in ``match`` (the one in play
        if none), once."""
        match = match or self.match
        if self.passive or match is None:
            return
        stats = self.store.load_stats()
        if record(stats, self.setting("level"), match, HUMAN):
            self.store.save_stats(stats)

    def note_level(self):
        """Note in the record the level the game in play is now played against (the record
        counts a hand and a match at the easiest level they were played at)."""
        if self.passive or self.match is None or self.match.state.is_over:
            return
        stats = self.store.load_stats()
        if store.note_level(stats, self.match, self.setting("level")):
            self.store.save_stats(stats)

    def reset_record(self):
        if not self.passive:
            self.store.save_stats(store.cleared(self.store.load_stats()))
        self.draw_menu(focus="record-title")

    def gives_up(self):
        """Whether dealing a new game now counts the game in play as not won."""
        match = self.store.peek() if self.passive else self.match
        return store.gives_up(match, HUMAN)

    # --- the human's moves ------------------------------------------------------------------

    def my_turn(self):
        state = self.match.state
        return (state.to_move == HUMAN and not self.dealing and not self.passive
                and view.made_for_us(state, self.settings["auto_play"]) is None)

    def move_for(self, code):
        """Our move with our card ``code``: played, or given where we owe a card."""
        return view.move_of(self.match.state.pending_gift, HUMAN, code)

    def click_card(self, code):
        state = self.match.state
        cat = self.cat
        if self.dealing:
            self.skip_deal()
            return
        if self.passive:
            return  # (the notice says the game is played in another tab)
        if not self.my_turn():
            # (while the game passes for us, its "No card fits: you pass" stays: it is our turn,
            # not another's to wait for)
            if not state.is_over and state.to_move != HUMAN:
                self.tell_to_wait()
            return
        self.answer_early()
        move = self.move_for(code)
        info = state.explain(move)
        if info is not None:
            # (a card chosen before stays chosen: a slip of the finger onto its neighbour
            # lost it)
            self.render()
            self.message(view.reason_message(cat, state.rules, info, self.gift_names()),
                         speak=view.reason_message(cat, state.rules, info, self.gift_names(),
                                                   spoken=True))
            el = q(f'#hand [data-card="{code}"]')
            if el is not None and not reduced_motion():
                el.animate(js_obj([{"transform": "translateX(0)"},
                                   {"transform": "translateX(-5px)"},
                                   {"transform": "translateX(5px)"},
                                   {"transform": "translateX(0)"}]),
                           js_obj({"duration": 260}))
            return
        if self.selected == code:
            self.play_selected()
            return
        self.selected = code
        self.render()
        self.say_selected(code)
        focus = q(f'#hand [data-card="{code}"]')
        if focus is not None:
            focus_in_hand(focus)

    def tell_to_wait(self):
        """A card or key pressed in another's turn: "Wait for your turn", which the next
        computer's "… is thinking" leaves for WAIT_HOLD."""
        self.message(self.cat.t("reason.not-your-turn"))
        self.told_to_wait = time.monotonic()

    def say_selected(self, code):
        """What pressing Play now does with the chosen card."""
        state = self.match.state
        cat = self.cat
        gift = state.pending_gift
        card = view.card_text(cat, state.rules, code)
        words = view.card_words(cat, state.rules, code)
        if gift is not None and gift[0] == HUMAN:
            name = view.seat_name(cat, gift[1])
            key = self.by_input("msg.give-selected")
            self.message(cat.t(key, card=card, name=name),
                         speak=cat.t(key, card=words, name=name))
        else:
            key = self.by_input("msg.selected")
            self.message(cat.t(key, card=card), speak=cat.t(key, card=words))

    def gift_names(self):
        gift = self.match.state.pending_gift
        return [view.seat_name(self.cat, gift[1])] if gift else []

    def play_selected(self):
        if not self.my_turn() or self.selected is None:
            return
        move = self.move_for(self.selected)
        if self.match.state.why_illegal(move) is not None:
            return
        self.received = None
        self.message("")
        self.apply(move)
        self.drive()

    def play_pass(self):
        if self.my_turn() and "pass" in self.match.state.legal_moves():
            self.received = None
            self.message("")
            self.apply("pass")
            self.drive()

    def turn_key(self):
        """The turn of the match in play: its deal, its hand and the moves made in it."""
        match = self.match
        return (match.seed, match.hand_number, len(match.state.moves))

    def answer_early(self):
        """A tap, key or hint at our turn while the card that handed it to us still flies:
        its answer stays when the card lands."""
        if self.landings:
            self.answered = self.turn_key()

    def hint_shown(self):
        """Whether the hint for this position is what the table shows: its card still the one
        chosen (or, for a pass, none chosen)."""
        advice = self.hints.get(self.hint_position()) if self.my_turn() else None
        if advice is None:
            return False
        move = advice["move"]
        return self.selected == view.card_of(move)

    def hint_position(self):
        """The position a hint answers: the deal, the move and the level it is asked at."""
        return (*self.turn_key(), self.hint_level())

    def hint_level(self):
        """Whose move the hint says: Hard's at Hard, else Medium's."""
        return "hard" if self.setting("level") == "hard" else "medium"

    async def hint(self):
        if not self.my_turn():
            return
        self.answer_early()
        gen, state = self.gen, self.match.state
        cat = self.cat
        # (asked again in the same position: the same answer, at once)
        position = self.hint_position()
        level = position[-1]
        advice = self.hints.get(position)
        waited = advice is None
        if advice is None:
            if self.hinting == position:
                return  # (pressed again while it is worked out)
            # The search at Hard can take a second: the press shows at once, on the button
            # and in the line over the hand (not spoken: the hint itself follows).
            self.hinting = position
            self.render()
            self.message(cat.t("msg.hint-thinking"), speak=False)
            try:
                advice = await self.players.hint(
                    self.match.state.observation(HUMAN), level, self.match.move_seed)
            finally:
                if self.hinting == position:  # (not a later position's, asked meanwhile)
                    self.hinting = None
                    if gen == self.gen:  # (a new game's deal meanwhile draws its own table)
                        self.render()
            # Stale if the game moved on meanwhile, even back round to our turn, or if the
            # level was changed (the hint is the move of the player at the level in play).
            if gen != self.gen or self.match.state is not state or self.hint_level() != level:
                return
            self.hints = {position: advice}
        rules = self.match.rules
        move = advice["move"]
        # (the move, and the argument for it said after it)
        text = view.hint_text(cat, rules, advice)
        spoken = view.hint_text(cat, rules, advice, spoken=True)
        # (a hint worked out while the player went on elsewhere, to the bar's Menu, leaves
        # the focus there: an Enter meant for Menu played the card hinted)
        focus = not waited or focus_at_table()
        if move == "pass":
            self.message(text, speak=spoken)
            self.keep_view()  # (shown again after a reload, as a card hinted is)
            button = element("pass")
            if button is not None:
                # (the button the hint speaks of, lit as Play is for a card hinted, until the
                # controls change: a card chosen, a move made)
                button.classList.replace("secondary", "primary")
                if focus:
                    button.focus()
            return
        code = view.card_of(move)
        self.selected = code
        self.render()
        self.message(text, speak=spoken)
        el = q(f'#hand [data-card="{code}"]')
        if el is not None and focus:
            focus_in_hand(el)

    def fast_forward(self):
        if not self.match.state.is_over and self.match.state.to_move != HUMAN:
            self.fast = True
            for anim in document.getAnimations():
                anim.finish()
            self.landed()

    def next_hand(self):
        if self.passive:
            # The game is played in another tab: playing on here takes it over, as it stands.
            self.take_over()
            return
        if self.match.state.is_over and not self.match.is_over:
            self.lost_focus = up(document.activeElement, "#results") is not None
            self.hide_results()
            self.match = self.match.next_hand()
            if self.commit():
                self.begin_hand(animate=True)

    # --- settings ---------------------------------------------------------------------------

    def set_speed(self, speed):
        """The pace of the computer players chosen in the menu (a link's speed or pace gives
        way to it)."""
        self.settings["speed"] = speed
        self.save_settings()
        self.pace_override = None
        self.chosen("speed")

    def set_level(self, level):
        """The computer players' level chosen in the menu: the record notes it for the game
        in play, the worker starts if it searches, and a hint still worked out at the level
        left is not shown (the line over the hand no longer says it is coming)."""
        self.settings["level"] = level
        self.save_settings()
        self.chosen("level")
        self.note_level()
        if self.hinting is not None and self.hinting[-1] != self.hint_level():
            self.hinting = None
            if self.my_turn():
                self.say_turn()
        self.want_worker()
        self.render()
        self.draw_menu(focus="menu-level")

    def set_auto_play(self, on):
        """Play my card for me when only one fits, chosen in the menu: Hint and Play are off
        where the game is to play for us; at our turn, the card is played once the menu is
        shut."""
        self.settings["auto_play"] = on
        self.save_settings()
        if self.match is not None and not self.match.state.is_over and not self.dealing:
            self.render()
            if not self.my_turn():
                self.drive()

    def set_deck_colours(self, four):
        self.settings["four_colour"] = four
        self.show_deck_colours()
        self.save_settings()

    def show_deck_colours(self):
        """The deck's suits in four colours (♦ blue, ♣ green), or two, as the settings say."""
        root.classList.toggle("four-colour", bool(self.settings["four_colour"]))

    def save_settings(self):
        if not self.passive:
            self.store.save_settings(self.settings)

    def setting(self, name):
        """The language, level or speed in play: a link's (overrides), else the player's own
        (the language "": the browser's)."""
        return self.overrides.get(name, self.settings[name])

    def chosen(self, name):
        """The player has chosen a setting: a link's gives way, in play and, where the choice
        is saved, in the address (drop_params; with the speed, a test link's pace); a tab that
        lets another play saves nothing, and its reload shows the link's again, not the
        settings it had no part in."""
        self.overrides.pop(name, None)
        if not self.passive:
            drop_params(LINK_SETTINGS[name], *(("pace",) if name == "speed" else ()))


def main() -> Page:
    """Start the game on the page (main.py calls this once)."""
    page = Page()
    page.start()
    return page
