"""cli/app.py's quick commands (``arbiter pair``, ``arbiter -d FOLDER standings``...): run without Typer when
nothing follows their name, they do, say, write and exit as they did through Typer (issue 29)."""

from __future__ import annotations

import functools
import inspect
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arbiter_cli.cli import app
from arbiter_cli.cli.app import COMMANDS, GROUPS, QUICK, QUICK_IN_GROUPS, build
from conftest import Outcome, Runner, snapshot


@pytest.mark.parametrize("words", sorted([(name,) for name in QUICK] + list(QUICK_IN_GROUPS)), ids=" ".join)
def test_typer_calls_a_quick_command_with_its_defaults(words: tuple[str, ...], monkeypatch: pytest.MonkeyPatch) -> None:
    """What the quick way passes (the function's defaults) is what Typer passes for ``arbiter NAME``
    (``arbiter GROUP NAME``)."""
    *group, name = words
    found = [g for g in GROUPS if g.name == group[0]] if group else []
    command = next(c for c in (found[0].commands if found else COMMANDS) if c.name == name)
    module, _, function = command.function.partition(".")
    original = getattr(__import__(f"arbiter_cli.cli.{module}", fromlist=["_"]), function)
    seen: dict[str, Any] = {}

    @functools.wraps(original)
    def recorder(**kwargs: Any) -> None:
        seen.update(kwargs)

    monkeypatch.setattr(f"arbiter_cli.cli.{module}.{function}", recorder)
    if found:
        build([], [found[0]._replace(commands=(command,))])(args=list(words), prog_name="arbiter", standalone_mode=False)
    else:
        build([command], [])(args=[name], prog_name="arbiter", standalone_mode=False)
    defaults = {p.name: p.default for p in inspect.signature(original).parameters.values()}
    assert seen == defaults
    assert [type(v) for v in seen.values()] == [type(v) for v in defaults.values()]


def _stamps_out(text: str) -> str:
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "TIME", text)


def _both_ways(arbiter: Runner, monkeypatch: pytest.MonkeyPatch, folder: Path, *args: str) -> list[tuple[Any, ...]]:
    """``arbiter ARGS`` on a copy of ``folder``, the quick way and through Typer: what each did."""
    done = []
    for way in ("quick", "typer"):
        copy = folder.parent / f"{folder.name}-{way}"
        shutil.copytree(folder, copy, symlinks=True)
        with monkeypatch.context() as patch:
            if way == "typer":
                patch.setattr(app, "_quick", lambda argv: None)
            patch.chdir(copy)
            outcome: Outcome = arbiter(*(str(a).replace("FOLDER", str(copy)) for a in args))
        files = {name: digest for name, digest in snapshot(copy).items()
                 if name not in ("journal.csv", ".arbiter.digests")}
        journal = _stamps_out((copy / "journal.csv").read_text()) if (copy / "journal.csv").exists() else ""
        done.append((outcome.code, outcome.out.replace(str(copy), "FOLDER"),
                     outcome.err.replace(str(copy), "FOLDER"), files, journal.replace(str(copy), "FOLDER")))
    return done


@pytest.mark.parametrize("args", [
    ["pair"], ["-d", "FOLDER", "pair"], ["--dir", "FOLDER", "pair"], ["--dir=FOLDER", "pair"],
    ["--by", "Ana", "pair"], ["--by=Ana", "-d", "FOLDER", "pair"], ["-d", "FOLDER/nowhere", "pair"],
    ["--by", "a\tb", "pair"], ["standings"], ["-d", "FOLDER", "standings"], ["pairings"], ["crosstable"],
    ["verify"], ["log"], ["prizes"], ["team", "card"], ["-d", "FOLDER", "team", "boards"],
])
@pytest.mark.parametrize("event", ["double-rr6-ready", "swiss32-in-progress", "rr10-finished", "team-swiss20-in-progress",
                                   "groups16-in-progress", "knockout24-in-progress", "swiss-open-finished-prizes"])
def test_a_quick_command_does_what_it_did_through_typer(args: list[str], event: str, arbiter: Runner, sample,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    quick, typer = _both_ways(arbiter, monkeypatch, sample(event), *args)
    assert quick == typer


@pytest.mark.parametrize("environment", [{"ARBITER_DIR": "FOLDER"}, {"ARBITER_DIR": ""}, {"ARBITER_USER": "Ana"},
                                         {"ARBITER_DIR": "FOLDER/nowhere", "ARBITER_USER": ""}])
def test_a_quick_command_reads_the_environment_as_typer_does(environment: dict[str, str], arbiter: Runner, sample,
                                                             monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = sample("swiss32-in-progress")
    for name, value in environment.items():
        monkeypatch.setenv(name, value.replace("FOLDER", str(folder)))
    monkeypatch.chdir(tmp_path)
    quick, typer = _both_ways(arbiter, monkeypatch, folder, "standings")
    assert quick == typer


@pytest.mark.parametrize("args", [["pair", "--help"], ["pair", "-f", "json"], ["-d", "pair"], ["-d", "", "pair"],
                                  ["-d", "a", "-d", "b", "pair"], ["--by", "-x", "pair"], ["-dFOLDER", "pair"],
                                  ["--version", "pair"], ["bye"], ["pair", "pair"]])
def test_anything_more_on_the_command_line_is_typers(args: list[str]) -> None:
    assert app._quick(args) is None


@pytest.mark.parametrize("event, args, shown", [
    ("swiss32-in-progress", ["standings"], "Rank"), ("swiss-open-finished-prizes", ["prizes"], "prize"),
    ("team-swiss20-in-progress", ["team", "card"], "team card of"),
    ("team-swiss20-in-progress", ["team", "boards"], "board prizes")])
def test_a_quick_command_starts_without_typer(event: str, args: list[str], shown: str, sample) -> None:
    folder = sample(event)
    code = (f"import sys\nfrom arbiter_cli.cli.app import main\ntry:\n    main({args!r})\nexcept SystemExit:\n"
            "    pass\nsys.stderr.write(str(sorted(m for m in sys.modules if m.startswith(('typer', 'click')))))\n")
    environment = {k: v for k, v in os.environ.items() if k not in ("ARBITER_DIR", "ARBITER_USER")}
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True,
                          env={**environment, "NO_COLOR": "1"})
    assert done.stderr.endswith("[]") and shown in done.stdout, (done.stderr, done.stdout[:300])


#: What pairing an individual event never needs: another kind's settings (a group stage's, a knockout's),
#: and the tools of rarer acts (a killed writer's leftovers, new's seed).
NOT_FOR_PAIRING = ("arbiter_cli.core.group_settings", "arbiter_cli.core.knockout_settings", "shutil", "glob")


def test_pairing_an_individual_event_loads_no_other_kind_and_no_tool_of_a_rarer_act(sample) -> None:
    folder = sample("double-rr6-ready")  # as the arbiter command starts: pydantic's plugin loader stood in for
    code = ("import sys\nfrom arbiter_cli.__main__ import _no_pydantic_plugins\n_no_pydantic_plugins()\n"
            "from arbiter_cli.cli.app import main\ntry:\n    main(['pair'])\nexcept SystemExit:\n"
            f"    pass\nsys.stderr.write(str(sorted(m for m in {NOT_FOR_PAIRING!r} if m in sys.modules)))\n")
    environment = {k: v for k, v in os.environ.items() if k not in ("ARBITER_DIR", "ARBITER_USER")}
    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True,
                          env={**environment, "NO_COLOR": "1"})
    assert done.stderr.endswith("[]") and "round 5 of 10 paired" in done.stderr


#: A command run in a fresh process that says, last on stderr, whether it imported pydantic (``True``/``False``)
#: and, before it, ``exit N`` when it ended by one.
_NOTING_PYDANTIC = ("import sys\nfrom arbiter_cli.cli.app import main\ntry:\n    main(sys.argv[1:])\n"
                    "except SystemExit as e:\n    sys.stderr.write(f'exit {e.code} ')\n"
                    "sys.stderr.write(str('pydantic' in sys.modules))\n")


def _noting_pydantic(cwd: Path | None = None) -> Any:
    """``run(*args, cwd=...)``: ``arbiter ARGS`` by :data:`_NOTING_PYDANTIC` (in ``cwd``, else given)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("ARBITER_DIR", "ARBITER_USER")}

    def run(*args: str, **options: Any) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", _NOTING_PYDANTIC, *args], capture_output=True, text=True,
                              env={**environment, "NO_COLOR": "1"}, **({"cwd": cwd} | options))

    return run


@pytest.mark.parametrize("name, command", [("double-rr6-ready", ["pair"]), ("swiss32-in-progress", ["standings"]),
                                           ("swiss32-in-progress", ["result", "5", "14", "1-0"]),
                                           ("swiss32-in-progress", ["crosstable"])])
def test_a_command_reading_files_as_they_were_read_before_checks_nothing_again_and_imports_no_pydantic(
        sample, name: str, command: list[str]) -> None:
    """Issue 29: the settings and the players come back from the read cache, checked when first read;
    pydantic (some 0.2 s of a start) is imported only to check something new."""
    folder = sample(name)
    run = _noting_pydantic(folder)
    first = run("standings")
    assert first.stderr.endswith("True")  # the files read and checked, kept
    assert run("log").stderr.endswith("False")  # reads the journal, removes nothing
    done = run(*command)
    assert done.stderr.endswith("False") and "exit " not in done.stderr.replace("exit 0 ", ""), done.stderr


def test_the_command_after_pair_finds_the_settings_and_the_players_kept_though_a_round_file_was_added(sample) -> None:
    """Issue 29: the settings' and the players' readers are given nothing but their files, so their
    entries are keyed by their own bytes (``ReadCache.alone``): a new round file leaves them found."""
    folder = sample("double-rr6-ready")
    run = _noting_pydantic(folder)
    assert run("standings").stderr.endswith("True")
    paired = run("pair")
    assert "round 5 of 10 paired" in paired.stderr and paired.stderr.endswith("False")
    assert run("pairings").stderr.endswith("False")


@pytest.mark.parametrize("name", ["swiss-open-finished-prizes", "club-lyon"])
def test_verify_reads_the_prize_fund_through_the_read_cache_and_imports_no_pydantic_the_second_time(
        sample, name: str) -> None:
    """Issue 29: ``verify`` reads each ``prizes.toml`` once, through the folder's read cache (a club's
    reads fifty); the second ``verify`` checks nothing again, and says what the first said."""
    folder = sample(name)
    run = _noting_pydantic(folder)
    first, second = run("verify"), run("verify")
    assert first.stderr.endswith("True") and second.stderr.endswith("False"), (first.stderr, second.stderr)
    assert (second.stdout, second.stderr[:-5]) == (first.stdout, first.stderr[:-4])


@pytest.mark.parametrize("name, fund, commands", [
    ("knockout24-in-progress", 'places = [200, 100]\n', [["verify"], ["prizes"], ["publish", "../site"]]),
    ("team-swiss20-in-progress", 'places = [200, 100]\n[[board]]\nboard = 1\namounts = [50]\n',
     [["verify"], ["prizes"], ["team", "boards"], ["publish", "../site"]]),
    ("swiss-open-finished-prizes", None, [["prizes"]])])
def test_a_knockouts_and_a_team_events_commands_read_settings_and_prize_fund_kept_and_import_no_pydantic(
        sample, name: str, fund: str | None, commands: list[list[str]]) -> None:
    """Issue 29: a knockout's settings (a value checked by its schema, ``core/knockout_schema``) and
    every kind's ``prizes.toml`` are read through the read cache by ``verify``, ``prizes``, ``team
    boards`` and ``publish``: once read, no command imports pydantic (some 0.15 s of a start)."""
    folder = sample(name)
    if fund is not None:
        (folder / "prizes.toml").write_text(fund, encoding="utf-8")
    run = _noting_pydantic(folder)
    assert run("standings").stderr.endswith("True")
    for command in commands:
        run(*command)  # the prize fund read and kept, where it was not yet
        again = run(*command)
        assert again.stderr.endswith("False") and "exit " not in again.stderr.replace("exit 0 ", ""), (command,
                                                                                                    again.stderr)


def test_pair_after_player_import_in_a_new_folder_finds_the_players_kept_as_import_wrote_them(
        tmp_path: Path) -> None:
    """Issue 29: a change keeps what the settings' and the players' readers make of the files it wrote
    (``ReadCache.keep_written``), so the first ``pair`` of a new event checks nothing again; a
    players file edited by hand afterwards is another key, checked again, and its fault named."""
    rows = "name,rating\n" + "".join(f'"Player{n:02d}, Ann",{2400 - 10 * n}\n' for n in range(1, 25))
    (tmp_path / "entries.csv").write_text(rows)
    run = _noting_pydantic()
    made = run("new", "open", "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "1", cwd=tmp_path)
    assert made.stderr.endswith("True") and "exit " not in made.stderr.replace("exit 0 ", ""), made.stderr
    folder = tmp_path / "open"
    imported = run("player", "import", "../entries.csv", cwd=folder)
    assert imported.stderr.endswith("True") and "24" in imported.stderr, imported.stderr
    paired = run("pair", cwd=folder)
    assert "round 1 of 5 paired" in paired.stderr and paired.stderr.endswith("False"), paired.stderr
    players = folder / "players.csv"
    players.write_text(players.read_text().replace(",2390,", ",9999,", 1))
    refused = run("standings", cwd=folder)
    assert "players.csv, line 2, field 'rating'" in refused.stderr and refused.stderr.endswith("True"), refused.stderr


def test_typer_calls_publish_with_its_path_and_its_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """``arbiter publish SITE`` the quick way passes the path and the function's defaults, as Typer does."""
    command = next(c for c in COMMANDS if c.name == "publish")
    from arbiter_cli.cli import publish

    original = publish.publish
    seen: dict[str, Any] = {}

    @functools.wraps(original)
    def recorder(**kwargs: Any) -> None:
        seen.update(kwargs)

    monkeypatch.setattr("arbiter_cli.cli.publish.publish", recorder)
    build([command], [])(args=["publish", "some site"], prog_name="arbiter", standalone_mode=False)
    parameters = list(inspect.signature(original).parameters.values())
    assert seen == {parameters[0].name: Path("some site"), **{p.name: p.default for p in parameters[1:]}}
    assert [type(v) for v in seen.values()] == [type(Path()), *(type(p.default) for p in parameters[1:])]


@pytest.mark.parametrize("args", [["publish", "FOLDER.site"], ["-d", "FOLDER", "publish", "FOLDER.site"],
                                  ["--by", "Ana", "publish", "FOLDER.site"]])
@pytest.mark.parametrize("event", ["swiss32-in-progress", "team-swiss20-in-progress", "groups16-in-progress"])
def test_publish_with_its_path_alone_publishes_the_same_site_as_through_typer(
        args: list[str], event: str, arbiter: Runner, sample, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: ``arbiter publish SITE`` runs without Typer; the same words, the same site, byte for byte."""
    folder = sample(event)
    quick, typer = _both_ways(arbiter, monkeypatch, folder, *args)
    sites = []
    for way in ("quick", "typer"):
        site = folder.parent / f"{folder.name}-{way}.site"
        sites.append({p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*"))
                      if p.is_file() and not p.name.startswith(".arbiter-site")})
    timing = re.compile(r"\(\d+\.\d\d s\)")
    assert [timing.sub("(T s)", part) if isinstance(part, str) else part for part in quick] == \
        [timing.sub("(T s)", part) if isinstance(part, str) else part for part in typer]
    assert sites[0] == sites[1] and "index.html" in sites[0]


@pytest.mark.parametrize("args", [["publish"], ["publish", "-x"], ["publish", "site", "--replace"],
                                  ["publish", "--refresh", "60", "site"], ["publish", ""], ["publish", "a", "b"],
                                  ["publish", "site\0x"]])
def test_publish_with_anything_but_its_path_is_typers(args: list[str]) -> None:
    assert app._quick(args) is None
