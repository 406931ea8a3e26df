"""The rating lists' index in the user's data folder (issue 27): a load replaces the previous load
of the same list whole or not at all, a refused file leaves the old index as it was, lookups by
FIDE ID and by name. ``lists load`` changes only the data folder, never an event's folder, so it
is tested here rather than in the stateful harness."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from arbiter_cli.core.errors import BadArgument, BrokenFolder
from arbiter_cli.ratings.fide_list import ListRecord, txt_lines, xml_lines
from arbiter_cli.store import rating_lists
from arbiter_cli.store.rating_lists import FIDE, load_list, loaded_lists, open_lists

CARLSEN = ListRecord(1503014, "Carlsen, Magnus", "NOR", "M", "GM", standard_rating=2833, standard_k=10,
                     rapid_rating=2823, rapid_k=20, blitz_rating=2886, blitz_k=20, birth_year=1990)
CELIK = ListRecord(34567890, "Çelik, Ayşe", "TUR", "F", standard_rating=1650, standard_k=40, flag="w")


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(rating_lists.DATA_DIR_VARIABLE, str(folder))
    return folder


def write(path: Path, lines: object) -> Path:
    path.write_text("".join(lines), encoding="utf-8")  # type: ignore[arg-type]
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_index_lives_in_the_data_folder_the_environment_names(data: Path, tmp_path: Path) -> None:
    loaded = load_list(write(tmp_path / "players_list_foa.txt", txt_lines([CARLSEN])), date="2026-05-01")
    assert loaded.path == data / "lists" / "fide.sqlite"
    assert (loaded.name, loaded.date, loaded.form, loaded.players) == (FIDE, "2026-05-01", "txt", 1)
    assert loaded.source == str((tmp_path / "players_list_foa.txt").resolve())


def test_without_the_environment_the_index_is_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    from platformdirs import user_data_dir

    monkeypatch.delenv(rating_lists.DATA_DIR_VARIABLE)
    assert rating_lists.data_dir() == Path(user_data_dir("arbiter", appauthor=False))


def test_a_player_is_found_by_fide_id_with_every_field(data: Path, tmp_path: Path) -> None:
    load_list(write(tmp_path / "list.xml", xml_lines([CARLSEN, CELIK])))
    with open_lists() as index:
        assert index.by_fide_id(1503014) == CARLSEN._replace(line=1)
        assert index.by_fide_id(1) is None


def test_a_name_is_found_by_its_start_in_either_order_accents_aside(data: Path, tmp_path: Path) -> None:
    load_list(write(tmp_path / "players_list_foa.txt", txt_lines([CARLSEN, CELIK])))
    with open_lists() as index:
        for query in ("Carlsen, Magnus", "carlsen", "CARLSEN M", "Magnus Carlsen", "magnus carl"):
            assert [found.record.fide_id for found in index.search(query)] == [1503014], query
        assert [found.record.fide_id for found in index.search("celik ayse")] == [34567890]
        assert [found.record.fide_id for found in index.search("34567890")] == [34567890]


def test_a_new_load_replaces_the_previous_load_of_the_same_list(data: Path, tmp_path: Path) -> None:
    load_list(write(tmp_path / "may.txt", txt_lines([CARLSEN, CELIK])), date="2026-05")
    load_list(write(tmp_path / "june.txt", txt_lines([CARLSEN._replace(standard_rating=2840)])), date="2026-06")
    with open_lists() as index:
        assert [(item.name, item.date, item.players) for item in index.lists] == [(FIDE, "2026-06", 1)]
        assert index.by_fide_id(1503014).standard_rating == 2840  # type: ignore[union-attr]
        assert index.by_fide_id(34567890) is None
    assert sorted(p.name for p in (data / "lists").iterdir()) == ["fide.sqlite"]  # nothing left behind


def test_a_refused_list_leaves_the_previous_index_as_it_was(data: Path, tmp_path: Path) -> None:
    load_list(write(tmp_path / "may.txt", txt_lines([CARLSEN])), date="2026-05")
    before = digest(data / "lists" / "fide.sqlite")
    bad = list(txt_lines([CELIK, CARLSEN._replace(standard_rating=2840)]))
    bad[2] = bad[2].replace("NOR", "N0R")
    with pytest.raises(BadArgument, match=r"june.txt, line 3, field 'Fed': 'N0R' is not a 3-letter federation"):
        load_list(write(tmp_path / "june.txt", bad))
    assert digest(data / "lists" / "fide.sqlite") == before
    assert sorted(p.name for p in (data / "lists").iterdir()) == ["fide.sqlite"]
    assert [item.players for item in loaded_lists()] == [1]


def test_a_fide_id_listed_twice_is_refused_naming_both_lines(data: Path, tmp_path: Path) -> None:
    with pytest.raises(BadArgument) as error:
        load_list(write(tmp_path / "list.txt", txt_lines([CARLSEN, CELIK, CARLSEN._replace(name="Carlsen, M")])))
    assert str(error.value) == f"{tmp_path / 'list.txt'}, line 4, field 'ID Number': FIDE ID 1503014 is also on line 2"
    assert not (data / "lists" / "fide.sqlite").exists()


def test_an_interrupted_load_leaves_the_previous_index(data: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    load_list(write(tmp_path / "may.txt", txt_lines([CARLSEN])))
    before = digest(data / "lists" / "fide.sqlite")

    def interrupted(done: int, total: int | None) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        load_list(write(tmp_path / "june.txt", txt_lines([CELIK])), progress=interrupted)
    assert digest(data / "lists" / "fide.sqlite") == before
    assert sorted(p.name for p in (data / "lists").iterdir()) == ["fide.sqlite"]


def test_the_zip_fide_ships_is_read_through(data: Path, tmp_path: Path) -> None:
    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("players_list_xml_foa.xml", "".join(xml_lines([CARLSEN, CELIK])))
    assert load_list(archive).players == 2


def test_a_national_list_is_kept_beside_fides_and_gives_the_national_rating(data: Path, tmp_path: Path) -> None:
    load_list(write(tmp_path / "players_list_foa.txt", txt_lines([CARLSEN, CELIK])))
    national = write(tmp_path / "dwz.csv", ["ID;Name;DWZ;FIDE\n", "1001;Carlsen, Magnus;2900;1503014\n",
                                            "1002;Doe, Jane;1480;\n"])
    load_list(national, national="GER", mapping={"id": "ID", "name": "Name", "rating": "DWZ", "fide_id": "FIDE"})
    with open_lists() as index:
        assert [item.name for item in index.lists] == [FIDE, "ger"]
        record = index.by_fide_id(1503014)
        assert record is not None
        assert (record.standard_rating, record.standard_k, record.national_id, record.national_rating) == \
            (2833, 10, "1001", 2900)
        assert [(f.list.name, f.record.national_rating) for f in index.search("doe")] == [("ger", 1480)]


def test_a_national_lists_name_is_a_file_name() -> None:
    with pytest.raises(BadArgument, match="field '--national'"):
        rating_lists.national_name("../fide")


def test_a_load_tells_the_progress_bar_the_bytes_read_of_the_whole(data: Path, tmp_path: Path) -> None:
    source = write(tmp_path / "players_list_foa.txt", txt_lines([CARLSEN, CELIK]))
    steps: list[tuple[int, int | None]] = []
    load_list(source, progress=lambda done, total: steps.append((done, total)))
    assert steps[-1] == (source.stat().st_size, source.stat().st_size)


@pytest.mark.parametrize("national_id", ["10001-1", "G001"])
def test_a_national_id_of_letters_or_dashes_is_found(data: Path, tmp_path: Path, national_id: str) -> None:
    national = write(tmp_path / "n.csv", ["id,name,rating\n", f'{national_id},"Doe, Jane",1500\n',
                                          '90017,"Roe, Ann",1400\n'])
    load_list(national, national="xyz")
    with open_lists() as index:
        assert [f.record.name for f in index.search(national_id)] == ["Doe, Jane"]
        assert [f.record.name for f in index.search(national_id.lower())] == ["Doe, Jane"]
        assert [f.record.name for f in index.search("90017")] == ["Roe, Ann"]


def test_a_national_id_listed_twice_names_the_files_own_column(data: Path, tmp_path: Path) -> None:
    national = write(tmp_path / "n.csv", ["ID;Name;DWZ;FIDE-ID\n", "1;Doe, Jane;1500;5\n", "2;Doe, Jo;1500;5\n",
                                          "2;Roe, Ann;1400;\n"])
    mapping = {"id": "ID", "name": "Name", "rating": "DWZ", "fide_id": "FIDE-ID"}
    with pytest.raises(BadArgument) as error:
        load_list(national, national="ger", mapping=mapping)
    assert str(error.value) == f"{national}, line 3, field 'FIDE-ID': FIDE ID 5 is also on line 2"
    write(national, ["ID;Name;DWZ\n", "1;Doe, Jane;1500\n", "1;Doe, Jo;1500\n"])
    with pytest.raises(BadArgument) as error:
        load_list(national, national="ger", mapping={"id": "ID", "name": "Name", "rating": "DWZ"})
    assert str(error.value) == f"{national}, line 3, field 'ID': national id 1 is also on line 2"


@pytest.mark.parametrize("under", ["", "sub"])
def test_a_data_folder_that_is_a_file_is_one_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         under: str) -> None:
    """ARBITER_DATA_DIR naming a file (or a folder under one) crashed with NotADirectoryError."""
    blocker = tmp_path / "data"
    blocker.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv(rating_lists.DATA_DIR_VARIABLE, str(blocker / under if under else blocker))
    source = write(tmp_path / "players_list_foa.txt", txt_lines([CARLSEN]))
    for act in (lambda: load_list(source), loaded_lists):
        with pytest.raises(BrokenFolder, match=rf"the data folder \(ARBITER_DATA_DIR\) is not a folder: {blocker} is "
                                               "a file"):
            act()
    assert blocker.read_text(encoding="utf-8") == "not a folder\n"


@pytest.mark.parametrize(("query", "name"), [("oster", "Øster, Åse"), ("Oster, Ase", "Øster, Åse"),
                                             ("lukasz", "Łukasz, Jan"), ("aerø", "Ærø, Per"), ("strasse", "Straße, Ida"),
                                             ("obrien", "O'Brien, Pat"), ("o'brien", "O'Brien, Pat"),
                                             ("o’brien pat", "O'Brien, Pat"), ("isik", "Işık, Ali")])
def test_a_name_is_found_with_the_letters_transliteration_folds(data: Path, tmp_path: Path, query: str,
                                                                 name: str) -> None:
    """Ø, Ł, Æ, ß, ı are not taken apart by NFKD; an apostrophe is left out, so O'Brien is 'obrien'."""
    records = [ListRecord(index, who, "NOR", "F") for index, who in enumerate(
        ["Øster, Åse", "Łukasz, Jan", "Ærø, Per", "Straße, Ida", "O'Brien, Pat", "Işık, Ali"], start=1)]
    load_list(write(tmp_path / "players_list_foa.txt", txt_lines(records)))
    with open_lists() as index:
        assert [f.record.name for f in index.search(query)] == [name]
