"""ui.urlparams: the query string as a dict."""

from __future__ import annotations

import pytest

from ui import urlparams


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("", {}),
        ("?", {}),
        ("?seed=42", {"seed": "42"}),
        ("seed=42&scenario=bank", {"seed": "42", "scenario": "bank"}),
        ("?seed=1&seed=2", {"seed": "1"}),
        ("?debug&x=a%20b", {"debug": "", "x": "a b"}),
    ],
)
def test_parse(search, expected):
    assert urlparams.parse(search) == expected


def test_from_window(make_window):
    assert urlparams.from_window(make_window("?seed=9")) == {"seed": "9"}


@pytest.mark.parametrize(("raw", "value"), [("42", 42), (" -3 ", -3), ("x", None), ("", None)])
def test_int_param(raw, value):
    assert urlparams.int_param({"seed": raw}, "seed") == value
    assert urlparams.int_param({}, "seed") is None


def test_a_huge_query_is_cut_before_parsing():
    """A link of megabytes is read only up to MAX_SEARCH characters: its code is then cut,
    and refused in words like any other bad link."""
    params = urlparams.parse("?game=" + "a" * 2_000_000 + "&seed=1")
    assert len(params["game"]) == urlparams.MAX_SEARCH - len("game=")
    assert "seed" not in params
