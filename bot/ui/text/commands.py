"""The slash commands' own words: the descriptions of the games' commands (``/kadi``,
``/karata``, ``/donkey`` and what ``bot/ui/game_cog.py`` gives each), of ``/cards images``,
``/leaderboard`` and ``/stats``, of their options, and the names of their choices.

Discord registers them once, for every member, and has no Kiswahili locale to register a
translation under (docs/i18n.md), so they stay English here, read once when the commands
are declared; what the commands answer is the catalogue's. ``/settings``, ``/standings
season``, ``/<game> presets`` and ``/cards colours`` keep theirs beside their answers
(``settings.py``, ``seasons.py``, ``presets.py``, ``pictures.py``). Discord takes at most
100 characters for a description or a choice's name.
"""

from __future__ import annotations

# ------------------------------------------------------------ every game (GameCog)

WATCH = "Watch this channel's table live (only you see this view)."
HAND = "See your cards and play them (only you can see this)."
PLAY = "Play cards from your hand, in the order you lay them."
PLAY_CARDS_OPTION = "The cards in order, such as QS QC 4C 4D; add 'ask H' after an Ace"
DRAW = "Draw a card, pick up what you owe, or take a skip."
LEAVE = "Leave the table (a computer plays on with your cards)."
END = "End the table in this channel (host or Manage Server)."
RULES = "The rules, house rules and how the bot plays them."
HISTORY = "This server's recent rounds: when, where, who won (only you see it)."
REPLAY = "Step through a finished round, move by move (only you see it)."
REPLAY_ROUND_OPTION = "The round (by default your last one here); type to search the recent rounds"

# turn_timer: (name, seconds); 0 is no clock.
TURN_TIMER_CHOICES = (("off", 0), ("30 seconds", 30), ("60 seconds", 60), ("2 minutes", 120), ("5 minutes", 300))
# level: each computer level's name (bot.registry.Level), by its value.
LEVEL_NAMES = {"easy": "easy", "normal": "normal", "hard": "hard"}

# Options several games' /new and /solo share.
TURN_TIMER_OPTION = "Time for each turn (60 s by default)"
IMAGES_OPTION = "Show the table as a picture of cards (on by default)"
SOLO_TURN_TIMER_OPTION = "Time for each of your turns"
SOLO_LEVEL_OPTION = "How well the computers play (normal by default)"

# ------------------------------------------------------------ /kadi

KADI_GROUP = "Play Kadi (Kenyan Poker)"
KADI_NEW = "Open a Kadi table in this channel."
KADI_SOLO = "Play Kadi against computer players right now."
KADI_NIKO = "Call Niko Kadi! (before the next player moves)"
KADI_DIRECTION_CHOICES = (("clockwise", "clockwise"), ("anticlockwise", "anticlockwise"))


def kadi_deal_choice(cards: int) -> str:
    """The deal: option's choice of ``cards`` cards each."""
    return f"{cards} cards"


# /kadi new's options, and /kadi presets save's (the same options, described alike).
KADI_NEW_OPTIONS = dict(
    deal="Cards each (4 is the common deal)", turn_timer=TURN_TIMER_OPTION,
    rounds="Rounds in the match (1 by default)", direction="Direction of play from round 2 on",
    punishment_accumulates="Counters add up: 2 on 2 is pick 4",
    bombs_answer_bombs="Any bomb counters any bomb (a 3 on a 2)",
    forgotten_call_costs_a_card="Running out without a call costs one more card",
    ace_finish="A hand of Aces alone is also a winning hand",
    no_jokers="Play with a 52-card deck",
    images=IMAGES_OPTION,
)
KADI_SOLO_OPTIONS = dict(opponents="How many computer players (1 to 4)", deal="Cards each",
                         turn_timer=SOLO_TURN_TIMER_OPTION, level=SOLO_LEVEL_OPTION, images=IMAGES_OPTION)

# ------------------------------------------------------------ /karata

KARATA_GROUP = "Play Karata or Kadi Moja"
KARATA_NEW = "Open a Karata or Kadi Moja table in this channel."
KARATA_SOLO = "Play Karata or Kadi Moja against computer players right now."
KARATA_MOJA = "Call Kadi Moja! when you are down to one card."
KARATA_CHALLENGE = "Cheat mode: accuse a player of hiding a card."
KARATA_CHALLENGE_MEMBER_OPTION = "The player you accuse"
KARATA_PRESET_CHOICES = (("Karata (5 cards, plugging, Jack bridge)", "karata"),
                         ("Kadi Moja (7 cards, call or draw 2)", "kadi-moja"))

# /karata new's options, and /karata presets save's.
KARATA_NEW_OPTIONS = dict(
    preset="Which rules: Karata (the default) or Kadi Moja", turn_timer=TURN_TIMER_OPTION,
    must_call_to_win="Karata: without a Kadi Moja call your last card doesn't win and you draw one",
    elimination="Play rounds until one player is left (Karata: knock-out; Kadi Moja: points ceiling)",
    cheat_mode="Hide one card and challenge others; every player must agree before the deal",
    points_ceiling="Kadi Moja elimination: crossing this many points knocks you out (100 by default)",
    images=IMAGES_OPTION,
)
KARATA_SOLO_OPTIONS = dict(opponents="How many computer players (1 to 7; Kadi Moja seats 6)", preset="Which rules",
                           elimination="Play rounds until one player is left", turn_timer=SOLO_TURN_TIMER_OPTION,
                           level=SOLO_LEVEL_OPTION, images=IMAGES_OPTION)

# ------------------------------------------------------------ /donkey

DONKEY_GROUP = "Play Donkey (Kazhutha Kali)"
DONKEY_NEW = "Open a Donkey table in this channel (2 to 8 players)."
DONKEY_SOLO = "Play Donkey against computer players right now."
DONKEY_PLAY = "Play one card: follow the active suit if you can."
DONKEY_PLAY_CARD_OPTION = "The card, such as 9C or 9♣ (the list shows what you may play)"
DONKEY_TURN_TIMER_CHOICES = (("off", 0), ("30 seconds", 30), ("45 seconds (the rule)", 45), ("60 seconds", 60),
                             ("2 minutes", 120))

# /donkey new's options, and /donkey presets save's.
DONKEY_NEW_OPTIONS = dict(turn_timer="Time for each turn (45 s by default); running out sits you out a round",
                          images=IMAGES_OPTION)
DONKEY_SOLO_OPTIONS = dict(opponents="How many computer players (1 to 7)", turn_timer=SOLO_TURN_TIMER_OPTION,
                           level=SOLO_LEVEL_OPTION, images=IMAGES_OPTION)

# ------------------------------------------------------------ /cards images

CARDS_GROUP = "How your cards are shown to you"
CARDS_IMAGES = "Show your hand as a picture of cards, or in words only."
CARDS_IMAGES_OPTION = "on (the default) or off; for every table, on every server"
CARDS_IMAGES_CHOICES = (("on: a picture of my cards", "on"), ("off: my cards in words only", "off"))

# ------------------------------------------------------------ /leaderboard and /stats

LEADERBOARD = "This server's best players of a game."
LEADERBOARD_GAME_OPTION = "Which game"
LEADERBOARD_COMPUTERS_OPTION = "Also count rounds with fewer than two humans"
STATS = "A member's standing in every game on this server."
