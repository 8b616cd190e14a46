"""ui.main: the page's start-up, against the stand-in DOM."""

from __future__ import annotations

import json

import pytest

import engine
from ui import loader
from ui.app import App
from ui.main import main


@pytest.fixture(autouse=True)
def no_screens(monkeypatch):
    """The screens need a real DOM (the browser tests drive them): boot only marks ready."""
    monkeypatch.setattr(App, "boot", lambda self: self.ready())


def test_main_starts_the_app_and_marks_the_page_ready(document, make_window):
    window = make_window("?seed=42&scenario=bank")
    facts = main(window, document)
    assert document.documentElement.getAttribute("data-ready") == "1"
    assert document.byid("app").hidden is False
    assert document.byid("loading").hidden is True
    assert document.byid("engine-version").textContent == engine.__version__
    assert json.loads(document.byid("debug").textContent) == facts
    assert facts["seed"] == 42
    assert facts["params"] == {"seed": "42", "scenario": "bank"}
    assert facts["storage"] == "localStorage"
    assert window.performance.marks == ["burgle:imported", "burgle:ready"]


def test_visits_are_counted_in_local_storage(document, make_window):
    window = make_window()
    assert main(window, document)["visits"] == 1
    assert main(window, document)["visits"] == 2
    assert window.localStorage.items["burgle.visits"] == "2"


def test_fail_says_what_happened(document):
    loader.fail(document, "Python could not start: boom")
    assert document.byid("loading").hidden is True
    assert document.byid("load-error").hidden is False
    assert document.byid("load-error-text").textContent == "Python could not start: boom"
    assert document.documentElement.getAttribute("data-failed") == "1"
