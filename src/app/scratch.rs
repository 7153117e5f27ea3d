//! The senas scratches the platform lends the app for its whole life (about 1 MB each: the turn
//! generation table and the turn list): `play` for the match (the person's turn builder, the
//! computer, the hint, the tutor) and `review` for the match review, which follows the match in
//! the frames' spare time (`app::review::live`) and so must never share a table with a search
//! paused between frames. Owns only that split; must not say how either is used.

use core::mem::MaybeUninit;

use crate::ai::senas_game::SenasScratch;

/// The two senas scratches of the app.
#[derive(Default)]
pub struct AppScratch {
    /// The match's: turn builder, computer players, hint, tutor.
    pub play: SenasScratch,
    /// The match review's (`app::review`), during the match and after it.
    pub review: SenasScratch,
}

impl AppScratch {
    /// Initialises both in place (megabytes: never built on the stack and moved), e.g. in a
    /// zeroed static, and hands them out.
    pub fn init_in(slot: &mut MaybeUninit<AppScratch>) -> &mut AppScratch {
        let p = slot.as_mut_ptr();
        // SAFETY: `p` points to memory `slot` owns, valid for writes and aligned for
        // `AppScratch`; each field's place is handed to `SenasScratch::init_in` as an
        // uninitialised slot of its own (no reference to the uninitialised whole is made),
        // which initialises it, after which every field is initialised.
        unsafe {
            SenasScratch::init_in(&mut *core::ptr::addr_of_mut!((*p).play).cast());
            SenasScratch::init_in(&mut *core::ptr::addr_of_mut!((*p).review).cast());
            &mut *p
        }
    }
}
