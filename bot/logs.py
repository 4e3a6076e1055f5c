"""Logging: the bot's own loggers at LOG_LEVEL, the libraries' never below INFO.

At DEBUG, discord.py logs every gateway payload (hand messages among them) and every
REST call with its interaction token, and aiosqlite logs every statement with its
arguments (a table's whole engine state: every hand, the draw pile, the seed). So
LOG_LEVEL=DEBUG turns on only the bot's own lines, whose events are public; the
libraries follow LIBRARY_LOG_LEVEL, which stays at INFO unless an operator asks
for more, knowing it shows hands and tokens.
"""

from __future__ import annotations

import logging

import discord

OWN_LOGGERS = ("bot", "cogs")


def configure_logging(level: str, library_level: str = "INFO") -> None:
    """One handler on the root logger (discord.py's format); levels as described above."""
    own = logging.getLevelName(level)
    library = logging.getLevelName(library_level)
    discord.utils.setup_logging(level=library, root=True)
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(own)
    # Loggers that set their own level would escape the root's: hold the chatty ones too.
    for name in ("discord", "aiosqlite", "asyncio", "aiohttp", "websockets"):
        logging.getLogger(name).setLevel(library)
