"""What the table runtime refuses is data: ``TableError(code, **details)``, as an engine's
``IllegalMove``. Read from the source (with ``ast``, as tests/test_layers.py does): bot/tables
and bot/shards.py word nothing for players, and every code they raise has a sentence in
bot/ui/text that takes the details it is raised with."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

import bot.shards
import bot.tables.runtime
from bot.games.core.errors import IllegalMove, Refusal
from bot.registry import Level
from bot.storage.base import Storage
from bot.tables.runtime import StorageFailed, TableRuntime, Timing
from bot.tables.table import StaleAction, TableError, TableOptions
from bot.ui.text.illegal import FALLBACK, SENTENCES, knows, sentence
from bot.ui.text.table import already_here

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCES = [*sorted((ROOT / "bot/tables").rglob("*.py")), ROOT / "bot/shards.py"]
REFUSALS = {"TableError", "StaleAction", "StorageFailed", "IllegalMove"}
CODE = re.compile(r"[a-z]+(-[a-z]+)*")
GUILD, CHANNEL, ALICE, BOB = 1, 10, 101, 102


def refusals(path: Path) -> Iterator[tuple[int, ast.Call]]:
    """Every ``TableError(...)``-like call in ``path``, and the ``super().__init__(...)`` of
    a class deriving from one (``StorageFailed``'s code), with its line."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    fixed: set[str] = set()  # classes whose __init__ gives the code: raised as ``StorageFailed()``
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id in REFUSALS for b in node.bases):
            for call in ast.walk(node):
                if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                        and call.func.attr == "__init__"):
                    fixed.add(node.name)
                    yield call.lineno, call
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in REFUSALS:
            if node.func.id in fixed and not node.args and not node.keywords:
                continue
            yield node.lineno, node


def code_of(path: Path, call: ast.Call) -> str:
    """The code a refusal is raised with: a string, or a module constant holding one."""
    assert len(call.args) == 1, f"{path.name}:{call.lineno}: a refusal takes one code and details by name"
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    assert isinstance(arg, ast.Name), f"{path.name}:{call.lineno}: the code is a string or a constant"
    module = bot.shards if path.name == "shards.py" else bot.tables.runtime
    value = getattr(module, arg.id)
    assert isinstance(value, str)
    return value


def raised() -> list[tuple[str, str, set[str]]]:
    """(where, code, detail names) for every refusal bot/tables and bot/shards.py raise."""
    found = []
    for path in SOURCES:
        for line, call in refusals(path):
            details = {k.arg for k in call.keywords if k.arg is not None}
            found.append((f"{path.relative_to(ROOT)}:{line}", code_of(path, call), details))
    return found


def test_the_runtime_raises_codes_and_words_no_sentence() -> None:
    found = raised()
    codes = {code for _, code, _ in found}
    assert {"finished", "stale", "save-failed", "already-here", "table-full", "not-host", "clock-only"} <= codes
    for where, code, _ in found:
        assert CODE.fullmatch(code), f"{where}: {code!r} is not a kebab-case code (a sentence belongs in bot/ui/text)"
    assert CODE.fullmatch(bot.shards.NOT_SERVED_HERE)


def test_no_player_sentence_is_left_in_the_runtime() -> None:
    """No string said to a player, raised or kept in a module constant: the only sentences
    left in bot/tables are log lines, docstrings, the ValueErrors of a damaged record (for
    operators); why a table ended is an EndReason, worded in bot/ui/text/table.py."""
    for path in SOURCES:
        for _, call in refusals(path):
            for node in ast.walk(call):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert " " not in node.value, f"{path.name}:{call.lineno}: {node.value!r}"
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # no module constant holds one either
            if isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Constant):
                value = node.value.value
                assert not (isinstance(value, str) and " " in value), f"{path.name}:{node.lineno}: {value!r}"


def test_every_code_raised_has_a_sentence_taking_its_details() -> None:
    for where, code, details in raised():
        assert code in SENTENCES, f"{where}: no sentence for {code!r} in bot/ui/text"
        try:
            inspect.signature(SENTENCES[code]).bind(**dict.fromkeys(details))
        except TypeError as err:
            pytest.fail(f"{where}: {code!r} is raised with {sorted(details)}, its sentence takes otherwise: {err}")
    assert bot.shards.NOT_SERVED_HERE in SENTENCES


def test_a_table_error_is_data_and_its_text_is_for_debugging() -> None:
    err = TableError("table-full", seats=4)
    assert isinstance(err, Refusal) and not isinstance(err, ValueError)
    assert isinstance(IllegalMove("empty-move"), Refusal) and isinstance(IllegalMove("empty-move"), ValueError)
    assert err.code == "table-full" and dict(err.details) == {"seats": 4}
    assert str(err) == "table-full(seats=4)" and repr(err) == "TableError(table-full(seats=4))"
    assert repr(StaleAction("finished")) == "StaleAction(finished())"
    assert isinstance(StorageFailed(), TableError) and StorageFailed().code == "save-failed"
    assert knows(err) and sentence(err) == "The table is full (4 seats)."
    assert not knows(TableError("no-such-code")) and sentence(TableError("no-such-code")) == FALLBACK


def test_the_sentences_read_as_they_always_did() -> None:
    assert sentence(TableError(bot.shards.NOT_SERVED_HERE)) == (
        "This server is served by another of the bot's processes; please try again in a moment.")
    assert sentence(TableError("too-many-players", seats=5)) == (
        "That is too many players: this table seats at most 5.")
    assert sentence(TableError("unknown-level", level="wise", levels=tuple(Level))) == (
        "A computer's level is one of easy, normal, hard.")
    here = "This channel already has a table: finish it (or ask the host to end it) first."
    assert sentence(TableError("already-here")) == here == already_here(None)
    link = "https://discord.com/channels/1/10/99"
    assert sentence(TableError("already-here", link=link)) == f"{here} It is here: {link}" == already_here(link)


@pytest.fixture
async def runtime(storage: Storage) -> AsyncIterator[TableRuntime]:
    rt = TableRuntime(storage, timing=Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    yield rt
    await rt.close()


async def test_opening_and_filling_a_table_is_refused_with_codes(runtime: TableRuntime) -> None:
    with pytest.raises(TableError) as refused:
        await runtime.create(GUILD, CHANNEL, "donkey", ALICE, "Alice", TableOptions(computer_level="wise"))
    assert refused.value.code == "unknown-level" and refused.value.details["level"] == "wise"
    with pytest.raises(TableError) as refused:
        await runtime.create(GUILD, CHANNEL, "donkey", ALICE, "Alice", TableOptions(max_seats=2), computers=2)
    assert refused.value.code == "too-many-players" and dict(refused.value.details) == {"seats": 2}
    assert runtime.table_in(CHANNEL) is None
    table = await runtime.create(GUILD, CHANNEL, "donkey", ALICE, "Alice", TableOptions(max_seats=2))
    with pytest.raises(TableError) as refused:
        await runtime.add_computer(table.id, ALICE, level="wise")
    assert refused.value.code == "unknown-level"
    with pytest.raises(TableError) as refused:
        await runtime.add_computer(table.id, BOB)
    assert refused.value.code == "players-add-computers"
    with pytest.raises(TableError) as refused:
        await runtime.leave(table.id, BOB)
    assert refused.value.code == "not-at-table"
    with pytest.raises(TableError) as refused:
        await runtime.act(table.id, ALICE, "draw")
    assert refused.value.code == "not-started"
    await runtime.join(table.id, BOB, "Bob")
    with pytest.raises(TableError) as refused:
        await runtime.add_computer(table.id, ALICE)
    assert refused.value.code == "table-full" and sentence(refused.value) == "The table is full (2 seats)."
