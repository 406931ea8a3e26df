"""What the published pages say (issue 26): a player card begins with the current round and has a
board for every round; numbers are written one way, ½ included; every legend names the columns its
table shows; the member chart reads dates; personal data is published only when asked for; a name
is isolated so that a right-to-left character in it never reorders the text around it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

from arbiter_cli.events.registry import site_pages
from arbiter_cli.render.site import build_site
from arbiter_cli.render.site.sites import SiteOptions, event_site
from arbiter_cli.render.templating import points_text
from arbiter_cli.store.tournament import TournamentFolder
from publishing.test_publish import SAMPLES, Page

#: A line that begins a card: "Round 5: board 6, White, against NAME (1832, 2 points)".
CURRENT = re.compile(r"Round (\d+): board (\S+), (White|Black), against (.+) \((\d+|unrated)(?:, (\S+) points?)?\)")


class Card(HTMLParser):
    """A card read back: the text of its current-round line, its data attributes, and the first
    element of the body after the heading."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.line: list[str] = []
        self.data: dict[str, str] = {}
        self.first = ""
        self._in, self._after_h1 = 0, False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k: v or "" for k, v in attrs}
        if self._after_h1 and not self.first:
            self.first = f"{tag}.{attributes.get('class', '')}"
        if tag == "p" and attributes.get("class") == "current-round":
            self._in, self.data = 1, attributes
        elif self._in:
            self._in += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._after_h1 = True
        if self._in and tag == "p":
            self._in = 0

    def handle_data(self, data: str) -> None:
        if self._in:
            self.line.append(data)

    @property
    def text(self) -> str:
        return "".join(self.line)


def _load(folder: Path):
    return TournamentFolder(folder).load()


def test_an_individual_card_begins_with_the_current_board_colour_and_opponent(sample):
    """Issue 26: "A player card has no board number for the current round." Each card of a Swiss in
    progress begins with the last paired round: the board, the colour, the opponent with their rating
    and their points before the round, as the round's pairings and the standings after the round
    before say."""
    folder = sample("swiss32-in-progress")
    tournament = _load(folder)
    files = site_pages(folder)
    last = tournament.round(tournament.last_round)
    before = {r["start_number"]: Fraction(str(r["points"])) for r in _standings(folder, last.number - 1)}
    for game in last.games:
        for number, colour, other in ((game.white, "White", game.black), (game.black, "Black", game.white)):
            card = Card(files[f"players/{number}.html"].decode())
            assert card.first == "p.current-round", number  # the first thing under the name
            assert card.data["data-round"] == str(last.number) and card.data["data-board"] == str(game.board)
            found = CURRENT.fullmatch(card.text)
            assert found, card.text
            opponent = tournament.by_number[other]
            assert found.groups()[:5] == (str(last.number), str(game.board), colour, opponent.name,
                                          str(opponent.rating or "unrated"))
            assert found.group(6) == points_text(before[other]), (number, found.group(6))


def _standings(folder: Path, after: int) -> list[dict]:
    import json

    from in_process import arbiter_output

    return json.loads(arbiter_output(folder, "standings", "--format", "json", "--after-round", str(after)))


def test_a_card_says_the_bye_of_the_current_round_and_a_withdrawn_players_round_unpaired(arbiter, tmp_path):
    folder = tmp_path / "open"
    assert arbiter("new", folder, "--name", "Open", "--system", "swiss", "--rounds", "3", "--seed", "1").code == 0
    assert Card(site_pages(folder)["index.html"].decode()).text == ""  # no card yet, no line
    for number, name in enumerate(("Ash, A", "Birch, B", "Cedar, C", "Dogwood, D", "Elm, E"), start=1):
        assert arbiter("-d", folder, "player", "add", name, "--rating", str(2000 - 10 * number)).code == 0
    assert Card(site_pages(folder)["players/1.html"].decode()).text == "No round is paired yet."
    result = arbiter("-d", folder, "pair")
    assert result.code == 0, result.err
    first = _load(folder).round(1)
    bye = first.byes[0].player
    assert Card(site_pages(folder)[f"players/{bye}.html"].decode()).text == "Round 1: bye (PAB: pairing-allocated bye)"
    for game in first.games:
        assert arbiter("-d", folder, "result", "1", str(game.board), "1-0").code == 0
    leaving = first.games[0].black
    assert arbiter("-d", folder, "player", "withdraw", str(leaving), "--after-round", "1").code == 0
    result = arbiter("-d", folder, "pair")
    assert result.code == 0, result.err
    assert Card(site_pages(folder)[f"players/{leaving}.html"].decode()).text == "Round 2: not paired"


def test_every_card_has_a_board_for_every_round(sample):
    """Issue 26: the card "has a board column for every round", an individual event's too."""
    folder = sample("swiss32-in-progress")
    tournament = _load(folder)
    files = site_pages(folder)
    for player in tournament.players:
        rows = Page(files[f"players/{player.start_number}.html"].decode()).tables["rounds"]
        assert [key for _, key, _ in rows[0]][:2] == ["round", "board"]
        boards = {rnd.number: str(g.board) for rnd in tournament.rounds for g in rnd.games
                  if player.start_number in (g.white, g.black)}
        assert {int(row[0][2]): row[1][2] for row in rows[1:]} == {
            r.number: boards.get(r.number, "") for r in tournament.rounds}


def test_a_team_card_begins_with_the_board_of_its_match(sample):
    """A team event's card: the board as the round's page numbers it (MATCH.BOARD), the opponent and
    the opposing team; a player left out of the line-up is told so."""
    folder = sample("team-league-in-progress")
    files = site_pages(folder)
    from arbiter_cli.store.team_folder import TeamFolder

    tournament = TeamFolder(folder).load()
    last = tournament.round(tournament.last_round)
    seated = set()
    for match in last.matches:
        for game in match.boards:
            for number, other in ((game.first, game.second), (game.second, game.first)):
                if number is None or other is None:
                    continue
                seated.add(number)
                card = Card(files[f"players/{number}.html"].decode())
                assert card.data["data-board"] == f"{match.number}.{game.board}"
                found = CURRENT.fullmatch(card.text.split(") of ")[0] + ")")
                assert found and found.group(4) == tournament.by_number[other].name, card.text
                team = tournament.by_team[tournament.team_of[other]]
                assert card.text.endswith(f" of {team.name}"), card.text
    left_out = [p.start_number for p in tournament.players if p.start_number not in seated]
    assert left_out
    assert all(Card(files[f"players/{n}.html"].decode()).text.endswith(": not in the line-up") for n in left_out)
    rows = Page(files[f"players/{min(seated)}.html"].decode()).tables["rounds"]
    assert [key for _, key, _ in rows[0]][:2] == ["round", "board"]


def test_a_knockout_card_begins_with_the_game_of_its_match(sample):
    folder = sample("knockout24-in-progress")
    files = site_pages(folder)
    card = Card(files["players/15.html"].decode())
    assert card.first == "p.current-round"
    assert re.fullmatch(r"Round 2: board \d+\.\d+, (White|Black), against .+ \(\d+\); match score \S+", card.text), \
        card.text


HALF_AS_DECIMAL = re.compile(r"-?\d+\.5")
#: The headers of columns of points on the pages.
POINTS = {"Pts", "Points", "MP", "GP", "Score", "Running score", "Opp.", "BH", "SB", "BH/C1", "KS", "EMGSB", "VP"}


def test_numbers_are_written_one_way_a_half_as_a_half(sample):
    """Issue 26: "Numbers appear as '8.5' in one table and '8½' in the next." Every column of points on
    every page writes a half as ½; a script reads the number from the cell's data-value."""
    halves = 0
    for name in SAMPLES:
        for path, data in site_pages(sample(name)).items():
            if not path.endswith(".html"):
                continue
            page = Page(data.decode())
            for cls, rows in page.shown.items():
                heads = [text for text in rows[0]] if rows else []
                for row, values in zip(rows[1:], page.tables[cls][1:]):
                    for head, text, (_, _, value) in zip(heads, row, values):
                        if head in POINTS:
                            assert not HALF_AS_DECIMAL.fullmatch(text), (name, path, cls, head, text)
                            halves += "½" in text
                        shared = re.fullmatch(rf"{re.escape(value)}-\d+", text)  # a knockout's place 3-4: 3 (issue 30)
                        if value != text and not shared:  # a data-value: the same number
                            assert Fraction(value) == Fraction(text.replace("½", ".5") if text[:1] != "½"
                                                               else "0.5"), (name, path, cls, text, value)
    assert halves > 100


def test_the_by_name_result_has_a_legend(sample):
    text = site_pages(sample("swiss32-in-progress"))["rounds/1.html"].decode()
    by_name = text.split("<h2>By name</h2>")[1]
    assert "Result, from that player's side" in by_name and "1-0 won, 0-1 lost" in by_name


def _legend(text: str) -> list[str]:
    return [re.sub("<[^>]+>", "", line) for line in re.findall(r"<li>(.*?)</li>", text.split('<ul class="legend">')[1]
                                                                .split("</ul>")[0])]


def test_the_team_legend_names_mp_and_gp_once(sample):
    for name in ("team-league-in-progress", "team-swiss20-in-progress"):
        lines = _legend(site_pages(sample(name))["standings.html"].decode())
        said = " ".join(lines)
        assert said.count("MP:") == 1 and said.count("GP:") == 1, lines


def test_the_swiss_legend_names_only_the_columns_shown(sample):
    """Issue 26: the legend named + - and Byes, columns not shown. It names the columns of the page: the
    record columns (shown on a wide screen and in print) apart."""
    for name in ("swiss32-in-progress", "swiss-open-finished-prizes", "rr10-finished"):
        text = site_pages(sample(name))["standings.html"].decode()
        headers = set(Page(text).shown["standings"][0])
        lines = _legend(text)
        named = {part.split(":")[0] for line in lines for part in re.split(r"; |: (?=\S+: )", line.removeprefix(
            "On a wide screen and in print: ")) if ":" in part and not part.startswith(("round", "BH", "SB", "DE"))}
        record = {"Games", "W", "D", "L", "+", "-", "Byes"}
        assert named & record == headers & record, (name, named, headers)
        assert "Pts" in named
        assert any(line.startswith("On a wide screen and in print: ") for line in lines) == bool(headers & record)


def test_the_member_chart_reads_the_tournaments_dates(sample):
    """Issue 26: the member chart's axis read "0 1 2 tournaments"; it reads each tournament's month."""
    folder = sample("club-lyon")
    text = site_pages(folder)["members/1.html"].decode()
    chart = text.split('id="history-rapid"')[1].split("</figure>")[0]
    ticks = re.findall(r'<text class="tick" x="\d+" y="(\d+)" text-anchor="middle">([^<]*)</text>', chart)
    under = [label for y, label in ticks if int(y) > 150]
    assert under[0] == "start" and all(re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", label) for label in under[1:]), under
    assert ">tournaments<" not in chart


def _birth_dates(folder: Path) -> list[str]:
    import csv

    with (folder / "members.csv").open(encoding="utf-8") as handle:
        return [row["birth_date"] for row in csv.DictReader(handle) if row["birth_date"]]


def test_the_club_site_publishes_birth_dates_only_when_asked(sample):
    """Issue 26: "The club site publishes every member's full date of birth." Only with
    ``arbiter publish --personal-data`` (SiteOptions.personal)."""
    folder = sample("club-lyon")
    dates = _birth_dates(folder)
    assert dates
    plain = site_pages(folder)
    assert not [path for path, data in plain.items() for date in dates if date.encode() in data]
    assert b">Born<" not in plain["index.html"] and b">Born<" not in plain["members/1.html"]
    asked = site_pages(folder, SiteOptions(personal=True))
    assert all(date.encode() in asked["index.html"] for date in dates)
    assert dates[0].encode() in asked["members/1.html"]


def test_a_fide_id_is_published_only_when_asked(sample, tmp_path):
    folder = sample("rr10-finished")
    tournament = _load(folder)
    tournament = replace(tournament, players=tuple(p.model_copy(update={"fide_id": 4100000 + p.start_number})
                                                   for p in tournament.players))
    assert b"4100001" not in build_site(event_site(tournament))["players/1.html"]
    assert b"4100001" in build_site(event_site(tournament), options=SiteOptions(personal=True))["players/1.html"]


def test_a_players_birth_date_is_on_the_card_only_when_asked(sample, tmp_path):
    """The new-user trial of issue 26: `publish --personal-data` added nothing to an event's site,
    though its players have birth dates. A card shows the birth date only then."""
    tournament = _load(sample("swiss32-in-progress"))
    born = next(p for p in tournament.players if p.birth_date)
    page = f"players/{born.start_number}.html"
    assert born.birth_date.encode() not in build_site(event_site(tournament))[page]
    assert born.birth_date.encode() in build_site(event_site(tournament), options=SiteOptions(personal=True))[page]


NAME = "abc\u202edef"


class Isolated(HTMLParser):
    """Each element of a page with a text of its own (not its children's) that holds U+202E: its tag
    and its whole text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, list[str], list[str]]] = []  # tag, its own texts, all its texts
        self.found: list[tuple[str, str]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("meta", "link", "br", "img", "line", "circle", "rect"):
            self.stack.append((tag, [], []))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, own, whole = self.stack.pop()
            if any("\u202e" in text for text in own):
                self.found.append((name, "".join(whole)))
            if self.stack:
                self.stack[-1][2].append("".join(whole))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.stack:
            self.stack[-1][1].append(data)
            self.stack[-1][2].append(data)


def test_a_name_holding_a_right_to_left_override_is_isolated(sample):
    """Issue 26: a name holding U+202E reordered the text around it. Wherever the name is, it is the
    whole text of a <bdi>, the text around it outside; in a <title>, between the isolates U+2068 and
    U+2069."""
    folder = sample("swiss32-in-progress")
    tournament = _load(folder)
    players = tuple(p.model_copy(update={"name": NAME, "club": NAME}) if p.start_number == 1 else p
                    for p in tournament.players)
    files = build_site(event_site(replace(tournament, players=players)))
    showing = []
    for path, data in files.items():
        if not path.endswith(".html"):
            continue
        for tag, text in Isolated(data.decode()).found:
            assert (tag, text) == ("bdi", NAME) or tag == "title" and f"\u2068{NAME}\u2069 · " in text, (path, tag, text)
            showing.append(path)
    assert {"index.html", "standings.html", "crosstable.html", "rounds/1.html", "players/1.html"} <= set(showing)
    assert sum(1 for path in showing if path.startswith("players/")) > 5  # the opponents' cards


def test_a_page_title_names_the_event_once(sample):
    """Trial finding: the front page's <title> was "Spring Masters 2026 · Spring Masters 2026", and a
    group's "Spring Masters 2026: group D · Spring Masters 2026: group D". A page titled as its site
    names it once; every other page adds the site's name after its own title."""
    seen = 0
    for name in ("groups16-in-progress", "swiss32-in-progress"):
        for path, data in site_pages(sample(name)).items():
            if not path.endswith(".html"):
                continue
            title = re.search(r"<title>(.*?)</title>", data.decode(), re.S)
            assert title is not None, (name, path)
            parts = title.group(1).split(" · ")
            assert len(parts) == len(set(parts)), (name, path, title.group(1))
            seen += len(parts) == 1
    assert seen >= 2  # the front pages, and a group's
