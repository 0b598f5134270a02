//! The game's sounds, made in code: each a short clip of mono samples at [`RATE`], from
//! decaying sines and noise. Pure and seeded, so a clip is the same on every run and
//! its tests can look at its samples.

use std::f32::consts::TAU;

/// Samples a second.
pub const RATE: u32 = 22_050;

/// The loudest any clip peaks at, before the player's volume.
const PEAK: f32 = 0.8;

/// A small seeded stream of noise in −1..1 (xorshift), the clips' own.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

/// `seconds` of silence to add sounds into.
fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * RATE as f32) as usize]
}

/// Adds to `out`, from `start` seconds, what `sound(t, gone)` gives at each sample: `t`
/// seconds in, `gone` its envelope dying away by `e` every `decay` seconds (stopped once
/// it is inaudible).
fn decaying(out: &mut [f32], start: f32, decay: f32, mut sound: impl FnMut(f32, f32) -> f32) {
    let first = (start * RATE as f32) as usize;
    for (i, s) in out.iter_mut().skip(first).enumerate() {
        let t = i as f32 / RATE as f32;
        let gone = (-t / decay).exp();
        if gone < 1e-4 {
            break;
        }
        *s += sound(t, gone);
    }
}

/// Adds a sine of `hz` from `start` seconds, at `level`, dying away by `e` every
/// `decay` seconds; its pitch falls by `fall` of itself over each `decay`.
fn ring(out: &mut [f32], start: f32, (hz, level): (f32, f32), decay: f32, fall: f32) {
    let mut phase = 0.0f32;
    decaying(out, start, decay, |_, gone| {
        phase += TAU * hz * (1.0 - fall * (1.0 - gone)) / RATE as f32;
        level * gone * phase.sin()
    });
}

/// Adds a burst of noise from `start` seconds at `level`, dying away over `decay`
/// seconds, smoothed by `smooth` (0: as rough as it comes; near 1: a dull rumble).
fn burst(out: &mut [f32], start: f32, (level, decay): (f32, f32), smooth: f32, noise: &mut Noise) {
    let mut held = 0.0f32;
    decaying(out, start, decay, |_, gone| {
        held = smooth * held + (1.0 - smooth) * noise.next();
        level * gone * held
    });
}

/// A clip brought to [`PEAK`], softly limited, its last few milliseconds faded so it
/// ends without a click.
fn finished(mut out: Vec<f32>) -> Vec<f32> {
    let loudest = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if loudest > 0.0 {
        out.iter_mut()
            .for_each(|s| *s = (*s / loudest * 1.2).tanh() * PEAK);
    }
    let fade = (RATE as usize / 200).min(out.len());
    let n = out.len();
    for (k, s) in out[n - fade..].iter_mut().enumerate() {
        *s *= 1.0 - (k as f32 + 1.0) / fade as f32;
    }
    out
}

/// Dice rattling in a tray and coming to rest: clicks of wood on wood, closer together
/// as they settle, the last a heavier knock. `variant` picks one of many throws.
pub fn dice(variant: u64) -> Vec<f32> {
    let mut noise = Noise(0x5EED_D1CE ^ variant.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = silence(0.5);
    let clicks = 5 + (variant % 4) as usize;
    let mut at = 0.0;
    for k in 0..clicks {
        let settling = k as f32 / clicks as f32;
        let level = 0.9 - 0.5 * settling;
        let pitch = 1_700.0 + 1_500.0 * (noise.next() * 0.5 + 0.5);
        burst(&mut out, at, (level * 0.6, 0.004), 0.2, &mut noise);
        ring(&mut out, at, (pitch, level * 0.5), 0.012, 0.0);
        at += 0.025 + 0.06 * (1.0 - settling) * (noise.next() * 0.5 + 0.7);
    }
    burst(&mut out, at, (0.7, 0.008), 0.5, &mut noise);
    ring(&mut out, at, (900.0, 0.6), 0.03, 0.1);
    finished(out)
}

/// A shot: the snap of a bowstring, then the hiss of the arrow going away.
pub fn shot() -> Vec<f32> {
    let mut noise = Noise(0xA770_3A11);
    let mut out = silence(0.4);
    ring(&mut out, 0.0, (190.0, 0.8), 0.06, 0.15);
    ring(&mut out, 0.0, (380.0, 0.3), 0.04, 0.15);
    burst(&mut out, 0.0, (0.5, 0.01), 0.1, &mut noise);
    // The hiss swells a moment, then fades as the arrow flies off.
    let first = (0.02 * RATE as f32) as usize;
    let mut held = 0.0f32;
    for (i, s) in out.iter_mut().skip(first).enumerate() {
        let t = i as f32 / RATE as f32;
        let swell = (t / 0.05).min(1.0) * (-t / 0.09).exp();
        held = 0.55 * held + 0.45 * noise.next();
        *s += 0.35 * swell * held;
    }
    finished(out)
}

/// Blades meeting: a bright clang of metal, partials out of tune with each other, over
/// the scrape of the strike.
pub fn clash() -> Vec<f32> {
    let mut noise = Noise(0xC1A5_4B1D);
    let mut out = silence(0.5);
    burst(&mut out, 0.0, (0.9, 0.012), 0.0, &mut noise);
    for (hz, level, decay) in [
        (523.0, 0.5, 0.16),
        (1_347.0, 0.45, 0.11),
        (2_210.0, 0.35, 0.08),
        (3_120.0, 0.25, 0.06),
        (4_410.0, 0.2, 0.04),
    ] {
        ring(&mut out, 0.0, (hz, level), decay, 0.0);
    }
    finished(out)
}

/// A blow that lands: a short, dull knock.
pub fn hit() -> Vec<f32> {
    let mut noise = Noise(0x0B10_4217);
    let mut out = silence(0.2);
    burst(&mut out, 0.0, (1.0, 0.02), 0.75, &mut noise);
    ring(&mut out, 0.0, (150.0, 0.8), 0.04, 0.3);
    finished(out)
}

/// A model falling: a low thud on the table.
pub fn fall() -> Vec<f32> {
    let mut noise = Noise(0xFA11_0F0F);
    let mut out = silence(0.4);
    ring(&mut out, 0.0, (70.0, 1.0), 0.09, 0.35);
    burst(&mut out, 0.0, (0.7, 0.03), 0.85, &mut noise);
    burst(&mut out, 0.09, (0.25, 0.02), 0.85, &mut noise);
    finished(out)
}

/// A clip at `volume` (0 to 1) as the bytes a player reads: signed 16-bit samples, least
/// significant byte first.
pub fn pcm(clip: &[f32], volume: f32) -> Vec<u8> {
    let volume = volume.clamp(0.0, 1.0);
    clip.iter()
        .flat_map(|s| {
            let v = (s * volume).clamp(-1.0, 1.0) * f32::from(i16::MAX);
            (v as i16).to_le_bytes()
        })
        .collect()
}
