"""``arbiter prizes``, ``prizes.toml`` read strictly, and the prize list stored by ``finalize``
(issue 18, "Prizes")."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from conftest import Runner, snapshot

FUND = """currency = "EUR"  # split: shared, the default
places = [1000, 600, 400, 200, 100]
category = [{ name = "Best woman", amounts = [150, 75], sex = "F" },
            { name = "U1800", amounts = [100], rating_max = 1799 }]
"""

def open_event(sample, fund: str = FUND) -> Path:
    folder: Path = sample("swiss-open-finished-prizes")
    (folder / "prizes.toml").write_text(fund, encoding="utf-8")
    return folder


def test_prizes_json_rows_have_start_number_name_prize_a_decimal_amount_and_why(arbiter: Runner, sample) -> None:
    folder = open_event(sample)
    outcome = arbiter("-d", folder, "prizes", "--format", "json")
    assert outcome.code == 0, outcome.err
    rows = json.loads(outcome.out)
    assert set(rows[0]) == {"start_number", "name", "prize", "amount", "why"}
    assert rows[:2] == [{"start_number": 9, "name": "Tekin, Deniz", "prize": "places 1-2", "amount": "800.00",
                         "why": "no other prize open"},
                        {"start_number": 39, "name": "Gunes, Onur", "prize": "places 1-2", "amount": "800.00",
                         "why": "no other prize open"}]
    assert all(isinstance(r["amount"], str) and r["amount"].count(".") == 1 for r in rows)
    assert len({r["start_number"] for r in rows}) == len(rows)  # one prize per player


def test_prizes_csv_has_only_the_data_on_stdout(arbiter: Runner, sample) -> None:
    folder = open_event(sample)
    outcome = arbiter("-d", folder, "prizes", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(outcome.out)))
    assert list(rows[0]) == ["start_number", "name", "prize", "amount", "why"]
    assert "share the prizes" in outcome.err and "note" not in outcome.out


def test_the_sample_prize_list_has_ties_and_categories(arbiter: Runner, sample) -> None:
    folder = sample("swiss-open-finished-prizes")
    rows = json.loads(arbiter("-d", folder, "prizes", "--format", "json").out)
    stored = json.loads((folder / "final" / "prizes.json").read_text())
    assert rows == stored
    prizes = {r["prize"] for r in rows}
    assert {"places 1-2", "place 3", "places 4-8", "Best woman", "Best woman (2)", "U1800", "U1800 (2)",
            "Best junior", "Best unrated"} <= prizes
    assert sum(int(r["amount"].replace(".", "")) for r in rows) == 287500


def test_withdrawn_player_gets_no_prize_in_the_sample(arbiter: Runner, sample) -> None:
    folder = sample("swiss-open-finished-prizes")
    rows = json.loads(arbiter("-d", folder, "prizes", "--format", "json").out)
    assert 2 not in {r["start_number"] for r in rows}  # withdrawn after round 4


def test_prizes_print_and_html_pages(arbiter: Runner, sample, tmp_path: Path) -> None:
    folder = open_event(sample)
    page = arbiter("-d", folder, "prizes", "--print")
    assert page.code == 0 and "Prize list" in page.out and "total paid: 2625.00 EUR" in page.out
    html = tmp_path / "prizes.html"
    assert arbiter("-d", folder, "prizes", "--html", html).code == 0
    assert "Tekin, Deniz" in html.read_text()


def test_a_folder_without_prizes_toml_is_refused(arbiter: Runner, sample) -> None:
    folder = sample("swiss-open-finished-prizes")
    (folder / "prizes.toml").unlink()
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 4 and "no prizes.toml" in outcome.err


@pytest.mark.parametrize(("text", "where"), [
    ('split = "half"\n', "prizes.toml, line 1, field 'split'"),
    ('places = [100, 200]\n', "prizes.toml, line 1, field 'places'"),
    ('places = [100]\n[[category]]\nname = "U1800"\namounts = [50]\nrating_max = "low"\n',
     "prizes.toml, line 5, field 'category[1].rating_max'"),
    ('places = [100]\n[[category]]\nname = "Juniors"\n', "prizes.toml, line 2, field 'category[1].amounts'"),
    ('places = [12.345]\n', "prizes.toml, line 1, field 'places[1]'"),
    ('places = [100]\nprize_fund = 3\n', "prizes.toml, line 2, field 'prize_fund'"),
    ('places = [100]\nsplit = shared\n', "prizes.toml, line 2: TOML syntax error"),
    # an array left open: TOML finds it at the end of the file, which has a line too (last trial)
    ('split = "shared"\nplaces = [1000, 600\n\n', "prizes.toml, line 2: TOML syntax error: Unclosed array at the end"),
    ('split = "shared\nplaces = [1]\n', "prizes.toml, line 1: TOML syntax error: a quoted text not closed on its line"),
    # a band nobody can be in would pay nobody, silently (found by a new user)
    ('places = [100]\n[[category]]\nname = "Juniors"\namounts = [50]\nborn_from = 2010\nborn_to = 2000\n',
     "prizes.toml, line 6, field 'category[1].born_to'"),
    ('places = [100]\n[[category]]\nname = "Band"\namounts = [50]\nrating_min = 1800\nrating_max = 1600\n',
     "prizes.toml, line 6, field 'category[1].rating_max'"),
    # in plain words, not the library's ("tuple should have at least 1 item after validation")
    ('places = [100]\n[[category]]\nname = "Empty"\namounts = []\n',
     "prizes.toml, line 4, field 'category[1].amounts': give at least 1 value (found 0)"),
])
def test_bad_prizes_toml_names_file_line_and_field_and_changes_nothing(arbiter: Runner, sample, text: str,
                                                                       where: str) -> None:
    folder = open_event(sample, text)
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 3
    errors = [line for line in outcome.err.splitlines() if line.startswith("arbiter: error:")]
    assert len(errors) == 1 and where in errors[0], outcome.err
    assert snapshot(folder) == before


def one_round_played(arbiter: Runner, tmp_path: Path) -> Path:
    """A one-round Swiss of four, played (A and D win), with places = [100, 60]."""
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "1", "--seed", "3",
                   "--initial-colour", "white").code == 0
    for name, rating in (("A", 2000), ("B", 1900), ("C", 1800), ("D", 1700)):
        assert arbiter("-d", folder, "player", "add", name, "--rating", rating).code == 0
    (folder / "prizes.toml").write_text("places = [100, 60]\n", encoding="utf-8")
    assert arbiter("-d", folder, "pair").code == 0
    assert arbiter("-d", folder, "result", "1", "--from", "-", stdin="1 1-0\n2 1-0\n").code == 0
    return folder


def test_finalize_stores_the_prize_list_with_the_final_standings(arbiter: Runner, tmp_path: Path) -> None:
    folder = one_round_played(arbiter, tmp_path)
    bad = snapshot(folder)
    (folder / "prizes.toml").write_text("places = [100, 600]\n", encoding="utf-8")
    refused = arbiter("-d", folder, "finalize", "--date", "2026-12-01")
    assert refused.code == 3 and "prizes.toml, line 1, field 'places'" in refused.err
    (folder / "prizes.toml").write_text("places = [100, 60]\n", encoding="utf-8")
    assert {k: v for k, v in snapshot(folder).items() if k != "prizes.toml"} == \
        {k: v for k, v in bad.items() if k != "prizes.toml"}
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-01")
    assert done.code == 0 and "prizes.csv" in done.err
    stored = json.loads((folder / "final" / "prizes.json").read_text())
    assert [(r["name"], r["prize"], r["amount"]) for r in stored] == [
        ("A", "places 1-2", "80.00"), ("D", "places 1-2", "80.00")]


def test_a_correction_after_finalising_stores_the_prize_list_again_and_shows_what_changed(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = one_round_played(arbiter, tmp_path)
    assert arbiter("-d", folder, "finalize", "--date", "2026-12-01").code == 0
    corrected = arbiter("-d", folder, "result", "1", "2", "1/2", "--correct")
    assert corrected.code == 0, corrected.err
    assert "prize list: player 1 (A): places 1-2, 80.00 EUR -> place 1, 100.00 EUR" in corrected.err
    stored = json.loads((folder / "final" / "prizes.json").read_text())
    assert [(r["name"], r["prize"], r["amount"]) for r in stored] == [
        ("A", "place 1", "100.00"), ("B", "places 2-3", "30.00"), ("D", "places 2-3", "30.00")]
    journal = (folder / "journal.csv").read_text()
    assert "prize list: player 1 (A)" in journal


def test_a_group_event_prize_list_is_refused_at_the_top_folder(arbiter: Runner, sample) -> None:
    """The top folder of a group event has no rounds: a prize list there would share every place
    among all players at 0 points (a new user saw exit 0). Refused, one line, exit 4."""
    folder = sample("groups16-in-progress")
    out = arbiter("-d", folder, "prizes")
    assert out.code == 4 and out.err.count("\n") == 1 and "stages/final" in out.err


def finished_individual(arbiter: Runner, sample, tmp_path: Path) -> tuple[Path, Path]:
    """rr10-finished, finalised without a prize fund: (the folder, the folder whose prizes.toml counts)."""
    folder = sample("rr10-finished")
    assert arbiter("-d", folder, "finalize", "--date", "2026-11-30").code == 0
    return folder, folder


def finished_team(arbiter: Runner, sample, tmp_path: Path) -> tuple[Path, Path]:
    folder = sample("team-swiss20-in-progress")
    rows = json.loads(arbiter("-d", folder, "pairings", "4", "-f", "json").out)
    missing = "".join(f"{r['match']}.{r['board']} 1/2\n" for r in rows if r["board"] is not None and r["result"] is None)
    assert arbiter("-d", folder, "result", "4", "--from", "-", stdin=missing).code == 0
    done = arbiter("-d", folder, "finalize", "--after-round", "4", "--yes", "--date", "2026-11-15")
    assert done.code == 0, done.err
    return folder, folder


def finished_knockout(arbiter: Runner, sample, tmp_path: Path) -> tuple[Path, Path]:
    """Four players, one game a match (ties: Armageddon), the upper slot winning every game."""
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--seed", "4", "--games-per-match", "1",
                   "--tiebreak-stages", "armageddon").code == 0
    assert arbiter("-d", folder, "player", "import", "-",
                   stdin="name,rating\nA,2400\nB,2300\nC,2200\nD,2100\n").code == 0
    for rnd in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        for row in json.loads(arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out):
            code = "1-0" if row["white"] < row["black"] else "0-1"
            assert arbiter("-d", folder, "result", str(rnd), row["board"], code).code == 0
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-02")
    assert done.code == 0, done.err
    return folder, folder


def finished_groups(arbiter: Runner, sample, tmp_path: Path, final: str = "round-robin",
                    finalise: bool = True) -> tuple[Path, Path]:
    """Eight players in two groups, the first two of each to the final: its prize fund is the final's."""
    folder = tmp_path / "groups"
    extra = ["--games-per-match", "1", "--tiebreak-stages", "armageddon"] if final == "knockout" else []
    assert arbiter("new", folder, "--name", "Groups", "--system", "groups", "--groups", "2", "--advance", "2",
                   "--final", final, "--seed", "8", *extra).code == 0
    lines = "name,rating\n" + "".join(f"P{i},{2400 - 20 * i}\n" for i in range(1, 9))
    assert arbiter("-d", folder, "player", "import", "-", stdin=lines).code == 0
    assert arbiter("-d", folder, "pair").code == 0

    def play(group: str, rnd: int) -> None:
        rows = json.loads(arbiter("-d", folder, "pairings", str(rnd), "--group", group, "-f", "json").out)
        for row in rows:
            if row["black"] and row["result"] is None:
                code = "1-0" if row["white"] < row["black"] else "0-1"
                done = arbiter("-d", folder, "result", str(rnd), str(row["board"]), code, "--group", group)
                assert done.code == 0, done.err

    for group in "AB":
        for rnd in (1, 2, 3):
            play(group, rnd)
    assert arbiter("-d", folder, "pair").code == 0
    for rnd in (1, 2, 3) if final == "round-robin" else (1, 2):
        if final == "knockout" and rnd == 2:
            assert arbiter("-d", folder, "pair").code == 0
        play("final", rnd)
    if finalise:
        done = arbiter("-d", folder, "finalize", "--date", "2026-12-03")
        assert done.code == 0, done.err
    return folder, folder / "stages" / "final"


def finished_group_knockout(arbiter: Runner, sample, tmp_path: Path) -> tuple[Path, Path]:
    return finished_groups(arbiter, sample, tmp_path, "knockout")


@pytest.mark.parametrize("finished", [finished_individual, finished_team, finished_knockout, finished_groups,
                                      finished_group_knockout])
def test_prize_list_added_after_finalize_is_stored_in_final(arbiter: Runner, sample, tmp_path: Path,
                                                            finished) -> None:
    """Issue 25 (fault 5): a prizes.toml written after 'finalize' is stored by 'finalize' run again,
    in final/prizes.csv and .json, and nothing else is written; 'verify' names a final/ that does not
    hold the prize list prizes.toml gives (missing, or out of date after an edit); 'prizes' says so."""
    folder, funded = finished(arbiter, sample, tmp_path)
    stored = funded / "final"
    assert not (stored / "prizes.csv").exists()
    standings = {name: (stored / name).read_bytes() for name in ("standings.csv", "standings.json")}
    top = {p: p.read_bytes() for p in (folder / "final").iterdir()}
    for fund, state in (("places = [300, 200, 100]\n", "missing"), ("places = [500, 250]\n", "out of date")):
        (funded / "prizes.toml").write_text(fund, encoding="utf-8")
        checked = arbiter("-d", folder, "verify")
        assert checked.code == 3 and "final/prizes.csv: " in checked.out, checked.err
        assert ("came after finalising" if state == "missing" else "not the prize list prizes.toml gives now") \
            in checked.out
        shown = arbiter("-d", funded, "prizes", "-f", "json")
        assert shown.code == 0 and "'arbiter finalize' stores it" in shown.err
        done = arbiter("-d", folder, "finalize")
        assert done.code == 0 and "nothing else changed" in done.err, done.err
        assert json.loads((stored / "prizes.json").read_text()) == json.loads(shown.out)
        assert (stored / "prizes.csv").read_text() == arbiter("-d", funded, "prizes", "-f", "csv").out
        assert {name: (stored / name).read_bytes() for name in standings} == standings
        if funded != folder:  # the top folder's final standings of a group event stay as they were
            assert {p: p.read_bytes() for p in (folder / "final").iterdir()} == top
        journal = list(csv.DictReader(io.StringIO((funded / "journal.csv").read_text())))
        assert (journal[-1]["change"], journal[-1]["old"]) == ("final prize list", state)
        assert arbiter("-d", folder, "verify").code == 0
        again = arbiter("-d", folder, "finalize")
        assert again.code == 4 and "already finalised" in again.err


@pytest.mark.parametrize("finished", [finished_individual, finished_team, finished_knockout, finished_groups,
                                      finished_group_knockout])
def test_a_stored_prize_list_no_prizes_toml_stands_behind_is_flagged_by_verify_and_removed_by_finalize(
        arbiter: Runner, sample, tmp_path: Path, finished) -> None:
    """Issue 25 (trial): a prize list stored in final/ whose prizes.toml was removed afterwards stayed,
    and 'verify' called the folder sound. Now 'verify' names each file, 'finalize' run again removes
    them (journaled; the final standings stay) and the folder is sound again, for every kind."""
    folder, funded = finished(arbiter, sample, tmp_path)
    stored = funded / "final"
    (funded / "prizes.toml").write_text("places = [300, 200, 100]\n", encoding="utf-8")
    assert arbiter("-d", folder, "finalize").code == 0 and (stored / "prizes.csv").exists()
    standings = {name: (stored / name).read_bytes() for name in ("standings.csv", "standings.json")}
    (funded / "prizes.toml").unlink()
    checked = arbiter("-d", folder, "verify")
    assert checked.code == 3, checked.err
    assert "final/prizes.csv: a prize list that no prizes.toml gives any more" in checked.out
    assert "final/prizes.json: a prize list that no prizes.toml gives any more" in checked.out
    done = arbiter("-d", folder, "finalize")
    assert done.code == 0 and "removed; nothing else changed" in done.err, done.err
    assert sorted(p.name for p in stored.iterdir()) == ["standings.csv", "standings.json"]
    assert {name: (stored / name).read_bytes() for name in standings} == standings
    journal = list(csv.DictReader(io.StringIO((funded / "journal.csv").read_text())))
    assert (journal[-1]["change"], journal[-1]["old"], journal[-1]["new"]) == (
        "final prize list", "stored", "removed (no prizes.toml): final/prizes.csv, final/prizes.json")
    assert arbiter("-d", folder, "verify").code == 0
    again = arbiter("-d", folder, "finalize")
    assert again.code == 4 and "already finalised" in again.err


def test_a_correction_after_finalising_removes_a_prize_list_no_prizes_toml_stands_behind(arbiter: Runner,
                                                                                        sample) -> None:
    """Issue 25 (trial): prizes.toml removed, then a correction moved Gunes out of places 1-2, and
    final/prizes.csv still paid him 800.00. The correction rewrites final/ as it stands: the prize
    list goes with a journal line, and 'verify' and 'finalize' have nothing left to mend."""
    folder = sample("swiss-open-finished-prizes")
    (folder / "prizes.toml").unlink()
    corrected = arbiter("-d", folder, "result", "6", "1", "0-1", "--correct")
    assert corrected.code == 0, corrected.err
    assert "final prize list: stored -> removed (no prizes.toml): final/prizes.csv, final/prizes.json" \
        in corrected.err
    assert sorted(p.name for p in (folder / "final").iterdir()) == ["standings.csv", "standings.json"]
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    assert journal[-1]["change"] == "final prize list" and journal[-1]["command"].endswith("--correct")
    assert arbiter("-d", folder, "verify").code == 0
    assert arbiter("-d", folder, "finalize").code == 4


def test_a_correction_after_finalising_stores_the_prize_list_prizes_toml_gives_now(arbiter: Runner, sample) -> None:
    """Issue 25 (trial): a prizes.toml changed after finalising, then a correction: final/prizes.*
    hold the list the current prizes.toml gives for the corrected standings (journaled as stored
    over an out-of-date one), equal to 'arbiter prizes'."""
    folder = sample("swiss-open-finished-prizes")
    (folder / "prizes.toml").write_text("places = [500, 300, 100]\n", encoding="utf-8")
    corrected = arbiter("-d", folder, "result", "6", "1", "0-1", "--correct")
    assert corrected.code == 0, corrected.err
    assert "final prize list: out of date -> stored from prizes.toml" in corrected.err
    assert (folder / "final" / "prizes.csv").read_text() == arbiter("-d", folder, "prizes", "-f", "csv").out
    assert arbiter("-d", folder, "verify").code == 0


def test_a_team_correction_after_finalising_removes_a_prize_list_no_prizes_toml_stands_behind(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    """The same for a team event: its correction after finalising removes a stale final/prizes.*."""
    folder, _ = finished_team(arbiter, sample, tmp_path)
    (folder / "prizes.toml").write_text("places = [300, 200, 100]\n", encoding="utf-8")
    assert arbiter("-d", folder, "finalize").code == 0 and (folder / "final" / "prizes.json").exists()
    (folder / "prizes.toml").unlink()
    rows = json.loads(arbiter("-d", folder, "pairings", "4", "-f", "json").out)
    row = next(r for r in rows if r["board"] is not None and r["result"] in ("1-0", "0-1"))
    code = "0-1" if row["result"] == "1-0" else "1-0"
    corrected = arbiter("-d", folder, "result", "4", f"{row['match']}.{row['board']}", code, "--correct")
    assert corrected.code == 0, corrected.err
    assert "final prize list: stored -> removed (no prizes.toml)" in corrected.err
    assert not (folder / "final" / "prizes.json").exists() and (folder / "final" / "standings.json").exists()
    assert arbiter("-d", folder, "verify").code == 0


def test_a_club_rating_change_stores_a_finalised_club_tournament_s_prize_list_again(arbiter: Runner, sample) -> None:
    """A club's new rating rewrites a finalised tournament's final standings; its prize list follows
    (a rating category may change hands), read from that tournament's own prizes.toml, and is never
    dropped: before, the final files were written without it, and 'verify' found final/prizes.* out of
    date."""
    club = sample("club-lyon")
    event = club / "tournaments" / "2026-summer-rapid"
    (event / "prizes.toml").write_text('places = [100, 50]\n[[category]]\nname = "U2200"\namounts = [30]\n'
                                       'rating_max = 2199\n', encoding="utf-8")
    assert arbiter("-d", event, "finalize").code == 0
    assert arbiter("-d", club, "member", "set-initial", "3", "--rapid", "2250").code == 0
    assert (event / "final" / "prizes.csv").read_text() == arbiter("-d", event, "prizes", "-f", "csv").out
    assert "U2200 30.00" not in (event / "final" / "prizes.csv").read_text().splitlines()[2]  # Castro: 2275 now
    assert arbiter("-d", event, "verify").code == 0


def test_no_why_in_the_sample_prize_list_names_a_prize_worth_nothing(arbiter: Runner, sample) -> None:
    """Issue 25 (trial): "Best junior 100.00 > places 11-18 0.00": places that pay nothing are no
    prize declined; the stored list (final/) and 'arbiter prizes' agree."""
    folder = sample("swiss-open-finished-prizes")
    rows = json.loads(arbiter("-d", folder, "prizes", "--format", "json").out)
    assert not any(" 0.00" in row["why"] for row in rows)
    assert {row["name"]: row["why"] for row in rows}["Ozturk, Onur"] == "no other prize open"
    assert rows == json.loads((folder / "final" / "prizes.json").read_text())


def test_a_knockout_prize_list_says_players_knocked_out_in_one_round_share_a_place(arbiter: Runner, sample,
                                                                                   tmp_path: Path) -> None:
    """Issue 25 (trial): a knockout's prize notes said "players tied on points", which a knockout has
    none of: its players knocked out in the same round share that round's places."""
    folder, _ = finished_knockout(arbiter, sample, tmp_path)
    for split, words in (("shared", "players knocked out in the same round share its places and their prizes "
                                    "equally"),
                         ("hort", "Hort system: players knocked out in the same round keep half the prize of "
                                  "their place in the standings (by rating)"),
                         ("tiebreak", "players knocked out in the same round are placed by rating")):
        (folder / "prizes.toml").write_text(f'split = "{split}"\nplaces = [300, 200, 100.01]\n', encoding="utf-8")
        shown = arbiter("-d", folder, "prizes")
        assert shown.code == 0 and f"note: {words}" in shown.err, shown.err
        assert "points" not in shown.err and "tie-break" not in shown.err
    (folder / "prizes.toml").write_text("places = [300, 200, 100.01]\n", encoding="utf-8")
    shown = arbiter("-d", folder, "prizes", "-f", "json")
    assert [(r["prize"], r["amount"]) for r in json.loads(shown.out)][2:] == [("places 3-4", "50.01"),
                                                                              ("places 3-4", "50.00")]
    assert "a cent that could not be split equally goes to" in shown.err and "(rating order)" in shown.err
    page = arbiter("-d", folder, "prizes", "--print")
    assert "players knocked out in the same round share" in page.out and "tied on points" not in page.out


# Issue 25, fault 6: the sample's seven-player tie for places 4-10, with two seniors in it: Roth
# (player 3, ranked 4th) and Young (player 28, ranked 6th), and a senior prize of 250.
SENIOR_FUND = """split = "{split}"
currency = "EUR"
places = [1000, 700, 500, 300, 250, 200, 100, 50, 30, 20]
[[category]]
name = "Senior"
amounts = [250]
born_to = 1960
"""


def roth_and_young(sample, split: str) -> Path:
    folder: Path = sample("swiss-open-finished-prizes")
    players = folder / "players.csv"
    rows = list(csv.DictReader(io.StringIO(players.read_text(encoding="utf-8"))))
    for row in rows:
        if row["start_number"] in ("3", "28"):
            row["name"], row["birth_date"] = {"3": ("Roth, Peter", "1955-02-01"),
                                              "28": ("Young, Mary", "1958-05-05")}[row["start_number"]]
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    players.write_text(text.getvalue(), encoding="utf-8")
    (folder / "prizes.toml").write_text(SENIOR_FUND.format(split=split), encoding="utf-8")
    return folder


@pytest.mark.parametrize("split", ["hort", "shared"])
def test_one_cash_prize_per_player_the_largest_whatever_the_split_roth_and_young(arbiter: Runner, sample,
                                                                                 split: str) -> None:
    folder = roth_and_young(sample, split)
    standings = json.loads(arbiter("-d", folder, "standings", "--format", "json").out)
    assert [(r["rank"], r["start_number"]) for r in standings if r["start_number"] in (3, 28)] == [(4, 3), (6, 28)]
    assert {r["start_number"] for r in standings if r["points"] in (4, "4")} == {3, 27, 28, 35, 33, 34, 37}
    rows = {r["name"]: r for r in json.loads(arbiter("-d", folder, "prizes", "--format", "json").out)}
    # Before issue 25: Hort gave Roth places 4-10 and Young the senior prize; shared gave Roth the
    # senior prize. Now the senior prize is Roth's by rank in both, more than his place share.
    assert (rows["Roth, Peter"]["prize"], rows["Roth, Peter"]["amount"]) == ("Senior", "250.00")
    assert rows["Young, Mary"]["prize"] == "places 4-9"
    share = {"hort": "217.86", "shared": "135.72"}[split]  # Roth's share of places 4-10, had he stayed
    assert rows["Roth, Peter"]["why"] == f"Senior 250.00 > places 4-10 {share}"
    assert rows["Young, Mary"]["why"] == "no other prize open"  # Senior (2) would pay nothing: no prize declined


def test_the_prize_list_shows_why_within_80_columns(arbiter: Runner, sample) -> None:
    folder = roth_and_young(sample, "hort")
    arbiter.monkeypatch.setenv("COLUMNS", "80")
    table = arbiter("-d", folder, "prizes")
    assert table.code == 0 and "left out to fit" not in table.err
    lines = table.out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert any("Instead" in line for line in lines[:4]) and any("Roth, Peter" in line and "> places 4-10 217.86" in line for line in lines)
    assert "one prize per player, the largest they can get" in table.err
    page = arbiter("-d", folder, "prizes", "--print")
    assert any("Young, Mary" in line and "places 4-9" in line for line in page.out.splitlines())
    assert "0.00" not in "".join(line.split("Instead")[-1] for line in page.out.splitlines() if "Senior (" in line)
    assert all(len(line) <= 80 for line in page.out.splitlines())
    csv_rows = list(csv.DictReader(io.StringIO(arbiter("-d", folder, "prizes", "--format", "csv").out)))
    assert {r["name"]: r["why"] for r in csv_rows}["Roth, Peter"] == "Senior 250.00 > places 4-10 217.86"


# --- issue 30: what new users tripped over in prizes.toml


ONE_TABLE = "arbiter: error: prizes.toml, line {line}, field '{key}': [{key}] is one table, but each {key} is an entry " \
            "of a list: write [[{key}]], with two brackets, over each {key}\n"


@pytest.mark.parametrize(("text", "line"), [
    ('places = [100]\n\n[category]\nname = "Best woman"\namounts = [50]\nsex = "F"\n', 3),
    # then [[category]]: a TOML error of its own ("Cannot overwrite a value"), named as the same mistake
    ('places = [100]\n[category]\nname = "A"\namounts = [50]\nsex = "F"\n[[category]]\nname = "B"\namounts = [20]\n'
     'sex = "M"\n', 2),
    ('places = [100]\n  [ category ]  # the women\nname = "A"\namounts = [50]\nsex = "F"\n', 2),
    ('places = [100]\ncategory = { name = "A", amounts = [50], sex = "F" }\n', 2),
])
def test_single_bracket_category_names_the_line_and_says_to_write_double_brackets(arbiter: Runner, sample,
                                                                                  text: str, line: int) -> None:
    """Issue 30: ``[category]`` for ``[[category]]`` said "input should be a valid tuple", with no line."""
    folder = open_event(sample, text)
    before = snapshot(folder)
    for command in (["prizes"], ["verify"], ["finalize"]):
        outcome = arbiter("-d", folder, *command)
        assert outcome.code == 3, command
        problem = ONE_TABLE.format(line=line, key="category")
        if command == ["verify"]:  # the problems listed on stdout, then the one error line
            assert outcome.out == problem.removeprefix("arbiter: error: "), outcome.out
        else:
            assert outcome.err.endswith(problem), outcome.err
        assert "tuple" not in outcome.out + outcome.err
    assert snapshot(folder) == before


def test_single_bracket_board_in_a_team_event_names_the_line_and_says_to_write_double_brackets(arbiter: Runner,
                                                                                                sample) -> None:
    folder = sample("team-league-in-progress")
    (folder / "prizes.toml").write_text('places = [100]\n[board]\nboard = 1\namounts = [20]\n', encoding="utf-8")
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 3 and outcome.err == ONE_TABLE.format(line=2, key="board")
    assert snapshot(folder) == before


OPEN = ("warning: prizes.toml, line {line}, field 'category[{index}]': '{name}' has no condition (sex, rating_min, "
        "rating_max, born_from, born_to, federation, club, unrated): every player may take it")


def test_a_category_with_no_condition_warns_that_every_player_may_take_it(arbiter: Runner, sample) -> None:
    """Issue 30: a category with no condition was silently open to every player. It may be meant (a
    prize for the best game, say), so it is a warning on stderr, where the prizes are read: ``prizes``
    and ``verify`` (exit 0), and the list is given as written."""
    folder = sample("swiss32-in-progress")
    (folder / "prizes.toml").write_text(
        'places = [100]\n\n[[category]]\nname = "Best woman"\namounts = [50]\nsex = "F"\n\n'
        '[[category]]\nname = "Best game"\namounts = [30]\n', encoding="utf-8")
    before = snapshot(folder)
    outcome = arbiter("-d", folder, "prizes", "-f", "csv")
    assert outcome.code == 0, outcome.err
    warnings = [line for line in outcome.err.splitlines() if line.startswith("warning:")]
    assert warnings == [OPEN.format(line=8, index=2, name="Best game")]
    assert "Best game" in outcome.out
    verify = arbiter("-d", folder, "verify")
    assert verify.code == 0 and [line for line in verify.err.splitlines() if line.startswith("warning:")] == warnings
    assert snapshot(folder) == before


def test_an_open_category_written_inline_is_warned_of_at_the_line_of_its_key(arbiter: Runner, sample) -> None:
    """A review: categories as TOML inline tables (``category = [{...}]``) gave ``line None``."""
    folder = sample("swiss32-in-progress")
    (folder / "prizes.toml").write_text('places = [100]\ncategory = [ { name = "Open", amounts = [10] } ]\n',
                                        encoding="utf-8")
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 0, outcome.err
    assert [line for line in outcome.err.splitlines() if line.startswith("warning:")] == [
        OPEN.format(line=2, index=1, name="Open")]


def test_categories_each_with_a_condition_give_no_warning(arbiter: Runner, sample) -> None:
    folder = open_event(sample)
    outcome = arbiter("-d", folder, "prizes")
    assert outcome.code == 0 and "warning" not in outcome.err


def test_final_standings_a_hand_edit_changed_are_flagged_by_verify_and_stored_again_by_finalize(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    """The trial of issue 29: ``tiebreaks`` edited by hand in a finalised event's tournament.toml;
    ``verify`` named only the prize list, and ``finalize`` stored the prize list by the new tie-breaks
    beside final standings in the old order. ``verify`` now names the final standings too, and
    ``finalize`` stores both again, journaled."""
    folder = sample("swiss-open-finished-prizes")
    settings = folder / "tournament.toml"
    text = settings.read_text(encoding="utf-8")
    start = text.index("tiebreaks = [")
    settings.write_text(text[:start] + 'tiebreaks = ["SB", "BH"]' + text[text.index("]", start) + 1:],
                        encoding="utf-8")
    checked = arbiter("-d", folder, "verify")
    assert checked.code == 3 and "final/standings.csv: not the final standings the folder gives now" in checked.out
    done = arbiter("-d", folder, "finalize")
    assert done.code == 0 and "final/standings.csv, final/standings.json did not hold the standings" in done.err
    assert (folder / "final" / "standings.csv").read_text() == arbiter("-d", folder, "standings", "-f", "csv").out
    journal = list(csv.DictReader(io.StringIO((folder / "journal.csv").read_text())))
    assert [row["change"] for row in journal[-2:]] == ["final standings", "final prize list"]
    assert arbiter("-d", folder, "verify").code == 0


def test_a_group_finalize_stopped_between_its_folders_is_named_by_verify_and_completed_by_finalize(
        arbiter: Runner, sample, tmp_path: Path) -> None:
    """The trial of issue 29: a group event's ``finalize`` killed after some stages were finalised and
    before the top folder left them so, and ``verify`` said sound. It now names the stages finalised
    while the event is not; ``finalize`` again completes it."""
    import shutil

    folder, _ = finished_groups(arbiter, sample, tmp_path, finalise=False)
    before = tmp_path / "before"
    shutil.copytree(folder, before)
    assert arbiter("-d", folder, "finalize", "--date", "2026-12-01").code == 0
    for path in before.iterdir():  # the top folder as it was: the stages' change done, the top one's not
        if path.name != "stages":
            target = folder / path.name
            if target.is_dir():
                shutil.rmtree(target)
            (shutil.copytree if path.is_dir() else shutil.copy2)(path, target)
    if (folder / "final").exists() and not (before / "final").exists():
        shutil.rmtree(folder / "final")
    checked = arbiter("-d", folder, "verify")
    assert checked.code == 3 and "3 stages finalised (A, B, final) and the event not: a finalize was stopped " \
        "between its folders" in checked.out, checked.out + checked.err
    assert arbiter("-d", folder, "finalize", "--date", "2026-12-01").code == 0
    assert arbiter("-d", folder, "verify").code == 0
