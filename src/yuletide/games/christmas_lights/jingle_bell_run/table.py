"""Jingle Bell Run as a table: the 4 x 4 grid of Pattern cards (a ``grid`` zone, cells
a1 to d4, a1 top left) with each character as a marker on its card (or waiting beside
its starting corner) and each finish line marked, the Market, the Bulb deck, the
discard pile, and every hand (the others' with the cards the viewer knows they hold).

A turn's action is offered whole where the view says what its later steps may be: a
steal (how many Broken Bulbs, from whom) and a Plug's swap (both cards) are one choice
each. A take is chosen one card at a time: the Market is refilled from the hidden deck
after each card, so the second card's options are only known once the first is taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.christmas_lights.content import CONTENT, pattern_card
from yuletide.games.christmas_lights.jingle_bell_run.box import KIND_NAME, PATTERN_IDS, pay_for
from yuletide.table.bulbs import CHARACTER_NAMES, pattern
from yuletide.table.model import (
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    Table,
    Zone,
    action,
    line,
    marker,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import table as make_table
from yuletide.table.words import (
    a,
    any_card,
    capital,
    card_of,
    counts_row,
    hand_zone,
    listing,
    plural,
    words,
)

GAME = "jingle-bell-run"
SIDE = 4
LETTERS = "abcd"
CELLS = [f"{LETTERS[c]}{r + 1}" for r in range(SIDE) for c in range(SIDE)]
CORNERS = ("a1", "d1", "a4", "d4")
HAND_LIMIT = 7


def _rc(cell: str) -> tuple[int, int]:
    """``b3`` → (row 2, column 1), counted from 0 (a1 is the top left card)."""
    return int(cell[1:]) - 1, LETTERS.index(cell[0])


def steps(a_: str, b: str) -> int:
    """Straight-line steps between two grid cards (no diagonals)."""
    (r1, c1), (r2, c2) = _rc(a_), _rc(b)
    return abs(r1 - r2) + abs(c1 - c2)


def _name(view: Mapping[str, Any], s: int) -> str:
    key = str(view["characters"][s])
    return CHARACTER_NAMES.get(key, key)


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat``'s view (see the module docstring)."""
    n = int(view["players"])
    over = view["outcome"]["status"] != "ongoing"
    to_act = [] if over else list(view["to_act"])
    known: Mapping[str, list[str]] = view["known"] or {}
    zones = [
        _grid(view, seat),
        zone(
            "market",
            "market",
            f"Market ({plural(len(view['market']), 'card')})",
            [any_card(f"market:{i + 1}", k) for i, k in enumerate(view["market"])],
            note="Take one Bubble Bulb or any two other cards (Market and deck mixed);"
            " three Bubble Bulbs at once reset it.",
        ),
        zone("deck", "deck", f"Bulb deck ({plural(view['deck'], 'card')})", count=view["deck"]),
        counts_row(
            "discard",
            "Discard pile",
            view["discard"],
            note="Face up; shuffled into a new deck when the deck runs out.",
        ),
    ]
    seats = []
    for s in range(n):
        size = int(view["hand_sizes"][s])
        if s == seat and view["hand"] is not None:
            zones.append(hand_zone(s, seat, view["hand"], size))
        else:
            theirs = known.get(str(s), [])
            zones.append(
                hand_zone(
                    s,
                    seat,
                    None,
                    size,
                    knowledge=[[f"known: {words(k)} (you saw it go there)"] for k in theirs],
                    note=f"You know they hold {listing([words(k) for k in theirs])}."
                    if theirs
                    else None,
                )
            )
        seats.append(
            seat_info(
                s,
                seat,
                to_act=to_act,
                detail=_where(view, s, seat),
                markers=[marker("character", _name(view, s))],
            )
        )
    actions = _actions(view, legal, seat)
    return make_table(
        game=GAME,
        title="Jingle Bell Run",
        view=view,
        headline=_headline(view, seat, over),
        seats=seats,
        zones=zones,
        prompt_=prompt(
            _prompt_text(view, seat, legal, over),
            actions,
            waiting_for=[s for s in to_act if s != seat],
        ),
        result_=_result(view, seat) if over else None,
    )


# ------------------------------------------------------------------ zones


def _where(view: Mapping[str, Any], s: int, viewer: int | None) -> str:
    size = plural(int(view["hand_sizes"][s]), "card")
    start, at, finish = view["start"][s], view["at"][s], view["finish"][s]
    if start is None:
        return f"{size}; no corner chosen yet"
    if at is None:
        return f"{size}; waiting beside {start}, finish line {finish}"
    return f"{size}; on {at}, {plural(steps(at, finish), 'step')} from the finish line {finish}"


def _grid(view: Mapping[str, Any], viewer: int | None) -> Zone:
    n = int(view["players"])
    cards = []
    for i, cell in enumerate(CELLS):
        pid = view["grid"][i]
        marks = []
        for s in range(n):
            who = "you" if s == viewer else f"seat {s + 1}"
            if view["at"][s] == cell:
                marks.append(marker("character", f"{_name(view, s)} — {who}", id=f"character:{s}"))
            elif view["at"][s] is None and view["start"][s] == cell:
                marks.append(
                    marker(
                        "character",
                        f"{_name(view, s)} — {who}, waiting beside this corner",
                        id=f"character:{s}",
                    )
                )
            if view["finish"][s] == cell:
                marks.append(
                    marker(
                        "token",
                        "Your finish line"
                        if s == viewer
                        else f"Finish line of seat {s + 1} ({_name(view, s)})",
                    )
                )
        if view["swapping"] == cell:
            marks.append(marker("token", "Chosen for the Plug's swap"))
        c = pattern(f"grid:{cell}", pattern_card(pid), markers=marks)
        c["label"] = f"{cell}: Pattern {pid}"
        c["cell"] = list(_rc(cell))
        if cell in CORNERS:
            c["detail"] = f"{c['detail']} (a corner)"
        cards.append(c)
    return zone(
        "grid",
        "grid",
        "The Pattern grid (a1 top left to d4 bottom right)",
        cards,
        columns=SIDE,
        note="Move onto a card next to yours, in a straight line towards your finish"
        " line, by paying five cards matching its lights (Bubble Bulbs are wild).",
    )


# ------------------------------------------------------------------ prompt


def _actions(view: Mapping[str, Any], legal: Sequence[str], seat: int | None) -> list[PromptAction]:
    if seat is None or not legal:
        return []
    step = view["step"]
    hand: list[str] = view["hand"] or []
    out: list[PromptAction] = []
    free = [c for c in CELLS if c not in view["at"]]
    for text in legal:
        verb = text.split()[0]
        if text == "take" and step == "action":
            out.extend(_takes(view, seat))
        elif text == "steal" and step == "action":
            out.extend(_steals(view, seat, ["steal"]))
        elif text == "plug" and step == "action":
            out.extend(_swaps(view, ["plug"], [card_of(hand, "plug", seat)], free))
        elif verb == "swap":
            first = text.split()[1]
            out.extend(_swaps(view, [], [], free, first=first))
        elif verb == "steal":
            out.extend(_steals(view, seat, [], only=text))
        else:
            out.append(_single(text, view, seat))
    return out


def _takes(view: Mapping[str, Any], seat: int) -> list[PromptAction]:
    """The take action with its first card: a Market card or the top of the deck."""
    out = []
    market: list[str] = view["market"]
    for k in dict.fromkeys(market):
        ref = f"market:{market.index(k) + 1}"
        if k == "bubble":
            out.append(
                action(
                    ["take", "take bubble"],
                    "Take the Bubble Bulb from the Market (a Bubble Bulb is your whole take)",
                    refs=[ref],
                    group="Take",
                )
            )
        else:
            out.append(
                action(
                    ["take", f"take {k}"],
                    f"Take {words(k)} from the Market, then a second card",
                    refs=[ref],
                    group="Take",
                )
            )
    if view["deck"] or sum(view["discard"].values()):
        out.append(
            action(
                ["take", "draw"],
                "Draw the top card of the Bulb deck, then a second card",
                refs=["deck"],
                group="Take",
            )
        )
    return out


def _steals(
    view: Mapping[str, Any], seat: int, start: list[str], only: str | None = None
) -> list[PromptAction]:
    """Discard Broken Bulbs to take as many cards at random from another player."""
    hand: list[str] = view["hand"] or []
    broken = hand.count("broken")
    out = []
    for s in range(int(view["players"])):
        size = int(view["hand_sizes"][s])
        if s == seat or not size:
            continue
        for k in range(1, min(broken, size) + 1):
            text = f"steal {k} from seat {s}"
            if only is not None and text != only:
                continue
            out.append(
                action(
                    [*start, text],
                    f"Discard {plural(k, 'Broken Bulb')} to take"
                    f" {plural(k, 'random card')} from seat {s + 1}",
                    refs=[card_of(hand, "broken", seat), f"seat:{s}"],
                    group="Steal",
                )
            )
    return out


def _swaps(
    view: Mapping[str, Any],
    start: list[str],
    refs: list[str],
    free: list[str],
    first: str | None = None,
) -> list[PromptAction]:
    """A Plug's swap of two unoccupied grid cards, both chosen at once (in either order,
    so the two cards may be clicked in either order)."""
    grid = dict(zip(CELLS, view["grid"], strict=True))
    out = []
    for x in free if first is None else [first]:
        for y in free:
            if x == y:
                continue
            sends = [*start, f"swap {x}", f"with {y}"]
            out.append(
                action(
                    sends,
                    f"Play a Plug: swap {x} ({grid[x]}) with {y} ({grid[y]})",
                    refs=[*refs, f"grid:{x}", f"grid:{y}"],
                    group="Plug",
                )
            )
    return out


def _single(text: str, view: Mapping[str, Any], seat: int) -> PromptAction:
    hand: list[str] = view["hand"] or []
    parts = text.split()
    verb = parts[0]
    if verb == "start":
        corner = parts[1]
        r, c = _rc(corner)
        opposite = CELLS[(SIDE - 1 - r) * SIDE + (SIDE - 1 - c)]
        return action(
            text,
            f"Place {_name(view, seat)} beside corner {corner} (your finish line: {opposite})",
            refs=[f"grid:{corner}"],
            group="Start",
        )
    if verb == "move":
        cell = parts[1]
        pid = view["grid"][CELLS.index(cell)]
        counts = [hand.count(k) for k in KIND_NAME]
        paid = [KIND_NAME[k] for k in pay_for(counts, 0, PATTERN_IDS.index(pid)) or []]
        lights = pattern_card(pid)["lights"]
        pay = [
            words(k) if k != "bubble" else f"a Bubble Bulb for {words(lights[i])}"
            for i, k in enumerate(paid)
        ]
        label = f"Move {_name(view, seat)} onto {cell} ({pid}), paying {listing(pay)}"
        if cell == view["finish"][seat]:
            label += ": your finish line, you win!"
        return action(text, label, refs=[f"grid:{cell}"], group="Move")
    which = "your second card" if view["taken"] else "your first card"
    if verb == "take":
        kind = parts[1]
        market: list[str] = view["market"]
        return action(
            text,
            f"Take {a(kind)} from the Market ({which})",
            refs=[f"market:{market.index(kind) + 1}"],
            group="Take",
        )
    if text == "draw":
        return action(
            text, f"Draw the top card of the Bulb deck ({which})", refs=["deck"], group="Take"
        )
    if verb == "with":
        cell = parts[1]
        swapping = view["swapping"]
        grid = dict(zip(CELLS, view["grid"], strict=True))
        return action(
            text,
            f"Swap {swapping} ({grid[swapping]}) with {cell} ({grid[cell]})",
            refs=[f"grid:{cell}"],
            group="Plug",
        )
    if verb == "discard":
        size = int(view["hand_sizes"][seat])
        return action(
            text,
            f"Discard {a(parts[1])} (hand limit: {HAND_LIMIT}; you hold {size})",
            refs=[card_of(hand, parts[1], seat)],
            group="Discard",
        )
    raise ValueError(f"not a Jingle Bell Run action: {text!r}")


def _prompt_text(
    view: Mapping[str, Any], seat: int | None, legal: Sequence[str], over: bool
) -> str:
    if over:
        return "The game is over."
    turn = int(view["turn"])
    if not legal:
        return f"Waiting for seat {turn + 1}."
    step = view["step"]
    if step == "start":
        return f"Place {_name(view, turn)} beside a corner: your finish line is the opposite one."
    if step == "take":
        return "Take your second card: from the Market or the top of the Bulb deck."
    if step == "steal":
        return "How many Broken Bulbs do you discard, and from whom do you take cards?"
    if step == "plug-first":
        return "Your Plug: choose the two unoccupied Pattern cards to swap."
    if step == "plug-second":
        return f"Your Plug: choose the card to swap with {view['swapping']}."
    if step == "discard":
        return (
            f"You hold {view['hand_sizes'][seat]} cards: discard down to {HAND_LIMIT},"
            " one card at a time."
        )
    return "Your turn: take cards, steal with Broken Bulbs, swap two cards with a Plug, or move."


def _headline(view: Mapping[str, Any], seat: int | None, over: bool) -> str:
    if over:
        return f"Game over after {plural(int(view['turns']), 'turn')}"
    turn = int(view["turn"])
    who = "your" if turn == seat else f"seat {turn + 1}'s"
    if view["step"] == "start":
        return (
            f"Setup: {capital(seat_name(turn, seat))} {'choose' if turn == seat else 'chooses'}"
            " a starting corner"
        )
    return f"Turn {int(view['turns']) + 1} — {who} turn"


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    n = int(view["players"])
    columns = [""] + [("You" if s == seat else f"Seat {s + 1}") for s in range(n)]
    rows: list[list[ScoreCell]] = [
        ["Character", *[_name(view, s) for s in range(n)]],
        ["Start corner", *[view["start"][s] or "–" for s in range(n)]],
        ["Finish line", *[view["finish"][s] or "–" for s in range(n)]],
        ["Standing on", *[view["at"][s] or "beside the corner" for s in range(n)]],
        [
            "Steps to the finish line",
            *[
                steps(view["at"][s], view["finish"][s])
                if view["at"][s] and view["finish"][s]
                else "–"
                for s in range(n)
            ],
        ],
    ]
    out = result(
        view["outcome"], n, seat, breakdown={"columns": columns, "rows": rows}, score_label="Won"
    )
    if out["winners"]:
        w = out["winners"][0]
        out["reason"] = (
            f"{capital(seat_name(w, seat))} reached {'your' if w == seat else 'their'} finish line"
        )
    return out


# ------------------------------------------------------------------ the log


def describe(event: Event, seat: int | None) -> LogLine:
    """One Jingle Bell Run log event in words."""
    kind = event["type"]
    who = event.get("seat")
    name = seat_name(who, seat, capital=True) if isinstance(who, int) else ""
    refs = [f"seat:{who}"] if isinstance(who, int) else []
    you = who == seat
    if kind == "grid":
        return line("Sixteen Pattern cards were laid out in a 4 x 4 grid", ["grid"])
    if kind == "draw":
        got = a(event["card"]) if "card" in event else "a card"
        return line(f"{name} drew {got}", [f"hand:{who}", "deck"], seat=who)
    if kind == "market":
        return line(f"{capital(a(event['card']))} was revealed in the Market", ["market"])
    if kind == "market-reset":
        return line("Three Bubble Bulbs in the Market: it was discarded and refilled", ["market"])
    if kind == "take":
        return line(f"{name} took {a(event['card'])} from the Market", [f"hand:{who}"], seat=who)
    if kind == "discard":
        return line(f"{name} discarded {a(event['card'])} (hand limit)", ["discard"], seat=who)
    if kind == "move":
        character = CHARACTER_NAMES.get(CONTENT.characters[int(event["seat"])], "their character")
        return line(
            f"{name} moved {character} onto {event['to']}, paying"
            f" {listing([words(k) for k in event['paid']])}",
            [f"grid:{event['to']}"],
            seat=who,
        )
    if kind == "steal":
        return line(f"{name} {'steal' if you else 'steals'} with Broken Bulbs", refs, seat=who)
    if kind == "stolen":
        victim = event["from"]
        text = (
            f"{name} discarded {plural(event['count'], 'Broken Bulb')} and took"
            f" {plural(event['count'], 'random card')} from {seat_name(victim, seat)}"
        )
        if "cards" in event:
            text += f": {listing([words(k) for k in event['cards']])}"
        return line(text, [f"hand:{victim}", f"hand:{who}"], seat=who)
    if kind == "plug":
        return line(f"{name} played a Plug to swap two Pattern cards", refs, seat=who)
    if kind == "swap":
        x, y = event["cards"]
        return line(
            f"{name} swapped the Pattern cards at {x} and {y}", [f"grid:{x}", f"grid:{y}"], seat=who
        )
    if kind == "start":
        character = CHARACTER_NAMES.get(CONTENT.characters[int(event["seat"])], "their character")
        return line(
            f"{name} placed {character} beside corner {event['corner']}",
            [f"grid:{event['corner']}"],
            seat=who,
        )
    if kind == "reshuffle":
        return line(
            f"The Bulb deck ran out: the discard pile was shuffled into a new deck of"
            f" {plural(event['deck'], 'card')}",
            ["deck"],
        )
    if kind == "win":
        return line(
            f"{name} reached {'your' if you else 'their'} finish line and"
            f" {'win' if you else 'wins'}!",
            refs,
            seat=who,
        )
    raise ValueError(f"not a Jingle Bell Run event: {kind!r}")


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.jingle_bell_run import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
