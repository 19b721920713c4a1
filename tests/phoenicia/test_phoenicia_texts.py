"""Phoenicia's words: the final score's breakdown (score_detail) adds up to the VP, and counted
words agree with their numbers."""
from __future__ import annotations

import random
import re

import pytest

from boardgames_tui.bots.base import ask, bot_seed
from boardgames_tui.bots.easy import EasyBot
from boardgames_tui.games.phoenicia import data as D
from boardgames_tui.games.phoenicia.auction import card_text

from phoenicia_helpers import GAME, new


def _parts(detail: str) -> dict[str, int]:
    return {name: int(v) for name, v in re.findall(r"([A-Za-z ]+?) (\d+)(?:, |$)", detail)}


def test_score_detail_names_cards_workers_and_city_center():
    s = new(3)
    pl = s.players[0]
    # the start: 1 worker in Hunting and 1 in Farming, 1 VP each, no card
    assert GAME.score_detail(s, 0) == "workers 2"
    pl.cards += ["caravan", "city_center"]
    pl.tiles["mining"] = [2, 0]            # 2 VP a worker
    pl.vp_bought = 3
    cards_vp = D.DEV["caravan"].vp + D.DEV["city_center"].vp     # 1 + 2
    assert GAME.score_detail(s, 0) == f"cards {cards_vp}, workers 6, City Center 3"
    assert sum(_parts(GAME.score_detail(s, 0)).values()) == GAME.scores(s)[0] == cards_vp + 6 + 3


def _finish(s, choose) -> int:
    """Play to the end; the number of choices made."""
    for k in range(30000):
        d = GAME.cached_decision(s)
        if d is None:
            return k
        GAME.apply(s, choose(s, d))
    pytest.fail("the game did not end")


@pytest.mark.parametrize("n, seed", [(2, 7), (3, 8), (4, 9), (5, 10)])
def test_score_detail_adds_up_to_the_score_at_the_end_of_a_random_game(n, seed):
    s = new(n, seed)
    rnd = random.Random(seed)
    choices = _finish(s, lambda s, d: rnd.choice(d.options).key)
    assert choices > 100 and max(GAME.scores(s)) >= D.END_VP
    for q in range(n):
        parts = _parts(GAME.score_detail(s, q))
        assert set(parts) <= {"cards", "workers", "City Center"}
        assert sum(parts.values()) == GAME.scores(s)[q]


def test_score_detail_adds_up_at_the_end_of_an_easy_bot_game():
    s = new(3, 12)
    bots = [EasyBot(GAME, bot_seed(12, q)) for q in range(3)]
    assert _finish(s, lambda s, d: ask(bots[d.player], GAME, s, d)) > 100
    assert max(GAME.scores(s)) >= D.END_VP
    for q in range(3):
        assert sum(_parts(GAME.score_detail(s, q)).values()) == GAME.scores(s)[q]


def test_card_text_counts_in_words_and_keeps_effects_in_one_sentence():
    texts = {c.slug: card_text(c) for c in D.DEV_CARDS}
    for t in texts.values():
        assert not re.search(r"\+1 (storehouses|untrained workers|trained workers)\b", t), t
        assert not re.search(r"\+([02-9]|\d\d) (storehouse|untrained worker|trained worker)\b", t), t
        assert not re.search(r"; [A-Z][a-z]", t), t       # "; gives the Mining tile", not "; Gives"
    assert "; gives the Mining tile" in texts["prospector"]


def test_no_counted_word_disagrees_with_its_number_in_random_games():
    """Prompts, labels and log lines (private texts too) of random games: "1 card", "2 cards",
    "card value 5", "card values 5, 6"."""
    bad = re.compile(r"(?<![\d.,] )(?<![\d.,])\b1 (disks|cards|production cards|storehouses|workers|VPs)\b"
                     r"|(?<!a )\b([02-9]|\d\d+) (disk|card|production card|storehouse|worker)\b(?!s)"
                     r"|card values \d+\)|card value \d+,")
    texts = []
    for n, seed in [(2, 3), (3, 4), (5, 5)]:
        s = new(n, seed)
        rnd = random.Random(seed)

        def choose(s, d):
            texts.append(d.prompt)
            texts.extend(o.label for o in d.options)
            return rnd.choice(d.options).key

        _finish(s, choose)
        texts.extend(e.text for e in s.log)
        texts.extend(e.private_text for e in s.log if e.private_text)
    wrong = sorted({t for t in texts if bad.search(t)})
    assert not wrong, wrong[:10]
    assert any(re.search(r"card values \d+, \d+\)", t) for t in texts)
    assert any(re.search(r"card value \d+\)", t) for t in texts)
