"""Player choices as small frozen values with a canonical short text that parses back.

    >>> Action.parse("move 2.B3")
    Action.parse('move 2.B3')
    >>> str(Action(ActionKind.GIVE, card="crowbar", player=1))
    'give crowbar 2'

Positions print as `<floor>.<cell>` with floor 1 the ground floor; players print 1-based.
`floor_of`, `cell_of` and `row_col` take a position apart, `pos_at` builds one (the page
never does bit arithmetic on positions).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .data import ROW_STRIDE, cell_index, cell_name
from .state import cell_of, floor_of, make_pos

# The longest action text accepted (the longest real one is about 40 characters); the
# parser refuses longer input before looking at it.
MAX_ACTION_CHARS = 120


class ActionKind(StrEnum):
    ENTER = "enter"  # choose the entrance tile (start of the game)
    PEEK = "peek"
    MOVE = "move"
    HACK = "hack"
    ADD_DIE = "add-die"
    CRACK = "crack"
    ESCAPE = "escape"
    GIVE = "give"  # give one of your cards to a burglar on your tile
    TAKE = "take"  # take a card from a burglar on your tile
    USE = "use"  # use a Tool (free): `use emp`, `use blueprints 2.C3`
    PICKUP = "pickup"  # pick up Loot lying on your tile (free): `pickup gold-bar`
    # A character ability: `ability <name> [player] [position] [option]`, e.g.
    # `ability x-ray 1.B2`, `ability orders 2 1.C3`, `ability laptop`.
    ABILITY = "ability"
    END = "end"  # end your actions
    CHOOSE = "choose"  # answer the pending decision


__all__ = [
    "Action",
    "ActionKind",
    "cell_of",
    "floor_of",
    "make_pos",
    "parse_pos",
    "pos_at",
    "pos_text",
    "row_col",
]

_WITH_POS = frozenset({ActionKind.ENTER, ActionKind.PEEK, ActionKind.MOVE})
_WITH_CARD = frozenset({ActionKind.GIVE, ActionKind.TAKE})


def _spell_pos(pos: int) -> str:
    return f"{floor_of(pos) + 1}.{cell_name(cell_of(pos))}"


# The positions of up to 9 floors, spelled once: the view and the log name positions all
# the time (speed; the same text as `_spell_pos`).
_POS_TEXTS = tuple(_spell_pos(pos) for pos in range(make_pos(9, 0)))


def pos_text(pos: int) -> str:
    """Position -> '2.B3' (floor 2, column B, row 3)."""
    if 0 <= pos < len(_POS_TEXTS):
        return _POS_TEXTS[pos]
    return _spell_pos(pos)


def row_col(pos: int) -> tuple[int, int]:
    """Position -> (row, column) of its cell on its floor, from 0: '2.B3' -> (2, 1)."""
    row, col = divmod(cell_of(pos), ROW_STRIDE)
    return row, col


def pos_at(floor: int, row: int, col: int) -> int:
    """The position of a floor's cell by (row, column) from 0: the inverse of `row_col`."""
    return make_pos(floor, row * ROW_STRIDE + col)


class ActionError(ValueError):
    """An action that cannot be played: its text is not an action (`ActionParseError`), or
    it is not legal now (`IllegalActionError`). Either way the game is unchanged."""


class ActionParseError(ActionError):
    """The text is not the canonical text of any action; the message says what is wrong."""


class IllegalActionError(ActionError):
    """The action is not legal now. The message names the reason; the game is unchanged."""


def parse_pos(text: str) -> int:
    """'2.B3' -> position; raises ValueError on anything else."""
    floor_txt, dot, cell_txt = text.partition(".")
    if not dot or len(floor_txt) != 1 or floor_txt not in "123456789":
        raise ValueError(f"not a position: {text!r} (expected like 2.B3)")
    return make_pos(int(floor_txt) - 1, cell_index(cell_txt))


class Action(NamedTuple):
    """One player choice. A tuple underneath: cheap to build, compare and hash (bots make
    millions of them)."""

    kind: ActionKind
    pos: int = -1
    card: str = ""
    player: int = -1
    option: str = ""

    def __str__(self) -> str:
        k = self.kind
        if k in _WITH_POS:
            return f"{k} {pos_text(self.pos)}"
        if k in _WITH_CARD:
            return f"{k} {self.card} {self.player + 1}"
        if k == ActionKind.CHOOSE:
            return f"{k} {self.option}"
        if k == ActionKind.USE:
            return f"{k} {self.card} {pos_text(self.pos)}" if self.pos >= 0 else f"{k} {self.card}"
        if k == ActionKind.PICKUP:
            return f"{k} {self.card}"
        if k == ActionKind.ABILITY:
            parts = [str(k), self.card]
            if self.player >= 0:
                parts.append(str(self.player + 1))
            if self.pos >= 0:
                parts.append(pos_text(self.pos))
            if self.option:
                parts.append(self.option)
            return " ".join(parts)
        if k in (ActionKind.ADD_DIE, ActionKind.CRACK) and self.pos >= 0:
            return f"{k} {pos_text(self.pos)}"  # the Peterman's Drill: a safe above or below
        return str(k)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text of an action; raises ActionParseError on bad input.

        One spelling per action: `str(Action.parse(text)) == text` (plain ASCII, lower
        case, one space between words, no leading zeros)."""
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            raise ActionParseError(f"not an action text (at most {MAX_ACTION_CHARS} characters)")
        if not text.isascii() or not text.isprintable():
            raise ActionParseError("an action is written in plain ASCII letters, digits and signs")
        try:
            action = cls._parse(text)
        except ActionParseError:
            raise
        except ValueError as exc:  # a position or cell name that is not one
            raise ActionParseError(str(exc)) from None
        if str(action) != text:
            raise ActionParseError(f"write this action as {str(action)!r}")
        return action

    @classmethod
    def _parse(cls, text: str) -> Action:
        parts = text.split()
        if not parts:
            raise ActionParseError("empty action")
        try:
            kind = ActionKind(parts[0].lower())
        except ValueError:
            raise ActionParseError(f"unknown action {parts[0]!r}") from None
        args = parts[1:]
        if kind in _WITH_POS:
            if len(args) != 1:
                raise ActionParseError(f"{kind} needs one position, like '{kind} 1.B2'")
            return cls(kind, pos=parse_pos(args[0]))
        if kind in _WITH_CARD:
            if len(args) != 2 or not args[1].isdigit():
                raise ActionParseError(f"{kind} needs a card and a player, like '{kind} crowbar 2'")
            return cls(kind, card=args[0].lower(), player=int(args[1]) - 1)
        if kind == ActionKind.USE:
            if len(args) not in (1, 2):
                raise ActionParseError("use needs a tool and maybe a position, like 'use emp'")
            pos = parse_pos(args[1]) if len(args) == 2 else -1
            return cls(kind, pos=pos, card=args[0].lower())
        if kind == ActionKind.PICKUP:
            if len(args) != 1:
                raise ActionParseError("pickup needs a card, like 'pickup gold-bar'")
            return cls(kind, card=args[0].lower())
        if kind == ActionKind.ABILITY:
            if not args:
                raise ActionParseError("ability needs a name, like 'ability laptop'")
            name, rest = args[0].lower(), args[1:]
            player, pos, option = -1, -1, ""
            if rest and rest[0].isdigit():
                player = int(rest.pop(0)) - 1
            if rest and "." in rest[0]:
                pos = parse_pos(rest.pop(0))
            if rest:
                option = rest.pop(0)
            if rest:
                raise ActionParseError(f"too many words in {text!r}")
            return cls(kind, pos=pos, card=name, player=player, option=option)
        if kind in (ActionKind.ADD_DIE, ActionKind.CRACK) and len(args) == 1:
            return cls(kind, pos=parse_pos(args[0]))
        if kind == ActionKind.CHOOSE:
            if len(args) != 1:
                raise ActionParseError("choose needs one option, like 'choose hack'")
            return cls(kind, option=args[0])
        if args:
            raise ActionParseError(f"{kind} takes no arguments")
        return cls(kind)
