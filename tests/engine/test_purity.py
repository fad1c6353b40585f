"""game.engine and game.ai never import pygame, pygame_gui or game.ui (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import game

ROOT = Path(game.__file__).resolve().parent
PURE = ("engine", "ai")
FORBIDDEN = ("pygame", "pygame_gui", "game.ui")


def _sources() -> list[Path]:
    return sorted(p for part in PURE for p in (ROOT / part).rglob("*.py"))


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, root: Path = ROOT) -> list[str]:
    """Every module an import statement in ``path`` names, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = _module_name(path, root)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.append(module)
            names.extend(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(
                node.func, "id", "")) in ("import_module", "__import__"):
            for arg in node.args[:1]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names.append(arg.value)
    return names


def _forbidden(name: str) -> bool:
    return any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN)


def test_there_are_sources_to_scan():
    names = {p.name for p in _sources()}
    assert {"match.py", "turn.py", "melds.py"} <= names


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_forbidden_import_statement(path):
    bad = [name for name in _imports(path) if _forbidden(name)]
    assert bad == [], f"{path.relative_to(ROOT.parent)} imports {bad}"


def test_the_scanner_sees_relative_and_dynamic_imports(tmp_path):
    fake = tmp_path / "game" / "ai" / "x.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("from ..ui import app\nimport pygame.display\n"
                    "importlib.import_module('pygame_gui')\nfrom . import engine_only\n")
    found = _imports(fake, tmp_path / "game")
    assert [n for n in found if _forbidden(n)] == ["game.ui", "game.ui.app", "pygame.display",
                                                  "pygame_gui"]
    assert "game.ai.engine_only" in found


def test_importing_the_engine_and_ai_loads_no_pygame():
    """Every engine module must import; an ai module may still lack a sibling another
    engineer is writing (a missing ``game.*`` module), but nothing may pull in pygame."""
    modules = [_module_name(p) for p in _sources()]
    script = (
        "import importlib, json, sys\n"
        "missing = []\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except ModuleNotFoundError as error:\n"
        "        if name.startswith('game.engine') or not (error.name or '').startswith('game.'):\n"
        "            raise\n"
        "        missing.append(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')\n"
        "                or m == 'game.ui' or m.startswith('game.ui.'))\n"
        "print(json.dumps({'loaded': loaded, 'missing': missing}))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["loaded"] == []
    assert not any(name.startswith("game.engine") for name in report["missing"])
    assert "game.engine.match" in modules and "game.engine" in modules


def test_importing_game_engine_alone_loads_no_pygame():
    script = ("import sys, game.engine, game.engine.match, game.engine.draft, "
              "game.engine.serialize\n"
              "print('pygame' in sys.modules, 'pygame_gui' in sys.modules, "
              "any(m.startswith('game.ui') for m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            cwd=ROOT.parent, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False", "False"]
