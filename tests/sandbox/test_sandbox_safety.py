"""The sandbox is safe by default (issue 30): loopback only, requests addressed to another
name or sent from another origin refused, a Content-Security-Policy on every answer, only
the page's own files served, pictures only to whoever may see them, names kept as text."""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp
import pytest

from bot.config import ConfigError, load_settings
from sandbox.server import PAGE_FILES
from tests.sandbox.pagekit import Member, running_sandbox
from tests.waiting import eventually

PAGE = Path(__file__).resolve().parents[2] / "sandbox" / "page"
EVIL_NAME = "<img src=x onerror=alert(1)>"


async def test_loopback_by_default_and_only_loopback_names_are_answered(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        assert sandbox.page is not None and sandbox.page.host == "127.0.0.1"
        assert sandbox.url.startswith("http://127.0.0.1:")
        port = sandbox.page.port
        async with http.get(sandbox.url + "/", headers={"Host": f"localhost:{port}"}) as got:
            assert got.status == 200
        # A web page whose own domain name points at 127.0.0.1 (DNS rebinding) is not answered.
        async with http.get(sandbox.url + "/api/state", headers={"Host": f"evil.example:{port}"}) as got:
            assert got.status == 421
        # Nor is a request another site's page sends.
        async with http.post(sandbox.url + "/api/join", json={"name": "x"},
                             headers={"Origin": "http://evil.example"}) as got:
            assert got.status == 403
        assert not sandbox.fake.people()  # type: ignore[union-attr]


async def test_every_answer_has_a_content_security_policy_and_only_the_page_files_are_served(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        async with http.get(sandbox.url + "/") as got:
            assert got.status == 200 and got.content_type == "text/html"
            policy = got.headers["Content-Security-Policy"]
            assert "default-src 'none'" in policy and "script-src 'self'" in policy and "img-src 'self'" in policy
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
            assert got.headers["X-Content-Type-Options"] == "nosniff"
            assert got.headers["X-Frame-Options"] == "DENY"
        for path in PAGE_FILES:
            async with http.get(sandbox.url + path) as got:
                assert got.status == 200, path
                assert "Content-Security-Policy" in got.headers
        for path in ("/page/../server.py", "/page/%2e%2e/server.py", "/page/server.py", "/page/", "/sandbox/world.py",
                     "/../bot/config.py", "/files/1/../../server.py", "/api/../page/app.js.map", "/.env"):
            async with http.get(sandbox.url + path) as got:
                assert got.status == 404, path
        async with http.get(sandbox.url + "/api/state") as got:
            assert got.status == 401 and "Content-Security-Policy" in got.headers


def test_the_page_fetches_nothing_from_outside_and_never_writes_html() -> None:
    html = (PAGE / "index.html").read_text(encoding="utf-8")
    for source in re.findall(r'(?:src|href)="([^"]+)"', html):
        assert source.startswith("/page/"), source
    script = (PAGE / "app.js").read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                 "setAttribute(\"on", "javascript:"):
        assert sink not in script, sink
    styles = (PAGE / "style.css").read_text(encoding="utf-8")
    assert "@import" not in styles and "url(" not in styles


async def test_a_name_holding_html_is_kept_as_text(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        evil = await Member(http, sandbox.url).join(EVIL_NAME)
        assert evil.state["me"]["name"] == EVIL_NAME
        await evil.slash("kadi new", "kadi", turn_timer=0)
        table = await evil.sees(lambda m: not m["ephemeral"] and m["embeds"], "the table")
        assert table["interaction"]["user"] == EVIL_NAME
        # The bot names the host as it names anyone; the page is sent the name as text.
        assert any(EVIL_NAME in f["value"] for e in table["embeds"] for f in e["fields"])
        async with http.get(sandbox.url + "/") as got:
            assert EVIL_NAME not in await got.text()  # the page itself is static: no name is ever put in it
        await evil.close()


async def test_a_picture_opens_only_at_an_address_signed_for_a_member_who_may_see_it(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        ann = await Member(http, sandbox.url).join("Ann")
        bob = await Member(http, sandbox.url).join("Bob")
        await ann.slash("kadi solo", "kadi", opponents=1, turn_timer=0)
        table = await ann.sees(lambda m: not m["ephemeral"] and m["embeds"] and "image" in m["embeds"][0],
                               "a table picture")
        picture = table["embeds"][0]["image"]
        shown_to_bob = (await bob.sees(lambda m: m["id"] == table["id"], "the same table"))["embeds"][0]["image"]
        assert picture != shown_to_bob  # each member's address is their own
        for address in (picture, shown_to_bob):
            async with http.get(sandbox.url + address) as got:
                assert got.status == 200 and got.content_type == "image/png"
        for forged in (picture.split("&s=")[0] + "&s=" + "0" * 32, picture.split("?")[0]):
            async with http.get(sandbox.url + forged) as got:
                assert got.status == 404, forged
        await ann.close()
        await bob.close()


async def test_a_member_is_whoever_holds_the_key(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        ann = await Member(http, sandbox.url).join("Ann")
        stranger = Member(http, sandbox.url)
        stranger.key = "not-a-key"
        stranger.state = ann.state
        await stranger.call("/api/state", expect=401)
        await stranger.call("/api/command", {"channel_id": ann.channel("kadi"), "command": "kadi new"}, expect=401)
        for name in ("", "   ", "x" * 33, "\u0000\u0007"):
            await Member(http, sandbox.url).call("/api/join", {"name": name}, expect=400)
        await ann.close()


async def test_a_name_chosen_again_is_the_same_member_unless_it_is_playing_in_another_tab(tmp_path: Path) -> None:
    async with running_sandbox(tmp_path) as sandbox, aiohttp.ClientSession() as http:
        ann = await Member(http, sandbox.url).join("Ann")
        answer = await Member(http, sandbox.url).call("/api/join", {"name": "ann"}, expect=409)
        assert "another tab" in answer["error"]
        await ann.close()
        await eventually(lambda: not sandbox.page.pages, "Ann's page closed")  # type: ignore[union-attr]
        back = await Member(http, sandbox.url).join(" ANN ")  # the tab closed: the name is hers again
        assert back.id == ann.id and back.key != ann.key
        await back.close()


def test_the_sandbox_settings_are_checked() -> None:
    settings = load_settings({})
    assert settings.sandbox and settings.sandbox_host == "127.0.0.1" and settings.sandbox_port is None
    assert not load_settings({"DISCORD_TOKEN": "x"}).sandbox
    assert load_settings({"SANDBOX_HOST": "0.0.0.0", "SANDBOX_PORT": "9000"}).sandbox_port == 9000
    for name, bad in (("SANDBOX_HOST", "my laptop"), ("SANDBOX_PORT", "80000"), ("SANDBOX_PORT", "²"),
                      ("SANDBOX", "maybe")):
        with pytest.raises(ConfigError, match=f"^{name} must"):
            load_settings({name: bad})
    with pytest.raises(ConfigError, match=r"^DISCORD_TOKEN is not set"):
        load_settings({"SANDBOX": "off"})
