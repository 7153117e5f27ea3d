//! The level measurement: points drawn are endgame decisions with a choice and the same for a
//! seed; a point's best move loses nothing and no move gains; every level answers every point.

use endgame::index::Layout;
use endgame::measure::{draw_points, loss, score_levels};
use endgame::solve::solve;
use senas_senet::games::senet::{legal_moves, MoveList, Variant};

#[test]
fn points_are_reproducible_choices_whose_best_move_loses_nothing() {
    let table = solve(Layout::new(Variant::Wiibrew2009, 2), 1e-9, |_, _, _, _| {}).0;
    let points = draw_points(&table, 6, 1, 40);
    assert!(!points.is_empty(), "six games reach no two-piece endgame");
    assert_eq!(
        points,
        draw_points(&table, 6, 1, 40),
        "same seed, other points"
    );
    let mut list = MoveList::new();
    for p in &points {
        legal_moves(&p.pos, p.throw, &mut list);
        assert!(list.len() >= 2, "a point without a choice");
        let losses: Vec<f64> = list
            .iter()
            .map(|&m| loss(&table, p, m).expect("in table"))
            .collect();
        assert!(
            losses.iter().all(|&l| l >= 0.0),
            "a move gains on the best: {losses:?}"
        );
        assert!(losses.contains(&0.0), "no move is the best: {losses:?}");
    }
    for s in score_levels(&table, &points) {
        assert_eq!(s.decisions as usize, points.len());
        assert!(s.best <= s.decisions && s.blunders <= s.decisions);
    }
}
