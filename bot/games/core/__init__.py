"""The engine core every game is built on (docs/engine.md).

Import from the module that defines a name; this package re-exports nothing.

- ``errors``: ``IllegalMove``, an illegal move as a code and its details;
- ``moves``: ``MoveKind``, ``Demand``, ``Move`` and its text notation;
- ``events``: ``Event`` and the events every game shares, ``DrawReason``;
- ``results``: ``Result`` and ``rank_by_points``;
- ``rules``: ``Rules``, the base of each game's rules dataclass;
- ``game``: ``Game`` (the abstract engine) and ``View`` (what one seat may know);
- ``shuffle``: ``shuffled`` and ``seeded_random``, the only sources of chance;
- ``state_json``: ``JSON``, ``to_json`` and ``from_json`` for state dataclasses.

Imports run one way: errors, state_json and shuffle import nothing here;
moves imports errors; results imports state_json; events imports moves,
results and state_json; rules imports state_json; game imports all of them.
"""
