//! IOS IPC client: the PowerPC side of the Starlet mailbox, polled without interrupts.
//!
//! Owns the request pool (32-byte-aligned [`Slot`]s), the one-request-in-the-mailbox rule, reply
//! matching by `ARMMSG`, cache maintenance through the [`CacheOps`] seam, typed IOS errors and
//! timeouts. It knows nothing about the devices behind the file descriptors (see `wii::bt`,
//! `wii::stm`). Register access goes through [`IpcRegs`] so the state machine runs on the host.

mod cache;
mod client;
mod error;
mod regs;
mod retry;
mod slot;

#[cfg(test)]
pub(crate) mod fake;

pub use cache::{CacheOps, WiiCache};
pub use client::{Completion, Ipc, SlotId, Stats as IpcStats};
pub use error::{IosError, IpcError};
#[cfg(target_arch = "powerpc")]
pub use regs::MmioIpc;
pub use regs::{IpcRegs, CTRL_HANDBACK, CTRL_IRQ_ENABLES};
pub use retry::{retryable, OpenRetry, RETRY_EVERY_MS, RETRY_FOR_MS};
pub use slot::{phys, Slot, SLOT_BUF, SLOT_CELLS};

#[cfg(test)]
mod tests;
