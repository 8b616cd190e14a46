"""The browser suite's own footing: a renderer crash costs one page, not the module's tests."""

from __future__ import annotations

import contextlib

import pytest
from browserkit import RENDERER_CRASH, Tab, guarded_context, open_fresh
from playwright.sync_api import Error, expect


def test_a_tab_whose_renderer_crashed_gives_the_next_test_a_new_page(browser, site_server):
    with guarded_context(browser) as (context, guard), Tab(context, guard) as tab:
        first = tab.live()
        assert tab.live() is first  # reused while it lives
        with contextlib.suppress(Error):  # the navigation is aborted as the renderer dies
            first.goto("chrome://crash")  # Chromium's own way to kill a renderer
        with pytest.raises(Error, match=RENDERER_CRASH):  # what the rerun is granted for
            first.wait_for_timeout(5_000)
        second = tab.live()
        assert second is not first and tab.crashes == 1
        open_fresh(second, site_server.url)
        expect(second.locator("html")).to_have_attribute("data-ready", "1")
