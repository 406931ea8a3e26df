"""The JSON reference (docs/reference/json.md) is true: every record that ``--format json`` prints
matches its model in :mod:`arbiter_cli.render.schemas`, strictly (a key missing or a key more fails,
and so does ``2.0`` where the model says an integer), and every command that offers
``--format json`` has its model.

Each case copies a sample event (or makes an event), brings it where the records it needs exist (a
bye, a match forfeit, an accelerated round, a knockout final), and runs the commands the schemas
name with ``-f json``; a sweep then runs every read-only command on every sample."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, get_args

import pytest
import typer
from pydantic import BaseModel, TypeAdapter, ValidationError

from arbiter_cli.cli.app import build
from arbiter_cli.core.knockout_settings import StageKind
from arbiter_cli.core.model import Player
from arbiter_cli.core.outcome import Outcome
from arbiter_cli.core.results import ByeKind, GameResult
from arbiter_cli.core.team import TeamOutcome
from arbiter_cli.core.venue import Role
from arbiter_cli.lifecycle.listed_players import UPDATED_FIELDS
from arbiter_cli.lifecycle.settings import When
from arbiter_cli.ratings.fide import K_2400, K_DEFAULT, K_GIVEN, K_JUNIOR
from arbiter_cli.ratings.fide_list import ListRecord, txt_lines
from arbiter_cli.ratings.ledger import TIME_CONTROLS
from arbiter_cli.render import schemas
from arbiter_cli.render.schemas import SCHEMAS, Schema
from arbiter_cli.store.rating_lists import DATA_DIR_VARIABLE
from tests.conftest import ROOT, Runner

BY_NAME = {schema.name: schema for schema in SCHEMAS}
#: The outputs that are one object, not a list of records.
ONE_OBJECT = {"Bracket", "Sign-in code"}

Step = Callable[[Runner, Path], None]


@dataclass(frozen=True)
class Run:
    """A command run with ``-f json`` in the case's folder (``at``: a folder inside it), whose
    output must match the schema ``schema``; ``keys``: keys that some record must have (the ones
    only some events print), ``code``: its exit code."""

    schema: str
    argv: tuple[str, ...]
    keys: frozenset[str] = frozenset()
    at: str = ""
    code: int = 0


def run(schema: str, *argv: str, keys: Sequence[str] = (), at: str = "", code: int = 0) -> Run:
    return Run(schema, argv, frozenset(keys), at, code)


@dataclass(frozen=True)
class Case:
    """A sample event copied (None: the first step makes the folder), then steps and runs in order."""

    name: str
    sample: str | None
    steps: tuple[Run | Step, ...] = field(default_factory=tuple)


# -- the steps ----------------------------------------------------------------------------------------


def ok(arbiter: Runner, *args: object, stdin: str | None = None) -> str:
    done = arbiter(*args, stdin=stdin)
    assert done.code == 0, f"arbiter {' '.join(map(str, args))}: {done.err}"
    return done.out


def command(*args: str, stdin: str | None = None) -> Step:
    """A step: ``arbiter -d FOLDER ARGS``."""
    def step(arbiter: Runner, folder: Path) -> None:
        ok(arbiter, "-d", folder, *args, stdin=stdin)
    return step


def write(name: str, text: str) -> Step:
    """A step: a file of the folder written (by hand)."""
    def step(arbiter: Runner, folder: Path) -> None:
        (folder / name).write_text(text, encoding="utf-8")
    return step


def results(rnd: int, *group: str) -> Step:
    """A step: every board of round ``rnd`` without a result gets 1-0, until the round is complete
    (a knockout's tied matches get their tie-break games, which get theirs in turn)."""
    def step(arbiter: Runner, folder: Path) -> None:
        for _ in range(6):
            lines = [line for line in json.loads(ok(arbiter, "-d", folder, "pairings", rnd, *group, "-f", "json"))
                     if line["result"] is None and _board(line) is not None]
            if not lines:
                return
            text = "".join(f"{_board(line)} 1-0\n" for line in lines)
            ok(arbiter, "-d", folder, "result", rnd, "--from", "-", *group, stdin=text)
        raise AssertionError(f"round {rnd} still has games without a result")
    return step


def _board(line: dict[str, Any]) -> str | None:
    """A pairing line's board as 'result' takes it; None for a line with no game to play."""
    if "match" in line:  # a team event: MATCH.BOARD
        full = line["board"] is not None and line["first"] is not None and line["second"] is not None
        return f"{line['match']}.{line['board']}" if full else None
    if isinstance(line["board"], str):  # a knockout: MATCH.GAME
        return line["board"] if "." in line["board"] else None
    return None if line["board"] is None else str(line["board"])


NAMES = [f"Player {chr(65 + i)}, {i + 1:02d}" for i in range(16)]


def event(*options: str, players: int = 16) -> Step:
    """A step: a new event in the case's folder, with ``players`` rated players."""
    def step(arbiter: Runner, folder: Path) -> None:
        ok(arbiter, "new", folder, "--name", "Schema Cup", "--seed", "5", *options)
        lines = ["name,rating"] + [f"\"{name}\",{2400 - 25 * i}" for i, name in enumerate(NAMES[:players])]
        ok(arbiter, "-d", folder, "player", "import", "-", stdin="\n".join(lines) + "\n")
    return step


def every_group(arbiter: Runner, folder: Path) -> None:
    for group in "ABCD":
        for rnd in (1, 2, 3):
            results(rnd, "--group", group)(arbiter, folder)


LIST = (ListRecord(1503014, "Carlsen, Magnus", "NOR", "M", "GM", standard_rating=2833, standard_k=10,
                   rapid_rating=2823, rapid_k=20, blitz_rating=2886, blitz_k=20, birth_year=1990),
        ListRecord(8602980, "Hou, Yifan", "CHN", "F", "GM", "WGM", standard_rating=2633, standard_k=10,
                   rapid_rating=2590, rapid_k=20, birth_year=1994, flag="w"),
        ListRecord(24116068, "Giri, Anish", "NED", "M", "GM", standard_rating=2745, standard_k=10, birth_year=1994))


def rating_list(arbiter: Runner, folder: Path) -> None:
    """FIDE's list of three players loaded (the test's own data folder), and an event whose players
    were registered with older ratings, titles and federations."""
    source = folder.parent / "players_list_foa.txt"
    source.write_text("".join(txt_lines(LIST)), encoding="utf-8")
    ok(arbiter, "lists", "load", source, "--date", "2026-05")
    ok(arbiter, "new", folder, "--name", "Open", "--system", "swiss", "--rounds", "5", "--seed", "1")
    for name, rating, extra in (("Carlsen, Magnus", 2830, ["--fide-id", "1503014", "--federation", "ENG"]),
                                ("Giri, Anish", 2860, ["--fide-id", "24116068", "--title", "IM"]),
                                ("Doe, John", 1500, [])):
        ok(arbiter, "-d", folder, "player", "add", name, "--rating", rating, *extra)


def export(name: str) -> Step:
    """A step: the folder exported as a TRF beside it."""
    def step(arbiter: Runner, folder: Path) -> None:
        ok(arbiter, "-d", folder, "export", "-o", folder.parent / name)
    return step


def hand_edit(arbiter: Runner, folder: Path) -> None:
    """A player's rating changed in players.csv by hand."""
    players = folder / "players.csv"
    players.write_text(players.read_text(encoding="utf-8").replace(",2", ",1", 1), encoding="utf-8")


# -- the cases ----------------------------------------------------------------------------------------

CASES = (
    Case("swiss32-in-progress", "swiss32-in-progress", (
        run("Pairings", "pairings"),
        run("Standings", "standings"),
        run("Standings", "standings", "--rating-change", keys=["rating_change"]),
        run("Crosstable", "crosstable"),
        run("Rating report", "rating-report"),
        run("Rating report of one player", "rating-report", "--player", "1"),
        run("Players", "player", "list"),
        run("Virtual points", "acceleration"),
        run("Settings", "settings"),
        run("Journal", "log"),
        export("swiss32.trf"),
        run("Standings", "trf", "standings", "{tmp}/swiss32.trf"),
    )),
    Case("a Swiss paired and changed by hand, with requests", "swiss32-in-progress", (
        results(5),
        run("Pairings", "pair"),
        run("Pairings", "pairing", "swap", "6", "1", "2"),
        run("Pairings", "pairing", "set", "6", "1", "3", "4", "--force", "--reason", "schema test"),
        command("bye", "3", "--round", "7", "--half"),
        run("Requested byes", "bye", "list"),
        command("avoid", "5", "6", "--rounds", "7-7"),
        run("Forbidden pairs", "avoid", "list"),
        command("player", "add", "Late, Lou", "--rating", "1500", "--k", "20", "--national-rating", "1600"),
        run("Players", "player", "list", keys=["entered_round", "national_rating", "k_factor"]),
        run("Sign-in code", "access", "add", "Doe, Jane", "--role", "arbiter"),
        run("Access list", "access", "list"),
        command("result", "5", "2", "none", "--correct"),
        hand_edit,
        run("Problems", "verify"),
    )),
    Case("swiss-open-finished-prizes", "swiss-open-finished-prizes", (
        run("Pairings", "pairings", "5"),
        run("Standings", "standings"),
        run("Crosstable", "crosstable"),
        run("Prizes", "prizes"),
        run("Rating report of one player", "rating-report", "--player", "2"),
        write("prizes.toml", "places = [100, 200]\n"),
        run("Problems", "verify", code=3),
    )),
    Case("rr10-finished", "rr10-finished", (
        run("Pairings", "pairings", "1"),
        run("Standings", "standings"),
        run("Crosstable", "crosstable"),
        run("Rating report", "rating-report"),
    )),
    Case("double-rr6-ready", "double-rr6-ready", (
        run("Pairings", "pair"),
        run("Crosstable", "crosstable"),
        run("Standings", "standings"),
    )),
    Case("an accelerated Swiss", None, (
        event("--system", "swiss", "--rounds", "5", "--acceleration", "baku", players=12),
        command("avoid", "1", "2"),
        command("settings", "set", "avoid_same_club_rounds", "2"),
        run("Forbidden pairs", "avoid", "list", keys=["rule"]),
        run("Pairings", "pair", keys=["white_virtual", "black_virtual"]),
        run("Virtual points", "acceleration", keys=["round_1"]),
        run("Virtual points", "acceleration", "show", keys=["round_1"]),
        run("Standings", "standings", keys=["virtual_points"]),
    )),
    Case("groups16-in-progress", "groups16-in-progress", (
        run("Group-stage standings", "standings"),
        run("Groups", "groups", "show"),
        run("Pairings", "pairings", "1", "--group", "A"),
        run("Standings", "standings", "--group", "A"),
        run("Crosstable", "crosstable", "--group", "A"),
        results(3, "--group", "D"),
        run("Qualifiers", "pair"),
        run("Group-stage standings", "standings"),
        run("Pairings", "pairings", "1", "--group", "final"),
    )),
    Case("a group event with a knockout final", None, (
        event("--system", "groups", "--groups", "4", "--advance", "2", "--final", "knockout", "--games-per-match",
              "2", "--tiebreak-stages", "rapid:2,armageddon"),
        run("Groups", "pair"),
        every_group,
        run("Qualifiers", "pair"),
        run("Group-stage standings", "standings"),
        run("Bracket", "bracket", "--group", "final"),
        run("Knockout pairings", "pairings", "1", "--group", "final"),
    )),
    Case("knockout24-in-progress", "knockout24-in-progress", (
        run("Knockout pairings", "pairings", "1"),
        run("Knockout pairings", "pairings", "2"),
        run("Knockout standings", "standings"),
        run("Bracket", "bracket"),
        write("prizes.toml", "places = [300, 200, 100, 100]\n"),
        run("Prizes", "prizes"),
        results(2),
        run("Knockout pairings", "pair"),
        run("Settings", "settings"),
    )),
    Case("team-league-in-progress", "team-league-in-progress", (
        run("Team pairings", "pairings"),
        run("Team standings", "standings"),
        run("Team crosstable", "crosstable"),
        run("Teams", "team", "list"),
        run("Roster", "team", "roster", "1"),
        run("Team cards", "team", "card"),
        run("Team cards", "team", "card", "1"),
        run("Board statistics", "team", "boards"),
        run("Settings", "settings"),
        export("league.trf"),
        run("Team standings", "trf", "standings", "{tmp}/league.trf"),
        write("prizes.toml", "places = [400, 200]\n\n[[board]]\nboard = 1\namounts = [50]\n"),
        run("Team prizes", "prizes"),
        command("result", "4", "2", "+/-"),
        run("Team cards", "team", "card"),
        command("team", "roster", "1", "add", "Newman, Ned/2000//FRA/1900"),
        run("Roster", "team", "roster", "1", keys=["national_rating"]),
        results(4),
        run("Team pairings", "pair"),
    )),
    Case("team-swiss20-in-progress", "team-swiss20-in-progress", (
        run("Team pairings", "pairings", "1"),
        run("Team standings", "standings"),
        run("Team crosstable", "crosstable"),
        run("Teams", "team", "list"),
        run("Team cards", "team", "card", "2"),
        run("Board statistics", "team", "boards"),
    )),
    Case("club-lyon", "club-lyon", (
        run("Club members", "member", "list"),
        run("Club ratings", "ratings", keys=["standard", "rapid_games", "blitz"]),
        run("Club ratings", "ratings", "--time-control", "rapid"),
        run("Club rating changes", "ratings", "changes", "2026-spring-rapid"),
        run("Club rating history", "ratings", "history", "1"),
        run("Journal", "log"),
        run("Players", "player", "list", keys=["member_id"], at="tournaments/2026-spring-rapid"),
    )),
    Case("the rating lists", None, (
        rating_list,
        run("Rating lists loaded", "lists", "show"),
        run("Players found in the rating lists", "lists", "find", "hou"),
        run("Rating updates", "player", "update-ratings"),
    )),
)


# -- validation ----------------------------------------------------------------------------------------


def validated(schema: Schema, text: str) -> list[dict[str, Any]]:
    """The records of ``text`` (a command's stdout), each validated against ``schema``'s model in
    JSON mode, strictly; the records as JSON gives them."""
    if schema.name in ONE_OBJECT:
        schema.model.model_validate_json(text)
        return [json.loads(text)]
    TypeAdapter(list[schema.model]).validate_json(text)
    records = json.loads(text)
    assert isinstance(records, list)
    return records


def keys_of(records: Sequence[Any]) -> Iterator[str]:
    """Every key of the records, and of the objects and lists of objects in them."""
    for record in records:
        if isinstance(record, dict):
            yield from record
            for value in record.values():
                yield from keys_of(value if isinstance(value, list) else [value])


@pytest.fixture
def data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The case's own user data folder (the rating lists): nothing loaded by one case is seen by another."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    return folder


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_every_json_record_of_the_commands_matches_its_documented_model(
        case: Case, arbiter: Runner, tmp_path: Path, data_folder: Path) -> None:
    folder = tmp_path / "event"
    if case.sample is not None:
        shutil.copytree(ROOT / "sample_events" / case.sample, folder)
    for step in case.steps:
        if not isinstance(step, Run):
            step(arbiter, folder)
            continue
        schema = BY_NAME[step.schema]
        argv = [arg.format(tmp=tmp_path) for arg in step.argv]
        done = arbiter("-d", folder / step.at, *argv, "-f", "json")
        assert done.code == step.code, f"arbiter {' '.join(argv)}: {done.err}"
        try:
            records = validated(schema, done.out)
        except ValidationError as error:
            pytest.fail(f"arbiter {' '.join(argv)} -f json does not match {schema.name} ({schema.model.__name__}):\n"
                        f"{error}", pytrace=False)
        assert records, f"arbiter {' '.join(argv)} printed no record to check"
        missing = step.keys - set(keys_of(records))
        assert not missing, f"arbiter {' '.join(argv)}: no record has {sorted(missing)}"


def test_every_schema_is_checked_on_some_command_it_names() -> None:
    """Each model is validated against real output, by each command it names (a case runs it)."""
    ran = [(step.schema, *_path_and_options(step.argv)) for case in CASES for step in case.steps
           if isinstance(step, Run)]
    for schema in SCHEMAS:
        for line in schema.commands:
            path, options = _path_and_options(tuple(line.split()))
            assert any(name == schema.name and path == where and set(options) <= set(given)
                       for name, where, given in ran), f"{schema.name}: no case runs {line!r}"
    for name, path, _ in ran:
        assert path in {_path_and_options(tuple(c.split()))[0] for c in BY_NAME[name].commands}, \
            f"a case runs arbiter {' '.join(path)}, which {name} does not name"


#: The commands a sweep runs, with no argument, on every sample: they only read the folder.
READ_ONLY = ("pairings", "standings", "crosstable", "rating-report", "bracket", "groups show", "player list",
             "bye list", "avoid list", "acceleration", "prizes", "team list", "team card", "team boards", "settings",
             "log", "verify", "member list", "ratings", "access list")
SAMPLES = sorted(path.name for path in (ROOT / "sample_events").iterdir() if path.is_dir())


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("samples") / "sample_events"
    shutil.copytree(ROOT / "sample_events", copy)
    return copy


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_read_only_commands_print_records_of_their_documented_models_on_every_sample(
        sample: str, samples: Path, arbiter: Runner) -> None:
    """Whatever a command prints on any kind of event matches one of the models that name it
    (the one of the event's kind), and the folder's kind never prints an undocumented shape."""
    shown = 0
    for name in READ_ONLY:
        done = arbiter("-d", samples / sample, *name.split(), "-f", "json")
        if done.code != 0:
            assert done.code in (2, 4), f"{sample}: arbiter {name}: {done.err}"  # not for this kind of event
            continue
        candidates = [schema for schema in SCHEMAS if name in schema.commands]
        assert candidates, name
        errors = []
        for schema in candidates:
            try:
                validated(schema, done.out)
                break
            except ValidationError as error:
                errors.append(f"{schema.name}: {error}")
        else:
            pytest.fail(f"{sample}: arbiter {name} -f json matches none of its models:\n" + "\n".join(errors),
                        pytrace=False)
        shown += 1
    assert shown >= 3  # every sample has a journal, settings or members, and is verified


FINAL_FILES = sorted((ROOT / "sample_events").rglob("final/*.json"))


@pytest.mark.parametrize("path", FINAL_FILES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_the_final_json_files_of_a_finalised_event_hold_the_records_of_their_commands(path: Path) -> None:
    """final/standings.json and final/prizes.json hold what 'standings -f json' and 'prizes -f json' print."""
    command = {"standings.json": "standings", "prizes.json": "prizes"}[path.name]
    text = path.read_text(encoding="utf-8")
    assert any(_validates(schema, text) for schema in SCHEMAS if command in schema.commands), path
    assert json.loads(text)


def _validates(schema: Schema, text: str) -> bool:
    try:
        validated(schema, text)
    except ValidationError:
        return False
    return True


# -- coverage of the command line -----------------------------------------------------------------------


def _commands() -> dict[tuple[str, ...], set[str]]:
    """Every command of the app (its path of names) with its options."""
    found: dict[tuple[str, ...], set[str]] = {}

    def walk(command: Any, path: tuple[str, ...]) -> None:
        found[path] = {name for param in command.params for name in getattr(param, "opts", ())}
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(typer.main.get_command(build()), ())
    return found


COMMANDS = _commands()


def _path_and_options(argv: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A command line's command (the longest run of names that is one) and its options (the words
    with a dash): ``('rating-report', '--player', '1')`` -> ``(('rating-report',), ('--player',))``."""
    path = max((argv[:n] for n in range(len(argv) + 1) if argv[:n] in COMMANDS), key=len)
    return path, tuple(word for word in argv[len(path):] if word.startswith("-") and word != "-")


def test_every_command_that_offers_format_json_has_a_documented_model() -> None:
    offering = {path for path, options in COMMANDS.items() if "--format" in options}
    documented = {_path_and_options(tuple(c.split()))[0] for schema in SCHEMAS for c in schema.commands}
    assert len(offering) >= 30
    assert sorted(" ".join(path) for path in offering - documented) == []


def test_every_command_and_option_a_schema_names_exists_and_offers_format_json() -> None:
    for schema in SCHEMAS:
        for line in schema.commands:
            path, options = _path_and_options(tuple(line.split()))
            assert path, f"{schema.name}: {line!r} names no command"
            assert "--format" in COMMANDS[path], f"{schema.name}: arbiter {' '.join(path)} has no --format"
            assert set(options) <= COMMANDS[path], f"{schema.name}: {line!r} names an option it does not have"


# -- the models themselves --------------------------------------------------------------------------------


def _models() -> list[type[BaseModel]]:
    """Every model of the reference, the nested ones too."""
    seen: list[type[BaseModel]] = []

    def visit(model: type[BaseModel]) -> None:
        if model in seen:
            return
        seen.append(model)
        for info in model.model_fields.values():
            for inner in _types(info.annotation):
                if isinstance(inner, type) and issubclass(inner, BaseModel):
                    visit(inner)

    for schema in SCHEMAS:
        visit(schema.model)
    return seen


def _types(annotation: Any) -> Iterator[Any]:
    yield annotation
    for arg in get_args(annotation):
        yield from _types(arg)


def test_every_model_documents_itself_and_each_key_and_forbids_any_other_key() -> None:
    for model in _models():
        assert model.__doc__ and model.__doc__.strip(), model.__name__
        for name, info in model.model_fields.items():
            assert info.description, f"{model.__name__}.{name} has no description"
        extra = model.model_config.get("extra")
        assert extra == "forbid" or model is schemas.VirtualPoints, model.__name__  # its round_N keys: checked
        assert model.model_config.get("strict") is True, model.__name__
        model.model_json_schema()  # the docs show it


def test_the_names_of_the_schemas_are_unique_and_each_names_a_command() -> None:
    assert len(BY_NAME) == len(SCHEMAS)
    assert all(schema.commands and schema.note for schema in SCHEMAS)
    assert set(schemas.__all__) >= {"SCHEMAS", "Schema"} | {schema.model.__name__ for schema in SCHEMAS}


def test_virtual_points_take_round_keys_and_no_other() -> None:
    model = schemas.VirtualPoints
    model.model_validate_json('{"start_number": 1, "name": "A", "round_1": 1, "round_12": 0.5}')
    for bad in ('{"start_number": 1, "name": "A", "round_0": 1}', '{"start_number": 1, "name": "A", "points": 1}',
                '{"start_number": 1, "name": "A", "round_1": null}'):
        with pytest.raises(ValidationError):
            model.model_validate_json(bad)


def test_a_key_missing_a_key_more_or_a_float_for_an_integer_fails_validation() -> None:
    """What 'strict' means for a script: the model is the exact shape."""
    good = {"rank": 1, "start_number": 3, "name": "Roux, Anna", "rating": 2050, "points": 2.5, "played": 3, "wins": 2,
            "draws": 1, "losses": 0, "forfeit_wins": 0, "forfeit_losses": 0, "byes": 0,
            "tiebreaks": {"DE": None, "SB": 1.25}}
    schemas.Standing.model_validate_json(json.dumps(good))
    for bad in ({k: v for k, v in good.items() if k != "byes"}, {**good, "colour": "w"}, {**good, "played": 3.0},
                {**good, "name": None}, {**good, "rating_change": 1, "virtual_points": None}):
        with pytest.raises(ValidationError):
            schemas.Standing.model_validate_json(json.dumps(bad))


def test_the_value_sets_of_the_models_are_the_programs() -> None:
    """Each set of codes the reference lists is the one the program has (an added code fails here)."""
    assert set(get_args(schemas.GameResultCode)) == {r.value for r in GameResult}
    assert set(get_args(schemas.ByeCode)) == {b.value for b in ByeKind}
    assert set(get_args(schemas.CellResult)) == {o.symbol for o in Outcome}
    assert set(get_args(schemas.TeamOutcomeCode)) == {o.value for o in TeamOutcome}
    assert set(get_args(schemas.SettingChanges)) == {w.value for w in When}
    assert set(get_args(schemas.KSource)) == {K_GIVEN, K_2400, K_JUNIOR, K_DEFAULT}
    assert get_args(schemas.TimeControl) == TIME_CONTROLS
    assert set(get_args(schemas.AccessRole)) == {r.value for r in Role}
    assert get_args(schemas.StageKind) == get_args(StageKind)
    assert get_args(schemas.RatingUpdate.model_fields["field"].annotation) == UPDATED_FIELDS
    for key in ("sex", "status"):
        assert schemas.PlayerRow.model_fields[key].annotation == Player.model_fields[key].annotation
