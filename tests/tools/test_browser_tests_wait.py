"""The browser tests check what the page shows with Playwright's auto-waiting `expect()`, or
after an explicit signal of the page; never with a one-shot read inside an `assert`, which
races the page (it failed CI once: #handover asserted visible right after a key press)."""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"
ONE_SHOT_READS = {"is_visible", "is_hidden", "text_content", "inner_text"}


def one_shot_asserts(source: str) -> list[str]:
    """`line: method` of every assert that calls a one-shot read of the page."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assert):
            continue
        for inner in ast.walk(node):
            if (
                isinstance(inner, ast.Call)
                and isinstance(inner.func, ast.Attribute)
                and inner.func.attr in ONE_SHOT_READS
            ):
                found.append(f"{node.lineno}: {inner.func.attr}")
    return found


def test_the_check_finds_each_one_shot_read_in_an_assert():
    sample = """
def test_x(page):
    page.keyboard.press("Enter")
    assert page.locator("#handover").is_visible()
    assert page.locator("#end").is_hidden(), "message"
    assert "Turn" in page.text_content("#status")
    assert not page.locator("#box").inner_text().strip()
    expect(page.locator("#handover")).to_be_visible()
    if page.locator("#prompt").is_visible():
        pass
"""
    assert one_shot_asserts(sample) == [
        "4: is_visible",
        "5: is_hidden",
        "6: text_content",
        "7: inner_text",
    ]


def test_browser_tests_assert_nothing_with_a_one_shot_read():
    files = sorted(BROWSER_TESTS.glob("*.py"))
    assert files, BROWSER_TESTS
    found = {
        path.name: hits
        for path in files
        if (hits := one_shot_asserts(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "use expect(locator).to_be_visible() / to_have_text() ... instead"
