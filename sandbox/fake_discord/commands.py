"""Building slash-command interaction data from the command schema the bot synced."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .model import JSON, FakeChannel, FakeMember, FakeRole, FakeUser

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)


class CommandUsageError(ValueError):
    """The test asked for something a Discord user could not type."""


def _resolve_snowflake(opt_type: int, value: Any, resolved: dict[str, dict[str, JSON]], name: str) -> str:
    if isinstance(value, FakeMember):
        if opt_type not in (USER, MENTIONABLE):
            raise CommandUsageError(f"option {name!r} does not take a member")
        uid = str(value.id)
        resolved.setdefault("users", {})[uid] = value.user.to_json()
        member = value.to_json(with_permissions=True)
        del member["user"]
        resolved.setdefault("members", {})[uid] = member
        return uid
    if isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = value.to_json()
        return str(value.id)
    if isinstance(value, FakeChannel):
        if opt_type != CHANNEL:
            raise CommandUsageError(f"option {name!r} does not take a channel")
        data = value.to_json()
        data["permissions"] = str((1 << 53) - 1)
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    if isinstance(value, FakeRole):
        if opt_type not in (ROLE, MENTIONABLE):
            raise CommandUsageError(f"option {name!r} does not take a role")
        resolved.setdefault("roles", {})[str(value.id)] = value.to_json()
        return str(value.id)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise CommandUsageError(f"option {name!r}: cannot use {value!r} as a snowflake")


def _convert(opt: JSON, value: Any, resolved: dict[str, dict[str, JSON]], checked: bool = True) -> Any:
    name, opt_type = opt["name"], int(opt["type"])
    if opt_type == STRING:
        value = str(value)
        if not checked:
            return value
        if "min_length" in opt and len(value) < int(opt["min_length"]):
            raise CommandUsageError(f"{name!r} shorter than {opt['min_length']}")
        if "max_length" in opt and len(value) > int(opt["max_length"]):
            raise CommandUsageError(f"{name!r} longer than {opt['max_length']}")
    elif opt_type == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandUsageError(f"{name!r} needs an integer, got {value!r}")
    elif opt_type == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CommandUsageError(f"{name!r} needs a number, got {value!r}")
    elif opt_type == BOOLEAN:
        if not isinstance(value, bool):
            raise CommandUsageError(f"{name!r} needs a bool, got {value!r}")
    elif opt_type in (USER, CHANNEL, ROLE, MENTIONABLE):
        return _resolve_snowflake(opt_type, value, resolved, name)
    else:
        raise CommandUsageError(f"option type {opt_type} of {name!r} is not supported by the fake")
    if not checked:  # a forged interaction: Discord's client-side ranges and choices bypassed
        return value
    if opt_type in (INTEGER, NUMBER):
        if opt.get("min_value") is not None and value < opt["min_value"]:
            raise CommandUsageError(f"{name!r}={value} below {opt['min_value']}")
        if opt.get("max_value") is not None and value > opt["max_value"]:
            raise CommandUsageError(f"{name!r}={value} above {opt['max_value']}")
    choices = opt.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandUsageError(f"{name!r}={value!r} is not one of the choices {choices}")
    return value


def build_command_data(
    command: JSON,
    path: list[str],
    values: Mapping[str, Any],
    *,
    focused: str | None = None,
    checked: bool = True,
) -> JSON:
    """The ``data`` of an APPLICATION_COMMAND (or autocomplete) interaction.

    ``path`` is e.g. ``["kadi", "play"]``; ``values`` maps leaf option names to values.
    For autocomplete, ``focused`` names the option being typed (its value is sent as a string).
    ``checked=False`` skips the choices, min/max values and lengths that Discord's own client
    enforces (a forged interaction); names and types are still checked.
    """
    data: JSON = {"id": command["id"], "name": command["name"], "type": 1}
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    schema: list[JSON] = list(command.get("options", []) or [])
    container = data
    for sub in path[1:]:
        opt = next(
            (o for o in schema if o["name"] == sub and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)),
            None,
        )
        if opt is None:
            known = [o["name"] for o in schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            raise CommandUsageError(f"no subcommand {sub!r} in {' '.join(path)!r}; known: {known}")
        node: JSON = {"name": sub, "type": opt["type"], "options": []}
        container["options"] = [node]
        container = node
        schema = list(opt.get("options", []) or [])
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
        raise CommandUsageError(f"{' '.join(path)!r} needs a subcommand")

    by_name = {o["name"]: o for o in schema}
    unknown = set(values) - set(by_name)
    if unknown:
        raise CommandUsageError(f"unknown options {sorted(unknown)}; known: {sorted(by_name)}")
    if focused is not None and focused not in by_name:
        raise CommandUsageError(f"cannot focus unknown option {focused!r}")
    resolved: dict[str, dict[str, JSON]] = {}
    options: list[JSON] = []
    for opt in schema:  # Discord sends options in schema order
        name = opt["name"]
        if name == focused:
            typed = values.get(name, "")
            options.append({"name": name, "type": opt["type"], "value": str(typed), "focused": True})
            continue
        if name not in values:
            if opt.get("required") and focused is None:
                raise CommandUsageError(f"required option {name!r} missing")
            continue
        options.append({"name": name, "type": opt["type"], "value": _convert(opt, values[name], resolved, checked)})
    container["options"] = options
    if resolved:
        data["resolved"] = resolved
    return data
