"""Karata's illegal-move sentences: code -> formatter (see ``bot.ui.text.illegal``).

Each formatter takes the ``IllegalMove``'s details as keyword arguments and returns
one sentence. Empty until Karata's engine raises codes of its own (issue 11 phase 2);
until then its errors are the legacy form, already a sentence.
"""

from __future__ import annotations

from bot.ui.text.words import Formatter

SENTENCES: dict[str, Formatter] = {}
