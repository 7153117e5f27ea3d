//! The hardware, and the only home of `unsafe` MMIO. Compiles on the host too (so that parsers
//! and state machines are tested there); PowerPC-only instructions are gated on
//! `target_arch = "powerpc"`.

pub mod bt;
pub mod ipc;
pub mod wiimote;
pub mod si;
pub mod stm;
