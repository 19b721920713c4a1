"""The table store and sessions: claims, the guarded append, polling, take-backs, the bot lease."""
from __future__ import annotations

import random
import threading

import pytest

from boardgames_tui.engine.core import IllegalMove
from boardgames_tui.engine.identity import IdentityError, player_id
from boardgames_tui.engine.session import BOT, Match, Seat
from boardgames_tui.engine.table_session import StaleChoice, TableSession, new_table
from boardgames_tui.engine.table_store import CODE_ALPHABET, TableError, TableStore, normal_code, tables_path


def seats(n=2, bots=()):
    return [Seat(f"P{i + 1}", kind=BOT if i in bots else "human", level="easy" if i in bots else "random")
            for i in range(n)]


@pytest.fixture
def store(tmp_path):
    s = TableStore(tmp_path / "t.db")
    yield s
    s.close()


def other(store):
    """A second connection to the same file: another terminal."""
    return TableStore(store.path)


def play_to_my_turn(a: TableSession, b: TableSession, r: random.Random, limit=500):
    """Random choices by whichever of the two decides, until the game ends or ``limit``."""
    for _ in range(limit):
        d = a.match.decision()
        if d is None:
            return
        who = a if a.mine(d.player) else b
        who.poll()
        who.choose(r.choice(who.match.decision().options).key)
        for s in (a, b):
            s.poll()


def test_codes_are_short_unambiguous_and_random(store):
    codes = {new_table(store, "evolution", seats(), seed=1) for _ in range(30)}
    assert len(codes) == 30                      # the same seed, different codes
    for c in codes:
        assert len(c) == 6 and set(c) <= set(CODE_ALPHABET)
        assert not set(c) & set("0O1lI")
    assert normal_code(" ab-cd ef") == "ABCDEF"


def test_location_from_the_environment(monkeypatch, tmp_path):
    assert tables_path().name == "tables.db"
    monkeypatch.setenv("BOARDGAMES_TUI_TABLES", str(tmp_path / "shared.db"))
    assert tables_path() == tmp_path / "shared.db"


def test_identity(monkeypatch):
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "  alice ")
    assert player_id() == "alice"
    monkeypatch.setenv("BOARDGAMES_TUI_PLAYER", "a\x1b[2Jb")
    with pytest.raises(IdentityError):
        player_id()
    monkeypatch.delenv("BOARDGAMES_TUI_PLAYER")
    assert player_id()


def test_claims(store):
    code = new_table(store, "evolution", seats(3, bots={2}), seed=3)
    a = TableSession.join(store, code, "alice")              # the first free seat
    assert a.held == [0]
    assert TableSession.join(store, code, "alice").held == [0]   # her seat again
    b = TableSession.join(other(store), code, "bob")
    assert b.held == [1]
    with pytest.raises(TableError, match="taken by alice"):
        TableSession.join(store, code, "carol", seat=0)
    with pytest.raises(TableError, match="bot"):
        TableSession.join(store, code, "carol", seat=2)
    with pytest.raises(TableError, match="no free seat"):
        TableSession.join(store, code, "carol")
    with pytest.raises(TableError, match="seats 1 to 3"):
        TableSession.join(store, code, "carol", seat=5)
    # one player may hold several seats
    code2 = new_table(store, "evolution", seats(2), seed=3)
    TableSession.join(store, code2, "alice", seat=0)
    assert TableSession.join(store, code2, "alice", seat=1).held == [0, 1]
    info = store.info(code)
    assert [s.player for s in info.seats] == ["alice", "bob", None]


def test_a_choice_reaches_the_other_session_and_only_the_decider_chooses(store):
    code = new_table(store, "evolution", seats(), seed=5)
    a = TableSession.join(store, code, "alice")
    b = TableSession.join(other(store), code, "bob")
    r = random.Random(1)
    for _ in range(40):
        d = a.match.decision()
        mover, waiter = (a, b) if a.mine(d.player) else (b, a)
        key = r.choice(d.options).key
        with pytest.raises(IllegalMove, match="turn, not yours"):
            waiter.choose(key)
        mover.choose(key)
        assert not waiter.match.history or waiter.n == mover.n - 1
        assert waiter.poll()
        assert waiter.n == mover.n and waiter.match.state == mover.match.state
        assert not waiter.poll()                        # nothing new: nothing read
    assert store.info(code).n == 40


def test_stale_submit_changes_nothing(store):
    """Two sessions of one seat: the second to submit is refused and shown the new position."""
    code = new_table(store, "evolution", seats(), seed=7)
    a1 = TableSession.join(store, code, "alice", seat=0)
    a2 = TableSession.join(other(store), code, "alice", seat=0)
    TableSession.join(store, code, "bob", seat=1)
    while not a1.my_turn():                 # bob's choices, made by a bot stand-in
        b = TableSession.join(other(store), code, "bob")
        b.choose(b.match.decision().options[0].key)
        a1.poll()
        a2.poll()
    d = a1.match.decision()
    a1.choose(d.options[0].key)
    with pytest.raises(StaleChoice):
        a2.choose(d.options[-1].key)
    assert a2.n == a1.n and a2.match.state == a1.match.state
    assert store.read(code).keys[-1] == d.options[0].key


def test_simultaneous_submits_record_one_choice(tmp_path):
    """Two threads, two connections, one seat, the same count: exactly one append."""
    path = tmp_path / "t.db"
    code = new_table(TableStore(path), "phoenicia", seats(2), seed=2)
    first = TableStore(path).info(code).decider
    sessions = [TableSession.join(TableStore(path), code, "alice", seat=first) for _ in range(2)]
    TableSession.join(TableStore(path), code, "bob", seat=1 - first)
    assert sessions[0].my_turn()
    keys = [o.key for o in sessions[0].match.decision().options]
    won: list[str] = []
    barrier = threading.Barrier(2)

    def go(s, key):
        barrier.wait()
        try:
            s.choose(key)
            won.append(key)
        except StaleChoice:
            pass
    ts = [threading.Thread(target=go, args=(s, keys[i % len(keys)])) for i, s in enumerate(sessions)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert len(won) == 1
    assert TableStore(path).read(code).keys == won


def test_undo_follows_the_table(store):
    code = new_table(store, "utopia", seats(), seed=4)
    a = TableSession.join(store, code, "alice")
    b = TableSession.join(other(store), code, "bob")
    r = random.Random(3)
    undone = 0
    for _ in range(120):
        d = a.match.decision()
        if d is None:
            break
        mover, waiter = (a, b) if a.mine(d.player) else (b, a)
        mover.choose(r.choice(d.options).key)
        waiter.poll()
        ok, _ = waiter.can_undo()
        assert not ok                                     # never another seat's choice
        if mover.can_undo()[0]:
            before = mover.n
            mover.undo()
            undone += 1
            assert mover.n == before - 1
            assert waiter.poll() and waiter.n == mover.n and waiter.match.state == mover.match.state
            mover.choose(r.choice(mover.match.decision().options).key)
            waiter.poll()
    assert undone > 3
    assert a.match.state == b.match.state


def until_bot(*ss: TableSession) -> None:
    """The human (alice, in every session) chooses until the bot seat decides."""
    while not ss[0].bot_to_move():
        ss[0].choose(ss[0].match.decision().options[0].key)
    for s in ss[1:]:
        s.poll()


def test_bot_lease_is_held_by_one_session(store):
    code = new_table(store, "evolution", seats(2, bots={0}), seed=9)
    a1 = TableSession.join(store, code, "alice")
    a2 = TableSession.join(other(store), code, "alice")
    until_bot(a1, a2)
    watcher = TableSession.spectate(other(store), code, "eve")
    assert a1.bot_to_move() and not watcher.bot_to_move()
    assert a1.lease_bot()
    assert a1.lease_bot()                   # renewed by its holder
    assert not a2.lease_bot()               # the other session waits
    key = a1.match.decision().options[0].key
    with pytest.raises(IllegalMove):
        watcher.choose(key, for_bot=True)
    a1.choose(key, for_bot=True)
    a2.poll()
    if a2.bot_to_move():
        assert a2.lease_bot()               # the lease ended with the choice


def test_dropped_lease_runs_out(store):
    code = new_table(store, "evolution", seats(2, bots={0}), seed=9)
    a1 = TableSession.join(store, code, "alice")
    a2 = TableSession.join(other(store), code, "alice")
    until_bot(a1, a2)
    assert store.lease_bot(code, a1.n, a1.gen, a1.session_id, seconds=-1)   # taken, already expired
    assert a2.lease_bot()


def test_a_spectator_sees_the_public_view_and_cannot_choose(store):
    code = new_table(store, "evolution", seats(), seed=11)
    a = TableSession.join(store, code, "alice")
    w = TableSession.spectate(other(store), code, "eve")
    assert w.viewer() is None and a.viewer() == 0
    with pytest.raises(IllegalMove, match="watching"):
        w.choose(w.match.decision().options[0].key)


def test_rejoin_restores_the_position(store):
    code = new_table(store, "imperial", seats(3), seed=2)
    a = TableSession.join(store, code, "alice")
    b = TableSession.join(other(store), code, "bob")
    c = TableSession.join(other(store), code, "carol")
    r = random.Random(5)
    for _ in range(60):
        d = a.match.decision()
        s = next(x for x in (a, b, c) if x.mine(d.player))
        s.poll()
        s.choose(r.choice(s.match.decision().options).key)
        a.poll()
    again = TableSession.join(TableStore(store.path), code, "bob")
    a.poll()
    assert again.held == [1] and again.match.state == a.match.state


def test_missing_table_is_one_line(store):
    with pytest.raises(TableError, match="no table"):
        TableSession.join(store, "ZZZZZZ", "alice")


def test_same_final_state_as_one_process(store):
    """A whole game played through the store ends in the state of the same keys in one match."""
    code = new_table(store, "phoenicia", seats(3), seed=13)
    ss = [TableSession.join(TableStore(store.path), code, n) for n in ("a", "b", "c")]
    r = random.Random(2)
    while (d := ss[0].match.decision()) is not None:
        s = next(x for x in ss if x.mine(d.player))
        s.poll()
        s.choose(r.choice(d.options).key)
        for x in ss:
            x.poll()
    keys = store.read(code).keys
    solo = Match.replay("phoenicia", ss[0].match.seats, 13, ss[0].match.options, keys)
    assert solo.state == ss[1].match.state and solo.is_over()
    assert store.info(code).over



class CommitAfterRead(TableStore):
    """A connection on which, once, another terminal commits right after a whole-table read returns
    (while this session replays what it read): the interleaving that hung seat processes."""
    def __init__(self, path, meanwhile):
        super().__init__(path)
        self.meanwhile = meanwhile

    def read(self, code, since=0, gen=None):
        r = super().read(code, since, gen)
        if self.meanwhile is not None and since == 0:
            act, self.meanwhile = self.meanwhile, None
            act()
        return r


def first_mover(store, game="utopia", seed=20):
    """A two-seat table and Alice's session on the seat that decides first; Bob's seat is the other."""
    code = new_table(store, game, seats(), seed=seed)
    first = store.info(code).decider
    return code, TableSession.join(store, code, "alice", seat=first), 1 - first


def test_a_choice_made_while_a_session_loads_is_not_missed(store):
    """Bob joins while Alice chooses: her choice, committed after his read, must reach his next poll.
    It was taken as seen and never read, and both seats waited for each other for ever."""
    code, a, bob_seat = first_mover(store)
    key = a.match.decision().options[0].key
    b = TableSession.join(CommitAfterRead(store.path, lambda: a.choose(key)), code, "bob", seat=bob_seat)
    assert b.n == 0 and a.n == 1              # he loaded the table before her choice
    assert b.poll()
    assert b.n == 1 and b.match.state == a.match.state


def test_a_take_back_made_while_a_session_loads_is_not_missed(store):
    """Alice takes her choice back and makes another while Bob loads: the count is the same as
    the one he read, the generation is not, and his next poll must replay (not read on from it)."""
    code, a, bob_seat = first_mover(store)
    d = a.match.decision()
    a.choose(d.options[0].key)
    assert a.can_undo()[0]

    def change_her_mind():
        a.undo()
        a.choose(d.options[1].key)
    b = TableSession.join(CommitAfterRead(store.path, change_her_mind), code, "bob", seat=bob_seat)
    assert b.match.history[0].key == d.options[0].key      # what he read
    assert b.poll()
    assert b.match.choices == a.match.choices == [d.options[1].key]
    assert b.match.state == a.match.state
