// The loader: runs before Python, shows progress, reports failures, starts the runtime and
// registers the service worker. It knows nothing of the game.

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
const stage = $("loading-stage");
const bar = $("loading-progress");

// The loader's few texts in the player's language: build.py writes them from the message
// catalogues into locale/boot.json. Until it arrives (or if it cannot), they stay English.
const english = {
  "boot.stage.page": "Loading the page…",
  "boot.stage.runtime": "Loading the Python runtime…",
  "boot.stage.python": "Starting Python…",
  "boot.stage.download": "Downloading the game…",
  "boot.stage.game": "Loading the game…",
  "boot.ready": "Ready",
  "boot.error": "The game hit an error while starting. Reloading the page may help.",
  "boot.no-wasm": "This browser cannot run WebAssembly, which the game needs. " +
    "Please use a current version of Firefox, Chrome, Edge or Safari.",
  "boot.download-failed": "The game could not be downloaded. Check the connection and try again.",
  "boot.load-failed": "The game could not be loaded. Check the connection and try again.",
  "boot.trouble-title": "Something went wrong",
  "boot.trouble": "The game hit an error and stopped. Every move is saved as it is played: " +
    "reload the page to go on from the last one.",
  "boot.reload": "Reload",
};
let texts = {};
let allTexts = {};
const t = (key) => texts[key] || english[key] || key;

// The language: ?lang= (tests), the one saved in the settings, then the browser's.
function wantedLanguages() {
  const wanted = [];
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (fromUrl) wanted.push(fromUrl);
  try {
    const saved = JSON.parse(localStorage.getItem("fantan.settings") || "{}").language;
    if (typeof saved === "string" && saved) wanted.push(saved);
  } catch (error) { /* no storage, or unreadable settings: the browser decides */ }
  const aliases = { no: "nb", nn: "nb" };
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const code = tag.replace("-", "_");
    const base = code.split("_")[0].toLowerCase();
    wanted.push(code, base, aliases[base] || "");
  }
  return wanted.filter(Boolean);
}

async function loadTexts() {
  try {
    const response = await fetch("./locale/boot.json");
    const all = await response.json();
    allTexts = all;
    const lang = wantedLanguages().find((code) => code in all) || "en";
    if (root.dataset.phase !== "loading" && root.dataset.phase !== "error") return;
    texts = all[lang] || {};
    root.lang = lang.replace("_", "-");
    // (a text written again, even the same, is read out again from the live region)
    for (const el of document.querySelectorAll("[data-boot]")) {
      const text = texts[el.dataset.boot];
      if (text && el.textContent.replace(/\s+/g, " ").trim() !== text) el.textContent = text;
    }
  } catch (error) {
    // English stays: the texts in the page are the English ones.
  }
}

let percent = 0;
function progress(value, key) {
  if (value > percent) {
    percent = value;
    bar.value = value;  // (its words inside, for a browser without the bar, stay as they are)
  }
  // The stage's words are written only when they change: the loader is a live region, and a
  // screen reader reads out every text written in it, "Downloading the game…" at each chunk.
  if (key) {
    stage.dataset.boot = key;
    if (stage.textContent !== t(key)) stage.textContent = t(key);
  }
}

function fail(key) {
  if (root.dataset.phase !== "loading") return;
  root.dataset.phase = "error";
  $("failure-text").dataset.boot = key;
  $("failure-text").textContent = t(key);
  $("failure").hidden = false;
  $("loading").hidden = true;
  $("table").setAttribute("aria-busy", "false");
}

// Try again: a start that failed may be a broken version, and a fixed one may be out by now.
// A reload alone would start the broken one again for as long as any tab of it stays open (a
// waiting worker takes over only then), so a fixed version found or waiting takes over first.
$("retry").addEventListener("click", async () => {
  $("retry").disabled = true;
  try {
    const registration = navigator.serviceWorker
      && await navigator.serviceWorker.getRegistration();
    if (registration && ours()) {
      await registration.update();
      const worker = registration.waiting || registration.installing;
      if (worker && await installed(worker)) {
        navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
        worker.postMessage({ type: "activate-update" });
        return;
      }
    }
  } catch (error) { /* offline, or no worker: reload as it is */ }
  location.reload();
});

// Whether a new service worker gets to "installed" (false if it fails, or takes too long).
function installed(worker) {
  return new Promise((resolve) => {
    const check = () => {
      if (worker.state === "installed") resolve(true);
      else if (worker.state === "redundant") resolve(false);
    };
    worker.addEventListener("statechange", check);
    setTimeout(() => resolve(false), 30000);
    check();
  });
}

// Whether this game's own service worker controls the page. Another site's worker on the same
// host may: a GitHub Pages user site's, whose scope ("/") holds a project site's game (under
// "/fantan/") until the game's own worker, of a nearer scope, claims it. That first claim is no
// update (the page would reload in the middle of a first visit), and the page is still being
// downloaded, not started from the cache.
const ownWorker = new URL("./sw.js", location.href).href;
function ours() {
  const worker = navigator.serviceWorker && navigator.serviceWorker.controller;
  return Boolean(worker) && worker.scriptURL === ownWorker;
}

// PyScript reports its steps as "py:progress" events; map them onto the bar.
const steps = {
  "Loading Pyodide": [15, "boot.stage.runtime"],
  "Loaded Storage": [20, null],
  "Loading interpreter": [25, "boot.stage.python"],
  "Loaded interpreter": [85, "boot.stage.game"],
  "Loaded Pyodide": [90, null],
};
// (a first visit downloads the two big files as the interpreter starts loading: it says so
// from then on, not "Starting Python…" before its download)
const firstVisit = () => !ours();
addEventListener("py:progress", (event) => {
  const step = steps[event.detail];
  if (!step) return;
  if (step[1] === "boot.stage.python" && firstVisit() && !bigAllDone()) {
    progress(step[0], "boot.stage.download");
  } else {
    progress(...step);
  }
});

// The two big downloads move the bar as their bytes arrive, between 25% and 70% (a first
// visit on a slow line spends most of its wait there), each its share, all of it once it is
// in (from the cache, at once).
const bigShare = { "python_stdlib.zip": 20, "pyodide.asm.wasm": 25 };
const bigDone = {};
const bigIn = new Set();  // the big files wholly in (not only as many bytes as they said)
function bigProgress(name, done) {
  bigDone[name] = Math.max(bigDone[name] || 0, Math.min(1, done));
  let value = 25;
  for (const file in bigShare) value += bigShare[file] * (bigDone[file] || 0);
  progress(Math.floor(value));
}
function bigFinished(name) {
  bigIn.add(name);
  bigProgress(name, 1);
  // (both in: what remains is Python starting)
  if (bigAllDone() && stage.dataset.boot === "boot.stage.download") {
    progress(percent, "boot.stage.python");
  }
}
function bigAllDone() {
  return Object.keys(bigShare).every((file) => bigIn.has(file));
}
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("/").pop().split("?")[0];
      if (name in bigShare) bigFinished(name);
    }
  }).observe({ type: "resource", buffered: true });
}

// Count the bytes of a big file as they arrive, on a copy of its response: the runtime reads
// the response itself, untouched. (A length the server did not give, or gave for the
// compressed bytes, only makes the bar move less evenly.) The copy also shows a download cut
// off midway (the connection lost, the server gone): its reading fails as the runtime's does.
async function countBytes(name, response) {
  if (!response.body) return;
  const total = Number(response.headers.get("content-length")) || 0;
  // (a first visit's download says so; later the files come from the cache, at once)
  if (total && firstVisit() && !bigAllDone()) progress(percent, "boot.stage.download");
  const reader = response.clone().body.getReader();
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    loaded += value.length;
    if (total) bigProgress(name, loaded / total);
  }
  bigFinished(name);
}

// Python errors end up in an element PyScript adds to the page. A start they end keeps its
// traceback under the failure's Details (for a bug report), not across the foot of the page; one
// that escapes the game's own watch later stops the game as the errors it reports do (below).
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains("py-error")) {
        if (root.dataset.phase === "loading" || root.dataset.phase === "error") {
          fail("boot.error");
          if (!$("failure").classList.contains("in-game")) showDetails(node);
        } else {
          troubled(node);
        }
      }
    }
  }
}).observe(document.body, { childList: true });

function showDetails(node) {
  $("failure-details").append(node);
  $("failure-details").hidden = false;
}

// An error of the game's code once it is under way (the game reports its own with the event
// "fantan:trouble", the traceback as its detail) stops the game: what happened shows over the
// table, which stays as it was, untouchable, and the button reloads the page. The game is saved
// after every move, so the reload goes on from the last one.
function troubled(details) {
  if ($("failure").classList.contains("in-game")) return; // (the first error says it all)
  root.dataset.phase = "error";
  const lang = (root.lang || "en").replace("-", "_");
  texts = allTexts[lang] || allTexts[lang.split("_")[0]] || texts;
  for (const [id, key] of [["failure-title", "boot.trouble-title"],
    ["failure-text", "boot.trouble"], ["retry", "boot.reload"]]) {
    $(id).dataset.boot = key;
    $(id).textContent = t(key);
  }
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  for (const id of ["app", "bar-actions"]) $(id).inert = true;
  $("failure").classList.add("in-game");
  showDetails(details);
  $("failure").hidden = false;
  $("retry").focus();
}

addEventListener("fantan:trouble", (event) => {
  const details = document.createElement("pre");
  details.className = "py-error";
  details.textContent = String(event.detail);
  troubled(details);
});

// When Python has set the first game phase, loading is over.
function whenReady(callback) {
  if (root.dataset.phase !== "loading" && root.dataset.phase !== "error") return callback();
  const watcher = new MutationObserver(() => {
    if (root.dataset.phase === "error") watcher.disconnect();
    else if (root.dataset.phase !== "loading") {
      watcher.disconnect();
      callback();
    }
  });
  watcher.observe(root, { attributes: true, attributeFilter: ["data-phase"] });
}

// An update taking over, whichever tab's "Load it" started it: this page's files are the last
// version's, whose cache is gone, so it reloads (the game is saved first). Watched from the
// start: a page still starting when another tab loads an update would go on with files of both
// versions. The first install claiming a first visit's page changes nothing it runs.
let controlled = ours();
if (navigator.serviceWorker) {
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = ours();
      return;
    }
    if (reloading) return;
    reloading = true;
    dispatchEvent(new Event("fantan:update"));
    location.reload();
  });
}

whenReady(() => {
  progress(100, "boot.ready");
  $("table").setAttribute("aria-busy", "false");
  registerServiceWorker();
});

async function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("boot.no-wasm");
    return;
  }
  progress(5, "boot.stage.page");
  // (the download it speaks of is a first visit's: later, the game starts from the cache)
  if (ours()) {
    document.querySelector(".loading-hint").hidden = true;
  }
  watchDownloads();
  try {
    await import("./vendor/pyscript/core.js");
  } catch (error) {
    fail("boot.download-failed");
    throw error;
  }
  progress(10);
}

// A file the runtime cannot download ends the start. That failure does not always reach the
// page: when Pyodide's download of its WebAssembly fails after it has begun to wait for it, it
// logs a warning and never finishes starting. So until Python is ready, the loader watches the
// downloads itself (the runtime and PyScript fetch() every file they need on this page).
function watchDownloads() {
  const pageFetch = window.fetch;
  window.fetch = async function (...args) {
    try {
      const response = await pageFetch.apply(this, args);
      if (!response.ok) fail("boot.download-failed");
      const name = String(response.url).split("/").pop().split("?")[0];
      // (Pyodide's WebAssembly cut off midway only logs a warning, and its start never ends)
      if (response.ok && name in bigShare) {
        countBytes(name, response).catch(() => fail("boot.download-failed"));
      }
      return response;
    } catch (error) {
      fail("boot.download-failed");
      throw error;
    }
  };
  whenReady(() => { window.fetch = pageFetch; });
}

addEventListener("unhandledrejection", () => {
  fail("boot.load-failed");
});

// Service worker: installed after the first boot, so its precache reuses what the page has just
// downloaded instead of fetching the runtime a second time alongside it.
async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  let registration;
  try {
    registration = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
  } catch (error) {
    console.warn("Offline play is unavailable:", error);
    return;
  }
  // A first install takes over at once; an update waits for the player's word. It may be
  // found after this point, or have been found, and still be installing, before it. A page of
  // a first visit is not controlled until the first install claims it: from then on, it is
  // offered the updates found while it stays open, as a page loaded under a worker is.
  const offer = () => {
    if (registration.waiting && controlled) showUpdate(registration);
  };
  const follow = (worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer();
    });
  };
  // The first install has precached every file once it is active: the game now starts offline.
  navigator.serviceWorker.ready.then(() => { root.dataset.offline = "ready"; });
  offer();
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

function showUpdate(registration) {
  const banner = $("update");
  if (!banner.hidden) return;
  // A dialog open (the menu, the new-game screen, the rules...) makes the rest of the page
  // inert, the offer with it, and may cover it: it is made once the last dialog is closed.
  if (document.querySelector("dialog[open]")) {
    if (root.dataset.update !== "held") {
      root.dataset.update = "held";
      const retry = () => {
        if (document.querySelector("dialog[open]")) return;
        document.removeEventListener("close", retry, true);
        root.dataset.update = "";
        showUpdate(registration);
      };
      document.addEventListener("close", retry, true);  // (a dialog's close does not bubble)
    }
    return;
  }
  banner.hidden = false;
  root.dataset.update = "ready";
  placeOffer();
  // (handlers set, not added: the banner may be offered again after "Later")
  $("update-load").onclick = () => {
    // The worker waiting now, not the one first offered: a later build may have replaced it.
    // Its taking over reloads the page; with none waiting (another tab took it), reload now.
    const waiting = registration.waiting;
    if (waiting) waiting.postMessage({ type: "activate-update" });
    else location.reload();
  };
  // Not now: the banner goes (it may cover the title bar's buttons); the next load offers it
  // again.
  $("update-later").onclick = () => {
    banner.hidden = true;
    root.dataset.update = "later";
  };
}

// The offer lies over the title bar, which play does not need, but its buttons, Rules and
// Menu, it leaves in reach where the room beside them holds its words on one line and its
// buttons (a desktop's bar, a phone's on its side); over a narrow phone's bar it takes the
// whole width, and Later puts it away. Placed again as the window or the buttons change size
// (a language with longer names, the buttons drawn once the game has started).
function placeOffer() {
  const banner = $("update");
  if (banner.hidden) return;
  banner.style.right = "";
  banner.classList.remove("beside");
  const actions = $("bar-actions").getBoundingClientRect();
  if (!actions.width) return;
  const room = actions.left - 8;
  banner.style.width = "max-content";
  const needed = banner.getBoundingClientRect().width;
  banner.style.width = "";
  if (needed > room) return;
  banner.style.right = `${document.documentElement.clientWidth - room}px`;
  banner.classList.add("beside");
}
addEventListener("resize", placeOffer);
new ResizeObserver(placeOffer).observe($("bar-actions"));

loadTexts();
start();
