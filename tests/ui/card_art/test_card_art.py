"""The procedural card renderer and the shipped assets (fonts, theme, sounds, icons)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib.util  # noqa: E402
import json  # noqa: E402
import struct  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import textwrap  # noqa: E402
import warnings  # noqa: E402
import wave  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.ui import assets, theme  # noqa: E402
from game.ui.card_art import BACKS, SUITS, CardArt  # noqa: E402

SMALL = (48, 67)
LARGE = (240, 336)
SIZES = (SMALL, LARGE)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.font.init()
    yield


@pytest.fixture(scope="module")
def art() -> CardArt:
    return CardArt(cache_size=2048)


def _has_ink(surf: pygame.Surface, rect: pygame.Rect) -> bool:
    """Some clearly non-white, opaque pixel inside ``rect`` (an index or a pip)."""
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            c = surf.get_at((x, y))
            if c.a > 200 and min(c.r, c.g, c.b) < 120:
                return True
    return False


def _looks_like_a_card(surf: pygame.Surface, size: tuple[int, int]) -> None:
    w, h = size
    assert surf.get_size() == size
    assert surf.get_flags() & pygame.SRCALPHA
    assert surf.get_at((0, 0)).a < 60, "rounded corners are transparent"
    assert surf.get_at((w // 2, 1)).a > 200, "the card body is opaque"
    assert surf.get_at((w // 2, h // 2)).a == 255


# --------------------------------------------------------------------------- faces


@pytest.mark.parametrize("size", SIZES)
def test_every_face_renders_at_the_requested_size(art: CardArt, size: tuple[int, int]) -> None:
    seen = set()
    for suit in SUITS:
        for rank in range(1, 14):
            surf = art.face(rank, suit, size)
            _looks_like_a_card(surf, size)
            w, h = size
            # the top-left corner index carries ink (rank + suit)
            assert _has_ink(surf, pygame.Rect(0, 0, w // 3, h // 4)), (rank, suit)
            seen.add(pygame.image.tobytes(surf, "RGBA"))
    assert len(seen) == 52, "every face looks different"


@pytest.mark.parametrize("size", [(40, 56), (64, 90), (84, 118), (120, 168), (300, 420)])
def test_sizes_across_the_supported_range(art: CardArt, size: tuple[int, int]) -> None:
    for rank, suit in ((1, "S"), (7, "H"), (10, "D"), (11, "C"), (12, "H"), (13, "S")):
        _looks_like_a_card(art.face(rank, suit, size), size)
    _looks_like_a_card(art.joker(size, (10, "H")), size)
    _looks_like_a_card(art.back(size), size)


# --------------------------------------------------------------------------- jokers


@pytest.mark.parametrize("size", SIZES)
def test_jokers_render_with_and_without_a_declaration(art: CardArt, size: tuple[int, int]) -> None:
    plain = art.joker(size)
    _looks_like_a_card(plain, size)
    assert art.joker(size, None) is plain
    assert art.face(0, "*", size) is plain
    assert art.render(0, "*", size) is plain
    images = {pygame.image.tobytes(plain, "RGBA")}
    for declared in ((10, "H"), (1, "S"), (12, "C"), (7, "D")):
        surf = art.joker(size, declared)
        _looks_like_a_card(surf, size)
        assert art.render(0, "*", size, declared) is surf
        images.add(pygame.image.tobytes(surf, "RGBA"))
    assert len(images) == 5, "the declared card shows on the joker"


def test_declared_joker_shows_the_suit_colour_in_its_corner(art: CardArt) -> None:
    w, h = 120, 168
    surf = art.joker((w, h), (10, "H"))
    corner = pygame.Rect(0, 0, w // 4, h // 5)
    reds = [
        surf.get_at((x, y))
        for x in range(corner.left, corner.right)
        for y in range(corner.top, corner.bottom)
    ]
    assert any(c.r > 150 and c.g < 80 and c.b < 90 for c in reds), "a red 10 of hearts index"


# --------------------------------------------------------------------------- backs


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("style", BACKS)
def test_backs_render(art: CardArt, size: tuple[int, int], style: str) -> None:
    surf = art.back(size, style)
    _looks_like_a_card(surf, size)


def test_required_backs_exist_and_differ(art: CardArt) -> None:
    assert {"blue", "red", "green"} <= set(BACKS)
    middles = {art.back(LARGE, s).get_at((LARGE[0] // 5, LARGE[1] // 3))[:3] for s in BACKS}
    assert len(middles) == len(BACKS)
    assert CardArt(back="red").back(SMALL) is not CardArt(back="green").back(SMALL)
    assert art.render(5, "H", SMALL, face_up=False) is art.back(SMALL)


# --------------------------------------------------------------------------- overlays


def test_overlays(art: CardArt) -> None:
    size = (120, 168)
    assert art.outline(size, (255, 200, 0)).get_size() == size
    assert art.outline(size, (255, 200, 0), 5).get_size() == size
    hi = art.highlight(size, (80, 160, 255), 70)
    assert hi.get_size() == size
    assert 0 < hi.get_at((60, 84)).a < 255, "a translucent tint over the card"
    spread = art.glow_spread(size)
    assert art.glow(size, (255, 220, 0)).get_size() == (120 + 2 * spread, 168 + 2 * spread)
    assert art.shadow(size, 10, 120).get_size() == (140, 188)


# --------------------------------------------------------------------------- cache


def test_cache_returns_the_same_object_for_the_same_key() -> None:
    art = CardArt()
    first = art.face(7, "H", (120, 168))
    assert art.face(7, "H", (120, 168)) is first
    assert art.face(7, "H", [120, 168]) is first
    assert art.face(7, "H", (121, 168)) is not first
    assert art.back((120, 168)) is art.back((120, 168))
    assert art.joker((120, 168), (10, "H")) is art.joker((120, 168), (10, "H"))
    assert art.hits >= 4


def test_cache_is_bounded_and_least_recently_used() -> None:
    art = CardArt(cache_size=8)
    keep = art.face(1, "S", SMALL)
    for rank in range(2, 14):
        art.face(rank, "D", SMALL)
        art.face(1, "S", SMALL)  # keep the ace recently used
        assert art.cache_len() <= 8
    assert art.face(1, "S", SMALL) is keep
    first_two = art.face(2, "D", SMALL)  # evicted long ago: drawn again
    assert art.cache_len() == 8
    assert first_two is art.face(2, "D", SMALL)
    art.clear_cache()
    assert art.cache_len() == 0


def test_options_are_part_of_the_key() -> None:
    art = CardArt()
    two = art.face(5, "D", SMALL)
    art.four_colour = True
    four = art.face(5, "D", SMALL)
    assert four is not two
    art.back_style = "green"
    assert art.back(SMALL) is art.back(SMALL, "green")


# --------------------------------------------------------------------------- colours


def _ink_colour(surf: pygame.Surface) -> pygame.Color:
    """The colour of the large central pip of an ace."""
    w, h = surf.get_size()
    return surf.get_at((w // 2, h // 2))


def test_four_colour_deck_changes_diamonds_and_clubs() -> None:
    size = (120, 168)
    two, four = CardArt(), CardArt(four_colour=True)
    d2, d4 = _ink_colour(two.face(1, "D", size)), _ink_colour(four.face(1, "D", size))
    assert d2 != d4
    assert d2.r > 150 and d2.b < 100, "diamonds are red in the usual deck"
    assert d4.b > 150 and d4.r < 100, "diamonds are blue in the four-colour deck"
    c4 = _ink_colour(four.face(1, "C", size))
    assert c4.g > 90 and c4.r < 60, "clubs are green in the four-colour deck"
    assert _ink_colour(two.face(1, "H", size)) == _ink_colour(four.face(1, "H", size))
    assert four.suit_colour("D") != two.suit_colour("D")


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "call",
    [
        lambda a: a.face(14, "H", SMALL),
        lambda a: a.face(0, "H", SMALL),
        lambda a: a.face(5, "X", SMALL),
        lambda a: a.face(5, "H", (2, 2)),
        lambda a: a.joker(SMALL, (0, "H")),
        lambda a: a.back(SMALL, "tartan"),
    ],
)
def test_bad_input_is_refused(call) -> None:
    with pytest.raises(ValueError):
        call(CardArt())
    with pytest.raises(ValueError):
        CardArt(back="tartan")


def test_survives_a_font_module_restart() -> None:
    # in a child process: quitting pygame.font here would spoil other tests' cached fonts
    script = textwrap.dedent(
        """
        import pygame
        from game.ui.card_art import CardArt
        pygame.font.init()
        art = CardArt()
        art.face(3, "C", (48, 67))
        pygame.font.quit()  # invalidates every Font object made so far
        pygame.font.init()
        assert art.face(4, "C", (48, 67)).get_size() == (48, 67)
        pygame.font.quit()
        assert art.face(5, "C", (48, 67)).get_size() == (48, 67)  # re-initialises
        print("ok")
        """
    )
    root = Path(__file__).resolve().parents[3]
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr[-2000:]


@contextmanager
def _display(size: tuple[int, int]) -> Iterator[pygame.Surface]:
    """A display surface: the one already open (left open), or a dummy one for the test."""
    existing = pygame.display.get_surface() if pygame.display.get_init() else None
    if existing is not None:
        yield existing
        return
    pygame.display.init()
    try:
        yield pygame.display.set_mode(size)
    finally:
        pygame.display.quit()


def test_converts_only_with_a_display_mode() -> None:
    with _display((64, 64)):
        surf = CardArt().face(9, "S", SMALL)
        assert surf.get_size() == SMALL
        assert surf.get_flags() & pygame.SRCALPHA


# --------------------------------------------------------------------------- assets


def test_asset_path_finds_the_checkout_assets() -> None:
    root = assets.assets_root()
    assert (root / "theme.json").is_file()
    assert assets.asset_path("fonts", "DejaVuSans.ttf").is_file()
    for style in assets.FONT_FILES:
        assert assets.font_path(style).is_file()
    with pytest.raises(ValueError):
        assets.font_path("comic")


def test_asset_path_prefers_a_pyinstaller_bundle(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "assets" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.delenv(assets.ASSETS_ENV, raising=False)
    assets.assets_root.cache_clear()
    try:
        assert assets.asset_path("sounds", "win.wav") == tmp_path / "assets" / "sounds" / "win.wav"
    finally:
        monkeypatch.undo()
        assets.assets_root.cache_clear()
    assert assets.assets_root() != tmp_path / "assets"


def test_the_font_loader_renders_suit_glyphs() -> None:
    for style in ("regular", "bold"):
        font = theme.font(24, style)
        assert isinstance(font, pygame.font.Font)
        for glyph in "\u2660\u2663\u2665\u2666":
            assert font.metrics(glyph)[0] is not None, "DejaVu has the suit glyphs"
            assert font.render(glyph, True, (0, 0, 0)).get_bounding_rect().width > 5


def test_every_sound_exists_is_small_and_loads() -> None:
    started_mixer = False
    mixer_ok = bool(pygame.mixer.get_init())
    if not mixer_ok:
        try:
            pygame.mixer.init(44100, -16, 1)
            mixer_ok = started_mixer = True
        except pygame.error:  # no audio device, not even the dummy one: check with wave only
            pass
    try:
        for name in assets.SOUNDS:
            path = assets.sound_path(name)
            assert path.is_file(), path
            assert path.stat().st_size < 60_000, f"{name} is over 60 KB"
            with wave.open(str(path)) as wav:
                assert wav.getnchannels() == 1
                assert wav.getsampwidth() == 2
                assert wav.getframerate() == 44_100
                assert 0.05 < wav.getnframes() / 44_100 < 0.7
            if mixer_ok:
                sound = pygame.mixer.Sound(str(path))
                assert sound.get_length() > 0.05
    finally:
        if started_mixer:
            pygame.mixer.quit()


def test_make_sounds_regenerates_the_shipped_files(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    script = assets.asset_path("make_sounds.py")
    spec = importlib.util.spec_from_file_location("make_sounds", script)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    module.make_all(tmp_path)
    for name in assets.SOUNDS:
        with (
            wave.open(str(tmp_path / f"{name}.wav")) as a,
            wave.open(str(assets.sound_path(name))) as b,
        ):
            assert a.getnframes() == b.getnframes()
            new = np.frombuffer(a.readframes(a.getnframes()), "<i2").astype(int)
            old = np.frombuffer(b.readframes(b.getnframes()), "<i2").astype(int)
        assert np.max(np.abs(new - old)) <= 2, name


def test_every_icon_exists_and_loads() -> None:
    for size in assets.ICON_SIZES:
        path = assets.icon_path(size)
        assert path.is_file(), path
        image = pygame.image.load(str(path))
        assert image.get_size() == (size, size)
    ico = assets.icon_path().read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind) == (0, 1) and count >= 6
    sizes = set()
    for i in range(count):
        w, h, _c, _r, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", ico, 6 + 16 * i
        )
        assert (planes, bits) == (1, 32)
        assert ico[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(ico)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes
    svg = ET.parse(assets.asset_path("icons", "machiavelli.svg")).getroot()
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 512 512"


def test_theme_is_valid_for_pygame_gui() -> None:
    pygame_gui = pytest.importorskip("pygame_gui")
    raw = json.loads(assets.theme_path().read_text(encoding="utf-8"))
    assert {"#hint", "#danger", "button", "label", "tool_tip"} <= set(raw)
    theme = assets.load_theme()
    fonts = [theme[k]["font"] for k in theme if isinstance(theme[k].get("font"), dict)]
    paths = [f[k] for f in fonts for k in ("regular_path", "bold_path") if k in f]
    assert paths and all(Path(p).is_absolute() and Path(p).is_file() for p in paths)
    with _display((320, 240)) as screen:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            manager = pygame_gui.UIManager((320, 240), theme_path=theme)
            assets.preload_fonts(manager)
            rect = pygame.Rect(10, 10, 120, 32)
            pygame_gui.elements.UIButton(rect, "Hint", manager, object_id="#hint")
            pygame_gui.elements.UIButton(rect.move(0, 40), "Resign", manager, object_id="#danger")
            pygame_gui.elements.UILabel(rect.move(0, 80), "7\u2665 8\u2665 9\u2665", manager)
            manager.update(0.01)
            manager.draw_ui(screen)
        problems = [str(w.message) for w in caught if "pygame_gui" in w.filename]
        assert not problems, problems


def _ink(image: pygame.Surface) -> set[tuple[int, int]]:
    """The pixels of a face that are not its paper: its index and pips, colour ignored."""
    paper = image.get_at((image.get_width() // 2, 2))
    ink = set()
    for x in range(image.get_width()):
        for y in range(image.get_height()):
            pixel = image.get_at((x, y))
            if pixel.a > 200 and sum(abs(a - b) for a, b in zip(pixel[:3], paper[:3],
                                                                strict=True)) > 120:
                ink.add((x, y))
    return ink


@pytest.mark.parametrize("four_colour", [False, True], ids=["two colours", "four colours"])
@pytest.mark.parametrize("size", [(40, 56), (60, 84), (120, 168)],
                         ids=["compact", "small", "large"])
def test_suits_differ_in_shape_not_only_colour(four_colour: bool,
                                               size: tuple[int, int]) -> None:
    """Issue 33: a player who sees no colour tells the suits apart by their shapes, in
    both decks and at every card size (the compact index included): the silhouettes of
    the same rank in two suits differ in many pixels."""
    pygame.init()
    art = CardArt(four_colour, "blue")
    shapes = {suit: _ink(art.face(1, suit, size)) for suit in SUITS}  # an ace: a big pip
    for first, second in [(a, b) for i, a in enumerate(SUITS) for b in SUITS[i + 1:]]:
        differ = len(shapes[first] ^ shapes[second])
        union = len(shapes[first] | shapes[second])
        # (clubs and spades, the closest pair, differ in about 14% of their ink)
        assert differ >= 0.08 * union, (first, second, differ, union)
    # the measure sees shape only: the same suit in the other deck's colour is one shape
    other = _ink(CardArt(not four_colour, "blue").face(1, "D", size))
    assert len(other ^ shapes["D"]) <= 0.02 * len(other | shapes["D"])
