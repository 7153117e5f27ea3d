//! The host's handling of incoming ACL data: reassembly per link, L2CAP signalling (answered
//! through `bt::link`) and HID messages passed up as [`HostEvent::Hid`]. Part of [`Host`].

use super::{Host, HostEvent, LinkId};
use crate::wii::input::bt::acl;
use crate::wii::input::bt::l2cap;
use crate::wii::input::bt::link::Replies;
use heapless::Vec;

impl Host {
    /// Handles one ACL packet from the controller.
    pub fn on_acl(&mut self, packet: &[u8], _now: u32) {
        self.stats.acl_in += 1;
        let Ok(p) = acl::parse_acl(packet) else {
            self.stats.malformed += 1;
            return;
        };
        let Some(i) = self.link_of_handle(p.handle) else {
            self.stats.unknown_handle += 1;
            return;
        };
        let mut frame: Vec<u8, { acl::MAX_FRAME }> = Vec::new();
        match self.links[i].reassembler.push(p.pb, p.data) {
            Ok(Some(f)) => {
                let _ = frame.extend_from_slice(f);
            }
            Ok(None) => return,
            Err(_) => {
                self.stats.malformed += 1;
                return;
            }
        }
        let Ok((cid, payload)) = l2cap::parse_frame(&frame) else {
            self.stats.malformed += 1;
            return;
        };
        if cid == l2cap::CID_SIGNALLING {
            self.on_signalling(i, payload);
            return;
        }
        let l = &self.links[i];
        let control = cid == l.control.local;
        if !control && cid != l.interrupt.local {
            self.stats.unknown_handle += 1;
            return;
        }
        let mut data = Vec::new();
        if data.extend_from_slice(payload).is_err() {
            self.stats.malformed += 1;
            return;
        }
        self.emit(HostEvent::Hid {
            link: LinkId(i as u8),
            control,
            data,
        });
    }

    fn on_signalling(&mut self, i: usize, payload: &[u8]) {
        let mut replies = Replies::new();
        let Host {
            links,
            ident,
            stats,
            ..
        } = self;
        let link = &mut links[i];
        let was_ready = link.is_ready();
        for sig in l2cap::signals(payload) {
            match sig {
                Ok(sig) => {
                    let o = link.on_signal(sig, &mut || Self::next_ident(ident), &mut replies);
                    if o.refused {
                        stats.l2cap_refused += 1;
                    }
                }
                Err(_) => stats.malformed += 1,
            }
        }
        let handle = link.handle;
        for r in replies {
            self.send_frame(handle, l2cap::CID_SIGNALLING, &r);
        }
        self.after_signalling(i, was_ready);
    }

    fn after_signalling(&mut self, i: usize, was_ready: bool) {
        let ready = self.links[i].is_ready();
        if ready && !was_ready {
            self.emit(HostEvent::Ready {
                link: LinkId(i as u8),
            });
        }
    }
}
