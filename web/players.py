"""The computer players as the page asks them: Easy and Medium decide on the page (well under a
millisecond), Hard in a PyScript worker, a second Python, so that the page never waits for its
search. A worker that does not start is given up and its questions are answered on the page;
one that stops answering is stopped and another started, once, the questions answered on the
page meanwhile. ``html[data-ai]`` says which (for tests): "worker" or "page";
``html[data-ai-answers]`` counts the answers to questions at a level that searches, used or not
(for a test to wait for one that the page must not show).
"""

import asyncio
import contextlib
import json

from pyscript import document, workers

import fantan

WORKER_WAIT = 120.0  # seconds to wait for the worker to start (a cold, busy machine is slow)
# Seconds the first move at Hard waits for a worker still starting; past that, moves are made
# on the page until the worker is there (a worker whose files cannot be fetched never answers).
WORKER_PATIENCE = 6.0
# Seconds a question to the worker may take (Hard's moves a fifth of one, a hint or a check of
# a move, which search a fixed number of deals, up to a second or two, the first question a
# second or two more to import the computer players); past that, the worker is taken for lost
# (a phone may stop it for its memory, and it then never answers) and the moves are made on the
# page.
WORKER_ANSWER = 15.0
# Workers started again after one stopped answering (each a second Python, started afresh in
# its memory); past these, the moves are made on the page for good.
WORKER_RESTARTS = 1

root = document.documentElement


def advice_reader(obs):
    """How the worker's answer to a hint or a review for ``obs`` is read: its advice as a
    dict, or None where its move is not one of ``obs``'s legal moves."""
    def read(text):
        advice = json.loads(text)
        return advice if advice.get("move") in obs.legal_moves else None
    return read


class Players:
    """The page's way to the computer players: fantan.ai's choose, hint and review, for the
    levels that search (Hard) asked of the worker. ``spawn`` runs a coroutine beside the page
    (the page's, which tells the player of an error it ends in); ``warn`` writes a line to the
    console."""

    def __init__(self, spawn, warn):
        self.spawn = spawn
        self.warn = warn
        self.worker = None
        self.failed = False
        self.starting = None  # the worker's start (a task), under way or done
        self.waited = False  # a computer move has waited for it (once is enough)
        self.restarts = 0  # workers started again after one was lost (lost)
        self.answers = 0  # questions at a level that searches answered (html[data-ai-answers])

    @property
    def name(self):
        """The worker's name (its script tag's): each one started again has one of its own,
        as a PyScript worker's name is given to one worker only."""
        return "ai" if not self.restarts else f"ai-{self.restarts}"

    async def choose(self, obs, level, seed):
        """The move of the computer player at ``level`` seeing ``obs``."""
        legal = obs.legal_moves
        if len(legal) == 1:
            return legal[0]  # nothing to think about
        return await self.ask(
            "choose", level, (json.dumps(obs.to_dict()), level, seed),
            lambda text: text if text in legal else None,
            lambda: fantan.ai.choose(level, obs, seed=seed))

    async def hint(self, obs, level, seed):
        """The move the player at ``level`` would make, from a search of fixed size that the
        same position always answers alike, and the argument for it (fantan.ai.hint, as a
        dict)."""
        return await self.ask(
            "hint", level, (json.dumps(obs.to_dict()), level, seed), advice_reader(obs),
            lambda: fantan.ai.hint(level, obs, seed=seed).to_dict())

    async def review(self, obs, level, seed, move):
        """A move made at ``obs`` set against the hint for it (fantan.ai.review, as a
        dict)."""
        return await self.ask(
            "review", level, (json.dumps(obs.to_dict()), level, seed, move), advice_reader(obs),
            lambda: fantan.ai.review(level, obs, move, seed=seed).to_dict())

    async def ask(self, method, level, args, read, here):
        """The worker's ``method`` on ``args``, its text answer taken by ``read`` (None: not
        an answer to use); else, or if the worker failed, ``here()``, worked out on the page,
        as it is at once for a ``level`` that does not search."""
        if not fantan.ai.searches(level):
            await asyncio.sleep(0)  # (a long run of quick moves still lets the page draw)
            return here()
        try:
            return await self.searched(method, args, read, here)
        finally:
            # (for tests: an answer has come, whether the page uses it or not, as one asked
            # for at a level since left is not)
            self.answers += 1
            root.dataset.aiAnswers = str(self.answers)

    async def searched(self, method, args, read, here):
        """``ask`` at a level that searches: the worker's answer, or ``here()``."""
        worker = await self.get_worker()
        if worker is not None:
            try:
                text = await asyncio.wait_for(getattr(worker, method)(*args), WORKER_ANSWER)
                answer = read(str(text))
                if answer is not None:
                    return answer
                self.warn(f"the computer players' worker answered {method} with a move that"
                          f" is not legal here ({str(text)[:80]}): worked out here instead")
            except TimeoutError:
                if self.worker is worker:  # (once, for questions asked together)
                    self.warn(f"the computer players' worker did not answer ({method}) in"
                              f" {WORKER_ANSWER:g} s: the moves are made here")
                    self.lost()
            except Exception as error:
                self.warn(f"the computer players' worker failed ({method}): {error}")
        return here()

    def lost(self):
        """The worker stopped answering: it is stopped (a worker still searching keeps a core
        and its memory busy) and, WORKER_RESTARTS times, another started, the moves made on
        the page until it is up; after that, on the page for good."""
        tag = document.querySelector(f'script[name="{self.name}"]')
        if tag is not None:
            with contextlib.suppress(Exception):  # (no worker on the tag, or gone already)
                tag.xworker.terminate()
            tag.remove()
        self.worker = None
        self.waited = True  # (no move waits for the one started again: on the page until it is up)
        if self.restarts < WORKER_RESTARTS:
            self.restarts += 1
            self.starting = None
            self.begin()
        else:
            self.failed = True
            root.dataset.ai = "page"

    @property
    def started(self):
        """Whether the worker has been started (it may not be up yet, or have failed)."""
        return self.starting is not None

    def want(self, level):
        """The worker for a ``level`` that searches, started now, else the moves made on the
        page (a worker already started stays)."""
        if self.starting is not None:
            return
        if fantan.ai.searches(level):
            self.begin()
        else:
            root.dataset.ai = "page"  # (for tests: no worker, the moves are made here)

    def begin(self):
        """Start the worker (once), without waiting for it."""
        if self.starting is None:
            root.removeAttribute("data-ai")  # ("worker" once it is up, "page" if it fails)
            if not document.querySelector(f'script[name="{self.name}"]'):  # (JS null: falsy)
                tag = document.createElement("script")
                tag.type = "py"
                for name, value in (("worker", ""), ("name", self.name),
                                    ("src", "./ai_worker.py"),
                                    ("config", "./pyscript-ai.json")):
                    tag.setAttribute(name, value)
                document.body.append(tag)
            self.starting = self.spawn(self.start())

    async def get_worker(self):
        """The worker, once it has started; None if it failed, or while it starts after the
        first computer move has waited WORKER_PATIENCE for it."""
        if self.worker is None and not self.failed:
            self.begin()
            if not self.waited:
                self.waited = True
                # (past the wait, html[data-ai] stays unset: the worker may still come)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self.starting), WORKER_PATIENCE)
        return self.worker

    async def start(self):
        name = self.name

        async def ready():
            return await workers[name]
        try:
            worker = await asyncio.wait_for(ready(), WORKER_WAIT)
        except Exception as error:
            if name == self.name:
                self.failed = True
                root.dataset.ai = "page"
                self.warn(f"the computer players' worker did not start: {error}")
            return
        if name == self.name:  # (not one given up meanwhile)
            self.worker = worker
            root.dataset.ai = "worker"
