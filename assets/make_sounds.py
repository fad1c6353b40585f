"""Synthesise the game's sound effects into assets/sounds/*.wav (44.1 kHz, 16-bit, mono).

Everything is made here from sine waves and seeded noise, so running this again
gives the same files. Usage (from the repository root)::

    python assets/make_sounds.py            # writes assets/sounds/
    python assets/make_sounds.py OUT_DIR    # writes somewhere else

Each sound is kept under 0.7 s so its file stays under 60 KB.
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 44_100
MAX_SECONDS = 0.68  # 0.68 s * 44100 * 2 bytes + header < 60 KB

Signal = np.ndarray


# ---------------------------------------------------------------------------- building blocks


def timeline(seconds: float) -> Signal:
    """Sample times 0 .. ``seconds``."""
    return np.arange(round(seconds * RATE)) / RATE


def noise(rng: np.random.Generator, seconds: float) -> Signal:
    return rng.standard_normal(round(seconds * RATE))


def band(signal: Signal, low: float, high: float, soft: float = 0.25) -> Signal:
    """``signal`` band-passed between ``low`` and ``high`` Hz (smooth FFT mask)."""
    spectrum = np.fft.rfft(signal)
    freqs = np.fft.rfftfreq(len(signal), 1 / RATE)
    with np.errstate(divide="ignore"):
        octave = np.log2(np.maximum(freqs, 1.0))
    lo, hi = np.log2(max(low, 1.0)), np.log2(high)
    rise = np.clip((octave - lo) / soft + 0.5, 0.0, 1.0)
    fall = np.clip((hi - octave) / soft + 0.5, 0.0, 1.0)
    mask = np.sin(rise * np.pi / 2) ** 2 * np.sin(fall * np.pi / 2) ** 2
    return np.fft.irfft(spectrum * mask, len(signal))


def decay(t: Signal, attack: float, tau: float) -> Signal:
    """A linear attack of ``attack`` seconds then an exponential decay of time constant ``tau``."""
    env = np.exp(-np.maximum(t - attack, 0.0) / tau)
    if attack > 0:
        env *= np.clip(t / attack, 0.0, 1.0)
    return env


def tone(t: Signal, freq: float | Signal, partials: tuple[tuple[float, float], ...]) -> Signal:
    """A sum of sine partials ``(ratio, amplitude)`` over a fundamental ``freq``."""
    freqs = np.broadcast_to(np.asarray(freq, dtype=float), t.shape)
    phase = 2 * np.pi * (np.cumsum(freqs) - freqs[0]) / RATE
    return sum(amp * np.sin(ratio * phase) for ratio, amp in partials)


def place(out: Signal, sound: Signal, at: float, gain: float = 1.0) -> None:
    """Mix ``sound`` into ``out`` starting ``at`` seconds in (clipped to ``out``)."""
    start = round(at * RATE)
    end = min(len(out), start + len(sound))
    if end <= start:
        return
    piece = gain * sound[: end - start]
    tail = min(len(piece), round(0.006 * RATE))  # never end a piece on a step: no clicks
    piece[len(piece) - tail :] *= np.linspace(1.0, 0.0, tail) ** 2
    out[start:end] += piece


def finish(signal: Signal, peak_db: float) -> Signal:
    """Normalise to ``peak_db`` dBFS, with short fades so nothing clicks."""
    signal = signal - np.mean(signal)
    fade_in = min(len(signal), round(0.001 * RATE))
    fade_out = min(len(signal), round(0.008 * RATE))
    signal[:fade_in] *= np.linspace(0.0, 1.0, fade_in)
    signal[len(signal) - fade_out :] *= np.linspace(1.0, 0.0, fade_out) ** 2
    peak = np.max(np.abs(signal)) or 1.0
    return signal / peak * 10 ** (peak_db / 20)


# ---------------------------------------------------------------------------- the sounds


def card_pick(rng: np.random.Generator) -> Signal:
    """A light paper flick as a card leaves the hand."""
    seconds = 0.09
    t = timeline(seconds)
    swish = band(noise(rng, seconds), 2200, 9000) * decay(t, 0.004, 0.016)
    chirp = tone(t, np.linspace(900, 1500, len(t)), ((1, 1.0),)) * decay(t, 0.002, 0.012)
    return finish(swish + 0.18 * chirp, -7.0)


def card_drop(rng: np.random.Generator) -> Signal:
    """A soft slap of a card landing on felt."""
    seconds = 0.16
    t = timeline(seconds)
    slap = band(noise(rng, seconds), 350, 3500) * decay(t, 0.0015, 0.018)
    thump = tone(t, 150.0, ((1, 1.0), (2.1, 0.25))) * decay(t, 0.002, 0.03)
    return finish(slap + 0.55 * thump, -5.0)


def shuffle(rng: np.random.Generator) -> Signal:
    """A riffle shuffle: a quick run of card flicks, then the pack squared up."""
    seconds = 0.64
    out = np.zeros(round(seconds * RATE))
    click_t = timeline(0.02)
    # the riffle speeds up then slows, louder in the middle
    at = 0.02
    while at < 0.47:
        progress = at / 0.47
        gap = 0.0125 - 0.0055 * np.sin(np.pi * progress) + rng.uniform(-0.0015, 0.0015)
        loud = 0.45 + 0.55 * np.sin(np.pi * progress) ** 0.7
        flick = band(noise(rng, 0.02), 1800 + 1200 * rng.random(), 8500)
        flick *= decay(click_t, 0.0008, 0.0035 + 0.002 * rng.random())
        place(out, flick, at, loud * rng.uniform(0.7, 1.0))
        at += gap
    # the pack knocked square on the table
    tap_t = timeline(0.12)
    tap = band(noise(rng, 0.12), 250, 2500) * decay(tap_t, 0.001, 0.02)
    tap += 0.5 * tone(tap_t, 130.0, ((1, 1.0), (2.3, 0.2))) * decay(tap_t, 0.002, 0.03)
    place(out, tap, 0.5, 0.9)
    return finish(out, -5.0)


def illegal(rng: np.random.Generator) -> Signal:
    """A soft, low two-note 'uh-uh' (not a harsh buzzer)."""
    seconds = 0.3
    out = np.zeros(round(seconds * RATE))
    partials = ((1, 1.0), (2, 0.3), (3, 0.12), (4, 0.05))
    for at, freq in ((0.0, 370.0), (0.13, 277.0)):
        t = timeline(0.3)
        bend = freq * (1 - 0.015 * t / 0.16)
        note = tone(t, bend, partials) * decay(t, 0.008, 0.07)
        place(out, note, at)
    # a whisper of noise to soften the attack
    out += 0.02 * band(noise(rng, seconds), 200, 1200)
    return finish(out, -8.0)


def win(rng: np.random.Generator) -> Signal:
    """A bright bell arpeggio C-E-G-C that rings into a chord."""
    seconds = MAX_SECONDS - 0.01
    out = np.zeros(round(seconds * RATE))
    bell = ((1, 1.0), (2.0, 0.35), (3.01, 0.12), (4.2, 0.06), (5.43, 0.03))
    notes = (523.25, 659.25, 783.99, 1046.5)
    for i, freq in enumerate(notes):
        at = 0.075 * i
        t = timeline(seconds - at)
        shimmer = 1 + 0.003 * np.sin(2 * np.pi * 5.5 * t + i)
        ring = tone(t, freq * shimmer, bell) * decay(t, 0.004, 0.22 + 0.05 * i)
        place(out, ring, at, 0.8 if i < 3 else 1.0)
    # sparkle: a few high glints
    for at in (0.25, 0.31, 0.37):
        t = timeline(0.08)
        glint = tone(t, 2093.0 * rng.choice((1.0, 1.25, 1.5)), ((1, 1.0),)) * decay(t, 0.002, 0.02)
        place(out, glint, at, 0.12)
    # let the chord ring, then close it smoothly by the end of the file
    t = timeline(seconds)
    closing = np.clip((t - 0.42) / (seconds - 0.42), 0.0, 1.0)
    return finish(out * np.cos(closing * np.pi / 2) ** 2, -3.0)


def knock(rng: np.random.Generator) -> Signal:
    """Two knuckle raps on a wooden table (a player knocking)."""
    seconds = 0.34
    out = np.zeros(round(seconds * RATE))
    for at, gain in ((0.0, 1.0), (0.15, 0.8)):
        t = timeline(0.25)
        hit = band(noise(rng, 0.25), 120, 1600) * decay(t, 0.0006, 0.006)
        body = (
            tone(t, 196.0, ((1, 1.0),)) * decay(t, 0.001, 0.045)
            + tone(t, 433.0, ((1, 0.55),)) * decay(t, 0.001, 0.028)
            + tone(t, 781.0, ((1, 0.25),)) * decay(t, 0.001, 0.016)
        )
        place(out, 0.9 * hit + body, at, gain)
    return finish(out, -4.0)


SOUNDS: dict[str, tuple[int, Callable[[np.random.Generator], Signal]]] = {
    "card_pick": (101, card_pick),
    "card_drop": (102, card_drop),
    "shuffle": (103, shuffle),
    "illegal": (104, illegal),
    "win": (105, win),
    "knock": (106, knock),
}


def write_wav(path: Path, signal: Signal) -> None:
    pcm = np.clip(np.round(signal * 32767), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())


def make_all(out_dir: Path) -> list[Path]:
    """Write every sound into ``out_dir``; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, (seed, make) in SOUNDS.items():
        signal = make(np.random.default_rng(seed))
        if len(signal) > MAX_SECONDS * RATE:
            raise ValueError(f"{name} is {len(signal) / RATE:.2f} s, over {MAX_SECONDS} s")
        path = out_dir / f"{name}.wav"
        write_wav(path, signal)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else Path(__file__).resolve().parent / "sounds"
    for path in make_all(out_dir):
        print(f"{path}  {path.stat().st_size:>6} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
