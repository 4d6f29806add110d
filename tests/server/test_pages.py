"""What the browser client needs from the server (issue 14), on a real uvicorn: the pages
with their security headers, each game's pitch and rules, table-model frames (hello
``"table": true``), the replay of a finished game as table models, and handing a seat
to a bot. Bad input to each gets a clear error and changes nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
import websockets
from tests.server.kit import Client, Server, finished_two_player_table, sqlite_server, ws_url

from yuletide.cli import main as cli_main
from yuletide.core.registry import games, replay
from yuletide.table.check import problems

GAME = "looney-lights"
pytestmark = pytest.mark.xdist_group("services")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with sqlite_server(tmp_path_factory.mktemp("pages")) as served:
        yield served


def test_every_game_has_a_pitch_and_its_rules(server: Server) -> None:
    base, _, _ = server
    listed = httpx.get(f"{base}/api/games").json()
    assert {g["id"] for g in listed} == set(games())
    for g in listed:
        assert g["pitch"].endswith((".", "!")) and len(g["pitch"]) < 120
        rules = httpx.get(f"{base}/api/games/{g['id']}/rules").json()
        assert rules["game"] == g["id"] and rules["title"]
        assert rules["markdown"].startswith(f"# {rules['title']}\n")
        assert "## Options" in rules["markdown"]
    bad = httpx.get(f"{base}/api/games/no-such-game/rules")
    assert bad.status_code == 404 and "christmas-lights" in bad.json()["message"]
    rulings = httpx.get(f"{base}/api/rulings").json()
    assert rulings["markdown"].startswith("# Rulings and readings\n") and rulings["title"]


def test_yuletide_rules_prints_what_the_browser_shows(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    """``yuletide rules GAME`` and the rules page's Markdown are the same text."""
    base, _, _ = server
    for game in games():
        assert cli_main(["rules", game]) == 0
        shown = httpx.get(f"{base}/api/games/{game}/rules").json()["markdown"]
        assert capsys.readouterr().out == shown, game
    assert cli_main(["rules", "rulings"]) == 0
    assert capsys.readouterr().out == httpx.get(f"{base}/api/rulings").json()["markdown"]


def test_pages_carry_a_strict_content_security_policy(server: Server) -> None:
    base, _, _ = server
    for path in ("/", "/play/abc", "/replay/abc", "/rules/blink", "/rules/rulings"):
        r = httpx.get(base + path)
        if r.status_code == 404:  # the client's files are not there (a bare checkout)
            assert "not installed" in r.json()["message"]
            continue
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "http" not in r.text.split("<body", 1)[0].replace("http-equiv", "")


async def test_table_frames_carry_the_model_and_the_log_in_words(server: Server) -> None:
    base, _, api = server
    made = api.create_table(
        game=GAME,
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        sit=0,
        bot_delay=0.0,
    )
    table, token = made["table"], made["you"]["token"]
    async with Client(base, table, token, model=True) as me, Client(base, table, None) as plain:
        sync = await me.recv_type("sync")
        model = sync["model"]
        assert model["game"] == GAME and model["seat"] == 0
        assert not problems(model, sync["legal"])
        assert len(sync["log"]) == len(sync["events"])
        assert all(line["text"] for line in sync["log"])
        plain_sync = await plain.recv_type("sync")
        assert "model" not in plain_sync and "log" not in plain_sync
        last = await me.play(lambda f: f["model"]["prompt"]["actions"][0]["send"][0])
        assert last["model"]["result"] is not None
        assert not problems(last["model"], last["legal"])


async def test_a_bad_table_flag_is_refused(server: Server) -> None:
    base, _, api = server
    made = api.create_table(game=GAME, players=2, sit=0)
    async with websockets.connect(ws_url(base, made["table"])) as ws:
        await ws.send('{"type": "hello", "token": null, "version": null, "table": "yes"}')
        frame = json.loads(await ws.recv())
        assert frame["code"] == "bad_field"
        assert "'table' must be true or false" in frame["message"]


async def test_replay_steps_through_a_finished_game_as_table_models(server: Server) -> None:
    base, _, _ = server
    table, _, _ = await finished_two_player_table(server)
    record = httpx.get(f"{base}/api/tables/{table}/record").json()
    n = len(record["actions"])
    end = httpx.get(f"{base}/api/tables/{table}/replay").json()
    assert end["step"] == n and end["steps"] == n and end["table"]["result"] is not None
    start = httpx.get(f"{base}/api/tables/{table}/replay", params={"step": 0, "seat": 0}).json()
    assert start["action"] is None and start["table"]["seat"] == 0
    assert start["table"]["prompt"]["actions"] == []  # a replay offers no moves
    mid = httpx.get(f"{base}/api/tables/{table}/replay", params={"step": 1, "seat": 1}).json()
    assert mid["action"] == record["actions"][0]
    state = replay({**record, "actions": record["actions"][:1]})
    assert len(mid["log"]) == len(state.events(1))
    # "all" shows every hand face up: no card of the reveal is face down.
    hands = [z for z in end["table"]["zones"] if z["kind"] == "hand"]
    assert hands and all(c["face"] == "up" for z in hands for c in z["cards"])
    for params, message in (
        ({"step": n + 1}, f"step is 0 to {n}"),
        ({"step": -1}, f"step is 0 to {n}"),
        ({"seat": "7"}, "seat is 0 to 1"),
        ({"seat": "x" * 5000}, "seat is 0 to 1"),
    ):
        r = httpx.get(f"{base}/api/tables/{table}/replay", params=params)
        assert r.status_code == 400 and message in r.json()["message"], r.text
    assert httpx.get(f"{base}/api/tables/nope/replay").status_code == 404


def test_a_running_game_has_no_replay(server: Server) -> None:
    base, _, api = server
    made = api.create_table(game=GAME, players=2, sit=0)
    r = httpx.get(f"{base}/api/tables/{made['table']}/replay")
    assert r.status_code == 409 and "public once the game has ended" in r.json()["message"]


async def test_a_seat_handed_to_a_bot_plays_on_to_the_end(server: Server) -> None:
    base, _, api = server
    made = api.create_table(
        game=GAME,
        players=2,
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        sit=0,
        bot_delay=0.0,
    )
    table, token = made["table"], made["you"]["token"]
    url = f"{base}/api/tables/{table}/seats/0/bot"
    async with Client(base, table, None, model=True) as watcher:
        await watcher.recv_type("sync")
        for body, headers, status, message in (
            ({"bot": "random"}, {}, 401, "Authorization: Bearer"),
            ({"bot": "random"}, {"Authorization": "Bearer " + "x" * 32}, 403, "unknown seat"),
            ({"bot": "no-such-bot"}, {"Authorization": f"Bearer {token}"}, 400, "bots"),
            ({"bot": 3}, {"Authorization": f"Bearer {token}"}, 422, "bot"),
        ):
            r = httpx.post(url, json=body, headers=headers)
            assert r.status_code == status and message in r.json()["message"], r.text
        assert api.info(table)["seats"][0]["kind"] == "human"
        async with Client(base, table, token, model=True) as me:
            await me.recv_type("sync")
            r = httpx.post(
                url, json={"bot": "random"}, headers={"Authorization": f"Bearer {token}"}
            )
            assert r.status_code == 200, r.text
            assert api.info(table)["seats"][0]["kind"] == "bot"
            again = httpx.post(
                url, json={"bot": "random"}, headers={"Authorization": f"Bearer {token}"}
            )
            assert again.status_code == 409 and "already" in again.json()["message"]
            # The token still watches its seat (its own view) but may not act for it.
            await me.act("draw", ref="late")
            refused = await me.recv_type("error")
            assert refused["code"] == "bot_seat" and refused["ref"] == "late"
            while not me.over():
                await me.recv(60)
            assert me.last is not None and me.last["seat"] == 0
            assert me.last["model"]["result"] is not None
        while not watcher.over():
            await watcher.recv(60)
        assert watcher.last is not None and watcher.last["model"]["result"] is not None
    # The rematch gives the seat back to its player.
    r = httpx.post(
        f"{base}/api/tables/{table}/rematch", headers={"Authorization": f"Bearer {token}"}
    )
    assert r.status_code == 200, r.text
    assert [s["kind"] for s in r.json()["seats"]] == ["human", "bot"]
