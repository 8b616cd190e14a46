"""Browser tests: the built site/ in Debian's Chromium, driven by pytest-playwright.

The site is served by an in-process server under a sub-path (as on GitHub Pages), so any
absolute path would 404. Every request that would leave 127.0.0.1 is refused and recorded, and
a test that saw one fails. No browser is ever downloaded: Chromium is the system one.

One browser serves the whole run; each module shares one context and one page (`context`,
`page`; a new page only after a renderer crash), and opens positions with browserkit's
`open_saved` / `open_fresh` (one page start each). Tests run in file order and each opens
what it needs, so a test rerun after a crash (one rerun, for that cause only) starts afresh.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browserkit import (
    RENDERER_CRASH,
    SITE,
    VIEWPORT,
    WAIT_MS,
    Guard,
    SiteServer,
    SubPathHandler,
    Tab,
    find_chromium,
)
from playwright.sync_api import expect

from tools.chromium import CHROMIUM_ARGS

HERE = Path(__file__).resolve().parent

expect.set_options(timeout=WAIT_MS)


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.resolve().parent == HERE:
            item.add_marker(pytest.mark.browser)
            # A renderer crash, and nothing else, earns a browser test one more run (on a
            # new page: `Tab`); the run's summary counts such reruns.
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[RENDERER_CRASH]))


def pytest_terminal_summary(terminalreporter):
    if SubPathHandler.runtime_requests:
        terminalreporter.write_line(
            f"browser tests: {SubPathHandler.runtime_requests} page starts "
            "(requests of the Python runtime)"
        )


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


@pytest.fixture(scope="module")
def guard() -> Guard:
    """Records the module's requests leaving 127.0.0.1 (refused) and console errors."""
    return Guard()


@pytest.fixture(scope="module")
def context(browser, guard):
    """The module's browser context: service workers blocked (the route guard sees every
    request; test_offline.py covers the worker), a laptop-sized window."""
    context = browser.new_context(service_workers="block", viewport=VIEWPORT)
    guard.protect(context)
    yield context
    context.close()
    guard.check()


@pytest.fixture(scope="module")
def tab(context, guard) -> Iterator[Tab]:
    """The module's one tab, reused by every test of the module."""
    with Tab(context, guard) as tab:
        yield tab


@pytest.fixture
def page(tab):
    """The module's page (a new one after a renderer crash)."""
    return tab.live()
