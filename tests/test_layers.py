"""The import contracts of build_tools (issue 32, item 1): every module belongs
to one layer, and imports only from its own layer and those below it:

    model (bridge) <- rules <- document/loader <- render <- Sphinx extension <- build <- commands

Every import statement of every module is read from its source (at the top,
inside functions, under ``TYPE_CHECKING``: a design dependency all the same),
so an import hidden in a function cannot bring a circle back. Inside the
engine's two layers no module reaches itself through others, and the engine
imports nothing outside the standard library (the site's Ask page runs it in
the browser). Each contract is also shown to fail on an import planted against it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "build_tools"

#: The layers, lowest first; a module is in the layer of the longest prefix
#: that names it. Modules a lower layer reads sit with it, whatever their
#: folder: the Sphinx extension's inline roles and untranslated notices are
#: rendered by the generated blocks (render), as are the LaTeX settings and
#: the running heads they hold; the interface catalog and the
#: translation status are made by the build.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("package", ("build_tools",)),
    ("model", ("build_tools.bridge",)),
    ("rules", ("build_tools.rules",)),
    ("document/loader", ("build_tools.document", "build_tools.loader", "build_tools.yamlfiles", "build_tools.schema",
                         "build_tools.diagnostics", "build_tools.markup", "build_tools.diagrams", "build_tools.cards",
                         "build_tools.verdicts", "build_tools.contents", "build_tools.files",
                         "build_tools.incremental", "build_tools.editions", "build_tools.amendments",
                         "build_tools.dates")),
    ("render", ("build_tools.render", "build_tools.edition_pages", "build_tools.generated", "build_tools.meaning_text",
                "build_tools.rulebooks",
                "build_tools.i18n", "build_tools.sphinxext.inline", "build_tools.sphinxext.untranslated",
                "build_tools.sphinxext.latex", "build_tools.sphinxext.heads", "build_tools.sphinxext.suits",
                "build_tools.sphinxext.breaks")),
    ("Sphinx extension", ("build_tools.sphinxext",)),
    ("build", ("build_tools.build", "build_tools.pipeline", "build_tools.lock", "build_tools.orphans",
               "build_tools.preview", "build_tools.i18n.stats",
               "build_tools.i18n.interface_strings", "build_tools.ask_engine")),
    ("commands", ("build_tools.commands", "build_tools.cli", "build_tools.pytest_plugin")),
)

#: The layers in which no module may reach itself through others.
ACYCLIC = ("model", "rules")

#: Circles inside the upper layers as they are today, each named by its
#: modules: the test fails on a new one, and on one of these gone (then
#: strike it here). render and the generated blocks call each other's
#: helpers (labels, language tags), and so do render and the meaning words;
#: the alert card (generated.card) joined it with the roles and LaTeX
#: settings it shares with the pages (sphinxext.inline, .latex, .untranslated).
KNOWN_CIRCLES: frozenset[frozenset[str]] = frozenset({
    frozenset({"build_tools.render", "build_tools.meaning_text", "build_tools.generated.articles",
               "build_tools.generated.butsee", "build_tools.generated.callindex", "build_tools.generated.quickref",
               "build_tools.generated.card", "build_tools.sphinxext.inline", "build_tools.sphinxext.latex",
               "build_tools.sphinxext.untranslated"}),
})


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports(name: str, path: Path, known: Iterable[str]) -> set[str]:
    """Every module of ``known`` that ``name`` imports, anywhere in its source."""
    known = set(known)
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            # ``from package import module`` imports the module, not the package's names
            named = [f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known]
            targets = named if named and len(named) == len(node.names) else [base, *named]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports(name, path, found) for name, path in found.items()}


def layer_of(module: str) -> int:
    best, level = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, level = len(prefix), index
    return level


def upward(edges: Mapping[str, set[str]]) -> list[str]:
    """Each import of a module from a layer above its own."""
    return sorted(f"{a} ({LAYERS[layer_of(a)][0]}) imports {b} ({LAYERS[layer_of(b)][0]})"
                  for a, targets in edges.items() for b in targets if layer_of(b) > layer_of(a))


def circles(edges: Mapping[str, set[str]], within: Iterable[str]) -> list[frozenset[str]]:
    """The modules of each layer of ``within`` that reach themselves through
    others of the same layer (Tarjan's strongly connected components)."""
    layers = {index for index, (label, _) in enumerate(LAYERS) if label in set(within)}
    nodes = [m for m in edges if layer_of(m) in layers]
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in edges[node]:
            if layer_of(target) != layer_of(node):
                continue
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for node in nodes:
        if node not in index:
            visit(node)
    return found


def test_every_module_is_in_a_layer() -> None:
    assert [m for m in modules() if layer_of(m) < 0] == []


def test_no_module_imports_from_a_layer_above_its_own() -> None:
    assert upward(graph()) == []


def test_the_engine_has_no_circle() -> None:
    assert circles(graph(), ACYCLIC) == []


def test_the_upper_layers_have_no_new_circle() -> None:
    others = [label for label, _ in LAYERS if label not in ACYCLIC]
    assert set(circles(graph(), others)) == KNOWN_CIRCLES


def test_the_engine_needs_only_the_standard_library() -> None:
    engine = [(name, path) for name, path in modules().items() if layer_of(name) in (1, 2)]
    outside = []
    for name, path in engine:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            for imported in names:
                top = imported.split(".")[0]
                if top != "build_tools" and top not in sys.stdlib_module_names:
                    outside.append(f"{name} imports {imported}")
    assert outside == []


def test_a_query_is_answered_without_the_pipelines_libraries(tmp_path: Path) -> None:
    """The engine answers from a rulebook in a process where PyYAML, Babel,
    Jinja and Sphinx cannot be imported, as in the browser."""
    from build_tools.pipeline import load_handbook
    from build_tools.rulebooks import compile_rulebook, rulebook_text

    handbook = load_handbook(ROOT / "source", ROOT / "translations")
    document = next(d for d in handbook.documents if d.id == "pzbs-alert-rules")
    book = tmp_path / "pzbs-alert-rules.json"
    book.write_text(rulebook_text(compile_rulebook(document, handbook.manifest.languages, ROOT / "translations")),
                    encoding="utf-8")
    script = f"""
import json, sys
for name in ("yaml", "babel", "jinja2", "sphinx", "docutils", "polib"):
    sys.modules[name] = None  # importing it raises ImportError
from build_tools.rules.rulebook import Rulebook, answer
book = Rulebook.load(json.loads(open({str(book)!r}, encoding="utf-8").read()))
query = {{"auction": "1BA", "meaning": {{"natural": True, "hcp": "12-14", "shape": "balanced"}}}}
print(answer(book, book.situation(query))["verdicts"]["alert"]["value"])
print(sorted(m for m in sys.modules if m.startswith("build_tools") and not m.startswith(("build_tools.rules", "build_tools.bridge")) and m != "build_tools"))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["yes", "[]"]


# --- each contract fails on an import planted against it ------------------------

def test_a_rules_module_importing_the_cards_reader_breaks_the_layers() -> None:
    edges = graph()
    edges["build_tools.rules.query"].add("build_tools.cards")
    assert upward(edges) == ["build_tools.rules.query (rules) imports build_tools.cards (document/loader)"]


def test_an_import_inside_a_function_is_read(tmp_path: Path) -> None:
    planted = tmp_path / "build_tools" / "rules" / "planted.py"
    planted.parent.mkdir(parents=True)
    planted.write_text("def f():\n    from build_tools.cards import read_card\n    return read_card\n")
    known = {*modules(), "build_tools.rules.planted"}
    assert imports("build_tools.rules.planted", planted, known) == {"build_tools.cards"}


def test_a_circle_in_the_model_is_found() -> None:
    edges = graph()
    edges["build_tools.bridge.calls"].add("build_tools.bridge.notation")
    assert any({"build_tools.bridge.calls", "build_tools.bridge.notation"} <= c for c in circles(edges, ACYCLIC))


@pytest.mark.parametrize(("source", "expected"), [
    ("from build_tools import markup", {"build_tools.markup"}),
    ("from build_tools.bridge.notation import profile", {"build_tools.bridge.notation"}),
    ("from . import alerting", {"build_tools.rules.alerting"}),
    ("from .conditions import Condition", {"build_tools.rules.conditions"}),
    ("from .. import cards", {"build_tools.cards"}),
    ("import build_tools.loader as loader", {"build_tools.loader"}),
])
def test_imports_are_resolved_to_modules(source: str, expected: set[str], tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(source + "\n")
    assert imports("build_tools.rules.m", path, modules()) == expected
