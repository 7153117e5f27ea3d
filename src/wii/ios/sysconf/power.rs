//! How the console switches off when the player asks the game to: `IPL.IDL`, two bytes
//! (the shutdown mode, then the idle LED mode), as libogc `conf.c` `CONF_GetShutdownMode` and
//! `CONF_GetIdleLedMode` read them (a small array of exactly two bytes). Mode 1
//! (`CONF_SHUTDOWN_IDLE`, WiiConnect24's standby) means idle, with the LED mode (0..=2, libogc
//! `CONF_LED_OFF..CONF_LED_BRIGHT`) set first; anything else, or no readable key, means
//! standby (the red light), as the libogc programs' shutdown code does
//! (`STM_SetLedMode` + `STM_ShutdownToIdle`, else `STM_ShutdownToStandby`). Pure.

use super::format::{SysConf, Value};

/// The SYSCONF item.
pub const KEY: &str = "IPL.IDL";
/// `IPL.IDL[0]` for idle (libogc `CONF_SHUTDOWN_IDLE`).
pub const SHUTDOWN_IDLE: u8 = 1;

/// The way off the console's settings ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerOff {
    /// Standby: the console off, red light.
    Standby,
    /// Idle (WiiConnect24 standby), with the idle LED mode to set first when it is valid.
    Idle { led: Option<u8> },
}

impl PowerOff {
    /// The word the log uses (`to=`).
    pub fn key(self) -> &'static str {
        match self {
            PowerOff::Standby => "standby",
            PowerOff::Idle { .. } => "idle",
        }
    }

    /// `IPL.IDL` of `conf` (standby when it is missing or not two bytes).
    pub fn from_sysconf(conf: &SysConf<'_>) -> PowerOff {
        match conf.get(KEY) {
            Some(Value::SmallArray(&[mode, led])) | Some(Value::BigArray(&[mode, led])) => {
                PowerOff::from_bytes(mode, led)
            }
            _ => PowerOff::Standby,
        }
    }

    /// The two bytes of `IPL.IDL`.
    pub fn from_bytes(mode: u8, led: u8) -> PowerOff {
        if mode == SHUTDOWN_IDLE {
            PowerOff::Idle {
                led: (led <= 2).then_some(led),
            }
        } else {
            PowerOff::Standby
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_mode_one_keeps_a_valid_led_mode_and_anything_else_is_standby() {
        assert_eq!(PowerOff::from_bytes(1, 2), PowerOff::Idle { led: Some(2) });
        assert_eq!(PowerOff::from_bytes(1, 0), PowerOff::Idle { led: Some(0) });
        assert_eq!(PowerOff::from_bytes(1, 7), PowerOff::Idle { led: None });
        assert_eq!(PowerOff::from_bytes(0, 1), PowerOff::Standby);
        assert_eq!(PowerOff::from_bytes(2, 1), PowerOff::Standby);
    }
}
