"""Browser tests: the built site/ in Debian's Chromium, driven by pytest-playwright.

The site is served by an in-process server under a sub-path (as on GitHub Pages), so any
absolute path would 404. Every request that would leave 127.0.0.1 is refused and recorded, and
a test that saw one fails. No browser is ever downloaded: Chromium is the system one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browserkit import SITE, SiteServer, find_chromium

from tools.chromium import CHROMIUM_ARGS


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": find_chromium(),
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").is_file() or not (SITE / "sw.js").is_file():
        pytest.fail(f"{SITE} is not built: run `make site` (`make test` builds it first)")
    return SITE


@pytest.fixture(scope="session")
def site_server(site_dir):
    server = SiteServer(site_dir)
    yield server
    server.stop()
