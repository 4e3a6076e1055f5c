"""What the sandbox says on the console, and the sentences its page shows for what
Discord's own client would show (the bot's own words stay in bot/ui/text/)."""

from __future__ import annotations


def playing_at(url: str) -> str:
    """The one line `make run` prints without a token."""
    return f"No Discord token: playing in the sandbox at {url} (set DISCORD_TOKEN in .env to run on Discord)"


def open_to_the_network(urls: list[str]) -> str:
    """Printed with the line above when SANDBOX_HOST is not a loopback address."""
    where = " or ".join(urls) if urls else "this machine's address on your network"
    return (f"Warning: SANDBOX_HOST lets anyone who can reach this machine join the sandbox at {where}; "
            "there is no password. Unset SANDBOX_HOST to keep it to this machine.")


def port_taken(host: str, port: int, why: str) -> str:
    return (f"The sandbox cannot listen on {host}:{port} ({why}): set SANDBOX_PORT in .env to a free port "
            "(or leave it empty to take any free port).")


def bot_stopped(why: str) -> str:
    return f"The bot stopped in the sandbox ({why}); the log above says why."


# The page's answers (shown to the member in place of what Discord's client shows).
NO_ANSWER = "The bot did not answer in time: on Discord this reads \"This interaction failed\"."
UNKNOWN_MEMBER = "This page's member is no longer in the sandbox: choose a name again."
BAD_NAME = "Choose a name of 1 to 32 characters."
TOO_MANY_MEMBERS = ("The sandbox has its 200 members: join as one of them, or delete data/sandbox-world.json "
                    "(with the sandbox stopped) to start afresh.")
NAME_IN_USE = "That name is playing in another tab or window: choose another (each tab is its own member)."
GONE = "That message is gone."
CANNOT_SEND = "Discord would not send this: {why}"
NOT_JSON = "The request is not a JSON object."
NO_CHANNEL = "There is no such channel."
NOT_LOOPBACK = "The sandbox answers only requests addressed to 127.0.0.1 or localhost."
OTHER_ORIGIN = "The sandbox answers only its own page."
