"""The files by which a folder's kind is known (:mod:`arbiter_cli.store.kinds` detects the kind
from them): every kind's declaration (:mod:`arbiter_cli.store.layout`) owns them, its own and the
others', so that no output written into a folder turns it into a folder of another kind."""

from __future__ import annotations

__all__ = ["SETTINGS_FILE", "TEAMS_FILE", "CLUB_FILE"]

#: An event's settings: every event folder has one (a group event's and a knockout's say so in it).
SETTINGS_FILE = "tournament.toml"
#: A team event's teams: an event folder with one is a team event.
TEAMS_FILE = "teams.csv"
#: A club's settings: a folder with one is a club.
CLUB_FILE = "club.toml"
