"""Real-time games a person can win, on the server (issue 31, point 5): bots react by
their level's human reaction times, drawn from the same sampler as ``simulate``; a new
chance (someone pointed) restarts a waiting bot's reaction; and the table option
``bot_pace`` makes every bot slower, refused with a clear error when it is not one of
the paces there are."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.kit import Server, assert_error, sqlite_server, sqlite_url

import yuletide
from yuletide.bots import LEVELS
from yuletide.bots.base import ReactionTime, level_reaction, reaction_of
from yuletide.core.rng import Rng
from yuletide.core.state import State
from yuletide.games.christmas_lights.reindeers_nose.bot import choose
from yuletide.server import store
from yuletide.server.hub import Hub
from yuletide.server.table import PACES, Act, TableActor
from yuletide.sim.match import Scheduler

REAL_TIME = ("reindeers-nose", "lights-on", "blink")
PACE_ERROR = "option 'bot_pace' must be one of 'normal', 'slower', 'much slower', got"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("pace")) as served:
        yield served


# ------------------------------------------------------------------ the REST option


def test_real_time_games_list_the_bot_pace_among_their_options(server: Server) -> None:
    _, _, api = server
    listed = {g["id"]: g for g in api.http.get("/api/games").json()}
    for game in REAL_TIME:
        pace = next(o for o in listed[game]["options"] if o["name"] == "bot_pace")
        # the lobby's options dialog makes a choice of it (options.js reads "one of ...")
        assert pace["allowed"] == "one of 'normal', 'slower', 'much slower'"
        assert pace["default"] == "normal"
        assert "one and a half times" in pace["doc"]
    assert all(o["name"] != "bot_pace" for o in listed["looney-lights"]["options"])


def test_a_table_keeps_its_bot_pace_as_a_setting_not_a_rule(server: Server) -> None:
    _, _, api = server
    made = api.create_table(
        game="reindeers-nose",
        players=4,
        options={"bot_pace": "slower"},
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "medium"}] * 3,
    )
    info = api.info(made["table"])
    assert info["settings"]["bot_pace"] == "slower"
    assert "bot_pace" not in info["options"]  # the rules (and the replay) never see it
    plain = api.create_table(game="looney-lights", players=2)
    assert api.info(plain["table"])["settings"]["bot_pace"] == "normal"


@pytest.mark.parametrize(
    ("value", "shown"), [("fast", "'fast'"), (1.5, "1.5 (float)"), (True, "True (bool)")]
)
def test_a_bad_bot_pace_is_refused_saying_what_is_allowed(
    server: Server, value: Any, shown: str
) -> None:
    _, _, api = server
    r = api.http.post(
        "/api/tables",
        json={"game": "reindeers-nose", "players": 4, "options": {"bot_pace": value}},
    )
    assert_error(r, 400, "bad_options", f"{PACE_ERROR} {shown}")


# ------------------------------------------------- the actor: sampler, pace, chances


async def _hub(tmp: Path) -> Hub:
    url = sqlite_url(tmp / "y.db")
    store.migrate(url)
    return Hub(store.Store(url), bot_workers=1)


async def _close(hub: Hub) -> None:
    await hub.close()
    hub.db.close()


async def _table(
    hub: Hub, game: str, players: int, pace: str, seats: list[dict[str, Any]]
) -> TableActor:
    created = await hub.create(
        game,
        players=players,
        options={"bot_pace": pace},
        seat_specs=seats,
        settings={},
    )
    return hub.actors[created.table_id]


async def test_the_server_draws_bot_times_from_the_simulators_sampler(tmp_path: Path) -> None:
    """A level's bot at a table waits exactly what ``simulate``'s clock would draw from
    the same RNG (the Scheduler's first timer), times the table's pace."""
    hub = await _hub(tmp_path)
    try:
        bots = [{"kind": "human"}, *({"kind": "bot", "bot": level} for level in LEVELS)]
        normal = await _table(hub, "reindeers-nose", 4, "normal", bots)
        for pace, factor in PACES.items():
            actor = await _table(hub, "reindeers-nose", 4, pace, bots)
            for seat, level in enumerate(LEVELS, start=1):
                bot = actor.bots[seat]
                assert reaction_of(bot) == level_reaction(level)
                actor.rng, normal.rng = Rng(seat), Rng(seat)
                waited = actor._reaction(bot)
                plain = normal._reaction(normal.bots[seat])
                assert plain == level_reaction(level).sample(Rng(seat))
                assert waited == pytest.approx(factor * plain)
                clock = Scheduler([level_reaction(level).scaled(factor)], Rng(seat))
                clock.sync(_one_seat())
                due = clock.next_due()
                assert due is not None and due.time == pytest.approx(waited)
        turn_based = await _table(
            hub,
            "looney-lights",
            2,
            "much slower",
            [{"kind": "human"}, {"kind": "bot", "bot": "medium"}],
        )
        assert turn_based._reaction(turn_based.bots[1]) == pytest.approx(0.6 * 2.0)
    finally:
        await _close(hub)


def _one_seat() -> State:
    """A state where seat 0 alone may act (a turn-based game's first turn)."""
    state = yuletide.new_game("looney-lights", players=2, seed=1)
    assert state.to_act == frozenset([0])
    return state


async def _act(actor: TableActor, seat: int, notation: str) -> None:
    """One command through the table's queue, waiting for its answer."""
    answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    actor.submit(
        Act(
            seat,
            notation,
            actor.version,
            None,
            answer.set_result,
            time.monotonic(),
        )
    )
    frame = await asyncio.wait_for(answer, 10)
    assert frame["type"] == "ack", frame


async def test_a_point_restarts_a_waiting_bots_reaction_and_a_pass_does_not(tmp_path: Path) -> None:
    """A bot waiting out a long reaction keeps waiting while others pass cards (options
    of the kinds it had), and starts afresh the moment someone points (a new kind), as
    the match runner's clock does (tests/sim/test_reaction_clock.py)."""
    hub = await _hub(tmp_path)
    try:
        actor = await _table(hub, "reindeers-nose", 4, "normal", [{"kind": "human"}] * 4)
        for seat in range(4):
            await hub.join(actor.id, seat, f"P{seat}")
        assert actor.status == "playing"
        quick = _Quick()
        holder = await _play_to_the_brink(actor)
        waiter = next(s for s in sorted(actor.state.to_act) if s != holder)
        task = asyncio.create_task(actor._react(waiter, quick, 600.0))
        while waiter not in actor.looks:
            await asyncio.sleep(0)
        other = next((s for s in sorted(actor.state.to_act) if s not in (holder, waiter)), None)
        if other is not None:  # a card passed or picked up elsewhere: no new chance
            legal = actor.state.legal_actions(other)
            await _act(actor, other, str(legal[0]))
            assert not task.done()
        await _act(actor, holder, "point")
        await asyncio.wait_for(task, 10)  # its fresh 10 ms reaction, not the 600 s wait
    finally:
        await _close(hub)


class _Quick:
    name = "quick"
    reaction = ReactionTime(0.01, 0.0, "fixed")

    def act(self, window: Any) -> None:
        return None


async def _play_to_the_brink(actor: TableActor) -> int:
    """Play the seats' heuristic through the table's queue until one holds a set: that
    seat (its only action is to point)."""
    rng = Rng(5)
    for _ in range(5000):
        state = actor.state
        for seat in sorted(state.to_act):
            legal = state.legal_actions(seat)
            if [str(a) for a in legal] == ["point"]:
                return seat
        seat = sorted(state.to_act)[rng.below(len(state.to_act))]
        action = choose(state.view(seat), state.legal_actions(seat), None, rng)
        await _act(actor, seat, str(action))
    raise AssertionError("no set in 5000 actions")


async def test_a_rematch_keeps_the_tables_pace(tmp_path: Path) -> None:
    """A rematch is made from the stored settings (with ``bot_pace``) and options
    (without it): the pace comes back from the settings."""
    hub = await _hub(tmp_path)
    try:
        checked = hub.validate(
            "reindeers-nose", 4, {"turn_limit": 20000}, [], {"bot_pace": "much slower"}
        )
        assert checked[2] == {"turn_limit": 20000}
        assert checked[4].bot_pace == "much slower"
        assert checked[4].to_dict()["bot_pace"] == "much slower"
    finally:
        await _close(hub)
