"""Evolution's bot policy (``bots/policies/evolution.py``) and the
determinize it relies on: it plays sensibly in built positions,
always answers with a legal key, and judges a clear leader as such."""
from __future__ import annotations

import random

import pytest

from boardgames_tui.bots.policies import evolution as P
from boardgames_tui.engine.hidden import Deck
from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.feeding import FeedTurn
from boardgames_tui.games.evolution.rules import GAME, PlayTurn, Species, UseCard


# -- building positions ------------------------------------------------------------------------
def sp(size=1, pop=1, food=0, fat=0, traits=()):
    return {"size": size, "pop": pop, "food": food, "fat": fat, "traits": tuple(traits)}


def build(rows, hands=None, *, hole=0, phase="feed", turn=0, seed=3):
    """A position with the given species rows (trait names, left to right),
    hands (trait names) and phase; the unused cards form the draw pile."""
    n = len(rows)
    s = GAME.new_game([f"P{i}" for i in range(n)], seed)
    free: dict[str, list[int]] = {}
    for c in C.deck_cards("110"):
        free.setdefault(c.trait, []).append(c.id)
    used: set[int] = set()

    def take(trait):
        c = free[trait].pop()
        used.add(c)
        return c

    uid = 0
    for p, row in enumerate(rows):
        pl = s.players[p]
        pl.species = []
        for d in row:
            pl.species.append(Species(uid, d["size"], d["pop"], d["food"], d["fat"],
                                      [take(t) for t in d["traits"]], []))
            uid += 1
        pl.hand = [take(t) for t in (hands[p] if hands else [])]
        pl.bag = 0
        pl.done = False
    s.next_uid = uid
    rest = [c for c in C.deck_ids("110") if c not in used]
    random.Random(seed).shuffle(rest)
    s.deck = Deck(rest)
    s.removed, s.discard, s.food_cards, s.discarded_face_down, s.log = [], [], [], [], []
    s.hole, s.start, s.round, s.final_round, s.phase = hole, 0, 2, None, phase
    s.steps = [FeedTurn(turn)] if phase == "feed" else [PlayTurn(turn)]
    s._decision = None
    GAME.advance(s)
    return s


def pick(s, seed=0):
    d = GAME.cached_decision(s)
    return P.choose(GAME, s, d, random.Random(seed))


def picks(s, seeds=range(8)):
    return {pick(s, k) for k in seeds}


CARN = C.CARNIVORE


# -- feeding ------------------------------------------------------------------------------------
def test_a_carnivore_with_edible_prey_attacks_it():
    # P0's carnivore (size 3) can eat P1's small herbivore; the watering hole is empty
    s = build([[sp(3, 2, traits=[CARN]), sp(2, 2, food=2)], [sp(1, 2), sp(4, 1)]], hole=0)
    assert picks(s) == {"attack:0"}
    GAME.apply(s, "attack:0")
    assert picks(s) == {"target:1:0"}


def test_the_carnivore_picks_the_prey_with_more_meat():
    s = build([[sp(4, 3, traits=[CARN])], [sp(1, 2), sp(3, 2)]], hole=0)
    GAME.apply(s, "attack:0")
    assert picks(s) == {"target:1:1"}


def test_a_carnivore_does_not_attack_horns_that_would_kill_it():
    # the only prey has Horns and the attacker has population 1: the herbivore eats instead
    s = build([[sp(3, 1, traits=[CARN]), sp(2, 2)], [sp(1, 2, traits=[C.HORNS])]], hole=3)
    d = GAME.cached_decision(s)
    assert {"attack:0", "eat:1"} <= set(d.keys())
    assert picks(s) == {"eat:1"}


def test_it_avoids_eating_its_own_species_for_little_meat():
    # no opponent prey: the carnivore could only eat its own size-1 herbivore; the herbivore eats
    s = build([[sp(2, 1, traits=[CARN]), sp(1, 1)], [sp(5, 1)]], hole=2)
    d = GAME.cached_decision(s)
    assert "attack:0" in d.keys()
    assert picks(s) == {"eat:1"}


def test_it_feeds_a_hungry_species_before_storing_fat():
    s = build([[sp(2, 2, food=2, traits=[C.FAT_TISSUE]), sp(1, 2, food=0)], [sp(1, 1)]], hole=4)
    d = GAME.cached_decision(s)
    assert {"eat:0", "eat:1"} <= set(d.keys())
    assert picks(s) == {"eat:1"}


def test_an_unfed_species_with_traits_is_fed_first():
    # species 2 has no food yet and would die out with its trait; species 1 has one of two
    s = build([[sp(1, 2, food=1), sp(1, 2, food=0, traits=[C.HORNS])], [sp(1, 1)]], hole=1)
    assert picks(s) == {"eat:1"}


def test_intelligence_turns_a_spare_card_into_food_when_the_hole_is_empty():
    s = build([[sp(2, 3, traits=[C.INTELLIGENCE])], [sp(1, 1)]], hands=[[C.HORNS, C.CLIMBING], []], hole=0)
    assert picks(s) == {"intel:0"}


# -- playing cards ------------------------------------------------------------------------------
def use(s, trait):
    """Pick the hand card of ``trait`` in the play phase: the 'what does it pay for' question."""
    p = GAME.cached_decision(s).player
    c = next(c for c in s.players[p].hand if C.TRAIT_OF[c] == trait)
    GAME.apply(s, f"card:{c}")
    assert isinstance(s.steps[-1], UseCard)
    return s


def test_a_defence_trait_goes_on_the_species_a_carnivore_threatens():
    # P1's carnivore (size 3) threatens P0's species 2 (size 1), not species 1 (size 5)
    s = build([[sp(5, 1), sp(1, 2)], [sp(3, 1, traits=[CARN])]], hands=[[C.CLIMBING], []], phase="play")
    assert picks(use(s, C.CLIMBING)) == {"trait:1"}


def test_a_carnivore_card_goes_where_there_is_prey():
    # species 1 (size 3) could eat P1's size-2 herbivore; species 2 (size 1) could eat nothing
    s = build([[sp(3, 2), sp(1, 1)], [sp(2, 2)]], hands=[[CARN], []], phase="play")
    assert picks(use(s, CARN)) == {"trait:0"}


def test_a_full_species_keeps_the_defence_that_protects_it():
    # two players: two traits at most; Climbing keeps P1's carnivore off, and an
    # unprotected size-1 species would be eaten every round
    s = build([[sp(1, 2, traits=[C.CLIMBING, C.LONG_NECK])], [sp(3, 1, traits=[CARN])]],
              hands=[[C.FORAGING], []], phase="play")
    GAME.apply(use(s, C.FORAGING), "trait:0")
    neck = next(c for c in s.players[0].species[0].traits if C.TRAIT_OF[c] == C.LONG_NECK)
    assert picks(s) == {f"replace:{neck}"}


def test_population_grows_when_food_is_plentiful_and_not_when_scarce():
    rich = build([[sp(2, 1)], [sp(2, 1)]], hands=[[C.AMBUSH], []], phase="play", hole=12)
    poor = build([[sp(2, 3)], [sp(2, 3)]], hands=[[C.AMBUSH], []], phase="play", hole=0)
    assert picks(use(rich, C.AMBUSH)) <= {"pop:0", "species:left", "species:right"}
    assert not picks(use(poor, C.AMBUSH)) & {"pop:0", "species:left", "species:right"}


def test_the_last_round_plays_out_the_hand():
    s = build([[sp(2, 1)], [sp(2, 1)]], hands=[[C.AMBUSH, C.HORNS], []], phase="play", hole=5)
    s.final_round = s.round
    assert "done" not in picks(s)


def test_a_carnivore_player_lays_a_low_food_card():
    s = build([[sp(4, 2, traits=[CARN])], [sp(1, 3), sp(2, 3)]],
              hands=[[C.LONG_NECK, C.AMBUSH], [C.HORNS]], phase="food")
    s.steps = []
    from boardgames_tui.games.evolution.rules import FoodCard
    s.steps.append(FoodCard(0))
    s._decision = None
    GAME.advance(s)
    # Long Neck cards carry +3..+8 food, Ambush -2..+3: feeding P1's herbivores helps only P1
    (chosen,) = picks(s)
    c = int(chosen.split(":")[1])
    assert C.TRAIT_OF[c] == C.AMBUSH


# -- every decision gets a legal answer -----------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 5])
def test_choose_always_returns_a_legal_key(n):
    kinds = set()
    for seed in range(6):
        s = GAME.new_game([f"P{i}" for i in range(n)], 500 + seed)
        r = random.Random(seed)
        steps = 0
        while (d := GAME.cached_decision(s)) is not None:
            # half the time the policy answers in a world (a determinization), as the bots do
            world = GAME.determinize(s, d.player, r) if r.random() < 0.5 else s
            dw = GAME.cached_decision(world)
            k = P.choose(GAME, world, dw, random.Random(steps))
            assert k in d, f"{k} is not legal at {d.kind}"
            kinds.add(d.kind)
            # mostly the policy's own choice, sometimes a random one, to reach odd positions
            GAME.apply(s, k if r.random() < 0.8 else r.choice(d.options).key)
            steps += 1
            assert steps < 5000
    assert {"food", "play", "use", "feed"} <= kinds


def test_self_play_finishes():
    for seed in range(4):
        s = GAME.new_game(["A", "B", "C"], 40 + seed)
        r = random.Random(seed)
        for _ in range(5000):
            d = GAME.cached_decision(s)
            if d is None:
                break
            GAME.apply(s, P.choose(GAME, s, d, r))
        assert GAME.is_over(s)


def test_ties_are_broken_by_the_rng():
    # two identical hungry species: either may eat, decided by the rng
    s = build([[sp(1, 2), sp(1, 2)], [sp(1, 1)]], hole=5)
    assert picks(s, range(40)) == {"eat:0", "eat:1"}
    assert pick(s, 7) == pick(s, 7)


# -- judgement ------------------------------------------------------------------------------------
def test_evaluate_gives_each_player_a_chance_in_0_1():
    for n in (2, 4):
        s = GAME.new_game([f"P{i}" for i in range(n)], 9)
        r = random.Random(1)
        while (d := GAME.cached_decision(s)) is not None:
            v = P.evaluate(GAME, s)
            assert len(v) == n and all(0.0 <= x <= 1.0 for x in v)
            GAME.apply(s, r.choice(d.options).key)
        v = P.evaluate(GAME, s)
        assert [p for p in range(n) if v[p] == max(v)] == GAME.winners(s) or len(GAME.winners(s)) > 1


def test_evaluate_favours_a_clear_leader():
    s = build([[sp(3, 3, food=3, traits=[C.HORNS, C.CLIMBING])], [sp(1, 1)], [sp(1, 1)]], hole=2, turn=1)
    s.final_round = s.round
    assert s.phase == "feed"
    s.players[0].bag = 25
    v = P.evaluate(GAME, s)
    assert v[0] > 0.9 and v[1] < 0.1 and v[2] < 0.1
    s.players[1].bag = 29                           # now level with P0: a close race
    v = P.evaluate(GAME, s)
    assert abs(v[0] - v[1]) < 0.35 and v[2] < 0.1


# -- determinize ----------------------------------------------------------------------
def midgame(n=3, seed=4, choices=120):
    s = GAME.new_game([f"P{i}" for i in range(n)], seed)
    r = random.Random(seed)
    for _ in range(choices):
        GAME.apply(s, r.choice(GAME.cached_decision(s).options).key)
    return s


def test_determinize_leaves_the_state_and_its_log_alone():
    s = midgame(choices=150)
    before = GAME.clone(s)
    texts = [(e.text, e.private_text) for e in s.log]
    for v in range(3):
        w = GAME.determinize(s, v, random.Random(v))
        assert GAME.view(w, v) == GAME.view(s, v)
    assert s == before and [(e.text, e.private_text) for e in s.log] == texts


def test_determinize_depends_only_on_what_the_viewer_sees():
    # P0 replaced a face-down trait (discarded unseen) and has picked a card not yet played
    s = build([[sp(traits=[C.CLIMBING])], [sp()]], hands=[[C.HORNS, C.SCAVENGER, C.FERTILE], [C.LONG_NECK]],
              phase="play")
    hand = {C.TRAIT_OF[c]: c for c in s.players[0].hand}
    for k in (f"card:{hand[C.HORNS]}", "trait:0", f"card:{hand[C.SCAVENGER]}", "trait:0",
              f"replace:{hand[C.HORNS]}", f"card:{hand[C.FERTILE]}"):
        GAME.apply(s, k)
    assert s.discarded_face_down and isinstance(s.steps[-1], UseCard)
    for k in range(6):
        other = GAME.determinize(s, 1, random.Random(k))     # the same view, other hidden cards
        assert GAME.view(other, 1) == GAME.view(s, 1)
        assert GAME.determinize(other, 1, random.Random(9)) == GAME.determinize(s, 1, random.Random(9))
