"""The shape docs/architecture.md promises, checked from the source: engines and the
words know nothing of Discord, and no module of bot/games imports itself in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imports_of(path: Path, modules: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """What ``path`` imports; ``from package import module`` counts as the module alone
    when ``modules`` knows it (it runs the package's __init__, which only re-exports)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = {f"{node.module}.{alias.name}" for alias in node.names}
            names.update(submodules)
            if not submodules & modules:
                names.add(node.module)
    return names


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_engines_and_words_never_import_discord() -> None:
    for folder in ("bot/games", "bot/ui/text", "bot/ai"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not any(name == "discord" or name.startswith("discord.") for name in imports_of(path)), path


def import_graph(folder: str) -> dict[str, set[str]]:
    """Each module under ``folder`` and the modules of ``folder`` it imports: every import,
    those under ``if TYPE_CHECKING:`` and inside functions included, since a circle of
    any of them is a circle a reader has to untangle."""
    paths = list((ROOT / folder).rglob("*.py"))
    modules = {module_name(path): path for path in paths}
    known = set(modules)
    return {name: {m for m in imports_of(path, known) if m in modules and m != name}
            for name, path in modules.items()}


def find_circle(graph: dict[str, set[str]]) -> str | None:
    """One import circle of ``graph`` as "a -> b -> a", or None. A package's __init__
    re-exports its modules: importing the package is not a circle as long as its modules
    never import the package back."""
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> str | None:
        if name in trail:
            return " -> ".join((*trail[trail.index(name):], name))
        if name in done:
            return None
        for target in sorted(graph[name]):
            circle = visit(target, (*trail, name))
            if circle is not None:
                return circle
        done.add(name)
        return None

    for name in sorted(graph):
        circle = visit(name, ())
        if circle is not None:
            return circle
    return None


def test_no_import_circle_anywhere_in_the_bot() -> None:
    assert find_circle(import_graph("bot")) is None


def test_the_circle_check_finds_a_circle_behind_type_checking() -> None:
    graph = {"bot.ui.components": {"bot.ui.controller"}, "bot.ui.controller": {"bot.ui.render"},
             "bot.ui.render": {"bot.ui.components"}}
    assert find_circle(graph) == "bot.ui.components -> bot.ui.controller -> bot.ui.render -> bot.ui.components"
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.ui.controller import Controller\n"
    tree = ast.parse(source)
    assert any(isinstance(node, ast.ImportFrom) and node.module == "bot.ui.controller" for node in ast.walk(tree))


# What writes to Discord: a message sent, edited or deleted, an interaction answered.
DISCORD_WRITES = frozenset({
    "send", "send_message", "edit", "edit_message", "delete", "defer", "followup", "autocomplete",
    "edit_original_response", "delete_original_response", "original_response", "send_modal",
})
WRITER = "bot/ui/presenter"  # the one writer (docs/architecture.md, A move's way)


def discord_writes(source: str) -> list[int]:
    """The lines of ``source`` that call a Discord write (``x.send(...)``,
    ``interaction.response.edit_message(...)``) or reach ``interaction.followup``.
    A decorator such as ``@play.autocomplete("cards")`` registers a callback: not a write."""
    tree = ast.parse(source)
    decorators = {id(node) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef)
                  for node in ast.walk(ast.Module(body=[ast.Expr(d) for d in fn.decorator_list], type_ignores=[]))}
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and id(node) not in decorators:
            if node.func.attr in DISCORD_WRITES:
                lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "followup":
            lines.append(node.lineno)
    return sorted(set(lines))


def test_only_the_presenter_writes_to_discord() -> None:
    writes = {}
    for folder in ("bot", "cogs"):
        for path in (ROOT / folder).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(WRITER + "/"):
                continue
            source = path.read_text(encoding="utf-8")
            if not any(n == "discord" or n.startswith("discord.") for n in imports_of(path)):
                continue  # holds no Discord object to write with (a coroutine's send() is not one)
            found = discord_writes(source)
            if found:
                writes[relative] = found
    assert writes == {}


def test_the_writer_check_sees_every_kind_of_write() -> None:
    source = (
        "async def f(interaction, channel, message):\n"
        "    await interaction.response.send_message('x')\n"
        "    await interaction.followup.send('y')\n"
        "    await channel.send('z')\n"
        "    await message.edit(embed=None)\n"
        "    await interaction.response.defer()\n"
        "@group.autocomplete('cards')\n"
        "async def g(interaction):\n"
        "    return []\n"
    )
    assert discord_writes(source) == [2, 3, 4, 5, 6]


def test_bench_and_tests_never_import_each_other() -> None:
    """What both need lives in a module both import (``lab/``, ``sandbox/``): a test that
    imported a benchmark's script would break with its command line, and a benchmark that
    imported a test would run the test suite's fixtures. ``lab/`` imports neither, and the
    bot imports none of the three."""
    forbidden = {"bench": ("tests",), "tests": ("bench",), "lab": ("bench", "tests"),
                 "bot": ("bench", "tests", "lab"), "cogs": ("bench", "tests", "lab")}
    found = []
    for folder, others in forbidden.items():
        for path in (ROOT / folder).rglob("*.py"):
            for name in imports_of(path):
                if name.split(".")[0] in others:
                    found.append(f"{path.relative_to(ROOT)} imports {name}")
    assert found == []
