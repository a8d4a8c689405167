// A search result anchored at an empty element (an index entry's target, the
// anchor of an example's table row) has no text of its own: Sphinx's summary
// of it is null, and appending null fails the results page. Its summary is
// the text of what holds it: the table row, else the nearest ancestor with text.
// The languages above the article (for a phone) are left out of every summary.
// It runs before searchtools.js is loaded (a theme's scripts come first) and
// patches Search when the page is parsed, before Search.init's own listener.
document.addEventListener("DOMContentLoaded", () => {
  if (typeof Search === "undefined") return;  // searchtools.js is on the search page only
  const toText = Search.htmlToText;
  Search.htmlToText = (fullString, anchor) => {
    // The page's languages above its article (page.html) are no part of its text.
    const page = new DOMParser().parseFromString(fullString, "text/html");
    page.querySelectorAll(".hb-languages-bar").forEach((bar) => bar.remove());
    const htmlString = page.documentElement.outerHTML;
    const text = toText(htmlString, anchor);
    if (text.trim() || !anchor) return text;
    let holder = page.querySelector(`[role="main"] ${anchor}`);
    holder = holder && (holder.closest("tr") || holder);
    while (holder && !holder.textContent.trim()) holder = holder.parentElement;
    return holder ? holder.textContent : toText(htmlString, "");
  };
});
