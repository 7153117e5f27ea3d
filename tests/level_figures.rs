//! The main menu's level figures (`app::level_line::NEAR_PERMILLE`) are the near-best column
//! of docs/ai.md's benchmark table ("Every level's error on the benchmark sets"), for senas,
//! every senet rule set and every level.

use senas_senet::app::level_line::{LEVELS, NEAR_PERMILLE, SETS};

#[test]
fn the_menu_figures_are_the_measured_near_best_shares_of_docs_ai_md() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/ai.md"))
        .expect("docs/ai.md");
    for (s, set) in SETS.iter().enumerate() {
        for level in LEVELS {
            let name = format!("{level:?}");
            let row = doc
                .lines()
                .find(|l| l.starts_with(&format!("| set {set} | {name} |")))
                .unwrap_or_else(|| panic!("no row for {set} {name}"));
            let near = row.split('|').nth(7).expect("near-best column").trim();
            let permille: u16 = near
                .trim_end_matches('%')
                .replace('.', "")
                .parse()
                .expect("a per cent with one decimal");
            assert_eq!(NEAR_PERMILLE[s][level as usize], permille, "{set} {name}");
        }
    }
}
