"""How the browser tests and the page bench start Debian's Chromium (never a downloaded one)."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # Names other than 127.0.0.1 do not resolve: the outside world is blocked even where a
    # test cannot use page.route() (it would turn the HTTP cache off).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
