"""A new team folder (store/team_folder.py): the settings a TRF may bring (a PAB's own MP and GP,
TRF 320) survive the folder's files, and an unsound event is never left on disk."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.model import Player, Settings, Status, System
from arbiter_cli.core.results import ByeKind
from arbiter_cli.core.team_settings import TeamSettings
from arbiter_cli.core.team_tournament import MatchRound, TeamBye, TeamEntry, TeamTournament
from arbiter_cli.store.team_folder import TeamFolder


def _event(rounds: tuple[MatchRound, ...] = ()) -> TeamTournament:
    settings = Settings(name="Cup", system=System.SWISS, rounds=3, seed=0,
                        status=Status.RUNNING if rounds else Status.REGISTRATION)
    team = TeamSettings(boards=1, match_win=Fraction(3), pab_match_points=Fraction(2),
                        pab_game_points=Fraction(5, 2))
    teams = (TeamEntry(number=1, name="A"), TeamEntry(number=2, name="B"), TeamEntry(number=3, name="C"))
    players = tuple(Player(start_number=n, name=f"P{n}") for n in (1, 2, 3))
    return TeamTournament(settings, team, teams, players, {1: 1, 2: 2, 3: 3}, rounds)


def test_a_pab_worth_its_own_points_is_kept_in_the_settings(tmp_path: Path) -> None:
    TeamFolder.create(tmp_path / "cup", _event(), "test")
    text = (tmp_path / "cup" / "tournament.toml").read_text(encoding="utf-8")
    assert "pab_match_points = 2" in text and "pab_game_points = 2.5" in text
    with TeamFolder(tmp_path / "cup").lock(exclusive=False):
        loaded = TeamFolder(tmp_path / "cup").load()
    assert loaded.team.scoring(loaded.settings.scoring).pab_scores() == (Fraction(2), Fraction(5, 2))


def test_an_unsound_event_is_refused_and_leaves_no_folder(tmp_path: Path) -> None:
    unsound = _event((MatchRound(1, (), (TeamBye(1, ByeKind.PAB),)),))  # teams 2 and 3 are nowhere
    with pytest.raises(BrokenFolder, match="team 2 .B. has no match and no bye"):
        TeamFolder.create(tmp_path / "cup", unsound, "test")
    assert list(tmp_path.iterdir()) == []
