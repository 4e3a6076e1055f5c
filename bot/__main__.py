"""`python -m bot`: read .env, check the settings, set up logging, run the bot: on Discord
with DISCORD_TOKEN, else in the sandbox (sandbox/, docs/sandbox.md)."""

from __future__ import annotations

import sys

from dotenv import load_dotenv

from bot.config import ConfigError, load_settings


def main() -> int:
    load_dotenv()
    try:
        settings = load_settings()
    except ConfigError as err:
        print(err, file=sys.stderr)
        return 2
    if settings.sandbox:
        from sandbox.run import run_sandbox  # the same bot, on the embedded Discord-like server

        return run_sandbox(settings)
    from bot.client import run  # imported late: a bad .env should not wait for discord.py

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
