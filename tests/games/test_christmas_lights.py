"""Christmas Lights (the main game): one test per rule sentence and per ruling it uses.

Sources: the Christmas Lights rulebook, "Components" to "Game End / Winning" (quoted in the
docstrings); rulings M1-M18 and "Every game: safety limits"; the readings named in
classic.py's docstring (cited as "reading <name>").

Situations are built by ``scenario``: a fresh game whose fields are overwritten with what
a rule needs (cards given by kind name), every card of the box kept exactly once. Cards
are written as kind names; a deck is listed bottom first, top card last.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import yuletide
from yuletide import IllegalAction, InvalidOption, NotationError, Rng
from yuletide.core import conformance
from yuletide.games.christmas_lights.main import box as cb
from yuletide.games.christmas_lights.main import fields as cf
from yuletide.games.christmas_lights.main import knowledge as ck
from yuletide.games.christmas_lights.main import steps as cs
from yuletide.games.christmas_lights.main.rules import ChristmasLights
from yuletide.games.christmas_lights.main.text import render as render_text

GAME = "christmas-lights"
BOX = {
    "red": 7,
    "green": 7,
    "yellow": 7,
    "blue": 7,
    "purple": 7,
    "pink": 7,
    "bubble": 6,
    "broken": 5,
    "plug": 8,
}
STEPS = cs.STEP_ID

# ----------------------------------------------------------------------------- helpers


def names(cards: str) -> list[int]:
    """Kind ids from names separated by spaces ("red red plug")."""
    return [cb.KIND_ID[n] for n in cards.split()]


def scenario(
    players: int = 3,
    *,
    hands: list[str],
    deck: str = "",
    discard: str = "",
    strings: list[str] | None = None,
    plugs: list[bool] | None = None,
    aside: list[str] | None = None,
    patterns: list[list[str]] | None = None,
    completed: list[list[str]] | None = None,
    commit: list[str | None] | None = None,
    events: list[str] | None = None,
    used_events: list[str] | None = None,
    known: list[list[int]] | None = None,
    turn: int = 0,
    santa: int | None = None,
    step: str = "play",
    seed: int = 7,
    **options: Any,
) -> ChristmasLights:
    """A game in the situation given, every card of the box exactly once.

    ``hands``: per seat, card names in hand order. ``deck``: names, bottom first (the
    last named card is drawn first); every card not named anywhere goes under them.
    ``strings``: per seat five slots ("red broken - - -"; "-" is empty). ``completed``:
    per seat the pattern cards completed ("1 left"). ``commit``: per seat "2 right" or
    None. ``patterns``: per seat two pattern ids. ``events``: the Event deck, top last.
    ``known``: per seat, 1-based positions of its own cards it knows.
    """
    state = yuletide.new_game(GAME, players=players, seed=seed, **options)
    assert isinstance(state, ChristmasLights)
    n = players
    pool: dict[int, list[int]] = {}
    for card, kind in enumerate(cb.BOX_KINDS):
        pool.setdefault(kind, []).append(card)

    def take(cards: str) -> list[int]:
        out = []
        for kind in names(cards):
            assert pool[kind], f"more {cb.KIND_NAME[kind]} cards named than the box holds"
            out.append(pool[kind].pop())
        return out

    state.kinds = list(cb.BOX_KINDS)
    state.hands = [take(h) for h in hands]
    state.discard = take(discard)
    state.strings = []
    for s in range(n):
        slots = (strings[s] if strings else "- - - - -").split()
        assert len(slots) == cb.SLOTS
        state.strings.append([-1 if x == "-" else take(x)[0] for x in slots])
    state.plugs = [take("plug")[0] if plugs and plugs[s] else -1 for s in range(n)]
    state.aside = [take(aside[s]) if aside else [] for s in range(n)]
    named_deck = take(deck)
    rest = [c for kind in sorted(pool) for c in pool[kind]]
    state.deck = rest + named_deck
    if patterns is not None:
        ids = {p: i for i, p in enumerate(cb.PATTERN_IDS)}
        state.patterns = [[ids[a], ids[b]] for a, b in patterns]
        dealt = {p for ps in state.patterns for p in ps}
        state.pattern_box = [p for p in range(len(cb.PATTERN_IDS)) if p not in dealt]
    state.completed = []
    state.revealed = []
    for s in range(n):
        done = []
        shown = [0, 0]
        for text in completed[s] if completed else []:
            i, end = text.split()
            done.append((int(i) - 1) * 2 + cb.END_NAME.index(end))
            shown[int(i) - 1] = 1
        state.completed.append(done)
        state.revealed.append(shown)
    state.commit = []
    for s in range(n):
        text = commit[s] if commit else None
        if text is None:
            state.commit.append(-1)
        else:
            i, end = text.split()
            state.commit.append((int(i) - 1) * 2 + cb.END_NAME.index(end))
    state.misses = [[] for _ in range(n)]
    if events is not None:
        state.event_deck = [cb.EVENT_NAME.index(e) for e in events]
        state.events_used = [e for e in range(len(cb.EVENT_NAME)) if e not in state.event_deck]
    if used_events is not None:
        state.events_used = [cb.EVENT_NAME.index(e) for e in used_events]
        state.event_deck = [e for e in range(len(cb.EVENT_NAME)) if e not in state.events_used]
    state.marks = [0] * cb.N_CARDS
    state.known = [0] * cb.N_CARDS
    for s in range(n):
        for pos in known[s] if known else []:
            state.known[state.hands[s][pos - 1]] = 1
    state.facts = []
    state.fact_text = []
    state.fact_refs = [0] * cb.N_CARDS
    if santa is not None:
        state.santa = santa
        chars = list(state.characters)
        was = chars.index(cb.SANTA)
        chars[was], chars[santa] = chars[santa], chars[was]
        state.characters = chars
    state.turn = turn
    state.turns = 0
    state.step = STEPS[step]
    state.plays = 0
    state.stage = 0
    state.final_round = False
    state.result = cf.ONGOING_RESULT
    state.free_left = [state.free_per_turn] * n
    state.free_pending = [-1] * n
    state.choices = [cf.NOT_ASKED] * n
    state.event = -1
    state.touch()
    assert conserved(state)
    return state


def conserved(state: ChristmasLights) -> bool:
    ids = state.card_ids()
    return sorted(ids) == list(range(cb.N_CARDS)) and Counter(state.inventory()) == Counter(
        state.box()
    )


def act(state: ChristmasLights, *texts: str, seat: int | None = None) -> list[dict[str, Any]]:
    """Apply actions through the checked path, by ``seat`` or the only seat to act."""
    events: list[dict[str, Any]] = []
    for text in texts:
        who = seat
        if who is None:
            (who,) = state.to_act
        events.extend(state.apply(who, text))
    return events


def legal(state: ChristmasLights, seat: int | None = None, *, free: bool = False) -> list[str]:
    """The legal actions of ``seat`` (default: the only seat to act), without the free
    actions (marks, moves) unless ``free``."""
    if seat is None:
        (seat,) = state.to_act
    return [
        str(a)
        for a in state.legal_actions(seat)
        if free or not isinstance(a, cb.Mark | cb.Move) or state.free_pending[seat] >= 0
    ]


def refused(state: ChristmasLights, seat: int, text: str) -> str:
    """The error ``apply`` raises for ``text``; the state must be left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, text)
    assert state.to_json() == before
    return str(info.value)


def hand_kinds(state: ChristmasLights, seat: int) -> list[str]:
    return [cb.KIND_NAME[state.kinds[c]] for c in state.hands[seat]]


def string_kinds(state: ChristmasLights, seat: int) -> list[str | None]:
    return [cb.KIND_NAME[state.kinds[c]] if c >= 0 else None for c in state.strings[seat]]


def kinds_of(state: ChristmasLights, cards: list[int]) -> list[str]:
    return [cb.KIND_NAME[state.kinds[c]] for c in cards]


# P01 reads red pink green blue yellow from the left; P02 blue yellow purple green pink.
P01, P02 = "P01", "P02"


def playing(
    hand: str,
    *,
    string: str = "- - - - -",
    commit: str | None = "1 left",
    players: int = 3,
    **kw: Any,
) -> ChristmasLights:
    """Seat 0 in its PLAY step holding ``hand`` (patterns P01, P02), the others holding
    a few plain cards, the Event deck default (top: whatever ``events`` says)."""
    others = ["green green", "yellow yellow", "blue", "purple", "pink"][: players - 1]
    defaults = [[P01, P02], ["P03", "P04"], ["P05", "P06"], ["P07", "P08"], ["P09", "P10"]]
    kw.setdefault("patterns", [*defaults, ["P11", "P12"]][:players])
    strings = [string] + ["- - - - -"] * (players - 1)
    commits = [commit] + [None] * (players - 1)
    return scenario(
        players,
        hands=[hand, *others],
        strings=strings,
        commit=commits,
        santa=kw.pop("santa", 0),
        **kw,
    )


def test_scenario_helper_keeps_every_card_once() -> None:
    state = playing("red broken", string="red - - - -", discard="blue plug")
    assert hand_kinds(state, 0) == ["red", "broken"]
    assert string_kinds(state, 0) == ["red", None, None, None, None]
    assert kinds_of(state, state.discard) == ["blue", "plug"]
    assert conserved(state)


# ------------------------------------------------------------------------------- setup


def test_components_61_bulbs_18_patterns_6_events_6_characters() -> None:
    """Components: 61 Bulb cards (7 of each colour, 6 Bubble, 5 Broken, 8 Plugs), 18
    Pattern cards, 6 Event cards, 6 Character cards."""
    state = yuletide.new_game(GAME, players=4, seed=1)
    box = Counter(state.box())
    assert {k: box[k] for k in BOX} == BOX
    assert sum(box[k] for k in BOX) == 61
    assert sum(1 for k in box if k.startswith("pattern ")) == 18
    assert sorted(k[6:] for k in box if k.startswith("event ")) == sorted(
        [
            "light-switch",
            "power-surge",
            "power-outage",
            "christmas-eve",
            "lump-of-coal",
            "boxing-day",
        ]
    )
    assert sum(1 for k in box if k.startswith("character ")) == 6
    assert Counter(state.inventory()) == box


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_1_event_deck_shuffled_face_down(players: int) -> None:
    """Setup 1: "Shuffle the Event cards and place them face-down ... the Event deck."
    Every seat sees only how many Event cards are left."""
    orders = set()
    for seed in range(12):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        assert sorted(state.event_deck) == list(range(6))
        orders.add(tuple(state.event_deck))
        for viewer in (*range(players), None):
            view = state.view(viewer)
            assert view["event_deck"] == 6
            assert view["events_used"] == []
            assert "light-switch" not in json.dumps(view)
    assert len(orders) > 6


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_2_two_secret_pattern_cards_each_the_rest_back_in_the_box(players: int) -> None:
    """Setup 2: "deal two cards to each player. You can look at your own Pattern cards,
    but keep them face-down and secret ... Place the other Pattern cards back in the box."
    """
    state = yuletide.new_game(GAME, players=players, seed=3)
    dealt = [p for ps in state.patterns for p in ps]
    assert len(dealt) == 2 * players == len(set(dealt))
    assert len(state.pattern_box) == 18 - 2 * players
    for viewer in range(players):
        seats = state.view(viewer)["seats"]
        for t in range(players):
            shown = [p and p[0] for p in seats[t]["patterns"]]
            if t == viewer:
                assert shown == [cb.PATTERN_IDS[p] for p in state.patterns[t]]
            else:
                assert shown == [None, None]
        mine = [e for e in state.events(viewer) if e["type"] == "patterns"]
        assert [("patterns" in e) for e in mine] == [e["seat"] == viewer for e in mine]
    assert all(p is None for s in state.view(None)["seats"] for p in s["patterns"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_3_five_bulb_cards_each_held_facing_the_others(players: int) -> None:
    """Setup 3: "Deal five Bulb cards to each player. IMPORTANT: You must not look at your
    own bulbs! ... hold your Bulb cards ... facing the other players"."""
    state = yuletide.new_game(GAME, players=players, seed=5)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.deck) == 61 - 5 * players
    for viewer in range(players):
        hands = state.view(viewer)["hands"]
        for t in range(players):
            if t == viewer:
                assert hands[t]["cards"] == [None] * 5
            else:
                assert hands[t]["cards"] == hand_kinds(state, t)
    assert all(h["cards"] == [None] * 5 for h in state.view(None)["hands"])


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_4_santa_and_other_characters_one_each_santa_starts(players: int) -> None:
    """Setup 4: "Find the Santa Character card and add other Character cards until you
    have one Character card for each player. Shuffle and deal one to each player. The
    player who receives Santa is the starting player!" (reading characters-chosen: the
    others are drawn at random)."""
    starts = set()
    for seed in range(20):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        chars = [cb.CHARACTER_NAME[c] for c in state.characters]
        assert len(set(chars)) == players and "santa" in chars
        assert state.turn == state.santa == chars.index("santa")
        assert state.to_act == frozenset({state.santa})
        assert state.view(None)["seats"][state.santa]["character"] == "santa"
        starts.add(state.santa)
    assert len(starts) == players


def test_note_m18_no_view_or_event_ever_shows_a_seat_its_own_unknown_card() -> None:
    """Setup NOTE / ruling M18: seeing your own cards by accident cannot happen — no
    view, event or legal action shows a seat a card of its own hand it does not know."""
    rng = Rng(4)
    for seed in range(6):
        state = yuletide.new_game(GAME, players=3, seed=seed)
        for _ in range(400):
            if state.outcome.over:
                break
            for viewer in range(3):
                view = state.view(viewer)
                for card, shown in zip(
                    state.hands[viewer], view["hands"][viewer]["cards"], strict=True
                ):
                    assert shown == (cb.KIND_NAME[state.kinds[card]] if state.known[card] else None)
            seats = sorted(state.to_act)
            seat = seats[rng.below(len(seats))]
            actions = state.legal_actions(seat)
            for event in state.apply(seat, actions[rng.below(len(actions))]):
                if event["type"] in ("draw", "boxing-day") and event["seat"] == seat:
                    assert "kinds" not in event and "drawn" not in event


# --------------------------------------------------------------------------- basic rules


def test_basic_rules_you_see_everyone_elses_bulbs() -> None:
    """Basic Rules: "Hold your hand of Bulb cards so other players can see them, and you
    can see theirs."""
    state = playing("red plug", players=4)
    for viewer in (1, 2, 3):
        assert state.view(viewer)["hands"][0]["cards"] == ["red", "plug"]
    assert state.view(0)["hands"][0]["cards"] == [None, None]


def test_m1_commit_to_one_pattern_and_an_end_before_the_first_card() -> None:
    """Basic Rules: "You secretly choose one of your two Pattern cards at a time, then
    choose at which end (left or right) you want to start" — ruling M1: before the first
    card of a string the player commits to a pattern and an end."""
    state = playing("red plug", commit=None)
    assert legal(state)[:4] == [
        "commit 1 left",
        "commit 1 right",
        "commit 2 left",
        "commit 2 right",
    ]
    assert "card 1" not in legal(state)
    assert "commit" in refused(state, 0, "card 1")
    act(state, "commit 2 right")
    assert state.commit[0] == 1 * 2 + 1
    assert legal(state)[:2] == ["card 1", "card 2"]
    mine = state.view(0)["seats"][0]["commitment"]
    assert mine == {
        "pattern": 2,
        "end": "right",
        "needs": ["pink", "green", "purple", "yellow", "blue"],
    }


def test_m1_the_commitment_is_secret() -> None:
    """M1: "the player secretly commits": the others see that a commitment was made, not
    which pattern or end (view, log and the replayed action)."""
    state = playing("red plug", commit=None)
    action = state.parse_action("commit 1 right")
    assert state.action_seen_by(0, action, 1) == "commit (secret)"
    assert state.action_seen_by(0, action, 0) == "commit 1 right"
    act(state, "commit 1 right")
    assert state.view(1)["seats"][0]["committed"] is True
    assert "commitment" not in state.view(1)["seats"][0]
    assert state.events(1)[-1] == {"type": "commit", "seat": 0}
    assert state.events(0)[-1] == {"type": "commit", "seat": 0, "pattern": 1, "end": "right"}


def test_m1_the_commitment_is_locked_until_the_string_is_complete() -> None:
    """M1: "Locked until that string is complete."""
    state = playing("yellow plug", string="red - - - -", commit="1 left")
    assert not any(a.startswith("commit") for a in legal(state))
    assert "committed to pattern 1 from the left" in refused(state, 0, "commit 2 left")


def test_m1_the_right_end_reads_the_pattern_backwards() -> None:
    """Basic Rules: "choose at which end (left or right) you want to start": from the
    right, the first card needed is the pattern's rightmost light."""
    state = playing("yellow red", commit="1 right")  # P01 = red pink green blue yellow
    act(state, "card 1")
    assert string_kinds(state, 0)[0] == "yellow"
    act(state, "card 1")  # red is not what slot 2 needs (blue)
    assert string_kinds(state, 0) == ["yellow", None, None, None, None]
    assert state.kinds[state.discard[-1]] == cb.RED


# ------------------------------------------------------------------------- PLAY (M2)


def test_m2_play_picks_a_hand_position_then_the_card_is_revealed_and_resolved() -> None:
    """M2: "The player picks a hand position and a target ... The card is then revealed
    and resolved". With a single target (advance) the position is the whole choice."""
    state = playing("green red")  # P01 from the left: slot 1 needs red
    events = act(state, "card 2")
    assert events[0] == {
        "type": "play",
        "seat": 0,
        "card": 2,
        "target": "advance",
        "slot": 1,
        "revealed": "red",
        "result": "placed",
    }
    assert string_kinds(state, 0)[0] == "red"
    assert hand_kinds(state, 0) == ["green"]


def test_m2_the_right_colour_is_placed_anything_else_discarded() -> None:
    """PLAY: "Each card you play must match the next bulb required by your pattern,
    otherwise you must discard it" (M2: "the right colour is placed ... anything else is
    discarded")."""
    state = playing("green red", string="red - - - -")  # slot 2 needs pink
    act(state, "card 1")
    assert string_kinds(state, 0) == ["red", None, None, None, None]
    assert kinds_of(state, state.discard) == ["green"]
    assert state.view(1)["seats"][0]["misses"][1] == ["green"]  # public: not green at 2


def test_m2_a_broken_bulb_fills_an_advance_target() -> None:
    """Broken Bulbs: "You can play a Broken Bulb into your string to fill in temporarily
    for any color. Even though it doesn't match the pattern, you don't discard it." (M2:
    it fills an advance target)."""
    state = playing("broken red")
    act(state, "card 1")
    assert string_kinds(state, 0) == ["broken", None, None, None, None]
    assert state.discard == []


def test_m2_a_broken_bulb_never_fixes() -> None:
    """M2: "a Broken Bulb fills an advance target (never a fix)"."""
    state = playing("broken green", string="red broken - - -")
    act(state, "card 1", "fix 2")
    assert string_kinds(state, 0) == ["red", "broken", None, None, None]
    assert kinds_of(state, state.discard) == ["broken"]


def test_m2_you_can_use_more_than_one_broken_bulb_in_a_string() -> None:
    """Broken Bulbs: "You can use more than one Broken Bulb in your string"."""
    state = playing("broken broken")
    act(state, "card 1")
    assert legal(state)[:2] == ["card 1", "done"]
    act(state, "card 1", "advance")
    assert string_kinds(state, 0) == ["broken", "broken", None, None, None]


def test_m2_a_bubble_bulb_is_wild_and_draws_an_event() -> None:
    """Bubble Bulbs: "A Bubble Bulb is a wildcard ... If you choose to play it into your
    string, you must also draw an Event card and do as it says." """
    state = playing("bubble red", string="red - - - -", events=["boxing-day", "lump-of-coal"])
    events = act(state, "card 1")
    assert string_kinds(state, 0) == ["red", "bubble", None, None, None]
    assert {"type": "event", "seat": 0, "event": "lump-of-coal"} in events
    assert [cb.EVENT_NAME[e] for e in state.events_used][-1] == "lump-of-coal"


def test_m2_a_bubble_bulb_fixes_a_broken_slot_and_draws_an_event() -> None:
    """Bubble Bulbs: "You can use a Bubble Bulb to replace a Broken Bulb" (M2: it fills
    either target as a wildcard and triggers an Event)."""
    state = playing("bubble red", string="red broken - - -", events=["lump-of-coal"])
    events = act(state, "card 1", "fix 2")
    assert string_kinds(state, 0) == ["red", "bubble", None, None, None]
    assert kinds_of(state, state.aside[0]) == ["broken"]
    assert any(e["type"] == "event" for e in events)


def test_m2_each_play_fix_or_advance_is_one_of_the_two_plays() -> None:
    """PLAY: "Choose one or two cards from your hand to play into your string, one at a
    time." M2: "Each play, fix or advance, is one of the 1-2 plays." """
    state = playing("pink green red", string="red broken - - -")
    act(state, "card 1", "fix 2")  # pink fixes slot 2 of P01 (red PINK green ...)
    assert state.plays == 1 and state.step == cs.PLAY
    act(state, "card 1")  # green advances to slot 3 (the only target left)
    assert state.plays == 2
    assert state.step == cs.NEXT
    assert string_kinds(state, 0) == ["red", "pink", "green", None, None]
    assert hand_kinds(state, 0) == ["red"]


def test_m2_the_target_is_chosen_only_when_there_is_a_choice() -> None:
    """M2: the target is *advance* or *fix slot k*; with broken slots the player picks."""
    state = playing("pink", string="red broken - - -")
    act(state, "card 1")
    assert legal(state) == ["advance", "fix 2"]
    assert state.view(1)["playing"] == 1


def test_m3_any_broken_slot_can_be_fixed_any_time_also_after_moving_on() -> None:
    """Broken Bulbs: "You can fix a Broken Bulb by playing the correct color bulb over the
    top of it." M3: "Any Broken slot may be fixed at any time, also after the string has
    moved on."""
    state = playing("red blue", string="broken pink broken blue -")
    act(state, "card 1")
    assert legal(state) == ["advance", "fix 1", "fix 3"]
    act(state, "fix 1")
    assert string_kinds(state, 0) == ["red", "pink", "broken", "blue", None]


def test_m4_fixed_broken_bulbs_are_set_aside_for_the_tie_break() -> None:
    """Basic Rules: "Keep any Broken Bulbs and Bubble Bulbs you used to one side. They may
    be needed for a tie-breaker." M4: fixed Broken Bulbs go to the player's used specials."""
    state = playing("green", string="red pink broken - -")
    act(state, "card 1", "fix 3")
    assert kinds_of(state, state.aside[0]) == ["broken"]
    assert state.used(0) == (1, 0)
    assert state.view(2)["seats"][0]["used"] == [1, 0]


def test_m6_a_full_string_with_broken_slots_can_only_be_fixed() -> None:
    """M6: "Exactly 5 slots. When all are filled but some are Broken, only fixes can
    help." """
    state = playing("blue green", string="red pink broken blue yellow")
    act(state, "card 1")  # the only target is fix 3: no choice to make
    assert string_kinds(state, 0) == ["red", "pink", "broken", "blue", "yellow"]
    assert kinds_of(state, state.discard) == ["blue"]
    assert "advance" not in legal(state)


def test_m6_completing_a_string_reveals_the_pattern_which_replaces_it() -> None:
    """Basic Rules: "Once you complete your first string of five bulbs, reveal the Pattern
    card to show that it matches. Discard the bulbs used in the string and replace them
    with the Pattern card itself, face-up". M6: complete = five matching colours or
    Bubble Bulbs; M4: its Bubble Bulbs are set aside."""
    state = playing("yellow", string="red bubble green blue -")
    events = act(state, "card 1")
    complete = {"type": "complete", "seat": 0, "pattern": "P01", "end": "left", "pattern_card": 1}
    assert complete in events
    assert state.strings[0] == [-1] * 5
    assert Counter(kinds_of(state, state.discard)) == Counter(["red", "green", "blue", "yellow"])
    assert kinds_of(state, state.aside[0]) == ["bubble"]
    assert state.completed[0] == [0]
    for viewer in (1, 2, None):
        seat = state.view(viewer)["seats"][0]
        assert seat["patterns"][0][0] == "P01" and seat["patterns"][1] is None
        assert seat["completed"] == [["P01", "left"]]
        assert seat["plug"] == "due"


def test_m6_a_string_with_a_broken_bulb_is_not_complete() -> None:
    """Broken Bulbs: "you must fix all Broken Bulbs before you can complete your Pattern
    card"."""
    state = playing("yellow", string="red broken green blue -")
    act(state, "card 1", "advance")
    assert string_kinds(state, 0) == ["red", "broken", "green", "blue", "yellow"]
    assert state.completed[0] == []


def test_m5_a_plug_comes_before_the_second_string() -> None:
    """Basic Rules: "To continue on to your next Pattern card, you must first place a Plug
    card ... You cannot start your second string until the Plug is placed." M5: the next
    required card is a Plug."""
    state = playing("purple plug", commit=None, completed=[["1 left"], [], []])
    assert legal(state)[:2] == ["card 1", "card 2"]  # the plug slot is the only target
    assert "Plug comes before the second string" in refused(state, 0, "commit 2 left")
    act(state, "card 1")  # purple at the plug slot: discarded
    assert kinds_of(state, state.discard) == ["purple"]
    act(state, "card 1")
    assert state.plugs[0] >= 0
    assert state.view(1)["seats"][0]["plug"] == "placed"


@pytest.mark.parametrize("kind", ["broken", "bubble"])
def test_m5_broken_and_bubble_bulbs_cannot_stand_in_for_a_plug(kind: str) -> None:
    """Broken Bulbs: "You cannot use a Broken Bulb in place of a Plug." Bubble Bulbs: "it
    can't be used instead of a Plug." M5: they are discarded if played there (so a
    Bubble Bulb draws no Event)."""
    state = playing(kind, commit=None, completed=[["2 right"], [], []])
    events = act(state, "card 1")
    assert state.plugs[0] == -1
    assert kinds_of(state, state.discard) == [kind]
    assert not any(e["type"] == "event" for e in events)
    assert events[0]["slot"] == "plug" and events[0]["result"] == "discarded"


def test_m5_a_plug_played_when_none_is_needed_is_discarded() -> None:
    """M5: "A Plug played when none is needed is discarded." """
    state = playing("plug")
    act(state, "card 1")
    assert kinds_of(state, state.discard) == ["plug"]
    assert state.strings[0] == [-1] * 5


def test_m5_after_the_plug_commit_to_the_other_pattern() -> None:
    """After the Plug, the second string starts with a commitment to the pattern not yet
    completed (reading second-commit)."""
    state = playing("red", commit=None, completed=[["1 left"], [], []], plugs=[True, False, False])
    assert legal(state)[:2] == ["commit 2 left", "commit 2 right"]
    assert "complete already" in refused(state, 0, "commit 1 left")


def test_no_plug_is_needed_after_the_second_string() -> None:
    """Basic Rules: "No Plug card is needed after the second string to complete your
    final pattern." Completing the second string ends the seat's building: no target."""
    state = playing(
        "yellow plug",
        commit="2 left",
        completed=[["1 left"], [], []],
        plugs=[True, False, False],
        string="blue yellow purple green -",  # P02 = blue yellow purple green pink
    )
    act(state, "card 1")  # yellow is not pink: discarded
    state2 = playing(
        "pink plug",
        commit="2 left",
        completed=[["1 left"], [], []],
        plugs=[True, False, False],
        string="blue yellow purple green -",
    )
    act(state2, "card 1")
    assert state2.completed[0] == [0, 2]
    assert state2.final_round
    assert state2.step == cs.NEXT  # nothing left to play into, no Plug due
    assert state2.view(1)["seats"][0]["plug"] == "placed"


def test_legal_plays_never_depend_on_the_players_own_cards() -> None:
    """DESIGN: legality never depends on what the seat cannot see: the same situation
    with other cards in the player's hand offers the same actions."""
    a = playing("red green blue", string="red broken - - -")
    b = playing("plug plug bubble", string="red broken - - -")
    assert legal(a) == legal(b)
    act(a, "card 2")
    act(b, "card 2")
    assert legal(a) == legal(b)


# ------------------------------------------------------------------------ the turn


def test_turn_steps_in_order_each_skippable_none_repeated() -> None:
    """On Your Turn: "Do these four steps in the order shown. You can skip a step if you
    wish, but you cannot come back to do a step out of order, or do a step more than once
    each turn." After PLAY the seat picks the next step still open (reading next-step)."""
    state = playing("red green blue", players=3)
    act(state, "done")
    assert legal(state)[:5] == ["swap", "sale", "draw 1", "draw 2", "end"]
    act(state, "sale", "card 1", "withdraw")  # skip SWAP, SALE with one card, unsold
    assert legal(state)[:4] == ["draw 1", "draw 2", "draw 3", "end"]
    assert "SWAP step is over" in refused(state, 0, "swap")
    assert "SALE step is over" in refused(state, 0, "sale")
    act(state, "draw 3")  # REFILL is the last step: the turn passes
    assert state.turn == 1 and state.step == cs.PLAY and state.turns == 1


def test_turn_swap_then_sale_then_refill() -> None:
    state = playing("red green blue")
    act(state, "done", "swap", "card 1", "seat 1", "card 1")
    assert legal(state)[:2] == ["sale", "draw 1"]
    act(state, "sale", "card 1", "withdraw")
    assert legal(state)[:1] == ["draw 1"]
    act(state, "end")
    assert state.turn == 1


def test_turn_end_skips_every_remaining_step() -> None:
    state = playing("red green blue")
    act(state, "done", "end")
    assert state.turn == 1 and hand_kinds(state, 0) == ["red", "green", "blue"]


def test_turn_play_is_over_after_two_cards() -> None:
    """PLAY: "one or two cards" — after two plays the PLAY step is over."""
    state = playing("red pink green")
    act(state, "card 1", "card 1")
    assert state.step == cs.NEXT
    assert "PLAY step is over" in refused(state, 0, "done")


def test_turn_passes_clockwise() -> None:
    state = playing("red", players=4, santa=2, turn=2)
    act(state, "done", "end")
    assert state.turn == 3
    act(state, "done", "end")
    assert state.turn == 0


# ----------------------------------------------------------------------------- events


def bubble_event(event: str, hand: str = "bubble red", players: int = 3, **kw: Any) -> Any:
    """Seat 0 plays the Bubble Bulb in card 1 into slot 2 of its string, drawing ``event``."""
    kw.setdefault("events", ["power-outage", event] if event != "power-outage" else [event])
    state = playing(hand, string="red - - - -", players=players, **kw)
    events = act(state, "card 1")
    assert {"type": "event", "seat": 0, "event": event} in events
    return state


def test_event_cards_are_drawn_only_for_a_bubble_bulb_in_the_string() -> None:
    """Event Cards: "If you add a Bubble Bulb to your string, you must also draw an Event
    card and do as it says immediately." No other card draws one."""
    state = playing("pink broken green", string="red - - - -", events=["lump-of-coal"])
    act(state, "card 1", "card 1")
    assert len(state.event_deck) == 1 and state.events_used == [
        e for e in range(6) if cb.EVENT_NAME[e] != "lump-of-coal"
    ]


def test_used_events_leave_the_game() -> None:
    """Event Cards: "Once you complete the Event card, remove it from the game by
    returning it to the box." """
    state = bubble_event("lump-of-coal", events=["power-outage", "light-switch", "lump-of-coal"])
    assert [cb.EVENT_NAME[e] for e in state.event_deck] == ["power-outage", "light-switch"]
    assert cb.EVENT_NAME[state.events_used[-1]] == "lump-of-coal"
    assert state.view(1)["events_used"][-1] == "lump-of-coal"
    assert state.view(1)["event_deck"] == 2
    assert "event lump-of-coal" in state.inventory()


def test_m7_an_empty_event_deck_leaves_the_bubble_bulb_wild() -> None:
    """M7: "A Bubble Bulb still works as a wildcard; no Event." """
    state = playing("bubble red", string="red - - - -", events=[])
    events = act(state, "card 1")
    assert string_kinds(state, 0)[1] == "bubble"
    assert {"type": "no-event", "seat": 0} in events
    assert state.step == cs.PLAY and state.plays == 1


def test_event_light_switch_each_player_may_draw_look_and_keep_a_card() -> None:
    """Light Switch: "Each player may draw a Bulb card, look at it, and put it into their
    hand." M15: every player decides at once (each may decline); the turn resumes when
    all have decided. Reading everyone-order: the choices are carried out in turn order
    from the active player."""
    state = bubble_event("light-switch", deck="plug green blue")
    assert state.to_act == frozenset({0, 1, 2})
    assert legal(state, 1) == ["draw 1", "none"]
    act(state, "draw 1", seat=2)
    act(state, "none", seat=0)
    assert state.to_act == frozenset({1})
    act(state, "draw 1", seat=1)
    # seat 1 comes before seat 2 in turn order from seat 0: it draws the top card (blue)
    assert hand_kinds(state, 1)[-1] == "blue" and hand_kinds(state, 2)[-1] == "green"
    assert state.view(1)["hands"][1]["cards"][-1] == "blue"  # looked at: known
    assert state.view(2)["hands"][2]["cards"][-1] == "green"
    assert state.step == cs.PLAY and state.to_act == frozenset({0})  # the turn resumes
    assert {"type": "light-switch", "seat": 1, "drew": "blue"} in state.events(0)


def test_m15_everyone_event_choices_are_secret_until_all_have_decided() -> None:
    """M15: "Every player decides at once": a seat learns only that another has decided;
    the choices are shown when everyone has."""
    state = bubble_event("christmas-eve")
    action = state.parse_action("card 1")
    assert state.action_seen_by(1, action, 2) == "decide (secret until everyone has decided)"
    assert state.action_seen_by(1, action, 1) == "card 1"
    act(state, "card 1", seat=1)
    assert state.view(2)["event"]["decided"] == [1]
    assert state.view(2)["event"]["my_choice"] is None
    assert state.view(1)["event"]["my_choice"] == "card 1"
    assert state.events(2)[-1] == {"type": "decided", "seat": 1}
    before = json.dumps(state.view(2))
    other = bubble_event("christmas-eve")
    act(other, "none", seat=1)
    assert json.dumps(other.view(2)) == before


def test_m15_a_seat_with_nothing_to_decide_is_not_asked() -> None:
    """Reading everyone-who: a player with no cards is not asked to look at or discard
    one; with no card left to draw, nobody is asked to draw."""
    state = bubble_event("boxing-day", players=3)
    assert state.to_act == frozenset({0, 1, 2})
    empty = scenario(
        3,
        hands=["bubble", "", "green"],
        strings=["red - - - -", "- - - - -", "- - - - -"],
        commit=["1 left", None, None],
        patterns=[[P01, P02], ["P03", "P04"], ["P05", "P06"]],
        events=["christmas-eve"],
        santa=0,
    )
    act(empty, "card 1")  # seat 0 has no card left after its Bubble Bulb; seat 1 has none
    assert empty.to_act == frozenset({2})
    assert empty.view(0)["event"]["asked"] == [2]
    nothing = scenario(
        2,
        hands=["bubble", "green"],
        strings=["red - - - -", "- - - - -"],
        commit=["1 left", None],
        patterns=[[P01, P02], ["P03", "P04"]],
        events=["light-switch"],
        santa=0,
    )
    nothing.hands[1] = nothing.hands[1] + nothing.deck
    nothing.deck = []
    nothing.touch()
    act(nothing, "card 1")  # no card anywhere to draw: Light Switch asks nobody
    assert nothing.event == -1 and nothing.turn == 1  # nothing else to do: turn over


def test_event_power_outage_ends_the_turn_without_refill() -> None:
    """Power Outage: "End your turn immediately. Do not refill your hand." M14: a second
    play, Swap and Sale are lost."""
    state = bubble_event("power-outage", hand="bubble red green")
    assert state.turn == 1 and state.turns == 1
    assert hand_kinds(state, 0) == ["red", "green"]  # no second play, no refill


def test_event_power_surge_discards_the_hand_refills_five_and_ends_the_turn() -> None:
    """Power Surge: "Discard your hand, then refill your hand to five cards and end your
    turn." (M14). The new cards are drawn unseen."""
    state = bubble_event("power-surge", hand="bubble red green plug")
    assert state.turn == 1
    assert len(state.hands[0]) == 5
    assert Counter(kinds_of(state, state.discard)) == Counter(["red", "green", "plug"])
    assert state.view(0)["hands"][0]["cards"] == [None] * 5
    surge = [e for e in state.events(0) if e["type"] == "power-surge"]
    assert surge == [{"type": "power-surge", "seat": 0, "discarded": ["red", "green", "plug"]}]
    draws = [e for e in state.events(1) if e["type"] == "draw"]
    assert draws[-1]["count"] == 5 and len(draws[-1]["kinds"]) == 5


def test_event_christmas_eve_each_player_may_look_at_one_card() -> None:
    """Christmas Eve: "Each player may look at the front of one Bulb card in their hand."
    (M15). What a seat looked at is known to it from then on."""
    state = bubble_event("christmas-eve", hand="bubble red green")
    assert legal(state, 1) == ["card 1", "card 2", "none"]
    act(state, "card 2", seat=1)
    act(state, "card 1", seat=0)
    act(state, "none", seat=2)
    assert state.view(1)["hands"][1]["cards"] == [None, "green"]
    assert state.view(0)["hands"][0]["cards"] == ["red", None]
    assert state.view(2)["hands"][2]["cards"] == [None, None]
    assert state.view(2)["hands"][1]["known"] == [2]
    assert state.step == cs.PLAY


def test_event_lump_of_coal_reveals_the_current_pattern_until_complete() -> None:
    """Lump of Coal: "You must reveal your current Pattern card to the other players.
    Leave it visible until you complete it." The end chosen stays secret (reading
    lump-reveals-card-not-end)."""
    state = playing(
        "bubble red", string="yellow - - - -", commit="1 right", events=["lump-of-coal"]
    )
    events = act(state, "card 1")
    assert {"type": "lump-of-coal", "seat": 0, "pattern_card": 1, "pattern": "P01"} in events
    for viewer in (1, 2, None):
        seat = state.view(viewer)["seats"][0]
        assert seat["patterns"][0] == ["P01", ["red", "pink", "green", "blue", "yellow"]]
        assert seat["patterns"][1] is None
        assert "commitment" not in seat
    act(state, "card 1")  # red does not fit slot 3 (green from the right): still shown
    assert state.view(1)["seats"][0]["patterns"][0][0] == "P01"


def test_m13_lump_of_coal_between_strings_reveals_the_pattern_not_yet_completed() -> None:
    """M13: "Lump of Coal between strings: Reveal the Pattern card not yet completed."
    Here the Bubble Bulb completes the first string (reading completion-before-event)."""
    state = playing("bubble", string="red pink green blue -", events=["lump-of-coal"])
    act(state, "card 1")
    assert state.completed[0] == [0]
    assert state.revealed[0] == [1, 1]
    assert state.view(2)["seats"][0]["patterns"][1][0] == "P02"


def test_event_boxing_day_each_may_discard_and_draw_a_replacement_unseen() -> None:
    """Boxing Day: "Each player may discard a card from their hand and draw a replacement,
    without looking at the new card." (M15; the replacement takes the discarded card's
    place — reading received-card-position)."""
    state = bubble_event(
        "boxing-day", hand="bubble red green", deck="pink purple", known=[[2], [], []]
    )
    act(state, "card 1", seat=0)  # seat 0 discards its red (known to it)
    act(state, "card 2", seat=1)
    act(state, "none", seat=2)
    assert hand_kinds(state, 0) == ["purple", "green"]
    assert hand_kinds(state, 1) == ["green", "pink"]
    assert Counter(kinds_of(state, state.discard)) == Counter(["red", "green"])
    assert state.view(0)["hands"][0]["cards"] == [None, None]
    event = next(e for e in state.events(0) if e["type"] == "boxing-day" and e["seat"] == 0)
    assert event["discarded"] == "red" and "drawn" not in event
    seen = next(e for e in state.events(2) if e["type"] == "boxing-day" and e["seat"] == 0)
    assert seen["drawn"] == "purple"


# ------------------------------------------------------------------------ SWAP (M11)


def test_m11_swap_one_card_with_a_card_of_any_other_player_both_seeing_both() -> None:
    """SWAP: "Choose a card from your hand and swap it with a card in any other player's
    hand. Both players are allowed to see the swapped cards before placing them in their
    hands." M11: each then knows the card it received; everyone else saw both anyway."""
    state = playing("red plug", players=3)  # seat 1 holds green green, seat 2 yellow yellow
    act(state, "done", "swap", "card 2")
    assert legal(state) == ["seat 1", "seat 2"]
    act(state, "seat 2")
    assert legal(state) == ["card 1", "card 2"]
    events = act(state, "card 1")
    assert events == [
        {
            "type": "swap",
            "seat": 0,
            "card": 2,
            "with": 2,
            "their_card": 1,
            "gave": "plug",
            "got": "yellow",
        }
    ]
    assert hand_kinds(state, 0) == ["red", "yellow"] and hand_kinds(state, 2) == ["plug", "yellow"]
    assert state.view(0)["hands"][0]["cards"] == [None, "yellow"]
    assert state.view(2)["hands"][2]["cards"] == ["plug", None]
    assert state.view(1)["hands"][0]["known"] == [2]
    assert state.events(1)[-1]["gave"] == "plug"  # the others saw both cards too


def test_m11_swap_needs_a_card_on_both_sides() -> None:
    state = scenario(2, hands=["red", ""], santa=0, commit=["1 left", None])
    act(state, "done")
    assert "swap" not in legal(state)
    assert "nobody else holds a card" in refused(state, 0, "swap")
    empty = scenario(2, hands=["", "red"], santa=0)
    assert empty.step == cs.PLAY
    empty._settle()
    assert "swap" not in legal(empty) and "sale" not in legal(empty)


def test_m11_the_swapped_card_takes_the_place_of_the_card_given() -> None:
    """Reading received-card-position: each swapped card takes the place of the other."""
    state = playing("red plug blue")
    act(state, "done", "swap", "card 2", "seat 1", "card 2")
    assert hand_kinds(state, 0) == ["red", "green", "blue"]


# ------------------------------------------------------------------- SALE (M9, M10)


def sale(hand: str = "red plug blue green", players: int = 3, **kw: Any) -> ChristmasLights:
    """Seat 0 at the start of its SALE step."""
    state = playing(hand, players=players, **kw)
    act(state, "done", "sale")
    return state


def test_m9_lay_one_or_two_cards_face_up_that_everyone_sees() -> None:
    """SALE: "Choose one or two cards from your hand to place face-up on the table." M9:
    "now everyone, seller included, sees them"."""
    state = sale()
    act(state, "card 2")  # plug
    assert legal(state)[:3] == ["card 1", "card 2", "card 3"]  # a second card may be laid
    act(state, "card 3")  # green
    assert "card 1" not in legal(state)
    for viewer in (0, 1, 2, None):
        assert state.view(viewer)["sale"]["cards"] == [["plug", "for sale"], ["green", "for sale"]]
    assert hand_kinds(state, 0) == ["red", "blue"]
    assert "no more cards can be laid" in refused(state, 0, "card 1")


def test_m9_the_seller_offers_a_card_to_one_player_with_one_question() -> None:
    """SALE: "offer each card, one at a time, to any players of your choice in exchange
    for the answer to a Yes-or-No question about the cards you have in your hand." M9:
    "That player accepts or declines (their decision, made on their own seat)."""
    state = sale()
    act(state, "card 2")
    assert legal(state)[-3:] == ["seat 1", "seat 2", "withdraw"]
    act(state, "seat 2", "card 1", "done", "kind red", "done", ">=", "number 1")
    assert state.to_act == frozenset({2})
    assert legal(state, 2) == ["accept", "decline"]
    assert state.view(1)["sale"]["question"]["text"] == "count({1},{red}) >= 1"
    events = act(state, "accept", seat=2)
    assert events == [{"type": "accept", "seat": 2, "from": 0, "answer": "yes"}]
    assert hand_kinds(state, 2)[-1] == "plug"  # the buyer takes the card ...
    assert state.view(2)["hands"][2]["cards"][-1] == "plug"  # ... and knows it
    assert state.step == cs.NEXT and state.turn == 0


def test_m9_declined_the_card_may_go_to_another_player_each_at_most_once() -> None:
    """M9: "Declined: the seller may offer the same card to another player, one player at
    a time, each at most once." """
    state = sale(players=4)
    act(state, "card 1", "seat 1", "all", "kind plug", "=", "number 1")
    act(state, "decline", seat=1)
    assert legal(state)[-3:] == ["seat 2", "seat 3", "withdraw"]
    assert "already" in refused(state, 0, "seat 1")
    assert state.view(3)["sale"]["offered"] == [1]
    act(state, "seat 3", "ask same", "card 1", "card 2")
    act(state, "accept", seat=3)
    assert hand_kinds(state, 3)[-1] == "red"


def test_m9_cards_not_sold_are_discarded() -> None:
    """SALE: "Unsold cards are discarded, so choose carefully!" M9: the seller may stop
    offering a card (withdraw); a card every other player declined is discarded too."""
    state = sale(players=3)
    act(state, "card 1", "card 1")  # red and plug laid
    act(state, "withdraw")
    assert kinds_of(state, state.discard) == ["red"]
    act(state, "seat 1", "all", "kind red", "done", ">=", "number 0")
    act(state, "decline", seat=1)
    act(state, "seat 2", "all", "kind red", "done", ">=", "number 0")
    act(state, "decline", seat=2)
    assert kinds_of(state, state.discard) == ["red", "plug"]
    assert state.step == cs.NEXT
    assert [e["type"] for e in state.events(1)][-2:] == ["decline", "unsold"]


def test_m10_the_question_is_about_the_hand_after_the_cards_for_sale_left_it() -> None:
    """M10: "A question is about the seller's own hand *after* the cards for sale left
    it"."""
    state = sale("plug red plug")  # lay card 1: the hand is then red plug
    act(state, "card 1", "seat 1", "all", "kind plug", "=", "number 1")
    act(state, "accept", seat=1)
    assert state.view(0)["answers"][0][2:4] == ["count(all,{plug}) = 1", True]


@pytest.mark.parametrize(
    ("steps", "text", "answer"),
    [
        # "Is my 2nd card Red?" is count({2},{Red}) >= 1
        (["card 2", "done", "kind red", "done", ">=", "number 1"], "count({2},{red}) >= 1", True),
        (["card 1", "done", "kind red", "done", ">=", "number 1"], "count({1},{red}) >= 1", False),
        # "Do I have any Plugs?" is count(all,{Plug}) >= 1
        (["all", "kind plug", ">=", "number 1"], "count(all,{plug}) >= 1", True),
        (["all", "kind broken", "done", ">=", "number 1"], "count(all,{broken}) >= 1", False),
        (
            ["card 1", "card 3", "done", "kind red", "kind plug", "=", "number 2"],
            "count({1,3},{red,plug}) = 2",
            False,
        ),
        (
            ["card 1", "card 3", "done", "kind blue", "kind plug", "=", "number 2"],
            "count({1,3},{blue,plug}) = 2",
            True,
        ),
        (["all", "kind bubble", "done", "=", "number 0"], "count(all,{bubble}) = 0", True),
        (["ask same", "card 1", "card 3"], "same(1,3)", False),
        (["ask same", "card 3", "card 4"], "same(3,4)", True),
    ],
)
def test_m10_the_engine_answers_the_question_truthfully(
    steps: list[str], text: str, answer: bool
) -> None:
    """M10: count(positions, kinds) OP k with OP >= or =, and same(i, j): "Answers are
    yes/no only" — the engine answers truthfully for the buyer. The rules' examples: "Is
    my 2nd card Red?" = count({2},{Red}) >= 1; "Do I have any Plugs?" = count(all,{Plug})
    >= 1."""
    state = sale("green blue red plug plug")  # after laying green: blue red plug plug
    act(state, "card 1", "seat 1", *steps)
    assert state.view(2)["sale"]["question"]["text"] == text
    act(state, "accept", seat=1)
    for viewer in (0, 1):
        assert state.view(viewer)["answers"][-1] == [0, 1, text, answer, []]


def test_m10_questions_are_public_answers_only_to_seller_and_buyer() -> None:
    """M10: "Answers ... are remembered in the seller's view and the buyer's view; other
    players see the question but not the answer." """
    state = sale("red plug blue", players=4)
    act(state, "card 1", "seat 2", "all", "kind plug", ">=", "number 1")
    offer = state.events(3)[-1]
    assert offer == {
        "type": "offer",
        "seat": 0,
        "to": 2,
        "kind": "red",
        "question": "count(all,{plug}) >= 1",
    }
    act(state, "accept", seat=2)
    for viewer in (0, 2):
        accept = [e for e in state.events(viewer) if e["type"] == "accept"][-1]
        assert accept["answer"] == "yes"
        assert state.view(viewer)["answers"] == [[0, 2, "count(all,{plug}) >= 1", True, []]]
    for viewer in (1, 3, None):
        accept = [e for e in state.events(viewer) if e["type"] == "accept"][-1]
        assert "answer" not in accept
        assert state.view(viewer)["answers"] == []


def test_m10_the_seller_sees_which_of_its_cards_each_answer_is_about() -> None:
    """M12 / M10: the view lists, per card of the seller's own hand, the answers about
    it; when a card leaves, the answer keeps the kind the seller saw leave."""
    state = sale("plug red blue green")  # lay plug: red blue green
    act(state, "card 1", "seat 1", "card 1", "card 2", "done", "kind red", "done", "=", "number 1")
    act(state, "accept", seat=1)
    hand = state.view(0)["hands"][0]
    assert hand["answers"] == [[1, [1]], [2, [1]]]
    act(state, "end")
    for _ in range(2):  # seats 1 and 2 pass their turns
        act(state, "done", "end")
    act(state, "card 1")  # seat 0 plays its red (slot 1 of P01 from the left: placed)
    view = state.view(0)
    assert view["hands"][0]["answers"] == [[1, [1]]]
    assert view["answers"][0][4] == ["red"]


def test_m10_question_building_is_enumerable_step_by_step() -> None:
    """Issue: "a sale offer is built in steps (card, buyer, question fields)" so that no
    decision has more than about 200 legal actions. Positions and kinds are added in
    increasing order, so each question has one way to be built."""
    state = sale("red plug blue green pink")
    act(state, "card 1", "seat 1")
    assert legal(state) == ["all", "card 1", "card 2", "card 3", "card 4", "ask same"]
    act(state, "card 2")
    assert legal(state) == ["card 3", "card 4", "done"]
    assert "increasing order" in refused(state, 0, "card 1")
    act(state, "card 4")  # the last position: on to the kinds
    assert legal(state) == [f"kind {k}" for k in cb.KIND_NAME]
    act(state, "kind blue")
    assert legal(state)[0] == "kind purple" and legal(state)[-1] == "done"
    assert "after blue" in refused(state, 0, "kind red")
    act(state, "done")
    assert legal(state) == [">=", "="]
    act(state, "=")
    assert legal(state) == ["number 0", "number 1", "number 2"]
    assert "0 to 2" in refused(state, 0, "number 3")
    act(state, "number 2")
    assert state.view(1)["sale"]["question"]["text"] == "count({2,4},{blue}) = 2"


# ---------------------------------------------------------------------- REFILL, M8, M17


def test_refill_draw_one_or_more_up_to_five_unseen() -> None:
    """REFILL: "You may draw one or more Bulb cards to fill your hand up to no more than
    five." The drawn cards go into the hand unseen by the drawer (reading refill)."""
    state = playing("red green", deck="plug blue")
    act(state, "done")
    assert [a for a in legal(state) if a.startswith("draw")] == ["draw 1", "draw 2", "draw 3"]
    events = act(state, "draw 2")
    assert hand_kinds(state, 0) == ["red", "green", "blue", "plug"]
    assert events[0] == {"type": "draw", "seat": 0, "why": "refill", "count": 2}
    assert state.events(1)[-2]["kinds"] == ["blue", "plug"]
    assert state.view(0)["hands"][0]["cards"] == [None] * 4
    assert state.turn == 1  # REFILL is the last step


def test_refill_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    """REFILL: "If the Bulb deck runs out, shuffle the discard pile to make a new deck."
    (reading reshuffle-when-needed: when a draw finds the deck empty)."""
    state = playing("red", discard="blue blue green")
    state.discard = state.discard + state.deck[:-1]
    state.deck = state.deck[-1:]
    state.touch()
    assert conserved(state)
    top = state.kinds[state.deck[-1]]
    before = len(state.discard)
    act(state, "done", "draw 3")
    assert state.kinds[state.hands[0][1]] == top
    assert len(state.hands[0]) == 4
    assert len(state.deck) == before - 2 and state.discard == []
    assert {"type": "reshuffle", "deck": before} in state.events(2)


def test_m17_with_deck_and_discard_empty_draw_what_there_is() -> None:
    """M17: "Draw what there is; the rest of the draw is skipped." REFILL offers no more
    draws than there are cards (reading refill)."""
    state = playing("red")
    state.hands[1] = state.hands[1] + state.deck[:-2]
    state.deck = state.deck[-2:]
    state.touch()
    act(state, "done")
    assert [a for a in legal(state) if a.startswith("draw")] == ["draw 1", "draw 2"]
    assert "only 2 card(s) are left" in refused(state, 0, "draw 3")
    surge = playing("bubble red", string="red - - - -", events=["power-surge"])
    surge.hands[1] = surge.hands[1] + surge.deck[:-2]
    surge.deck = surge.deck[-2:]
    surge.touch()
    act(surge, "card 1")
    assert len(surge.hands[0]) == 3  # red discarded, then 2 + the 1 reshuffled card


def test_m8_no_hand_limit_refill_never_discards() -> None:
    """M8: "None. Light Switch and buying in a Sale can raise a hand above 5; Refill only
    draws up to 5 and never discards." """
    state = sale("red plug", players=3)
    state.hands[1] = state.hands[1] + state.deck[-4:]
    state.deck = state.deck[:-4]
    state.touch()
    assert len(state.hands[1]) == 6
    act(state, "card 1", "seat 1", "all", "kind red", "done", ">=", "number 0")
    act(state, "accept", seat=1)
    assert len(state.hands[1]) == 7
    act(state, "end")
    act(state, "done")
    assert not any(a.startswith("draw") for a in legal(state))
    assert "REFILL only fills a hand up to five" in refused(state, 1, "draw 1")


# ---------------------------------------------------------------- marks and order (M12)


def test_m12_mark_a_card_publicly_without_using_a_step() -> None:
    """Basic Rules: "you can "mark" them by how you hold them — sideways, upside-down ...
    Just be sure they can always be seen by other players!" M12: a short public mark on
    any of your cards without using a step (two steps: the mark, then the card)."""
    state = playing("red green blue")
    assert legal(state, free=True)[-7:] == [
        "mark sideways",
        "mark upside-down",
        "mark raised",
        "move first",
        "move last",
        "move left",
        "move right",
    ]
    act(state, "mark sideways")
    assert legal(state) == ["card 1", "card 2", "card 3"]
    events = act(state, "card 2")
    assert events == [{"type": "mark", "seat": 0, "card": 2, "mark": "sideways"}]
    assert state.step == cs.PLAY and state.plays == 0  # no step used
    for viewer in (0, 1, None):
        assert state.view(viewer)["hands"][0]["marks"] == [[2, "sideways"]]


def test_m12_reorder_your_hand_without_using_a_step() -> None:
    """M12: a player may reorder its own hand at any time without using a step (moves go
    to the first or last place or one place left or right: reading free-actions); marks
    and knowledge follow the card."""
    state = playing("red green blue", known=[[3], [], []], free_actions=3)
    act(state, "mark raised", "card 3")
    act(state, "move first", "card 3")
    assert hand_kinds(state, 0) == ["blue", "red", "green"]
    assert state.view(0)["hands"][0] == {
        "cards": ["blue", None, None],
        "marks": [[1, "raised"]],
        "known": [1],
        "answers": [],
    }
    act(state, "move right")
    assert legal(state) == ["card 1", "card 2"]
    act(state, "card 1")
    assert hand_kinds(state, 0) == ["red", "blue", "green"]


def test_m12_a_mark_leaves_with_its_card() -> None:
    """Reading marks-follow-card: a mark stays on its card while it is in the hand."""
    state = playing("red green")
    act(state, "mark upside-down", "card 1", "card 1")  # red is played
    assert state.view(1)["hands"][0]["marks"] == []


def test_m12_free_actions_are_limited_per_turn_so_play_always_moves_on() -> None:
    """Reading free-actions: at most ``free_actions`` (default 1) marks or moves per turn,
    on your own turn, at the start of a decision — so random play cannot loop on them."""
    state = playing("red green")
    act(state, "mark raised", "card 1")
    assert not any(a.startswith(("mark", "move")) for a in legal(state, free=True))
    assert "made your 1 mark(s) or move(s) this turn" in refused(state, 0, "mark sideways")
    off = playing("red green", free_actions=0)
    assert "off in this game" in refused(off, 0, "mark sideways")
    other = playing("red green")
    act(other, "card 1", "done", "swap", "card 1")
    assert "cannot interrupt" in refused(other, 0, "mark raised")
    buyer = sale()
    act(buyer, "card 1", "seat 1", "all", "kind red", "done", ">=", "number 1")
    assert "on your own turn" in refused(buyer, 1, "mark raised")
    act(buyer, "accept", seat=1)
    act(buyer, "end")
    assert buyer.free_left[1] == 1  # a new turn, a new allowance


# ------------------------------------------------------------------- game end (M16)


SECOND = ["P02", "P04", "P06", "P08", "P10", "P12"]


def endgame(
    players: int,
    finishers: list[int],
    *,
    extra: str = "",
    santa: int = 0,
    turn: int = 0,
    aside: list[str] | None = None,
    **kw: Any,
) -> ChristmasLights:
    """Each seat in ``finishers`` has completed its first pattern, placed its Plug, and
    is one card from its second pattern (read from the left): its string holds that
    pattern's first four lights and its hand the fifth (then ``extra``). Each other seat
    holds a green and a blue and has built nothing."""
    hands, strings, commits, completed, plugs, patterns = [], [], [], [], [], []
    for s in range(players):
        first = f"P{13 + s:02d}"
        second = SECOND[s]
        lights = [cb.KIND_NAME[k] for k in cb.LIGHTS[cb.PATTERN_IDS.index(second)]]
        patterns.append([first, second])
        if s in finishers:
            hands.append(" ".join([lights[4], *extra.split()]))
            strings.append(" ".join([*lights[:4], "-"]))
            commits.append("2 left")
            completed.append(["1 left"])
            plugs.append(True)
        else:
            hands.append("green blue")
            strings.append("- - - - -")
            commits.append(None)
            completed.append([])
            plugs.append(False)
    return scenario(
        players,
        hands=hands,
        strings=strings,
        commit=commits,
        completed=completed,
        plugs=plugs,
        patterns=patterns,
        aside=aside,
        santa=santa,
        turn=turn,
        **kw,
    )


def pass_turn(state: ChristmasLights) -> None:
    """The seat to act skips its whole turn."""
    act(state, "done", "end")


def test_m16_the_round_is_finished_so_everyone_has_had_the_same_number_of_turns() -> None:
    """Game End: "The game ends after any player completes their two Pattern cards, but
    play continues until the starting player is reached (the player who received the
    Santa card), so all players get an equal number of turns." M16: the last turn is the
    player before the Santa holder."""
    state = endgame(4, [1], santa=3, turn=1)
    act(state, "card 1")
    assert state.final_round and not state.outcome.over
    assert {"type": "final-round", "seat": 1} in state.events(0)
    act(state, "end")
    assert state.turn == 2
    pass_turn(state)  # seat 2, the player before Santa's holder, has the last turn
    assert state.outcome.status == "finished"
    assert state.to_act == frozenset()
    assert state.events(0)[-1] == {"type": "game-end"}
    assert "game is over" in refused(state, 3, "done")


def test_m16_completing_on_the_turn_before_santa_ends_the_game_at_once() -> None:
    state = endgame(3, [2], santa=0, turn=2)
    act(state, "card 1", "end")
    assert state.outcome.status == "finished"


def test_m16_the_player_who_completed_two_patterns_is_the_winner() -> None:
    """Game End: "The player who completed their two Pattern cards is the winner!" """
    state = endgame(3, [1], santa=0, turn=1)
    act(state, "card 1", "end")
    pass_turn(state)
    outcome = state.outcome
    assert outcome.winners == (1,)
    assert outcome.tiebreak is None
    assert outcome.scores == (0.0, 2.0, 0.0)
    assert outcome.ranks == (2, 1, 2)
    assert "seat 1 completed two patterns" in outcome.reason


def finish_round(state: ChristmasLights, finishers: list[int]) -> None:
    """Play the round out from the current seat: finishers play their last card."""
    while not state.outcome.over:
        if state.turn in finishers and state.step == cs.PLAY:
            act(state, "card 1", "end")
        else:
            pass_turn(state)


def test_m16_tie_fewest_broken_bulbs_used_wins() -> None:
    """Game End: "If more than one player completed two Pattern cards, the one who used
    the least Broken Bulbs is the winner." """
    state = endgame(3, [0, 2], aside=["broken bubble", "", "bubble"])
    finish_round(state, [0, 2])
    assert state.outcome.winners == (2,)
    assert state.outcome.tiebreak == "fewest Broken Bulbs used"


def test_m16_tie_then_fewest_bubble_bulbs_used_wins() -> None:
    """Game End: "If still tied, the tied player who used the least Bubble Bulbs is the
    winner." """
    state = endgame(3, [0, 1], aside=["broken bubble bubble", "broken bubble", ""])
    finish_round(state, [0, 1])
    assert state.outcome.winners == (1,)
    assert state.outcome.tiebreak == "same Broken Bulbs used; fewest Bubble Bulbs used"
    assert state.outcome.ranks == (2, 1, 3)


def test_m16_tie_still_tied_players_share_victory() -> None:
    """Game End: "If there is still a tie, the tied players share victory." """
    state = endgame(3, [0, 1, 2], aside=["broken", "broken", "broken bubble"])
    finish_round(state, [0, 1, 2])
    assert state.outcome.winners == (0, 1)
    assert state.outcome.tiebreak == "same Broken and Bubble Bulbs used: shared victory"


def test_turn_limit_ends_the_game_unfinished_with_no_winner() -> None:
    """docs/rulings.md#every-game-safety-limits: a turn limit option, generous by default (600
    turns), after which the game ends as unfinished, with no winner."""
    assert yuletide.new_game(GAME, players=3, seed=1).turn_limit == 600
    state = playing("red", turn_limit=2)
    pass_turn(state)
    pass_turn(state)
    assert state.outcome.status == "unfinished"
    assert state.outcome.winners == ()
    assert state.to_act == frozenset()
    assert state.events(0)[-1] == {"type": "turn-limit", "limit": 2}


def test_turn_limit_never_cuts_the_final_round_short() -> None:
    """Reading final-round-beyond-limit: once someone has completed two patterns, the
    round is played out (M16) even past the turn limit — a rule never hides behind it."""
    state = endgame(3, [0], santa=0, turn_limit=1)
    act(state, "card 1", "end")
    assert state.turns == 1 and not state.outcome.over
    pass_turn(state)
    pass_turn(state)
    assert state.outcome.status == "finished" and state.outcome.winners == (0,)


# ------------------------------------------------------------------- a scripted game


def play_kind(state: ChristmasLights, kind: str, target: str | None = None) -> None:
    """The seat to act plays its card of ``kind`` (the script knows the cards; the seat
    itself does not), choosing ``target`` when it is asked for one."""
    (seat,) = state.to_act
    pos = hand_kinds(state, seat).index(kind)
    act(state, f"card {pos + 1}")
    if state.step == cs.PLAY_TARGET:
        assert target is not None, f"{kind} needs a target: {legal(state)}"
        act(state, target)
    else:
        assert target is None or target == "advance"


def test_scripted_game_two_pattern_win_decided_by_broken_bulbs() -> None:
    """A whole 2-player game from seed 2024 with a stacked deal, through the checked
    path: seat 0 (Santa) completes P01 and P02 on its 7th turn using two Broken Bulbs;
    seat 1 completes P03 and P04 on its 7th turn, the last of the round (M16), using one.
    Both completed two patterns: fewer Broken Bulbs wins (Game End), seat 1."""
    draws = [  # the deck, in the order the cards are drawn
        "yellow plug",  # seat 0, turn 1
        "yellow plug",  # seat 1, turn 1
        "blue broken",  # seat 0, turn 2
        "yellow blue",  # seat 1, turn 2
        "purple yellow",  # seat 0, turn 3
        "purple pink",  # seat 1, turn 3
        "green pink",  # seat 0, turn 4
        "green red",  # seat 1, turn 4
        "red red",  # seat 0, turn 5
        "purple purple",  # seat 1, turn 5
        "blue blue",  # seat 0, turn 6
        "green",  # seat 1, turn 6
    ]
    deck = " ".join(reversed(" ".join(draws).split()))
    state = scenario(
        2,
        hands=["broken pink green red blue", "green pink purple broken blue"],
        deck=deck,
        patterns=[["P01", "P02"], ["P03", "P04"]],
        events=["lump-of-coal"],
        santa=0,
        seed=2024,
    )
    assert state.to_act == frozenset({0})

    def turn(plays: list[str | tuple[str, str]], draw: int) -> None:
        for play in plays:
            if isinstance(play, str) and play.startswith("commit"):
                act(state, play)
            elif isinstance(play, tuple):
                play_kind(state, *play)
            else:
                play_kind(state, play)
        if state.step == cs.PLAY:
            act(state, "done")
        act(state, f"draw {draw}" if draw else "end")

    # P01 = red pink green blue yellow; P02 = blue yellow purple green pink
    # P03 = green pink purple yellow blue; P04 = yellow blue purple pink green
    turn(["commit 1 left", "broken", ("pink", "advance")], 2)  # seat 0: Broken Bulb in slot 1
    turn(["commit 1 left", "green", "pink"], 2)
    turn([("green", "advance"), ("red", "fix 1")], 2)  # seat 0: Broken Bulb 1 aside
    turn(["purple", "broken"], 2)  # seat 1: a Broken Bulb in slot 4
    turn([("blue", "advance"), "yellow"], 2)  # seat 0 completes P01
    assert state.completed[0] == [0] and state.view(1)["seats"][0]["plug"] == "due"
    turn([("blue", "advance"), "yellow"], 2)  # seat 1: slot 5, then fixes slot 4: P03
    assert state.completed[1] == [0] and state.used(1) == (1, 0)
    turn(["plug", "commit 2 left", "blue"], 2)  # seat 0: Plug, then the second string
    turn(["plug", "commit 2 left", "yellow"], 2)
    turn(["broken", ("purple", "advance")], 2)  # seat 0: a second Broken Bulb
    turn(["blue", "purple"], 2)
    turn([("yellow", "fix 2"), "green"], 2)  # Broken Bulb 2 aside
    turn(["pink"], 1)
    assert not state.final_round
    turn(["pink"], 0)  # seat 0 completes P02: the final round (M16)
    assert state.final_round and not state.outcome.over
    turn(["green"], 0)  # seat 1 completes P04 on the last turn of the round

    outcome = state.outcome
    assert outcome.status == "finished"
    assert [len(c) for c in state.completed] == [2, 2]
    assert state.used(0) == (2, 0) and state.used(1) == (1, 0)
    assert outcome.winners == (1,)
    assert outcome.tiebreak == "fewest Broken Bulbs used"
    assert outcome.scores == (2.0, 2.0)
    assert outcome.ranks == (2, 1)
    assert state.turns == 14
    assert conserved(state)
    completes = [e for e in state.events(None) if e["type"] == "complete"]
    assert [(e["seat"], e["pattern"]) for e in completes] == [
        (0, "P01"),
        (1, "P03"),
        (0, "P02"),
        (1, "P04"),
    ]
    text = render_text(state.view(1))
    assert "game over (finished)" in text and "seat 0 and seat 1 completed two patterns" in text


# --------------------------------------------------------- knowledge, views, worlds


def test_view_each_seat_sees_its_own_cards_as_backs_plus_what_it_knows() -> None:
    """Issue, Knowledge: "Each seat's view shows its own cards as backs plus what it knows
    about each (seen in a swap, bought, looked at, drawn with Light Switch) and the
    answers it received; it shows every other seat's cards face up, the strings, whose
    turn and which step." M12."""
    state = sale("red plug blue green")
    act(state, "card 2", "seat 1", "card 1", "done", "kind red", "done", ">=", "number 1")
    act(state, "accept", seat=1)  # seat 1 bought the plug
    view = state.view(1)
    assert view["hands"][1]["cards"] == [None, None, "plug"]
    assert view["hands"][0]["cards"] == ["red", "blue", "green"]
    assert view["seats"][0]["string"] == [None] * 5
    assert (view["turn"], view["phase"], view["step"]) == (0, "NEXT STEP", "next-step")
    assert view["answers"] == [[0, 1, "count({1},{red}) >= 1", True, []]]
    assert state.view(0)["hands"][0]["answers"] == [[1, [1]]]
    assert state.view(0)["hands"][0]["cards"] == [None, None, None]


def test_view_a_spectator_sees_only_what_is_public() -> None:
    state = sale("red plug blue green")
    act(state, "card 2", "seat 1", "all", "kind plug", ">=", "number 1")
    act(state, "accept", seat=1)
    view = state.view(None)
    assert all(h["cards"] == [None] * len(h["cards"]) for h in view["hands"])
    assert view["hands"][1]["known"] == [3]  # who knows which of their cards is public
    assert view["answers"] == [] and view["free_actions_left"] is None
    assert all(p is None for seat in view["seats"] for p in seat["patterns"])


def world(state: ChristmasLights, seat: int, seed: int) -> ChristmasLights:
    det = state.determinize(seat, Rng(seed))
    assert conserved(det)
    return det


def test_determinize_keeps_what_the_seat_knows_and_every_answer_it_got() -> None:
    """Design hint: determinize(s) re-deals s's own unknown cards consistently with its
    knowledge — known identities fixed, answers respected."""
    state = sale("plug red plug blue green")  # lay card 1: red plug blue green
    act(
        state,
        "card 1",
        "seat 1",
        "card 1",
        "card 2",
        "done",
        "kind red",
        "kind plug",
        "=",
        "number 2",
    )
    act(state, "accept", seat=1)
    act(state, "end")
    act(state, "done", "swap", "card 1", "seat 0", "card 4")  # seat 1 gives seat 0 a green
    mine = state.hands[0]
    known_at = [i for i, c in enumerate(mine) if state.known[c]]
    assert known_at
    changed = 0
    for i in range(40):
        det = world(state, 0, i)
        theirs = det.hands[0]
        for pos in known_at:  # cards are re-labelled by place: compare by position
            assert det.known[theirs[pos]] and det.kinds[theirs[pos]] == state.kinds[mine[pos]]
        assert len(det.facts) == 1 and ck.fact_holds(det.facts[0], det.kinds)
        assert det.view(0) == state.view(0)
        assert [str(a) for a in det.legal_actions(1)] == [str(a) for a in state.legal_actions(1)]
        changed += hand_kinds(det, 0) != hand_kinds(state, 0)
    assert changed > 10


def test_determinize_search_finds_a_deal_for_tight_answers() -> None:
    """When answers leave few deals (rejection sampling keeps failing), the constraint
    search still finds one that fits them all (the truth always does)."""
    pool = [cb.PLUG] * 5 + [cb.RED] * 30 + [cb.PLUG] * 3
    unknown = list(range(5))
    kinds = [cb.PLUG] * 5 + [0] * (cb.N_CARDS - 5)
    fact = [0, 1, cf.COUNT, cf.EQ, 5, 1 << cb.PLUG, 1, 1, 5, 0, 1, 2, 3, 4, *unknown]
    same = [0, 1, cf.SAME, cf.GE, 0, 0, 1, 0, 2, 0, 1, 0, 1]
    for seed in range(5):
        dealt = ck.deal_bulbs(unknown, pool.copy(), [fact, same], kinds.copy(), Rng(seed))
        assert dealt[:5] == [cb.PLUG] * 5
        assert Counter(dealt) == Counter(pool)


def test_determinize_redeals_other_patterns_to_fit_their_public_strings() -> None:
    """Design hint: determinize re-deals the other seats' secret Pattern cards from the
    patterns the seat cannot see; a seat's commitment (pattern and end) must still fit
    the colours in its string and the colours discarded at a slot (design
    note: determinize-patterns)."""
    state = playing("green", players=3)
    state.commit[1] = 0  # seat 1: pattern 1 (P03: green pink purple yellow blue) from the left
    state.touch()
    act(state, "done", "end")
    act(state, "card 1")  # seat 1 plays green: placed in slot 1
    act(state, "card 1")  # green again: not slot 2 (pink) — a public miss
    assert string_kinds(state, 1)[0] == "green"
    seen = set()
    for i in range(30):
        det = world(state, 0, i)
        c = det.commit[1]
        line = cb.LINES[det.patterns[1][c >> 1] * 2 + (c & 1)]
        assert line[0] == cb.GREEN and line[1] != cb.GREEN
        assert det.patterns[0] == state.patterns[0] and det.commit[0] == state.commit[0]
        assert det.view(0) == state.view(0)
        seen.add(det.patterns[1][c >> 1])
        assert sorted([*(p for ps in det.patterns for p in ps), *det.pattern_box]) == list(
            range(18)
        )
    assert len(seen) > 2


def test_determinize_keeps_a_revealed_pattern_and_redraws_the_end() -> None:
    """Lump of Coal reveals the card, not the end: a determinization keeps the card and
    may choose the other end when the string allows it."""
    state = playing("bubble", string="- - - - -", events=["lump-of-coal"], players=3)
    act(state, "card 1")  # a Bubble Bulb in slot 1 tells nothing about the end
    assert state.revealed[0][0] == 1
    ends = {world(state, 1, i).commit[0] & 1 for i in range(30)}
    assert ends == {0, 1}
    assert all(world(state, 1, i).patterns[0][0] == state.patterns[0][0] for i in range(10))


def test_determinize_redraws_choices_not_yet_shown() -> None:
    """M15 choices are secret until everyone has decided: a determinization for another
    seat re-draws them; for the chooser they stay."""
    state = bubble_event("christmas-eve", hand="bubble red green")
    act(state, "card 2", seat=1)

    def choice(det: ChristmasLights) -> int:  # the position chosen (ids are re-labelled)
        c = det.choices[1]
        return det.hands[1].index(c) if c >= 0 else c

    mine = {choice(world(state, 1, i)) for i in range(20)}
    theirs = {choice(world(state, 2, i)) for i in range(40)}
    assert mine == {choice(state)}
    assert len(theirs) > 1
    assert all(world(state, 2, i).view(2) == state.view(2) for i in range(10))


def test_determinize_shuffles_the_decks_and_keeps_public_cards() -> None:
    state = playing("red green", players=4, discard="blue")
    decks = set()
    for i in range(10):
        det = world(state, 0, i)
        decks.add(tuple(det.kinds[c] for c in det.deck))
        assert [det.kinds[c] for c in det.hands[1]] == [state.kinds[c] for c in state.hands[1]]
        assert [det.kinds[c] for c in det.discard] == [state.kinds[c] for c in state.discard]
        assert sorted(det.event_deck) == sorted(state.event_deck)
    assert len(decks) == 10


def messages(state: ChristmasLights, seat: int) -> dict[str, str]:
    out = {}
    for action in state.action_space(state.players):
        probe = state.clone()
        try:
            probe.apply(seat, str(action))
        except IllegalAction as err:
            out[str(action)] = str(err)
    return out


@pytest.mark.parametrize(
    "step",
    ["play", "play-target", "next", "swap", "sale", "question", "buyer", "event"],
)
def test_your_own_cards_never_leak_through_view_actions_errors_or_log(step: str) -> None:
    """Issue: "your own hand must never leak through your view, your legal actions, an
    error message or the log" — two games that differ only in seat 0's own unseen cards
    look the same to seat 0 at every step of a turn."""
    setups = {
        "play": [],
        "play-target": ["card 2"],
        "next": ["done"],
        "swap": ["done", "swap"],
        "sale": ["done", "sale", "card 1"],
        "question": ["done", "sale", "card 1", "seat 1", "card 1"],
        "buyer": ["done", "sale", "card 1", "seat 1", "all", "kind red", "done", ">=", "number 1"],
        "event": ["card 1", "advance"],  # the Bubble Bulb: Christmas Eve for everyone
    }
    states = []
    for hand in ("bubble pink broken plug", "bubble red yellow green"):
        state = playing(hand, string="red broken - - -", events=["christmas-eve"])
        act(state, *setups[step])
        states.append(state)
    a, b = states
    assert a.view(0) == b.view(0)
    assert legal(a, 0, free=True) == legal(b, 0, free=True)
    assert a.events(0) == b.events(0)
    assert messages(a, 0) == messages(b, 0)
    assert a.view(1) != b.view(1)  # the others do see the difference


# --------------------------------------------------------------- errors and notation


@pytest.mark.parametrize(
    ("setup", "seat", "text", "message"),
    [
        ([], 0, "card 4", "there is no card 4: your hand holds 3"),
        ([], 0, "swap", "end the PLAY step first"),
        ([], 1, "done", "seat 1 may not act now"),
        ([], 0, "commit 1 left", "committed to pattern 1 from the left"),
        ([], 0, "fix 2", "PLAY: play a card"),
        (["card 1"], 0, "fix 1", "slot 1 holds no Broken Bulb"),
        (["card 1"], 0, "card 1", "choose where the card goes"),
        (["done"], 0, "done", "the PLAY step is over"),
        (["done", "swap"], 0, "done", "SWAP: choose your card"),
        (["done", "swap", "card 1"], 0, "seat 0", "you cannot swap with yourself"),
        (["done", "swap", "card 1"], 0, "seat 5", "there is no seat 5"),
        (["done", "swap", "card 1", "seat 2"], 0, "card 3", "seat 2 holds 2"),
        (["done", "sale", "card 1"], 0, "seat 0", "cannot offer your card to yourself"),
        (["done", "sale", "card 1", "seat 1"], 0, "done", "choose at least one position"),
        (["done", "sale", "card 1", "seat 1", "card 1"], 0, "all", "'all' must be the first"),
        (["done", "sale", "card 1", "seat 1", "all"], 0, "done", "choose at least one kind"),
        (
            ["done", "sale", "card 1", "seat 1", "all", "kind red", "done"],
            0,
            "number 1",
            ">= (at least) or = (exactly)",
        ),
        (["done", "sale", "card 1", "seat 1", "ask same"], 0, "card 2", "comes before the second"),
        (
            ["done", "sale", "card 1", "seat 1", "all", "kind red", "done", ">=", "number 1"],
            1,
            "done",
            "offers you a card: accept or decline",
        ),
        (
            ["done", "sale", "card 1", "seat 1", "all", "kind red", "done", ">=", "number 1"],
            2,
            "accept",
            "seat 2 may not act now",
        ),
        (["done"], 0, "draw 4", "you hold 3 cards: draw at most 2"),
        (["done", "end"], 1, "card 1", "before the first card of a string, commit"),
    ],
)
def test_illegal_actions_say_why_and_leave_the_state_unchanged(
    setup: list[str], seat: int, text: str, message: str
) -> None:
    """Bad input gets a clear error saying what is wrong and what is allowed (citing the
    rule), and leaves the state unchanged."""
    state = playing("red pink broken", string="red broken - - -")
    act(state, *setup)
    error = refused(state, seat, text)
    assert message in error
    if "may not act" not in error and "there is no seat" not in error:
        assert "now (" in error and "[" in error  # what is allowed, and the rule


def test_errors_for_everyone_events_name_the_event() -> None:
    state = bubble_event("light-switch")
    assert "Light Switch: draw a card" in refused(state, 1, "card 1")
    assert "Light Switch lets each player draw one card" in refused(state, 1, "draw 2")
    state = bubble_event("boxing-day")
    assert "choose a card of yours to discard" in refused(state, 1, "draw 1")


def test_notation_round_trips_and_parse_errors_list_the_forms() -> None:
    for action in ChristmasLights.action_space(6):
        assert ChristmasLights.parse_action(str(action)) == action
    assert ChristmasLights.parse_action("  Commit  2   RIGHT ") == cb.Commit(1, 1)
    with pytest.raises(NotationError) as info:
        ChristmasLights.parse_action("play red")
    assert "card <i>" in str(info.value) and "commit <1|2> <left|right>" in str(info.value)
    with pytest.raises(NotationError):
        ChristmasLights.parse_action(7)  # type: ignore[arg-type]
    assert len(ChristmasLights.action_space(2)) == len(ChristmasLights.action_space(6)) - 4


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"turn_limit": 0}, "turn_limit"),
        ({"free_actions": 21}, "free_actions"),
        ({"free_actions": "1"}, "free_actions"),
        ({"jokers": True}, "has no option"),
    ],
)
def test_options_are_validated(options: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        yuletide.new_game(GAME, players=3, **options)


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(InvalidOption, match="2 to 6"):
        yuletide.new_game(GAME, players=players)


# --------------------------------------------------------------- decisions and records


def test_no_decision_has_more_than_about_200_legal_actions_even_with_a_huge_hand() -> None:
    """Issue: "No decision has more than about 200 legal actions": every choice is one
    position, seat, kind or number at a time, so even a 40-card hand stays far below."""
    state = playing("red", players=2)
    state.hands[0] = state.hands[0] + state.deck[:39]
    state.deck = state.deck[39:]
    state.touch()
    counts = [len(state.legal_actions(0))]
    for texts in (
        ["done"],
        ["done", "swap"],
        ["done", "swap", "card 1"],
        ["done", "swap", "card 1", "seat 1"],
        ["done", "sale"],
        ["done", "sale", "card 1"],
        ["done", "sale", "card 1", "seat 1"],
        ["done", "sale", "card 1", "seat 1", "all", "kind red", "done", "="],
        ["mark raised"],
    ):
        probe = state.clone()
        act(probe, *texts)
        counts.append(len(probe.legal_actions(0)))
    assert counts[0] == 40 + 1 + 7
    assert max(counts) <= 70


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_games_finish_within_the_limit_and_stay_enumerable(players: int) -> None:
    """Random play ends (finished, in practice always, within the default limit), every
    card stays in the box, and decisions stay small."""
    rng = Rng(players)
    for seed in range(3):
        state = yuletide.new_game(GAME, players=players, seed=seed)
        most = 0
        while not state.outcome.over:
            seats = sorted(state.to_act)
            seat = seats[rng.below(len(seats))]
            actions = state.legal_actions(seat)
            most = max(most, len(actions))
            state.apply_unchecked(seat, actions[rng.below(len(actions))])
        assert conserved(state)
        assert state.outcome.status == "finished"
        assert most <= 40


def test_save_load_and_replay_mid_game_continue_identically() -> None:
    state = yuletide.new_game(GAME, players=4, seed=11)
    rng = Rng(3)
    for _ in range(300):
        seats = sorted(state.to_act)
        seat = seats[rng.below(len(seats))]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.below(len(actions))])
    loaded = yuletide.load(state.to_json())
    assert loaded.to_json() == state.to_json()
    assert yuletide.replay(state.record()).to_json() == state.to_json()
    assert loaded.view(2) == state.view(2)


def test_clone_is_independent_copy_on_write() -> None:
    """clone() shares lists until either state changes (design note: copy-on-write clone)."""
    state = playing("red pink green")
    before = state.to_json()
    other = state.clone()
    act(other, "card 1", "card 1")
    assert state.to_json() == before
    act(state, "done")
    assert other.plays == 2 and state.plays == 0
    assert other.to_json() != state.to_json()


# ------------------------------------------------------------------------- rendering


def test_render_shows_your_string_pattern_the_others_hands_and_what_you_know() -> None:
    """Issue: "`yuletide play christmas-lights` is pleasant in the terminal: your string,
    your pattern, the others' hands, and what you know about your own cards, at a
    glance"; colours always with a letter (colour-blind players)."""
    state = sale("red plug blue green")
    act(state, "card 2", "seat 1", "card 1", "done", "kind red", "done", ">=", "number 1")
    act(state, "accept", seat=1)
    text = render_text(state.view(1))
    lines = text.splitlines()
    assert lines[2] == "" and lines[3].startswith("You (seat 1")
    assert "patterns 1: P03 G K U Y B | 2: P04 Y B U K G" in text
    assert "hand     1:?  2:?  3:=" in text  # your cards: unknown, unknown, the bought plug
    assert "Seat 0 (" in text and "1:R(answers" not in text
    assert "hand     1:R  2:B  3:G" in text
    assert "0 -> seat 1: count({1},{red}) >= 1 = yes" in text
    assert "Key: R=red G=green Y=yellow B=blue U=purple K=pink *=bubble x=broken ==plug" in text
    spectator = render_text(state.view(None))
    assert "1:?  2:?  3:?" in spectator and "You (" not in spectator


def test_terminal_play_against_bots(tmp_path: Path) -> None:
    """`yuletide play christmas-lights` runs through the terminal client."""
    import io

    from yuletide.terminal import play

    out = io.StringIO()
    code = play(
        GAME,
        players=3,
        seat=0,
        seed=5,
        options={},
        bots="random",
        save=str(tmp_path / "game.replay.json"),
        stdin=io.StringIO("?\nnonsense\n99\nq\n"),
        stdout=out,
    )
    text = out.getvalue()
    assert code == 0
    assert "Christmas Lights" in text and "Not allowed:" in text
    assert (tmp_path / "game.replay.json").exists()


def test_m17_light_switch_draws_what_there_is() -> None:
    """M17 with Light Switch: when the cards run out, the later players in turn order draw
    nothing."""
    state = playing("bubble red", string="red - - - -", events=["light-switch"])
    state.hands[2] = state.hands[2] + state.deck[:-1]
    state.deck = state.deck[-1:]
    state.touch()
    act(state, "card 1")
    sizes = [len(h) for h in state.hands]
    for seat in (2, 1, 0):
        act(state, "draw 1", seat=seat)
    assert [len(h) for h in state.hands] == [sizes[0] + 1, sizes[1], sizes[2]]
    drew = [e["drew"] for e in state.events(0) if e["type"] == "light-switch"]
    assert drew[1:] == [None, None] and drew[0] is not None


def test_m14_power_surge_loses_the_second_play_swap_and_sale() -> None:
    """M14: "The turn ends at once: a second play, Swap and Sale are lost." """
    state = bubble_event("power-surge", hand="bubble red green")
    assert state.turn == 1 and state.step == cs.PLAY and state.plays == 0
    assert [e["type"] for e in state.events(0)][-4:] == ["event", "power-surge", "draw", "turn"]


def test_views_and_events_are_fresh_objects_a_caller_may_change() -> None:
    """A client that edits what it was given must not change the game's later answers."""
    state = yuletide.new_game("christmas-lights", players=3, seed=1)
    view_text = json.dumps(state.view(1))
    events_text = json.dumps(state.events(1))
    view, events = state.view(1), state.events(1)
    view.clear()
    for event in events:
        event.clear()
    assert json.dumps(state.view(1)) == view_text
    assert json.dumps(state.events(1)) == events_text


# ------------------------- issue 12: a determinize that holds nothing of the truth


def canonical(state: ChristmasLights, seat: int, k: int) -> str:
    return state.determinize(seat, Rng(k)).to_json()


def random_states(players: int, seed: int, every: int) -> list[ChristmasLights]:
    """Clones of the states of a random game, every ``every``-th one and the last."""
    states: list[ChristmasLights] = []

    def grab(state: Any) -> None:
        if len(state.history) % every == 0 or state.outcome.over:
            states.append(state.clone())

    conformance.random_game(GAME, players, seed, on_step=grab)
    return states


def test_issue12_determinize_events_of_seat_1_hide_its_true_secret_patterns_2p_seed_3() -> None:
    """Issue 12, section 1: "christmas-lights, 2 players, seed 3: determinize(0, ·).events(1)
    shows seat 1's true secret patterns while .view(1) shows others." The log of a
    determinization is frozen as seat 0 and the table saw it: seat 1's own entries there
    are the public ones, so its true patterns appear nowhere, and what seat 1's log says
    never contradicts its view."""
    state = yuletide.new_game(GAME, players=2, seed=3)
    assert isinstance(state, ChristmasLights)
    true = [cb.PATTERN_IDS[p] for p in state.patterns[1]]
    assert {"type": "patterns", "seat": 1, "patterns": true} in state.events(1)
    rng = Rng(8)
    for _ in range(40):
        for k in range(5):
            det = state.determinize(0, Rng(k))
            text = json.dumps(det.events(1))
            shown = [p[0] for p in det.view(1)["seats"][1]["patterns"] if p is not None]
            for event in det.events(1):
                if event["type"] == "patterns":
                    assert "patterns" not in event or event["patterns"] == shown
            assert det.events(1) == det.events(None)  # nothing private of seat 1 is kept
            hidden = [p for i, p in enumerate(true) if not state.revealed[1][i]]
            assert not any(f'"{p}"' in text for p in hidden if p not in shown)
        conformance.random_step(state, rng)


def test_issue12_determinize_seat_2_of_a_2_player_game_is_an_invalid_seat() -> None:
    """Issue 12, section 4: "determinize(2) on a 2-player christmas-lights" must raise a
    documented error saying which seats there are, and change nothing."""
    from yuletide.core.errors import InvalidArgument, InvalidSeat

    state = yuletide.new_game(GAME, players=2, seed=3)
    before = state.to_json()
    for seat in (2, -1, None, True, "0", 1.5):
        with pytest.raises(InvalidSeat, match="seats are 0 to 1"):
            state.determinize(seat, Rng(0))  # type: ignore[arg-type]
    for rng in (None, 5, "rng"):
        with pytest.raises(InvalidArgument, match="determinize needs an Rng"):
            state.determinize(0, rng)  # type: ignore[arg-type]
    assert state.to_json() == before


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 5), (6, 6)])
def test_issue12_determinize_is_canonical_along_random_games(players: int, seed: int) -> None:
    """Issue 12, section 1: determinizing the state, or any world the seat cannot tell
    from it, with equal rngs gives byte-equal saves: the other seats' patterns and
    commitments, the kinds of the seat's unseen cards and the deck (under every answer
    it got), the Event deck, pending M15 choices and every card id are re-dealt from
    what the seat knows only."""
    for state in random_states(players, seed, 97):
        for seat in range(players):
            for j in (1, 2):
                world_j = state.determinize(seat, Rng(j))
                assert world_j.view(seat) == state.view(seat)
                assert canonical(world_j, seat, 7) == canonical(state, seat, 7)


def swap_cards(state: ChristmasLights, a: tuple[str, int, int], b: tuple[str, int, int]) -> None:
    """Exchange two cards in place (("deck", -, i) or ("hand", seat, position))."""
    state.touch()

    def where(spot: tuple[str, int, int]) -> list[int]:
        return state.deck if spot[0] == "deck" else state.hands[spot[1]]

    la, lb = where(a), where(b)
    la[a[2]], lb[b[2]] = lb[b[2]], la[a[2]]
    state.touch()


def test_issue12_no_card_id_or_hidden_order_survives_a_determinization() -> None:
    """Issue 12, section 1, "the shuffle can be inverted": cards are tracked by id, and a
    fresh box numbers them by kind, so an id kept by a determinization would tell the
    true deck order and the seat's own unseen cards. Worlds that differ only in what a
    seat cannot see (the deck order; its own unseen cards against the deck; which of
    two same-kind cards lies where) give it byte-equal determinizations."""
    state = yuletide.new_game(GAME, players=3, seed=12)
    assert isinstance(state, ChristmasLights)
    kinds = state.kinds
    deck = state.deck
    i = 0
    j = next(x for x in range(len(deck)) if kinds[deck[x]] != kinds[deck[0]])
    deck_order = state.clone()
    swap_cards(deck_order, ("deck", 0, i), ("deck", 0, j))
    hand = state.hands[0]
    x = next(x for x in range(len(deck)) if kinds[deck[x]] != kinds[hand[0]])
    own_card = state.clone()
    swap_cards(own_card, ("hand", 0, 0), ("deck", 0, x))
    twin = next(x for x in range(len(deck)) if kinds[deck[x]] == kinds[state.hands[1][0]])
    same_kind = state.clone()
    swap_cards(same_kind, ("hand", 1, 0), ("deck", 0, twin))
    for k in range(3):
        for seat in range(3):
            assert canonical(deck_order, seat, k) == canonical(state, seat, k)
            assert canonical(same_kind, seat, k) == canonical(state, seat, k)
        assert canonical(own_card, 0, k) == canonical(state, 0, k)
    det = state.determinize(0, Rng(1))
    assert det.deck == list(range(len(det.deck)))  # ids by place, nothing else
    assert det.card_ids() == list(range(cb.N_CARDS))


def test_issue12_the_deal_under_answers_is_canonical_and_always_found() -> None:
    """The constraint search over the seat's unseen cards is a function of the pool as a
    multiset, the answers and the rng (never of the hidden order), and always finds a
    deal when answers leave only one (rejection sampling fails, the search succeeds)."""
    pool = [cb.PLUG] * 5 + [cb.RED] * 30 + [cb.PLUG] * 3
    unknown = list(range(5))
    kinds = [0] * cb.N_CARDS
    five_plugs = [0, 1, cf.COUNT, cf.EQ, 5, 1 << cb.PLUG, 1, 1, 5, 0, 1, 2, 3, 4, *unknown]
    for seed in range(5):
        a = ck.deal_bulbs(unknown, pool, [five_plugs], kinds, Rng(seed))
        b = ck.deal_bulbs(unknown, sorted(pool, reverse=True), [five_plugs], kinds, Rng(seed))
        assert a == b and a[:5] == [cb.PLUG] * 5


def test_issue12_a_state_whose_answers_contradict_its_cards_is_refused() -> None:
    """No fallback to the truth: a hand-built state no deal can fit raises CorruptSave."""
    from yuletide import CorruptSave

    pool = [cb.RED] * 10
    fact = [0, 1, cf.COUNT, cf.GE, 1, 1 << cb.PLUG, 1, 0, 1, 0, 0]
    with pytest.raises(CorruptSave, match="no deal of the hidden Bulb cards"):
        ck.deal_bulbs([0], pool, [fact], [0] * cb.N_CARDS, Rng(0))


def test_issue12_determinize_is_canonical_with_answers_choices_and_a_lump_of_coal() -> None:
    """The situations where secrets are in flight: answers about the seat's own hand, M15
    choices not yet shown, a commitment to a pattern revealed by Lump of Coal."""
    state = sale("plug red plug blue green")
    act(state, "card 1", "seat 1", "card 1", "card 2", "done", "kind red", "kind plug")
    act(state, "=", "number 2")
    act(state, "accept", seat=1)
    eve = bubble_event("christmas-eve", hand="bubble red green")
    act(eve, "card 2", seat=1)
    lump = playing("bubble", string="- - - - -", events=["lump-of-coal"], players=3)
    act(lump, "card 1")
    for situation in (state, eve, lump):
        for seat in range(situation.players):
            for j in range(4):
                other = situation.determinize(seat, Rng(j))
                assert canonical(other, seat, 9) == canonical(situation, seat, 9)


def test_issue12_a_revealed_commitment_gets_its_end_redrawn_when_nothing_else_is_secret() -> None:
    """Lump of Coal revealed seat 1's only pattern left (its other one is complete): no
    Pattern card of seat 1 is secret, yet its end still is and must be re-drawn (it was
    kept as it was when nothing else was secret)."""
    state = scenario(
        2,
        hands=["red green", "blue"],
        patterns=[[P01, P02], ["P03", "P04"]],
        plugs=[False, True],
        completed=[[], ["1 left"]],
        commit=["1 left", "2 left"],
        santa=0,
    )
    state.revealed[1] = [1, 1]  # Lump of Coal showed pattern 2 (not its end)
    state.touch()
    assert state.view(0)["seats"][1]["patterns"][1] is not None
    ends = {world(state, 0, k).commit[1] & 1 for k in range(30)}
    assert ends == {0, 1}


# ------------------------------------------- issue 12: hostile input, a documented error


def test_issue12_bad_seats_in_every_per_seat_function_are_invalid_seats() -> None:
    """Issue 12, section 4: a bad seat (-1, players, "0", 1.5, True) is InvalidSeat in
    every per-seat function (never another seat's window), and changes nothing."""
    from yuletide.core.errors import InvalidSeat

    state = playing("red pink green")
    before = state.to_json()
    calls = [
        state.legal_actions,
        state.view,
        state.events,
        lambda s: state.apply(s, "done"),
        lambda s: state.why_illegal(s, cb.DONE),
        lambda s: state.action_seen_by(s, cb.DONE, None),
        lambda s: state.action_seen_by(0, cb.DONE, s),
    ]
    for call in calls:
        for seat in (-1, 3, "0", 1.5, True):
            with pytest.raises(InvalidSeat, match="seats are 0 to 2"):
                call(seat)
    assert state.to_json() == before


def test_issue12_bad_log_positions_are_invalid_arguments() -> None:
    """Issue 12, section 4: ``events(0, "a")`` and ``events(0, -5)`` (the game's cached
    events keep the core's checks)."""
    from yuletide.core.errors import InvalidArgument

    state = playing("red pink green")
    for start in ("a", -5, len(state.log) + 1, 1.0, None):
        with pytest.raises(InvalidArgument, match="start must be a whole number from 0 to"):
            state.events(0, start)  # type: ignore[arg-type]
    assert state.events(0, len(state.log)) == []


@pytest.mark.parametrize(
    "action",
    [
        cb.Card(-1),
        cb.Card(99),
        cb.Seat(-1),
        cb.Seat(9),
        cb.Commit(5, 0),
        cb.Commit(0, 7),
        cb.Target(-7),
        cb.Target(9),
        cb.Word("fly"),
        cb.Draw(0),
        cb.Draw(9),
        cb.Kind(99),
        cb.Number(-5),
        cb.Mark(9),
        cb.Move(-1),
        cb.Seat("1"),  # type: ignore[arg-type]
        cb.Card(None),  # type: ignore[arg-type]
        cb.Word(["done"]),  # type: ignore[arg-type]
        yuletide.Action(),
    ],
    ids=repr,
)
def test_issue12_hand_built_actions_out_of_range_are_notation_errors(action: Any) -> None:
    """Issue 12, section 4: action objects built by hand with values out of range, in
    every entry point that takes one, are a NotationError saying what an action is, and
    change nothing."""
    state = playing("red pink green")
    before = state.to_json()
    for call in (
        lambda: state.apply(0, action),
        lambda: state.why_illegal(0, action),
        lambda: state.action_seen_by(0, action, 1),
    ):
        with pytest.raises(NotationError, match="is not an action of Christmas Lights"):
            call()
    assert state.to_json() == before


def test_issue12_another_games_actions_are_notation_errors() -> None:
    state = playing("red pink green")
    before = state.to_json()
    for game_id in yuletide.games():
        if game_id == GAME:
            continue
        cls = yuletide.game_class(game_id)
        for foreign in cls.action_space(cls.default_players)[:3]:
            if foreign in state.action_space(3):  # pragma: no cover - no game shares ours
                continue
            with pytest.raises(NotationError, match="is not an action of Christmas Lights"):
                state.apply(0, foreign)
    assert state.to_json() == before


def test_issue12_a_seat_this_game_does_not_have_is_refused_naming_the_seats() -> None:
    """``seat 5`` is notation of the game (up to six players), but a 3-player game has no
    seat 5: the error says which seats there are, as text or as an object, and it does
    not explain another problem."""
    state = playing("red pink broken", string="red broken - - -")
    act(state, "done", "swap", "card 1")
    before = state.to_json()
    for action in ("seat 5", cb.Seat(5), "seat 3"):
        with pytest.raises(NotationError, match=r"there is no seat [35]: seats are 0 to 2"):
            state.apply(0, action)
    assert "you cannot swap with yourself" in refused(state, 0, "seat 0")
    assert state.to_json() == before


def test_issue12_parse_errors_are_notation_errors_listing_the_forms() -> None:
    for text in (5, None, "x" * 500, "", "card 0", "card 99", "seat", "kind crimson", "\x00"):
        with pytest.raises(NotationError):
            ChristmasLights.parse_action(text)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="the forms are"):
        ChristmasLights.parse_action("card 0")


def test_issue12_tampered_saves_are_corrupt_saves() -> None:
    """A save is replayed from its record and compared field by field: a hand edited to
    hold other cards, or a determinized world, is refused with CorruptSave."""
    from yuletide import CorruptSave

    state = yuletide.new_game(GAME, players=3, seed=2)
    rng = Rng(4)
    for _ in range(60):
        conformance.random_step(state, rng)
    data = json.loads(state.to_json())
    hands = data["state"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(CorruptSave, match="does not match what its own action record"):
        yuletide.load(json.dumps(data))
    with pytest.raises(CorruptSave, match="determinized"):
        yuletide.load(state.determinize(1, Rng(0)).to_json())


# --------------------------------------------------------------------------- phases


def test_phases_name_the_steps_where_different_secrets_are_in_flight() -> None:
    """The phases (``current_phase``): a commitment to make, PLAY, a card awaiting its
    target, a free action awaiting its card, SWAP, a SALE being laid or offered, its
    question being built, the buyer's answer, an everyone-event (M15), the next step
    (where REFILL is chosen), the final round (M16) and the game's end."""
    assert ChristmasLights.phases == cs.PHASES
    assert len(set(cs.PHASES)) == len(cs.PHASES)
    seen = {}
    state = playing("red pink broken", string="red broken - - -")
    seen["play"] = state.current_phase
    act(state, "card 3")
    seen["play-target"] = state.current_phase
    state = playing("red pink green", string="- - - - -", commit=None)
    seen["commit"] = state.current_phase
    act(state, "mark sideways")
    seen["free-action"] = state.current_phase
    act(state, "card 1", "commit 1 left", "done")
    seen["next-step"] = state.current_phase
    act(state, "swap")
    seen["swap"] = state.current_phase
    state = sale()
    seen["sale"] = state.current_phase
    act(state, "card 1", "seat 1")
    seen["sale-question"] = state.current_phase
    act(state, "all", "kind red", "done", ">=", "number 1")
    seen["sale-answer"] = state.current_phase
    seen["event"] = bubble_event("christmas-eve", hand="bubble red green").current_phase
    state = playing("red pink green")
    state.final_round = True
    state.touch()
    seen["final-round"] = state.current_phase
    state = random_states(2, 1, 10_000)[-1]
    seen["over"] = state.current_phase
    assert seen == {phase: phase for phase in seen}
    assert set(seen) == set(cs.PHASES)


def test_issue12_completing_a_string_shows_which_pattern_card_it_was() -> None:
    """Issue 12, section 2, found by the learning-by-events property (3 players, seed 100,
    step 305: seat 1 completes a string): every view shows which of the seat's two
    Pattern cards is now face up, so the public ``complete`` event says it
    (``pattern_card``); before, seat 2 saw that card turn up in the view of a world
    where it was the other card, with the very same events."""
    state = playing("pink", string="blue yellow purple green -", commit="2 left")
    events = act(state, "card 1")
    done = {"type": "complete", "seat": 0, "pattern": P02, "end": "left", "pattern_card": 2}
    assert done in events
    assert all(done in state.events(v) for v in (0, 1, 2, None))
    assert state.view(1)["seats"][0]["patterns"][1][0] == P02
    found: list[ChristmasLights] = []

    def grab(s: Any) -> None:
        if len(s.history) == 305:
            found.append(s.clone())

    conformance.random_game(GAME, 3, 100, on_step=grab)
    for k in range(8):  # among them worlds where seat 1 held that pattern as card 2
        conformance.leak_check_at(found[0], 2, Rng(k))


def test_issue12_a_determinized_worlds_events_are_fresh_objects_too() -> None:
    """The frozen log of a determinization is parsed once and shared between worlds; a
    caller editing what it was given changes nothing for any world."""
    state = yuletide.new_game(GAME, players=3, seed=1)
    rng = Rng(2)
    for _ in range(80):
        conformance.random_step(state, rng)
    det = state.determinize(1, Rng(0))
    texts = {v: json.dumps(det.events(v)) for v in (0, 1, 2, None)}
    for v in texts:
        for event in det.events(v):
            for value in event.values():
                if isinstance(value, list):
                    value.append("x")
            event.clear()
    again = state.determinize(1, Rng(5))
    for v, text in texts.items():
        assert json.dumps(det.events(v)) == text
        assert json.dumps(again.events(v)) == text


@pytest.mark.parametrize(
    "mutation",
    ["_relabel", "_redeal_bulbs", "_redeal_patterns", "_redeal_events", "_redeal_choices"],
)
def test_issue12_mutation_a_determinize_that_keeps_a_truth_is_not_canonical(
    monkeypatch: pytest.MonkeyPatch, mutation: str
) -> None:
    """A mutation test per part of the re-deal: with one part left out (the truth it
    would re-deal kept: card ids, the seat's unseen cards and the deck, the others'
    patterns and commitments, the Event deck order, undisclosed M15 choices), the real
    state and a world the seat cannot tell from it (made by the whole re-deal) give
    different determinizations, so the canonical property catches it."""
    deck = ["power-outage", "lump-of-coal", "light-switch", "christmas-eve"]
    eve = bubble_event("christmas-eve", hand="bubble red green", players=4, events=deck)
    act(eve, "card 2", seat=1)
    act(eve, "card 1", seat=3)
    for seat in range(4):
        eve.determinize(seat, Rng(0))  # the real re-deal is canonical here
    worlds = [eve.determinize(2, Rng(j)) for j in range(6)]
    for other in worlds:
        assert canonical(other, 2, 1) == canonical(eve, 2, 1)
    monkeypatch.setattr(ck, mutation, lambda *args: None)
    assert any(canonical(other, 2, 1) != canonical(eve, 2, 1) for other in worlds)


def test_issue12_another_seats_half_made_free_action_does_not_survive_determinize() -> None:
    """The first step of a mark (``mark sideways``, its card still to choose) shows in no
    channel of another seat, nor does the free-action budget it used: the world with it
    and the world without it give that seat byte-equal determinizations."""
    from yuletide.core import Rng

    before = yuletide.new_game("christmas-lights", players=2, seed=4)
    begun = before.clone()
    begun.apply(0, "mark sideways")
    assert begun.free_pending[0] >= 0  # type: ignore[attr-defined]
    assert begun.view(1) == before.view(1) and begun.events(1) == before.events(1)
    for k in range(5):
        det = begun.determinize(1, Rng(k))
        assert det.free_pending[0] == -1  # type: ignore[attr-defined]
        assert det.to_json() == before.determinize(1, Rng(k)).to_json()
    # The seat that began it keeps it in its own world.
    assert begun.determinize(0, Rng(0)).free_pending[0] >= 0  # type: ignore[attr-defined]
