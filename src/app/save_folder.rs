//! Where the platform keeps the saves, as the app shows it (the Statistics screen): the
//! folder's path on the SD card (`sd:/apps/senas renamed/`), why it is that folder (beside the
//! launched `boot.dol`; the SD card because the game was started from USB; the default folder
//! because the loader named none) and whether older saves were copied into it. A plain
//! `Copy` value the platform puts in `Config`; the app never chooses or touches the folder
//! (`save::SavePlace`, `wii::saves`).

use super::strings::{fill, Strings};
use super::text::Text;

/// Longest path kept, in bytes (the screen shows at most [`SHOWN`] characters of it).
pub const PATH_MAX: usize = 120;
/// Most characters of the path shown on one line; a longer one shows its end after "...".
pub const SHOWN: usize = 44;

/// Why the saves are where they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedFrom {
    /// Beside the `boot.dol` that was launched from the SD card.
    Beside,
    /// Started from USB (or another device the game does not write): the SD card's folder of
    /// the same name.
    OtherDevice,
    /// The loader named no usable folder: the default `apps/senas-senet/`.
    Default,
}

/// The save folder as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveFolder {
    path: [u8; PATH_MAX],
    len: u8,
    pub from: SavedFrom,
    /// Saves found in the default folder were copied into this one at boot.
    pub copied: bool,
}

impl SaveFolder {
    /// The default folder, as a build without a platform (the host tests) sees it.
    pub const DEFAULT: SaveFolder = {
        let mut path = [0u8; PATH_MAX];
        let s = b"sd:/apps/senas-senet/";
        let mut i = 0;
        while i < s.len() {
            path[i] = s[i];
            i += 1;
        }
        SaveFolder {
            path,
            len: s.len() as u8,
            from: SavedFrom::Default,
            copied: false,
        }
    };

    /// `path` (cut at a character boundary if it is longer than [`PATH_MAX`]).
    pub fn new(path: &str, from: SavedFrom, copied: bool) -> SaveFolder {
        let mut end = path.len().min(PATH_MAX);
        while !path.is_char_boundary(end) {
            end -= 1;
        }
        let mut buf = [0u8; PATH_MAX];
        buf[..end].copy_from_slice(&path.as_bytes()[..end]);
        SaveFolder {
            path: buf,
            len: end as u8,
            from,
            copied,
        }
    }

    pub fn path(&self) -> &str {
        core::str::from_utf8(&self.path[..usize::from(self.len)]).unwrap_or("")
    }

    /// The lines the Statistics screen shows: where the saves go, then why (or what was
    /// copied), if there is more to say.
    pub fn lines(&self, t: &Strings) -> [Text<96>; 2] {
        let path = self.path();
        let n = path.chars().count();
        let mut shown: Text<PATH_MAX> = Text::new();
        if n > SHOWN {
            let skip = path
                .char_indices()
                .nth(n - (SHOWN - 3))
                .map_or(0, |(i, _)| i);
            shown.push_fmt(format_args!("...{}", &path[skip..]));
        } else {
            shown.push_fmt(format_args!("{path}"));
        }
        let mut first = Text::new();
        fill(&mut first, t.saved_in, &[&shown.as_str()]);
        let mut second = Text::new();
        let why = if self.copied {
            t.saved_copied
        } else {
            match self.from {
                SavedFrom::Beside => "",
                SavedFrom::OtherDevice => t.saved_other_device,
                SavedFrom::Default => t.saved_default,
            }
        };
        second.push_fmt(format_args!("{why}"));
        [first, second]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::settings::Language;
    use crate::app::strings;

    #[test]
    fn the_lines_say_where_and_why_in_both_languages() {
        for lang in [Language::English, Language::Spanish] {
            let t = strings::of(lang);
            let usb = SaveFolder::new("sd:/apps/senas renamed/", SavedFrom::OtherDevice, false);
            let [a, b] = usb.lines(t);
            assert!(
                a.as_str().contains("sd:/apps/senas renamed/"),
                "{}",
                a.as_str()
            );
            assert_eq!(b.as_str(), t.saved_other_device);
            let [_, b] = SaveFolder::DEFAULT.lines(t);
            assert_eq!(b.as_str(), t.saved_default);
            let copied = SaveFolder::new("sd:/apps/x/", SavedFrom::Beside, true);
            assert_eq!(copied.lines(t)[1].as_str(), t.saved_copied);
            let beside = SaveFolder::new("sd:/apps/x/", SavedFrom::Beside, false);
            assert_eq!(beside.lines(t)[1].as_str(), "");
            for s in [t.saved_copied, t.saved_other_device, t.saved_default] {
                assert!(s.chars().count() <= 62, "{s:?} fits the 640-pixel line");
            }
        }
    }

    #[test]
    fn a_long_or_unicode_path_is_cut_at_characters_and_shows_its_end() {
        let long = std::format!("sd:/apps/{}/", "ñ".repeat(100));
        let f = SaveFolder::new(&long, SavedFrom::Beside, false);
        assert!(f.path().len() <= PATH_MAX);
        assert!(f.path().starts_with("sd:/apps/ñ"));
        let [a, _] = f.lines(strings::of(Language::English));
        assert!(a.as_str().contains("...ñ"), "{}", a.as_str());
        assert!(a.as_str().chars().count() <= 62, "{}", a.as_str());
        assert_eq!(SaveFolder::DEFAULT.path(), "sd:/apps/senas-senet/");
    }
}
