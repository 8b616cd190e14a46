"""Fuzzing the inputs that come from outside (issue 12): setup codes, action texts and engine
JSON. Whatever the input, the only exceptions that escape are the engine's typed errors
(SetupError, ActionParseError, IllegalActionError, StateError), and what is accepted is
canonical and plays.

Bounded to keep the suite quick (a few hundred inputs per kind); `tools/fuzz_inputs.py` runs
many thousands per kind outside the suite.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game
from engine.io.serialize import from_json
from engine.rules.rng import Rng

from .fuzzkit import (
    HOSTILE,
    check_action,
    check_code,
    check_game_json,
    json_text,
    mutate_json,
    sample_codes,
    sample_games,
)

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
hostile_text = st.text(alphabet=st.sampled_from(HOSTILE), max_size=40)
any_text = st.one_of(hostile_text, st.text(max_size=40))


@st.composite
def edited(draw, base: str) -> str:
    """`base` with a few characters replaced, inserted or removed."""
    chars = list(base)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(chars)))
        op = draw(st.sampled_from(("replace", "insert", "delete")))
        ch = draw(st.sampled_from(HOSTILE))
        if op == "insert" or i == len(chars):
            chars.insert(i, ch)
        elif op == "replace":
            chars[i] = ch
        else:
            del chars[i]
    return "".join(chars)


codes = st.one_of(
    any_text,
    st.sampled_from(sample_codes()).flatmap(lambda c: edited(c)),
    st.sampled_from(sample_codes()),
)


@pytest.mark.slow
@FUZZ
@given(code=codes)
def test_fuzzed_setup_codes_raise_only_setup_error(code):
    check_code(code)


def _game_at(i: int) -> Game:
    return from_json(sample_games()[i % len(sample_games())])


@FUZZ
@given(
    which=st.integers(0, 3),
    text=st.one_of(
        any_text,
        st.integers(0, 3)
        .flatmap(lambda i: st.sampled_from([str(a) for a in _game_at(i).legal_actions()]))
        .flatmap(lambda t: st.one_of(st.just(t), edited(t))),
        st.sampled_from(["move 1.ßA3", "enter 1.ß1", "move \u0661.A1", "ability crow 1.A1"]),
    ),
)
def test_fuzzed_action_texts_raise_only_action_errors(which, text):
    check_action(_game_at(which), text)


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.sampled_from([-1, 0, 1, 6, 7, 63, 64, 10**9]),
        any_text,
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=3)
    ),
    max_leaves=8,
)


@FUZZ
@given(which=st.integers(0, 3), seed=st.integers(0, 2**32), value=json_values)
def test_fuzzed_engine_json_raises_only_state_error(which, seed, value):
    doc = json.loads(sample_games()[which])
    check_game_json(json_text(mutate_json(doc, Rng(seed), value)))


@FUZZ
@given(which=st.integers(0, 3), cut=st.integers(0, 10**6), junk=hostile_text)
def test_fuzzed_engine_json_texts_raise_only_state_error(which, cut, junk):
    text = sample_games()[which]
    i = cut % (len(text) + 1)
    check_game_json(text[:i] + junk + text[i + len(junk) // 2 :])
