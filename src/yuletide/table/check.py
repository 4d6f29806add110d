"""What every table model must satisfy, checked by the tests over every game's views.

``problems(model, legal)`` lists what is wrong (empty when the model is sound): the
shape of each zone, card and action; ids unique; every ref pointing at something on the
table; every colour carrying its glyph and name; and the prompt covering the seat's
legal actions exactly (each legal action is the first step of some action or form, and
nothing else is offered).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .model import MARKER_KINDS, ZONE_KINDS

FACES = ("up", "down", "slot")
TOP_KEYS = {
    "game",
    "title",
    "seat",
    "players",
    "headline",
    "seats",
    "zones",
    "markers",
    "prompt",
    "result",
    "realtime",
}


def problems(model: Mapping[str, Any], legal: Sequence[str]) -> list[str]:
    """Everything wrong with ``model`` for a seat whose legal actions are ``legal``."""
    out: list[str] = []
    try:
        json.dumps(model, allow_nan=False)
    except (TypeError, ValueError) as exc:
        return [f"not JSON: {exc}"]
    missing = TOP_KEYS - set(model)
    if missing:
        out.append(f"missing keys {sorted(missing)}")
        return out
    ids: set[str] = set()
    for s in model["seats"]:
        ids.add(f"seat:{s['seat']}")
        if not s.get("label"):
            out.append(f"seat {s.get('seat')} has no label")
        out += _markers(s.get("markers", ()), f"seat {s.get('seat')}")
    for z in model["zones"]:
        where = f"zone {z.get('id')!r}"
        if z.get("kind") not in ZONE_KINDS:
            out.append(f"{where}: kind {z.get('kind')!r}")
        if not z.get("label"):
            out.append(f"{where}: no label")
        if z["id"] in ids:
            out.append(f"{where}: duplicate id")
        ids.add(z["id"])
        out += _markers(z.get("markers", ()), where)
        for c in z["cards"]:
            cw = f"card {c.get('id')!r} in {where}"
            if c.get("face") not in FACES:
                out.append(f"{cw}: face {c.get('face')!r}")
            if not isinstance(c.get("label"), str):
                out.append(f"{cw}: no label")
            if c["id"] in ids:
                out.append(f"{cw}: duplicate id")
            ids.add(c["id"])
            out += _markers(c.get("markers", ()), cw)
            if z["kind"] == "board" and "cell" not in c:
                out.append(f"{cw}: a board card needs a cell")
    out += _markers(model["markers"], "table")
    for col in _colours(model):
        if not (col.get("glyph") and col.get("name") and col.get("label")):
            out.append(f"a colour lacks a glyph or name: {col}")
    res = model["result"]
    if res is not None and "breakdown" in res:
        cols = res["breakdown"]["columns"]
        for row in res["breakdown"]["rows"]:
            if len(row) != len(cols):
                out.append(f"breakdown row {row[:1]} has {len(row)} cells for {len(cols)} columns")
    p = model["prompt"]
    firsts: set[str] = set()
    for a in p["actions"]:
        if not a.get("label"):
            out.append(f"action {a.get('id')!r} has no label")
        if not a.get("send"):
            out.append(f"action {a.get('id')!r} sends nothing")
            continue
        firsts.add(a["send"][0])
        for r in a.get("refs", ()):
            if r not in ids:
                out.append(f"action {a['id']!r} refers to {r!r}, not on the table")
    for f in p["forms"]:
        first = _first_sends(f)
        if not first:
            out.append(f"form {f.get('id')!r} sends nothing")
        firsts |= first
        for fl in f["fields"]:
            if not fl["choices"]:
                out.append(f"form {f['id']!r} field {fl['name']!r} has no choices")
    legal_set = set(legal)
    for a in sorted(legal_set - firsts):
        out.append(f"legal action {a!r} is not offered")
    for a in sorted(firsts - legal_set):
        out.append(f"offered action {a!r} is not legal")
    return out


def _first_sends(f: Mapping[str, Any]) -> set[str]:
    """The engine actions a form can begin with: its start, else its first field's."""
    if f["start"]:
        return {str(f["start"][0])}
    if not f["fields"]:
        return set()
    return {str(ch["send"][0]) for ch in f["fields"][0]["choices"] if ch["send"]}


def _markers(markers: Any, where: str) -> list[str]:
    return [
        f"{where}: marker kind {m.get('kind')!r}"
        for m in markers
        if m.get("kind") not in MARKER_KINDS or not m.get("label")
    ]


def _colours(node: Any) -> Iterator[Mapping[str, Any]]:
    """Every colour anywhere in ``node`` (a walk without paths: it runs on every model
    the tests build, so it must be cheap)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for k, v in item.items():
                if k == "colour" and isinstance(v, dict):
                    yield v
                elif isinstance(v, dict | list):
                    stack.append(v)
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, dict | list))
