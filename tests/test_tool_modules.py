"""The book's tools (utils/book/) stay small and layered: no import cycle, no tool importing a
command-line module for its functions, and the split packages keep one job per module."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "utils" / "book"
CLI_MODULES = {"utils.book.editions.cli"}
MAX_LINES = 250  # for the packages split by job (editions/, sphinx_ext/)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """{module: the utils.book modules it imports} (utils.book.X, from utils.book import X)."""
    modules = {module_name(p): p for p in TOOLS.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("utils.book"):
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("utils.book")}
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found, state = [], {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                found.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_no_import_cycle_among_the_tools():
    assert cycles(import_graph()) == []


def test_the_cycle_finder_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_tool_imports_a_command_line_module():
    graph = import_graph()
    users = {m for m, deps in graph.items() if deps & CLI_MODULES} - {"utils.book.editions.__main__"}
    assert users == set()


def test_split_packages_keep_modules_small():
    for package in ("editions", "sphinx_ext"):
        for path in (TOOLS / package).glob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= MAX_LINES, f"{path.relative_to(ROOT)}: {lines} lines; split it by job"


if __name__ == "__main__":  # the import graph, for a maintainer
    for name, deps in sorted(import_graph().items()):
        print(f"{name} -> {', '.join(sorted(deps)) or '-'}")
