//! The extension port: what is plugged into a Wii Remote (Nunchuk, Classic Controller, Classic
//! Controller Pro, a clone of either, the Wii U Pro Controller's identifier) and what it reports.
//! Pure protocol, host-tested from bytes: identification (`kind`), the calibration block
//! (`calibration`), the 6 data bytes of report 0x37 (`decode`) and the start-up and hot-plug
//! state machine (`startup`). It never sends anything itself: `remote.rs` queues the output
//! reports it asks for. Facts from WiiBrew "Wiimote/Extension Controllers" (and its Nunchuk and
//! Classic Controller pages), libogc `wiiuse/classic.c` / `nunchuk.c` and Dolphin
//! `Core/HW/WiimoteEmu/Extension/{Nunchuk,Classic}.cpp`.

pub mod calibration;
pub mod decode;
pub mod kind;
pub mod startup;

pub use calibration::{Axis, StickCalibration};
pub use decode::{ExtButtons, ExtInput, Extension};
pub use kind::ExtensionKind;
pub use startup::{ExtEvent, ExtensionPort};
