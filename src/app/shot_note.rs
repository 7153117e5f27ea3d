//! The screenshot's notice, shown over every scene at the top of the frame: "Saving
//! screenshot..." while it is written, then where it went (the save folder and the file name,
//! `sd:/apps/senas-senet/SHOT-003.BMP`) or why it could not be (no card, locked, full, ...),
//! in English and Spanish (its own table, as `refusals.rs`). Owns the sentence, how long it
//! stays and its drawing; the screenshot itself is the console layer's (`console::shot`) and the
//! file's name `save::shot_name`.

use super::save_folder::SaveFolder;
use super::saving::StorageNote;
use super::settings::Language;
use super::text::Text;
use super::ui;
use crate::gfx::{palette, Aspect, DrawList};
use crate::save::shot_name;

/// Frames a result stays (4 s at 60 Hz).
pub const SHOWN_FRAMES: u16 = 240;
/// Top of the notice box.
const TOP: i16 = 10;

/// What the notice says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotNote {
    /// Being written (stays until the result replaces it).
    Saving,
    /// Written as screenshot number `n` in the save folder.
    Saved(u16),
    /// Not written, and why.
    NotSaved(StorageNote),
}

/// The sentences of one language.
pub struct ShotStrings {
    pub saving: &'static str,
    /// Followed by the file's path.
    pub saved: &'static str,
    pub no_card: &'static str,
    pub locked: &'static str,
    pub full: &'static str,
    pub unformatted: &'static str,
    pub failed: &'static str,
}

pub const EN: ShotStrings = ShotStrings {
    saving: "Saving screenshot...",
    saved: "Screenshot saved: ",
    no_card: "Screenshot not saved: there is no SD card.",
    locked: "Screenshot not saved: the SD card is locked.",
    full: "Screenshot not saved: the SD card is full (or holds 999 screenshots).",
    unformatted: "Screenshot not saved: the SD card is not formatted (FAT).",
    failed: "Screenshot not saved: writing to the SD card failed.",
};

pub const ES: ShotStrings = ShotStrings {
    saving: "Guardando captura de pantalla...",
    saved: "Captura guardada: ",
    no_card: "Captura no guardada: no hay tarjeta SD.",
    locked: "Captura no guardada: la tarjeta SD está bloqueada.",
    full: "Captura no guardada: la tarjeta SD está llena (o tiene 999 capturas).",
    unformatted: "Captura no guardada: la tarjeta SD no tiene formato FAT.",
    failed: "Captura no guardada: falló la escritura en la tarjeta SD.",
};

/// The sentences of `lang`.
pub fn of(lang: Language) -> &'static ShotStrings {
    match lang {
        Language::English => &EN,
        Language::Spanish => &ES,
    }
}

/// The notice and its countdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShotNotice {
    note: Option<ShotNote>,
    left: u16,
}

impl ShotNotice {
    pub const fn new() -> Self {
        ShotNotice {
            note: None,
            left: 0,
        }
    }

    /// Shows `note` (a result for [`SHOWN_FRAMES`], `Saving` until replaced).
    pub fn set(&mut self, note: ShotNote) {
        self.note = Some(note);
        self.left = SHOWN_FRAMES;
    }

    /// One frame passes.
    pub fn tick(&mut self) {
        if self.note == Some(ShotNote::Saving) {
            return;
        }
        self.left = self.left.saturating_sub(1);
        if self.left == 0 {
            self.note = None;
        }
    }

    pub fn note(&self) -> Option<ShotNote> {
        self.note
    }

    /// The sentence shown, if any.
    pub fn text(&self, lang: Language, folder: &SaveFolder) -> Option<Text<200>> {
        let t = of(lang);
        let mut out = Text::new();
        match self.note? {
            ShotNote::Saving => out.push_fmt(format_args!("{}", t.saving)),
            ShotNote::Saved(n) => {
                out.push_fmt(format_args!("{}{}{}", t.saved, folder.path(), shot_name(n)))
            }
            ShotNote::NotSaved(why) => out.push_fmt(format_args!(
                "{}",
                match why {
                    StorageNote::NoCard => t.no_card,
                    StorageNote::Locked => t.locked,
                    StorageNote::Full => t.full,
                    StorageNote::Unformatted => t.unformatted,
                    StorageNote::Failed | StorageNote::Damaged | StorageNote::Outdated => {
                        t.failed
                    }
                }
            )),
        }
        Some(out)
    }

    /// Draws the notice at the top of the frame (refusals in gold).
    pub fn draw(&self, list: &mut DrawList, aspect: Aspect, lang: Language, folder: &SaveFolder) {
        let Some(text) = self.text(lang, folder) else {
            return;
        };
        let color = match self.note {
            Some(ShotNote::NotSaved(_)) => palette::GOLD,
            _ => palette::TEXT,
        };
        ui::notice(list, aspect, TOP, text.as_str(), color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::save_folder::SavedFrom;

    #[test]
    fn a_saved_shot_names_its_folder_and_file_in_both_languages() {
        let folder = SaveFolder::new("sd:/apps/senas renamed/", SavedFrom::Beside, false);
        let mut n = ShotNotice::new();
        n.set(ShotNote::Saved(3));
        let en = n.text(Language::English, &folder).unwrap();
        assert_eq!(
            en.as_str(),
            "Screenshot saved: sd:/apps/senas renamed/SHOT-003.BMP"
        );
        let es = n.text(Language::Spanish, &folder).unwrap();
        assert_eq!(
            es.as_str(),
            "Captura guardada: sd:/apps/senas renamed/SHOT-003.BMP"
        );
    }

    #[test]
    fn each_card_problem_has_its_own_sentence_and_a_result_goes_after_its_frames() {
        let folder = SaveFolder::DEFAULT;
        for lang in [Language::English, Language::Spanish] {
            let mut seen = std::vec::Vec::new();
            for why in [
                StorageNote::NoCard,
                StorageNote::Locked,
                StorageNote::Full,
                StorageNote::Unformatted,
                StorageNote::Failed,
            ] {
                let mut n = ShotNotice::new();
                n.set(ShotNote::NotSaved(why));
                let s = n.text(lang, &folder).unwrap();
                assert!(!seen.contains(&s), "{:?}", s.as_str());
                seen.push(s);
            }
        }
        let mut n = ShotNotice::new();
        n.set(ShotNote::Saving);
        for _ in 0..1000 {
            n.tick();
        }
        assert_eq!(
            n.note(),
            Some(ShotNote::Saving),
            "saving stays until the result"
        );
        n.set(ShotNote::Saved(1));
        for _ in 1..SHOWN_FRAMES {
            n.tick();
        }
        assert!(n.text(Language::English, &folder).is_some());
        n.tick();
        assert!(n.text(Language::English, &folder).is_none());
    }
}
