"""The page's Python side: the one seam between the engine and the DOM, and nothing more.

It keeps the match, renders the view models of view.py through render.py into the page's
regions, turns clicks and keys into engine moves, asks the computer players (Hard in a worker)
for theirs, animates, and autosaves through store.py. Rules questions all go to the engine.
"""

import asyncio
import math
import random
import sys
import time
import traceback

import i18n
import players
import render
import store
import view
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

import fantan

HUMAN = view.HUMAN
FAST_PACE = 0.06  # seconds per computer move under fast forward
SLIDE_MS = 160  # a card in hand sliding to its new place
DEAL_STEP = 0.06  # seconds between two dealt cards (13 cards: well under 2 s)
DEALT_MS = 320  # the flight of a card dealt to us
DEALT_BACK_MS = 360  # the flight of a card dealt to another seat, as a back
FLIGHT_MS = 380
PASS_FLASH = 1.3  # seconds a pass shows on its seat
NO_VIEW = store.View()  # a hand begun with nothing of the table's view to show again
NO_MOVE_PAUSE = 1.0  # seconds the "No move" banner stays at least (longer at a slow pace)
AUTO_PLAY_PAUSE = 1.0  # seconds our one card that fits stands raised before it is played for us
WAIT_HOLD = 2.5  # seconds "Wait for your turn" stays before a computer's "… is thinking"
# A dialog opened or closed by a tap: a tap at the same place within this many seconds (and
# TAP_SLOP pixels) is a double tap's second, and does nothing (App.on_second_tap).
DOUBLE_TAP = 0.5
TAP_SLOP = 24.0
BOOTS_KEY = "fantan.boots"
# Seconds after Enter on Next hand or Skip during which Enter on a card does nothing (pressed
# on and on, it would play the card the new deal gave the focus to).
ENTER_GRACE = 0.8
NOTICE_SECONDS = 10.0  # a notice over the top of the table, unless put away sooner
PLAYABLE = '#hand [data-zone="hand"]:not([aria-disabled="true"])'
HAND_STOP = '#hand [data-zone="hand"]:not([tabindex="-1"])'  # the hand's one stop of Tab
SPEAK_EACH = 0.3  # at this pace or slower, each computer move is announced as it happens
SPOKEN_KEPT = 6  # lines kept in the live region (older ones are removed)
CHECK_SAID = 5.0  # seconds at least between two of the check of our moves' counts read out

root = document.documentElement
params = window.URLSearchParams.new(window.location.search)
dropped = set()  # the address's parameters taken out of it (drop_params)
# The settings a link may set for its game, with the address's parameter for each
LINK_SETTINGS = {"language": "lang", "level": "level", "speed": "speed"}


def param(name, default=None):
    value = params.get(name)
    return default if store.missing(value) else str(value)


def number_param(name):
    """A test link's whole number (``?seed=``, ``?players=``, ``?match=``), or None."""
    return store.whole_number(param(name, ""))


def drop_params(*names):
    """Take ``names`` out of the page's address (and of ``params``): a link's ``?new`` once
    its game is dealt, or its ``?lang``, ``?level`` or ``?speed`` once the player chooses
    otherwise in the menu (a reload would bring the link's back). The browser's Back to an
    entry from before (under a dialog's) takes them out of that one's address too
    (Page.on_popstate)."""
    dropped.update(names)
    url = window.URL.new(window.location.href)
    found = [name for name in names if url.searchParams.has(name)]
    for name in found:
        url.searchParams.delete(name)
        params.delete(name)
    if found:
        window.history.replaceState(window.history.state, "", url.href)


def element(eid):
    """The element of an id, or None."""
    found = document.getElementById(eid)
    return None if store.missing(found) else found


def after_paint(callback):
    """Call back once the browser has drawn its next frame (in a hidden tab, once it shows)."""
    window.requestAnimationFrame(create_once_callable(
        lambda *_: window.setTimeout(create_once_callable(callback), 0)))


def q(selector):
    """The first element matching a selector, or None."""
    found = document.querySelector(selector)
    return None if store.missing(found) else found


def up(el, selector):
    """The element or its nearest ancestor matching a selector, or None."""
    if store.missing(el) or not hasattr(el, "closest"):
        return None
    found = el.closest(selector)
    return None if store.missing(found) else found


def focus_in_hand(card):
    """Move the hand's one stop of Tab to ``card`` and give it the focus (Tab then leaves from
    it, Shift+Tab comes back to it)."""
    for el in document.querySelectorAll('#hand [data-zone="hand"]'):
        el.setAttribute("tabindex", "-1")
    card.setAttribute("tabindex", "0")
    card.focus()


def same_part(a, b):
    """Whether two elements are the same part of the page, drawn at two moments: same tag and
    same key (a card's code, an id, else the class of a part that has neither)."""
    def key(el):
        return el.getAttribute("data-card") or el.id or (
            "" if el.hasAttribute("data-card") else el.className)
    return a.tagName == b.tagName and key(a) == key(b)


def patch(el, html):
    """Draw ``html`` in ``el`` keeping the elements already there that it draws again (the same
    cards or buttons, in the same order): only what changed of them changes, so that the
    focus stays where it is and a screen reader does not hear the card it is on again as if
    new. Anything else is drawn anew."""
    template = document.createElement("template")
    template.innerHTML = html
    if not morph_children(el, template.content):
        el.innerHTML = html


def morph(old, new):
    """Bring the element ``old`` up to ``new``: its attributes, then its content (patch)."""
    for name in [str(a.name) for a in old.attributes]:
        if not new.hasAttribute(name):
            old.removeAttribute(name)
    for a in new.attributes:
        if old.getAttribute(a.name) != a.value:
            old.setAttribute(a.name, a.value)
    if old.innerHTML != new.innerHTML and not morph_children(old, new):
        old.innerHTML = new.innerHTML


def morph_children(old, new):
    """Bring the nodes in ``old`` up to those in ``new`` where they are the same parts in the
    same order (same_part), and say so; else change nothing and say not."""
    was, now = list(old.childNodes), list(new.childNodes)
    if len(was) != len(now) or not all(
            a.nodeType == b.nodeType and (a.nodeType != 1 or same_part(a, b))
            for a, b in zip(was, now, strict=True)):
        return False
    for a, b in zip(was, now, strict=True):
        if a.nodeType == 1:
            morph(a, b)
        elif a.nodeValue != b.nodeValue:
            a.nodeValue = b.nodeValue
    return True


def focus_at_table():
    """Whether the focus is on the hand or its controls, or nowhere (where the player has not
    gone on to anything else)."""
    el = document.activeElement
    return (store.missing(el) or el == document.body or el == root
            or up(el, "#hand, #controls") is not None)


def focus_on(el):
    """Give ``el`` the focus; a card in hand takes the hand's stop of Tab with it."""
    if el.matches('#hand [data-zone="hand"]'):
        focus_in_hand(el)
    else:
        el.focus()


def history_state():
    """Our mark on the history's entry: "dialog" (a dialog is open over it), "spent" (one
    was) or "" (none of ours)."""
    state = window.history.state
    if store.missing(state):
        return ""
    if getattr(state, "fantanDialog", False):
        return "dialog"
    return "spent" if getattr(state, "fantanSpent", False) else ""


def js_obj(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


def from_dealer(start):
    """The first frames of a card dealt: unseen until its turn (a pile waiting at the dealer
    hid the dealer's own count of cards), then there at once, on its way."""
    return [{**start, "opacity": 0}, {**start, "offset": 0.02}]


def full_screen():
    """Whether the page fills the screen; None where the browser cannot (an iPhone's)."""
    if not document.fullscreenEnabled:
        return None
    return not store.missing(document.fullscreenElement)


def reduced_motion():
    return bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def open_storage():
    try:
        storage = window.localStorage
        storage.getItem("fantan.probe")
        return storage
    except Exception:
        return None


def open_session():
    """This tab's sessionStorage, or None where the browser refuses it."""
    try:
        return window.sessionStorage
    except Exception:
        return None


def now_ms():
    return int(window.Date.now())


class Page:
    """The game on the page: one match, its settings and what the table shows now."""

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
        # own to keep (the settings saved), until the player chooses otherwise (setting)
        allowed = {"language": i18n.LANGUAGES, "level": store.LEVELS, "speed": store.SPEEDS}
        self.overrides = {name: param(key) for name, key in LINK_SETTINGS.items()
                          if param(key) in allowed[name]}
        self.cat = self.load_catalog()
        self.match = None
        self.gen = 0  # bumped to stop a running sequence of computer turns
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
        self.notices = 0  # notices shown: each hides after its time unless a later one came
        self.popping = False  # a dialog is closing for the browser's Back
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
        root.classList.toggle("four-colour", bool(self.settings["four_colour"]))
        self.store.claim()
        self.listen()
        match, notice = (None, None)
        asked_new = param("new") is not None  # (a link that deals a new game)
        if not asked_new:
            match, notice = self.store.load()
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
            self.begin_hand(animate=len(match.state.moves) == 0 and restore.selected is None
                            and not restore.hint, restore=restore)
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
            if number is not None:
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
        on(window, "fantan:save", lambda _e: self.save())
        on(window, "pagehide", lambda _e: self.leaving())
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
        if history_state() == "dialog":  # (reloaded with a dialog open: none is open now)
            window.history.replaceState(js_obj({"fantanSpent": True}), "")

    # --- errors -----------------------------------------------------------------------------

    def on(self, target, kind, handler, capture=False):
        """Listen to the page's events of a ``kind`` on ``target`` through the guard."""
        target.addEventListener(kind, create_proxy(self.guard(handler)), capture)

    def guard(self, handler):
        """``handler`` for an event of the page: an error it raises is trouble (below), told
        to the player, not left in the console with the table half drawn."""
        def guarded(*args):
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
        self.gen += 1  # (the turns, the deal, a hint: each stops at its next step)
        self.driving = self.dealing = False
        window.dispatchEvent(window.CustomEvent.new("fantan:trouble", js_obj({"detail": details})))

    # --- the match --------------------------------------------------------------------------

    def new_match(self, rules, seed_from_url=False):
        seed = number_param("seed") if seed_from_url else None
        if seed is None:
            seed = random.SystemRandom().randrange(10**9)
        self.stop()
        self.match = fantan.new_match(rules, seed)
        self.save()
        self.begin_hand(animate=True)

    def begin_hand(self, animate, restore=NO_VIEW):
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
            if restore.checked:  # (checked again: the same answers, in the worker at Hard)
                self.spawn(self.check_moves())
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
        self.landed()

    def apply(self, move):
        """Play a move on the match, save, and show it."""
        self.match = self.match.play(move)
        self.selected = None
        self.save()
        if self.passive:
            # Another tab took the game over before this move was saved: the game is the one
            # it plays, as stored, not this move.
            self.stale = True
            self.show_stored()
            return
        self.show_new_events()

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
        """Wait while a dialog (the menu, the new-game screen, the rules) covers the table:
        nothing moves there, not even a pass made for us, until the player is back."""
        while gen == self.gen and q("dialog[open]") is not None:
            await asyncio.sleep(0.1)

    async def forced_pass(self, gen):
        self.no_move = True
        self.say_no_move()
        self.render()
        await self.sleep(self.pause_for_us(NO_MOVE_PAUSE, 2), gen, interruptible=True)
        await self.while_away(gen)  # (the "No move" stays up until the player is back)
        self.banner(None)
        self.no_move = False
        if gen == self.gen:
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
            # (not under the menu, the new-game screen or the rules: the player sees it made)
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
        self.auto_card = None
        if gen == self.gen and self.match.state is state and self.settings["auto_play"]:
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

    # --- the deal ---------------------------------------------------------------------------

    async def deal(self, gen):
        if gen != self.gen:  # (stopped before it began: a tab that lets another play, say)
            return
        self.dealing = True
        self.skip = False
        self.set_phase("dealing")
        self.render()
        # (heard as the key that skips it, but where a finger plays: a screen reader is
        # mostly worked with keys, even beside a mouse)
        self.message(self.cat.t(self.by_input("msg.dealing")),
                     speak=self.cat.t("msg.dealing-keys" if self.by_keys or self.by_mouse
                                      else "msg.dealing"))
        if self.lost_focus:  # (Next hand took the focus with the board: Skip holds it now)
            skip = q("#skip-deal")
            if skip is not None:
                skip.focus()
        cards = document.querySelectorAll('#hand [data-zone="hand"]')
        count = cards.length
        if count and not self.pace_override == 0:
            state = self.match.state
            # Every measurement first, then every flight: a measurement taken after the page
            # changed would make the browser lay it out again, once per card.
            still = reduced_motion()
            source = self.seat_rect(state.dealer)
            seats = {} if still else {s: self.seat_rect(s) for s in range(state.players)}
            rects = [cards.item(i).getBoundingClientRect() for i in range(count)]
            # Round the table from the dealer's left, one card at a time: ours land in our hand,
            # the others' fly to their seats as backs. The whole deal lasts as long as dealing
            # our own cards one DEAL_STEP apart at normal speed (longer when slow, and so on).
            pause = DEAL_STEP * self.pace() / store.PACE["normal"]
            left = [state.hand_size(s) for s in range(state.players)]
            left[HUMAN] = count
            order = []
            seat = state.dealer
            while any(left):
                seat = (seat + 1) % state.players
                if left[seat]:
                    left[seat] -= 1
                    order.append(seat)
            step = pause * 1000 * count / len(order)
            mine = 0
            landed: list[tuple[float, int]] = []  # (when, seat): each card's arrival
            for k, seat in enumerate(order):
                if seat == HUMAN:
                    self.fly(cards.item(mine), source, delay=k * step, duration=DEALT_MS,
                             rect=rects[mine], still=still, dealt=True)
                    mine += 1
                elif not still:
                    self.fly_back(source, seats[seat], DEALT_BACK_MS, delay=k * step,
                                  dealt=True)
                flight = DEALT_MS if seat == HUMAN else DEALT_BACK_MS
                landed.append(((k * step + flight) / 1000, seat))
            await self.count_dealt(landed, count * pause + 0.35, gen)
        if gen != self.gen:
            return
        self.end_deal()

    async def count_dealt(self, landed, seconds, gen):
        """Wait out the deal, each badge counting the cards its seat has been dealt so far (the
        table is drawn with the whole deal: the counts begin at nothing)."""
        began = time.monotonic()
        shown: dict[int, int] = {}
        while gen == self.gen:
            elapsed = time.monotonic() - began
            counts = dict.fromkeys(range(self.match.state.players), 0)
            for when, seat in landed:
                counts[seat] += when <= elapsed
            for seat, n in counts.items():
                el = q(f"#seat-slot-{seat} .count > span")  # (its words, not the widest's)
                if el is not None and shown.get(seat) != n:
                    shown[seat] = n
                    el.textContent = self.cat.n("seat.cards", n)
                    self.cache.pop(f"seat-slot-{seat}", None)  # (drawn anew after the deal)
            if elapsed >= seconds:
                return
            await self.sleep(min(0.05, seconds - elapsed), gen)

    def end_deal(self):
        """The deal is over (done or skipped): play begins."""
        self.end_deal_flights()
        self.dealing = False
        self.set_phase("playing")
        self.message("")
        skip = up(document.activeElement, "#skip-deal")
        if skip is not None:  # (Skip goes with the deal: the focus finds the table's first control)
            skip.blur()
            self.lost_focus = True
        self.render()
        self.refocus()
        self.drive()

    def fly_back(self, source, target, duration, delay=0, dealt=False, still=False):
        """A card back flying from one seat (``source``, its badge's rectangle) to another
        (``target``), fading as it lands there: a card dealt (``dealt``: unseen before its
        turn to leave the dealer, see ``from_dealer``; removed when the deal ends) or given
        between two other seats (``still``, under reduced motion: it only shows at ``target``
        for a moment). Its element and Animation, or None where a rectangle is missing."""
        if source is None or target is None:
            return None
        back = document.createElement("span")
        back.className = "deal-flyer"
        back.setAttribute("aria-hidden", "true")
        x = target.left + target.width / 2
        y = target.top + target.height / 2
        back.style.left = f"{x:.0f}px"
        back.style.top = f"{y:.0f}px"
        document.body.append(back)
        dx = source.left + source.width / 2 - x
        dy = source.top + source.height / 2 - y
        start = {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.8)", "opacity": 0.9}
        frames = ([{"opacity": 0}, {"opacity": 1, "offset": 0.3}, {"opacity": 0}] if still
                  else [*(from_dealer(start) if dealt else [start]),
                        {"transform": "none", "opacity": 1, "offset": 0.85},
                        {"transform": "scale(0.6)", "opacity": 0}])
        return back, back.animate(js_obj(frames), js_obj({
            "duration": duration, "delay": delay, "easing": "cubic-bezier(.2,.7,.3,1)",
            "fill": "both"}))

    def end_deal_flights(self):
        for anim in document.getAnimations():
            anim.finish()
        for back in document.querySelectorAll(".deal-flyer"):
            back.remove()

    def skip_deal(self):
        if self.dealing:
            self.gen += 1
            self.end_deal()

    # --- what happened: flights, flashes, messages ----------------------------------------

    def show_new_events(self):
        state = self.match.state
        events = state.observation(HUMAN).history
        new = events[self.seen:]
        self.seen = len(events)
        # (where our cards are, before the hand is drawn again: a card of ours flies from there;
        # measured only then, as measuring lays the page out)
        hand_rects = self.hand_rects() if any(
            e.kind == "play" and e.seat == HUMAN for e in new) else {}
        fresh = None
        said, self.said_ours = self.said_ours, False
        self.unspoken += [e for e in new if e.kind != "preplace" and not (
            said and e.seat == HUMAN and e.kind in ("pass", "eliminated", "play"))]
        for event in new:
            if event.kind == "play":
                fresh = (event.seat, event.card)
            elif event.kind in ("pass", "eliminated"):
                self.flashes[event.seat] = time.monotonic() + PASS_FLASH
                self.spawn(self.refresh_later(PASS_FLASH + 0.05))
            elif event.kind == "give" and event.to == HUMAN and event.card:
                self.received = event.card
                self.message(self.cat.t("msg.received", name=view.seat_name(self.cat, event.seat),
                                        card=view.card_text(self.cat, state.rules, event.card)),
                             speak=False)  # the event itself is announced
            elif event.kind == "give" and event.seat == HUMAN and event.card:
                self.gave = True
                self.message(self.cat.t("msg.gave", name=view.seat_name(self.cat, event.to),
                                        card=view.card_text(self.cat, state.rules, event.card)),
                             speak=False)
            if event.kind != "give" and event.seat == HUMAN:
                self.received = None
                self.gave = False
        # A card given between two other seats flies from the one to the other as a back (its
        # face is theirs alone), the line over the hand saying so until it lands: the counts
        # on their badges changed without a trace.
        gifts = [(e.seat, e.to) for e in new if e.kind == "give" and e.to is not None
                 and HUMAN not in (e.seat, e.to)]
        if self.fast:
            gifts = []
        epoch = self.landing_epoch  # (of the landings begun here: land)
        for giver, taker in gifts:
            self.landing()
            if not self.received and not self.gave:  # (those stay until our next turn)
                self.waiting = self.cat.t("msg.gave-other", name=view.seat_name(
                    self.cat, giver), to=view.seat_name(self.cat, taker))
                self.message(self.waiting, speak=False)  # (the event itself is announced)
        source = None
        if fresh is not None:
            seat, code = fresh
            source = hand_rects.get(code) if seat == HUMAN else self.seat_rect(seat)
        # (at a fast pace a flight is shorter, so that it ends before the next)
        pace = self.pace()
        flight = FLIGHT_MS if pace >= 0.5 else max(150, int(pace * 800))
        flying = fresh is not None and source is not None and not self.fast
        # (at a pace faster than that, the marks would hardly show between two flights; but a
        # card that hands the turn to us lands before our turn shows, at any pace but instant)
        marking = flying and (flight >= FLIGHT_MS or pace > 0 and state.to_move == HUMAN)
        if marking:
            self.landing()  # (before the marks are drawn: they wait at once)
        needed = ({str(el.dataset.slot) for el in document.querySelectorAll(".slot.needed")}
                  if marking else set())
        self.render(fresh=fresh[1] if fresh else None)
        if marking:  # (only the outlines that are new wait: the others stay as they were)
            for el in document.querySelectorAll(".slot.needed"):
                if str(el.dataset.slot) not in needed:
                    el.classList.add("arriving")
        if not self.fast and self.pace() >= SPEAK_EACH:
            self.speak_events()
        flight_anim = None
        if flying:
            target = q(f'[data-zone="table"][data-card="{fresh[1]}"]')
            if target is not None:
                flight_anim = self.fly(target, source, duration=flight)
        if marking:
            self.spawn(self.land(flight_anim, epoch))
        for giver, taker in gifts:
            self.spawn(self.pass_back(giver, taker, flight, epoch))

    async def pass_back(self, giver, taker, duration, epoch):
        """A card back flying from ``giver``'s badge to ``taker``'s, landing as a card does
        (land); gone once it has."""
        flight = self.fly_back(self.seat_rect(giver), self.seat_rect(taker), duration,
                               still=reduced_motion())
        try:
            await self.land(flight[1] if flight is not None else None, epoch)
        finally:
            if flight is not None:
                flight[0].remove()

    def landing(self):
        """While a card flies to the table, the turn's mark, our cards' rise and the rows' new
        outlines (class ``arriving``, which show_new_events sets) wait for it (class
        ``landing``): they change when it lands (land), not when it leaves its seat."""
        self.landings += 1
        element("table").classList.add("landing")

    async def land(self, flight, epoch):
        """The card of a landing lands as its ``flight`` (an Animation) ends: not a set time
        after it was asked for, since a busy page begins it a few frames late. Where every
        card in flight has been landed meanwhile (``epoch`` is past: a stop, fast forward),
        it has landed already: it does not count off a later flight's landing."""
        try:
            if flight is not None:
                await flight.finished
        except Exception:
            pass  # (cancelled: the card was drawn anew, where it lands at once)
        finally:
            if epoch == self.landing_epoch:
                self.landings = max(0, self.landings - 1)
                if self.landings == 0:
                    self.landed()

    def landed(self):
        """The cards in flight have landed (fast forward, a stop): the marks show at once."""
        self.landings = 0
        self.landing_epoch += 1
        element("table").classList.remove("landing")
        for el in document.querySelectorAll(".slot.arriving"):
            el.classList.remove("arriving")
        if self.on_landing is not None:
            self.waiting = self.on_landing
            self.message(self.on_landing, speak=False)

    async def refresh_later(self, seconds):
        await asyncio.sleep(seconds)
        if not self.dealing:
            self.render()

    def seat_rect(self, seat):
        el = q(f'.seat[data-seat="{seat}"]')
        return None if el is None else el.getBoundingClientRect()

    def slide_hand(self, was):
        """Slide the cards in hand from where they were (``was``: their rectangles before the
        hand was drawn again) to where they are."""
        for el in document.querySelectorAll('#hand [data-zone="hand"]'):
            old = was.get(str(el.dataset.card))
            if old is None:
                continue
            rect = el.getBoundingClientRect()
            dx, dy = old.left - rect.left, old.top - rect.top
            if abs(dx) > 1 or abs(dy) > 1:
                el.animate(js_obj([{"translate": f"{dx}px {dy}px"}, {"translate": "0 0"}]),
                           js_obj({"duration": SLIDE_MS, "easing": "ease-out"}))

    def hand_rects(self):
        out = {}
        for el in document.querySelectorAll('#hand [data-zone="hand"]'):
            out[str(el.dataset.card)] = el.getBoundingClientRect()
        return out

    def fly(self, el, source, delay=0, duration=FLIGHT_MS, rect=None, still=None, dealt=False):
        """Animate an element in from a source rectangle (a fade under reduced motion). The
        element's own rectangle and the motion setting may be given, measured beforehand. A
        card `dealt` is not seen before its turn to leave the dealer (see ``from_dealer``).
        Returns the Animation."""
        if still is None:
            still = reduced_motion()
        if still:
            frames = [{"opacity": 0}, {"opacity": 1}]
        elif source is None:
            frames = [{"opacity": 0, "transform": "scale(0.6)"}, {"opacity": 1}]
        else:
            if rect is None:
                rect = el.getBoundingClientRect()
            dx = (source.left + source.width / 2) - (rect.left + rect.width / 2)
            dy = (source.top + source.height / 2) - (rect.top + rect.height / 2)
            # (over the rows it crosses, those after its own among them, but under the result
            # board and the buttons: a z-index, animated here, lasts as long as its flight)
            start = {"transform": f"translate({dx:.0f}px, {dy:.0f}px) scale(0.7)",
                     "opacity": 0.4, "zIndex": 2}
            frames = [*(from_dealer(start) if dealt else [start]),
                      {"transform": "none", "opacity": 1, "zIndex": 2}]
        return el.animate(js_obj(frames), js_obj({"duration": duration, "delay": delay,
                                                  "easing": "cubic-bezier(.2,.7,.3,1)",
                                                  "fill": "backwards"}))

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
        self.on_landing = None  # (a later line than the one that waited)
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

    def fit_board(self):
        """The result board's column headings break at a syllable (where the catalogues mark
        one) only where its table would not fit whole words: a short word broken beside room
        to spare reads badly. Its table's shadows, which say there is more of it beyond an
        edge, are drawn only along a way it scrolls (a fraction of a pixel of one showed as a
        faint line at the edge of a table that does not)."""
        scroll = q("#results .scroll")
        if scroll is None:
            return
        scroll.classList.remove("syllables")
        # (the hand's table: the score sheet under it, open, may be wider than the box)
        table = q("#results .scroll > table")
        wide = table if table is not None else scroll
        scroll.classList.toggle("syllables", wide.scrollWidth > scroll.clientWidth)
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
        self.keep_view()  # (open or shut after a reload too)
        self.fit_board()
        self.pin_winner()  # (the sheet opened, the box may scroll now)
        asked, self.sheet_asked = self.sheet_asked, False
        scroll = q("#results .scroll")
        if not asked or scroll is None:
            return
        if not sheet.open:
            self.show_our_line()  # (the table again as it was: no room left under it)
            return
        at = scroll.scrollTop - (scroll.getBoundingClientRect().top + scroll.clientTop)
        rect = sheet.getBoundingClientRect()
        need = rect.bottom + at - scroll.clientHeight
        if need > scroll.scrollTop:
            # As much of it as the box holds, its heading first, by whole lines of the hand's
            # table over it; where its heads, the winner's line and one more do not fit over
            # the sheet, the table scrolled away whole (scrolled to the sheet's foot, the
            # table's last line stood cut under its heads, and the winner's line over them).
            self.scroll_by_lines(scroll, need, rect.top + at)

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
            # Looking at the table after the hand: nothing to play, the hand's moves and the
            # way back.
            self.put("controls", render.after_hand(cat))
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
                self.message(cat.t("msg.watching"), speak=False)
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
                    self.sheet_open, self.check_asked()))
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
        self.cover_table(not self.results_hidden)
        self.speak_events()
        self.message(rv.headline, speak=rv.spoken if focus and not again else False)
        root.dataset.turn = ""
        if focus and not self.results_hidden:
            element("results-title").focus()  # keyboard users land on the board

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

    def count(self, record):
        """Add to the player's record what ``record`` (store.record_hand, after a hand, or
        store.record_left, before a new game) finds to count, once."""
        if self.passive or self.match is None:
            return
        stats = self.store.load_stats()
        if record(stats, self.setting("level"), self.match, HUMAN):
            self.store.save_stats(stats)

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

    # --- the human's moves ------------------------------------------------------------------

    def my_turn(self):
        state = self.match.state
        return (state.to_move == HUMAN and not self.dealing and not self.passive
                and view.made_for_us(state, self.settings["auto_play"]) is None)

    def move_for(self, code):
        gift = self.match.state.pending_gift
        return "give:" + code if gift is not None and gift[0] == HUMAN else code

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
            self.message(cat.t("msg.give-selected", card=card, name=name),
                         speak=cat.t("msg.give-selected", card=words, name=name))
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
        return self.selected == (None if move == "pass" else move.split(":", 1)[-1])

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
        code = move.split(":", 1)[-1]
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
            self.save()
            self.begin_hand(animate=True)

    def refocus(self):
        """After a deal begun from the board (Next hand), the focus that went with the board
        comes back to the table (find_focus); at other deals, the focus is left where it is."""
        if self.lost_focus:
            self.lost_focus = False
            self.find_focus()

    # --- events -----------------------------------------------------------------------------

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
            "new-game": self.open_setup,
            "menu-new-game": self.open_setup,
            "open-menu": self.open_menu,
            "menu-close": lambda: element("menu").close(),
            "record-reset": lambda: self.draw_menu(confirm_reset=True, focus="record-reset-no"),
            "record-reset-yes": self.reset_record,
            "record-reset-no": lambda: self.draw_menu(focus="record-reset"),
            "open-rules": lambda: self.open_rules(None),
            "menu-rules": lambda: self.open_rules(None),
            "setup-rules": lambda: self.open_rules(self.draft),
            "rules-close": lambda: element("rules-page").close(),
            "menu-moves": self.open_moves,
            "show-moves": self.open_moves,
            "moves-close": lambda: element("moves-page").close(),
            "moves-check": self.ask_check,
            "setup-cancel": lambda: element("setup").close(),
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
        if key not in ("Shift", "Control", "Alt", "Meta") and not self.by_keys:
            self.by_keys = True  # (messages then name keys, not taps)
            if self.dealing:  # (the deal's line names the key that skips it)
                self.message(self.cat.t(self.by_input("msg.dealing")), speak=False)
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
        if tid == "menu-speed":
            self.settings["speed"] = str(target.value)
            self.save_settings()
            self.pace_override = None  # (a link's speed or pace gives way)
            self.chosen("speed")
        elif tid == "menu-level":
            self.settings["level"] = str(target.value)
            self.save_settings()
            self.chosen("level")
            self.note_level()
            if self.hinting is not None and self.hinting[-1] != self.hint_level():
                # (a hint still worked out at the level left is not shown: the line over
                # the hand no longer says it is coming)
                self.hinting = None
                if self.my_turn():
                    self.say_turn()
            self.want_worker()
            self.render()
            self.draw_menu(focus="menu-level")
        elif tid == "menu-language":
            if self.language_key in ("", "Enter", " "):
                self.set_language(str(target.value))
            else:
                self.language_pending = str(target.value)  # (on_key, on_focusout)
        elif tid == "menu-auto":
            self.settings["auto_play"] = bool(target.checked)
            self.save_settings()
            if self.match is not None and not self.match.state.is_over and not self.dealing:
                self.render()  # (Hint and Play: off where the game is to play for us)
                if not self.my_turn():
                    self.drive()  # (our turn: the card is played once the menu is shut)
        elif tid == "menu-full":
            self.set_full_screen(bool(target.checked))
        elif tid == "menu-four":
            self.settings["four_colour"] = bool(target.checked)
            root.classList.toggle("four-colour", bool(target.checked))
            self.save_settings()
        elif element("setup").contains(target):
            self.setup_changed(target)
        if tid != "menu-language":
            # (another of the menu's settings changed after the arrows chose a language: that
            # one in use too, the menu drawn again with both)
            self.use_pending_language(focus=tid or None)

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

    # --- two tabs ---------------------------------------------------------------------------

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
        before = self.passive_settings
        mine = {k: v for k, v in self.settings.items() if before and before.get(k) != v}
        self.passive_settings = {}
        self.settings = {**self.store.load_settings(), **mine}
        if mine:
            self.save_settings()
        self.cat = self.load_catalog()
        self.cache = {}
        self.apply_language()
        root.classList.toggle("four-colour", bool(self.settings["four_colour"]))
        match, notice = self.store.load()
        if notice:
            self.notify(self.cat.t(notice))
        return match

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
                self.read_view(), match, HUMAN) if keep_view else NO_VIEW)

    def take_over(self):
        self.resume()
        self.message(self.cat.t("msg.took-over"))

    # --- menu, new game, rules --------------------------------------------------------------

    # A phone's Back closes the dialog open, as it would a page of an app, instead of leaving
    # the game: a dialog opened adds an entry to the history (or takes back the one of ours
    # that a dialog closed before left spent), which Back leaves. Closed by its button, a dialog
    # leaves its entry spent rather than step back: a step back would cut short a page load
    # begun at once after.

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
        dialog = element("menu")
        stats = self.store.load_stats()
        # (a language asked for in the address is the one in use, and the one shown chosen)
        shown = {**self.settings, **self.overrides}
        dialog.innerHTML = render.menu(
            self.cat, shown, stats, confirm_reset,
            store.counts_at(stats, self.match, self.setting("level")),
            french_deck=self.match is None or not view.is_spanish(self.match.rules),
            moves=self.match is not None, full_screen=full_screen())
        target = q(f"#{focus}") if focus else None
        if target is not None:
            target.focus()

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

    def open_setup(self, draft=None):
        """The new-game screen, with the game in play chosen on it (or ``draft``'s choices)."""
        element("menu").close()
        s = self.settings
        current = self.match.rules if self.match is not None else None
        name = view.preset_of(current) if current is not None else s["preset"]
        self.draft = draft or {
            "preset": name or "custom",
            "rules": view.own_match_length(current, s["custom"]) if current else None,
            "level": self.setting("level"),
            "match": s["match"],
        }
        if self.draft["rules"] is None:
            self.draft["rules"] = store.rules_from_settings(s)
        self.draw_setup()
        self.show_dialog("setup")
        # (the focus on the game in play, not on the dialog's first: the arrows go on from it)
        checked = q('#setup input[name="preset"]:checked')
        if checked is not None:
            checked.focus()
        chosen = q("#setup .preset.chosen")
        if chosen is not None:  # the game in play, in view on a phone too
            chosen.scrollIntoView(js_obj({"block": "nearest"}))

    def gives_up(self):
        """Whether dealing a new game now counts the game in play as not won."""
        match = self.store.peek() if self.passive else self.match
        return store.gives_up(match, HUMAN)

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
        if name == "preset":
            draft["preset"] = value
            if value != "custom":
                draft["rules"] = fantan.preset(value).replace(players=rules.players)
        elif name == "setup-players":
            draft["rules"] = _try(rules, players=int(value))
        elif name == "setup-level":
            draft["level"] = value
        elif name == "setup-match":
            draft["match"] = int(value) if value.isdigit() else None
        elif name.startswith("axis-"):
            axis = name[5:]
            parsed = {"true": True, "false": False}.get(value, value)
            if axis == "pass_limit":
                parsed = int(value)
            changed = view.change(rules, axis, parsed)
            if not isinstance(changed, fantan.RulesError):
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
        chosen = None
        if draft is not None:
            # (with the match length chosen beside the rules)
            name, rules = draft["preset"], view.with_match(draft["rules"], draft["match"])
        else:
            rules = self.match.rules
            name = view.preset_of(rules) or "custom"
            chosen = view.chosen_start(self.match.state.observation(HUMAN))
        element("menu").close()
        page = element("rules-page")
        page.innerHTML = render.rules_page(self.cat, name, rules, chosen)
        self.show_dialog("rules-page")
        # The page reads from its top: the focus goes to its title, not to Close at the end
        # (the dialog's first button), which would scroll it to the bottom.
        element("rules-title").focus()
        page.scrollTop = 0

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

    async def check_moves(self):
        """Our choices of the hand just over set beside the hint's, one after another (at Hard
        in the worker: the page stays free), the line over the buttons saying how far it has
        come; then drawn under the moves, in view, the focus on their heading."""
        match, key = self.match, self.hint_position()
        level = key[-1]
        if self.check_asked() or not match.state.is_over:
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

    def check_asked(self):
        """Whether our moves of the hand just over are checked, or being checked, at the
        hint's level."""
        key = self.hint_position()
        return self.match.state.is_over and (key in self.checking or key in self.checked)

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


def main() -> Page:
    """Start the game on the page (main.py calls this once)."""
    page = Page()
    page.start()
    return page
