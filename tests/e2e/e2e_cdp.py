"""A minimal Chrome DevTools Protocol client over ``websocket-client``.

Enough for a test: start headless Chromium on a free DevTools port, attach to
its page, call methods (each with a deadline), evaluate JavaScript and type
keys.  Events are read and dropped; nothing here waits without a timeout.
"""
from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from pathlib import Path

import websocket  # websocket-client

from e2e_support import kill_group, kill_marked

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--disable-default-apps", "--mute-audio",
    "--window-size=1200,800",
]
# Only this machine: the page's web-font link fails at once instead of waiting on a name
# look-up.  A test may let more of this machine's names through (Browser's ``reachable``).
REACHABLE = ("localhost", "127.0.0.1")


def resolver_rules(reachable: tuple[str, ...] | list[str] = ()) -> str:
    return "--host-resolver-rules=MAP * ~NOTFOUND" + "".join(
        f", EXCLUDE {name}" for name in dict.fromkeys((*REACHABLE, *reachable)))


# textual-serve's page keeps its xterm.js ``Terminal`` in a closure: run before the page's
# own scripts (Page.addScriptToEvaluateOnNewDocument), this notes the object whose
# ``terminal`` is set while it has a ``websocket_url`` (textual-serve's session), so that
# SCREEN can read xterm's own screen buffer as text.
TERMINAL_HOOK = r"""
(() => {
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    set(value) {
      Object.defineProperty(this, "terminal",
        {value, writable: true, configurable: true, enumerable: true});
      if (value && this.websocket_url !== undefined && "buffer" in value) {
        window.__bgtTerminal = value;
      }
    },
  });
})();
"""

SCREEN = r"""
(() => {
  const t = window.__bgtTerminal;
  if (!t) return null;
  const b = t.buffer.active, lines = [];
  for (let y = 0; y < t.rows; y++) {
    const line = b.getLine(b.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\n");
})()
"""


class CDPError(AssertionError):
    pass


class Browser:
    """Headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self, executable: str, profile: Path, log: Path, timeout: float = 30.0,
                 reachable: tuple[str, ...] | list[str] = ()):
        self.profile = profile
        self.log_path = log
        self.proc: subprocess.Popen | None = None
        self.ws: websocket.WebSocket | None = None
        self._id = 0
        args = [executable, *CHROMIUM_FLAGS, resolver_rules(reachable), f"--user-data-dir={profile}",
                "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "about:blank"]
        self._log = open(log, "wb")
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self._log,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        try:
            self._attach(timeout)
        except BaseException:
            self.close()
            raise

    def _attach(self, timeout: float) -> None:
        port_file = self.profile / "DevToolsActivePort"
        deadline = time.monotonic() + timeout
        port = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise CDPError(f"chromium exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                port = int(port_file.read_text().split()[0])
                break
            except (OSError, ValueError, IndexError):
                time.sleep(0.1)
        if port is None:
            raise CDPError(f"chromium opened no DevTools port in {timeout} s:\n{self.log_tail()}")
        url = None
        while time.monotonic() < deadline and url is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as r:
                    pages = [t for t in json.load(r) if t.get("type") == "page"]
                url = pages[0]["webSocketDebuggerUrl"] if pages else None
            except OSError:
                pass
            if url is None:
                time.sleep(0.1)
        if url is None:
            raise CDPError(f"chromium shows no page target:\n{self.log_tail()}")
        # suppress_origin: Chromium refuses DevTools websockets with an Origin it does not allow
        self.ws = websocket.create_connection(url, timeout=10, suppress_origin=True)

    def log_tail(self, n: int = 3000) -> str:
        try:
            self._log.flush()
            return self.log_path.read_text(errors="replace")[-n:]
        except OSError:
            return ""

    # -- the protocol -------------------------------------------------------------
    def call(self, method: str, timeout: float = 15.0, **params):
        """Send one command and return its result (events in between are dropped)."""
        assert self.ws is not None
        self._id += 1
        my_id = self._id
        self.ws.send(json.dumps({"id": my_id, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise CDPError(f"no answer to {method} in {timeout} s")
            self.ws.settimeout(left)
            try:
                msg = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                raise CDPError(f"no answer to {method} in {timeout} s") from None
            if msg.get("id") == my_id:
                if "error" in msg:
                    raise CDPError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    def evaluate(self, expression: str, timeout: float = 15.0):
        r = self.call("Runtime.evaluate", timeout=timeout, expression=expression,
                      returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise CDPError(f"JavaScript error: {r['exceptionDetails']}")
        return r.get("result", {}).get("value")

    def open_terminal_page(self, url: str) -> None:
        """Load textual-serve's page at ``url`` with TERMINAL_HOOK in place (see :meth:`screen`)."""
        self.call("Page.enable")
        self.call("Page.addScriptToEvaluateOnNewDocument", source=TERMINAL_HOOK)
        self.call("Page.navigate", url=url)

    def screen(self) -> str:
        """The page's terminal as text, one line a row ("" before the session draws)."""
        return self.evaluate(SCREEN) or ""

    # -- keys, as a person types them ---------------------------------------------------
    KEYS = {
        "Enter": ("Enter", "Enter", 13, "\r"),
        "Escape": ("Escape", "Escape", 27, ""),
        "Tab": ("Tab", "Tab", 9, "\t"),
        "ArrowDown": ("ArrowDown", "ArrowDown", 40, ""),
        "ArrowUp": ("ArrowUp", "ArrowUp", 38, ""),
    }

    def press(self, key: str, ctrl: bool = False) -> None:
        """Press and release one key: a name in KEYS or a single letter."""
        if key in self.KEYS:
            k, code, vk, text = self.KEYS[key]
        else:
            k, code, vk, text = key, f"Key{key.upper()}", ord(key.upper()), key
        modifiers = 2 if ctrl else 0
        down = {"type": "keyDown" if text and not ctrl else "rawKeyDown", "key": k, "code": code,
                "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk, "modifiers": modifiers}
        if text and not ctrl:
            down["text"] = down["unmodifiedText"] = text
        if ctrl:
            self.call("Input.dispatchKeyEvent", type="keyDown", key="Control", code="ControlLeft",
                      windowsVirtualKeyCode=17, modifiers=2)
        self.call("Input.dispatchKeyEvent", **down)
        self.call("Input.dispatchKeyEvent", type="keyUp", key=k, code=code,
                  windowsVirtualKeyCode=vk, nativeVirtualKeyCode=vk, modifiers=modifiers)
        if ctrl:
            self.call("Input.dispatchKeyEvent", type="keyUp", key="Control", code="ControlLeft",
                      windowsVirtualKeyCode=17)

    def screenshot(self, path: Path) -> None:
        import base64
        data = self.call("Page.captureScreenshot", timeout=20, format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        if self.ws is not None:
            try:
                self.ws.settimeout(2)
                self.ws.send(json.dumps({"id": 0, "method": "Browser.close", "params": {}}))
            except Exception:
                pass
            try:
                self.ws.close()
            except Exception:
                pass
            self.ws = None
        if self.proc is not None:
            try:
                self.proc.wait(timeout=3)
            except subprocess.TimeoutExpired:
                pass
            kill_group(self.proc)
            self.proc = None
        kill_marked(str(self.profile))
        self._log.close()
