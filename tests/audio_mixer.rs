//! The mixer on the host (issue 14): a scripted sequence of events equals a reference mix
//! recomputed here sample by sample, saturation, volume 0 is silence, voices end, pause
//! freezes, and every effect and the music loop are rendered to `target/sounds/*.wav`
//! (32 kHz mono) and measured: not silent, not clipped.

use senas_senet::audio::{bus_gain, Mixer, Music, Sfx, MAX_VOLUME, RATE, VOICES};
use std::path::PathBuf;

/// The reference: one effect's output frame `i` at unity voice gain, recomputed from the
/// stored 16 kHz data (even frames the sample, odd frames the mean of two neighbours).
fn reference_sample(sfx: Sfx, i: u32) -> i32 {
    let d = sfx.samples();
    let k = (i / 2) as usize;
    if k >= d.len() {
        return 0;
    }
    if i.is_multiple_of(2) {
        i32::from(d[k])
    } else {
        (i32::from(d[k]) + i32::from(*d.get(k + 1).unwrap_or(&0))).div_euclid(2)
    }
}

fn mix_frames(m: &mut Mixer, n: usize) -> Vec<i16> {
    let mut v = vec![0i16; n];
    m.mix(&mut v);
    v
}

#[test]
fn a_scripted_event_sequence_mixes_to_the_recomputed_reference() {
    // Frames of 533 and 534 output frames (60 Hz at 32 kHz), events on chosen frames.
    let script: [(usize, Option<Sfx>); 5] = [
        (0, Some(Sfx::Sticks)),
        (3, Some(Sfx::PickUp)),
        (9, Some(Sfx::Capture)),
        (10, Some(Sfx::Place)),
        (40, None),
    ];
    let (music_vol, fx_vol) = (6u8, 9u8);
    let mut m = Mixer::new();
    m.set_volumes(music_vol, fx_vol);
    m.set_music(true);
    let mut out = Vec::new();
    let mut starts = Vec::new();
    for f in 0..40usize {
        for (at, sfx) in script {
            if at == f {
                if let Some(s) = sfx {
                    starts.push((s, m.play(s).expect("not paused")));
                }
            }
        }
        out.extend(mix_frames(&mut m, 533 + f % 2));
    }
    // The reference: music rendered in one pass, each effect from its start frame.
    let mut music = vec![0i32; out.len()];
    Music::new().render(&mut music);
    let (gm, ge) = (bus_gain(music_vol), bus_gain(fx_vol));
    for (i, &got) in out.iter().enumerate() {
        let fx: i32 = starts
            .iter()
            .filter(|(_, at)| *at as usize <= i)
            .map(|&(s, at)| reference_sample(s, (i - at as usize) as u32))
            .sum();
        let want = ((fx * ge) >> 8) + ((music[i] * gm) >> 8);
        assert_eq!(i32::from(got), want.clamp(-32768, 32767), "frame {i}");
    }
    assert_eq!(
        starts[1].1,
        533 + 534 + 533,
        "a voice starts on the next frame mixed"
    );
    assert!(out.iter().any(|&s| s != 0));
}

#[test]
fn loud_voices_saturate_instead_of_wrapping() {
    let mut m = Mixer::new();
    for _ in 0..VOICES {
        m.play(Sfx::Win);
    }
    let out = mix_frames(&mut m, Sfx::Win.frames() as usize);
    let mut clipped = 0;
    for (i, &s) in out.iter().enumerate() {
        let sum = reference_sample(Sfx::Win, i as u32) * VOICES as i32;
        assert_eq!(i32::from(s), sum.clamp(-32768, 32767), "frame {i}");
        clipped += usize::from(sum.abs() > 32767);
    }
    assert!(
        clipped > 100,
        "eight fanfares must hit the rails: {clipped}"
    );
}

#[test]
fn volume_zero_is_silence_on_each_bus() {
    let mut m = Mixer::new();
    m.set_music(true);
    m.set_volumes(0, 0);
    m.play(Sfx::Dice);
    assert!(mix_frames(&mut m, 20_000).iter().all(|&s| s == 0));
    // Effects silent, music still there; and the other way round.
    m.set_volumes(MAX_VOLUME, 0);
    m.play(Sfx::Dice);
    let mut music = Music::new();
    music.render(&mut vec![0; 20_000]);
    let mut want = vec![0i32; 20_000];
    music.render(&mut want);
    assert_eq!(
        mix_frames(&mut m, 20_000),
        want.iter().map(|&s| s as i16).collect::<Vec<_>>()
    );
    let mut m = Mixer::new();
    m.set_volumes(0, MAX_VOLUME);
    m.set_music(true);
    m.play(Sfx::Dice);
    let out = mix_frames(&mut m, 100);
    assert_eq!(i32::from(out[10]), reference_sample(Sfx::Dice, 10));
}

#[test]
fn voices_end_after_their_last_frame() {
    let mut m = Mixer::new();
    m.play(Sfx::Place);
    m.play(Sfx::Illegal);
    assert_eq!(m.active(), 2);
    let _ = mix_frames(&mut m, Sfx::Place.frames() as usize);
    assert_eq!(m.active(), 1, "the short click is over");
    let _ = mix_frames(
        &mut m,
        (Sfx::Illegal.frames() - Sfx::Place.frames()) as usize,
    );
    assert_eq!(m.active(), 0);
    assert!(mix_frames(&mut m, 1000).iter().all(|&s| s == 0));
}

#[test]
fn a_full_set_of_voices_gives_way_to_a_new_effect_by_dropping_the_oldest() {
    let mut m = Mixer::new();
    for k in 0..VOICES {
        m.play(Sfx::Win);
        let _ = mix_frames(&mut m, 10 + k);
    }
    m.play(Sfx::Place);
    assert_eq!(m.active(), VOICES);
}

#[test]
fn pause_freezes_voices_and_music_and_refuses_new_effects() {
    let mut a = Mixer::new();
    a.set_music(true);
    a.play(Sfx::Gift);
    let first = mix_frames(&mut a, 1000);
    a.pause(true);
    assert_eq!(a.play(Sfx::Dice), None);
    assert!(mix_frames(&mut a, 5000).iter().all(|&s| s == 0));
    a.pause(false);
    let after = mix_frames(&mut a, 1000);
    // The same as never pausing.
    let mut b = Mixer::new();
    b.set_music(true);
    b.play(Sfx::Gift);
    assert_eq!(mix_frames(&mut b, 1000), first);
    assert_eq!(mix_frames(&mut b, 1000), after);
}

#[test]
fn the_mix_is_deterministic() {
    let run = || {
        let mut m = Mixer::new();
        m.set_music(true);
        let mut v = Vec::new();
        for f in 0..30 {
            if f % 7 == 0 {
                m.play(Sfx::ALL[f % Sfx::ALL.len()]);
            }
            v.extend(mix_frames(&mut m, 533));
        }
        v
    };
    assert_eq!(run(), run());
}

fn write_wav(path: &PathBuf, samples: &[i16]) {
    let mut b = Vec::with_capacity(44 + samples.len() * 2);
    let data = (samples.len() * 2) as u32;
    b.extend_from_slice(b"RIFF");
    b.extend_from_slice(&(36 + data).to_le_bytes());
    b.extend_from_slice(b"WAVEfmt ");
    b.extend_from_slice(&16u32.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&RATE.to_le_bytes());
    b.extend_from_slice(&(RATE * 2).to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    b.extend_from_slice(&16u16.to_le_bytes());
    b.extend_from_slice(b"data");
    b.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        b.extend_from_slice(&s.to_le_bytes());
    }
    std::fs::write(path, b).expect("write wav");
}

#[test]
fn every_sound_is_rendered_to_wav_audible_and_unclipped() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/sounds");
    std::fs::create_dir_all(&dir).expect("target/sounds");
    for sfx in Sfx::ALL {
        let mut m = Mixer::new();
        m.play(sfx);
        let out = mix_frames(&mut m, sfx.frames() as usize);
        let peak = out.iter().map(|s| i32::from(*s).abs()).max().unwrap_or(0);
        let rms =
            (out.iter().map(|&s| f64::from(s).powi(2)).sum::<f64>() / out.len() as f64).sqrt();
        eprintln!(
            "{}: {} ms peak {peak} rms {rms:.0}",
            sfx.name(),
            out.len() as u32 * 1000 / RATE
        );
        assert!(
            (16_000..32_767).contains(&peak),
            "{}: peak {peak}",
            sfx.name()
        );
        assert!(rms > 800.0, "{}: rms {rms}", sfx.name());
        write_wav(&dir.join(format!("{}.wav", sfx.name())), &out);
    }
    let mut m = Mixer::new();
    m.set_music(true);
    let out = mix_frames(&mut m, Music::LOOP_FRAMES as usize);
    let peak = out.iter().map(|s| i32::from(*s).abs()).max().unwrap_or(0);
    assert!((4_000..32_767).contains(&peak), "music peak {peak}");
    write_wav(&dir.join("music.wav"), &out);
}
