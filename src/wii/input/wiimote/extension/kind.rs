//! Which extension is plugged in, from the 6-byte identifier at register 0xA400FA (read after
//! the unencrypted start-up). Identifiers from WiiBrew "Wiimote/Extension Controllers"
//! (identifier table) and Dolphin's `Extension/{Nunchuk,Classic}.cpp` ids; only the last two
//! bytes name the device class, so clones that put other bytes in front still match.

/// An extension the game knows how to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtensionKind {
    /// `00 00 A4 20 00 00` (some clones `FF 00 A4 20 00 00`).
    Nunchuk,
    /// `00 00 A4 20 01 01`.
    Classic,
    /// `01 00 A4 20 01 01`: same data format as the Classic Controller.
    ClassicPro,
    /// `00 00 A4 20 01 20`: its data does not fit report 0x37's 6 extension bytes (WiiBrew
    /// "Wii U Pro Controller"), so it is named but not read.
    WiiUPro,
    /// Any other identifier (Motion Plus, guitars, drums, a half-inserted plug): its bytes are
    /// ignored and the remote's own buttons keep working.
    Unknown([u8; 6]),
}

impl ExtensionKind {
    /// Identifies the 6 bytes read at 0xA400FA.
    pub fn identify(id: &[u8; 6]) -> Self {
        match (id[0], id[2], id[3], id[4], id[5]) {
            (_, 0xA4, 0x20, 0x00, 0x00) => ExtensionKind::Nunchuk,
            (0x01, 0xA4, 0x20, 0x01, 0x01) => ExtensionKind::ClassicPro,
            (_, 0xA4, 0x20, 0x01, 0x01) => ExtensionKind::Classic,
            (_, 0xA4, 0x20, 0x01, 0x20) => ExtensionKind::WiiUPro,
            _ => ExtensionKind::Unknown(*id),
        }
    }

    /// The Classic Controller's layout (Classic or Pro): plays like a GameCube pad.
    pub fn is_classic(self) -> bool {
        matches!(self, ExtensionKind::Classic | ExtensionKind::ClassicPro)
    }

    /// The game decodes this extension's bytes.
    pub fn is_read(self) -> bool {
        matches!(self, ExtensionKind::Nunchuk) || self.is_classic()
    }

    /// The name the log uses.
    pub fn name(self) -> &'static str {
        match self {
            ExtensionKind::Nunchuk => "nunchuk",
            ExtensionKind::Classic => "classic",
            ExtensionKind::ClassicPro => "classic_pro",
            ExtensionKind::WiiUPro => "wiiu_pro",
            ExtensionKind::Unknown(_) => "unknown",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_documented_identifier_names_its_controller() {
        let id = |b: [u8; 6]| ExtensionKind::identify(&b);
        assert_eq!(
            id([0x00, 0x00, 0xA4, 0x20, 0x00, 0x00]),
            ExtensionKind::Nunchuk
        );
        assert_eq!(
            id([0xFF, 0x00, 0xA4, 0x20, 0x00, 0x00]),
            ExtensionKind::Nunchuk
        );
        assert_eq!(
            id([0x00, 0x00, 0xA4, 0x20, 0x01, 0x01]),
            ExtensionKind::Classic
        );
        assert_eq!(
            id([0x01, 0x00, 0xA4, 0x20, 0x01, 0x01]),
            ExtensionKind::ClassicPro
        );
        assert_eq!(
            id([0x00, 0x00, 0xA4, 0x20, 0x01, 0x20]),
            ExtensionKind::WiiUPro
        );
        assert!(id([0x00, 0x00, 0xA4, 0x20, 0x01, 0x01]).is_classic());
        assert!(id([0x01, 0x00, 0xA4, 0x20, 0x01, 0x01]).is_read());
        assert!(!id([0x00, 0x00, 0xA4, 0x20, 0x01, 0x20]).is_read());
    }

    #[test]
    fn motion_plus_guitars_and_a_half_inserted_plug_are_unknown_and_not_read() {
        for b in [
            [0x00, 0x00, 0xA4, 0x20, 0x04, 0x05], // Motion Plus, active
            [0x00, 0x00, 0xA4, 0x20, 0x01, 0x03], // guitar
            [0xFF; 6],                            // nothing answered
            [0x00; 6],
        ] {
            let k = ExtensionKind::identify(&b);
            assert_eq!(k, ExtensionKind::Unknown(b));
            assert!(!k.is_read());
        }
    }
}
