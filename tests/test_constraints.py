"""constraints.txt pins every runtime and test dependency, and theirs, at the version the
tests run with; README's commands install through it."""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PLATFORMS = ("linux", "win32", "darwin")


def pins() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, sep, version = line.partition("==")
            assert sep, f"not NAME==VERSION: {line}"
            found[canonicalize_name(name)] = version.strip()
    return found


def needed(requirement: Requirement, extras: set[str]) -> bool:
    """Whether any supported platform installs ``requirement`` with these extras."""
    if requirement.marker is None:
        return True
    return any(requirement.marker.evaluate({"sys_platform": platform, "extra": extra})
               for platform in PLATFORMS for extra in (extras or {""}))


def test_every_dependency_is_pinned_at_the_installed_version() -> None:
    pinned = pins()
    todo: list[tuple[str, set[str]]] = [("machiavelli-rummy", {"test"})]
    seen: set[str] = set()
    while todo:
        name, extras = todo.pop()
        for text in distribution(name).requires or []:
            requirement = Requirement(text)
            if not needed(requirement, extras):
                continue
            key = canonicalize_name(requirement.name)
            assert key in pinned, f"{requirement.name} (needed by {name}) is not pinned"
            assert requirement.specifier.contains(pinned[key], prereleases=True), \
                f"{requirement.name}=={pinned[key]} does not meet {name}'s {requirement}"
            if key in seen:
                continue
            seen.add(key)
            try:
                installed = distribution(key).version
            except PackageNotFoundError:
                continue  # another platform's dependency (colorama on Windows)
            assert installed == pinned[key], f"{key} {installed} is installed, pinned {pinned[key]}"
            todo.append((key, set(requirement.extras)))


def test_the_readme_commands_install_through_the_constraints() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for marker in ("play-command", "test-command"):
        block = re.search(f"<!-- {marker} -->\n```\n(.*?)\n```\n<!-- /{marker} -->", readme,
                          re.S)
        assert block is not None and "\n" not in block.group(1)
        assert "pip install -c constraints.txt " in block.group(1)
