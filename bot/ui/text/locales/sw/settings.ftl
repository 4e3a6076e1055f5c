# /settings language (bot/ui/text/settings.py). $language: jina la lugha kwa lugha yenyewe ("English", "Kiswahili").
settings-language-mine = Nitakuandikia kwa { $language }.
settings-language-mine-automatic = Nitakuandikia kwa { $language }: lugha ya Discord yako ikiwa ninayo, la sivyo lugha ya seva hii.
settings-language-server = Meza na ujumbe wa hadharani wa seva hii vitaandikwa kwa { $language }.
settings-language-server-automatic = Meza na ujumbe wa hadharani wa seva hii vitaandikwa kwa { $language }: lugha ya Discord ya seva ikiwa ninayo, la sivyo Kiingereza.
settings-not-manager = Ni mwanachama mwenye ruhusa ya Manage Server pekee anayeweza kuchagua lugha ya seva hii.
