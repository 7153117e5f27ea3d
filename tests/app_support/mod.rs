//! Shared driver for the app's host tests: scripted `Input` frames into an `App`, the frame's
//! visible text runs from its `DrawList`, soft-rendered frames and PNG screenshots.
#![allow(dead_code)]

pub mod focus;
pub mod pieces;
pub mod review_play;

use std::boxed::Box;
use std::string::{String, ToString};
use std::vec::Vec;

use senas_senet::app::AppScratch;
use senas_senet::app::{
    App, Buttons, Config, Input, LogSink, PlayerInput, Pointer, Request, SceneKind,
};
use senas_senet::gfx::draw_list::Item;
use senas_senet::gfx::soft::{FRAME_BYTES, HEIGHT, WIDTH};
use senas_senet::gfx::{DrawList, Rect, SoftRenderer};

/// Collects the app's log lines.
#[derive(Default)]
pub struct VecLog(pub Vec<String>);

impl LogSink for VecLog {
    fn line(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

pub struct Harness {
    pub app: Box<App<'static>>,
    pub list: Box<DrawList>,
    pub log: VecLog,
    /// Controllers connected, per player.
    pub connected: [bool; 4],
    /// Where each player points (held between frames).
    pub pointers: [Option<Pointer>; 4],
    /// Battery percent and link quality each controller reports (held between frames).
    pub battery: [Option<u8>; 4],
    pub link: [Option<u8>; 4],
    /// Which controllers report a battery below one bar (held between frames).
    pub battery_low: [bool; 4],
    /// Which players hold a GameCube pad (held between frames).
    pub pads: [bool; 4],
    /// What the platform says of its guest-remote search (held between frames).
    pub search: senas_senet::app::RemoteSearch,
    /// Every input fed so far (for replays).
    pub inputs: Vec<Input>,
    pub requests: Vec<Request>,
}

impl Harness {
    pub fn new(config: Config) -> Self {
        let mut h = Harness {
            app: Box::new(App::new(config, scratch())),
            list: Box::new(DrawList::new(senas_senet::gfx::palette::BACKGROUND)),
            log: VecLog::default(),
            connected: [true, false, false, false],
            pointers: [None; 4],
            battery: [None; 4],
            link: [None; 4],
            battery_low: [false; 4],
            pads: [false; 4],
            search: Default::default(),
            inputs: Vec::new(),
            requests: Vec::new(),
        };
        h.app.draw(&mut h.list);
        h
    }

    /// One frame with `player` pressing `buttons` (nothing pressed when `buttons` is NONE).
    pub fn frame_with(&mut self, player: usize, buttons: Buttons) {
        let mut input = Input {
            search: self.search,
            ..Input::default()
        };
        for n in 0..4 {
            let pressed = if n == player { buttons } else { Buttons::NONE };
            input.players[n] = PlayerInput {
                connected: self.connected[n],
                pointer: if self.connected[n] {
                    self.pointers[n]
                } else {
                    None
                },
                held: if self.connected[n] {
                    pressed
                } else {
                    Buttons::NONE
                },
                pressed: if self.connected[n] {
                    pressed
                } else {
                    Buttons::NONE
                },
                released: Buttons::NONE,
                battery: self.battery[n].filter(|_| self.connected[n]),
                link: self.link[n].filter(|_| self.connected[n]),
                battery_low: self.battery_low[n] && self.connected[n],
                pad: self.pads[n],
            };
        }
        self.feed(input);
    }

    /// Feeds one raw input frame and draws.
    pub fn feed(&mut self, input: Input) {
        self.inputs.push(input);
        if let Some(r) = self.app.update(&input, &mut self.log) {
            self.requests.push(r);
        }
        self.app.draw(&mut self.list);
        assert_eq!(self.list.dropped(), 0, "draw list overflow");
        assert_text_inside_the_frame(&self.list);
        assert_text_inside_boxes(&self.list, &self.item_boxes());
    }

    /// The selectable boxes of the current screen (title and winner items, main menu rows,
    /// HOME menu rows, questions), in frame pixels.
    pub fn item_boxes(&self) -> Vec<Rect> {
        self.app.rows().iter().copied().collect()
    }

    pub fn idle(&mut self, frames: usize) {
        for _ in 0..frames {
            self.frame_with(0, Buttons::NONE);
        }
    }

    /// Idles (nothing pressed, pointers held still) until the fade after a change of screen is
    /// over (`app::transition`: at most `LONGEST` frames), so a sampled frame shows the screen
    /// plain; the screen and what A acts on stay as they were.
    pub fn idle_through_fade(&mut self) {
        for _ in 0..senas_senet::app::transition::LONGEST {
            if !self.app.fading() {
                break;
            }
            self.idle(1);
        }
        assert!(!self.app.fading(), "the fade ends within its frames");
    }

    /// Presses `buttons` for one frame, then releases for one.
    pub fn press(&mut self, player: usize, buttons: Buttons) {
        self.frame_with(player, buttons);
        self.frame_with(player, Buttons::NONE);
    }

    /// Points `player` at the centre of `r` and presses A.
    pub fn click(&mut self, player: usize, r: Rect) {
        let (x, y) = r.center();
        self.pointers[player] = Some(Pointer::new(x, y));
        self.press(player, Buttons::A);
    }

    /// The text runs of the current frame, in draw order.
    pub fn texts(&self) -> Vec<String> {
        self.list
            .items()
            .filter_map(|i| match i {
                Item::Text { text, .. } => Some(text.to_string()),
                _ => None,
            })
            .collect()
    }

    /// All visible text joined (notice boxes wrap sentences over lines).
    pub fn screen_text(&self) -> String {
        let mut out = String::new();
        let mut last = String::new();
        for t in self.texts() {
            if t != last {
                out.push_str(&t);
                out.push(' ');
            }
            last = t;
        }
        out
    }

    /// The frame's text lines: the text items on one baseline, left to right, one space
    /// apart (a table row placed in columns reads as its words).
    pub fn lines(&self) -> Vec<String> {
        let mut by_y: Vec<(i16, Vec<(i16, String)>)> = Vec::new();
        for i in self.list.items() {
            if let Item::Text { x, y, text, .. } = i {
                match by_y.iter_mut().find(|(ly, _)| *ly == y) {
                    Some((_, v)) => v.push((x, text.to_string())),
                    None => by_y.push((y, vec![(x, text.to_string())])),
                }
            }
        }
        by_y.sort_by_key(|(y, _)| *y);
        by_y.into_iter()
            .map(|(_, mut v)| {
                v.sort_by_key(|(x, _)| *x);
                v.into_iter().map(|(_, t)| t).collect::<Vec<_>>().join(" ")
            })
            .collect()
    }

    pub fn shows(&self, s: &str) -> bool {
        self.screen_text().contains(s)
    }

    pub fn render(&self) -> Vec<u8> {
        let mut frame = std::vec![0u8; FRAME_BYTES];
        SoftRenderer::new().render(&self.list, &mut frame);
        frame
    }

    pub fn save(&self, name: &str) {
        save_png(name, &self.render());
    }

    pub fn log_has(&self, s: &str) -> bool {
        self.log.0.iter().any(|l| l.contains(s))
    }
}

/// Every text run of `list` lies inside the 640x480 frame (a guard run on every frame the
/// tests draw, in both picture shapes), pointer labels included: `gfx::layout::draw_pointers`
/// flips them to the other side of the cursor at the right and bottom edges.
pub fn assert_text_inside_the_frame(list: &DrawList) {
    for item in list.items() {
        if let Item::Text {
            x, y, scale, text, ..
        } = item
        {
            let w = senas_senet::gfx::font::text_width(text, scale);
            let h = 20 * i16::from(scale);
            assert!(
                x >= 0 && y >= 0 && x + w <= WIDTH as i16 && y + h <= HEIGHT as i16,
                "text {text:?} at ({x}, {y}) scale {scale} ({w}x{h}) leaves the frame"
            );
        }
    }
}

/// Text runs that start inside one of `boxes` (vertically) end inside it too. Pointer labels
/// (one digit) are left out: they follow the pointer over anything. Only runs drawn after the
/// last full-screen veil count (an overlay's rows lie over a scene drawn before it).
pub fn assert_text_inside_boxes(list: &DrawList, boxes: &[Rect]) {
    let veil = list
        .items()
        .enumerate()
        .filter(|(_, i)| matches!(i, Item::Fill { rect, color } if *rect == Rect::SCREEN && *color == senas_senet::gfx::palette::DIM))
        .map(|(k, _)| k)
        .last()
        .unwrap_or(0);
    for item in list.items().skip(veil) {
        if let Item::Text {
            x, y, scale, text, ..
        } = item
        {
            let w = senas_senet::gfx::font::text_width(text, scale);
            let h = 20 * i16::from(scale);
            for r in boxes {
                let inside_rows = y >= r.y && y + h <= r.bottom() + 2;
                let overlaps = x < r.right() && x + w > r.x;
                if inside_rows && overlaps {
                    assert!(
                        x >= r.x && x + w <= r.right(),
                        "text {text:?} at ({x}, {y}) ({w} wide) crosses its box {r:?}"
                    );
                }
            }
        }
    }
}

/// The senas scratches for one app (leaked: a test process makes a handful).
pub fn scratch() -> &'static mut AppScratch {
    AppScratch::init_in(Box::leak(Box::new_uninit()))
}

/// Writes `frame` to target/screens/`name`.png.
pub fn save_png(name: &str, frame: &[u8]) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screens");
    std::fs::create_dir_all(&dir).expect("screens dir");
    let file = std::fs::File::create(dir.join(std::format!("{name}.png"))).expect("create PNG");
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), WIDTH as u32, HEIGHT as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut w = enc.write_header().expect("PNG header");
    w.write_image_data(frame).expect("PNG data");
}

use senas_senet::app::GameKind;

/// From the title screen, through the main menu (D-pad only), to the first frame of the match
/// (the throw-off skipped with A). `opponent_steps`: presses of RIGHT on the opponent row
/// (from Computer: Normal: 1 Hard, 2 second remote, 3 same remote, 4 Beginner, 5 Easy).
pub fn start_match(h: &mut Harness, game: GameKind, opponent_steps: usize) {
    assert_eq!(h.app.scene(), SceneKind::Title);
    h.press(0, Buttons::A); // "Play"
    assert_eq!(h.app.scene(), SceneKind::Menu);
    // The menu opens on "Start"; rows: game, opponent, (senet: rules,) start, back.
    h.press(0, Buttons::UP);
    for _ in 0..opponent_steps {
        h.press(0, Buttons::RIGHT);
    }
    h.press(0, Buttons::UP);
    if game == GameKind::Senet {
        h.press(0, Buttons::RIGHT);
    }
    // Down to "Start" (senet has its "Rules" row in between).
    let downs = if game == GameKind::Senet { 3 } else { 2 };
    for _ in 0..downs {
        h.press(0, Buttons::DOWN);
    }
    h.press(0, Buttons::A); // "Start"
    assert_eq!(h.app.scene(), SceneKind::ThrowOff);
    h.idle(3);
    h.press(0, Buttons::A); // skip the throw-off
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert_eq!(h.app.setup().game, game);
}

/// Like [`start_match`] for senet under `variant`: the "Rules" row stepped right until it
/// names the rule set.
pub fn start_senet_match(
    h: &mut Harness,
    variant: senas_senet::games::senet::Variant,
    opponent_steps: usize,
) {
    assert_eq!(h.app.scene(), SceneKind::Title);
    h.press(0, Buttons::A); // "Play"
    h.press(0, Buttons::UP);
    for _ in 0..opponent_steps {
        h.press(0, Buttons::RIGHT);
    }
    h.press(0, Buttons::UP);
    h.press(0, Buttons::RIGHT); // senet
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::DOWN); // "Rules"
    for _ in 0..variant.index() {
        h.press(0, Buttons::RIGHT);
    }
    h.press(0, Buttons::DOWN);
    h.press(0, Buttons::A); // "Start"
    assert_eq!(h.app.scene(), SceneKind::ThrowOff);
    h.idle(3);
    h.press(0, Buttons::A); // skip the throw-off
    assert_eq!(h.app.scene(), SceneKind::Match);
    assert_eq!(h.app.setup().variant, variant);
}

/// The screen rectangle of senet square `s` (`OFF`: the bear-off area).
pub fn senet_square(h: &Harness, s: u8) -> Rect {
    let l = senas_senet::gfx::SenetLayout::new(h.app.config_aspect());
    if s == senas_senet::games::senet::OFF {
        l.exit_rect()
    } else {
        l.square_rect(usize::from(s - 1))
    }
}

/// A person (player 1) plays the first legal sub-move of its senas part through the pointer:
/// a click on the piece's hole, then on the target hole (or the tray when it bears off).
pub fn click_first_senas_sub_move(h: &mut Harness) {
    use senas_senet::games::senas::HOLES;
    let l = senas_senet::gfx::SenasLayout::new(h.app.config_aspect());
    let side = h.app.senas().expect("senas").position().side_to_move();
    let mut legal = heapless::Vec::new();
    h.app.senas_legal_sub_moves(&mut legal);
    let sm = legal[0];
    h.click(0, l.hole_rect(side.hole(usize::from(sm.from))));
    let to = usize::from(sm.to());
    let target = if to < HOLES {
        l.hole_rect(side.hole(to))
    } else {
        l.tray_rect(side.index())
    };
    h.click(0, target);
}

/// A tiny deterministic generator for the scripted players' choices.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// The senas sub-moves the `event=turn` lines among `lines` list ("moves=3-7,7-off"; "moves=none"
/// is none), and the landings the `event=landed` lines mark: `(sub_moves, landed)`.
pub fn senas_sub_moves_and_landings<'a>(lines: impl Iterator<Item = &'a String>) -> (usize, usize) {
    let (mut sub_moves, mut landed) = (0, 0);
    for l in lines {
        if l.starts_with("event=landed game=senas") {
            landed += 1;
        } else if l.starts_with("event=turn game=senas") {
            let moves = l.split(" moves=").nth(1).and_then(|m| m.split(' ').next());
            sub_moves += moves
                .filter(|m| *m != "none")
                .map_or(0, |m| m.split(',').count());
        }
    }
    (sub_moves, landed)
}
