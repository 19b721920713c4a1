"""The Imperial board: the rondel, a schematic map of Europe, the six powers
with their bond tables, and the investors, all on one
:class:`~boardgames_tui.ui.widgets.map_canvas.MapCanvas`.

It renders the Imperial ``view`` dict only; the map's grid (house data) and
the names come from ``data.py``.  The generic game screen turns a picked
target (``("region", r)``, ``("rondel", space)``, ``("power", p)``,
``("bond", p, b)``) into a choice, or narrows the option list to the options
aimed at it (a region may offer a unit to move and a battle).

Nothing rests on colour alone:

* a power is its letter (``A``ustria-Hungary, ``I``taly, ``F``rance,
  Great ``B``ritain, ``G``ermany, ``R``ussia) in its colour; a home province
  is tinted in its power's colour *and* carries the letter (``VIE A``);
* units are the power's letter, a count and ``a`` (armies) or ``f`` (fleets):
  ``A2a`` = two Austrian armies, ``B1f`` = one British fleet; ``!`` marks
  hostile armies (``I1a!``);
* ``■`` is an armaments factory, ``≋`` a shipyard, ``⚑F`` France's flag;
* a seat is its symbol and letter (``●A``), as everywhere in the app;
* the cursor is ``▶``, a choice now ``◆``, a selected unit or place ``★``.

Keys while the map has focus: the arrows move the cursor to the nearest
place that way, Enter picks what is under it.  A maneuver is made by picking
the region of a unit, then its destination (each marked ``◆``).

At 80x24: above the map the deciding power's treasury, power points and what a
taxation would give it now, the deciding player's own position (cash, the powers
he governs, his bonds by power) and a short summary of each other player with all
his bonds (at 6 players, as many lines as they take, never cut); the
rondel is pinned above the map (``MapCanvas.pinned``) while the map scrolls
under it; the map's columns narrow to fit the board; an option's label is one
line, its whole text (``labels.option_detail``) on the info line under the map.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from ...ui.theme import colour, seat_letter
from ...ui.widgets.board import SeatViewHelpers
from ...ui.widgets.map_canvas import MapBoard, MapRegion, cut_lines, wrap_text
from . import data as D
from .labels import option_detail

__all__ = ["ImperialBoard", "POWER_HEX", "focus_region", "unit_tokens"]

SELECTED_MARK = "★"
FACTORY_GLYPH = {D.ARMAMENTS: "■", D.SHIPYARD: "≋"}
FLAG = "⚑"

# Power colours on a dark background (Germany's black drawn light grey), and
# the tint of its home provinces.
POWER_HEX: dict[str, str] = {"AH": "#ffd75f", "IT": "#5fd75f", "FR": "#5f9fff", "GB": "#ff5f5f",
                             "GE": "#d0d0d0", "RU": "#d787ff"}
HOME_TINT: dict[str, str] = {"AH": "#3f3500", "IT": "#173d17", "FR": "#14284f", "GB": "#4a1616",
                             "GE": "#3a3a3a", "RU": "#38194a"}
SEA_TINT = "#0c2438"
LAND_TINT = "#262626"
LETTER = dict(zip(D.POWERS, D.POWER_LETTERS))
NAME = dict(zip(D.POWERS, D.POWER_NAMES))
RONDEL_HELP = {
    "factory": "build a factory (5M from the treasury)",
    "production1": "each factory without hostile armies makes a unit",
    "production2": "each factory without hostile armies makes a unit",
    "maneuver1": "fleets, then armies move; battles; flags",
    "maneuver2": "fleets, then armies move; battles; flags",
    "investor": "interest; the investor card and the Swiss banks invest",
    "import": "up to 3 units at 1M each",
    "taxation": "tax, success bonus, power points, soldiers' pay",
}

RONDEL_SHORT = {"Factory": "Fact", "Production": "Prod", "Maneuver": "Man", "Investor": "Inv", "Import": "Imp",
                "Taxation": "Tax"}
CELL_W = 9        # a grid column: 8 cells and a gap
MIN_CELL_W = 4    # the narrowest column (80x24): the mark and an abbreviation, no gap
MAP_TOP_GAP = 1   # a blank line between the rondel and the map
WIDE = 70         # from this width the powers' lines spell names out


def power_style(code: str | None, bold: bool = True) -> Style:
    return Style(color=POWER_HEX.get(code or "", "#e4e4e4"), bold=bold)


def unit_tokens(units: list[dict]) -> list[Text]:
    """``A2a`` ``A1f`` ``I1a!``: per power its armies, then its fleets."""
    out = []
    for u in units:
        st = power_style(u["power"])
        letter = LETTER[u["power"]]
        if u.get("armies"):
            out.append(Text(f"{letter}{u['armies']}a{'!' if u.get('hostile') else ''}", style=st))
        if u.get("fleets"):
            out.append(Text(f"{letter}{u['fleets']}f", style=st))
    return out


def flow_tokens(tokens: list[Text], width: int, indent: str = "") -> list[Text]:
    """Tokens joined by spaces into lines of at most ``width`` cells, every line after the first
    starting with ``indent``."""
    lines: list[Text] = []
    line = Text()
    for tok in tokens:
        if line.cell_len and line.cell_len + 1 + tok.cell_len > width:
            lines.append(line)
            line = Text(indent)
        elif line.cell_len:
            line.append(" ")
        line.append_text(tok)
    if line.cell_len:
        lines.append(line)
    return lines


def focus_region(view: dict) -> int | None:
    """The region a decision is about, where the map centres when the cursor is not on one of its
    targets below the rondel: the unit moving or the place of a battle; else the middle of the home of
    the power the decider acts for (or governs first).  None when the decision is about no power."""
    sel = view.get("selected") or {}
    key = sel.get("from") or sel.get("region")
    if key in D.REGION_INDEX:
        return D.REGION_INDEX[key]
    code = view.get("acting_for")
    actor, players = view.get("actor"), view.get("players", [])
    if code is None and actor is not None and 0 <= actor < len(players) and players[actor].get("governs"):
        code = players[actor]["governs"][0]
    if code not in D.POWER_INDEX:
        return None
    homes = D.HOME_PROVINCES[D.POWER_INDEX[code]]
    cells = D.map_cells()
    centre = {r: (cells[r][0] + cells[r][2] / 2, cells[r][1] + cells[r][3] / 2) for r in homes}
    mx = sum(x for x, _ in centre.values()) / len(homes)
    my = sum(y for _, y in centre.values()) / len(homes)
    return min(homes, key=lambda r: ((centre[r][0] - mx) ** 2 + (centre[r][1] - my) ** 2, r))


class ImperialBoard(SeatViewHelpers, MapBoard):
    """Imperial's board: a :class:`MapBoard` whose regions are the rondel's
    spaces, the map's regions, the powers and their bonds, and the players."""

    DEFAULT_WIDTH = 46

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._width = self.DEFAULT_WIDTH
        self._cells = D.map_cells()

    # -- the option highlighted in the list: its details on the line under the map ------------------
    def info_text(self, region: MapRegion | None) -> Text:
        """As every map board's; but while the list has the keys, the highlighted option's whole text
        (what its one-line label leaves out) comes before what the map says of its target."""
        o = self._list_choice
        if o is None or self.canvas.has_focus:
            return super().info_text(region)
        t = Text("Enter picks: ", style="bold")
        t.append(o.label)
        detail = option_detail(o)
        if detail:
            t.append(" · ")
            t.append(detail)
        r = self.canvas.region_for_target(o.target)
        if r is not None and r.targets:
            t.append(" · ")
            self.region_info(t, self._view or {}, r.targets[0])
        return t

    # -- helpers --------------------------------------------------------------------------------
    def _seat(self, p: int | None, name: bool = False) -> Text:
        if p is None:
            return Text("nobody", style="dim")
        c = colour(self._seat_colour(p))
        label = f"{c.symbol}{seat_letter(p)}"
        if name:
            label += f" {self._player_name(p)}"
        return Text(label, style=Style(color=c.hex, bold=True))

    @staticmethod
    def _power(code: str, full: bool = False) -> Text:
        return Text(NAME[code] if full else code, style=power_style(code))

    def _selected(self) -> dict:
        return (self._view or {}).get("selected") or {}

    def show(self, view, targets, seats, highlight=None) -> None:
        """As every map board; and when the cursor is on no target below the rondel (a rondel move,
        a choice of sum), the map centres on the region the decision is about or the acting power's
        home (:func:`focus_region`), never on another's."""
        super().show(view, targets, seats, highlight)
        canvas = self.canvas
        cur = canvas.cursor_region
        shown = canvas.region_for_target(highlight) if highlight is not None else None
        if cur is not None and cur.bounds.y >= canvas.pinned and (
                canvas.is_target(cur) or (shown is not None and shown.id == cur.id)):
            return                  # on an option's place, or a demo's last target: centred there (MapBoard.show)
        r = focus_region(view or {})
        if r is None:
            return
        self.centre_on(("region", r))

    # -- the canvas ------------------------------------------------------------------------------
    def build_map(self, view: dict | None, width: int) -> list[MapRegion]:
        self._width = width = max(width, 30)
        v = view or {}
        if not v:
            return []
        out: list[MapRegion] = []
        y = self._map_rondel(out, v, 0, width)
        if self.is_mounted:
            self.canvas.pinned = y          # the rondel stays in view while the map scrolls under it
        y = self._map_regions(out, v, y + MAP_TOP_GAP, width)
        y = self._map_powers(out, v, y + 1, width)
        self._map_players(out, v, y + 1, width)
        return out

    @staticmethod
    def _text(out: list, rid: Any, text: Text, y: int, width: int) -> int:
        lines = wrap_text(text, width)
        out.append(MapRegion.rect(rid, 0, y, width, len(lines), text=tuple(lines), pickable=False))
        return y + len(lines)

    @staticmethod
    def _flow(out: list, items: list[tuple[Any, Text, tuple, dict]], x0: int, indent: int, y: int,
              width: int) -> int:
        """Places of one line each, left to right from ``x0``, wrapping to ``indent``."""
        x = x0
        for rid, label, targets, kw in items:
            w = 1 + label.cell_len
            if x > indent and x + w > width:
                x, y = indent, y + 1
            out.append(MapRegion.rect(rid, x, y, w, 1, label=label, targets=targets, **kw))
            x += w + 1
        return y + 1

    def _map_rondel(self, out: list, v: dict, y: int, width: int) -> int:
        """The rondel's spaces, each with the letters of the powers on it (the turn's underlined); on a
        narrow board the names are cut to four letters and the heading left out."""
        wide = width >= WIDE
        label = Text("Rondel" if wide else "", style="bold")
        if wide:
            out.append(MapRegion.rect("rondel-label", 0, y, label.cell_len, 1, label=label, pickable=False))
        at: dict[str, list[str]] = {}
        for pw in v.get("powers", []):
            if pw.get("rondel"):
                at.setdefault(pw["rondel"], []).append(pw["code"])
        turn = v.get("turn_power")
        items = []
        for i, (key, name) in enumerate(zip(v.get("rondel", D.RONDEL), v.get("rondel_names", D.RONDEL_NAMES))):
            body = Text(f"{i + 1}.{name if wide else RONDEL_SHORT.get(name, name)}")
            for code in at.get(key, []):
                body.append(" ")
                body.append(LETTER[code], style=power_style(code) + Style(underline=code == turn))
            items.append((("rondel", i), body, (("rondel", i),), {}))
        x0 = label.cell_len + 1 if wide else 0
        return self._flow(out, items, x0, x0, y, width)

    def _map_regions(self, out: list, v: dict, top: int, width: int) -> int:
        """The map: each region a block of its grid cells, its label line (name,
        home letter or flag, factory), then its units.  The grid's columns are as
        wide as the board allows (``CELL_W`` at most, ``MIN_CELL_W`` at least), so
        that at 80x24 the whole map is as wide as the board; a label that does not
        fit its block puts the home letter, flag and factory on the next line."""
        regions = v.get("regions", [])
        cell_w = max(MIN_CELL_W, min(CELL_W, width // D.MAP_COLS))
        gap = 1 if cell_w > MIN_CELL_W else 0     # the narrowest columns: the mark cell parts the regions
        sel = self._selected()
        chosen = {sel.get("from"), sel.get("region")} - {None}
        # Lines of units per region, at the width of its block.
        body: dict[int, list[Text]] = {}
        labels: dict[int, Text] = {}
        for r, (_cx, _cy, cw, _ch) in self._cells.items():
            if r < len(regions):
                room = cw * cell_w - gap - 1
                label, tail = self._region_label(regions[r], room)
                labels[r] = label
                body[r] = ([tail] if tail.cell_len else []) + flow_tokens(
                    unit_tokens(regions[r].get("units", [])), room)
        # Row heights: a label line and the lines of units (none in a row
        # without units, so that an early map fits a small terminal); a region
        # over several rows spreads its lines over their sum.
        heights = [1] * D.MAP_ROWS
        for r, (_cx, cy, _cw, ch) in sorted(self._cells.items(), key=lambda kv: kv[1][3]):
            need = 1 + len(body.get(r, []))
            have = sum(heights[cy:cy + ch])
            if need > have:
                heights[cy + ch - 1] += need - have
        row_y = [top]
        for h in heights:
            row_y.append(row_y[-1] + h)
        for r, (cx, cy, cw, ch) in self._cells.items():
            if r >= len(regions):
                continue
            reg = regions[r]
            x, y = cx * cell_w, row_y[cy]
            w, h = cw * cell_w - gap, row_y[cy + ch] - y
            out.append(MapRegion.rect(
                ("region", r), x, y, w, h, label=labels[r], text=tuple(body.get(r, [])),
                targets=(("region", r),), mark=SELECTED_MARK if reg["key"] in chosen else "",
                style=f"on {self._tint(reg)}"))
        if self.is_mounted:
            self.canvas.row_starts = row_y
        return row_y[-1]

    @staticmethod
    def _tint(reg: dict) -> str:
        if reg.get("kind") == D.SEA:
            return SEA_TINT
        return HOME_TINT.get(reg.get("owner") or "", LAND_TINT)

    @staticmethod
    def _region_label(reg: dict, room: int) -> tuple[Text, Text]:
        """``VIE A■``: the name (in full when it fits), the home power's letter or
        the flag, the factory; when even the abbreviation and these do not fit, the
        abbreviation and (for the line below it) the rest: (label, rest)."""
        tail = Text()
        owner = reg.get("owner")
        if owner:
            tail.append(" ")
            tail.append(LETTER[owner], style=power_style(owner))
            if reg.get("factory"):
                tail.append(FACTORY_GLYPH.get(reg.get("city") or "", "■"), style="bold")
        elif reg.get("flag"):
            tail.append(f" {FLAG}")
            tail.append(LETTER[reg["flag"]], style=power_style(reg["flag"]))
        name = reg["name"] if len(reg["name"]) + tail.cell_len <= room else reg["abbr"]
        t = Text(name, style="bold")
        if len(name) + tail.cell_len > room:
            return t, tail[1:]
        t.append_text(tail)
        return t, Text()

    def _map_powers(self, out: list, v: dict, y: int, width: int) -> int:
        """Per power: a line (government, treasury, power points, tax chart,
        rondel) picked as the power, then its bonds, each picked as itself."""
        wide = width >= WIDE
        head = Text("Powers", style="bold")
        head.append(" in turn order · 25 power points end the game" if wide else " · 25 points end it")
        y = self._text(out, "powers-head", head, y, width)
        turn = v.get("turn_power")
        for p, pw in enumerate(v.get("powers", [])):
            code = pw["code"]
            t = Text()
            t.append(f"{pw['letter']} ", style=power_style(code))
            t.append(pw["name"] if wide else code, style=power_style(code))
            t.append(" · ")
            t.append_text(self._seat(pw.get("government"), name=wide))
            t.append(f" · {pw['treasury']}M · {pw['power_points']}pp ×{pw['factor']} · tax {pw['tax_label']}")
            if pw.get("rondel"):
                t.append(f" · {D.RONDEL_NAMES[D.RONDEL_INDEX[pw['rondel']]]}")
            if code == turn:
                t.append(" ◀ turn", style="bold")
            lines = wrap_text(t, width - 1)
            out.append(MapRegion.rect(("power", p), 0, y, width, len(lines), label=lines[0],
                                      text=tuple(lines[1:]), targets=(("power", p),)))
            y += len(lines)
            items = []
            for b, bond in enumerate(pw.get("bonds", [])):
                lab = Text(f"{bond['cost']}")
                holder = bond.get("holder")
                if holder is None:
                    lab.append("·", style="dim")
                else:
                    lab.append_text(self._seat(holder))
                items.append((("bond", p, b), lab, (("bond", p, b),),
                              {"style": "dim" if holder is None and ("bond", p, b) not in self._targets else ""}))
            y = self._flow(out, items, 2, 2, y, width)
        return y

    def _map_players(self, out: list, v: dict, y: int, width: int) -> int:
        head = Text("Investors", style="bold")
        head.append(" · score = interest × factor + cash, now")
        y = self._text(out, "players-head", head, y, width)
        actor = v.get("actor")
        for q, pl in enumerate(v.get("players", [])):
            t = Text()
            t.append_text(self._seat(q, name=True))
            t.append(f": {pl['cash']}M", style="bold")
            if pl.get("governs"):
                t.append(" · governs ")
                for i, code in enumerate(pl["governs"]):
                    if i:
                        t.append(" ")
                    t.append_text(self._power(code))
            if pl.get("investor_card"):
                t.append(" · investor card", style="bold")
            if pl.get("swiss_bank"):
                t.append(" · Swiss bank", style="bold")
            t.append(f" · score {pl.get('score', 0)}")
            if q == actor:
                t.append(" ◀ decides", style="bold")
            if pl.get("bonds"):
                t.append("\nbonds ")
                t.append_text(self._bonds_text(pl["bonds"]))
            lines = wrap_text(t, width - 1)
            out.append(MapRegion.rect(("player", q), 0, y, width, len(lines), label=lines[0],
                                      text=tuple(lines[1:]), targets=(("player", q),)))
            y += len(lines)
        return y

    @staticmethod
    def _bonds_text(bonds: list[dict], unit: str = "") -> Text:
        """``A 9 · G 2`` (or ``A 9M · G 2M``): the bonds by power, the power's letter in its colour."""
        t = Text()
        by: dict[str, list[int]] = {}
        for b in bonds:
            by.setdefault(b["power"], []).append(b["cost"])
        for i, (code, costs) in enumerate(by.items()):
            if i:
                t.append(" · ")
            t.append(LETTER[code], style=power_style(code))
            t.append(" " + " ".join(f"{c}{unit}" for c in costs))
        return t

    def legend(self) -> list[tuple[str, str]]:
        return [(SELECTED_MARK, "selected"), ("VIE A", "home province of A(ustria)"),
                ("■", "armaments factory"), ("≋", "shipyard"), (f"{FLAG}F", "flag of F(rance)"),
                ("A2a B1f", "2 Austrian armies, 1 British fleet"), ("I1a!", "hostile army"),
                ("9●A", "9M bond held by ●A"), ("pp ×2", "power points, score factor")]

    # -- above and below the map ---------------------------------------------------------------
    def banner_note(self, view: dict | None) -> str:
        v = view or {}
        code = v.get("acting_for")
        return f"for {NAME[code]}" if code in NAME else ""

    def head_text(self, view: dict | None) -> Text:
        """Above the map: the round and whose turn; the deciding power's treasury, power points and
        what a taxation would give it now (:meth:`_power_line`); the deciding player's own position
        (the viewer's when nobody decides): cash, the powers governed, the investor card or a Swiss
        bank; his bonds by power; then every other player, a short summary each (cash, powers,
        bonds), packed into as many lines as they need: no player's bonds are ever cut off.  Any
        other line longer than the board is cut with ``…``."""
        v = view or {}
        if not v:
            return Text("")
        room = max(self._width - 2, 28)
        players = v.get("players", [])
        me = v.get("actor")
        if me is None or not 0 <= me < len(players):
            me = v.get("viewer")
        when = Text(f"Round {v.get('round', 0)}", style="bold")
        turn = v.get("turn_power")
        if turn:
            when.append(" · ")
            when.append_text(self._power(turn, full=True))
            when.append("'s turn")
        end = Text()             # the game's end: wrapped, never cut
        if v.get("end_reason"):
            end.append(f"Game over · {v['end_reason']}")
        for w in v.get("winners") or []:
            end.append(" · winner ")
            end.append_text(self._seat(w, True))
        lines = [when]
        power = self._power_line(v, room)
        if power is not None:
            lines.append(power)
        if me is not None and 0 <= me < len(players):
            lines += self._own_lines(me, players[me])
        out = cut_lines(lines, room)
        others = [q for q in range(len(players)) if q != me]
        packed = self._pack_others([self._other_parts(q, players[q]) for q in others], room)
        if packed:
            out.append("\n")
            out.append_text(Text("\n").join(packed))
        if end.cell_len:
            out.append("\n")
            out.append_text(end)
        return out

    def _power_line(self, v: dict, room: int) -> Text | None:
        """``AH treasury 12M · 3pp ×0 · tax 8M → +3pp``: the power decided for (else the one whose turn
        it is): its treasury, its power points and score factor, and what a taxation would collect now
        and the power points it would add (the tax chart's space for that sum).  The longest wording
        that fits the board."""
        code = v.get("acting_for") or v.get("turn_power")
        pw = next((p for p in v.get("powers", []) if p.get("code") == code), None)
        if pw is None:
            return None
        treasury, points, factor, tax = pw["treasury"], pw["power_points"], pw["factor"], pw["tax_now"]
        gain = D.power_points_for(D.tax_space(tax))
        forms = [
            (NAME[code], f": treasury {treasury}M · {points} power points (score ×{factor})"
                         f" · a taxation now: {tax}M tax, +{gain} power points"),
            (code, f" treasury {treasury}M · {points} power points ×{factor} · tax now {tax}M → +{gain}pp"),
            (code, f" treasury {treasury}M · {points}pp ×{factor} · tax now {tax}M → +{gain}pp"),
            (code, f" treasury {treasury}M · {points}pp ×{factor} · tax {tax}M → +{gain}pp"),
            (code, f" {treasury}M · {points}pp ×{factor} · tax {tax}M → +{gain}pp"),
        ]
        for name, rest in forms:
            if len(name) + len(rest) <= room:
                break
        t = Text(name, style=power_style(code))
        t.append(rest)
        return t

    @staticmethod
    def _pack_others(parts: list[list[Text]], room: int) -> list[Text]:
        """The other players' summaries packed into lines of ``room`` cells, `` · `` between two on a
        line; a summary longer than a line goes on at its own next line (indented), broken between
        its pieces (the seat with cash and powers, then each power's bonds), so nothing is cut."""
        lines: list[Text] = []
        line = Text()
        for pieces in parts:
            whole = Text(" ").join(pieces)
            if line.cell_len and line.cell_len + 3 + whole.cell_len <= room:
                line.append(" · ", style="dim")
                line.append_text(whole)
                continue
            if line.cell_len:
                lines.append(line)
            flowed = flow_tokens(pieces, room, indent="   ")
            lines.extend(flowed[:-1])
            line = flowed[-1] if flowed else Text()
        if line.cell_len:
            lines.append(line)
        return lines

    def _own_lines(self, q: int, pl: dict) -> list[Text]:
        """``■B◀ Bruno 12M · governs AH GB · investor card`` and ``bonds A 9M 4M · G 2M``."""
        a = self._seat(q, name=True)
        a.append("◀", style="bold")
        a.append(f" {pl['cash']}M cash", style="bold")
        if pl.get("governs"):
            a.append(" · governs")
            for code in pl["governs"]:
                a.append(" ")
                a.append_text(self._power(code))
        if pl.get("swiss_bank"):
            a.append(" · Swiss bank")
        if pl.get("investor_card"):
            a.append(" · investor card" if a.cell_len + 16 <= max(self._width - 2, 28) else " · card", style="bold")
        b = Text("bonds ")
        if pl.get("bonds"):
            b.append_text(self._bonds_text(pl["bonds"], unit="M"))
            if b.cell_len > max(self._width - 2, 28):     # many bonds: the others' compact form
                b = Text("bonds")
                b.append_text(self._bonds_compact(pl["bonds"]))
        else:
            b.append("none", style="dim")
        return [a, b]

    def _other_parts(self, q: int, pl: dict) -> list[Text]:
        """``●A 2M FR GE`` then ``A9,4`` and ``G2``: the seat, cash and the powers governed (underlined),
        the Swiss bank or the investor card; then the bonds, a piece per power."""
        t = self._seat(q)
        t.append(f" {pl['cash']}M")
        for code in pl.get("governs", []):
            t.append(" ")
            t.append(code, style=power_style(code) + Style(underline=True))
        if pl.get("swiss_bank"):
            t.append(" Swiss")
        if pl.get("investor_card"):
            t.append(" card", style="bold")
        return [t] + self._bond_pieces(pl.get("bonds", []))

    @staticmethod
    def _bond_pieces(bonds: list[dict]) -> list[Text]:
        """``A9,4`` ``G2``: per power its letter (in its colour) and its bonds' values."""
        by: dict[str, list[int]] = {}
        for bond in bonds:
            by.setdefault(bond["power"], []).append(bond["cost"])
        out = []
        for code, costs in by.items():
            t = Text()
            t.append(LETTER[code], style=power_style(code))
            t.append(",".join(str(c) for c in costs))
            out.append(t)
        return out

    @classmethod
    def _bonds_compact(cls, bonds: list[dict]) -> Text:
        """`` A9,4 G2``: the pieces of :meth:`_bond_pieces`, each after a space."""
        t = Text()
        for piece in cls._bond_pieces(bonds):
            t.append(" ")
            t.append_text(piece)
        return t

    def target_name(self, target: tuple) -> str:
        kind = target[0] if target else ""
        if kind == "region":
            return D.REGION_NAMES[target[1]]
        if kind == "rondel":
            return f"the rondel's {D.RONDEL_NAMES[target[1]]} space"
        if kind == "power":
            return D.POWER_NAMES[target[1]]
        if kind == "bond":
            return f"{D.POWER_NAMES[target[1]]}'s {D.BOND_COSTS[target[2]]}M bond"
        if kind == "player":
            return self._player_name(target[1])
        return super().target_name(target)

    def region_info(self, t: Text, v: dict, key: tuple) -> None:
        kind = key[0]
        if kind == "region":
            self._region_info(t, v, key[1])
        elif kind == "rondel":
            name = v.get("rondel_names", D.RONDEL_NAMES)[key[1]]
            space = D.RONDEL[key[1]]
            t.append(name, style="bold")
            t.append(f": {RONDEL_HELP[space]}")
            here = [pw["code"] for pw in v.get("powers", []) if pw.get("rondel") == space]
            if here:
                t.append(" · here: " + " ".join(here))
        elif kind == "power":
            self._power_info(t, v, key[1])
        elif kind == "bond":
            _, p, b = key
            pw = v["powers"][p]
            bond = pw["bonds"][b]
            t.append_text(self._power(pw["code"], full=True))
            t.append(f" {bond['cost']}M bond", style="bold")
            t.append(f", {bond['interest']}M interest · ")
            if bond.get("holder") is None:
                t.append("in the supply")
            else:
                t.append("held by ")
                t.append_text(self._seat(bond["holder"], True))
        elif kind == "player":
            q = key[1]
            pl = v["players"][q]
            t.append_text(self._seat(q, True))
            t.append(f": {pl['cash']}M cash · score now {pl.get('score', 0)}")
            if pl.get("bonds"):
                t.append(" · bonds ")
                t.append_text(self._bonds_text(pl["bonds"]))

    def _region_info(self, t: Text, v: dict, r: int) -> None:
        reg = v["regions"][r]
        t.append(f"{reg['name']} ({reg['abbr']})", style="bold")
        owner = reg.get("owner")
        if owner:
            t.append(" · home of ")
            t.append_text(self._power(owner, full=True))
            city = "armaments city" if reg.get("city") == D.ARMAMENTS else "port city"
            if reg.get("factory"):
                t.append(f" · {FACTORY_GLYPH.get(reg.get('city') or '', '■')} "
                         f"{'armaments factory' if reg.get('city') == D.ARMAMENTS else 'shipyard'}")
            else:
                t.append(f" · {city}, no factory")
            if reg.get("port"):
                t.append(f" · harbour {D.REGIONS[D.REGION_INDEX[reg['port']]].abbr}")
            if reg.get("blocked"):
                t.append(" · blocked by hostile armies", style="bold")
        elif reg.get("kind") == D.SEA:
            t.append(" · sea")
        else:
            t.append(" · neutral")
        if reg.get("flag"):
            t.append(f" · {FLAG} ")
            t.append_text(self._power(reg["flag"], full=True))
        for u in reg.get("units", []):
            t.append(" · ")
            t.append_text(self._power(u["power"]))
            parts = []
            if u.get("armies"):
                parts.append(f"{u['armies']} arm{'ies' if u['armies'] > 1 else 'y'}"
                             + (" (hostile)" if u.get("hostile") else ""))
            if u.get("fleets"):
                parts.append(f"{u['fleets']} fleet{'s' if u['fleets'] > 1 else ''}")
            t.append(" " + ", ".join(parts))
        land = [D.REGIONS[q].abbr for q in D.LAND_NEIGHBOURS[r]]
        seas = [D.REGIONS[q].abbr for q in D.SEA_NEIGHBOURS[r]]
        if reg.get("kind") == D.SEA:
            t.append(f" · coasts {' '.join(land) or '—'} · seas {' '.join(seas) or '—'}")
        else:
            t.append(f" · borders {' '.join(land) or '—'}")
            if seas:
                t.append(f" · seas {' '.join(seas)}")

    def _power_info(self, t: Text, v: dict, p: int) -> None:
        pw = v["powers"][p]
        t.append_text(self._power(pw["code"], full=True))
        t.append(": government ")
        t.append_text(self._seat(pw.get("government"), True))
        t.append(f" · treasury {pw['treasury']}M · {pw['power_points']} power points (factor ×{pw['factor']})"
                 f" · tax chart {pw['tax_label']}, would tax {pw['tax_now']}M · interest {pw['interest_due']}M"
                 f" · factories {' '.join(D.REGIONS[D.REGION_INDEX[k]].abbr for k in pw['factories']) or '—'}"
                 f" · armies {pw['armies']} ({pw['armies_left']} left) · fleets {pw['fleets']}"
                 f" ({pw['fleets_left']} left) · flags {pw['flags']}")
