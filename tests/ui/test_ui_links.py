"""ui.links in CPython: game links carry setup + actions, checked, bounded, never state."""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import pytest

import engine
from engine import Setup, new_game, replay
from engine.io import links as codec
from tools.long_game import bank_500
from ui import links, urlparams

ROOT = Path(__file__).resolve().parents[1] / "fixtures"
GAMES = sorted((ROOT / "games").glob("*.json"))
LONG = bank_500()  # made, not stored: it stays legal while the rules change
WIN = json.loads((ROOT / "games" / "bank_2p_win.json").read_text())


def params_of(query: str) -> dict[str, str]:
    return urlparams.parse(query)


def packed(doc: dict) -> str:
    return codec.pack_actions(doc["setup"], doc["actions"])


def opened_with(doc: dict, a: str, **extra: str) -> links.Opened:
    params = {"game": doc["setup"], "v": engine.__version__, "a": a, **extra}
    return links.open_link(params)


def is_legal_game(code: str, actions: list[str]) -> bool:
    game = new_game(Setup.from_code(code))
    for text in actions:
        if game.parse_action(text) not in game.legal_actions():
            return False
        game.apply(text)
    return True


@pytest.mark.parametrize("name", [p.stem for p in GAMES] + ["bank_500"])
def test_a_link_round_trips_every_action(name: str) -> None:
    doc = LONG if name == "bank_500" else json.loads((ROOT / "games" / f"{name}.json").read_text())
    opened = links.open_link(params_of(links.link_query(doc["setup"], doc["actions"])))
    assert opened.problem == ""
    assert opened.code == doc["setup"]
    assert opened.actions == doc["actions"]
    assert opened.claimed == len(doc["actions"])
    assert not opened.watch


def test_every_prefix_of_a_game_round_trips() -> None:
    for k in range(0, 40):
        opened = opened_with(WIN, codec.pack_actions(WIN["setup"], WIN["actions"][:k]))
        assert (opened.problem, opened.actions) == ("", WIN["actions"][:k])


def test_a_watch_link_says_so_and_a_setup_link_has_no_actions() -> None:
    query = links.link_query(WIN["setup"], WIN["actions"], watch=True)
    assert links.open_link(params_of(query)).watch
    bare = links.open_link({"game": WIN["setup"]})
    assert (bare.actions, bare.problem) == ([], "")
    assert not links.has_actions({"game": WIN["setup"]})
    assert links.has_actions(params_of(query))


def test_a_500_action_bank_job_fits_in_4000_characters() -> None:
    assert len(LONG["actions"]) == 500
    assert LONG["setup"].startswith("1.b.")
    query = links.link_query(LONG["setup"], LONG["actions"])
    assert len("https://example.github.io/burgle-bros/index.html" + query) <= 4000
    assert not replay(Setup.from_code(LONG["setup"]), LONG["actions"]).is_over()


def test_a_link_is_only_url_safe_characters() -> None:
    query = links.link_query(LONG["setup"], LONG["actions"], watch=True)
    allowed = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=&?")
    assert set(query) <= allowed


def test_a_forced_action_takes_no_byte() -> None:
    """An action that was the only legal one is not written: the reader knows it."""
    code = WIN["setup"]
    indices = codec.action_indices(code, WIN["actions"])
    forced = sum(1 for _, n in indices if n == 1)
    assert forced > 0
    raw = bytearray()
    codec.put_varint(raw, len(WIN["actions"]))
    for index, n in indices:
        if n > 1:
            codec.put_varint(raw, index)
    checks = 2 * -(-len(WIN["actions"]) // codec.BLOCK)
    a = codec.pack_actions(code, WIN["actions"])
    assert len(codec._unpack(a)) == len(raw) + checks


def test_an_illegal_action_cannot_be_put_in_a_link() -> None:
    with pytest.raises(engine.IllegalActionError):
        codec.pack_actions(WIN["setup"], ["enter 1.A1", "crack"])


def test_a_spoilt_character_opens_the_game_before_the_spoilt_block() -> None:
    a = packed(LONG)
    raw = codec._unpack(a)
    tried = 0
    for at in (5, len(a) // 3, len(a) // 2, len(a) - 3):
        ch = a[at]
        spoilt = a[:at] + ("A" if ch != "A" else "B") + a[at + 1 :]
        if codec._unpack(spoilt).startswith(raw):
            continue  # the change only added bytes past the end: nothing was spoilt
        tried += 1
        opened = opened_with(LONG, spoilt)
        assert opened.problem in ("bad", "cut", "unreadable"), at
        assert opened.actions == LONG["actions"][: len(opened.actions)]
        assert len(opened.actions) % codec.BLOCK == 0
        assert len(opened.actions) < 500
    assert tried >= 3


def test_a_check_catches_a_changed_index() -> None:
    """Changing one index gives another legal game, which the block check refuses."""
    raw = bytearray(codec._unpack(packed(WIN)))
    _, at = codec.get_varint(bytes(raw), 0)
    raw[at + 3] ^= 1  # the fourth written index of the first block
    spoilt = "r" + codec._b64(bytes(raw))
    opened = opened_with(WIN, spoilt)
    assert opened.problem == "bad"
    assert opened.actions == []


def test_a_cut_link_opens_at_the_last_checked_action() -> None:
    a = packed(LONG)
    for keep in range(2, len(a), 37):
        opened = opened_with(LONG, a[:keep])
        assert opened.problem == "cut", keep
        assert opened.claimed in (0, 500)  # 0: not even the count was left
        assert opened.actions == LONG["actions"][: len(opened.actions)]
        assert len(opened.actions) % codec.BLOCK == 0
    assert opened_with(LONG, a[: len(a) * 3 // 4]).actions  # most of it survives


def test_the_check_covers_the_setup() -> None:
    other = WIN["setup"].replace("1.b.", "1.b.", 1).split(".")
    other[2] = "zz"  # another seed: another building
    code = ".".join(other)
    opened = links.open_link({"game": code, "v": engine.__version__, "a": packed(WIN)})
    assert opened.problem == "bad"
    assert is_legal_game(code, opened.actions)


def test_another_engine_version_opens_only_the_setup() -> None:
    opened = opened_with(WIN, packed(WIN), v="0.0.1")
    assert opened.problem == "version"
    assert opened.version == "0.0.1"
    assert (opened.code, opened.actions) == (WIN["setup"], [])


def test_a_link_without_a_usable_setup_is_refused() -> None:
    with pytest.raises(links.LinkError):
        links.open_link({"a": packed(WIN)})
    with pytest.raises(links.LinkError):
        links.open_link({"game": "9.x.y", "a": packed(WIN)})
    with pytest.raises(links.LinkError):
        links.open_link({"game": "1." * 400, "a": packed(WIN)})


@pytest.mark.parametrize("seed", range(30))
def test_any_bytes_decode_to_a_legal_game(seed: int) -> None:
    rnd = random.Random(seed)
    raw = bytearray([rnd.randrange(1, 60)])  # a count, then noise
    raw += bytes(rnd.randrange(256) for _ in range(rnd.randrange(0, 80)))
    for a in ("r" + codec._b64(bytes(raw)), "z" + codec._b64(bytes(raw))):
        opened = opened_with(WIN, a)
        assert is_legal_game(WIN["setup"], opened.actions)


def test_sizes_are_bounded_before_decoding() -> None:
    too_long = "z" + "A" * (codec.MAX_PACKED_CHARS + 1)
    assert opened_with(WIN, too_long).problem == "unreadable"
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = bomb.compress(b"\x01" * 10_000_000) + bomb.flush()
    assert len(data) < 20_000
    opened = opened_with(WIN, "z" + codec._b64(data))
    assert opened.problem in ("bad", "unreadable", "cut")
    big = bytearray()
    codec.put_varint(big, codec.MAX_LINK_ACTIONS + 1)
    assert opened_with(WIN, "r" + codec._b64(bytes(big))).problem == "unreadable"
    assert opened_with(WIN, "r" + codec._b64(b"\xff" * 12)).problem == "unreadable"
    assert opened_with(WIN, "q" + packed(WIN)[1:]).problem == "unreadable"
    assert opened_with(WIN, "").problem == ""  # no actions at all: the setup opens
    assert opened_with(WIN, "r").problem == "cut"


def test_inflating_stops_at_the_bound() -> None:
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = bomb.compress(b"\x00" * 5_000_000) + bomb.flush()
    assert len(codec._unpack("z" + codec._b64(data))) == codec.MAX_RAW_BYTES


def test_varints_round_trip() -> None:
    for value in (0, 1, 127, 128, 300, 2**20, 2**28 - 1):
        out = bytearray()
        codec.put_varint(out, value)
        assert codec.get_varint(bytes(out), 0) == (value, len(out))
    with pytest.raises(IndexError):
        codec.get_varint(b"\x80", 0)


def test_a_link_fits_the_query_the_page_reads() -> None:
    assert codec.MAX_PACKED_CHARS <= urlparams.MAX_SEARCH
    assert links.fits(links.link_query(LONG["setup"], LONG["actions"]))
    assert not links.fits("?game=x&a=" + "A" * urlparams.MAX_SEARCH)
