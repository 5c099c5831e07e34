// The loader: runs before Python, shows progress, reports failures, starts the runtime and
// registers the service worker. It knows nothing of the game.

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
const stage = $("loading-stage");
const bar = $("loading-progress");

let percent = 0;
function progress(value, text) {
  if (value > percent) {
    percent = value;
    bar.value = value;
    bar.textContent = `${value}%`;
  }
  if (text) stage.textContent = text;
}

function fail(text) {
  if (root.dataset.phase !== "loading") return;
  root.dataset.phase = "error";
  $("failure-text").textContent = text;
  $("failure").hidden = false;
  $("loading").hidden = true;
  $("table").setAttribute("aria-busy", "false");
}

$("retry").addEventListener("click", () => location.reload());

// PyScript reports its steps as "py:progress" events; map them onto the bar.
const steps = {
  "Loading Pyodide": [15, "Loading the Python runtime…"],
  "Loaded Storage": [20, null],
  "Loading interpreter": [25, "Starting Python…"],
  "Loaded interpreter": [85, "Loading the game…"],
  "Loaded Pyodide": [90, null],
};
addEventListener("py:progress", (event) => {
  const step = steps[event.detail];
  if (step) progress(...step);
});

// The two big downloads give the bar something to show while the interpreter loads.
const bigFiles = { "python_stdlib.zip": 45, "pyodide.asm.wasm": 70 };
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = entry.name.split("/").pop().split("?")[0];
      if (name in bigFiles) progress(bigFiles[name]);
    }
  }).observe({ type: "resource", buffered: true });
}

// Python errors end up in an element PyScript adds to the page.
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.classList && node.classList.contains("py-error")) {
        fail("The game hit an error while starting. Reloading the page may help.");
      }
    }
  }
}).observe(document.body, { childList: true });

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

whenReady(() => {
  progress(100, "Ready");
  $("table").setAttribute("aria-busy", "false");
  registerServiceWorker();
});

async function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("This browser cannot run WebAssembly, which the game needs. " +
         "Please use a current version of Firefox, Chrome, Edge or Safari.");
    return;
  }
  progress(5, "Loading the page…");
  try {
    await import("./vendor/pyscript/core.js");
  } catch (error) {
    fail("The game could not be downloaded. Check the connection and try again.");
    throw error;
  }
  progress(10);
}

addEventListener("unhandledrejection", () => {
  fail("The game could not be loaded. Check the connection and try again.");
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
  // A first install takes over at once; an update waits for the player's word.
  const offer = (worker) => {
    if (worker && navigator.serviceWorker.controller) showUpdate(worker);
  };
  // The first install has precached every file once it is active: the game now starts offline.
  navigator.serviceWorker.ready.then(() => { root.dataset.offline = "ready"; });
  offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

function showUpdate(worker) {
  const banner = $("update");
  if (!banner.hidden) return;
  banner.hidden = false;
  root.dataset.update = "ready";
  $("update-load").addEventListener("click", () => {
    // The game saves after every move; this lets it save once more before the page goes.
    dispatchEvent(new Event("fantan:save"));
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(),
                                             { once: true });
    worker.postMessage({ type: "activate-update" });
  }, { once: true });
}

start();
