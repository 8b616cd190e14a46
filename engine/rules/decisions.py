"""One typed payload per kind of decision: what the deciding player is asked about.

The state keeps a pending decision in one generic, JSON-friendly `Decision` record (its
`pos`, `floor`, `n`, `source` and `data` fields mean different things per kind). Code
outside the rules reads it through `payload_of(decision)`, which names every field:

    >>> from engine.rules.state import Decision
    >>> payload_of(Decision(DecisionKind.ALARM, ["hack", "trigger"], pos=70, source="laser"))
    AlarmPayload(pos=70, source='laser')

`PAYLOADS` maps every `DecisionKind` to its payload class (a test checks none is missing).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import ClassVar

from .kinds import DecisionKind
from .state import Decision


@dataclass(frozen=True, slots=True)
class Payload:
    """The base of every payload: a frozen record with `to_dict()`."""

    kind: ClassVar[DecisionKind]

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def of(cls, d: Decision) -> Payload:
        return cls()


@dataclass(frozen=True, slots=True)
class AlarmPayload(Payload):
    """An alarm is about to go off at `pos`, raised by `source` (a tile kind or a card)."""

    kind = DecisionKind.ALARM
    pos: int
    source: str

    @classmethod
    def of(cls, d: Decision) -> AlarmPayload:
        return cls(d.pos, d.source)


@dataclass(frozen=True, slots=True)
class FloorPayload(Payload):
    """A choice about the guard of `floor` (ties between alarms or burglars)."""

    floor: int

    @classmethod
    def of(cls, d: Decision) -> FloorPayload:
        return cls(d.floor)


@dataclass(frozen=True, slots=True)
class AlarmTiePayload(FloorPayload):
    kind = DecisionKind.ALARM_TIE


@dataclass(frozen=True, slots=True)
class SqueakPayload(FloorPayload):
    kind = DecisionKind.SQUEAK


@dataclass(frozen=True, slots=True)
class SwitchAlarmPayload(FloorPayload):
    kind = DecisionKind.SWITCH_ALARM


@dataclass(frozen=True, slots=True)
class WhereAlarmPayload(FloorPayload):
    kind = DecisionKind.WHERE_ALARM


@dataclass(frozen=True, slots=True)
class CrystalBallPayload(Payload):
    """The options are the orders of the top Event cards (shown to the player)."""

    kind = DecisionKind.CRYSTAL_BALL


@dataclass(frozen=True, slots=True)
class VirusPayload(Payload):
    """`left` hack tokens are still to place, this one included."""

    kind = DecisionKind.VIRUS
    left: int

    @classmethod
    def of(cls, d: Decision) -> VirusPayload:
        return cls(d.n)


@dataclass(frozen=True, slots=True)
class KittyPayload(Payload):
    kind = DecisionKind.KITTY


@dataclass(frozen=True, slots=True)
class BuddyPayload(Payload):
    kind = DecisionKind.BUDDY


@dataclass(frozen=True, slots=True)
class GutPayload(Payload):
    kind = DecisionKind.GUT


@dataclass(frozen=True, slots=True)
class PeekholePayload(Payload):
    kind = DecisionKind.PEEKHOLE


@dataclass(frozen=True, slots=True)
class ThrowVoicePayload(Payload):
    kind = DecisionKind.THROW_VOICE


@dataclass(frozen=True, slots=True)
class ShiftOrderPayload(Payload):
    kind = DecisionKind.SHIFT_ORDER


@dataclass(frozen=True, slots=True)
class StethoscopePayload(Payload):
    """The Crack at the safe `pos` rolled `dice`; options turn one die to another face."""

    kind = DecisionKind.STETHOSCOPE
    pos: int
    dice: tuple[int, ...]

    @classmethod
    def of(cls, d: Decision) -> StethoscopePayload:
        return cls(d.pos, tuple(int(x) for x in d.data))


@dataclass(frozen=True, slots=True)
class ClairvoyancePayload(Payload):
    """The Spotter saw `seen` (a position text or 'lost-visual') on `floor`'s patrol deck."""

    kind = DecisionKind.CLAIRVOYANCE
    floor: int
    seen: str

    @classmethod
    def of(cls, d: Decision) -> ClairvoyancePayload:
        return cls(d.floor, d.data[0] if d.data else "")


@dataclass(frozen=True, slots=True)
class PrecognitionPayload(Payload):
    """The Spotter saw `seen`, the top Event card."""

    kind = DecisionKind.PRECOGNITION
    seen: str

    @classmethod
    def of(cls, d: Decision) -> PrecognitionPayload:
        return cls(d.data[0] if d.data else "")


@dataclass(frozen=True, slots=True)
class RiggerDrawPayload(Payload):
    """`player` drew the Tools `drawn` (for `source`) and keeps one of them."""

    kind = DecisionKind.RIGGER_DRAW
    player: int
    source: str
    drawn: tuple[str, ...]

    @classmethod
    def of(cls, d: Decision) -> RiggerDrawPayload:
        return cls(d.n, d.source, tuple(d.data))


@dataclass(frozen=True, slots=True)
class RiggerOfferPayload(Payload):
    """`player` finds a Tool (for `source`) and may draw two and keep one, or draw one."""

    kind = DecisionKind.RIGGER_OFFER
    player: int
    source: str

    @classmethod
    def of(cls, d: Decision) -> RiggerOfferPayload:
        return cls(d.n, d.source)


@dataclass(frozen=True, slots=True)
class TileStealthPayload(Payload):
    """`player` on `pos` must lose a Stealth (`source` says why): the tile's or their own."""

    kind = DecisionKind.TILE_STEALTH
    player: int
    pos: int
    source: str

    @classmethod
    def of(cls, d: Decision) -> TileStealthPayload:
        return cls(d.n, d.pos, d.source)


PAYLOADS: dict[DecisionKind, type[Payload]] = {
    cls.kind: cls
    for cls in (
        AlarmPayload,
        AlarmTiePayload,
        CrystalBallPayload,
        VirusPayload,
        KittyPayload,
        BuddyPayload,
        GutPayload,
        PeekholePayload,
        SqueakPayload,
        SwitchAlarmPayload,
        WhereAlarmPayload,
        ThrowVoicePayload,
        ShiftOrderPayload,
        StethoscopePayload,
        ClairvoyancePayload,
        PrecognitionPayload,
        RiggerDrawPayload,
        RiggerOfferPayload,
        TileStealthPayload,
    )
}


def payload_of(d: Decision) -> Payload:
    """The typed payload of a pending decision."""
    return PAYLOADS[DecisionKind(d.kind)].of(d)


# The words of options that carry several values, for the page (one spelling, written here):
#   Stethoscope: '2-6' turns die 2 (from 1) to a 6;
#   Shift Change and Crystal Ball: '2,3' or 'squeak,crash,lampshade', an order (first first).


def die_face_option(die: int, face: int) -> str:
    """The Stethoscope's option turning die `die` (counted from 1) to `face`: '2-6'."""
    return f"{die}-{face}"


def parse_die_face(option: str) -> tuple[int, int] | None:
    """'2-6' -> (2, 6); None for any other option (like 'keep')."""
    die, dash, face = option.partition("-")
    if not dash or not die.isdigit() or not face.isdigit():
        return None
    return int(die), int(face)


def order_option(items: Iterable[object]) -> str:
    """An order of cards or floors, first first: ('squeak', 'crash') -> 'squeak,crash'."""
    return ",".join(str(x) for x in items)


def parse_order(option: str) -> list[str]:
    """An order option ('2,3', 'squeak,crash,lampshade') -> its items, first first."""
    return option.split(",")
