"""The presenter's own tasks end with it: closing cancels and awaits every one, the ones
already drawing (past their coalescing wait) included, and any retry one starts as it is
cancelled, so no redraw meets discord.py's closed HTTP session after the bot's close."""

from __future__ import annotations

import asyncio

from bot.ui.presenter.background import Background


async def test_close_cancels_and_awaits_the_tasks_already_drawing() -> None:
    background = Background()
    drawing, ended = asyncio.Event(), []

    async def redraw(name: str, wait: float) -> None:
        try:
            await asyncio.sleep(wait)  # the coalescing wait
            drawing.set()
            await asyncio.Event().wait()  # on the wire, never answered
        finally:
            ended.append(name)

    background.start(redraw("waiting", 60.0))
    background.start(redraw("drawing", 0.0))
    await asyncio.wait_for(drawing.wait(), 5)
    await asyncio.wait_for(background.close(), 5)
    assert sorted(ended) == ["drawing", "waiting"]


async def test_a_retry_started_while_closing_is_closed_too() -> None:
    background = Background()
    ended: list[str] = []

    async def retry() -> None:
        try:
            await asyncio.Event().wait()
        finally:
            ended.append("retry")

    async def edit() -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            background.start(retry())  # as a failed edit schedules its next try
            raise

    background.start(edit())
    await asyncio.sleep(0)
    await asyncio.wait_for(background.close(), 5)
    assert ended == ["retry"]
