"""Civilization's movement (rules 56-67, row 28): single figures and groups, speed, stacking, water by
technology, Flight, exploring face-down tiles, huts, Russia's sacrifice; a move onto another player's
figures or city, or a village, starts a battle (``war.py``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, cast

from ...engine.core import Option
from ...engine.steps import Step, key, log
from . import abilities, cards, data as D, war
from .board import BUILDING, Figures, Moving, Pos, orthogonal, placed_squares
from .common import _a, _figures, _foe, _sq, fit, group_of, speed, stacking, water_rule
from .data_map import HUT, VILLAGE, WATER
from .state import CivState, Player

if TYPE_CHECKING:
    from .rules import CivilizationGame


class MoveTurn(Step):
    """Movement: pick a figure that has not moved (its square and kind), or a group of them (rule 56),
    then where it goes."""
    kind: ClassVar[str] = "move"
    private: ClassVar[bool] = False
    never_empty: ClassVar[bool] = True     # "done"
    moved: dict = None  # type: ignore[assignment]  # pos -> (armies, scouts) that arrived there this turn (they have moved)

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: move a figure or a group, or end the movement phase"

    def free(self, s: CivState, pos: Pos) -> tuple[int, int]:
        """The armies and scouts on ``pos`` that have not moved yet."""
        f = s.board.figures.get(pos)
        if f is None or f.owner != self.player:
            return 0, 0
        done = self.moved.get(pos)
        if done is None:
            return f.armies, f.scouts
        return max(0, f.armies - done[0]), max(0, f.scouts - done[1])

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = []
        rules = move_rules(s.players[self.player])
        figures = s.board.figures
        for pos in sorted(pos for pos, f in figures.items() if f.owner == self.player):
            if pos in s.frozen:
                continue
            armies, scouts = self.free(s, pos)
            for what, have in (("army", armies), ("scout", scouts)):
                if have and can_move(g, s, self.player, pos, what, rules):
                    out.append(_figure_option(what, pos))
            if armies + scouts >= 2 and any(can_move(g, s, self.player, pos, grp, rules)
                                            for grp in group_sizes(armies, scouts)):
                out.append(_figure_option("group", pos))
        out += abilities.ability_options(g, s, self.player, D.MOVE)
        out += cards.card_options(g, s, self.player, D.MOVE)
        out.append(_MOVES_DONE)
        return out

    def find(self, g: CivilizationGame, s: CivState, k: str) -> Option | None:
        """A figure or a group checked alone (``options`` asks every figure whether it can move)."""
        if k == "done":
            return _MOVES_DONE
        head, _, rest = k.partition(":")
        if head not in ("figure", "group"):
            return super().find(g, s, k)
        parts = rest.split(":")
        try:
            if head == "figure":
                what, pos = parts[0], (int(parts[1]), int(parts[2]))
            else:
                what, pos = "group", (int(parts[0]), int(parts[1]))
        except (IndexError, ValueError):
            return None
        if what not in ("army", "scout", "group") or pos in s.frozen:
            return None
        opt = _figure_option(what, pos)
        if opt.key != k:            # "figure:army:03:4" is not the option "figure:army:3:4"
            return None
        armies, scouts = self.free(s, pos)
        rules = move_rules(s.players[self.player])
        if what == "group":
            ok = armies + scouts >= 2 and any(can_move(g, s, self.player, pos, grp, rules)
                                              for grp in group_sizes(armies, scouts))
        else:
            ok = bool(armies if what == "army" else scouts) and can_move(g, s, self.player, pos, what, rules)
        return opt if ok else None

    def is_private(self, g: CivilizationGame, s: CivState) -> bool:
        """Its options name his movement cards (Defection and kin) when he holds culture cards: then the
        turn is his alone.  How many cards he holds is public, so the curtain gives nothing away."""
        return bool(s.players[self.player].culture_cards)

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (``Civilization._apply``): a figure or group picked, or the phase ended."""
        return o.value is None or o.value[0] not in ("ability", "card")

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        s.steps.append(self)
        if o.value[0] == "ability":
            abilities.use_ability(g, s, self.player, o.value[1], o.value[2])
            return
        if o.value[0] == "card":
            cards.play_card(g, s, self.player, o.value[1])
            return
        if o.value[0] == "group":
            s.steps.append(GroupPick(self.player, o.value[1], self.free(s, o.value[1])))
            return
        s.steps.append(MoveTo(self.player, o.value[0], o.value[1]))


@lru_cache(maxsize=4096)
def _figure_option(what: str, pos: Pos) -> Option:
    """The movement menu's option for a figure ("army", "scout") or a "group" on ``pos``: the same
    every time, so kept."""
    if what == "group":
        return Option(key("group", *pos), f"Move a group from {_sq(pos)}", None, ("group", pos))
    return Option(f"figure:{what}:{pos[0]}:{pos[1]}", f"Move the {what} on {_sq(pos)}", ("square", pos),
                  (what, pos))


_BACK = Option("back", "Back", None, None)
_MOVES_DONE = Option("done", "End the movement phase", None, None)


@lru_cache(maxsize=8192)
def _step_option(d: Pos, how: tuple, terrain: str | None) -> Option:
    """A plain move's or exploring step's option (``Go to 3:4 (forest)``, ``Explore 5:2 (unexplored)``):
    the same every time, so kept once built."""
    where = f"{d[0]}:{d[1]} ({terrain})" if terrain is not None else f"{d[0]}:{d[1]} (unexplored)"
    return Option(f"square:{d[0]}:{d[1]}", f"{'Explore' if how[0] == 'explore' else 'Go to'} {where}",
                  ("square", d), (d, how))


@lru_cache(maxsize=256)
def group_sizes(armies: int, scouts: int) -> tuple[tuple[int, int], ...]:
    """Every group of two or more of these figures, the largest first."""
    return tuple(sorted(((a, c) for a in range(armies + 1) for c in range(scouts + 1) if a + c >= 2),
                  key=lambda x: (-x[0] - x[1], -x[0])))


class GroupPick(Step):
    """Which figures of the square move together (rule 56); a group with a scout may not enter another
    player's square (row 33)."""
    kind: ClassVar[str] = "move_group"
    private: ClassVar[bool] = False
    never_empty: ClassVar[bool] = True     # "back"
    origin: tuple = ()
    free: tuple = (0, 0)

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: which figures on {_sq(self.origin)} move together?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        out = [Option(key("group", a, c), f"Move {_figures(a, c)}", None, (a, c))
               for a, c in group_sizes(*self.free) if can_move(g, s, self.player, self.origin, (a, c))]
        return out + [_BACK]

    def quiet(self, s: CivState, o: Option) -> bool:
        """Picking the figures changes no coins (``Civilization._apply``)."""
        return True

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value is None:
            return
        s.steps.append(MoveTo(self.player, tuple(o.value), self.origin))


class MoveTo(Step):
    """Where the picked figure or group goes: any square it can reach with its speed this turn."""
    kind: ClassVar[str] = "move_to"
    private: ClassVar[bool] = False
    never_empty: ClassVar[bool] = True     # "back"
    what: object = "army"   # Moving; annotated object so that the copy plan treats it as before
    origin: tuple = ()

    @property
    def _what(self) -> Moving:
        return cast(Moving, self.what)

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        noun = f"the {self.what}" if isinstance(self.what, str) else _figures(*cast(Pos, self.what))
        verb = "does" if isinstance(self.what, str) else "do"
        return f"{s.names[self.player]}: where {verb} {noun} on {_sq(self.origin)} go?"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        squares = s.board.squares()
        out = []
        for d, how in sorted(destinations(g, s, self.player, self.origin, self._what).items()):
            if how[0] == "attack":      # as _square_option, written out: the movement menu's loop
                label = fit(f"Attack {_foe(s, d)} on {_sq(d)}", f"Attack {_sq(d)}")
                out.append(Option(f"square:{d[0]}:{d[1]}", label, ("square", d), (d, how)))
            else:
                sq = squares.get(d)
                out.append(_step_option(d, how, sq.terrain if sq is not None else None))
        out += sacrifice_options(g, s, self.player, self.origin, self._what)
        out.append(_BACK)
        return out

    def _square_option(self, s: CivState, squares: dict, d: Pos, how: tuple) -> Option:
        """The option for a destination, as ``options`` builds it."""
        if how[0] == "attack":
            label = fit(f"Attack {_foe(s, d)} on {_sq(d)}", f"Attack {_sq(d)}")
            return Option(f"square:{d[0]}:{d[1]}", label, ("square", d), (d, how))
        sq = squares.get(d)
        return _step_option(d, how, sq.terrain if sq is not None else None)

    def find(self, g: CivilizationGame, s: CivState, k: str) -> Option | None:
        """One destination looked up, no menu sorted and labelled."""
        if k == "back":
            return _BACK
        head, _, rest = k.partition(":")
        if head != "square":
            return super().find(g, s, k)
        try:
            x, y = rest.split(":")
            d = (int(x), int(y))
        except ValueError:
            return None
        how = destinations(g, s, self.player, self.origin, self._what).get(d)
        if how is None:
            return None
        opt = self._square_option(s, s.board.squares(), d, how)
        return opt if opt.key == k else None

    def quiet(self, s: CivState, o: Option) -> bool:
        """No coins change (``Civilization._apply``): going back, or a plain move that leaves and enters
        no square that may count a coin (a coin square, a structure's, a gathering scout's), since a
        city's coins depend on figures there only.  Exploring, attacking and huts may."""
        if o.value is None:
            return True
        dest, how = o.value
        if how[0] != "move" or dest in s.board.markers:
            return False
        b, gather = s.board, s.gather
        return not (b.may_show_coin(dest) or b.may_show_coin(self.origin) or dest in gather
                    or self.origin in gather)

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        turn = s.steps[-1]            # the MoveTurn below
        if o.value is None:
            if isinstance(self.what, tuple):      # back to the group's choice
                s.steps.append(GroupPick(self.player, self.origin, turn.free(s, self.origin)))
            return
        dest, how = o.value
        armies, scouts = group_of(self._what)
        end = move_figure(g, s, self.player, self.origin, dest, self._what, how)
        if end is None:                            # sacrificed: nothing arrived anywhere
            return
        a, sc = turn.moved.get(end, (0, 0))
        turn.moved = dict(turn.moved)
        turn.moved[end] = (a + armies, sc + scouts)


# ====================================================================== figures
def can_stand(g: CivilizationGame, s: CivState, player: int, pos: Pos, end: bool, limits: tuple | None = None) -> bool:
    """May ``player``'s figure be on ``pos`` (``end``: stop there)?  Explored, no enemy figure or city,
    water only by technology, within the stacking limit (rules 57-58, 64).  ``limits``: the player's
    (water rule, stacking limit) when the caller asks many times."""
    b = s.board
    sq = b.square(pos)
    if sq is None:
        return False
    p = s.players[player]
    water, stack = limits if limits is not None else (water_rule(p), stacking(p))
    if sq.terrain == WATER:
        if water is None or (end and water != D.END):
            return False
    if b.enemy_figures(pos, player):
        return False
    c = b.cities.get(pos)
    if c is not None and c.owner != player:
        return False
    if end:
        f = b.figures.get(pos)
        if f is not None and f.count() >= stack:
            return False
    return True


def displace_squares(g: CivilizationGame, s: CivState, origin: Pos, reach: int) -> list[Pos]:
    """Disoriented, Lost, Out of Position: where the figures of ``origin`` may be moved as a group, up
    to ``reach`` orthogonal steps over explored land, never through or onto another player's figures
    or city, a hut or a village (no battle), within their owner's stacking limit at the end."""
    b = s.board
    f = b.figures[origin]
    q = f.owner
    limit = stacking(s.players[q])
    out, seen, frontier = [], {origin}, [origin]
    for _ in range(reach):
        nxt = []
        for pos in frontier:
            for n in orthogonal(pos):
                if n in seen:
                    continue
                seen.add(n)
                sq = b.square(n)
                if sq is None or sq.terrain == WATER or n in b.markers or b.enemy_figures(n, q):
                    continue
                if n in b.cities and b.cities[n].owner != q:
                    continue
                here = b.figures.get(n)
                if here is None or here.count() + f.count() <= limit:
                    out.append(n)
                nxt.append(n)
        frontier = nxt
    return sorted(out)


def sacrifice_options(g: CivilizationGame, s: CivState, player: int, origin: Pos, what: Moving) -> list[Option]:
    """Russia, once a round: a single army or scout moved into another player's city is sacrificed
    there (back to the supply, no battle) to learn one of that player's techs (pyramid room needed)."""
    p = s.players[player]
    if p.civ != "Russia" or ("Russia", "sacrifice") in p.used or what not in ("army", "scout"):
        return []
    b = s.board
    out = []
    for d, how in sorted(destinations(g, s, player, origin, what, sacrifice=True).items()):
        if how[0] == "sacrifice" and cards.swappable(g, s, player, b.cities[d].owner, 5):
            out.append(Option(key("sacrifice", *d), fit(f"Sacrifice the {what} on {_sq(d)} for a tech",
                                                            f"Sacrifice the {what} on {_sq(d)}"), ("square", d),
                              (d, ("sacrifice", None))))
    return out


def can_cross(g: CivilizationGame, s: CivState, player: int, pos: Pos, limits: tuple) -> bool:
    """Flight: may the figure fly over ``pos`` whatever stands there?  Only the terrain counts."""
    sq = s.board.square(pos)
    return sq is not None and (sq.terrain != WATER or limits[0] is not None)


def put_figure(g: CivilizationGame, s: CivState, player: int, pos: Pos, what: str, from_supply: bool = True) -> None:
    p = s.players[player]
    f = s.board.figures.get(pos)
    if f is None:
        f = s.board.figures[pos] = Figures(player)
    if what == "army":
        f.armies += 1
        p.armies -= from_supply
    else:
        f.scouts += 1
        p.scouts -= from_supply


def take_figure(g: CivilizationGame, s: CivState, pos: Pos, what: str) -> None:
    f = s.board.figures[pos]
    if what == "army":
        f.armies -= 1
    else:
        f.scouts -= 1
    if f.count() == 0:
        del s.board.figures[pos]


def can_move(g: CivilizationGame, s: CivState, player: int, origin: Pos, what: Moving,
             rules: tuple | None = None) -> bool:
    """Has the figure anywhere to go?  ``destinations`` stopped at the first square found: the
    movement menu asks it of every figure at every choice (``rules``: the player's ``move_rules``).
    Most figures can simply step next door, so that is tried first, as ``destinations`` would find it;
    the whole search runs only when no neighbour will do."""
    water, stack = (rules or move_rules(s.players[player]))[:2]
    b = s.board
    figures, cities, markers, squares = b.figures, b.cities, b.markers, b.squares()
    armies, scouts = group_of(what)
    n_fig = armies + scouts
    for n in orthogonal(origin):
        t = squares.get(n)
        if t is None:
            if n in b.face_down():
                return True                   # a step onto a face-down tile: exploring
            continue
        if n in markers:
            continue
        f = figures.get(n)
        if f is not None and (f.owner != player and f.count() > 0 or f.owner == player
                              and f.count() + n_fig > stack):
            continue
        c = cities.get(n)
        if c is not None and c.owner != player:
            continue
        if t.terrain != WATER or water == D.END:
            return True                       # a plain move next door
    return bool(destinations(g, s, player, origin, what, first=True, rules=rules))


def move_rules(p: Player) -> tuple:
    """(water rule, stacking limit, speed, Flight) of a player: what ``destinations`` reads of him."""
    return water_rule(p), stacking(p), speed(p), "Flight" in p.techs


def destinations(g: CivilizationGame, s: CivState, player: int, origin: Pos, what: Moving, first: bool = False,
                 sacrifice: bool = False, rules: tuple | None = None) -> dict:
    """Squares the figures (``what``: "army", "scout", or a group ``(armies, scouts)``, rule 56) can end
    on this turn -> ("move", None); ("explore", the square it steps from) for a step onto a face-down
    tile, which turns it up and ends the move (row 28); ("attack", None) for another player's figures
    or city, or a village, which armies alone may enter and where the move ends in a battle (rules
    62-67; a group with a scout never enters, row 33).  Orthogonal steps up to the speed; through own
    figures and, with Navigation, water; with Flight over anything (never stopping on it).  Scouts never
    enter hut or village squares, armies stop on a hut (rule 60).  ``first``: stop at the first found.
    ``sacrifice``: another player's city is ("sacrifice", None) for the figure, whatever it is (Russia).
    ``rules``: the player's ``move_rules``, when the caller asks many times."""
    b = s.board
    armies, scouts = group_of(what)
    n_fig = armies + scouts
    out: dict = {}
    water, stack, reach, fly = move_rules(s.players[player]) if rules is None else rules
    limits = (water, stack)               # fly: passes over enemy figures, cities, huts and villages
    frontier = [origin]
    seen = {origin}

    figures, cities, markers, frozen = b.figures, b.cities, b.markers, s.frozen
    squares = b.squares()                 # read directly: this loop is the movement menu's cost
    face_down = b.face_down()
    may_stop_on_water = water == D.END

    def room(pos: Pos) -> bool:           # the group fits there within the stacking limit
        f = figures.get(pos)
        return f is None or f.owner != player or f.count() + n_fig <= stack

    for _ in range(reach):
        nxt = []
        for pos in frontier:
            for n in orthogonal(pos):
                if n in seen:
                    continue
                seen.add(n)
                t = squares.get(n)
                if t is None:
                    # a step onto a face-down tile, from a square the figures may stop on (row 28)
                    if n in face_down and (
                            pos == origin or (can_stand(g, s, player, pos, False, limits) and room(pos))):
                        out.setdefault(n, ("explore", pos))
                        if first:
                            return out
                    continue
                marker = markers.get(n)
                f = figures.get(n)
                c = cities.get(n)
                if marker is None and f is None and c is None:      # an empty square: most of them
                    on_water = t.terrain == WATER
                    if on_water and water is None:
                        continue
                    if not on_water or may_stop_on_water:
                        out[n] = _MOVE
                        if first:
                            return out
                    if n not in frozen:
                        nxt.append(n)
                    continue
                foreign_city = c is not None and c.owner != player
                enemy = (f is not None and f.owner != player and f.count() > 0) or foreign_city
                if sacrifice and foreign_city:
                    out[n] = ("sacrifice", None)
                    continue
                on_water = t.terrain == WATER
                if marker is not None or enemy:
                    village = marker is not None and marker[0] == VILLAGE
                    if not scouts and (enemy or village) and (not on_water or may_stop_on_water):
                        out[n] = ("attack", None)           # the move ends in a battle, or kills scouts
                    elif (not scouts and not enemy and marker is not None and marker[0] == HUT
                          and not (on_water and water is None) and room(n)):   # can_stand, here
                        out[n] = ("move", None)
                    if n in out and first:
                        return out
                    if fly and (not on_water or water is not None) and n not in frozen:   # can_cross
                        nxt.append(n)
                    continue
                if on_water and water is None:   # can_stand: no enemy or city here, only the water
                    continue
                if (not on_water or may_stop_on_water) and room(n):
                    out[n] = ("move", None)
                    if first:
                        return out
                if n not in frozen:              # a frozen square may be entered, not left
                    nxt.append(n)
        frontier = nxt
    out.pop(origin, None)
    return out


_MOVE = ("move", None)


def move_figure(g: CivilizationGame, s: CivState, player: int, origin: Pos, dest: Pos, what: Moving,
                how: tuple) -> Pos | None:
    """Move the figures (``what`` as in ``destinations``); returns where they ended.  Onto another
    player's square or a village the move ends in a battle (played on the stack after this), or kills
    the lone scouts there (rule 66)."""
    armies, scouts = group_of(what)
    b = s.board
    end = dest
    if how[0] == "explore":
        explore(g, s, player, dest)
        marker = b.markers.get(dest)
        if marker is not None and marker[0] == VILLAGE and not scouts and can_stand(g, s, player, dest, False):
            how = ("attack", None)      # the tile shows a village: the armies enter and fight (row 28)
        elif not can_stand(g, s, player, dest, end=True) or (marker is not None and scouts) or (
                b.figures.get(dest) is not None
                and b.figures[dest].count() + armies + scouts > stacking(s.players[player])):
            end = how[1]                # house rule (row 28): they stop where they stepped from
    noun = _a(what) if isinstance(what, str) else _figures(armies, scouts)
    if how[0] == "sacrifice":                 # Russia: the figure goes back to the supply, a tech learned
        p = s.players[player]
        take_figure(g, s, origin, cast(str, what))   # a sacrifice is one figure
        if what == "army":
            p.armies += 1
        else:
            p.scouts += 1
        p.used = p.used | {("Russia", "sacrifice")}
        owner = b.cities[dest].owner
        log(s, f"{s.names[player]} (Russia) sacrifices {noun} in {s.names[owner]}'s city on {_sq(dest)}.")
        s.steps.append(war.LootTech(player, owner))
        return None
    for _ in range(armies):
        take_figure(g, s, origin, "army")
    for _ in range(scouts):
        take_figure(g, s, origin, "scout")
    if how[0] == "attack":
        log(s, f"{s.names[player]} moves {noun} from {_sq(origin)} into {_sq(end)}.")
        f = b.figures.get(end)
        if f is not None and f.owner != player and not f.armies and end not in b.cities:
            war.kill_scouts(g, s, player, end)                       # rule 66, row 32
            for _ in range(armies):
                put_figure(g, s, player, end, "army", from_supply=False)
        else:
            war.begin_battle(g, s, player, origin, end, armies)
        return end
    for _ in range(armies):
        put_figure(g, s, player, end, "army", from_supply=False)
    for _ in range(scouts):
        put_figure(g, s, player, end, "scout", from_supply=False)
    if how[0] == "explore" and end == origin:      # the tile revealed, the figures stay
        log(s, f"{s.names[player]} explores towards {_sq(dest)} with {noun}; "
               f"{'it stays' if armies + scouts == 1 else 'they stay'} on {_sq(origin)}.")
    elif how[0] == "explore":
        log(s, f"{s.names[player]} moves {noun} from {_sq(origin)} to {_sq(end)}, exploring.")
    else:
        log(s, f"{s.names[player]} moves {noun} from {_sq(origin)} to {_sq(end)}.")
    st = b.structures.get(end)
    p = s.players[player]
    if (armies and st is not None and st.kind == BUILDING and st.owner != player
            and "Combustion" in p.techs and ("Combustion", "destroy_building_on_move") not in p.used):
        p.used = p.used | {("Combustion", "destroy_building_on_move")}   # once a round
        abilities.destroy_building(g, s, player, end)
    marker = b.markers.get(end)
    if marker is not None and marker[0] == HUT and armies:
        if end not in s.open_huts:
            s.rng.reveal()                   # the marker is turned up (rule 60)
            s.open_huts = s.open_huts | {end}
        s.steps.append(HutChoice(player, end))
    return end


def explore(g: CivilizationGame, s: CivState, player: int, pos: Pos) -> None:
    """Turn a face-down tile up; a face-down marker goes on each hut or village icon (rule 59)."""
    t = s.board.tile_at(pos)
    assert t is not None, pos                # only a square on the map is explored
    t.face_up = True
    s.rng.reveal()
    for at, sq in zip(t.positions(), placed_squares(t.name, t.turns)):
        if sq.marker is None:
            continue
        deck = s.huts if sq.marker == HUT else s.villages
        if deck:
            s.board.markers[at] = (sq.marker, deck.draw(s.rng))
    log(s, f"{s.names[player]} explores: the tile {t.name} is revealed on {_sq(pos)}.")


class HutChoice(Step):
    """Rule 61: "dann darf der Spieler seinen Marker auf sein Zivilisationstableau legen": the army's owner
    takes the turned-up hut marker or leaves it on its square (where a later army may take it).  Public:
    the log names the marker's resource."""
    kind: ClassVar[str] = "hut"
    private: ClassVar[bool] = False
    pos: tuple = ()

    def prompt(self, g: CivilizationGame, s: CivState) -> str:
        return f"{s.names[self.player]}: the hut on {_sq(self.pos)} holds {s.board.markers[self.pos][1]}"

    def options(self, g: CivilizationGame, s: CivState) -> list[Option]:
        what = s.board.markers[self.pos][1]
        return [Option("take", f"Take the {what}", ("square", self.pos), True),
                Option("leave", f"Leave it on {_sq(self.pos)}", ("square", self.pos), False)]

    def apply(self, g: CivilizationGame, s: CivState, o: Option) -> None:
        if o.value:
            take_hut(g, s, self.player, self.pos)
        else:
            log(s, f"{s.names[self.player]} leaves the hut's {s.board.markers[self.pos][1]} on {_sq(self.pos)}.")


def take_hut(g: CivilizationGame, s: CivState, player: int, pos: Pos) -> None:
    """Rule 61: the army's owner keeps the hut's resource."""
    _, content = s.board.markers.pop(pos)
    assert content is not None               # None only in a player's view
    s.open_huts = s.open_huts - {pos}
    s.players[player].resources.append(content)
    log(s, f"{s.names[player]} finds {content} in a hut.")
    if s.players[player].civ == "China":
        s.players[player].culture += 3
        log(s, f"{s.names[player]} (China) gains 3 culture for the hut.")
