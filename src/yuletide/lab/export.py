"""Raw results for people who want their own analysis: one JSON file (the run's spec and
every game) and one CSV file (a row per game, a column per seat's bot, score, rank and
win), written beside whatever the command prints."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .plan import Plan


def game_rows(plan: Plan, results: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per game of the plan: where it sits in the plan, and its result."""
    rows = []
    for task, result in zip(plan.tasks, results, strict=True):
        group = plan.groups[task.group]
        rows.append(
            {
                "game": task.index,
                "key": task.key,
                "group": group.label,
                "deal": task.deal,
                "seed": task.seed,
                "players": group.players,
                "options": dict(group.options),
                "seats": list(task.seating),
                "rotation": task.rotation,
                **result,
            }
        )
    return rows


def write_json(path: Path, plan: Plan, results: Sequence[dict[str, Any]]) -> None:
    data = {
        "format": "yuletide-lab",
        "run": plan.key,
        "kind": plan.kind,
        "game_id": plan.game,
        "spec": dict(plan.spec),
        "groups": [
            {
                "label": g.label,
                "players": g.players,
                "options": dict(g.options),
                "lineup": list(g.lineup),
            }
            for g in plan.groups
        ],
        "games": game_rows(plan, results),
    }
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def write_csv(path: Path, plan: Plan, results: Sequence[dict[str, Any]]) -> None:
    seats = max((g.players for g in plan.groups), default=0)
    head = ["game", "group", "deal", "seed", "players", "rotation", "status"]
    head += ["winners", "tiebreak", "decisions", "table_seconds", "forced"]
    for s in range(seats):
        head += [f"bot_{s}", f"win_{s}", f"score_{s}", f"rank_{s}"]
    head += ["options", "facts", "key"]
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(head)
        for row in game_rows(plan, results):
            line: list[Any] = [row[h] for h in head[:7]]
            line += [
                " ".join(str(w) for w in row["winners"]),
                row["tiebreak"] or "",
                row["decisions"],
                row["table_seconds"],
                row["forced"],
            ]
            scores, ranks = row["scores"], row["ranks"]
            for s in range(seats):
                if s < row["players"]:
                    line += [
                        row["seats"][s],
                        int(s in row["winners"]),
                        "" if scores is None else scores[s],
                        "" if ranks is None else ranks[s],
                    ]
                else:
                    line += ["", "", "", ""]
            line += [
                json.dumps(row["options"], sort_keys=True),
                json.dumps(row["facts"], sort_keys=True),
                row["key"],
            ]
            writer.writerow(line)


def write_raw(
    folder: Path, stem: str, plan: Plan, results: Sequence[dict[str, Any]]
) -> tuple[Path, Path]:
    """``<stem>.json`` and ``<stem>.csv`` in ``folder``; their paths."""
    json_path, csv_path = folder / f"{stem}.json", folder / f"{stem}.csv"
    try:
        write_json(json_path, plan, results)
        write_csv(csv_path, plan, results)
    except OSError as err:
        raise ValueError(f"cannot write the raw results in {folder}: {err}") from err
    return json_path, csv_path
