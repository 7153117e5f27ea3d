//! Typed IOS error codes and client-side IPC failures. Pure data, no hardware.

use core::fmt;

/// A negative result returned by IOS in a reply (`IPC_E*`/`IOS_E*` in libogc, Dolphin `IPCReply`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IosError {
    /// -1: access denied.
    AccessDenied,
    /// -2: the object already exists.
    Exists,
    /// -4: invalid argument.
    Invalid,
    /// -6: file or device not found.
    NotFound,
    /// -8: the resource manager's queue is full.
    QueueFull,
    /// -22: out of memory in IOS.
    NoMemory,
    /// Any other negative code.
    Other(i32),
}

impl IosError {
    /// Classifies a reply value: `Ok` for non-negative values, `Err` for IOS error codes.
    pub fn check(result: i32) -> Result<u32, IosError> {
        match result {
            r if r >= 0 => Ok(r as u32),
            -1 => Err(IosError::AccessDenied),
            -2 => Err(IosError::Exists),
            -4 => Err(IosError::Invalid),
            -6 => Err(IosError::NotFound),
            -8 => Err(IosError::QueueFull),
            -22 => Err(IosError::NoMemory),
            r => Err(IosError::Other(r)),
        }
    }
}

impl fmt::Display for IosError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IosError::AccessDenied => f.write_str("IOS: access denied"),
            IosError::Exists => f.write_str("IOS: already exists"),
            IosError::Invalid => f.write_str("IOS: invalid argument"),
            IosError::NotFound => f.write_str("IOS: not found"),
            IosError::QueueFull => f.write_str("IOS: queue full"),
            IosError::NoMemory => f.write_str("IOS: out of memory"),
            IosError::Other(c) => write!(f, "IOS: error {c}"),
        }
    }
}

/// Why a request could not be submitted or did not complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IpcError {
    /// Every slot is in use (or still owned by IOS after a timeout).
    NoFreeSlot,
    /// The argument does not fit the slot (path, buffer or vector too long, too many vectors).
    TooLarge,
    /// A DMA buffer handed to IOS is not made of whole 32-byte cache lines.
    Unaligned,
    /// IOS did not acknowledge or answer in time; the slot stays reserved until IOS replies.
    Timeout,
    /// IOS answered with an error code.
    Ios(IosError),
}

impl fmt::Display for IpcError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IpcError::NoFreeSlot => f.write_str("IPC: no free request slot"),
            IpcError::TooLarge => f.write_str("IPC: argument too large for a slot"),
            IpcError::Unaligned => f.write_str("IPC: DMA buffer not 32-byte aligned"),
            IpcError::Timeout => f.write_str("IPC: timeout"),
            IpcError::Ios(e) => e.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_negative_results_are_values_and_negative_ones_are_typed_errors() {
        assert_eq!(IosError::check(0), Ok(0));
        assert_eq!(IosError::check(339), Ok(339));
        assert_eq!(IosError::check(-6), Err(IosError::NotFound));
        assert_eq!(IosError::check(-4), Err(IosError::Invalid));
        assert_eq!(IosError::check(-1017), Err(IosError::Other(-1017)));
    }
}
