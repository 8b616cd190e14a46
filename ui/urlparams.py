"""Options from the page URL's query string, e.g. `index.html?seed=42`."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

# A query longer than this is cut before parsing (a game code is at most 600 characters):
# a cut code is then refused in words like any other bad link.
MAX_SEARCH = 4096


def parse(search: str) -> dict[str, str]:
    """'?seed=42&seed=7&debug' -> {'seed': '42', 'debug': ''}: the first value of each name wins."""
    params: dict[str, str] = {}
    query = search.removeprefix("?")[:MAX_SEARCH]
    for name, value in parse_qsl(query, keep_blank_values=True)[:64]:
        params.setdefault(name, value)
    return params


def from_window(window: Any) -> dict[str, str]:
    return parse(str(window.location.search or ""))


def int_param(params: dict[str, str], name: str) -> int | None:
    """The parameter as an int, or None when it is absent or not an integer."""
    raw = params.get(name, "").strip()
    try:
        return int(raw)
    except ValueError:
        return None
