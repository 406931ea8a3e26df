"""FIDE's tie-break oracle: every value of ../shared/tiebreaks/fide-tec, asserted.

* ``held_expected_values.json``: IA Mario Held's exercises 1-33 on three
  crosstables, under the 2023/24 rules (``/V1``, our ``2024``) and, where FIDE
  gives them, the 2026 rules (``/V2``, our ``2026``). Codes without /V1 or /V2
  (KS, DE, WIN, WON, BPG, BWG, GE, PS) do not depend on the unplayed-round
  rules and are checked under both editions. DE entries are the ranks after
  points and DE.
* ``swiss_with_many_unplayed_rounds``: the reference engine's columns for the
  15-player event under the 2024 rules (``.2026-02-28``) and the 2026 rules
  (``.2026-03-01`` and ``.2026-03-01.all``, all 33 columns). The engine prints
  ``-0`` for "no value" (rating tie-breaks are dropped: unrated players) and
  0 for a DE that decided nothing; we give None for both. Besides the C.07
  codes the engine lists auxiliary columns, which are checked against the
  matching part of arbiter: ABH (the adjusted score of Art. 16.3), VUR
  (voluntary unplayed rounds, 16.1), NUM (games played), ESB (extended SB,
  which for individuals is SB), CSQ (colours of the games played, from the
  crosstable) and COP (the C.04.3 colour preference, from the pairing state).
  Its Rank column comes from ranking by all its columns in order; we rank by
  the C.07 codes among them in the same order.
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_cli.lifecycle.crosstable import round_crosstable
from arbiter_cli.pairing.dutch.state import derive_states
from arbiter_cli.lifecycle.standings import Standings, compute_standings
from arbiter_cli.core.tiebreak_codes import INDIVIDUAL_CODES, parse_tiebreak
from arbiter_cli.tiebreaks.event import event_from_tournament
from arbiter_cli.tiebreaks.unplayed import adjusted_scores, is_vur
from arbiter_cli.trf.reader import parse_trf
from arbiter_cli.trf.swiss import request_from_trf
from arbiter_cli.trf.tournament import tournament_from_trf

from conftest import shared_file

TEC = "tiebreaks/fide-tec/"


def _load_json() -> dict:
    return json.loads(shared_file(TEC + "held_expected_values.json").read_text(encoding="utf-8"))


def _held_cases() -> list:
    data = _load_json()
    cases = []
    for exercise in data["individual_exercises"] + data["individual_exercises_2026_rules"]:
        parts = exercise["code"].split("/")
        code = "/".join(p for p in parts if p not in ("V1", "V2"))
        # /V1 and /V2 name the edition; a code without either does not depend on the unplayed-round
        # rules, so its values hold under both editions.
        editions = ["2026"] if "V2" in parts else ["2024"] if "V1" in parts else ["2024", "2026"]
        for rules in editions:
            case_id = f"ex{exercise['exercise']:02d}-{Path(exercise['file']).stem}-{code}-{rules}"
            cases.append(pytest.param(exercise, code, rules, id=case_id))
    return cases


def _tournament(name: str, round_robin: bool | None = None):  # type: ignore[no-untyped-def]
    trf = parse_trf(shared_file(TEC + name).read_text(encoding="utf-8"))
    return tournament_from_trf(trf, round_robin)


def _row(standings: Standings, tpn: int):  # type: ignore[no-untyped-def]
    return next(row for row in standings.rows if row.player.start_number == tpn)


def _expected(text: str) -> Fraction | None:
    return None if text in ("None", "-0") else Fraction(text)


HELD = _held_cases()


def test_the_oracle_has_every_case() -> None:
    assert len({case.values[0]["exercise"] for case in HELD}) == 33
    assert sum(1 for case in HELD if case.values[2] == "2026") == 8 + 12  # /V2 cases + rule-independent codes


@pytest.mark.parametrize(("exercise", "code", "rules"), HELD)
def test_held_exercise(exercise: dict, code: str, rules: str) -> None:
    round_robin = exercise.get("pre_determined", exercise["file"] == "held_round_robin.trf")
    tournament = _tournament(exercise["file"], round_robin)
    standings = compute_standings(tournament, None, [code], rules=rules)
    assert standings.rules.value == rules
    for tpn, expected in exercise["expected"].items():
        row = _row(standings, int(tpn))
        if exercise.get("expected_is_rank"):
            assert row.rank == expected, f"player {tpn}: rank {row.rank}, FIDE {expected}"
        else:
            value = row.tiebreaks[code]
            got = None if value is None else Fraction(value)
            assert got == _expected(expected), f"player {tpn}: {code} = {value}, FIDE {expected}"


MANY = "swiss_with_many_unplayed_rounds"
EDITIONS = {".2026-02-28.txt": "2024", ".2026-03-01.txt": "2026", ".2026-03-01.all.txt": "2026"}


def _table(suffix: str) -> tuple[list[str], dict[int, dict[str, str]]]:
    lines = shared_file(TEC + MANY + suffix).read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    rows = {}
    for line in lines[1:]:
        if "\t" in line:
            cells = dict(zip(header, line.split("\t")))
            rows[int(cells["StartNo"])] = cells
    return header, rows


def _many_cases() -> list:
    cases = []
    for suffix in EDITIONS:
        header, _ = _table(suffix)
        for column in header[1:]:
            cases.append(pytest.param(suffix, column, id=f"{EDITIONS[suffix]}{suffix.removesuffix('.txt')}-{column}"))
    return cases


def _is_c07(column: str) -> bool:
    try:
        return parse_tiebreak(column)[0] in INDIVIDUAL_CODES
    except ValueError:
        return False


MANY_CASES = _many_cases()


def test_the_many_unplayed_oracle_has_all_33_columns() -> None:
    assert sum(1 for case in MANY_CASES if case.values[0] == ".2026-03-01.all.txt") == 33


@pytest.mark.parametrize(("suffix", "column"), MANY_CASES)
def test_many_unplayed_rounds(suffix: str, column: str) -> None:
    rules = EDITIONS[suffix]
    header, rows = _table(suffix)
    tournament = _tournament(MANY + ".trf")
    assert tournament.settings.system.value == "swiss"
    codes = [c for c in header[3:] if _is_c07(c)]
    standings = compute_standings(tournament, None, codes, rules=rules)
    event = event_from_tournament(tournament, None, standings.rules)
    got: dict[int, object]
    if column == "Rank":
        got = {row.player.start_number: row.rank for row in standings.rows}
    elif column == "PTS":
        got = {row.player.start_number: row.points for row in standings.rows}
    elif column == "ABH":
        got = dict(adjusted_scores(event))
    elif column == "VUR":
        got = {tpn: sum(1 for s in slots if is_vur(s)) for tpn, slots in event.slots.items()}
    elif column == "NUM":
        got = {row.player.start_number: row.record.played for row in standings.rows}
    elif column == "ESB":
        got = {row.player.start_number: row.tiebreaks["SB"] for row in standings.rows}
    elif column == "CSQ":
        table = round_crosstable(tournament)
        got = {row.player.start_number: "".join(e.colour or "" for e in row.entries if e.played)
               for row in table.rows}
    elif column == "COP":
        trf = parse_trf(shared_file(TEC + MANY + ".trf").read_text(encoding="utf-8"))
        states = derive_states(request_from_trf(dataclasses.replace(trf, total_rounds=8), 8))
        got = {tpn: f"{state.preference[0]}{int(state.preference[1]) - 1}" for tpn, state in states.items()}
    else:
        assert _is_c07(column), f"column {column} is not checked"
        got = {row.player.start_number: row.tiebreaks[column] for row in standings.rows}
    for tpn, cells in rows.items():
        expected = cells[column]
        value = got[tpn]
        if column in ("CSQ", "COP"):
            assert value == expected, f"player {tpn}: {column} {value!r}, FIDE {expected!r}"
        elif column == "DE" and expected == "0":
            assert value is None, f"player {tpn}: DE decided rank {value}, FIDE decided nothing"
        else:
            assert (None if value is None else Fraction(value)) == _expected(expected), \
                f"player {tpn}: {column} = {value}, FIDE {expected}"


def test_fide_counts_a_last_round_pab_against_the_dummy_art_16_4_2() -> None:
    """Issue 25, fault 7, on FIDE's own values: player 7 of the many-unplayed event had a PAB in
    round 7, the last (``0000 - U``). Under the 2026 rules its BH is 25.0: its six opponents'
    adjusted scores (22) and a dummy for the PAB round at its own 3 points, below the 16.4.2 cap
    of a draw × the rounds (0.5 × 7 = 3.5). The last round's PAB is no exception to Art. 16.4."""
    from arbiter_cli.core.tiebreak_codes import Rules
    from arbiter_cli.tiebreaks.unplayed import contributions

    _, rows = _table(".2026-03-01.all.txt")
    assert Fraction(rows[7]["BH"]) == 25
    event = event_from_tournament(_tournament(MANY + ".trf"), None, Rules.R2026)
    assert event.slots[7][6].outcome.name == "PAB" and event.rounds == 7
    values = contributions(event, 7, product=False)
    assert (values[-1].round, values[-1].score) == (7, 3)
    assert sum(c.value for c in values) == 25 and sum(c.value for c in values[:-1]) == 22
