"""The random team events of tests/team_events.py: built by our acts, sound, reproducible, and
covering what the team oracles need (issue 15)."""

from __future__ import annotations

from collections import Counter

from arbiter_cli.lifecycle.team_integrity import team_problems
from team_events import generated_events, round_robin_event, swiss_event

EVENTS = generated_events(40, seed=7)


def test_every_generated_event_is_sound() -> None:
    problems = {g.id: team_problems(g.tournament) for g in EVENTS}
    assert {k: v for k, v in problems.items() if v} == {}


def test_generated_swiss_events_with_pabs_are_sound() -> None:
    for seed in range(30):
        generated = swiss_event(seed)
        assert team_problems(generated.tournament) == [], generated.id


def test_generated_events_cover_the_team_paths() -> None:
    seen = Counter(feature for g in EVENTS for feature in g.features)
    for feature in ("single", "double", "odd", "even", "swiss", "PAB", "HPB", "BYE", "board forfeit",
                    "match forfeit", "empty board", "line-up", "withdrawal", "in progress", "finalised", "primary GP"):
        assert seen[feature], feature
    assert any(g.tournament.team.colours for g in EVENTS)
    assert {g.tournament.team.boards for g in EVENTS} == {2, 3, 4, 5, 6}


def test_a_seed_rebuilds_its_event() -> None:
    assert round_robin_event(12).tournament == round_robin_event(12).tournament
    assert swiss_event(12).tournament == swiss_event(12).tournament
