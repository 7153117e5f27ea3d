//! `Seats` on its own: who sits where, the hand-over between people, and the hint's player.

use super::*;
use crate::ai::selfplay::sample_chance;
use crate::ai::{Kind, RaceGame};
use crate::app::config::{GameKind, Opponent, Setup};
use crate::app::strings::EN;
use crate::games::senet::{MoveList, Position, Side, Throw, Variant};
use rand_pcg::Pcg32;

const H0: Controller = Controller::Human(0);
const H1: Controller = Controller::Human(1);

fn setup(opponent: Opponent) -> Setup {
    Setup {
        game: GameKind::Senet,
        opponent,
        variant: Variant::default(),
        demo: false,
    }
}

/// The hint's answer, stepped frame by frame.
fn hint_of(seats: &mut Seats<Senet>, scratch: &mut MoveList) -> crate::games::senet::Move {
    for _ in 0..1_000 {
        if let Some(mv) = seats.hint_step(scratch, Allowance::Units(50)) {
            return mv;
        }
        assert!(seats.hint_thinking(), "the hint gave up");
    }
    panic!("no hint after 1 000 frames");
}

/// Senet positions along a random game, each with a throw to play.
fn positions() -> impl Iterator<Item = (Position, Throw)> {
    let mut rng = Pcg32::new(3, 3);
    let mut pos = Position::start(Variant::default(), Side::A);
    let mut scratch = MoveList::new();
    core::iter::from_fn(move || {
        if pos.winner().is_some() {
            return None;
        }
        let throw = sample_chance::<Senet>(&pos, &mut rng)?;
        let here = pos;
        let mv = crate::ai::random::random_turn::<Senet>(&mut scratch, &pos, &throw, &mut rng)?;
        pos = Senet::apply(&pos, &mv);
        Some((here, throw))
    })
}

#[test]
fn a_person_against_the_computer_sits_at_side_0_and_the_computer_at_side_1() {
    let seats = Seats::<Senet>::new(setup(Opponent::Computer(Level::Hard)).controllers(), [5, 6]);
    assert_eq!(seats.controllers(), [H0, Controller::Computer(Level::Hard)]);
    assert_eq!(seats.by(0), By::Player(0));
    assert_eq!(seats.by(1), By::Computer);
    assert_eq!(seats.thinker(1).kind(), Kind::Level(Level::Hard));
    assert_eq!(seats.seeds(), [5, 6]);
    assert_eq!(seats.needed_remotes(), 0b01, "only player 1's remote");
    assert_eq!(seats.name(0, &EN).as_str(), "Player 1");
    assert_eq!(seats.name(1, &EN).as_str(), "Computer");
    assert_eq!(seats.win_event(0), Event::Win(By::Player(0)));
    assert_eq!(seats.win_event(1), Event::Loss(By::Computer));
}

#[test]
fn two_computers_each_play_at_their_own_level_and_their_wins_are_wins() {
    let seats = Seats::<Senet>::new(Setup::demo(GameKind::Senet).controllers(), [1, 2]);
    assert_eq!(seats.thinker(0).kind(), Kind::Level(Level::Normal));
    assert_eq!(seats.thinker(1).kind(), Kind::Level(Level::Easy));
    assert_eq!(seats.needed_remotes(), 0, "no remote is needed");
    assert_eq!(seats.win_event(1), Event::Win(By::Computer));
}

#[test]
fn the_second_remote_lost_hands_its_side_to_player_1() {
    let mut seats = Seats::<Senet>::new(setup(Opponent::SecondRemote).controllers(), [0, 0]);
    assert_eq!(seats.controllers(), [H0, H1]);
    assert_eq!(seats.needed_remotes(), 0b11);
    assert_eq!(seats.name(1, &EN).as_str(), "Player 2");
    seats.hand_over(1, 0);
    assert_eq!(seats.controllers(), [H0, H0]);
    assert_eq!(
        seats.needed_remotes(),
        0b01,
        "player 2's remote is no longer needed"
    );
    assert_eq!(seats.by(1), By::Player(0));
    assert_eq!(seats.name(1, &EN).as_str(), "Player 1");
    assert_eq!(seats.win_event(1), Event::Win(By::Player(0)));
}

#[test]
fn player_2_can_take_over_player_1s_side_but_never_the_computers() {
    let mut seats = Seats::<Senet>::new([H0, H1], [0, 0]);
    seats.hand_over(0, 1);
    assert_eq!(seats.controllers(), [H1, H1]);
    let mut cpu = Seats::<Senet>::new([H0, Controller::Computer(Level::Easy)], [0, 0]);
    cpu.hand_over(0, 1);
    assert_eq!(cpu.controllers(), [H1, Controller::Computer(Level::Easy)]);
    assert_eq!(cpu.thinker(1).kind(), Kind::Level(Level::Easy));
    // A player who sits nowhere hands nothing over.
    cpu.hand_over(0, 0);
    assert_eq!(cpu.controllers(), [H1, Controller::Computer(Level::Easy)]);
}

#[test]
fn the_hint_is_the_normal_computers_move_whatever_level_the_opponent_plays() {
    let mut scratch = MoveList::new();
    let mut differs = 0;
    for (pos, throw) in positions().take(60) {
        let mut seats = Seats::<Senet>::new([H0, Controller::Computer(Level::Easy)], [9, 9]);
        assert!(seats.ask_hint(&mut scratch, &pos, &throw));
        let hint = hint_of(&mut seats, &mut scratch);
        assert!(
            !seats.thinker(1).is_thinking(),
            "the opponent was not asked"
        );
        let mut normal = crate::ai::Player::new(Kind::Level(Level::Normal), 0);
        let mut easy = crate::ai::Player::new(Kind::Level(Level::Easy), 9);
        assert_eq!(
            Some(hint),
            normal.choose::<Senet>(&mut scratch, &pos, &throw)
        );
        if easy.choose::<Senet>(&mut scratch, &pos, &throw) != Some(hint) {
            differs += 1;
        }
    }
    assert!(
        differs > 0,
        "Easy and Normal agreed everywhere: the test tests nothing"
    );
}

#[test]
fn a_hint_asked_again_while_searching_keeps_its_search_and_a_new_turn_drops_it() {
    let mut scratch = MoveList::new();
    let (pos, throw) = positions().nth(12).expect("a position");
    let mut seats = Seats::<Senet>::new([H0, H0], [0, 0]);
    assert!(seats.ask_hint(&mut scratch, &pos, &throw));
    assert!(
        !seats.ask_hint(&mut scratch, &pos, &throw),
        "already searching"
    );
    assert!(seats.hint_thinking());
    seats.cancel_hint();
    assert!(!seats.hint_thinking());
    assert_eq!(
        seats.hint_step(&mut scratch, Allowance::Units(u64::MAX)),
        None
    );
    assert!(
        seats.ask_hint(&mut scratch, &pos, &throw),
        "a new turn may ask again"
    );
}
