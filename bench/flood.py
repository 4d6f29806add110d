"""The review's flood (issue 33), measured: a human's action round trips at a probe table
before and during a flood of searching bot tables, on a real `yuletide serve`.

    python bench/flood.py                        # this tree
    python bench/flood.py --tree /tmp/before     # another checkout (e.g. git worktree)
    python bench/flood.py --bot medium --serve-arg=--bot-pool --serve-arg=all

The server runs the given tree's code (``TREE/src`` first on the path) on a fresh SQLite
file on 127.0.0.1. The probe is a human seat at a two-player Looney Lights table with a
``random`` bot (``bot_delay`` 0); a round trip is from sending an ``act`` to reading its
``ack``, and the probe waits ``--pause`` seconds before each action (so a phase lasts a
while whatever the server's speed). First ``--samples`` round trips with nothing else
running (baseline); then ``--tables`` six-seat Christmas Lights tables of ``--bot`` bots
(``hard`` by default) with ``bot_delay`` 0 are created, and once every one of them has
moved the probe runs again (flood). Prints one JSON object: each phase's p50/p95/p99 in
milliseconds, its length, the CPU seconds per second of the server's process tree (the
bot pool's workers included, from /proc), and the actions the flood tables made
meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(tree: Path, folder: Path, extra: list[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    src = str(tree / "src")
    code = (
        "import sys; sys.path.insert(0, sys.argv.pop(1));"
        " from yuletide.cli import main; sys.exit(main())"
    )
    args = [sys.executable, "-c", code, src, "serve", "--port", str(port)]
    args += ["--db", f"sqlite:///{folder / 'flood.db'}", "--migrate", "--rate-limit", "2000:2000"]
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    log = (folder / "serve.log").open("wb")
    proc = subprocess.Popen([*args, *extra], stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {(folder / 'serve.log').read_text()}")
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start in 60 s")


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its waited-for children (/proc), plus that of
    its live descendants (the bot pool's workers)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for child in [*_descendants(pid), pid]:
        try:
            fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += sum(int(x) for x in fields[11:15]) / tick
    return total


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    todo = [pid]
    for _ in range(10_000):  # bounded walk of the process tree
        if not todo:
            break
        parent = todo.pop()
        for child in _children(parent):
            found.append(child)
            todo.append(child)
    return found


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(x) for x in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return out


async def _probe(base: str, http: httpx.Client, samples: int, pause: float) -> list[float]:
    trips: list[float] = []
    ws_base = base.replace("http://", "ws://")
    for _table in range(samples):  # each table gives at least one round trip
        table = http.post(
            "/api/tables",
            json={
                "game": "looney-lights",
                "players": 2,
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                "sit": 0,
                "bot_delay": 0,
            },
        ).json()
        async with websockets.connect(f"{ws_base}/ws/tables/{table['table']}") as ws:
            await ws.send(
                json.dumps({"type": "hello", "token": table["you"]["token"], "version": None})
            )
            frame: dict[str, Any] | None = None
            while len(trips) < samples:
                if (
                    frame is not None
                    and frame["status"] == "playing"
                    and 0 in frame["to_act"]
                    and frame["outcome"]["status"] == "ongoing"
                ):
                    await asyncio.sleep(pause)  # a player's (short) think
                    sent = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {
                                "type": "act",
                                "action": frame["legal"][0],
                                "version": frame["version"],
                                "ref": 1,
                            }
                        )
                    )
                    frame = None
                    while True:
                        got = json.loads(await asyncio.wait_for(ws.recv(), 30))
                        if got["type"] == "ack":
                            trips.append(time.perf_counter() - sent)
                            break
                        if got["type"] == "error":
                            break
                        if got["type"] in ("sync", "update"):
                            frame = got
                    continue
                if frame is not None and frame["outcome"]["status"] != "ongoing":
                    break
                got = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if got["type"] in ("sync", "update"):
                    frame = got
        if len(trips) >= samples:
            break
    return trips


def _summary(trips: list[float]) -> dict[str, Any]:
    ms = sorted(t * 1000 for t in trips)

    def at(q: float) -> float:
        return round(ms[min(len(ms) - 1, int(q * len(ms)))], 2)

    return {
        "n": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p95_ms": at(0.95),
        "p99_ms": at(0.99),
    }


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    tree = Path(args.tree).resolve()
    with tempfile.TemporaryDirectory(prefix="yuletide-flood-") as tmp:
        folder = Path(tmp)
        proc, base = _start(tree, folder, args.serve_arg)
        http = httpx.Client(base_url=base, timeout=30)
        try:
            await _probe(base, http, 20, 0.0)  # warm-up: imports, first tables
            cpu0, t0 = _cpu_seconds(proc.pid), time.monotonic()
            baseline = await _probe(base, http, args.samples, args.pause)
            cpu1, t1 = _cpu_seconds(proc.pid), time.monotonic()
            flood = []
            for _ in range(args.tables):
                r = http.post(
                    "/api/tables",
                    json={
                        "game": "christmas-lights",
                        "players": 6,
                        "seats": [{"kind": "bot", "bot": args.bot}] * 6,
                        "bot_delay": 0,
                    },
                )
                if r.status_code != 201:
                    raise RuntimeError(f"creating a flood table: {r.status_code} {r.text}")
                flood.append(r.json()["table"])
            deadline = time.monotonic() + 120
            while not all(http.get(f"/api/tables/{t}").json()["version"] >= 1 for t in flood):
                if time.monotonic() > deadline:
                    raise RuntimeError("the flood tables did not start in 120 s")
                await asyncio.sleep(0.2)
            before = [http.get(f"/api/tables/{t}").json()["version"] for t in flood]
            cpu2, t2 = _cpu_seconds(proc.pid), time.monotonic()
            flooded = await _probe(base, http, args.samples, args.pause)
            cpu3, t3 = _cpu_seconds(proc.pid), time.monotonic()
            after = [http.get(f"/api/tables/{t}").json()["version"] for t in flood]
        finally:
            http.close()
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
        commit = subprocess.run(
            ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        return {
            "tree": str(tree),
            "commit": commit,
            "uncommitted_changes": bool(dirty),
            "serve_args": args.serve_arg,
            "flood": {"tables": args.tables, "players": 6, "bot": args.bot, "bot_delay": 0},
            "pause_s": args.pause,
            "baseline": {
                **_summary(baseline),
                "seconds": round(t1 - t0, 1),
                "cpu_s_per_s": round((cpu1 - cpu0) / (t1 - t0), 2),
            },
            "during_flood": {
                **_summary(flooded),
                "seconds": round(t3 - t2, 1),
                "cpu_s_per_s": round((cpu3 - cpu2) / (t3 - t2), 2),
                "flood_actions": sum(after) - sum(before),
            },
            "cores": os.cpu_count(),
        }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tree", default=str(ROOT), help="the checkout whose server runs (this one)")
    p.add_argument("--samples", type=int, default=200, help="round trips per phase (200)")
    p.add_argument("--tables", type=int, default=6, help="flood tables (6)")
    p.add_argument("--bot", default="hard", help="the flood tables' bot (hard)")
    p.add_argument(
        "--pause",
        type=float,
        default=0.05,
        help="seconds the probe waits before each action (0.05)",
    )
    p.add_argument(
        "--serve-arg",
        action="append",
        default=[],
        help="an extra `yuletide serve` argument (repeatable)",
    )
    p.add_argument("--out", default=None, help="also write the JSON here")
    args = p.parse_args()
    result = asyncio.run(_run(args))
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")


if __name__ == "__main__":
    main()
