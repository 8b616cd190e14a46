"""`Setup`: everything that decides a building before play, and its short URL-safe code.

The code is `1.<scenario>.<seed>.<walls>.<empty>.<lost visual>.<player>...` where a player is
`<character:2><side:1><name as base64url>`, e.g. `1.b.k3d9.s.-.0.acbQWxpY2U.xxaQm9i`.
Every field is drawn from `[A-Za-z0-9_-]` and `.` separates them, so the code survives a URL
query untouched. `Setup.from_code(setup.to_code()) == setup` for every valid setup.
"""

from __future__ import annotations

import base64
import binascii
import unicodedata
from dataclasses import dataclass, field

from .data import (
    FORT_KNOX_DEFAULT_EMPTY,
    SCENARIOS,
    Character,
    ScenarioId,
    Side,
    cell_index,
)

CODE_VERSION = "1"
MAX_NAME_LENGTH = 24
MAX_SEED = 2**53 - 1  # safe as a JavaScript number too
MAX_CODE_LENGTH = 600  # four 24-character names of 4-byte characters fit

_SCENARIO_CODES = {ScenarioId.OFFICE: "o", ScenarioId.BANK: "b", ScenarioId.FORT_KNOX: "f"}
_CHARACTER_CODES = {
    Character.ACROBAT: "ac",
    Character.HACKER: "ha",
    Character.HAWK: "hw",
    Character.JUICER: "ju",
    Character.PETERMAN: "pe",
    Character.RAVEN: "ra",
    Character.RIGGER: "ri",
    Character.ROOK: "ro",
    Character.SPOTTER: "sp",
}
_RANDOM_CHARACTER = "xx"


def name_is_plain(name: str) -> bool:
    """True when a name has no control, format (bidi, zero-width) or unassigned characters."""
    return all(unicodedata.category(ch)[0] != "C" and ch not in "\u2028\u2029" for ch in name)


def plain_name(name: str) -> str:
    """The name without control, format (bidi, zero-width) and unassigned characters."""
    return "".join(ch for ch in name if name_is_plain(ch)).strip()


class SetupError(ValueError):
    """A setup or setup code that cannot make a game; the message says why."""


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    name: str
    character: Character | None = None  # None: drawn at random from the seed
    side: Side = Side.BASIC


def _default_players() -> tuple[PlayerSetup, ...]:
    return (PlayerSetup("Burglar 1"), PlayerSetup("Burglar 2"))


@dataclass(frozen=True, slots=True)
class Setup:
    scenario: ScenarioId = ScenarioId.BANK
    players: tuple[PlayerSetup, ...] = field(default_factory=_default_players)
    seed: int = 0
    random_walls: bool = False  # Fort Knox always draws its walls (no verified layout)
    empty_square: str = FORT_KNOX_DEFAULT_EMPTY  # Fort Knox only
    lost_visual: bool = False

    def __post_init__(self) -> None:
        # One building, one Setup (R05): Fort Knox always draws its walls (R02), the empty
        # square is written in capitals, and scenarios without one keep the default.
        scen = SCENARIOS.get(self.scenario)
        if scen is None:
            return
        if scen.has_empty_square:
            object.__setattr__(self, "random_walls", True)
            if isinstance(self.empty_square, str):
                object.__setattr__(self, "empty_square", self.empty_square.upper())
        else:
            object.__setattr__(self, "empty_square", FORT_KNOX_DEFAULT_EMPTY)

    def validate(self) -> None:
        """Raise SetupError naming the first problem, or return None."""
        if not isinstance(self.scenario, ScenarioId):
            raise SetupError(f"unknown scenario {self.scenario!r}")
        if not 1 <= len(self.players) <= 4:
            raise SetupError("a game needs 1 to 4 burglars")
        if not isinstance(self.seed, int) or not 0 <= self.seed <= MAX_SEED:
            raise SetupError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        chosen = [p.character for p in self.players if p.character is not None]
        if len(chosen) != len(set(chosen)):
            raise SetupError("two burglars cannot play the same character")
        for p in self.players:
            if not isinstance(p.name, str) or not p.name.strip():
                raise SetupError("every burglar needs a name")
            if len(p.name) > MAX_NAME_LENGTH:
                raise SetupError(f"names are at most {MAX_NAME_LENGTH} characters")
            if not name_is_plain(p.name):
                raise SetupError("names cannot contain control or text-direction characters")
            if p.character is not None and not isinstance(p.character, Character):
                raise SetupError(f"unknown character {p.character!r}")
            if not isinstance(p.side, Side):
                raise SetupError(f"unknown side {p.side!r}")
        if SCENARIOS[self.scenario].has_empty_square:
            try:
                cell_index(self.empty_square, SCENARIOS[self.scenario].size)
            except (TypeError, ValueError) as exc:
                raise SetupError(f"empty square: {exc}") from None

    def to_code(self) -> str:
        self.validate()
        scen = SCENARIOS[self.scenario]
        parts = [
            CODE_VERSION,
            _SCENARIO_CODES[self.scenario],
            _to_base36(self.seed),
            "r" if self.random_walls else "s",
            self.empty_square if scen.has_empty_square else "-",
            "1" if self.lost_visual else "0",
        ]
        for p in self.players:
            char = _CHARACTER_CODES[p.character] if p.character else _RANDOM_CHARACTER
            side = "a" if p.side == Side.ADVANCED else "b"
            name = base64.urlsafe_b64encode(p.name.encode()).decode().rstrip("=")
            parts.append(f"{char}{side}{name}")
        return ".".join(parts)

    @classmethod
    def from_code(cls, code: str) -> Setup:
        """Parse a setup code; raises SetupError with a readable reason on any bad input."""
        if not isinstance(code, str) or len(code) > MAX_CODE_LENGTH:
            raise SetupError("this game code is too long or not text")
        if not (code.isascii() and code.isprintable()) or " " in code:
            raise SetupError("a game code is plain ASCII without spaces")
        parts = code.split(".")
        if len(parts) < 7:
            raise SetupError("this game code is incomplete")
        version, scen_code, seed_txt, walls, empty, lost, *players = parts
        if version != CODE_VERSION:
            raise SetupError(f"this game code is from another version ({version!r})")
        scenario = {v: k for k, v in _SCENARIO_CODES.items()}.get(scen_code)
        if scenario is None:
            raise SetupError(f"unknown scenario code {scen_code!r}")
        try:
            seed = int(seed_txt, 36)
        except ValueError:
            raise SetupError(f"bad seed {seed_txt!r}") from None
        if walls not in ("s", "r"):
            raise SetupError(f"bad walls option {walls!r}")
        if lost not in ("0", "1"):
            raise SetupError(f"bad Lost Visual option {lost!r}")
        scen = SCENARIOS[scenario]
        if scen.has_empty_square:
            empty_square = empty
        elif empty == "-":
            empty_square = FORT_KNOX_DEFAULT_EMPTY
        else:
            raise SetupError("only Fort Knox has an empty square")
        chars = {v: k for k, v in _CHARACTER_CODES.items()}
        player_setups = []
        for token in players:
            if len(token) < 4:
                raise SetupError("a burglar in this game code is incomplete")
            char_code, side_code, name_b64 = token[:2], token[2], token[3:]
            if char_code != _RANDOM_CHARACTER and char_code not in chars:
                raise SetupError(f"unknown character code {char_code!r}")
            if side_code not in ("a", "b"):
                raise SetupError(f"unknown side code {side_code!r}")
            try:
                padded = name_b64 + "=" * (-len(name_b64) % 4)
                name = base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8")
            except (binascii.Error, UnicodeError, ValueError):
                raise SetupError("a burglar's name in this game code is unreadable") from None
            player_setups.append(
                PlayerSetup(
                    name=name,
                    character=chars.get(char_code),
                    side=Side.ADVANCED if side_code == "a" else Side.BASIC,
                )
            )
        setup = cls(
            scenario=scenario,
            players=tuple(player_setups),
            seed=seed,
            random_walls=walls == "r",
            empty_square=empty_square,
            lost_visual=lost == "1",
        )
        setup.validate()
        if setup.to_code() != code:
            raise SetupError("this game code is not in its canonical form")
        return setup


def _to_base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, 36)
        out.append(digits[r])
    return "".join(reversed(out))


def crew_setup(
    scenario: ScenarioId,
    players: int,
    side: Side,
    seed: int,
    *,
    lost_visual: bool = False,
    random_walls: bool = False,
) -> Setup:
    """The building of one simulated game: burglars named "Burglar 1".. on one side."""
    return Setup(
        scenario=scenario,
        players=tuple(PlayerSetup(f"Burglar {k + 1}", side=side) for k in range(players)),
        seed=seed,
        lost_visual=lost_visual,
        random_walls=random_walls,
    )
