//! The game's sound effects, synthesised here at build time by our own code (no recorded or
//! third-party audio): each effect is a few lines of oscillators, seeded noise, envelopes and
//! one-pole filters, rendered at `RATE` Hz mono and written as `i16` statics to
//! `OUT_DIR/sfx_data.rs`, which `src/audio/sfx.rs` includes. Also emits the tracker's note
//! table (phase steps per MIDI note at the output rate), so the runtime needs no floats.
//! Must not touch anything but that file; deterministic (same source, same bytes).

use std::f64::consts::TAU;
use std::fmt::Write as _;
use std::path::Path;

/// Storage rate of the effects (the mixer plays them at twice this, interpolating).
pub const RATE: f64 = 16_000.0;
/// Output rate of the mixer and the tracker.
const OUT_RATE: f64 = 32_000.0;

/// Seeded xorshift noise in [-1, 1).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        f64::from(x) / 2_147_483_648.0 - 1.0
    }
}

/// One-pole low-pass state (`k` = 0..1, higher is brighter).
#[derive(Default)]
struct LowPass(f64);

impl LowPass {
    fn run(&mut self, x: f64, k: f64) -> f64 {
        self.0 += k * (x - self.0);
        self.0
    }
}

fn secs(n: usize) -> f64 {
    n as f64 / RATE
}

fn buffer(seconds: f64) -> Vec<f64> {
    vec![0.0; (seconds * RATE) as usize]
}

/// Exponential decay envelope with a short linear attack.
fn env(t: f64, attack: f64, decay: f64) -> f64 {
    if t < 0.0 {
        0.0
    } else if t < attack {
        t / attack
    } else {
        (-(t - attack) / decay).exp()
    }
}

/// A wooden knock at `at` seconds: a decaying sine with a falling pitch and a click of noise.
fn knock(out: &mut [f64], at: f64, freq: f64, amp: f64, decay: f64, noise: &mut Noise) {
    let mut lp = LowPass::default();
    let start = (at * RATE) as usize;
    let mut phase = 0.0;
    for (n, s) in out.iter_mut().enumerate().skip(start) {
        let t = secs(n - start);
        if t > decay * 8.0 {
            break;
        }
        let f = freq * (1.0 + 0.5 * (-t / 0.01).exp());
        phase += TAU * f / RATE;
        let click = lp.run(noise.next(), 0.5) * env(t, 0.0005, 0.004);
        *s += amp * (phase.sin() * env(t, 0.001, decay) + 0.8 * click);
    }
}

/// A tone with harmonics (`bright` 0 = sine, 1 = square-ish) under an envelope.
fn note(out: &mut [f64], at: f64, len: f64, freq: f64, amp: f64, bright: f64) {
    let start = (at * RATE) as usize;
    for (n, s) in out.iter_mut().enumerate().skip(start) {
        let t = secs(n - start);
        if t > len {
            break;
        }
        let p = TAU * freq * t;
        let wave = p.sin() + bright * ((3.0 * p).sin() / 3.0 + (5.0 * p).sin() / 5.0);
        let e = env(t, 0.005, len / 3.0) * (1.0 - t / len).min(1.0);
        *s += amp * wave * e;
    }
}

/// Filtered noise under an envelope.
fn hiss(out: &mut [f64], at: f64, len: f64, amp: f64, k: f64, decay: f64, noise: &mut Noise) {
    let mut lp = LowPass::default();
    let start = (at * RATE) as usize;
    for (n, s) in out.iter_mut().enumerate().skip(start) {
        let t = secs(n - start);
        if t > len {
            break;
        }
        *s += amp * lp.run(noise.next(), k) * env(t, 0.01, decay);
    }
}

/// A sine sweeping from `f0` to `f1` (a bubble, a blip).
fn sweep(out: &mut [f64], at: f64, len: f64, f0: f64, f1: f64, amp: f64) {
    let start = (at * RATE) as usize;
    let mut phase = 0.0;
    for (n, s) in out.iter_mut().enumerate().skip(start) {
        let t = secs(n - start);
        if t > len {
            break;
        }
        phase += TAU * (f0 + (f1 - f0) * t / len) / RATE;
        *s += amp * phase.sin() * env(t, 0.003, len / 2.5);
    }
}

/// Senas: three bone dice shaken and thrown on wood: rattles, then bounces that settle.
fn dice() -> Vec<f64> {
    let mut o = buffer(0.55);
    let mut nz = Noise(0x1234_5678);
    for k in 0..6 {
        knock(
            &mut o,
            0.012 * k as f64,
            2400.0 + 150.0 * k as f64,
            0.25,
            0.006,
            &mut nz,
        );
    }
    for (k, at) in [0.14, 0.2, 0.235, 0.3, 0.33, 0.39, 0.43, 0.47]
        .iter()
        .enumerate()
    {
        let f = 900.0 + 230.0 * (k % 3) as f64;
        knock(&mut o, *at, f, 0.9 - 0.08 * k as f64, 0.012, &mut nz);
    }
    o
}

/// Senet: four throwing sticks clattering on the floor, two knocks each.
fn sticks() -> Vec<f64> {
    let mut o = buffer(0.45);
    let mut nz = Noise(0x0bad_cafe);
    for (k, at) in [0.0, 0.045, 0.11, 0.16, 0.21, 0.27, 0.31, 0.36]
        .iter()
        .enumerate()
    {
        let f = [520.0, 610.0, 470.0, 680.0][k % 4];
        knock(&mut o, *at, f, 0.85 - 0.06 * k as f64, 0.02, &mut nz);
    }
    o
}

fn pick_up() -> Vec<f64> {
    let mut o = buffer(0.07);
    sweep(&mut o, 0.0, 0.06, 500.0, 950.0, 0.6);
    o
}

fn place() -> Vec<f64> {
    let mut o = buffer(0.1);
    let mut nz = Noise(0x5eed_0001);
    knock(&mut o, 0.0, 330.0, 0.9, 0.015, &mut nz);
    o
}

/// Two low buzzes: "no".
fn illegal() -> Vec<f64> {
    let mut o = buffer(0.3);
    note(&mut o, 0.0, 0.11, 150.0, 0.45, 1.0);
    note(&mut o, 0.15, 0.13, 140.0, 0.45, 1.0);
    o
}

/// Unused sub-moves passing across: a rising three-note arpeggio.
fn gift() -> Vec<f64> {
    let mut o = buffer(0.4);
    for (k, f) in [523.25, 659.25, 783.99].iter().enumerate() {
        note(&mut o, 0.08 * k as f64, 0.22, *f, 0.35, 0.2);
    }
    o
}

/// A capture by swap: a thud with a falling pitch and a knock on top.
fn capture() -> Vec<f64> {
    let mut o = buffer(0.3);
    let mut nz = Noise(0x0c0f_fee0);
    sweep(&mut o, 0.0, 0.25, 180.0, 60.0, 0.9);
    knock(&mut o, 0.0, 420.0, 0.5, 0.02, &mut nz);
    knock(&mut o, 0.09, 380.0, 0.4, 0.02, &mut nz);
    o
}

/// Into the water: a splash of dark noise and a few bubbles.
fn water() -> Vec<f64> {
    let mut o = buffer(0.55);
    let mut nz = Noise(0x00c0_ffee);
    hiss(&mut o, 0.0, 0.5, 1.6, 0.12, 0.09, &mut nz);
    for (at, f) in [(0.1, 500.0), (0.18, 700.0), (0.27, 600.0), (0.36, 850.0)] {
        sweep(&mut o, at, 0.05, f, f * 1.8, 0.3);
    }
    o
}

/// Borne off: two bright rising chimes.
fn bear_off() -> Vec<f64> {
    let mut o = buffer(0.32);
    note(&mut o, 0.0, 0.14, 880.0, 0.35, 0.0);
    note(&mut o, 0.09, 0.22, 1318.5, 0.35, 0.0);
    o
}

/// A fanfare: C E G C', the last held.
fn win() -> Vec<f64> {
    let mut o = buffer(1.0);
    for (k, f) in [523.25, 659.25, 783.99].iter().enumerate() {
        note(&mut o, 0.13 * k as f64, 0.16, *f, 0.3, 0.6);
    }
    note(&mut o, 0.39, 0.6, 1046.5, 0.32, 0.6);
    note(&mut o, 0.39, 0.6, 523.25, 0.2, 0.3);
    o
}

/// A falling minor phrase: G Eb C, low and slow.
fn loss() -> Vec<f64> {
    let mut o = buffer(1.0);
    for (k, f) in [392.0, 311.13, 261.63].iter().enumerate() {
        note(&mut o, 0.22 * k as f64, 0.3 + 0.2 * k as f64, *f, 0.35, 0.4);
    }
    o
}

/// An effect's synthesis.
type Synth = fn() -> Vec<f64>;

/// Every effect, in the order of `audio::Sfx`.
pub const EFFECTS: [(&str, Synth); 11] = [
    ("DICE", dice),
    ("STICKS", sticks),
    ("PICK_UP", pick_up),
    ("PLACE", place),
    ("ILLEGAL", illegal),
    ("GIFT", gift),
    ("CAPTURE", capture),
    ("WATER", water),
    ("BEAR_OFF", bear_off),
    ("WIN", win),
    ("LOSS", loss),
];

/// Normalises to a peak of 0.7 of full scale and quantises.
fn to_i16(v: &[f64]) -> Vec<i16> {
    let peak = v.iter().fold(0.0f64, |m, x| m.max(x.abs())).max(1e-9);
    v.iter()
        .map(|x| (x / peak * 0.7 * 32767.0).round() as i16)
        .collect()
}

/// Writes `sfx_data.rs`: one static per effect plus `NOTE_STEP`.
pub fn generate(out_dir: &Path) {
    println!("cargo:rerun-if-changed=build/sfx.rs");
    let mut s = String::from("// Generated by build/sfx.rs. Do not edit.\n");
    for (name, f) in EFFECTS {
        let pcm = to_i16(&f());
        writeln!(s, "/// The {name} effect, 16 kHz mono.").unwrap();
        writeln!(s, "pub static {name}: [i16; {}] = [", pcm.len()).unwrap();
        for chunk in pcm.chunks(24) {
            let line: Vec<String> = chunk.iter().map(|x| x.to_string()).collect();
            writeln!(s, "{},", line.join(",")).unwrap();
        }
        s.push_str("];\n");
    }
    // Phase step per MIDI note for a 32-bit phase accumulator at the output rate.
    s.push_str("/// Phase step per MIDI note (32-bit phase, 32 kHz).\npub static NOTE_STEP: [u32; 128] = [");
    for n in 0..128 {
        let f = 440.0 * 2f64.powf((f64::from(n) - 69.0) / 12.0);
        let step = (f / OUT_RATE * 4_294_967_296.0)
            .round()
            .min(u32::MAX as f64) as u32;
        write!(s, "{step},").unwrap();
    }
    s.push_str("];\n");
    std::fs::write(out_dir.join("sfx_data.rs"), s).expect("write sfx_data.rs");
}
