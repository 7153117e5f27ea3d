//! The walk from a card's root to the game's folder, level by level (`folder.rs` opens the
//! volume and calls it; `adopt.rs` walks to the default folder with it): each level is found
//! by its long name (ASCII case ignored, as FAT does), else by its 8.3 name, else by the 8.3
//! name the game gives it (`place::short_name`), else created under that name. Every level
//! opened on the way is closed again; writes nothing but a missing level.

use super::place::{short_name, SavePlace};
use super::volume::{FsError, Vm, LABEL_MAX};
use embedded_sdmmc::{BlockDevice, RawDirectory, ShortFileName};

/// Finds (or, with `create`, makes) one level `name` in `parent`; appends the name used to
/// `label`. `Ok(None)`: missing and not created.
fn find_level<D: BlockDevice>(
    vm: &Vm<D>,
    parent: RawDirectory,
    name: &str,
    create: bool,
    label: &mut heapless::String<LABEL_MAX>,
) -> Result<Option<RawDirectory>, FsError<D::Error>> {
    // 255 UTF-16 units of a long name take at most 765 bytes of UTF-8.
    let mut storage = [0u8; 768];
    let mut lfn = embedded_sdmmc::LfnBuffer::new(&mut storage);
    let exact = ShortFileName::create_from_str(name).ok();
    let made = short_name(name);
    let ours = ShortFileName::create_from_str(&made).ok();
    // Best match first: the long name, then the 8.3 name itself, then the game's own 8.3 name.
    let mut found: [Option<ShortFileName>; 3] = [None, None, None];
    vm.iterate_dir_lfn(parent, &mut lfn, |entry, long| {
        if !entry.attributes.is_directory() {
            return;
        }
        if long.is_some_and(|l| l == name || l.eq_ignore_ascii_case(name)) && found[0].is_none() {
            found[0] = Some(entry.name.clone());
        } else if exact.as_ref() == Some(&entry.name) && long.is_none() {
            found[1] = Some(entry.name.clone());
        } else if ours.as_ref() == Some(&entry.name) {
            found[2] = Some(entry.name.clone());
        }
    })?;
    let push = |label: &mut heapless::String<LABEL_MAX>, s: &str| {
        if !label.is_empty() {
            let _ = label.push('/');
        }
        let _ = label.push_str(s);
    };
    if let Some(i) = found.iter().position(Option::is_some) {
        // A path to it that FAT reads (names compare ignoring ASCII case): the name asked
        // for, unless only the game's own 8.3 name matched.
        push(label, if i == 2 { own(name, &made) } else { name });
        let short = found[i].clone().expect("position found it");
        return vm.open_dir(parent, short).map(Some);
    }
    if !create {
        return Ok(None);
    }
    vm.make_dir_in_dir(parent, made.as_str())?;
    push(label, own(name, &made));
    vm.open_dir(parent, made.as_str()).map(Some)
}

/// The label of a level held under the game's 8.3 name `made` for `name`: `name` itself when
/// the two differ only in case (`apps`), else `made`.
fn own<'a>(name: &'a str, made: &'a str) -> &'a str {
    if made.eq_ignore_ascii_case(name) {
        name
    } else {
        made
    }
}

/// Walks `place` from `root`: the folder's directory (`None` if a level is missing and
/// `create` is off). Every level opened on the way is closed again; `root` stays open.
pub(super) fn walk<D: BlockDevice>(
    vm: &Vm<D>,
    root: RawDirectory,
    place: &SavePlace,
    create: bool,
    label: &mut heapless::String<LABEL_MAX>,
) -> Result<Option<RawDirectory>, FsError<D::Error>> {
    let mut at = root;
    let mut opened = false;
    for name in place.components() {
        let next = find_level(vm, at, name, create, label);
        if opened {
            vm.close_dir(at)?;
        }
        match next? {
            Some(d) => {
                at = d;
                opened = true;
            }
            None => return Ok(None),
        }
    }
    Ok(opened.then_some(at))
}
