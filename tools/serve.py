"""Serve a folder on 127.0.0.1 with caching turned off, for playing and testing the site.

    python3 tools/serve.py [--dir site] [--port 8000]

`Cache-Control: no-cache` makes the browser revalidate every file, so a rebuild is seen on the
next reload (the service worker, once installed, still answers from its own versioned cache).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


class NoCacheHandler(SimpleHTTPRequestHandler):
    """Static files with no-cache headers; quiet unless `verbose`."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    verbose = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        if self.verbose:
            super().log_message(format, *args)


class QuietServer(ThreadingHTTPServer):
    """A browser that drops a file half sent (a page closed or reloaded mid-load) is no error
    worth a traceback in the test or play output; any other error still prints one."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: Path, port: int = 0, handler: type = NoCacheHandler
) -> ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (port 0: any free port); not started yet."""
    server = QuietServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def start_in_thread(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(
            f"serve: {args.dir}/index.html not found; build first with `make site`", file=sys.stderr
        )
        return 1
    NoCacheHandler.verbose = args.verbose
    server = make_server(args.dir, args.port)
    print(
        f"Serving {args.dir} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
