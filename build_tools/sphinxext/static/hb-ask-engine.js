// The Ask page's engine: the Python of `handbook explain` (build_tools/bridge,
// build_tools/rules) run by Pyodide in the reader's browser, loaded the first
// time it is asked (build_tools/sphinxext/ask.py lays the page out,
// build_tools/ask_engine.py vendors the files into the site's _engine/).
//
// window.hbAsk is the page's entry point, and the browser tests': every call
// returns a promise of the engine's own answer data, as JSON parses it:
//
//   await hbAsk.ready()                          // the engine loaded and started
//   await hbAsk.answer("pzbs-alert-rules", {auction: "1BA", meaning: {hcp: "12-14"}})
//       -> {answer: {document, verdicts, undecided}} (explain --json's data) or {error: "QUERY: ..."}
//   await hbAsk.answer(document, query, {notations: ["pl"]})   // the auction's notations, tried in turn
//   await hbAsk.compare(query)                   // -> {document: {answer} or {error}} for every regulation
//   await hbAsk.card(cardData, event, stage)     // -> card check's report, or {error}
//   await hbAsk.auction(text, view)              // -> {calls: [{call, opponent}]} or {error}
//   await hbAsk.rulebook(document)               // the rulebook's data (labels, articles, titles)
//
// The page's progress line hears of each stage through hbAsk.onprogress.

(() => {
  const config = JSON.parse(document.getElementById("hb-ask-data").textContent);
  const base = new URL(config.manifest, document.baseURI);
  // The caches the service worker fills (static/hb-ask-sw.js); the page fills
  // them too where it fetched before the worker was in control.
  const ENGINE_CACHE = "hb-ask-engine";
  const PAGES_CACHE = "hb-ask-pages";

  let started = null;
  let manifest = null;
  let desk = null;
  const books = new Map();
  const rulebooks = new Map();

  const progress = (stage, values = {}) => {
    if (typeof hbAsk.onprogress === "function") hbAsk.onprogress(stage, values);
  };
  const url = (relative) => new URL(relative, base).href;

  async function boot() {
    const found = await fetch(base, { cache: "no-cache" });
    if (!found.ok) {
      // A site published without the engine (npm's packages were missing at its build).
      const error = new Error(`${base.pathname}: ${found.status}`);
      if (found.status === 404) error.name = "NoEngine";
      throw error;
    }
    manifest = await found.json();
    progress("loading", { size: manifest.megabytes });
    const runtime = url(manifest.pyodide);
    const [{ loadPyodide }, code] = await Promise.all([
      import(runtime + "pyodide-module.js"),
      fetch(url(manifest.engine)).then((r) => {
        if (!r.ok) throw new Error(`${manifest.engine}: ${r.status}`);
        return r.arrayBuffer();
      }),
    ]);
    const py = await loadPyodide({ indexURL: runtime });
    progress("starting");
    await new Promise((resolve) => setTimeout(resolve));  // the progress line is shown before Python works
    py.unpackArchive(code, "zip", { extractDir: "/hb-engine" });
    py.runPython("import sys; sys.path.insert(0, '/hb-engine')");
    desk = py.pyimport("build_tools.rules.ask").Desk();
    return manifest;
  }

  // What a later visit needs without a network: the engine's files, every
  // document's rulebook (a director asks about another regulation offline),
  // the cards, the page and what it loaded. The worker keeps what passes
  // through it; this fills in the rest and what was fetched before the worker
  // was in control (the first visit), and drops the files of earlier builds.
  let kept = null;
  function keep() {
    kept = kept || hbAsk.ready().then(keepForOffline);
    return kept;
  }

  async function keepForOffline() {
    if (!("caches" in window)) return;
    try {
      const current = [manifest.engine, manifest.yaml, manifest.cards, ...Object.values(manifest.rulebooks),
                       ...manifest.pyodideFiles.map((f) => manifest.pyodide + f)].map(url);
      const engine = await caches.open(ENGINE_CACHE);
      for (const request of await engine.keys()) {
        if (!current.includes(request.url)) await engine.delete(request);
      }
      for (const file of current) if (!(await engine.match(file))) await engine.add(file);
      const pages = await caches.open(PAGES_CACHE);
      const own = performance.getEntriesByType("resource").map((e) => e.name)
        .filter((name) => name.startsWith(location.origin) && !name.includes("/_engine/") && !name.includes("/_rules/"));
      for (const name of [location.href, base.href, ...own]) {
        if (!(await pages.match(name, { ignoreSearch: name === location.href }))) await pages.add(name);
      }
    } catch (error) {
      console.warn("hb-ask: not kept for offline use:", error);
    }
  }

  async function book(document) {
    if (!books.has(document)) {
      books.set(document, (async () => {
        if (!(document in manifest.rulebooks)) throw new Error(`no rulebook of ${document}`);
        progress("reading", { document });
        const found = await fetch(url(manifest.rulebooks[document]));
        if (!found.ok) throw new Error(`${manifest.rulebooks[document]}: ${found.status}`);
        const text = await found.text();
        desk.read(text);
        rulebooks.set(document, JSON.parse(text));
      })());
    }
    try {
      await books.get(document);
    } catch (error) {
      books.delete(document);  // asked again, it is fetched again
      throw error;
    }
  }

  const notationsOf = (options) => (options && options.notations) || config.notations;
  // After an answer: the progress line says so, and the first one starts keeping
  // the engine for offline use (after it, not competing with it).
  const answered = () => {
    progress("ready");
    if (!kept) setTimeout(keep);
  };

  const hbAsk = {
    onprogress: null,
    ready() {
      if (!started) {
        started = boot();
        started.catch(() => { started = null; });  // a failed load may be tried again
      }
      return started;
    },
    async rulebook(document) {
      await hbAsk.ready();
      await book(document);
      return rulebooks.get(document);
    },
    async answer(document, query, options) {
      await hbAsk.rulebook(document);
      const found = JSON.parse(desk.ask(document, JSON.stringify(query), notationsOf(options).join(" ")));
      answered();
      return found;
    },
    async compare(query, options) {
      await hbAsk.ready();
      await Promise.all(config.documents.map((d) => book(d.id)));
      const found = JSON.parse(desk.compare(JSON.stringify(query), notationsOf(options).join(" ")));
      answered();
      return found;
    },
    async card(data, event = "", stage = "") {
      await hbAsk.ready();
      await Promise.all(config.documents.map((d) => book(d.id)));
      const found = JSON.parse(desk.card(JSON.stringify(data), event || "", stage || ""));
      answered();
      return found;
    },
    async auction(text, view, options) {
      await hbAsk.ready();
      return JSON.parse(desk.auction(text, notationsOf(options).join(" "), view || "partnership"));
    },
    // The shipped convention cards' data, and the YAML reader of a pasted one.
    async cards() {
      const data = await hbAsk.ready();
      const found = await fetch(url(data.cards));
      return found.json();
    },
    async yaml() {
      const data = await hbAsk.ready();
      return import(url(data.yaml));
    },
    loaded: () => desk !== null,
    // Everything a later visit needs offline, kept (a promise of it done).
    keep,
  };
  window.hbAsk = hbAsk;

  // The worker that keeps the engine for offline use: registered at once (it
  // is small), scoped to this page alone.
  if ("serviceWorker" in navigator) {
    const scope = new URL(location.pathname.split("/").pop() || "ask.html", location.href).pathname;
    navigator.serviceWorker.register(new URL(config.serviceWorker, document.baseURI), { scope })
      .catch((error) => console.warn("hb-ask: no service worker:", error));
  }
})();
