//! The self-test's probes, in the order they run, and the raw values each one brings back
//! from the machine. The Wii side (`wii/selftest.rs`) fills a [`Measure`] by reading or
//! doing hardware and nothing else; what the values mean is `facts.rs`.

/// One probe of the self-test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Which machine the game found (Wii, vWii, Dolphin) and the game's version.
    Machine,
    /// The VI registers as the loader left them.
    LoaderVi,
    /// The IPC control register as the loader left it, and the replies it left pending.
    LoaderIpc,
    /// The IOS the loader left running (low memory 0x80003140).
    Ios,
    /// The Bluetooth controller's HCI Read Local Version Information answer.
    Bluetooth,
    /// Each Wii Remote: connected, extension.
    Remotes,
    /// The SD card's type and a write / read-back of a known pattern.
    Sd,
    /// A fixed CPU loop with a known checksum, timed.
    Cpu,
    /// The last frame's GX draw-done time.
    Gx,
    /// Cache probe, first half: a sentinel word written into the XFB the next frame's GX
    /// copy goes to, flushed, and read back into the data cache (a clean line).
    XfbPrime,
    /// Cache probe, second half (the next frame): the word the GX copy (a GPU DMA into
    /// MEM1) wrote, read before and after invalidating the line.
    XfbCopy,
    /// A known pattern drawn into the EFB (no copy) and read back by the CPU (peeks) at six
    /// points: four coloured quads and the background (`selftest::efb`).
    EfbPattern,
    /// How far the audio DMA moved over a known time.
    Audio,
}

/// Every probe, in the report's order.
pub const PROBES: [Probe; 13] = [
    Probe::Machine,
    Probe::LoaderVi,
    Probe::LoaderIpc,
    Probe::Ios,
    Probe::Bluetooth,
    Probe::Remotes,
    Probe::Sd,
    Probe::Cpu,
    Probe::Gx,
    Probe::XfbPrime,
    Probe::XfbCopy,
    Probe::EfbPattern,
    Probe::Audio,
];

impl Probe {
    /// The key prefix of the probe's facts in the report (`vi.vtr=...`).
    pub const fn key(self) -> &'static str {
        match self {
            Probe::Machine => "machine",
            Probe::LoaderVi => "vi",
            Probe::LoaderIpc => "ipc",
            Probe::Ios => "ios",
            Probe::Bluetooth => "bt",
            Probe::Remotes => "remotes",
            Probe::Sd => "sd",
            Probe::Cpu => "cpu",
            Probe::Gx => "gx",
            Probe::XfbPrime => "xfb_prime",
            Probe::XfbCopy => "xfb",
            Probe::EfbPattern => "efb",
            Probe::Audio => "audio",
        }
    }
}

/// HCI Read Local Version Information return parameters (Bluetooth Core spec, vol 4 part E
/// 7.4.1), after the status byte.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BtVersion {
    pub hci_version: u8,
    pub hci_revision: u16,
    pub lmp_version: u8,
    pub manufacturer: u16,
    pub lmp_subversion: u16,
}

/// One Wii Remote slot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RemoteFact {
    pub connected: bool,
    /// The extension's name (`nunchuk`, `classic`, `none`, ...).
    pub extension: &'static str,
    /// 0..=100 once a status report told.
    pub battery: Option<u8>,
}

/// The SD card's type as the card's registers say.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SdKind {
    /// No card (or no SD device).
    None,
    /// Standard capacity (byte-addressed).
    Sdsc,
    /// High capacity (block-addressed).
    Sdhc,
}

/// What one probe measured: plain values, no meaning attached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The platform cannot run this probe.
    Unavailable,
    Machine {
        /// `wii`, `vwii` or `dolphin`.
        machine: &'static str,
        version: &'static str,
    },
    LoaderVi {
        vtr: u16,
        dcr: u16,
        viclk: u16,
        /// 0x800000CC.
        tv_format: u32,
    },
    LoaderIpc {
        /// PPCCTRL (0xCD000004) before the game touched it.
        ppcctrl: u32,
        /// Replies of someone else's requests the game drained at start.
        stale_replies: u32,
    },
    Ios {
        /// 0x80003140 (u16).
        version: u16,
        /// 0x80003142 (u16).
        revision: u16,
    },
    Bluetooth(Option<BtVersion>),
    Remotes([RemoteFact; 4]),
    Sd {
        kind: SdKind,
        /// Bytes of the pattern written (0: not written).
        written: u32,
        /// CRC-32 of the pattern as written and as read back (`None`: the step failed).
        wrote_crc: Option<u32>,
        read_crc: Option<u32>,
    },
    Cpu {
        iterations: u32,
        checksum: u32,
        micros: u64,
    },
    Gx {
        /// Submit plus wait of the last frame, in microseconds.
        draw_done_us: u64,
        timed_out: bool,
    },
    XfbPrime {
        /// The sentinel now in memory and in the cache.
        sentinel: u32,
        /// What the CPU read back right after the flush.
        read: u32,
    },
    XfbCopy {
        /// The sentinel the first half wrote.
        sentinel: u32,
        /// Read with the line still in the cache (no invalidate).
        cached: u32,
        /// Read after `dcbf` (what the GX copy put in memory).
        fresh: u32,
        /// The XFB word of the colour drawn there (the screen's background).
        expected: u32,
    },
    EfbPattern {
        /// The GP reported draw-done for the pattern (false: it timed out).
        drawn: bool,
        /// The peeked pixels at `selftest::efb::PEEKS`, ARGB.
        read: [u32; super::efb::POINTS],
    },
    Audio {
        /// Audio frames the DMA moved over `micros`.
        frames: u64,
        micros: u64,
    },
}
