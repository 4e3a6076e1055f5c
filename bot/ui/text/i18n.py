"""The catalogues: every sentence the bot says, looked up by message id in a language.

Each language is a directory of Fluent files, ``bot/ui/text/locales/<lang>/*.ftl``
(package data), found by listing the directory: a language added later needs only its
files (docs/i18n.md). English (``en``) is complete and is the fallback for any message a
language lacks. Fluent, with Babel's CLDR data underneath, picks plural forms and
formats numbers by the language's own rules.

``text(message_id, lang, **args)`` is the one lookup. Without ``lang`` it speaks the
language of the moment (``speaking(lang)``, a context variable): the presenter sets it
per reader, so the modules beside this one keep their signatures and callers change little.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from importlib.abc import Traversable
from typing import Any

from babel import Locale, UnknownLocaleError
from fluent.runtime import FluentBundle, FluentResource

log = logging.getLogger(__name__)

DEFAULT = "en"
# Where catalogues are found: the package's own, and any a test adds (``add_root``).
ROOTS: list[Traversable] = [resources.files(__package__) / "locales"]

_language: ContextVar[str] = ContextVar("language", default=DEFAULT)


def add_root(root: Traversable) -> None:
    """Look for languages in ``root`` too (a test's catalogue, docs/i18n.md)."""
    ROOTS.append(root)
    reload()


def remove_root(root: Traversable) -> None:
    ROOTS.remove(root)
    reload()


def reload() -> None:
    """Forget what was read: the next lookup reads the catalogues again."""
    languages.cache_clear()
    _bundle.cache_clear()
    forget_said()


def _catalogue_dirs(lang: str) -> list[Traversable]:
    return [root / lang for root in ROOTS if (root / lang).is_dir()]


def _files(folder: Traversable) -> list[Traversable]:
    return sorted((f for f in folder.iterdir() if f.name.endswith(".ftl")), key=lambda f: f.name)


@functools.cache
def languages() -> tuple[str, ...]:
    """Every language with a catalogue, English first."""
    found = {folder.name for root in ROOTS if root.is_dir() for folder in root.iterdir()
             if folder.is_dir() and _files(folder)}
    return tuple(sorted(found, key=lambda lang: (lang != DEFAULT, lang)))


def name_of(lang: str) -> str:
    """A language's name in itself, from CLDR ("English", "Kiswahili", "हिन्दी")."""
    try:
        name = Locale.parse(lang.replace("-", "_")).get_display_name()
    except (UnknownLocaleError, ValueError):
        name = None
    return name or lang


@functools.cache
def _bundle(lang: str) -> FluentBundle:
    # No bidi isolation marks: Discord lays names out itself and the marks would show in code blocks.
    bundle = FluentBundle([lang], use_isolating=False)
    for folder in _catalogue_dirs(lang):
        for file in _files(folder):
            # A file Fluent cannot parse keeps its good messages; the completeness test names the rest.
            bundle.add_resource(FluentResource(file.read_text(encoding="utf-8")))
    return bundle


def message_ids(lang: str) -> frozenset[str]:
    """The ids a language's catalogue holds (the completeness test reads them)."""
    return frozenset(_bundle(lang)._messages)


def _value(value: object) -> Any:
    """An argument as Fluent takes it: numbers stay numbers (for plurals), the rest is text."""
    if isinstance(value, str):  # most arguments: asked first, before the slower Sequence check
        return value
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return value
    if value is None:
        return ""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return ", ".join(str(v) for v in value)
    return str(value)


# What was said, by (language, message id, arguments): the catalogues do not change while
# the bot runs, and a table's screens say the same few dozen messages at every redraw, where
# Fluent's formatting was most of a redraw's time (docs/performance.md). Only what was said
# without an error is kept, so a broken message is logged each time it is said. Bounded:
# forgotten all at once when full (a lookup is cheap to redo).
_SAID_LIMIT = 20_000
_said: dict[tuple[str, str, tuple[tuple[str, Any], ...]], str] = {}


def forget_said() -> None:
    """Forget what was said (bench/screens.py's baseline words every screen afresh)."""
    _said.clear()


def text(message_id: str, lang: str | None = None, **args: object) -> str:
    """Message ``message_id`` in ``lang`` (default: the language of the moment), in
    English when that language lacks it."""
    chosen = lang or _language.get()
    values = {key: _value(value) for key, value in args.items()}
    key = (chosen, message_id, tuple(sorted(values.items())))
    said = _said.get(key)
    if said is not None:
        return said
    for each in (chosen, DEFAULT) if chosen != DEFAULT else (DEFAULT,):
        bundle = _bundle(each)
        if not bundle.has_message(message_id):
            continue
        message = bundle.get_message(message_id)
        if message.value is None:
            continue
        result, errors = bundle.format_pattern(message.value, values)
        for error in errors:
            log.error("message %s in %s: %s", message_id, each, error)
        if not errors:
            if len(_said) >= _SAID_LIMIT:
                _said.clear()
            _said[key] = str(result)
        return str(result)
    log.error("no message %r in any catalogue", message_id)
    return message_id


def said_constant(constants: Mapping[str, str], name: str) -> str:
    """A text module's constant ``name``, said now in the language of the moment:
    ``constants`` names each constant's message id. What the module's ``__getattr__``
    returns, so that ``screens.SEATS_FIELD`` is looked up when it is read, never frozen at
    import; an AttributeError for a name it does not have."""
    if name in constants:
        return text(constants[name])
    raise AttributeError(name)


def current() -> str:
    """The language of the moment."""
    return _language.get()


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """Speak ``lang`` inside the block (None: keep the language of the moment)."""
    if lang is None:
        yield
        return
    token = _language.set(lang)
    try:
        yield
    finally:
        _language.reset(token)


def speak_from_now(lang: str) -> None:
    """Speak ``lang`` for the rest of the current asyncio task: an interaction's own task,
    whose reader is its member (asyncio gives each task a copy of the context, so this
    leaks into no other task already running; tasks started from here copy it, which is
    why every drawing sets its own reader's language with ``speaking``)."""
    _language.set(lang)


def known(lang: str | None) -> str | None:
    """``lang`` if it has a catalogue, else its base language's (``en-US`` → ``en``), else None."""
    if not lang:
        return None
    found = languages()
    if lang in found:
        return lang
    base = lang.replace("_", "-").split("-")[0].lower()
    return base if base in found else None
