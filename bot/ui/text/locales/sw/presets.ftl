# Sheria za ziada za seva (issue 32): /<game> presets save, show, clear, na mstari wa meza
# unaosema sheria zake zimetoka wapi (bot/ui/text/presets.py).

## Amri, kama Discord inavyoziorodhesha.
presets-group = Sheria za ziada za seva hii kwa meza mpya (Manage Server)
presets-save-command = Hifadhi sheria za ziada kwa meza mpya katika chaneli hii au kwenye seva hii.
presets-show-command = Sheria za ziada ambazo meza mpya hapa zinaanza nazo, na zimetoka wapi.
presets-clear-command = Sahau sheria za ziada za chaneli hii au za seva hii.
presets-scope-option = channel: chaneli hii tu (kawaida); server: kila chaneli isiyo na zake
presets-scope-channel = chaneli hii
presets-scope-server = seva nzima

## Majibu, kila moja la faragha.
presets-not-manager = Ni mwanachama mwenye ruhusa ya Manage Server pekee anayeweza kubadilisha sheria za ziada za seva hii.
presets-not-saved = Sheria za ziada hazikuweza kubadilishwa sasa hivi; hakuna kilichobadilika, jaribu tena.
presets-unreadable = Sheria za ziada hazikuweza kusomwa sasa hivi; hakuna meza iliyofunguliwa, jaribu tena baada ya muda mfupi.
presets-show-unreadable = Sheria za ziada hazikuweza kusomwa sasa hivi; jaribu tena baada ya muda mfupi.
presets-saved = { $scope ->
    [channel] Meza mpya za { $game } katika chaneli hii sasa zinaanza na sheria hizi za ziada: { $options }. Mwanachama bado anaweza kuzibadilisha kwa meza moja.
   *[server] Meza mpya za { $game } kwenye seva hii sasa zinaanza na sheria hizi za ziada: { $options }. Chaneli yenye sheria za ziada zake inabaki nazo; mwanachama bado anaweza kuzibadilisha kwa meza moja.
}
presets-cleared = { $scope ->
    [channel] Sheria za ziada za { $game } za chaneli hii zimesahauliwa.
   *[server] Sheria za ziada za { $game } za seva hii zimesahauliwa.
}
presets-none-to-clear = { $scope ->
    [channel] Chaneli hii haina sheria za ziada za { $game } za kusahau.
   *[server] Seva hii haina sheria za ziada za { $game } za kusahau.
}
presets-show-channel = Meza mpya za { $game } hapa zinaanza na sheria za ziada za chaneli hii: { $options }.
presets-show-server = Meza mpya za { $game } hapa zinaanza na sheria za ziada za seva hii: { $options }.
presets-show-none = Hakuna sheria za ziada za { $game } zilizohifadhiwa hapa: meza mpya zinaanza na chaguo za kawaida.
presets-show-server-elsewhere = Sheria za ziada za seva hii ({ $options }) zinatumika katika chaneli zake nyingine zisizo na sheria za ziada zao.
presets-show-replaced = Sheria za ziada za chaneli zinachukua nafasi ya za seva zote: chaguo ambalo za chaneli hazitaji ni la kawaida.
presets-standard = chaguo za kawaida
presets-on = ndiyo
presets-off = hapana

## Meza ikisubiri: sheria zake zimetoka wapi.
presets-rules-from = { $from ->
    [channel] { $changed ->
        [yes] Sheria za ziada za chaneli hii, baadhi zimebadilishwa na mwenyeji kwa meza hii.
       *[no] Sheria za ziada za chaneli hii.
    }
    [server] { $changed ->
        [yes] Sheria za ziada za seva hii, baadhi zimebadilishwa na mwenyeji kwa meza hii.
       *[no] Sheria za ziada za seva hii.
    }
   *[table] Sheria zilizochaguliwa kwa meza hii.
}
