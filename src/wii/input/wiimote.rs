//! Wiimotes: up to four remotes over the Bluetooth host. Owns the HID report formats, the
//! per-remote setup sequence (LEDs, status, IR camera, reporting mode 0x33, or 0x37 with an extension), the extension
//! port (Nunchuk, Classic Controller), button and pointer state, rumble and battery, and the
//! player slots. Knows nothing of IOS or HCI details beyond
//! `wii::bt::Host`'s link events.

pub mod buttons;
pub mod extension;
pub mod ir;
pub mod pointer;
pub mod report;

pub use buttons::{Buttons, CoreButtons};
pub use pointer::{Aim, Calibration, PointerTracker};
pub mod remote;
pub mod remotes;
pub mod setup;

pub use remotes::{RemoteState, WiimoteEvent, Wiimotes, MAX_REMOTES};

#[cfg(test)]
mod tests;
