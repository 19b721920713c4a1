"""The guided Evolution game's hints (issue 41): a hint is a plan whose later steps carry it out, and
its reason states as fact only what the learner can see.

* A card is played in two steps (which card, then what it pays for) and an attack in two (which
  carnivore, then which target).  Followed hint by hint, the second step's hint is the use or target
  the first step's reason was about: its reason is made of that pair's factors.
* A factor that rests on a guess (another player's face-down card, which the hint's world dealt at
  random) says "may"/"if"; one about a carnivore in sight names it plainly.
"""
from __future__ import annotations

import random
import re

from boardgames_tui.bots.hint import hint
from boardgames_tui.bots.policies import Why, explain, policy_for
from boardgames_tui.bots.policies.evolution import Planned
from boardgames_tui.engine.core import Decision
from boardgames_tui.engine.session import Match, Seat
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.feeding import ChooseTarget
from boardgames_tui.games.evolution.rules import GAME, UseCard

from test_policy_evolution import build, sp

POLICY = policy_for("evolution")
JOINERS = re.compile(r"^(?:\s|,|and|though|despite)*$")


def _planned(h) -> Planned | None:
    """The first step's plan: the factors of its pick (a :class:`Planned`, naming the follow-up)."""
    v = next((v for v, k in h.scored if k == h.key), None)
    return v if isinstance(v, Planned) else None


def _whole_factors(m: Match, plan_at: int, key: str) -> set[str]:
    """Every phrase the policy names for option ``key`` of the decision now, weighed alone (against
    "back", so that nothing is left out as shared with another option), in the hint's guessed world."""
    d = m.decision()
    rng = random.Random(f"hint:{plan_at}")
    world = m.game.determinize(m.state, d.player, rng)
    alone = Decision(d.player, d.prompt, d.kind, [d.get(key), d.get("back")])
    ex = explain(POLICY, m.game, world, alone, rng)
    v = ex.score_of(key)
    assert ex.key == key and isinstance(v, Why)
    return {t for _, t in v.factors}


def _made_of(reason: str, phrases: set[str]) -> bool:
    """Is ``reason`` (the hint's line) made of ``phrases`` alone, joined as ``reason_of`` joins them?"""
    for t in sorted(phrases, key=len, reverse=True):
        reason = reason.replace(t, " ")
    return bool(JOINERS.match(reason))


def test_a_card_and_an_attack_are_hinted_as_one_plan():
    checked = {"use": 0, "target": 0, "replace": 0}
    for seed in range(20):
        n = 2 + seed % 3
        m = Match.new("evolution", [Seat(f"P{i}") for i in range(n)], 500 + seed)
        r = random.Random(seed)
        plan = None             # (the first step's hint, the follow-up it planned, where the plan began)
        replaces = None         # the trait the card's reasons said it replaces
        while (d := m.decision()) is not None:
            if d.player != 0 or len(d.options) == 1:
                m.choose(r.choice(d.options).key)
                continue
            at = m.plan_start()
            h = hint(m.game, m.state, d, len(m.history), at)
            said = None
            if plan is not None and d.kind in ("use", "target"):
                first, then, began = plan
                where = f"seed {seed}: {first.line()} -> {h.line()}"
                assert at == began, where
                assert h.key == then, where
                # the first step's reason and the second's are about the same pair
                whole = _whole_factors(m, at, h.key)
                assert _made_of(first.reason, whole), (where, whole)
                assert _made_of(h.reason, whole), (where, whole)
                checked[d.kind] += 1
                said = re.search(r"it replaces ([A-Z][a-z]+(?: [A-Z][a-z]+)?)", f"{first.reason} {h.reason}")
            elif d.kind == "replace" and replaces is not None:
                assert h.label == f"Discard {replaces}", (seed, replaces, h.line())
                checked["replace"] += 1
            elif d.kind in ("play", "feed") and _planned(h) is None:
                # only a plain feeding or the end of the turn has no follow-up to plan
                assert h.key in ("done", "pass") or d.get(h.key).value[0] in ("eat", "intel"), h.line()
            key = h.key if r.random() < 0.85 else r.choice(d.options).key
            followed = key == h.key
            p = _planned(h)
            plan = (h, p.then, at) if followed and p is not None and d.kind in ("play", "feed") else None
            replaces = said.group(1) if followed and said is not None and d.kind == "use" else None
            m.choose(key)
    assert checked["use"] > 200 and checked["target"] > 10 and checked["replace"] >= 1, checked


# -- what rests on a guess --------------------------------------------------------------------------
def _use_climbing(rows, hidden_of_p1=(), hands=None):
    """P0 to say what a Climbing card pays for; P1's first species' traits in ``hidden_of_p1`` face down."""
    s = build(rows, hands=hands or [[C.CLIMBING], []], phase="play")
    q1 = s.players[1].species[0]
    q1.hidden = [c for c in q1.traits if C.TRAIT_OF[c] in hidden_of_p1]
    card = s.players[0].hand[0]
    s.steps.append(UseCard(0, card))
    s._decision = None
    return s


def _factors_of(s, key):
    d = GAME.cached_decision(s)
    ex = explain(POLICY, GAME, s, d, random.Random(1))
    v = ex.score_of(key)
    return [t for _, t in v.factors] if isinstance(v, Why) else []


def test_a_carnivore_in_sight_is_named_plainly():
    s = _use_climbing([[sp(1, 1)], [sp(3, 1, traits=[C.CARNIVORE])]])
    said = _factors_of(s, "trait:0")
    assert "it shields species 1 from P1's carnivore" in said, said
    assert not any("may" in t for t in said if "carnivore" in t), said


def test_a_face_down_carnivore_is_a_possibility():
    # the world the policy reads has P1's face-down card as a Carnivore: P0 cannot see it
    s = _use_climbing([[sp(1, 1)], [sp(3, 1, traits=[C.CARNIVORE])]], hidden_of_p1={C.CARNIVORE})
    said = _factors_of(s, "trait:0")
    assert "it may shield species 1 if a carnivore is played" in said, said
    assert not any("shields" in t for t in said), said
    # a carnivore in sight whose other card is face down: it may change what it can attack
    s = _use_climbing([[sp(1, 1)], [sp(3, 1, traits=[C.CARNIVORE, C.AMBUSH])]], hidden_of_p1={C.AMBUSH})
    said = _factors_of(s, "trait:0")
    assert "it may shield species 1 from P1's carnivore" in said, said
    # one in sight, one guessed: the guessed one is "more may come", not a second carnivore counted as fact
    s = build([[sp(1, 1)], [sp(3, 1, traits=[C.CARNIVORE]), sp(4, 1, traits=[C.CARNIVORE])]],
              hands=[[C.CLIMBING], []], phase="play")
    guessed = s.players[1].species[1]
    guessed.hidden = list(guessed.traits)
    s.steps.append(UseCard(0, s.players[0].hand[0]))
    s._decision = None
    said = _factors_of(s, "trait:0")
    assert "it shields species 1 from P1's carnivore" in said and "more may come" in said, said
    assert not any("2 carnivores" in t for t in said), said


def test_size_and_prey_that_rest_on_a_face_down_card_say_may():
    # growing out of reach of a face-down (guessed) carnivore of size 2
    s = _use_climbing([[sp(1, 1)], [sp(2, 1, traits=[C.CARNIVORE])]], hidden_of_p1={C.CARNIVORE})
    said = _factors_of(s, "size:0")
    assert "species 1 may outgrow a carnivore to come" in said, said
    # a Carnivore card for P0: its only prey has a face-down card that might block the attack
    s = _use_climbing([[sp(3, 1)], [sp(2, 1, traits=[C.FAT_TISSUE])]], hidden_of_p1={C.FAT_TISSUE},
                      hands=[[C.CARNIVORE], []])
    said = _factors_of(s, "trait:0")
    assert "it may hunt size-2 prey" in said, said
    s = _use_climbing([[sp(3, 1)], [sp(2, 1, traits=[C.FAT_TISSUE])]], hands=[[C.CARNIVORE], []])
    assert "it can hunt size-2 prey" in _factors_of(s, "trait:0")


def test_a_hint_about_a_carnivore_nobody_can_see_says_may():
    # P1's only carnivores are in its hand; its species has a face-down Fat Tissue.  The hint's world
    # deals that face-down card afresh for every seed, sometimes as a Carnivore: the reason may then
    # speak of carnivores, never as a fact.
    rows = [[sp(1, 1)], [sp(3, 1, traits=[C.FAT_TISSUE])]]
    s = build(rows, hands=[[C.CLIMBING, C.HARD_SHELL, C.LONG_NECK], [C.CARNIVORE, C.CARNIVORE]], phase="play")
    sp1 = s.players[1].species[0]
    sp1.hidden = list(sp1.traits)
    s._decision = None
    spoke = 0
    for at in range(120):
        st = GAME.clone(s)
        d = GAME.cached_decision(st)
        h = hint(GAME, st, d, at, at)
        steps = [h]
        if h.key != "done":
            GAME.apply(st, h.key)
            d2 = GAME.cached_decision(st)
            steps.append(hint(GAME, st, d2, at + 1, at))
        for x in steps:
            if "carnivore" in x.reason:
                spoke += 1
                assert "may" in x.reason or " if " in x.reason, x.line()
                assert "shields" not in x.reason and "outgrows" not in x.reason, x.line()
    assert spoke >= 3, spoke


# -- what differs ------------------------------------------------------------------------------------
def test_a_reason_leaves_out_what_the_next_best_option_shares():
    # two trait cards for one herbivore: each is a point, so the point explains nothing between them
    s = build([[sp(2, 1)], [sp(2, 1)]], hands=[[C.LONG_NECK, C.FORAGING], []], phase="play")
    d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 3, 3)
    assert h.label.startswith("Long Neck") and h.reason == "species 1 gets food each round", h.line()
    # two targets of one size: the meat and the Scavenger's share are the same for both
    s = build([[sp(3, 2, traits=[C.CARNIVORE, C.SCAVENGER])], [sp(1, 2), sp(1, 1, traits=[C.FAT_TISSUE])]], hole=0)
    s.steps.append(ChooseTarget(0, 0))
    s._decision = None
    d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 4, 4)
    assert h.key == "target:1:1" and h.reason == "P1's species dies out", h.line()


def test_an_attack_past_horns_is_hinted_as_one_plan():
    # P0's Intelligence carnivore (population 1) can eat P1's Horns species only by discarding a card
    # for the Horns (else the Horns kill it): the feeding turn's hint counts that card, the target's
    # reason says so, and the Horns question's hint pays it.
    s = build([[sp(3, 1, traits=[C.CARNIVORE, C.INTELLIGENCE]), sp(1, 1, traits=[C.INTELLIGENCE])],
               [sp(1, 1, traits=[C.HORNS])]], hands=[[C.LONG_NECK, C.FORAGING], []], hole=0)
    d = GAME.cached_decision(s)
    h = hint(GAME, s, d, 7, 7)
    plan = _planned(h)
    assert h.key == "attack:0" and plan is not None and plan.then == "target:1:0", h.line()
    assert "it costs a card to ignore Horns" in {t for _, t in plan.factors}
    GAME.apply(s, h.key)
    h = hint(GAME, s, GAME.cached_decision(s), 8, 7)
    assert h.key == "target:1:0", h.line()
    GAME.apply(s, h.key)
    d = GAME.cached_decision(s)
    assert d.kind == "ignore"
    h = hint(GAME, s, d, 9, 7)
    assert h.key.startswith("ignore:"), h.line()
