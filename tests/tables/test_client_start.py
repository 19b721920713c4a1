"""Where a client may start a table server: at a socket in its own account's folder only (a host's
shared server is started by the host), and a server it cannot start is one line, never a traceback
(the screen's reconnect goes on trying)."""
from __future__ import annotations

import os
import stat

import pytest

from boardgames_tui.tables import address, client


def test_no_server_is_started_in_another_accounts_folder(tmp_path, monkeypatch):
    folder = tmp_path / "run"
    folder.mkdir()
    uid = os.getuid()
    monkeypatch.setattr(client.os, "getuid", lambda: uid + 1)   # the folder is now another account's

    def start_server(path):
        raise AssertionError("a client started a server in another account's folder")
    monkeypatch.setattr(client, "start_server", start_server)
    with pytest.raises(client.ClientError, match="it is the host's") as e:
        client.open_socket(folder / "tables.sock")
    assert "\n" not in str(e.value) and str(folder / "tables.sock") in str(e.value)


def test_a_server_that_cannot_be_started_is_one_line(tmp_path, monkeypatch):
    def start_server(path):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(client, "start_server", start_server)
    with pytest.raises(client.ClientError, match="none can be started here .Permission denied.") as e:
        client.open_socket(tmp_path / "gone" / "tables.sock")
    assert "\n" not in str(e.value)


def test_the_folder_of_a_shared_socket_is_open_to_every_account(tmp_path):
    shared = address.prepare(tmp_path / "shared" / "tables.sock", shared=True)
    mine = address.prepare(tmp_path / "mine" / "tables.sock")
    assert stat.S_IMODE(shared.parent.stat().st_mode) == 0o755
    assert stat.S_IMODE(mine.parent.stat().st_mode) == 0o700
