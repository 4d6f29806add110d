"""Check the Box as a table: every hand (yours face up; the others face down, each card
with what the table knows of that hand: the view's public ``known`` intervals), the sets
of three laid in front of each player, and the box the cards are drawn from."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.events import Event
from yuletide.games.christmas_lights.check_the_box.rules import KIND_NAME
from yuletide.table.model import (
    LogLine,
    PromptAction,
    Result,
    ScoreCell,
    Table,
    action,
    card,
    line,
    prompt,
    result,
    seat_info,
    seat_name,
    zone,
)
from yuletide.table.model import table as make_table
from yuletide.table.words import (
    a,
    capital,
    card_of,
    hand_zone,
    listing,
    many,
    plural,
    possessive,
    words,
)

GAME = "check-the-box"


def table(view: Mapping[str, Any], legal: list[str], seat: int | None) -> Table:
    """The model of ``seat``'s view (see the module docstring)."""
    n = int(view["players"])
    over = view["outcome"]["status"] != "ongoing"
    to_act = [] if over else list(view["to_act"])
    known: list[dict[str, list[int]]] = view["known"]
    zones = [
        zone(
            "box",
            "deck",
            f"The box ({plural(view['box'], 'card')} face down)",
            count=view["box"],
            note="“Check the Box”: the asker draws a card from here.",
        )
    ]
    seats = []
    for s in range(n):
        size = int(view["hand_sizes"][s])
        facts = _facts(known[s], size)
        note: str | None
        if s == seat and view["hand"] is not None:
            note = (
                f"The others know you hold {listing(facts)}."
                if facts
                else "The others know nothing of your hand."
            )
            zones.append(hand_zone(s, seat, view["hand"], size, note=note))
        else:
            note = f"Known to hold {listing(facts)}." if facts else None
            zones.append(
                hand_zone(s, seat, None, size, knowledge=_card_knowledge(known[s], size), note=note)
            )
        sets: list[str] = view["sets"][s]
        zones.append(
            zone(
                f"sets:{s}",
                "row",
                f"{capital(possessive(s, seat))} sets of three ({len(sets)})",
                [
                    card(
                        f"sets:{s}:{i + 1}",
                        kind=k,
                        label=f"Set of three {_plural_kind(k)}",
                        colour_name=k if k in KIND_NAME[:6] else None,
                        detail=f"Three {_plural_kind(k)}, laid face up",
                    )
                    for i, k in enumerate(sets)
                ],
                owner=s,
            )
        )
        plugs = sets.count("plug")
        detail = plural(size, "card") + (f", {plural(plugs, 'set')} of Plugs" if plugs else "")
        seats.append(
            seat_info(s, seat, to_act=to_act, score=plural(len(sets), "set"), detail=detail)
        )
    actions = [_action(x, view, seat) for x in legal]
    return make_table(
        game=GAME,
        title="Check the Box",
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


def _plural_kind(kind: str) -> str:
    return many(2, kind).split(" ", 1)[1]


def _bounds(known: Mapping[str, list[int]], size: int) -> dict[str, tuple[int, int]]:
    """Every kind's [at least, at most] for a hand of ``size`` (kinds the view leaves
    out are bounded by the hand only: a hand never holds three of a kind)."""
    return {k: (known[k][0], known[k][1]) if k in known else (0, min(2, size)) for k in KIND_NAME}


def _facts(known: Mapping[str, list[int]], size: int) -> list[str]:
    """What the table knows of a hand, in words (``exactly 2 Green ♣``, ``no Plugs``),
    leaving out the bounds that say no more than the hand's size does."""
    room = size - sum(known[k][0] for k in known)
    out = []
    for k in KIND_NAME:
        if k not in known:
            continue
        lo, hi = known[k]
        implied = min(2, lo + room)
        if hi == implied and lo == 0:
            continue
        if hi == 0:
            out.append(f"no {_plural_kind(k)}")
        elif lo == hi:
            out.append(f"exactly {many(lo, k)}")
        elif lo > 0:
            out.append(f"at least {many(lo, k)}")
        else:
            out.append(f"at most {many(hi, k)}")
    return out


def _card_knowledge(known: Mapping[str, list[int]], size: int) -> list[list[str]]:
    """Per face-down card of a hand, what the viewer knows of it: the cards the table
    knows the hand holds first ("known: Red ♥"), then the rest ("not Plug", or "could
    be: …" when that is shorter)."""
    bounds = _bounds(known, size)
    out: list[list[str]] = []
    for k in KIND_NAME:
        lo = bounds[k][0]
        out.extend([[f"known: {words(k)}"]] * lo)
    rest = size - len(out)
    possible = [k for k in KIND_NAME if bounds[k][1] > bounds[k][0]]
    ruled_out = [k for k in KIND_NAME if k not in possible]
    if not ruled_out:
        said: list[str] = []
    elif len(possible) <= len(ruled_out):
        said = ["could be: " + listing([words(k) for k in possible], "or")]
    else:
        said = ["not " + listing([words(k) for k in ruled_out], "or")]
    out.extend([said] * max(rest, 0))
    return out


def _action(text: str, view: Mapping[str, Any], seat: int | None) -> PromptAction:
    assert seat is not None
    if text == "draw two":
        return action(
            text, "Take the Present bonus: draw two more cards", refs=["box"], group="Present"
        )
    if text == "decline":
        return action(text, "Keep just the Present (no bonus cards)", group="Present")
    _, target, kind = text.split()
    t = int(target)
    size = int(view["hand_sizes"][t])
    lo, hi = _bounds(view["known"][t], size)[kind]
    hint = ""
    if size == 0:
        hint = " (they have no cards)"
    elif hi == 0:
        hint = " (known: they have none)"
    elif lo > 0:
        hint = f" (known: they hold {'exactly' if lo == hi else 'at least'} {lo})"
    return action(
        text,
        f"Ask seat {t + 1} for {a(kind)}{hint}",
        refs=[card_of(view["hand"], kind, seat), f"seat:{t}"],
        group=f"Ask seat {t + 1}",
    )


def _prompt_text(
    view: Mapping[str, Any], seat: int | None, legal: Sequence[str], over: bool
) -> str:
    if over:
        return "The game is over."
    if "draw two" in legal:
        return "You drew a Present: draw two more cards, or keep just the Present?"
    if legal:
        return (
            "Your turn: ask another player for a kind of card you hold. They give you"
            " every card of that kind, or you draw from the box."
        )
    acting = view["deciding"] if view["deciding"] is not None else view["turn"]
    return f"Waiting for seat {int(acting) + 1}."


def _headline(view: Mapping[str, Any], seat: int | None, over: bool) -> str:
    asks = int(view["turns"])
    laid = sum(view["set_counts"])
    if over:
        return f"Game over after {plural(asks, 'ask')}: all 18 sets are laid"
    head = f"Ask {asks + 1} — {laid} of 18 sets laid — "
    if view["deciding"] is not None:
        who = int(view["deciding"])
        return head + f"{seat_name(who, seat)} drew a Present: bonus or not?"
    turn = int(view["turn"])
    return head + ("your turn" if turn == seat else f"seat {turn + 1}'s turn")


def _result(view: Mapping[str, Any], seat: int | None) -> Result:
    n = int(view["players"])
    sets: list[list[str]] = view["sets"]
    columns = [""] + [("You" if s == seat else f"Seat {s + 1}") for s in range(n)]
    rows: list[list[ScoreCell]] = [
        ["Sets of three", *[len(x) for x in sets]],
        ["Sets of Plugs (fewer wins a tie)", *[x.count("plug") for x in sets]],
        ["Sets laid", *[", ".join(words(k) for k in x) or "none" for x in sets]],
    ]
    return result(
        view["outcome"], n, seat, breakdown={"columns": columns, "rows": rows}, score_label="Sets"
    )


def describe(event: Event, seat: int | None) -> LogLine:
    """One Check the Box log event in words."""
    kind = event["type"]
    who = event.get("seat")
    name = seat_name(who, seat, capital=True) if isinstance(who, int) else ""
    refs = [f"seat:{who}"] if isinstance(who, int) else []
    you = who == seat
    if kind == "deal":
        return line(f"{plural(event['cards_each'], 'card')} were dealt to each player")
    if kind == "set":
        return line(
            f"{name} laid a set of three {_plural_kind(event['kind'])}", [f"sets:{who}"], seat=who
        )
    if kind == "ask":
        return line(
            f"{name} asked {seat_name(event['target'], seat)} for {a(event['kind'])}",
            [f"seat:{event['target']}", *refs],
            seat=who,
        )
    if kind == "check the box":
        return line(
            f"{name} {'have' if you else 'has'} none: “Check the Box!”", [*refs, "box"], seat=who
        )
    if kind == "give":
        return line(
            f"{name} gave {seat_name(event['to'], seat)} all"
            f" {'your' if you else 'their'} {_plural_kind(event['kind'])}:"
            f" {plural(event['count'], 'card')}",
            [f"hand:{event['to']}", *refs],
            seat=who,
        )
    if kind == "draw":
        got = a(event["card"]) if "card" in event else "a card"
        return line(f"{name} drew {got} from the box", [f"hand:{who}", "box"], seat=who)
    if kind == "present bonus":
        if event["taken"]:
            text = f"{name} took the Present bonus: two more cards"
        else:
            text = f"{name} kept just the Present"
        return line(text, refs, seat=who)
    if kind == "empty hand":
        return line(
            f"{capital(seat_name(who, seat))} {'have' if you else 'has'} no cards left:"
            f" {'you draw' if you else 'they draw'} five from the box",
            [f"hand:{who}", "box"],
            seat=who,
        )
    if kind == "another turn":
        return line(
            f"{name} completed a set and {'take' if you else 'takes'} another turn", refs, seat=who
        )
    if kind == "skip":
        return line(
            f"{name} {'have' if you else 'has'} no cards and the box is empty: the turn passes on",
            refs,
            seat=who,
        )
    if kind == "end":
        return line("Every card is in a set of three: the game is over")
    raise ValueError(f"not a Check the Box event: {kind!r}")


if TYPE_CHECKING:  # mypy holds this module to the manifest's table part
    from yuletide.core.manifest import TablePart
    from yuletide.games.christmas_lights.check_the_box import table as _this  # noqa: PLW0406

    _table_part: TablePart = _this
