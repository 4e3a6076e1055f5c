"""The sandbox: the bot played without Discord (docs/sandbox.md).

`make run` without DISCORD_TOKEN runs the real bot, unchanged, against an embedded
Discord-like server on loopback (the fake Discord of the e2e tests), with a web page
beside it that plays like Discord: ``run.py`` (the process), ``app.py`` (the bot, the
server and the page together), ``world.py`` (the sandbox's server and members),
``server.py`` (the page's HTTP and WebSocket API), ``view.py`` (a message as one member
sees it), ``page/`` (the page: plain HTML, CSS and JavaScript), ``words.py``.
"""
