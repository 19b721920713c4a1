"""The Textual user interface.

Import ``boardgames_tui.ui.app`` lazily: it imports Textual, and the engine,
the bots, the rules and the CLI module must not.  Entry points (used by the
CLI): ``app.run_app(match=None, *, demo=False, delay=0.6)`` and
``app.save_screenshot(match, path, size=(120, 40))``.

Layout of the package:

* ``app.py`` / ``app.tcss`` — the App, navigation between screens, the
  too-small notice, the command palette entries.
* ``screens/`` — main menu, new-game form, the generic game screen, help,
  scores, dialogs.  None of them knows any game's rules: they talk to
  ``Match`` (decision, choose, undo, view) only.
* ``widgets/`` — pieces every game screen shares: turn banner, option picker
  (searchable list of legal options), log, curtain, score table, and
  ``BoardWidget``, the base class of a game's own area.
* ``boards.py`` — game name → board widget, read from the game's entry in
  ``engine/registry.py``.  A new game plugs in by writing a ``BoardWidget``
  subclass (e.g. ``games/<name>/screen.py``) that renders its ``view`` dict
  and naming it in its registry entry; an entry without a board gets the
  generic board (the view as data) and is fully playable through the option
  list.
* ``theme.py`` — seat colours, letters and symbols.
"""
