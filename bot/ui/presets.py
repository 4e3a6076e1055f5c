"""A server's own house rules (issue 32): which option values a new table starts from.

A member with Manage Server saves ``/<game> new``'s options as a preset, for a channel or
for the whole server (``/<game> presets save``). ``/<game> new`` and ``solo`` then start
from the preset that applies (the channel's, else the server's: a channel's replaces the
server's whole, never option by option), and every option the host gives wins for that
one table. What this decides is only *which option values* the cog builds its table
options from; the cog turns them into rules exactly as before.

A preset holds the option words the command takes, checked on saving by the same code that
checks the command's own options (``bot/ui/validation.py``), so a preset never holds what
``/new`` would refuse. An option a later version no longer knows, or no longer takes that
value of, is left out with a log line, never a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from discord import AppCommandOptionType, app_commands

from bot.storage.base import Preset
from bot.tables.table import RulesFrom
from bot.ui.text import screens
from bot.ui.validation import value_problem

log = logging.getLogger(__name__)

# What each kind of option holds once Discord has converted it (a bool is an int to Python:
# a switch is never taken for a number, nor a number for a switch).
PYTHON_TYPES: dict[AppCommandOptionType, tuple[type, ...]] = {
    AppCommandOptionType.boolean: (bool,),
    AppCommandOptionType.integer: (int,),
    AppCommandOptionType.number: (int, float),
    AppCommandOptionType.string: (str,),
}


def value_refused(param: app_commands.Parameter, value: Any) -> str | None:
    """One sentence if ``param`` would not take ``value``, else None: its kind, then what
    the command declares (the command tree's own check)."""
    kinds = PYTHON_TYPES.get(param.type)
    if kinds is None or not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
        return screens.not_a_choice(param.display_name.replace("_", " "))
    return value_problem(param, value)


def options_refused(parameters: Sequence[app_commands.Parameter], values: Mapping[str, Any]) -> str | None:
    """The first sentence about an option in ``values`` that the command would refuse."""
    by_name = {p.name: p for p in parameters}
    for name, value in values.items():
        param = by_name.get(name)
        if param is None:  # the save command's options are the new command's: a cog's mistake
            raise KeyError(f"no option {name!r}")
        problem = value_refused(param, value)
        if problem is not None:
            return problem
    return None


def usable(parameters: Sequence[app_commands.Parameter], preset: Preset) -> dict[str, Any]:
    """The preset's options that the command still takes, as stored; each other one left
    out with a log line (saved by an earlier version, or edited by hand)."""
    by_name = {p.name: p for p in parameters}
    kept: dict[str, Any] = {}
    for name, value in preset.options.items():
        param = by_name.get(name)
        if param is None:
            log.warning("a %s preset (%s) holds option %r, which this version does not know: left out",
                        preset.game, preset.scope, name)
        elif value_refused(param, value) is not None:
            log.warning("a %s preset (%s) holds %s=%r, which /%s new no longer takes: left out",
                        preset.game, preset.scope, name, value, preset.game)
        else:
            kept[name] = value
    return kept


@dataclass(frozen=True)
class Start:
    """The option values a new table is built from, and where they came from."""

    values: dict[str, Any]  # every option the cog reads: the host's, else the preset's, else the default
    rules_from: RulesFrom
    changed: bool  # the host gave an option with another value than the preset's


def starting_values(parameters: Sequence[app_commands.Parameter], defaults: Mapping[str, Any],
                    given: Mapping[str, Any | None], presets: Sequence[Preset],
                    leave_out: Sequence[str] = ()) -> Start:
    """``given`` (the host's options, None where not given) over the preset that applies
    (``presets[0]``: the channel's, else the server's) over ``defaults``. Only options in
    ``defaults`` are read from the preset, less ``leave_out`` (a solo table deals at once,
    so it takes no rule that asks every player first)."""
    applied = presets[0] if presets else None
    from_preset = {name: value for name, value in (usable(parameters, applied) if applied else {}).items()
                   if name in defaults and name not in leave_out}
    host = {name: value for name, value in given.items() if value is not None}
    values = {**defaults, **from_preset, **host}
    base = {**defaults, **from_preset}
    changed = applied is not None and any(base.get(name) != value for name, value in host.items())
    return Start(values, RulesFrom(str(applied.scope)) if applied is not None else RulesFrom.TABLE, changed)


def shown(parameters: Sequence[app_commands.Parameter], values: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Options as a member reads them, in the command's order: a choice by its name."""
    out: list[tuple[str, Any]] = []
    for param in parameters:
        if param.name not in values:
            continue
        value = values[param.name]
        named = next((c.name for c in param.choices if c.value == value), None) if param.choices else None
        out.append((param.display_name, named if named is not None else value))
    return out
