// The search for an auction (build_tools/sphinxext/call_search.py), loaded
// before searchtools.js, which keeps a splitQuery and a Scorer already defined.
//
// * splitQuery: a query that names a bid (a level, then a strain: 2♦, 2D,
//   2 kara, 1BA) and nothing but calls is one word, its calls' keys without
//   their passes ("1h 1nt"), which finds the pages holding the auction; what
//   the query says beyond that (its passes, its brackets) is kept for the
//   search of the auctions. The words of any other query are Sphinx's own.
// * The auctions (the index's objects of the "hb" domain) are searched here,
//   not by Sphinx's object search, which finds a word anywhere in a name and
//   ranks every hit alike: each is ranked by how its sequence meets the
//   query's (Scorer.hbRank), and shown by its auction and words, not its keys.
//   Sphinx writes the names into its index HTML-escaped and escapes them again
//   when it shows them ("opponent&#x27;s"): they are unescaped once, here.
//
// The words of the site's notation and its own documents, HB_CALL_WORDS, are
// written into the page before this file (call_search.words_script).
"use strict";

var HB = (() => {
  const words = window.HB_CALL_WORDS;
  // Maps, not objects: a word such as "constructor" is no call of an object's prototype.
  const strainWords = new Map(Object.entries(words.strains));
  const callWords = new Map(Object.entries(words.calls));
  const own = new Set(words.own || []);
  const escape = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const longest = (list) => list.sort((a, b) => b.length - a.length);
  const strains = longest([...strainWords.keys()]).map(escape);
  const suits = Object.entries(words.suits);
  const suitWords = suits.map(([key, p]) => [key, new RegExp("^(?:" + p + ")$", "iu")]);
  const bid = new RegExp("^([1-7])\\s*(" + [...strains, ...suits.map(([, p]) => p)].join("|") + ")(?![\\p{L}\\p{N}])", "iu");
  const separator = /^[\s\-\u2013\u2014_,;:\/]+/u;
  const strainOf = (word) => {
    const lower = word.toLowerCase();
    if (strainWords.has(lower)) return strainWords.get(lower);
    const suit = suitWords.find(([, pattern]) => pattern.test(lower));
    return suit ? suit[0] : null;
  };

  // A query read as an auction: {loose, sequence} (sequence null when the
  // query does not say where the passes are), or null.
  const read = (query) => {
    const calls = [];  // [key, the opponents' (bracketed)]
    let rest = query.trim();
    let depth = 0;
    let bids = 0;
    while (rest) {
      const gap = separator.exec(rest);
      if (gap) { rest = rest.slice(gap[0].length); continue; }
      if (/^[(\[]/u.test(rest)) { depth += 1; rest = rest.slice(1); continue; }
      if (/^[)\]]/u.test(rest)) { depth = Math.max(0, depth - 1); rest = rest.slice(1); continue; }
      const found = bid.exec(rest);
      if (found && strainOf(found[2])) {
        calls.push([found[1] + strainOf(found[2]), depth > 0]);
        bids += 1;
        rest = rest.slice(found[0].length);
        continue;
      }
      const word = /^[^\s\-\u2013\u2014_,;:()\[\]\/]+/u.exec(rest)[0];
      const lower = word.toLowerCase().replace(/[*!]+$/u, "");
      if (!callWords.has(lower)) return null;  // a word that is no call: not an auction
      calls.push([callWords.get(lower), depth > 0]);
      rest = rest.slice(word.length);
    }
    if (!bids) return null;
    const loose = calls.map(([key]) => key).filter((key) => key !== "pass");
    let sequence = null;
    if (calls.some(([, theirs]) => theirs)) {
      // The partnership view: the silent opponent passed between two of our calls.
      sequence = [];
      calls.forEach(([key, theirs], n) => {
        if (n && !theirs && !calls[n - 1][1]) sequence.push("pass");
        sequence.push(key);
      });
    } else if (calls.some(([key]) => key === "pass")) {
      sequence = calls.map(([key]) => key);  // the table view, every call written
    }
    if (sequence) while (sequence[0] === "pass") sequence.shift();
    return { loose, sequence };
  };

  // The queries read as auctions, by the word splitQuery made of each.
  const queries = new Map();
  const plain = (query) => query.split(/[^\p{L}\p{N}_\p{Emoji_Presentation}]+/gu).filter((t) => t);
  const splitQuery = (query) => {
    const auction = read(query);
    if (!auction) return plain(query);
    const word = auction.loose.join(" ");
    queries.set(word, auction);
    return [word];
  };

  // A key of the query against a slot of a sequence (alternatives joined by "|").
  const fits = (key, slot) => slot.split("|").includes(key);
  const at = (query, slots, start) => query.every((key, n) => start + n < slots.length && fits(key, slots[start + n]));
  const equal = (query, slots) => query.length === slots.length && at(query, slots, 0);
  const starts = (query, slots) => query.length < slots.length && at(query, slots, 0);
  const within = (query, slots) => slots.some((_, n) => n > 0 && at(query, slots, n));

  // Where a result of this kind ("example" or "rule") on this page, with this
  // sequence, ranks for the query: higher first; null when it does not match.
  const rank = (auction, kind, page, sequence) => {
    const slots = sequence.split(" ").filter((s) => s);
    const calls = slots.filter((s) => s !== "pass");
    const query = auction.sequence || auction.loose;
    const mine = auction.sequence ? slots : calls;
    let score;
    if (equal(query, mine)) score = 1000;
    else if (starts(query, mine)) score = 800 - Math.min(40, mine.length - query.length);
    else if (auction.sequence && equal(auction.loose, calls)) score = 600;  // the same calls, another position
    else if (auction.sequence && starts(auction.loose, calls)) score = 500 - Math.min(40, calls.length - auction.loose.length);
    else if (within(auction.loose, calls)) score = 400;
    else return null;
    // The auction's examples, then the rules deciding them; an opening alone
    // is looked up for its rule. The site's own regulations first.
    const single = auction.loose.length === 1 && !auction.sequence;
    if ((kind === "rule") === single) score += 5;
    if (own.has(page)) score += 20;
    return score;
  };

  const unescapeHTML = (text) => text.replace(/&(amp|lt|gt|quot|#x27|#39|apos);/g, (_, name) =>
    ({ amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'", apos: "'" })[name]);

  // The "hb" objects of the index, taken out of it:
  // [file, kind, anchor, auction shown, sequence, words, what the kind is called].
  let objects = [];
  const prepare = (index) => {
    if (!index || index.hbPrepared) return;
    index.hbPrepared = true;
    const ours = new Set(Object.entries(index.objnames).filter(([, [domain]]) => domain === "hb").map(([n]) => Number(n)));
    const others = {};
    objects = [];
    for (const [prefix, list] of Object.entries(index.objects)) {
      for (const [file, type, prio, anchor, name] of list) {
        if (!ours.has(type)) {
          (others[unescapeHTML(prefix)] ||= []).push([file, type, prio, anchor, unescapeHTML(name)]);
          continue;
        }
        const [shown, sequence, ...said] = unescapeHTML(prefix ? `${prefix}.${name}` : name).split(" · ");
        const [, kind, typeName] = index.objnames[type];
        objects.push([file, kind, anchor, shown, sequence || "", said.join(" · "), typeName]);
      }
    }
    index.objects = others;
  };

  const search = (term, terms) => {
    const index = Search._index;
    const auction = queries.get(term);
    const results = [];
    for (const [file, kind, anchor, shown, sequence, said, typeName] of objects) {
      const page = index.docnames[file];
      let score;
      if (auction) score = rank(auction, kind, page, sequence);
      else {
        // As Sphinx finds an object: the word in its name, the query's other
        // words in its name, kind or page ("叫牌" is in every example's kind in Chinese).
        const name = `${shown} ${said}`.toLowerCase();
        const haystack = `${name} ${typeName} ${index.titles[file]}`.toLowerCase();
        score = name.includes(term) && [...terms].every((t) => haystack.includes(t))
          ? Scorer.objPartialMatch + Scorer.objPrio[1] : null;
      }
      if (score === null || score === undefined) continue;
      results.push([page, said ? `${shown} · ${said}` : shown, "#" + anchor,
                    typeName + _(", in ") + index.titles[file], score, index.filenames[file], "object"]);
    }
    return results;
  };

  // When the page is parsed, searchtools.js is there (and, loaded before it
  // ends, the index); this listener runs before Search.init's own.
  document.addEventListener("DOMContentLoaded", () => {
    if (typeof Search === "undefined") return;  // searchtools.js is on the search page only
    const setIndex = Search.setIndex;
    Search.setIndex = (index) => { prepare(index); setIndex(index); };
    prepare(Search._index);
    const objectSearch = Search.performObjectSearch;
    Search.performObjectSearch = (term, terms) => [...objectSearch(term, terms), ...search(term, terms)];
  });

  return { read, rank, splitQuery, unescapeHTML };
})();

var splitQuery = HB.splitQuery;
