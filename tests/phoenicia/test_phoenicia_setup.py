"""Setup: player counts, the development deck, the starting position."""
from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia import rules as R

from phoenicia_helpers import GAME, NAMES, check_invariants, dev_deck, new


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n):
    with pytest.raises(ValueError, match="2 to 5 players"):
        GAME.new_game(NAMES[:1] * n if n == 1 else [f"P{i}" for i in range(n)], 1)


def test_nineteen_cards_ten_a_nine_b():
    assert len(D.DEV_CARDS) == 19 == len(D.DEV)
    types = Counter(c.type for c in D.DEV_CARDS)
    assert types == {"A": 10, "B": 9}


@pytest.mark.parametrize("n,size", [(2, 19), (3, 29), (4, 38), (5, 48)])
def test_deck_copies_by_player_count(n, size):
    s = new(n)
    cards = Counter(dev_deck(s)) + Counter(s.display)
    assert sum(cards.values()) == size
    a, b = {2: (1, 1), 3: (2, 1), 4: (2, 2), 5: (3, 2)}[n]
    for c in D.DEV_CARDS:
        assert cards[c.slug] == (a if c.type == "A" else b), c.slug


@pytest.mark.parametrize("seed", range(5))
def test_stacks_drawn_in_order_and_shuffled_within(seed):
    s = new(5, seed)
    drawn = list(s.display) + list(reversed(dev_deck(s)))   # display first, then the deck from its top
    stacks = [D.DEV[c].stack for c in drawn]
    assert stacks == sorted(stacks)
    assert set(stacks) == {1, 2, 3, 4}
    # each face-down stack holds only its own cards, and the view counts them by stack
    for k, deck in zip(D.STACKS, s.dev_stacks):
        assert {D.DEV[c].stack for c in deck.secret_contents()} <= {k}
    assert GAME.view(s, None)["dev_deck_by_stack"] == {k: len(d) for k, d in zip(D.STACKS, s.dev_stacks)}


def test_stacks_are_shuffled():
    orders = {tuple(dev_deck(new(5, seed))) for seed in range(6)}
    assert len(orders) > 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_starting_position(n):
    s = new(n, seed=3)
    check_invariants(s)
    assert len(s.display) == n
    assert s.round == 1
    for pl in s.players:
        assert R.victory_points(pl) == 2 == D.START_VP
        assert R.production(pl) == 3 == D.START_PRODUCTION
        assert pl.disks == 2
        assert len(pl.hand) == 2
        assert D.CARD_VALUES[pl.hand[0]] == 5     # the preset 5
        assert pl.hand[0] < D.PRESETS and pl.hand[1] >= D.PRESETS
        assert pl.tiles == {"hunting": [1, 0], "farming": [1, 0]}
        assert pl.untrained == 1 and pl.trained == 0
        assert R.storehouses(pl) == 2 and R.treasury(pl) == 3 and R.training_cost(pl) == 2
        assert pl.cards == []
    assert len(s.removed) == D.PRESETS - n


def test_random_start_player_acts_first():
    starts = set()
    for seed in range(12):
        s = new(4, seed)
        starts.add(s.start)
        assert s.active == s.start
        assert s.to_act == [(s.start + i) % 4 for i in range(1, 4)]
        assert GAME.cached_decision(s).player == s.start
    assert len(starts) > 1


def test_same_seed_same_game_and_deal_is_private():
    a, b = new(3, 9), new(3, 9)
    assert a == b
    assert a != new(3, 10)
    # the drawn starting card is named only in the owner's log line
    for p in range(3):
        mine = GAME.view(a, p)["log"]
        theirs = GAME.view(a, (p + 1) % 3)["log"]
        v = D.CARD_VALUES[a.players[p].hand[1]]
        assert f"a 5 card and a {v} card" in "\n".join(mine)
        assert any(line.startswith(f"{a.names[p]} takes 2 disks, a 5 card and a production card") for line in theirs)


def test_rules_notes_show_house_data():
    notes = GAME.rules_notes()
    assert "## Choices made for this version" in notes
    assert "## Known gaps" in notes
    assert "## House data" in notes
    for h in D.HOUSE_DATA:
        assert h in notes
