//! Two slots per record (files `..._A` and `..._B`): each write goes to the slot *not* holding
//! the newest valid record, with the next sequence number, so a power cut in the middle of a
//! write can only damage the older copy. Reading takes the valid slot with the higher sequence
//! number (wrapping comparison) and says why any slot was refused.
//!
//! Owns the choice only; the files themselves are the platform's (`wii::storage`).

use super::envelope::{decode, Corrupt, Envelope, Kind};

/// One of the two slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotName {
    A,
    B,
}

impl SlotName {
    pub fn other(self) -> SlotName {
        match self {
            SlotName::A => SlotName::B,
            SlotName::B => SlotName::A,
        }
    }
}

/// What reading both slots found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick<'a> {
    /// The newest valid record and its slot.
    pub newest: Option<(SlotName, Envelope<'a>)>,
    /// Why each present slot was refused (`None`: valid or absent).
    pub refused: [Option<Corrupt>; 2],
}

impl Pick<'_> {
    /// Where the next write goes and with which sequence number.
    pub fn next_write(&self) -> (SlotName, u32) {
        match self.newest {
            Some((slot, env)) => (slot.other(), env.seq.wrapping_add(1)),
            None => (SlotName::A, 1),
        }
    }
}

/// `a` is newer than `b` in wrapping sequence order.
fn newer(a: u32, b: u32) -> bool {
    let d = a.wrapping_sub(b);
    d != 0 && d < u32::MAX / 2
}

/// Chooses between the bytes of slot A and slot B (`None`: the file does not exist).
pub fn pick<'a>(a: Option<&'a [u8]>, b: Option<&'a [u8]>, kind: Kind) -> Pick<'a> {
    let mut refused = [None, None];
    let mut check = |bytes: Option<&'a [u8]>, i: usize| match bytes.map(|b| decode(b, kind)) {
        Some(Ok(env)) => Some(env),
        Some(Err(why)) => {
            refused[i] = Some(why);
            None
        }
        None => None,
    };
    let ea = check(a, 0);
    let eb = check(b, 1);
    let newest = match (ea, eb) {
        (Some(x), Some(y)) if newer(y.seq, x.seq) => Some((SlotName::B, y)),
        (Some(x), _) => Some((SlotName::A, x)),
        (None, Some(y)) => Some((SlotName::B, y)),
        (None, None) => None,
    };
    Pick { newest, refused }
}
