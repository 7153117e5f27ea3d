//! The Beginner level's blend: on [`BEGINNER_SHARE`] of 256 decisions it plays Easy's choice,
//! on the others a uniformly random legal turn (docs/ai.md, Levels: Beginner). Which of the two
//! is a pure function of the player's seed and the decision (the position and its chance
//! outcome, `Profile::key`), so a seed replays the same choices on the host and on the Wii, and
//! a resumed match plays on as it would have. Owns the share and the draw only: the search that
//! plays the turn is `search.rs`, the game's key its level table (`Profile::key`).

/// Decisions of 256 on which the Beginner plays Easy's choice (the rest are random turns).
/// Tuned so that Easy beats Beginner in at least 65% of games in every game and senet rule set
/// (`arena tournament --a easy --b beginner`, docs/ai.md, Levels: Beginner).
pub const BEGINNER_SHARE: u32 = 96;

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
    fn the_draw_depends_on_the_seed_and_the_key() {
        assert_eq!(draw(1, 2), draw(1, 2));
        assert_ne!(draw(1, 2), draw(2, 2));
        assert_ne!(draw(1, 2), draw(1, 3));
        assert_ne!(fold(fold(0, 1), 2), fold(fold(0, 2), 1));
    }
}
