"""Issue 30, knockouts and group stages: what a new user tripped over, each pinned as an arbiter meets
it, on the command line and on the published site.

Knockouts: a whole match forfeited at once; a match won by forfeit says so in the bracket; a withdrawal's
forfeit reads the same in the CLI and on the site; the site's knockout standings share places as the CLI
(3-4, 5-8); the bracket page links to the current round (a phone stacks the rounds, round 1 first); the
prize notes say the order is by round reached, then rating; under ``lower-rating`` an unrated player counts
as the lowest-rated, and every place that shows the rule says so.

Group stages: the index names the winner of the final; a withdrawn player is named, with who went on in
their place; ``bracket`` without ``--group`` shows the one bracket there is, a knockout final's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from arbiter_cli.events.registry import site_pages
from conftest import Runner, snapshot
from publishing.test_publish import Page

from .test_group_knockout_final_cli import cup_with_its_final

CUP = "knockout24-in-progress"
GROUPS = "groups16-in-progress"


def _games(folder: Path, rnd: int) -> list[list[str]]:
    """A knockout round's file as rows: match, game, stage, first, second, result."""
    lines = (folder / "rounds" / f"{rnd:02d}.csv").read_text().splitlines()[1:]
    return [line.split(",") for line in lines]


def _bracket(arbiter: Runner, folder: Path, *extra: str) -> list[dict]:
    done = arbiter("-d", folder, "bracket", "-f", "json", *extra)
    assert done.code == 0, done.err
    data = json.loads(done.out)
    return [m for rnd in data["rounds"] for m in rnd["matches"] if rnd["round"] == 2]


def _text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


# -- knockouts --------------------------------------------------------------------------------------


def test_knockout_whole_match_forfeit_records_every_game(arbiter: Runner, sample) -> None:
    """``result 2 6 +/-``: the match's first player (the bracket's upper slot, named first) wins every
    game of the match by forfeit, each seen from that game's White; no tie-break game follows, the
    journal has each game, and ``-/+`` (here in a ``--from`` input) sends the second through."""
    folder = sample(CUP)
    done = arbiter("-d", folder, "result", "2", "6", "+/-")
    assert done.code == 0, done.err
    assert done.err.splitlines() == ["round 2 game 6.1 result: none -> -/+", "round 2 game 6.2 result: none -> +/-",
                                     "match 6: 7 (Celik, Aylin) goes through"]
    rows = {(r[0], r[1]): r for r in _games(folder, 2) if r[0] == "6"}
    assert rows[("6", "1")][3:] == ["23", "7", "-/+"] and rows[("6", "2")][3:] == ["7", "23", "+/-"]
    assert len(rows) == 3  # the match's line and its two games: nothing added
    journal = (folder / "journal.csv").read_text()
    assert "round 2 game 6.1 result" in journal and "round 2 game 6.2 result" in journal
    done = arbiter("-d", folder, "result", "2", "--from", "-", stdin="7 -/+\n8.1 1-0\n")
    assert done.code == 0, done.err
    match = next(m for m in _bracket(arbiter, folder) if m["match"] == 7)
    assert match["winner"] == 14 and [g["result"] for g in match["games"]] == ["-/+", "+/-"]
    again = arbiter("-d", folder, "result", "2", "6", "+/-")
    assert again.code == 0 and "round 2 match 6: nothing changed" in again.err
    assert arbiter("-d", folder, "verify").code == 0


def test_knockout_whole_match_forfeit_is_taken_back_with_none_correct_as_a_team_match(arbiter: Runner,
                                                                                     sample) -> None:
    """Trial of issue 30: a whole match's forfeit could only be cleared game by game ('none' on the match was
    refused); ``result 2 6 none --correct`` clears each of its games, as a team event's match forfeit is."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "result", "2", "6", "+/-").code == 0
    before = snapshot(folder)
    plain = arbiter("-d", folder, "result", "2", "6", "none")
    assert plain.code == 2 and "or none with --correct to clear every game" in plain.err
    assert snapshot(folder) == before
    done = arbiter("-d", folder, "result", "2", "6", "none", "--correct")
    assert done.code == 0, done.err
    assert done.err.splitlines() == ["round 2 game 6.1 result: -/+ -> none", "round 2 game 6.2 result: +/- -> none"]
    match = next(m for m in _bracket(arbiter, folder) if m["match"] == 6)
    assert match["winner"] is None and [g["result"] for g in match["games"]] == [None, None]
    assert arbiter("-d", folder, "verify").code == 0


def test_knockout_whole_match_forfeit_is_refused_where_it_cannot_apply(arbiter: Runner, sample) -> None:
    """One clear line each, nothing changed on disk: ``-/-`` (nobody would go through: withdraw both),
    a result that is not a forfeit, a bye, a match already forfeited by a withdrawal, a match with
    results (``--correct`` replaces them), and a line of a bulk input that gives a game of a match it
    forfeits whole."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "player", "withdraw", "7").code == 0
    before = snapshot(folder)
    for args, code, said in [
        (["2", "8", "-/-"], 2, "-/- on match 8: a whole match forfeited by both players sends nobody through; "
                               "withdraw both"),
        (["2", "8", "1-0"], 2, "1-0 on match 8: a whole match takes only a forfeit, +/- (the first player goes "
                               "through) or -/+ (the second), or none with --correct to clear every game; a game's result goes by MATCH.GAME (e.g. 8.1 1-0)"),
        (["1", "1", "+/-"], 4, "round 1 match 1 has no game to forfeit: it is a bye"),
        (["2", "6", "+/-"], 4, "round 2 match 6 has no game to forfeit: it is forfeited already (-/+: a "
                               "withdrawal)"),
        (["2", "2", "+/-"], 4, "round 2 match 2 has results (2.1 1-0, 2.2 1-0): a whole match is forfeited "
                               "before it is played; enter the games left one by one (e.g. 2.3 +/-), or give "
                               "--correct"),
        (["2", "x", "+/-"], 2, "'x' is neither MATCH.GAME (e.g. 3.2: match 3, game 2) nor MATCH"),
        (["2", "--from", "-"], 2, "line 2, field 'MATCH.GAME': game 8.1: match 8 is forfeited whole on line 1"),
    ]:
        done = arbiter("-d", folder, "result", *args, stdin="8 +/-\n8.1 1-0\n")
        assert done.code == code and said in done.err and done.err.count("\n") == 1, (args, done.err)
    assert snapshot(folder) == before
    done = arbiter("-d", folder, "result", "2", "3", "-/+", "--correct")
    assert done.code == 0, done.err
    assert "round 2 game 3.1 result: 1/2-1/2 -> -/+" in done.err and "match 3: 13 (Aydin, Zeynep) goes through" \
        in done.err


def test_knockout_match_won_by_forfeit_shows_the_forfeit_in_the_bracket(arbiter: Runner, sample) -> None:
    """A match won by forfeited games says ``forfeit`` in How (not an empty How beside 2-0), in the CLI's
    bracket, its JSON and the published bracket and round page."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "result", "2", "6", "-/+").code == 0
    match = next(m for m in _bracket(arbiter, folder) if m["match"] == 6)
    assert (match["score"], match["winner"], match["how"]) == ([0, 2], 23, "forfeit")
    table = arbiter("-d", folder, "bracket").out
    row = next(line for line in table.splitlines() if "7 Celik, Aylin" in line and "23 Dogan" in line)
    assert re.search(r"0-2\s*│\s*23\s*│\s*forfeit", row), row
    pages = site_pages(folder)
    about = pages["bracket.html"].decode().split('href="rounds/2.html#match-6">')[1].split("</div>")[0]
    assert about == 'M6</a><span class="how">forfeit</span>', about
    line = _text(pages["rounds/2.html"]).split(" 6 match ")[1].split(" 6.1 ")[0]
    assert "Dogan, Emre (forfeit)" in line, line


def test_knockout_withdrawal_forfeit_reads_the_same_in_the_published_bracket(arbiter: Runner, sample) -> None:
    """A withdrawal after a game of the match (3.1 ½-½) forfeits it: the CLI's Score is ``-/+``, and the
    published bracket shows ``-`` and ``+`` beside the two names, not ``½ ½``; the round page's match
    line gives the same ``-/+``."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "player", "withdraw", "4").code == 0
    row = next(line for line in arbiter("-d", folder, "bracket").out.splitlines() if "13 Aydin, Zeynep" in line
               and "4 Yilmaz" in line)
    assert re.search(r"│\s*-/\+\s*│\s*13\s*│\s*forfeit", row), row
    pages = site_pages(folder)
    html = pages["bracket.html"].decode()
    box = html.split('href="rounds/2.html#match-2"')[1].split('href="rounds/2.html#match-3"')[0]
    assert re.findall(r'<span class="points">([^<]*)</span>', box) == ["-", "+"], box
    assert "½" not in box and html.split('href="rounds/2.html#match-3">')[1].startswith(
        'M3</a><span class="how">forfeit</span>')
    line = _text(pages["rounds/2.html"]).split(" 3 match ")[1].split(" 3.1 ")[0]
    assert " -/+ " in line and "½" not in line, line


def test_knockout_published_standings_give_shared_places_as_the_cli(arbiter: Runner, sample) -> None:
    """The published Place is the CLI's, ``3-4`` and ``5-8`` for a round's losers, each cell holding the
    JSON's rank in ``data-value`` (what scripts read); the legend says the losers share the places."""
    folder = sample(CUP)
    shown = json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    places = [("" if r["rank"] == r["rank_to"] else f"-{r['rank_to']}") for r in shown]
    cli = [line.split("│")[1].strip() for line in arbiter("-d", folder, "standings").out.splitlines()
           if line.startswith("│")]
    assert cli == [f"{r['rank']}{tail}" for r, tail in zip(shown, places)] and any("-" in p for p in cli)
    page = Page(site_pages(folder)["standings.html"].decode())
    assert [row[0] for row in page.shown["standings"][1:]] == cli
    assert [row[0][2] for row in page.tables["standings"][1:]] == [str(r["rank"]) for r in shown]
    assert "the losers of one round share its places" in "".join(page.text)


def test_knockout_bracket_links_to_the_current_round_for_a_phone(arbiter: Runner, sample) -> None:
    """On a phone the rounds stack, round 1 first: the bracket page starts with a link to the current
    round (the first with a match not decided), an anchor to the round's own id, with no script; once
    the final is won, to the winner."""
    folder = sample(CUP)
    html = site_pages(folder)["bracket.html"].decode()
    assert '<p class="jump noprint"><a href="#round-2">Current round: round 2</a></p>' in html
    assert html.index('class="jump') < html.index('class="bracket"')
    ids = re.findall(r'<section class="bracket-round[^"]*" id="round-(\d+)"', html)
    assert [int(n) for n in ids] == [1, 2, 3, 4, 5]
    assert "<script" not in html


def test_knockout_bracket_links_to_the_winner_once_the_final_is_won(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--games-per-match", "1",
                   "--tiebreak-stages", "armageddon", "--seed", "4").code == 0
    players = "name,rating\nA,2400\nB,2300\nC,2200\nD,2100\n"
    assert arbiter("-d", folder, "player", "import", "-", stdin=players).code == 0
    for rnd in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        for row in json.loads(arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out):
            assert arbiter("-d", folder, "result", str(rnd), row["board"], "1-0").code == 0
    html = site_pages(folder)["bracket.html"].decode()
    assert '<a href="#winner">The final and the winner</a>' in html and 'id="winner"' in html


def _knockout_with_prizes(arbiter: Runner, folder: Path, split: str) -> None:
    if not folder.exists():
        assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--games-per-match", "1",
                       "--tiebreak-stages", "lower-rating", "--seed", "3").code == 0
        lines = "name,rating,sex\n" + "".join(f"P{i},{2500 - 100 * i},{'wm'[i % 2]}\n" for i in range(1, 9))
        assert arbiter("-d", folder, "player", "import", "-", stdin=lines).code == 0
        for rnd in (1, 2, 3):
            assert arbiter("-d", folder, "pair").code == 0
            for row in json.loads(arbiter("-d", folder, "pairings", str(rnd), "-f", "json").out):
                assert arbiter("-d", folder, "result", str(rnd), row["board"], "1-0").code == 0
    (folder / "prizes.toml").write_text(f'split = "{split}"\ncurrency = "EUR"\nplaces = [1000, 600, 401, 200, 100]\n'
                                        '\n[[category]]\nname = "Best woman"\namounts = [150, 75]\nsex = "F"\n',
                                        encoding="utf-8")


def test_knockout_prize_notes_say_the_order_is_round_reached_then_rating(arbiter: Runner, tmp_path: Path) -> None:
    """A knockout has no points and no tie-breaks: its prize list's notes say the places go by the round
    reached, then rating, and no word of points or tie-breaks is left, in the CLI's notes, the CSV's
    ``why`` or the published prize page, with every split and a category."""
    folder = tmp_path / "cup"
    for split in ("shared", "hort", "tiebreak"):
        _knockout_with_prizes(arbiter, folder, split)
        shown = arbiter("-d", folder, "prizes")
        assert shown.code == 0, shown.err
        notes = [line for line in shown.err.splitlines() if line.startswith("note: ")]
        assert notes[1] == "note: the places go by the round each player reached, then by rating", notes
        as_csv = arbiter("-d", folder, "prizes", "-f", "csv").out
        page = _text(site_pages(folder)["prizes.html"])
        for words in ("points", "tie-break", "tiebreak", "tied"):
            assert words not in shown.err and words not in as_csv and words not in page, (split, words)
        assert "the places go by the round each player reached, then by rating" in page


def test_knockout_lower_rating_counts_an_unrated_player_as_the_lowest_rated(arbiter: Runner, tmp_path: Path) -> None:
    """Decided, not a setting: under ``lower-rating`` an unrated player is the lowest-rated (rating 0), so
    a drawn match sends them through against a rated player (a rating an unrated player "counts as"
    that could change during the event would change matches already decided). Every place that shows
    the rule says so: the published legend, ``arbiter settings`` and ``new --help``."""
    folder = tmp_path / "cup"
    assert arbiter("new", folder, "--name", "Cup", "--system", "knockout", "--games-per-match", "1", "--seed",
                   "3").code == 0
    assert arbiter("-d", folder, "player", "import", "-", stdin="name,rating\nRated,1500\nUnrated,\n").code == 0
    assert arbiter("-d", folder, "pair").code == 0
    done = arbiter("-d", folder, "result", "1", "1.1", "1/2")
    assert done.code == 0 and "match 1: 2 (Unrated) wins the final" in done.err, done.err  # two players: the final
    rule = "an unrated player counts as the lowest-rated"
    assert rule in _text(site_pages(folder)["bracket.html"])
    assert rule in arbiter("-d", folder, "settings").out.replace("\n", " ")
    assert rule in re.sub(r"[\s│]+", " ", arbiter("new", "--help").out)


# -- group stages ------------------------------------------------------------------------------------


def _groups_played(arbiter: Runner, folder: Path) -> None:
    assert arbiter("-d", folder, "result", "3", "2", "1/2", "--group", "D").code == 0


def test_group_index_names_the_winner_of_the_final(arbiter: Runner, sample) -> None:
    """Once the final has its winner, the event's index page names them (linked to their card in the
    final), as ``finalize`` does; not before."""
    folder = sample(GROUPS)
    _groups_played(arbiter, folder)
    assert arbiter("-d", folder, "pair").code == 0
    assert "Winner of the final" not in _text(site_pages(folder)["index.html"])
    for rnd in range(1, 8):
        assert arbiter("-d", folder, "result", str(rnd), "--from", "-", "--group", "final",
                       stdin="1 1-0\n2 1-0\n3 1/2\n4 0-1\n").code == 0
    done = arbiter("-d", folder, "finalize", "--date", "2026-04-19")
    assert done.code == 0 and "Tanaka, Yuki won the final" in done.err, done.err
    html = site_pages(folder)["index.html"].decode()
    assert re.search(r'<dt>Winner of the final</dt><dd><a class="player" href="stages/final/players/(\d+)\.html">'
                     r'<bdi>Tanaka, Yuki</bdi></a></dd>', html)


def test_group_knockout_final_winner_is_named_on_the_index(arbiter: Runner, tmp_path: Path) -> None:
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    for rnd in (1, 2, 3):
        if rnd > 1:
            assert arbiter("-d", folder, "pair").code == 0
        while games := [b for b in json.loads(arbiter("-d", folder, "pairings", str(rnd), "--group", "final", "-f",
                                                      "json").out) if not b["result"]]:
            for board in games:
                assert arbiter("-d", folder, "result", str(rnd), board["board"], "1-0", "--group", "final").code == 0
    champion = json.loads(arbiter("-d", folder, "bracket", "-f", "json").out)["champion"]
    text = _text(site_pages(folder)["index.html"])
    assert f"Winner of the final {champion['name']}" in text


def test_group_withdrawn_player_is_named_and_who_went_on_instead(arbiter: Runner, sample) -> None:
    """Group C's second withdraws: the event's standings note it (CLI and site), the index says so ("withdrawn: does not
    go on") and names who goes on in their place; ``pair`` says it when it makes the final, and the
    qualifiers' From names it."""
    folder = sample(GROUPS)
    assert arbiter("-d", folder / "stages" / "C", "player", "withdraw", "4").code == 0  # Jensen, Maja: C's second
    shown = arbiter("-d", folder, "standings")
    assert "note: group C: Jensen, Maja withdrew: Baker, Thomas goes on in their place\n" in shown.err, shown.err
    _groups_played(arbiter, folder)
    pages = site_pages(folder)
    assert "Jensen, Maja withdrew: Baker, Thomas goes on in their place" in _text(pages["standings.html"])
    text = _text(pages["index.html"])
    group_c = text.split("Group C (complete)")[1].split("Group D")[0]
    assert "2 Jensen, Maja 2117 1½ withdrawn: does not go on" in group_c, group_c
    assert "3 Baker, Thomas 2204 1½ goes on, in place of Jensen, Maja" in group_c, group_c
    done = arbiter("-d", folder, "pair")
    assert done.code == 0 and "note: group C: Baker, Thomas goes on in place of Jensen, Maja, withdrawn" in done.err
    text = _text(site_pages(folder)["index.html"])
    assert "Baker, Thomas 2204 C2, in place of Jensen, Maja" in text.split("The qualifiers")[1]


def test_group_bracket_without_group_shows_the_knockout_final(arbiter: Runner, sample, tmp_path: Path) -> None:
    """The only bracket of a group event is a knockout final's: ``bracket`` shows it without ``--group``;
    a round-robin final, or a final not paired yet, is refused saying why (never a list of groups that
    have no bracket)."""
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    plain, staged = arbiter("-d", folder, "bracket"), arbiter("-d", folder, "bracket", "--group", "final")
    assert plain.code == 0 and plain.out == staged.out and "final: bracket" in plain.out
    done = arbiter("-d", sample(GROUPS), "bracket")
    assert done.code == 4 and done.err.count("\n") == 1, done.err
    assert "this group event has no bracket: its groups and its final are round robins" in done.err
    assert "A, B, C, D" not in done.err
    early = tmp_path / "early"
    assert arbiter("new", early, "--name", "Cup", "--system", "groups", "--groups", "2", "--advance", "1", "--final",
                   "knockout").code == 0
    done = arbiter("-d", early, "bracket")
    assert done.code == 4 and "the knockout final has no bracket yet: 'arbiter pair' makes it once every group is " \
        "complete" in done.err


def test_knockout_games_per_match_edited_after_round_1_is_named_as_the_cause(arbiter: Runner, sample) -> None:
    """Trial of issue 29: a hand edit of games_per_match after round 1 was blamed on the round files
    ("game 3 is a main game"), and ``games_per_match = "2"`` said "should be a valid integer (found '2')"."""
    folder = sample(CUP)
    toml = folder / "tournament.toml"
    kept = toml.read_text(encoding="utf-8")
    toml.write_text(kept.replace("games_per_match = 2", "games_per_match = 3"), encoding="utf-8")
    before = snapshot(folder)
    done = arbiter("-d", folder, "standings")
    assert done.code == 3 and done.err.count("\n") == 1
    assert ("game 3 is a rapid game here, but tournament.toml makes it a main game (games_per_match = 3); the "
            "knockout's games cannot change once round 1 is paired") in done.err
    toml.write_text(kept.replace("games_per_match = 2", 'games_per_match = "2"'), encoding="utf-8")
    done = arbiter("-d", folder, "standings")
    assert done.code == 3 and done.err.count("\n") == 1
    assert ("tournament.toml, line 26, field 'knockout.games_per_match': a whole number is written without quotes: "
            '2, not "2"') in done.err
    assert snapshot(folder).keys() == before.keys()


def test_knockout_tiebreak_stages_edited_after_round_1_are_named_as_the_cause(arbiter: Runner, sample) -> None:
    """A review: a hand edit of tiebreak_stages was blamed on games_per_match, naming its unchanged value."""
    folder = sample(CUP)
    toml = folder / "tournament.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('"rapid:2"', '"blitz:4"'), encoding="utf-8")
    done = arbiter("-d", folder, "standings")
    assert done.code == 3 and done.err.count("\n") == 1
    assert ('game 3 is a rapid game here, but tournament.toml makes it a blitz game (tiebreak_stages = ["blitz:4", '
            '"blitz:2", "armageddon"]); the knockout\'s games cannot change once round 1 is paired') in done.err


def test_knockout_withdrawn_player_reads_withdrawn_in_the_standings_as_on_the_index(arbiter: Runner, sample) -> None:
    """Trial of issue 30: a withdrawn player read "out" in the standings but "withdrawn" on the published
    index, and took no place on the prize list; the standings now say withdrawn too."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "player", "withdraw", "7").code == 0
    rows = {r["start_number"]: r for r in json.loads(arbiter("-d", folder, "standings", "-f", "json").out)}
    assert rows[7]["state"] == "withdrawn" and rows[23]["state"] == "through"
    assert "withdrawn" in next(line for line in arbiter("-d", folder, "standings").out.splitlines()
                               if "Celik, Aylin" in line)


def test_knockout_player_who_won_their_match_then_withdrew_reads_withdrawn_and_places_as_the_prize_list(
        arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """A review: a player through to the next round who then withdrew still read "through", ranked
    with the players going on (1-14), while the prize list placed the others 1-13 without them."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "player", "withdraw", "1").code == 0  # won round 2's match 1, then withdrew
    rows = {r["start_number"]: r for r in json.loads(arbiter("-d", folder, "standings", "-f", "json").out)}
    assert rows[1]["state"] == "withdrawn" and rows[1]["rank"] > 13
    going_on = [r for r in rows.values() if r["state"] in ("in", "through")]
    assert {(r["rank"], r["rank_to"]) for r in going_on} == {(1, 13)}
    (folder / "prizes.toml").write_text('places = [1000, 600]\n', encoding="utf-8")
    prizes = json.loads(arbiter("-d", folder, "prizes", "-f", "json").out)
    assert all(p["start_number"] != 1 for p in prizes) and {p["prize"] for p in prizes} == {"places 1-13"}


def test_knockout_finalize_names_the_games_without_a_result_before_the_rounds_to_pair(arbiter: Runner,
                                                                                     sample) -> None:
    """Trial of issue 30: finalize said "1 round still to pair" when what held it up was an Armageddon game of
    the last round paired with no result; the games come first."""
    folder = sample(CUP)
    before = snapshot(folder)
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-06")
    assert done.code == 4 and done.err.count("\n") == 1
    assert ("the knockout cannot be finalised yet: round 2 still has no result on games 2.3, 2.4, 3.2, 5.2, 6.1, "
            "6.2, 7.1, 7.2, 8.1, 8.2; 3 rounds still to pair") in done.err
    assert snapshot(folder) == before


def test_group_index_links_to_the_prize_list_of_a_stage_with_a_prize_fund(arbiter: Runner, tmp_path: Path) -> None:
    """The last trial: a group event's final with a ``prizes.toml`` published its ``prizes.html``, but
    no page linked to it from the event's index."""
    folder = tmp_path / "cup"
    cup_with_its_final(arbiter, folder)
    (folder / "stages" / "final" / "prizes.toml").write_text("places = [100, 50]\n", encoding="utf-8")
    site = tmp_path / "site"
    done = arbiter("-d", folder, "publish", site)
    assert done.code == 0, done.err
    assert (site / "stages" / "final" / "prizes.html").is_file()
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="stages/final/prizes.html"' in index
    assert 'href="stages/A/prizes.html"' not in index


# -- a finalised knockout's corrections (C.04.2 4.3; the trial of issue 29's session) ---------------


def _finalised_cup(arbiter: Runner, tmp_path: Path) -> Path:
    from .test_knockout_event import finish_round, new_cup

    folder = tmp_path / "cup"
    new_cup(arbiter, folder, 4)
    for rnd in (1, 2):
        assert arbiter("-d", folder, "pair").code == 0
        finish_round(arbiter, folder, rnd)
    done = arbiter("-d", folder, "finalize", "--date", "2026-12-01")
    assert done.code == 0, done.err
    return folder


def test_a_finalised_knockout_takes_a_correction_of_the_finals_winner_and_stores_the_final_files_again(
        arbiter: Runner, tmp_path: Path) -> None:
    """The guides say a finalised event changes only by ``--correct``: a knockout refused every line. Now
    a correction that keeps the bracket as played (every match decided by its games, the same players
    through before the final) is taken, and the final standings follow it. The message says who now
    wins the final (it said "goes through", as for any other match)."""
    folder = _finalised_cup(arbiter, tmp_path)
    (folder / "prizes.toml").write_text("places = [100, 50]\n", encoding="utf-8")
    assert arbiter("-d", folder, "finalize").code == 0  # the prize list stored in final/
    final = _bracket_round(arbiter, folder, 2)[0]
    loser = final["second"]["start_number"] if final["winner"] == final["first"]["start_number"] \
        else final["first"]["start_number"]
    code = "-/+" if loser == final["second"]["start_number"] else "+/-"
    done = arbiter("-d", folder, "result", "2", "1", code, "--correct")
    assert done.code == 0, done.err
    assert f"match 1: now {loser} (" in done.err and ") wins the final (was " in done.err, done.err
    assert done.err.splitlines()[-1] == ("the event was finalised on 2026-12-01: its final files are stored again "
                                         "(final/standings.csv, final/standings.json, final/prizes.csv, "
                                         "final/prizes.json)")
    standings = json.loads((folder / "final" / "standings.json").read_text())
    assert standings[0]["start_number"] == loser and standings[0]["state"] == "winner"
    assert standings == json.loads(arbiter("-d", folder, "standings", "-f", "json").out)
    prizes = json.loads((folder / "final" / "prizes.json").read_text())
    assert prizes == json.loads(arbiter("-d", folder, "prizes", "-f", "json").out)
    assert 'status = "finalised"' in (folder / "tournament.toml").read_text()
    journal = (folder / "journal.csv").read_text(encoding="utf-8")
    assert f"prize list: player {loser} (" in journal and "100.00" in journal  # the first prize moved, journalled
    assert arbiter("-d", folder, "verify").code == 0


def test_a_finalised_knockout_refuses_a_correction_that_changes_who_went_through_before_the_final(
        arbiter: Runner, tmp_path: Path) -> None:
    folder = _finalised_cup(arbiter, tmp_path)
    before = snapshot(folder)
    semi = _bracket_round(arbiter, folder, 1)[0]
    code = "-/+" if semi["winner"] == semi["first"]["start_number"] else "+/-"
    done = arbiter("-d", folder, "result", "1", "1", code, "--correct", "--force")
    assert done.code == 4 and "after finalising, only the final's winner may change" in done.err, done.err
    game = semi["games"][0]
    flipped = {"1-0": "0-1", "0-1": "1-0"}.get(game["result"], "1-0")
    done = arbiter("-d", folder, "result", "1", game["board"], flipped, "--correct")
    assert done.code == 4 and "every match keeps its games and stays decided" in done.err, done.err
    plain = arbiter("-d", folder, "result", "1", game["board"], flipped)
    assert plain.code == 4 and "only a correction (--correct) can change it now" in plain.err
    assert snapshot(folder) == before


def test_knockout_none_correct_on_a_withdrawals_forfeit_says_the_match_has_no_game_to_clear(
        arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """It answered with the advice it had just refused ('… or none with --correct to clear every game')."""
    folder = sample(CUP)
    assert arbiter("-d", folder, "player", "withdraw", "7").code == 0
    before = snapshot(folder)
    done = arbiter("-d", folder, "result", "2", "6", "none", "--correct")
    assert done.code == 4 and done.err == ("arbiter: error: round 2 match 6 has no game to clear: it is forfeited "
                                           "already (-/+: a withdrawal)\n"), done.err
    assert snapshot(folder) == before


def _bracket_round(arbiter: Runner, folder: Path, rnd: int) -> list[dict]:
    data = json.loads(arbiter("-d", folder, "bracket", "-f", "json").out)
    return data["rounds"][rnd - 1]["matches"]


def test_knockout_none_correct_clears_the_tie_break_games_too_and_drops_those_no_longer_called_for(
        arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """A review: 'every game cleared' left the rapid games' results, the match half-cleared."""
    folder = sample(CUP)
    for game, code in (("2.3", "1-0"), ("2.4", "0-1")):  # match 2 was 1-1: its rapid games decide it
        assert arbiter("-d", folder, "result", "2", game, code).code == 0
    done = arbiter("-d", folder, "result", "2", "2", "none", "--correct")
    assert done.code == 0, done.err
    assert "round 2 game 2.3 dropped" in done.err and "round 2 game 2.4 dropped" in done.err
    games = [r for r in _games(folder, 2) if r[0] == "2" and r[1]]  # the match's line, then its games
    assert [r[:3] for r in games] == [["2", "1", "main"], ["2", "2", "main"]] and all(r[5] == "" for r in games)
    assert arbiter("-d", folder, "verify").code == 0


def test_once_the_final_is_paired_a_groups_correction_must_keep_who_went_on(arbiter: Runner, sample) -> None:  # type: ignore[no-untyped-def]
    """The trial: a group's correction that put another player second was taken after the final was paired
    with the one who had been second (and after finalising too), and verify called the folder sound."""
    folder = sample(GROUPS)
    assert arbiter("-d", folder, "result", "3", "2", "1-0", "--group", "D").code == 0  # group D complete
    assert arbiter("-d", folder, "pair").code == 0  # the final
    before = snapshot(folder)
    said = ("arbiter: error: the final is paired with Rossi, Marco as A2; this correction would put Petrenko, Olena "
            "there: once the final is paired, a group's correction must keep who went on\n")
    for args in (("-d", folder, "result", "1", "2", "1-0", "--group", "A", "--correct"),
                 ("-d", folder / "stages" / "A", "result", "1", "2", "1-0", "--correct")):
        done = arbiter(*args)
        assert done.code == 4 and done.err == said, done.err
        assert snapshot(folder) == before
    kept = arbiter("-d", folder, "result", "1", "1", "1-0", "--group", "A", "--correct")  # Novak first either way
    assert kept.code == 0, kept.err
