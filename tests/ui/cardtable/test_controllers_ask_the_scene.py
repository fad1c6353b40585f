"""A table screen's state is changed only through its methods (issue 47).

The controllers a table owns (the person's turn, the pointer, the keys, the hint, the
undo, the replay, the hot-seat cover, ...) see their table as a narrow protocol: they read
its fields and ask it to change through named methods (``select``, ``deselect_all``,
``arrange_hand``, ``commit``, ...). They never write a field of the scene or of what it owns
(``table.selected.clear()``, ``table.hand_order[seat] = ...``, ``table.session.hints += 1``),
never write the engine's state (``table.match.x = ...``), never apply an action to the
match (the scene's turn pipeline does: it applies, autosaves and settles), and never write
the autosave themselves.

The scan reads the source of every module of the table's packages (the kit, both families,
the coach's tables), leaving out the bodies of the table scenes themselves.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from dataclasses import dataclass, field
from pathlib import Path

import game.ui
from game.ui.cardtable.card_table import CardTableScene

#: the packages whose controllers are scanned (a table screen in them is left out)
PACKAGES = ("game.ui.cardtable", "game.ui.manipulation", "game.ui.contract", "game.ui.coach")
#: a parameter of these names is the table (every controller is given its table so)
SCENE_PARAMS = frozenset({"table", "scene"})
#: methods that change a list, dict or set in place
MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "popitem", "clear",
                      "update", "add", "discard", "setdefault", "sort", "reverse"})


@dataclass(frozen=True)
class Chain:
    """An expression reached from the table: ``table.<path...>`` (path empty: the table)."""

    path: tuple[str, ...]

    def text(self) -> str:
        return ".".join(("table", *self.path))


@dataclass
class Scope:
    """The names that stand for the table, or for something the table owns, in a body."""

    names: dict[str, Chain] = field(default_factory=dict)
    table_attrs: frozenset[str] = frozenset()  # self.<attr> is the table

    def child(self) -> Scope:
        return Scope(dict(self.names), self.table_attrs)


def _chain(node: ast.expr, scope: Scope) -> Chain | None:
    """``node`` as a path from the table (subscripts pass through), or None."""
    path: list[str] = []
    while True:
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self" \
                    and node.attr in scope.table_attrs:
                return Chain(tuple(reversed(path)))
            path.append(node.attr)
            node = node.value
        elif isinstance(node, ast.Subscript):
            path.append("[]")
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "get":  # ``sprites.get(card)``: one of them
            path.append("[]")
            node = node.func.value
        elif isinstance(node, ast.Name):
            base = scope.names.get(node.id)
            return None if base is None else Chain(base.path + tuple(reversed(path)))
        else:
            return None


def _owned(chain: Chain) -> bool:
    """Is ``chain`` something the table owns, not the table itself? (The app a table
    runs in is not the table's: its settings are changed and saved as anywhere.)"""
    return bool(chain.path) and chain.path[0] != "app"


class _Scan(ast.NodeVisitor):
    def __init__(self, where: str) -> None:
        self.where = where
        self.found: list[str] = []
        self.scope = Scope()

    def _flag(self, node: ast.AST, what: str) -> None:
        self.found.append(f"{self.where}:{getattr(node, 'lineno', 0)}: {what}")

    # -- scopes

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        saved = self.scope
        attrs: set[str] = set()
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                params = {a.arg for a in item.args.args} & SCENE_PARAMS
                for stmt in ast.walk(item):
                    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Name) \
                            and stmt.value.id in params:
                        for target in stmt.targets:
                            if isinstance(target, ast.Attribute) \
                                    and isinstance(target.value, ast.Name) \
                                    and target.value.id == "self":
                                attrs.add(target.attr)
        # (a controller built on a base, the kit's CardPointer, has the base's ``scene``)
        self.scope = Scope({}, frozenset(attrs | SCENE_PARAMS))
        self.generic_visit(node)
        self.scope = saved

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        saved = self.scope
        scope = self.scope.child()
        args = node.args
        for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs):
            if arg.arg in SCENE_PARAMS:
                scope.names[arg.arg] = Chain(())
            else:
                scope.names.pop(arg.arg, None)
        self.scope = scope
        self.generic_visit(node)
        self.scope = saved

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function
    visit_Lambda = _function

    # -- what is flagged

    def _target(self, target: ast.expr, node: ast.AST) -> None:
        if isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._target(element, node)
            return
        if isinstance(target, ast.Starred):
            self._target(target.value, node)
            return
        if isinstance(target, ast.Name):
            return
        chain = _chain(target, self.scope)
        if chain is not None and _owned(chain):  # (``self.table = table`` keeps the table)
            self._flag(node, f"writes {chain.text()}")

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        for target in node.targets:
            self._target(target, node)
        value = _chain(node.value, self.scope)
        for target in node.targets:  # a local that stands for the table or what it owns
            if isinstance(target, ast.Name):
                if value is not None:
                    self.scope.names[target.id] = value
                else:
                    self.scope.names.pop(target.id, None)

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        chain = _chain(node.iter, self.scope)
        if isinstance(node.target, ast.Name):  # one of the table's things, in turn
            if chain is not None:
                self.scope.names[node.target.id] = Chain((*chain.path, "[]"))
            else:
                self.scope.names.pop(node.target.id, None)
        for statement in (*node.body, *node.orelse):
            self.visit(statement)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.generic_visit(node)
        self._target(node.target, node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        self._target(node.target, node)

    def visit_Delete(self, node: ast.Delete) -> None:
        self.generic_visit(node)
        for target in node.targets:
            self._target(target, node)

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        func = node.func
        if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
            chain = _chain(node.args[0], self.scope)
            if chain is not None:
                self._flag(node, f"{func.id}({chain.text()}, ...)")
            return
        if not isinstance(func, ast.Attribute):
            return
        if func.attr == "write_autosave":
            self._flag(node, "writes the autosave")
            return
        chain = _chain(func.value, self.scope)
        if chain is None:
            return
        if "match" in chain.path:  # the table's match, or its session's
            below = chain.path[chain.path.index("match") + 1:]
            if func.attr == "apply" and not below:
                self._flag(node, f"applies an action: {chain.text()}.apply")
            elif func.attr in MUTATORS and below:
                self._flag(node, f"changes the engine's {chain.text()} ({func.attr})")
            return  # the engine's own methods (ContractMatch.pop: its undo) are its to keep
        if func.attr in MUTATORS and _owned(chain):
            self._flag(node, f"changes {chain.text()} in place ({func.attr})")


def _modules() -> list[str]:
    names: list[str] = []
    for package in PACKAGES:
        module = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.iter_modules(module.__path__, package + "."):
            names.append(info.name)
    return names


def _table_scenes(module_name: str) -> set[str]:
    """The classes of ``module_name`` that are table screens (left out of the scan)."""
    module = importlib.import_module(module_name)
    return {name for name, value in vars(module).items()
            if inspect.isclass(value) and value.__module__ == module_name
            and issubclass(value, CardTableScene)}


def scan(module_name: str, source: str | None = None) -> list[str]:
    """What a controller of ``module_name`` changes of its table other than through the
    table's methods (``source``: that module's text, else its file's)."""
    path = Path(importlib.import_module(module_name).__file__ or "")
    text = path.read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text)
    scenes = _table_scenes(module_name)
    tree.body = [n for n in tree.body if not (isinstance(n, ast.ClassDef) and n.name in scenes)]
    where = path.relative_to(Path(game.ui.__file__).parents[2]).as_posix()
    visitor = _Scan(where)
    visitor.visit(tree)
    return visitor.found


def test_no_controller_changes_its_table_but_through_the_tables_methods() -> None:
    found = [line for name in _modules() for line in scan(name)]
    assert not found, "controllers change their table in place:\n" + "\n".join(found)


def test_the_scan_sees_every_way_of_changing_a_table() -> None:
    """The scan itself: each way of writing a table's state from a controller is seen
    (through an alias too), and reading it or asking the table's methods is not."""
    source = '''
class Seat:
    def __init__(self, table):
        self.table = table
        self.picked = []

    def writes(self):
        self.scene.selected.append(None)
        self.table.selected.clear()
        self.table.hand_order[0] = []
        self.table.session.hints += 1
        table = self.table
        table.selected[:] = []
        order = table.hand_order
        order.update({})
        table.slots.wish = None
        table.match.apply(None)
        self.table.session.match.apply(None)
        table.match.deal.hands[0].remove(None)
        table.write_autosave()
        setattr(table, "mode", "x")
        sprite = table.sprites.get(None)
        sprite.x = 0
        for each in table.hand_order:
            each.clear()

    def reads(self):
        self.picked.clear()
        table = self.table
        cards = list(table.selected)
        self.table.select(cards)
        self.table.deselect_all()
        self.table.match.pop()
        rebuilt = make()
        rebuilt.apply(None)
        self.table.app.settings.mute = True
        table = other()
        table.selected.clear()


def narrate(scene):
    scene.message.ttl = 1.0
'''
    found = [line.split(": ", 1)[1] for line in scan("game.ui.cardtable.hot_seat", source)]
    assert found == [
        "changes table.selected in place (append)",
        "changes table.selected in place (clear)",
        "writes table.hand_order.[]",
        "writes table.session.hints",
        "writes table.selected.[]",
        "changes table.hand_order in place (update)",
        "writes table.slots.wish",
        "applies an action: table.match.apply",
        "applies an action: table.session.match.apply",
        "changes the engine's table.match.deal.hands.[] (remove)",
        "writes the autosave",
        "setattr(table, ...)",
        "writes table.sprites.[].x",
        "changes table.hand_order.[] in place (clear)",
        "writes table.message.ttl",
    ]
