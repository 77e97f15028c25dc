"""Headless Debian `chromium` driven over the DevTools protocol (websocket-client), for the browser checks.

One browser process per `Chromium()`; `load(path)` opens a local file in its one tab and waits for the load
event; `evaluate(js)` runs an expression (awaiting a promise) and returns its JSON value. The checks batch many
messages into one page, so a run costs a few page loads, not one per message.
"""
import json, os, re, shutil, subprocess, tempfile, time, urllib.request

import websocket


def browser_path():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise SystemExit("chromium is missing: run scripts/browser-deps")
    return path


def icu_data_path():
    """The ICU data file the browser carries (`icudtl.dat`), or None. Chromium's ICU has Lao and Khmer
    dictionaries of its own, so Bubble breaks those scripts as Chromium does when $BUBBLE_BREAK_DICTIONARIES
    names this file (docs/web-clients.md). Debian's `chromium` is a shell script over /usr/lib/chromium/."""
    exe = os.path.realpath(browser_path())
    for folder in (os.path.dirname(exe), os.path.join("/usr/lib", os.path.basename(exe))):
        path = os.path.join(folder, "icudtl.dat")
        if os.path.isfile(path):
            return path
    return None


class Chromium:
    def __init__(self, width=1200, height=900):
        self.profile = tempfile.mkdtemp(prefix="bubble-chromium-")
        args = [browser_path(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--allow-file-access-from-files", "--remote-debugging-port=0", "--force-device-scale-factor=1",
                f"--window-size={width},{height}", f"--user-data-dir={self.profile}", "about:blank"]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            line = self.process.stderr.readline()
            if not line and self.process.poll() is not None:
                raise RuntimeError("chromium exited before it listened")
            m = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if m: port = int(m.group(1))
        if port is None:
            self.close(); raise RuntimeError("chromium did not start its DevTools server in 30 s")
        # Chromium keeps writing to stderr: drain it so the pipe never fills.
        import threading
        threading.Thread(target=lambda: [None for _ in self.process.stderr], daemon=True).start()
        pages = []
        while not pages and time.time() < deadline:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as r:
                pages = [t for t in json.load(r) if t.get("type") == "page"]
            if not pages: time.sleep(0.1)
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=300,
                                              suppress_origin=True)
        self.next_id = 0
        self.events = []
        self.call("Page.enable")
        self.call("Runtime.enable")

    def call(self, method, **params):
        """Sends one command and returns its result, keeping the events that arrive meanwhile."""
        self.next_id += 1
        me = self.next_id
        self.ws.send(json.dumps({"id": me, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == me:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for i, e in enumerate(self.events):
                if e["method"] == event:
                    del self.events[:i + 1]
                    return e
            self.events.append(json.loads(self.ws.recv()))
        raise TimeoutError(event)

    def load(self, url):
        if "://" not in url:
            url = "file://" + os.path.abspath(url)
        self.events.clear()
        self.call("Page.navigate", url=url)
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise RuntimeError(f"page script failed: {text}")
        return result["result"].get("value")

    def close(self):
        try:
            if getattr(self, "ws", None): self.ws.close()
        finally:
            if self.process.poll() is None:
                self.process.terminate()
                try: self.process.wait(10)
                except subprocess.TimeoutExpired: self.process.kill()
            shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self): return self
    def __exit__(self, *exc): self.close()
