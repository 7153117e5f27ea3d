//! The host's handling of HCI events: command flow, start-up steps, accepting and rejecting
//! remotes, the real console's authentication (link keys, PIN pairing), buffer credits and
//! disconnections. Part of [`Host`]; the queues and the public API live in `host.rs`.

use super::{init_step, Host, HostEvent, LinkId};
use crate::wii::input::bt::hci::{self, op, Command, Event};
use crate::wii::input::bt::link::{Link, LinkState};

impl Host {
    /// Handles one HCI event packet.
    pub fn on_event(&mut self, packet: &[u8], now: u32) {
        self.stats.events += 1;
        let ev = match hci::parse_event(packet) {
            Ok(ev) => ev,
            Err(_) => {
                self.stats.malformed += 1;
                return;
            }
        };
        match ev {
            Event::CommandComplete { opcode, ret, .. } => {
                let cmd = self.command_answered(opcode);
                self.on_command_complete(opcode, ret, cmd.as_ref());
            }
            Event::CommandStatus { status, opcode, .. } => {
                let cmd = self.command_answered(opcode);
                if status != 0 {
                    self.stats.command_errors += 1;
                    if opcode == op::READ_LINK_QUALITY {
                        self.on_quality_refused(cmd.as_ref());
                    }
                    if let Some(c) = cmd.as_ref() {
                        self.on_discovery_refused(opcode, c.params(), now);
                    }
                    if let (Some(c), op::ACCEPT_CONNECTION_REQUEST) = (cmd, opcode) {
                        let bd = &c.params()[..6];
                        if let Some(l) = self
                            .links
                            .iter_mut()
                            .find(|l| l.state == LinkState::Accepting && l.bd == bd)
                        {
                            l.state = LinkState::Free;
                        }
                    }
                }
            }
            Event::ConnectionRequest { bd, link_type, .. } => {
                let busy = self
                    .links
                    .iter()
                    .any(|l| l.state != LinkState::Free && l.bd == bd);
                match self.links.iter_mut().find(|l| l.state == LinkState::Free) {
                    Some(l) if link_type == hci::LINK_ACL && !busy => {
                        *l = Link::new();
                        l.state = LinkState::Accepting;
                        l.bd = bd;
                        self.queue(Some(Command::accept_connection(&bd)));
                    }
                    _ => {
                        self.stats.rejected_connections += 1;
                        self.queue(Some(Command::reject_connection(
                            &bd,
                            hci::REASON_LIMITED_RESOURCES,
                        )));
                    }
                }
            }
            Event::ConnectionComplete {
                status, handle, bd, ..
            } => {
                // A guest's (paged by the search) or an accepted remote's.
                let Some(i) = self
                    .links
                    .iter()
                    .position(|l| l.state == LinkState::Accepting && l.bd == bd)
                else {
                    return;
                };
                let guest = self.links[i].guest;
                if status != 0 {
                    self.links[i].state = LinkState::Free;
                    if guest {
                        self.on_guest_connection(i, false, now);
                    }
                    return;
                }
                if guest {
                    self.on_guest_connection(i, true, now);
                }
                let l = &mut self.links[i];
                l.state = LinkState::Connected;
                l.handle = handle;
                l.since_ms = now;
                self.emit(HostEvent::Connected {
                    link: LinkId(i as u8),
                    bd,
                    handle,
                });
                // The real console authenticates every remote with its stored link key.
                self.queue(Some(Command::authentication_requested(handle)));
            }
            Event::AuthenticationComplete { status, handle } => {
                if status == 0 {
                    self.stats.auth_ok += 1;
                    self.queue(Some(Command::write_link_policy(handle)));
                } else {
                    self.stats.auth_failed += 1;
                }
            }
            Event::LinkKeyRequest { bd } => match self.keys.get(&bd).copied() {
                Some(key) => {
                    self.stats.key_replies += 1;
                    self.queue(Some(Command::link_key_reply(&bd, &key)));
                }
                None => {
                    self.stats.key_negative_replies += 1;
                    self.queue(Some(Command::link_key_negative_reply(&bd)));
                }
            },
            Event::PinCodeRequest { bd } => {
                self.stats.pin_replies += 1;
                // WiiBrew "Wiimote", Bluetooth Pairing: a remote joining by 1+2 (our guest
                // search) takes its own address as the PIN, one paired by SYNC the host's;
                // both as on the wire, last byte first (libogc `lwbt/bte.c` `pin_req`).
                let pin = match self
                    .links
                    .iter()
                    .find(|l| l.state != LinkState::Free && l.bd == bd)
                {
                    Some(l) if l.guest => bd,
                    _ => self.bd,
                };
                self.queue(Some(Command::pin_code_reply(&bd, &pin)));
            }
            Event::LinkKeyNotification { bd, key, .. } => {
                self.stats.keys_learnt += 1;
                self.keys.insert(bd, key);
                // A guest's key is for this session: the controller's list (the console's
                // paired remotes) is left alone, as libogc does for guests (`wpad.c`).
                let guest = self.links.iter().any(|l| l.guest && l.bd == bd);
                if !guest {
                    self.queue(Some(Command::write_stored_link_key(&bd, &key)));
                }
            }
            Event::ReturnLinkKeys(entries) => {
                for (bd, key) in hci::returned_keys(entries) {
                    self.keys.insert(bd, key);
                }
            }
            Event::NumberOfCompletedPackets(pairs) => {
                for (handle, n) in hci::completed_packets(pairs) {
                    if self.link_of_handle(handle).is_some() && n > 0 {
                        self.credits = (self.credits + n).min(self.acl_num);
                        self.last_credit_ms = now;
                    }
                }
            }
            Event::DisconnectionComplete {
                status,
                handle,
                reason,
            } => {
                if status != 0 {
                    return;
                }
                if let Some(i) = self.link_of_handle(handle) {
                    self.links[i] = Link::new();
                    self.emit(HostEvent::Disconnected {
                        link: LinkId(i as u8),
                        reason,
                    });
                }
            }
            Event::Other { code, params } => self.on_discovery_event(code, params, now),
            Event::RoleChange { .. } => {}
        }
    }

    fn on_command_complete(&mut self, opcode: u16, ret: &[u8], cmd: Option<&Command>) {
        if self.closing == super::Closing::Started && opcode == op::RESET {
            self.closing = super::Closing::Done;
            return;
        }
        match opcode {
            op::READ_LINK_QUALITY => self.on_quality_reply(ret, cmd),
            op::READ_BUFFER_SIZE => match hci::parse_buffer_size(ret) {
                Ok((0, mtu, num)) if mtu >= 16 && num > 0 => {
                    self.acl_mtu = mtu;
                    self.acl_num = num;
                    self.credits = num;
                }
                _ => self.stats.malformed += 1,
            },
            // Only the self-test reads it: an answer without the version (a failing status, a
            // short return) leaves it unknown and the report says so.
            op::READ_LOCAL_VERSION => {
                if let Ok((0, v)) = hci::parse_local_version(ret) {
                    self.local_version = Some(v);
                }
            }
            op::READ_BD_ADDR => match hci::parse_bd_addr(ret) {
                Ok((0, bd)) => self.bd = bd,
                _ => self.stats.malformed += 1,
            },
            _ => {}
        }
        if !self.up && init_step(self.init).is_some_and(|c| c.opcode() == opcode) {
            self.init += 1;
            match init_step(self.init) {
                Some(c) => self.queue(Some(c)),
                None => {
                    self.up = true;
                    let bd = self.bd;
                    self.emit(HostEvent::Up { bd });
                }
            }
        }
    }
}
