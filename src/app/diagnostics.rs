//! The diagnostics screen (hold 1 and 2 on the title screen): each controller's connected
//! flag, where it points, the buttons it holds, its battery and its radio link quality, so
//! players and tests can check their remotes. "n/a" where a controller reports no value.
//! Holding 2 and - here starts the console self-test (`self_test.rs`).

use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::controls::Act;
use super::goto::Goto;
use super::input::{Buttons, Input, MAX_PLAYERS};
use super::self_test;
use super::strings::{fill, Filled, Strings};
use super::text::Text;

const NAMES: [(Buttons, &str); 11] = [
    (Buttons::A, "A"),
    (Buttons::B, "B"),
    (Buttons::ONE, "1"),
    (Buttons::TWO, "2"),
    (Buttons::PLUS, "+"),
    (Buttons::MINUS, "-"),
    (Buttons::HOME, "HOME"),
    (Buttons::UP, "Up"),
    (Buttons::DOWN, "Down"),
    (Buttons::LEFT, "Left"),
    (Buttons::RIGHT, "Right"),
];

/// One frame of the screen: B (anyone's) goes back to the title; 2 and - held together for
/// [`SELFTEST_HOLD`](super::self_test::SELFTEST_HOLD) frames (`held` counts them) start the
/// console self-test.
pub fn update(input: &Input, held: &mut u16) -> Option<Goto> {
    if self_test::hold_started(input, held) {
        return Some(Goto::SelfTest);
    }
    Act::anyone(input)
        .pressed(Buttons::B)
        .then_some(Goto::Title)
}

/// Three lines describing player `n`'s controller: connection and pointer, buttons held,
/// then battery and link quality.
pub fn describe(input: &Input, n: usize, t: &Strings) -> [Text<64>; 3] {
    let Some(p) = input.players.get(n) else {
        return [Text::new(), Text::new(), Text::new()];
    };
    if !p.connected {
        return [
            filled(t.diag_not_connected, &[&(n + 1)]),
            Text::new(),
            Text::new(),
        ];
    }
    let first = match p.pointer {
        Some(q) => filled(t.diag_pointer, &[&(n + 1), &q.x, &q.y]),
        None => filled(t.diag_pointer_off, &[&(n + 1)]),
    };
    let mut held: Text<64> = Text::from_fmt(format_args!("  {}", t.diag_held));
    for (b, name) in NAMES {
        if p.held.contains(b) {
            held.push_fmt(format_args!(" {name}"));
        }
    }
    let mut status: Text<64> = Text::from_fmt(format_args!("  {} ", t.diag_battery));
    match p.battery {
        Some(b) => status.push_fmt(format_args!("{b}%")),
        None => status.push_fmt(format_args!("{}", t.diag_na)),
    }
    match p.link {
        Some(q) => status.push_fmt(format_args!(", {}", Filled(t.diag_link, &[&q]))),
        None => status.push_fmt(format_args!(", {}", Filled(t.diag_link, &[&t.diag_na]))),
    }
    [first, held, status]
}

fn filled(template: &str, args: &[&dyn core::fmt::Display]) -> Text<64> {
    let mut out = Text::new();
    fill(&mut out, template, args);
    out
}

/// Draws the screen for this frame's input.
pub fn draw(list: &mut DrawList, aspect: Aspect, input: &Input, t: &Strings) {
    let vw = aspect.virtual_width();
    let mut p = Painter::new(list, aspect);
    p.fill(Rect::new(0, 0, vw, 480), palette::BACKGROUND);
    p.text_centered(vw / 2, 30, t.diagnostics_heading, palette::GOLD, 2);
    for n in 0..MAX_PLAYERS {
        let [line, held, status] = describe(input, n, t);
        let color = if input.players[n].connected {
            palette::POINTERS[n]
        } else {
            palette::TEXT_DIM
        };
        let top = 80 + 80 * n as i16;
        p.text(40, top, line.as_str(), color, 1);
        p.text(40, top + 22, held.as_str(), palette::TEXT, 1);
        p.text(40, top + 44, status.as_str(), palette::TEXT, 1);
    }
    p.text_centered(vw / 2, 408, t.selftest_hint, palette::TEXT_DIM, 1);
    p.text_centered(vw / 2, 432, t.diagnostics_footer, palette::TEXT_DIM, 1);
}
