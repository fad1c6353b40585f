"""Each table family owns its table screens (issue 47): the screens' package keeps the other
screens, and every table a screen's name opens lives in its family's package."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import game.ui.scenes
from game.ui.cardtable.card_table import CardTableScene
from game.ui.scenes import SCENES

FAMILY_PACKAGES = ("game.ui.manipulation.", "game.ui.contract.")


def test_no_table_screen_is_written_among_the_other_screens() -> None:
    tables = []
    for info in pkgutil.iter_modules(game.ui.scenes.__path__, "game.ui.scenes."):
        module = importlib.import_module(info.name)
        tables += [f"{module.__name__}.{name}" for name, value in vars(module).items()
                   if inspect.isclass(value) and value.__module__ == module.__name__
                   and issubclass(value, CardTableScene)]
    assert tables == []


def test_every_family_table_opened_by_name_lives_in_its_family() -> None:
    homes = {}
    for name, where in SCENES.items():
        module, _, attr = where.partition(":")
        made = getattr(importlib.import_module(module), attr)
        if inspect.isclass(made) and issubclass(made, CardTableScene):
            homes[name] = module
    assert set(homes) == {"table", "contract_table", "hosted_table", "hosted_contract_table",
                          "joined_table", "joined_contract_table"}
    assert all(module.startswith(FAMILY_PACKAGES) for module in homes.values()), homes
