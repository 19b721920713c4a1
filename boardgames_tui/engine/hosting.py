"""Hosted mode and private folders.

``BOARDGAMES_TUI_HOSTED=1`` is set by the README's login script for a host
where friends ssh in to one shared Unix account.  The OS cannot keep the
friends apart there, so the app does: Save, Load and ``resume FILE`` take a
plain name in the friend's own saves folder only, and the palette has no
Screenshot (see :mod:`.save` and ``ui/app.py``).

The one file outside the friend's folder that the app opens there is the
shared tables file, ``BOARDGAMES_TUI_TABLES`` (every friend's sessions must
reach it to play at one table): the host names it (the login script, or
``boardgames-tui web`` for its tabs), the player has no way to.  It is opened
like the autosave database (:func:`.store.open_private_db`): made 0600, and
refused if it or its ``-wal``/``-shm`` file is a link.

In every mode the folders the app makes are 0700 and its files 0600.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

ENV = "BOARDGAMES_TUI_HOSTED"


def hosted() -> bool:
    """Hosted mode is on: the variable is set to anything but empty or ``0``
    (a typo such as ``yes`` must not turn the guards off)."""
    return os.environ.get(ENV, "").strip() not in ("", "0")


def private_dir(path: Path | str) -> Path:
    """``path`` as a folder; the folders missing on the way are made 0700.
    In hosted mode an existing ``path`` of ours that is wider is tightened to
    0700; in normal mode a user's existing folder is theirs and left alone."""
    path = Path(path)
    missing = []
    p = path
    while not os.path.lexists(p) and p != p.parent:
        missing.append(p)
        p = p.parent
    for q in reversed(missing):
        try:
            os.mkdir(q, 0o700)
        except FileExistsError:
            continue  # made meanwhile by another process: not ours to change
        os.chmod(q, 0o700)  # the umask may have taken more than group and other bits
    if not missing and hosted():
        tighten(path, 0o700)
    return path


def tighten(path: Path | str, mode: int) -> None:
    """Hosted mode's repair of an older install: ``path`` (not a link, owned
    by us) loses any permission bits beyond ``mode``.  Errors are ignored."""
    getuid = getattr(os, "getuid", None)  # not on Windows: no owner to compare
    try:
        st = os.lstat(path)
        if getuid is None or stat.S_ISLNK(st.st_mode) or st.st_uid != getuid():
            return
        if stat.S_IMODE(st.st_mode) & ~mode:
            os.chmod(path, stat.S_IMODE(st.st_mode) & mode)
    except OSError:
        pass
