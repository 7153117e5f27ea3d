//! The audio underrun gate (issue 23, item 4): every `event=frame` line the game logs carries
//! `underruns=N`, the audio ring's running count of DMA blocks the mixer had not refilled in time
//! (src/wii/audio/ring.rs, logged in src/main.rs). A test that plays audio requires the count to
//! stay 0. Owns only the check over parsed events; it never starts Dolphin.

use crate::Event;

/// Checks that the frame lines report no underrun: `Ok(n)` with the number of frame lines read,
/// or an error naming the first line that is missing the field or reports an underrun. No frame
/// line at all is an error too (the gate would otherwise pass on a run that never logged one).
pub fn check_no_underruns(frames: &[Event]) -> Result<usize, String> {
    let mut seen = 0;
    for e in frames.iter().filter(|e| e.name() == Some("frame")) {
        match e.num::<u64>("underruns") {
            Some(0) => seen += 1,
            Some(n) => return Err(format!("{n} audio underruns by: {}", e.line)),
            None => return Err(format!("a frame line without underruns=: {}", e.line)),
        }
    }
    if seen == 0 {
        return Err("no event=frame line to read underruns= from".into());
    }
    Ok(seen)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(lines: &[&str]) -> Vec<Event> {
        lines.iter().map(|l| Event::parse(l)).collect()
    }

    #[test]
    fn zero_underruns_on_every_frame_line_passes_and_counts_the_lines() {
        let ev = frames(&[
            "event=frame n=60 late=0 underruns=0",
            "event=sfx name=throw at=3",
            "event=frame n=120 late=0 underruns=0",
        ]);
        assert_eq!(check_no_underruns(&ev), Ok(2));
    }

    #[test]
    fn one_underrun_on_any_line_fails_naming_the_line() {
        let ev = frames(&[
            "event=frame n=60 underruns=0",
            "event=frame n=120 underruns=1",
            "event=frame n=180 underruns=1",
        ]);
        let err = check_no_underruns(&ev).unwrap_err();
        assert!(err.contains("1 audio underruns"), "{err}");
        assert!(err.contains("n=120"), "{err}");
    }

    #[test]
    fn a_frame_line_without_the_field_or_no_frame_line_fails() {
        assert!(check_no_underruns(&frames(&["event=frame n=60 late=0"])).is_err());
        assert!(check_no_underruns(&frames(&["event=frame n=60 underruns=x"])).is_err());
        assert!(check_no_underruns(&frames(&["event=boot version=0.1.0"])).is_err());
        assert!(check_no_underruns(&[]).is_err());
    }
}
