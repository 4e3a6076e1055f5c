"""A headless Chromium driven over the DevTools protocol with aiohttp (no Playwright, no
Selenium: nothing more to install than Debian's chromium). Enough to use a page as a
person does: real mouse clicks at an element's place, typed text, keys, and reading
what is shown.

    async with Browser.launch() as browser:
        tab = await browser.tab(url)
        await tab.click("#join-form button")
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import re
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from tests.waiting import DEADLINE, eventually

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find_chromium() -> str | None:
    """The browser to drive: $CHROMIUM, else the first of ``CANDIDATES`` on the PATH."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named) or (named if Path(named).exists() else None)
    return next((found for found in map(shutil.which, CANDIDATES) if found), None)


class BrowserError(AssertionError):
    pass


class Browser:
    def __init__(self, process: asyncio.subprocess.Process, ws: aiohttp.ClientWebSocketResponse,
                 http: aiohttp.ClientSession) -> None:
        self.process = process
        self.ws = ws
        self.http = http
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self.events: list[dict[str, Any]] = []
        self._reader = asyncio.create_task(self._read())

    @classmethod
    @contextlib.asynccontextmanager
    async def launch(cls, executable: str | None = None) -> AsyncIterator[Browser]:
        executable = executable or find_chromium()
        if executable is None:
            raise BrowserError("no Chromium found")
        profile = tempfile.mkdtemp(prefix="sandbox-chromium-")
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--remote-debugging-port=0", f"--user-data-dir={profile}", "--window-size=1280,900", "about:blank"]
        process = await asyncio.create_subprocess_exec(executable, *args, stdout=asyncio.subprocess.DEVNULL,
                                                       stderr=asyncio.subprocess.PIPE)
        http = aiohttp.ClientSession()
        try:
            address = await asyncio.wait_for(cls._devtools_address(process), DEADLINE)
            ws = await http.ws_connect(address, max_msg_size=0)
            browser = cls(process, ws, http)
            try:
                yield browser
            finally:
                await browser.close()
        finally:
            await http.close()
            if process.returncode is None:
                process.kill()
            await process.wait()
            shutil.rmtree(profile, ignore_errors=True)

    @staticmethod
    async def _devtools_address(process: asyncio.subprocess.Process) -> str:
        assert process.stderr is not None
        while True:
            line = await process.stderr.readline()
            if not line:
                raise BrowserError("Chromium stopped before it listened for DevTools")
            found = re.search(rb"DevTools listening on (ws://\S+)", line)
            if found:
                # Keep reading stderr, so Chromium never blocks on a full pipe.
                asyncio.get_running_loop().create_task(_drain(process.stderr))
                return found.group(1).decode()

    async def _read(self) -> None:
        async for frame in self.ws:
            if frame.type is not aiohttp.WSMsgType.TEXT:
                break
            message = json.loads(frame.data)
            waiting = self._waiting.pop(message.get("id", -1), None)
            if waiting is not None and not waiting.done():
                if "error" in message:
                    waiting.set_exception(BrowserError(str(message["error"])))
                else:
                    waiting.set_result(message.get("result", {}))
            elif "method" in message:
                self.events.append(message)

    async def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> Any:
        command_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[command_id] = future
        payload: dict[str, Any] = {"id": command_id, "method": method, "params": params or {}}
        if session is not None:
            payload["sessionId"] = session
        await self.ws.send_str(json.dumps(payload))
        return await asyncio.wait_for(future, DEADLINE)

    async def tab(self, url: str) -> Tab:
        """A new tab (its own sessionStorage: another member of the sandbox) at ``url``."""
        target = await self.send("Target.createTarget", {"url": "about:blank", "newWindow": True})
        attached = await self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        tab = Tab(self, attached["sessionId"])
        await tab.send("Page.enable")
        await tab.send("Runtime.enable")
        await tab.send("Emulation.setDeviceMetricsOverride",
                       {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        await tab.send("Page.navigate", {"url": url})
        await tab.until("document.readyState === 'complete'", "the page loaded")
        return tab

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.send("Browser.close")
        await self.ws.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader


async def _drain(stream: asyncio.StreamReader) -> None:
    while await stream.readline():
        pass


class Tab:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session

    async def send(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return await self.browser.send(method, params, self.session)

    async def js(self, expression: str) -> Any:
        """The value of ``expression`` in the page (awaited if it is a promise)."""
        answer = await self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                       "awaitPromise": True})
        if "exceptionDetails" in answer:
            raise BrowserError(f"{expression}: {answer['exceptionDetails']}")
        return answer.get("result", {}).get("value")

    async def until(self, expression: str, what: str, timeout: float = DEADLINE) -> Any:
        async def holds() -> Any:
            return await self.js(expression)

        return await eventually(holds, what, timeout=timeout, interval=0.05)

    async def click(self, selector: str, *, text: str | None = None, last: bool = False,
                    timeout: float = DEADLINE) -> None:
        """A real mouse click in the middle of the first (``last``: the last) element shown
        that matches ``selector`` (and holds ``text``, if given), once there is one."""
        finder = (f"Array.from(document.querySelectorAll({json.dumps(selector)}))"
                  f".filter(e => e.offsetParent !== null"
                  + (f" && e.textContent.includes({json.dumps(text)})" if text is not None else "") + ")")
        pick = "all.length - 1" if last else "0"
        box = await self.until(
            f"(() => {{ const all = {finder}; const e = all[{pick}]; if (!e) return null;"
            " e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect(); return r.width ? [r.left + r.width / 2, r.top + r.height / 2]"
            " : null; })()", f"{selector} {text or ''} shown", timeout=timeout)
        x, y = box
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            await self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                         "clickCount": 1})

    async def type(self, text: str) -> None:
        """Type ``text`` into whatever has the focus, one character at a time."""
        for character in text:
            await self.send("Input.dispatchKeyEvent", {"type": "keyDown", "text": character})
            await self.send("Input.dispatchKeyEvent", {"type": "keyUp"})

    async def key(self, name: str) -> None:
        codes = {"Enter": 13, "Escape": 27, "ArrowDown": 40, "ArrowUp": 38, "Tab": 9, "Backspace": 8}
        params: dict[str, Any] = {"key": name, "code": name, "windowsVirtualKeyCode": codes[name]}
        if name == "Enter":
            params["text"] = "\r"
        await self.send("Input.dispatchKeyEvent", {"type": "keyDown", **params})
        await self.send("Input.dispatchKeyEvent", {"type": "keyUp", **params})

    async def screenshot(self, path: Path) -> None:
        import base64

        shot = await self.send("Page.captureScreenshot", {"format": "png"})
        path.write_bytes(base64.b64decode(shot["data"]))

    async def text(self, selector: str) -> str:
        return str(await self.js(f"Array.from(document.querySelectorAll({json.dumps(selector)}))"
                                 ".map(e => e.innerText).join('\\n')"))
