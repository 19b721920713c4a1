"""Civilization (Kevin Wilson, FFG 2010): the rules layer on the step stack (``engine/steps.py``):
delivery (A) "the empire", a complete peaceful game, and delivery (B) war, whose battle is a sub-game in
``war.py`` (entered from ``movement.py``: armies and groups moving onto another player's squares or a
village).

* set-up (``state.deal``) and the starting figures placed by their owners (rule 18, row 5);
* the round: the start-player marker passes, round 1 too (rule 25, row 6), then the five phases, each
  begun by the start player (rules 23-24, row 9);
* phase 1 in any order: founding cities (rules 28-34, rows 12-13), governments with Anarchy (rule 35,
  row 14), scouts gathering (rules 36-37), great people from reserve, card and wonder abilities;
* trade: income capped at 27 (rule 38, row 15) and swaps offered and answered behind a curtain (row 16);
* city management: one action per city (row 17): figures, unit cards, buildings, wonders (buying
  production 3:1, rule 48, row 19), culture or a harvest; the culture track, its cards and great people;
* movement of single figures: speed, stacking, water by technology, exploring face-down tiles (row 28)
  and huts (rules 57-61, 64);
* research: one technology a round, the pyramid rule, trade falling to the coins (row 46);
* the culture, technology and economic victories, checked after every choice (rules 84-86, row 47), and
  the military victory when a capital falls (rule 83, in ``war.py``).

The game is split by the part of the round, each part a module of steps and ``(game, state, ...)``
functions (the pattern of ``war.py``): ``cities`` (phase 1), ``trade``, ``management`` (city
management), ``movement``, ``culture`` (the culture track and research), ``cards`` (culture event cards),
``abilities`` (tech and wonder abilities, spies, the sea), ``war`` (battles) and ``hidden`` (``view`` and
``determinize``); ``common`` holds the helpers they share.  This module keeps the round, its phases and
the victories.  The parts call each other (an ability may push a city turn whose menu offers abilities),
so they import each other as modules (``from . import abilities``), never names from one another: the
import order does not matter.

``RULES.md`` beside this file lists every choice made where the seed and the research are silent, and
the known gaps.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

from ...engine.steps import Auto, StepGame, log
from ...engine.text import plural
from . import abilities, cities, culture, data as D, hidden, management, movement, trade
from .board import WONDER
from .common import (
    _MAX_SQUARE_COINS, CITY, MOVE, OVER, RESEARCH, START, TRADE, _sq, coin_dial, coins, map_coins,
)
from ...engine.core import Decision, Option
from .data_map import HOUSE_DATA as MAP_HOUSE_DATA
from .state import CivState, deal
from .texts import ROMAN


# ====================================================================== steps
class NewRound(Auto):
    def run(self, g: CivilizationGame, s: CivState) -> None:
        g.begin_round(s)


class PhaseStart(Auto):
    phase: str
    pushes_only: ClassVar[bool] = True    # no coin changes (``Civilization._apply``): see ``begin_phase``

    def run(self, g: CivilizationGame, s: CivState) -> None:
        g.begin_phase(s, self.phase)


class EndRound(Auto):
    pushes_only: ClassVar[bool] = True

    def run(self, g: CivilizationGame, s: CivState) -> None:
        s.steps.append(NewRound())


# ====================================================================== the game
class CivilizationGame(StepGame):
    name = "civilization"
    title = "Civilization"
    standing_label = "techs+culture"
    min_players = 2
    max_players = 4
    description = "Lead a civilization from the Stone Age to space flight (2-4 players)."
    # 9: The Pyramids' owner changes government without Anarchy, is no target of The Citizens Are Revolting,
    # falls back to a government his techs unlock when they stop; 8: starting-tech governments via Anarchy,
    # huts taken or left, extra battle cards optional, a destroyed city's pieces back to the loser; 7: trade
    # on any terms; 6: city walls bought, Rome's step for a conquered city, China may decline; 5: Mass Media
    # in battles, Roaming Horde, Russia; 4: battle abilities, figure cards; 3: war (battles, villages,
    # groups); 2: Monarchy, Gunpowder, Combustion, Flight, Computers; 1: upgrades flip buildings
    rules_version = "9"

    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> CivState:
        opts = self.options_with_defaults(options)
        self.check_player_count(len(names), opts)
        s = deal(names, seed, opts)
        for seat, p in enumerate(s.players):
            log(s, f"{names[seat]} leads {p.civ} from the capital on {_sq(p.capital)} "
                   f"(starting tech {p.techs[0]}, trade {p.trade}).")
        log(s, f"{names[s.start_player]} holds the start-player marker.")
        s.steps.append(NewRound())
        for seat in reversed(range(s.n)):
            p = s.players[seat]
            for w in p.wonders:                   # Egypt's starting wonder, built by the capital
                s.steps.append(management.PlaceStructure(seat, p.capital, WONDER, w))
            extra = D.RUSSIA_EXTRA_ARMIES if p.civ == "Russia" else 0
            s.steps.append(management.PlaceStart(seat, p.capital, "scout"))
            for _ in range(1 + extra):
                s.steps.append(management.PlaceStart(seat, p.capital, "army"))
        return self.start(s)

    def rules_notes(self) -> str:
        """RULES.md, then the house data listed from ``HOUSE_DATA`` itself (``house_data_notes``)."""
        return Path(__file__).with_name("RULES.md").read_text(encoding="utf-8").rstrip() + "\n\n" + house_data_notes()

    def _apply(self, s: CivState, d: Decision, opt: Option) -> None:
        """Every choice, then the economic victory: 15 coins at any moment (rule 86, row 47), checked
        after every change, the player who acted first when several reach it together.  A choice that
        changes no coins (a step's ``quiet``: picking the figure to move, putting an offer together,
        going back, done, a refusal, a change of government) with no step run after it skips the
        count: about half of all choices.  ``test_civ_rules`` recounts after every choice of random games."""
        step = s.steps.pop()
        quiet = getattr(step, "quiet", None)
        quiet = quiet is not None and quiet(s, opt)
        step.apply(self, s, opt)
        if self.advance(s) == 0 and quiet:
            return
        if s.winner < 0:
            held = [coins(p) for p in s.players]
            # each coin square counts for one city at most: far from 15, the map need not be read
            most = max(held)
            if most + s.board.coin_squares_at_most() * _MAX_SQUARE_COINS < D.COIN_VICTORY:
                return
            where = s.board.coin_squares()
            if most + len(where) * _MAX_SQUARE_COINS < D.COIN_VICTORY:
                return
            on_map = map_coins(s, where)      # once for all players: it was a quarter of random play
            for q in [d.player] + [q for q in range(s.n) if q != d.player]:
                if held[q] + on_map[q] >= D.COIN_VICTORY:
                    self.win(s, q, "economy")
                    self.advance(s)
                    break

    # -- helpers ----------------------------------------------------------------------------------
    def over(self, s: CivState) -> bool:
        return s.winner >= 0

    def order(self, s: CivState) -> list[int]:
        return [(s.start_player + i) % s.n for i in range(s.n)]

    # -- the round --------------------------------------------------------------------------------------
    def begin_round(self, s: CivState) -> None:
        s.round += 1
        s.start_player = (s.start_player + 1) % s.n            # rule 25, row 6: round 1 too
        s.gather = {}                                          # named anew each round (rule 36)
        s.offered = ()
        s.boost = {}
        s.frozen = frozenset()
        log(s, f"Round {s.round}: {s.names[s.start_player]} is the start player.")
        for p in s.players:
            p.used = frozenset()                 # once-a-round abilities
            if p.government == D.ANARCHY and p.pending_government:
                p.government, p.pending_government = p.pending_government, ""
        order = self.order(s)
        steps: list = [PhaseStart(START)] + [cities.StartTurn(q) for q in order]
        steps += [PhaseStart(TRADE), trade.TradeIncome()] + [trade.TradeTurn(q) for q in order]
        steps += [PhaseStart(CITY)] + [x for q in order for x in self._city_steps(s, q)]
        steps += [PhaseStart(MOVE)] + [movement.MoveTurn(q, {}) for q in order]
        steps += [PhaseStart(RESEARCH)] + [culture.ResearchTurn(q) for q in order]
        steps.append(EndRound())
        s.steps.extend(reversed(steps))

    def _city_steps(self, s: CivState, q: int) -> list:
        return [management.CityStart(q)]

    def begin_phase(self, s: CivState, phase: str) -> None:
        s.phase = phase
        if phase == MOVE:                      # Communism: each holder may freeze a square first
            for q in reversed(self.order(s)):
                p = s.players[q]
                if "Communism" in p.techs and (abilities.spy_public(p) or p.culture_cards):   # see spy_holders
                    s.steps.append(abilities.FreezeChance(q))
        if phase == RESEARCH:
            for p in s.players:
                p.fresh_governments = []

    # -- the end ----------------------------------------------------------------------------------------
    def win(self, s: CivState, player: int, how: str) -> None:
        s.winner, s.victory, s.phase = player, how, OVER
        s.steps.clear()
        log(s, f"{s.names[player]} wins a {how} victory!")

    # -- hidden information ------------------------------------------------------------------------------
    def determinize(self, state: CivState, viewer: int | None, rng: random.Random) -> CivState:
        """A state ``viewer`` cannot tell from ``state`` (see ``hidden.determinize``)."""
        return hidden.determinize(self, state, viewer, rng)

    def scores(self, s: CivState) -> list[int]:
        return [(1 if q == s.winner else 0) for q in range(s.n)]

    def winners(self, s: CivState) -> list[int]:
        return [s.winner] if s.winner >= 0 else []

    def round_number(self, s: CivState) -> int:
        return s.round

    def score_detail(self, s: CivState, q: int) -> str:
        """The score is 1 for the winner, 0 for the others: what it is made of is each race to a
        victory (seed rules 84-87): the culture track's space, the techs (the pyramid's top level toward
        Space Flight), the coin dial toward 15 ($); the military victory is the end screen's title."""
        pl = s.players[q]
        top = max((D.TECH_INDEX[t].level for t in pl.techs if t in D.TECH_INDEX), default=0)
        techs = plural(len(pl.techs), "tech") + (f" ({ROMAN[top]})" if top else "")
        # one line of the end screen's table at 80 columns: the winner's victory is its title
        coins = f"{coin_dial(self, s, q)}/{D.COIN_VICTORY}$"
        return f"culture {pl.culture_step}/{D.CULTURE_VICTORY_SPACE}, {techs}, {coins}"

    def standing(self, s: CivState) -> list[int]:
        """Progress toward victory, as the end screen charts it: techs learned plus the culture
        track's step (the two races a game is most often won by); the final score is only 1 or 0."""
        return [len(pl.techs) + pl.culture_step for pl in s.players]

    def end_kind(self, s: CivState) -> str:
        return f"{s.victory} victory" if s.victory else ""

    def view(self, s: CivState, viewer: int | None) -> dict:
        """What ``viewer`` sees (see ``hidden.view``)."""
        return hidden.view(self, s, viewer)



def house_data_notes() -> str:
    """The rules screen's "House data" section: every entry of ``data.HOUSE_DATA`` and
    ``data_map.HOUSE_DATA``, built when asked, so that it cannot fall behind the tables."""
    lines = ["## House data",
             "What no source could confirm, chosen here: the tables in `boardgames_tui/games/civilization/data.py`",
             "and `data_map.py` (`HOUSE_DATA`). Each entry: what it concerns, and what was assumed.", ""]
    for where, table in (("data.py", D.HOUSE_DATA), ("data_map.py", MAP_HOUSE_DATA)):
        lines += [f"From `{where}`:", ""] + [f"- `{k}`: {v}" for k, v in table.items()] + [""]
    return "\n".join(lines)

GAME = CivilizationGame()
__all__ = ["GAME", "CivilizationGame"]
