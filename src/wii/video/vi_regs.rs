//! The VI's register values as typed words built from named fields (`Dcr::new().enable(true)`),
//! as GX's BP builders are and as rust-console/gba's `video` newtypes are. Pure values: nothing
//! here touches hardware (the register table is `vi.rs`'s, the mode tables `video_mode.rs`'s).
//! Field positions: Dolphin `Source/Core/Core/HW/VideoInterface.h` (the `UVI*Register`
//! unions) and libogc video.c (`__setHorizontalRegs`, `__setVerticalRegs`, `__VIInit`),
//! summarised in docs/hardware.md "VI". A 32-bit register is written as two 16-bit halves,
//! the high half at the lower address ([`halves`](Htr0::halves)).

/// Defines, for a word type, one setter (returns the word with the field replaced; bits of
/// `v` beyond the field's width are dropped) and one getter per field.
macro_rules! fields {
    ($ty:ident: $word:ty { $($(#[$doc:meta])* $set:ident / $get:ident: $shift:literal, $width:literal;)* }) => {
        impl $ty {
            $(
                $(#[$doc])*
                pub const fn $set(self, v: $word) -> Self {
                    let mask: $word = (((1 as $word) << $width) - 1) << $shift;
                    $ty((self.0 & !mask) | ((v << $shift) & mask))
                }
                #[doc = concat!("The `", stringify!($set), "` field.")]
                pub const fn $get(self) -> $word {
                    (self.0 >> $shift) & (((1 as $word) << $width) - 1)
                }
            )*
        }
    };
}

/// Defines one-bit flags: a setter taking `bool` and an `is_` getter.
macro_rules! flags {
    ($ty:ident: $word:ty { $($(#[$doc:meta])* $set:ident / $get:ident: $bit:literal;)* }) => {
        impl $ty {
            $(
                $(#[$doc])*
                pub const fn $set(self, on: bool) -> Self {
                    let bit: $word = 1 << $bit;
                    $ty(if on { self.0 | bit } else { self.0 & !bit })
                }
                #[doc = concat!("The `", stringify!($set), "` flag.")]
                pub const fn $get(self) -> bool {
                    self.0 & (1 << $bit) != 0
                }
            )*
        }
    };
}

/// Defines a word type: `new()` (all zero), `from_bits`, `bits`.
macro_rules! word {
    ($(#[$doc:meta])* $ty:ident: $word:ty) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
        #[repr(transparent)]
        pub struct $ty($word);
        impl $ty {
            /// Every field zero.
            pub const fn new() -> Self {
                $ty(0)
            }
            /// The value as the register holds it.
            pub const fn from_bits(bits: $word) -> Self {
                $ty(bits)
            }
            /// The raw word.
            pub const fn bits(self) -> $word {
                self.0
            }
        }
    };
}

/// Defines `halves` for a 32-bit word type: `[high, low]`, the order of their addresses.
macro_rules! halves {
    ($($ty:ident),*) => {
        $(impl $ty {
            /// `[high half, low half]`: what the VI's two 16-bit registers receive, in address order.
            pub const fn halves(self) -> [u16; 2] {
                [(self.0 >> 16) as u16, self.0 as u16]
            }
        })*
    };
}

word!(
    /// VI_VTR (0xCC002000): vertical timing.
    Vtr: u16
);
fields!(Vtr: u16 {
    /// EQU: equalisation pulse, in half lines.
    equ / equ_half_lines: 0, 4;
    /// ACV: active video lines per field.
    acv / active_lines: 4, 10;
});

/// DCR.FMT: the video format the encoder is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// 0: NTSC (also EURGB60: libogc video.c writes PAL60 as NTSC).
    Ntsc = 0,
    /// 1: PAL 50 Hz.
    Pal = 1,
    /// 2: MPAL.
    Mpal = 2,
    /// 3: debug.
    Debug = 3,
}

word!(
    /// VI_DCR (0xCC002002): display configuration.
    Dcr: u16
);
flags!(Dcr: u16 {
    /// ENB: the VI scans out.
    enable / is_enabled: 0;
    /// RST: reset (Dolphin clears the interrupt registers and drops the bit).
    reset / is_reset: 1;
    /// NIN: non-interlaced (progressive or double strike).
    non_interlaced / is_non_interlaced: 2;
});
fields!(Dcr: u16 {
    /// FMT as a raw number (see [`Dcr::format`] for the named values).
    fmt / fmt_bits: 8, 2;
});
impl Dcr {
    /// FMT from a named [`Format`].
    pub const fn format(self, f: Format) -> Self {
        self.fmt(f as u16)
    }
}

word!(
    /// VI_HTR0 (0xCC002004/6): horizontal timing 0.
    Htr0: u32
);
fields!(Htr0: u32 {
    /// HLW: half-line width, in samples.
    hlw / half_line_width: 0, 10;
    /// HCE: horizontal sync start to colour burst end.
    hce / colour_burst_end: 16, 7;
    /// HCS: horizontal sync start to colour burst start.
    hcs / colour_burst_start: 24, 7;
});

word!(
    /// VI_HTR1 (0xCC002008/A): horizontal timing 1.
    Htr1: u32
);
fields!(Htr1: u32 {
    /// HSY: horizontal sync width.
    hsy / sync_width: 0, 7;
    /// HBE640: horizontal sync start to blanking end.
    hbe / blank_end: 7, 10;
    /// HBS640: half line to horizontal blanking start.
    hbs / blank_start: 17, 10;
});

word!(
    /// VI_VTO / VI_VTE (0xCC00200C/E, 0xCC002010/2): odd / even field vertical blanking.
    FieldBlanking: u32
);
fields!(FieldBlanking: u32 {
    /// PRB: pre-blanking, in half lines.
    prb / pre_blanking: 0, 10;
    /// PSB: post-blanking, in half lines.
    psb / post_blanking: 16, 10;
});

word!(
    /// VI_BBOI / VI_BBEI (0xCC002014/6, 0xCC002018/A): colour burst blanking of the odd /
    /// even field pairs.
    BurstBlanking: u32
);
fields!(BurstBlanking: u32 {
    /// BS1 (Dolphin BS0): field x start to burst blanking start, in half lines.
    bs1 / start1: 0, 5;
    /// BE1 (Dolphin BE0): field x start to burst blanking end, in half lines.
    be1 / end1: 5, 11;
    /// BS3 (Dolphin BS2): field x+2 start to burst blanking start.
    bs3 / start3: 16, 5;
    /// BE3 (Dolphin BE2): field x+2 start to burst blanking end.
    be3 / end3: 21, 11;
});

word!(
    /// VI_TFBL / VI_BFBL (0xCC00201C/E, 0xCC002024/6): top / bottom field base.
    FieldBase: u32
);
fields!(FieldBase: u32 {
    /// FBB: the XFB address (>> 5 when POFF is set in the top field's register).
    fbb / base: 0, 24;
});
flags!(FieldBase: u32 {
    /// POFF: FBB is the physical address >> 5 (both fields, read from the top one).
    page_offset / is_page_offset: 28;
});

word!(
    /// VI_DI0..VI_DI3 (0xCC002030/2, ...): a display interrupt: fires at beam position
    /// (HCT, VCT); status flag set then (write 0 to clear).
    DisplayInterrupt: u32
);
fields!(DisplayInterrupt: u32 {
    /// HCT: horizontal position, in samples (1-based).
    hct / h_position: 0, 11;
    /// VCT: vertical position, in half lines (1-based).
    vct / v_position: 16, 11;
});
flags!(DisplayInterrupt: u32 {
    /// ENB (interrupt mask): the status may raise the VI interrupt (MSR[EE] stays 0 here).
    enable / is_enabled: 28;
    /// INT: the status flag.
    status / is_status: 31;
});

word!(
    /// VI_HSW (0xCC002048): picture configuration.
    PictureConfig: u16
);
fields!(PictureConfig: u16 {
    /// STD: stride per field, in 16-pixel (32-byte) units.
    stride / stride_units: 0, 8;
    /// WPL: XFB words (16 pixels) read per line.
    wpl / words_per_line: 8, 7;
});

word!(
    /// VI_HSR (0xCC00204A): horizontal scaling.
    HorizontalScale: u16
);
fields!(HorizontalScale: u16 {
    /// STP: scaling step, 256 = 1:1.
    step / step_value: 0, 9;
});
flags!(HorizontalScale: u16 {
    /// HS_EN: scaling on.
    enable / is_enabled: 12;
});

word!(
    /// VI_VICLK (0xCC00206C): the video clock.
    Clock: u16
);
flags!(Clock: u16 {
    /// 54 MHz (progressive modes); 27 MHz when clear.
    mhz54 / is_54mhz: 0;
});

word!(
    /// VI_DTV (0xCC00206E): digital TV status (read by libogc `VIDEO_HaveComponentCable`).
    DtvStatus: u16
);
flags!(DtvStatus: u16 {
    /// Bit 0: a component (YPbPr) cable is plugged in.
    component / is_component: 0;
});

halves!(
    Htr0,
    Htr1,
    FieldBlanking,
    BurstBlanking,
    FieldBase,
    DisplayInterrupt
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_field_lands_in_its_bits_and_reads_back() {
        let v = Vtr::new().equ(6).acv(240);
        assert_eq!(v.bits(), 0x0F06);
        assert_eq!((v.equ_half_lines(), v.active_lines()), (6, 240));
        let d = Dcr::new()
            .enable(true)
            .non_interlaced(true)
            .format(Format::Pal);
        assert_eq!(d.bits(), 0x0105);
        assert!(d.is_enabled() && d.is_non_interlaced() && !d.is_reset());
        assert_eq!(d.fmt_bits(), 1);
        assert_eq!(Dcr::new().reset(true).bits(), 0x0002);
        let h = Htr0::new().hlw(429).hce(105).hcs(71);
        assert_eq!(h.halves(), [0x4769, 0x01AD]);
        assert_eq!(h.half_line_width(), 429);
        let di = DisplayInterrupt::new().hct(430).vct(263).enable(true);
        assert_eq!(di.halves(), [0x1107, 0x01AE]);
        assert!(!di.is_status() && di.status(true).is_status());
        assert_eq!(PictureConfig::new().wpl(40).stride(80).bits(), 0x2850);
        assert_eq!(HorizontalScale::new().step(256).bits(), 0x0100);
        assert_eq!(
            FieldBase::new().page_offset(true).fbb(0xB_0000).bits(),
            0x100B_0000
        );
        assert!(DtvStatus::from_bits(1).is_component());
        assert!(Clock::new().mhz54(true).is_54mhz());
    }

    #[test]
    fn a_value_too_wide_for_its_field_does_not_spill_into_the_next() {
        // EQU is 4 bits: 0x1F keeps only 0xF and leaves ACV alone.
        let v = Vtr::new().acv(240).equ(0x1F);
        assert_eq!((v.equ_half_lines(), v.active_lines()), (0xF, 240));
        // Replacing a field clears its old bits.
        assert_eq!(v.equ(1).bits(), 0x0F01);
        let b = BurstBlanking::new().bs1(0xFF).be1(0);
        assert_eq!(b.bits(), 0x1F);
    }

    #[test]
    fn clearing_a_flag_keeps_the_other_bits() {
        let d = Dcr::from_bits(0x0107).reset(false);
        assert_eq!(d.bits(), 0x0105);
        assert_eq!(d.enable(false).bits(), 0x0104);
    }
}
