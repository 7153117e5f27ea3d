//! The save folder's boot step: the loader's argv (`wii::argv`) chooses the folder
//! (`save::SavePlace`), the card is started for it, the first FAT session opens or creates the
//! folder and copies older saves from `apps/senas-senet/` into it (`save::adopt`), and one log
//! line says where the game saves and why (`event=save_folder`, docs/saving.md). Glue only.

use super::{Clock, Problem, Saves};
use crate::log;
use crate::save::{Adopted, SavePlace, Why, LABEL_MAX};
use crate::wii::ios::ipc::{CacheOps, Ipc, IpcRegs};
use crate::wii::ios::sd::DmaBuf;

/// Where the game saves, as the boot step found it.
pub struct BootFolder {
    /// `sd:/` + the folder as opened (or as chosen, without a card) + `/`.
    pub shown: heapless::String<{ LABEL_MAX + 8 }>,
    /// Why it is that folder.
    pub why: Why,
    /// What was copied from `apps/senas-senet/`.
    pub copied: Adopted,
}

impl Saves {
    /// The first session at boot: opens (or creates) the game's folder, copies older saves
    /// from `apps/senas-senet/` into it when it has none (`save::adopt`), and answers the
    /// folder as opened (`apps/senas renamed`) with what was copied.
    pub fn prepare<R: IpcRegs, C: CacheOps>(
        &mut self,
        ipc: &mut Ipc<R, C>,
        clock: Clock,
    ) -> Result<(heapless::String<LABEL_MAX>, Adopted), Problem> {
        let place = self.place.clone();
        self.with_folder(ipc, clock, |f| {
            let adopted = f.adopt_default(&place)?;
            let mut label = heapless::String::new();
            let _ = label.push_str(f.label());
            Ok((label, adopted))
        })
    }

    /// The boot step: chooses the folder from `line` (the loader's argument string, or why
    /// there is none), starts the card, prepares the folder and logs
    /// `event=save_folder path="sd:/.../" from= argv= copied_files= copied_records= ok=`.
    pub fn open_at_boot<R: IpcRegs, C: CacheOps>(
        ipc: &mut Ipc<R, C>,
        clock: &mut dyn FnMut() -> u32,
        buf: &'static mut DmaBuf,
        line: Result<&[u8], crate::save::ArgvError>,
    ) -> (Saves, BootFolder) {
        let place = SavePlace::choose(line);
        let (mut saves, opened) = Saves::open(ipc, clock, buf, place);
        match opened {
            Err(e) => log!("event=sd ok=0 error=\"{}\"", e),
            Ok(()) => log!(
                "event=sd ok=1 sdhc={}",
                u8::from(saves.sdhc().unwrap_or(false))
            ),
        }
        let prepared = saves.prepare(ipc, clock);
        let why = saves.place().why;
        let mut shown = heapless::String::new();
        let _ = shown.push_str("sd:/");
        let _ = match &prepared {
            Ok((label, _)) => shown.push_str(label),
            Err(_) => shown.push_str(saves.place().folder()),
        };
        let _ = shown.push('/');
        let copied = prepared.as_ref().map_or(Adopted::default(), |(_, a)| *a);
        log!(
            "event=save_folder path=\"{}\" from={} argv={} copied_files={} copied_records={} ok={}",
            shown,
            why.key(),
            match why {
                Why::NoArgv(e) => e.key(),
                _ => "ok",
            },
            copied.files,
            copied.records,
            u8::from(prepared.is_ok())
        );
        (saves, BootFolder { shown, why, copied })
    }
}
