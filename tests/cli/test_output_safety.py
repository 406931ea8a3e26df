"""Output that is read as a command, and output targets that are not plain files (issue 25, items
9 and 10): a name a spreadsheet would run as a formula, a publish through a symlink out of OUTDIR,
``-o`` onto a device, a pipe or a symlink."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import stat
import threading
from pathlib import Path

from arbiter_cli.core.csv_input import spreadsheet_cell
from conftest import ROOT, Runner

#: What a spreadsheet would run: a cell starting as OWASP lists (= + - @ tab CR) that names something.
FORMULA = re.compile(r"^[=+\-@\t\r].*[A-Za-z]", re.DOTALL)
NAMES = ['=HYPERLINK("http://example.com/x","click")', "-Smith", "+Jones", "@SUM(1+1)", "'=Quoted"]


def _rename_everywhere(folder: Path, file: str, count: int) -> dict[str, str]:
    """The first ``count`` names of ``folder/file`` renamed to :data:`NAMES` (written as the folder's files
    write a formula: quoted, files.csv_text), in every CSV of the folder
    (a group event's stages, a club's tournaments hold the same names); returns old -> new."""
    rows = list(csv.reader(io.StringIO((folder / file).read_text(encoding="utf-8"))))
    renamed = {row[1]: spreadsheet_cell(new) for row, new in zip(rows[1:], NAMES[:count])}  # as arbiter writes it
    for path in folder.rglob("*.csv"):
        if path.name not in ("players.csv", "teams.csv", "members.csv"):
            continue
        table = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows([[renamed.get(c, c) for c in row] for row in table])
        path.write_text(out.getvalue(), encoding="utf-8")
    return renamed


def _formula_cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row if FORMULA.match(cell)]


def test_csv_cell_starting_a_formula_is_neutralised(arbiter: Runner, tmp_path: Path) -> None:
    """OWASP's advice: a cell that starts with = + - @ (or a tab or CR) and names something is written
    with a single quote in front, in double quotes, in every CSV for people (every --format csv,
    final/*.csv); numbers and result codes (-1, +/-) are not touched; JSON keeps the name as it is."""
    folders = {}
    for sample in ("rr10-finished", "team-league-in-progress", "club-lyon", "knockout24-in-progress",
                   "groups16-in-progress"):
        folders[sample] = tmp_path / sample
        shutil.copytree(ROOT / "sample_events" / sample, folders[sample])
    rr, team, club = folders["rr10-finished"], folders["team-league-in-progress"], folders["club-lyon"]
    _rename_everywhere(rr, "players.csv", 5)
    _rename_everywhere(team, "teams.csv", 2)
    _rename_everywhere(team, "players.csv", 3)
    _rename_everywhere(club, "members.csv", 3)
    _rename_everywhere(folders["knockout24-in-progress"], "players.csv", 4)
    _rename_everywhere(folders["groups16-in-progress"], "players.csv", 4)
    (rr / "prizes.toml").write_text('split = "shared"\ncurrency = "EUR"\nplaces = [100, 50, 25]\n', encoding="utf-8")
    assert arbiter("-d", rr, "finalize").code == 0
    commands = {rr: ["standings", "crosstable", "pairings 1", "player list", "prizes", "log"],
                team: ["team list", "team card", "team boards", "standings", "pairings", "crosstable", "log"],
                club: ["member list", "ratings"],
                folders["knockout24-in-progress"]: ["bracket", "pairings", "standings", "player list"],
                folders["groups16-in-progress"]: ["groups show", "standings", "player list"]}
    outputs: dict[str, str] = {}
    for folder, lines in commands.items():
        for line in lines:
            done = arbiter("-d", folder, *line.split(), "-f", "csv")
            assert done.code == 0, (folder.name, line, done.err)
            outputs[f"{folder.name}: {line}"] = done.out
    for name in ("standings.csv", "prizes.csv"):
        outputs[f"final/{name}"] = (rr / "final" / name).read_text(encoding="utf-8")
    for what, text in outputs.items():
        assert _formula_cells(text) == [], what
    shown = {cell for text in outputs.values() for row in csv.reader(io.StringIO(text)) for cell in row}
    assert {"'" + name for name in NAMES} <= shown  # each renamed name, quoted ('=Quoted as ''=Quoted)
    assert '"\'=HYPERLINK(""http://example.com/x"",""click"")"' in outputs["final/standings.csv"]
    assert '"\'-Smith"' in outputs["rr10-finished: player list"]
    assert ",+," in outputs["team-league-in-progress: team card"]  # a forfeit win's code stays as it is
    json_names = arbiter("-d", rr, "player", "list", "-f", "json").out
    assert '"-Smith"' in json_names and "'-Smith" not in json_names


def test_a_player_named_as_a_formula_round_trips(arbiter: Runner, tmp_path: Path) -> None:
    """A name that a spreadsheet would run is kept exactly: in players.csv (written quoted, as every CSV:
    an arbiter opens the folder's files in a spreadsheet too, trial37; read back without the quote),
    in JSON, in a TRF and back; a CSV list that arbiter wrote and a person cut down to the columns
    ``player import`` takes gives the same names back (the quote in front is taken off)."""
    event = tmp_path / "ev"
    assert arbiter("new", event, "--name", "Open", "--system", "swiss", "--rounds", "3").code == 0
    names = ['=HYPERLINK("http://x.io","go")', "-Smith", "'=Quoted", "'t Hooft", "Plain"]
    for number, name in enumerate(names):
        assert arbiter("-d", event, "player", "add", "--rating", 2000 - number, "--", name).code == 0
    stored = [row["name"] for row in csv.DictReader(io.StringIO((event / "players.csv").read_text("utf-8")))]
    assert stored == [spreadsheet_cell(name) for name in names] and _formula_cells("\n".join(stored)) == []
    listed_json = json.loads(arbiter("-d", event, "player", "list", "-f", "json").out)
    assert [row["name"] for row in listed_json] == names
    listed = arbiter("-d", event, "player", "list", "-f", "csv").out
    assert "'-Smith" in listed and "''=Quoted" in listed and ",'t Hooft," in listed
    cut = io.StringIO()  # the list as a spreadsheet saves it, cut to the columns player import takes
    writer = csv.writer(cut, lineterminator="\n")
    writer.writerows([["name", "rating"], *([row["name"], row["rating"]] for row in csv.DictReader(io.StringIO(listed)))])
    copy = tmp_path / "copy"
    assert arbiter("new", copy, "--name", "Copy", "--system", "swiss", "--rounds", "3").code == 0
    assert arbiter("-d", copy, "player", "import", "-", stdin=cut.getvalue()).code == 0
    again = [row["name"] for row in csv.DictReader(io.StringIO((copy / "players.csv").read_text("utf-8")))]
    assert again == stored
    trf = tmp_path / "ev.trf"
    assert arbiter("-d", event, "export", "-o", trf).code == 0
    assert arbiter("import", trf, tmp_path / "back").code == 0
    back = [row["name"] for row in csv.DictReader(io.StringIO((tmp_path / "back" / "players.csv").read_text("utf-8")))]
    assert back == stored


def test_sssc_is_printed_in_decimals_and_json_gives_a_number(arbiter: Runner, sample, tmp_path: Path) -> None:
    """SSSC divides the Buchholz by K (C.07 Art. 13.4): with K = 7 its value has no finite decimal. It
    is shown with two decimals (as FIDE's engine prints SSSC) in the table, the CSV, the page for the
    wall and the HTML, and JSON gives the same number, never the text "104/7"; the order stays the
    exact value's."""
    event = sample("team-swiss20-in-progress")
    args = ("-d", event, "standings", "--tiebreaks", "SSSC/K7,BH:MP")
    table, as_csv, as_json = (arbiter(*args, *extra) for extra in ((), ("-f", "csv"), ("-f", "json")))
    page = arbiter(*args, "--print")
    html = tmp_path / "standings.html"
    assert arbiter(*args, "--html", html).code == 0
    rows = json.loads(as_json.out)
    values = [row["tiebreaks"]["SSSC/K7"] for row in rows]
    assert all(isinstance(v, (int, float)) for v in values)
    assert (rows[0]["game_points"], rows[0]["tiebreaks"]["BH:MP"], values[0]) == (13, 13, 14.86)  # 13 + 13/7
    csv_values = [row["SSSC/K7"] for row in csv.DictReader(io.StringIO(as_csv.out))]
    assert csv_values[0] == "14.86" and all(re.fullmatch(r"\d+(\.\d+)?", v) for v in csv_values)
    for text in (table.out, as_csv.out, as_json.out, page.out, html.read_text(encoding="utf-8")):
        assert "14.86" in text and not re.search(r"\b\d+/7\b", text)


def _character_device(tmp_path: Path) -> Path:
    """A null device to write to. As root, a private one (mknod), never the system's /dev/null: a
    regression would replace it with a file for the whole machine. Otherwise /dev/null itself, which
    a user cannot replace."""
    if os.geteuid() == 0:
        device = tmp_path / "null"
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        return device
    return Path("/dev/null")


def test_output_to_dev_null_writes_into_the_device(arbiter: Runner, sample, tmp_path: Path) -> None:
    """-o writes where > would (issue 25, item 10): into a character device, which stays a device;
    into a named pipe, whose reader gets the whole TRF; through a symbolic link into its target, the
    link staying a link. A link to a file of the folder is refused like the file itself, and -o -
    is stdout. Every way gives the same bytes, lines ending in CR LF."""
    event = sample("swiss32-in-progress")
    before = {p: p.read_bytes() for p in event.rglob("*") if p.is_file() and p.name != ".arbiter.lock"}
    expected = arbiter("-d", event, "export").out
    assert expected.endswith("\r\n") and expected.count("\n") == expected.count("\r\n") == expected.count("\r")
    assert len(expected.splitlines()) > 32 and all(line[:3].strip() for line in expected.splitlines())

    device = _character_device(tmp_path)
    assert arbiter("-d", event, "export", "-o", device).code == 0
    assert stat.S_ISCHR(device.stat().st_mode)

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    try:
        done = arbiter("-d", event, "export", "-o", fifo)
    finally:
        if reader.is_alive() and not received:  # nothing opened the pipe: let the reader go
            reader.join(timeout=0.5)
            if reader.is_alive():
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=30)
    assert done.code == 0, done.err
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and received == [expected.encode("utf-8")]

    target, link = tmp_path / "real.trf", tmp_path / "link.trf"
    target.write_text("old\n", encoding="utf-8")
    link.symlink_to(target)
    assert arbiter("-d", event, "export", "-o", link).code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_bytes() == expected.encode("utf-8")
    dangling = tmp_path / "new-link.trf"
    dangling.symlink_to(tmp_path / "new.trf")
    assert arbiter("-d", event, "export", "-o", dangling).code == 0
    assert dangling.is_symlink() and (tmp_path / "new.trf").read_bytes() == expected.encode("utf-8")

    owned = tmp_path / "players-link.csv"
    owned.symlink_to(event / "players.csv")
    refused = arbiter("-d", event, "export", "-o", owned)
    assert refused.code == 2 and "is part of the tournament folder" in refused.err and owned.is_symlink()

    to_stdout = arbiter("-d", event, "export", "-o", "-")
    assert to_stdout.code == 0 and to_stdout.out == expected and not (Path.cwd() / "-").exists()
    generated = arbiter("trf", "generate", "-o", "-", "--players", "6", "--rounds", "2")
    assert generated.code == 0 and generated.out.startswith("012 ") and generated.out.endswith("\r\n")
    assert {p: p.read_bytes() for p in event.rglob("*") if p.is_file() and p.name != ".arbiter.lock"} == before


def _tree(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, a link's target (not followed)."""
    return {str(p.relative_to(folder)): os.readlink(p) if p.is_symlink() else p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_symlink() or p.is_file()}


def test_publish_through_a_symlinked_subfolder_never_writes_outside_outdir(arbiter: Runner, sample,
                                                                          tmp_path: Path) -> None:
    """A symbolic link inside OUTDIR (a folder of pages, or a page) that leads elsewhere: publish
    refuses with one line and exit 2 before it writes or removes anything, here or there. OUTDIR
    itself may be a link."""
    event = sample("rr10-finished")
    site, outside = tmp_path / "site", tmp_path / "outside"
    assert arbiter("-d", event, "publish", site).code == 0
    outside.mkdir()
    (outside / "1.html").write_text("not a page of ours\n", encoding="utf-8")
    (outside / "unrelated.txt").write_text("keep me\n", encoding="utf-8")
    shutil.rmtree(site / "players")
    (site / "players").symlink_to(outside, target_is_directory=True)
    (event / "players.csv").write_text((event / "players.csv").read_text("utf-8").replace("Fontaine", "Fontana"),
                                       encoding="utf-8")  # every page changes: publish would rewrite them
    before_site, before_outside = _tree(site), _tree(outside)
    refused = arbiter("-d", event, "publish", site)
    assert refused.code == 2 and refused.out == "" and refused.err.count("\n") == 1
    assert "leads out of" in refused.err and "symbolic link" in refused.err
    assert _tree(site) == before_site and _tree(outside) == before_outside

    (site / "players").unlink()
    secret = outside / "secret.html"
    secret.write_text("secret\n", encoding="utf-8")
    (site / "standings.html").unlink()
    (site / "standings.html").symlink_to(secret)
    before_site, before_outside = _tree(site), _tree(outside)
    refused = arbiter("-d", event, "publish", site)
    assert refused.code == 2 and "standings.html leads out of" in refused.err
    assert _tree(site) == before_site and _tree(outside) == before_outside

    (site / "standings.html").unlink()
    linked = tmp_path / "linked-site"
    linked.symlink_to(site, target_is_directory=True)
    assert arbiter("-d", event, "publish", linked).code == 0
    assert "Fontana" in (site / "standings.html").read_text(encoding="utf-8") and _tree(outside) == before_outside


#: Names a spreadsheet would compute, and what every CSV for people writes for them (issue 25, trial).
ARITHMETIC = {"=1+1": "'=1+1", "=SUM(A1)": "'=SUM(A1)", "@x": "'@x", "-1+2": "'-1+2",
              '=HYPERLINK("x")': "'=HYPERLINK(\"x\")", "+1": "+1"}


def _arithmetic_event(arbiter: Runner, tmp_path: Path) -> Path:
    """A Swiss whose players carry :data:`ARITHMETIC`'s names and two plain ones, the formula-named
    player with a half-point bye in round 2 (the trial's case), round 1 played, a forbidden pair."""
    event = tmp_path / "ev"
    assert arbiter("new", event, "--name", "Open", "--system", "swiss", "--rounds", "3", "--seed", "1").code == 0
    for number, name in enumerate([*ARITHMETIC, "Plain", "Other"]):
        assert arbiter("-d", event, "player", "add", "--rating", 2000 - number, "--", name).code == 0
    hyperlink = next(r["start_number"] for r in json.loads(arbiter("-d", event, "player", "list", "-f", "json").out)
                     if r["name"] == '=HYPERLINK("x")')
    assert arbiter("-d", event, "bye", str(hyperlink), "--round", "2", "--half").code == 0
    assert arbiter("-d", event, "avoid", "1", "2").code == 0
    assert arbiter("-d", event, "pair").code == 0
    rows = json.loads(arbiter("-d", event, "pairings", "1", "-f", "json").out)
    lines = "".join(f"{r['board']} 1-0\n" for r in rows if r.get("black") is not None)
    assert arbiter("-d", event, "result", "1", "--from", "-", stdin=lines).code == 0
    (event / "prizes.toml").write_text("places = [100, 50]\n", encoding="utf-8")
    return event


def test_arithmetic_names_are_neutralised_in_every_csv_only_numbers_and_result_codes_pass(arbiter: Runner,
                                                                                       tmp_path: Path) -> None:
    """Issue 25 (trial): '=1+1' was written raw into every CSV (its cell 'holds only digits and signs')
    and a spreadsheet showed 2. A cell starting with = or @ is always neutralised; one starting with +
    or - only passes as a number (-1, +12, 0.5, -0.5: '+1' is one, and stays) or a result code
    (+/-, -/+, -/-, + and - alone); '-1+2' is a formula."""
    event = _arithmetic_event(arbiter, tmp_path)
    outputs = {}
    for line in ("standings", "crosstable", "pairings 1", "player list", "prizes", "bye list", "avoid list", "log"):
        done = arbiter("-d", event, *line.split(), "-f", "csv")
        assert done.code == 0, (line, done.err)
        outputs[line] = done.out
    for line in ("standings", "crosstable", "pairings 1", "player list", "prizes"):
        cells = {cell for row in csv.reader(io.StringIO(outputs[line])) for cell in row}
        listed = {name for name in ARITHMETIC if line != "prizes" or name in outputs["prizes"]}
        for name in listed - {"+1"}:
            assert name not in cells and ARITHMETIC[name] in cells, (line, name)
    names = {row["start_number"]: row["name"] for row in csv.DictReader(io.StringIO(outputs["player list"]))}
    assert set(names.values()) == {*ARITHMETIC.values(), "Plain", "Other"}
    for text in outputs.values():
        for row in csv.reader(io.StringIO(text)):
            for cell in row:
                assert cell[:1] not in "=@\t\r" or cell == "", cell
                assert not re.fullmatch(r"[+-].*", cell) or re.fullmatch(r"[+-]?[0-9.,]+|\+/-|-/\+|-/-|[+-]", cell), cell
    assert "'=HYPERLINK" in outputs["bye list"]


def test_avoid_list_csv_holds_no_name_a_bye_message_goes_to_stderr(arbiter: Runner, tmp_path: Path) -> None:
    """Issue 25 (trial): '=HYPERLINK("x"): HPB in round 2 ...' seen under the header of 'avoid list -f
    csv' was the 'bye' command's message on stderr, shown after the CSV by a tool that prints stdout
    first; it is no CSV cell. The CSV itself (stdout) goes through the one writer: the forbidden
    pair's names quoted, the settings' rule empty, every cell neutralised."""
    event = tmp_path / "ev"
    assert arbiter("new", event, "--name", "Open", "--system", "swiss", "--rounds", "3").code == 0
    for number, name in enumerate(['=HYPERLINK("x")', "Plain", "Other"]):
        assert arbiter("-d", event, "player", "add", "--rating", 2000 - number, "--", name).code == 0
    bye = arbiter("-d", event, "bye", "1", "--round", "2", "--half")
    assert bye.out == "" and bye.err.startswith('=HYPERLINK("x"): HPB in round 2')
    assert arbiter("-d", event, "avoid", "1", "2").code == 0
    listed = arbiter("-d", event, "avoid", "list", "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(listed.out)))
    assert [(r["players"], r["names"], r["rule"]) for r in rows] == [("1 2", "'=HYPERLINK(\"x\"); Plain", "")]
    assert "HPB" not in listed.out


def test_publish_through_a_link_into_the_event_folder_names_the_link(arbiter: Runner, sample,
                                                                     tmp_path: Path) -> None:
    """Issue 25 (trial): OUTDIR/rounds a symbolic link to the event's own rounds/ was refused as
    "OUTDIR is part of a tournament folder", which names the wrong thing: OUTDIR is not. The line
    names the link, where it leads, and why; nothing is written on either side."""
    event = sample("swiss32-in-progress")
    site = tmp_path / "site"
    assert arbiter("-d", event, "publish", site).code == 0
    shutil.rmtree(site / "rounds")
    (site / "rounds").symlink_to(event / "rounds", target_is_directory=True)
    before_site, before_event = _tree(site), _tree(event)
    refused = arbiter("-d", event, "publish", site)
    assert refused.code == 2 and refused.err.count("\n") == 1, refused.err
    assert f"{site / 'rounds'} is a symbolic link to {event / 'rounds'}, in the tournament folder {event}" \
        in refused.err
    assert "remove the link" in refused.err and "is part of" not in refused.err
    assert _tree(site) == before_site and _tree(event) == before_event


def test_every_csv_for_people_is_written_by_the_one_writer() -> None:
    """Issue 25 (trial): a CSV written past render/output.csv_line would skip the formula rule. The
    csv module writes only there and in the store, whose CSV files are the folder's own record (its
    players.csv, rounds and journal: a formula quoted as in every CSV, read back without the quote)."""
    package = ROOT / "src" / "arbiter_cli"
    writers = {str(path.relative_to(package)) for path in package.rglob("*.py")
               if re.search(r"csv\.(writer|DictWriter)\(", path.read_text(encoding="utf-8"))}
    assert writers == {"render/output.py", "store/files.py", "store/journal.py"}
