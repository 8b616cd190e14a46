"""French words (issue 23): a count of 1 takes the singular, no English sentence is left, a
space comes before ':' ';' '!' '?' (the page makes it a no-break one), and both catalogs hold
the same keys. Card and room names keep the French rulebook's English names (Walkway,
Thermal Bomb...): they are names, not sentences, and the English-word list avoids them."""

from __future__ import annotations

import re
import string

from ui.messages import EN, Plural, render
from ui.messages_fr import FR

# Words of English sentences; none is part of a card or room name the French rulebook keeps.
ENGLISH = ("the", "and", "you", "your", "with", "two", "one", "hint", "undo", "turn", "step",
           "steps", "left", "engine", "loading", "here", "move", "peek")  # fmt: skip
# Words a French count of 1 may still end with an s (invariant).
INVARIANT = {"pas", "fois", "dés"}
# The parameters that are counts (the others are names, tiles, sentences).
COUNTS = {"n", "left", "total", "actions", "speed", "count", "tokens", "claimed", "kept", "link",
          "mine", "tools", "loot", "events", "stealth", "alarms", "steps"}  # fmt: skip
# Card names the French rulebook keeps in English (some end with '!' or '?').
NAMES = sorted(
    (str(v[0] if isinstance(v, tuple) else v) for k, v in FR.items()
     if k.split(".")[0] in ("event", "tool", "loot", "kind", "dest", "character", "ability")),
    key=len, reverse=True,
)  # fmt: skip


def _unnamed(text: str) -> str:
    for name in NAMES:
        text = text.replace(name, "N")
    return re.sub(r"\{[^}]*\}", "x", text)


def _forms(text: object) -> list[str]:
    return [text.one, text.other] if isinstance(text, Plural) else [str(text)]


def _filled(text: str, count: int) -> str:
    fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    return text.format(**{f: count for f in fields})


def test_both_catalogs_hold_the_same_keys():
    assert set(EN) == set(FR)


def test_a_french_count_of_one_takes_the_singular():
    wrong = []
    for key, text in FR.items():
        fields = {f for form in _forms(text) for _, f, _, _ in string.Formatter().parse(form) if f}
        if not fields:
            continue
        by = text.by if isinstance(text, Plural) else ""
        params = {f: 1 if f in COUNTS or f == by else "X" for f in fields | {by} - {""}}
        out = render(text, "fr", key, **params)
        for word in re.findall(r"\b1 (\w+)\b", out):
            if word.endswith(("s", "x")) and word not in INVARIANT:
                wrong.append(f"{key}: {out}")
    assert wrong == []


def test_no_english_sentence_is_left_in_french():
    wrong = []
    for key, text in FR.items():
        for form in _forms(text):
            words = set(re.findall(r"[A-Za-z]+", _unnamed(form)))
            found = sorted(w for w in words if w.lower() in ENGLISH)
            if found:
                wrong.append(f"{key}: {found}")
    assert wrong == []


def test_french_puts_a_space_before_colons_semicolons_and_marks():
    wrong = []
    for key, text in FR.items():
        for form in _forms(text):
            if re.search(r"[^\s][:;!?]", _unnamed(form)):
                wrong.append(f"{key}: {form}")
    assert wrong == []


def test_the_page_makes_that_space_a_no_break_one():
    assert render("Conseil : {x}", "fr", x="a") == "Conseil\u00a0: a"
    assert render("Hint: {x}", "en", x="a") == "Hint: a"


def test_french_cracks_a_safe_with_one_verb():
    """The action is "Décoder": every sentence about cracking says décoder (the Safe panel
    and the catch-up once said percer, beside a button that said Décoder)."""
    wrong = [
        f"{key}: {form}"
        for key, text in FR.items()
        for form in _forms(text)
        if re.search(r"\bperc(er|é|ée|és|ées)\b|percé\(s\)", form)
    ]
    assert wrong == []
