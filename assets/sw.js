/* Service worker: offline play. At install it precaches the whole site; tools/build_site.py
 * fills CACHE (named by a content hash of the build, so every build gets its own) and ASSETS,
 * and writes the result to the site's root.
 *
 * Online, it stays out of the way: a page whose navigation reached the server loads its files
 * through the browser's HTTP cache as if there were no service worker. That matters: Chrome
 * keeps the compiled Python runtime (pyodide.asm.wasm) in its code cache only for responses
 * that do not come through a service worker, and recompiling costs about a second per load.
 * Offline (the navigation failed or timed out), the page and all its files come from CACHE. */
"use strict";

const CACHE = "@@CACHE_NAME@@";
const PREFIX = "burgle-";
const ASSETS = "@@ASSETS@@";
const NAVIGATION_TIMEOUT_MS = 5000;
const MAX_CLIENTS = 64;

// clientId -> true when that page's navigation was answered from the cache (offline).
const offlineClients = new Map();

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // "no-cache": revalidate with the server rather than trust a possibly stale HTTP cache.
      .then((cache) => cache.addAll(ASSETS.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key))
      ))
      .then(() => self.registration.navigationPreload && self.registration.navigationPreload.enable())
      .then(() => self.clients.claim())
  );
});

function fromCache(request) {
  return caches.open(CACHE)
    .then((cache) => cache.match(request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(request));
}

function remember(clientId, offline) {
  if (!clientId) return;
  offlineClients.delete(clientId);
  offlineClients.set(clientId, offline);
  if (offlineClients.size > MAX_CLIENTS) offlineClients.delete(offlineClients.keys().next().value);
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); }
    );
  });
}

function navigate(event) {
  const network = Promise.resolve(event.preloadResponse)
    .then((preloaded) => preloaded || fetch(event.request));
  return withTimeout(network, NAVIGATION_TIMEOUT_MS)
    .then((response) => {
      remember(event.resultingClientId, false);
      return response;
    })
    .catch(() => {
      remember(event.resultingClientId, true);
      return caches.open(CACHE).then((cache) => cache.match(event.request, { ignoreSearch: true }))
        .then((hit) => hit || caches.match("./", { cacheName: CACHE }))
        .then((hit) => hit || Response.error());
    });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  const offline = offlineClients.get(event.clientId);
  if (offline === false) return; // online page: the browser's own loading and HTTP cache
  if (offline === true) {
    event.respondWith(fromCache(request));
    return;
  }
  // A page this worker has not seen navigate (it was restarted): network, else the cache.
  event.respondWith(fetch(request).catch(() => fromCache(request)));
});
