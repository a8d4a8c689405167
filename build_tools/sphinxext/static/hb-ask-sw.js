// The Ask page's service worker (published at the site's root by
// build_tools/ask_engine.py; each language's Ask page registers it with that
// page as its scope, so it sees the requests of the Ask pages alone).
//
// The engine's files carry their content's digest in their names (_engine/...,
// _rules/<document>.json?v=<digest>): once fetched, one is served from the cache
// for ever, and a new build names new files, so no build meets a stale engine.
// Everything else the page asks for (the page, its scripts and styles, the
// engine's manifest _engine/ask.json) is asked of the network first and kept,
// and served from the cache when there is no network: after one visit, the
// page answers offline.

const ENGINE = "hb-ask-engine";
const PAGES = "hb-ask-pages";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const versioned = (url) =>
  (url.pathname.includes("/_engine/") && !url.pathname.endsWith("/ask.json")) ||
  (url.pathname.includes("/_rules/") && url.searchParams.has("v"));

async function cacheFirst(request) {
  const cache = await caches.open(ENGINE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(PAGES);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    // The page asked with its query (ask.html?document=...): any query will do.
    const kept = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(versioned(url) ? cacheFirst(request) : networkFirst(request));
});
