"""The help pages about network play the Rules screen offers beside the variants' rules:
"Playing over a VPN" (friends who are not on this local network)."""

from __future__ import annotations

from game.i18n import N_, _
from game.ui.theme import GOLD_LIGHT, html_colour
from game.ui.widgets.drawing import escape_html

#: the Rules screen's choice that shows the VPN page (never a variant's id)
VPN_PAGE = "help:vpn"
VPN_TITLE = N_("Playing over a VPN")
VPN_TEXT = (
    N_("Network games find each other on the local network. Friends elsewhere can join "
       "through a VPN that puts your computers on one private network: Tailscale, "
       "ZeroTier, WireGuard or the like."),
    N_("1. Install the same VPN on every computer and join them to one network (Tailscale: "
       "sign in with the same account or share the machine; ZeroTier: join the same "
       "network ID)."),
    N_("2. The host opens New game with a Network player seat. In the lobby, under "
       "\u201cListen on\u201d, choose the VPN's address: Tailscale's start with 100. "
       "(100.64.0.0/10), ZeroTier's are those of its network (often 10.147.x.x or "
       "172.2x.x.x)."),
    N_("3. The host reads the address and the join code to the friends. The game is not "
       "announced over a VPN: on Join they type the address and the code."),
    N_("4. If they cannot connect, check that the VPN is on at both ends, that both "
       "computers see each other (ping the address) and that no firewall blocks the "
       "port shown after the address."),
    N_("Only people who have the join code can take a seat; the host's computer decides "
       "every move, and nobody is sent another player's cards."),
)
#: every help page by its Rules screen id: title and paragraphs
HELP_PAGES = {VPN_PAGE: (VPN_TITLE, VPN_TEXT)}


def help_html(page: str) -> str:
    """A help page as UITextBox HTML (``__H1__``: the title's size, as the rules')."""
    title, paragraphs = HELP_PAGES[page]
    gold = html_colour(GOLD_LIGHT)
    parts = [f"<font pixel_size=__H1__ color='{gold}'><b>{escape_html(_(title))}</b></font>",
             ""]
    for text in paragraphs:
        parts += [escape_html(_(text)), ""]
    return "<br>".join(parts)
