"""FIDE's rating list and national lists read as records (issue 27): the TXT form's columns from
its header, the XML form streamed, a national CSV by its column mapping, and every bad line named
by file, line and field. The files are written here, in the real forms."""

from __future__ import annotations

import pytest

from arbiter_cli.core.errors import BadArgument
from arbiter_cli.core.model import RatingType
from arbiter_cli.ratings.fide_list import (TXT_LAYOUT, ListRecord, national_records, normalised, parse_mapping,
                                           txt_lines, txt_records, xml_lines, xml_records)

CARLSEN = ListRecord(1503014, "Carlsen, Magnus", "NOR", "M", "GM", standard_rating=2833, standard_games=9,
                     standard_k=10, rapid_rating=2823, rapid_games=14, rapid_k=20, blitz_rating=2886, blitz_games=0,
                     blitz_k=20, birth_year=1990)
HOU = ListRecord(8602980, "Hou, Yifan", "CHN", "F", "GM", "WGM", standard_rating=2633, standard_k=10,
                 birth_year=1994, flag="w")
NEWCOMER = ListRecord(34567890, "Çelik, Ayşe", "TUR", "F", flag="wi")


def lines(text: str) -> list[bytes]:
    return text.encode("utf-8").splitlines(keepends=True)


def txt(*records: ListRecord, layout: tuple[tuple[str, int, str], ...] = TXT_LAYOUT) -> list[bytes]:
    return lines("".join(txt_lines(records, layout)))


def xml(*records: ListRecord) -> list[bytes]:
    return lines("".join(xml_lines(records)))


def read_txt(data: list[bytes]) -> list[ListRecord]:
    return [record._replace(line=0) for record in txt_records(data, "players_list_foa.txt")]


def test_the_combined_txt_list_gives_every_field_of_each_player() -> None:
    assert read_txt(txt(CARLSEN, HOU, NEWCOMER)) == [CARLSEN, HOU, NEWCOMER]


def test_the_txt_columns_are_found_from_the_header_wherever_fide_put_them() -> None:
    """FIDE moved the columns over the years: a standard-only list of 2012 (``SEP12 Gms K``, a wider
    name column) reads as well as today's combined list."""
    old = (("ID Number", 15, "fide_id"), ("Name", 70, "name"), ("Fed", 4, "federation"), ("Sex", 4, "sex"),
           ("Tit", 5, "title"), ("WTit", 5, "w_title"), ("OTit", 15, "o_title"), ("SEP12", 6, "standard_rating"),
           ("Gms", 5, "standard_games"), ("K", 4, "standard_k"), ("B-day", 6, "birth_year"), ("Flag", 4, "flag"))
    standard_only = CARLSEN._replace(rapid_rating=None, rapid_games=None, rapid_k=None, blitz_rating=None,
                                     blitz_games=None, blitz_k=None)
    assert read_txt(txt(standard_only, layout=old)) == [standard_only]


def test_a_txt_record_knows_its_line() -> None:
    records = list(txt_records(txt(CARLSEN, HOU), "players_list_foa.txt"))
    assert [record.line for record in records] == [2, 3]


def test_the_xml_list_gives_every_field_of_each_player() -> None:
    records = [record._replace(line=0) for record in xml_records(xml(CARLSEN, HOU, NEWCOMER), "list.xml")]
    assert records == [CARLSEN, HOU, NEWCOMER]


def test_the_xml_list_is_read_as_a_stream_not_whole() -> None:
    """Each ``<player>`` is given before the file ends: the records come while lines are still
    being read, so a list of 1.2 million players never sits in memory at once."""
    data = xml(*(CARLSEN._replace(fide_id=n) for n in range(1, 2001)))
    read = 0

    def counted() -> object:
        nonlocal read
        for line in data:
            read += 1
            yield line

    records = xml_records(counted(), "list.xml")  # type: ignore[arg-type]
    next(records)
    assert read < len(data) / 2


def test_the_record_carries_the_rating_and_k_of_each_rate_of_play() -> None:
    assert [CARLSEN.rating(kind) for kind in RatingType] == [2833, 2823, 2886]
    assert [CARLSEN.k_factor(kind) for kind in RatingType] == [10, 20, 20]
    assert HOU.rating(RatingType.RAPID) is None


def test_a_player_from_the_list_has_the_rating_of_the_events_rate_of_play() -> None:
    assert CARLSEN.player_fields(RatingType.BLITZ) == {
        "name": "Carlsen, Magnus", "title": "GM", "rating": 2886, "fide_id": 1503014, "federation": "NOR",
        "sex": "m", "birth_date": "1990", "national_rating": None, "k_factor": 20}
    assert NEWCOMER.player_fields(RatingType.STANDARD)["rating"] == 0  # unrated in it
    assert NEWCOMER.player_fields(RatingType.STANDARD)["sex"] == "w"


def test_a_womans_title_is_the_title_when_she_has_no_fide_title() -> None:
    assert HOU.fide_title == "GM"
    assert ListRecord(1, "X, Y", title="", w_title="WIM").fide_title == "WIM"


def test_a_bad_rating_in_the_txt_list_names_the_file_line_and_column() -> None:
    data = txt(CARLSEN, HOU)
    start = "".join(txt_lines([])).index("SRtng")
    data[2] = data[2][:start] + b"26x3  " + data[2][start + 6:]
    with pytest.raises(BadArgument) as error:
        list(txt_records(data, "players_list_foa.txt"))
    assert str(error.value) == "players_list_foa.txt, line 3, field 'SRtng': '26x3' is not a rating"


def test_a_txt_file_that_is_not_fides_list_is_named_at_its_header() -> None:
    with pytest.raises(BadArgument, match=r"^list.txt, line 1: the header has no 'ID Number' column"):
        list(txt_records(lines("Name;Rating\nX;1500\n"), "list.txt"))


def test_a_bad_field_in_the_xml_list_names_its_line() -> None:
    data = xml(CARLSEN, HOU)
    bad = [i for i, line in enumerate(data) if line.startswith(b"<rating>")][1]  # Hou's
    data[bad] = b"<rating>2633x</rating>\n"
    with pytest.raises(BadArgument) as error:
        list(xml_records(data, "players_list_xml_foa.xml"))
    assert str(error.value) == f"players_list_xml_foa.xml, line {bad + 1}, field 'rating': '2633x' is not a rating"


def test_xml_that_is_not_well_formed_names_its_line() -> None:
    data = xml(CARLSEN, HOU)
    data[5] = b"<name>Carlsen, Magnus</nam>\n"
    with pytest.raises(BadArgument, match=r"^list.xml, line 6: not well-formed XML"):
        list(xml_records(data, "list.xml"))


def test_a_national_list_is_read_by_its_column_mapping() -> None:
    text = "Mitgl-Nr;Name;DWZ;FIDE-ID;Verband;Geburt\n1001;Carlsen, Magnus;2900;1503014;NOR;1990\n" \
           "1002;Doe, Jane;1480;;GER;\n"
    mapping = parse_mapping("id=Mitgl-Nr,name=Name,rating=DWZ,fide_id=FIDE-ID,federation=Verband,birth_year=Geburt")
    records = list(national_records(lines(text), "dwz.csv", mapping))
    assert records == [ListRecord(1503014, "Carlsen, Magnus", "NOR", birth_year=1990, national_id="1001",
                                  national_rating=2900, line=2),
                       ListRecord(None, "Doe, Jane", "GER", national_id="1002", national_rating=1480, line=3)]


def test_a_bad_national_rating_names_the_file_line_and_column() -> None:
    text = "ID,Name,Elo\n7,Doe, Jane,1480\n"
    with pytest.raises(BadArgument) as error:
        list(national_records(lines('ID,Name,Elo\n7,"Doe, Jane",14 80\n'), "nat.csv",
                              parse_mapping("id=ID,name=Name,rating=Elo")))
    assert str(error.value) == "nat.csv, line 2, field 'Elo': '14 80' is not a rating"
    with pytest.raises(BadArgument, match="nat.csv, line 2: expected 3 fields, found 4"):
        list(national_records(lines(text), "nat.csv", parse_mapping("id=ID,name=Name,rating=Elo")))


def test_a_national_list_without_a_mapped_column_names_it() -> None:
    with pytest.raises(BadArgument, match=r"^nat.csv, line 1: the header has no column rating=Elo"):
        list(national_records(lines("ID,Name,DWZ\n1,X,1500\n"), "nat.csv",
                              parse_mapping("id=ID,name=Name,rating=Elo")))


def test_a_mapping_needs_the_id_name_and_rating_of_a_national_list() -> None:
    with pytest.raises(BadArgument, match=r"field '--map': map rating too"):
        parse_mapping("id=ID,name=Name")
    with pytest.raises(BadArgument, match=r"'elo' is not a field of a national list"):
        parse_mapping("id=ID,name=Name,elo=Elo")


def test_a_name_is_searched_without_accents_case_or_punctuation() -> None:
    assert normalised("Çelik, Ayşe") == normalised("CELIK ayse") == "celik ayse"


def test_a_txt_list_cut_short_in_its_last_line_is_refused_naming_the_line() -> None:
    """A list cut off as it was copied (``head -c``): the last line, without its newline, ends
    before the columns every line of FIDE's list has; it is refused, not stored half-read."""
    data = b"".join(txt(CARLSEN, HOU, NEWCOMER))
    cut = data[:data.index(b"Hou, Yifan") + 40]
    with pytest.raises(BadArgument) as error:
        list(txt_records(lines(cut.decode()), "cut.txt"))
    assert str(error.value).startswith("cut.txt, line 3, field 'Name': the line is cut short in its column 'Name'")


def test_a_txt_list_cut_in_the_ratings_of_its_last_line_is_refused() -> None:
    data = b"".join(txt(CARLSEN, HOU))
    cut = data[:data.index(b"2633") + 2]  # Hou's line ends in her standard rating: "26"
    with pytest.raises(BadArgument, match=r"^cut.txt, line 3, field 'SRtng': the line is cut short"):
        list(txt_records(lines(cut.decode()), "cut.txt"))


def test_a_last_line_with_its_newline_and_no_flag_is_whole() -> None:
    assert read_txt(txt(HOU, CARLSEN)) == [HOU, CARLSEN]  # Carlsen's line ends at his birth year


def test_a_line_of_fides_list_without_its_sex_is_refused() -> None:
    data = txt(CARLSEN, HOU)
    start = "".join(txt_lines([])).index("Sex")
    data[2] = data[2][:start] + b" " + data[2][start + 1:]
    with pytest.raises(BadArgument, match=r"^list.txt, line 3, field 'Sex': the Sex is empty"):
        list(txt_records(data, "list.txt"))


@pytest.mark.parametrize(("column", "code"), [("Tit", "XYZ"), ("WTit", "XYZ"), ("WTit", "GM"), ("FOA", "GM")])
def test_a_title_not_of_its_columns_codes_is_refused(column: str, code: str) -> None:
    """B.01: the FIDE titles (Tit), the women's titles (WTit), FIDE Online Arena's (FOA)."""
    data = txt(CARLSEN, HOU)
    start = "".join(txt_lines([])).index(f"{column} ")
    data[2] = data[2][:start] + code.ljust(4).encode() + data[2][start + 4:]
    with pytest.raises(BadArgument, match=rf"^list.txt, line 3, field '{column}': '{code}' is not a title"):
        list(txt_records(data, "list.txt"))


def test_a_player_of_the_xml_list_without_a_federation_is_refused() -> None:
    data = [line for line in xml(CARLSEN, HOU) if not line.startswith(b"<country>CHN")]
    with pytest.raises(BadArgument, match=r"player 2 of the list: the country is empty"):
        list(xml_records(data, "list.xml"))


def test_a_national_list_without_a_mapping_needs_only_the_id_name_and_rating_columns() -> None:
    records = list(national_records(lines('id,name,rating\n90017,"Doe, Jane",1500\n'), "n.csv", parse_mapping(None)))
    assert records == [ListRecord(None, "Doe, Jane", national_id="90017", national_rating=1500, line=2)]
    with pytest.raises(BadArgument, match=r"^n.csv, line 1: the header has no column 'rating' \(its columns: id, "):
        list(national_records(lines('id,name\n1,"Doe, Jane"\n'), "n.csv", parse_mapping(None)))


def test_a_national_list_reads_an_unmapped_optional_column_of_its_own_name() -> None:
    text = 'ID,Name,Elo,fide_id,sex\n7,"Doe, Jane",1480,12345,F\n'
    records = list(national_records(lines(text), "n.csv", parse_mapping("id=ID,name=Name,rating=Elo")))
    assert [(r.fide_id, r.sex, r.national_id) for r in records] == [(12345, "F", "7")]


def test_a_national_list_mapped_without_a_fide_id_has_none() -> None:
    """The crash ``ListRecord.__new__() missing 'fide_id'``: a national list need not give FIDE IDs."""
    records = list(national_records(lines('id,name,rating\nG001,"Doe, Jane",1500\n'), "n.csv",
                                    parse_mapping("id=id,name=name,rating=rating")))
    assert [(r.fide_id, r.national_id) for r in records] == [(None, "G001")]


def test_a_national_list_may_leave_out_the_sex_and_federation_fides_list_must_give() -> None:
    text = 'id,name,rating,sex,federation\n1,"Doe, Jane",1500,,\n'
    assert [r.sex for r in national_records(lines(text), "n.csv", parse_mapping(None))] == [""]
