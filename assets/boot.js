/* The loading screen, before Python runs: real progress (bytes downloaded against the size
 * the build measured, then PyScript's own start-up steps), a failure said in words instead of
 * an endless spinner, and, once the game is ready, the service worker that makes it offline
 * (registered only then, so that its precaching never slows down the first start).
 * Game logic lives in Python (ui/); this file only watches the start-up. */
(function () {
  "use strict";

  var STALL_MS = 120000; // no download and no start-up step for this long: give up
  var root = document.documentElement;
  var loading = document.getElementById("loading");
  var bar = document.getElementById("load-progress");
  var text = document.getElementById("load-text");
  var detail = document.getElementById("load-detail");
  var expected = Number(bar.getAttribute("data-expected-bytes")) || 0;
  var bytes = 0;
  var floor = 0; // lowest percentage, raised by each start-up step
  var over = false;
  var lastSign = Date.now();
  var watchers = [];

  // The first screen's words (assets/first-screen.js, from the page's catalogs).
  var words = typeof window.burgleWords === "function" ? window.burgleWords : function (key) { return key; };
  var starting = false; // the runtime has arrived: no more download figures

  // PyScript's progress messages (`py:progress`), mapped to words and a minimum percentage.
  var STEPS = [
    [/^Loading Pyodide/, "first.step.load", 2],
    [/^Loading interpreter/, "first.step.download", 5],
    [/^Loaded interpreter/, "first.step.start", 85],
    [/^Loading files/, "first.step.code", 87],
    [/^Loaded files|micropip/i, "first.step.engine", 90],
    [/^Loaded Pyodide/, "first.step.game", 95]
  ];

  function isReady() { return root.getAttribute("data-ready") === "1"; }

  function megabytes(n) { // "14.6" in English, "14,6" in French: the page's language
    var lang = root.getAttribute("lang") || "en";
    try {
      return (n / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    } catch (e) { return (n / 1e6).toFixed(1); }
  }

  function paint() {
    var share = expected ? Math.min(1, bytes / expected) : 0;
    bar.value = Math.max(floor, Math.round(80 * share));
    if (expected && bytes < expected && floor < 80 && !starting) {
      detail.textContent = words("first.bytes", { done: megabytes(bytes), total: megabytes(expected) });
    }
  }

  function fail(message) {
    // Python may have failed first and said why (ui/loader.py): keep its words.
    if (over || isReady() || root.getAttribute("data-failed") === "1") return;
    over = true;
    stop();
    root.setAttribute("data-failed", "1");
    loading.hidden = true;
    var first = document.getElementById("first-screen"); // the loading bar's place
    if (first) first.hidden = true;
    document.getElementById("load-error-text").textContent = message;
    document.getElementById("load-error").hidden = false;
  }

  function stop() {
    watchers.forEach(function (w) { w(); });
    watchers = [];
  }

  function describe(reason) {
    if (!reason) return "unknown error";
    return String(reason.message || reason).split("\n").slice(-3).join("\n");
  }

  if (typeof WebAssembly !== "object") {
    fail("This browser cannot run WebAssembly, which the game needs to run Python.");
    return;
  }

  // Bytes: every finished download of the page (the service worker's replies included).
  if (typeof PerformanceObserver === "function") {
    var resources = new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (entry) {
        bytes += entry.decodedBodySize || 0;
        // The runtime has arrived: what follows is compiling it and starting Python.
        if (/pyodide\.asm\.wasm$/.test(entry.name) && floor < 80) {
          starting = true;
          text.textContent = words("first.step.start");
          detail.textContent = "";
        }
      });
      lastSign = Date.now();
      paint();
    });
    try {
      resources.observe({ type: "resource", buffered: true });
      watchers.push(function () { resources.disconnect(); });
    } catch (e) { /* old browser: start-up steps only */ }
  }

  function onProgress(event) {
    var message = String(event.detail || "");
    lastSign = Date.now();
    for (var i = 0; i < STEPS.length; i++) {
      if (STEPS[i][0].test(message)) {
        floor = Math.max(floor, STEPS[i][2]);
        text.textContent = words(STEPS[i][1]);
        if (floor >= 85) detail.textContent = message;
        break;
      }
    }
    paint();
  }
  addEventListener("py:progress", onProgress);
  watchers.push(function () { removeEventListener("py:progress", onProgress); });

  // Failures: a script that did not load, an uncaught error, PyScript's error banner.
  function onError(event) {
    var target = event.target;
    if (target && target.tagName === "SCRIPT" && target.src) {
      fail("Could not load " + target.getAttribute("src") + ". Check the connection and reload.");
    } else if (event.error || event.message) {
      fail("Python could not start: " + describe(event.error || event.message));
    }
  }
  function onRejection(event) { fail("Python could not start: " + describe(event.reason)); }
  addEventListener("error", onError, true);
  addEventListener("unhandledrejection", onRejection);
  watchers.push(function () {
    removeEventListener("error", onError, true);
    removeEventListener("unhandledrejection", onRejection);
  });

  var banners = new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.classList && node.classList.contains("py-error")) {
          fail("Python could not start: " + describe(node.textContent));
        }
      });
    });
  });
  banners.observe(document.body, { childList: true });
  watchers.push(function () { banners.disconnect(); });

  var watchdog = setInterval(function () {
    if (Date.now() - lastSign > STALL_MS) {
      fail("Python did not start: nothing arrived for " + STALL_MS / 1000 + " seconds. " +
           "Check the connection and reload.");
    }
  }, 1000);
  watchers.push(function () { clearInterval(watchdog); });

  // Ready: Python set data-ready="1" on <html>.
  var readiness = new MutationObserver(function () {
    if (!isReady()) return;
    over = true;
    stop();
    readiness.disconnect();
    bar.value = 100;
    registerServiceWorker();
  });
  readiness.observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("./sw.js").catch(function (error) {
      console.warn("Offline play is not available:", error);
    });
  }
})();
