"""Where a host's table server listens: its Unix socket, and the lock that keeps it one.

``BOARDGAMES_TUI_SOCKET`` if set (a host's shared server: the README's SSH recipe), else a socket
for this data folder's table store: under ``$XDG_RUNTIME_DIR`` when there is one (a private
folder the login made), else in the data folder.  The name carries a hash of the store's path, so
two data folders (two test runs, two helpers) never share a server.  A socket path is limited to
about 100 bytes: a longer one moves to a private folder under the temporary folder.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from ..engine.hosting import private_dir
from ..engine.table_store import tables_path

ENV = "BOARDGAMES_TUI_SOCKET"
MAX_SOCKET_PATH = 100   # sun_path is 108 bytes on Linux, 104 on the BSDs


def socket_path(store: Path | None = None) -> Path:
    given = os.environ.get(ENV)
    if given:
        return Path(given)
    store = (store or tables_path()).resolve()
    tag = hashlib.sha256(str(store).encode()).hexdigest()[:12]
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    folder = Path(runtime) / "boardgames-tui" if runtime else store.parent
    path = folder / f"tables-{tag}.sock"
    if len(str(path)) > MAX_SOCKET_PATH:
        path = Path(tempfile.gettempdir()) / f"boardgames-tui-{os.getuid()}" / f"tables-{tag}.sock"
    return path


def prepare(path: Path, shared: bool = False) -> Path:
    """The socket's folder, made 0700 if missing (``shared``: 0755, so that every account reaches
    the socket of ``serve --shared``; only the server's account may write there)."""
    if shared and not path.parent.exists():
        path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
        path.parent.chmod(0o755)   # whatever the umask took
        return path
    private_dir(path.parent)
    return path


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


__all__ = ["ENV", "lock_path", "prepare", "socket_path"]
