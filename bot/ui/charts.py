"""Small charts drawn by the bot (Pillow): a member's rating over their last rounds."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 480, 220
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 44, 12, 28, 26
BACKGROUND = (47, 49, 54)
GRID = (79, 84, 92)
TEXT = (220, 221, 222)
COLOURS = [(249, 168, 37), (88, 166, 255), (87, 242, 135), (237, 66, 69)]


def rating_chart(series: Mapping[str, Sequence[tuple[float, float]]], *,
                 rounds_label: Callable[[int], str], axis_label: str) -> bytes:
    """A PNG of each game's rating (the ordinal μ − 3σ, as ranked) over the member's last
    rated rounds, from ``series``: game title → (μ, σ) after each round, oldest first.
    Its words come from the reader's catalogue: ``rounds_label(n)`` under it (the span, n
    rounds) and ``axis_label`` above it."""
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=12)
    lines = {title: [mu - 3 * sigma for mu, sigma in points] for title, points in series.items() if points}
    values = [v for line in lines.values() for v in line]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high - low < 1.0:  # a flat line sits in the middle of a one-point band
        low, high = (low + high) / 2 - 0.5, (low + high) / 2 + 0.5
    longest = max((len(line) for line in lines.values()), default=1)
    left, right, top, bottom = MARGIN_LEFT, WIDTH - MARGIN_RIGHT, MARGIN_TOP, HEIGHT - MARGIN_BOTTOM

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    def x(index: int, count: int) -> float:
        # Lines end together at the right: the latest round of each game is "now".
        offset = longest - count
        return left + (index + offset) * (right - left) / max(longest - 1, 1)

    for value in (low, (low + high) / 2, high):
        draw.line([(left, y(value)), (right, y(value))], fill=GRID)
        draw.text((left - 4, y(value)), f"{value:.1f}", fill=TEXT, font=font, anchor="rm")
    draw.text((right, HEIGHT - 6), rounds_label(longest),
              fill=TEXT, font=font, anchor="rs")
    legend_x = float(left)
    for i, (title, line) in enumerate(lines.items()):
        colour = COLOURS[i % len(COLOURS)]
        points = [(x(j, len(line)), y(v)) for j, v in enumerate(line)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=2)
        for px, py in points:
            draw.ellipse([px - 2.5, py - 2.5, px + 2.5, py + 2.5], fill=colour)
        draw.rectangle([legend_x, 9, legend_x + 10, 19], fill=colour)
        draw.text((legend_x + 14, 14), title, fill=TEXT, font=font, anchor="lm")
        legend_x += 24 + draw.textlength(title, font=font)
    draw.text((right, 14), axis_label, fill=TEXT, font=font, anchor="rm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
