"""The layers, read from the source with ``ast``: no import loops, each layer imports only what
it may, and SQL lives in the store package alone."""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}

# What each part of the package may import, besides the standard library and itself.
LAYERS: dict[str, set[str]] = {
    "rules": set(),
    "cache": set(),
    "events": {"scorekeeper.rules", "networkx"},
    "stats": {"scorekeeper.rules", "scorekeeper.events", "openskill"},
    "store": {"sqlite_utils"},
    "service": {
        "scorekeeper.rules",
        "scorekeeper.events",
        "scorekeeper.stats",
        "scorekeeper.store",
        "scorekeeper.cache",
    },
    "printing": {
        "weasyprint",
        "fontTools",  # the printed font's advances (layout.text_mm); in pyproject.toml
        "jinja2",
        "segno",
        "scorekeeper.paths",
        "scorekeeper.rules",
        "scorekeeper.events",
    },
    "config": {"flask", "scorekeeper.paths"},
    "paths": set(),
    "web": {
        "flask",
        "flask_wtf",
        "flask_limiter",  # limits per address on what creates (web/limits.py)
        "werkzeug",
        "itsdangerous",
        "markupsafe",
        "scorekeeper.cache",
        "scorekeeper.service",
        "scorekeeper.rules",
        "scorekeeper.events",
        "scorekeeper.stats",
        "scorekeeper.printing",
        "scorekeeper.config",
        "scorekeeper.paths",
    },
    "cli": {
        "waitress",
        "gunicorn",
        "scorekeeper",
        "scorekeeper.config",
        "scorekeeper.service",
        "scorekeeper.rules",
        "scorekeeper.events",
        "scorekeeper.stats",
        "scorekeeper.printing",
    },
    "__init__": {"flask", "scorekeeper.web"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _type_checking_blocks(tree: ast.AST) -> set[int]:
    """ids of import nodes under ``if TYPE_CHECKING:`` (typing only, never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skip.update(id(n) for n in ast.walk(inner))
    return skip


def imports_of(name: str, typing: bool = False) -> set[str]:
    """Every module ``name`` imports (at module level or inside functions), resolved: a
    ``from package import module`` names the module. ``typing``: the imports under ``if
    TYPE_CHECKING:`` too."""
    path = MODULES[name]
    return imports_in(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", typing)


def imports_in(source: str, name: str, is_package: bool, typing: bool = False) -> set[str]:
    """:func:`imports_of` the module ``name`` whose text is ``source``."""
    tree = ast.parse(source)
    skip = set() if typing else _type_checking_blocks(tree)
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if full in MODULES else base)
    return found


def graph() -> dict[str, set[str]]:
    return {name: {m for m in imports_of(name) if m in MODULES} for name in MODULES}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import loop, as the modules in order, or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (loop := visit(nxt)):
                return loop
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (loop := visit(node)):
            return loop
    return None


def test_the_package_has_no_import_loop():
    loop = find_cycle(graph())
    assert loop is None, "import loop: " + " -> ".join(loop or [])


def test_the_loop_finder_finds_a_loop():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def typing_graph(names: set[str]) -> dict[str, set[str]]:
    """The imports among ``names``, those for types (``if TYPE_CHECKING:``) included."""
    return {name: {m for m in imports_of(name, typing=True) if m in names} for name in names}


def test_the_engine_has_no_import_loop_even_for_types():
    """``rules/`` reads top to bottom (issue 31): the fold's shared state (rules/state.py) is
    below the mechanisms and the fold that both use it, so no module of the engine imports,
    even for its types, one that imports it back. A lower module that reads an upper one's
    value names what it reads with a Protocol (specials.py, explain.py)."""
    rules = {n for n in MODULES if n.startswith("scorekeeper.rules")}
    loop = find_cycle(typing_graph(rules))
    assert loop is None, "import loop (types included): " + " -> ".join(loop or [])


def test_the_loop_finder_sees_imports_for_types():
    """A loop closed by an import under ``if TYPE_CHECKING:`` is found in the typed graph only."""
    sources = {
        "scorekeeper.rules.bids": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .scoring import State\n"
        ),
        "scorekeeper.rules.scoring": "from .bids import read_bids\n",
    }

    def edges(typing: bool) -> dict[str, set[str]]:
        return {n: imports_in(s, n, False, typing) & set(sources) for n, s in sources.items()}

    assert find_cycle(edges(typing=True)) == [
        "scorekeeper.rules.bids", "scorekeeper.rules.scoring", "scorekeeper.rules.bids",
    ]  # fmt: skip
    assert find_cycle(edges(typing=False)) is None


def _layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_only_what_its_layer_may(name):
    layer = _layer(name)
    allowed = LAYERS[layer]
    own = f"scorekeeper.{layer}"
    for imported in sorted(imports_of(name)):
        top = imported.split(".")[0]
        if top in STDLIB or imported == own or imported.startswith(own + "."):
            continue
        ok = any(imported == a or imported.startswith(a + ".") for a in allowed)
        assert ok, f"{name} ({layer}) imports {imported}"


SQL = re.compile(
    r"^\s*(select\s.+\sfrom\s|insert\s+into\s|update\s+\w+\s+set\s|delete\s+from\s"
    r"|create\s+(unique\s+)?(table|index)\s|drop\s+(table|index)\s|alter\s+table\s|pragma\s"
    r"|begin(\s+immediate)?\s*$|commit\s*$|rollback\b|savepoint\s|release\s)",
    re.IGNORECASE | re.DOTALL,
)


def sql_strings(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value)
    ]


def test_sql_lives_only_in_the_store_package():
    outside = {
        name: found
        for name, path in MODULES.items()
        if _layer(name) != "store" and (found := sql_strings(path))
    }
    assert outside == {}
    for name in MODULES:
        if _layer(name) != "store":
            assert not {"sqlite3", "sqlite_utils"} & {m.split(".")[0] for m in imports_of(name)}


def test_the_sql_finder_finds_sql():
    store = PACKAGE / "store" / "games.py"
    assert len(sql_strings(store)) >= 3
    assert SQL.match("BEGIN IMMEDIATE") and SQL.match("select id from games where x = ?")
    assert not SQL.match("Select the players who sit opposite")


# --- functions a person can read ------------------------------------------------------------

MAX_FUNCTION_LINES = 150


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int]]:
    """(name, lines) of each function (or method) in ``source`` longer than ``limit`` lines."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            lines = node.end_lineno - first + 1
            if lines > limit:
                out.append((f"{node.name} (line {node.lineno})", lines))
    return out


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_function_is_longer_than_150_lines(name):
    found = long_functions(MODULES[name].read_text())
    assert not found, f"{name}: functions over {MAX_FUNCTION_LINES} lines: {found}"


def test_the_length_finder_finds_a_long_function():
    body = "\n".join(f"    x = {i}" for i in range(MAX_FUNCTION_LINES))
    assert long_functions(f"def f():\n{body}\n") == [("f (line 1)", MAX_FUNCTION_LINES + 1)]
    assert long_functions(f"def f():\n{body}\n", limit=MAX_FUNCTION_LINES + 1) == []


# The scoring engine is split by mechanism (bids, tricks, contracts, the game's end, the fold):
# a rules module that outgrows this wants a mechanism of its own (issue 22).
MAX_RULES_MODULE_LINES = 700


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("scorekeeper.rules")))
def test_no_rules_module_is_longer_than_700_lines(name):
    lines = MODULES[name].read_text().count("\n")
    assert lines <= MAX_RULES_MODULE_LINES, f"{name}: {lines} lines, split it by mechanism"


def type_ignores(source: str) -> list[int]:
    """The lines of ``source`` whose comment silences the type checker."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and "type: ignore" in token.string:
            found.append(token.start[0])
    return found


def test_no_type_checker_silenced_in_the_package():
    """mypy runs in make lint; a "type: ignore" hides what it would say (issue 18 took the
    last ones out): type the code instead."""
    found = {n: type_ignores(p.read_text()) for n, p in MODULES.items()}
    assert not {n: lines for n, lines in found.items() if lines}


def test_no_type_checker_silenced_in_the_benchmarks():
    """make lint's mypy checks bench/ too (its timed code reads as the package's does)."""
    found = {p.name: type_ignores(p.read_text()) for p in sorted((ROOT / "bench").glob("*.py"))}
    assert found and not {n: lines for n, lines in found.items() if lines}


def test_the_ignore_finder_finds_one_in_a_comment_only():
    source = 'x = f()  # type: ignore[arg-type]\ny = "# type: ignore"\n'
    assert type_ignores(source) == [1]


# --- nothing private crosses a module -------------------------------------------------------

# Private names taken across modules: none (the web re-lay of issue 18 gave the shared page
# pieces public names in modules of their own). An entry here needs a reason beside it.
PRIVATE_IMPORTS_ALLOWED: set[tuple[str, str, str]] = set()


def private_imports(name: str, source: str) -> set[tuple[str, str, str]]:
    """(importing module, imported module, name) for each ``_private`` name that module
    ``name`` imports from another module (``from x import _y``; dunder names aside)."""
    package = name if MODULES.get(name, Path()).name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            parts = package.split(".")
            parts = parts[: len(parts) - node.level + 1]
            base = ".".join(parts + ([node.module] if node.module else []))
        for alias in node.names:
            n = alias.name
            dunder = n.startswith("__") and n.endswith("__")
            if n.startswith("_") and not dunder and base != name:
                out.add((name, base, n))
    return out


def test_no_private_name_is_imported_from_another_module():
    found = set()
    for name, path in MODULES.items():
        found |= private_imports(name, path.read_text())
    assert found <= PRIVATE_IMPORTS_ALLOWED, sorted(found - PRIVATE_IMPORTS_ALLOWED)
    stale = PRIVATE_IMPORTS_ALLOWED - found
    assert not stale, f"no longer imported: take them off the allow-list: {sorted(stale)}"


def test_the_private_import_finder_finds_one():
    source = "from .scoring import _read_bids, score_game\nfrom ..store.db import _x\n"
    assert private_imports("scorekeeper.rules.bidding", source) == {
        ("scorekeeper.rules.bidding", "scorekeeper.rules.scoring", "_read_bids"),
        ("scorekeeper.rules.bidding", "scorekeeper.store.db", "_x"),
    }
    assert private_imports("scorekeeper.rules.bidding", "from .scoring import __all__\n") == set()


# --- one way to read a form -------------------------------------------------------------------


def wtforms_imports(source: str) -> set[str]:
    """What a module takes of WTForms: any ``wtforms`` module, or Flask-WTF's ``FlaskForm``
    (Flask-WTF's CSRF protection is the one part the forms use)."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.split(".")[0] == "wtforms"}
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] == "wtforms":
                out |= {f"{node.module}.{a.name}" for a in node.names}
            elif node.module.split(".")[0] == "flask_wtf":
                out |= {f"{node.module}.{a.name}" for a in node.names if a.name == "FlaskForm"}
    return out


def test_no_module_reads_a_form_with_wtforms():
    """Rule 2 of docs/architecture.md: a form is a dataclass with ``from_post`` and ``errors``
    (web/kitchen/new_game_form.py, kitchen/hand_form.py, club_night/event_forms.py,
    kitchen/printouts.py, kitchen/share.py); CSRF alone is
    Flask-WTF's."""
    found = {
        name: hit for name, path in MODULES.items() if (hit := wtforms_imports(path.read_text()))
    }
    assert found == {}


def test_the_wtforms_finder_finds_them():
    source = (
        "import wtforms\nfrom wtforms.validators import Optional\n"
        "from flask_wtf import FlaskForm\nfrom flask_wtf.csrf import CSRFProtect\n"
    )
    assert wtforms_imports(source) == {
        "wtforms",
        "wtforms.validators.Optional",
        "flask_wtf.FlaskForm",
    }


# --- one use case a route ---------------------------------------------------------------------

SERVICE = PACKAGE / "service"
# The service's features, one package each (issue 31): the kitchen table's games, the club
# night, the club's memory.
FEATURES = sorted(p.parent.name for p in SERVICE.glob("*/__init__.py"))
# What a route may bind and call: a feature's package, or a module every feature shares.
SERVICE_MODULES = ({p.stem for p in SERVICE.glob("*.py")} - {"__init__", "errors"}) | set(FEATURES)
ROUTE_DECORATORS = {"get", "post", "route"}

# Routes allowed to call more than one service function, with why (docs/architecture.md rule
# 1): none since issue 18's re-lay. An entry must say why; the test fails on one not needed.
SERVICE_CALLS_ALLOWED: dict[tuple[str, str], str] = {}

# Service functions a route reaches that are no use case: web/db.py ``get_db`` opens the
# thread's connection (once, then kept), which every route reaches through ``get_db()``.
NOT_USE_CASES = {"service.connect"}


def service_names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """(names bound to service modules, names bound to service functions) in a module."""
    modules: set[str] = set()
    functions: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        for alias in node.names:
            bound = alias.asname or alias.name
            service = node.module == "scorekeeper" and alias.name == "service"
            if service or (node.module == "scorekeeper.service" and alias.name in SERVICE_MODULES):
                modules.add(bound)
            elif node.module.startswith("scorekeeper.service.") and alias.name[:1].islower():
                functions.add(bound)
    return modules, functions


def is_route(node: ast.AST) -> bool:
    """A view function: decorated with ``@bp.get(...)``, ``@bp.post(...)`` or ``@bp.route``."""
    return isinstance(node, ast.FunctionDef) and any(
        isinstance(d, ast.Call)
        and isinstance(d.func, ast.Attribute)
        and isinstance(d.func.value, ast.Name)
        and d.func.value.id == "bp"
        and d.func.attr in ROUTE_DECORATORS
        for d in node.decorator_list
    )


WEB_MODULES = {
    n.removeprefix("scorekeeper.web.") for n in MODULES if n.startswith("scorekeeper.web.")
}  # each web module by its name under the web package: "saving", "kitchen", "kitchen.games"


def web_names(
    tree: ast.AST, known: set[str] = WEB_MODULES
) -> tuple[dict[str, str], dict[str, tuple[str, str]]]:
    """(names bound to other web modules, by module; names bound to other web modules'
    functions, as (module, function)) in a module, modules named under the web package:
    ``from scorekeeper.web import saving``, ``from scorekeeper.web.kitchen import chart``
    (a module of ``known``) and ``from scorekeeper.web.kitchen.game_page import render_game``
    or ``from scorekeeper.web.kitchen import export_filename`` (a function: the package's
    ``__init__`` names it, and :func:`route_calls` follows it to where it is defined)."""
    modules: dict[str, str] = {}
    functions: dict[str, tuple[str, str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        for alias in node.names:
            bound = alias.asname or alias.name
            if node.module == "scorekeeper.web":
                modules[bound] = alias.name
            elif node.module.startswith("scorekeeper.web."):
                package = node.module.removeprefix("scorekeeper.web.")
                if f"{package}.{alias.name}" in known:
                    modules[bound] = f"{package}.{alias.name}"
                else:
                    functions[bound] = (package, alias.name)
    return modules, functions


class WebModule:
    """What the route reader knows of one web module: the names bound to the service and to
    other web modules, and its module-level functions."""

    def __init__(self, name: str, source: str) -> None:
        self.name = name
        self.tree = ast.parse(source)
        self.modules, self.functions = service_names(self.tree)
        self.web_modules, self.web_functions = web_names(self.tree)
        self.top = {n.name: n for n in self.tree.body if isinstance(n, ast.FunctionDef)}

    def calls(self, function: ast.AST, skip: str = "") -> tuple[set[str], set[tuple[str, str]]]:
        """(service functions, web functions as (module, name): this module's own helpers and
        other web modules' functions, imported by name or read as a module's attribute) that
        ``function`` calls."""
        called: set[str] = set()
        used: set[tuple[str, str]] = set()
        for node in ast.walk(function):
            if not isinstance(node, ast.Call):
                continue
            f, chain = node.func, []
            if isinstance(f, ast.Name) and f.id in self.functions:
                called.add(f.id)
            elif isinstance(f, ast.Name) and f.id in self.top and f.id != skip:
                used.add((self.name, f.id))
            elif isinstance(f, ast.Name) and f.id in self.web_functions:
                used.add(self.web_functions[f.id])
            while isinstance(f, ast.Attribute):
                chain.append(f.attr)
                f = f.value
            if not chain or not isinstance(f, ast.Name):
                continue
            if f.id in self.modules and chain[0][:1].islower():
                called.add(".".join([f.id, *reversed(chain)]))  # a Capitalised name is a class
            elif f.id in self.web_modules and len(chain) == 1:
                used.add((self.web_modules[f.id], chain[0]))
        return called, used


def route_calls(sources: dict[str, str]) -> dict[tuple[str, str], set[str]]:
    """Each route function of the web modules ``sources`` (name: source), with the service
    functions it calls (``games.open_game``, ``service.kitchen.open_game``, or a function imported
    by name): its own, and those of every function it calls, in its own module or another web
    module, followed through the functions they call in turn."""
    modules = {name: WebModule(name, source) for name, source in sources.items()}
    direct: dict[tuple[str, str], tuple[set[str], set[tuple[str, str]]]] = {}
    for module in modules.values():
        for name, node in module.top.items():
            direct[(module.name, name)] = module.calls(node)
    # a name a module imports (a package's __init__ exporting its modules' functions) is the
    # function it names, so a call through the package is followed to the function itself
    aliases = {
        (module.name, bound): target
        for module in modules.values()
        for bound, target in module.web_functions.items()
    }

    def resolved(helper: tuple[str, str]) -> tuple[str, str]:
        seen = set()
        while helper not in direct and helper in aliases and helper not in seen:
            seen.add(helper)
            helper = aliases[helper]
        return helper

    out: dict[tuple[str, str], set[str]] = {}
    for module in modules.values():
        routes = [n for n in ast.walk(module.tree) if isinstance(n, ast.FunctionDef)]
        for route in (n for n in routes if is_route(n)):
            called, todo = module.calls(route, skip=route.name)
            seen: set[tuple[str, str]] = set()
            while todo:
                helper = resolved(todo.pop())
                if helper in seen or helper not in direct:
                    continue  # seen, or not a function of a web module (a class, a name)
                seen.add(helper)
                more, further = direct[helper]
                called |= more
                todo |= further - seen
            out[(module.name, route.name)] = called
    return out


def service_calls(source: str) -> dict[str, set[str]]:
    """:func:`route_calls` of one module, by route name."""
    return {route: called for (_, route), called in route_calls({"m": source}).items()}


def web_sources() -> dict[str, str]:
    """Each web module's source by its name under the web package ("kitchen.games")."""
    return {
        n.removeprefix("scorekeeper.web."): p.read_text()
        for n, p in MODULES.items()
        if n.startswith("scorekeeper.web.")
    }


def test_each_route_calls_one_service_function():
    sources = web_sources()
    calls = {k: v - NOT_USE_CASES for k, v in route_calls(sources).items()}
    found = {k: sorted(v) for k, v in calls.items() if len(v) > 1}
    over = {k: v for k, v in found.items() if k not in SERVICE_CALLS_ALLOWED}
    assert not over, f"routes calling more than one service function (rule 1): {over}"
    stale = set(SERVICE_CALLS_ALLOWED) - set(found)
    assert not stale, f"these routes call one service function now: take them off: {stale}"


def test_the_route_reader_counts_service_calls():
    source = (
        "from scorekeeper.service import kitchen as games\n"
        "from scorekeeper import service\n"
        "from scorekeeper.service.club_night import overview\n"
        "@bp.post('')\n"
        "def add(token):\n"
        "    current = games.open_game(db, token)\n"
        "    overview(db)\n"
        "    return service.kitchen.add_hand(db, current, {})\n"
        "def helper():\n"
        "    games.open_game(db, 't')\n"
        "@bp.get('/x')\n"
        "def one(token):\n"
        "    return games.submit_hand(db, token)\n"
    )
    assert service_calls(source) == {
        "add": {"games.open_game", "overview", "service.kitchen.add_hand"},
        "one": {"games.submit_hand"},
    }


def test_the_route_reader_follows_the_helpers_a_route_calls():
    """A helper's service call is the route's: through a chain of helpers (and a helper that
    calls itself), but not through a helper the route never calls; a service dataclass made
    to send is no call."""
    source = (
        "from scorekeeper.service import club_night as events, kitchen as games, memory as keeper\n"
        "def _page(token, form):\n"
        "    if form.errors:\n"
        "        return _refused(token)\n"
        "    return render(token)\n"
        "def _refused(token):\n"
        "    events.open_director(db, token)\n"
        "    return _refused(token)\n"
        "def _unused(token):\n"
        "    games.open_game(db, token)\n"
        "@bp.post('/a')\n"
        "def act(token):\n"
        "    _page(token, form)\n"
        "    return events.round_clock(db, token)\n"
        "@bp.post('/b')\n"
        "def once(token):\n"
        "    return _page(token, form)\n"
        "@bp.post('/c')\n"
        "def undo(token, change):\n"
        "    return keeper.submit(db, token, keeper.Unmerge(change))\n"
    )
    assert service_calls(source) == {
        "act": {"events.open_director", "events.round_clock"},
        "once": {"events.open_director"},
        "undo": {"keeper.submit"},
    }


def test_the_route_reader_follows_calls_into_other_web_modules():
    """A function of another web module is followed as a helper is, imported by name
    (``render_game``) or read as its module's attribute (``session.opened``), or through the
    name a feature package's ``__init__`` exports (``table_line``), and through the functions
    it calls in turn, in its own module or a third; a class or a name that is no web module's
    function is not."""
    sources = {
        "kitchen.games": (
            "from scorekeeper.service import kitchen as games\n"
            "from scorekeeper.web import session\n"
            "from scorekeeper.web.kitchen.game_page import render_game, Entry\n"
            "from scorekeeper.web.club_night import table_line\n"
            "@bp.get('/g/<token>')\n"
            "def show(token):\n"
            "    current = games.open_game(db, token)\n"
            "    session.opened(current)\n"
            "    return render_game(current, Entry()) + table_line(token)\n"
            "@bp.get('/g/<token>/rules')\n"
            "def rules(token):\n"
            "    return session.browser_id() and games.open_game(db, token)\n"
        ),
        "kitchen.game_page": (
            "from scorekeeper.service import kitchen as games\n"
            "from scorekeeper.web.kitchen.fragments import sheet_html\n"
            "class Entry: ...\n"
            "def render_game(current, form):\n"
            "    return _undo(current) + sheet_html(current)\n"
            "def _undo(current):\n"
            "    return games.last_action(db, current)\n"
        ),
        "kitchen.fragments": (
            "from scorekeeper.service import club_night as events\n"
            "def sheet_html(current):\n"
            "    return events.table_of_game(db, current)\n"
        ),
        "session": (
            "from scorekeeper.service import kitchen as library\n"
            "def opened(current):\n"
            "    library.opened(db, browser_id(), current)\n"
            "def browser_id():\n"
            "    return 'b'\n"
        ),
        "club_night": "from scorekeeper.web.club_night.tables import table_line\n",
        "club_night.tables": (
            "from scorekeeper.service import club_night as events\n"
            "def table_line(token):\n"
            "    return events.table_line(db, token)\n"
        ),
    }
    assert route_calls(sources) == {
        ("kitchen.games", "show"): {
            "games.open_game", "library.opened", "games.last_action", "events.table_of_game",
            "events.table_line",
        },
        ("kitchen.games", "rules"): {"games.open_game"},
    }  # fmt: skip


# --- store records stay in the service ------------------------------------------------------

STORE_TYPES = set(
    ast.literal_eval(
        next(
            n.value
            for n in ast.parse((PACKAGE / "store" / "__init__.py").read_text()).body
            if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__all__"
        )
    )
)  # what the store exports (its record types, and its functions and modules)

# What the web takes from the service that still names a store type, with why (docs/
# architecture.md rule 1). An entry must say why; the test fails on one no longer needed.
STORE_TYPES_ALLOWED: dict[str, str] = {
    "Submitted.action": "store.Action is a value (a kind code and a hand number), not a row: "
    "the store defines it because history rows and one-time ids are written with it",
}


class ServiceTypes:
    """The service's module-level classes (their annotated fields), type aliases and
    functions (their return annotations), read from the source; names imported from the store
    are known as the store's."""

    def __init__(self, sources: dict[str, str]) -> None:
        self.classes: dict[str, list[tuple[str, ast.expr]]] = {}
        self.aliases: dict[str, ast.expr] = {}
        self.returns: dict[str, ast.expr | None] = {}
        self.from_store: set[str] = set()
        for module, source in sources.items():
            for node in ast.parse(source).body:
                if isinstance(node, ast.ClassDef):
                    fields = [
                        (f"{node.name}.{ast.unparse(s.target)}", s.annotation)
                        for s in node.body
                        if isinstance(s, ast.AnnAssign)
                    ]
                    self.classes.setdefault(node.name, []).extend(fields)
                elif isinstance(node, ast.FunctionDef):
                    self.returns[f"{module}.{node.name}"] = node.returns
                elif isinstance(node, ast.Assign) and len(node.targets) == 1:
                    target = node.targets[0]
                    if isinstance(target, ast.Name) and target.id[:1].isupper():
                        self.aliases[target.id] = node.value
                elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "scorekeeper.store"
                ):
                    self.from_store |= {a.asname or a.name for a in node.names}

    def store_names(self, where: str, annotation: ast.expr | None, seen: set[str]) -> set[str]:
        """``where: store type`` for each store type ``annotation`` names, directly or through
        the service's own classes' fields and aliases (each followed once)."""
        found: set[str] = set()
        if annotation is None:
            return found
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            annotation = ast.parse(annotation.value, mode="eval").body
        for node in ast.walk(annotation):
            if isinstance(node, ast.Attribute):
                chain = ast.unparse(node)
                if chain.startswith("store.") and node.attr[:1].isupper():
                    found.add(f"{where}: {chain}")
            elif isinstance(node, ast.Name):
                name = node.id
                if name in self.from_store and name[:1].isupper() and name != "Database":
                    found.add(f"{where}: store.{name}")
                elif name in seen:
                    continue
                elif name in self.classes:
                    seen.add(name)
                    for field_name, field_type in self.classes[name]:
                        found |= self.store_names(field_name, field_type, seen)
                elif name in self.aliases:
                    seen.add(name)
                    found |= self.store_names(name, self.aliases[name], seen)
        return {f for f in found if not f.endswith(": store.Database")}


def service_sources() -> dict[str, str]:
    """Each service module's source, by its path in the service (``kitchen/opening``)."""
    return {
        p.relative_to(SERVICE).with_suffix("").as_posix(): p.read_text()
        for p in sorted(SERVICE.rglob("*.py"))
    }


def feature_types(types: ServiceTypes) -> ServiceTypes:
    """``types`` with each feature's public functions known by the package's name as well
    (``kitchen.open_game``, from ``kitchen/opening``): a package's name is the one its
    ``__init__`` imports, not another module's that shares it."""
    for feature in FEATURES:
        tree = ast.parse((SERVICE / feature / "__init__.py").read_text())
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                for alias in node.names:
                    inner = f"{feature}/{node.module}.{alias.name}"
                    if inner in types.returns:
                        types.returns[f"{feature}.{alias.name}"] = types.returns[inner]
    return types


def web_surface() -> set[str]:
    """What the web names of the service: ``module.name`` for each attribute of a service
    module it reads (``events.event_page``), and each name it imports from one."""
    out: set[str] = set()
    for path in sorted((PACKAGE / "web").rglob("*.py")):
        tree = ast.parse(path.read_text())
        modules, _ = service_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                if node.value.id in modules:
                    module = node.value.id if node.value.id in SERVICE_MODULES else "*"
                    out.add(f"{module}.{node.attr}")
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "scorekeeper.service"
            ):
                module = (node.module or "").rpartition(".")[2]
                module = module if module in SERVICE_MODULES else "*"
                out |= {f"{module}.{a.name}" for a in node.names}
    return out


def store_types_reaching(surface: set[str], types: ServiceTypes) -> set[str]:
    """Each store type a function's return or a class's field (followed through the service's
    own classes) hands to the web, as ``where: store.Type``."""
    found: set[str] = set()
    for used in sorted(surface):
        module, _, name = used.partition(".")
        returns = [r for f, r in types.returns.items() if f.partition(".")[2] == name]
        own = f"{module}.{name}"
        if own in types.returns:
            returns = [types.returns[own]]
        for r in returns:
            found |= types.store_names(used, r, set())
        if name in types.classes or name in types.aliases:
            found |= types.store_names(used, ast.Name(name), set())
    return found


def test_no_store_record_reaches_the_web():
    """Rule 1 of docs/architecture.md: what a service function gives the web is plain values
    or the service's own dataclasses, never a store record (``record.data[...]``)."""
    found = store_types_reaching(web_surface(), feature_types(ServiceTypes(service_sources())))
    over = {f for f in found if f.partition(":")[0] not in STORE_TYPES_ALLOWED}
    assert not over, sorted(over)
    stale = set(STORE_TYPES_ALLOWED) - {f.partition(":")[0] for f in found}
    assert not stale, f"no store type reaches the web through these now: {sorted(stale)}"


def test_the_store_type_finder_finds_them():
    types = ServiceTypes(
        {
            "events": (
                "from scorekeeper import store\n"
                "from scorekeeper.store import GameRecord\n"
                "Ref = store.EventRecord | str\n"
                "class Inner:\n    game: GameRecord | None\n    n: int\n"
                "class Page:\n    inner: tuple[Inner, ...]\n    ref: Ref\n    name: str\n"
                "class Plain:\n    name: str\n    db: store.Database\n"
                "def page(db) -> Page: ...\n"
                "def plain(db) -> 'Plain': ...\n"
                "def record(db) -> store.EventRecord: ...\n"
            )
        }
    )
    assert store_types_reaching({"events.page", "events.plain", "events.Plain"}, types) == {
        "Inner.game: store.GameRecord",
        "Ref: store.EventRecord",
    }
    assert store_types_reaching({"events.record"}, types) == {"events.record: store.EventRecord"}
    assert "EventRecord" in STORE_TYPES and "GameRecord" in STORE_TYPES


def test_the_web_never_imports_the_store():
    found = {
        name: sorted(m for m in imports_of(name) if m.split(".")[:2] == ["scorekeeper", "store"])
        for name in MODULES
        if _layer(name) == "web"
    }
    assert {k: v for k, v in found.items() if v} == {}


# --- features as packages (issue 31) ---------------------------------------------------------

# The floors every feature passes through hold one package a feature (docs/architecture.md,
# "The house"): another feature, and the modules the floor shares, use a feature only through
# the names its ``__init__`` exports (``__all__``).
FEATURE_FLOORS = ("service", "web")


def feature_packages() -> dict[str, set[str]]:
    """Each feature package of the service and web floors (a package inside the floor), with
    the names its ``__init__`` exports."""
    out: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        parts = name.split(".")
        if path.name == "__init__.py" and len(parts) == 3 and parts[1] in FEATURE_FLOORS:
            exported: set[str] = set()
            for node in ast.parse(path.read_text()).body:
                if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__all__":
                    exported = set(ast.literal_eval(node.value))
            out[name] = exported
    return out


def boundary_crossings(name: str, source: str, features: dict[str, set[str]]) -> set[str]:
    """What module ``name`` takes of a feature package it is not part of, other than the
    names that package's ``__init__`` exports: one of its modules imported, a name it does not
    export imported, or read as an attribute of the package (``kitchen.games``,
    ``service.club_night.x``)."""

    def outside(feature: str) -> bool:
        return name != feature and not name.startswith(feature + ".")

    def owner(module: str) -> str | None:
        return next((f for f in features if module == f or module.startswith(f + ".")), None)

    found: set[str] = set()
    bound: dict[str, str] = {}  # a name bound to a feature package, or to a floor holding some
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                feature = owner(alias.name)
                if feature and outside(feature) and alias.name != feature:
                    found.add(f"{name} imports {alias.name}")
                elif feature and alias.asname:
                    bound[alias.asname] = feature
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                if full in features:
                    bound[alias.asname or alias.name] = full
                elif full in {f.rpartition(".")[0] for f in features}:
                    bound[alias.asname or alias.name] = full  # "from scorekeeper import service"
                feature = owner(node.module)
                if feature is None or not outside(feature):
                    continue
                if node.module != feature:
                    found.add(f"{name} imports {node.module}")
                elif alias.name not in features[feature] and full not in features:
                    found.add(f"{name} imports {feature}.{alias.name}")
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        chain, f = [node.attr], node.value
        while isinstance(f, ast.Attribute):
            chain.append(f.attr)
            f = f.value
        if not isinstance(f, ast.Name) or f.id not in bound:
            continue
        dotted = [bound[f.id], *reversed(chain)]
        if dotted[0] not in features and ".".join(dotted[:2]) in features:
            dotted = [".".join(dotted[:2]), *dotted[2:]]  # service.club_night.x
        feature = dotted[0]
        crossing = feature in features and outside(feature) and len(dotted) > 1
        if crossing and dotted[1] not in features[feature]:
            found.add(f"{name} reads {feature}.{dotted[1]}")
    return found


def test_features_use_each_other_only_through_their_init():
    features = feature_packages()
    found = set()
    for name, path in MODULES.items():
        if _layer(name) in FEATURE_FLOORS or _layer(name) in ("cli", "printing"):
            found |= boundary_crossings(name, path.read_text(), features)
    assert not found, sorted(found)


def test_each_feature_package_says_what_it_offers():
    features = feature_packages()
    assert {"scorekeeper.web.kitchen", "scorekeeper.web.club_night"} <= set(features)
    for feature, exported in features.items():
        init = ast.parse(MODULES[feature].read_text())
        assert ast.get_docstring(init), f"{feature}: its __init__ says what it offers"
        assert exported, f"{feature}: its __init__ exports its public names (__all__)"


def test_the_boundary_finder_finds_a_crossing():
    features = {"scorekeeper.web.kitchen": {"NewGame"}, "scorekeeper.service.club_night": {"x"}}
    source = (
        "from scorekeeper.web.kitchen import NewGame, chart_svg\n"
        "from scorekeeper.web.kitchen.share import export_filename\n"
        "from scorekeeper.web import kitchen\n"
        "from scorekeeper import service\n"
        "from scorekeeper.service import club_night\n"
        "import scorekeeper.service.club_night.rounds\n"
        "kitchen.NewGame(); kitchen.games.bp; club_night.x(); club_night.y()\n"
        "service.club_night.x(); service.club_night.z(); service.games.open_game()\n"
    )
    assert boundary_crossings("scorekeeper.web.club_night.console", source, features) == {
        "scorekeeper.web.club_night.console imports scorekeeper.web.kitchen.chart_svg",
        "scorekeeper.web.club_night.console imports scorekeeper.web.kitchen.share",
        "scorekeeper.web.club_night.console imports scorekeeper.service.club_night.rounds",
        "scorekeeper.web.club_night.console reads scorekeeper.web.kitchen.games",
        "scorekeeper.web.club_night.console reads scorekeeper.service.club_night.y",
        "scorekeeper.web.club_night.console reads scorekeeper.service.club_night.z",
    }
    # inside its own feature a module takes what it needs
    assert boundary_crossings("scorekeeper.web.kitchen.games", source, features) == {
        "scorekeeper.web.kitchen.games reads scorekeeper.service.club_night.y",
        "scorekeeper.web.kitchen.games reads scorekeeper.service.club_night.z",
        "scorekeeper.web.kitchen.games imports scorekeeper.service.club_night.rounds",
    }


# --- sizes a person can read: the service and the web (issue 31) -------------------------------

MAX_FLOOR_MODULE_LINES = 500
MAX_FLOOR_FUNCTION_LINES = 80
FLOOR_MODULES = sorted(n for n in MODULES if _layer(n) in FEATURE_FLOORS)


def line_count(source: str) -> int:
    return len(source.splitlines())


@pytest.mark.parametrize("name", FLOOR_MODULES)
def test_no_service_or_web_module_is_longer_than_500_lines(name):
    lines = line_count(MODULES[name].read_text())
    assert lines <= MAX_FLOOR_MODULE_LINES, f"{name}: {lines} lines: split it by what it does"


@pytest.mark.parametrize("name", FLOOR_MODULES)
def test_no_service_or_web_function_is_longer_than_80_lines(name):
    found = long_functions(MODULES[name].read_text(), MAX_FLOOR_FUNCTION_LINES)
    assert not found, f"{name}: functions over {MAX_FLOOR_FUNCTION_LINES} lines: {found}"


def test_the_size_finders_find_a_long_module_and_function():
    body = "\n".join(f"    x = {i}" for i in range(MAX_FLOOR_FUNCTION_LINES))
    assert long_functions(f"def f():\n{body}\n", MAX_FLOOR_FUNCTION_LINES) == [
        ("f (line 1)", MAX_FLOOR_FUNCTION_LINES + 1)
    ]
    inner = body.replace("    ", "        ")
    method = f"class C:\n    @property\n    def f(self):\n{inner}\n"  # from its decorator
    assert long_functions(method, MAX_FLOOR_FUNCTION_LINES) == [("f (line 3)", 82)]
    assert line_count("x = 1\n" * (MAX_FLOOR_MODULE_LINES + 1)) > MAX_FLOOR_MODULE_LINES
    assert line_count("x = 1\n" * MAX_FLOOR_MODULE_LINES) == MAX_FLOOR_MODULE_LINES


# --- the service by feature (issue 31) ------------------------------------------------------


def public_names(feature: str) -> set[str]:
    """What a feature's package offers: the ``__all__`` of its ``__init__``."""
    tree = ast.parse((SERVICE / feature / "__init__.py").read_text())
    return next(
        set(ast.literal_eval(n.value))
        for n in tree.body
        if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]) == "__all__"
    )


def feature_uses(name: str, source: str, is_package: bool = False) -> set[tuple[str, str, str]]:
    """(feature, how, what) for each thing module ``name`` takes from a feature package of
    the service other than its own: ``name`` a public name imported from the package
    (absolute or relative) or read as an attribute of it (``kitchen.open_game``,
    ``service.kitchen.open_game``), ``inner`` a module inside the package, imported."""
    tree = ast.parse(source)
    package = name if is_package else name.rpartition(".")[0]
    own = name.split(".")[2] if name.startswith("scorekeeper.service.") else None
    prefix = "scorekeeper.service."
    bound: dict[str, str] = {}  # a local name -> the feature it names
    services: set[str] = set()  # local names of scorekeeper.service itself
    out: set[tuple[str, str, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            for alias in node.names:
                local = alias.asname or alias.name
                if base == "scorekeeper" and alias.name == "service":
                    services.add(local)
                elif base == "scorekeeper.service" and alias.name in FEATURES:
                    bound[local] = alias.name
                elif base.startswith(prefix):
                    feature, _, inner = base[len(prefix) :].partition(".")
                    if feature not in FEATURES or feature == own:
                        continue
                    if inner or f"{base}.{alias.name}" in MODULES:
                        out.add((feature, "inner", inner or alias.name))
                    else:
                        out.add((feature, "name", alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if alias.name.startswith(prefix) and len(parts) > 3 and parts[2] != own:
                    out.add((parts[2], "inner", parts[3]))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not isinstance(
            node.value, ast.Name | ast.Attribute
        ):
            continue
        value = node.value
        if isinstance(value, ast.Name) and value.id in bound and bound[value.id] != own:
            out.add((bound[value.id], "name", node.attr))
        elif (
            isinstance(value, ast.Attribute)
            and isinstance(value.value, ast.Name)
            and value.value.id in services
            and value.attr in FEATURES
            and value.attr != own
        ):
            out.add((value.attr, "name", node.attr))
    return out


def test_each_feature_is_used_through_its_package_alone():
    """A feature's package says what it offers (``__all__``); the other layers and the other
    features take only that, never a module inside it (docs/architecture.md)."""
    wrong = set()
    for name, path in MODULES.items():
        for feature, how, what in feature_uses(name, path.read_text(), path.name == "__init__.py"):
            if how == "inner" or what not in public_names(feature):
                wrong.add((name, feature, how, what))
    assert not wrong, sorted(wrong)


def test_each_public_name_of_a_feature_is_used_outside_it():
    """A package offers exactly what others use (the package, bench/ and scripts/): a name no
    one takes leaves ``__all__`` (tests may read a feature's inner modules)."""
    sources = {n: p for n, p in MODULES.items()}
    for folder in ("bench", "scripts"):
        for p in sorted((ROOT / folder).glob("*.py")):
            sources[f"{folder}.{p.stem}"] = p
    used: set[tuple[str, str]] = set()
    for name, path in sources.items():
        uses = feature_uses(name, path.read_text(), path.name == "__init__.py")
        used |= {(feature, what) for feature, how, what in uses if how == "name"}
    unused = {(f, n) for f in FEATURES for n in public_names(f) if (f, n) not in used}
    assert not unused, sorted(unused)


def test_the_feature_reader_finds_what_crosses_a_package():
    source = (
        "from scorekeeper import service\n"
        "from scorekeeper.service import club_night, kitchen as games\n"
        "from scorekeeper.service.kitchen import open_game\n"
        "from scorekeeper.service.kitchen import opening\n"
        "from scorekeeper.service.memory.club import load_club\n"
        "from ..club_night import side_groups\n"
        "from .writing import save_change\n"
        "games.add_hand(db, club_night.overview(db, e), service.memory.ladder_page(db))\n"
    )
    assert feature_uses("scorekeeper.service.kitchen.hands", source) == {
        ("club_night", "name", "overview"),
        ("club_night", "name", "side_groups"),
        ("memory", "inner", "club"),
        ("memory", "name", "ladder_page"),
    }  # its own package's modules and names are its own
    assert ("kitchen", "inner", "opening") in feature_uses("scorekeeper.web.games", source)
    assert ("kitchen", "name", "open_game") in feature_uses("scorekeeper.web.games", source)


MAX_SERVICE_FILE_LINES = 500
MAX_SERVICE_FUNCTION_LINES = 80


def oversized(source: str) -> list[str]:
    """What of a service module is over the limits: the module's lines, each function's."""
    out = []
    if (lines := source.count("\n")) > MAX_SERVICE_FILE_LINES:
        out.append(f"{lines} lines")
    out += [f"{f}: {n} lines" for f, n in long_functions(source, MAX_SERVICE_FUNCTION_LINES)]
    return out


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("scorekeeper.service")))
def test_no_service_module_is_over_500_lines_nor_a_function_over_80(name):
    """Each module of the service one idea its name says (issue 31): split by idea beyond."""
    found = oversized(MODULES[name].read_text())
    assert not found, f"{name}: {found}"


def test_the_size_finder_finds_a_long_module_and_a_long_function():
    body = "\n".join(f"    x = {i}" for i in range(MAX_SERVICE_FUNCTION_LINES))
    assert oversized(f"def f():\n{body}\n") == [
        f"f (line 1): {MAX_SERVICE_FUNCTION_LINES + 1} lines"
    ]
    assert oversized("x = 1\n" * MAX_SERVICE_FILE_LINES) == []
    assert oversized("x = 1\n" * (MAX_SERVICE_FILE_LINES + 1)) == ["501 lines"]
