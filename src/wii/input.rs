//! The input stack: Wii Remotes over Bluetooth (`wiimote`, on `wii::bt`), GameCube pads over
//! SI (`wii::si`), and the sensor bar's power (`sensorbar`), run once per frame by
//! [`InputSystem`]. It borrows the IOS port (`wii::ios::IosPort`) for each call and owns no
//! request slots of its own; the console's Power and Reset buttons are not input, they are
//! `wii::system`'s. Mapping these controls to the game's actions is `src/controls_map.rs`'s job.

pub mod bt;
pub mod button_set;
pub mod sensorbar;
pub mod si;
pub mod stick;
pub mod system;
pub mod wiimote;

pub use system::{is_power_button, InputSystem, PlayerState, SearchStatus, Snapshot, Source};
pub use wiimote::Buttons;
