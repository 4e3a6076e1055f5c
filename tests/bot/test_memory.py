"""The long-running process's memory care (bot/memory.py): freed memory handed back to
the system on a timer, in a thread, and never where the C library cannot."""

from __future__ import annotations

import platform
import threading

import pytest

from bot.memory import MemoryReturner, system_trim
from tests.waiting import eventually


async def test_it_trims_on_its_timer_in_a_thread_until_closed() -> None:
    threads: list[str] = []
    returner = MemoryReturner(every=0.01, trim=lambda: threads.append(threading.current_thread().name))
    returner.start()
    await eventually(lambda: returner.trims >= 3, what="three trims")
    await returner.close()
    assert threading.main_thread().name not in threads  # the event loop's thread never trims
    trimmed = len(threads)
    returner.start()  # started again after close: a fresh timer
    await eventually(lambda: len(threads) > trimmed, what="a trim after starting again")
    await returner.close()
    await returner.close()  # closing twice is harmless


async def test_without_a_trim_it_starts_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.memory.system_trim", lambda: None)  # a C library without malloc_trim (musl, macOS)
    returner = MemoryReturner(every=0.01)
    returner.start()
    assert not returner.running
    await returner.close()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_glibc_trim_is_found_and_runs() -> None:
    trim = system_trim()
    assert trim is not None
    assert trim() in (0, 1)  # 1: memory was handed back, 0: there was none to hand back
