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


def test_no_import_circle_inside_the_engines() -> None:
    paths = list((ROOT / "bot/games").rglob("*.py"))
    modules = {module_name(path): path for path in paths}
    known = set(modules)
    graph = {name: {m for m in imports_of(path, known) if m in modules and m != name}
             for name, path in modules.items()}
    # A package's __init__ re-exports its modules: importing the package is not a circle
    # as long as its modules never import the package back.
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        if name in trail:
            raise AssertionError(" -> ".join((*trail[trail.index(name):], name)))
        if name in done:
            return
        for target in graph[name]:
            visit(target, (*trail, name))
        done.add(name)

    for name in graph:
        visit(name, ())
