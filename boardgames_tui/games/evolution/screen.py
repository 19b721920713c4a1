"""The Evolution board: watering hole, each player's species, the viewer's hand.

It renders the Evolution ``view`` dict only (see docs/evolution-api.md) and
lets the player point at species and hand cards with a cursor; the generic
game screen (``boardgames_tui.ui.screens.game``) turns a picked target into a
choice.  Legal targets are marked with ``◆`` and a heavy border (not colour
alone); the cursor is marked with ``▶``.  Face-down traits of other players
show as ``[?]``.

Keys while the board has focus: ←→ across a row, ↑↓ between rows
(players' species rows, then the hand), Enter picks what is under the cursor.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import Static

from ...ui.theme import colour, seat_letter
from ...ui.later import after_refresh
from ...ui.widgets.cursor_board import TARGET_MARK, CursorBoard, Pickable
from ...ui.widgets.quiet import set_text, set_title, sync_children

PHASES = {"food": "choosing food cards", "play": "playing cards",
          "feed": "feeding", "over": "game over"}
CARD_WIDTH = 22


class Cell(Pickable, Static):
    """A species or a hand card: something the cursor can stand on."""

    DEFAULT_CSS = """
    Cell { width: 1fr; height: auto; border: round $panel-lighten-2; padding: 0 1; }
    Cell.-target { border: heavy $success; }
    Cell.-cursor { background: $accent 30%; border: double $accent; }
    Cell.-selected { border: double $warning; }
    """

    def __init__(self, target: tuple | None, **kw) -> None:
        super().__init__("", **kw)
        self.target = target


class HandCell(Cell):
    """A hand card as a line ("▶◆ Horns +4"): the viewer's hand shows beside
    their species at 80x24 without scrolling.  The marks lead the line; a
    name too long for the column wraps at a word, never cut with "…"."""

    DEFAULT_CSS = """
    HandCell { border: none; height: auto; padding: 0 1; }
    HandCell.-target { border: none; text-style: bold; }
    HandCell.-cursor { border: none; background: $accent 40%; }
    HandCell.-selected { border: none; color: $warning; }
    """

    body: Text = Text()

    def show_line(self, marks: str, layout: bool = True) -> None:
        """``layout=False`` when only the marks changed: they keep the
        length, so the size stays."""
        t = Text()
        t.append(f"{marks:<2} ", style="bold")
        t.append_text(self.body)
        set_text(self, t, layout=layout)


class CellGrid(Container):
    """Cells in a row that wraps to the width (columns set on resize)."""

    DEFAULT_CSS = """
    CellGrid { layout: grid; grid-size: 2; grid-gutter: 0 1; height: auto; grid-rows: auto; }
    """


def _trait_text(tr: dict, mark: bool) -> Text:
    if tr.get("trait") is None:
        return Text("[?]", style="dim")
    t = Text(str(tr["trait"]))
    if tr.get("face_down"):
        t = Text(f"({tr['trait']})", style="italic")  # the owner's own face-down trait
    if mark:
        t = Text(f"{TARGET_MARK}", style="bold") + t
    return t


class EvolutionBoard(CursorBoard):
    DEFAULT_CSS = """
    EvolutionBoard #evo-hole { height: auto; background: $primary-darken-3; padding: 0 1; dock: top; }
    EvolutionBoard #evo-me, EvolutionBoard #evo-players { height: auto; }
    EvolutionBoard .evo-player { height: auto; margin-top: 1; }
    EvolutionBoard .evo-head { height: auto; }
    EvolutionBoard .evo-empty { height: 1; color: $text-muted; padding-left: 2; }
    EvolutionBoard #evo-hand-box { height: auto; }
    EvolutionBoard #evo-hand { grid-gutter: 0 1; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._columns = 2

    def compose(self) -> ComposeResult:
        # The viewer's own species and hand come first, the other players
        # after: at 80x24 the deciding player sees their holdings without
        # scrolling (the others may scroll).
        yield Static("", id="evo-hole")
        yield Vertical(id="evo-me")
        with Vertical(id="evo-hand-box"):
            yield Static("", id="evo-hand-head", classes="evo-head")
            yield CellGrid(id="evo-hand")
        yield Vertical(id="evo-players")

    def _order(self) -> list[int]:
        """Players in the order shown: the viewer first."""
        v = self._view or {}
        n = len(v.get("players", []))
        me = v.get("viewer")
        return ([me] + [p for p in range(n) if p != me]) if me is not None and 0 <= me < n else list(range(n))

    # -- the grid of cells ---------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        cols = max(1, (event.size.width - 1) // (CARD_WIDTH + 1))
        if cols != self._columns:
            self._columns = cols
            for g in self.query(CellGrid):
                g.styles.grid_size_columns = cols

    def rows(self) -> list[list[tuple]]:
        """The cursor's rows: each player's species, then the viewer's hand."""
        out: list[list[tuple]] = []
        v = self._view
        if not v:
            return out
        players = v.get("players", [])
        hand = self._hand()
        for n, p in enumerate(self._order()):
            row = [("species", p, i) for i in range(len(players[p].get("species", [])))]
            if row:
                out.append(row)
            if n == 0 and hand:
                out.append([("card", c["id"]) for c in hand])
        return out

    def _hand(self) -> list[dict]:
        me = self._viewer_player()
        return (me.get("hand") or []) if me is not None else []

    def _cells(self) -> list[Cell]:
        return list(self.query(Cell))

    def _target_name(self, target: tuple) -> str:
        if target and target[0] == "species" and len(target) == 3:
            _, p, i = target
            return f"{self._player_name(p)}'s species {i + 1}"
        if target and target[0] == "card":
            for c in self._hand():
                if c["id"] == target[1]:
                    return f"{c['trait']} ({c['food']:+d})"
        return super()._target_name(target)

    # -- rendering ----------------------------------------------------------------------
    def _render_all(self) -> None:
        v = self._view
        if not v:
            set_text(self.query_one("#evo-hole", Static), "")
            self._sync_players([])
            set_text(self.query_one("#evo-hand-head", Static), "")
            self._sync_cells(self.query_one("#evo-hand", CellGrid), [])
            return
        set_text(self.query_one("#evo-hole", Static), self._hole_text(v))
        self._sync_players(v.get("players", []))
        self._render_hand(v)

    def _hole_text(self, v: dict) -> Text:
        t = Text()
        t.append("Watering hole: ", style="bold")
        t.append(f"{v.get('hole', 0)} plant", style="bold green")
        t.append(f" · {v.get('food_cards_down', 0)} food cards down\n")
        phase = v.get("phase", "")
        t.append(f"Round {v.get('round', 0)}", style="bold")
        t.append(f" · {PHASES.get(phase, phase)} · deck {v.get('deck', 0)} · discard {v.get('discard', 0)}")
        if v.get("removed"):
            t.append(f" · {v['removed']} out")
        final = v.get("final_round")
        if final is not None:
            if final <= v.get("round", 0):
                t.append("\n⚠ FINAL ROUND: the deck ran out", style="bold yellow")
            else:
                t.append(f"\n⚠ The deck ran out: round {final} is the last", style="bold yellow")
        return t

    def _sync_players(self, players: list[dict]) -> None:
        me_box = self.query_one("#evo-me", Vertical)
        box = self.query_one("#evo-players", Vertical)
        has_me = (self._view or {}).get("viewer") is not None and bool(players)
        me_box.display = has_me
        def section() -> Vertical:
            return Vertical(Static("", classes="evo-head"), Static("no species", classes="evo-empty"),
                            CellGrid(classes="evo-row"), classes="evo-player")

        sections: list[Vertical] = []
        for container, n in ((me_box, 1 if has_me else 0), (box, len(players) - (1 if has_me else 0))):
            sections += sync_children(container, container.query(".evo-player").results(Vertical), n, section)
        for sec, p in zip(sections, self._order()):
            pl = players[p]
            if not sec.is_mounted or not sec.children:
                after_refresh(self, self._redraw)
                continue
            head, empty, grid = sec.children[0], sec.children[1], sec.children[2]
            set_text(head, self._player_head(p, pl))  # type: ignore[arg-type]
            empty.display = not pl.get("species")
            grid.styles.grid_size_columns = self._columns
            self._sync_cells(grid, [("species", p, i) for i in range(len(pl.get("species", [])))],
                             [self._species_text(p, i, sp) for i, sp in enumerate(pl.get("species", []))],
                             self._seat_colour(p))

    def _player_head(self, p: int, pl: dict) -> Text:
        v = self._view or {}
        c = colour(self._seat_colour(p))
        t = Text()
        t.append(f"{c.symbol} {seat_letter(p)} {pl.get('name', '')}", style=Style(color=c.hex, bold=True))
        if v.get("viewer") == p:
            t.append(" (you)", style=Style(color=c.hex))
        score = pl.get("score", 0)
        t.append(f"  bag {pl.get('bag', 0)} · hand {pl.get('hand_count', 0)} · "
                 f"{score} pt{'' if score == 1 else 's'}")
        marks = []
        if v.get("start") == p:
            marks.append("start")
        if v.get("turn") == p and v.get("phase") in ("play", "feed"):
            marks.append("◀ turn")
        if marks:
            t.append(" · " + " · ".join(marks), style="italic")
        return t

    def _species_text(self, p: int, i: int, sp: dict) -> Text:
        t = Text()
        need = sp.get("pop", 0)
        t.append(f"size {sp.get('size', 0)} pop {sp.get('pop', 0)}\n", style="bold")
        t.append(f"food {sp.get('food', 0)}/{need}")
        if sp.get("fat"):
            t.append(f" fat {sp['fat']}")
        fed = sp.get("food", 0) >= need
        if fed:
            t.append(" ✓fed", style="green")
        traits = sp.get("traits", [])
        for tr in traits:
            mark = tr.get("id") is not None and ("card", tr.get("id")) in self._targets
            t.append("\n")
            t.append_text(_trait_text(tr, mark))
        if not traits:
            t.append("\n")
            t.append("no traits", style="dim")
        return t

    def _render_hand(self, v: dict) -> None:
        head = self.query_one("#evo-hand-head", Static)
        grid = self.query_one("#evo-hand", CellGrid)
        viewer = v.get("viewer")
        hand = self._hand()
        if viewer is None:
            set_text(head, Text("Hands are hidden (public view).", style="dim"))
        else:
            t = Text()
            t.append("Your hand", style="bold")
            t.append(f" ({len(hand)} card{'s' if len(hand) != 1 else ''})")
            sel = (v.get("selected") or {}).get("card")
            if sel is not None:
                t.append(" · selected card marked ★", style="italic")
            set_text(head, t)
        sel = (v.get("selected") or {}).get("card")
        texts = []
        for c in hand:
            t = Text()
            if c["id"] == sel:
                t.append("★", style="bold yellow")
            t.append(str(c["trait"]), style="bold")
            t.append(f" {c['food']:+d}")
            texts.append(t)
        grid.styles.grid_size_columns = self._columns
        self._sync_cells(grid, [("card", c["id"]) for c in hand], texts, None, cell_class=HandCell)

    def _sync_cells(self, grid: CellGrid, targets: list[tuple], texts: list[Text] | None = None,
                    colour_name: str | None = None, cell_class: type[Cell] = Cell) -> None:
        cells = sync_children(grid, grid.query(cell_class), len(targets), lambda: cell_class(None))
        for cell, tg, tx in zip(cells, targets, texts or [Text()] * len(targets)):
            cell.target = tg
            if isinstance(cell, HandCell):
                cell.body = tx
                cell.show_line(self._marks(tg))
                continue
            set_text(cell, tx)
            set_title(cell, self._cell_title(tg))
            cell.styles.border_title_color = colour(colour_name).hex if colour_name else None

    def _cell_title(self, tg: tuple) -> str:
        marks = self._marks(tg)
        sel = (self._view or {}).get("selected") or {}
        if tg[0] == "species":
            name = f"{seat_letter(tg[1])}{tg[2] + 1}"
            if sel.get("species") == [tg[1], tg[2]]:
                marks += "★"
            return f"{marks} {name}" if marks else name
        return marks

    def _mark_cells(self) -> None:
        sel = (self._view or {}).get("selected") or {}
        for cell in self.query(Cell):
            tg = cell.target
            cell.set_class(tg in self._targets, "-target")
            cell.set_class(tg == self._cursor and self.has_focus, "-cursor")
            is_sel = (tg[0] == "card" and sel.get("card") == tg[1]) or \
                     (tg[0] == "species" and sel.get("species") == [tg[1], tg[2]])
            cell.set_class(is_sel, "-selected")
            if isinstance(cell, HandCell):
                cell.show_line(self._marks(tg), layout=False)
            else:
                set_title(cell, self._cell_title(tg))

    def _scroll_to_cursor(self, deferred: bool = False) -> None:
        cell = self._cell(self._cursor)
        if cell is None:
            return
        if deferred:
            cell.scroll_visible(animate=False, immediate=False)
        else:
            self.scroll_to_widget(cell, animate=False)
