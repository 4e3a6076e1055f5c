# What the bot says about seasons (bot/ui/text/seasons.py): /standings season and
# /leaderboard season:. $title: the game's title; $season, $current: seasons' numbers.
# "Manage Server" is Discord's own name for the permission, and "all" what a member types.

season-not-manager = Only a member with Manage Server can change this server's seasons.
season-not-saved = The seasons could not be changed just now; nothing changed, try again.
# $previous: the season before, as /leaderboard's season: option takes it.
season-started = Season { $season } of { $title } has begun: its ratings start afresh, and /leaderboard season:{ $previous } still shows the last one.
season-monthly-on = A new season of { $title } will begin with the first round of each month (UTC).
season-monthly-off = Seasons of { $title } now change only when a member with Manage Server starts one.
# $text: what the member typed, quoted; $all: the word for every season together.
season-unknown = There is no season { $text } of { $title } here: say a number from 1 to { $current }, or { $all } for all time.
season-board-all-time = { $title } leaderboard · all time
season-board = { $title } leaderboard · season { $season }
season-board-current = { $title } leaderboard · season { $season } (current)
# $started, $ended: dates Discord writes (<t:...:D>).
season-since = Since { $started }.
season-between = From { $started } to { $ended }.
# /standings season list: the game's seasons, newest first. $now: yes for the current season.
season-list-title = **Seasons of { $title }**
season-list-since = Season { $season }{ $now ->
    [yes] {" "}(current)
   *[no] {""}
  }: since { $started }
season-list-between = Season { $season }: from { $started } to { $ended }
season-list-until = Season { $season }: every round until { $ended }
season-list-always = Season { $season }{ $now ->
    [yes] {" "}(current)
   *[no] {""}
  }: every round so far
season-list-monthly = A new season begins with the first round of each month (UTC).
season-list-by-hand = A new season begins only when a member with Manage Server starts one.
