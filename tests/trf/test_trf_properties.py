"""Random damaged TRF files: the reader reads them or refuses them with a clear message, never a traceback.

Damage is applied to real files (the TRF-2026 import fixture, JaVaFo's Gros 2010 sample after round 4,
a corpus tournament): characters replaced, lines cut short, deleted, doubled or swapped.
Whatever the reader accepts must also export and import again to the same folder.
"""

from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings, strategies as st

from arbiter_cli.cli.app import main
from arbiter_cli.store.tournament import TournamentFolder
from arbiter_cli.lifecycle.standings import points_and_ranks
from arbiter_cli.trf.exporter import export_trf
from arbiter_cli.trf.importer import import_trf
from arbiter_cli.trf.reader import decode_trf, parse_trf

from arbiter_cli.core.errors import DomainError
from conftest import shared_file

BASES = ("realdata/trf/trf-import-test.trf", "realdata/trf/gros-2010-after-r4.trf",
         "corpus/dutch-2026/tournaments/n0010_R05_s0404452909.trf")


@functools.cache
def _base(index: int) -> list[str]:
    text = decode_trf(shared_file(BASES[index]).read_bytes())[0]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


_CHARS = st.sampled_from(list("0123456789 wb=+-10WDLHFUZXx.,/\t\x00é"))


@st.composite
def damaged(draw: st.DrawFn) -> str:
    lines = list(_base(draw(st.integers(0, len(BASES) - 1))))
    for _ in range(draw(st.integers(1, 4))):
        index = draw(st.integers(0, len(lines) - 1))
        line = lines[index]
        action = draw(st.sampled_from(["char", "cut", "delete", "double", "swap", "blank-block"]))
        if action == "char" and line:
            at = draw(st.integers(0, len(line) - 1))
            lines[index] = line[:at] + draw(_CHARS) + line[at + 1:]
        elif action == "cut":
            lines[index] = line[:draw(st.integers(0, max(len(line), 1)))]
        elif action == "delete":
            del lines[index]
            if not lines:
                lines = [""]
        elif action == "double":
            lines.insert(index, line)
        elif action == "swap":
            other = draw(st.integers(0, len(lines) - 1))
            lines[index], lines[other] = lines[other], lines[index]
        elif action == "blank-block" and len(line) > 95:
            at = 91 + 10 * draw(st.integers(0, (len(line) - 92) // 10))
            lines[index] = line[:at] + " " * 8 + line[at + 8:]
    return draw(st.sampled_from(["\n", "\r", "\r\n"])).join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_files_are_read_or_refused_clearly(text: str) -> None:
    try:
        imported = import_trf(parse_trf(text))
    except DomainError as error:  # a bad file (TrfError), or one that cannot be imported yet (a team event)
        message = str(error)
        assert message and "\n" not in message and "Traceback" not in message
        assert error.line is not None or error.field is not None or "rounds" in message or "player" in message
        return
    folder = TournamentFolder("unused")
    again = import_trf(parse_trf(export_trf(imported.tournament, standing=points_and_ranks(imported.tournament)).text))
    assert folder.files_of(again.tournament) == folder.files_of(imported.tournament)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(text=damaged())
def test_damaged_files_through_the_command_line(tmp_path_factory, capsys, text: str) -> None:
    """The command prints one line, never an internal error, and leaves no folder behind when it refuses."""
    work = tmp_path_factory.mktemp("damaged")
    source = work / "in.trf"
    source.write_text(text, encoding="utf-8", newline="")
    capsys.readouterr()
    try:
        main(["import", str(source), str(work / "event")])
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    err = capsys.readouterr().err
    assert code in (0, 2, 4), err
    assert "internal error" not in err and "Traceback" not in err
    if code:
        assert err.startswith("arbiter: error: ") and err.count("\n") == 1
        assert not (work / "event").exists() and [p.name for p in work.iterdir()] == ["in.trf"]
