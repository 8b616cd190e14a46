"""The saves list on the setup screen: continue, review, export, delete; importing a file."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui.dom import Page, some
from ui.messages import has, name_of, t
from ui.session import SaveError, Saves, check_record, load_record, new_save_id, parse_record
from ui.storage import MAX_JSON_CHARS

if TYPE_CHECKING:
    from engine import Setup
    from ui.session import Session


class SavesList:
    """The list of saves and the files that go in and out of it."""

    def __init__(self, page: Page, saves: Saves) -> None:
        self.page = page
        self.saves = saves
        self.adopt: Callable[[Session], None] = lambda _session: None  # an imported game
        self.playing: Callable[[], bool] = lambda: False  # a game is on screen
        self.fail: Callable[[BaseException], None] = lambda _err: None  # said in words

    def render(self) -> None:
        from engine import Setup

        page = self.page
        listing = page.el("save-list")
        fragment = page.fragment()
        ids = self.saves.ids()
        aside = self.saves.aside()
        if not ids and not aside:
            fragment.appendChild(page.make("li", t("saves.none")))
        for save_id in ids:
            item = page.make("li", None, "save")
            try:
                record = self.saves.get(save_id)
                code, actions = check_record(record)
                setup = Setup.from_code(code)
                status = record.get("outcome") or "playing"
                status_text = (
                    t(f"saves.status.{status}") if has(f"saves.status.{status}") else status
                )
                text = save_summary(page.window, record, setup, len(actions), status_text)
                item.appendChild(page.make("span", text))
                item.appendChild(page.button(t("saves.continue"), cmd="continue", id=save_id))
                item.appendChild(page.button(t("saves.review"), cmd="review", id=save_id))
                item.appendChild(page.button(t("saves.export"), cmd="export", id=save_id))
            except Exception as err:  # SaveError, SetupError: said on its line
                item.appendChild(page.make("span", t("saves.bad", why=str(err)), "error"))
                item.appendChild(page.button(t("saves.export"), cmd="export", id=save_id))
            item.appendChild(page.button(t("saves.delete"), cmd="delete", id=save_id))
            fragment.appendChild(item)
        for save_id, why in aside:
            item = page.make("li", None, "save aside")
            item.appendChild(page.make("span", t("saves.aside_entry", why=why), "error"))
            item.appendChild(page.button(t("saves.export"), cmd="export", id=save_id))
            item.appendChild(page.button(t("saves.delete"), cmd="delete", id=save_id))
            fragment.appendChild(item)
        listing.replaceChildren(fragment)

    def delete(self, save_id: str) -> None:
        self.saves.delete(save_id)
        self.page.store.remove(f"story.quiet.{save_id}")
        self.render()

    def entry_text(self, save_id: str) -> str:
        """The words of a save's line (the delete dialog names the save)."""
        item = self.page.q(f"#save-list [data-cmd='delete'][data-id='{save_id}']")
        span = some(item.parentElement.querySelector("span")) if item is not None else None
        return str(span.textContent) if span is not None else ""

    def export(self, save_id: str) -> None:
        raw = self.saves.raw(save_id)
        if raw is None:
            return
        page = self.page
        try:
            from pyodide.ffi import to_js  # only in the browser

            blob = page.window.Blob.new(to_js([raw]), to_js({"type": "application/json"}))
            url = page.window.URL.createObjectURL(blob)
            link = page.make("a")
            link.href = url
            link.download = f"burgle-{save_id}.json"
            page.doc.body.appendChild(link)
            link.click()
            link.remove()
            page.window.URL.revokeObjectURL(url)
        except ImportError:
            pass

    async def on_import(self, event: Any) -> None:
        try:
            files = event.target.files
            if not files or files.length == 0:
                return
            file = files.item(0)
            size = int(file.size)
            event.target.value = ""  # the same file can be chosen again
            if size > MAX_JSON_CHARS * 4:
                self.page.notice(t("saves.import_bad", why=t("saves.too_big")))
                return
            text = await file.text()
            self.import_text(str(text))
        except Exception as err:  # never leave the import button dead
            self.fail(err)

    def import_text(self, text: str) -> bool:
        """Import a save file's text; a file that cannot be read is said and set aside."""
        try:
            session = load_record(parse_record(text))
        except SaveError as err:
            self.page.notice(t("saves.import_bad", why=str(err)))
            if len(text) <= MAX_JSON_CHARS:
                aside_id = "import-" + new_save_id(text[:1000])
                self.saves.set_aside(aside_id, str(err), raw=text)
            if not self.playing():
                self.render()
            return False
        self.adopt(session)
        return True


def save_summary(window: Any, record: Any, setup: Setup, actions: int, status: str) -> str:
    """Scenario, crew, turn, date and status of a save, for the saves list."""
    from engine import Character

    names = [p.name for p in setup.players]
    crew = record.get("crew")
    if isinstance(crew, list) and len(crew) == len(names):
        with_chars = []
        for name, char in zip(names, crew, strict=True):
            known = isinstance(char, str) and char in {c.value for c in Character}
            with_chars.append(f"{name} ({name_of('character', char)})" if known else name)
        names = with_chars
    turn = record.get("turn")
    return t(
        "saves.summary",
        scenario=t(f"scenario.{setup.scenario.value}"),
        crew=", ".join(names),
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else "?",
        date=_date(window, record.get("updated")),
        status=status,
    )


def _date(window: Any, seconds: Any) -> str:
    """A save's time in the reader's own words (the browser's locale), or ''."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds <= 0:
        return "?"
    try:
        return str(window.Date.new(seconds * 1000).toLocaleString())
    except Exception:
        import time

        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))
