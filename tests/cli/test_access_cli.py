"""``arbiter access add|list|remove`` (issue 26): who may sign in to result entry. A code is shown
once and only its hash is kept in the folder; a removed or replaced code stops signing in at once
(the Gate reads the list at each sign-in); every kind of folder keeps a list (a group event's
stages use the event's); a refused command changes nothing; the list is journalled, verified,
never published, and not carried by export."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from pathlib import Path

import pytest
import segno

from arbiter_cli.cli.common import Terminal
from arbiter_cli.core.errors import BrokenFolder
from arbiter_cli.core.venue import Person, Role
from arbiter_cli.events.access import open_gate
from arbiter_cli.render.qr import LIGHT_ON_DARK

from conftest import Runner, snapshot


def _add(arbiter: Runner, folder: Path, name: str, role: str, *extra: str) -> dict[str, str]:
    done = arbiter("-d", folder, "access", "add", name, "--role", role, "-f", "json", *extra)
    assert done.code == 0, done.err
    issued: dict[str, str] = json.loads(done.out)
    return issued


def _all_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


def test_access_add_shows_the_code_once_and_the_folder_keeps_only_its_hash(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    done = arbiter("-d", folder, "--by", "Chief", "access", "add", "Deputy, Anna", "--role", "arbiter")
    assert done.code == 0, done.err
    code = re.search(r"code: (\S+)", done.out).group(1)  # type: ignore[union-attr]
    assert f"link: http://127.0.0.1:8000/signin?code={code}" in done.out
    assert len(code) >= 22 and "shown this once" in done.err
    everything = _all_bytes(folder)
    assert code.encode() not in everything  # nowhere in the folder: not the list, not the journal
    digest = hashlib.sha256(code.encode()).hexdigest()
    rows = list(csv.DictReader(io.StringIO((folder / "access.csv").read_text(encoding="utf-8"))))
    assert [(r["name"], r["role"], r["code_sha256"]) for r in rows] == [("Deputy, Anna", "arbiter", digest)]
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", rows[0]["added"])
    listed = arbiter("-d", folder, "access", "list", "-f", "json")
    assert digest not in listed.out and code not in listed.out
    assert arbiter("-d", folder, "access", "list").out.count(code) == 0


def test_access_add_json_gives_name_role_code_and_link_for_scripts(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("rr10-in-progress")
    issued = _add(arbiter, folder, "Chief, Carla", "owner", "--url", "https://venue.example/arbiter/")
    assert set(issued) == {"name", "role", "code", "link"}
    assert (issued["name"], issued["role"]) == ("Chief, Carla", "owner")
    assert issued["link"] == f"https://venue.example/arbiter/signin?code={issued['code']}"
    assert open_gate(folder).sign_in(issued["code"]) == Person("Chief, Carla", Role.OWNER)


def test_access_list_shows_name_role_and_date_as_table_csv_and_json_never_a_hash(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("rr10-in-progress")
    _add(arbiter, folder, "Deputy, Anna", "arbiter")
    _add(arbiter, folder, "=Manager", "manager")
    as_json = json.loads(arbiter("-d", folder, "access", "list", "-f", "json").out)
    assert [(r["name"], r["role"]) for r in as_json] == [("Deputy, Anna", "arbiter"), ("=Manager", "manager")]
    assert all(set(r) == {"name", "role", "added"} for r in as_json)
    as_csv = arbiter("-d", folder, "access", "list", "-f", "csv").out
    assert as_csv.splitlines()[0] == "name,role,added"
    assert "\"'=Manager\",manager" in as_csv  # a formula neutralised, as in every CSV for people
    table = arbiter("-d", folder, "access", "list").out
    assert "Deputy, Anna" in table and "arbiter" in table and "sha" not in table


@pytest.mark.parametrize("role", ["owner", "manager", "arbiter"])
def test_each_role_signs_in_as_given(arbiter: Runner, sample, role: str) -> None:  # type: ignore[no-untyped-def]
    folder = sample("rr10-in-progress")
    issued = _add(arbiter, folder, "Someone", role)
    person = open_gate(folder).sign_in(issued["code"])
    assert person == Person("Someone", Role(role))
    assert person.role.may_finalise is (role != "arbiter")


def test_a_removed_person_s_code_no_longer_signs_in_through_a_gate_opened_before(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    anna = _add(arbiter, folder, "Deputy, Anna", "arbiter")
    carla = _add(arbiter, folder, "Chief, Carla", "owner")
    gate = open_gate(folder)  # as serve holds it while it runs
    assert gate.sign_in(anna["code"]) == Person("Deputy, Anna", Role.ARBITER)
    done = arbiter("-d", folder, "access", "remove", "deputy, anna")
    assert done.code == 0, done.err
    assert "removed Deputy, Anna (arbiter)" in done.err
    assert gate.sign_in(anna["code"]) is None
    assert gate.sign_in(carla["code"]) == Person("Chief, Carla", Role.OWNER)


def test_a_new_code_replaces_a_lost_one_and_the_old_one_signs_in_no_more(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    old = _add(arbiter, folder, "Deputy, Anna", "arbiter")
    gate = open_gate(folder)
    done = arbiter("-d", folder, "access", "add", "Deputy, Anna", "--new-code", "-f", "json")
    assert done.code == 0, done.err
    new = json.loads(done.out)
    assert new["code"] != old["code"] and new["role"] == "arbiter"
    assert gate.sign_in(old["code"]) is None
    assert gate.sign_in(new["code"]) == Person("Deputy, Anna", Role.ARBITER)


def test_each_change_is_journalled_with_its_by_and_no_code(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    done = arbiter("-d", folder, "--by", "Chief", "access", "add", "Deputy, Anna", "--role", "arbiter", "-f", "json")
    code = json.loads(done.out)["code"]
    assert arbiter("-d", folder, "--by", "Chief", "access", "remove", "Deputy, Anna").code == 0
    log = json.loads(arbiter("-d", folder, "log", "-f", "json").out)
    rows = [(e["change"], e["old"], e["new"], e["by"]) for e in log if e["change"].startswith("access ")]
    assert rows == [("access Deputy, Anna", "", "arbiter", "Chief"), ("access Deputy, Anna", "arbiter", "", "Chief")]
    assert code not in (folder / "journal.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, code, words", [
    (["access", "add", "Deputy, Anna", "--role", "manager"], 4, "already"),
    (["access", "add", "DEPUTY, ANNA", "--role", "arbiter"], 4, "already"),
    (["access", "add", "Bob", "--role", "boss"], 2, "field '--role'"),
    (["access", "add", "Bob"], 2, "field '--role'"),
    (["access", "add", "", "--role", "arbiter"], 2, "field 'NAME'"),
    (["access", "add", "x" * 101, "--role", "arbiter"], 2, "field 'NAME'"),
    (["access", "add", "Anna\u202eBob", "--role", "arbiter"], 2, "field 'NAME'"),
    (["access", "add", "Anna\nBob", "--role", "arbiter"], 2, "field 'NAME'"),
    (["access", "add", "Bob", "--role", "arbiter", "--url", "ftp://h"], 2, "field '--url'"),
    (["access", "add", "Bob", "--new-code"], 4, "not on the access list"),
    (["access", "remove", "Nobody"], 4, "'Nobody' is not on the access list"),
])
def test_a_refused_access_command_says_one_line_and_changes_nothing(arbiter: Runner, sample, args: list[str],  # type: ignore[no-untyped-def]
                                                                    code: int, words: str) -> None:
    folder = sample("swiss32-in-progress")
    _add(arbiter, folder, "Deputy, Anna", "arbiter")
    before = snapshot(folder)
    done = arbiter("-d", folder, *args)
    assert done.code == code, done.err
    assert words in done.err and done.err.count("\n") == 1 and done.err.startswith("arbiter: error: ")
    assert done.out == ""
    assert snapshot(folder) == before


def _modules(text: str) -> list[list[bool]]:
    """The QR code's modules (True: dark) read back from the half blocks of the terminal's text."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        if not line.startswith(LIGHT_ON_DARK):
            continue
        line = re.sub(r"\x1b\[[0-9;]*m", "", line)
        rows.append([c not in "\u2588\u2580" for c in line])
        rows.append([c not in "\u2588\u2584" for c in line])
    return rows


def test_the_link_is_drawn_as_a_qr_code_on_a_terminal_only(arbiter: Runner, sample,  # type: ignore[no-untyped-def]
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = sample("swiss32-in-progress")
    piped = arbiter("-d", folder, "access", "add", "Piped", "--role", "arbiter")
    assert piped.code == 0 and "\u2588" not in piped.out and "\x1b[" not in piped.out
    monkeypatch.setattr(Terminal, "terminal", property(lambda self: True))
    monkeypatch.delenv("NO_COLOR")
    shown = arbiter("-d", folder, "access", "add", "Shown", "--role", "arbiter")
    assert shown.code == 0, shown.err
    link = re.search(r"link: (\S+)", shown.out).group(1)  # type: ignore[union-attr]
    expected = [[bool(bit) for bit in row] for row in segno.make(link, error="m").matrix_iter(border=4)]
    assert _modules(shown.out) == expected + ([[True] * len(expected[0])] if len(expected) % 2 else [])
    as_json = arbiter("-d", folder, "access", "add", "Scripted", "--role", "arbiter", "-f", "json")
    assert as_json.code == 0 and "\u2588" not in as_json.out
    json.loads(as_json.out)


KINDS = ["swiss32-in-progress", "rr10-finished", "team-league-in-progress", "knockout24-in-progress",
         "groups16-in-progress", "club-lyon"]


@pytest.mark.parametrize("name", KINDS)
def test_every_kind_of_folder_keeps_its_own_access_list(arbiter: Runner, sample, name: str) -> None:  # type: ignore[no-untyped-def]
    folder = sample(name)
    issued = _add(arbiter, folder, "Deputy, Anna", "manager")
    assert (folder / "access.csv").is_file()
    assert open_gate(folder).sign_in(issued["code"]) == Person("Deputy, Anna", Role.MANAGER)
    assert json.loads(arbiter("-d", folder, "access", "list", "-f", "json").out)[0]["name"] == "Deputy, Anna"
    verified = arbiter("-d", folder, "verify")
    assert verified.code == 0 and "hand edit:" not in verified.out + verified.err, verified.out + verified.err
    assert arbiter("-d", folder, "access", "remove", "Deputy, Anna").code == 0
    assert open_gate(folder).sign_in(issued["code"]) is None


def test_a_group_event_s_stages_use_the_event_s_access_list(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("groups16-in-progress")
    by_group = json.loads(arbiter("-d", folder, "access", "add", "Eve", "--role", "arbiter", "--group", "B",
                                  "-f", "json").out)
    by_stage = _add(arbiter, folder / "stages" / "A", "Finn", "manager")
    assert not list((folder / "stages").rglob("access.csv"))
    for place in (folder, folder / "stages" / "A", folder / "stages" / "B"):
        gate = open_gate(place)
        assert gate.sign_in(by_group["code"]) == Person("Eve", Role.ARBITER)
        assert gate.sign_in(by_stage["code"]) == Person("Finn", Role.MANAGER)
    listed = json.loads(arbiter("-d", folder, "access", "list", "--group", "C", "-f", "json").out)
    assert [r["name"] for r in listed] == ["Eve", "Finn"]


def test_a_club_tournament_keeps_a_list_of_its_own(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    club = sample("club-lyon")
    tournament = next(p for p in sorted((club / "tournaments").iterdir()) if p.is_dir())
    issued = _add(arbiter, tournament, "Deputy, Anna", "arbiter")
    assert (tournament / "access.csv").is_file() and not (club / "access.csv").exists()
    assert open_gate(tournament).sign_in(issued["code"]) is not None
    assert open_gate(club).sign_in(issued["code"]) is None
    assert arbiter("-d", club, "verify").code == 0


def test_a_hand_edit_of_the_access_list_is_named_and_a_broken_one_fails_verify_and_lets_nobody_in(  # type: ignore[no-untyped-def]
        arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    issued = _add(arbiter, folder, "Deputy, Anna", "arbiter")
    path = folder / "access.csv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(",arbiter,", ",manager,"), encoding="utf-8")
    verified = arbiter("-d", folder, "verify")
    assert verified.code == 0 and "access.csv: hand edit" in verified.out
    gate = open_gate(folder)
    assert gate.sign_in(issued["code"]) == Person("Deputy, Anna", Role.MANAGER)
    path.write_text(text.replace(",arbiter,", ",boss,"), encoding="utf-8")
    verified = arbiter("-d", folder, "verify")
    assert verified.code == 3 and "access.csv, line 2, field 'role': must be owner, manager or arbiter" in verified.out
    with pytest.raises(BrokenFolder, match="access.csv, line 2, field 'role'"):
        gate.sign_in(issued["code"])  # nobody signs in; the server says the list does not read now
    with pytest.raises(BrokenFolder, match="access.csv, line 2, field 'role'"):
        open_gate(folder)
    listed = arbiter("-d", folder, "access", "list")
    assert listed.code == 3 and "access.csv, line 2, field 'role'" in listed.err


def test_an_output_aimed_at_the_access_list_is_refused(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    _add(arbiter, folder, "Deputy, Anna", "arbiter")
    before = snapshot(folder)
    for args in (["export", "-o", folder / "access.csv"], ["standings", "--html", folder / "access.csv"]):
        done = arbiter("-d", folder, *args)
        assert done.code != 0 and "access.csv" in done.err, done.err
    assert snapshot(folder) == before


def test_the_access_list_is_never_published(arbiter: Runner, sample, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    issued = _add(arbiter, folder, "Gatekeeper, Zyxwv", "owner")
    digest = hashlib.sha256(issued["code"].encode()).hexdigest()
    site = tmp_path / "site"
    assert arbiter("-d", folder, "publish", site).code == 0
    published = _all_bytes(site)
    for trace in (issued["code"], digest, "Gatekeeper", "Zyxwv", "access.csv", "code_sha256"):
        assert trace.encode() not in published, trace


def test_export_and_import_do_not_carry_the_access_list(arbiter: Runner, sample, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    folder = sample("swiss32-in-progress")
    issued = _add(arbiter, folder, "Deputy, Anna", "arbiter")
    trf = tmp_path / "e.trf"
    assert arbiter("-d", folder, "export", "-o", trf).code == 0
    assert issued["code"].encode() not in trf.read_bytes() and b"Deputy" not in trf.read_bytes()
    assert arbiter("import", trf, tmp_path / "imported").code == 0
    assert not (tmp_path / "imported" / "access.csv").exists()
    assert open_gate(tmp_path / "imported").sign_in(issued["code"]) is None


def test_a_removal_killed_after_its_commit_point_lets_nobody_in_until_it_is_completed(  # type: ignore[no-untyped-def]
        arbiter: Runner, sample, monkeypatch: pytest.MonkeyPatch) -> None:
    """kill -9 between the manifest and its renames leaves the old access.csv in place: the Gate
    trusts no one until the next command completes the change, then the removed code stays out."""
    from arbiter_cli.store.files import FolderStore

    folder = sample("swiss32-in-progress")
    anna = _add(arbiter, folder, "Deputy, Anna", "arbiter")
    carla = _add(arbiter, folder, "Chief, Carla", "owner")
    gate = open_gate(folder)

    def killed(self: FolderStore, renames: object, deletions: object) -> None:
        raise RuntimeError("killed")

    with monkeypatch.context() as patched:
        patched.setattr(FolderStore, "_apply", killed)
        assert arbiter("-d", folder, "access", "remove", "Deputy, Anna").code == 1
    assert (folder / ".arbiter.pending").is_file()
    assert "Deputy, Anna" in (folder / "access.csv").read_text(encoding="utf-8")  # the old list, still
    for code in (anna["code"], carla["code"]):
        with pytest.raises(BrokenFolder, match="a change of the access list was cut short"):
            gate.sign_in(code)
    listed = arbiter("-d", folder, "access", "list", "-f", "json")  # completes the change first
    assert [row["name"] for row in json.loads(listed.out)] == ["Chief, Carla"]
    assert gate.sign_in(anna["code"]) is None
    assert gate.sign_in(carla["code"]) == Person("Chief, Carla", Role.OWNER)
    assert arbiter("-d", folder, "verify").code == 0


def test_a_code_never_starts_with_a_sign_so_a_csv_for_people_gives_it_as_it_is(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    from arbiter_cli.events.access import draw_code

    codes = [draw_code() for _ in range(2000)]
    assert all(code[0].isalnum() and len(code) == 32 for code in codes) and len(set(codes)) == len(codes)
    folder = sample("rr10-in-progress")
    done = arbiter("-d", folder, "access", "add", "Deputy, Anna", "--role", "arbiter", "-f", "csv")
    header, row = list(csv.reader(io.StringIO(done.out)))
    assert header == ["name", "role", "code", "link"] and row[2] == row[3].rsplit("=", 1)[1]
    assert open_gate(folder).sign_in(row[2]) == Person("Deputy, Anna", Role.ARBITER)


def test_a_link_made_without_url_says_it_is_for_this_computer_and_how_phones_get_one(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """The new-user trial of issue 26: the link defaults to http://127.0.0.1:8000 while 'serve --host
    0.0.0.0' is reached at another address, and the code is shown only once: say so when it is made."""
    folder = sample("rr10-in-progress")
    made = arbiter("-d", folder, "access", "add", "Ana Arbiter", "--role", "arbiter")
    assert made.code == 0 and "for phones on the venue network give --url" in made.err
    given = arbiter("-d", folder, "access", "add", "Bo Arbiter", "--role", "arbiter", "--url", "http://10.0.0.5:8000")
    assert given.code == 0 and "--url" not in given.err and "http://10.0.0.5:8000/signin?code=" in given.out
