"""The compact action record that game links carry: a setup's actions in a few bytes.

The action list is packed against the engine, not a grammar of its own: each action is
written as its index in `Game.legal_actions()` at that point, as a varint, and an action
that was the only legal one is not written at all. Whatever the bytes say, decoding can
only produce actions the engine listed, so any record decodes to a legal game. Every
`BLOCK` actions (and after the last one) two check bytes follow: the low 16 bits of a
running CRC-32 over the engine version, the setup code, the action count and the
actions' texts. A tampered or cut record is replayed up to the last block whose check holds.

    raw    = varint(count) (varint(index)* check16)*     indices only where > 1 choice
    packed = "z" + base64url(raw deflate(raw))  or  "r" + base64url(raw), the shorter

Every size is bounded before any work: the packed text, the decoded bytes, the count. Both
ways replay through the match record (`engine.io.match.Match`). The page's links
(`ui/links.py`) put the packed text in a URL next to the setup code and the version.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from dataclasses import dataclass, field

from .. import __version__
from ..rules.actions import Action, IllegalActionError
from ..rules.setup import Setup
from .match import Match

LINK_FORMAT = "1"
BLOCK = 16
MAX_PACKED_CHARS = 4096  # a 500-action Bank Job needs under 500 (a page's whole query)
MAX_RAW_BYTES = 32_768  # after inflating: bounds the work whatever the link says
MAX_LINK_ACTIONS = 6_000  # a long four-player Fort Knox stays well under this
MAX_CODE_CHARS = 600  # engine.rules.setup.MAX_CODE_LENGTH
_CHUNK = 256  # inflate in pieces, so that a corrupt tail still gives the bytes before it


class PackError(ValueError):
    """An action list too long for a record."""


# ---------------------------------------------------------------------- varints


def put_varint(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError("varints are not negative")
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def get_varint(data: bytes, at: int) -> tuple[int, int]:
    """(value, next offset); IndexError when the bytes end first, ValueError if too long."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, at
        shift += 7
        if shift > 28:
            raise ValueError("varint too long")


# ---------------------------------------------------------------------- checks


def _seed(version: str, code: str, count: int) -> int:
    return zlib.crc32(f"burgle-link|{LINK_FORMAT}|{version}|{code}|{count}".encode())


def _step(crc: int, text: str) -> int:
    return zlib.crc32(text.encode() + b"\n", crc)


def _check16(crc: int) -> bytes:
    return (crc & 0xFFFF).to_bytes(2, "big")


# ---------------------------------------------------------------------- encoding


def action_indices(code: str, actions: list[str]) -> list[tuple[int, int]]:
    """(index in legal_actions(), number of legal actions) for each action, by replaying.

    ActionParseError for a text that is no action, IllegalActionError for one that is not
    legal where it stands."""
    match = Match.start(code)
    out = []
    for i, text in enumerate(actions):
        legal = match.game.legal_actions()
        action = Action.parse(text)
        try:
            index = legal.index(action)
        except ValueError:
            raise IllegalActionError(f"action {i + 1} ({text}) is not legal there") from None
        out.append((index, len(legal)))
        match.play(action)
    return out


def pack_actions(code: str, actions: list[str], version: str = "") -> str:
    """The packed record of this game's actions (replays them once)."""
    version = version or __version__
    if len(actions) > MAX_LINK_ACTIONS:
        raise PackError(f"a link holds at most {MAX_LINK_ACTIONS} actions")
    indices = action_indices(code, actions)
    raw = bytearray()
    put_varint(raw, len(actions))
    crc = _seed(version, code, len(actions))
    for i, (text, (index, choices)) in enumerate(zip(actions, indices, strict=True)):
        if choices > 1:
            put_varint(raw, index)
        crc = _step(crc, text)
        if (i + 1) % BLOCK == 0 or i + 1 == len(actions):
            raw += _check16(crc)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    deflated = packer.compress(bytes(raw)) + packer.flush()
    plain = "r" + _b64(bytes(raw))
    squeezed = "z" + _b64(deflated)
    return squeezed if len(squeezed) < len(plain) else plain


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# ---------------------------------------------------------------------- decoding


@dataclass
class Unpacked:
    """What a packed record gave: the actions that checked out, and what went wrong.

    `problem` is '' (all well), 'version' (another engine: no actions), 'cut' (the record
    stops early: `claimed` actions announced, `len(actions)` kept), 'bad' (an action or a
    check failed after `len(actions)` actions) or 'unreadable' (the action list could not
    be read at all)."""

    actions: list[str] = field(default_factory=list)
    claimed: int = 0
    problem: str = ""


def unpack_actions(code: str, version: str, packed: str) -> Unpacked:
    """The actions of a packed record for the game of `code` (a valid setup code), made by
    engine `version`: the longest prefix whose checks hold, and the problem if any."""
    out = Unpacked()
    if not packed:
        return out
    if version != __version__:
        out.problem = "version"
        return out
    if len(packed) > MAX_PACKED_CHARS or packed[0] not in "rz":
        out.problem = "unreadable"
        return out
    _replay_packed(out, Setup.from_code(code), code, version, _unpack(packed))
    return out


def _unpack(packed: str) -> bytes:
    """The raw bytes, as many as could be read (a cut or spoilt tail gives fewer)."""
    kind, data = packed[:1], _b64_prefix(packed[1:])
    if kind == "r":
        return data[:MAX_RAW_BYTES]
    if kind != "z":
        return b""
    inflater = zlib.decompressobj(-15)
    out = bytearray()
    try:
        for start in range(0, len(data), _CHUNK):
            out += inflater.decompress(data[start : start + _CHUNK], MAX_RAW_BYTES - len(out))
            if len(out) >= MAX_RAW_BYTES:
                break
    except zlib.error:
        pass  # keep what came before the damage
    return bytes(out)


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _b64_prefix(text: str) -> bytes:
    """Decode the longest readable prefix of unpadded base64url text."""
    good = 0
    for ch in text:
        if ch not in _B64:
            break
        good += 1
    if good % 4 == 1:  # a lone last character carries no whole byte
        good -= 1
    head = text[:good]
    try:
        return base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))
    except (binascii.Error, ValueError):  # pragma: no cover - the alphabet was checked
        return b""


def _replay_packed(opened: Unpacked, setup: Setup, code: str, version: str, raw: bytes) -> None:
    """Replay the raw action bytes into `opened.actions`, keeping only checked blocks."""
    try:
        count, at = get_varint(raw, 0)
    except IndexError:  # not even the count: cut (or spoilt) right at the start
        opened.problem = "cut"
        return
    except ValueError:
        opened.problem = "unreadable"
        return
    if count > MAX_LINK_ACTIONS:
        opened.problem = "unreadable"
        return
    opened.claimed = count
    match = Match.start(setup)
    crc = _seed(version, code, count)
    block: list[str] = []
    kept: list[str] = opened.actions
    for i in range(count):
        legal = match.game.legal_actions()
        if not legal:
            opened.problem = "bad"
            return
        index = 0
        if len(legal) > 1:
            try:
                index, at = get_varint(raw, at)
            except IndexError:
                opened.problem = "cut"
                return
            except ValueError:
                opened.problem = "bad"
                return
            if index >= len(legal):
                opened.problem = "bad"
                return
        action = legal[index]
        text = str(action)
        match.play(action)
        crc = _step(crc, text)
        block.append(text)
        if (i + 1) % BLOCK == 0 or i + 1 == count:
            check = raw[at : at + 2]
            at += 2
            if len(check) < 2:
                opened.problem = "cut"
                return
            if check != _check16(crc):
                opened.problem = "bad"
                return
            kept.extend(block)
            block = []
