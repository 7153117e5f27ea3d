//! What the game's events mean for the speakers and the remotes' motors. The app reports its
//! events as `key=value` lines (`event=throw game=senet side=A player=1 ...`, see
//! docs/architecture.md); `CueMap` turns each into cues: an effect to play, music on/off,
//! pause/resume, a rumble pulse on a player's remote. Pure and stateful only in what it must
//! remember (whether the match is a demo). Must not play anything itself.

use super::sfx::Sfx;

/// One thing to do for an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Play(Sfx),
    Music(bool),
    Pause(bool),
    /// A short pulse on player `n`'s remote (0-based).
    Rumble(u8),
}

/// The cues of one line (at most a few).
pub type Cues = heapless::Vec<Cue, 4>;

/// The value of `key` in a `key=value key=value` line.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    line.split(' ').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == key).then_some(v)
    })
}

/// The player (1-based in the line) an event names, as a 0-based remote; `None` for the
/// computer (`player=0`) or no player.
fn player(line: &str) -> Option<u8> {
    field(line, "player")?
        .parse::<u8>()
        .ok()?
        .checked_sub(1)
        .filter(|&p| p < 4)
}

/// Maps event lines to cues.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CueMap {
    demo: bool,
}

impl CueMap {
    pub const fn new() -> CueMap {
        CueMap { demo: false }
    }

    /// The cues of one event line (none for lines that do not sound).
    pub fn cues(&mut self, line: &str) -> Cues {
        let mut out = Cues::new();
        let mut push = |c| {
            let _ = out.push(c);
        };
        let Some(event) = field(line, "event") else {
            return out;
        };
        match event {
            "menu" => match field(line, "scene") {
                Some("winner") => push(Cue::Music(false)),
                Some(_) => push(Cue::Music(true)),
                None => {}
            },
            "start" => {
                self.demo = field(line, "demo") == Some("1");
                push(Cue::Music(false));
            }
            "roll" | "throw" => {
                push(Cue::Play(if field(line, "game") == Some("senas") {
                    Sfx::Dice
                } else {
                    Sfx::Sticks
                }));
                if let Some(p) = player(line) {
                    push(Cue::Rumble(p));
                }
            }
            "pick" => push(Cue::Play(Sfx::PickUp)),
            "place" => push(Cue::Play(if field(line, "off") == Some("1") {
                Sfx::BearOff
            } else {
                Sfx::Place
            })),
            "illegal" => {
                push(Cue::Play(Sfx::Illegal));
                if let Some(p) = player(line) {
                    push(Cue::Rumble(p));
                }
            }
            "gift" => push(Cue::Play(Sfx::Gift)),
            "turn" => {
                let senet = field(line, "game") == Some("senet");
                let mv = field(line, "move").unwrap_or("pass");
                if senet && mv != "pass" {
                    push(Cue::Play(if field(line, "capture") == Some("1") {
                        Sfx::Capture
                    } else if field(line, "water") == Some("1") {
                        Sfx::Water
                    } else if mv.ends_with("-31") {
                        Sfx::BearOff
                    } else {
                        Sfx::Place
                    }));
                } else if !senet && field(line, "by") == Some("cpu") {
                    // A person's senas sub-moves sounded one by one (`event=place`).
                    push(Cue::Play(Sfx::Place));
                }
            }
            "win" => push(Cue::Play(
                if self.demo || field(line, "by") != Some("cpu") {
                    Sfx::Win
                } else {
                    Sfx::Loss
                },
            )),
            "home" => push(Cue::Pause(field(line, "open") == Some("1"))),
            "pause" => push(Cue::Pause(true)),
            "resume" => push(Cue::Pause(false)),
            _ => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::format;

    fn cues(lines: &[&str]) -> std::vec::Vec<Cue> {
        let mut m = CueMap::new();
        lines.iter().flat_map(|l| m.cues(l)).collect()
    }

    #[test]
    fn a_persons_throw_sounds_and_rumbles_their_remote_a_computers_only_sounds() {
        assert_eq!(
            cues(&["event=throw game=senet side=B player=2 sticks=1010 value=2"]),
            [Cue::Play(Sfx::Sticks), Cue::Rumble(1)]
        );
        assert_eq!(
            cues(&["event=roll game=senas side=White player=0 dice=1,2,3"]),
            [Cue::Play(Sfx::Dice)]
        );
    }

    #[test]
    fn senet_moves_sound_by_what_they_do() {
        let t = |extra: &str| {
            cues(&[&format!(
                "event=turn game=senet side=A by=cpu throw=2 {extra}"
            )])
        };
        assert_eq!(t("move=9-11"), [Cue::Play(Sfx::Place)]);
        assert_eq!(t("move=9-11 capture=1"), [Cue::Play(Sfx::Capture)]);
        assert_eq!(t("move=25-27 water=1"), [Cue::Play(Sfx::Water)]);
        assert_eq!(t("move=29-31"), [Cue::Play(Sfx::BearOff)]);
        assert!(t("move=pass").is_empty());
    }

    #[test]
    fn a_win_against_the_computer_and_a_loss_to_it_sound_different() {
        let start = "event=start game=senet opponent=cpu_normal demo=0";
        assert_eq!(
            cues(&[start, "event=win game=senet winner=A by=human"])[1],
            Cue::Play(Sfx::Win)
        );
        assert_eq!(
            cues(&[start, "event=win game=senet winner=B by=cpu"])[1],
            Cue::Play(Sfx::Loss)
        );
        let demo = "event=start game=senet opponent=cpu_normal demo=1";
        assert_eq!(
            cues(&[demo, "event=win game=senet winner=B by=cpu"])[1],
            Cue::Play(Sfx::Win)
        );
    }

    #[test]
    fn menus_play_music_matches_stop_it_and_home_or_a_lost_remote_pause() {
        assert_eq!(
            cues(&[
                "event=menu scene=title",
                "event=start game=senas demo=0",
                "event=home open=1",
                "event=home choice=Resume",
                "event=pause reason=disconnect player=2",
                "event=resume",
            ]),
            [
                Cue::Music(true),
                Cue::Music(false),
                Cue::Pause(true),
                Cue::Pause(false),
                Cue::Pause(true),
                Cue::Pause(false)
            ]
        );
    }

    #[test]
    fn garbage_lines_make_no_cues() {
        assert!(
            cues(&["", "event", "event=", "event=throw player=99 game=", "x=y"])
                .iter()
                .all(|c| !matches!(c, Cue::Rumble(_)))
        );
        assert!(cues(&["", "nothing", "event=unknown"]).is_empty());
    }
}
