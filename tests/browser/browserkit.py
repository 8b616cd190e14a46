"""Helpers of the browser tests: the sub-path server, the request guard, waiting for ready."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tools.serve import NoCacheHandler, make_server, start_in_thread

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
SUB_PATH = "/burgle-bros/"
READY = "html[data-ready='1']"
READY_OR_FAILED = "html[data-ready='1'], html[data-failed='1']"
START_TIMEOUT_MS = 60_000


def find_chromium() -> str:
    candidates = [os.environ.get("CHROMIUM"), shutil.which("chromium")]
    candidates += [shutil.which("chromium-browser"), "/usr/bin/chromium"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.fail("Chromium not found: `make install` installs Debian's chromium package")


# BURGLE_CSP_REPORT_ONLY=1: every response also carries the page's policy without
# 'unsafe-eval' as Content-Security-Policy-Report-Only, and what it would have refused is a
# console error, which fails the test (Guard.check): a browser test run under it says whether
# the page still needs 'unsafe-eval' (docs/startup.md).
CSP_REPORT_ONLY = os.environ.get("BURGLE_CSP_REPORT_ONLY", "") not in ("", "0")
REPORT_ONLY_WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  if (e.disposition === "report") console.error("CSP report-only: " + e.violatedDirective + " "
    + e.blockedURI + " at " + e.sourceFile + ":" + e.lineNumber + " " + (e.sample || ""));
});"""


def report_only_policy(site: Path) -> str:
    import re

    page = (site / "index.html").read_text()
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert found, "the page declares no policy"
    return found.group(1).replace(" 'unsafe-eval'", "")


class SubPathHandler(NoCacheHandler):
    """Serves the site under SUB_PATH only, like https://<user>.github.io/<repo>/."""

    def end_headers(self) -> None:
        if CSP_REPORT_ONLY:
            self.send_header("Content-Security-Policy-Report-Only", report_only_policy(SITE))
        super().end_headers()

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUB_PATH):
            return str(Path(self.directory) / ".not-under-the-sub-path")
        return super().translate_path("/" + path[len(SUB_PATH) :])


class SiteServer:
    def __init__(self, directory: Path) -> None:
        self.server = make_server(directory, 0, SubPathHandler)
        start_in_thread(self.server)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{SUB_PATH}"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


def is_local(url: str) -> bool:
    return url.startswith(("data:", "blob:")) or urlparse(url).hostname == "127.0.0.1"


@dataclass
class Guard:
    """Refuses and records requests leaving 127.0.0.1; records console errors."""

    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def protect(self, context, route: bool = True) -> None:
        """Watch every request of the context (and refuse outside ones if `route`)."""
        context.on("request", self._seen)
        if CSP_REPORT_ONLY:
            context.add_init_script(REPORT_ONLY_WATCH)
        if route:
            context.route("**/*", self._route)

    def watch(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def _seen(self, request) -> None:
        if not is_local(request.url) and request.url not in self.outside:
            self.outside.append(request.url)

    def _route(self, route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            self._seen(route.request)
            route.abort("blockedbyclient")

    def check(self, allow_errors: tuple[str, ...] = ()) -> None:
        assert self.outside == [], f"requests outside 127.0.0.1 were attempted: {self.outside}"
        errors = [e for e in self.errors if not any(a in e for a in allow_errors)]
        assert errors == [], f"console errors: {errors}"


def wait_ready(page, timeout: float = START_TIMEOUT_MS) -> None:
    """Wait until Python marked the page ready; fail with the page's own words otherwise."""
    page.wait_for_selector(READY_OR_FAILED, state="attached", timeout=timeout)
    if page.get_attribute("html", "data-ready") != "1":
        pytest.fail(f"the page failed to start: {page.text_content('#load-error-text')}")
