// The language switcher keeps the reader's place: every language's page has
// the same element ids, so the anchor the reader is at (an article, an
// example) is carried over to the other language's page when its link is used.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest(".hb-languages a[hreflang]") : null;
  if (link && window.location.hash) {
    link.href = link.href.split("#")[0] + window.location.hash;
  }
});
