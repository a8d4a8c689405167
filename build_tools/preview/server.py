"""The live preview's web server: one language's HTML folder on a loopback
port, every page given the reload script (:data:`SCRIPT`), and the state a
page waits on (``/_serve/state``: the build's version and current error).

A page asks for the state with the version it was served in; the answer
comes at once when the version moved, else when it moves (or after
:data:`WAIT` seconds, and the page asks again): a reload follows a rebuild
with no polling delay.
"""

from __future__ import annotations

import html
import json
import sys
import threading
from dataclasses import dataclass, field
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

#: The reload script, served by the preview itself.
SCRIPT = Path(__file__).with_name("reload.js")
#: The longest a page's question waits before it is answered anyway (seconds).
WAIT = 25.0


@dataclass
class State:
    """The preview's state: a version that moves at every rebuild (good or
    bad), and the error of the last one ("" when it built)."""

    version: int = 0
    error: str = ""
    _changed: threading.Condition = field(default_factory=threading.Condition)

    def set(self, error: str) -> None:
        with self._changed:
            self.version += 1
            self.error = error
            self._changed.notify_all()

    def wait(self, seen: int, timeout: float = WAIT) -> tuple[int, str]:
        """The state once its version is not ``seen`` (or after ``timeout``)."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen, timeout)
            return self.version, self.error

    def wake(self) -> None:
        """Answer every waiting page now (the preview stops)."""
        with self._changed:
            self._changed.notify_all()


def inject(page: bytes, version: int, error: str) -> bytes:
    """``page`` with the reload script before its ``</body>``, carrying the
    state the page is served in.

    >>> inject(b"<html><body>x</body></html>", 3, "a <b>")
    b'<html><body>x<script src="/_serve/reload.js" data-version="3" data-error="a &lt;b&gt;"></script></body></html>'
    """
    tag = (f'<script src="/_serve/reload.js" data-version="{version}" '
           f'data-error="{html.escape(error, quote=True)}"></script>').encode()
    at = page.rfind(b"</body>")
    return page[:at] + tag + page[at:] if at >= 0 else page + tag


class _Handler(SimpleHTTPRequestHandler):
    state: State

    def __init__(self, *args: Any, state: State, **kwargs: Any) -> None:
        self.state = state
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        # Every answer is of the build as it is now.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - the standard library's name
        url = urlsplit(self.path)
        if url.path == "/_serve/reload.js":
            return self._send(SCRIPT.read_bytes(), "text/javascript; charset=utf-8")
        if url.path == "/_serve/state":
            seen = parse_qs(url.query).get("seen", [""])[0]
            version, error = self.state.wait(int(seen) if seen.lstrip("-").isdigit() else -1)
            body = json.dumps({"version": version, "error": error}, ensure_ascii=False).encode("utf-8")
            return self._send(body, "application/json")
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            try:
                page = path.read_bytes()
            except OSError:
                self.send_error(HTTPStatus.NOT_FOUND)
                return None
            return self._send(inject(page, self.state.version, self.state.error), "text/html; charset=utf-8")
        return super().do_GET()

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the standard library's name
        pass  # the terminal is for the preview's own lines


class _Server(ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A page reloaded or closed while its files were sent (a rebuild's
        # reload, the author leaving) is no error of the preview's: the
        # standard server would print a traceback in the author's terminal.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(folder: Path, state: State, host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server of ``folder`` on ``host``:``port`` (0: a free port, read it
    from ``server.server_address``), not yet serving."""
    server = _Server((host, port), partial(_Handler, state=state, directory=str(folder)))
    server.daemon_threads = True
    return server
