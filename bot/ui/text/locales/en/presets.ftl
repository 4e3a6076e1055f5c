# A server's own house rules (issue 32): /<game> presets save, show and clear, and the lobby's
# line saying where a table's rules came from (bot/ui/text/presets.py).

## The commands, as Discord lists them (read in English when the commands are declared).
presets-group = This server's own house rules for new tables (Manage Server)
presets-save-command = Save house rules as the default for new tables in this channel or on this server.
presets-show-command = Which house rules new tables here start from, and where they come from.
presets-clear-command = Forget this channel's or this server's house rules.
presets-scope-option = channel: this channel only (the default); server: every channel without its own
presets-scope-channel = this channel
presets-scope-server = the whole server

## Answers, each private.
presets-not-manager = Only a member with Manage Server can change this server's house rules.
presets-not-saved = The house rules could not be changed just now; nothing changed, try again.
presets-unreadable = The house rules could not be read just now; no table was opened, try again in a moment.
presets-show-unreadable = The house rules could not be read just now; try again in a moment.
# $options: the options saved, as "deal: 5 cards, no jokers: on", or presets-standard.
presets-saved = { $scope ->
    [channel] New { $game } tables in this channel now start from these house rules: { $options }. A member can still change them for one table.
   *[server] New { $game } tables on this server now start from these house rules: { $options }. A channel with house rules of its own keeps those; a member can still change them for one table.
}
presets-cleared = { $scope ->
    [channel] This channel's house rules for { $game } are forgotten.
   *[server] This server's house rules for { $game } are forgotten.
}
presets-none-to-clear = { $scope ->
    [channel] This channel has no house rules for { $game } to forget.
   *[server] This server has no house rules for { $game } to forget.
}
presets-show-channel = New { $game } tables here start from this channel's house rules: { $options }.
presets-show-server = New { $game } tables here start from this server's house rules: { $options }.
presets-show-none = No house rules are saved for { $game } here: new tables start from the standard options.
presets-show-server-elsewhere = This server's own house rules ({ $options }) apply in its other channels without house rules of their own.
presets-show-replaced = A channel's house rules replace the server's whole: an option the channel's leave out is the standard one.
presets-standard = the standard options
presets-on = on
presets-off = off

## The lobby: where the table's rules came from.
# $from: channel, server or table; $changed: yes when the host changed some of them.
presets-rules-from = { $from ->
    [channel] { $changed ->
        [yes] House rules of this channel, some changed by the host for this table.
       *[no] House rules of this channel.
    }
    [server] { $changed ->
        [yes] House rules of this server, some changed by the host for this table.
       *[no] House rules of this server.
    }
   *[table] Rules chosen for this table.
}
