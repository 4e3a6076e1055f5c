"""What the bot says about a server's own house rules (issue 32): ``/<game> presets save``,
``show`` and ``clear``, and the lobby's line saying where a table's rules came from. The
words are the catalogue's (``locales/<lang>/presets.ftl``), in the language of the moment;
the commands' descriptions are read in English once, when the commands are declared."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.ui.text.i18n import said_constant, text

# Discord lists the commands with these (declared once, at import: English).
GROUP = text("presets-group", "en")
SAVE_COMMAND = text("presets-save-command", "en")
SHOW_COMMAND = text("presets-show-command", "en")
CLEAR_COMMAND = text("presets-clear-command", "en")
SCOPE_OPTION = text("presets-scope-option", "en")
SCOPE_CHOICES = ((text("presets-scope-channel", "en"), "channel"), (text("presets-scope-server", "en"), "server"))

_CONSTANTS = {"NOT_MANAGER": "presets-not-manager", "NOT_SAVED": "presets-not-saved",
              "UNREADABLE": "presets-unreadable", "SHOW_UNREADABLE": "presets-show-unreadable",
              "REPLACED": "presets-show-replaced"}


def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)


def option_words(options: Sequence[tuple[str, Any]]) -> str:
    """(option name, value as shown) pairs as one list: "deal: 5 cards, no jokers: on"."""
    if not options:
        return text("presets-standard")
    return ", ".join(f"{name.replace('_', ' ')}: {switch(value) if isinstance(value, bool) else value}"
                     for name, value in options)


def switch(on: bool) -> str:
    return text("presets-on" if on else "presets-off")


def saved(scope: str, game: str, options: Sequence[tuple[str, Any]]) -> str:
    return text("presets-saved", scope=scope, game=game, options=option_words(options))


def cleared(scope: str, game: str, there: bool) -> str:
    return text("presets-cleared" if there else "presets-none-to-clear", scope=scope, game=game)


def shown(game: str, applies: tuple[str, Sequence[tuple[str, Any]]] | None,
          server_elsewhere: Sequence[tuple[str, Any]] | None) -> str:
    """``/<game> presets show``: what applies here and where from; and, when this channel's
    own rules apply and the server has some too, what its other channels start from."""
    if applies is None:
        return text("presets-show-none", game=game)
    scope, options = applies
    lines = [text(f"presets-show-{scope}", game=game, options=option_words(options))]
    if server_elsewhere is not None:
        lines.append(text("presets-show-server-elsewhere", options=option_words(server_elsewhere)))
        lines.append(text("presets-show-replaced"))
    return "\n".join(lines)


def rules_from(source: str, changed: bool) -> str:
    """The lobby's line: the channel's or the server's house rules, or the host's own."""
    return text("presets-rules-from", **{"from": source}, changed=changed)


def describe(values: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """A preset's options in a stable order, for the answers above."""
    return sorted(values.items())
