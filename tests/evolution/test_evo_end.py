"""End triggers, scoring and tie-break."""
from __future__ import annotations

from evo_helpers import deck_cards, make, play, row, set_deck, sp, start_feeding_turns, take_from_deck, turn

from boardgames_tui.games.evolution import cards as C
from boardgames_tui.games.evolution.rules import GAME


def finish_round_simply(s, max_steps=2000):
    """Play on with simple choices (first food card, no plays, first feeding)
    until the round number changes or the game ends."""
    r = s.round
    for _ in range(max_steps):
        d = GAME.cached_decision(s)
        if d is None or s.round != r:
            return
        k = "done" if d.kind == "play" else d.options[0].key
        play(s, k)
    raise AssertionError("round did not end")


def test_deck_short_during_deal_shuffles_discard_and_makes_last_round():
    s = make([[sp(1, 1, food=1)], [sp(1, 1, food=1)]], settle=False)
    cards = deck_cards(s)
    s.discard = cards[5:25]
    set_deck(s, cards[:5])
    reveals = s.rng.mark
    start_feeding_turns(s, 0)  # nobody can feed: clean-up, then the deal of round 2
    assert s.round == 2 and s.final_round == 2
    assert [len(pl.hand) for pl in s.players] == [4, 4]
    assert len(s.deck) == 5 + 20 - 8 and s.discard == []
    assert s.rng.mark >= reveals + 2  # the shuffle and the draws
    assert any("this is the last round" in e.text for e in s.log)
    finish_round_simply(s)
    assert s.phase == "over" and s.round == 2
    assert GAME.cached_decision(s) is None
    v = GAME.view(s, None)
    assert v["scores"] == GAME.scores(s) and v["winners"] == GAME.winners(s) and v["turn"] is None


def test_cards_running_out_outside_the_deal_means_one_more_round():
    s = make([[sp(3, 3, traits=[C.CARNIVORE])], [sp(1, 1, traits=[C.CLIMBING, C.HORNS]), sp(6, 6)]],
             keeper=True, settle=False)
    # make the carnivore able to attack: drop Climbing from the target
    tgt = row(s, 1)[0]
    tgt.traits = [c for c in tgt.traits if C.TRAIT_OF[c] != C.CLIMBING] + [
        take_from_deck(s, lambda c: C.TRAIT_OF[c] == C.SCAVENGER)]
    cards = deck_cards(s)
    s.discard = cards[1:11]
    set_deck(s, cards[:1])
    start_feeding_turns(s, 0)
    play(s, "attack:0", "target:1:0")
    # the target (2 traits) died: P1 drew the last card, then from the reshuffled discard pile
    assert len(s.players[1].hand) == 2
    assert s.final_round == 2 and s.round == 1
    assert any("cards have run out" in e.text for e in s.log)
    finish_round_simply(s)
    assert s.round == 2 and s.phase != "over"
    finish_round_simply(s)
    assert s.phase == "over" and s.round == 2


def test_deal_with_deck_and_discard_empty_gives_fewer_cards():
    s = make([[sp(1, 1, food=1)], [sp(1, 1, food=1)]], settle=False, start=1)
    set_deck(s, deck_cards(s)[:2])
    s.discard = []
    start_feeding_turns(s, 0)
    # start player moved on to P0, who is dealt first: 2 cards; P1 gets none
    assert s.start == 0 and [len(pl.hand) for pl in s.players] == [2, 0]
    assert s.final_round == 2 and turn(s) == 0
    play(s, f"food:{s.players[0].hand[0]}")
    assert s.phase == "play"  # P1, without cards, supplied no food


def test_extinction_draw_reshuffles_the_cards_just_discarded():
    s = make([[sp(3, 3, traits=[C.CARNIVORE])], [sp(1, 1, traits=[C.HORNS]), sp(6, 6)]], keeper=True, settle=False)
    set_deck(s, [])
    s.discard = []
    start_feeding_turns(s, 0)
    play(s, "attack:0", "target:1:0")
    # the Horns card was discarded first, so it is reshuffled and drawn again
    assert len(s.players[1].hand) == 1 and len(s.deck) == 0 and s.discard == []
    assert s.final_round == 2


def test_scores_bag_traits_population_fat_not_counted():
    s = make([[sp(3, 2, fat=2, traits=[C.FAT_TISSUE, C.CLIMBING]), sp(1, 1)], [sp(2, 3)]], settle=False)
    s.players[0].bag = 7
    s.players[1].bag = 4
    assert GAME.scores(s) == [7 + 2 + 2 + 1, 4 + 3]


def test_hidden_traits_count_in_final_score_but_not_in_public_view_score():
    s = make([[sp(traits=[C.CLIMBING])], [sp()]], settle=False, phase="play")
    row(s, 0)[0].hidden = list(row(s, 0)[0].traits)
    assert GAME.scores(s)[0] == 2
    assert GAME.view(s, 1)["players"][0]["score"] == 1


def test_winner_and_tie_break():
    s = make([[sp(1, 1)], [sp(1, 1)], [sp(1, 1)]], settle=False)
    s.players[0].bag, s.players[1].bag, s.players[2].bag = 5, 3, 1
    assert GAME.winners(s) == [0]
    # equal scores: most trait cards in play wins
    s = make([[sp(1, 2)], [sp(1, 1, traits=[C.CLIMBING])], [sp(1, 1)]], settle=False)
    s.players[2].bag = 1
    assert GAME.scores(s) == [2, 2, 2]
    assert GAME.winners(s) == [1]
    # equal scores and traits: most food in the bag
    s = make([[sp(1, 2)], [sp(1, 1)]], settle=False)
    s.players[1].bag = 1
    assert GAME.scores(s) == [2, 2] and GAME.winners(s) == [1]
    # all equal: shared
    s = make([[sp(1, 2)], [sp(1, 2)]], settle=False)
    assert GAME.winners(s) == [0, 1]


def test_score_detail_gives_food_population_and_traits():
    """The end screen's breakdown: food in the bag, population, trait cards (face-down ones
    too); stored fat and hand cards are in no part, and the parts add up to the score."""
    s = make([[sp(3, 2, fat=2, traits=[C.FAT_TISSUE, C.CLIMBING]), sp(1, 1, traits=[C.HORNS])],
              [sp(2, 3, traits=[C.LONG_NECK])], [sp(1, 1)]],
             hands=[[C.CARNIVORE], [], []], settle=False, phase="play")
    row(s, 0)[1].hidden = list(row(s, 0)[1].traits)   # a face-down trait scores at the end
    s.players[0].bag, s.players[1].bag, s.players[2].bag = 7, 4, 0
    assert GAME.score_detail(s, 0) == "7 food, 3 population, 3 traits"
    assert GAME.score_detail(s, 1) == "4 food, 3 population, 1 trait"
    assert GAME.score_detail(s, 2) == "0 food, 1 population, 0 traits"
    assert GAME.scores(s) == [7 + 3 + 3, 4 + 3 + 1, 0 + 1 + 0]


def test_score_detail_at_the_end_of_a_played_game_adds_up_to_the_score():
    from boardgames_tui.bots.random_bot import RandomBot
    s = GAME.new_game(["A", "B", "C"], 4)
    bot = RandomBot(4)
    while (d := GAME.cached_decision(s)) is not None:
        play(s, bot.choose(d))
    for p, score in enumerate(GAME.scores(s)):
        food, pop, traits = (x.split() for x in GAME.score_detail(s, p).split(", "))
        assert food[1] == "food" and pop[1] == "population" and traits[1] == ("trait" if traits[0] == "1" else "traits")
        assert int(food[0]) + int(pop[0]) + int(traits[0]) == score
