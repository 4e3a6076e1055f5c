"""Every slash-command option checked on the bot's side too.

Discord offers a command's choices and enforces its ranges in its own client, but
an interaction can be sent without them (a modified client, a script), so a value
such as a turn timer of -1 seconds or 10^12 could reach the bot. The command tree
checks each option against what the command declares (choices, min/max values,
lengths) before any command runs, and answers a bad one privately in one sentence.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.ui.cycles import let_go_when_handled
from bot.ui.guard import served
from bot.ui.text import screens


def option_problem(command: app_commands.Command[Any, ..., Any], namespace: app_commands.Namespace) -> str | None:
    """One sentence about the first option outside what ``command`` declares, or None."""
    for param in command.parameters:
        value = getattr(namespace, param.name, None)
        if value is None:
            continue
        problem = value_problem(param, value)
        if problem is not None:
            return problem
    return None


def value_problem(param: app_commands.Parameter, value: Any) -> str | None:
    """One sentence if ``value`` is outside what ``param`` declares (its choices, range or
    length), else None. A server's saved house rules go through this too (bot/ui/presets.py)."""
    name = param.display_name.replace("_", " ")
    if param.choices:
        allowed = [choice.value for choice in param.choices]
        if value not in allowed:
            return screens.not_a_choice(name)
    if isinstance(value, int | float) and not isinstance(value, bool):
        low, high = param.min_value, param.max_value
        if (low is not None and value < low) or (high is not None and value > high):
            return screens.out_of_range(name, low, high)
    if isinstance(value, str):  # a string's min/max values are its lengths
        low, high = param.min_value, param.max_value
        if (low is not None and len(value) < low) or (high is not None and len(value) > high):
            return screens.wrong_length(name, low, high)
    return None


class CheckedCommandTree(app_commands.CommandTree[Any]):
    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        let_go_when_handled(interaction)  # bot/ui/cycles.py
        if not await served(interaction):  # a guild another process's shard serves
            return False
        command = interaction.command
        if interaction.type is not discord.InteractionType.application_command or not isinstance(
            command, app_commands.Command
        ):
            return True
        problem = option_problem(command, interaction.namespace)
        if problem is None:
            return True
        await getattr(interaction.client, "presenter").tell(interaction, problem)  # noqa: B009
        return False
