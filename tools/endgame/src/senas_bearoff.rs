//! The senas no-contact bear-off table (issue 27 part 1): placements and their ranks
//! ([`index`]), the one-sided table of turns to bear off built with the game's own generator
//! ([`table`]), its file ([`mod@file`]), its use as the benchmark's truth ([`truth`]) and the exact
//! two-sided expectimax it is measured against ([`brute`]). Uses the game's rules
//! (`senas_senet::games::senas`); never changes them.

pub mod brute;
pub mod compare;
pub mod file;
pub mod index;
pub mod lookahead;
pub mod table;
pub mod truth;
