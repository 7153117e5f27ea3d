//! The learned senet evaluator (`senet::net`) valued incrementally, as `senas::memo` does for
//! senas: the memo keeps the last valued position's inputs (both boards, pieces off, the bound
//! flags, the tempo, the feature values) and its first-layer sums, and the next position's sums
//! are those plus the rows of the inputs that changed (a senet move changes two or three
//! squares). The integer sums are exact, so the value is [`super::net::value`]'s bit for bit (tests
//! below, `tests/ai_pinned_decisions.rs`). Owns the memo; the encoding and the weights are
//! `senet::net`'s.

use crate::games::senet::{Position, Side, LAST};

use crate::ai::search::eval::{squash, WIN};
use crate::ai::search::game::{FeatureVec, MAX_FEATURES};
use crate::ai::search::net_rows::{apply_changes, Changes};

use super::features::features;
use super::net::{
    Net, BOUND_BASE, FEATURE_BASE, HIDDEN, INPUTS, NET_FEATURES, OFF_BASE, OUT_SHIFT, TEMPO,
};

const _: () = assert!(HIDDEN == crate::ai::search::net_rows::HIDDEN);

/// The inputs of a position as the network reads them, by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Inputs {
    /// Boards (bit `s`: square `s`) of the side valued and of the other.
    boards: [u32; 2],
    off: [i32; 2],
    bound: [i32; 2],
    tempo: i32,
    /// The feature inputs as fed (clamped).
    feats: [i32; NET_FEATURES],
}

const NONE: Inputs = Inputs {
    boards: [0; 2],
    off: [0; 2],
    bound: [0; 2],
    tempo: 0,
    feats: [0; NET_FEATURES],
};

/// What the evaluator keeps of the last position it valued.
#[derive(Clone, Copy, Debug, Default)]
pub struct Memo {
    /// The network that valued it (its address), and for which side (`None`: nothing yet).
    of: Option<(usize, Side)>,
    inputs: Option<Inputs>,
    /// First-layer sums (Q12), biases included.
    pre: [i32; HIDDEN],
}

impl Inputs {
    fn of(pos: &Position, side: Side) -> Inputs {
        let mut f: FeatureVec = [0; MAX_FEATURES];
        let _ = features(pos, side, &mut f);
        let mut feats = [0; NET_FEATURES];
        for (x, &v) in feats.iter_mut().zip(f.iter()) {
            *x = v.clamp(-32_000, 32_000);
        }
        let other = side.other();
        Inputs {
            boards: [pos.board(side), pos.board(other)],
            off: [pos.borne_off(side), pos.borne_off(other)].map(i32::from),
            bound: [pos.bound(side), pos.bound(other)].map(i32::from),
            tempo: i32::from(pos.side_to_move() == side),
            feats,
        }
    }

    /// Squares that differ from `from`'s.
    fn moved(&self, from: &Inputs) -> u32 {
        (self.boards[0] ^ from.boards[0]).count_ones()
            + (self.boards[1] ^ from.boards[1]).count_ones()
    }

    /// Appends the input changes from `from` to these inputs.
    fn changes(&self, from: &Inputs, out: &mut Changes<INPUTS>) {
        // At most INPUTS changes in all (every input once), so no push fails.
        for k in 0..2 {
            let mut diff = self.boards[k] ^ from.boards[k];
            while diff != 0 {
                let sq = diff.trailing_zeros();
                diff &= diff - 1;
                let d = if self.boards[k] & (1 << sq) != 0 {
                    1
                } else {
                    -1
                };
                let i = k * LAST as usize + sq as usize - 1;
                let _ = out.push((i as u16, d));
            }
        }
        let flags = [
            (OFF_BASE, self.off[0] - from.off[0]),
            (OFF_BASE + 1, self.off[1] - from.off[1]),
            (BOUND_BASE, self.bound[0] - from.bound[0]),
            (BOUND_BASE + 1, self.bound[1] - from.bound[1]),
            (TEMPO, self.tempo - from.tempo),
        ];
        for (i, d) in flags {
            if d != 0 {
                let _ = out.push((i as u16, d));
            }
        }
        for (i, (&a, &b)) in from.feats.iter().zip(self.feats.iter()).enumerate() {
            if a != b {
                let _ = out.push(((FEATURE_BASE + i) as u16, b.wrapping_sub(a)));
            }
        }
    }
}

/// Exactly [`super::net::value`]`(net, pos, side)`, computed from `memo` (any memo: the one
/// the last call left, or a default one, whichever network it last served) and leaving `memo`
/// describing `pos`.
pub fn value(memo: &mut Memo, net: &'static Net, pos: &Position, side: Side) -> i32 {
    match pos.winner() {
        Some(s) if s == side => return WIN,
        Some(_) => return -WIN,
        None => {}
    }
    let key = (core::ptr::from_ref(net) as usize, side);
    let now = Inputs::of(pos, side);
    // Start from whichever of the memo and the empty input needs fewer changes.
    let from = match memo.inputs {
        Some(last) if memo.of == Some(key) && now.moved(&last) <= now.moved(&NONE) => last,
        _ => {
            memo.pre = net.b1;
            NONE
        }
    };
    let mut changes: Changes<INPUTS> = Changes::new();
    now.changes(&from, &mut changes);
    apply_changes(&mut memo.pre, &net.w1, &changes);
    memo.of = Some(key);
    memo.inputs = Some(now);
    squash(i64::from(net.output_of(&memo.pre)), 1 << OUT_SHIFT)
}

#[cfg(test)]
mod tests;
