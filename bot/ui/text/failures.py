"""What a member is told when the database fails them on a read (its writes have
the ``save-failed`` refusal, bot/ui/text/table.py): one private sentence, nothing changed."""

from __future__ import annotations

STANDINGS_UNREADABLE = "The standings could not be read just now; nothing changed, try again in a moment."
SETTING_NOT_SAVED = "Your setting could not be saved; nothing changed, try again."
HISTORY_UNREADABLE = "The rounds could not be read just now; nothing changed, try again in a moment."
