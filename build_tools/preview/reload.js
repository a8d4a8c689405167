// handbook serve: reload the page when the preview has rebuilt it, and show
// the error of a bad edit over the last good page. Served by the preview
// itself (no network); the server writes the state it served the page in
// (its version and current error) on this script's tag.
(function () {
  "use strict";
  var tag = document.currentScript;
  var seen = Number(tag.getAttribute("data-version"));
  var box = null;

  function show(error) {
    if (!error) {
      if (box) { box.remove(); box = null; }
      return;
    }
    if (!box) {
      box = document.createElement("div");
      box.id = "hb-serve-error";
      box.setAttribute("role", "alert");
      box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;margin:0;" +
        "padding:.6em 1em;background:#8b0000;color:#fff;font:14px/1.4 monospace;" +
        "white-space:pre-wrap;overflow-wrap:anywhere;box-shadow:0 2px 6px rgba(0,0,0,.4)";
      document.body.appendChild(box);
    }
    box.textContent = error + "\n(the last good page is shown; fix the file and save)";
  }

  function poll() {
    fetch("/_serve/state?seen=" + seen, { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(function (state) {
        if (state.version !== seen) {
          if (!state.error) { location.reload(); return; }
          seen = state.version;
        }
        show(state.error);
        poll();
      })
      .catch(function () { setTimeout(poll, 1000); });  // the preview stopped, or restarts
  }

  show(tag.getAttribute("data-error") || "");
  poll();
})();
