"""What ``/settings`` says: choosing the language a member reads the bot in, or a
server's (issue 29). The answers are the catalogue's (``locales/<lang>/settings.ftl``), in
the language of the moment, which the presenter sets to the language just chosen. The
command's own descriptions are English: Discord shows them before any language is known."""

from __future__ import annotations

from bot.ui.text.i18n import name_of, text

GROUP = "Your own settings, and this server's"
LANGUAGE_COMMAND = "The language the bot writes to you in, or this server's (Manage Server)."
LANGUAGE_OPTION = "A language, or automatic: your Discord's language, else the server's"
FOR_OPTION = "me (the default): what only you see; server: its tables and public messages"
AUTOMATIC = "automatic"  # the language: option's value that clears a choice
AUTOMATIC_CHOICE = "automatic (Discord's language)"
FOR_CHOICES = (("me", "me"), ("server (Manage Server)", "server"))


def language_set(language: str, *, server: bool, automatic: bool) -> str:
    """``/settings language``, confirmed: ``language`` is now the one written in (the
    member's own, or the server's public messages), chosen or (``automatic``) found."""
    key = "settings-language-server" if server else "settings-language-mine"
    return text(f"{key}-automatic" if automatic else key, language=name_of(language))


def not_manager() -> str:
    """The refusal of a server's language to a member without Manage Server."""
    return text("settings-not-manager")
