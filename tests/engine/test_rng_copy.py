"""The Rng's copy shares only an immutable snapshot and draws what the original would."""
import pickle
import random

from boardgames_tui.engine.rng import Rng


def draws(r: Rng, n: int = 50) -> list:
    out = [r.randrange(1000) for _ in range(n)]
    items = list(range(20))
    r.shuffle(items)
    return out + items + [r.choice("abcdef")]


def test_copy_draws_like_the_original_whoever_draws_first():
    a = Rng(11)
    a.randrange(7)
    b = a.copy()
    c = b.copy()                      # a copy of a copy that has not drawn yet
    assert a == b == c
    ref = random.Random()
    ref.setstate(a._r.getstate())
    first = draws(a)                  # the original moves on: the copies do not
    assert b == c and b != a
    assert draws(b) == first and draws(c) == first
    assert a == b == c
    assert [ref.randrange(1000) for _ in range(50)] == first[:50]


def test_copy_shares_no_mutable_part():
    a = Rng(3)
    b = a.copy()
    assert b._r is None and a._st is b._st and isinstance(b._st, tuple)
    b.randrange(5)
    assert b._r is not a._r and b._st is None


def test_pickle_of_a_copy_that_has_not_drawn():
    a = Rng(5)
    a.shuffle(list(range(9)))
    b = pickle.loads(pickle.dumps(a.copy()))
    assert b == a and draws(b) == draws(a)
