"""The page's small DOM helpers, shared by the parts of app.Page: elements found by id or
selector, the address's parameters, drawing a region anew keeping what did not change (patch),
the focus, the history's mark, and the browser's storage."""

import store
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

root = document.documentElement
params = window.URLSearchParams.new(window.location.search)
dropped = set()  # the address's parameters taken out of it (drop_params)
PLAYABLE = '#hand [data-zone="hand"]:not([aria-disabled="true"])'
HAND_STOP = '#hand [data-zone="hand"]:not([tabindex="-1"])'  # the hand's one stop of Tab


def param(name, default=None):
    value = params.get(name)
    return default if store.missing(value) else str(value)


def number_param(name):
    """A test link's whole number (``?seed=``, ``?players=``, ``?match=``), or None."""
    return store.whole_number(param(name, ""))


def drop_params(*names):
    """Take ``names`` out of the page's address (and of ``params``): a link's ``?new`` once
    its game is dealt, or its ``?lang``, ``?level`` or ``?speed`` (with ``?pace``) once the
    player chooses otherwise in the menu (a reload would bring the link's back). The
    browser's Back to an entry from before (under a dialog's) takes them out of that one's
    address too (Dialogs.on_popstate)."""
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
