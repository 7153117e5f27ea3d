//! Game length as a measured property (issue 30): the distribution of the turns a batch of
//! games took (median, p90, p99, max, games at the turn limit), and `arena lengths`, the table
//! of those figures for every senet rule set and every pair of players (the three levels and
//! the person-like `greedy`). A turn is one throw (or roll) and the choice after it.

use senas_senet::ai::selfplay::{tournament, Playable, TURN_LIMIT};
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::Kind;
use senas_senet::games::senet::Variant;

/// The length distribution of a batch of games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lengths {
    pub games: usize,
    pub median: u32,
    pub p90: u32,
    pub p99: u32,
    pub max: u32,
    /// Games that stopped at `TURN_LIMIT` without a winner.
    pub at_limit: usize,
}

/// The `q`-th quantile (per cent) of sorted `v`, nearest rank.
fn quantile(v: &[u32], q: usize) -> u32 {
    if v.is_empty() {
        return 0;
    }
    let rank = (q * v.len()).div_ceil(100).max(1);
    v[rank.min(v.len()) - 1]
}

impl Lengths {
    /// The figures of `turns` (one entry per game); `unfinished` games hit the limit.
    pub fn of(turns: &[u32], unfinished: usize) -> Lengths {
        let mut v = turns.to_vec();
        v.sort_unstable();
        Lengths {
            games: v.len(),
            median: quantile(&v, 50),
            p90: quantile(&v, 90),
            p99: quantile(&v, 99),
            max: v.last().copied().unwrap_or(0),
            at_limit: unfinished,
        }
    }

    /// `median M p90 N p99 P max X at-limit L` (the turn limit in a tournament's header).
    pub fn line(&self) -> String {
        format!(
            "median {} p90 {} p99 {} max {} at-limit {}",
            self.median, self.p90, self.p99, self.max, self.at_limit
        )
    }

    /// Whether the batch meets issue 30's targets: median <= 400, p99 <= 1 200, none at the
    /// limit.
    pub fn meets_targets(&self) -> bool {
        self.median <= 400 && self.p99 <= 1_200 && self.at_limit == 0
    }
}

/// Plays `games` games of `a` against `b` (sides alternated, dice seed `seed + i/2`) and
/// returns the length figures with `a`'s wins.
pub fn measure<G: Playable>(
    rules: G::Rules,
    a: Kind,
    b: Kind,
    games: u32,
    seed: u64,
) -> (Lengths, u32) {
    let mut scratch = Box::<G::Scratch>::default();
    let mut turns = Vec::with_capacity(games as usize);
    let score = tournament::<G>(rules, &mut scratch, a, b, games, seed, |_, _, _, o| {
        turns.push(o.turns)
    });
    (Lengths::of(&turns, score.unfinished as usize), score.a_wins)
}

/// Every pairing `arena lengths` measures: each level against itself and the other levels,
/// then the person-like player against each level.
pub const PAIRS: [(Kind, Kind); 9] = {
    use senas_senet::ai::Level::{Easy, Hard, Normal};
    [
        (Kind::Level(Easy), Kind::Level(Easy)),
        (Kind::Level(Normal), Kind::Level(Normal)),
        (Kind::Level(Hard), Kind::Level(Hard)),
        (Kind::Level(Normal), Kind::Level(Easy)),
        (Kind::Level(Hard), Kind::Level(Easy)),
        (Kind::Level(Hard), Kind::Level(Normal)),
        (Kind::Greedy, Kind::Level(Easy)),
        (Kind::Greedy, Kind::Level(Normal)),
        (Kind::Greedy, Kind::Level(Hard)),
    ]
};

/// `arena lengths [--games N] [--seed S] [--variant V]`: prints one line per rule set and
/// pairing as it is measured (then returns the count of rows missing a target),
/// `variant a v b: median .. p90 .. p99 .. max .. at-limit .. a-won W/N target met|MISSED`.
pub fn run(args: &[&str]) -> Result<String, String> {
    let mut games = 200u32;
    let mut seed = 31_337u64;
    let mut variants: Vec<Variant> = Variant::ALL.to_vec();
    let mut i = 0;
    while i < args.len() {
        let v = args
            .get(i + 1)
            .copied()
            .ok_or_else(|| format!("{} needs a value", args[i]))?;
        match args[i] {
            "--games" => {
                games = v
                    .parse()
                    .map_err(|_| format!("--games {v:?} is not a count"))?
            }
            "--seed" => {
                seed = v
                    .parse()
                    .map_err(|_| format!("--seed {v:?} is not a number"))?
            }
            "--variant" => {
                variants =
                    vec![Variant::from_name(v)
                        .ok_or_else(|| format!("unknown senet variant {v:?}"))?]
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        i += 2;
    }
    if games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    println!(
        "# senet game lengths in turns, {games} games a row, dice seed {seed}+i/2, sides alternated, limit {TURN_LIMIT}; targets: median <= 400, p99 <= 1200, none at the limit"
    );
    let mut missed = 0;
    for v in variants {
        for (a, b) in PAIRS {
            let (l, wins) = measure::<Senet>(v, a, b, games, seed);
            let met = l.meets_targets();
            missed += usize::from(!met);
            // Each row as soon as it is measured (the 1 000-game rows take minutes).
            println!(
                "{v} {} v {}: {} {}-won {wins}/{games} target {}",
                a.name(),
                b.name(),
                l.line(),
                a.name(),
                if met { "met" } else { "MISSED" }
            );
        }
    }
    Ok(format!("# rows missing a target: {missed}\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let v: Vec<u32> = (1..=100).collect();
        let l = Lengths::of(&v, 0);
        assert_eq!((l.median, l.p90, l.p99, l.max), (50, 90, 99, 100));
        let l = Lengths::of(&[7], 1);
        assert_eq!((l.median, l.p99, l.max, l.at_limit), (7, 7, 7, 1));
        assert!(!l.meets_targets());
        assert_eq!(Lengths::of(&[], 0).max, 0);
    }
}
