//! The main menu's level figures (`app::level_line::BEST_PERMILLE`) are the best-move column of
//! docs/ai.md's endgame table ("Measured against exact endgames"), for every rule set and level.

use senas_senet::app::level_line::{BEST_PERMILLE, LEVELS};
use senas_senet::games::senet::Variant;

#[test]
fn the_menu_figures_are_the_measured_best_move_shares_of_docs_ai_md() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ai.md"))
        .expect("docs/ai.md");
    for v in Variant::ALL {
        for level in LEVELS {
            let name = format!("{level:?}");
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| {} | {name} |", v.name())))
                .unwrap_or_else(|| panic!("no row for {} {name}", v.name()));
            let best = row.split('|').nth(6).expect("best column").trim();
            let permille: u16 = best
                .trim_end_matches('%')
                .replace('.', "")
                .parse()
                .expect("a per cent with one decimal");
            assert_eq!(
                BEST_PERMILLE[v.index()][level as usize],
                permille,
                "{} {name}",
                v.name()
            );
        }
    }
}
