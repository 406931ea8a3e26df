"""Rendering: what the person and the scripts see.

:mod:`.output` (tables, CSV, JSON, consoles, progress), :mod:`.views` (the
event's views), :mod:`.printing` and :mod:`.html` (pages for the wall),
:mod:`.club` (the club's views), :mod:`.final` (the final standings files).
"""
