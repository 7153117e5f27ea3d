//! The diagnostics screen (hold 1 and 2 on the title screen): each controller's connected
//! flag, the buttons it holds and where it points, so players and tests can check their
//! remotes. Battery and link quality can join as extra fields when the Wii layer reports them.

use crate::gfx::layout::Painter;
use crate::gfx::{palette, Aspect, DrawList, Rect};

use super::input::{Buttons, Input, MAX_PLAYERS};
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

/// Two lines describing player `n`'s controller: connection and pointer, then buttons held.
pub fn describe(input: &Input, n: usize) -> (Text<64>, Text<64>) {
    let Some(p) = input.players.get(n) else {
        return (Text::new(), Text::new());
    };
    if !p.connected {
        return (
            Text::from_fmt(format_args!("Player {}: not connected", n + 1)),
            Text::new(),
        );
    }
    let first = match p.pointer {
        Some(q) => Text::from_fmt(format_args!(
            "Player {}: connected, pointer {},{}",
            n + 1,
            q.x,
            q.y
        )),
        None => Text::from_fmt(format_args!("Player {}: connected, pointer off", n + 1)),
    };
    let mut held: Text<64> = Text::from_fmt(format_args!("  held:"));
    for (b, name) in NAMES {
        if p.held.contains(b) {
            held.push_fmt(format_args!(" {name}"));
        }
    }
    (first, held)
}

pub fn draw(list: &mut DrawList, aspect: Aspect, input: &Input) {
    let vw = aspect.virtual_width();
    let mut p = Painter::new(list, aspect);
    p.fill(Rect::new(0, 0, vw, 480), palette::BACKGROUND);
    p.text_centered(vw / 2, 30, "Diagnostics", palette::GOLD, 2);
    for n in 0..MAX_PLAYERS {
        let (line, held) = describe(input, n);
        let color = if input.players[n].connected {
            palette::POINTERS[n]
        } else {
            palette::TEXT_DIM
        };
        p.text(40, 100 + 70 * n as i16, line.as_str(), color, 1);
        p.text(40, 124 + 70 * n as i16, held.as_str(), palette::TEXT, 1);
    }
    p.text_centered(vw / 2, 420, "Press B to go back", palette::TEXT_DIM, 1);
}
