"""What the last new-user trial found in the CSV a script reads: a value per field, as ``pairings``
gives an individual event's players (a start number, then a name), and points a script can add.

- ``bracket --format csv`` gave ``"1 Arslan, Mehmet (2447)"`` in one field;
- a team round's CSV gave a match's score as ``1-0 (so far)``, and ``2½-1½`` with a fraction sign.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Callable

from conftest import Runner

CUP = "knockout24-in-progress"
TEAMS = "team-swiss20-in-progress"


def _csv(arbiter: Runner, *args: object) -> list[dict[str, str]]:
    done = arbiter(*args, "-f", "csv")
    assert done.code == 0, done.err
    return list(csv.DictReader(io.StringIO(done.out)))


def test_bracket_csv_gives_each_sides_start_number_name_and_rating_in_fields_of_their_own(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(CUP)
    rows = _csv(arbiter, "-d", folder, "bracket")
    assert list(rows[0]) == ["round", "match", "first", "first_name", "first_rating", "second", "second_name",
                             "second_rating", "score", "through", "how"]
    bye, played = rows[0], rows[1]
    assert (bye["first"], bye["first_name"], bye["first_rating"]) == ("1", "Arslan, Mehmet", "2447")
    assert (bye["second"], bye["second_name"], bye["second_rating"], bye["how"]) == ("", "bye", "", "bye")
    assert (played["first"], played["first_name"], played["second"], played["second_name"], played["score"],
            played["through"]) == ("16", "Demir, Elif", "17", "Kaya, Can", "2.5-1.5", "16")
    # the table people read still names each side in one cell
    table = arbiter("-d", folder, "bracket").out
    assert "16 Demir, Elif (1832)" in table and "first_name" not in table


def test_bracket_csv_names_what_an_empty_slot_waits_for_in_the_name_field(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(CUP)
    for match in range(1, 9):  # round 2 of 16: decide match 1 only, then pair round 3
        done = arbiter("-d", folder, "result", "2", str(match), "+/-", "--correct")
        assert done.code == 0, done.err
    done = arbiter("-d", folder, "pair")
    assert done.code == 0, done.err
    rows = [r for r in _csv(arbiter, "-d", folder, "bracket") if r["round"] == "3"]
    assert rows and all(r["first"].isdigit() and r["second"].isdigit() for r in rows)
    assert all("(" not in r["first_name"] + r["second_name"] for r in rows)


def test_team_pairings_csv_gives_a_matchs_score_in_decimals_and_whether_it_is_finished(
        arbiter: Runner, sample: Callable[[str], Path]) -> None:
    folder = sample(TEAMS)
    done = arbiter("-d", folder, "result", "4", "4.1", "1/2-1/2")  # match 4 had no result yet
    assert done.code == 0, done.err
    matches = {r["match"]: r for r in _csv(arbiter, "-d", folder, "pairings") if r["board"] == ""}
    assert (matches["2"]["score"], matches["2"]["finished"]) == ("3.5-0.5", "true")
    assert (matches["4"]["score"], matches["4"]["finished"]) == ("0.5-0.5", "false")
    assert (matches["5"]["score"], matches["5"]["finished"]) == ("", "false")
    lines = {r["match"]: r for r in json.loads(arbiter("-d", folder, "pairings", "-f", "json").out)
             if r["board"] is None}
    assert (lines[2]["score"], lines[2]["finished"]) == ("3½-½", True)
    assert (lines[4]["score"], lines[4]["finished"]) == ("½-½", False)
    # people still read "(so far)" on a match still playing
    assert "½-½ (so far)" in arbiter("-d", folder, "pairings").out
