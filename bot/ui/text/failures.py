"""What a member is told when the database fails them on a read (its writes have
the ``save-failed`` refusal, bot/ui/text/table.py): one private sentence, nothing changed.
Read as module attributes, in the language of the moment (``locales/<lang>/answers.ftl``)."""

from __future__ import annotations

from bot.ui.text.i18n import said_constant

_CONSTANTS = {"STANDINGS_UNREADABLE": "failure-standings-unreadable",
              "SETTING_NOT_SAVED": "failure-setting-not-saved",
              "HISTORY_UNREADABLE": "failure-history-unreadable"}


def __getattr__(name: str) -> str:
    return said_constant(_CONSTANTS, name)
