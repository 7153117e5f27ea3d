//! The generated weight files of the senet networks.

pub mod heuristic_kendall;
pub mod jequier;
pub mod jequier_hard;
pub mod kendall;
pub mod wiibrew2009;
