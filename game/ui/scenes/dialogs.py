"""The dialogs' old address: they are widgets now (``game.ui.widgets.dialogs``), so the rooms
below the screens use them without importing a screen; screens may import them from here."""

from game.ui.widgets.dialogs import ConfirmDialog, Dialog, MessageDialog, PromptDialog

__all__ = ["ConfirmDialog", "Dialog", "MessageDialog", "PromptDialog"]
