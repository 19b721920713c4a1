"""The game-agnostic rules protocol.

Every game is a :class:`Game` subclass whose instance is stateless; all of the
position lives in a plain-data state object that the game creates.  The API is
deliberately small (in the spirit of python-chess and OpenSpiel):

* ``new_game(names, seed, options)`` makes a state with its random source inside.
* ``decision(state)`` says who must decide now, what, and lists every legal
  :class:`Option`.  ``None`` means the game is over.  Multi-part choices are
  broken into a sequence of small decisions (a stack of pending steps inside the
  state, as in TabletopGames' ``IExtendedSequence``), so every option list is
  short, enumerable and stable.  Decisions by a player out of turn (a bid, a
  defender's reaction) are simply decisions whose ``player`` is someone else.
* ``apply(state, key)`` validates ``key`` against the current decision *before*
  touching anything and raises :class:`IllegalMove` with the rule's reason; only
  then does it mutate the state in place.  Mutating in place (rather than
  returning a copy) is what keeps bots and ``simulate`` fast; the guarantee
  "an illegal action leaves the state untouched" comes from validating first.
* ``view(state, viewer)`` returns plain data with everything the viewer may not
  see replaced by counts or backs, including redacted log lines.

Why string keys: a choice is stored in save files as the option's ``key``.
Keys are stable names ("card:17", "eat:2"), not list positions, so a save file
stays readable and a replay fails loudly, not silently, if the rules change.

Why reveals are counted by construction: the state's random source
(``state.rng``, an :class:`~boardgames_tui.engine.rng.Rng`) counts every random
call, and the same object counts every reveal: a draw from a face-down
:class:`~boardgames_tui.engine.hidden.Deck` (which cannot be drawn from without
it) and every hidden-to-visible flip (``rng.reveal()``).  ``rng.mark`` is that
count; the session compares it before and after a choice for the undo policy
of Board Game Arena (you may take back your own choices until something hidden
or random appeared).  The conformance suite checks the count against what the
player's view actually learnt, using each game's ``determinize``.

Multi-part and out-of-turn choices use the step stack of
:mod:`boardgames_tui.engine.steps`; every game is a ``StepGame``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from .text import one_line, quoted

if TYPE_CHECKING:
    import random


def fast_copy(obj: Any) -> Any:
    """A deep copy through an in-memory pickle, 3-5x faster than
    ``copy.deepcopy`` on our dataclass states.  The bytes never leave the
    process (save files are JSON); objects that cannot be pickled fall back
    to ``deepcopy``.  (``pickle`` and ``copy`` are imported here, not at the
    top: the menu should not pay for them at start-up.)"""
    import copy
    import pickle

    try:
        return pickle.loads(pickle.dumps(obj, pickle.HIGHEST_PROTOCOL))
    except (pickle.PicklingError, TypeError, AttributeError):
        return copy.deepcopy(obj)


class IllegalMove(Exception):
    """An action the rules forbid.  ``reason`` names the rule."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Option(NamedTuple):
    """One legal choice.

    ``key`` is the stable identifier stored in save files; ``label`` is what a
    person reads; ``target`` is an optional hint for bespoke widgets, e.g.
    ``("species", owner, index)`` or ``("card", card_id)``, so a map or a hand
    can highlight and pick the option without parsing keys.

    A named tuple, immutable, rather than a frozen dataclass: every decision
    builds its whole option list, and a tuple is built in 40% of the time.
    """

    key: str
    label: str
    target: tuple | None = None
    # Plain data for the step that offered the option (a card id, a tuple of
    # indexes), so applying a choice never parses its key.
    value: Any = None


def _stale_prompt() -> str:
    return ""


@dataclass(slots=True, eq=False)
class Decision:
    """Who must decide now, what, and the complete list of legal options.

    ``prompt`` is public: the screen shows it to everybody (a bot's prompt
    stays on screen while it thinks), so it must name nothing private, such as
    the hand card being played.  Private detail belongs in the option labels,
    which only the deciding player sees.

    The prompt may be given as a function of the position, called the first
    time ``prompt`` is read: bots, replays and random play never read it, and
    building it was a twentieth of Civilization's random play.  It must be read
    while its position is current: ``Match.decision`` reads it at once, so
    does a copy of the state (which shares the decision), and ``Game.apply``
    turns a prompt nobody read into "" rather than let it describe the
    position after the choice.
    """

    player: int
    _prompt: str | Callable[[], str]
    kind: str
    options: list[Option]
    # True when answering it means looking at the player's private holdings, so
    # a hot-seat UI must hand the keyboard over behind a curtain first.
    private: bool = True
    _index: dict[str, Option] | None = field(default=None, repr=False, compare=False)
    _asked: bool = field(default=False, repr=False, compare=False)

    def get(self, key: str) -> Option | None:
        """The option with this key.  The first question scans the list (a game asks once: the key
        being applied); the index is built only for a caller that asks again."""
        if self._index is None:
            if not self._asked:
                self._asked = True
                for o in self.options:
                    if o.key == key:
                        return o
                return None
            self._index = {o.key: o for o in self.options}
        return self._index.get(key)

    @property
    def prompt(self) -> str:
        p = self._prompt
        if isinstance(p, str):
            return p
        text = self._prompt = p()
        return text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.player == other.player and self.kind == other.kind and self.private == other.private
                and self.options == other.options and self.prompt == other.prompt)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, prompt={self.prompt!r}, kind={self.kind!r}, "
                f"options={self.options!r}, private={self.private!r})")

    def __contains__(self, key: str) -> bool:
        return self.get(key) is not None

    def keys(self) -> list[str]:
        return [o.key for o in self.options]


@dataclass(frozen=True, slots=True)
class GameOption:
    """A setting chosen when a game is created (e.g. which deck)."""

    name: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the move log, never changed once written (frozen: copies of
    a state share the entries; a redacted line is a new entry).

    ``text`` is what everybody reads.  When part of the event is private
    (the cards a player drew), ``private_to`` names the one player who reads
    ``private_text`` instead.
    """

    text: str
    private_to: int | None = None
    private_text: str | None = None
    round: int = 0

    def for_viewer(self, viewer: int | None) -> str:
        if self.private_to is not None and viewer == self.private_to and self.private_text:
            return self.private_text
        return self.text


class Game:
    """Base class of a game's rules.  Subclasses fill in the class attributes
    and the abstract methods; instances hold no per-game data."""

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    description: str = ""
    rules_version: str = "1"
    game_options: tuple[GameOption, ...] = ()
    # False for a game of open information (Imperial): no step is private and
    # no choice reveals anything; the conformance suite checks both.
    hidden_information: bool = True
    # Options that pass, end a phase, a turn or a maneuver, or take nothing, by the first part of
    # their key, with the key a player presses for them: ``p`` declines, ``e`` ends.  The UI lists
    # them last, led by that key, never puts a new decision's highlight on one while another option
    # is open, and keeps them in sight under a list too long for its room.  A game whose keys
    # differ extends the table.
    passing_keys: dict[str, str] = {
        "pass": "p", "none": "p", "decline": "p", "enough": "p", "stop": "p", "let": "p",
        "end": "e", "done": "e",
    }

    # -- to implement -------------------------------------------------------
    def new_game(self, names: list[str], seed: int, options: dict[str, str] | None = None) -> Any:
        raise NotImplementedError

    def decision(self, state: Any) -> Decision | None:
        raise NotImplementedError

    def _apply(self, state: Any, decision: Decision, option: Option) -> None:
        """Carry out an option already known to be legal (mutates state)."""
        raise NotImplementedError

    def view(self, state: Any, viewer: int | None) -> dict:
        raise NotImplementedError

    def scores(self, state: Any) -> list[int]:
        raise NotImplementedError

    def winners(self, state: Any) -> list[int]:
        raise NotImplementedError

    def round_number(self, state: Any) -> int:
        return getattr(state, "round", 0)

    def passing(self, option: Option) -> str | None:
        """The key a player presses for ``option`` if it passes or ends (see ``passing_keys``), else None."""
        head, _, _ = option.key.partition(":")
        return self.passing_keys.get(head)

    # What ``standing`` counts, in a word or two for a line that keeps it in view ("score").
    standing_label = "score"

    def standing(self, state: Any) -> list[int]:
        """Each player's score at any position, finished or not (the end screen's chart of scores by
        round).  By default the game's own ``scores``, which every game can count mid-game; a game whose
        final score says only who won (Civilization) gives its progress toward victory instead."""
        return self.scores(state)

    def end_note(self, state: Any) -> str:
        """How the game ended, for the end screen ("by ..."): ``end_kind`` unless a game says more."""
        return self.end_kind(state)

    def score_detail(self, state: Any, player: int) -> str:
        """How ``player``'s final score is made up, in a few words for the end screen ("" if the
        number says it all)."""
        return ""

    def end_kind(self, state: Any) -> str:
        """How a finished game ended, in a word or two (Civilization: which victory); "" when a game has
        one way to end.  ``simulate`` counts them."""
        return ""

    def why_illegal(self, state: Any, decision: Decision, key: str) -> str:
        """Explain why ``key`` is not legal now.  Games override this to name
        the rule; the fallback names the decision being asked."""
        return f"{quoted(key)} is not a legal choice now: {decision.prompt}"

    def rules_notes(self) -> str:
        """The game's rules notes (Markdown) for the in-game rules screen."""
        return ""

    def learn_text(self, kind: str) -> str | None:
        """What a decision of ``kind`` is for, in at most three sentences, for the guided first game
        (``learn``): ``PHASES`` of ``boardgames_tui.games.<name>.learn``.  None for a kind without a
        text or a game without the module (the engine's test games)."""
        phases: dict[str, str] = getattr(self._learn_module(), "PHASES", {})
        return phases.get(kind)

    def goal(self) -> tuple[tuple[str, str], ...]:
        """The goal card: (heading, text) pairs saying how to win, what scores, when the game ends
        and what a round looks like (``GOAL`` of the game's learn module; empty without one)."""
        return tuple(getattr(self._learn_module(), "GOAL", ()))

    def _learn_module(self) -> Any:
        """The game's texts for learners, imported only when asked so the rules layer loads no texts
        it does not show; None for a game without them."""
        import importlib
        module_name = f"boardgames_tui.games.{self.name}.learn"
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            # Only the module's own absence means "no texts"; a broken import inside it is a bug.
            if e.name is not None and (module_name + ".").startswith(e.name + "."):
                return None
            raise

    def determinize(self, state: Any, viewer: int, rng: random.Random) -> Any:
        """A complete state that ``viewer`` cannot tell apart from ``state``.

        Everything ``viewer`` cannot see is sampled afresh with ``rng``: the
        other players' hidden holdings, face-down cards, the deck order, and
        the state's own random source (future draws are unknown too).  The
        result is a new object; ``state`` is untouched.  Search bots sample
        with it; the conformance suite uses it to prove that views leak
        nothing and that reveals are counted."""
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        """An independent copy of a state (undo snapshots, search bots).  The
        cached decision is shared, not copied: both copies stand at the same
        position and ``apply`` replaces the cache rather than changing it."""
        cached = getattr(state, "_decision", None)
        state._decision = None
        try:
            out = fast_copy(state)
        finally:
            state._decision = cached
        out._decision = cached
        return out

    # -- shared machinery -----------------------------------------------------
    def options_with_defaults(self, options: dict[str, str] | None) -> dict[str, str]:
        """Validate game options and fill in defaults; unknown names or values
        raise ValueError with a one-line reason."""
        given = dict(options or {})
        out: dict[str, str] = {}
        known = {o.name: o for o in self.game_options}
        for name in given:
            if name not in known:
                raise ValueError(
                    f"unknown option {quoted(name)} for {self.name}; known: {', '.join(known) or 'none'}")
        for opt in self.game_options:
            value = str(given.get(opt.name, opt.default))
            if value not in opt.choices:
                raise ValueError(
                    f"option {opt.name} must be one of {', '.join(opt.choices)}, not {quoted(value)}")
            out[opt.name] = value
        return out

    def check_player_count(self, n: int, options: dict[str, str] | None = None) -> None:
        lo, hi = self.player_range(options)
        if not lo <= n <= hi:
            raise ValueError(f"{self.title} takes {lo} to {hi} players, not {n}")

    def player_range(self, options: dict[str, str] | None = None) -> tuple[int, int]:
        return self.min_players, self.max_players

    def cached_decision(self, state: Any) -> Decision | None:
        """``decision(state)`` computed once per position (the cache lives on
        the state and is dropped by ``apply``)."""
        d = getattr(state, "_decision", None)
        if d is None:
            d = self.decision(state)
            state._decision = d if d is not None else False
        return d or None

    def apply(self, state: Any, key: str) -> None:
        """Validate ``key`` against the current decision, then apply it.

        Raises :class:`IllegalMove` (state untouched) if the game is over or
        the key is not among the legal options."""
        d = self.cached_decision(state)
        if d is None:
            raise IllegalMove("the game is over")
        opt = d.get(key)
        if opt is None:
            raise IllegalMove(one_line(self.why_illegal(state, d, key)))
        state._decision = None
        if type(d._prompt) is not str:   # nobody read it: it would describe the position after this
            d._prompt = _stale_prompt
        self._apply(state, d, opt)

    def current_player(self, state: Any) -> int | None:
        """Who decides now (None: the game is over), for a caller that needs no more of the decision
        (a replay); a game may answer without building it."""
        d = self.cached_decision(state)
        return d.player if d is not None else None

    def is_over(self, state: Any) -> bool:
        return self.cached_decision(state) is None

    def legal_keys(self, state: Any) -> Iterable[str]:
        d = self.cached_decision(state)
        return d.keys() if d else []
