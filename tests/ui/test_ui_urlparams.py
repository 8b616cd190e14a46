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
