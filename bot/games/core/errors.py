"""``IllegalMove``: a move that may not be made now, as data.

An engine raises ``IllegalMove(code, **details)``: a stable kebab-case code and
the values the sentence needs, for example
``IllegalMove("wrong-suit", card=card("4D"), top=card("QS"), suit="S")``.
The engines write no sentences: ``bot.ui.text.illegal.sentence(err)`` makes the
one a player reads, so another language can replace it.

``RulesRefused`` is a host's mix of house rules that makes no sense, as data too.
``Refusal`` is what every such error shares (the table runtime's ``TableError`` is
one too): a code, its details, and ``str()`` as debug text.
"""

from __future__ import annotations

from collections.abc import Mapping


class Refusal(Exception):
    """Something a player asked that cannot be done: ``code`` and the ``details`` it names.

    ``str(err)`` is debug text (``wrong-suit(card=4♦, top=Q♠, suit='S')``), never
    shown to a player: ``bot.ui.text.illegal.sentence(err)`` is what they read.
    """

    code: str
    details: Mapping[str, object]

    def __init__(self, code: str, /, **details: object) -> None:
        super().__init__(code, details)
        self.code = code
        self.details = details

    def __str__(self) -> str:
        args = ", ".join(f"{name}={_debug(value)}" for name, value in self.details.items())
        return f"{self.code}({args})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self})"


class IllegalMove(Refusal, ValueError):
    """A move that may not be made now (an engine's, the move notation's)."""


class RulesRefused(Refusal, ValueError):
    """House rules a host chose that cannot be played together (``Rules.from_options``):
    the host reads why, in one sentence, and no table opens."""


def _debug(value: object) -> str:
    if isinstance(value, tuple | list):
        return "(" + " ".join(str(v) for v in value) + ")"
    if isinstance(value, str):
        return repr(str(value))
    return str(value)
