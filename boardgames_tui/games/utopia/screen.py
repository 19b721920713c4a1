"""The Utopia board: the islands as a map, the prestige scale, the score track
in turn order, the guests on offer and the viewer's hand, all drawn on one
:class:`~boardgames_tui.ui.widgets.map_canvas.MapCanvas`.

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
  people and owner (``▣G ●A``); a wonder is ``✪``; a bridge ``═F6``;
* what the current decision can aim at is marked ``◆`` (and a heavy border on
  districts), the cursor ``▶`` (a double border), a selection ``★``.

Keys while the map has focus: the arrows move the cursor to the
nearest place that way, Enter picks what is under it.  The line at the
bottom describes the place under the cursor (neighbours, piers, every prince).
"""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from ...engine.text import plural
from ...ui.theme import colour, seat_letter
from ...ui.widgets.board import SeatViewHelpers
from ...ui.widgets.map_canvas import (
    CURSOR_MARK, TARGET_MARK, MapBoard, MapRegion, wrap_text,
)
from .data import (
    DISTRICTS, ISLAND_GLYPHS, ISLAND_MAP, ISLAND_MAP_COLS, ISLAND_NAMES, ISLANDS, PEOPLE_LETTERS,
    PEOPLE_NAMES, PEOPLES, WIN_SCORE,
)

__all__ = ["UtopiaBoard", "CURSOR_MARK", "TARGET_MARK", "SELECTED_MARK", "island_grid"]

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

WIDE_TEXT = 58          # map width from which names are spelt out in full
DISTRICT_MIN = 11       # a district box's width: at least "◆E1·2 S1" and a border
DISTRICT_MAX = 18
GUEST_INDENT = 9        # guests start after "▲ Earth "


def island_grid(island: str) -> list[list[int | None]]:
    """The district ids of ``island`` in rows of ISLAND_MAP_COLS (None = a gap)."""
    i = ISLAND_INDEX[island]
    rows = [[DISTRICT_INDEX.get(n) if n else None for n in row]
            for row in ISLAND_MAP.get(island, ())]
    placed = {d for row in rows for d in row if d is not None}
    rest = [d.id for d in DISTRICTS if d.island == i and d.id not in placed]
    while rest:
        rows.append((rest[:ISLAND_MAP_COLS] + [None] * ISLAND_MAP_COLS)[:ISLAND_MAP_COLS])
        rest = rest[ISLAND_MAP_COLS:]
    return rows


def princes_text(counts: dict) -> Text:
    """``M2G1``: people letters in bold, each with its count."""
    t = Text()
    for p in PEOPLES:
        c = counts.get(p, 0)
        if c:
            t.append(PEOPLE_LETTER[p], style="bold")
            t.append(str(c))
    return t


class UtopiaBoard(SeatViewHelpers, MapBoard):
    """Utopia's board: a :class:`MapBoard` whose regions are the scale's places,
    the guests, the bag, the hand's cards, the islands (their wonders), the
    districts and the players."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._width = self.DEFAULT_WIDTH

    @property
    def wide_text(self) -> bool:
        return self._width >= WIDE_TEXT

    # -- helpers over the view -----------------------------------------------------------
    def _hand(self) -> dict | None:
        me = self._viewer_player()
        return me.get("hand") if me is not None else None

    def _seat(self, p: int, name: bool = False) -> Text:
        """``●A`` (or ``●A Ada``) in the seat's colour."""
        c = colour(self._seat_colour(p))
        label = f"{c.symbol}{seat_letter(p)}"
        if name:
            players = (self._view or {}).get("players", [])
            if 0 <= p < len(players):
                label += f" {players[p]['name']}"
        return Text(label, style=Style(color=c.hex, bold=True))

    def _people(self, p: str) -> Text:
        """``Mayan`` (or ``May`` when narrow), the letter in bold."""
        t = Text(PEOPLE_LETTER[p], style="bold")
        t.append(PEOPLE_NAME[p][1:] if self.wide_text else PEOPLE_SHORT[p][1:])
        return t

    def _is_target(self, targets: tuple[tuple, ...]) -> bool:
        return any(t in self._targets for t in targets)

    # -- the map ---------------------------------------------------------------------------
    def build_map(self, view: dict | None, width: int) -> list[MapRegion]:
        self._width = width = max(width, 30)
        v = view or {}
        if not v:
            return []
        out: list[MapRegion] = []
        y = self._map_scale(out, v, 0, width)
        if v.get("phase") == "guests" or v.get("display"):
            y = self._map_guests(out, v, y, width)
        hand = self._hand()
        if v.get("phase") in ("discard", "cards") or (hand and sum(hand.values())):
            y = self._map_hand(out, v, y, width)
        y = self._map_islands(out, v, y + 1, width)
        y = self._map_text(out, "sea", self._sea_text(v), y, width)
        self._map_players(out, v, y, width)
        return out

    @staticmethod
    def _map_text(out: list, rid: Any, text: Text, y: int, width: int, style: str = "") -> int:
        lines = wrap_text(text, width)
        out.append(MapRegion.rect(rid, 0, y, width, len(lines), text=tuple(lines), pickable=False, style=style))
        return y + len(lines)

    @staticmethod
    def _flow(out: list, items: list[tuple[Any, Text, tuple, dict]], x0: int, indent: int, y: int,
              width: int) -> int:
        """Places of one line each, left to right from ``x0``, wrapping to ``indent``;
        returns the line after the last."""
        x = x0
        for rid, label, targets, kw in items:
            w = 1 + label.cell_len
            if x > indent and x + w > width:
                x, y = indent, y + 1
            out.append(MapRegion.rect(rid, x, y, w, 1, label=label, targets=targets, **kw))
            x += w + 1
        return y + 1

    def _map_scale(self, out: list, v: dict, y: int, width: int) -> int:
        label = Text("Prestige scale" if self.wide_text else "Scale", style="bold")
        out.append(MapRegion.rect("scale-label", 0, y, label.cell_len, 1, label=label, pickable=False))
        sel = v.get("selected") or {}
        items = []
        for place, p in enumerate(v.get("scale", [])):
            x = PEOPLES.index(p)
            body = Text(f"{place + 1} ")
            body.append_text(self._people(p))
            mark = SELECTED_MARK if sel.get("action") in ("raise", "lower") and sel.get("people") == p else ""
            items.append((("scale", x), body, (("scale", x),), {"mark": mark}))
        return self._flow(out, items, label.cell_len + 1, label.cell_len + 1, y, width)

    def _map_guests(self, out: list, v: dict, y: int, width: int) -> int:
        counts = {(g["island"], g["people"]): g["count"] for g in v.get("display", [])}
        sel_guest = (v.get("selected") or {}).get("guest")
        head = Text("Guests waiting: ", style="bold")
        head.append(f"{sum(counts.values())} · bag {v.get('bag', 0)}")
        y = self._map_text(out, "guests-head", head, y, width)
        for i, isl in enumerate(ISLANDS):
            items = []
            for x, p in enumerate(PEOPLES):
                n = counts.get((isl, p), 0)
                if not n:
                    continue
                body = self._people(p)
                if n > 1:
                    body.append(f"×{n}")
                mark = SELECTED_MARK if sel_guest == {"island": isl, "people": p} else ""
                items.append((("guest", i, x), body, (("guest", i, x),), {"mark": mark}))
            if items:
                out.append(MapRegion.rect(("guest-island", i), 0, y, GUEST_INDENT - 1, 1,
                                          label=f"{ISLAND_GLYPHS[i]} {ISLAND_NAMES[i]}", pickable=False))
                y = self._flow(out, items, GUEST_INDENT, GUEST_INDENT, y, width)
        if ("bag",) in self._targets:
            label = Text(f"Draw from the bag ({v.get('bag', 0)})")
            y = self._flow(out, [(("bag",), label, (("bag",),), {})], GUEST_INDENT, GUEST_INDENT, y, width)
        return y

    def _map_hand(self, out: list, v: dict, y: int, width: int) -> int:
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
            head.append(f": {plural(n, 'card')}", style="bold")
            tiles = pl.get("privileges", 0)
            head.append(f" · {'privilege tiles' if self.wide_text else 'tiles'} {tiles}")
            due = pl.get("discard_due", 0)
            if due:
                head.append(f" · discard {due}", style="bold")
        y = self._map_text(out, "hand-head", head, y, width)
        if hand is None:
            return y
        sel = v.get("selected") or {}
        paid = sel.get("paid") or []
        items = []
        for x, p in enumerate(PEOPLES):
            n = hand.get(p, 0)
            body = self._people(p)
            body.append(f" {n}")
            k = paid.count(p)
            if k:
                body.append(f" ✓{k} paid", style="italic")
            targets = (("card", x), ("people", x))
            mark = SELECTED_MARK if sel.get("action") in ("move", "add", "remove") and sel.get("people") == p else ""
            style = "dim" if not n and not self._is_target(targets) else ""
            items.append((("card", x), body, targets, {"mark": mark, "style": style}))
        return self._flow(out, items, 1, 1, y, width)

    def _island_title(self, i: int, w: dict, sel: dict, room: int) -> Text:
        title = f"{ISLAND_GLYPHS[i]} {ISLAND_NAMES[i]}"
        if not w.get("open", True):
            forms = [" · closed (two players)", " · closed"]
        elif w.get("owner") is None:
            forms = [f" · {WONDER} wonder space free", f" · {WONDER} free"]
        else:
            c = colour(self._seat_colour(w["owner"]))
            who = f"{c.symbol}{seat_letter(w['owner'])}"
            bonus = w.get("bonus", 0)
            forms = [f" · {WONDER} wonder of {who}: +{bonus} a monument", f" · {WONDER} of {who} +{bonus}/{MONUMENT}"]
        tail = f" {SELECTED_MARK}" if sel.get("wonder") == ISLANDS[i] else ""
        text = next((title + f + tail for f in forms if len(title + f + tail) <= room), title + forms[-1] + tail)
        return Text(text, style="bold")

    def _map_islands(self, out: list, v: dict, y: int, width: int) -> int:
        """The islands, two a line when they fit: each a box (its wonder, picked
        by its title) holding its districts' boxes."""
        per_line = 2 if width >= 2 * (2 + ISLAND_MAP_COLS * DISTRICT_MIN) + 1 else 1
        room = (width - (per_line - 1)) // per_line
        dw = max(DISTRICT_MIN, min(DISTRICT_MAX, (room - 2) // ISLAND_MAP_COLS))
        iw = 2 + ISLAND_MAP_COLS * dw
        districts = {d["id"]: d for d in v.get("districts", [])}
        wonders = v.get("wonders", [{}] * len(ISLANDS))
        sel = v.get("selected") or {}
        for start in range(0, len(ISLANDS), per_line):
            line_h = 0
            for slot, isl in enumerate(ISLANDS[start:start + per_line]):
                i = ISLAND_INDEX[isl]
                w = wonders[i] if i < len(wonders) else {}
                x0 = slot * (iw + 1)
                inner: list[MapRegion] = []
                yy = y + 1
                if not w.get("open", True):
                    yy += 1
                else:
                    for row in island_grid(isl):
                        boxes = {c: self._district_lines(districts[d], dw - 2) for c, d in enumerate(row)
                                 if d is not None and d in districts}
                        h = 2 + max((len(lines) for lines in boxes.values()), default=1)
                        for c, lines in boxes.items():
                            d = districts[row[c]]
                            inner.append(self._district_region(d, lines, x0 + 1 + c * dw, yy, dw, h, sel))
                        yy += h
                height = yy + 1 - y
                out.append(MapRegion.rect(
                    ("island", i), x0, y, iw, height, label=self._island_title(i, w, sel, iw - 3),
                    targets=(("island", i),), box=True, centre=(x0 + iw / 2, y),
                    text=("closed",) if not w.get("open", True) else (),
                    style="" if w.get("open", True) else "dim"))
                out.extend(inner)
                line_h = max(line_h, height)
            y += line_h
        return y

    def _district_region(self, d: dict, lines: list[Text], x: int, y: int, w: int, h: int, sel: dict) -> MapRegion:
        label = Text(f"{d['name']}·{d['value']}{self._district_extra(d)}", style="bold")
        mark = SELECTED_MARK if d["name"] in (sel.get("from"), sel.get("to")) else ""
        return MapRegion.rect(("district", d["id"]), x, y, w, h, label=label, text=tuple(lines),
                              targets=(("district", d["id"]),), box=True, mark=mark,
                              style="" if d.get("open", True) else "dim")

    @staticmethod
    def _district_extra(d: dict) -> str:
        """`` S2`` for a pier on sea sector 2."""
        return f" S{d['pier'] + 1}" if d.get("pier", -1) >= 0 else ""

    def _district_lines(self, d: dict, width: int) -> list[Text]:
        """The monument, each player's princes (a player's peoples go on under
        the first when ``width`` is short) and the bridges, a line each."""
        if not d.get("open", True):
            return [Text("closed", style="dim")]
        lines: list[Text] = []
        mon = d.get("monument")
        if mon:
            m = Text(MONUMENT, style="bold")
            m.append(PEOPLE_LETTER.get(mon["people"], "?"), style="bold")
            m.append(" ")
            m.append_text(self._seat(mon["owner"]))
            lines.append(m)
        room = max(2, width - 3)  # after "●A "
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
                line = self._seat(p) if i == 0 else Text("  ", style=self._seat(p).style)
                line.append(" ")
                for part in chunk:
                    line.append(part[0], style="bold")
                    line.append(part[1:])
                lines.append(line)
        bridges = [n for n in d.get("neighbours", []) if n[0] != d["name"][0]]
        if bridges:
            lines.append(Text("═" + " ═".join(bridges), style="bold"))
        return lines or [Text("·", style="dim")]

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
        return t

    def _map_players(self, out: list, v: dict, y: int, width: int) -> int:
        players = v.get("players", [])
        order = v.get("order", list(range(len(players))))
        phase = v.get("phase")
        head = Text("Score track", style="bold")
        head.append(f" in turn order · {WIN_SCORE} prestige ends the game" if self.wide_text
                    else f" · turn order · {WIN_SCORE} ends it")
        y = self._map_text(out, "players-head", head, y, width)
        for slot, p in enumerate(order):
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
            body.append("\nsupply ")
            supply = pl.get("supply", {})
            body.append_text(princes_text(supply) if any(supply.values()) else Text("none"))
            body.append(f"  bases {pl.get('bases', 0)}  tiles {pl.get('privileges', 0)}")
            if phase in ("discard", "cards"):
                body.append(f"  cards {pl.get('hand_count', 0)}")
            lines = wrap_text(body, width - 1)
            out.append(MapRegion.rect(("player", p), 0, y, width, len(lines), label=lines[0],
                                      text=tuple(lines[1:]), targets=(("player", p),)))
            y += len(lines)
        return y

    def legend(self) -> list[tuple[str, str]]:
        return [(SELECTED_MARK, "selected"), ("E1·2 S1", "district·value, pier in sea S1"),
                (f"{MONUMENT}G ●A", "Greek monument of A"), ("●A M2G1", "A's princes: 2 Mayan, 1 Greek"),
                ("═F6", "bridge to F6"), (WONDER, "wonder")]

    # -- above and below the map --------------------------------------------------------------
    def head_text(self, view: dict | None) -> Text:
        v = view or {}
        if not v:
            return Text("")
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
        t.append("\n")
        t.append_text(self._order_text(v))
        mine = self._own_text(v)
        if mine is not None:
            t.append("\n")
            t.append_text(mine)
        return t

    def _own_text(self, v: dict) -> Text | None:
        """The deciding player's holdings off the map, above it so that they
        never scroll away: supply, bases, privilege tiles (the hand and the
        princes are on the map)."""
        players = v.get("players", [])
        me = v.get("viewer")
        # A public view (no hidden step now): the player to act, whose
        # holdings these are at a hot-seat table.
        who = me if me is not None else v.get("actor", v.get("turn"))
        if who is None or not 0 <= who < len(players):
            return None
        pl = players[who]
        t = Text("You " if me is not None else "", style="bold")
        t.append_text(self._seat(who))
        t.append(" supply ")
        supply = pl.get("supply", {})
        t.append_text(princes_text(supply) if any(supply.values()) else Text("none"))
        t.append(f" · bases {pl.get('bases', 0)} · tiles {pl.get('privileges', 0)}")
        return t

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
        return full if full.cell_len <= max(20, self._width - 1) else build(False)

    def target_name(self, target: tuple) -> str:
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
        return super().target_name(target)

    def region_info(self, t: Text, v: dict, key: tuple) -> None:
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

