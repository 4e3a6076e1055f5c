"""What bench/ and tests/ both run, so that neither imports the other (tests/test_layers.py):
the computer players' laboratory (the arena, levels against each other, and the measuring
instruments built on the hard player: a search that sees the hands, one that infers them
from the plays, one that measures what its decisions gained; never a level a player can
pick) and the kill -9 soak (chaos.py). Not shipped with the bot (pyproject.toml packages
bot, cogs and sandbox only).

Their command lines are in bench/ (``python -m bench.arena``, ``python bench/chaos.py``...),
their tests in tests/ai and tests/soak.
"""
