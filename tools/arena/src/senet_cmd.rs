//! `arena` commands for senet: parse arguments, call the rules engine, format the answer.
//!
//! `moves` lists the legal moves of one throw, `play` plays one seeded game between two random
//! players, `perft` counts move paths and distinct positions by depth, `bench` measures move
//! generation throughput. Every argument error is a `String` for `main` to print; no panics.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use senas_senet::games::senet::{apply, legal_moves, MoveList, Position, Side, Throw, Variant};

/// `--name value` (or `--name=value`) pairs, each name at most once, all names known.
struct Flags<'a> {
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Flags<'a> {
    fn parse(args: &[&'a str], known: &[&str]) -> Result<Flags<'a>, String> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let arg = args[i];
            let Some(body) = arg.strip_prefix("--") else {
                return Err(format!(
                    "unexpected argument '{arg}' (options start with --)"
                ));
            };
            let (name, value) = match body.split_once('=') {
                Some((n, v)) => (n, v),
                None => {
                    i += 1;
                    let v = args
                        .get(i)
                        .ok_or_else(|| format!("option --{body} needs a value"))?;
                    (body, *v)
                }
            };
            if !known.contains(&name) {
                return Err(format!(
                    "unknown option --{name} (known: {})",
                    known
                        .iter()
                        .map(|k| format!("--{k}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
            if pairs.iter().any(|(n, _)| *n == name) {
                return Err(format!("option --{name} given twice"));
            }
            pairs.push((name, value));
            i += 1;
        }
        Ok(Flags { pairs })
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    fn require(&self, name: &str) -> Result<&'a str, String> {
        self.get(name)
            .ok_or_else(|| format!("missing option --{name}"))
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        match self.get(name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{name}: '{v}' is not a valid number")),
        }
    }

    fn variant(&self) -> Result<Variant, String> {
        match self.get("variant") {
            None => Ok(Variant::default()),
            Some(v) => Variant::from_name(v).ok_or_else(|| {
                let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
                format!("unknown variant '{v}' (known: {})", known.join(", "))
            }),
        }
    }

    fn side(&self, default: Option<Side>) -> Result<Side, String> {
        let v = match (self.get("side"), default) {
            (Some(v), _) => v,
            (None, Some(side)) => return Ok(side),
            (None, None) => return Err("missing option --side (A or B)".into()),
        };
        let mut chars = v.chars();
        match (chars.next().and_then(Side::from_letter), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Err(format!("--side: '{v}' is not A or B")),
        }
    }

    /// The position of `--board` (with `--side`, `--variant`), or the start when no board.
    fn position(&self, board_required: bool) -> Result<Position, String> {
        let variant = self.variant()?;
        match self.get("board") {
            Some(board) => {
                let side = self.side(None)?;
                Position::parse(variant, board, side).map_err(|e| format!("--board: {e}"))
            }
            None if board_required => {
                Err("missing option --board (30 characters A, B or .)".into())
            }
            None => Ok(Position::start(variant, self.side(Some(Side::A))?)),
        }
    }
}

fn parse_throw(v: &str, variant: Variant) -> Result<Throw, String> {
    let rules = variant.rules();
    v.parse::<u8>()
        .ok()
        .and_then(|d| rules.throw(d))
        .ok_or_else(|| {
            let all: Vec<String> = rules.outcomes.iter().map(|(t, _)| t.to_string()).collect();
            format!(
                "--throw: '{v}' is not a throw of the {variant} sticks ({})",
                all.join(", ")
            )
        })
}

/// `arena moves senet [--variant V] --side A|B --throw N --board S`
pub fn moves(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["variant", "side", "throw", "board"])?;
    let pos = flags.position(true)?;
    let throw = parse_throw(flags.require("throw")?, pos.variant())?;
    if let Some(w) = pos.winner() {
        return Err(format!(
            "the game is over: side {w} has borne off all its pieces"
        ));
    }
    let mut list = MoveList::new();
    legal_moves(&pos, throw, &mut list);
    let mut out = String::new();
    for m in &list {
        let _ = writeln!(out, "{m}");
    }
    Ok(out)
}

/// `arena play senet [--seed N] [--variant V]`: one game between two random players.
pub fn play(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["seed", "variant"])?;
    let seed: u64 = flags.number("seed", 1)?;
    let variant = flags.variant()?;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let first = Throw::throw_off(&mut rng);
    let mut pos = Position::start(variant, first);
    let mut out = String::new();
    let _ = writeln!(out, "senet {variant} seed={seed} first={first}");
    let _ = writeln!(out, "   0       {}", pos.board_string());
    let mut list = MoveList::new();
    let mut n = 0u64;
    while pos.winner().is_none() {
        n += 1;
        let side = pos.side_to_move();
        let throw = variant.rules().sample(&mut rng);
        legal_moves(&pos, throw, &mut list);
        let mv = list[(rng.next_u32() as usize) % list.len()];
        pos = apply(&pos, mv);
        let again = if pos.side_to_move() == side {
            " again"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{n:4} {side} {throw} {:<6} {}{again}",
            mv.to_string(),
            pos.board_string()
        );
    }
    if let Some(w) = pos.winner() {
        let _ = writeln!(
            out,
            "winner={w} throws={n} borne_off=A:{},B:{}",
            pos.borne_off(Side::A),
            pos.borne_off(Side::B)
        );
    }
    Ok(out)
}

/// Counts, for every depth up to `depth`, the throw-and-move paths and the distinct positions.
fn perft_layers(start: Position, depth: u32, mut report: impl FnMut(u32, u64, usize, f64)) {
    let mut layer: HashMap<Position, u64> = HashMap::from([(start, 1)]);
    let mut list = MoveList::new();
    for d in 1..=depth {
        let t0 = Instant::now();
        let mut next: HashMap<Position, u64> = HashMap::new();
        for (pos, &paths) in &layer {
            if pos.winner().is_some() {
                continue;
            }
            for (throw, _) in pos.variant().rules().outcomes {
                legal_moves(pos, throw, &mut list);
                for &m in &list {
                    *next.entry(apply(pos, m)).or_insert(0) += paths;
                }
            }
        }
        let paths: u64 = next.values().sum();
        report(d, paths, next.len(), t0.elapsed().as_secs_f64());
        layer = next;
    }
}

/// `arena perft senet [--depth D] [--variant V] [--side A|B] [--board S]`
pub fn perft(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["depth", "variant", "side", "board"])?;
    let depth: u32 = flags.number("depth", 4)?;
    if !(1..=12).contains(&depth) {
        return Err(format!("--depth: {depth} is outside 1..=12"));
    }
    let pos = flags.position(false)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "perft senet {} side={} board={}",
        pos.variant(),
        pos.side_to_move(),
        pos.board_string()
    );
    let _ = writeln!(
        out,
        "(a ply is one throw, every outcome, and one move or pass)"
    );
    perft_layers(pos, depth, |d, paths, distinct, secs| {
        let _ = writeln!(
            out,
            "depth {d}: paths={paths} distinct={distinct} time={secs:.3}s"
        );
    });
    Ok(out)
}

/// Counts the leaf positions of every throw-and-move path of `depth` plies (no dedup).
fn count_paths(pos: &Position, depth: u32) -> u64 {
    if depth == 0 || pos.winner().is_some() {
        return u64::from(depth == 0);
    }
    let mut list = MoveList::new();
    let mut total = 0;
    for (throw, _) in pos.variant().rules().outcomes {
        legal_moves(pos, throw, &mut list);
        if depth == 1 {
            for &m in &list {
                black_box(apply(pos, m));
            }
            total += list.len() as u64;
        } else {
            for &m in &list {
                total += count_paths(&apply(pos, m), depth - 1);
            }
        }
    }
    total
}

/// Random positions reached by random play, for the generation benchmark.
fn sample_positions(variant: Variant, count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    let mut list = MoveList::new();
    while out.len() < count {
        let mut pos = Position::start(variant, Throw::throw_off(&mut rng));
        while pos.winner().is_none() && out.len() < count {
            out.push(pos);
            legal_moves(&pos, variant.rules().sample(&mut rng), &mut list);
            pos = apply(&pos, list[(rng.next_u32() as usize) % list.len()]);
        }
    }
    out
}

/// `arena bench senet [--depth D] [--games N] [--positions N] [--variant V]`: throughput on one core.
pub fn bench(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["depth", "games", "positions", "variant"])?;
    let depth: u32 = flags.number("depth", 6)?;
    let games: u64 = flags.number("games", 100_000)?;
    let sample: usize = flags.number("positions", 200_000)?;
    let variant = flags.variant()?;
    if !(1..=9).contains(&depth) {
        return Err(format!("--depth: {depth} is outside 1..=9"));
    }
    let mut out = String::new();
    let _ = writeln!(out, "bench senet {variant} (one thread)");

    // 1. Move generation over positions from random games: every throw of each position.
    let positions = sample_positions(variant, sample.max(1), 7);
    let mut list = MoveList::new();
    let rounds = 20;
    let t0 = Instant::now();
    let mut generated = 0u64;
    for _ in 0..rounds {
        for pos in &positions {
            for (throw, _) in pos.variant().rules().outcomes {
                legal_moves(black_box(pos), throw, &mut list);
                generated += list.len() as u64;
            }
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let calls = (rounds * positions.len() * 5) as f64;
    let _ = writeln!(
        out,
        "movegen: {:.1} M legal_moves calls/s, {:.1} M moves/s ({} positions x 5 throws x {rounds})",
        calls / secs / 1e6,
        generated as f64 / secs / 1e6,
        positions.len()
    );

    // 2. Perft from the start: every child position generated and applied.
    let start = Position::start(variant, Side::A);
    let t0 = Instant::now();
    let nodes = count_paths(&start, depth);
    let secs = t0.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "perft depth {depth}: {nodes} positions in {secs:.3}s = {:.1} M positions/s",
        nodes as f64 / secs / 1e6
    );

    // 3. Random playouts.
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let t0 = Instant::now();
    let mut throws = 0u64;
    let mut wins = [0u64; 2];
    for _ in 0..games {
        let mut pos = Position::start(variant, Throw::throw_off(&mut rng));
        while pos.winner().is_none() {
            legal_moves(&pos, variant.rules().sample(&mut rng), &mut list);
            pos = apply(&pos, list[(rng.next_u32() as usize) % list.len()]);
            throws += 1;
        }
        if let Some(w) = pos.winner() {
            wins[w.index()] += 1;
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "playouts: {games} games in {secs:.3}s = {:.0} games/s, {:.1} M throws/s, {:.1} throws/game, wins A={} B={}",
        games as f64 / secs,
        throws as f64 / secs / 1e6,
        throws as f64 / games.max(1) as f64,
        wins[0],
        wins[1]
    );
    Ok(out)
}
