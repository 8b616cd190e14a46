"""Game links: a URL that carries a setup code and every action so far, and nothing else.

A link is `?game=<setup code>&v=<engine version>&a=<actions>` (plus `&watch=1` for a link
that opens in review). It holds no state: whoever opens it replays the actions on the setup,
so hidden things (face-down tiles, decks, dice to come) stay hidden in the seed. The `a`
parameter is the engine's compact action record (`engine.io.links`: indices into the legal
actions, with check bytes); this module only puts it in a URL and reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ui.urlparams import MAX_SEARCH  # the page reads no more of its query than this


class LinkError(ValueError):
    """A link that cannot even give a setup; the message says why."""


def link_query(code: str, actions: list[str], watch: bool = False, version: str = "") -> str:
    """`?game=...&v=...&a=...` (and `&watch=1`): the query string of a game link."""
    import engine
    from engine import pack_actions

    version = version or engine.__version__
    query = f"?game={code}&v={version}&a={pack_actions(code, actions, version)}"
    return query + ("&watch=1" if watch else "")


def fits(query: str) -> bool:
    """Will the page read this whole query? (A longer one opens as a cut link.)"""
    return len(query.removeprefix("?")) <= MAX_SEARCH


@dataclass
class Opened:
    """What a link gave: the setup code, the actions that checked out, and what went wrong.

    `problem` is '' (all well), 'version' (another engine: setup only), 'cut' (the link
    stops early: `claimed` actions announced, `len(actions)` kept), 'bad' (an action or a
    check failed after `len(actions)` actions) or 'unreadable' (the action list could not
    be read at all; the setup still opens)."""

    code: str
    actions: list[str] = field(default_factory=list)
    claimed: int = 0
    problem: str = ""
    version: str = ""
    watch: bool = False

    @property
    def complete(self) -> bool:
        return not self.problem


def has_actions(params: dict[str, str]) -> bool:
    """Is this a game link (setup + actions) rather than a bare setup link?"""
    return "a" in params


def open_link(params: dict[str, str]) -> Opened:
    """Decode the link's parameters. LinkError when there is no usable setup at all;
    otherwise an `Opened`, possibly with a problem and the longest checked prefix."""
    from engine import MAX_CODE_CHARS, Setup, SetupError, unpack_actions

    code = params.get("game", "")
    if not code or len(code) > MAX_CODE_CHARS:
        raise LinkError("the link holds no setup")
    try:
        Setup.from_code(code)
    except SetupError as err:
        raise LinkError(str(err)) from None
    version = params.get("v", "")[:40]
    unpacked = unpack_actions(code, version, params.get("a", ""))
    return Opened(
        code=code,
        actions=unpacked.actions,
        claimed=unpacked.claimed,
        problem=unpacked.problem,
        version=version,
        watch=params.get("watch", "") not in ("", "0"),
    )
