"""The deal and what each move does on the table: cards dealt round the table; a card played
flying from its seat to its place in a row (or a gift from seat to seat), passes flashed on
their seats, the line over the hand telling of a card given (show_new_events); our hand
sliding its cards to their new places; each landing handing on the turn's mark.

A part of the page (app.Page), which holds the state it works on.
"""

import asyncio
import time

import store
import view
from dom import (
    element,
    js_obj,
    q,
    reduced_motion,
    up,
)
from pyscript import document

HUMAN = view.HUMAN
SLIDE_MS = 160  # a card in hand sliding to its new place
DEAL_STEP = 0.06  # seconds between two dealt cards (13 cards: well under 2 s)
DEALT_MS = 320  # the flight of a card dealt to us
DEALT_BACK_MS = 360  # the flight of a card dealt to another seat, as a back
FLIGHT_MS = 380
PASS_FLASH = 1.3  # seconds a pass shows on its seat
SPEAK_EACH = 0.3  # at this pace or slower, each computer move is announced as it happens


def from_dealer(start):
    """The first frames of a card dealt: unseen until its turn (a pile waiting at the dealer
    hid the dealer's own count of cards), then there at once, on its way."""
    return [{**start, "opacity": 0}, {**start, "offset": 0.02}]


class Motion:
    """The page's deal and the moves shown as they happen (a part of app.Page)."""

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

    def refocus(self):
        """After a deal begun from the board (Next hand), the focus that went with the board
        comes back to the table (find_focus); at other deals, the focus is left where it is."""
        if self.lost_focus:
            self.lost_focus = False
            self.find_focus()

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
        """Draw the table again in ``seconds`` (a pass's flash over), unless a deal is under
        way (it draws the table at its end) or trouble stopped the game."""
        await asyncio.sleep(seconds)
        if not self.dealing and not self.failed:
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
