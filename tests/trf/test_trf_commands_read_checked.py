"""Issue 14: the ``trf`` commands read through the importer's checks, and the TRF16 export of a
requested bye is one an engine reads (items 1-4)."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import Runner, shared_file

REAL_SWISS = "realdata/french-events/bre_jeunes_2026__t8.trf"  # 78 players, 7 rounds, paired by another program
_POINTS = {"1": Fraction(1), "+": Fraction(1), "U": Fraction(1), "F": Fraction(1), "W": Fraction(1),
           "=": Fraction(1, 2), "H": Fraction(1, 2), "D": Fraction(1, 2)}


def cut_before(text: str, rounds: int) -> str:
    """A real event as it stood after ``rounds`` rounds: later round columns dropped, points recounted."""
    lines = []
    for line in text.splitlines():
        if line.startswith("001"):
            line = line[:91 + 10 * rounds].rstrip()
            points = sum((_POINTS.get(line[98 + 10 * r: 99 + 10 * r], Fraction(0)) for r in range(rounds)),
                         Fraction(0))
            line = line[:80] + f"{float(points):4.1f}" + line[84:]
        lines.append(line)
    return "\n".join(lines) + "\n"


def _damaged(text: str, how: str) -> str:
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("001    5 "))
    line = lines[index]
    if how == "both-black":
        line = line[:91] + line[91:].replace("43 w 1", "43 b 1", 1)
    elif how == "points-do-not-add-up":
        line = line[:80] + " 5.0" + line[84:]
    else:  # shifted one column to the right
        line = line[:8] + " " + line[8:]
    lines[index] = line
    return "\n".join(lines)


@pytest.mark.parametrize("how", ["both-black", "points-do-not-add-up", "shifted-one-column"])
def test_every_trf_command_refuses_a_damaged_real_swiss_with_the_message_of_import(
        arbiter: Runner, tmp_path: Path, how: str) -> None:
    cut = cut_before(shared_file(REAL_SWISS).read_text(encoding="utf-8"), 6)
    good = tmp_path / "cut.trf"
    good.write_text(cut, encoding="utf-8")
    assert arbiter("trf", "pair", good).code == 0
    source = tmp_path / "damaged.trf"
    source.write_text(_damaged(cut, how), encoding="utf-8")
    imported = arbiter("import", source, tmp_path / "ev")
    assert imported.code == 2 and imported.err.startswith(f"arbiter: error: {source}, line ")
    assert not (tmp_path / "ev").exists()
    for command in ("pair", "check", "standings"):
        result = arbiter("trf", command, source)
        assert (result.code, result.out, result.err) == (2, "", imported.err), command


@pytest.mark.parametrize("content, message", [
    (b"", "field '001': the file has no player lines (001)"),
    (b"hello\n", "field '001': the file has no player lines (001)"),
    (bytes(range(256)) * 8, "the file is UTF-16 (or binary): a TRF is text in UTF-8 or Latin-1")],
    ids=["empty", "hello", "random-bytes"])
def test_trf_check_and_pair_refuse_a_file_with_no_players(arbiter: Runner, tmp_path: Path, content: bytes,
                                                           message: str) -> None:
    source = tmp_path / "none.trf"
    source.write_bytes(content)
    for command in ("check", "pair", "standings"):
        result = arbiter("trf", command, source)
        assert result.code == 2 and result.out == "", command
        assert result.err == f"arbiter: error: {source}, {message}\n".replace(", the file is", ": the file is")
    result = arbiter("trf", "check", "/dev/null")
    assert result.code == 2 and "no player lines" in result.err


def test_trf_check_refuses_a_file_with_no_round_paired(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "fresh.trf"
    source.write_text("012 Fresh\nXXR 5\n"
                      "001    1      A, B                              2000                             0.0    1\n"
                      "001    2      C, D                              1900                             0.0    2\n")
    result = arbiter("trf", "check", source)
    assert result.code == 2 and result.err == f"arbiter: error: {source}: no round is paired: there is nothing to check\n"


#: bbpPairings v6's pairing of round 5 of JaVaFo's gros-2010-after-r4.trf, its XXA virtual points read
#: (``bbpPairings.exe --dutch FILE -p OUT``, run outside the project).
GROS_ROUND_5_BY_BBP = ("25\n1 2\n3 4\n5 6\n7 13\n11 21\n23 12\n19 16\n17 18\n8 24\n35 10\n14 52\n37 9\n15 26\n"
                       "46 29\n45 20\n27 38\n39 30\n41 31\n44 32\n42 33\n25 34\n40 50\n49 48\n51 36\n47 0\n")


def test_trf_pair_reads_javafos_xxa_virtual_points_as_bbppairings_does(arbiter: Runner) -> None:
    """JaVaFo's gros-2010-after-r4.trf has XXA lines: paired without them, round 5 differed from
    bbpPairings in 12 of 25 pairs. Read (issue 17), it is bbp's pairing."""
    source = shared_file("realdata/trf/gros-2010-after-r4.trf")
    result = arbiter("trf", "pair", source)
    assert result.code == 0 and result.out == GROS_ROUND_5_BY_BBP, result.err
    assert arbiter("trf", "standings", source).code == 0  # virtual points never enter the standings



@pytest.mark.parametrize("record, field", [("192 FIDE_DUBOV", "192")])
def test_trf_pair_refuses_what_the_dutch_engine_does_not_do_yet(arbiter: Runner, tmp_path: Path, record: str,
                                                                 field: str) -> None:
    text = shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf").read_text()
    source = tmp_path / "asks.trf"
    source.write_text(text.replace("XXR 5\n", f"XXR 5\n{record}\n"))
    result = arbiter("trf", "pair", source)
    assert result.code == 4 and f"field '{field}'" in result.err and result.out == ""


def test_trf_pair_pairs_any_point_system_in_its_own_points(arbiter: Runner, tmp_path: Path) -> None:
    text = shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf").read_text()
    scaled = tmp_path / "2-1-0.trf"
    doubled = "\n".join(line[:80] + f"{float(line[80:84]) * 2:4.1f}" + line[84:] if line.startswith("001") else line
                        for line in text.split("\n"))
    scaled.write_text(doubled.replace("XXR 5\n", "XXR 5\nBBW  2.0\nBBD  1.0\n"))
    assert arbiter("trf", "pair", scaled).out == shared_file(
        "corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.expected").read_text()
    case = shared_file("corpus/dutch-2026-points/cases/" + _first_w3d1_case())
    result = arbiter("trf", "pair", case)
    assert result.code == 0 and result.out == case.with_suffix(".expected").read_text(), result.err


def _first_w3d1_case() -> str:
    folder = shared_file("corpus/dutch-2026-points/README.md").parent / "cases"
    cases = sorted(p.name for p in folder.glob("w3d1_*.trf"))
    assert cases, "no 3-1-0 case in dutch-2026-points"
    return cases[0]


def test_the_trf16_export_of_a_requested_half_point_bye_counts_it_in_the_points_column(
        arbiter: Runner, tmp_path: Path) -> None:
    """bbpPairings' checker refused it ("score for player 3 does not match"): it reads the next
    round's 0000 - H as part of the score. Only the next round's absences are written (a column
    after it is read as a round played), and the import reads the bye back."""
    event = tmp_path / "ev"
    assert arbiter("new", event, "--name", "E", "--system", "swiss", "--rounds", "5").code == 0
    for i in range(1, 9):
        assert arbiter("-d", event, "player", "add", f"P{i}, X", "--rating", str(2000 - 10 * i)).code == 0
    assert arbiter("-d", event, "pair").code == 0
    assert arbiter("-d", event, "result", "1", "--from", "-", stdin="1 1-0\n2 0-1\n3 1/2-1/2\n4 1-0\n").code == 0
    assert arbiter("-d", event, "bye", "3", "--round", "2", "--half").code == 0
    assert arbiter("-d", event, "bye", "5", "--round", "4", "--half").code == 0
    assert arbiter("-d", event, "player", "withdraw", "8").code == 0
    exported = arbiter("-d", event, "export", "--trf-version", "16", "-o", tmp_path / "e.trf")
    assert exported.code == 0
    assert "TRF16 holds the requested byes of the next round only: those of round 4 are not exported" in exported.err
    lines = {line[4:8].strip(): line for line in (tmp_path / "e.trf").read_bytes().decode().splitlines() if line[:3] == "001"}
    assert lines["3"][80:84] == " 1.0" and lines["3"][91:].endswith("0000 - H")
    assert lines["8"][91:].endswith("0000 - Z") and lines["8"].count("0000") == 1
    assert arbiter("import", tmp_path / "e.trf", tmp_path / "back").code == 0
    byes = arbiter("-d", tmp_path / "back", "bye", "list", "-f", "csv")
    assert byes.out.splitlines()[1:] == ['2,3,"P3, X",HPB', '2,8,"P8, X",ZPB']  # a TRF has no withdrawal
    paired = arbiter("trf", "pair", tmp_path / "e.trf")
    assert paired.code == 0 and paired.out.splitlines()[0] == "3"  # 8 players, 3 and 8 absent: 3 boards


def test_players_whose_cells_are_blank_to_the_last_round_are_imported_as_withdrawn_with_a_warning(
        arbiter: Runner, tmp_path: Path) -> None:
    """example_trf16 ranks 7 players 0: one never came (a forfeit, then nothing), the others left
    after rounds 4 to 6. They were imported as active players (C.04.2 3.2: a blank past round
    means the player was not there)."""
    source = shared_file("realdata/trf/example_trf16.trf")
    result = arbiter("import", source, tmp_path / "ev")
    assert result.code == 0, result.err
    assert (f"warning: {source}, line 26: player 13 (Bakhmatov,Eduard) has no entry in rounds 2 to 7 (the file ranks "
            "them 0): imported as withdrawn after round 1") in result.err.splitlines()
    assert (f"warning: {source}, line 169: player 156 (Holloway,Timo) has no entry in round 7 (the file ranks them "
            "0): imported as withdrawn after round 6") in result.err.splitlines()
    players = arbiter("-d", tmp_path / "ev", "player", "list", "-f", "csv").out.splitlines()
    withdrawn = {line.split(",")[0]: line.rsplit(",", 1)[1] for line in players if ",withdrawn," in line}
    assert withdrawn == {"13": "1", "27": "5", "121": "4", "126": "4", "156": "6", "179": "4", "180": "6"}
    assert arbiter("-d", tmp_path / "ev", "verify").code == 0
    # the file ranks them 0: they take no place, and every official rank falls in its score group again
    assert "rank_withdrawn = false" in (tmp_path / "ev" / "tournament.toml").read_text()
    rows = list(csv.reader(arbiter("-d", tmp_path / "ev", "standings", "-f", "csv").out.splitlines()))[1:]
    assert [row[0] for row in rows[-7:]] == [""] * 7 and {row[1] for row in rows[-7:]} == set(withdrawn)
    official = {line[4:8].strip(): int(line[85:89]) for line in source.read_text(encoding="latin-1").splitlines()
                if line.startswith("001")}
    places: dict[str, list[int]] = {}
    for row in rows[:-7]:
        places.setdefault(row[4], []).append(int(row[0]))
    outside = [row[1] for row in rows[:-7] if not min(places[row[4]]) <= official[row[1]] <= max(places[row[4]])]
    assert outside == []  # it was 17 with the 7 who left ranked among them
    # the export writes them with blank cells again, and the import reads the same withdrawals back
    assert arbiter("-d", tmp_path / "ev", "export", "-o", tmp_path / "again.trf").code == 0
    again = arbiter("import", tmp_path / "again.trf", tmp_path / "again")
    assert again.code == 0 and again.err.count("imported as withdrawn") == 7


def test_a_requested_bye_ahead_keeps_a_player_with_a_blank_last_round_active(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "back.trf"
    source.write_text("012 Back\nXXR 3\nXXC white1\n"
                      "001    1      A, A                              2000                             1.0    1     2 w 1\n"
                      "001    2      B, B                              1900                             0.0    2     1 b 0\n"
                      "001    3      C, C                              1800                             0.0    3\n"
                      "240 H   2    3\n")
    result = arbiter("import", source, tmp_path / "ev")
    assert result.code == 0 and "withdrawn" not in result.err
    assert ",active," in arbiter("-d", tmp_path / "ev", "player", "list", "-f", "csv").out.splitlines()[3]


def test_the_export_of_a_club_tournament_says_its_ratings_are_club_ratings(arbiter: Runner, tmp_path: Path) -> None:
    import shutil

    club = tmp_path / "club"
    shutil.copytree(Path(__file__).resolve().parents[2] / "sample_events" / "club-lyon", club)
    result = arbiter("-d", club / "tournaments" / "2026-autumn-standard", "export", "-o", tmp_path / "c.trf")
    assert result.code == 0
    assert ("warning: the ratings of club members are their club ratings, written in the TRF's FIDE rating field "
            "(cols 49-52): do not send this file for FIDE rating") in result.err.splitlines()
    plain = arbiter("-d", Path(__file__).resolve().parents[2] / "sample_events" / "swiss32-in-progress", "export")
    assert "club ratings" not in plain.err


def test_a_round_robin_named_in_092_imports_as_a_round_robin_with_its_free_rounds(arbiter: Runner,
                                                                                   tmp_path: Path) -> None:
    """bre_jeunes_2026__t7 says ROUND_ROBIN_BERGER in its 092 line (no 192): it was imported as a
    Swiss, with Buchholz tie-breaks and its free rounds counted as zero-point byes. Its pairings
    follow another program's tables, so it is kept as played."""
    source = shared_file("realdata/french-events/bre_jeunes_2026__t7.trf")
    result = arbiter("import", source, tmp_path / "rr")
    assert result.code == 0, result.err
    assert (f"warning: {source}, line 7: a round-robin whose pairings do not follow the Berger tables of C.05: "
            "imported as played (its games and free rounds are kept; arbiter cannot pair its remaining rounds)"
            ) in result.err.splitlines()
    assert 'system = "round-robin"' in (tmp_path / "rr" / "tournament.toml").read_text()
    assert (tmp_path / "rr" / "rounds" / "01.csv").read_text().splitlines()[-1] == ",5,,BYE"
    standings = arbiter("-d", tmp_path / "rr", "standings", "-f", "csv")
    header = standings.out.splitlines()[0].split(",")
    assert "SB" in header and not any(code.startswith("BH") for code in header)
    assert arbiter("-d", tmp_path / "rr", "verify").code == 0
    # cut after round 5: the folder keeps the five rounds, and refuses to pair the sixth
    cut = tmp_path / "cut.trf"
    cut.write_text(cut_before(source.read_text(encoding="utf-8"), 5), encoding="utf-8")
    assert arbiter("import", cut, tmp_path / "cut").code == 0
    paired = arbiter("-d", tmp_path / "cut", "pair")
    assert paired.code == 4 and paired.err == (
        "arbiter: error: this round-robin was imported as played, with pairings that do not follow the Berger "
        "tables (C.05): arbiter cannot pair its remaining rounds\n")


def test_a_round_robin_that_follows_the_berger_tables_still_imports_as_one_that_pairs(
        arbiter: Runner, tmp_path: Path) -> None:
    source = shared_file("realdata/french-events/domloup-rapide-2025__t2.trf")
    result = arbiter("import", source, tmp_path / "rr")
    assert result.code == 0 and "imported as played" not in result.err
    assert "berger_tables" not in (tmp_path / "rr" / "tournament.toml").read_text()


def test_the_export_writes_no_colour_for_a_forfeit_imported_without_one(arbiter: Runner, tmp_path: Path) -> None:
    """example_trf16 has '153 - -' (a forfeit with no colours): the export wrote '153 w -'."""
    source = shared_file("realdata/trf/example_trf16.trf")
    event = tmp_path / "ev"
    assert arbiter("import", source, event).code == 0
    round_one = event / "rounds" / "01.csv"
    assert "13,13,153,-/+,colourless" in round_one.read_text().splitlines()

    def exported_line() -> str:
        return next(line for line in arbiter("-d", event, "export").out.splitlines() if line.startswith("001   13 "))

    assert exported_line()[91:] == " 153 - -"
    # corrected to another forfeit it stays colourless; a game played over the board has colours
    assert arbiter("-d", event, "result", "1", "13", "+/-", "--correct").code == 0
    assert exported_line()[91:] == " 153 - +"
    assert arbiter("-d", event, "result", "1", "13", "1-0", "--correct").code == 0
    assert "13,13,153,1-0," in round_one.read_text().splitlines() and exported_line()[91:] == " 153 w 1"
    assert arbiter("-d", event, "verify").code == 0


# --------------------------------------------------------------------------- the review of issue 14


def _eight_players(arbiter: Runner, event: Path) -> None:
    assert arbiter("new", event, "--name", "W", "--system", "swiss", "--rounds", "5", "--seed", "3").code == 0
    for i in range(1, 9):
        assert arbiter("-d", event, "player", "add", f"P{i}, X", "--rating", str(2000 + 10 * i)).code == 0
    assert arbiter("-d", event, "pair").code == 0
    assert arbiter("-d", event, "result", "1", "--from", "-", stdin="1 1-0\n2 1/2\n3 0-1\n4 1-0\n").code == 0


def test_a_withdrawal_after_the_last_paired_round_survives_a_trf_2026_export_and_import(
        arbiter: Runner, tmp_path: Path) -> None:
    """The export writes a zero-point bye (240 Z) in every round still to play; the import read it
    as requests and the player came back active."""
    event = tmp_path / "w"
    _eight_players(arbiter, event)
    assert arbiter("-d", event, "player", "withdraw", "3").code == 0
    assert arbiter("-d", event, "export", "-o", tmp_path / "w.trf").code == 0
    again = arbiter("import", tmp_path / "w.trf", tmp_path / "again")
    assert again.code == 0 and "has a zero-point bye in every round still to play" in again.err
    assert (tmp_path / "again" / "players.csv").read_text() == (event / "players.csv").read_text()
    assert not (tmp_path / "again" / "byes.csv").exists() or (tmp_path / "again" / "byes.csv").read_text() == (
        "round,start_number,kind\n")


def test_a_blank_last_round_in_an_event_still_running_is_an_absence_not_a_withdrawal(
        arbiter: Runner, tmp_path: Path) -> None:
    """example_trf16 cut after round 1: player 276 entered late (blank in round 1, played rounds
    2-7). The import withdrew him, so 'arbiter pair' left out a player bbpPairings pairs."""
    lines = []
    for line in shared_file("realdata/trf/example_trf16.trf").read_text(encoding="latin-1").splitlines():
        if line.startswith("012"):
            lines += [line, "XXR 7"]
            continue
        if line.startswith("001"):
            line = line[:101].rstrip()
            points = _POINTS.get(line[98:99], Fraction(0)) if len(line) > 98 else Fraction(0)
            line = line[:80] + f"{float(points):4.1f}" + line[84:]
        lines.append(line)
    source = tmp_path / "r1.trf"
    source.write_text("\n".join(lines) + "\n", encoding="latin-1")
    result = arbiter("import", source, tmp_path / "ev")
    assert result.code == 0 and "withdrawn" not in result.err
    assert any("276" in line.split() for line in arbiter("trf", "pair", source).out.splitlines()[1:])
    paired = arbiter("-d", tmp_path / "ev", "pair", "-f", "csv")
    assert paired.code == 0 and "Henrich" in paired.out


def _rr_file(tmp_path: Path, rows: list[tuple[str, str, list[str]]], text092: str = "ROUND_ROBIN_BERGER",
             rounds: int = 3) -> Path:
    lines = ["012 RR4", f"092 {text092}", f"XXR {rounds}"]
    for name_no, points, cells in rows:
        lines.append(f"{name_no:<80}{points:>4}{'0':>5}" + "".join(f"  {cell}" for cell in cells))
    path = tmp_path / "rr.trf"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_round_robin_named_in_092_with_an_absence_imports_as_a_swiss_with_a_warning(
        arbiter: Runner, tmp_path: Path) -> None:
    """A blank game besides the free rounds: 'the imported event does not make a valid folder'."""
    source = _rr_file(tmp_path, [("001    1      A, A", "2.0", ["   4 w 1", "   2 w 1"]),
                                 ("001    2      B, B", "0.0", ["   3 w 0", "   1 b 0"]),
                                 ("001    3      C, C", "1.0", ["   2 b 1"]),
                                 ("001    4      D, D", "0.0", ["   1 b 0"])])
    result = arbiter("import", source, tmp_path / "ev")
    assert result.code == 0, result.err
    assert "with absences besides its free rounds: imported as a Swiss" in result.err


def test_a_colourless_forfeit_does_not_hide_that_a_round_robin_follows_the_berger_tables(
        arbiter: Runner, tmp_path: Path) -> None:
    source = _rr_file(tmp_path, [("001    1      A, A", "2.0", ["   4 w 1", "   2 w 1"]),
                                 ("001    2      B, B", "0.0", ["   3 w 0", "   1 b 0"]),
                                 ("001    3      C, C", "2.0", ["   2 b 1", "   4 - +"]),
                                 ("001    4      D, D", "0.0", ["   1 b 0", "   3 - -"])])
    result = arbiter("import", source, tmp_path / "ev")
    assert result.code == 0 and "imported as played" not in result.err
    assert (tmp_path / "ev" / "rounds" / "02.csv").read_text().splitlines()[1] == "1,4,3,-/+,colourless"
    assert arbiter("-d", tmp_path / "ev", "pair").code == 0  # round 3 from the Berger table


def test_092_names_a_round_robin_only_with_its_words_and_its_number_of_rounds(arbiter: Runner,
                                                                            tmp_path: Path) -> None:
    """'Berger' in a Swiss's 092 (a tie-break) made a 38-player Swiss a round robin of 37 rounds."""
    text = shared_file("realdata/french-events/bre_jeunes_2026__t1.trf").read_text(encoding="utf-8")
    source = tmp_path / "s.trf"
    source.write_text(text.replace("092 SWISS_STANDARD", "092 Suisse - departage Buchholz, Berger"), encoding="utf-8")
    result = arbiter("import", source, tmp_path / "s")
    assert result.code == 0 and "(swiss)" in result.err
    event = tmp_path / "drr"
    import shutil
    shutil.copytree(Path(__file__).resolve().parents[2] / "sample_events" / "double-rr6-ready", event)
    exported = arbiter("-d", event, "export", "--trf-version", "16").out.replace("\r", "\n")
    named = tmp_path / "d.trf"
    named.write_text("\n".join("092 ROUND_ROBIN_BERGER" if line.startswith("092") else line
                               for line in exported.split("\n")))
    result = arbiter("import", named, tmp_path / "d")
    assert result.code == 0 and "(double-round-robin)" in result.err


def test_trf_pair_and_check_refuse_a_round_robin_the_file_names(arbiter: Runner) -> None:
    source = shared_file("realdata/french-events/bre_jeunes_2026__t7.trf")
    for command in ("pair", "check"):
        result = arbiter("trf", command, source)
        assert result.code == 4 and result.out == ""
        assert result.err == (f"arbiter: error: {source}, line 7, field '092': a round robin: its rounds come from "
                              "the Berger tables (C.05), not from the Dutch system; 'arbiter import' it and pair it "
                              "with 'arbiter pair'\n")


def test_trf_pair_warns_that_an_acceleration_named_in_092_is_not_applied(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "liffre.trf"
    source.write_text(cut_before(shared_file("realdata/french-events/liffre-2025__t1.trf").read_text(
        encoding="utf-8"), 8), encoding="utf-8")
    result = arbiter("trf", "pair", source)
    assert result.code == 0
    assert (f"warning: {source}, line 7: 092 says 'pairing_acceleration-SWISS_PROGRESSIVE', but no record gives the "
            "virtual points (XXA, 250): paired without acceleration") in result.err.splitlines()


# --------------------------------------------------------------------------- the new user's trial of issue 14


def test_an_indented_player_line_is_refused_not_left_out(arbiter: Runner, tmp_path: Path) -> None:
    """' 001   37 ...' was dropped, and trf pair printed a pairing without player 37, exit 0."""
    text = shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf").read_text()
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("001    6"))
    lines[index] = " " + lines[index]
    source = tmp_path / "indented.trf"
    source.write_text("\n".join(lines))
    for command in (("trf", "pair", source), ("trf", "check", source), ("trf", "standings", source),
                    ("import", source, tmp_path / "ev")):
        result = arbiter(*command)
        assert result.code == 2 and result.out == ""
        assert result.err == (f"arbiter: error: {source}, line {index + 1}, field '001': a player line starts in "
                              "column 1 ('001' in cols 1-3); this one is indented\n")


def test_trf_pair_refuses_pairing_by_the_files_ranks_which_it_does_not_do(arbiter: Runner, tmp_path: Path) -> None:
    """lichess's files say 'XXC rank white1': bbpPairings pairs by the rank column, arbiter paired by
    the starting ranks without a word (10 of 20 rounds differed)."""
    text = shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf").read_text()
    source = tmp_path / "rank.trf"
    source.write_text(text.replace("XXC white1", "XXC rank white1").replace("XXC black1", "XXC rank black1"))
    result = arbiter("trf", "pair", source)
    assert result.code == 4 and "field 'XXC': pairing by the file's ranks (XXC rank) is not built yet" in result.err


def test_trf_pair_on_a_file_with_every_round_paired_is_a_refusal_like_pair(arbiter: Runner) -> None:
    source = shared_file("realdata/french-events/bre_jeunes_2026__t1.trf")
    result = arbiter("trf", "pair", source)
    assert (result.code, result.err) == (4, f"arbiter: error: {source}: all 7 rounds are paired\n")


def test_a_utf16_or_endless_input_is_refused_with_one_line(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "u16.trf"
    source.write_bytes(shared_file("corpus/dutch-2026/cases/n0006_R05_s0289393017_r05.trf").read_text()
                       .encode("utf-16"))
    result = arbiter("trf", "check", source)
    assert (result.code, result.err) == (2, f"arbiter: error: {source}: the file is UTF-16 (or binary): a TRF is "
                                            "text in UTF-8 or Latin-1\n")
    endless = arbiter("trf", "pair", "/dev/zero")
    assert endless.code == 2 and endless.err == ("arbiter: error: /dev/zero: the input is larger than 64 MiB: not a "
                                                 "file arbiter reads\n")


def test_trf_standings_prints_what_standings_prints_on_the_imported_folder(arbiter: Runner, tmp_path: Path) -> None:
    """2021_03 says 'Swiss-System' in 092 but everyone met everyone: trf standings ranked it as a
    round robin, the imported folder as a Swiss; example_trf16's players who left were ranked by one
    and not by the other."""
    for name in ("realdata/trf/2021_03.trf", "realdata/trf/example_trf16.trf"):
        source = shared_file(name)
        assert arbiter("import", source, tmp_path / source.stem).code == 0
        assert arbiter("trf", "standings", source, "-f", "csv").out == arbiter(
            "-d", tmp_path / source.stem, "standings", "-f", "csv").out, name
