"""A tie-break listed twice is refused (the second copy breaks no tie the first left): in the settings,
through ``settings set``, in ``--tiebreaks``, in a team event's ``[team]`` list and in a TRF's 202/212."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_cli.core.model_schema import Settings

from conftest import Runner, shared_file, snapshot


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("command", [["verify"], ["standings"], ["pair"]])
def test_a_repeated_tiebreak_in_the_settings_file_is_refused_naming_the_file_and_field(
        arbiter: Runner, sample, command: list[str]) -> None:
    folder = sample("swiss32-in-progress")
    _edit(folder / "tournament.toml", '"BH/C1",', '"BH",')
    before = snapshot(folder)
    result = arbiter("-d", folder, *command)
    assert result.code == 3 and result.out == ""
    assert result.err == ("arbiter: error: tournament.toml, line 13, field 'tiebreaks': the tie-break 'BH' is "
                          "listed twice (a repeat breaks no tie)\n")
    assert snapshot(folder) == before


@pytest.mark.parametrize("codes,message", [
    ("BH,SB,bh", "the tie-break 'bh' is listed twice (a repeat breaks no tie)"),
    ("BH/C1/P,SB,BH/P/C1", "the tie-break 'BH/P/C1' is 'BH/C1/P' again (a repeat breaks no tie)"),
    ("GE,REP", "the tie-break 'REP' is 'GE' again (a repeat breaks no tie)"),
])
def test_settings_set_refuses_a_repeated_tiebreak_and_changes_nothing(arbiter: Runner, sample, codes: str,
                                                                       message: str) -> None:
    folder = sample("swiss32-in-progress")
    before = snapshot(folder)
    result = arbiter("-d", folder, "settings", "set", "tiebreaks", codes)
    assert result.code == 2 and result.out == ""
    assert result.err == f"arbiter: error: field 'tiebreaks': {message}\n"
    assert snapshot(folder) == before


def test_the_same_base_with_other_modifiers_is_no_repeat(arbiter: Runner, sample) -> None:
    folder = sample("swiss32-in-progress")
    result = arbiter("-d", folder, "settings", "set", "tiebreaks", "BH/C1,BH,BH/M1,SB")
    assert result.code == 0, result.err
    assert '"BH/M1"' in (folder / "tournament.toml").read_text(encoding="utf-8")


def test_the_tiebreaks_option_refuses_a_repeat(arbiter: Runner, sample) -> None:
    result = arbiter("-d", sample("swiss32-in-progress"), "standings", "--tiebreaks", "SB,DE,SB")
    assert result.code == 2 and result.out == ""
    assert result.err == "arbiter: error: field '--tiebreaks': the tie-break 'SB' is listed twice (a repeat breaks no tie)\n"


def test_new_refuses_a_repeated_tiebreak_and_makes_no_folder(arbiter: Runner, tmp_path: Path) -> None:
    result = arbiter("new", tmp_path / "ev", "--name", "Open", "--system", "swiss", "--rounds", "5",
                     "--tiebreaks", "BH,SB,BH")
    assert result.code == 2 and "the tie-break 'BH' is listed twice" in result.err
    assert result.err.count("\n") == 1
    assert not (tmp_path / "ev").exists()


def test_a_finalised_event_keeps_the_list_it_was_ranked_by() -> None:
    """As with its cuts: a finalised event's settings are no longer changed, and a repeat ranks no one otherwise."""
    values = {"name": "Open", "system": "swiss", "rounds": 5, "seed": 1, "tiebreaks": ["BH", "BH"]}
    assert Settings.model_validate({**values, "status": "finalised"}).tiebreaks == ("BH", "BH")
    with pytest.raises(ValueError, match="the tie-break 'BH' is listed twice"):
        Settings.model_validate(values)


def test_a_repeated_team_tiebreak_is_refused_naming_the_file_and_field(arbiter: Runner, sample) -> None:
    folder = sample("team-league-in-progress")
    _edit(folder / "tournament.toml", "boards = 4\n", 'boards = 4\ntiebreaks = ["EDE", "BH:MP/C1", "BH/C1:MP"]\n')
    before = snapshot(folder)
    result = arbiter("-d", folder, "verify")
    assert result.code == 3 and result.out == ""
    assert result.err == ("arbiter: error: tournament.toml, line 29, field 'team.tiebreaks': the tie-break "
                          "'BH/C1:MP' is 'BH:MP/C1' again (a repeat breaks no tie)\n")
    assert snapshot(folder) == before


def test_team_settings_and_options_refuse_a_repeated_team_tiebreak(arbiter: Runner, sample) -> None:
    folder = sample("team-league-in-progress")
    before = snapshot(folder)
    result = arbiter("-d", folder, "settings", "set", "team.tiebreaks", "GP,EDE,gp")
    assert result.code == 2
    assert result.err == ("arbiter: error: field 'team.tiebreaks': the tie-break 'gp' is listed twice "
                          "(a repeat breaks no tie)\n")
    result = arbiter("-d", folder, "standings", "--tiebreaks", "EDE,EDE")
    assert result.code == 2
    assert result.err == "arbiter: error: field '--tiebreaks': the tie-break 'EDE' is listed twice (a repeat breaks no tie)\n"
    assert snapshot(folder) == before
    assert arbiter("-d", folder, "standings", "--tiebreaks", "BH:MP,BH:GP").code == 0  # two scores: two tie-breaks


def test_a_trf_that_repeats_a_tiebreak_is_refused_on_its_line(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "tb.trf"
    text = shared_file("tiebreaks/fide-tec/held_swiss_9.trf").read_text()
    source.write_text(text + "212 PTS,SB,BH/M1,sb\n")
    line = len(text.splitlines()) + 1
    message = f"arbiter: error: {source}, line {line}, field '212': the tie-break 'sb' is listed twice (a repeat breaks no tie)\n"
    for command in (["import", source, tmp_path / "event"], ["trf", "standings", source]):
        result = arbiter(*command)
        assert result.code == 2 and result.err.endswith(message), result.err
        assert result.err.count("arbiter: error") == 1
    assert not (tmp_path / "event").exists()


def test_a_team_trf_that_repeats_a_tiebreak_is_refused_on_its_line(arbiter: Runner, tmp_path: Path) -> None:
    source = tmp_path / "teams.trf"
    text = shared_file("realdata/trf/trf-team-import-test.trf").read_text()
    source.write_text(text.replace("212 PTS,WIN,BH,AOB\n", "212 PTS,WIN,BH,AOB,BH\n"))
    message = f"arbiter: error: {source}, line 15, field '212': the tie-break 'BH' is listed twice (a repeat breaks no tie)\n"
    for command in (["import", source, tmp_path / "event"], ["trf", "standings", source]):
        result = arbiter(*command)
        assert result.code == 2 and result.err.endswith(message), result.err
    assert not (tmp_path / "event").exists()
