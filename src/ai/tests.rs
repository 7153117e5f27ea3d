//! Tests of the players on the real games that span several of ai's modules.

mod beginner;
mod games;
mod stepping;
