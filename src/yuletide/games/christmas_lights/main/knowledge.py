"""Christmas Lights (the main game): what a seat knows, and the worlds that fit it.

The answered questions of a sale (M10) and the searches ``determinize`` runs over the
worlds a seat cannot tell from the true one: the kinds of its own unseen cards and of the
deck under every answer it got (:func:`deal_bulbs`), and the other seats' secret Pattern
cards under their public strings (:func:`assign_patterns`). Every search here is a
function of its inputs and the caller's rng only, and always succeeds when a solution
exists (the true world always is one): nothing falls back to the truth.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from yuletide.core.errors import CorruptSave
from yuletide.core.rng import Rng
from yuletide.games.christmas_lights.content import BULB_KINDS

N_KINDS = len(BULB_KINDS)

# A question's type and relation (M10).
COUNT, SAME = 0, 1
GE, EQ = 0, 1
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
