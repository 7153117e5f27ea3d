//! The bytes of `/dev/sdio/slot0`: ioctl numbers, SD command numbers, command and response
//! types, the 36-byte command request and the status bits (libogc `libogc/wiisd.c` lines
//! 65-135; Dolphin `Source/Core/Core/IOS/SDIO/SDIOSlot0.h`). Pure data.

/// Bytes per block (SET_BLOCKLEN 512; SDHC blocks are always 512).
pub const BLOCK: usize = 512;

/// Device path and `IOS_Open` mode (libogc opens it with mode 1).
pub const DEVICE: &str = "/dev/sdio/slot0";
pub const OPEN_MODE: u32 = 1;

/// Ioctl numbers.
pub mod ioctl {
    pub const WRITE_HCR: u32 = 0x01;
    pub const READ_HCR: u32 = 0x02;
    pub const RESET_CARD: u32 = 0x04;
    pub const SET_CLK: u32 = 0x06;
    /// Plain ioctl without data; ioctlv (2 in, 1 io) with data or on SDHC.
    pub const SEND_CMD: u32 = 0x07;
    pub const GET_STATUS: u32 = 0x0B;
}

/// SD commands used here.
pub mod cmd {
    pub const SELECT: u32 = 0x07;
    pub const SET_BLOCKLEN: u32 = 0x10;
    pub const READ_MULTIPLE_BLOCK: u32 = 0x12;
    pub const WRITE_MULTIPLE_BLOCK: u32 = 0x19;
    pub const APP_CMD: u32 = 0x37;
    pub const ACMD_SET_BUS_WIDTH: u32 = 0x06;
}

/// Command types (`SDIOCMD_TYPE_*`) and response types (`SDIO_RESPONSE_*`).
pub const TYPE_AC: u32 = 3;
pub const RESP_R1: u32 = 1;
pub const RESP_R1B: u32 = 2;

/// Host controller register: host control (bit 1: 4-bit bus).
pub const HCR_HOST_CONTROL: u32 = 0x28;
pub const HOST_CONTROL_4BIT: u32 = 0x02;

/// `GET_STATUS` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status(pub u32);

impl Status {
    pub const INSERTED: u32 = 0x1;
    pub const INITIALIZED: u32 = 0x1_0000;
    pub const SDHC: u32 = 0x10_0000;
    pub fn inserted(self) -> bool {
        self.0 & Self::INSERTED != 0
    }
    pub fn initialized(self) -> bool {
        self.0 & Self::INITIALIZED != 0
    }
    pub fn sdhc(self) -> bool {
        self.0 & Self::SDHC != 0
    }
}

/// Bytes of the command request and of its response.
pub const REQUEST_BYTES: usize = 36;
pub const RESPONSE_BYTES: usize = 16;

/// One SD command as IOS reads it: nine big-endian words `cmd, cmd_type, rsp_type, arg,
/// blk_cnt, blk_size, dma_addr, isdma, pad0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    pub cmd: u32,
    pub cmd_type: u32,
    pub rsp_type: u32,
    pub arg: u32,
    pub blocks: u32,
    pub block_size: u32,
    /// The data buffer's address (libogc passes the virtual address; Dolphin masks it).
    pub dma_addr: u32,
}

impl Command {
    /// A command without data.
    pub const fn plain(cmd: u32, rsp_type: u32, arg: u32) -> Command {
        Command {
            cmd,
            cmd_type: TYPE_AC,
            rsp_type,
            arg,
            blocks: 0,
            block_size: 0,
            dma_addr: 0,
        }
    }

    pub fn bytes(&self) -> [u8; REQUEST_BYTES] {
        let words = [
            self.cmd,
            self.cmd_type,
            self.rsp_type,
            self.arg,
            self.blocks,
            self.block_size,
            self.dma_addr,
            u32::from(self.dma_addr != 0),
            0,
        ];
        let mut out = [0u8; REQUEST_BYTES];
        for (i, w) in words.iter().enumerate() {
            out[4 * i..4 * i + 4].copy_from_slice(&w.to_be_bytes());
        }
        out
    }
}

/// The 24-byte host-controller register query (`reg, 0, 0, size, value, 0`).
pub fn hcr_query(reg: u32, size: u32, value: u32) -> [u8; 24] {
    let mut out = [0u8; 24];
    for (i, w) in [reg, 0, 0, size, value, 0].iter().enumerate() {
        out[4 * i..4 * i + 4].copy_from_slice(&w.to_be_bytes());
    }
    out
}
