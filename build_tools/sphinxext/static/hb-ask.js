// The Ask page's form (build_tools/sphinxext/templates/hb-ask.html): it reads
// the query from the fields, keeps it in the page's address (a ruling can be
// shared, the back button goes to the question before), asks the engine
// (hb-ask-engine.js: window.hbAsk) and shows its answer as the pages show
// verdicts: a badge per question, toned as its question declares, linked to
// the deciding article. Nothing the engine or a card says is read as HTML.

(() => {
  const config = JSON.parse(document.getElementById("hb-ask-data").textContent);
  const W = config.words;
  const hbAsk = window.hbAsk;
  const $ = (id) => document.getElementById(id);
  const form = $("hb-ask-form");
  const auction = $("hb-ask-auction");
  const types = $("hb-ask-types");
  const status = $("hb-ask-status");
  const answerBox = $("hb-ask-answer");
  const cardForm = $("hb-card-form");
  const titles = Object.fromEntries(config.documents.map((d) => [d.id, d]));

  const { el, fill, answerOf, cardReport } = window.hbAskShow;

  // --- the engine's progress ------------------------------------------------

  let statusLine = status;
  hbAsk.onprogress = (stage, values) => {
    const words = { loading: W.loading, starting: W.starting, ready: W.ready,
                    reading: W.reading };
    if (stage === "reading") values = { document: (titles[values.document] || {}).title || values.document };
    statusLine.textContent = fill(words[stage] || "", values || {});
  };

  // --- the meaning of a call, field by field (data-key, data-kind) -----------

  const checked = (root) => [...root.querySelectorAll("input[type=checkbox]:checked:not([data-whole])")]
    .map((input) => input.value);
  const one = (list) => (list.length === 1 ? list[0] : list);

  function readField(field) {
    const kind = field.dataset.kind;
    if (kind === "flag") return field.value === "" ? undefined : field.value === "true";
    if (kind === "choice" || kind === "suit") return field.value || undefined;
    if (kind === "range") return field.value.trim() || undefined;
    if (kind === "suits") {
      const lengths = {};
      for (const input of field.querySelectorAll("input[data-suit]")) {
        if (input.value.trim()) lengths[input.dataset.suit] = input.value.trim();
      }
      return Object.keys(lengths).length ? lengths : undefined;
    }
    if (kind === "shape") {
      const shapes = [...checked(field),
        ...field.querySelector("[data-patterns]").value.split(/[\s,;]+/).filter(Boolean)];
      return shapes.length ? one(shapes) : undefined;
    }
    if (kind === "counts") {
      const counts = checked(field).map(Number);
      return counts.length ? one(counts) : undefined;
    }
    if (kind === "suit-set") {
      const suits = checked(field);
      return suits.includes("none") ? "none" : suits.length ? one(suits) : undefined;
    }
    if (kind === "two-suiter") {
      const found = {};
      const min = field.querySelector("[data-min]").value.trim();
      if (min) found.min = min;
      const suits = checked(field.querySelector(".hb-ask-inner"));
      if (suits.length) found.suits = suits;
      for (const flag of field.querySelectorAll("select[data-flag]")) {
        if (flag.value) found[flag.dataset.flag] = flag.value === "true";
      }
      if (Object.keys(found).length) return found;
      return field.querySelector("[data-whole]").checked ? true : undefined;
    }
    return undefined;
  }

  function writeField(field, value) {
    const kind = field.dataset.kind;
    const list = value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
    if (kind === "flag") field.value = value === undefined ? "" : String(value);
    else if (kind === "choice" || kind === "suit" || kind === "range") field.value = value === undefined ? "" : String(value);
    else if (kind === "suits") {
      for (const input of field.querySelectorAll("input[data-suit]")) {
        input.value = (value && value[input.dataset.suit]) || "";
      }
    } else if (kind === "shape") {
      const boxes = [...field.querySelectorAll("input[type=checkbox]")];
      for (const box of boxes) box.checked = list.includes(box.value);
      field.querySelector("[data-patterns]").value =
        list.filter((item) => !boxes.some((box) => box.value === item)).join(" ");
    } else if (kind === "counts" || kind === "suit-set") {
      for (const box of field.querySelectorAll("input[type=checkbox]")) box.checked = list.includes(box.value);
    } else if (kind === "two-suiter") {
      const data = value && typeof value === "object" ? value : {};
      field.querySelector("[data-whole]").checked = value !== undefined;
      field.querySelector("[data-min]").value = data.min || "";
      const suits = (data.suits || []).map(String);
      for (const box of field.querySelectorAll(".hb-ask-inner input")) box.checked = suits.includes(box.value);
      for (const flag of field.querySelectorAll("select[data-flag]")) {
        flag.value = flag.dataset.flag in data ? String(data[flag.dataset.flag]) : "";
      }
    }
  }

  const fieldsOf = (fieldset) => [...fieldset.querySelectorAll("[data-key][data-kind]")];

  function readMeaning(fieldset) {
    const meaning = {};
    for (const field of fieldsOf(fieldset)) {
      const value = readField(field);
      if (value !== undefined) meaning[field.dataset.key] = value;
    }
    return meaning;
  }

  function writeMeaning(fieldset, meaning) {
    for (const field of fieldsOf(fieldset)) writeField(field, (meaning || {})[field.dataset.key]);
    const more = fieldset.querySelector(".hb-ask-more");
    if (more && fieldsOf(more).some((field) => readField(field) !== undefined)) more.open = true;
  }

  // A new fieldset of the meaning's fields, from the page's template.
  let made = 1;
  function newMeaning(legend) {
    made += 1;
    const copy = $("hb-ask-type-template").content.cloneNode(true);
    for (const node of copy.querySelectorAll("[id], [for], [aria-describedby]")) {
      for (const name of ["id", "for", "aria-describedby"]) {
        if (node.hasAttribute(name)) node.setAttribute(name, node.getAttribute(name).replaceAll("__N__", made));
      }
    }
    const fieldset = copy.querySelector("fieldset");
    fieldset.dataset.type = String(made);
    fieldset.querySelector("legend").textContent = legend;
    showConventions(fieldset);
    return fieldset;
  }

  // A convention a document declares is offered where that document is asked
  // (or every document): BWS's Cappelletti is no word of PZBS's rules.
  function showConventions(root = form) {
    const chosen = $("hb-ask-document").value;
    for (const option of root.querySelectorAll("option[data-document]")) {
      option.hidden = option.disabled = chosen !== "*" && option.dataset.document !== chosen;
      if (option.hidden && option.selected) option.parentElement.value = "";
    }
  }
  $("hb-ask-document").addEventListener("change", () => showConventions());

  // --- several types of the call ("either") -----------------------------------

  function renumberTypes() {
    const all = [...types.querySelectorAll(".hb-ask-type")];
    all.forEach((fieldset, n) => {
      fieldset.querySelector("legend").textContent = all.length > 1 ? fill(W.type, { number: n + 1 }) : W.meaning;
      fieldset.querySelector(".hb-ask-remove").hidden = all.length === 1;
    });
  }

  function addType(meaning) {
    const fieldset = newMeaning("");
    types.append(fieldset);
    writeMeaning(fieldset, meaning);
    renumberTypes();
    return fieldset;
  }

  types.addEventListener("click", (event) => {
    const remove = event.target.closest(".hb-ask-remove");
    if (remove) {
      remove.closest(".hb-ask-type").remove();
      renumberTypes();
    }
  });
  $("hb-ask-add-type").addEventListener("click", () => addType({}).querySelector("select, input").focus());

  // --- earlier calls' meanings --------------------------------------------------

  const earlierSelect = $("hb-ask-earlier-call");
  const earlierTypes = $("hb-ask-earlier-types");

  // The calls as written, for the choice of an earlier call: the engine's
  // reading once it is loaded, the words between spaces before.
  function writtenCalls() {
    return auction.value.trim().split(/\s+/).filter(Boolean);
  }

  function refreshEarlier() {
    const calls = writtenCalls().slice(0, -1);
    const chosen = new Set([...earlierTypes.children].map((f) => f.dataset.earlier));
    earlierSelect.replaceChildren(el("option", { value: "", text: W["not-said"] }));
    calls.forEach((call, n) => {
      if (!chosen.has(String(n + 1))) {
        earlierSelect.append(el("option", { value: String(n + 1), text: fill(W["earlier-call"], { number: n + 1, call }) }));
      }
    });
  }

  function addEarlier(number, meaning) {
    const call = writtenCalls()[number - 1] || "?";
    const fieldset = newMeaning(fill(W["earlier-call"], { number, call }));
    fieldset.dataset.earlier = String(number);
    const remove = fieldset.querySelector(".hb-ask-remove");
    remove.hidden = false;
    remove.addEventListener("click", () => { fieldset.remove(); refreshEarlier(); });
    earlierTypes.append(fieldset);
    writeMeaning(fieldset, meaning);
    refreshEarlier();
    return fieldset;
  }

  earlierSelect.addEventListener("change", () => {
    if (earlierSelect.value) addEarlier(Number(earlierSelect.value), {}).querySelector("select, input").focus();
  });

  // --- the pair's choices where a document gives a default (BWS's leaves) --------

  const agreementsBox = $("hb-ask-agreements");
  let agreements = {};  // default's id -> the leaf chosen instead, as the query says it

  // The chosen document's defaults, each a box to tick for its alternative,
  // from its rulebook (the engine loads it); none for a document without any.
  async function showAgreements() {
    const chosen = documentOf();
    agreementsBox.replaceChildren(agreementsBox.querySelector("legend"));
    agreementsBox.hidden = true;
    if (chosen === "*" || !hbAsk.loaded()) return;
    const book = await hbAsk.rulebook(chosen);
    if (documentOf() !== chosen) return;
    const text = (id) => {
      const item = book.articles[id] || { text: {}, name: {} };
      return item.text[config.language] || item.text[book.language] || item.name[config.language] || id;
    };
    for (const [fallback, leaves] of Object.entries(book.defaults || {})) {
      for (const leaf of leaves) {
        const box = el("input", { type: "checkbox", value: leaf, "data-default": fallback });
        box.checked = agreements[fallback] === leaf;
        box.addEventListener("change", () => {
          if (box.checked) agreements[fallback] = leaf;
          else delete agreements[fallback];
        });
        agreementsBox.append(el("label", { class: "hb-ask-check" }, box, " ",
          fill(W.leaf, { leaf: text(leaf), default: text(fallback) })));
      }
    }
    agreementsBox.hidden = agreementsBox.children.length === 1;
  }
  $("hb-ask-document").addEventListener("change", () => {
    agreements = {};  // another document's defaults are not this one's
    showAgreements().catch(() => {});
  });

  // --- the bidding box ------------------------------------------------------------

  const box = form.querySelector(".hb-ask-box");
  let level = null;
  const opponent = box.querySelector("[data-opponent]");

  function push(call) {
    let shown = config.calls[call];
    if (opponent.getAttribute("aria-pressed") === "true") shown = config.brackets[0] + shown + config.brackets[1];
    auction.value = (auction.value.trim() + " " + shown).trim();
    auction.dispatchEvent(new Event("input"));
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.level) {
      level = level === button.dataset.level ? null : button.dataset.level;
      for (const other of box.querySelectorAll("[data-level]")) {
        other.setAttribute("aria-pressed", String(other.dataset.level === level));
      }
    } else if (button.dataset.strain) {
      if (!level) return;
      push(level + button.dataset.strain);
      level = null;
      for (const other of box.querySelectorAll("[data-level]")) other.setAttribute("aria-pressed", "false");
    } else if (button.dataset.call) {
      push(button.dataset.call);
    } else if (button.hasAttribute("data-opponent")) {
      button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
    } else if (button.hasAttribute("data-undo")) {
      auction.value = writtenCalls().slice(0, -1).join(" ");
      auction.dispatchEvent(new Event("input"));
    } else if (button.hasAttribute("data-clear")) {
      auction.value = "";
      auction.dispatchEvent(new Event("input"));
    }
  });

  // The auction as the engine reads it, once the engine is loaded.
  let reading = 0;
  async function echo() {
    const mine = ++reading;
    const read = $("hb-ask-read");
    if (!hbAsk.loaded() || !auction.value.trim()) {
      read.textContent = "";
      return;
    }
    const found = await hbAsk.auction(auction.value, viewOf());
    if (mine !== reading) return;
    read.textContent = found.error ? found.error
      : fill(W["read-as"], { auction: found.calls.map(shownCall).join(" ") });
  }
  const shownCall = ({ call, opponent: theirs }) => {
    const shown = call.split("/").map((c) => config.calls[c] || c).join("/");
    return theirs ? config.brackets[0] + shown + config.brackets[1] : shown;
  };
  auction.addEventListener("input", () => { refreshEarlier(); echo(); });

  // --- cards: shipped (by id) or pasted (YAML) ----------------------------------

  for (const select of document.querySelectorAll("[data-card-select]")) {
    const text = $(select.id + "-text");
    const show = () => {
      const pasted = select.value === "-";
      text.hidden = !pasted;
      text.labels.forEach((label) => { label.hidden = !pasted; });
    };
    select.addEventListener("change", show);
    show();
  }

  let shipped = null;
  async function cardData(select) {
    if (!select.value) return undefined;
    if (select.value === "-") {
      const yaml = await hbAsk.yaml();
      return yaml.load($(select.id + "-text").value);
    }
    shipped = shipped || (await hbAsk.cards());
    const card = shipped.find((c) => c.id === select.value);
    return card ? card.data : undefined;
  }

  // --- the query, from the form and back ----------------------------------------

  const viewOf = () => form.querySelector("input[name=view]:checked").value;
  const documentOf = () => $("hb-ask-document").value;

  async function readQuery() {
    const query = { auction: auction.value.trim() };
    if (viewOf() !== "partnership") query.view = viewOf();
    const meanings = [...types.querySelectorAll(".hb-ask-type")].map(readMeaning)
      .filter((m) => Object.keys(m).length);
    if (meanings.length === 1) query.meaning = meanings[0];
    else if (meanings.length > 1) query.either = meanings;
    const earlier = {};
    for (const fieldset of earlierTypes.querySelectorAll("[data-earlier]")) {
      const meaning = readMeaning(fieldset);
      if (Object.keys(meaning).length) earlier[fieldset.dataset.earlier] = meaning;
    }
    if (Object.keys(earlier).length) query.earlier = earlier;
    const hand = $("hb-ask-hand").value.trim();
    if (hand) query.hand = hand;
    for (const name of ["vulnerable", "event", "stage"]) {
      if ($("hb-ask-" + name).value) query[name] = $("hb-ask-" + name).value;
    }
    if (Object.keys(agreements).length) query.agreements = { ...agreements };
    if ($("hb-ask-screens").checked) query.screens = true;
    if ($("hb-ask-agreed").checked) query.agreed = false;
    for (const name of ["system", "opponents"]) {
      const data = await cardData($("hb-ask-" + name));
      if (data !== undefined) query[name] = data;
    }
    return query;
  }

  function writeQuery(query, cards) {
    auction.value = query.auction || "";
    form.querySelector(`input[name=view][value=${query.view === "table" ? "table" : "partnership"}]`).checked = true;
    const meanings = query.either || (query.meaning ? [query.meaning] : [{}]);
    for (const extra of [...types.querySelectorAll(".hb-ask-type")].slice(1)) extra.remove();
    writeMeaning(types.querySelector(".hb-ask-type"), meanings[0]);
    for (const meaning of meanings.slice(1)) addType(meaning);
    renumberTypes();
    earlierTypes.replaceChildren();
    for (const [number, meaning] of Object.entries(query.earlier || {})) addEarlier(Number(number), meaning);
    refreshEarlier();
    $("hb-ask-hand").value = query.hand || "";
    for (const name of ["vulnerable", "event", "stage"]) $("hb-ask-" + name).value = query[name] || "";
    agreements = { ...(query.agreements || {}) };
    showAgreements().catch(() => {});
    $("hb-ask-screens").checked = query.screens === true;
    $("hb-ask-agreed").checked = query.agreed === false;
    for (const name of ["system", "opponents"]) {
      // A shipped card by its id; a card given as data, pasted.
      const select = $("hb-ask-" + name);
      const pasted = cards && cards[name] ? null : query[name];
      select.value = (cards && cards[name]) || (pasted !== undefined && pasted !== null ? "-" : "");
      $("hb-ask-" + name + "-text").value = select.value === "-" ? JSON.stringify(pasted, null, 1) : "";
      select.dispatchEvent(new Event("change"));
    }
    const facts = form.querySelector(".hb-ask-facts");
    if (query.earlier || query.hand || query.vulnerable || query.event || query.stage || query.screens
        || query.agreed === false || query.agreements || query.system || query.opponents
        || (cards && (cards.system || cards.opponents))) facts.open = true;
  }

  // --- the address: the query, so that a ruling can be shared ---------------------

  function address(query) {
    const params = new URLSearchParams();
    params.set("document", documentOf());
    const plain = { ...query };
    const cards = {};
    for (const name of ["system", "opponents"]) {
      const select = $("hb-ask-" + name);
      if (select.value && select.value !== "-") cards[name] = select.value;
      delete plain[name];  // a shipped card by its id; a pasted one stays on the page
    }
    params.set("q", JSON.stringify(plain));
    params.set("notation", config.notations[0]);
    for (const [name, id] of Object.entries(cards)) params.set(name, id);
    return "?" + params.toString();
  }

  function fromAddress() {
    const params = new URLSearchParams(location.search);
    const chosen = params.get("document");
    if (chosen && (chosen === "*" || chosen in titles)) $("hb-ask-document").value = chosen;
    if (params.get("card")) {
      $("hb-card-card").value = params.get("card");
      $("hb-card-event").value = params.get("event") || "";
      $("hb-card-stage").value = params.get("stage") || "";
      return { card: true };
    }
    if (!params.get("q")) return {};
    try {
      const query = JSON.parse(params.get("q"));
      writeQuery(query, { system: params.get("system"), opponents: params.get("opponents") });
      const notation = params.get("notation");
      return { ask: true, notations: notation ? [...new Set([notation, ...config.notations])] : config.notations };
    } catch (error) {
      return {};
    }
  }

  // The fields a "depends" answer asks for (hb-ask-answer.js copies them).
  const factFields = { hand: "hb-ask-hand", vulnerable: "hb-ask-vulnerable", event: "hb-ask-event",
                       stage: "hb-ask-stage", system: "hb-ask-system", opponents: "hb-ask-opponents",
                       screens: "hb-ask-screens", agreed: "hb-ask-agreed" };
  function needField(need) {
    if (factFields[need]) return $(factFields[need]).closest(".hb-ask-field, .hb-ask-choices");
    const field = types.querySelector(`.hb-ask-type [data-key="${CSS.escape(need)}"]`);
    return field ? field.closest(".hb-ask-field") || field : null;
  }

  // --- asking ---------------------------------------------------------------------

  const failure = (error) => (error.name === "NoEngine" ? W["no-engine"]
    : fill(W.failed, { reason: error.message || String(error) }));

  async function ask(options = {}) {
    statusLine = status;
    let query;
    try {
      query = await readQuery();
    } catch (error) {
      status.textContent = fill(W["bad-card"], { reason: error.message });
      return;
    }
    if (!query.auction) {
      auction.focus();
      return;
    }
    if (options.remember !== false) {
      const next = address(query);
      if (next !== location.search) history.pushState(null, "", next);
    }
    const chosen = documentOf();
    const notations = options.notations ? { notations: options.notations } : undefined;
    try {
      if (chosen === "*") {
        const found = await hbAsk.compare(query, notations);
        const grid = el("div", { class: "hb-ask-compare" });
        for (const { id } of config.documents) {
          if (found[id]) grid.append(answerOf(await hbAsk.rulebook(id), found[id], true));
        }
        answerBox.replaceChildren(grid);
      } else {
        const found = await hbAsk.answer(chosen, query, notations);
        answerBox.replaceChildren(answerOf(await hbAsk.rulebook(chosen), found));
      }
    } catch (error) {
      status.textContent = failure(error);
      return;
    }
    echo();
    answerBox.scrollIntoView({ block: "start" });  // on a phone the form fills the screen above it
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    ask();
  });
  // The engine loads while the director is still typing: the form's first use.
  // Once it has started, the auction typed so far is read back and the chosen
  // document's defaults (from its rulebook) offered.
  form.addEventListener("focusin", () => hbAsk.ready().then(() => Promise.all([echo(), showAgreements()]), () => {}),
    { once: true });
  cardForm.addEventListener("focusin", () => hbAsk.ready().catch(() => {}), { once: true });

  // --- the card check -----------------------------------------------------------

  const cardStatus = $("hb-card-status");
  const cardAnswer = $("hb-card-answer");

  async function checkCard(options = {}) {
    statusLine = cardStatus;
    let data;
    try {
      data = await cardData($("hb-card-card"));
    } catch (error) {
      cardStatus.textContent = fill(W["bad-card"], { reason: error.message });
      return;
    }
    const event = $("hb-card-event").value;
    const stage = $("hb-card-stage").value;
    if (options.remember !== false && $("hb-card-card").value !== "-") {
      const params = new URLSearchParams({ card: $("hb-card-card").value });
      if (event) params.set("event", event);
      if (stage) params.set("stage", stage);
      if ("?" + params.toString() !== location.search) history.pushState(null, "", "?" + params.toString());
    }
    try {
      const found = await hbAsk.card(data, event, stage);
      if (found.error) {
        cardStatus.textContent = fill(W["bad-card"], { reason: found.error });
        cardAnswer.replaceChildren();
        return;
      }
      const grid = el("div", { class: "hb-ask-compare" });
      for (const { id } of config.documents) {
        if (found.documents[id]) grid.append(cardReport(await hbAsk.rulebook(id), found.documents[id]));
      }
      cardAnswer.replaceChildren(grid);
      cardAnswer.scrollIntoView({ block: "start" });
    } catch (error) {
      cardStatus.textContent = failure(error);
    }
  }

  cardForm.addEventListener("submit", (event) => {
    event.preventDefault();
    checkCard();
  });

  // --- the address, at opening and at the back button ------------------------------

  function restore() {
    const asked = fromAddress();
    showConventions();
    answerBox.replaceChildren();
    cardAnswer.replaceChildren();
    if (asked.ask) ask({ remember: false, notations: asked.notations });
    else if (asked.card) {
      checkCard({ remember: false });
      $("hb-card-heading").scrollIntoView();
    }
  }
  window.hbAskShow.connect({ fieldFor: needField, askAgain: () => form.requestSubmit() });
  // The form as data (the browser tests write every shipped example's query
  // into the fields and ask what they read back).
  window.hbAskForm = {
    write: (query, document) => {
      if (document) $("hb-ask-document").value = document;
      showConventions();
      writeQuery(query);
      return showAgreements();
    },
    read: readQuery,
  };
  window.addEventListener("popstate", restore);
  restore();
})();
