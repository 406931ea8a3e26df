"""The folders on disk: the kinds of folder (:mod:`.kinds`: an individual, team, knockout or group
event, a club), what each owns (:mod:`.layout`), the one reader of their CSV files (:mod:`.tables`)
and what they share (:mod:`.files`: atomic writes, the lock, the manifest)."""
