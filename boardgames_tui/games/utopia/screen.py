"""The Utopia board: the islands as a map, the prestige scale, the score track
in turn order, the guests on offer and the viewer's hand.

It renders the Utopia ``view`` dict only (see docs/utopia-api.md); the fixed
names of the map (islands, district names, where each district sits on its
island) come from ``data.py``.  The generic game screen
(``boardgames_tui.ui.screens.game``) turns a picked target into a choice.

Nothing rests on colour alone:

* a seat is its symbol and letter (``●A``), as everywhere in the app;
* a people is its letter (``M``ayan, ``P``ersian, ``E``gyptian, ``G``reek,
  ``C``hinese), written in bold, with a count after it (``G2`` = 2 Greek
  princes); the prestige scale spells the names out;
* an island is its glyph and name (``▲ Earth``); a monument is ``▣`` with its
  people and owner (``▣G ●A``); a wonder is ``✪``;
* what the current decision can aim at is marked ``◆`` (and a heavy border on
  districts), the cursor ``▶`` (a double border), a selection ``★``.

Keys while the board has focus: arrows or h j k l move the cursor (across
the map by position), Enter picks what is under it.  The line at the bottom
describes the place under the cursor (neighbours, piers, every prince).
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical
from textual.widgets import Static

from ...ui.theme import colour, seat_letter
from ...ui.widgets.cursor_board import CURSOR_MARK, TARGET_MARK, CursorBoard, Pickable
from .data import (
    DISTRICTS, ISLAND_GLYPHS, ISLAND_NAMES, ISLANDS, PEOPLE_LETTERS, PEOPLE_NAMES, PEOPLES,
    WIN_SCORE,
)

SELECTED_MARK = "★"
MONUMENT = "▣"
WONDER = "✪"

PEOPLE_LETTER = dict(zip(PEOPLES, PEOPLE_LETTERS))
PEOPLE_NAME = dict(zip(PEOPLES, PEOPLE_NAMES))
PEOPLE_SHORT = {p: n[:3] for p, n in zip(PEOPLES, PEOPLE_NAMES)}
A_PEOPLE = tuple(("an " if n[0] in "AEIOU" else "a ") + n for n in PEOPLE_NAMES)
ISLAND_INDEX = {k: i for i, k in enumerate(ISLANDS)}
DISTRICT_INDEX = {d.name: d.id for d in DISTRICTS}

PHASES = {"guests": "phase 1: welcoming guests", "discard": "phase 2: discarding",
          "cards": "phase 2: action cards", "over": "game over"}
SHORT_PHASES = {"guests": "phase 1: guests", "discard": "phase 2: discards",
                "cards": "phase 2: cards", "over": "game over"}

# Where each district sits on its island (rows of three; None = sea).  The
# placeholder map of data.py is drawn so that most streets join cells that
# touch; a district missing here is added at the end of its island.
ISLAND_GRID: dict[str, tuple[tuple[str | None, ...], ...]] = {
    "earth": (("E1", "E2", "E4"), ("E3", "E5", "E7"), (None, "E6", None)),
    "fire": (("F1", "F2", "F3"), ("F6", "F5", "F4")),
    "wind": (("W1", "W3", "W4"), ("W2", "W5", "W6")),
    "water": (("A1", "A2", "A5"), (None, "A3", "A4")),
}
GRID_COLS = 3
WIDE_MAP = 66       # board width from which two islands stand side by side
WIDE_TEXT = 58      # board width from which names are spelt out in full


def island_grid(island: str) -> list[list[int | None]]:
    """The district ids of ``island`` in rows of GRID_COLS (None = a gap)."""
    i = ISLAND_INDEX[island]
    rows = [[DISTRICT_INDEX.get(n) if n else None for n in row]
            for row in ISLAND_GRID.get(island, ())]
    placed = {d for row in rows for d in row if d is not None}
    rest = [d.id for d in DISTRICTS if d.island == i and d.id not in placed]
    while rest:
        rows.append((rest[:GRID_COLS] + [None] * GRID_COLS)[:GRID_COLS])
        rest = rest[GRID_COLS:]
    return rows


class Place(Pickable):
    """A place the cursor can stand on: a district, an island (its wonder), a
    guest, the bag, a place of the scale, a card of the hand or a player.

    ``targets`` are the ``Option.target`` tuples it stands for (a hand card is
    both ``("card", x)`` and ``("people", x)``); the first is its identity."""

    targets: tuple[tuple, ...] = ()

    @property
    def key(self) -> tuple:
        return self.targets[0]


class IslandBox(Place, Vertical):
    """An island: its districts, and its wonder in the frame's title."""

    DEFAULT_CSS = """
    IslandBox { height: auto; border: round $primary-lighten-1; border-title-style: bold; }
    IslandBox.-closed { border: round $panel; }
    IslandBox.-target { border: heavy $success; }
    IslandBox.-cursor { border: double $accent; }
    """

    def __init__(self, island: int, **kw) -> None:
        super().__init__(**kw)
        self.targets = (("island", island),)


class UCell(Place, Static):
    """A cell of the board (see :class:`Place`)."""

    DEFAULT_CSS = """
    UCell { width: auto; height: 1; padding: 0 1 0 0; }
    UCell.-target { text-style: bold; }
    UCell.-cursor { background: $accent 45%; }
    UCell.district { width: 1fr; height: auto; min-height: 2; padding: 0;
                     border-top: round $panel-lighten-2; border-left: round $panel-lighten-2;
                     border-title-color: $text; }
    UCell.district.-target { border-top: heavy $success; border-left: heavy $success; }
    UCell.district.-cursor { border-top: double $accent; border-left: double $accent;
                             background: $accent 20%; }
    UCell.district.-selected { border-top: double $warning; border-left: double $warning; }
    UCell.district.-closed { color: $text-disabled; }
    UCell.player { width: 1fr; height: auto; }
    """

    def __init__(self, targets: tuple[tuple, ...], **kw) -> None:
        super().__init__("", **kw)
        self.targets = targets
        self._painted_width = -1

    def on_resize(self, event: events.Resize) -> None:
        # A district breaks its lines of princes at its width: draw it again.
        if self.targets[0][0] == "district" and self.content_size.width != self._painted_width:
            self._painted_width = self.content_size.width
            board = next((a for a in self.ancestors if isinstance(a, UtopiaBoard)), None)
            if board is not None:
                board.paint_district(self)


def princes_text(counts: dict) -> Text:
    """``M2G1``: people letters in bold, each with its count."""
    t = Text()
    for p in PEOPLES:
        c = counts.get(p, 0)
        if c:
            t.append(PEOPLE_LETTER[p], style="bold")
            t.append(str(c))
    return t


class UtopiaBoard(CursorBoard):
    DEFAULT_CSS = """
    UtopiaBoard #uto-top { dock: top; height: auto; background: $primary-darken-3; padding: 0 1; }
    UtopiaBoard #uto-info { dock: bottom; height: auto; max-height: 3; background: $primary-darken-3;
                            padding: 0 1; }
    UtopiaBoard .uto-row { height: auto; width: 1fr; }
    UtopiaBoard .uto-label { width: auto; padding: 0 1 0 0; text-style: bold; }
    UtopiaBoard .uto-head { height: auto; padding: 0 1; background: $panel; }
    UtopiaBoard .uto-guest-label { width: 9; padding: 0 0 0 1; }
    UtopiaBoard #uto-guests, UtopiaBoard #uto-hand, UtopiaBoard #uto-players { height: auto; }
    UtopiaBoard #uto-hand-row { padding: 0 0 0 1; }
    UtopiaBoard #uto-map { layout: grid; grid-size: 1; grid-gutter: 0 0; height: auto; grid-rows: auto; }
    UtopiaBoard .uto-districts { layout: grid; grid-size: 3; grid-gutter: 0 0; height: auto;
                                 grid-rows: auto; }
    UtopiaBoard .uto-gap { height: 2; }
    UtopiaBoard #uto-sea { height: auto; color: $text-muted; padding: 0 1; }
    UtopiaBoard #uto-players > UCell { padding: 0 1 0 0; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._wide_map = False
        self._width = 0
        self._pickables: list[Place] = []

    # -- layout ---------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Vertical(id="uto-top"):
            yield Static("", id="uto-status")
            with Horizontal(classes="uto-row", id="uto-scale"):
                yield Static("Scale", classes="uto-label", id="uto-scale-label")
                for place in range(len(PEOPLES)):
                    yield UCell((("scale", place),), classes="scale")
            yield Static("", id="uto-order")
        yield Static("", id="uto-info")
        with Vertical(id="uto-guests"):
            yield Static("", classes="uto-head", id="uto-guests-head")
            for i, isl in enumerate(ISLANDS):
                with Horizontal(classes="uto-row uto-guest-row", id=f"uto-guests-{isl}"):
                    yield Static(f"{ISLAND_GLYPHS[i]} {ISLAND_NAMES[i]}", classes="uto-label uto-guest-label")
                    for x in range(len(PEOPLES)):
                        yield UCell((("guest", i, x),), classes="guest")
            with Horizontal(classes="uto-row", id="uto-bag-row"):
                yield Static("", classes="uto-label uto-guest-label")
                yield UCell((("bag",),), classes="bag")
        with Vertical(id="uto-hand"):
            yield Static("", classes="uto-head", id="uto-hand-head")
            with Horizontal(classes="uto-row", id="uto-hand-row"):
                for x in range(len(PEOPLES)):
                    yield UCell((("card", x), ("people", x)), classes="card")
        with Container(id="uto-map"):
            for i, isl in enumerate(ISLANDS):
                with IslandBox(i, id=f"uto-island-{isl}"):
                    with Container(classes="uto-districts"):
                        for row in island_grid(isl):
                            for d in row:
                                if d is None:
                                    yield Static("", classes="uto-gap")
                                else:
                                    yield UCell((("district", d),), classes="district")
        yield Static("", id="uto-sea")
        with Vertical(id="uto-players"):
            yield Static("", classes="uto-head", id="uto-players-head")
            for slot in range(5):
                yield UCell((("player", slot),), classes="player")

    def on_mount(self) -> None:
        self._pickables = [w for w in self.query("*") if isinstance(w, Place)]

    def on_resize(self, event: events.Resize) -> None:
        width = event.size.width
        wide = width >= WIDE_MAP
        changed = wide != self._wide_map or (width >= WIDE_TEXT) != (self._width >= WIDE_TEXT)
        self._width = width
        if wide != self._wide_map:
            self._wide_map = wide
            self.query_one("#uto-map").styles.grid_size_columns = 2 if wide else 1
        if changed and self._view is not None:
            self._redraw()

    @property
    def wide_text(self) -> bool:
        return self._width >= WIDE_TEXT

    # -- cells and the cursor's rows ---------------------------------------------------
    def _cells(self) -> list[Place]:
        return self._pickables

    @staticmethod
    def _shown(cell: Any) -> bool:
        node = cell
        while node is not None and not isinstance(node, UtopiaBoard):
            if not node.display:
                return False
            node = node.parent
        return True

    def rows(self) -> list[list[tuple[tuple, float]]]:
        """The cursor's rows, top to bottom: (cell key, horizontal place 0..1)."""
        out: list[list[tuple[tuple, float]]] = []

        def add(cells: list) -> None:
            cells = [c for c in cells if self._shown(c)]
            if cells:
                out.append([(c.key, (i + 0.5) / len(cells)) for i, c in enumerate(cells)])

        add(list(self.query_one("#uto-scale").query(UCell)))
        for isl in ISLANDS:
            add(list(self.query_one(f"#uto-guests-{isl}").query(UCell)))
        add(list(self.query_one("#uto-bag-row").query(UCell)))
        add(list(self.query_one("#uto-hand-row").query(UCell)))
        per_line = 2 if self._wide_map else 1
        islands = list(ISLANDS)
        for start in range(0, len(islands), per_line):
            line = islands[start:start + per_line]
            add([self.query_one(f"#uto-island-{isl}") for isl in line])
            grids = [island_grid(isl) for isl in line]
            for r in range(max(len(g) for g in grids)):
                row = []
                for slot, g in enumerate(grids):
                    if r >= len(g):
                        continue
                    for c, d in enumerate(g[r]):
                        cell = self._cell(("district", d)) if d is not None else None
                        if cell is not None and self._shown(cell):
                            row.append((cell.key, (slot * GRID_COLS + c + 0.5) / (per_line * GRID_COLS)))
                if row:
                    out.append(row)
        for c in self.query_one("#uto-players").query(UCell):
            add([c])
        return out

    def _cursor_rows(self) -> list[list[tuple[tuple, float]]]:
        return self.rows()  # already placed across the map: up/down go to the nearest cell

    def _key_for_target(self, target: tuple | None, keys: list[tuple] | None = None) -> tuple | None:
        """The key of the shown cell standing for ``target`` (a hand card stands for its people too)."""
        if target is None:
            return None
        for c in self._pickables:
            if target in c.targets and self._shown(c):
                return c.key
        return None

    def _cell_target(self, cell: Any) -> tuple:
        """What picking ``cell`` aims at now: its first target the decision offers."""
        return next((t for t in cell.targets if t in self._targets), cell.key)

    def _target_at(self, key: tuple | None) -> tuple | None:
        cell = self._cell(key)
        return self._cell_target(cell) if cell is not None else None

    def _is_target(self, cell: Any) -> bool:
        return any(t in self._targets for t in cell.targets)

    def _is_target_key(self, key: tuple | None) -> bool:
        cell = self._cell(key)
        return cell is not None and self._is_target(cell)

    def _cursor_on(self, cell: Any) -> bool:
        return self._cursor_shown(cell.key)

    # -- BoardWidget API ---------------------------------------------------------------
    def _target_name(self, target: tuple) -> str:
        kind = target[0] if target else ""
        if kind == "district":
            return DISTRICTS[target[1]].name
        if kind == "island":
            return f"the wonder of {ISLAND_NAMES[target[1]]}"
        if kind in ("people", "card", "scale"):
            name = PEOPLE_NAMES[target[1]]
            return {"people": f"the {name} princes", "card": f"the {name} card",
                    "scale": f"{name} on the prestige scale"}[kind]
        if kind == "guest":
            return f"the {PEOPLE_NAMES[target[2]]} guest for {ISLAND_NAMES[target[1]]}"
        if kind == "player":
            return self._player_name(target[1])
        if kind == "bag":
            return "the bag"
        return super()._target_name(target)

    def pick_cell(self, cell: Any) -> None:
        if self._shown(cell):
            super().pick_cell(cell)

    # -- what is shown (structure) ---------------------------------------------------------
    def _seat(self, p: int, name: bool = False) -> Text:
        """``●A`` (or ``●A Ada``) in the seat's colour."""
        c = colour(self._seat_colour(p))
        label = f"{c.symbol}{seat_letter(p)}"
        if name:
            players = (self._view or {}).get("players", [])
            if 0 <= p < len(players):
                label += f" {players[p]['name']}"
        return Text(label, style=Style(color=c.hex, bold=True))

    def _render_all(self) -> None:
        """Which parts are shown and what each cell stands for; ``_mark_cells`` paints."""
        v = self._view
        if not v:
            for box in ("#uto-guests", "#uto-hand"):
                self.query_one(box).display = False
            return
        scale = v.get("scale", [])
        for place, cell in enumerate(self.query_one("#uto-scale").query(UCell)):
            x = PEOPLES.index(scale[place]) if place < len(scale) else place
            cell.targets = (("scale", x),)
        # guests on offer (phase 1)
        guests = self.query_one("#uto-guests")
        display = v.get("display", [])
        guests.display = v.get("phase") == "guests" or bool(display)
        counts = {(g["island"], g["people"]): g["count"] for g in display}
        for isl in ISLANDS:
            row = self.query_one(f"#uto-guests-{isl}")
            cells = list(row.query(UCell))
            for x, cell in enumerate(cells):
                cell.display = counts.get((isl, PEOPLES[x]), 0) > 0
            row.display = any(c.display for c in cells)
        self.query_one("#uto-bag-row").display = ("bag",) in self._targets
        # the hand (phase 2)
        hand = self._hand()
        self.query_one("#uto-hand").display = (v.get("phase") in ("discard", "cards")
                                               or bool(hand and sum(hand.values())))
        self.query_one("#uto-hand-row").display = hand is not None
        # the islands
        for i, w in enumerate(v.get("wonders", [])):
            box = self.query_one(f"#uto-island-{ISLANDS[i]}")
            box.set_class(not w.get("open", True), "-closed")
            box.query_one(".uto-districts").display = w.get("open", True)
        # the players, in turn order
        order = v.get("order", list(range(len(v.get("players", [])))))
        for slot, cell in enumerate(self.query_one("#uto-players").query(UCell)):
            cell.display = slot < len(order)
            if slot < len(order):
                cell.targets = (("player", order[slot]),)

    def _hand(self) -> dict | None:
        me = self._viewer_player()
        return me.get("hand") if me is not None else None

    # -- painting ---------------------------------------------------------------------------
    def _mark_cells(self) -> None:
        v = self._view
        sel = (v or {}).get("selected") or {}
        for cell in self._pickables:
            cell.set_class(self._is_target(cell), "-target")
            cell.set_class(self._cursor_on(cell), "-cursor")
            if cell.key[0] == "district":
                cell.set_class(DISTRICTS[cell.key[1]].name in (sel.get("from"), sel.get("to")), "-selected")
        if not v:
            for c in self._pickables:
                if isinstance(c, UCell):
                    c.update("")
            for sid in ("#uto-status", "#uto-order", "#uto-info", "#uto-sea", "#uto-players-head"):
                self.query_one(sid, Static).update("")
            return
        self._paint_top(v)
        if self.query_one("#uto-guests").display:
            self._paint_guests(v)
        if self.query_one("#uto-hand").display:
            self._paint_hand(v)
        self._paint_map(v)
        self._paint_players(v)
        self.query_one("#uto-info", Static).update(self._info_text())

    def _inline(self, cell: Any, body: Text) -> Text:
        """An inline cell's text: one mark (▶ cursor, else ◆ target, else a space) and the body."""
        mark = CURSOR_MARK if self._cursor_on(cell) else TARGET_MARK if self._is_target(cell) else " "
        t = Text(mark, style="bold")
        t.append_text(body)
        return t

    def _people(self, p: str) -> Text:
        """``Mayan`` (or ``May`` when narrow), the letter in bold."""
        t = Text(PEOPLE_LETTER[p], style="bold")
        t.append(PEOPLE_NAME[p][1:] if self.wide_text else PEOPLE_SHORT[p][1:])
        return t

    def _paint_top(self, v: dict) -> None:
        t = Text()
        t.append(f"Round {v.get('round', 0)}", style="bold")
        phase = v.get("phase", "")
        t.append(f" · {(PHASES if self.wide_text else SHORT_PHASES).get(phase, phase)}")
        if v.get("out_of_turn"):
            t.append(" · out of turn", style="bold italic")
        if phase in ("discard", "cards"):
            t.append(f" · deck {v.get('deck', 0)}")
        elif phase == "guests":
            t.append(f" · bag {v.get('bag', 0)}")
        for w in v.get("winners") or []:
            t.append(" · winner ")
            t.append_text(self._seat(w, True))
        self.query_one("#uto-status", Static).update(t)
        self.query_one("#uto-scale-label", Static).update(
            Text("Prestige scale" if self.wide_text else "Scale", style="bold"))
        scale = v.get("scale", [])
        sel = v.get("selected") or {}
        for place, cell in enumerate(self.query_one("#uto-scale").query(UCell)):
            if place >= len(scale):
                cell.update("")
                continue
            p = scale[place]
            body = Text(f"{place + 1} ")
            body.append_text(self._people(p))
            if sel.get("action") in ("raise", "lower") and sel.get("people") == p:
                body.append(SELECTED_MARK, style="bold")
            cell.update(self._inline(cell, body))
        self.query_one("#uto-order", Static).update(self._order_text(v))

    def _order_text(self, v: dict) -> Text:
        players = v.get("players", [])
        order = v.get("order", [])
        turn = v.get("turn")
        actor = v.get("actor")

        def build(names: bool) -> Text:
            t = Text()
            t.append("Order ", style="bold")
            for i, p in enumerate(order):
                if i:
                    t.append(" › ", style="dim")
                t.append_text(self._seat(p, names))
                t.append(f"{':' if names else ''} {players[p]['score']}")
                if p == actor and v.get("out_of_turn"):
                    t.append(" ◀out of turn" if names else " ◀!", style="bold")
                elif p == turn:
                    t.append(" ◀turn" if names else " ◀", style="bold")
            return t

        full = build(True)
        return full if full.cell_len <= max(20, self._width - 3) else build(False)

    def _paint_guests(self, v: dict) -> None:
        counts = {(g["island"], g["people"]): g["count"] for g in v.get("display", [])}
        sel_guest = (v.get("selected") or {}).get("guest")
        total = sum(counts.values())
        head = Text("Guests waiting: ", style="bold")
        head.append(f"{total} · bag {v.get('bag', 0)}")
        self.query_one("#uto-guests-head", Static).update(head)
        for i, isl in enumerate(ISLANDS):
            for x, cell in enumerate(self.query_one(f"#uto-guests-{isl}").query(UCell)):
                n = counts.get((isl, PEOPLES[x]), 0)
                if not n:
                    continue
                body = self._people(PEOPLES[x])
                if n > 1:
                    body.append(f"×{n}")
                if sel_guest == {"island": isl, "people": PEOPLES[x]}:
                    body.append(SELECTED_MARK, style="bold")
                cell.update(self._inline(cell, body))
        bag = self.query_one("#uto-bag-row").query_one(UCell)
        bag.update(self._inline(bag, Text(f"Draw from the bag ({v.get('bag', 0)})")))

    def _paint_hand(self, v: dict) -> None:
        hand = self._hand()
        head = Text()
        viewer = v.get("viewer")
        if hand is None:
            head.append("Hands are hidden", style="bold")
        else:
            pl = v["players"][viewer]
            n = sum(hand.values())
            head.append("Hand of ", style="bold")
            head.append_text(self._seat(viewer, True))
            head.append(f": {n} card{'s' if n != 1 else ''}", style="bold")
            tiles = pl.get("privileges", 0)
            head.append(f" · {'privilege tiles' if self.wide_text else 'tiles'} {tiles}")
            due = pl.get("discard_due", 0)
            if due:
                head.append(f" · discard {due}", style="bold")
        self.query_one("#uto-hand-head", Static).update(head)
        if hand is None:
            return
        sel = v.get("selected") or {}
        paid = sel.get("paid") or []
        for x, cell in enumerate(self.query_one("#uto-hand-row").query(UCell)):
            p = PEOPLES[x]
            n = hand.get(p, 0)
            body = self._people(p)
            body.append(f" {n}")
            k = paid.count(p)
            if k:
                body.append(f" ✓{k} paid", style="italic")
            if sel.get("action") in ("move", "add", "remove") and sel.get("people") == p:
                body.append(SELECTED_MARK, style="bold")
            if not n and not self._is_target(cell):
                body.stylize("dim")
            cell.update(self._inline(cell, body))

    def _paint_map(self, v: dict) -> None:
        sel = v.get("selected") or {}
        for i, w in enumerate(v.get("wonders", [])):
            box = self.query_one(f"#uto-island-{ISLANDS[i]}")
            marks = self._marks(box.key)
            title = f"{marks}{ISLAND_GLYPHS[i]} {ISLAND_NAMES[i]}"
            if not w.get("open", True):
                title += " · closed (two players)"
            elif w.get("owner") is None:
                title += f" · {WONDER} free" if self._wide_map else f" · {WONDER} wonder space free"
            else:
                c = colour(self._seat_colour(w["owner"]))
                who = f"{c.symbol}{seat_letter(w['owner'])}"
                bonus = w.get("bonus", 0)
                title += (f" · {WONDER} of {who} +{bonus}/{MONUMENT}" if self._wide_map
                          else f" · {WONDER} wonder of {who}: +{bonus} a monument")
            if sel.get("wonder") == ISLANDS[i]:
                title += f" {SELECTED_MARK}"
            box.border_title = title
        for d in v.get("districts", []):
            cell = self._cell(("district", d["id"]))
            if cell is not None:
                self.paint_district(cell, d)
        self.query_one("#uto-sea", Static).update(self._sea_text(v))

    def paint_district(self, cell: UCell, d: dict | None = None) -> None:
        """Draw one district cell (again when its width changed)."""
        v = self._view
        if not v:
            return
        if d is None:
            d = v["districts"][cell.key[1]]
        sel = v.get("selected") or {}
        if self._cursor_on(cell):
            mark = CURSOR_MARK
        elif self._is_target(cell):
            mark = TARGET_MARK
        elif d["name"] in (sel.get("from"), sel.get("to")):
            mark = SELECTED_MARK
        else:
            mark = " "
        cell.update(self._district_text(d, mark, cell.content_size.width))
        cell.set_class(not d.get("open", True), "-closed")
        cell.border_title = f"{d['name']}·{d['value']}{self._district_extra(d)}"

    @staticmethod
    def _district_extra(d: dict) -> str:
        """`` S2`` for a pier on sea sector 2."""
        return f" S{d['pier'] + 1}" if d.get("pier", -1) >= 0 else ""

    def _district_text(self, d: dict, mark: str, width: int = 0) -> Text:
        """One mark (``▶`` cursor, ``◆`` target, ``★`` selected) starts the
        first line; then the monument and each player's princes, a line each
        (a player's peoples go on under the first when ``width`` is short)."""
        first = Text(mark, style="bold")
        if not d.get("open", True):
            return first + Text("closed", style="dim")
        lines: list[Text] = []
        mon = d.get("monument")
        if mon:
            m = Text(MONUMENT, style="bold")
            m.append(PEOPLE_LETTER.get(mon["people"], "?"), style="bold")
            m.append(" ")
            m.append_text(self._seat(mon["owner"]))
            lines.append(m)
        room = width - 1 - 3 if width > 4 else 99  # after the mark and "●A "
        for p, counts in enumerate(d.get("princes", [])):
            if not counts:
                continue
            parts = [f"{PEOPLE_LETTER[x]}{counts[x]}" for x in PEOPLES if counts.get(x)]
            chunks: list[list[str]] = [[]]
            for part in parts:
                if chunks[-1] and len("".join(chunks[-1]) + part) > room:
                    chunks.append([])
                chunks[-1].append(part)
            for i, chunk in enumerate(chunks):
                line = self._seat(p) if i == 0 else Text("   ", style=self._seat(p).style)
                if i == 0:
                    line.append(" ")
                for part in chunk:
                    line.append(part[0], style="bold")
                    line.append(part[1:])
                lines.append(line)
        if not lines:
            return first + Text("·", style="dim")
        pad = Text(" ")
        return Text("\n").join([first + lines[0]] + [pad + line for line in lines[1:]])

    def _sea_text(self, v: dict) -> Text:
        sectors: dict[int, list[str]] = {}
        bridges = []
        for d in v.get("districts", []):
            if d.get("pier", -1) >= 0 and d.get("open", True):
                sectors.setdefault(d["pier"], []).append(d["name"])
            bridges += [f"{d['name']}═{n}" for n in d.get("neighbours", [])
                        if n[0] != d["name"][0] and d["name"] < n]
        t = Text()
        t.append("Sea ", style="bold")
        t.append(" │ ".join(f"S{s + 1} {' '.join(sectors[s])}" for s in sorted(sectors)))
        t.append(": a pier reaches its own and the next sector")
        if bridges:
            t.append(" · ")
            t.append("Bridges ", style="bold")
            t.append(" ".join(bridges))
        t.append("\n")
        t.append("Key ", style="bold")
        t.append(f"E1·2 S1 district·value pier · {MONUMENT}G ●A Greek monument of A · "
                 f"●A M2G1 A's princes: 2 Mayan, 1 Greek · {WONDER} wonder")
        return t

    def _paint_players(self, v: dict) -> None:
        players = v.get("players", [])
        order = v.get("order", list(range(len(players))))
        phase = v.get("phase")
        head = Text("Score track", style="bold")
        head.append(f" in turn order · {WIN_SCORE} prestige ends the game" if self.wide_text
                    else f" · turn order · {WIN_SCORE} ends it")
        self.query_one("#uto-players-head", Static).update(head)
        for slot, cell in enumerate(self.query_one("#uto-players").query(UCell)):
            if slot >= len(order):
                continue
            p = order[slot]
            pl = players[p]
            body = Text()
            body.append(f"{slot + 1}. ")
            body.append_text(self._seat(p, True))
            body.append(f": {pl.get('score', 0)}", style="bold")
            if v.get("viewer") == p:
                body.append(" (you)")
            notes = []
            if p == v.get("actor") and v.get("out_of_turn"):
                notes.append("◀ picks out of turn")
            elif p == v.get("turn"):
                notes.append("◀ turn")
            elif pl.get("acted") and phase in ("guests", "cards"):
                notes.append("✓ played" if phase == "cards" else "✓ picked")
            if pl.get("discard_due"):
                notes.append(f"discards {pl['discard_due']}")
            if phase == "guests" and pl.get("drew_from_bag"):
                notes.append("bag draw used")
            if notes:
                body.append(" " + " · ".join(notes), style="italic")
            body.append("  supply " if self.wide_text else "\n    supply ")
            supply = pl.get("supply", {})
            body.append_text(princes_text(supply) if any(supply.values()) else Text("none"))
            body.append(f"  bases {pl.get('bases', 0)}  tiles {pl.get('privileges', 0)}")
            if phase in ("discard", "cards"):
                body.append(f"  cards {pl.get('hand_count', 0)}")
            cell.update(self._inline(cell, body))

    def _info_text(self) -> Text:
        v = self._view or {}
        cell = self._cell(self._cursor)
        if not v or cell is None:
            return Text("")
        if not self._cursor_on(cell):
            t = Text("Board: ", style="bold")
            t.append(f"Tab here, then arrows or h j k l move {CURSOR_MARK}, Enter picks; "
                     f"{TARGET_MARK} = a choice now")
            return t
        key = cell.key
        t = Text()
        if self._targets:
            if self._is_target(cell):
                t.append(f"{TARGET_MARK} Enter picks: ", style="bold")
            else:
                t.append("Not a choice now: ", style="dim")
        kind = key[0]
        if kind == "district":
            d = v["districts"][key[1]]
            t.append(d["name"], style="bold")
            t.append(f" {ISLAND_NAMES[ISLAND_INDEX[d['island']]]} · value {d['value']}")
            if not d.get("open", True):
                t.append(" · closed")
            t.append(" · streets " + " ".join(d.get("neighbours", [])))
            if d.get("pier", -1) >= 0:
                closed = {e["name"] for e in v["districts"] if not e.get("open", True)}
                sea = [n for n in d.get("sea", []) if n not in closed]
                t.append(f" · pier S{d['pier'] + 1} → " + (" ".join(sea) or "—"))
            mon = d.get("monument")
            if mon:
                t.append(f" · {MONUMENT} {PEOPLE_NAME[mon['people']]} monument of ")
                t.append_text(self._seat(mon["owner"], True))
                val = v.get("values", {}).get(mon["people"])
                if val:
                    t.append(f" (worth {val})")
            for p, counts in enumerate(d.get("princes", [])):
                if counts:
                    t.append(" · ")
                    t.append_text(self._seat(p))
                    t.append(" " + ", ".join(f"{c} {PEOPLE_NAME[x]}" for x, c in counts.items()))
        elif kind == "scale":
            p = PEOPLES[key[1]]
            t.append(PEOPLE_NAME[p], style="bold")
            t.append(f": {v.get('values', {}).get(p, '?')} prestige a monument in phase 3"
                     f" · {v.get('monuments_left', {}).get(p, 0)} monuments left to build")
        elif kind == "guest":
            _, i, x = key
            t.append(f"{PEOPLE_NAMES[x]} guest for {ISLAND_GLYPHS[i]} {ISLAND_NAMES[i]}", style="bold")
            t.append(f": brings {A_PEOPLE[x]} prince to {ISLAND_NAMES[i]}")
        elif kind == "bag":
            t.append("The bag", style="bold")
            t.append(": draw a guest (once a round), then name a player who takes one out of turn")
        elif kind == "island":
            i = key[1]
            w = v.get("wonders", [{}] * 4)[i]
            t.append(f"{ISLAND_GLYPHS[i]} {ISLAND_NAMES[i]}", style="bold")
            if not w.get("open", True):
                t.append(": closed with two players")
            elif w.get("owner") is None:
                t.append(f": {WONDER} wonder space free · a prince of each of the 5 peoples here builds it (+6)")
            else:
                t.append(f": {WONDER} wonder of ")
                t.append_text(self._seat(w["owner"], True))
                t.append(f", who scores {w.get('bonus', 0)} for every monument built here")
        elif kind == "card":
            x = key[1]
            t.append(f"{PEOPLE_NAMES[x]} cards", style="bold")
            t.append(f": pay {PEOPLE_NAMES[x]} actions (1 card; drop 2)")
        elif kind == "player":
            p = key[1]
            t.append_text(self._seat(p, True))
            pl = v["players"][p]
            t.append(f": {pl.get('score', 0)} prestige, {pl.get('rank', 0) + 1}. in turn order")
        return t

    def _scroll_to_cursor(self, deferred: bool = False) -> None:
        cell = self._cell(self._cursor)
        if cell is None or not self._shown(cell):
            return
        if deferred:
            self.scroll_to_widget(cell, animate=False, center=True, immediate=False)
        else:
            self.scroll_to_widget(cell, animate=False)
