//! The match's random generator: PCG-32 (`rand_pcg::Pcg32`) that also counts its 32-bit
//! outputs, so a saved match can restore it exactly (`Pcg32::new(state, stream)` then
//! `advance(draws)`) and the dice after a resume are the dice the match would have rolled.
//! The stream of numbers is the plain `Pcg32`'s: 64-bit outputs are two 32-bit ones, low half
//! first, and byte fills go through `rand_core`'s helpers, as `Pcg32` itself does.

use rand_core::{impls, Error, RngCore};
use rand_pcg::Pcg32;

/// A counted PCG-32.
#[derive(Clone, Debug)]
pub struct GameRng {
    inner: Pcg32,
    state: u64,
    stream: u64,
    draws: u64,
}

impl GameRng {
    pub fn new(state: u64, stream: u64) -> Self {
        GameRng {
            inner: Pcg32::new(state, stream),
            state,
            stream,
            draws: 0,
        }
    }
    /// The generator `draws` outputs after `new(state, stream)`.
    pub fn restored(state: u64, stream: u64, draws: u64) -> Self {
        let mut g = GameRng::new(state, stream);
        g.inner.advance(draws);
        g.draws = draws;
        g
    }
    /// (state, stream, draws) for `restored`.
    pub fn snapshot(&self) -> (u64, u64, u64) {
        (self.state, self.stream, self.draws)
    }
}

impl RngCore for GameRng {
    fn next_u32(&mut self) -> u32 {
        self.draws = self.draws.wrapping_add(1);
        self.inner.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        impls::next_u64_via_u32(self)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counted_generator_gives_the_plain_pcg32_stream() {
        let mut a = GameRng::new(42, 0xda3e_39cb_94b9_5bdb);
        let mut b = Pcg32::new(42, 0xda3e_39cb_94b9_5bdb);
        for _ in 0..10 {
            assert_eq!(a.next_u32(), b.next_u32());
            assert_eq!(a.next_u64(), b.next_u64());
            let (mut x, mut y) = ([0u8; 13], [0u8; 13]);
            a.fill_bytes(&mut x);
            b.fill_bytes(&mut y);
            assert_eq!(x, y);
        }
    }

    #[test]
    fn a_restored_generator_continues_where_the_snapshot_was_taken() {
        let mut a = GameRng::new(7, 99);
        for _ in 0..37 {
            a.next_u64();
        }
        let (s, t, d) = a.snapshot();
        let mut b = GameRng::restored(s, t, d);
        for _ in 0..20 {
            assert_eq!(a.next_u32(), b.next_u32());
        }
    }
}
