//! The runtime: what every other part of `wii` stands on and what runs before and after the
//! game. The entry point and the CPU set-up (`start`, `stack`, `exceptions`), memory and caches
//! (`mem2`, `cache`), the one volatile register type (`mmio`), time (`clock`, `deadline`), the
//! loader's argv (`argv`), the log over the USB Gecko (`gecko`, `log`, `log_sink`), the PI
//! RESET level (`pi`), the console handle with the ways out (`system`, `exit`) and the panic
//! path (`panic`, `error_screen`). Must not touch the video, IOS or input devices except where
//! a way out has to (the panic screen, stopping the audio DMA, blanking the VI on exit).

pub mod argv;
pub mod cache;
pub mod clock;
pub mod deadline;
pub mod error_screen;
pub mod exceptions;
pub mod exit;
pub mod gecko;
pub mod log;
pub mod log_sink;
pub mod mem2;
pub mod mmio;
pub mod panic;
pub mod panic_flag;
pub mod pi;
pub mod stack;
pub mod start;
pub mod system;
