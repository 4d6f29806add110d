"""The server end to end on a real uvicorn and a SQLite file: a human and two bots."""

from __future__ import annotations

from pathlib import Path

from tests.server.kit import Client, create_table, server_thread, sqlite_url


async def test_a_human_and_two_bots_finish_a_game(tmp_path: Path) -> None:
    with server_thread(sqlite_url(tmp_path / "y.db"), rate=1000, burst=1000) as base:
        table = create_table(
            base,
            game="looney-lights",
            players=3,
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}],
            sit=0,
            bot_delay=0,
        )
        async with Client(base, table["table"], table["you"]["token"]) as me:
            last = await me.play()
            assert last["outcome"]["status"] == "finished"
            record = await me.recv_type("record")
            assert record["record"]["actions"]
