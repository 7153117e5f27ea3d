//! The SYSCONF file format: a bounds-checked, validating reader over the 16 KiB byte image of
//! `/shared2/sys/SYSCONF`. Pure: no I/O, no allocation, never indexes without a check.
//!
//! Layout (big-endian; facts from Dolphin `SysConf.cpp` and libogc `conf.c`): magic `SCv0`,
//! `u16` item count, one `u16` offset per item (Dolphin adds one past-the-end offset), the
//! items, and the footer `SCed` in the last 4 bytes. An item is one byte `type << 5 |
//! (name_len - 1)`, the name, then its data: big array `u16 (len - 1)` + bytes, small array
//! `u8 (len - 1)` + bytes, byte 1, short 2, long 4, long long 8, bool 1.
//! [`SysConf::parse`] checks every item once, so lookups afterwards cannot fail.

use core::fmt;

/// Size of a SYSCONF file (Dolphin and libogc reject any other size).
pub const SIZE: usize = 0x4000;
/// First four bytes.
pub const MAGIC: [u8; 4] = *b"SCv0";
/// Bytes before the offset table: magic and item count.
const HEADER: usize = 6;

/// Why a SYSCONF image was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// The image is not `SIZE` bytes long (truncated or padded).
    BadSize(usize),
    /// The first four bytes are not `SCv0`.
    BadMagic([u8; 4]),
    /// The offset table of this many items runs past the end of the file.
    BadCount(u16),
    /// Item `index` starts at `offset`, inside the header or past the end.
    BadOffset { index: u16, offset: u16 },
    /// Item `index` has a type code that is not 1..=7.
    BadType { index: u16, code: u8 },
    /// Item `index`'s name or data runs past the end of the file.
    Overrun { index: u16, offset: u16 },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FormatError::BadSize(n) => write!(f, "SYSCONF is {n} bytes, not {SIZE}"),
            FormatError::BadMagic(m) => write!(f, "SYSCONF magic is {m:02x?}, not SCv0"),
            FormatError::BadCount(n) => write!(f, "SYSCONF offset table of {n} items overruns"),
            FormatError::BadOffset { index, offset } => {
                write!(f, "SYSCONF item {index} at bad offset {offset:#06x}")
            }
            FormatError::BadType { index, code } => {
                write!(f, "SYSCONF item {index} has unknown type {code}")
            }
            FormatError::Overrun { index, offset } => {
                write!(f, "SYSCONF item {index} at {offset:#06x} runs past the end")
            }
        }
    }
}

/// An item's value, borrowing array bytes from the image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    BigArray(&'a [u8]),
    SmallArray(&'a [u8]),
    Byte(u8),
    Short(u16),
    Long(u32),
    LongLong(u64),
    Bool(bool),
}

/// One named item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item<'a> {
    /// The name, e.g. `IPL.AR` (ASCII, 1..=32 bytes).
    pub name: &'a [u8],
    pub value: Value<'a>,
}

/// A validated SYSCONF image.
#[derive(Clone, Copy, Debug)]
pub struct SysConf<'a> {
    bytes: &'a [u8],
    count: u16,
}

fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    let b = bytes.get(at..at.checked_add(2)?)?;
    Some(u16::from_be_bytes([b[0], b[1]]))
}

/// The array of `N` bytes at `at`, if it is inside `bytes`.
fn array<const N: usize>(bytes: &[u8], at: usize) -> Option<[u8; N]> {
    bytes.get(at..at.checked_add(N)?)?.try_into().ok()
}

/// Decodes the item at `offset`; `None` for a known type whose name or data overruns,
/// `Some(Err(code))` for an unknown type code.
fn decode(bytes: &[u8], offset: usize) -> Option<Result<Item<'_>, u8>> {
    let head = *bytes.get(offset)?;
    let name_len = usize::from(head & 0x1F) + 1;
    let name_at = offset + 1;
    let name = bytes.get(name_at..name_at + name_len)?;
    let at = name_at + name_len;
    let value = match head >> 5 {
        1 => {
            let len = usize::from(be16(bytes, at)?) + 1;
            Value::BigArray(bytes.get(at + 2..at + 2 + len)?)
        }
        2 => {
            let len = usize::from(*bytes.get(at)?) + 1;
            Value::SmallArray(bytes.get(at + 1..at + 1 + len)?)
        }
        3 => Value::Byte(*bytes.get(at)?),
        4 => Value::Short(u16::from_be_bytes(array(bytes, at)?)),
        5 => Value::Long(u32::from_be_bytes(array(bytes, at)?)),
        6 => Value::LongLong(u64::from_be_bytes(array(bytes, at)?)),
        7 => Value::Bool(*bytes.get(at)? != 0),
        code => return Some(Err(code)),
    };
    Some(Ok(Item { name, value }))
}

impl<'a> SysConf<'a> {
    /// Checks the size, the magic, the offset table and every item.
    pub fn parse(bytes: &'a [u8]) -> Result<Self, FormatError> {
        if bytes.len() != SIZE {
            return Err(FormatError::BadSize(bytes.len()));
        }
        let magic = array::<4>(bytes, 0).ok_or(FormatError::BadSize(bytes.len()))?;
        if magic != MAGIC {
            return Err(FormatError::BadMagic(magic));
        }
        let count = be16(bytes, 4).ok_or(FormatError::BadSize(bytes.len()))?;
        let table_end = HEADER + 2 * usize::from(count);
        if table_end > bytes.len() {
            return Err(FormatError::BadCount(count));
        }
        let conf = SysConf { bytes, count };
        for index in 0..count {
            let offset = conf.offset(index);
            if usize::from(offset) < table_end || usize::from(offset) >= bytes.len() {
                return Err(FormatError::BadOffset { index, offset });
            }
            match decode(bytes, usize::from(offset)) {
                Some(Ok(_)) => {}
                Some(Err(code)) => return Err(FormatError::BadType { index, code }),
                None => return Err(FormatError::Overrun { index, offset }),
            }
        }
        Ok(conf)
    }

    /// Number of items.
    pub fn len(&self) -> usize {
        usize::from(self.count)
    }

    /// True when the file holds no items.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    fn offset(&self, index: u16) -> u16 {
        be16(self.bytes, HEADER + 2 * usize::from(index)).unwrap_or(0)
    }

    /// The items in file order.
    pub fn items(&self) -> impl Iterator<Item = Item<'a>> + '_ {
        let bytes = self.bytes;
        (0..self.count).filter_map(move |i| decode(bytes, usize::from(self.offset(i)))?.ok())
    }

    /// The first item called `name` (as libogc's lookup: the first match wins).
    pub fn get(&self, name: &str) -> Option<Value<'a>> {
        self.items()
            .find(|item| item.name == name.as_bytes())
            .map(|item| item.value)
    }
}
