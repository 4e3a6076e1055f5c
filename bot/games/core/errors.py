"""``IllegalMove``: a move that may not be made now, as data.

An engine raises ``IllegalMove(code, **details)``: a stable kebab-case code and
the values the sentence needs, for example
``IllegalMove("wrong-suit", card=card("4D"), top=card("QS"), suit="S")``.
The engines write no sentences: ``bot.ui.text.illegal.sentence(err)`` makes the
one a player reads, so another language can replace it.

Transition (until each game is converted, issue 11 phase 2): a game may still
raise ``IllegalMove.legacy("the sentence")``, code ``"legacy"`` with the
finished sentence as its only detail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

LEGACY: Final = "legacy"


class IllegalMove(ValueError):
    """A move that may not be made now: ``code`` and the ``details`` it names.

    ``str(err)`` is debug text (``wrong-suit(card=4♦, top=Q♠, suit='S')``), never
    shown to a player; a legacy error's ``str`` is its sentence.
    """

    code: str
    details: Mapping[str, object]

    def __init__(self, code: str, /, **details: object) -> None:
        super().__init__(code, details)
        self.code = code
        self.details = details

    @classmethod
    def legacy(cls, text: str) -> IllegalMove:
        """A not yet converted error: the finished English sentence (phase 2 removes it)."""
        return cls(LEGACY, text=text)

    def __str__(self) -> str:
        if self.code == LEGACY:
            return str(self.details["text"])
        args = ", ".join(f"{name}={_debug(value)}" for name, value in self.details.items())
        return f"{self.code}({args})"

    def __repr__(self) -> str:
        return f"IllegalMove({self})"


def _debug(value: object) -> str:
    if isinstance(value, tuple | list):
        return "(" + " ".join(str(v) for v in value) + ")"
    if isinstance(value, str):
        return repr(str(value))
    return str(value)
