"""The Evolution board: watering hole, each player's species, the viewer's hand.

It renders the Evolution ``view`` dict only (see docs/evolution-api.md) and
lets the player point at species and hand cards with a cursor; the generic
game screen (``boardgames_tui.ui.screens.game``) turns a picked target into a
choice.  Legal targets are marked with ``◆`` and a heavy border (not colour
alone); the cursor is marked with ``▶``.  Face-down traits of other players
show as ``[?]``.

Keys while the board has focus: ←→ across a row, ↑↓ between rows
(players' species rows, then the hand), Enter picks what is under the cursor.

Layout.  The watering hole and the viewer's own species are docked at the top:
they stay in view while the rest (the viewer's hand, then the other players'
species) scrolls under them; the cursor scrolls a species it moves to into
view.  A row so long that it would leave under ``ROOM_UNDER_DOCK`` rows to the
rest is not docked: it scrolls with the rest.  On a short board (``COMPACT_BELOW`` rows, so at 80x24) a species is a
line instead of a box ("▶◆A1 size 2 pop 3 food 1/3 ✓ Carnivore, Horns"), its
traits on a second line only when they do not fit: six species of the viewer
and their hand fit beside the options.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Vertical
from textual.widgets import Static

from ...engine.text import plural
from ...ui.theme import colour, seat_letter
from ...ui.later import after_refresh
from ...ui.widgets.cursor_board import TARGET_MARK, CursorBoard, Pickable
from ...ui.widgets.quiet import set_text, set_title, sync_children

PHASES = {"food": "choosing food cards", "play": "playing cards",
          "feed": "feeding", "over": "game over"}
CARD_WIDTH = 22
COMPACT_BELOW = 30  # a board shorter than this shows species as lines, not boxes
ROOM_UNDER_DOCK = 6  # rows the docked top must leave to the rest, else it scrolls with it


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


class SpeciesCell(Cell):
    """A species: a box titled with its marks and name ("▶◆ A1"), or on a short
    board (``-line``) a line led by them, its traits after the numbers or, when
    they do not fit ``width``, on a second line."""

    DEFAULT_CSS = """
    SpeciesCell.-line, SpeciesCell.-line.-target, SpeciesCell.-line.-selected { border: none; padding: 0; }
    SpeciesCell.-line.-target { text-style: bold; }
    SpeciesCell.-line.-cursor { border: none; background: $accent 40%; }
    """

    name_: str = ""
    name_style: Style = Style(bold=True)
    box: Text = Text()
    stats: Text = Text()
    traits: Text = Text()
    width: int = 0

    def show_marks(self, marks: str, selected: bool, layout: bool = True) -> None:
        star = "★" if selected else ""
        if not self.has_class("-line"):
            set_text(self, self.box, layout=layout)
            set_title(self, f"{marks}{star} {self.name_}" if marks or star else self.name_)
            return
        set_title(self, None)
        t = Text()
        t.append(f"{marks:<2}", style="bold")
        t.append(self.name_, style=self.name_style)
        t.append(f"{star or ' '}", style="bold yellow")
        t.append_text(self.stats)
        if self.traits.plain:
            fits = not self.width or t.cell_len + 1 + self.traits.cell_len <= self.width
            t.append(" " if fits else "\n     ")
            t.append_text(self.traits)
        set_text(self, t, layout=layout)


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
    EvolutionBoard #evo-top { height: auto; dock: top; }
    EvolutionBoard.-undocked #evo-top { dock: none; }
    EvolutionBoard #evo-hole { height: auto; background: $primary-darken-3; padding: 0 1; }
    EvolutionBoard #evo-me { height: auto; }
    EvolutionBoard #evo-players { height: auto; }
    EvolutionBoard.-compact .evo-player { margin-top: 0; }
    EvolutionBoard.-compact #evo-hole { padding: 0; }
    EvolutionBoard.-compact HandCell { padding: 0; }
    EvolutionBoard .evo-player { height: auto; margin-top: 1; }
    EvolutionBoard .evo-head { height: auto; }
    EvolutionBoard .evo-empty { height: 1; color: $text-muted; padding-left: 2; }
    EvolutionBoard #evo-hand-box { height: auto; }
    EvolutionBoard #evo-hand { grid-gutter: 0 1; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._columns = 2
        self._compact = False
        self._line_width = 0

    def compose(self) -> ComposeResult:
        # The viewer's own species (docked with the watering hole) and hand
        # come first, the other players after: at 80x24 the deciding player
        # sees their holdings without scrolling (the others scroll).
        with Vertical(id="evo-top"):              # docked: stays in view
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
        compact = event.size.height < COMPACT_BELOW
        # the line's room: the board less its right padding and scrollbar
        width = max(0, event.size.width - 2)
        if (cols, compact, width) == (self._columns, self._compact, self._line_width):
            return
        changed = compact != self._compact or (compact and width != self._line_width)
        self._columns, self._compact, self._line_width = cols, compact, width
        self.set_class(compact, "-compact")
        for g in self.query(CellGrid):
            g.styles.grid_size_columns = cols if g.id == "evo-hand" else self._species_columns()
        if changed and self._view:
            self._redraw()

    def _species_columns(self) -> int:
        return 1 if self._compact else self._columns

    def rows(self) -> list[list[tuple]]:
        """The cursor's rows: each player's species (a row each on a short board, where a species
        is a line), the viewer's hand after their own."""
        out: list[list[tuple]] = []
        v = self._view
        if not v:
            return out
        players = v.get("players", [])
        hand = self._hand()
        for n, p in enumerate(self._order()):
            row = [("species", p, i) for i in range(len(players[p].get("species", [])))]
            if self._compact:
                out += [[k] for k in row]         # a line each: ↑↓ walk them
            elif row:
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
            grid = self.query_one("#evo-hand", CellGrid)
            sync_children(grid, grid.query(HandCell), 0, lambda: HandCell(None))
            return
        set_text(self.query_one("#evo-hole", Static), self._hole_text(v))
        self._sync_players(v.get("players", []))
        self._render_hand(v)
        after_refresh(self, self._fit_dock)

    def _fit_dock(self) -> None:
        """The top (the hole and the viewer's species) stays docked while it leaves
        ``ROOM_UNDER_DOCK`` rows to the rest; a row of many species scrolls with the rest instead,
        so that none of it is out of reach."""
        top = self.query_one("#evo-top")
        if top.is_mounted and self.size.height:
            self.set_class(self.size.height - top.outer_size.height < ROOM_UNDER_DOCK, "-undocked")

    def _hole_text(self, v: dict) -> Text:
        t = Text()
        down = v.get("food_cards_down", 0)
        t.append("Watering hole: ", style="bold")
        t.append(f"{v.get('hole', 0)} plant", style="bold green")
        t.append(f" · {plural(down, 'food card')} down\n")
        phase = v.get("phase", "")
        if not self._compact:  # the banner names the round too: a short board leaves it out
            t.append(f"Round {v.get('round', 0)}", style="bold")
            t.append(" · ")
        t.append(f"{PHASES.get(phase, phase)} · deck {v.get('deck', 0)} · discard {v.get('discard', 0)}")
        if v.get("removed"):
            t.append(f" · {v['removed']} out")
        final = v.get("final_round")
        if final is not None:
            last = final <= v.get("round", 0)
            if self._compact:
                t.append(" · ")
                t.append("⚠ FINAL ROUND" if last else f"⚠ round {final} is the last", style="bold yellow")
            elif last:
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
            grid.styles.grid_size_columns = self._species_columns()
            self._sync_species(grid, p, pl.get("species", []))  # type: ignore[arg-type]

    def _player_head(self, p: int, pl: dict) -> Text:
        v = self._view or {}
        c = colour(self._seat_colour(p))
        t = Text()
        t.append(f"{c.symbol} {seat_letter(p)} {pl.get('name', '')}", style=Style(color=c.hex, bold=True))
        mine = v.get("viewer") == p
        if mine:
            t.append(" (you)", style=Style(color=c.hex))
        score = pl.get("score", 0)
        # the viewer's hand has a line of its own under their species
        hand = "" if mine else f" · hand {pl.get('hand_count', 0)}"
        t.append(f"  bag {pl.get('bag', 0)}{hand} · {score} pt{'' if score == 1 else 's'}")
        marks = []
        if v.get("start") == p:
            marks.append("start")
        # on a short board the viewer's own line leaves out their turn: the banner says it
        if v.get("turn") == p and v.get("phase") in ("play", "feed") and not (mine and self._compact):
            marks.append("◀ turn")
        if marks:
            t.append(" · " + " · ".join(marks), style="italic")
        return t

    def _species_parts(self, sp: dict) -> tuple[Text, Text]:
        """A species' numbers ("size 2 pop 3 food 1/3 ✓") and its traits, a box's one per line, a
        line's joined with commas."""
        stats = Text()
        need = sp.get("pop", 0)
        sep = " " if self._compact else "\n"
        stats.append(f"size {sp.get('size', 0)} pop {need}", style="bold")
        stats.append(f"{sep}food {sp.get('food', 0)}/{need}")
        if sp.get("fat"):
            stats.append(f" fat {sp['fat']}")
        if sp.get("food", 0) >= need:
            stats.append(" ✓" if self._compact else " ✓fed", style="green")
        traits = Text()
        for n, tr in enumerate(sp.get("traits", [])):
            mark = tr.get("id") is not None and ("card", tr.get("id")) in self._targets
            if n:
                traits.append(", " if self._compact else "\n")
            traits.append_text(_trait_text(tr, mark))
        if not traits.plain and not self._compact:
            traits = Text("no traits", style="dim")
        return stats, traits

    def _sync_species(self, grid: CellGrid, p: int, species: list[dict]) -> None:
        cells = sync_children(grid, grid.query(SpeciesCell), len(species), lambda: SpeciesCell(None))
        hexc = colour(self._seat_colour(p)).hex
        for i, (cell, sp) in enumerate(zip(cells, species)):
            cell.target = ("species", p, i)
            cell.name_ = f"{seat_letter(p)}{i + 1}"
            cell.name_style = Style(color=hexc, bold=True)
            cell.stats, cell.traits = self._species_parts(sp)
            cell.box = cell.stats + Text("\n") + cell.traits
            cell.width = self._line_width
            cell.set_class(self._compact, "-line")
            cell.styles.border_title_color = hexc
            cell.show_marks(self._marks(cell.target), self._is_selected(cell.target))

    def _render_hand(self, v: dict) -> None:
        head = self.query_one("#evo-hand-head", Static)
        grid = self.query_one("#evo-hand", CellGrid)
        viewer = v.get("viewer")
        hand = self._hand()
        sel = (v.get("selected") or {}).get("card")
        if viewer is None:
            set_text(head, Text("Hands are hidden (public view).", style="dim"))
        else:
            t = Text()
            t.append("Your hand", style="bold")
            t.append(f" ({plural(len(hand), 'card')})")
            if sel is not None:
                t.append(" · selected card marked ★", style="italic")
            set_text(head, t)
        texts = []
        for c in hand:
            t = Text()
            if c["id"] == sel:
                t.append("★", style="bold yellow")
            t.append(str(c["trait"]), style="bold")
            t.append(f" {c['food']:+d}")
            texts.append(t)
        grid.styles.grid_size_columns = self._columns
        cells = sync_children(grid, grid.query(HandCell), len(hand), lambda: HandCell(None))
        for cell, c, tx in zip(cells, hand, texts):
            cell.target = ("card", c["id"])
            cell.body = tx
            cell.show_line(self._marks(cell.target))

    def _is_selected(self, tg: tuple | None) -> bool:
        sel = (self._view or {}).get("selected") or {}
        if tg is None:
            return False
        return (tg[0] == "card" and sel.get("card") == tg[1]) or \
               (tg[0] == "species" and sel.get("species") == [tg[1], tg[2]])

    def _mark_cells(self) -> None:
        for cell in self.query(Cell):
            tg = cell.target
            cell.set_class(tg in self._targets, "-target")
            cell.set_class(tg == self._cursor and self.has_focus, "-cursor")
            cell.set_class(self._is_selected(tg), "-selected")
            if isinstance(cell, HandCell):
                cell.show_line(self._marks(tg), layout=False)
            elif isinstance(cell, SpeciesCell):
                # a line's marks keep their width; a box's title does not lay anything out
                cell.show_marks(self._marks(tg), self._is_selected(tg), layout=False)

    def _scroll_to_cursor(self, deferred: bool = False) -> None:
        cell = self._cell(self._cursor)
        if cell is None:
            return
        if self.query_one("#evo-me") in cell.ancestors and not self.has_class("-undocked"):
            return                                # docked: always in view
        if deferred:
            cell.scroll_visible(animate=False, immediate=False)
        else:
            self.scroll_to_widget(cell, animate=False)
