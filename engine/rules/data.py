"""Game data of Burgle Bros.: tiles, scenarios, wall layouts, cards. The one place for facts.

Everything here is a fact of the physical game (see shared/rules/game-data.md), encoded as
typed, immutable values. Rules code never repeats these numbers as literals.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class TileKind(StrEnum):
    ATRIUM = "atrium"
    CAMERA = "camera"
    COMPUTER_FINGERPRINT = "computer-fingerprint"
    COMPUTER_LASER = "computer-laser"
    COMPUTER_MOTION = "computer-motion"
    DEADBOLT = "deadbolt"
    DETECTOR = "detector"
    FINGERPRINT = "fingerprint"
    FOYER = "foyer"
    KEYPAD = "keypad"
    LABORATORY = "laboratory"
    LASER = "laser"
    LAVATORY = "lavatory"
    MOTION = "motion"
    SECRET_DOOR = "secret-door"
    SERVICE_DUCT = "service-duct"
    THERMO = "thermo"
    WALKWAY = "walkway"
    STAIRS = "stairs"
    SAFE = "safe"


COMPUTERS: frozenset[TileKind] = frozenset(
    {TileKind.COMPUTER_FINGERPRINT, TileKind.COMPUTER_LASER, TileKind.COMPUTER_MOTION}
)

# Which computer's hack tokens cancel which alarm tile.
COMPUTER_FOR_ALARM: dict[TileKind, TileKind] = {
    TileKind.FINGERPRINT: TileKind.COMPUTER_FINGERPRINT,
    TileKind.LASER: TileKind.COMPUTER_LASER,
    TileKind.MOTION: TileKind.COMPUTER_MOTION,
}

# Tiles whose own rules can raise an alarm (used by the Persian Kitty and the UI).
ALARM_TILES: frozenset[TileKind] = frozenset(
    {
        TileKind.CAMERA,
        TileKind.DETECTOR,
        TileKind.FINGERPRINT,
        TileKind.LASER,
        TileKind.MOTION,
        TileKind.THERMO,
    }
)


@dataclass(frozen=True, slots=True)
class TileSpec:
    """One physical tile: its kind, printed combination number and circle colour."""

    kind: TileKind
    number: int  # 1-6; 0 for Safe (no number of its own)
    office: bool  # white circle: used in The Office Job


def _tiles(kind: TileKind, white: tuple[int, ...], black: tuple[int, ...] = ()) -> list[TileSpec]:
    specs = [TileSpec(kind, n, True) for n in white] + [TileSpec(kind, n, False) for n in black]
    return sorted(specs, key=lambda s: s.number)


_K = TileKind
ROOM_TILES: tuple[TileSpec, ...] = tuple(
    _tiles(_K.ATRIUM, (), (3, 4))
    + _tiles(_K.CAMERA, (2, 3, 6), (1,))
    + _tiles(_K.COMPUTER_FINGERPRINT, (4,))
    + _tiles(_K.COMPUTER_LASER, (5,))
    + _tiles(_K.COMPUTER_MOTION, (6,))
    + _tiles(_K.DEADBOLT, (2, 3), (1,))
    + _tiles(_K.DETECTOR, (), (4, 5, 6))
    + _tiles(_K.FINGERPRINT, (4, 5), (6,))
    + _tiles(_K.FOYER, (1, 2))
    + _tiles(_K.KEYPAD, (4, 6), (5,))
    + _tiles(_K.LABORATORY, (3,), (4,))
    + _tiles(_K.LASER, (1, 2), (3,))
    + _tiles(_K.LAVATORY, (5,))
    + _tiles(_K.MOTION, (1, 3), (2,))
    + _tiles(_K.SECRET_DOOR, (1, 2))
    + _tiles(_K.SERVICE_DUCT, (5, 6))
    + _tiles(_K.THERMO, (1, 2), (3,))
    + _tiles(_K.WALKWAY, (1, 3), (2,))
)
STAIRS_TILES: tuple[TileSpec, ...] = tuple(_tiles(_K.STAIRS, (4, 5), (6,)))
SAFE_TILES: tuple[TileSpec, ...] = (
    TileSpec(_K.SAFE, 0, True),
    TileSpec(_K.SAFE, 0, True),
    TileSpec(_K.SAFE, 0, False),
)
ALL_TILES: tuple[TileSpec, ...] = ROOM_TILES + STAIRS_TILES + SAFE_TILES


class ScenarioId(StrEnum):
    OFFICE = "office"
    BANK = "bank"
    FORT_KNOX = "fortknox"


Wall = tuple[int, int]  # (a, b) cell indices on one floor, a < b, orthogonal neighbours


@dataclass(frozen=True, slots=True)
class Scenario:
    id: ScenarioId
    floors: int
    size: int  # floors are size x size
    walls_per_floor: int
    guard_speeds: tuple[int, ...]  # starting speed of each floor's guard die, floor 1 first
    safes: int
    # Standard wall layouts, floor 1 first; None where no verified layout exists (Fort Knox).
    standard_walls: tuple[tuple[Wall, ...], ...] | None
    has_empty_square: bool = False


# A cell is row * ROW_STRIDE + col on every floor size, so a cell's name never depends on
# the floor size (A1 = 0, B1 = 1, A2 = 8).
ROW_STRIDE = 8


def cell_index(name: str, size: int = ROW_STRIDE) -> int:
    """'B3' -> cell (row * ROW_STRIDE + col); raises ValueError outside a size x size floor.

    One spelling only: an ASCII capital column letter and one ASCII row digit ('b3', 'B03',
    'B 3' and other scripts' digits are refused)."""
    if not isinstance(name, str) or len(name) != 2 or not name.isascii():
        raise ValueError(f"not a cell name: {name!r}")
    col = ord(name[0]) - ord("A")
    row = ord(name[1]) - ord("1")
    if not (0 <= col < ROW_STRIDE and 0 <= row < ROW_STRIDE):
        raise ValueError(f"not a cell name: {name!r}")
    if not (col < size and row < size):
        raise ValueError(f"cell {name!r} is outside a {size}x{size} floor")
    return row * ROW_STRIDE + col


def _spell_cell(cell: int) -> str:
    return f"{chr(ord('A') + cell % ROW_STRIDE)}{cell // ROW_STRIDE + 1}"


# Every cell's name, spelled once: the view names each tile on every call (speed).
_CELL_NAMES = tuple(_spell_cell(cell) for cell in range(ROW_STRIDE * ROW_STRIDE))


def cell_name(cell: int) -> str:
    """cell -> 'B3'."""
    if 0 <= cell < len(_CELL_NAMES):
        return _CELL_NAMES[cell]
    return _spell_cell(cell)


def _walls(spec: str, size: int) -> tuple[Wall, ...]:
    """Parse 'A1|B1 B1-B2': '|' joins same-row cells, '-' same-column cells."""
    walls: list[Wall] = []
    for token in spec.split():
        sep = "|" if "|" in token else "-"
        left, right = token.split(sep)
        a, b = sorted((cell_index(left, size), cell_index(right, size)))
        if sep == "|" and not (b == a + 1 and a // ROW_STRIDE == b // ROW_STRIDE):
            raise ValueError(f"bad wall {token}")
        if sep == "-" and b != a + ROW_STRIDE:
            raise ValueError(f"bad wall {token}")
        walls.append((a, b))
    return tuple(sorted(walls))


SCENARIOS: dict[ScenarioId, Scenario] = {
    ScenarioId.OFFICE: Scenario(
        id=ScenarioId.OFFICE,
        floors=2,
        size=4,
        walls_per_floor=8,
        guard_speeds=(2, 3),
        safes=2,
        standard_walls=(
            _walls("A1|B1 B1|C1 A2|B2 C2|D2 B3|C3 D1-D2 B3-B4 D3-D4", 4),
            _walls("A2|B2 B2|C2 C2|D2 A3|B3 B3|C3 D1-D2 A2-A3 D3-D4", 4),
        ),
    ),
    ScenarioId.BANK: Scenario(
        id=ScenarioId.BANK,
        floors=3,
        size=4,
        walls_per_floor=8,
        guard_speeds=(2, 3, 4),
        safes=3,
        standard_walls=(
            _walls("A1|B1 C2|D2 A4|B4 B4|C4 C1-C2 A2-A3 B2-B3 D3-D4", 4),
            _walls("A1|B1 B1|C1 C1|D1 A4|B4 B4|C4 C4|D4 B2-B3 C2-C3", 4),
            _walls("A2|B2 C2|D2 A3|B3 B3|C3 C4|D4 C1-C2 A2-A3 C2-C3", 4),
        ),
    ),
    ScenarioId.FORT_KNOX: Scenario(
        id=ScenarioId.FORT_KNOX,
        floors=2,
        size=5,
        walls_per_floor=12,
        guard_speeds=(3, 4),
        safes=3,
        standard_walls=None,
        has_empty_square=True,
    ),
}

FORT_KNOX_DEFAULT_EMPTY = "C3"

# Limits printed in the rules.
MAX_HACK_TOKENS = 6
MAX_SAFE_DICE = 6
MAX_GUARD_SPEED = 6
START_STEALTH = 3
ACTIONS_PER_TURN = 4
LAVATORY_STEALTH = 3
# Patrol cards set aside unseen at every deck build, by number of players.
PATROL_DISCARDS: dict[int, int] = {1: 9, 2: 6, 3: 3, 4: 0}


class Character(StrEnum):
    ACROBAT = "acrobat"
    HACKER = "hacker"
    HAWK = "hawk"
    JUICER = "juicer"
    PETERMAN = "peterman"
    RAVEN = "raven"
    RIGGER = "rigger"
    ROOK = "rook"
    SPOTTER = "spotter"


class Side(StrEnum):
    BASIC = "basic"
    ADVANCED = "advanced"


# The ability on each side of each character card.
ABILITIES: dict[Character, tuple[str, str]] = {
    Character.ACROBAT: ("flexibility", "climb-window"),
    Character.HACKER: ("jammer", "laptop"),
    Character.HAWK: ("x-ray", "enhance"),
    Character.JUICER: ("crybaby", "reroute"),
    Character.PETERMAN: ("steady-hands", "drill"),
    Character.RAVEN: ("distract", "disrupt"),
    Character.RIGGER: ("the-solution", "tinker"),
    Character.ROOK: ("orders", "disguise"),
    Character.SPOTTER: ("clairvoyance", "precognition"),
}


class Tool(StrEnum):
    BLUEPRINTS = "blueprints"
    CROWBAR = "crowbar"
    CRYSTAL_BALL = "crystal-ball"
    DONUTS = "donuts"
    DYNAMITE = "dynamite"
    EMP = "emp"
    INVISIBLE_SUIT = "invisible-suit"
    MAKEUP_KIT = "makeup-kit"
    ROLLERSKATES = "rollerskates"
    SMOKE_BOMB = "smoke-bomb"
    STETHOSCOPE = "stethoscope"
    THERMAL_BOMB = "thermal-bomb"
    VIRUS = "virus"


class Loot(StrEnum):
    BUST = "bust"
    CHIHUAHUA = "chihuahua"
    CURSED_GOBLET = "cursed-goblet"
    GEMSTONE = "gemstone"
    GOLD_BAR = "gold-bar"
    ISOTOPE = "isotope"
    KEYCARD = "keycard"
    MIRROR = "mirror"
    PAINTING = "painting"
    PERSIAN_KITTY = "persian-kitty"
    STAMP = "stamp"
    TIARA = "tiara"


# The Loot cards in the box: one of each kind (the deck is dealt from `Loot`) and a second
# Gold Bar, which waits outside the deck and is put on the Safe when the first one is drawn.
LOOT_CARDS_TOTAL = 13


class EventCard(StrEnum):
    BROWN_OUT = "brown-out"
    BUDDY_SYSTEM = "buddy-system"
    CHANGE_OF_PLANS = "change-of-plans"
    CRASH = "crash"
    DAYDREAMING = "daydreaming"
    DEAD_DROP = "dead-drop"
    ESPRESSO = "espresso"
    FREIGHT_ELEVATOR = "freight-elevator"
    GO_WITH_YOUR_GUT = "go-with-your-gut"
    GYMNASTICS = "gymnastics"
    HEADS_UP = "heads-up"
    JUMP_THE_GUN = "jump-the-gun"
    JURY_RIG = "jury-rig"
    KEYCODE_CHANGE = "keycode-change"
    LAMPSHADE = "lampshade"
    LOST_GRIP = "lost-grip"
    PEEKHOLE = "peekhole"
    REBOOT = "reboot"
    SHIFT_CHANGE = "shift-change"
    SHOPLIFTING = "shoplifting"
    SQUEAK = "squeak"
    SWITCH_SIGNS = "switch-signs"
    THROW_VOICE = "throw-voice"
    TIME_LOCK = "time-lock"
    VIDEO_LOOP = "video-loop"
    WHERE_IS_HE = "where-is-he"


# Solo games (one burglar) leave out the cards that need a second burglar; the Gold Bars go
# too, since one burglar may carry only one of them (rulings R40, R41).
SOLO_EVENTS_REMOVED: frozenset[EventCard] = frozenset(
    {EventCard.BUDDY_SYSTEM, EventCard.DEAD_DROP, EventCard.JUMP_THE_GUN}
)
SOLO_LOOT_REMOVED: frozenset[Loot] = frozenset({Loot.GOLD_BAR})

# Tiles a Crowbar may disable: those that raise alarms or block movement.
CROWBAR_TARGETS: frozenset[TileKind] = frozenset(
    {
        TileKind.CAMERA,
        TileKind.DEADBOLT,
        TileKind.DETECTOR,
        TileKind.FINGERPRINT,
        TileKind.KEYPAD,
        TileKind.LASER,
        TileKind.MOTION,
        TileKind.THERMO,
    }
)

# The Lost Visual patrol card, shuffled into each patrol deck when the expansion is on.
LOST_VISUAL = -1
