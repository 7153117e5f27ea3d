//! Sensor-bar power: Hollywood GPIO B output bit 8 (`HW_GPIOB_OUT` 0xCD0000C0 |= 0x100), set by
//! libogc `__wiiuse_sensorbar_enable`. The console powers the bar; Dolphin 5.0-17995 also
//! returns no IR dots without it (tried in Dolphin; docs/hardware.md, "Bluetooth"). The only writer of the bit.

/// GPIO B output bit of the sensor bar.
pub const SENSOR_BAR: u32 = 0x100;

/// The new GPIO B output value with the sensor bar on or off.
pub const fn with_sensor_bar(gpio: u32, on: bool) -> u32 {
    if on {
        gpio | SENSOR_BAR
    } else {
        gpio & !SENSOR_BAR
    }
}

/// Powers the sensor bar on or off; returns the GPIO B value before.
#[cfg(target_arch = "powerpc")]
pub fn power(on: bool) -> u32 {
    /// `HW_GPIOB_OUT`: Broadway-owned GPIO outputs, read-write (Dolphin WII_IPC.cpp maps it
    /// with a read and a write handler).
    // SAFETY: GPIOB_OUT is an always-mapped 32-bit Hollywood register; only this bit is changed.
    const GPIOB_OUT: crate::wii::runtime::mmio::Rw<u32> =
        unsafe { crate::wii::runtime::mmio::Rw::new(0xCD00_00C0) };
    let before = GPIOB_OUT.read();
    GPIOB_OUT.write(with_sensor_bar(before, on));
    before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_bit_eight_changes() {
        assert_eq!(with_sensor_bar(0, true), 0x100);
        assert_eq!(with_sensor_bar(0xFFFF_FFFF, false), 0xFFFF_FEFF);
        assert_eq!(with_sensor_bar(0x0000_0003, true), 0x0000_0103);
    }
}
