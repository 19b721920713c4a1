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
from textual import events
from textual.app import ComposeResult
from textual.geometry import Region
from textual.widgets import Static

from ...ui.later import after_refresh
from ...ui.theme import colour, seat_letter
from ...ui.widgets.board import SeatViewHelpers
from ...ui.widgets.map_canvas import MapBoard, MapCanvas, MapRegion, cut_lines, wrap_text
from ...engine.text import plural
from . import data as D
from . import texts as T
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
    return " ".join(T.ability_text(a) for a in abilities)


def option_detail(o: Any, view: dict | None = None) -> str:
    """What an option's short label leaves out, from the game's data and the option's plain ``value``
    (never its key): a culture card's, an ability's, a government's, a building's or a wonder's text,
    a technology's effects and abilities, the unit cards of a type (``view``: the viewer's own)."""
    v = o.value
    if o.target and o.target[0] == "tech":
        tech = D.TECH_INDEX.get(o.target[1])
        if tech is not None:
            return T.tech_abilities_text(tech)
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
                    return f"{source}: {T.ability_text(ab)}"
    if head == "government" and len(v) == 2 and v[1] in D.GOVERNMENT_INDEX:
        return f"{v[1]}: " + _abilities_text(D.GOVERNMENT_INDEX[v[1]].abilities)
    if head in ("wonder", "free") and len(v) >= 2 and v[1] in D.WONDER_INDEX:
        return f"{v[1]}: " + T.wonder_abilities_text(D.WONDER_INDEX[v[1]])
    if head in ("building", "free") and len(v) >= 2 and v[1] in D.BUILDING_INDEX:
        b = D.BUILDING_INDEX[v[1]]
        return f"{b.name}: {yield_text(b.yields) or 'no icons'}, cost {b.cost} production"
    if head == "great_person" and len(v) >= 2 and v[1] in D.GREAT_PERSON_INDEX:
        gp = D.GREAT_PERSON_INDEX[v[1]]
        return f"the great {gp.name}: {yield_text(gp.yields) or 'no icons'} on a square next to the city"
    if head == "unit" and len(v) >= 2 and v[1] in D.UNIT_TYPE_INDEX:
        return unit_type_detail(v[1], view)
    return ""


def unit_type_detail(kind: str, view: dict | None) -> str:
    """A unit purchase's detail: the cards of that type (their strengths at the buyer's rank) and his own."""
    me = _own_player(view or {})
    rank = max(1, (me or {}).get("ranks", {}).get(kind, 1))
    values = sorted({c.strength[min(rank, len(c.strength)) - 1] for c in D.UNIT_CARDS if c.type == kind})
    name = D.UNIT_TYPE_INDEX[kind].ranks[min(rank, len(D.UNIT_TYPE_INDEX[kind].ranks)) - 1]
    t = f"a {kind} card drawn face down, rank {ROMAN[rank]} ({name}): strength {', '.join(map(str, values))}"
    hand = ((me or {}).get("hand") or {}).get("unit_cards")
    if hand is not None:
        mine = [str(c[3]) for c in hand if c[0] == kind]
        t += f"; yours: {', '.join(mine) if mine else 'none'}"
    return t


def _own_player(v: dict) -> dict | None:
    """The viewer's own entry of the view's players, if he sees his hand."""
    viewer, players = v.get("viewer"), v.get("players", [])
    if viewer is None or not 0 <= viewer < len(players):
        return None
    return players[viewer]


def unit_summary(pl: dict) -> str:
    """``"inf I 3 2 · cav I 1 · art II 4"``: the player's unit cards by type, rank and strengths (his own
    hand: each card's strength; another's: counted by type, as their backs show)."""
    hand = (pl.get("hand") or {}).get("unit_cards")
    ranks = pl.get("ranks", {})
    parts = []
    for kind in ("infantry", "cavalry", "artillery", "aircraft"):
        rank = ranks.get(kind, 0)
        if hand is not None:
            cards = [str(c[3]) for c in hand if c[0] == kind]
        else:
            n = pl.get("unit_types", []).count(kind)      # their backs: how many, not how strong
            cards = [plural(n, "card")] if n else []
        if not cards and not rank:
            continue
        parts.append(f"{UNIT_SHORT[kind]} {ROMAN[min(rank, 5)]} " + (" ".join(cards) if cards else "–"))
    return " · ".join(parts) or "no units"


def techs_by_level(techs: list[str]) -> list[tuple[int, list[str]]]:
    by: dict[int, list[str]] = {}
    for name in techs:
        tech = D.TECH_INDEX.get(name)
        by.setdefault(tech.level if tech else 0, []).append(name)
    return sorted(by.items())


def fit_lines(t: Text, width: int, lines: int) -> Text:
    """``t`` in at most ``lines`` lines of ``width`` cells; what does not fit is cut at a word with "…"."""
    wrapped = wrap_text(t, width)
    if len(wrapped) <= lines:
        return t
    keep = sum(len(x.plain) for x in wrapped[:lines])
    plain = t.plain
    # the wrapped lines lost the spaces they were broken at: count them back
    cut = min(len(plain), keep + lines - 1)
    while True:
        cut = plain.rfind(" ", 0, cut)
        if cut <= 0:
            out = t[:max(1, keep - 1)]
            break
        out = t[:cut]
        out.rstrip()
        out.append("…")
        if len(wrap_text(out, width)) <= lines:
            return out
    out.append("…")
    return out


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
    INFO_LINES = 2
    # ``t`` (the game screen's key, from the list or the board): the page of your techs and units in
    # place of the map, and back (action_position).  The legend names it.

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._width = self.DEFAULT_WIDTH
        # A square's region by what it is drawn from (see _map_squares), for the seats' colours.
        self._square_memo: dict[tuple, MapRegion] = {}
        self._memo_colours: tuple[str, ...] = ()
        self._panel_memo: dict[tuple, MapRegion] = {}
        # The page of the player's techs and units: shown at a decision about techs (research, a tech
        # learned free), else with ``t``; ``t`` turns the page over until the decision changes.
        self._page_flip = False
        self._decision_keys: tuple[str, ...] = ()
        # The last battle's result stays in view until its player has seen it (see _result_shown).
        self._battle_seen = 0             # the number of the last battle result acknowledged
        self._result_armed: dict | None = None   # the view a human decided at with the result in view
        self._result_key: str | None = None      # the option the list highlighted then

    def compose(self) -> ComposeResult:
        yield Static("", classes="map-head", id="map-head")
        yield Static("", classes="map-info", id="map-info")
        yield CivCanvas(id="map-canvas")

    # -- the option highlighted in the list: its details on the line under the map ------------------
    def info_text(self, region: MapRegion | None) -> Text:
        """As every map board's; but while the list has the keys and its highlighted option is not
        on the map (a city's action, a card, a technology), that option's details, which its
        one-line label leaves out, cut at a word with "…" where it does not fit (the page of techs, ``t``,
        has a tech's text in full)."""
        o = self._list_choice
        if (o is not None and not self.canvas.has_focus
                and (o.target is None or self.canvas.region_for_target(o.target) is None)):
            t = Text("Enter picks: ", style="bold")
            t.append(o.label)
            detail = option_detail(o, self._view)
            if detail:
                t.append(" · ")
                t.append(detail)
            return fit_lines(t, max(10, self.size.width - 2 if self.size.width else self._width), self.INFO_LINES)
        return super().info_text(region)

    # -- the page of techs and units, the battle's result ---------------------------------------
    def page_wanted(self, view: dict | None = None) -> bool:
        """Is the page of the player's techs and units in place of the map?  At a decision about techs
        (research; a tech learned by loot, swap or wonder), unless ``t`` turned it over."""
        v = view if view is not None else (self._view or {})
        if not v or v.get("battle") or self.result_shown(v) or _own_player(v) is None:
            return False
        about_techs = any(t and t[0] == "tech" for t in self._targets) or (
            v.get("phase") == D.RESEARCH and v.get("actor") == v.get("viewer") and not self._targets)
        return about_techs != self._page_flip

    def action_position(self) -> None:
        """``t``: the page of your techs and units in place of the map, or the map again."""
        self._page_flip = not self._page_flip
        self.redraw()
        self._home()

    def result_shown(self, view: dict | None = None) -> bool:
        """The last battle's result is on the board: it ended this round, no battle is fought now, and
        nobody has acknowledged it (a key in the list or on the board, or a choice made with it in view)."""
        v = view if view is not None else (self._view or {})
        lb = v.get("last_battle") if v else None
        return bool(lb) and not v.get("battle") and lb["number"] > self._battle_seen

    def acknowledge_result(self) -> None:
        """The player has seen the battle's result: the board shows the decision again."""
        lb = (self._view or {}).get("last_battle")
        if lb and self.result_shown():
            self._battle_seen = lb["number"]
            self._result_armed, self._result_key = None, None
            if self._view is not None:
                hl = self._list_choice.target if self._list_choice is not None else None
                self.show(self._view, self._targets, self._seats, hl)

    def set_choices(self, options, highlighted) -> None:
        super().set_choices(options, highlighted)
        keys = tuple(o.key for o in options)
        if keys != self._decision_keys:
            self._decision_keys = keys
            self._page_flip = False

    def set_list_choice(self, option) -> None:
        before = self._list_choice
        super().set_list_choice(option)
        if (self._result_key is not None and option is not None and option.key != self._result_key
                and self.result_shown()):
            self.acknowledge_result()          # a key moved the list's highlight
        elif option is not before and self._view is not None and self.page_wanted():
            self.redraw()                      # the page's top names the highlighted tech in full

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if self.result_shown():
            self.acknowledge_result()          # Tab to the board: the map again
        super().on_descendant_focus(event)

    def _home(self) -> None:
        """The battle board or the page from its top; in a battle, the player's hand and his battle
        abilities under it in view, and the cursor."""
        def home():
            canvas = self.canvas
            canvas.scroll_to(0, 0, animate=False, immediate=True)
            if canvas.get_region(("abilities",)) is not None:
                canvas.scroll_to_map_region(("abilities",))
            canvas.scroll_to_cursor()
        after_refresh(self, home)

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
        choice's target) follows the action instead: the map centres on that target's square.

        A battle replaces the map, and so does its result once it ends, until the player has seen it:
        a key that moves the list's highlight, Tab to the board, or a choice made with the result in
        view (bots' choices do not take it away)."""
        v = view or {}
        if self._result_armed is not None and v != self._result_armed:
            lb = self._result_armed.get("last_battle") or {}
            self._battle_seen = max(self._battle_seen, lb.get("number", 0))   # a choice made: seen
            self._result_armed, self._result_key = None, None
        if self.result_shown(v) and self._list_choice is not None and self._result_armed is None:
            self._result_armed = v                 # a human decides with the result in view
            self._result_key = self._list_choice.key
        self._targets = set(targets)               # page_wanted reads them during the build
        super().show(view, targets, seats, highlight)
        if v.get("battle") or self.result_shown(v) or self.page_wanted(v):
            # the battle board or the page replaces the map: its head at the top, the cursor in view
            self._home()
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
            self._battle_board(out, v["battle"], width, v)
            return out
        if self.result_shown(v):
            self._battle_board(out, v["last_battle"], width, v, result=True)
            return out
        if self.page_wanted(v):
            self._position_page(out, v, width)
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

    def _battle_board(self, out: list, bt: dict, width: int, v: dict, result: bool = False) -> None:
        """While a battle is fought the board shows it instead of the map (rules 68-78): who fights
        where, the totals and bonuses, the fronts side by side (attacker left, defender right: each
        card's strength and wounds, ▸ where it would strike first), each side's hand (the backs' types;
        the viewer's own cards in full, to pick, and his abilities for a battle) and the units killed.
        ``result``: the battle has ended (``bt`` is the view's ``last_battle``): the fronts as they
        were left, who won and what each side lost, until the player has seen it."""
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
        y = 0
        if result:
            res = Text("", style="bold")
            for k, sentence in enumerate(bt["result"]):
                res.append(("\n" if k else "") + sentence, style="bold" if k == 0 else "")
            res.append("\n(any key: on with the game)", style="dim")
            y = line(("battle", "result"), y, res, pickable=True) + 1
        diff = sides["att"]["bonus"] - sides["def"]["bonus"]
        head = Text(f"Battle on {bt['square']} ({kind})" + (": the end" if result else ""), style="bold")
        head.append(f" · bonus {sides['att']['bonus']} / {sides['def']['bonus']}"
                    + (f": +{abs(diff)} to the {'attacker' if diff > 0 else 'defender'}" if diff else ""))
        head.append("\n")
        head.append_text(who("att"))
        head.append(f" {bt['totals']['att']}", style="bold")
        head.append("  against  ")
        head.append(f"{bt['totals']['def']} ", style="bold")
        head.append_text(who("def"))
        y = line(("battle", "head"), y, head)
        col = (w - 6) // 2
        cols = Text("     ")
        cols.append_text(who("att"))
        cols.append(" " * max(1, col + 5 - len(cols.plain)))
        cols.append_text(who("def"))
        y = line(("battle", "cols"), y, cols)
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
                words = [plural(w, "wound") if w else "" for w in hurt]
                row.append(words[0].ljust(col) + "  " + words[1], style="italic")
            y = line(("front", i), y, row, targets=(("front", i),), pickable=not result)
        if not result:
            y = line(("front", "new"), y, Text("    + a new front", style="dim"), targets=(("front", "new"),),
                     pickable=True)
        me = _own_player(v)
        for sd in ("att", "def"):
            side = sides[sd]
            t = Text()
            t.append_text(who(sd))
            hand = side["hand"]
            if result:
                t.append(f": {plural(len(side['killed']), 'unit')} killed")
                y = line(("hand", sd), y + 1, t)
            elif hand is None:
                t.append(f": {plural(len(side['hand_types']), 'card')} in hand "
                         f"({', '.join(side['hand_types']) or 'none'})")
                y = line(("hand", sd), y + 1, t)
            else:
                t.append(f": your hand, {plural(len(hand), 'card')}")
                y = line(("hand", sd), y + 1, t)
                laying = bt.get("laying")
                marked = next((k for k, (card, _) in enumerate(hand) if card == laying), None)  # one of twins
                for k, (card, text) in enumerate(hand):
                    y = line(("card", sd, k), y, Text(f"  {text}" + ("  (being laid)" if k == marked else "")),
                             targets=(("unit", card),), pickable=True)
                if me is not None and side["owner"] == v.get("viewer"):
                    y = line(("abilities",), y, self._battle_abilities(me))
            if side["killed"]:
                y = line(("killed", sd), y, Text(f"  killed: {', '.join(side['killed'])}", style="dim"))
        line(("battle", "trumps"), y + 1, Text("infantry ▸ cavalry ▸ artillery ▸ infantry: each strikes first "
                                               "against the next; aircraft neither", style="dim"))

    @staticmethod
    def _battle_abilities(me: dict) -> Text:
        """The deciding player's techs and wonders that act in a battle, each with its text."""
        t = Text("  for a battle: ", style="italic")
        found = []
        for name in me["techs"]:
            tech = D.TECH_INDEX.get(name)
            abs_ = [a for a in (tech.abilities if tech else ()) if a.when == D.BATTLE]
            if abs_:
                found.append((name, " ".join(T.ability_text(a) for a in abs_)))
        for name in me.get("wonders", []):
            wonder = D.WONDER_INDEX.get(name)
            if wonder is not None and name not in me.get("obsolete", []):
                abs_ = [a for a in wonder.abilities if a.when == D.BATTLE]
                if abs_:
                    found.append((name, " ".join(T.ability_text(a) for a in abs_)))
        if not found:
            t.append("no tech or wonder of yours acts in a battle", style="italic")
        for k, (name, text) in enumerate(found):
            t.append(" · " if k else "")
            t.append(name, style="bold")
            t.append(f": {text}")
        others = [name for name in me["techs"] if name not in {f[0] for f in found}]
        if others:
            t.append(" · your other techs:", style="italic")
            t.append_text(CivilizationBoard._tech_names(others))
        return t

    @staticmethod
    def _tech_names(techs: list[str]) -> Text:
        """`` I Pottery, Writing · II Construction``: tech names by level."""
        t = Text()
        for k, (lv, names) in enumerate(techs_by_level(techs)):
            t.append(" · " if k else " ")
            t.append(ROMAN[lv] if 0 < lv <= 5 else "?", style="bold")
            t.append(" " + ", ".join(names))
        return t

    def _position_page(self, out: list, v: dict, width: int) -> None:
        """The page of the player's own position in place of the map: the tech the list highlights (at a
        research), his unit cards with their strengths, his techs by level with their abilities, his
        wonders and government.  Each entry is a region the board's cursor walks (``t``: the map)."""
        me = _own_player(v)
        if me is None:
            return
        w = max(width, 30)
        y = 0

        def block(rid, text: Text, pickable: bool = True) -> None:
            nonlocal y
            lines = wrap_text(text, w - 1)
            out.append(MapRegion.rect(rid, 0, y, w, len(lines), label=lines[0], text=tuple(lines[1:]),
                                      targets=(), pickable=pickable))
            y += len(lines)

        o = self._list_choice
        if o is not None and o.target and o.target[0] == "tech" and o.target[1] in D.TECH_INDEX:
            t = Text("▷ ", style="bold")
            t.append(o.target[1], style="bold")
            t.append(T.tech_text(o.target[1])[len(o.target[1]):])
            block(("page", "choice"), t)
        t = Text("Your unit cards, rank and strengths: ", style="bold")
        hand = (me.get("hand") or {}).get("unit_cards", [])
        ranks = me.get("ranks", {})
        parts = []
        for kind in ("infantry", "cavalry", "artillery", "aircraft"):
            rank = ranks.get(kind, 0)
            cards = [str(c[3]) for c in hand if c[0] == kind]
            if not rank and not cards:
                continue
            parts.append(f"{kind} {ROMAN[min(rank, 5)]}: " + (", ".join(cards) if cards else "no card"))
        t.append(" · ".join(parts) or "none")
        block(("page", "units"), t)
        t = Text(f"Your techs ({len(me['techs'])}):", style="bold")
        t.append_text(self._tech_names(me["techs"]))
        block(("page", "techs"), t)
        for lv, names in techs_by_level(me["techs"]):
            for name in names:
                tech = D.TECH_INDEX.get(name)
                t = Text(f" {ROMAN[lv] if 0 < lv <= 5 else '?'} ", style="bold")
                t.append(name, style="bold")
                t.append(": " + (T.tech_abilities_text(tech) if tech else ""))
                block(("page", "tech", name), t)
        for name in me.get("wonders", []):
            wonder = D.WONDER_INDEX.get(name)
            t = Text(" wonder ", style="bold")
            t.append(name, style="bold")
            gone = name in me.get("obsolete", [])
            t.append(": " + ("obsolete" if gone else T.wonder_abilities_text(wonder) if wonder else ""))
            block(("page", "wonder", name), t)
        gov = D.GOVERNMENT_INDEX.get(me["government"])
        t = Text(f"Your government, {me['government']}: ", style="bold")
        t.append(" ".join(T.ability_text(a) for a in gov.abilities) if gov else "")
        block(("page", "government"), t)

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
        t.append(f"\ncards: {pl['culture_cards']} culture, {plural(pl['units'], 'unit')}, "
                 f"{plural(pl['great_people'], 'great person', 'great people')} in reserve")
        hand = pl.get("hand")
        if hand:
            if hand["culture_cards"]:
                t.append(f"\nyour culture cards: {', '.join(hand['culture_cards'])}")
            if hand["units"]:
                t.append(f"\nyour units: {unit_summary(pl)}")
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
        if (self._view or {}).get("battle") or self.result_shown():
            return [("▸ ◂", "the unit that struck first")]        # the battle board says the rest
        if self.page_wanted():
            return [("t", "the map")]
        return [(SELECTED_MARK, "the figure or city chosen"), ("G F M D W", "grass, forest, mountain, desert, water"),
                ("2p 1t 1c 1$ 2b", "production, trade, culture, coin, battle bonus"),
                ("●Cap ●Cty #", "capital, city, walls"),
                ("●2a1s", "2 armies, 1 scout"), ("?hut ?vil", "hut, village"), ("W: P:", "wonder, great person"),
                (BACK * 2, "unexplored tile"), ("t", "your techs and units")]

    # -- above and below the map ---------------------------------------------------------------
    def head_text(self, view: dict | None) -> Text:
        """Above the map, six lines: the round and phase with the deciding player (the viewer when
        nobody decides), his civilization and government; his dials; his resources and culture cards;
        his unit cards with their strengths; his techs by name; one line for the other players.  All as
        the view shows it to the viewer: his own cards by name, another's counted."""
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
        elif self.result_shown(v):
            when.append(" · a battle's end", style="bold")
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
        culture cards; unit cards (type, rank, each card's strength) and great people; techs by name,
        by level (their abilities: the page of techs, ``t``)."""
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
            c.append(f" · {plural(len(hand['culture_cards']), 'culture card')}: {', '.join(hand['culture_cards'])}")
        else:
            c.append(f" · {plural(pl['culture_cards'], 'culture card')}")
        d = Text("units ", style="bold")
        d.append(unit_summary(pl))
        if pl.get("great_people"):
            d.append(f" · {plural(pl['great_people'], 'great person', 'great people')}")
        e = Text("techs", style="bold")
        e.append_text(self._tech_names(pl["techs"]))
        return [a, b, c, d, e]

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
                     f"culture {pl['culture']}, {plural(len(pl['techs']), 'tech')}")
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
            parts = ([plural(armies, "army", "armies")] if armies else []) + \
                    ([plural(scouts, "scout")] if scouts else [])
            t.append(" " + ", ".join(parts))
        if key in v.get("gather", {}):
            t.append(f" · gathering for the city on {v['gather'][key]}")
