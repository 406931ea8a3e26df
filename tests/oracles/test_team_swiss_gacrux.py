"""Our team Swiss engine (C.04.6, 2026) against FIDE's own engine, gacrux (a test-only extra).

A small deterministic sample of what ``python scripts/team_swiss_compare.py`` runs in full: team
Swiss events generated and paired by our engine (``arbiter trf generate --teams``), in the three
colour models and with both primary scores, with PABs, match forfeits, requested byes,
withdrawals and late entries; gacrux pairs every round again (``pairingchecker -c``) and the next
one (``-p``), and must find the same matches, colours and PAB.

No disagreement between gacrux and the C.04.6 text is known to us (``NAMED_CASES`` of the script
is empty): every round of the full comparison is identical.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arbiter_cli.pairing.team_swiss import ColourModel, pair_team_round
from arbiter_cli.trf.reader import parse_trf
from arbiter_cli.trf.team_generate import TeamSwissShape, generate_team_swiss
from arbiter_cli.trf.team_swiss import check_team_rounds, read_team_swiss


def _gacrux(path: Path, mode: str) -> Any:
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", mode, "-i", str(path)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)["pairingResult"]


def _shape(teams: int, rounds: int, model: ColourModel, primary: str, secondary: bool, seed: int,
           paired: int | None = None) -> TeamSwissShape:
    return TeamSwissShape(teams, 4, rounds, seed, model, "MP" if primary == "MP" else "GP", secondary,
                          forfeit_rate=0.05, bye_rate=0.05, withdraw_rate=0.03, late_rate=0.1, paired=paired)


SAMPLE = [(11, 6, ColourModel.TYPE_A, "MP", True, 1), (14, 7, ColourModel.TYPE_B, "MP", True, 2),
          (13, 6, ColourModel.NONE, "GP", True, 3), (16, 7, ColourModel.TYPE_A, "GP", False, 4),
          (19, 8, ColourModel.TYPE_B, "GP", True, 5), (12, 5, ColourModel.NONE, "MP", False, 6)]


@pytest.mark.parametrize("teams,rounds,model,primary,secondary,seed", SAMPLE)
def test_gacrux_pairs_every_round_of_a_generated_team_swiss_as_we_do(
        tmp_path: Path, teams: int, rounds: int, model: ColourModel, primary: str, secondary: bool,
        seed: int) -> None:
    text = generate_team_swiss(_shape(teams, rounds, model, primary, secondary, seed))
    path = tmp_path / "team.trf"
    path.write_text(text, encoding="utf-8")
    ours = {c.number: c for c in check_team_rounds(read_team_swiss(parse_trf(text)))}
    assert all(c.identical for c in ours.values())  # the file is what our engine paired
    differing = []
    for entry in _gacrux(path, "-c")["roundpairing"]:
        check = ours[entry["round"]]
        assert check.paired is not None
        theirs = {(w, b) for w, b in entry["pairs"] if b}
        bye = next((w for w, b in entry["pairs"] if not b), None)
        if theirs != set(check.paired.pairs) or bye != check.paired.bye:
            differing.append(entry["round"])
    assert not differing, f"gacrux pairs rounds {differing} differently"


@pytest.mark.parametrize("paired", [0, 3])
def test_gacrux_pairs_the_next_round_as_trf_pair_does_with_its_requested_byes(tmp_path: Path, paired: int) -> None:
    text = generate_team_swiss(_shape(17, 7, ColourModel.TYPE_B, "MP", True, 7 + paired, paired))
    path = tmp_path / "team.trf"
    path.write_text(text, encoding="utf-8")
    file = read_team_swiss(parse_trf(text))
    pairing = pair_team_round(file.request(paired + 1))
    theirs = _gacrux(path, "-p")["pairs"]
    ours = [list(pair) for pair in pairing.pairs] + ([[pairing.bye, 0]] if pairing.bye else [])
    assert ours == theirs  # the same matches, colours and board order


def test_gacrux_pairs_every_round_of_a_folder_team_swiss_as_arbiter_pair_did(arbiter: Any, tmp_path: Path) -> None:
    """A team Swiss run through the folder (arbiter new/team import/pair/result, with a PAB, a match
    forfeit, a late team and a withdrawal), exported to TRF-2026: gacrux finds every round identical."""
    import random

    folder = tmp_path / "swiss"
    assert arbiter("new", folder, "--teams", "--boards", "3", "--system", "swiss", "--rounds", "6", "--name", "TS",
                   "--seed", "21").code == 0
    rows = "team,name,rating\n" + "".join(f"T{t},P{t}-{p},{2300 - 30 * t - 7 * p}\n" for t in range(1, 12)
                                          for p in range(1, 5))
    assert arbiter("-d", folder, "team", "import", "-", stdin=rows).code == 0
    draw = random.Random(21)
    for rnd in range(1, 6):
        if rnd == 2:
            assert arbiter("-d", folder, "team", "add", "Late").code == 0
            assert arbiter("-d", folder, "team", "roster", "Late", "add", "L1/1800", "L2/1790", "L3/1780").code == 0
        if rnd == 4:
            assert arbiter("-d", folder, "team", "withdraw", "T5").code == 0
        assert arbiter("-d", folder, "pair").code == 0
        pairing = json.loads(arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out)
        lines = [f"{r['match']}.{r['board']} {draw.choice(['1-0', '0-1', '½-½'])}" for r in pairing
                 if r["board"] is not None and r["result"] is None]
        if rnd == 3:
            lines = [line for line in lines if not line.startswith("2.")] + ["2 +/-"]  # a match forfeit
        assert arbiter("-d", folder, "result", str(rnd), "--from", "-", stdin="\n".join(lines) + "\n").code == 0
    exported = tmp_path / "swiss.trf"
    assert arbiter("-d", folder, "export", "-o", exported).code == 0
    stored = {rnd: {(r["first"], r["second"]) for r in json.loads(
        arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out) if r["board"] is None and r["match"]}
        for rnd in range(1, 6)}
    checked = _gacrux(exported, "-c")["roundpairing"]
    assert len(checked) == 5
    for entry in checked:
        assert {(w, b) for w, b in entry["pairs"] if b} == stored[entry["round"]], entry["round"]
