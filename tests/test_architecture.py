"""The package's shape (docs/architecture.md, 9): module imports form no cycle, the core imports nothing of
the
rest, and a game folder is reached from outside `assistant/games/` only through the registry.

The import graph is built from the source with `ast`: every `import`/`from ... import` at any depth
(a function-level import is still a dependency), except those under `if TYPE_CHECKING:`, which only
the type checker follows. A module depends on the project modules it names (`from a.b import c`
names both `a.b` and `a.b.c`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import assistant

ROOT = Path(assistant.__file__).parent

ALLOWED_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Import cycles that existed before this test and are owned elsewhere; each names its owner.
Empty: a new cycle anywhere fails the test."""

ALLOWED_GAME_IMPORTS: frozenset[tuple[str, str]] = frozenset()
"""(importer, imported game module) pairs outside `assistant/games/` that do not go through the
registry, each with its reason and owner. Anything else fails the test."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, name: str, is_package: bool, module_level: bool = False) -> Iterator[str]:
    """Absolute module names imported by a module, skipping `if TYPE_CHECKING:` blocks; with
    `module_level`, only the imports run when the module is imported (not those inside functions)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if module_level and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                base = ".".join([*package, base] if base else package)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)
        stack.extend(ast.iter_child_nodes(node))


def graph(module_level: bool = False) -> dict[str, set[str]]:
    """module -> the project modules it imports (names resolved to the modules that exist); with
    `module_level`, only the imports run at import time (a function's own import is a lazy edge)."""
    known = modules()
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found: set[str] = set()
        for imported in _imports(tree, name, path.name == "__init__.py", module_level):
            if imported in known and imported != name:
                found.add(imported)
        edges[name] = found
    return edges


def cycles(edges: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[frozenset[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component: set[str] = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_import_graph_has_no_cycle() -> None:
    """Module-level imports (what runs when a module is imported) form no cycle; an import inside a
    function (a game's factory loading its engine on first use) is a lazy edge and may point back."""
    found = [c for c in cycles(graph(module_level=True)) if c not in ALLOWED_CYCLES]
    assert found == [], [sorted(c) for c in found]


def test_lazy_imports_form_no_cycle_outside_a_game_folder() -> None:
    """Imports inside functions count too, except a game package's factories loading its own modules
    on first use (the game's `__init__` and the modules that name the package, all in one folder)."""

    def one_game(cycle: frozenset[str]) -> bool:
        folders = {".".join(name.split(".")[:3]) for name in cycle}
        return len(folders) == 1 and next(iter(folders)).startswith("assistant.games.")

    found = [c for c in cycles(graph()) if not one_game(c) and c not in ALLOWED_CYCLES]
    assert found == [], [sorted(c) for c in found]


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset({"a", "b", "c"})]


def test_imports_under_type_checking_are_ignored() -> None:
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import x.y\nimport z\n")
    assert set(_imports(tree, "m", False)) == {"typing", "typing.TYPE_CHECKING", "z"}


def test_the_core_imports_nothing_of_the_rest_but_errors() -> None:
    """docs/architecture.md: assistant.core is the pure decider layer every game and the referee build on."""
    bad = {
        (name, imported)
        for name, imported_set in graph().items()
        if name.startswith("assistant.core")
        for imported in imported_set
        if not imported.startswith("assistant.core") and imported not in ("assistant", "assistant.errors")
    }
    assert bad == set()


def test_game_folders_are_reached_only_through_the_registry() -> None:
    """docs/architecture.md: nothing outside assistant/games/ names a game; it asks the registry
    (assistant.game)."""
    bad = {
        (name, imported)
        for name, imported_set in graph().items()
        if not name.startswith("assistant.games")
        for imported in imported_set
        if imported.startswith("assistant.games.")
    } - ALLOWED_GAME_IMPORTS
    assert bad == set()


def test_wake_word_commands_do_not_know_the_referee() -> None:
    """The referee's commands act through commands_spoken.Table: no import of the Referee (not even for
    the type checker) and no write to its attributes."""
    path = ROOT / "referee" / "commands_spoken.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    named = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert "assistant.referee.referee" not in named
    writes = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
    ]
    assert writes == []


def test_nothing_outside_the_game_folders_names_a_game() -> None:
    """docs/architecture.md: a game's name appears only in its folder and in the games registry list, in the
    code and in the board page alike (`grep -rn "quinito\\|cinquillo" assistant/`)."""
    from assistant.games import GAMES

    named = [
        str(path.relative_to(ROOT))
        for path in sorted(ROOT.rglob("*"))
        if path.suffix in (".py", ".js", ".css", ".html")
        and path.relative_to(ROOT).parts[0] != "games"
        and any(game in path.read_text(encoding="utf-8") for game in GAMES)
    ]
    assert named == []


CONTRACT_MAY_IMPORT = (
    "assistant.game",
    "assistant.core",
    "assistant.errors",
    "assistant.responses",
    "assistant.speech",
)
"""What the game contract (assistant/game/) stands on: the pure core and the shared sentences."""
GAME_MAY_IMPORT = (
    *CONTRACT_MAY_IMPORT,
    "assistant.understanding.numbers",
    "assistant.understanding.vigilance",
)
"""The shared services a game folder may import besides its own modules (assistant/game/__init__.py)."""
UPWARD: tuple[tuple[str, str], ...] = (
    ("assistant.sim", "assistant.bench"),
    ("assistant.voice", "assistant.bench"),
    ("assistant.bench", "assistant.games"),
    ("assistant.core", "assistant.game"),
)
"""(lower, upper) layers: nothing in the first imports anything of the second (the bench measures
the simulation and the voice, never the other way; the bench reaches games through the registry)."""


def _within(name: str, packages: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def test_the_contract_stands_on_the_core_only() -> None:
    """assistant/game/ never imports the referee, the simulation or a game (its registry finds the
    game folders by importing `assistant.games` by name, once)."""
    bad = {
        (name, imported)
        for name, imported_set in graph().items()
        if _within(name, ("assistant.game",))
        for imported in imported_set
        if imported != "assistant" and not _within(imported, CONTRACT_MAY_IMPORT)
    }
    assert bad == set()


def test_a_game_imports_the_contract_its_own_folder_and_the_shared_services() -> None:
    bad = {
        (name, imported)
        for name, imported_set in graph().items()
        if name.startswith("assistant.games.")
        for imported in imported_set
        if imported != "assistant"
        and not _within(imported, GAME_MAY_IMPORT)
        and not _within(imported, (".".join(name.split(".")[:3]),))
    }
    assert bad == set()


def test_no_upward_arrow_between_layers() -> None:
    bad = {
        (name, imported)
        for name, imported_set in graph().items()
        for lower, upper in UPWARD
        if _within(name, (lower,))
        for imported in imported_set
        if _within(imported, (upper,))
    }
    assert bad == set()


REPO = ROOT.parent


def vocabulary_leaks() -> dict[tuple[str, str, str], int]:
    """(file, game, word) -> how often a game's own word (`GameModule.vocabulary`) appears outside its
    folder: in the code, the board page and grammars/ (the games' own grammar and responses files
    excepted: they are game data, as the game folders are)."""
    from assistant.game import game_names, get_game

    modules = [get_game(name) for name in game_names()]
    own = {  # every game's own grammar and responses files: a game's data, like its folder
        path
        for module in modules
        if not Path(module.grammar).is_absolute()
        for path in (Path("grammars") / module.grammar, Path("grammars/responses/fr") / module.responses)
    }
    found: dict[tuple[str, str, str], int] = {}
    for module in modules:
        if not module.vocabulary or Path(module.grammar).is_absolute():
            continue  # a game registered from outside the package (the toy) keeps its words to itself
        words = re.compile(r"\b(" + "|".join(map(re.escape, sorted(module.vocabulary))) + r")\b", re.I)
        code = [p for p in ROOT.rglob("*") if p.suffix in (".py", ".js", ".css", ".html")]
        data = [p for p in (REPO / "grammars").rglob("*.yaml") if p.relative_to(REPO) not in own]
        for path in [*code, *data]:
            if path.relative_to(ROOT.parent).parts[:2] == ("assistant", "games"):
                continue
            for word in words.findall(path.read_text(encoding="utf-8")):
                key = (str(path.relative_to(REPO)), module.name, word.lower())
                found[key] = found.get(key, 0) + 1
    return found


def test_a_game_vocabulary_stays_in_its_folder_and_its_own_files() -> None:
    """Each game's words stay in assistant/games/<game>/ and the games' grammar and responses files,
    in the code and in YAML: none anywhere else."""
    assert vocabulary_leaks() == {}


def test_the_vocabulary_scan_finds_a_leak() -> None:
    assert re.findall(r"\b(totem)\b", "holders = state.totem", re.I) == ["totem"]
