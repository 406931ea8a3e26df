"""A real event replayed through a folder with the bulk absences of issue 27 (scripts/replay_absences.py):
its requested byes and withdrawals one input a round, its rounds paired by hand as played, its results
one input a round; the folder ends with the file's scores and is sound."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import ROOT, shared_file


def test_a_real_swiss_with_byes_and_a_withdrawal_replays_to_the_files_scores(tmp_path: Path) -> None:
    trf = shared_file("realdata/trf/trf-import-test.trf")
    script = ROOT / "scripts" / "replay_absences.py"
    done = subprocess.run([sys.executable, str(script), str(trf), str(tmp_path / "ev")], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 requested byes in 3 commands, 1 withdrawals in 1" in done.stdout
    assert "scores as in the file: 16 / 16" in done.stdout and "the folder is sound" in done.stdout
