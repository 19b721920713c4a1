"""The conformance checks every registered game must pass (in the spirit of
OpenSpiel's ``random_sim_test``).  Each check is a plain function that raises
``AssertionError`` with a message naming the game, seed and choice; the test
module runs them over the registry, and ``test_checks_catch_faults.py`` proves
each one fails on a game with that fault."""
from __future__ import annotations

import enum
import json
import random
import re
import types
from typing import Any

from boardgames_tui.engine import save as S
from boardgames_tui.engine.core import Game, IllegalMove
from boardgames_tui.engine.session import BOT, HUMAN, Match, Seat

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve", "Finn"]


def seats(n: int, bots: tuple[int, ...] = ()) -> list[Seat]:
    return [Seat(NAMES[i], "white", BOT if i in bots else HUMAN) for i in range(n)]


def player_counts(game: Game) -> list[tuple[int, dict]]:
    """(players, options) pairs covering the whole range, options included."""
    out = []
    lo, hi = game.player_range(game.options_with_defaults({}))
    out += [(n, {}) for n in range(lo, hi + 1)]
    for opt in game.game_options:
        for choice in opt.choices:
            if choice == opt.default:
                continue
            o = {opt.name: choice}
            lo2, hi2 = game.player_range(game.options_with_defaults(o))
            out.append((hi2, o))
    return out


def random_game(game: Game, n: int, seed: int, options: dict, max_choices: int,
                each=None) -> tuple[Any, int]:
    """Play seeded random choices; ``each(state, decision, key, index)`` is
    called before every choice.  Returns (state, choices made)."""
    r = random.Random(seed * 7919 + n)
    st = game.new_game(NAMES[:n], seed, options)
    made = 0
    while made < max_choices:
        d = game.cached_decision(st)
        if d is None:
            break
        assert d.options, f"{game.name} seed {seed}: a decision with no options"
        assert len({o.key for o in d.options}) == len(d.options), \
            f"{game.name} seed {seed} choice {made}: duplicate option keys in {d.kind}"
        k = r.choice(d.options).key
        if each is not None:
            each(st, d, k, made)
        game.apply(st, k)
        made += 1
    return st, made


# -- 1. random games finish -------------------------------------------------------------
def check_random_games_finish(game: Game, seeds: range, max_choices: int) -> None:
    for n, opts in player_counts(game):
        for seed in seeds:
            st, made = random_game(game, n, seed, opts, max_choices)
            assert game.cached_decision(st) is None, \
                f"{game.name} {n}p seed {seed} {opts}: not over after {made} choices"
            sc = game.scores(st)
            w = game.winners(st)
            assert len(sc) == n and w and all(0 <= p < n for p in w), f"{game.name}: bad result {sc} {w}"


# -- 2. illegal keys --------------------------------------------------------------------
def _mutants(k: str, seen: list[str]) -> list[str]:
    out = ["", "x", "nonsense:1", k + ":9", k + "x", ":" + k, k.upper() if k.upper() != k else k + "Z",
           "-1", "999999999999999999999", "\x00", "card:-1", "a" * 300]
    parts = k.split(":")
    for i, p in enumerate(parts):
        if p.lstrip("-").isdigit():
            for delta in (1, -1, 1000):
                q = list(parts)
                q[i] = str(int(p) + delta)
                out.append(":".join(q))
    out += seen[-20:]
    return out


def check_illegal_keys_refused(game: Game, n: int, seed: int, max_choices: int, every: int) -> None:
    seen: list[str] = []

    def each(st, d, k, i):
        seen.extend(o.key for o in d.options[:5])
        if i % every:
            return
        legal = set(d.keys())
        before = game.clone(st)
        views = [game.view(st, v) for v in [None, *range(n)]]
        for bad in _mutants(k, seen):
            if bad in legal:
                continue
            try:
                game.apply(st, bad)
            except IllegalMove as e:
                assert e.reason and isinstance(e.reason, str) and "\n" not in e.reason, \
                    f"{game.name}: refusal of {bad!r} has no one-line reason"
            else:
                raise AssertionError(f"{game.name} seed {seed} choice {i}: illegal key {bad!r} was applied")
            assert st == before, f"{game.name} seed {seed} choice {i}: refusing {bad!r} changed the state"
        assert [game.view(st, v) for v in [None, *range(n)]] == views, \
            f"{game.name} seed {seed} choice {i}: refusals changed a view"

    random_game(game, n, seed, {}, max_choices, each)


# -- 3. views leak nothing ------------------------------------------------------------------
def check_views_leak_nothing(game: Game, n: int, seed: int, max_choices: int, every: int) -> None:
    r = random.Random(seed)

    def each(st, d, k, i):
        if i % every:
            return
        for a in range(n):
            det = game.determinize(st, a, r)
            assert det is not st
            assert game.view(det, a) == game.view(st, a), \
                f"{game.name} seed {seed} choice {i}: player {a}'s view changes when hidden holdings are resampled"
            if d.player == a:
                d2 = game.decision(det)
                assert d2 is not None and [(o.key, o.label) for o in d2.options] == \
                    [(o.key, o.label) for o in d.options] and d2.prompt == d.prompt, \
                    f"{game.name} seed {seed} choice {i}: the decision depends on what player {a} cannot see"
        # the state itself was not touched by determinize
    random_game(game, n, seed, {}, max_choices, each)


def check_determinize_changes_something(game: Game, n: int, seed: int, choices: int) -> None:
    """Sanity: determinize really resamples (else check 3 would prove nothing)."""
    st, _ = random_game(game, n, seed, {}, choices)
    r = random.Random(1)
    dets = [game.determinize(st, 0, r) for _ in range(5)]
    assert any(d != st for d in dets), f"{game.name}: determinize never changes the hidden state"


def check_determinize_depends_only_on_the_view(game: Game, n: int, seed: int, max_choices: int,
                                               every: int) -> None:
    """The bots' honesty rests on this: a determinization for player ``a``
    depends on nothing ``a`` cannot see.  Swap the others' hidden holdings
    for others consistent with ``a``'s view (a determinization), and the same
    random source must deal the very same world from both."""
    def each(st, d, k, i):
        if i % every:
            return
        for a in range(n):
            other = game.determinize(st, a, random.Random(i * 31 + a))
            x = game.determinize(st, a, random.Random(77))
            y = game.determinize(other, a, random.Random(77))
            assert x == y, (f"{game.name} seed {seed} choice {i}: player {a}'s determinization depends "
                            f"on hidden holdings it cannot see")
    random_game(game, n, seed, {}, max_choices, each)


# -- 4. private log lines -------------------------------------------------------------------
def check_private_log_redacted(game: Game, n: int, seed: int, max_choices: int) -> None:
    st, _ = random_game(game, n, seed, {}, max_choices)
    for v in [None, *range(n)]:
        # the rule the game screen's log follows itself (it reads the log, not the view's copy)
        assert game.view(st, v)["log"] == [e.for_viewer(v) for e in st.log], \
            f"{game.name}: viewer {v}'s log is not LogEntry.for_viewer of the move log"
    texts = {v: json.dumps(game.view(st, v), ensure_ascii=False) for v in [None, *range(n)]}
    private = [e for e in st.log if e.private_to is not None and e.private_text and e.private_text != e.text]
    # the same private words may be another viewer's own line too ("Bob gives you Defection." twice)
    owners: dict[str, set] = {}
    for e in private:
        owners.setdefault(e.private_text, set()).add(e.private_to)
    for e in private:
        assert e.private_text in texts[e.private_to], f"{game.name}: the owner does not see {e.private_text!r}"
        for v, t in texts.items():
            if v not in owners[e.private_text]:
                assert e.private_text not in t, \
                    f"{game.name} seed {seed}: viewer {v} reads the private line {e.private_text!r}"


# -- 5. undo policy ----------------------------------------------------------------------------
def check_undo_policy(game: Game, n: int, seed: int, max_choices: int) -> None:
    """Board Game Arena's rule: the last real choice (a human's; a forced choice after it goes with
    it) may be taken back until something was revealed or the next player has chosen, by whoever
    decides now (in hot-seat, the next player's curtain)."""
    r = random.Random(seed)
    m = Match.new(game.name, seats(n, bots=(n - 1,)), seed)
    expect = False
    for i in range(max_choices):
        d = m.decision()
        if d is None:
            break
        before = game.clone(m.state)
        opts_before = [(o.key, o.label) for o in d.options]
        k = r.choice(d.options).key
        m.choose(k)
        last = m.history[-1]
        assert last.auto == (len(d.options) == 1 and not m.seats[d.player].is_bot), \
            f"{game.name} seed {seed} choice {i}: a forced choice is one human option"
        d2 = m.decision()
        if last.auto:
            expect = expect and not last.revealed
        else:
            expect = not last.revealed and not m.seats[d.player].is_bot
        ok, why = m.can_undo()
        assert ok == (expect and d2 is not None), \
            f"{game.name} seed {seed} choice {i}: can_undo {ok} ({why}), expected {expect}"
        if not ok:
            assert why, f"{game.name}: a refused undo gives no reason"
        if ok and not last.auto and r.random() < 0.5:
            assert m.undo_player() == d.player
            m.undo()
            assert m.state == before, f"{game.name} seed {seed} choice {i}: undo did not restore the state"
            assert [(o.key, o.label) for o in m.decision().options] == opts_before
            m.choose(k)
            assert m.can_undo()[0], f"{game.name} seed {seed} choice {i}: the choice made again is undoable"


# -- 6. save and load ---------------------------------------------------------------------------
def check_save_load(game: Game, n: int, seed: int, lengths: list[int], tmp_path) -> None:
    from boardgames_tui.engine.store import AutosaveStore
    r = random.Random(seed)
    m = Match.new(game.name, seats(n), seed)
    store = AutosaveStore(tmp_path / f"{game.name}-{n}-{seed}.db")
    for target in lengths:
        while len(m.history) < target and m.decision() is not None:
            m.choose(r.choice(m.decision().options).key)
        p = S.save(m, tmp_path / f"{game.name}-{n}-{seed}-{target}.json")
        back = S.load(p)
        store.sync(m)
        again = store.load(m.match_id)
        for b, how in ((back, "file"), (again, "autosave")):
            assert b.state == m.state, f"{game.name} seed {seed} at {target}: {how} load gives another state"
            d1, d2 = m.decision(), b.decision()
            assert (d1 is None) == (d2 is None)
            if d1 is not None:
                assert d1.keys() == d2.keys() and d1.player == d2.player
            assert [(h.player, h.revealed) for h in b.history] == [(h.player, h.revealed) for h in m.history]


# -- 7. reveals counted ----------------------------------------------------------------------------
def check_reveals_counted(game: Game, n: int, seed: int, max_choices: int, every: int) -> list[int]:
    """Every choice after which the chooser's view depends on what they could
    not see before (randomness or hidden information) must move ``rng.mark``.
    Returns the choice indexes that revealed something (for sanity checks)."""
    r = random.Random(seed + 99)
    revealed: list[int] = []

    def each(st, d, k, i):
        if i % every:
            return
        p = d.player
        det = game.determinize(st, p, r)
        mark = st.rng.mark
        rstate = st.rng.state()[3]
        after_real = game.clone(st)
        game.apply(after_real, k)
        game.apply(det, k)
        moved = after_real.rng.mark != mark
        used_random = after_real.rng.state()[3] != rstate
        learnt = game.view(after_real, p) != game.view(det, p)
        if used_random:
            assert moved, f"{game.name} seed {seed} choice {i} ({k}): randomness used but not counted"
        if learnt:
            assert moved, (f"{game.name} seed {seed} choice {i} ({k}): player {p} learnt hidden "
                           f"information but no reveal was counted")
        if moved:
            revealed.append(i)

    random_game(game, n, seed, {}, max_choices, each)
    return revealed


# -- 8. clones are independent -----------------------------------------------------------------------
_IMMUTABLE = (int, float, complex, str, bytes, type(None), range, type, enum.Enum,
              types.FunctionType, types.BuiltinFunctionType, types.ModuleType)


def _frozen(x: Any) -> bool:
    """Immutable itself (its parts are looked at in turn)."""
    params = getattr(type(x), "__dataclass_params__", None)
    return isinstance(x, (tuple, frozenset)) or (params is not None and params.frozen)


def _parts(x: Any, top: bool):
    if isinstance(x, (list, tuple, set, frozenset)):
        yield from ((f"[{i}]", v) for i, v in enumerate(x))
    elif isinstance(x, dict):
        for k, v in x.items():
            yield f"<key {k!r}>", k
            yield f"[{k!r}]", v
    else:
        leave = set(getattr(type(x), "_cache_attrs", ()))   # derived, declared shared
        if top:
            leave.add("_decision")                          # the cached decision: shared by Game.clone
        for k, v in getattr(x, "__dict__", {}).items():
            if k not in leave:
                yield f".{k}", v
        for klass in type(x).__mro__:
            for k in getattr(klass, "__slots__", ()):
                if k not in leave and k != "__dict__" and hasattr(x, k):
                    yield f".{k}", getattr(x, k)


def mutable_parts(root: Any, name: str = "state") -> dict[int, tuple[str, Any]]:
    """id -> (path, object) of every mutable object reachable from ``root``
    (lists, dicts, sets, objects with fields, the Rng and its generator).
    Raises AssertionError if one is reached by two paths: the engine's copy
    would make two objects of it (a state must be a tree)."""
    out: dict[int, tuple[str, Any]] = {}
    todo = [(root, name, True)]
    while todo:
        x, path, top = todo.pop()
        if isinstance(x, _IMMUTABLE):
            continue
        if not _frozen(x):
            if id(x) in out:
                raise AssertionError(f"{path} and {out[id(x)][0]} are one object: a state must be a tree")
            out[id(x)] = (path, x)
        todo.extend((v, path + p, False) for p, v in _parts(x, top))
    return out


def check_clone_independent(game: Game, n: int, seed: int, max_choices: int, every: int,
                            plays: int = 40) -> None:
    """At sampled positions the clone (a) equals the original, (b) shares no
    mutable object with it (the Rng included) and (c) plays on alone: the
    original's state, views and decision do not move, and a deep copy given
    the same choices ends where the clone does."""
    r = random.Random(seed + 7)
    viewers = [None, *range(n)]

    def each(st, d, k, i):
        if i % every:
            return
        where = f"{game.name} {n}p seed {seed} choice {i}"
        c = game.clone(st)
        assert c is not st and c == st, f"{where}: the clone differs from the original"
        mine = mutable_parts(st)
        for ident, (path, _) in mutable_parts(c).items():
            if ident in mine:
                raise AssertionError(f"{where}: the clone shares {path} with the original")
        witness = Game.clone(game, st)                     # the generic deep copy
        views = [game.view(st, v) for v in viewers]
        played = []
        for _ in range(plays):
            dc = game.cached_decision(c)
            if dc is None:
                break
            played.append(r.choice(dc.options).key)
            game.apply(c, played[-1])
        assert st == witness, f"{where}: playing on the clone changed the original"
        twin = Game.clone(game, st)
        for key_ in played:
            game.apply(twin, key_)
        assert twin == c, f"{where}: the clone plays on unlike the original"
        assert [game.view(st, v) for v in viewers] == views, f"{where}: playing on the clone changed a view"
        d2 = game.decision(st)
        assert (d2.player, d2.prompt, [(o.key, o.label) for o in d2.options]) == \
            (d.player, d.prompt, [(o.key, o.label) for o in d.options]), \
            f"{where}: playing on the clone changed the decision"

    random_game(game, n, seed, {}, max_choices, each)


# -- 9. the easy policy has a rule for every kind of decision, or says it picks at random -----------
def kinds_met(game: Game, seeds: range, max_choices: int) -> dict[str, str]:
    """Random games, one per seed at every player count and option (``player_counts``): each decision
    kind the game produces, with where it came first ("3p seed 1 choice 40")."""
    first: dict[str, str] = {}
    for n, opts in player_counts(game):
        for seed in seeds:
            def each(st, d, k, i, n=n, seed=seed, opts=opts):
                first.setdefault(d.kind, f"{n}p seed {seed}{' ' + str(opts) if opts else ''} choice {i}")
            random_game(game, n, seed, opts, max_choices, each)
    return first


def check_every_kind_has_a_policy(game: Game, policy, seeds: range, max_choices: int) -> dict[str, str]:
    """Random games (``kinds_met``) collect the decision kinds the game produces; the easy policy
    (``bots/policies/<game>.py``) must have a rule for each (``HANDLED_KINDS``) or declare it a random
    fallback (``RANDOM_FALLBACK``), never both.  Returns each kind seen with how the policy chooses there
    ("rule" or "random")."""
    from boardgames_tui.bots.policies import handling
    name = getattr(policy, "__name__", policy)
    both = set(getattr(policy, "HANDLED_KINDS", ())) & set(getattr(policy, "RANDOM_FALLBACK", ()))
    assert not both, f"{game.name}: {name} both handles and declares random {sorted(both)}"
    first = kinds_met(game, seeds, max_choices)
    missing = sorted(k for k in first if handling(policy, k) is None)
    assert not missing, (f"{game.name}: {name} has no rule for " + ", ".join(f"{k} (first at {first[k]})" for k in missing)
                         + " and does not declare it in RANDOM_FALLBACK")
    return {k: handling(policy, k) for k in sorted(first)}


LEARN_TEXT_CHARS = 240      # the guided game's panel must leave the board and prompt visible at 80x24
LEARN_TEXT_SENTENCES = 3
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


def learn_phases(game: Game) -> dict[str, str]:
    """The game's ``PHASES`` (``boardgames_tui/games/<name>/learn.py``), {} without the module."""
    import importlib
    try:
        return dict(importlib.import_module(f"boardgames_tui.games.{game.name}.learn").PHASES)
    except ModuleNotFoundError:
        return {}


def learn_text_faults(text: str) -> list[str]:
    """What is wrong with one learn text for the panel (nothing: [])."""
    out = []
    if not text.strip():
        out.append("empty")
    if len(text) > LEARN_TEXT_CHARS:
        out.append(f"{len(text)} characters (at most {LEARN_TEXT_CHARS})")
    sentences = len(_SENTENCE_END.findall(text))
    if sentences > LEARN_TEXT_SENTENCES:
        out.append(f"{sentences} sentences (at most {LEARN_TEXT_SENTENCES})")
    if not text.isprintable():     # newlines and tabs included: one paragraph, no control characters
        out.append("not one printable paragraph")
    if text != text.strip() or "  " in text:
        out.append("stray spaces")
    if text.strip() and not _SENTENCE_END.search(text[-1]):
        out.append("does not end a sentence")
    if any(c in text for c in "[]*`_#"):
        out.append("markup")
    return out


def check_every_kind_has_a_learn_text(game: Game, policy, seeds: range, max_choices: int) -> dict[str, str]:
    """The guided first game explains each decision kind the first time it comes: every kind met in
    random games (``kinds_met``) has a text through ``Game.learn_text``; every text of the game's
    ``PHASES`` fits the panel (``learn_text_faults``) and names a kind the easy policy knows
    (``HANDLED_KINDS`` or ``RANDOM_FALLBACK``), so no stale key outlives a renamed kind.  Returns the
    texts of the kinds met."""
    phases = learn_phases(game)
    bad = {k: f for k, t in phases.items() if (f := learn_text_faults(t))}
    assert not bad, f"{game.name}: learn texts that do not fit the panel: {bad}"
    first = kinds_met(game, seeds, max_choices)
    missing = sorted(k for k in first if not game.learn_text(k))
    assert not missing, f"{game.name}: no learn text for " + ", ".join(f"{k} (first at {first[k]})" for k in missing)
    known = set(getattr(policy, "HANDLED_KINDS", ())) | set(getattr(policy, "RANDOM_FALLBACK", ()))
    stale = sorted(set(phases) - known)
    assert not stale, f"{game.name}: learn texts for kinds the policy does not know: {stale}"
    return {k: game.learn_text(k) or "" for k in sorted(first)}
