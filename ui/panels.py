"""The status line and the crew panel (each burglar's hand of cards): drawn from the view,
by the game screen and by the review alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui import cards as story_cards
from ui import describe, reference
from ui.dom import Page
from ui.messages import help_of, name_of, t

if TYPE_CHECKING:
    from engine.rules.view import DecksView, GameView, PlayerView, TileView


def ability_of(character: str, side: str) -> str:
    """The ability's key of a character's side, '' for an unknown character."""
    from engine import ABILITIES, Character

    try:
        pair = ABILITIES[Character(character)]
    except (KeyError, ValueError):
        return ""
    return pair[1] if side == "advanced" else pair[0]


def tile_of(view: GameView, pos: int) -> TileView | None:
    """The view's tile at `pos`, None off the building."""
    from engine import floor_of

    floor = floor_of(pos)
    if not 0 <= floor < len(view.floors):
        return None
    for tile in view.floors[floor].tiles:
        if tile.pos == pos:
            return tile
    return None


def tile_name(view: GameView, pos: int) -> str:
    """The view's name of the tile at `pos` ('1.B2'), '' off the building."""
    tile = tile_of(view, pos) if pos >= 0 else None
    return tile.name if tile is not None else ""


def status_words(view: GameView, live: bool = True) -> str:
    """The status line of `view`: the turn, whose it is and what is left of it. Only a
    `live` game asks for the entrance (a review's tiles take no click)."""
    if view.outcome:  # no live turn once the game is over
        outcome = t("saves.status.win" if view.outcome == "win" else "saves.status.loss")
        return t("story.status.over", outcome=outcome)
    player = view.me
    parts = [
        t("game.turn", n=view.turn),
        t("game.current", name=player.name),
    ]
    if view.step == "entrance":
        parts.append(t("game.entrance" if live else "review.entrance"))
    else:
        parts.append(t("game.actions_left", n=view.actions_left))
        parts.append(t("game.stealth", n=player.stealth))
        if view.end_event is not None:  # the table saw it on top
            parts.append(t("game.event_now_seen", card=name_of("event", view.end_event.value)))
        elif view.event_if_end_now:
            parts.append(t("game.event_now"))
        else:
            parts.append(t("game.no_event_now"))
    return " · ".join(parts)


def render_status(page: Page, view: GameView, live: bool = True) -> None:
    status = page.el("status")
    status.textContent = status_words(view, live)
    status.classList.toggle("event-now", not view.outcome and view.event_if_end_now)
    page.el("decks").textContent = decks_words(view.decks)


def decks_words(decks: DecksView) -> str:
    """The decks' sizes, and the Events the crew saw on top (next first), if any."""
    words = t("game.decks", tools=decks.tools, loot=decks.loot, events=decks.events)
    if not decks.events_seen:
        return words
    seen = t("choice.then").join(name_of("event", e.value) for e in decks.events_seen)
    return words + " · " + t("game.events_seen", cards=seen)


def render_crew(page: Page, view: GameView) -> None:
    """The whole crew panel at once (the review's steps)."""
    fragment = page.fragment()
    for p in view.players:
        fragment.appendChild(crew_item(page, p, p.index == view.current))
    page.el("crew").replaceChildren(fragment)


class CrewPanel:
    """The crew panel of the game in play: a burglar's entry is redrawn only when it changed
    (a move changes one burglar; the others stay as they were)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.items: list[Any] = []
        self.keys: list[tuple[PlayerView, bool]] = []

    def reset(self) -> None:
        """Someone else drew the panel (the review), or the words changed: draw it anew."""
        self.items, self.keys = [], []

    def render(self, view: GameView) -> None:
        keys = [(p, p.index == view.current) for p in view.players]
        if len(keys) != len(self.keys):
            self.items = [crew_item(self.page, p, current) for p, current in keys]
            fragment = self.page.fragment()
            for item in self.items:
                fragment.appendChild(item)
            self.page.el("crew").replaceChildren(fragment)
        else:
            for i, (key, old) in enumerate(zip(keys, self.keys, strict=True)):
                if key != old:
                    item = crew_item(self.page, *key)
                    self.items[i].replaceWith(item)
                    self.items[i] = item
        self.keys = keys


def crew_name(name: str, character: str) -> str:
    """A burglar's name in the crew list, and the character unless he goes by it (no
    "Juicer · Juicer"), as the hand-over says it."""
    return name if describe.goes_by(name, character) else f"{name} · {character}"


def crew_item(page: Page, p: PlayerView, current: bool) -> Any:
    """One burglar's entry: name, character, Stealth, where, ability, marks, cards."""
    doc = page.doc
    item = page.make("li", None, "burglar current" if current else "burglar")
    ability = ability_of(p.character, p.side)
    head = ("▶ " if current else "") + crew_name(p.name, name_of("character", p.character))
    where = ""
    if p.escaped:
        where = t("game.escaped")
    elif p.entered and p.pos is not None:
        where = describe.pos_text(p.pos)
    item.appendChild(page.make("strong", head))
    item.appendChild(
        page.make("span", f" · {t('game.stealth', n=p.stealth)} · {where}".rstrip(" ·"))
    )
    about = page.make("p", f"{name_of('ability', ability)}: {help_of('ability', ability)} ", "help")
    link = reference.link_button(doc, "ability", ability)
    if link is not None:
        about.appendChild(link)
    item.appendChild(about)
    marks = []
    if p.hack:
        marks.append(t("crew.laptop", n=p.hack))
    if p.alarm_held:
        marks.append(t("crew.alarm_held"))
    if marks:
        item.appendChild(page.make("p", " · ".join(marks), "marks"))
    hands: tuple[tuple[str, str, tuple[str, ...]], ...] = (
        ("tool", "game.tools", p.tools),
        ("loot", "game.loot", p.loot),
    )
    for prefix, key, cards in hands:
        if not cards:
            continue
        lines = page.make("div", None, "story-hand")
        for card in cards:
            card_box = story_cards.card(doc, prefix, card)
            link = reference.link_button(doc, prefix, card)
            if link is not None:
                card_box.appendChild(link)
            lines.appendChild(card_box)
        item.appendChild(page.make("p", t(key, list=""), "cards-title"))
        item.appendChild(lines)
    return item
