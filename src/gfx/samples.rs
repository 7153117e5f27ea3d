//! Sample scenes: fixed views of the title screen and both boards (mid-game, and an over-full
//! stress position). Shared by the render tests, the GX end-to-end program
//! (tools/wii-probes/src/bin/gx_scenes.rs) and its Dolphin test, so all of them draw exactly the same frames.

use super::color::palette;
use super::draw_list::DrawList;
use super::layout::{
    draw_pointers, Pointer, SenasLayout, SenasView, SenetCell, SenetLayout, SenetView, TitleLayout,
    TitleView,
};
use super::view::Aspect;

/// A senas position in the middle of a game, with a selection and legal targets.
pub fn senas_midgame() -> SenasView<'static> {
    let mut v = SenasView::start();
    v.holes = [0; 24];
    v.holes[0] = 9;
    v.holes[3] = 1;
    v.holes[8] = -2;
    v.holes[13] = 3;
    v.holes[19] = 2;
    v.holes[23] = -12;
    v.holes[16] = -1;
    v.off = [0, 0];
    v.dice = [3, 5, 6];
    v.dice_used = [false, true, false];
    v.highlights = 1 << 6 | 1 << 9;
    v.selected = Some(3);
    v.status = "Blancas: mueven 3 y 6 · elige una ficha";
    v.message = "Regalo de Negras: ninguno";
    v
}

/// An impossible but maximal senas frame: every hole stacked and lit, full trays, long texts.
pub fn senas_stress() -> SenasView<'static> {
    let mut v = senas_midgame();
    for (i, h) in v.holes.iter_mut().enumerate() {
        *h = if i % 2 == 0 { 15 } else { -15 };
    }
    v.off = [15, 15];
    v.dice_used = [true; 3];
    v.highlights = u32::MAX;
    v.status = "Blancas: mueven 6, 6, 6, 6, 6 y 6 (tute) y vuelven a tirar · ¡ánimo!";
    v.message = "Regalo de Negras: 4 movimientos de 5 · pulsa B para deshacer la jugada";
    v
}

pub fn senet_midgame() -> SenetView<'static> {
    let mut v = SenetView::start();
    v.squares = [SenetCell::Empty; 30];
    for (i, c) in [
        (0, SenetCell::One),
        (1, SenetCell::Two),
        (4, SenetCell::One),
        (11, SenetCell::Two),
        (14, SenetCell::One),
        (25, SenetCell::Two),
        (28, SenetCell::One),
    ] {
        v.squares[i] = c;
    }
    v.off = [2, 1];
    v.sticks = [true, true, true, false];
    v.throw = 3;
    v.highlights = 1 << 7 | crate::gfx::layout::senet::EXIT_BIT;
    v.selected = Some(4);
    v.status = "Jugador 1 (conos): tirada 3";
    v.message = "La casa 27 devuelve a la 15";
    v
}

const MENU: [&str; 4] = ["Senas", "Senet", "2 jugadores", "Opciones"];

/// The title screen with the second item selected.
pub fn title() -> TitleView<'static> {
    TitleView {
        items: &MENU,
        framed: crate::gfx::Framed::one(1),
        subtitle: "Juegos de carreras de Lorca y del antiguo Egipto",
        footer: "Apunta con el mando y pulsa A",
    }
}

/// The sample scenes by name, in the order the GX end-to-end program shows them.
pub const SCENES: [&str; 3] = ["title", "senas", "senet"];

/// Builds sample scene `name` (one of [`SCENES`]) with two pointers; `false` if unknown.
pub fn build(name: &str, aspect: Aspect, list: &mut DrawList) -> bool {
    list.reset(palette::BACKGROUND);
    let pointers = [
        Pointer {
            x: 330,
            y: 300,
            player: 0,
        },
        Pointer {
            x: 470,
            y: 250,
            player: 1,
        },
    ];
    match name {
        "title" => TitleLayout::new(aspect).draw(list, &title()),
        "senas" => SenasLayout::new(aspect).draw(list, &senas_stress()),
        "senet" => SenetLayout::new(aspect).draw(list, &senet_midgame()),
        _ => return false,
    }
    draw_pointers(list, aspect, &pointers);
    true
}
