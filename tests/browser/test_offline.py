"""Offline after the first visit: the service worker precaches the site, and with the server
stopped a reload still becomes ready. A persistent (on-disk) profile, as a visitor's browser."""

from __future__ import annotations

import json

from browserkit import START_TIMEOUT_MS, SUB_PATH, Guard, SiteServer, new_page, wait_ready
from playwright.sync_api import expect

CACHED_FILES = """async () => {
  const names = (await caches.keys()).filter((name) => name.startsWith("burgle-"));
  if (names.length !== 1) return {names, files: []};
  const requests = await (await caches.open(names[0])).keys();
  return {names, files: requests.map((r) => new URL(r.url).pathname)};
}"""


def test_reload_with_the_server_stopped_still_becomes_ready(
    playwright, browser_type_launch_args, site_dir, tmp_path
):
    server = SiteServer(site_dir)
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", **browser_type_launch_args
    )
    guard = Guard()
    # No route guard here: routing would bypass the service worker. The host resolver rules
    # (launch arguments) block the outside world, and every request is still recorded.
    guard.protect(context, route=False)
    try:
        page = new_page(context, guard)
        page.goto(server.url + "index.html?seed=7")
        wait_ready(page)
        # After ready, the page registers the worker, which precaches and takes control.
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null", timeout=START_TIMEOUT_MS
        )
        cached = page.evaluate(CACHED_FILES)
        sw = (site_dir / "sw.js").read_text()
        assert len(cached["names"]) == 1 and cached["names"][0] in sw
        site_files = {
            SUB_PATH + p.relative_to(site_dir).as_posix()
            for p in site_dir.rglob("*")
            if p.is_file() and p.name != "sw.js"
        }
        missing = site_files - set(cached["files"])
        assert not missing, f"not precached: {sorted(missing)[:5]}"

        server.stop()
        page.reload()  # on purpose: the service worker answers with the server stopped
        wait_ready(page)
        facts = json.loads(page.text_content("#debug"))
        assert facts["seed"] == 7
        assert facts["visits"] == 2
        expect(page.locator("#start")).to_be_visible()  # the new-game screen, drawn by Python

        # And a fresh navigation (not a reload) to the site's root, still offline.
        page.goto(server.url + "?seed=8")
        wait_ready(page)
        facts = json.loads(page.text_content("#debug"))  # written at start: ready says so
        assert facts["seed"] == 8
    finally:
        context.close()
        server.stop()
    guard.check()
