"""Bounds on everything that comes from outside: JSON texts, action texts, codes.

A save, an imported file, a share link or an action text can be anything a browser holds.
Each is checked for size and nesting depth BEFORE it is parsed, so that no input can make
the parser recurse without end (Python's `json` module raises RecursionError on deep
nesting, and Pyodide's stack dies before that) or spend seconds on megabytes of text.

    >>> load_json('{"a": [1, 2]}', max_chars=100, max_depth=2)
    {'a': [1, 2]}
    >>> load_json("[" * 10, max_chars=100, max_depth=4)
    Traceback (most recent call last):
    ...
    engine.io.limits.InputError: nested deeper than 4 levels
"""

from __future__ import annotations

import json
import re
from typing import Any

# (The longest action text is `engine.rules.actions.MAX_ACTION_CHARS`.)
# The largest engine document (`to_json`: state and action list) and save record accepted.
MAX_GAME_JSON_CHARS = 2_000_000
MAX_GAME_JSON_DEPTH = 16
# The most actions a game may hold: far beyond any game (random play averages about 60,
# free actions are bounded per turn: ruling R85).
MAX_GAME_ACTIONS = 20_000

# An escaped character, a quote or a bracket: one pass, no backtracking.
_TOKEN = re.compile(r'\\.|["\[\]{}]', re.DOTALL)


class InputError(ValueError):
    """Input from outside that is too big, too deep or not in its one canonical spelling."""


def json_depth(text: str, stop_above: int = -1) -> int:
    """The deepest nesting of [ and { in a JSON text (strings skipped); linear time, and it
    stops as soon as the nesting passes `stop_above` (when given)."""
    depth = deepest = 0
    in_string = False
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token == '"':
            in_string = not in_string
        elif in_string or len(token) == 2:
            continue
        elif token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest == stop_above + 1 and stop_above >= 0:
                    return deepest
        else:
            depth -= 1
    return deepest


def load_json(text: Any, *, max_chars: int, max_depth: int) -> Any:
    """json.loads, after checking the text's type, size and nesting; InputError if bad."""
    if isinstance(text, bytes | bytearray):
        if len(text) > max_chars * 4:
            raise InputError(f"longer than {max_chars} characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("not JSON (not UTF-8 text)") from None
    if not isinstance(text, str):
        raise InputError("not text")
    if len(text) > max_chars:
        raise InputError(f"longer than {max_chars} characters")
    if json_depth(text, stop_above=max_depth) > max_depth:
        raise InputError(f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise InputError(f"nested deeper than {max_depth} levels") from None
    except ValueError as exc:
        raise InputError(f"not JSON ({exc})") from None


def plain_text(text: Any, max_chars: int, what: str) -> str:
    """`text` if it is a str of printable ASCII without surrounding or doubled spaces."""
    if not isinstance(text, str):
        raise InputError(f"{what} is not text")
    if len(text) > max_chars:
        raise InputError(f"{what} is longer than {max_chars} characters")
    if not text.isascii() or not text.isprintable():
        raise InputError(f"{what} must be plain ASCII letters, digits and signs")
    return text
