"""Christmas Lights: the wording of the game — why an action is refused (citing the
rule, from what the seat can see), how the log reads to each seat, and the M10 question
language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from yuletide.core.errors import IllegalAction
from yuletide.core.state import Action, LogEntry
from yuletide.games.christmas_lights.main.box import (
    ALL,
    ASK_SAME,
    CHARACTER_NAME,
    CHRISTMAS_EVE,
    DONE,
    END_NAME,
    EVENT_NAME,
    EVENT_TITLE,
    FIRST,
    GO_SALE,
    GO_SWAP,
    HAND_SIZE,
    KIND_NAME,
    LEFT,
    LIGHT_SWITCH,
    MARK_NAME,
    MARKS,
    MOVES,
    N_KINDS,
    N_MARKS,
    PATTERN_IDS,
    PLUG_SLOT,
    Card,
    Commit,
    Draw,
    Kind,
    Mark,
    Move,
    Number,
    Seat,
    Target,
    Word,
)
from yuletide.games.christmas_lights.main.fields import GE, QH, QH_ALL, QH_LAST_KIND, SAME
from yuletide.games.christmas_lights.main.steps import (
    BUYER,
    EVENT,
    NEXT,
    PLAY,
    PLAY_TARGET,
    Q_KINDS,
    Q_NUMBER,
    Q_PAIR_FIRST,
    Q_POSITIONS,
    Q_RELATION,
    SALE,
    SALE_OFFER,
    STEPS,
    SWAP,
    SWAP_CARD,
    SWAP_SEAT,
    commits,
)

if TYPE_CHECKING:
    from yuletide.games.christmas_lights.main.rules import ChristmasLights

RULE_TURN = "Christmas Lights, On Your Turn"
RULE_PLAY = "Christmas Lights, On Your Turn 1 (PLAY); ruling M2"
RULE_COMMIT = "Christmas Lights, Basic Rules; ruling M1"
RULE_SWAP = "Christmas Lights, On Your Turn 2 (SWAP); ruling M11"
RULE_SALE = "Christmas Lights, On Your Turn 3 (SALE); ruling M9"
RULE_QUESTION = "Christmas Lights, On Your Turn 3 (SALE); ruling M10"
RULE_REFILL = "Christmas Lights, On Your Turn 4 (REFILL); rulings M8, M17"
RULE_EVENT = "Christmas Lights, Event Cards; ruling M15"
RULE_FREE = "Christmas Lights ruling M12; reading free-actions"


def question_text(
    qtype: int,
    positions: Sequence[int],
    *,
    all_flag: int = 0,
    mask: int = 0,
    op: int = GE,
    k: int = 0,
) -> str:
    """A question in the M10 language with 1-based positions: ``count({1,3},{red,plug}) >= 1``,
    ``count(all,{plug}) = 0``, ``same(2,4)``."""
    if qtype == SAME:
        return f"same({positions[0] + 1},{positions[1] + 1})"
    where = "all" if all_flag else "{" + ",".join(str(p + 1) for p in positions) + "}"
    kinds = "{" + ",".join(KIND_NAME[x] for x in range(N_KINDS) if mask >> x & 1) + "}"
    return f"count({where},{kinds}) {'>=' if op == GE else '='} {k}"


def compact(actions: Sequence[Action]) -> str:
    """Legal actions in short: runs of ``card i`` and ``number k`` as ranges."""
    parts: list[str] = []
    run: list[int] = []
    run_kind: type | None = None

    def flush() -> None:
        if run:
            word = "card" if run_kind is Card else "number"
            shift = 1 if run_kind is Card else 0
            lo, hi = run[0] + shift, run[-1] + shift
            parts.append(f"{word} {lo}" if lo == hi else f"{word} {lo}-{hi}")
            run.clear()

    for a in actions:
        value = a.pos if isinstance(a, Card) else a.n if isinstance(a, Number) else None
        if value is not None and type(a) is run_kind and run and value == run[-1] + 1:
            run.append(value)
            continue
        flush()
        if value is not None:
            run_kind = type(a)
            run.append(value)
        else:
            parts.append(str(a))
    flush()
    return ", ".join(parts) if parts else "nothing"


# ------------------------------------------------------------------------ refusals


def why_illegal(state: ChristmasLights, seat: int, action: Action) -> IllegalAction:
    """Why ``action`` is not legal for ``seat`` (a seat to act) now, and what is. Uses
    only what the seat can see: never a card of its own hand that it does not know."""
    reason, rule = problem(state, seat, action)
    legal = compact(state.legal_actions(seat))
    where = "a free action" if state.free_pending[seat] >= 0 else STEPS[state.step].name
    text = f"{reason}; " if reason else f"{action} is not legal now; "
    return IllegalAction(f"{text}now ({where}): {legal}", rule)


def problem(state: ChristmasLights, seat: int, action: Action) -> tuple[str, str]:
    """The specific reason ``action`` is refused (or "" for the generic one), and the
    rule. Only public facts and the seat's own patterns are used."""
    step = state.step
    hand = state.hands[seat]
    h = len(hand)
    pending = state.free_pending[seat]
    if pending >= 0:
        return _free_problem(state, seat, action)
    if isinstance(action, Mark | Move):
        if seat != state.turn:
            return "marks and moves are made on your own turn", RULE_FREE
        if not STEPS[step].free:
            return "a mark or move cannot interrupt a choice made in steps", RULE_FREE
        if state.free_left[seat] <= 0:
            if state.free_per_turn == 0:
                return "marks and moves are off in this game (free_actions 0)", RULE_FREE
            return (
                f"you have made your {state.free_per_turn} mark(s) or move(s) this turn",
                RULE_FREE,
            )
        if not hand:
            return "you hold no cards to mark or move", RULE_FREE
        if isinstance(action, Move):
            return "with one card there is nothing to move", RULE_FREE
        return f"every card in your hand already has mark {MARK_NAME[action.mark]}", RULE_FREE
    if step == PLAY:
        return _play_problem(state, seat, action)
    if step == PLAY_TARGET:
        if isinstance(action, Target):
            if action.slot < 0:
                return "all five slots are filled: only fixes can help (M6)", RULE_PLAY
            return f"slot {action.slot + 1} holds no Broken Bulb to fix (M2, M3)", RULE_PLAY
        return "choose where the card goes: advance or fix <k>", RULE_PLAY
    if step == NEXT:
        return _next_problem(state, seat, action)
    if isinstance(action, Card) and step in (SWAP, SALE, SWAP_CARD, SALE_OFFER, EVENT):
        size, whose = h, "your hand holds"
        if step == SWAP_CARD:
            size = len(state.hands[state.swap_seat])
            whose = f"seat {state.swap_seat} holds"
        if action.pos >= size:
            return f"there is no card {action.pos + 1}: {whose} {size}", RULE_TURN
    if step in (SWAP, SWAP_SEAT, SWAP_CARD):
        if step == SWAP_SEAT and isinstance(action, Seat):
            t = action.seat
            if t == seat:
                return "you cannot swap with yourself", RULE_SWAP
            return f"seat {t} holds no cards to swap", RULE_SWAP
        what = ("your card", "the seat to swap with", "their card")[step - SWAP]
        return f"SWAP: choose {what}", RULE_SWAP
    if step == SALE:
        return "SALE: lay a card of your hand face up (card <i>)", RULE_SALE
    if step == SALE_OFFER:
        if isinstance(action, Card):
            return "no more cards can be laid for this sale", RULE_SALE
        if isinstance(action, Seat):
            t = action.seat
            if t == seat:
                return "you cannot offer your card to yourself", RULE_SALE
            return f"seat {t} has been offered this card already (each at most once)", RULE_SALE
        return "offer the card to a seat (seat <s>) or withdraw it (it is discarded)", RULE_SALE
    if STEPS[step].question:
        return _question_problem(state, seat, action)
    if step == BUYER:
        return f"seat {state.turn} offers you a card: accept or decline", RULE_SALE
    # EVENT
    title = EVENT_TITLE[state.event]
    if state.event == LIGHT_SWITCH and isinstance(action, Draw):
        return f"{title} lets each player draw one card (draw 1)", RULE_EVENT
    if state.event == LIGHT_SWITCH:
        return f"{title}: draw a card and look at it (draw 1) or not (none)", RULE_EVENT
    verb = "look at" if state.event == CHRISTMAS_EVE else "discard"
    return f"{title}: choose a card of yours to {verb} (card <i>) or none", RULE_EVENT


def _free_problem(state: ChristmasLights, seat: int, action: Action) -> tuple[str, str]:
    pending = state.free_pending[seat]
    h = len(state.hands[seat])
    what = str(MARKS[pending] if pending < N_MARKS else MOVES[pending - N_MARKS])
    if not isinstance(action, Card):
        return f"choose the card for '{what}' first (card <i>)", RULE_FREE
    if action.pos >= h:
        return f"there is no card {action.pos + 1}: your hand holds {h}", RULE_FREE
    if pending < N_MARKS:
        return f"card {action.pos + 1} has mark {MARK_NAME[pending]} already", RULE_FREE
    edge = "first" if pending - N_MARKS in (FIRST, LEFT) else "last"
    return f"card {action.pos + 1} is the {edge} card already", RULE_FREE


def _play_problem(state: ChristmasLights, seat: int, action: Action) -> tuple[str, str]:
    h = len(state.hands[seat])
    open_commits = commits(state, seat)
    if isinstance(action, Card):
        if open_commits:
            return (
                "before the first card of a string, commit to one of your Pattern cards"
                " and an end (commit <1|2> <left|right>)",
                RULE_COMMIT,
            )
        return f"there is no card {action.pos + 1}: your hand holds {h}", RULE_PLAY
    if isinstance(action, Commit):
        c = state.commit[seat]
        if c >= 0:
            return (
                f"you are committed to pattern {(c >> 1) + 1} from the {END_NAME[c & 1]}"
                " until this string is complete",
                RULE_COMMIT,
            )
        if state._plug_due(seat):
            return "a Plug comes before the second string (M5)", RULE_PLAY
        return f"pattern {action.pattern + 1} is complete already", RULE_COMMIT
    if isinstance(action, Word | Draw):
        return "end the PLAY step first (done); the other steps come after it", RULE_TURN
    return "PLAY: play a card (card <i>), or end the step (done)", RULE_PLAY


def _next_problem(state: ChristmasLights, seat: int, action: Action) -> tuple[str, str]:
    hand = state.hands[seat]
    h = len(hand)
    stage = state.stage
    if action is GO_SWAP:
        if stage >= 1:
            return "the SWAP step is over for this turn: steps go in order, once", RULE_TURN
        if not hand:
            return "you hold no cards to swap", RULE_SWAP
        return "nobody else holds a card to swap with", RULE_SWAP
    if action is GO_SALE:
        if stage >= 2:
            return "the SALE step is over for this turn: steps go in order, once", RULE_TURN
        return "you hold no cards to sell", RULE_SALE
    if isinstance(action, Draw):
        room = HAND_SIZE - h
        left = len(state.deck) + len(state.discard)
        if room <= 0:
            return f"you hold {h} cards: REFILL only fills a hand up to five", RULE_REFILL
        if action.n > room:
            return f"you hold {h} cards: draw at most {room} to fill up to five", RULE_REFILL
        return f"only {left} card(s) are left to draw (deck and discard pile)", RULE_REFILL
    if action is DONE:
        return "the PLAY step is over; choose the next step or end the turn", RULE_TURN
    return "choose the next step (swap, sale, draw <n> to refill) or end the turn", RULE_TURN


def _question_problem(state: ChristmasLights, seat: int, action: Action) -> tuple[str, str]:
    step = state.step
    q = state.q
    h = len(state.hands[seat])
    if step == Q_POSITIONS:
        if isinstance(action, Card) and len(q) > QH:
            return f"add positions in increasing order, after {q[-1] + 1}", RULE_QUESTION
        if action is ASK_SAME:
            if h < 2:
                return "same(i, j) needs two cards in your hand", RULE_QUESTION
            return "same(i, j) is chosen before any position", RULE_QUESTION
        if action is ALL:
            return "'all' must be the first choice of positions", RULE_QUESTION
        if action is DONE:
            return "choose at least one position (or all)", RULE_QUESTION
        return "choose the positions the question is about", RULE_QUESTION
    if step == Q_KINDS:
        if isinstance(action, Kind):
            last = KIND_NAME[q[QH_LAST_KIND]]
            return f"add kinds in the order {', '.join(KIND_NAME)}, after {last}", RULE_QUESTION
        if action is DONE:
            return "choose at least one kind", RULE_QUESTION
        return "choose the kinds the question counts (kind <kind>)", RULE_QUESTION
    if step == Q_RELATION:
        return "choose the relation: >= (at least) or = (exactly)", RULE_QUESTION
    if step == Q_NUMBER:
        top = h if q[QH_ALL] else len(q) - QH
        return f"choose k: the question is about {top} card(s), so 0 to {top}", RULE_QUESTION
    if step == Q_PAIR_FIRST:
        if isinstance(action, Card):
            return "the first card of same(i, j) comes before the second", RULE_QUESTION
        return "choose the first card of same(i, j)", RULE_QUESTION
    if isinstance(action, Card):
        return f"the second card of same(i, j) comes after {q[-1] + 1}", RULE_QUESTION
    return "choose the second card of same(i, j)", RULE_QUESTION


# ----------------------------------------------------------------------- the log


def action_seen_by(state: ChristmasLights, seat: int, action: Action, viewer: int | None) -> str:
    """A commitment (M1) and a choice in an everyone-event (M15) are secret: the
    others see only that a choice was made."""
    if viewer == seat:
        return str(action)
    if isinstance(action, Commit):
        return "commit (secret)"
    if state.step == EVENT:
        return "decide (secret until everyone has decided)"
    return str(action)


def render_event(state: ChristmasLights, entry: LogEntry, seat: int | None) -> dict[str, Any]:
    kind = entry[0]
    if kind == "play":
        _, s, pos, slot, at, card, placed = entry
        return {
            "type": "play",
            "seat": s,
            "card": pos + 1,
            "target": "advance" if slot < 0 else f"fix {slot + 1}",
            "slot": "plug" if at == PLUG_SLOT else at + 1,
            "revealed": KIND_NAME[card],
            "result": "placed" if placed else "discarded",
        }
    if kind == "turn":
        return {"type": "turn", "seat": entry[1], "turn": entry[2]}
    if kind == "lay":
        return {
            "type": "lay",
            "seat": entry[1],
            "card": entry[2] + 1,
            "kind": KIND_NAME[entry[3]],
        }
    if kind == "offer":
        return {
            "type": "offer",
            "seat": entry[1],
            "to": entry[2],
            "kind": KIND_NAME[entry[3]],
            "question": entry[4],
        }
    if kind == "accept":
        event: dict[str, Any] = {"type": "accept", "seat": entry[1], "from": entry[2]}
        if seat == entry[1] or seat == entry[2]:
            event["answer"] = "yes" if entry[3] else "no"
        return event
    if kind == "decline":
        return {"type": "decline", "seat": entry[1], "from": entry[2]}
    if kind == "unsold":
        return {"type": "unsold", "seat": entry[1], "kind": KIND_NAME[entry[2]]}
    if kind == "draw":
        event = {"type": "draw", "seat": entry[1], "why": entry[2], "count": len(entry) - 3}
        if seat is not None and seat != entry[1]:
            event["kinds"] = [KIND_NAME[k] for k in entry[3:]]
        return event
    if kind == "swap":
        _, a, pa, b, pb, ka, kb = entry
        return {
            "type": "swap",
            "seat": a,
            "card": pa + 1,
            "with": b,
            "their_card": pb + 1,
            "gave": KIND_NAME[ka],
            "got": KIND_NAME[kb],
        }
    if kind == "mark":
        return {
            "type": "mark",
            "seat": entry[1],
            "card": entry[2] + 1,
            "mark": MARK_NAME[entry[3]],
        }
    if kind == "move":
        return {"type": "move", "seat": entry[1], "card": entry[2] + 1, "to": entry[3] + 1}
    if kind == "commit":
        event = {"type": "commit", "seat": entry[1]}
        if seat == entry[1]:
            event["pattern"] = entry[2] + 1
            event["end"] = END_NAME[entry[3]]
        return event
    if kind == "complete":
        # Which of the seat's two Pattern cards it was (face up from now on, so it
        # never moves: determinize keeps revealed cards where they are).
        return {
            "type": "complete",
            "seat": entry[1],
            "pattern": PATTERN_IDS[entry[2]],
            "end": END_NAME[entry[3]],
            "pattern_card": state.patterns[entry[1]].index(entry[2]) + 1,
        }
    if kind == "event":
        return {"type": "event", "seat": entry[1], "event": EVENT_NAME[entry[2]]}
    if kind == "no-event":
        return {"type": "no-event", "seat": entry[1]}
    if kind == "decided":
        return {"type": "decided", "seat": entry[1]}
    if kind == "light-switch":
        drawn = KIND_NAME[entry[2]] if entry[2] >= 0 else None
        return {"type": "light-switch", "seat": entry[1], "drew": drawn}
    if kind == "christmas-eve":
        return {
            "type": "christmas-eve",
            "seat": entry[1],
            "card": entry[2] + 1,
            "kind": KIND_NAME[entry[3]],
        }
    if kind == "boxing-day":
        event = {
            "type": "boxing-day",
            "seat": entry[1],
            "card": entry[2] + 1,
            "discarded": KIND_NAME[entry[3]],
            "drew": entry[4] >= 0,
        }
        if seat is not None and seat != entry[1] and entry[4] >= 0:
            event["drawn"] = KIND_NAME[entry[4]]
        return event
    if kind == "surge-discard":
        return {
            "type": "power-surge",
            "seat": entry[1],
            "discarded": [KIND_NAME[k] for k in entry[2:]],
        }
    if kind == "lump":
        return {
            "type": "lump-of-coal",
            "seat": entry[1],
            "pattern_card": entry[2] + 1,
            "pattern": PATTERN_IDS[entry[3]],
        }
    if kind == "patterns":
        event = {"type": "patterns", "seat": entry[1]}
        if seat == entry[1]:
            event["patterns"] = [PATTERN_IDS[p] for p in entry[2:]]
        return event
    if kind == "setup":
        return {
            "type": "setup",
            "santa": entry[1],
            "characters": [CHARACTER_NAME[c] for c in entry[2:]],
        }
    if kind == "reshuffle":
        return {"type": "reshuffle", "deck": entry[1]}
    if kind == "final-round":
        return {"type": "final-round", "seat": entry[1]}
    if kind == "turn-limit":
        return {"type": "turn-limit", "limit": entry[1]}
    return {"type": "game-end"}
