"""The Civilization board: the map of 4x4-square tiles on the shared
:class:`~boardgames_tui.ui.widgets.map_canvas.MapCanvas`, each player's
dials, culture, government, resources and tech pyramid, and the market.

It renders the Civilization ``view`` dict only; a face-up tile's squares are
read from the map data (``board.placed_squares``: pure data, no state).  Every
square is a region of the canvas picked as ``("square", (row, col))``, the
target the rules give founding, moving, placing and exploring; a player's
panel is ``("player", q)`` and the market ``("market",)`` (information only).

A square is :data:`SQ_W` cells wide and :data:`SQ_H` lines high:

* line 1: the mark cell (``▶`` cursor, ``◆`` a choice now, ``★`` the figure
  or city the decision is about), the terrain letter (``G``rassland,
  ``F``orest, ``M``ountain, ``D``esert, ``W``ater) and its icons (``2p``
  production, ``1t`` trade, ``1c`` culture, ``1$`` coin);
* line 2: what stands there: a city ``●Cap``/``●Cty`` (the owner's symbol;
  ``#`` after it: walls), a building, wonder (``W:``) or great person
  (``P:``) by the start of its name, a hut ``?hut`` or village ``?vil``
  marker, else the square's resource (``wheat``, ``silk``, ``incs``, ``iron``);
* line 3: figures: the owner's symbol, armies ``a``, scouts ``s``: ``●2a1s``.

A face-down tile is drawn as a tile back (``░``).  Nothing rests on colour:
terrains tint the squares but carry their letter, owners their symbol.

At 80x24 the map scrolls under the cursor; from 200x60 the whole map is in
view with the players' panels beside it (narrower: below it).  The line under
the map describes the square under the cursor: the city's production, trade
and culture, the full names of what stands there, the figures.
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Region
from textual.widgets import Static

from ...ui.later import after_refresh
from ...ui.theme import colour, seat_letter
from ...ui.widgets.board import SeatViewHelpers
from ...ui.widgets.map_canvas import MapBoard, MapCanvas, MapRegion, cut_lines, wrap_text
from . import data as D
from .board import placed_squares
from .data_map import HUT, TERRAIN_YIELDS, TILE_SIZE, map_size

__all__ = ["CivilizationBoard", "square_lines", "SQ_W", "SQ_H"]

SQ_W, SQ_H = 6, 3          # a square's cells on the canvas (the first column is the mark)
SIDE_MIN = 34              # the players' panels go beside the map from this much room
SELECTED_MARK = "★"
BACK = "·"             # a tile back: the middle dot is in every font the SVG export may fall back to

TERRAIN_LETTER = {"grassland": "G", "forest": "F", "mountain": "M", "desert": "D", "water": "W"}
TERRAIN_TINT = {"grassland": "#1f3d16", "forest": "#0d2c12", "mountain": "#3a3128", "desert": "#443a12",
                "water": "#0c2438"}
BACK_TINT = "#1a1a1a"
RESOURCE_SHORT = {"wheat": "wheat", "silk": "silk", "incense": "incs", "iron": "iron", "spy": "spy",
                  "uranium": "uran"}
PHASE_NAMES = {D.START: "start of turn", D.TRADE: "trade", D.CITY: "city management", D.MOVE: "movement",
               D.RESEARCH: "research", "setup": "setup"}


def parse_sq(key: str) -> tuple[int, int]:
    r, c = key.split(":")
    return int(r), int(c)


def yield_text(y: Any) -> str:
    """``2p1t``: a square's or structure's icons: production, trade, culture, coins, battle bonus (``b``;
    no ⚔, which many terminals draw two cells wide)."""
    out = ""
    for n, unit in ((y.production, "p"), (y.trade, "t"), (y.culture, "c"), (y.coins, "$"), (y.combat, "b")):
        if n:
            out += f"{n}{unit}"
    return out


def _frozen(x: Any) -> Any:
    """A view's value (JSON-like: lists, dicts) as a hashable key."""
    if isinstance(x, list | tuple):
        return tuple(_frozen(y) for y in x)
    if isinstance(x, dict):
        return tuple(sorted((k, _frozen(y)) for k, y in x.items()))
    return x


# A structure's name in a square's 5 cells: a readable abbreviation, never a cut word ("Marke"); the
# full name is on the line under the map.
STRUCTURE_SHORT = {
    "Market": "Markt", "Bank": "Bank", "Barracks": "Barrk", "Academy": "Acad", "Temple": "Templ",
    "Cathedral": "Cathd", "Granary": "Grnry", "Aqueduct": "Aqdct", "Library": "Libry", "University": "Univ",
    "Workshop": "Wkshp", "Iron Mine": "IronM", "Trading Post": "TrPst", "Harbor": "Harbr",
    "Artist": "Art", "Builder": "Bldr", "General": "Gen", "Humanitarian": "Hum", "Merchant": "Merc",
    "Scientist": "Sci",
    "The Colossus": "Col", "The Hanging Gardens": "HGa", "The Great Wall": "GWa", "The Pyramids": "Pyr",
    "Angkor Wat": "Ang", "Leonardo's Workshop": "Leo", "Porcelain Tower": "Por", "Himeji Samurai Castle": "Him",
    "Statue of Liberty": "SoL", "The Kremlin": "Kre", "The Pentagon": "Pen", "Big Ben": "BBn",
    "The Oracle": "Ora", "The Great Lighthouse": "GLi", "Chichen Itza": "Chi", "Taj Mahal": "Taj",
    "The Louvre": "Lou", "Panama Canal": "Pan", "Cristo Redentor": "Cri",
}


def structure_short(kind: str, name: str, room: int) -> str:
    prefix = {"wonder": "W:", "great_person": "P:"}.get(kind, "")
    bare = name[4:] if name.startswith("The ") else name
    return (prefix + STRUCTURE_SHORT.get(name, bare))[:room]


def square_lines(v: dict, pos: tuple[int, int], terrain: str | None, sq: Any, seat_style, room: int
                 ) -> tuple[Text, list[Text]]:
    """The label and the two text lines of a face-up square (see the module docstring)."""
    key = f"{pos[0]}:{pos[1]}"
    label = Text(TERRAIN_LETTER.get(terrain or "", "?"), style="bold")
    st = v.get("structures", {}).get(key)
    if st is not None:
        ylds = D.structure_yield(st[0], st[1])
    else:
        ylds = sq.yields if key not in v.get("disasters", {}) else TERRAIN_YIELDS[terrain]
    label.append(yield_text(ylds)[:room - 1])
    mid = Text()
    city = v.get("cities", {}).get(key)
    if city is not None:
        mid.append_text(seat_style(city["owner"]))
        mid.append("Cap" if city["capital"] else "Cty", style="bold")
        if city["walls"]:
            mid.append("#", style="bold")
    elif st is not None:
        mid.append(structure_short(st[0], st[1], room), style="bold")
    elif key in v.get("markers", {}):
        face_up = key in v.get("open_huts", {})          # a hut marker left on its square (rule 61)
        mid.append(("hut" if face_up else "?hut") if v["markers"][key] == HUT else "?vil", style="bold")
    elif sq.resource and key not in v.get("disasters", {}):
        mid.append(RESOURCE_SHORT.get(sq.resource, sq.resource)[:room])
    low = Text()
    fig = v.get("figures", {}).get(key)
    if fig is not None:
        owner, armies, scouts = fig
        low.append_text(seat_style(owner))
        if armies:
            low.append(f"{armies}a")
        if scouts:
            low.append(f"{scouts}s")
    return label, [mid, low]


ROMAN = ("-", "I", "II", "III", "IV", "V")
UNIT_SHORT = {"infantry": "inf", "cavalry": "cav", "artillery": "art", "aircraft": "air"}


def focus_square(view: dict, targets: set[tuple], highlight: tuple | None) -> tuple[int, int] | None:
    """The square a decision is about, where the map centres (when its options have no square of their
    own): the square the decision names (the figure moving, the city acting, the battle), else the
    deciding player's capital."""
    sel = view.get("selected")
    if sel:
        return parse_sq(sel)
    actor, players = view.get("actor"), view.get("players", [])
    if actor is None:
        actor = view.get("viewer")
    if actor is not None and 0 <= actor < len(players):
        r, c = players[actor]["capital"]
        return r, c
    return None


def _abilities_text(abilities) -> str:
    return " ".join(a.text for a in abilities)


def option_detail(o: Any) -> str:
    """What an option's short label leaves out, from the game's data and the option's plain ``value``
    (never its key): a culture card's, an ability's, a government's, a building's or a wonder's text,
    a technology's abilities."""
    v = o.value
    if o.target and o.target[0] == "tech":
        tech = D.TECH_INDEX.get(o.target[1])
        if tech is not None:
            return f"{tech.name}, level {tech.level}: " + (_abilities_text(tech.abilities) or "no ability")
    if not isinstance(v, tuple) or not v or not isinstance(v[0], str):
        return ""
    head = v[0]
    if head == "card" and len(v) == 2 and v[1] in D.CULTURE_CARD_INDEX:
        return f"{v[1]}: {D.CULTURE_CARD_INDEX[v[1]].ability.text}"
    if head == "ability" and len(v) == 3:
        source, tag = v[1], v[2]
        for index in (D.TECH_INDEX, D.WONDER_INDEX, D.CIV_INDEX):
            item = index.get(source)
            if item is not None:
                ab = next((a for a in item.abilities if a.tag == tag), None)
                if ab is not None:
                    price = f" (pay {ab.count} {ab.resource})" if ab.resource else ""
                    return f"{source}: {ab.text}{price}"
    if head == "government" and len(v) == 2 and v[1] in D.GOVERNMENT_INDEX:
        return f"{v[1]}: " + _abilities_text(D.GOVERNMENT_INDEX[v[1]].abilities)
    if head in ("wonder", "free") and len(v) >= 2 and v[1] in D.WONDER_INDEX:
        return f"{v[1]}: " + _abilities_text(D.WONDER_INDEX[v[1]].abilities)
    if head in ("building", "free") and len(v) >= 2 and v[1] in D.BUILDING_INDEX:
        b = D.BUILDING_INDEX[v[1]]
        return f"{b.name}: {yield_text(b.yields) or 'no icons'}, cost {b.cost} production"
    if head == "great_person" and len(v) >= 2 and v[1] in D.GREAT_PERSON_INDEX:
        gp = D.GREAT_PERSON_INDEX[v[1]]
        return f"the great {gp.name}: {yield_text(gp.yields) or 'no icons'} on a square next to the city"
    return ""


class CivCanvas(MapCanvas):
    """The map canvas, scrolled by whole squares: the top row and the left column in view are never cut
    in half."""

    def scroll_to_map_region(self, region_id, *, center: bool = False, animate: bool = False) -> None:
        r = self.get_region(region_id)
        if r is None:
            return
        view = self.scrollable_content_region
        if view.width <= 0 or view.height <= 0:
            self._pending_scroll = (region_id, center)   # hidden (the curtain): done on the next resize
            return
        self._pending_scroll = None
        b = r.bounds
        x, y = int(self.scroll_x), int(self.scroll_y)
        if Region(x, y, view.width, view.height).contains_region(b) and y % SQ_H == 0:
            return
        if center:
            x, y = b.x + b.width // 2 - view.width // 2, b.y + b.height // 2 - view.height // 2
        else:
            x = min(max(x, b.right - view.width), b.x)
            y = min(max(y, b.bottom - view.height), b.y)
        if b.right <= view.width:
            x = 0
        on_map = b.bottom <= self._map_size.height
        if on_map:
            x, y = max(0, x) // SQ_W * SQ_W, max(0, y) // SQ_H * SQ_H
            if y + view.height < b.bottom and y + SQ_H <= b.y:
                y += SQ_H
            if x + view.width < b.right and x + SQ_W <= b.x:
                x += SQ_W
        top = max(0, self.virtual_size.height - view.height)
        if y > top:
            y = top // SQ_H * SQ_H if on_map and top // SQ_H * SQ_H + view.height >= b.bottom else top
        self.scroll_to(max(0, x), max(0, y), animate=animate, immediate=True)


class CivilizationBoard(SeatViewHelpers, MapBoard):
    """Civilization's board: a :class:`MapBoard` whose regions are the map's squares, the players'
    panels and the market; above the map, the deciding player's own position (see :meth:`head_text`)."""

    DEFAULT_CSS = """
    CivilizationBoard > #map-info { height: 2; }
    """
    DEFAULT_WIDTH = 60

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._width = self.DEFAULT_WIDTH
        # A square's region by what it is drawn from (see _map_squares), for the seats' colours.
        self._square_memo: dict[tuple, MapRegion] = {}
        self._memo_colours: tuple[str, ...] = ()
        self._panel_memo: dict[tuple, MapRegion] = {}

    def compose(self) -> ComposeResult:
        yield Static("", classes="map-head", id="map-head")
        yield Static("", classes="map-info", id="map-info")
        yield CivCanvas(id="map-canvas")

    # -- the option highlighted in the list: its details on the line under the map ------------------
    def info_text(self, region: MapRegion | None) -> Text:
        """As every map board's; but while the list has the keys and its highlighted option is not
        on the map (a city's action, a card, a technology), that option's details, which its
        one-line label leaves out."""
        o = self._list_choice
        if (o is not None and not self.canvas.has_focus
                and (o.target is None or self.canvas.region_for_target(o.target) is None)):
            t = Text("Enter picks: ", style="bold")
            t.append(o.label)
            detail = option_detail(o)
            if detail:
                t.append(" · ")
                t.append(detail)
            return t
        return super().info_text(region)

    # -- helpers --------------------------------------------------------------------------------
    def _symbol(self, p: int) -> Text:
        c = colour(self._seat_colour(p))
        return Text(c.symbol, style=Style(color=c.hex, bold=True))

    def _seat(self, p: int | None, name: bool = False) -> Text:
        if p is None or p < 0:
            return Text("nobody", style="dim")
        c = colour(self._seat_colour(p))
        label = f"{c.symbol}{seat_letter(p)}"
        if name:
            label += f" {self._player_name(p)}"
        return Text(label, style=Style(color=c.hex, bold=True))

    def show(self, view, targets, seats, highlight=None) -> None:
        """As every map board; and when nothing on the map is to be picked (a city's action, say), the
        cursor goes to the square the decision is about, or the deciding player's capital, so that at
        80x24 the map shows what matters to him.  A demo (nothing to pick, ``highlight`` the last bot
        choice's target) follows the action instead: the map centres on that target's square."""
        super().show(view, targets, seats, highlight)
        v = view or {}
        if v.get("battle"):
            # the battle board replaces the map: its head at the top, the cursor (a card, a front) in view
            def home():
                self.canvas.scroll_to(0, 0, animate=False, immediate=True)
                self.canvas.scroll_to_cursor()
            after_refresh(self, home)
            return
        canvas = self.canvas
        if canvas.is_target(canvas.cursor_region):
            return                    # the options' squares: the cursor is on one, centred (MapBoard.show)
        if not self._targets and canvas.region_for_target(highlight) is not None:
            return                    # nothing to pick (a demo): on the last choice's square (MapBoard.show)
        pos = focus_square(v, self._targets, highlight)
        if pos is None:
            return
        self.centre_on(("sq", pos))

    # -- the canvas ------------------------------------------------------------------------------
    def build_map(self, view: dict | None, width: int) -> list[MapRegion]:
        self._width = width
        v = view or {}
        if not v:
            return []
        out: list[MapRegion] = []
        if v.get("battle"):
            self._battle_board(out, v, width)
            return out
        rows, cols = map_size(len(v.get("players", [])))
        self._map_squares(out, v)
        map_w, map_h = cols * SQ_W, rows * SQ_H
        if width - map_w - 1 >= SIDE_MIN:
            x, y, w = map_w + 1, 0, width - map_w - 1
        else:
            x, y, w = 0, map_h + 1, max(width, 30)
        y = self._panel_players(out, v, x, y, w)
        self._panel_market(out, v, x, y, w)
        return out

    def _battle_board(self, out: list, v: dict, width: int) -> None:
        """While a battle is fought the board shows it instead of the map (rules 68-78): who fights
        where, the totals and bonuses, the fronts side by side (attacker left, defender right: each
        card's strength and wounds, ▸ where it would strike first), each side's hand (the backs' types;
        the viewer's own cards in full, to pick) and the units killed."""
        bt = v["battle"]
        sides = bt["sides"]
        w = max(width, 30)

        def who(sd: str) -> Text:
            owner = sides[sd]["owner"]
            return Text("Barbarians", style="bold") if owner < 0 else self._seat(owner, True)

        def line(rid, y: int, text: Text, targets=(), pickable=False) -> int:
            lines = wrap_text(text, w - 1)
            out.append(MapRegion.rect(rid, 0, y, w, len(lines), label=lines[0], text=tuple(lines[1:]),
                                      targets=targets, pickable=pickable))
            return y + len(lines)

        kind = {"field": "in the field", "city": "on a city", "capital": "on a capital",
                "village": "on a village"}[bt["kind"]]
        head = Text(f"Battle on {bt['square']} ({kind})", style="bold")
        head.append("\n")
        head.append_text(who("att"))
        head.append(f" {bt['totals']['att']}", style="bold")
        head.append("  against  ")
        head.append(f"{bt['totals']['def']} ", style="bold")
        head.append_text(who("def"))
        diff = sides["att"]["bonus"] - sides["def"]["bonus"]
        head.append(f"\nbonus {sides['att']['bonus']} / {sides['def']['bonus']}"
                    + (f": the bonus card +{abs(diff)} to the {'attacker' if diff > 0 else 'defender'}"
                       if diff else ""))
        y = line(("battle", "head"), 0, head)
        col = (w - 6) // 2
        cols = Text("     ")
        cols.append_text(who("att"))
        cols.append(" " * max(1, col + 5 - len(cols.plain)))
        cols.append_text(who("def"))
        y = line(("battle", "cols"), y + 1, cols)
        for i, f in enumerate(bt["fronts"]):
            row = Text(f"{i + 1:>2}  ", style="bold")
            cells = []
            for sd in ("att", "def"):
                c = f.get(sd)
                cells.append(Text("—", style="dim") if c is None
                             else Text(f"{c['name']} {c['type'][:3]} {c['strength']}"))
            if f.get("att", {}).get("first"):      # both stand: who would have struck first (the rules say)
                cells[0].append(" ▸", style="bold")
            elif f.get("def", {}).get("first"):
                cells[1] = Text("◂ ", style="bold") + cells[1]
            left = cells[0].copy()
            if len(left.plain) < col:
                left.align("left", col)
            row.append_text(left)
            row.append("  ")
            row.append_text(cells[1])
            hurt = [f[sd]["wounds"] if sd in f else 0 for sd in ("att", "def")]
            if any(hurt):                      # a second line: the wounds under each card
                row.append("\n    ")
                words = [f"{w} wound{'s' if w != 1 else ''}" if w else "" for w in hurt]
                row.append(words[0].ljust(col) + "  " + words[1], style="italic")
            y = line(("front", i), y, row, targets=(("front", i),), pickable=True)
        y = line(("front", "new"), y, Text("    + a new front", style="dim"), targets=(("front", "new"),),
                 pickable=True)
        for sd in ("att", "def"):
            side = sides[sd]
            t = Text()
            t.append_text(who(sd))
            hand = side["hand"]
            if hand is None:
                t.append(f": {len(side['hand_types'])} cards in hand ({', '.join(side['hand_types']) or 'none'})")
                y = line(("hand", sd), y + 1, t)
            else:
                t.append(f": your hand, {len(hand)} card{'s' if len(hand) != 1 else ''}")
                y = line(("hand", sd), y + 1, t)
                laying = bt.get("laying")
                marked = next((k for k, (card, _) in enumerate(hand) if card == laying), None)  # one of twins
                for k, (card, text) in enumerate(hand):
                    y = line(("card", sd, k), y, Text(f"  {text}" + ("  (being laid)" if k == marked else "")),
                             targets=(("unit", card),), pickable=True)
            if side["killed"]:
                y = line(("killed", sd), y, Text(f"  killed: {', '.join(side['killed'])}", style="dim"))
        line(("battle", "trumps"), y + 1, Text("infantry ▸ cavalry ▸ artillery ▸ infantry: each strikes first "
                                               "against the next; aircraft neither", style="dim"))

    def _map_squares(self, out: list, v: dict) -> None:
        """The squares' regions.  A choice changes a few squares: the others are the regions built
        before (a square is drawn from its tile and the view's entries for it, memoised by those), so
        that a late game's full map costs no more a choice than an early one's few tiles."""
        sel = v.get("selected")
        disasters = v.get("disasters", {})
        structures, cities = v.get("structures", {}), v.get("cities", {})
        markers, figures = v.get("markers", {}), v.get("figures", {})
        colours = tuple(self._seat_colour(p) for p in range(len(v.get("players", []))))
        old = self._square_memo if colours == self._memo_colours else {}
        memo: dict[tuple, MapRegion] = {}
        for t in v.get("tiles", []):
            squares = placed_squares(t["name"], t["turns"]) if t["face_up"] else None
            for i in range(TILE_SIZE * TILE_SIZE):
                pos = (t["row"] * TILE_SIZE + i // TILE_SIZE, t["col"] * TILE_SIZE + i % TILE_SIZE)
                key = f"{pos[0]}:{pos[1]}"
                drawn_from = (pos,) if squares is None else (
                    pos, t["name"], t["turns"], key == sel, _frozen(disasters.get(key)),
                    _frozen(structures.get(key)), _frozen(cities.get(key)), _frozen(markers.get(key)),
                    _frozen(figures.get(key)))
                region = old.get(drawn_from)
                if region is None:
                    region = self._square_region(v, pos, key, squares[i] if squares else None, sel)
                memo[drawn_from] = region
                out.append(region)
        self._square_memo, self._memo_colours = memo, colours

    def _square_region(self, v: dict, pos: tuple[int, int], key: str, sq: Any, sel: str | None) -> MapRegion:
        x, y = pos[1] * SQ_W, pos[0] * SQ_H
        if sq is None:
            back = Text(BACK * (SQ_W - 1), style="dim")
            return MapRegion.rect(("sq", pos), x, y, SQ_W, SQ_H, label=back, text=(back, back),
                                  targets=(("square", pos),), style=f"on {BACK_TINT}")
        terrain = v.get("disasters", {}).get(key, sq.terrain)
        label, lines = square_lines(v, pos, terrain, sq, self._symbol, SQ_W - 1)
        return MapRegion.rect(
            ("sq", pos), x, y, SQ_W, SQ_H, label=label, text=tuple(lines), targets=(("square", pos),),
            mark=SELECTED_MARK if key == sel else "", style=f"on {TERRAIN_TINT[terrain]}")

    def _panel_players(self, out: list, v: dict, x: int, y: int, width: int) -> int:
        """The players' panels; a panel whose player, place and width are as before is the region
        built before (a choice changes one player's panel, if any)."""
        actor, start = v.get("actor"), v.get("start_player")
        memo: dict[tuple, MapRegion] = {}
        for q, pl in enumerate(v.get("players", [])):
            drawn_from = (q, x, y, width, q == start, q == actor, self._seat_colour(q), _frozen(pl))
            region = self._panel_memo.get(drawn_from) or self._panel_region(q, pl, v, x, y, width)
            memo[drawn_from] = region
            out.append(region)
            y += region.bounds.height + 1
        self._panel_memo = memo
        return y

    def _panel_region(self, q: int, pl: dict, v: dict, x: int, y: int, width: int) -> MapRegion:
        actor = v.get("actor")
        t = Text()
        t.append_text(self._seat(q, name=True))
        t.append(f" · {pl['civ']}", style="bold")
        if q == v.get("start_player"):
            t.append(" · start player")
        if q == actor:
            t.append(" ◀ decides", style="bold")
        t.append(f"\ntrade {pl['trade']}/{D.TRADE_MAX} · coins {pl['coins']} · culture {pl['culture']} "
                 f"(space {pl['culture_step']}/{D.CULTURE_SPACES})")
        t.append(f"\n{pl['government']}")
        if pl.get("pending_government"):
            t.append(f" → {pl['pending_government']}")
        t.append(f" · armies {pl['armies']} · scouts {pl['scouts']} · cities {pl['cities_left']} left")
        if pl["resources"]:
            t.append(f"\nresources {', '.join(pl['resources'])}")
        if pl["wonders"]:
            t.append(f"\nwonders {', '.join(w[4:] if w.startswith('The ') else w for w in pl['wonders'])}")
        if pl.get("obsolete"):
            t.append(f"\nobsolete {', '.join(pl['obsolete'])}", style="dim")
        t.append(f"\ncards: {pl['culture_cards']} culture, {pl['units']} units, "
                 f"{pl['great_people']} great people in reserve")
        hand = pl.get("hand")
        if hand:
            if hand["culture_cards"]:
                t.append(f"\nyour culture cards: {', '.join(hand['culture_cards'])}")
            if hand["units"]:
                t.append(f"\nyour units: {', '.join(hand['units'])}")
            if hand["great_people"]:
                t.append(f"\nyour great people: {', '.join(hand['great_people'])}")
        t.append("\n")
        t.append_text(self._pyramid(pl["techs"]))
        lines = wrap_text(t, width - 1)
        return MapRegion.rect(("player", q), x, y, width, len(lines), label=lines[0],
                              text=tuple(lines[1:]), targets=(("player", q),))

    @staticmethod
    def _pyramid(techs: list[str]) -> Text:
        """``techs I Pottery, Writing · II Currency``: the pyramid by level."""
        t = Text("techs", style="bold")
        by: dict[int, list[str]] = {}
        for name in techs:
            tech = D.TECH_INDEX.get(name)
            by.setdefault(tech.level if tech else 0, []).append(name)
        if not by:
            t.append(" none")
        for i, lv in enumerate(sorted(by)):
            t.append(" · " if i else " ")
            t.append("I II III IV V".split()[lv - 1] if 1 <= lv <= 5 else "?", style="bold")
            t.append(" " + ", ".join(by[lv]))
        return t

    def _panel_market(self, out: list, v: dict, x: int, y: int, width: int) -> int:
        t = Text("Market", style="bold")
        t.append(f"\nwonders {', '.join(v.get('wonder_market', [])) or '—'} ({v.get('wonder_deck', 0)} in the deck)")
        left = v.get("buildings_left", {})
        t.append("\nbuildings " + ", ".join(f"{b} {n}" for b, n in left.items()))
        pool = v.get("resource_pool", {})
        t.append("\nresources " + ", ".join(f"{r} {n}" for r, n in pool.items()))
        lines = wrap_text(t, width - 1)
        out.append(MapRegion.rect(("market",), x, y, width, len(lines), label=lines[0], text=tuple(lines[1:]),
                                  targets=(("market",),)))
        return y + len(lines)

    def legend(self) -> list[tuple[str, str]]:
        if (self._view or {}).get("battle"):
            return [("▸ ◂", "the unit that struck first")]        # the battle board says the rest
        return [(SELECTED_MARK, "the figure or city chosen"), ("G F M D W", "grass, forest, mountain, desert, water"),
                ("2p 1t 1c 1$ 2b", "production, trade, culture, coin, battle bonus"),
                ("●Cap ●Cty #", "capital, city, walls"),
                ("●2a1s", "2 armies, 1 scout"), ("?hut ?vil", "hut, village"), ("W: P:", "wonder, great person"),
                (BACK * 2, "unexplored tile")]

    # -- above and below the map ---------------------------------------------------------------
    def head_text(self, view: dict | None) -> Text:
        """Above the map, five lines: the round and phase with the deciding player (the viewer when
        nobody decides), his civilization and government; his dials; his resources and culture cards;
        his unit cards and techs by level; one line for the other players.  All as the view shows it
        to the viewer: his own cards by name, another's counted."""
        v = view or {}
        if not v:
            return Text("")
        room = max(self._width - 2, 30)
        players = v.get("players", [])
        me = v.get("actor")
        if me is None or not 0 <= me < len(players):
            me = v.get("viewer")
        when = Text(f"R{v.get('round', 0)} {PHASE_NAMES.get(v.get('phase'), v.get('phase', ''))}")
        if v.get("winner", -1) >= 0:
            when = Text("won by ")
            when.append_text(self._seat(v["winner"], True))
            when.append(f" ({v.get('victory')} victory)", style="bold")
        elif v.get("battle"):
            when.append(" · a battle", style="bold")
        lines = [when]
        if me is not None and 0 <= me < len(players):
            lines = self._own_lines(me, players[me])
            lines[0].append(" · ")
            lines[0].append_text(when)      # the banner says the round too: this part may be cut
        others = [q for q in range(len(players)) if q != me]
        if others:
            o = Text()
            for k, q in enumerate(others):
                if k:
                    o.append(" · ", style="dim")
                o.append_text(self._other_line(q, players[q], short=len(others) > 2))
            lines.append(o)
        return cut_lines(lines, room)

    def _own_lines(self, q: int, pl: dict) -> list[Text]:
        """The deciding player's position: who, civilization and government; the dials; resources and
        culture cards; unit cards (types, ranks) and techs by level."""
        a = self._seat(q, name=True)
        a.append("◀", style="bold")
        a.append(f" {pl['civ']}", style="bold")
        gov = pl["government"] + (f"→{pl['pending_government']}" if pl.get("pending_government") else "")
        a.append(f" · {gov}")
        b = Text(f"trade {pl['trade']}/{D.TRADE_MAX} · coins {pl['coins']} · culture {pl['culture']}, "
                 f"space {pl['culture_step']}/{D.CULTURE_SPACES}")
        c = Text(", ".join(pl["resources"]) or "no resources")
        hand = pl.get("hand") or {}
        if hand.get("culture_cards"):
            c.append(f" · cards {len(hand['culture_cards'])}: {', '.join(hand['culture_cards'])}")
        else:
            c.append(f" · {pl['culture_cards']} culture cards")
        d = Text()
        counts: dict[str, int] = {}
        for u in pl.get("unit_types", []):
            counts[u] = counts.get(u, 0) + 1
        ranks = pl.get("ranks", {})
        units = [f"{counts.get(u, 0)}{UNIT_SHORT.get(u, u)} {ROMAN[min(ranks.get(u, 0), 5)]}"
                 for u in ("infantry", "cavalry", "artillery", "aircraft") if counts.get(u) or ranks.get(u)]
        d.append(" ".join(units) or "no units")
        levels = [0] * 5
        for name in pl["techs"]:
            tech = D.TECH_INDEX.get(name)
            if tech is not None and 1 <= tech.level <= 5:
                levels[tech.level - 1] += 1
        top = max((i for i, n in enumerate(levels) if n), default=0)
        d.append(" · techs " + " ".join(f"{ROMAN[i + 1]}:{levels[i]}" for i in range(top + 1)))
        if pl.get("great_people"):
            d.append(f" · {pl['great_people']} great p.")
        return [a, b, c, d]

    def _other_line(self, q: int, pl: dict, short: bool = False) -> Text:
        t = self._seat(q)
        t.append(f" {pl['civ'][:3] if short else pl['civ']}", style="bold")
        t.append(f" {pl['trade']}t {pl['coins']}$" + ("" if short else f" c{pl['culture_step']}"))
        return t

    def target_name(self, target: tuple) -> str:
        if target and target[0] == "square":
            return f"square {target[1][0]}:{target[1][1]}"
        if target and target[0] == "player":
            return self._player_name(target[1])
        return super().target_name(target)

    INFO_NAME = "Map"

    def region_info(self, t: Text, v: dict, key: tuple) -> None:
        if key[0] == "square":
            self._square_info(t, v, key[1])
        elif key[0] == "player":
            pl = v["players"][key[1]]
            t.append_text(self._seat(key[1], True))
            t.append(f" ({pl['civ']}): {pl['government']}, trade {pl['trade']}, coins {pl['coins']}, "
                     f"culture {pl['culture']}, {len(pl['techs'])} techs")
        elif key[0] == "front" and v.get("battle"):
            bt = v["battle"]
            if key[1] == "new":
                t.append("a new front: the card stands alone until the other side attacks it")
            else:
                f = bt["fronts"][key[1]]
                t.append(f"front {key[1] + 1}: ", style="bold")
                t.append(" against ".join(f[sd]["text"] if sd in f else "nobody" for sd in ("att", "def")))
        elif key[0] == "unit":
            t.append("lay this card: it opens a front or attacks one", style="")
        elif key[0] == "market":
            t.append("Market: ", style="bold")
            t.append(", ".join(v.get("wonder_market", [])))

    def _square_info(self, t: Text, v: dict, pos: tuple[int, int]) -> None:
        key = f"{pos[0]}:{pos[1]}"
        t.append(f"Square {key}", style="bold")
        tile = next((x for x in v.get("tiles", []) if x["row"] == pos[0] // TILE_SIZE
                     and x["col"] == pos[1] // TILE_SIZE), None)
        if tile is None or not tile["face_up"]:
            t.append(" · unexplored tile")
            return
        sq = placed_squares(tile["name"], tile["turns"])[(pos[0] % TILE_SIZE) * TILE_SIZE + pos[1] % TILE_SIZE]
        terrain = v.get("disasters", {}).get(key, sq.terrain)
        t.append(f" · {terrain}")
        if key in v.get("disasters", {}):
            t.append(" (disaster)")
        ylds = yield_text(sq.yields) if key not in v.get("disasters", {}) else yield_text(TERRAIN_YIELDS[terrain])
        if ylds:
            t.append(f" {ylds}")
        if sq.resource and key not in v.get("disasters", {}):
            t.append(f" · {sq.resource}")
        city = v.get("cities", {}).get(key)
        if city is not None:
            t.append(" · ")
            t.append_text(self._seat(city["owner"], True))
            t.append(f"'s {'capital' if city['capital'] else 'city'}{' with walls' if city['walls'] else ''}: ",
                     style="bold")
            t.append(f"{city['production']} production, {city['trade']} trade, {city['culture']} culture")
        st = v.get("structures", {}).get(key)
        if st is not None:
            kind = {"building": "building", "wonder": "wonder", "great_person": "great person"}[st[0]]
            t.append(f" · {kind} {st[1]} ({yield_text(D.structure_yield(st[0], st[1])) or 'no icons'}) of ")
            t.append_text(self._seat(st[2]))
        if key in v.get("markers", {}):
            left = v.get("open_huts", {}).get(key)
            t.append(f" · a hut marker left face up ({left})" if left else f" · a face-down {v['markers'][key]} marker")
        fig = v.get("figures", {}).get(key)
        if fig is not None:
            owner, armies, scouts = fig
            t.append(" · ")
            t.append_text(self._seat(owner))
            parts = ([f"{armies} arm{'ies' if armies > 1 else 'y'}"] if armies else []) + \
                    ([f"{scouts} scout{'s' if scouts > 1 else ''}"] if scouts else [])
            t.append(" " + ", ".join(parts))
        if key in v.get("gather", {}):
            t.append(f" · gathering for the city on {v['gather'][key]}")
