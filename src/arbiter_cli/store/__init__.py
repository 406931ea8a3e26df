"""The folders on disk: the tournament folder (:mod:`.tournament`), the club folder
(:mod:`.club`) and what they share (:mod:`.files`: atomic writes, the lock, the manifest)."""
