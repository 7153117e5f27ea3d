//! The match record: a small text file per finished match, in the spirit of GNU Backgammon's
//! match files. A header of `key=value` lines, then the match log exactly as the game logged it
//! (`event=roll ...`, `event=turn ...`, `event=throw ...`, `event=win ...`: the notation the
//! `arena` tool reads), so `arena replay` can check every turn with the engines.
//!
//! ```text
//! senas-senet match record 1
//! game=senas
//! rules=lorca
//! players=person,cpu_normal
//! seed=1234
//! first=0
//! turns=57
//! winner=0
//! event=roll game=senas side=White dice=3,5,5 moves=3,5,5,5,5
//! ...
//! ```

use super::bytes::Writer;

/// First line of every record.
pub const RECORD_MAGIC: &str = "senas-senet match record 1";

/// `rules=` of a senas record (senas has one rule set, the Lorca manuscript's); a senet
/// record names its rule set (`senet::Variant::name`).
pub const SENAS_RULES: &str = "lorca";

/// What a record says about the match, besides its log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordHeader<'a> {
    pub game: &'a str,
    pub rules: &'a str,
    /// Who played side 0 and side 1: `person`, `person2` or `cpu_easy` / `cpu_normal` / `cpu_hard`.
    pub players: [&'a str; 2],
    pub seed: u64,
    pub first: u8,
    pub turns: u32,
    pub winner: u8,
}

fn line(w: &mut Writer, args: core::fmt::Arguments) {
    let mut s: heapless::String<128> = heapless::String::new();
    let _ = core::fmt::write(&mut s, args);
    w.bytes(s.as_bytes());
    w.u8(b'\n');
}

/// Writes the record into `out`; `None` if it does not fit.
pub fn write_record(out: &mut [u8], h: &RecordHeader, log: &str) -> Option<usize> {
    let mut w = Writer::new(out);
    line(&mut w, format_args!("{RECORD_MAGIC}"));
    line(&mut w, format_args!("game={}", h.game));
    line(&mut w, format_args!("rules={}", h.rules));
    line(
        &mut w,
        format_args!("players={},{}", h.players[0], h.players[1]),
    );
    line(&mut w, format_args!("seed={}", h.seed));
    line(&mut w, format_args!("first={}", h.first));
    line(&mut w, format_args!("turns={}", h.turns));
    line(&mut w, format_args!("winner={}", h.winner));
    w.bytes(log.as_bytes());
    w.ok().then_some(w.len())
}

/// Reads a record's header; `None` if the text is not a record. The log is every line after
/// the header that starts with `event=`.
pub fn read_header(text: &str) -> Option<RecordHeader<'_>> {
    let mut lines = text.lines();
    if lines.next()? != RECORD_MAGIC {
        return None;
    }
    let mut h = RecordHeader {
        game: "",
        rules: "",
        players: ["", ""],
        seed: 0,
        first: 0,
        turns: 0,
        winner: 0,
    };
    for l in lines.take(7) {
        let (k, v) = l.split_once('=')?;
        match k {
            "game" => h.game = v,
            "rules" => h.rules = v,
            "players" => {
                let (a, b) = v.split_once(',')?;
                h.players = [a, b];
            }
            "seed" => h.seed = v.parse().ok()?,
            "first" => h.first = v.parse().ok()?,
            "turns" => h.turns = v.parse().ok()?,
            "winner" => h.winner = v.parse().ok()?,
            _ => return None,
        }
    }
    (!h.game.is_empty()).then_some(h)
}

/// The log lines of a record.
pub fn log_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| l.starts_with("event="))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_its_header_and_log() {
        let h = RecordHeader {
            game: "senet",
            rules: "wiibrew2009",
            players: ["person", "cpu_hard"],
            seed: 77,
            first: 1,
            turns: 40,
            winner: 0,
        };
        let log =
            "event=throw game=senet side=A sticks=1010 value=2\nevent=win game=senet winner=A\n";
        let mut buf = [0u8; 512];
        let n = write_record(&mut buf, &h, log).expect("fits");
        let text = core::str::from_utf8(&buf[..n]).expect("utf8");
        assert_eq!(read_header(text), Some(h));
        assert_eq!(log_lines(text).count(), 2);
        assert_eq!(read_header("something else\ngame=x"), None);
        assert!(write_record(&mut buf[..40], &h, log).is_none());
    }
}
