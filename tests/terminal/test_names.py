"""Players by name in the terminal (yuletide.terminal.names, the browser's names.js in
Python): the rules, then a Pilot-driven game whose screens say no "seat N" where a name
is known, the replay's names, and the others' areas fitting at 80x24."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.terminal.kit import SIZE, local_app, wait_for
from tests.terminal.snapshots import mid_game, still_app
from textual.widgets import OptionList, Static

import yuletide
from yuletide.terminal.app import TableApp
from yuletide.terminal.names import (
    Person,
    local_people,
    name_model,
    namer,
    person_label,
    server_people,
)
from yuletide.terminal.session import ReplaySession, save_record, saved_people

SEAT_NUMBER = re.compile(r"\b[Ss]eats? \d")

BOTS: list[Person | None] = [
    {"kind": "human", "name": "Dad"},
    {"kind": "bot", "name": "easy bot"},
    {"kind": "bot", "name": "easy bot"},
    {"kind": "bot", "name": "hard bot"},
]


def test_a_seat_is_called_by_its_players_name_or_its_bots_level() -> None:
    assert person_label(BOTS, 0) == "Dad"
    # two bots of one level: the seat number (from 1) tells them apart
    assert person_label(BOTS, 1) == "Easy bot 2"
    assert person_label(BOTS, 2) == "Easy bot 3"
    assert person_label(BOTS, 3) == "Hard bot"
    assert person_label([None, {"kind": "human", "name": ""}], 1) == "Player 2"
    assert person_label([], 2) == "Player 3"  # nobody known there: counted from 1


def test_seat_numbers_in_words_become_names_and_you() -> None:
    say = namer(BOTS, 0)
    assert say("Seat 2 offers you the Blue ♦") == "Easy bot 2 offers you the Blue ♦"
    assert say("Seat 4's hand") == "Hard bot's hand"
    assert say("Is seat 1's 4th card Plug?") == "Is your 4th card Plug?"
    assert say("Seat 1 wins") == "You win"  # the verb after "you", too
    assert say("Seat 1 is playing; seat 2 is waiting") == "You are playing; Easy bot 2 is waiting"
    assert say("Seat 1's turn is over") == "Your turn is over"
    assert say("Seats 2, 3 and 4 are placing too") == (
        "Easy bot 2, Easy bot 3 and Hard bot are placing too"
    )
    assert say("order card 3") == "order card 3"  # only seats are named
    assert say("seat 2.5") == "seat 2.5"
    assert namer([], 0)("Seat 2 draws") == "Seat 2 draws"  # nobody known: as it is


def test_only_words_are_named_never_actions_or_ids() -> None:
    state = mid_game("christmas-lights")
    model = yuletide.table.build(
        "christmas-lights", state.view(0), [str(a) for a in state.legal_actions(0)], 0
    )
    named = name_model(model, local_people(4, 0, "medium"), 0)
    words = json.dumps([named["headline"], named["seats"], named["zones"], named["prompt"]])
    assert not SEAT_NUMBER.search(words), SEAT_NUMBER.findall(words)
    assert "Medium bot 2" in words
    assert named["seats"][0]["label"] == "You"
    sends = [a["send"] for a in named["prompt"]["actions"]]
    assert sends == [a["send"] for a in model["prompt"]["actions"]]
    assert [z["id"] for z in named["zones"]] == [z["id"] for z in model["zones"]]


def test_a_servers_seat_list_gives_the_names() -> None:
    rows = [
        {"seat": 0, "kind": "human", "bot": None, "name": None},
        {"seat": 1, "kind": "bot", "bot": "medium", "name": "medium bot"},
        {"seat": 2, "kind": "human", "bot": None, "name": "Mum"},
    ]
    people = server_people(rows, 3)
    assert [person_label(people, s) for s in range(3)] == ["Player 1", "Medium bot", "Mum"]


def screen_words(app: TableApp) -> str:
    """Every word on the table's screen: the banner, the table, your area, the prompt,
    the choices, and the log."""
    parts = [str(app.query_one(f"#{w}", Static).render()) for w in ("banner", "board", "mine")]
    parts.append(str(app.query_one("#status", Static).render()))
    ol = app.query_one("#actions", OptionList)
    parts += [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
    parts.append(str(app._log_text()))
    return "\n".join(parts)


async def test_a_game_played_by_keys_says_names_not_seat_numbers() -> None:
    """Christmas Lights with four players against bots: every screen on the way, to the
    end screen, names the bots ("Random bot 3") and says "you"; no "seat N"."""
    app = local_app("christmas-lights", seed=4, players=4, bots="random")
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(12):
            await wait_for(pilot, lambda: bool(app.choice_ids) or app.session.over())
            if app.session.over():
                break
            app.drawn = -1
            app.redraw()
            words = screen_words(app)
            assert not SEAT_NUMBER.search(words), SEAT_NUMBER.findall(words)
            assert "Random bot" in words
            version = app.session.version
            await pilot.press("1")
            await wait_for(pilot, lambda v=version: app.session.version != v)  # type: ignore[misc]
        assert "Random bot 2" in app._log_text().plain or "Random bot" in screen_words(app)


def test_a_saved_game_says_who_sat_where_and_its_replay_names_them(tmp_path: Path) -> None:
    state = mid_game("christmas-lights")
    people = local_people(4, 0, "medium")
    target = tmp_path / "g.replay.json"
    save_record(state.record(), target, people)
    assert saved_people(target, 4) == people
    assert saved_people(target, 3) == []  # not this game's seats: not used
    replay = ReplaySession(state.record(), 1, saved_people(target, 4))
    replay.go(replay.total)
    model = replay.model()
    words = json.dumps([model["headline"], model["seats"], model["zones"]])
    assert not SEAT_NUMBER.search(words), SEAT_NUMBER.findall(words)
    assert "Player 1" in words and "Medium bot 3" in words  # watched as Medium bot 2: "you"
    assert "as Medium bot 2 saw it" in replay.banner()
    # a record with no people (an older save, another program's) replays as before
    target.write_text(json.dumps(state.record().to_dict()), encoding="utf-8")
    assert saved_people(target, 4) == []


async def test_the_others_fit_above_your_area_at_80x24_in_christmas_lights() -> None:
    """Four players at 80x24: each other seat in two lines, so the table does not scroll;
    your own area, the prompt and the choices are on screen too."""
    app = still_app("christmas-lights")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.drawn = -1
        app.redraw()
        await pilot.pause()
        table = app.query_one("#table")
        assert table.virtual_size.height <= table.size.height
        board = str(app.query_one("#board", Static).render())
        for name in ("Random bot 2", "Random bot 3", "Random bot 4"):
            assert name in board
        actions = app.query_one("#actions")
        assert actions.region.y + actions.region.height <= SIZE[1]
        assert actions.region.height >= 2
