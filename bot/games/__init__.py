"""Pure rules engines. Nothing in this package imports Discord (docs/architecture.md).

``core/`` is what every game shares; each game is a package of the same files
(docs/engine.md). Which games the bot offers is said once, in ``bot/registry.py``.
"""
