// Sphinx's splitQuery, loaded before searchtools.js (which keeps a splitQuery
// already defined): a query that names a bid (a level, then a strain: 2♦, 2D,
// 2 kara, 1BA) and nothing but calls is one word, its auction's key; the words
// of any other query are Sphinx's own (build_tools/sphinxext/call_search.py).
// The words of the site's notation, HB_CALL_WORDS, are written into the page
// before this file (call_search.query_words).
var splitQuery = (() => {
  const words = window.HB_CALL_WORDS;
  const plain = (query) => query.split(/[^\p{L}\p{N}_\p{Emoji_Presentation}]+/gu).filter((t) => t);
  const escape = (w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const longest = (list) => list.sort((a, b) => b.length - a.length);
  const strains = longest(Object.keys(words.strains)).map(escape);
  const suits = Object.entries(words.suits);
  const suitWords = suits.map(([key, p]) => [key, new RegExp('^(?:' + p + ')$', 'iu')]);
  const bid = new RegExp('^([1-7])\\s*(' + [...strains, ...suits.map(([, p]) => p)].join('|') + ')(?![\\p{L}\\p{N}])', 'iu');
  const strainOf = (word) => {
    const lower = word.toLowerCase();
    if (lower in words.strains) return words.strains[lower];
    const suit = suitWords.find(([, word]) => word.test(lower));
    return suit ? suit[0] : null;
  };
  const calls = (query) => {
    const keys = [];
    let rest = query.trim();
    let bids = 0;
    while (rest) {
      rest = rest.replace(/^[\s\-\u2013\u2014_,;:()\[\]\/]+/u, '');
      if (!rest) break;
      const found = bid.exec(rest);
      if (found && strainOf(found[2])) {
        keys.push(found[1] + strainOf(found[2]));
        bids += 1;
        rest = rest.slice(found[0].length);
        continue;
      }
      const word = /^[^\s\-\u2013\u2014_,;:()\[\]\/]+/u.exec(rest)[0];
      const call = words.calls[word.toLowerCase().replace(/[*!]+$/u, '')];
      if (call === undefined) return null;  // a word that is no call: not an auction
      if (call !== 'pass') keys.push(call);  // an auction's key leaves out its passes
      rest = rest.slice(word.length);
    }
    return bids ? [keys.join(' ')] : null;
  };
  return (query) => calls(query) || plain(query);
})();
