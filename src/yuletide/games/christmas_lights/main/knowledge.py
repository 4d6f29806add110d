"""Christmas Lights (the main game): what a seat knows, and the worlds that fit it.

Knowledge. Cards are tracked by id (0..60), so knowledge follows a physical card: a
seat knows a card of its own hand it received in a swap, bought, looked at (Christmas
Eve) or drew with Light Switch; the view lists, per position, the card if known, its
mark and which answered questions are about it. Answers (M10) are stored with the card
ids they were about; a card that leaves the hand (always face up) keeps the kind it was
seen as. Hidden from a seat: its own cards it does not know, the other seats' secret
Pattern cards and commitments, the decks' order, other seats' undisclosed M15 choices.
Everything else is on the table (every other hand face up, who knows which of their
cards, marks, strings, misses, discards, sales and questions), so another seat's
answers about its own hand are true of any world a seat cannot tell from this one.

Determinize. ``determinize(seat)`` gives a world that is a function of what ``seat``
knows and the caller's rng only (the conformance suite proves it byte for byte);
:func:`redeal` makes it:

* every Bulb card gets a new id by where it lies (the deck from the bottom, the discard
  pile, each seat's hand, string, plug and cards set aside, the sale table), so no id
  tells where a card was dealt (a fresh box numbers the cards by kind);
* the kinds of the seat's unknown cards and of the deck are dealt again from their
  multiset (sorted first) so that every answer the seat got about its own hand still
  holds, which also keeps true what each buyer learned: exact rejection sampling, then
  an exhaustive randomised search over the cards the answers are about
  (:func:`deal_bulbs`); the true deal is one solution, so the search always succeeds and
  nothing falls back to the truth;
* the other seats' secret Pattern cards and the box are dealt again from their sorted
  pool, each commitment (card, end, and which secret card it is) re-chosen so that the
  seat's public string fits it: the colours placed in it and the colours missed at a
  slot (:func:`assign_patterns`, exhaustive too); a commitment to a card Lump of Coal
  revealed gets its end re-chosen the same way;
* the Event deck is shuffled from its sorted cards;
* other seats' M15 choices not yet shown are drawn again among their options;
* another seat's free action begun but awaiting its card (in no channel of ``seat``):
  none is pending, its budget is as before it began;
* the log is the one the seat and the table saw (the core freezes it), and the world's
  future chance (reshuffles) comes from the caller's rng.

Every search here is a function of its inputs and the caller's rng only, and always
succeeds when a solution exists (the true world always is one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from yuletide.core.errors import CorruptSave
from yuletide.core.rng import Rng
from yuletide.games.christmas_lights.main.box import (
    ALL_LINES,
    BUBBLE,
    LIGHT_SWITCH,
    LINES_WITH,
    N_CARDS,
    N_KINDS,
)
from yuletide.games.christmas_lights.main.fields import DECLINED, GE, SAME
from yuletide.games.christmas_lights.main.steps import EVENT

if TYPE_CHECKING:
    from yuletide.games.christmas_lights.main.rules import ChristmasLights

# An answered question (a "fact"): header fields, then n positions (0-based, at the time
# it was asked), then n cards (card id, or -(kind + 1) once the card has left the seller's
# hand face up, so the seller saw what it was).
F_SELLER, F_BUYER, F_TYPE, F_OP, F_K, F_MASK, F_ANSWER, F_ALL, F_N = range(9)
FH = 9


def answer(qtype: int, mask: int, op: int, k: int, kinds: Sequence[int]) -> bool:
    """The true answer to a question about cards of the given kinds (M10)."""
    if qtype == SAME:
        return kinds[0] == kinds[1]
    count = 0
    for x in kinds:
        if mask >> x & 1:
            count += 1
    return count >= k if op == GE else count == k


def fact_cards(fact: Sequence[int]) -> Sequence[int]:
    """The cards an answered question is about (ids, or -(kind + 1) once seen leaving)."""
    n = fact[F_N]
    return fact[FH + n : FH + 2 * n]


def fact_holds(fact: Sequence[int], kind_of: Sequence[int]) -> bool:
    """Whether an answered question still gets its answer when each card id has the kind
    ``kind_of`` gives it (the cards that left the hand keep the kind they were seen as)."""
    return fact_holds_kinds(fact, [-c - 1 if c < 0 else kind_of[c] for c in fact_cards(fact)])


def _possible(fact: Sequence[int], kinds: Sequence[int]) -> bool:
    """Whether an answered question can still come out right when the cards of kind -1
    are not yet dealt (a bound that prunes the search; exact once all are dealt)."""
    yes = bool(fact[F_ANSWER])
    if fact[F_TYPE] == SAME:
        if kinds[0] < 0 or kinds[1] < 0:
            return True
        return (kinds[0] == kinds[1]) == yes
    mask = fact[F_MASK]
    k = fact[F_K]
    low = 0
    free = 0
    for x in kinds:
        if x < 0:
            free += 1
        elif mask >> x & 1:
            low += 1
    high = low + free
    if fact[F_OP] == GE:
        return high >= k if yes else low < k
    return low <= k <= high if yes else not (low == high == k)


#: How many exact rejection draws ``deal_bulbs`` tries before its search.
REJECTION_TRIES = 24


def deal_bulbs(
    unknown: Sequence[int],
    pool: Sequence[int],
    facts: Sequence[Sequence[int]],
    kinds: Sequence[int],
    rng: Rng,
) -> list[int]:
    """Kinds for the hidden cards (``unknown``, the seat's unseen cards in hand order,
    then the deck) dealt from the multiset ``pool`` so that every fact in ``facts``
    still holds; ``kinds`` gives the kinds of every other card a fact names.

    Canonical: the result depends on the pool as a multiset (it is sorted first), the
    facts, the positions in ``unknown`` and ``rng`` only, never on the order or ids the
    hidden cards had. Exact rejection sampling first (the kinds of the cards the facts
    are about drawn from the pool, then the rest shuffled), then an exhaustive
    randomised backtracking search, which always finds a deal when one exists: the
    true deal is one, so it never fails on a state reached by play."""
    pool = sorted(pool)
    if not facts:
        rng.shuffle(pool)
        return pool
    index = {c: i for i, c in enumerate(unknown)}
    # Each fact as (fact, kinds of its cards with -1 for an unknown one, their indices).
    rows: list[tuple[Sequence[int], list[int], list[tuple[int, int]]]] = []
    involved: set[int] = set()
    for fact in facts:
        fixed: list[int] = []
        slots: list[tuple[int, int]] = []
        for j, c in enumerate(fact_cards(fact)):
            if c < 0:
                fixed.append(-c - 1)
            elif c in index:
                fixed.append(-1)
                slots.append((j, index[c]))
                involved.add(index[c])
            else:
                fixed.append(kinds[c])
        rows.append((fact, fixed, slots))
    order = sorted(involved)
    m = len(order)
    size = len(pool)

    def fits(chosen: Sequence[int]) -> bool:
        got = dict(zip(order, chosen, strict=True))
        for fact, fixed, slots in rows:
            trial = fixed.copy()
            for j, i in slots:
                trial[j] = got[i]
            if not fact_holds_kinds(fact, trial):
                return False
        return True

    for _attempt in range(REJECTION_TRIES):
        work = pool.copy()
        for i in range(m):  # a uniform draw of m cards from the pool, without replacement
            j = i + rng.below(size - i)
            work[i], work[j] = work[j], work[i]
        if fits(work[:m]):
            return _finish(unknown, order, work[:m], work[m:], rng)
    chosen = _search(order, pool, rows, rng)
    if chosen is None:
        raise CorruptSave(
            "the state is inconsistent: no deal of the hidden Bulb cards fits the answers"
            " this seat received (a state reached by play always has one)"
        )
    rest = pool.copy()
    for k in chosen:
        rest.remove(k)
    return _finish(unknown, order, chosen, rest, rng)


def fact_holds_kinds(fact: Sequence[int], kinds: Sequence[int]) -> bool:
    """Whether a fact gets its answer for its cards having ``kinds`` (in its order)."""
    truth = answer(fact[F_TYPE], fact[F_MASK], fact[F_OP], fact[F_K], kinds)
    return truth == bool(fact[F_ANSWER])


def _finish(
    unknown: Sequence[int], order: Sequence[int], chosen: Sequence[int], rest: list[int], rng: Rng
) -> list[int]:
    """The deal: the chosen kinds on the cards the facts are about, the rest shuffled
    over the other unseen cards and the deck."""
    rng.shuffle(rest)
    placed = dict(zip(order, chosen, strict=True))
    it = iter(rest)
    out = [placed[i] if i in placed else next(it) for i in range(len(unknown))]
    out.extend(it)
    return out


def _search(
    order: Sequence[int],
    pool: Sequence[int],
    rows: Sequence[tuple[Sequence[int], list[int], list[tuple[int, int]]]],
    rng: Rng,
) -> list[int] | None:
    """Kinds for the cards in ``order`` (indices into the unseen cards) from ``pool``
    under every fact in ``rows``: exhaustive backtracking in a random order of cards and
    kinds, pruned by count bounds; None only when no deal exists."""
    left = [0] * N_KINDS
    for k in pool:
        left[k] += 1
    cards = list(order)
    rng.shuffle(cards)
    kinds_of = dict.fromkeys(order, -1)
    # Which facts each card is about, to prune on the facts a choice can change.
    touching: dict[int, list[int]] = {i: [] for i in order}
    for r, (_fact, _fixed, slots) in enumerate(rows):
        for _j, i in slots:
            if r not in touching[i]:
                touching[i].append(r)

    def trial(r: int) -> list[int]:
        _fact, fixed, slots = rows[r]
        kinds = fixed.copy()
        for j, i in slots:
            kinds[j] = kinds_of[i]
        return kinds

    def search(depth: int) -> bool:
        if depth == len(cards):
            return True
        i = cards[depth]
        choices = [k for k in range(N_KINDS) if left[k]]
        rng.shuffle(choices)
        for k in choices:
            kinds_of[i] = k
            left[k] -= 1
            if all(_possible(rows[r][0], trial(r)) for r in touching[i]) and search(depth + 1):
                return True
            left[k] += 1
        kinds_of[i] = -1
        return False

    if not search(0):
        return None
    return [kinds_of[i] for i in order]


def assign_patterns(
    needy: Sequence[int],
    pool: Sequence[int],
    fitting: Mapping[int, int],
    rng: Rng,
) -> dict[int, tuple[int, int]]:
    """For each seat in ``needy`` (committed to a Pattern card the seat re-dealing
    cannot see) a distinct index into ``pool`` and an end (0 left, 1 right) that its
    string fits: ``fitting[seat]`` has bit ``pattern * 2 + end`` set for each reading
    that fits. Each seat's first try is uniform among the options left to it, then the
    others in turn (a randomised exhaustive backtracking over the seats in the order
    given), so it always succeeds when an assignment exists (the true one always does).
    """
    chosen: dict[int, tuple[int, int]] = {}
    used = [False] * len(pool)
    options = {
        t: [
            (j, e)
            for j, p in enumerate(pool)
            if fitting[t] >> (p * 2) & 3
            for e in (0, 1)
            if fitting[t] >> (p * 2 + e) & 1
        ]
        for t in needy
    }

    def search(i: int) -> bool:
        if i == len(needy):
            return True
        t = needy[i]
        mine = [o for o in options[t] if not used[o[0]]]
        if not mine:
            return False
        first = rng.below(len(mine))
        for j, e in mine[first:] + mine[:first]:
            used[j] = True
            chosen[t] = (j, e)
            if search(i + 1):
                return True
            used[j] = False
        del chosen[t]
        return False

    if not search(0):
        raise CorruptSave(
            "the state is inconsistent: no deal of the secret Pattern cards fits the"
            " public strings (a state reached by play always has one)"
        )
    return chosen


# ------------------------------------------------------------------ determinize


def redeal(state: ChristmasLights, seat: int, rng: Rng) -> None:
    """Re-deal, in ``state`` (its lists already its own), everything hidden from
    ``seat`` as the module docstring says, as a function of what ``seat`` knows and
    ``rng`` only."""
    _relabel(state)
    _redeal_bulbs(state, seat, rng)
    _redeal_patterns(state, seat, rng)
    _redeal_events(state, rng)
    _redeal_choices(state, seat, rng)
    _forget_free_pending(state, seat)


def _forget_free_pending(state: ChristmasLights, seat: int) -> None:
    """Another seat's half-made mark or move shows in no channel of ``seat`` (nor
    does its free-action budget), so the world with it and the world without it are
    the same to ``seat``: the determinization holds the one without (canonical)."""
    pending = state.free_pending
    for t in range(state.players):
        if t != seat and pending[t] >= 0:
            pending[t] = -1
            state.free_left[t] += 1


def _redeal_bulbs(state: ChristmasLights, seat: int, rng: Rng) -> None:
    """The kinds of the unknown cards of ``seat`` and of the deck, dealt again from
    their multiset under every answer ``seat`` got about its own hand."""
    known = state.known
    unknown = [c for c in state.hands[seat] if not known[c]]
    hidden = unknown + state.deck
    if not hidden:
        return
    kinds = list(state.kinds)
    pool = [kinds[c] for c in hidden]
    facts = [
        f
        for f in state.facts
        if f[F_SELLER] == seat and any(c >= 0 and not known[c] for c in fact_cards(f))
    ]
    dealt = deal_bulbs(unknown, pool, facts, kinds, rng)
    for c, k in zip(hidden, dealt, strict=True):
        kinds[c] = k
    state.kinds = kinds


def _redeal_events(state: ChristmasLights, rng: Rng) -> None:
    """The Event deck, shuffled from its sorted cards."""
    events = sorted(state.event_deck)
    rng.shuffle(events)
    state.event_deck = events


def _redeal_choices(state: ChristmasLights, seat: int, rng: Rng) -> None:
    """The choices other seats have made in an everyone-event but not yet shown,
    drawn again among their options."""
    if state.step != EVENT:
        return
    choices = state.choices
    for t in range(state.players):
        if t != seat and choices[t] >= DECLINED:
            options = [DECLINED, 0] if state.event == LIGHT_SWITCH else [DECLINED, *state.hands[t]]
            choices[t] = options[rng.below(len(options))]


def _relabel(state: ChristmasLights) -> None:
    """Give every Bulb card a new id by where it lies now (the order of
    ``card_ids``: the deck from the bottom, the discard pile, then per seat its
    hand, string, plug and cards set aside, then cards on the sale table), and
    carry every field that names card ids over to the new ids."""
    old = state.card_ids()
    new = [0] * N_CARDS
    for i, c in enumerate(old):
        new[c] = i
    kinds, marks, known, refs = state.kinds, state.marks, state.known, state.fact_refs
    state.kinds = [kinds[c] for c in old]
    state.marks = [marks[c] for c in old]
    state.known = [known[c] for c in old]
    state.fact_refs = [refs[c] for c in old]
    state.deck = [new[c] for c in state.deck]
    state.discard = [new[c] for c in state.discard]
    state.hands = [[new[c] for c in hand] for hand in state.hands]
    state.strings = [[new[c] if c >= 0 else -1 for c in string] for string in state.strings]
    state.plugs = [new[c] if c >= 0 else -1 for c in state.plugs]
    state.aside = [[new[c] for c in cards] for cards in state.aside]
    state.sale_cards = [new[c] for c in state.sale_cards]
    if state.play_card >= 0:
        state.play_card = new[state.play_card]
    if state.swap_card >= 0:
        state.swap_card = new[state.swap_card]
    if state.step == EVENT and state.event != LIGHT_SWITCH:
        state.choices = [new[c] if c >= 0 else c for c in state.choices]
    facts = []
    for fact in state.facts:
        n = fact[F_N]
        moved = list(fact)
        for j in range(FH + n, FH + 2 * n):
            if moved[j] >= 0:
                moved[j] = new[moved[j]]
        facts.append(moved)
    state.facts = facts


def _lines_fitting(state: ChristmasLights, t: int) -> int:
    """The readings (bit ``pattern * 2 + end``) the string of seat ``t`` fits: the
    colours placed in it are the colours its slots need, and no colour missed at a
    slot is the one that slot needs."""
    kinds = state.kinds
    fit = ALL_LINES
    for k, c in enumerate(state.strings[t]):
        if c >= 0 and kinds[c] < BUBBLE:
            fit &= LINES_WITH[k * N_KINDS + kinds[c]]
    for m in state.misses[t]:
        fit &= ~LINES_WITH[(m >> 4) * N_KINDS + (m & 15)]
    return fit


def _redeal_patterns(state: ChristmasLights, seat: int, rng: Rng) -> None:
    """The other seats' secret Pattern cards and the box, dealt again from their
    sorted pool; each commitment to a secret card re-chosen (card, end, and which of
    the seat's secret slots holds it) to fit the seat's public string, and the end of
    a commitment to a revealed card (Lump of Coal) re-chosen likewise."""
    others = [t for t in range(state.players) if t != seat]
    revealed = state.revealed
    commit = state.commit
    patterns = [list(ps) for ps in state.patterns]
    new_commit = commit.copy()
    slots = [(t, i) for t in others for i in (0, 1) if not revealed[t][i]]
    if slots:
        pool = sorted([patterns[t][i] for t, i in slots] + state.pattern_box)
        rng.shuffle(pool)
        needy = [t for t in others if commit[t] >= 0 and not revealed[t][commit[t] >> 1]]
        fitting = {t: _lines_fitting(state, t) for t in needy}
        chosen = assign_patterns(needy, pool, fitting, rng)
        taken = [False] * len(pool)
        for t in needy:
            j, e = chosen[t]
            taken[j] = True
            hidden = [i for i in (0, 1) if not revealed[t][i]]
            i = hidden[rng.below(len(hidden))]
            patterns[t][i] = pool[j]
            new_commit[t] = i * 2 + e
        rest = iter([p for j, p in enumerate(pool) if not taken[j]])
        for t, i in slots:
            if t in chosen and new_commit[t] >> 1 == i:
                continue
            patterns[t][i] = next(rest)
        state.pattern_box = sorted(rest)
    for t in others:  # committed to a revealed pattern (Lump of Coal): re-choose the end
        c = commit[t]
        if c >= 0 and revealed[t][c >> 1]:
            p = patterns[t][c >> 1]
            lines = _lines_fitting(state, t)
            ends = [e for e in (0, 1) if lines >> (p * 2 + e) & 1]
            new_commit[t] = (c >> 1) * 2 + ends[rng.below(len(ends))]
    state.patterns = [*patterns]
    state.commit = new_commit
