//! `tune senet-td --play` and `--check-hard`: the fixed players whose games a run evaluates
//! instead of playing itself (TD(lambda) policy evaluation: the players are the game's own
//! kinds, `ai::Kind`, with the shipped networks, so they cannot learn to stall as self-play
//! under Jequier's swap rule did, docs/ai.md), and the check of a candidate network as Hard's
//! evaluator (the shipped Hard search, `senet::levels::HARD`) against the shipped Normal.
//! Knows neither the TD loop nor the file written; changes no rule and no shipped player.

use senas_senet::ai::selfplay::play_with;
use senas_senet::ai::senet::adapter::{Senet, SenetEval};
use senas_senet::ai::senet::levels::HARD;
use senas_senet::ai::senet_net::{self, HIDDEN, INPUTS};
use senas_senet::ai::{Decision, Kind, Level, Player, Profile, RaceGame, Search};
use senas_senet::games::senet::{MoveList, Position, Side, Throw, Variant};

use crate::net_f32::Quant;

/// A player of `--play`: one of the game's kinds, or `cand`, the shipped Hard search with the
/// network being trained (its latest quantisation), which lets a run see and score the games
/// that network's Hard plays (a stall among them, with `--max-turns` and `--cap-value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Who {
    Kind(Kind),
    Cand,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Kind(k) => k.name(),
            Who::Cand => "cand",
        }
    }
}

/// The pairs of fixed players of `--play` (`a:b,c:d`): game `g` is played by pair
/// `g % len`, its first player on side A in even rounds (`g / len`), on side B in odd ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Pairs(pub(crate) Vec<[Who; 2]>);

impl Pairs {
    /// Parses `a:b,c:d` of `ai::Kind` names or `cand` (`normal:normal,cand:normal`).
    pub(crate) fn parse(s: &str) -> Result<Pairs, String> {
        let kind = |n: &str| match n {
            "cand" => Ok(Who::Cand),
            _ => Kind::parse(n)
                .map(Who::Kind)
                .ok_or_else(|| format!("--play: unknown player {n:?}")),
        };
        let pairs = s
            .split(',')
            .map(|p| {
                let (a, b) = p
                    .split_once(':')
                    .ok_or_else(|| format!("--play: {p:?} is not a pair a:b"))?;
                Ok([kind(a)?, kind(b)?])
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Pairs(pairs))
    }

    /// The `--play` text of these pairs (inverse of [`Pairs::parse`]).
    pub(crate) fn text(&self) -> String {
        let names: Vec<String> = self
            .0
            .iter()
            .map(|[a, b]| format!("{}:{}", a.name(), b.name()))
            .collect();
        names.join(",")
    }

    /// The kind that plays the side to move of `pos` in game `g`.
    pub(crate) fn mover(&self, g: u32, pos: &Position) -> Who {
        let n = self.0.len().max(1) as u32;
        let pair = self.0[(g % n) as usize];
        let swapped = (g / n) % 2 == 1;
        let first = (pos.side_to_move() == Side::A) != swapped;
        pair[usize::from(!first)]
    }

    /// Whether a pair has the candidate play (the caller then keeps a quantisation of it).
    pub(crate) fn has_cand(&self) -> bool {
        self.0.iter().flatten().any(|&w| w == Who::Cand)
    }

    /// The position after the turn of the fixed player to move in game `g` (`None`: no turn);
    /// `cand` searches with `cand_net` (`None`: the shipped Hard).
    pub(crate) fn play(
        &self,
        g: u32,
        cand_net: Option<&'static senet_net::Net>,
        scratch: &mut MoveList,
        pos: &Position,
        throw: &Throw,
    ) -> Option<Position> {
        let turn = match (self.mover(g, pos), cand_net) {
            (Who::Cand, Some(net)) => hard_turn(net, scratch, pos, throw)?,
            (Who::Cand, None) => {
                Player::new(Kind::Level(Level::Hard), 0).choose::<Senet>(scratch, pos, throw)?
            }
            (Who::Kind(kind), _) => {
                Player::new(kind, u64::from(g)).choose::<Senet>(scratch, pos, throw)?
            }
        };
        Some(Senet::apply(pos, &turn))
    }
}

/// The game's network of the quantised candidate, for the game's own search (leaked: a check
/// makes one, and a run makes a few).
/// `None` unless `H` is the search's [`HIDDEN`].
pub(crate) fn leak<const H: usize>(q: &Quant<H>) -> Option<&'static senet_net::Net> {
    let row = |r: &[i16]| <[i16; HIDDEN]>::try_from(r).ok();
    let mut net = Box::new(senet_net::Net {
        b1: <[i32; HIDDEN]>::try_from(&q.b1[..]).ok()?,
        w2: row(&q.w2)?,
        b2: q.b2,
        w1: [[0; HIDDEN]; INPUTS],
    });
    if q.w1.len() != INPUTS {
        return None;
    }
    for (to, from) in net.w1.iter_mut().zip(&q.w1) {
        *to = row(from)?;
    }
    Some(Box::leak(net))
}

/// The turn of the shipped Hard search with `net` as its evaluator.
fn hard_turn(
    net: &'static senet_net::Net,
    scratch: &mut MoveList,
    pos: &Position,
    throw: &Throw,
) -> Option<<Senet as RaceGame>::Turn> {
    // As the shipped Hard: the exact endgame tables' move where every legal move leads into
    // them, the search elsewhere.
    if let Some(t) = Senet::exact_turn(scratch, pos, throw) {
        return Some(t);
    }
    let mut d: Decision<Senet> =
        Decision::Searching(Search::new(scratch, pos, throw, SenetEval::Net(net), HARD));
    let mut last = u64::MAX;
    loop {
        if let Some(t) = d.step(scratch, u64::MAX) {
            return Some(t);
        }
        if d.progress() == last {
            return None;
        }
        last = d.progress();
    }
}

/// What [`hard_vs_normal`] measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HardCheck {
    /// Games won by Hard.
    pub(crate) wins: u32,
    /// Games still running at the cap (not won by either).
    pub(crate) capped: u32,
    /// Median and 99th percentile of the game lengths in turns (a capped game counts as the cap).
    pub(crate) median: u32,
    pub(crate) p99: u32,
}

/// Hard's search with `net` against the shipped Normal in `games` paired games, as `arena
/// tournament` pairs them (game `i` uses dice seed `seed + i / 2`, Hard on side A in even
/// games), each abandoned after `cap` turns.
pub(crate) fn hard_vs_normal(
    net: &'static senet_net::Net,
    variant: Variant,
    games: u32,
    seed: u64,
    cap: u32,
) -> HardCheck {
    let mut scratch = MoveList::new();
    let (mut wins, mut capped) = (0, 0);
    let mut lengths = Vec::new();
    for i in 0..games {
        let game_seed = seed.wrapping_add(u64::from(i / 2));
        let hard = (i % 2) as usize;
        let mut normal = Player::new(Kind::Level(Level::Normal), game_seed ^ 0xb);
        let mut turns = 0;
        let out = play_with::<Senet>(variant, &mut scratch, game_seed, |mover, sc, pos, t| {
            turns += 1;
            if turns > cap {
                None
            } else if mover == hard {
                hard_turn(net, sc, pos, t)
            } else {
                normal.choose::<Senet>(sc, pos, t)
            }
        });
        match out.winner {
            Some(w) if w == hard => wins += 1,
            Some(_) => {}
            None => capped += 1,
        }
        lengths.push(out.turns);
    }
    lengths.sort_unstable();
    let at = |q: usize| lengths.get((lengths.len() * q / 100).min(lengths.len().saturating_sub(1)));
    HardCheck {
        wins,
        capped,
        median: at(50).copied().unwrap_or(0),
        p99: at(99).copied().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senas_senet::ai::selfplay::tournament;

    #[test]
    fn pairs_parse_and_swap_sides_every_round() {
        let p = Pairs::parse("normal:greedy,hard:normal").expect("pairs");
        assert_eq!(p.text(), "normal:greedy,hard:normal");
        let a = Position::start(Variant::Jequier, Side::A);
        let b = Position::start(Variant::Jequier, Side::B);
        let [n, g, h] = [
            Kind::Level(Level::Normal),
            Kind::Greedy,
            Kind::Level(Level::Hard),
        ]
        .map(Who::Kind);
        assert_eq!((p.mover(0, &a), p.mover(0, &b)), (n, g));
        assert_eq!((p.mover(1, &a), p.mover(1, &b)), (h, n));
        assert_eq!(
            (p.mover(2, &a), p.mover(2, &b)),
            (g, n),
            "round 1: sides swapped"
        );
        assert!(Pairs::parse("normal").is_err());
        assert!(Pairs::parse("normal:best").is_err());
        let c = Pairs::parse("cand:normal").expect("pairs");
        assert!(c.has_cand() && !p.has_cand());
        assert_eq!(
            (c.mover(0, &a), c.text()),
            (Who::Cand, "cand:normal".to_owned())
        );
    }

    #[test]
    fn hards_shipped_network_as_the_candidate_scores_what_the_shipped_hard_scores() {
        // The check is the tournament's pairing: with the shipped network it must agree with
        // `hard` against `normal` game for game.
        let v = Variant::Jequier;
        let shipped = senet_net::hard_for_variant(v).expect("a network");
        let q = Quant::<HIDDEN> {
            w1: shipped.w1.to_vec(),
            b1: shipped.b1,
            w2: shipped.w2,
            b2: shipped.b2,
            clipped: 0,
            format: crate::senet_td::FORMAT,
        };
        let net = leak(&q).expect("32 hidden units");
        assert!(leak(&Quant::<4> {
            w1: vec![[0; 4]; INPUTS],
            b1: [0; 4],
            w2: [0; 4],
            b2: 0,
            clipped: 0,
            format: crate::senet_td::FORMAT
        })
        .is_none());
        assert!(!core::ptr::eq(net, shipped));
        let check = hard_vs_normal(net, v, 8, 11, 20_000);
        let mut scratch = MoveList::new();
        let (hard, normal) = (Kind::Level(Level::Hard), Kind::Level(Level::Normal));
        let s = tournament::<Senet>(v, &mut scratch, hard, normal, 8, 11, |_, _, _, _| {});
        assert_eq!((check.wins, check.capped), (s.a_wins, 0));
        assert!(check.median > 50 && check.p99 >= check.median, "{check:?}");
        // A cap below every game's length abandons them all.
        let short = hard_vs_normal(net, v, 2, 11, 10);
        assert_eq!((short.wins, short.capped, short.median), (0, 2, 10));
    }
}
