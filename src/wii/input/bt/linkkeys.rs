//! The link keys this host knows: read from the controller at start-up (Return Link Keys, where
//! the real console keeps its paired remotes' keys) and learnt from Link Key Notifications.
//! Dolphin never asks for a key; on hardware a paired remote's connection needs one.

use super::hci::{BdAddr, LinkKey};
use heapless::Vec;

/// Keys kept: the console stores up to 10 paired remotes plus guests (libogc
/// `CONF_PAD_MAX_REGISTERED` = 10, `CONF_PAD_MAX_ACTIVE` = 4).
pub const MAX_KEYS: usize = 16;

/// A small address -> key table; the newest key for an address wins.
#[derive(Clone, Debug, Default)]
pub struct LinkKeys {
    keys: Vec<(BdAddr, LinkKey), MAX_KEYS>,
}

impl LinkKeys {
    pub fn get(&self, bd: &BdAddr) -> Option<&LinkKey> {
        self.keys.iter().find(|(a, _)| a == bd).map(|(_, k)| k)
    }

    /// Stores or replaces a key; when full, the oldest entry is forgotten.
    pub fn insert(&mut self, bd: BdAddr, key: LinkKey) {
        if let Some(e) = self.keys.iter_mut().find(|(a, _)| *a == bd) {
            e.1 = key;
            return;
        }
        if self.keys.is_full() {
            self.keys.remove(0);
        }
        let _ = self.keys.push((bd, key));
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}
