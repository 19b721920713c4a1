"""The Phoenicia board: display, running auction, tracks and every village.

It renders the Phoenicia ``view`` dict only (docs/phoenicia-api.md) plus the
static card and tile tables of ``data.py`` (names of owned cards); it never
reads the state.  What the viewer may see comes from the view: the values of
production cards appear only for the viewer's own hand ("Your money"); other
players show a count.  Behind the hand-off curtain the game screen passes the
public view, so nothing private is drawn then.

The cursor stands on the displayed development cards, the viewer's
production cards (one spot per value), disks and City Center, and the lines
of the viewer's village (training ground and tiles).  Legal targets are
marked ``◆`` with a heavy border or bold line (not colour alone), the cursor
``▶``.  Keys while the board has focus: ←→ along a row, ↑↓ between
rows, Enter or Space picks what is under the cursor.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from ...engine.text import plural
from ...ui.later import after_refresh
from ...ui.theme import colour
from ...ui.widgets.cursor_board import CursorBoard
from .data import BUYS_VP, CITY_CENTER_VP_PRICE, DEV, END_VP
from ...ui.widgets.quiet import set_text, set_title, sync_children
from .screen_widgets import (STEPS, CardSpot, LineSpot, Spot, SpotGrid, tag, tags, space_values,
                      tile_text, track_text)

CARD_WIDTH = 22
HAND_WIDTH = 14
VILLAGE_WIDTH = 46
WORKER_LEGEND = "W worker, o tool disk, · empty; + improved, ++ advanced"



def _card_names(slugs: list[str]) -> str:
    counts: dict[str, int] = {}
    for s in slugs:
        counts[s] = counts.get(s, 0) + 1
    return ", ".join(DEV[s].name + (f" ×{k}" if k > 1 else "") if s in DEV else s for s, k in counts.items())


class Village(Vertical):
    """One player's tableau: numbers, training ground, tiles, cards."""

    DEFAULT_CSS = """
    Village { height: auto; border: round $panel-lighten-2; padding: 0 0 0 1; border-title-style: bold; }
    Village > .phx-vsum { height: auto; }
    Village > .phx-vcards { height: auto; color: $text-muted; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.summary = Static("", classes="phx-vsum")
        self.training = LineSpot(None)
        self.tiles: list[LineSpot] = []
        self.cards = Static("", classes="phx-vcards")
        self._composed = False

    def compose(self) -> ComposeResult:
        self._composed = True
        yield self.summary
        yield self.training
        yield from self.tiles
        yield self.cards

    def set_tiles(self, items: list[tuple[tuple | None, Text]]) -> None:
        while len(self.tiles) > len(items):
            spot = self.tiles.pop()
            if self._composed:
                spot.remove()
        new = []
        for target, text in items[len(self.tiles):]:
            spot = LineSpot(target, text)
            self.tiles.append(spot)
            new.append(spot)
        if new and self._composed:
            self.mount_all(new, before=self.cards)
        for spot, (target, text) in zip(self.tiles, items):
            spot.show(target, text)

    def spots(self) -> list[LineSpot]:
        return [self.training, *self.tiles]


class PhoeniciaBoard(CursorBoard):
    DEFAULT_CSS = """
    PhoeniciaBoard #phx-top { dock: top; height: auto; background: $primary-darken-3; padding: 0 1; }
    PhoeniciaBoard #phx-status { height: auto; }
    PhoeniciaBoard #phx-auction { height: auto; }
    PhoeniciaBoard .phx-head { height: auto; margin-top: 1; text-style: bold; }
    PhoeniciaBoard #phx-tracks { height: auto; margin-top: 1; }
    PhoeniciaBoard #phx-display { grid-gutter: 0 0; }
    PhoeniciaBoard #phx-me { height: auto; }
    PhoeniciaBoard #phx-villages { height: auto; layout: grid; grid-size: 1; grid-gutter: 0 1;
                                   grid-rows: auto; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self._villages: list[Village] = []
        self._display_spots: list[tuple] = []
        self._hand_spots: list[tuple] = []
        self._village_spots: list[tuple] = []
        self._width = 48

    def compose(self) -> ComposeResult:
        # The viewer's own village and money first: at 80x24 the deciding
        # player sees their holdings without scrolling; the display, the
        # tracks and the other villages follow.
        with Vertical(id="phx-top"):
            yield Static("", id="phx-status")
            yield Static("", id="phx-auction")
        yield Vertical(id="phx-me")
        yield Static("", id="phx-hand-head", classes="phx-head")
        yield SpotGrid(HAND_WIDTH, id="phx-hand")
        yield Static("", id="phx-display-head", classes="phx-head")
        yield SpotGrid(CARD_WIDTH, id="phx-display")
        yield Static("", id="phx-tracks")
        yield Static("", id="phx-villages-head", classes="phx-head")
        yield Vertical(id="phx-villages")

    # -- layout ------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        width = max(20, event.size.width - 2)
        if width != self._width:
            self._width = width
            self._fit()
            if self._view is not None:
                self._redraw()  # the tracks and the village lines fit the width

    def _fit(self) -> None:
        for g in self.query(SpotGrid):
            g.fit(self._width)
        cols = max(1, (self._width + 1) // (VILLAGE_WIDTH + 1))
        box = self.query_one("#phx-villages")
        if box.styles.grid_size_columns != cols:
            box.styles.grid_size_columns = cols

    # -- where the cursor can stand ---------------------------------------------------------
    def rows(self) -> list[list[tuple]]:
        """The cursor's rows, as shown: each line of the viewer's village,
        the viewer's money, then the display (as laid out)."""
        out: list[list[tuple]] = [[t] for t in self._village_spots]
        for grid_id, spots in (("#phx-hand", self._hand_spots), ("#phx-display", self._display_spots)):
            cols = max(1, self.query_one(grid_id, SpotGrid).columns)
            out.extend(spots[i:i + cols] for i in range(0, len(spots), cols))
        return out

    def _target_name(self, target: tuple) -> str:
        kind = target[0] if target else ""
        if kind == "devcard" and len(target) == 2:
            return DEV[target[1]].name if target[1] in DEV else target[1]
        if kind == "prodcard":
            return f"your {target[1]} card"
        if kind == "tile":
            return f"your {target[1].capitalize()} tile"
        if kind == "training":
            return "the training ground"
        if kind == "disks":
            return "your disks"
        if kind == "citycenter":
            return "City Center"
        return super()._target_name(target)

    # -- rendering ------------------------------------------------------------------------
    def _tag(self, p: int, name: bool = False) -> Text:
        v = self._view or {}
        players = v.get("players", [])
        return tag(self._seats, p, players[p]["name"] if name and p < len(players) else None)

    def _render_all(self) -> None:
        v = self._view or {}
        self._fit()
        if not v:
            for sid in ("#phx-status", "#phx-auction", "#phx-display-head", "#phx-hand-head",
                        "#phx-tracks", "#phx-villages-head"):
                set_text(self.query_one(sid, Static), "")
            self._display_spots, self._hand_spots, self._village_spots = [], [], []
            self._sync_cards(self.query_one("#phx-display", SpotGrid), [])
            self._sync_cards(self.query_one("#phx-hand", SpotGrid), [])
            self._sync_villages([])
            return
        set_text(self.query_one("#phx-status", Static), self._status_text(v))
        auction = self.query_one("#phx-auction", Static)
        at = self._auction_text(v)
        auction.display = at is not None
        set_text(auction, at or "")
        self._render_display(v)
        self._render_hand(v)
        set_text(self.query_one("#phx-tracks", Static), self._tracks_text(v))
        head = Text("Other villages " if v.get("viewer") is not None else "Villages ", style="bold")
        head.append(f"({WORKER_LEGEND})", style=Style(bold=False, dim=True))
        set_text(self.query_one("#phx-villages-head", Static), head)
        self._sync_villages(v.get("players", []))

    # status and auction
    def _status_text(self, v: dict) -> Text:
        t = Text()
        t.append(f"Round {v.get('round', 0)}", style="bold")
        phase = v.get("phase")
        order = v.get("turn_order") or []
        if phase == "over":
            t.append(" · game over", style="bold")
            if v.get("end_reason"):
                t.append(f": {v['end_reason']}")
            win = v.get("winners") or []
            if win:
                t.append(" · winner" + ("s " if len(win) > 1 else " "))
                t.append_text(tags(self._seats, win, ", "))
        elif phase == "limits":
            lim = v.get("limits") or []
            t.append(" · storage limits: ")
            if lim:
                t.append_text(self._tag(lim[0], True))
                if len(lim) > 1:
                    t.append(" then ")
                    t.append_text(tags(self._seats, lim[1:]))
        elif v.get("active") is not None:
            t.append(" · ")
            t.append_text(self._tag(v["active"], True))
            t.append(f"'s turn, {STEPS.get(v.get('step'), '')}")
            if len(order) > 1:
                t.append(" · then ")
                t.append_text(tags(self._seats, order[1:]))
        return t

    def _auction_text(self, v: dict) -> Text | None:
        a, pm = v.get("auction"), v.get("payment")
        if a is None and pm is None:
            return None
        t = Text()
        viewer = v.get("viewer")
        if a is not None:
            card = DEV.get(a["card"])
            t.append("⚖ Auction of ", style="bold")
            t.append(card.name if card else a["card"], style="bold")
            t.append(f" (opened at {card.bid if card else '?'} by ")
            t.append_text(self._tag(a["opener"]))
            t.append(")\nHigh bid ")
            t.append(f" {a['high']} ", style="bold reverse")
            t.append(" ")
            t.append_text(self._tag(a["high_bidder"], True))
            t.append(" · in ")
            t.append_text(tags(self._seats, a["active"]))
            out = [p for p in range(v.get("n", 0)) if p not in a["active"]]
            if out:
                t.append(" · out ")
                t.append_text(tags(self._seats, out))
            t.append("\nTo bid now: ")
            t.append_text(self._tag(a["to_act"], True))
            pl = self._viewer_player()
            if pl is not None and pl.get("hand") is not None:
                money = sum(pl["hand"]) + pl["disks"]
                disc = (pl.get("discounts") or {}).get(a["card"], 0)
                if viewer not in a["active"]:
                    t.append(" · you have passed", style="italic")
                else:
                    top = money + disc
                    if top > a["high"]:
                        t.append("\nYou can bid up to ")
                        t.append(str(top), style="bold")
                    else:
                        t.append("\nYou cannot raise: ", style="bold")
                        t.append(f"your limit is {top}")
                    t.append(f" (money {money}" + (f" + discount {disc})" if disc else ")"))
        if pm is not None:
            if a is not None:
                t.append("\n")
            t.append("Payment: ", style="bold")
            t.append_text(self._tag(pm["player"], True))
            t.append(f" pays {pm['total']} for {pm['what']}")
            if pm["due"] != pm["total"]:
                t.append(f" · {pm['due']} still due")
            if pm["paid"]:
                t.append(" · paid card" + ("s " if len(pm["paid"]) > 1 else " ")
                         + ", ".join(str(x) for x in pm["paid"]))
        return t

    # the display
    def _render_display(self, v: dict) -> None:
        me = self._viewer_player()
        disc = (me or {}).get("discounts") or {}
        head = Text(f"Development cards on display ({len(v.get('display', []))})", style="bold")
        st = v.get("dev_deck_by_stack") or {}
        plain = Style(bold=False)
        head.append(f" · deck {v.get('dev_deck', 0)}", style=plain)
        if st:
            head.append(" (by stack " + "/".join(str(st[k]) for k in sorted(st, key=int)) + ")", style=plain)
        if me is not None:
            if disc:
                head.append("\nYour discounts: ", style=plain)
                head.append(", ".join(f"{DEV[s].name if s in DEV else s} −{d}" for s, d in disc.items()),
                            style="bold")
            else:
                head.append("\nYou hold no discount.", style=Style(bold=False, dim=True))
        set_text(self.query_one("#phx-display-head", Static), head)
        a = v.get("auction")
        groups: dict[str, list[dict]] = {}
        for c in v.get("display", []):
            groups.setdefault(c["slug"], []).append(c)
        items = []
        for slug, copies in groups.items():
            c = copies[0]
            t = Text()
            t.append(f"bid {c['bid']}", style="bold")
            t.append(f" · stack {c['stack']}")
            if c.get("house"):
                t.append(" · house*", style="italic")
            t.append("\n" + c["text"])
            d = disc.get(slug, 0)
            if d:
                t.append(f"\nyou pay {max(0, c['bid'] - d)} (−{d})", style="bold")
            if a is not None and a["card"] == slug:
                t.append("\n⚖ in auction: ", style="bold")
                t.append(f"high {a['high']} ")
                t.append_text(self._tag(a["high_bidder"]))
            title = c["name"] + (f" ×{len(copies)}" if len(copies) > 1 else "")
            items.append((("devcard", slug), t, title))
        self._display_spots = [it[0] for it in items]
        self._sync_cards(self.query_one("#phx-display", SpotGrid), items)

    # the viewer's money
    def _render_hand(self, v: dict) -> None:
        viewer = v.get("viewer")
        head = self.query_one("#phx-hand-head", Static)
        grid = self.query_one("#phx-hand", SpotGrid)
        deck = Text(f"\nProduction deck {v.get('prod_deck', 0)} · discard pile {v.get('prod_discard', 0)}",
                    style=Style(bold=False, dim=True))
        pl = self._viewer_player()
        if pl is None or pl.get("hand") is None:
            t = Text("Production cards are private: each village shows how many.", style="dim")
            t.append(deck)
            set_text(head, t)
            grid.display = False
            self._hand_spots = []
            self._sync_cards(grid, [])
            return
        hand = pl["hand"]
        money = sum(hand) + pl["disks"]
        t = Text("Your money ", style="bold")
        t.append_text(self._tag(viewer))
        t.append(f": {money}", style="bold")
        t.append(f" = {plural(len(hand), 'production card')} ({sum(hand)}) + {plural(pl['disks'], 'disk')}"
                 f" · storehouses {pl['storehouses']} · disks kept {pl['treasury']}",
                 style=Style(bold=False))
        if len(hand) > pl["storehouses"]:
            t.append(f" · {plural(len(hand) - pl['storehouses'], 'card')} over the storage limit", style="bold")
        if pl["disks"] > pl["treasury"]:
            t.append(f" · {plural(pl['disks'] - pl['treasury'], 'disk')} over the limit", style="bold")
        t.append_text(deck)
        set_text(head, t)
        items = []
        counts: dict[int, int] = {}
        for x in hand:
            counts[x] = counts.get(x, 0) + 1
        for value in sorted(counts):
            k = counts[value]
            items.append((("prodcard", value), Text(f"{value}" + (f" ×{k}" if k > 1 else ""), style="bold"),
                          "card"))
        items.append((("disks",), Text(str(pl["disks"]), style="bold"), "disks"))
        if BUYS_VP in pl.get("cards", []):
            items.append((("citycenter",), Text(f"1 VP for {CITY_CENTER_VP_PRICE}"), DEV[BUYS_VP].name))
        grid.display = True
        self._hand_spots = [it[0] for it in items]
        self._sync_cards(grid, items)

    # tracks
    def _tracks_text(self, v: dict) -> Text:
        players = v.get("players", [])
        width = self._width
        t = Text("Tracks", style="bold")
        t.append(f"  (the game ends at {END_VP} VP)\n", style="dim")
        t.append_text(track_text("VP  ", [(p, pl["vp"]) for p, pl in enumerate(players)], self._seats, width,
                                 end=END_VP))
        t.append("\n")
        t.append_text(track_text("Prod", [(p, pl["production"]) for p, pl in enumerate(players)], self._seats,
                                 width, low=20))
        return t

    # villages
    def _sync_villages(self, players: list[dict]) -> None:
        """The viewer's village in ``#phx-me``, the others (in seat order
        after the viewer) in ``#phx-villages``; ``self._villages`` lists them
        as shown."""
        v = self._view or {}
        viewer = v.get("viewer")
        n = len(players)
        mine = viewer is not None and 0 <= viewer < n
        order = [(viewer + i) % n for i in range(n)] if mine else list(range(n))
        want = ((self.query_one("#phx-me", Vertical), 1 if mine else 0),
                (self.query_one("#phx-villages", Vertical), n - (1 if mine else 0)))
        self._villages = [vil for box, count in want
                          for vil in sync_children(box, box.query(Village), count,
                                                   lambda: Village(classes="phx-village"))]
        self._village_spots = []
        for vil, p in zip(self._villages, order):
            self._village(vil, p, players[p], mine=(p == viewer))

    def _village(self, vil: Village, p: int, pl: dict, mine: bool) -> None:
        v = self._view or {}
        c = colour(self._seat_colour(p))
        title = Text()
        title.append_text(tag(self._seats, p, pl["name"]))
        if mine:
            title.append(" (you)", style=Style(color=c.hex))
        marks = []
        if v.get("start") == p:
            marks.append("start")
        if v.get("active") == p and v.get("phase") == "turn":
            marks.append("◀ turn")
        if marks:
            title.append(" · " + " · ".join(marks), style="italic")
        set_title(vil, title)
        if getattr(vil, "_phx_colour", None) != c.hex:
            vil._phx_colour = c.hex  # type: ignore[attr-defined]
            vil.styles.border = ("round", c.hex)
        s = Text()
        s.append(f"{pl['vp']} VP", style="bold")
        s.append(f" · production {pl['production']} · ")
        s.append(plural(pl["hand_count"], "production card"))
        if pl.get("hand") is not None and pl["hand"]:
            s.append(" (" + ", ".join(str(x) for x in pl["hand"]) + ")", style="bold")
        s.append(f" · disks {pl['disks']}/{pl['treasury']} · storehouses {pl['storehouses']}")
        set_text(vil.summary, s)
        tr = Text()
        tr.append("Training  ", style="bold")
        tr.append(f"{pl['untrained']} untrained, {pl['trained']} trained · cost {pl['training_cost']}")
        vil.training.show(("training",) if mine else None, tr)
        items = []
        for slug, tile in (pl.get("tiles") or {}).items():
            text = tile_text(tile)
            more = f"{space_values(tile)} per space, {tile['vp_per_worker']} VP per worker"
            # On one line when it fits the village (inside its border and the
            # marks), else on a second line under the spaces: never cut, never
            # wrapped mid-phrase.
            if text.cell_len + 3 + len(more) <= self._width - 5:
                text.append(f" · {more}", style="dim")
            else:
                text.append(f"\n{'':10}{more}", style="dim")
            items.append((("tile", slug) if mine else None, text))
        vil.set_tiles(items)
        if mine:
            self._village_spots = [("training",)] + [t for t, _ in items]
        ct = Text()
        ct.append("Cards: ", style="bold")
        ct.append(_card_names(pl.get("cards", [])) or "none")
        disc = pl.get("discounts") or {}
        if disc:
            ct.append("\nDiscounts: ", style="bold")
            ct.append(", ".join(f"{DEV[s].name if s in DEV else s} −{d}" for s, d in disc.items()))
        if pl.get("vp_bought"):
            ct.append(f"\nVP bought with City Center: {pl['vp_bought']}")
        set_text(vil.cards, ct)

    # spots
    def _sync_cards(self, grid: SpotGrid, items: list[tuple[tuple, Text, str]]) -> None:
        spots = sync_children(grid, grid.query(CardSpot), len(items), lambda: CardSpot(None))
        for spot, (target, text, title) in zip(spots, items):
            spot.show(target, text, title)

    def _all_spots(self) -> list[Spot]:
        return list(self.query(CardSpot)) + [s for vil in self._villages for s in vil.spots()]

    def _cells(self) -> list[Spot]:
        return self._all_spots()

    def _mark_cells(self) -> None:
        focus = self.has_focus
        for spot in self._all_spots():
            tg = spot.target
            if tg is None:
                spot.mark("", target=False, cursor=False)
                continue
            spot.mark(self._marks(tg), target=tg in self._targets, cursor=tg == self._cursor and focus)

    def _scroll_to_cursor(self, deferred: bool = False) -> None:
        """Bring the cursor into view with its context: the display with its
        heading, the money with its heading, a village line with the village."""
        spot = self._cell(self._cursor)
        if spot is None:
            return
        if isinstance(spot, CardSpot) and spot.parent is self.query_one("#phx-display"):
            context: list = [self.query_one("#phx-display-head")]
        elif isinstance(spot, CardSpot):
            context = [self.query_one("#phx-hand-head")]
        else:
            context = [w for w in (spot.parent,) if isinstance(w, Village)]
        for w in context:
            w.scroll_visible(animate=False, top=True, immediate=True)
        # Then the spot itself, once the first scroll is done.
        after_refresh(self, spot.scroll_visible, animate=False, immediate=True)  # if the spot is still there

