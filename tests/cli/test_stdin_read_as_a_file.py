"""Standard input is read as a file is (the trial of issue 29): a byte-order mark that a spreadsheet
left, and Windows line ends, are taken on ``-`` as they are from a file."""

from __future__ import annotations

from pathlib import Path

from conftest import Runner


def test_a_byte_order_mark_on_stdin_is_taken_as_from_a_file(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "ev"
    assert arbiter("new", folder, "--name", "X", "--system", "swiss", "--rounds", "3").code == 0
    imported = arbiter("-d", folder, "player", "import", "-",
                       stdin='\ufeffname,rating\r\n"Able, Ann",1500\r\n"Baker, Bo",1400\r\n')
    assert imported.code == 0, imported.err
    assert arbiter("-d", folder, "pair").code == 0
    entered = arbiter("-d", folder, "result", "1", "--from", "-", stdin="\ufeff1 1-0\r\n")
    assert entered.code == 0, entered.err
    assert (folder / "rounds" / "01.csv").read_text().splitlines()[1].endswith(",1-0")
