"""Standings and crosstables on the real events of ../shared/realdata (TRF files made by others)."""

from __future__ import annotations

import pytest

from arbiter_cli.lifecycle.crosstable import round_crosstable, square_crosstable
from arbiter_cli.lifecycle.standings import compute_standings
from arbiter_cli.trf.reader import parse_trf
from arbiter_cli.trf.tournament import tournament_from_trf

from conftest import SHARED, shared_file

FILES = sorted(str(p.relative_to(SHARED / "realdata")) for p in (SHARED / "realdata").rglob("*.trf"))
CODES = ["BH/C1", "BH", "SB", "DE", "WIN", "PS", "AOB", "FB", "KS", "ARO", "TPR", "PTP", "APRO", "STD", "REP"]


def test_every_real_event_is_here() -> None:
    """27 French sections, 8 TRF samples, 5 engine tests: a missing folder fails here, loudly."""
    assert len(FILES) == 40, FILES


@pytest.mark.parametrize("name", FILES)
def test_real_event(name: str) -> None:
    raw = shared_file("realdata/" + name).read_bytes()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    trf = parse_trf(text)
    tournament = tournament_from_trf(trf)
    table = compute_standings(tournament, None, CODES)
    assert sorted(r.player.start_number for r in table.rows) == sorted(p.tpn for p in trf.players)
    # The points we count are the points the file states (where it states them), except with record 299
    # adjustments and in a team file (310), whose player lines carry no individual points.
    if "299" not in trf.header and "310" not in trf.header:
        stated = {p.tpn: p.points for p in trf.players if p.points is not None}
        assert {r.player.start_number: r.points for r in table.rows if r.player.start_number in stated} == stated
    ranks = [r.rank for r in table.rows if r.rank is not None]
    assert ranks == sorted(ranks) and ranks[0] == 1
    # players the file ranks 0 after leaving the event are listed last, without a rank (rank_withdrawn)
    assert all(r.rank is None for r in table.rows[len(ranks):])
    crosstable = (square_crosstable if tournament.settings.system.is_round_robin else round_crosstable)(tournament)
    assert len(crosstable.rows) == len(trf.players)
