"""The words of multi-value decision options, as the engine offers them and the page reads them."""

from __future__ import annotations

from engine.rules.decisions import die_face_option, order_option, parse_die_face, parse_order


def test_a_stethoscope_option_names_the_die_and_its_new_face():
    assert die_face_option(2, 6) == "2-6"
    assert parse_die_face("2-6") == (2, 6)
    assert parse_die_face("keep") is None and parse_die_face("2-") is None


def test_an_order_option_lists_its_items_first_first():
    assert parse_order("2,3") == ["2", "3"]
    assert parse_order("squeak,crash,lampshade") == ["squeak", "crash", "lampshade"]


def test_an_order_is_written_and_read_with_one_spelling():
    assert order_option([2, 3]) == "2,3"
    assert parse_order(order_option(["squeak", "crash"])) == ["squeak", "crash"]
