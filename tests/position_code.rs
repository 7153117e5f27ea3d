//! The position codes of both games (`senas::Position::code`, `senet::Position::code`; the
//! game's decision log writes them and `arena decide` reads them): every position reached by
//! random play, with any gift / outgoing bags (senas) or bound sides (senet), reads back as the
//! same position; random and mutated texts never panic and, when accepted, are exactly a
//! position's code. Host only (proptest).

use proptest::prelude::*;
use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senas_senet::games::senas::{self, Bag, Roll, TurnGen, MAX_TURNS};
use senas_senet::games::senet::{self, legal_moves, MoveList, Throw, Variant};

type Turns = heapless::Vec<senas::Turn, MAX_TURNS>;

/// The senas position after `parts` random parts from a seeded start (stops at a win).
fn senas_after(seed: u64, parts: u32, gen: &mut TurnGen, turns: &mut Turns) -> senas::Position {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut pos = senas::Position::start(senas::first_player(&mut rng));
    for _ in 0..parts {
        if pos.winner().is_some() {
            break;
        }
        let r = if pos.needs_roll() {
            gen.legal_turns(&pos, &Roll::sample(&mut rng), turns)
        } else {
            gen.legal_gift_turns(&pos, turns)
        };
        r.expect("capacity");
        if turns.is_empty() {
            break;
        }
        let t = turns[(rng.next_u32() as usize) % turns.len()];
        pos = senas::apply(&pos, &t);
    }
    pos
}

/// The senet position after `throws` random moves of `variant` from a seeded start.
fn senet_after(variant: Variant, seed: u64, throws: u32) -> senet::Position {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut pos = senet::Position::start(variant, Throw::throw_off(&mut rng));
    let mut list = MoveList::new();
    for _ in 0..throws {
        if pos.winner().is_some() {
            break;
        }
        legal_moves(&pos, variant.rules().sample(&mut rng), &mut list);
        pos = senet::apply(&pos, list[(rng.next_u32() as usize) % list.len()]);
    }
    pos
}

fn bag(values: &[u8]) -> Bag {
    Bag::from_values(values).expect("at most six values 1..6")
}

/// Text that is nearly a code: `code` with one character replaced, inserted or removed.
fn mutate(code: &str, at: usize, what: u8, c: char) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    let i = at % (chars.len() + 1);
    match what % 3 {
        0 if i < chars.len() => chars[i] = c,
        1 => chars.insert(i, c),
        _ if i < chars.len() => {
            chars.remove(i);
        }
        _ => chars.push(c),
    }
    chars.into_iter().collect()
}

/// Characters codes are made of, and a few they are not.
fn code_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec![
        '0', '1', '5', '9', '-', '+', ',', '/', ':', 'W', 'B', 'A', 'a', '.', 'x', ' ', 'é',
    ])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_senas_position_reads_back_from_its_code(
        seed in any::<u64>(),
        parts in 0u32..160,
        gift in prop::collection::vec(1u8..=6, 0..=6),
        outgoing in prop::collection::vec(1u8..=6, 0..=6),
    ) {
        let mut gen = Box::new(TurnGen::new());
        let mut turns = Box::new(Turns::new());
        let reached = senas_after(seed, parts, &mut gen, &mut turns);
        for pos in [reached, reached.with_gift(bag(&gift)).with_outgoing(bag(&outgoing))] {
            let code = pos.code().to_string();
            prop_assert!(!code.contains(' '), "{code}");
            prop_assert_eq!(senas::Position::from_code(&code), Ok(pos), "{}", code);
        }
    }

    #[test]
    fn every_senet_position_reads_back_from_its_code(
        v in 0usize..3,
        seed in any::<u64>(),
        throws in 0u32..400,
        bound in any::<[bool; 2]>(),
    ) {
        let variant = Variant::ALL[v];
        let mut pos = senet_after(variant, seed, throws);
        for (i, side) in [senet::Side::A, senet::Side::B].into_iter().enumerate() {
            if bound[i] {
                pos = pos.with_bound(side);
            }
        }
        let code = pos.code().to_string();
        prop_assert!(!code.contains(' '), "{code}");
        prop_assert_eq!(senet::Position::from_code(&code), Ok(pos), "{}", code);
    }

    #[test]
    fn broken_codes_are_refused_or_are_exactly_a_positions_code(
        seed in any::<u64>(),
        at in any::<usize>(),
        what in any::<u8>(),
        c in code_char(),
        noise in prop::collection::vec(code_char(), 0..80),
    ) {
        let mut gen = Box::new(TurnGen::new());
        let mut turns = Box::new(Turns::new());
        let senas_code = senas_after(seed, (seed % 90) as u32, &mut gen, &mut turns).code().to_string();
        let senet_code = senet_after(Variant::Kendall, seed, (seed % 200) as u32).code().to_string();
        let noise: String = noise.into_iter().collect();
        for text in [mutate(&senas_code, at, what, c), mutate(&senet_code, at, what, c), noise] {
            if let Ok(p) = senas::Position::from_code(&text) {
                prop_assert_eq!(p.code().to_string(), text.clone());
            }
            if let Ok(p) = senet::Position::from_code(&text) {
                prop_assert_eq!(p.code().to_string(), text.clone());
            }
        }
    }
}

#[test]
fn malformed_codes_name_what_is_wrong() {
    use senas_senet::games::senas::CodeError as SenasError;
    use senas_senet::games::senet::CodeError as SenetError;
    let board = senas::Position::start(senas::Side::White).to_string();
    let cases: [(String, SenasError); 5] = [
        (String::new(), SenasError::Shape),
        (format!("W:{board}:-"), SenasError::Shape),
        (format!("w:{board}:-:-"), SenasError::Side),
        (format!("W:{board}:0:-"), SenasError::Bag),
        (format!("W:{board}:-:1,1,1,1,1,1,1"), SenasError::Bag),
    ];
    for (text, want) in cases {
        assert_eq!(senas::Position::from_code(&text), Err(want), "{text}");
    }
    // Sixteen White pieces: a board error, not a panic.
    let sixteen = board.replacen("15", "16", 1);
    assert!(matches!(
        senas::Position::from_code(&format!("W:{sixteen}:-:-")),
        Err(SenasError::Board(_))
    ));
    let start = "ABABABABAB....................";
    assert_eq!(
        senet::Position::from_code(&format!("senet:A:{start}:-")),
        Err(SenetError::Variant)
    );
    assert!(matches!(
        senet::Position::from_code(&format!("jequier:A:{}:-", "AAAAAA........................")),
        Err(SenetError::Board(_))
    ));
    assert_eq!(
        senet::Position::from_code(&format!("jequier:A:{start}:B")),
        Err(SenetError::Bound)
    );
}
