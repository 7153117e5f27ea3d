//! The Beginner level's blend: on [`BEGINNER_SHARE`] of 256 decisions it plays Easy's choice,
//! on [`BEGINNER_WORST`] the turn Easy's evaluator values least, on the others a uniformly
//! random legal turn (docs/ai.md, Levels: Beginner). Which of the three
//! is a pure function of the player's seed and the decision (the position and its chance
//! outcome, `Profile::key`), so a seed replays the same choices on the host and on the Wii, and
//! a resumed match plays on as it would have. Owns the share and the draw only: the search that
//! plays the turn is `search.rs`, the game's key its level table (`Profile::key`).

/// Decisions of 256 on which the Beginner plays Easy's choice (the rest are random turns).
/// Tuned so that Easy beats Beginner in at least 65% of games in every game and senet rule set
/// (`arena tournament --a easy --b beginner`, docs/ai.md, Levels: Beginner).
pub const BEGINNER_SHARE: u32 = 64;

/// Decisions of 256 on which the Beginner plays the turn Easy values least. A random turn
/// alone loses too little in senet's middle game (Jequier: 22 milli-win-probability a decision
/// against Easy's 16), so the Beginner's error would not be clearly above Easy's; with these
/// it is at least 1.5 times Easy's in every game and rule set (`endgame levels`, docs/ai.md).
pub const BEGINNER_WORST: u32 = 160;

/// What the Beginner plays on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Easy's turn.
    Easy,
    /// The turn Easy's evaluator values least.
    Worst,
    /// A uniformly random legal turn.
    Random,
}

/// The Beginner's choice for the draw `d`: Easy's on `share` decisions of 256, the worst turn
/// on the next `worst`, a random one on the rest.
pub const fn choice(d: u64, share: u32, worst: u32) -> Choice {
    let x = (d & 0xff) as u32;
    if x < share {
        Choice::Easy
    } else if x < share + worst {
        Choice::Worst
    } else {
        Choice::Random
    }
}

/// SplitMix64's finaliser: every input bit reaches every output bit.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The draw of one decision of a player seeded with `seed`, whose position and chance outcome
/// have the key `key` (`Profile::key`).
pub const fn draw(seed: u64, key: u64) -> u64 {
    mix(seed ^ mix(key))
}

/// Whether the draw `d` plays Easy's choice at a share of `share` decisions of 256.
pub const fn plays_easy(d: u64, share: u32) -> bool {
    ((d & 0xff) as u32) < share
}

/// The 32-bit draw that picks the random turn (independent of the bits [`plays_easy`] reads).
pub const fn pick(d: u64) -> u32 {
    (d >> 32) as u32
}

/// Folds `word` into a key being built (`Profile::key`): order matters, so the fields of a
/// position keep their places.
pub const fn fold(key: u64, word: u64) -> u64 {
    mix(key ^ word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_of_easy_draws_over_many_keys_is_the_share_asked_for() {
        for share in [0, 64, BEGINNER_SHARE, 200, 256] {
            let n = 20_000u64;
            let easy = (0..n).filter(|&k| plays_easy(draw(7, k), share)).count() as u64;
            let want = n * u64::from(share) / 256;
            assert!(
                easy.abs_diff(want) <= n / 100,
                "share {share}: {easy} of {n}"
            );
        }
    }

    #[test]
    fn the_three_choices_take_their_shares_of_the_draws() {
        let n = 25_600u64;
        let mut count = [0u64; 3];
        for k in 0..n {
            let i = match choice(draw(11, k), BEGINNER_SHARE, BEGINNER_WORST) {
                Choice::Easy => 0,
                Choice::Worst => 1,
                Choice::Random => 2,
            };
            count[i] += 1;
        }
        let want = [
            BEGINNER_SHARE,
            BEGINNER_WORST,
            256 - BEGINNER_SHARE - BEGINNER_WORST,
        ];
        for (c, w) in count.iter().zip(want) {
            let w = n * u64::from(w) / 256;
            assert!(c.abs_diff(w) <= n / 100, "{count:?}");
        }
        assert_eq!(choice(draw(11, 3), 256, 0), Choice::Easy);
        assert_eq!(choice(draw(11, 3), 0, 256), Choice::Worst);
        assert_eq!(choice(draw(11, 3), 0, 0), Choice::Random);
    }

    #[test]
    fn the_draw_depends_on_the_seed_and_the_key() {
        assert_eq!(draw(1, 2), draw(1, 2));
        assert_ne!(draw(1, 2), draw(2, 2));
        assert_ne!(draw(1, 2), draw(1, 3));
        assert_ne!(fold(fold(0, 1), 2), fold(fold(0, 2), 1));
    }
}
