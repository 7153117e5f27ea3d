//! Link quality: the Read_Link_Quality command and reply bytes, and the host's polling (once
//! per ready link every two seconds, never ahead of other commands) with every kind of answer:
//! a value, an error status, and Dolphin's empty "fake okay" Command Complete.

use crate::wii::input::bt::hci::{self, op, parse_link_quality, Command};
use crate::wii::input::bt::replay;
use crate::wii::input::bt::{Host, LinkId, LinkQuality, ParseError, QUALITY_EVERY_MS};

const BASIC: &str = include_str!("../testdata/basic.log");
const TWO: &str = include_str!("../testdata/two.log");
/// Well after every recorded run ended.
const LATER: u32 = 1_000_000;

fn ready_host(log: &str) -> Host {
    let mut host = Host::new();
    replay::run(log, &mut host, |_, _, _| {});
    assert!(host.is_ready(LinkId(0)));
    host
}

/// Ticks at `now` and returns the handle asked about, if a Read_Link_Quality left.
fn asked(host: &mut Host, now: u32) -> Option<u16> {
    host.tick(now);
    let c = host.pop_command(now)?;
    assert_eq!(c.opcode(), op::READ_LINK_QUALITY, "{c:?}");
    Some(u16::from_le_bytes([c.params()[0], c.params()[1]]))
}

fn reply(host: &mut Host, handle: u16, status: u8, quality: u8, now: u32) {
    let [a, b] = handle.to_le_bytes();
    host.on_event(&[0x0e, 7, 1, 0x03, 0x14, status, a, b, quality], now);
}

#[test]
fn read_link_quality_is_opcode_0x1403_with_the_handle_and_its_reply_has_four_bytes() {
    assert_eq!(
        Command::read_link_quality(0x0101).as_bytes(),
        [0x03, 0x14, 2, 0x01, 0x01]
    );
    assert_eq!(
        parse_link_quality(&[0x00, 0x00, 0x01, 0xC8]),
        Ok((0, 0x0100, 200))
    );
    assert_eq!(
        parse_link_quality(&[0x02, 0x01, 0x01, 0x00]),
        Ok((2, 0x0101, 0))
    );
    let ok = [0x00, 0x00, 0x01, 0xFF];
    for cut in 0..ok.len() {
        assert_eq!(
            parse_link_quality(&ok[..cut]),
            Err(ParseError::Truncated),
            "cut {cut}"
        );
    }
    assert_eq!(
        parse_link_quality(&[0, 0, 1, 0xFF, 0]),
        Err(ParseError::BadLength)
    );
}

#[test]
fn a_ready_link_is_asked_every_two_seconds_and_its_answer_is_kept() {
    let mut host = ready_host(BASIC);
    assert_eq!(host.link_quality(LinkId(0)), LinkQuality::Unknown);
    assert_eq!(asked(&mut host, LATER), Some(0x0100));
    assert_eq!(asked(&mut host, LATER + 1), None, "one command in flight");
    reply(&mut host, 0x0100, 0, 0xD7, LATER + 2);
    assert_eq!(host.link_quality(LinkId(0)), LinkQuality::Value(0xD7));
    assert_eq!(host.link_quality(LinkId(0)).value(), Some(0xD7));
    assert_eq!(
        asked(&mut host, LATER + QUALITY_EVERY_MS - 1),
        None,
        "not yet due"
    );
    assert_eq!(asked(&mut host, LATER + QUALITY_EVERY_MS), Some(0x0100));
    assert_eq!(
        host.link_quality(LinkId(1)),
        LinkQuality::Unknown,
        "no link"
    );
    let s = host.stats();
    assert_eq!(
        (s.bad_quality_replies, s.command_errors, s.malformed),
        (0, 0, 0)
    );
}

#[test]
fn dolphins_empty_reply_and_an_error_status_leave_the_quality_unavailable_without_a_panic() {
    let mut host = ready_host(BASIC);
    assert_eq!(asked(&mut host, LATER), Some(0x0100));
    // Dolphin answers commands it does not emulate with a Command Complete and no parameters.
    host.on_event(&[0x0e, 3, 1, 0x03, 0x14], LATER);
    assert_eq!(host.link_quality(LinkId(0)), LinkQuality::Unavailable);
    assert_eq!(host.stats().bad_quality_replies, 1);
    assert_eq!(asked(&mut host, LATER + QUALITY_EVERY_MS), Some(0x0100));
    reply(&mut host, 0x0100, 0x02, 0, LATER + QUALITY_EVERY_MS);
    assert_eq!(host.link_quality(LinkId(0)), LinkQuality::Unavailable);
    assert_eq!(host.stats().command_errors, 1);
    // An answer about another handle than the one asked is dropped too.
    assert_eq!(asked(&mut host, LATER + 2 * QUALITY_EVERY_MS), Some(0x0100));
    reply(&mut host, 0x0123, 0, 99, LATER + 2 * QUALITY_EVERY_MS);
    assert_eq!(host.link_quality(LinkId(0)), LinkQuality::Unavailable);
    assert_eq!(host.stats().bad_quality_replies, 2);
    // A later good answer brings the value back; garbage of every length never panics.
    assert_eq!(asked(&mut host, LATER + 3 * QUALITY_EVERY_MS), Some(0x0100));
    reply(&mut host, 0x0100, 0, 180, LATER + 3 * QUALITY_EVERY_MS);
    assert_eq!(host.link_quality(LinkId(0)), LinkQuality::Value(180));
    for n in 0..12u8 {
        let mut ev = std::vec![0x0e, 3 + n, 1, 0x03, 0x14];
        ev.extend((0..n).map(|k| k.wrapping_mul(37)));
        host.on_event(&ev, LATER);
    }
    assert!(host.is_ready(LinkId(0)));
}

#[test]
fn quality_polls_wait_for_other_commands_and_take_turns_between_links() {
    let mut host = ready_host(TWO);
    host.disconnect(LinkId(1));
    host.tick(LATER);
    let c = host.pop_command(LATER).expect("disconnect first");
    assert_eq!(c.opcode(), op::DISCONNECT);
    assert_eq!(asked(&mut host, LATER), None, "disconnect still in flight");
    host.on_event(&[0x0f, 4, 0, 1, 0x06, 0x04], LATER);
    let first = asked(&mut host, LATER).expect("a link asked");
    reply(&mut host, first, 0, 200, LATER);
    let second = asked(&mut host, LATER + 1).expect("the other link asked next");
    assert_ne!(first, second);
    reply(&mut host, second, 0, 150, LATER + 1);
    assert_eq!(
        asked(&mut host, LATER + 2),
        None,
        "both asked: wait two seconds"
    );
    let mut q = [host.link_quality(LinkId(0)), host.link_quality(LinkId(1))];
    q.sort_by_key(|q| q.value());
    assert_eq!(q, [LinkQuality::Value(150), LinkQuality::Value(200)]);
    assert_eq!(hci::op::READ_LINK_QUALITY, (0x05 << 10) | 0x0003);
}
