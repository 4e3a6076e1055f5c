"""The one writer of the bot's Discord messages (see ``presenter.py``)."""

from bot.ui.presenter.hand_messages import Asked
from bot.ui.presenter.interactions import Placeholder
from bot.ui.presenter.presenter import DiscordPresenter, MemberSettings
from bot.ui.presenter.table_message import Pace, TableKeeper

__all__ = ["Asked", "DiscordPresenter", "MemberSettings", "Pace", "Placeholder", "TableKeeper"]
