"""Plain JSON for the engines' state dataclasses, card-aware.

``to_json(value)`` turns a state value into JSON values; ``from_json(tp, data)``
turns them back, led by the type hint ``tp`` (usually a dataclass):

| Python                               | JSON                                |
| ------------------------------------ | ----------------------------------- |
| ``Card``                             | its code, ``"QS"``, ``"JKR"``       |
| ``StrEnum`` / ``IntEnum``            | its value                           |
| ``tuple[X, ...]``, ``list[X]``       | a list                              |
| ``tuple[X, Y]``                      | a list of two                       |
| ``frozenset[X]``, ``set[X]``         | a sorted list                       |
| ``dict[str, X]``                     | an object                           |
| ``dict[int, X]``                     | an object with decimal keys         |
| a dataclass                          | an object, one key per field        |
| ``X | None``                         | ``null`` or X's form                |
| ``int``, ``str``, ``bool``, ``float`` | itself                             |

A dataclass's fields are read through ``typing.get_type_hints``, so its module
must be able to resolve every annotation at run time (import what it names,
even under ``from __future__ import annotations``). ``from_json`` refuses a
missing field without a default and an unknown key with ``ValueError``.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

from bot.games.cards import Card, card

JSON = dict[str, Any]
"""A JSON object: what ``to_state`` returns and ``from_state`` reads."""

T = TypeVar("T")


def to_json(value: object) -> Any:
    """``value`` as JSON values (see the module's table)."""
    kind = type(value)
    convert = _WRITERS.get(kind)
    if convert is None:  # the first value of its type: work out how once, then look it up
        convert = _WRITERS[kind] = _writer_for(kind)
    return convert(value)


def _writer_for(kind: type) -> Callable[[Any], Any]:
    if kind is type(None) or (issubclass(kind, bool | int | float) and not issubclass(kind, enum.Enum)):
        return _same
    if issubclass(kind, Card):
        return _card_code
    if issubclass(kind, enum.Enum):
        return _enum_value
    if issubclass(kind, str):
        return _same
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    if issubclass(kind, tuple | list):
        return lambda value: [to_json(v) for v in value]
    if issubclass(kind, frozenset | set):
        return lambda value: sorted((to_json(v) for v in value), key=_sort_key)
    if issubclass(kind, Mapping):
        return lambda value: {str(to_json(k)): to_json(v) for k, v in value.items()}
    raise TypeError(f"no JSON form for {kind.__name__}")


def _same(value: Any) -> Any:
    return value


def _card_code(value: Card) -> str:
    return value.code


def _enum_value(value: enum.Enum) -> Any:
    return value.value


_WRITERS: dict[type, Callable[[Any], Any]] = {}


def from_json(tp: type[T] | Any, data: Any) -> T:
    """The value of type ``tp`` that ``to_json`` wrote as ``data``."""
    return cast(T, _from(tp, data))


def _sort_key(value: Any) -> tuple[str, Any]:
    # Mixed types never meet in one set; the name keeps sorted() from failing if they do.
    return (type(value).__name__, value)


def _from(tp: Any, data: Any) -> Any:
    if tp is Any or tp is object:
        return data
    origin = typing.get_origin(tp)
    if origin is typing.Union or origin is types.UnionType:
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return _from(rest[0], data)
        return _from_union(rest, data)
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise ValueError(f"{data!r} is not one of {typing.get_args(tp)}")
        return data
    if origin in (tuple, list, frozenset, set, dict):
        return _from_generic(origin, typing.get_args(tp), data)
    if tp is Card:
        if not isinstance(data, str):
            raise ValueError(f"a card is a code such as 'QS', not {data!r}")
        try:
            return card(data)
        except KeyError:
            raise ValueError(f"{data!r} is not a card code") from None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _from_dataclass(tp, data)
    if tp is float and isinstance(data, int | float) and not isinstance(data, bool):
        return float(data)
    if tp in (int, str, bool, float):
        if type(data) is not tp:
            raise ValueError(f"expected {tp.__name__}, not {data!r}")
        return data
    raise TypeError(f"from_json does not know the type {tp!r}")


def _from_union(options: list[Any], data: Any) -> Any:
    # Card | SomeEnum and the like: the first option that takes the value wins.
    for option in options:
        try:
            return _from(option, data)
        except (ValueError, TypeError, KeyError):
            continue
    raise ValueError(f"{data!r} is none of {options}")


def _from_generic(origin: type, args: tuple[Any, ...], data: Any) -> Any:
    if origin is dict:
        if not isinstance(data, Mapping):
            raise ValueError(f"expected an object, not {data!r}")
        key_tp, value_tp = args or (Any, Any)
        return {_key(key_tp, k): _from(value_tp, v) for k, v in data.items()}
    if not isinstance(data, list):
        raise ValueError(f"expected a list, not {data!r}")
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} items, not {len(data)}")
        return tuple(_from(a, v) for a, v in zip(args, data, strict=True))
    item_tp = args[0] if args else Any
    return origin(_from(item_tp, v) for v in data)


def _key(tp: Any, key: str) -> Any:
    if tp is int:
        return int(key)
    return _from(tp, key)


def _from_dataclass(cls: type, data: Any) -> Any:
    if not isinstance(data, Mapping):
        raise ValueError(f"{cls.__name__} is read from an object, not {data!r}")
    hints = _hints(cls)
    fields = [f for f in dataclasses.fields(cls) if f.init]
    unknown = set(data) - {f.name for f in fields}
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {sorted(unknown)[0]!r}")
    values: dict[str, Any] = {}
    for f in fields:
        if f.name in data:
            values[f.name] = _from(hints[f.name], data[f.name])
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise ValueError(f"{cls.__name__} needs the field {f.name!r}")
    return cls(**values)


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)
