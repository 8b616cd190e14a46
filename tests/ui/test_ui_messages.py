"""The message catalogs: one per language, the same keys and placeholders, plural rules, and
a name and help text for everything the engine has (looping over its enums and tables)."""

from __future__ import annotations

import dataclasses
import string
from pathlib import Path

import pytest

from engine.rules.characters import USES
from engine.rules.data import ABILITIES, Character, EventCard, Loot, Side, TileKind, Tool
from engine.rules.kinds import Hazard
from engine.rules.setup import Setup
from ui import messages
from ui.messages import EN, MessageError, Plural, fields, render, t
from ui.messages_fr import FR

CATALOGS = {"en": EN, "fr": FR}
# The rule documents sit beside the repository (../shared/rules), never inside it.
ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / ".." / "shared" / "rules"


@pytest.fixture(autouse=True)
def _english():
    messages.set_language("en")
    yield
    messages.set_language("en")


def decision_kinds() -> set[str]:
    """Every pending decision kind of the engine (its enum)."""
    from engine.rules.kinds import DecisionKind

    return {k.value for k in DecisionKind}


def sample_params(text) -> dict[str, object]:
    by = {text.by} if isinstance(text, Plural) else set()
    return {name: 2 for name in fields(text) | by}


def test_catalogs_have_the_same_keys():
    assert set(EN) - set(FR) == set(), "keys without French"
    assert set(FR) - set(EN) == set(), "French keys unknown in English"


@pytest.mark.parametrize("key", sorted(EN))
def test_both_languages_have_the_same_placeholders_and_plurals(key):
    assert fields(EN[key]) == fields(FR[key]), key
    assert isinstance(EN[key], Plural) == isinstance(FR[key], Plural), key
    if isinstance(EN[key], Plural):
        assert EN[key].by == FR[key].by
        # Chosen by a number the text shows, or by how many names its {name} joins (or
        # tiles its {pos} joins).
        by, shown = EN[key].by, fields(EN[key])
        assert (
            by in shown
            or (by == "people" and "name" in shown)
            or (by == "tiles" and "pos" in shown)
        )


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_every_text_renders_with_no_placeholder_left(lang):
    for key, text in CATALOGS[lang].items():
        out = render(text, lang, key, **sample_params(text))
        assert "{" not in out and "}" not in out, (lang, key, out)
        assert out.strip() or key in ("choice.then",), (lang, key)


def test_no_english_text_puts_a_fixed_article_before_a_number():
    """ "a {pct}%" reads "a 8%" for 8, 11, 18 and 80-89: the article would have to change
    with the number, so a text says it another way ("({pct}% chance)")."""
    for key, text in EN.items():
        for form in text if isinstance(text, Plural) else (text,):
            for _, name, _, _ in string.Formatter().parse(form):
                if name is not None:
                    assert f" a {{{name}}}" not in form and f" an {{{name}}}" not in form, key
                    assert not form.startswith((f"A {{{name}}}", f"An {{{name}}}")), key


def test_a_missing_key_is_an_error():
    with pytest.raises(MessageError):
        t("no.such.key")


def test_a_bad_placeholder_is_an_error():
    with pytest.raises(MessageError):
        t("game.turn", wrong=1)
    with pytest.raises(MessageError):
        t("game.turn")


def test_lax_mode_falls_back_to_english_and_reports(capsys, monkeypatch):
    monkeypatch.setattr(messages, "STRICT", False)
    monkeypatch.setitem(FR, "only.english", "x")
    monkeypatch.delitem(FR, "only.english")
    monkeypatch.setitem(EN, "only.english", "English words")
    messages.set_language("fr")
    assert t("only.english") == "English words"
    assert "only.english" in capsys.readouterr().out


def test_english_plural_rule():
    assert t("token.dice", n=1) == "1 die"
    assert t("token.dice", n=0) == "0 dice"
    assert t("token.dice", n=2) == "2 dice"


def test_french_plural_rule_zero_and_one_are_singular():
    messages.set_language("fr")
    assert t("token.dice", n=0) == "0 dé"
    assert t("token.dice", n=1) == "1 dé"
    assert t("token.dice", n=3) == "3 dés"


def test_language_follows_the_saved_choice_then_the_browser():
    assert messages.pick_language("fr", "en-US") == "fr"
    assert messages.pick_language(None, "fr-CA") == "fr"
    assert messages.pick_language("", "de-DE") == "en"
    assert messages.pick_language("xx", None) == "en"


def test_french_uses_the_french_rulebook_terms():
    messages.set_language("fr")
    assert "Camouflage" in t("game.stealth", n=3)
    assert t("kind.safe") == "Coffre"
    assert t("kind.stairs") == "Escalier"
    assert "Piratage" in t("token.hack", n=2)


NAMED = [
    ("kind", [k.value for k in TileKind]),
    ("tool", [k.value for k in Tool]),
    ("loot", [k.value for k in Loot]),
    ("event", [k.value for k in EventCard]),
    ("character", [k.value for k in Character]),
    ("ability", [a for pair in ABILITIES.values() for a in pair]),
]


@pytest.mark.parametrize("lang", sorted(CATALOGS))
@pytest.mark.parametrize(("prefix", "keys"), NAMED, ids=[p for p, _ in NAMED])
def test_every_engine_item_has_a_name_and_a_help_text(lang, prefix, keys):
    cat = CATALOGS[lang]
    for key in keys:
        assert cat.get(f"{prefix}.{key}"), (lang, prefix, key)
        assert cat.get(f"{prefix}.{key}.help"), (lang, prefix, key, "help")


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_every_ability_action_has_a_name_in_each_language(lang):
    """The buttons and hints name an ability by its action's card ('crow'), not its side's
    name ('distract'): each needs its own name, or the page shows the engine's key."""
    for card in USES:
        assert CATALOGS[lang].get(f"ability.{card}"), (lang, card)


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_both_ways_of_reroute_are_told_in_words_not_by_the_engines_token(lang):
    """Reroute's two actions (the Juicer's advanced side) were labelled 'Reroute (pick)' on
    the button and in the hint."""
    from tests.engine.builder import K, Table
    from ui.describe import action_label

    t = Table(characters=(Character.JUICER,), sides=(Side.ADVANCED,)).player(0, "1.A1")
    game = t.tile("1.A1", K.LABORATORY, alarm=True).guard(0, at="1.D4", dest="1.D3").game()
    messages.set_language(lang)
    try:
        pick = [a for a in game.legal_actions() if a.card == "reroute"]
        assert [a.option for a in pick] == ["pick"]
        game.apply(pick[0])
        for step in ("move 1.B1", "move 1.C1", "move 1.D1", "end"):  # once a turn: the next
            game.apply(step)
        drop = [a for a in game.legal_actions() if a.card == "reroute"]
        assert [a.option for a in drop] == ["drop"]
        labels = [action_label(a, ["P1"]) for a in (*pick, *drop)]
    finally:
        messages.set_language("en")
    assert len(set(labels)) == 2 and not any("(" in label for label in labels), labels


def test_every_character_has_both_sides():
    assert set(ABILITIES) == set(Character)
    for basic, advanced in ABILITIES.values():
        assert basic != advanced


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_every_decision_kind_has_a_prompt(lang):
    kinds = decision_kinds()
    assert {"alarm", "stethoscope", "buddy", "peekhole", "kitty"} <= kinds
    for kind in kinds:
        assert CATALOGS[lang].get(f"pending.{kind}"), (lang, kind)


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_every_hazard_has_a_hints_words_and_a_warning(lang):
    """The hint names each price the engine foresees, and the page asks before it (a price
    that loses the game is the losing-move net's question)."""
    for hazard in Hazard:
        assert CATALOGS[lang].get(f"autopilot.cost.{hazard}"), (lang, hazard)
        if hazard != Hazard.CAUGHT:
            assert CATALOGS[lang].get(f"story.confirm.{hazard}"), (lang, hazard)


@pytest.mark.parametrize("lang", sorted(CATALOGS))
def test_every_setup_option_says_what_it_does(lang):
    for field in dataclasses.fields(Setup):
        assert CATALOGS[lang].get(f"setup.{field.name}.help"), (lang, field.name)


def test_help_texts_are_not_copied_from_the_rule_documents():
    """No text repeats 7 words in a row of a rule document (our own words)."""
    if not RULES.is_dir() or not any(RULES.glob("*.txt")):
        pytest.skip(
            f"the rule documents are not at {RULES} (../shared/rules next to the repository):"
            " they are not part of it, and GitHub's runner has no copy"
        )
    rules = RULES
    corpus = " ".join(
        " ".join(p.read_text(errors="ignore").lower().split()) for p in rules.glob("*.txt")
    )
    strip = str.maketrans("", "", string.punctuation)
    corpus = corpus.translate(strip)
    for lang, cat in CATALOGS.items():
        for key, text in cat.items():
            if isinstance(text, Plural):
                continue
            words = text.lower().translate(strip).split()
            for i in range(len(words) - 6):
                chunk = " ".join(words[i : i + 7])
                assert chunk not in corpus, (lang, key, chunk)


def test_the_crew_list_names_the_character_only_when_the_burglar_goes_by_another_name():
    from ui.panels import crew_name

    assert crew_name("Ada", "Acrobat") == "Ada · Acrobat"
    assert crew_name("Juicer", "Juicer") == "Juicer"
    assert crew_name("juicer ", "Juicer") == "juicer "


def test_the_handover_names_the_character_only_when_the_burglar_goes_by_another_name():
    from ui.handover import whose_turn

    assert whose_turn("Ada", "Acrobat") == "It is Ada's turn (Acrobat)."
    assert whose_turn("Acrobat", "Acrobat") == "It is Acrobat's turn."
    messages.set_language("fr")
    assert whose_turn("Acrobate", "Acrobate") == "C'est au tour d'Acrobate."


def test_french_elides_de_before_a_filled_in_name_that_starts_with_a_vowel():
    messages.set_language("fr")
    assert messages.t("game.current", name="Élise") == "Au tour d'Élise"
    assert messages.t("game.current", name="Ada") == "Au tour d'Ada"
    assert messages.t("game.current", name="Hawk") == "Au tour de Hawk"
    assert messages.t("log.PlayerMoved", player="Ada", src="1.A1", dst="1.A2") == (
        "Ada va de 1.A1 à 1.A2"
    )
    messages.set_language("en")
    assert messages.t("game.current", name="Ada") == "Ada's turn"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_name_ending_with_its_own_stop_ends_the_sentence_with_one(lang):
    messages.set_language(lang)
    label = messages.t("act.use", card=messages.t("tool.emp"))
    hint = messages.t("autopilot.hint", action=label, why="")
    assert ".." not in hint and hint.rstrip().endswith("E.M.P.")
    assert messages.t("autopilot.hint", action="End turn", why="").rstrip().endswith("turn.")
