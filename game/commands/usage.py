"""Command-line helpers that need nothing of the rules: the one-line error and the whole
number argument. Kept apart from ``common`` (which loads the rules engine) because the game's
own command line uses them before the title screen, where nothing of the engine is needed
yet."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from game.i18n import _


def fail(command: str, message: object) -> None:
    """One line on stderr naming the command. An argument that was not valid UTF-8 comes
    back as \\udcXX escapes, never as an encoding error, whatever stderr's encoding."""
    text = f"machiavelli {command}: {message}".encode("utf-8", "backslashreplace")
    print(text.decode("utf-8"), file=sys.stderr)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``: anything else is a
    usage error (exit 2, one line), never a traceback or an endless run."""

    def parse(text: str) -> int:
        shown = text if len(text) <= 24 else text[:20] + "..."
        expected = _("expected a whole number from {low} to {high}").format(low=low, high=high)
        try:
            value = int(text.strip()) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(_("{expected}, not '{given}'").format(
                expected=expected, given=shown))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{expected}, not {given}").format(
                expected=expected, given=shown.strip()))
        return value

    parse.__name__ = "whole number"
    return parse
