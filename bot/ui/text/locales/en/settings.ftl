# /settings language (bot/ui/text/settings.py). $language: the language's name in itself ("English", "Kiswahili").
settings-language-mine = I will write to you in { $language }.
settings-language-mine-automatic = I will write to you in { $language }: your Discord's language if I have it, else this server's.
settings-language-server = This server's tables and public messages will be written in { $language }.
settings-language-server-automatic = This server's tables and public messages will be written in { $language }: its Discord language if I have it, else English.
settings-not-manager = Only a member with Manage Server can choose this server's language.
