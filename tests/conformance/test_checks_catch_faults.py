"""The conformance checks pass on a correct small game and fail on games
with one fault each, so a green suite means something."""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.core import LogEntry

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
import engine_fakegame as F  # noqa: E402

import checks as C  # noqa: E402


@pytest.fixture
def lanterns(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "fakecards", registry.GameEntry("fakecards", "engine_fakegame:GAME"))
    return F.GAME


def test_a_correct_game_passes_every_check(lanterns, tmp_path):
    g = lanterns
    C.check_random_games_finish(g, range(3), 1_000)
    C.check_illegal_keys_refused(g, 3, 1, 200, 3)
    C.check_views_leak_nothing(g, 3, 2, 200, 2)
    C.check_determinize_changes_something(g, 3, 5, 4)
    C.check_determinize_depends_only_on_the_view(g, 3, 7, 200, 2)
    C.check_private_log_redacted(g, 3, 3, 200)
    C.check_undo_policy(g, 3, 4, 200)
    C.check_save_load(g, 3, 5, [0, 3, 10, 30], tmp_path)
    assert C.check_reveals_counted(g, 3, 6, 200, 1)
    C.check_clone_independent(g, 3, 7, 200, 3)
    assert C.check_every_kind_has_a_policy(g, LanternPolicy, range(2), 1_000) == {"play": "rule", "use": "random"}


class LanternPolicy:
    """A policy for the test game: a rule for its turn, its card's use declared random."""
    __name__ = "LanternPolicy"
    HANDLED_KINDS = frozenset({"play"})
    RANDOM_FALLBACK = frozenset({"use"})


class LeakyView(F.FakeCardGame):
    def view(self, st, viewer):
        v = super().view(st, viewer)
        v["players"][(viewer or 0) - 1 if viewer else 1]["hand"] = list(st.hands[(viewer or 0) - 1])
        return v


class SloppyTurn(F.Turn):
    def apply(self, g, st, o):
        if o.key == "draw":  # draws without the Deck: no reveal counted
            st.steps.append(self)
            st.hands[self.player].append(st.deck._cards.pop())
            st.drew = True
            return
        super().apply(g, st, o)


class UncountedDraw(F.FakeCardGame):
    def new_game(self, names, seed, options=None):
        st = super().new_game(names, seed, options)
        st.steps[-1] = SloppyTurn(st.steps[-1].player)
        st._decision = None
        return st


class DirtyRefusal(F.FakeCardGame):
    def why_illegal(self, st, d, key):
        st.log.append(LogEntry("refused"))
        return "no"


class LoudLog(F.FakeCardGame):
    def new_game(self, names, seed, options=None):
        st = super().new_game(names, seed, options)
        st.log = [replace(e, text=e.private_text) for e in st.log]  # the deal told to everybody
        st.log.append(LogEntry("secret", 0, "only for P1: the deck's top card is gone"))
        st.log.append(LogEntry("secret", None, None))
        st.log.append(LogEntry("only for P1: the deck's top card is gone"))
        return st


def test_a_view_that_shows_another_hand_fails(lanterns):
    with pytest.raises(AssertionError, match="view changes"):
        C.check_views_leak_nothing(LeakyView(), 3, 2, 200, 1)


def test_a_draw_that_is_not_counted_fails(lanterns):
    with pytest.raises(AssertionError, match="no reveal was counted"):
        C.check_reveals_counted(UncountedDraw(), 2, 6, 300, 1)


def test_a_refusal_that_changes_the_state_fails(lanterns):
    with pytest.raises(AssertionError, match="changed the state"):
        C.check_illegal_keys_refused(DirtyRefusal(), 2, 1, 50, 1)


def test_a_public_private_line_fails(lanterns):
    with pytest.raises(AssertionError, match="reads the private line"):
        C.check_private_log_redacted(LoudLog(), 2, 1, 50)


class DealsFromWhereTheCardsWere(F.FakeCardGame):
    """Shuffles the unseen cards in the order they lay (the deck's hidden
    order, then the others' hands): a bot reading its world could tell."""

    def determinize(self, st, viewer, rng):
        out = self.clone(st)
        unseen = out.deck.take_all()
        for p, h in enumerate(out.hands):
            if p != viewer:
                unseen += h
        rng.shuffle(unseen)
        for p, h in enumerate(out.hands):
            if p != viewer:
                out.hands[p] = [unseen.pop() for _ in h]
        out.deck.add(unseen)
        out.rng = F.Rng(rng.randrange(2**32))
        return out


def test_a_deal_that_depends_on_hidden_places_fails(lanterns):
    with pytest.raises(AssertionError, match="depends on hidden holdings"):
        C.check_determinize_depends_only_on_the_view(DealsFromWhereTheCardsWere(), 3, 7, 200, 1)


class SharedHand(F.FakeCardGame):
    """A clone by hand that forgets one container: player 0's hand is shared."""

    def clone(self, st):
        out = super().clone(st)
        out.hands[0] = st.hands[0]
        return out


class TableHeldTwice(F.FakeCardGame):
    """Shares the same list in two places of one state: the engine's copy
    (which copies a tree) would make two lists of it."""

    def new_game(self, names, seed, options=None):
        st = super().new_game(names, seed, options)
        st.table[1] = st.table[0]
        return st


def test_a_clone_that_shares_a_list_fails(lanterns):
    with pytest.raises(AssertionError, match=r"shares state.hands\[0\] with the original"):
        C.check_clone_independent(SharedHand(), 2, 1, 50, 5)


def test_a_state_that_holds_a_list_twice_fails(lanterns):
    with pytest.raises(AssertionError, match="are one object"):
        C.check_clone_independent(TableHeldTwice(), 2, 1, 50, 5)


@dataclass
class MisannotatedState(F.FakeState):
    table: list[int]          # untrue: the table holds a list per player, so the copy shares them


class MisannotatedTable(F.FakeCardGame):
    """The engine's copy believes the annotations: an untrue one shares lists."""

    def new_game(self, names, seed, options=None):
        st = super().new_game(names, seed, options)
        out = MisannotatedState.__new__(MisannotatedState)
        out.__dict__.update(st.__dict__)
        return out


def test_an_untrue_annotation_fails(lanterns):
    with pytest.raises(AssertionError, match=r"shares state.table\[\d\] with the original"):
        C.check_clone_independent(MisannotatedTable(), 2, 1, 50, 5)


class ForgetsTheUse(LanternPolicy):
    RANDOM_FALLBACK = frozenset()


class SaysBoth(LanternPolicy):
    RANDOM_FALLBACK = frozenset({"use", "play"})


def test_a_policy_without_a_rule_or_a_declared_random_pick_fails(lanterns):
    with pytest.raises(AssertionError, match=r"has no rule for use \(first at .*\) and does not declare it"):
        C.check_every_kind_has_a_policy(lanterns, ForgetsTheUse, range(2), 1_000)
    with pytest.raises(AssertionError, match=r"both handles and declares random \['play'\]"):
        C.check_every_kind_has_a_policy(lanterns, SaysBoth, range(2), 1_000)


def test_a_game_without_a_policy_of_its_own_fails(lanterns):
    """The generic policy (random picks) declares nothing, so it covers no game."""
    from boardgames_tui.bots.policies import policy_for
    with pytest.raises(AssertionError, match="has no rule for play"):
        C.check_every_kind_has_a_policy(lanterns, policy_for("fakecards"), range(1), 1_000)


LANTERN_TEXTS = {"play": "Your turn: play a lantern card. Light the colours you need most.",
                 "use": "What the played card does. Pick the use that scores now."}


@pytest.fixture
def lantern_texts(monkeypatch):
    """Learn texts for the test game, as ``boardgames_tui/games/fakecards/learn.py`` would hold them."""
    def install(phases: dict[str, str]) -> None:
        module = types.ModuleType("boardgames_tui.games.fakecards.learn")
        module.PHASES = phases  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, module.__name__, module)
    return install


def test_a_game_with_fitting_learn_texts_passes(lanterns, lantern_texts):
    lantern_texts(dict(LANTERN_TEXTS))
    assert C.check_every_kind_has_a_learn_text(lanterns, LanternPolicy, range(2), 1_000) == LANTERN_TEXTS


def test_a_game_without_learn_texts_fails(lanterns):
    """No module at all: Game.learn_text says None, and the check names the first kind met."""
    assert lanterns.learn_text("play") is None
    with pytest.raises(AssertionError, match=r"no learn text for play \(first at .*\), use"):
        C.check_every_kind_has_a_learn_text(lanterns, LanternPolicy, range(2), 1_000)


@pytest.mark.parametrize("text, fault", [
    ("Play. " * 40 + "Go.", "characters"),
    ("One. Two. Three. Four.", "4 sentences"),
    ("Your turn: play a card.\nLight the colours you need.", "printable paragraph"),
    ("Play a **lantern** card.", "markup"),
    ("Play a lantern card", "does not end a sentence"),
    ("", "empty"),
])
def test_a_learn_text_that_does_not_fit_the_panel_fails(lanterns, lantern_texts, text, fault):
    lantern_texts({**LANTERN_TEXTS, "use": text})
    with pytest.raises(AssertionError, match=rf"do not fit the panel: .*'use': \[.*{fault}"):
        C.check_every_kind_has_a_learn_text(lanterns, LanternPolicy, range(2), 1_000)


def test_a_learn_text_for_a_kind_the_policy_does_not_know_fails(lanterns, lantern_texts):
    lantern_texts({**LANTERN_TEXTS, "light": "Light a lantern. It scores at the end."})
    with pytest.raises(AssertionError, match=r"kinds the policy does not know: \['light'\]"):
        C.check_every_kind_has_a_learn_text(lanterns, LanternPolicy, range(2), 1_000)


def test_learn_text_does_not_hide_a_broken_learn_module(lanterns, monkeypatch):
    """Only the learn module's own absence means "no texts": a missing import inside it is a bug."""
    import importlib

    def broken(name, package=None):
        raise ModuleNotFoundError("No module named 'yaml'", name="yaml")
    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.raises(ModuleNotFoundError, match="yaml"):
        lanterns.learn_text("play")
