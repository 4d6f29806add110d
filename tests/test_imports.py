"""The import rules of the room layout, read from the source (``ast``; nothing is
imported): what may import what in ``src/yuletide``.

* **Rooms** (``games/<family>/<game>/``). Each module of a room answers to one part:
  ``__init__`` (the manifest) and ``rules`` to the rules, ``view``, ``text``, ``table``,
  ``bot`` and ``lab`` to themselves; a helper module (``main/table_log.py``,
  ``solo_lights/greedy.py``) to the parts that import it, and a module the rules import
  is rules-side whoever else imports it. A rules-side, ``view`` or ``text`` module
  imports only ``yuletide.core``; ``table`` adds ``yuletide.table``, ``bot`` adds
  ``yuletide.bots``, ``lab`` adds ``yuletide.lab``. Every room module may also import its
  family's shared material (``games/<family>/content.py``, ``schema.py``,
  ``geometry.py``) and its own room's modules, never another room nor another family.
* **Family material** imports only ``yuletide.core`` and its own family's material.
* **No layer imports a game**: outside ``yuletide.games`` nothing imports a family or a
  room by name (``yuletide.games`` itself, the package that registers every game, is
  fine); the layers find games through the registry.
* **The core imports no layer** at run time (an import for annotations only, under
  ``TYPE_CHECKING``, is fine): the rules import only the core, so the core must not
  pull a layer in after them.
* **Bots never import the simulation layer.** ``yuletide.sim`` runs matches between
  bots, so it may import ``yuletide.bots``; the way back would be a cycle. The ladder and
  ``make bench``'s search rows, which play matches, are ``yuletide.sim.ladder`` and
  ``yuletide.sim.bench``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = SRC / "yuletide"
GAMES = "yuletide.games"
#: The generic layer each room part may import besides the core.
PART_LAYERS = {
    "rules": {"yuletide.core"},
    "view": {"yuletide.core"},
    "text": {"yuletide.core"},
    "table": {"yuletide.core", "yuletide.table"},
    "bot": {"yuletide.core", "yuletide.bots"},
    "lab": {"yuletide.core", "yuletide.lab"},
    "encode": {"yuletide.core", "yuletide.rl"},
}
#: The part a room module of this name answers to (``__init__`` is the manifest).
SEEDS = {"__init__": "rules", **{p: p for p in PART_LAYERS}}


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the module imported (absolute)
    line: int
    typing_only: bool  # under ``if TYPE_CHECKING:``

    def __str__(self) -> str:
        return f"{self.module} (line {self.line}) imports {self.target}"


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package, by name."""
    return {_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


def _last(node: ast.Name | ast.Attribute) -> str:
    """``x`` of ``x`` or of ``a.b.x``."""
    return node.id if isinstance(node, ast.Name) else node.attr


def _typing_lines(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, ast.Name | ast.Attribute) and _last(test) == "TYPE_CHECKING":
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


@cache
def imports(module: str) -> tuple[Import, ...]:
    """What ``module`` imports of ``yuletide``: import statements anywhere in it (in
    functions too) and ``importlib.import_module("...")`` with a literal name."""
    path = modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing = _typing_lines(tree)
    known = modules()
    out: list[Import] = []

    def add(target: str, node: ast.AST) -> None:
        if target == "yuletide" or target.startswith("yuletide."):
            line = getattr(node, "lineno", 0)
            out.append(Import(module, target, line, line in typing))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name, node)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, path, node)
            for alias in node.names:  # ``from package import module`` imports the module
                sub = f"{base}.{alias.name}"
                add(sub if sub in known else base, node)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name | ast.Attribute)
            and _last(node.func) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            add(node.args[0].value, node)
    return tuple(out)


def within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


# ------------------------------------------------------------ families and rooms


@cache
def rooms() -> dict[str, str]:
    """Every room package, by name, with its family package."""
    out = {}
    for family in (ROOT / "games").iterdir():
        if (family / "__init__.py").is_file():
            for room in family.iterdir():
                if (room / "__init__.py").is_file():
                    out[_name(room / "__init__.py")] = _name(family / "__init__.py")
    return out


def room_of(module: str) -> str | None:
    return next((r for r in rooms() if within(module, r)), None)


def family_of(module: str) -> str | None:
    """The family package of a module under ``yuletide.games.<family>``."""
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) >= 3 and within(module, GAMES) else None


def is_family_material(module: str) -> bool:
    """A family's own module beside its rooms (``content``, ``schema``, ``geometry``),
    or the family package itself."""
    return family_of(module) is not None and room_of(module) is None


#: Reads a module's imports (``imports``; a test gives a doctored one).
Reader = Callable[[str], tuple["Import", ...]]


def parts_of(room: str, read: Reader = imports) -> dict[str, set[str]]:
    """Each module of ``room`` with the parts it answers to (module docstring)."""
    members = [m for m in modules() if within(m, room)]
    parts: dict[str, set[str]] = {}
    for m in members:
        leaf = "__init__" if m == room else m.rpartition(".")[2]
        parts[m] = {SEEDS[leaf]} if leaf in SEEDS else set()
    changed = True
    while changed:
        changed = False
        for m in members:
            for imp in read(m):
                if imp.target in parts and imp.target != m and not parts[m] <= parts[imp.target]:
                    parts[imp.target] |= parts[m]
                    changed = True
    for found in parts.values():
        if not found or "rules" in found:  # a module nothing names is held to the rules
            found.clear()
            found.add("rules")
    return parts


def room_problems(room: str, read: Reader = imports) -> Iterator[str]:
    family = rooms()[room]
    for module, parts in sorted(parts_of(room, read).items()):
        allowed = set.intersection(*(PART_LAYERS[p] for p in parts))
        side = "/".join(sorted(parts))
        for imp in read(module):
            target = imp.target
            if within(target, room):
                continue  # its own room (a rules-side module's own imports are held too)
            if within(target, GAMES):
                if is_family_material(target) and family_of(target) == family:
                    continue
                other = room_of(target)
                what = f"another room ({other})" if other else "another family's material"
                yield f"{imp}: {what}"
                continue
            if not any(within(target, layer) for layer in allowed):
                layers = ", ".join(sorted(allowed))
                yield f"{imp}: a {side} module of a room imports only {layers}"


# ------------------------------------------------------------------------ tests


def test_the_rules_see_the_tree() -> None:
    """Not vacuous: every room and its parts are found, imports are read."""
    assert len(rooms()) >= 15
    main = "yuletide.games.christmas_lights.main"
    parts = parts_of(main)
    assert parts[f"{main}.rules"] == {"rules"} and parts[f"{main}.table_log"] == {"table"}
    assert parts[f"{main}.knowledge"] == {"rules"}
    assert any(i.target == "yuletide.core.state" for i in imports(f"{main}.rules"))
    # relative imports resolve, ``from package import module`` names the module
    assert any(i.target == f"{main}.rules" for i in imports(main))


def test_rooms_import_only_their_layer_their_family_and_themselves() -> None:
    bad = [p for room in sorted(rooms()) for p in room_problems(room)]
    assert not bad, "\n".join(bad)


def test_family_material_imports_only_the_core_and_its_family() -> None:
    bad = []
    for module in modules():
        if not is_family_material(module) or module.count(".") != 3:
            continue  # the family packages import their rooms to register them
        for imp in imports(module):
            ok = within(imp.target, "yuletide.core") or (
                is_family_material(imp.target) and family_of(imp.target) == family_of(module)
            )
            if not ok:
                bad.append(str(imp))
    assert not bad, "\n".join(bad)


def test_no_layer_imports_a_family_or_a_room() -> None:
    bad = [
        f"{imp}: a layer finds games through yuletide.core.registry.spec(game_id)"
        for module in modules()
        if not within(module, GAMES)
        for imp in imports(module)
        if within(imp.target, GAMES) and imp.target != GAMES
    ]
    assert not bad, "\n".join(bad)


def test_the_core_imports_no_layer_at_run_time() -> None:
    bad = [
        str(imp)
        for module in modules()
        if within(module, "yuletide.core")
        for imp in imports(module)
        if not imp.typing_only
        and not within(imp.target, "yuletide.core")
        and imp.target != GAMES  # the registry imports the games package to register them
    ]
    assert not bad, "\n".join(bad)


def test_bots_never_import_the_simulation_layer() -> None:
    bad = [
        f"{imp}: sim runs bots, so bots may not import sim (a cycle)"
        for module in modules()
        if within(module, "yuletide.bots")
        for imp in imports(module)
        if within(imp.target, "yuletide.sim")
    ]
    assert not bad, "\n".join(bad)
    assert any(within(i.target, "yuletide.bots") for i in imports("yuletide.sim.match"))


def test_the_room_rules_catch_violations() -> None:
    """The room rules fail on a breach: Blink's rules importing the table layer, another
    room and another family's material; its table importing the bots layer."""
    room = "yuletide.games.christmas_lights.blink"
    extra = {
        f"{room}.rules": (
            Import(f"{room}.rules", "yuletide.table.model", 1, False),
            Import(
                f"{room}.rules", "yuletide.games.christmas_lights.looney_lights.rules", 2, False
            ),
            Import(f"{room}.rules", "yuletide.games.twinkling_lights.geometry", 3, False),
        ),
        f"{room}.table": (Import(f"{room}.table", "yuletide.bots.kit", 4, False),),
    }

    def read(module: str) -> tuple[Import, ...]:
        return imports(module) + extra.get(module, ())

    got = "\n".join(room_problems(room, read))
    assert got.count("\n") == 3, got
    assert "table.model: a rules module of a room imports only yuletide.core" in got
    assert "another room (yuletide.games.christmas_lights.looney_lights)" in got
    assert "twinkling_lights.geometry: another family's material" in got
    assert "bots.kit: a table module of a room imports only yuletide.core, yuletide.table" in got


def test_no_layer_names_a_game() -> None:
    """The layers and the browser client find a game only through its manifest: no game
    id (nor its module form, ``check_the_box``) appears in their source, so nothing
    keyed by a game hides there. (The package's own docstring, an example for people,
    may name one.)"""
    import yuletide

    src = Path(yuletide.__file__).parent
    names = list(yuletide.games()) + [g.replace("-", "_") for g in yuletide.games()]
    said = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])")
    layers = [p for p in src.rglob("*") if p.suffix in {".py", ".js", ".html", ".css"}]
    bad = [
        f"{p.relative_to(src)}:{n}: {m.group(0)}"
        for p in layers
        if "games" not in p.relative_to(src).parts[:1]
        and p != src / "__init__.py"
        # third-party code copied unchanged (axe-core has an HTML <blink> rule)
        and "vendor" not in p.relative_to(src).parts
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        for m in [said.search(line)]
        if m
    ]
    assert not bad, "\n".join(bad)
