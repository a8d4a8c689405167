"""Preview one language's site while you edit: build it, serve it on localhost, rebuild and reload.

Builds the site of one language (default: the manifest's first) into its own
folder (build/serve: a normal build's build/site is never touched), serves it
on a free port of 127.0.0.1 and prints the address. Every save of a document,
a catalog, a template or conf.py rebuilds what it reaches (the documents
unchanged are taken from the folder's cache, Sphinx stays loaded) and reloads
the pages open in a browser. A bad edit is shown as a one-line error over the
last good page, and here; the next good save clears it.

Ctrl-C stops it: the build under way finishes, the port is freed.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

from build_tools import build as builder
from build_tools import lock
from build_tools.commands._common import add_location_arguments, report, select_languages, usage_error
from build_tools.diagnostics import DiagnosticError
from build_tools.loader import MANIFEST_NAME, display_path, load_manifest
from build_tools.preview import Outcome, Preview
from build_tools.preview.server import make_server


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-l", "--language", metavar="LANG",
                        help="the language whose site is served (default: the manifest's first)")
    parser.add_argument("--document", metavar="ID",
                        help="print the address of this document's page (default: the site's contents page)")
    parser.add_argument("--port", type=int, default=0,
                        help="port on 127.0.0.1 (default: a free one, printed at start)")
    parser.add_argument("--build-dir", type=Path, default=Path("build") / "serve",
                        help="the preview's build folder (default: %(default)s)")
    add_location_arguments(parser)


def _say(text: str) -> None:
    print(text, flush=True)


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    try:
        manifest = load_manifest(args.source / MANIFEST_NAME)
    except DiagnosticError as exc:
        return report(exc)
    try:
        lang = select_languages([args.language] if args.language else None, manifest)[0]
    except ValueError as exc:
        return usage_error(str(exc))
    if args.document is not None and args.document not in manifest.documents:
        return usage_error(f"--document {args.document!r} is not in {manifest.path} "
                           f"(it has {', '.join(manifest.documents)})")
    if not 0 <= args.port <= 65535:
        return usage_error(f"--port {args.port}: expected 0 (a free port) to 65535")
    layout = builder.Layout(root=builder.ROOT, build=args.build_dir.resolve(), source=args.source.resolve(),
                            translations=args.translations.resolve())
    # A terminal's kill (SIGTERM) stops it as Ctrl-C does.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        with lock.exclusive(layout.build, lambda pid: _say(
                f"handbook: waiting for another build in {display_path(layout.build)}/ (pid {pid or 'unknown'}) ...")):
            return _serve(args, layout, lang)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"handbook: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _report(paths: list[Path], outcome: Outcome) -> None:
    names = ", ".join(display_path(p) for p in paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
    if outcome.error:  # the error itself is on stderr already
        _say(f"handbook: {names} changed: not rebuilt, the last good pages stay ({outcome.seconds:.1f} s)")
    else:
        _say(f"handbook: {names} changed: rebuilt in {outcome.seconds:.1f} s ({outcome.detail})")


def _serve(args: argparse.Namespace, layout: builder.Layout, lang: str) -> int:
    preview = Preview(layout, lang, _say)
    server = None
    serving = None
    # Ctrl-C is how a preview is stopped, at any moment: not an error.
    try:
        # The files as they are before it says it builds: a file saved once
        # it has said so is always built again (saved before the snapshot, the
        # first build reads it; after, the watcher sees it changed).
        since = preview.snapshot()
        _say(f"handbook: building the {lang} site in {display_path(layout.build)}/ ...")
        first = preview.rebuild()
        _say(f"handbook: {'built' if not first.error else 'not built'} in {first.seconds:.1f} s"
             + (f" ({first.detail})" if first.detail else ""))
        preview.folder.mkdir(parents=True, exist_ok=True)
        try:
            server = make_server(preview.folder, preview.state, port=args.port)
        except OSError as exc:
            print(f"handbook: error: port {args.port}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2},
                                   name="serve", daemon=True)
        serving.start()
        port = server.server_port
        page = f"{args.document}.html" if args.document else ""
        _say(f"handbook: serving {lang} at http://127.0.0.1:{port}/{page} (Ctrl-C stops)")
        preview.watch(_report, since)
    except KeyboardInterrupt:
        _say("handbook: stopping ...")
    finally:
        preview.stop()
        if server is not None:
            if serving is not None:
                server.shutdown()
            server.server_close()
        # The build under way (in the warm Sphinx) finishes before it stops.
        preview.close()
        _say("handbook: stopped")
    return 0
