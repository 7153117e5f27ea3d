//! `arena` commands for senas: parse arguments, call the rules engine, format the answer.
//! `moves` lists legal final positions, `play` a seeded random game, `perft` counts turns to a
//! depth, `bench` measures generation throughput and the largest turn lists seen. No rules here.

use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use senas_senet::games::senas::{
    apply, first_player, Bag, Position, Roll, Side, Turn, TurnGen, TurnSource, GIFT_CAPACITY,
    MAX_TURNS, MEMO_CAPACITY,
};
use std::fmt::Write;
use std::time::Instant;

type Turns = heapless::Vec<Turn, MAX_TURNS>;

/// Flags given as `--name value`.
struct Flags<'a>(Vec<(&'a str, &'a str)>);

impl<'a> Flags<'a> {
    fn parse(args: &[&'a str], known: &[&str]) -> Result<Flags<'a>, String> {
        let mut out = Vec::new();
        let mut it = args.iter();
        while let Some(&name) = it.next() {
            let key = name
                .strip_prefix("--")
                .ok_or(format!("unexpected argument `{name}`"))?;
            if !known.contains(&key) {
                return Err(format!(
                    "unknown option `{name}` (known: --{})",
                    known.join(", --")
                ));
            }
            let value = it.next().ok_or(format!("option `{name}` needs a value"))?;
            out.push((key, *value));
        }
        Ok(Flags(out))
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
    }

    fn number(&self, key: &str, default: u64) -> Result<u64, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("--{key} needs a whole number, got `{v}`")),
        }
    }
}

fn parse_side(text: &str) -> Result<Side, String> {
    match text {
        "W" | "w" => Ok(Side::White),
        "B" | "b" => Ok(Side::Black),
        _ => Err(format!("--side must be W or B, got `{text}`")),
    }
}

fn parse_values(text: &str, what: &str) -> Result<Vec<u8>, String> {
    text.split(',')
        .map(|w| match w.trim().parse::<u8>() {
            Ok(v) if (1..=6).contains(&v) => Ok(v),
            _ => Err(format!("{what} values must be 1..6, got `{w}`")),
        })
        .collect()
}

fn position(flags: &Flags) -> Result<Position, String> {
    let side = parse_side(flags.get("side").unwrap_or("W"))?;
    match flags.get("board") {
        None => Ok(Position::start(side)),
        Some(b) => Position::parse(b, side).map_err(|e| e.to_string()),
    }
}

/// `moves senas --side W|B (--dice a,b,c | --gift a,b,...) --board F`
pub fn moves(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["side", "dice", "gift", "board"])?;
    flags.get("side").ok_or("moves senas needs --side W|B")?;
    flags.get("board").ok_or("moves senas needs --board F")?;
    let mut pos = position(&flags)?;
    if let Some(w) = pos.winner() {
        return Err(format!("the game is already won by {w}"));
    }
    let mut gen = Box::new(TurnGen::new());
    let mut turns = Box::new(Turns::new());
    let result = match (flags.get("dice"), flags.get("gift")) {
        (Some(d), None) => {
            let v = parse_values(d, "--dice")?;
            let [a, b, c] = v[..] else {
                return Err(format!("--dice needs three values, got {}", v.len()));
            };
            let roll = Roll::new(a, b, c).ok_or("--dice values must be 1..6")?;
            gen.legal_turns(&pos, &roll, &mut turns)
        }
        (None, Some(g)) => {
            let v = parse_values(g, "--gift")?;
            let bag = Bag::from_values(&v)
                .ok_or(format!("--gift holds at most {GIFT_CAPACITY} values"))?;
            pos = pos.with_gift(bag);
            gen.legal_gift_turns(&pos, &mut turns)
        }
        _ => return Err("moves senas needs exactly one of --dice a,b,c or --gift a,b,...".into()),
    };
    result.map_err(|e| format!("capacity exceeded while generating: {e:?}"))?;
    if turns.is_empty() {
        return Err("no legal turn: every sequence ends with three holes in the first sena".into());
    }
    let mut lines: Vec<String> = turns.iter().map(|t| line(&pos, t)).collect();
    lines.sort();
    Ok(lines.into_iter().map(|l| l + "\n").collect())
}

/// `F used=N`, plus ` gift=...` when a roll leaves sub-moves for the opponent.
fn line(pos: &Position, turn: &Turn) -> String {
    let mut s = format!("{} used={}", apply(pos, turn), turn.played());
    if matches!(turn.source(), TurnSource::Roll { .. }) && !turn.unused().is_empty() {
        let _ = write!(s, " gift={}", turn.unused());
    }
    s
}

/// Physical description of a part's sub-moves, e.g. `0>3 3>5 20>off`.
fn describe(side: Side, turn: &Turn) -> String {
    let words: Vec<String> = turn
        .sub_moves()
        .map(|sm| {
            let to = if usize::from(sm.to()) >= 24 {
                "off".to_string()
            } else {
                side.hole(usize::from(sm.to())).to_string()
            };
            format!("{}>{}", side.hole(usize::from(sm.from)), to)
        })
        .collect();
    if words.is_empty() {
        "(no move)".into()
    } else {
        words.join(" ")
    }
}

/// Plays one part of a turn for the side to move: the gift if one is pending, else a roll.
/// Returns the roll (if any) and the turn chosen at random.
fn random_part(
    gen: &mut TurnGen,
    pos: &Position,
    rng: &mut Pcg64Mcg,
    turns: &mut Turns,
) -> Result<(Option<Roll>, Turn), String> {
    let roll = if pos.needs_roll() {
        Some(Roll::sample(rng))
    } else {
        None
    };
    let r = match &roll {
        Some(r) => gen.legal_turns(pos, r, turns),
        None => gen.legal_gift_turns(pos, turns),
    };
    r.map_err(|e| format!("capacity exceeded at {pos}: {e:?}"))?;
    if turns.is_empty() {
        return Err(format!("no legal turn at {pos}"));
    }
    let i = (rand_core::RngCore::next_u64(rng) % turns.len() as u64) as usize;
    Ok((roll, turns[i]))
}

/// `play senas [--seed N]`: one game between two random players, each part on one line.
pub fn play(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["seed"])?;
    let mut rng = Pcg64Mcg::seed_from_u64(flags.number("seed", 1)?);
    let mut gen = Box::new(TurnGen::new());
    let mut turns = Box::new(Turns::new());
    let mut pos = Position::start(first_player(&mut rng));
    let mut out = format!("start {pos} first={}\n", pos.side_to_move().letter());
    let mut parts = 0u32;
    while pos.winner().is_none() {
        let side = pos.side_to_move();
        let gift = pos.gift();
        let (roll, turn) = random_part(&mut gen, &pos, &mut rng, &mut turns)?;
        pos = apply(&pos, &turn);
        parts += 1;
        let what = match roll {
            Some(r) => format!("roll {r}"),
            None => format!("gift {gift}"),
        };
        let _ = writeln!(
            out,
            "{} {what}: {} -> {pos}",
            side.letter(),
            describe(side, &turn)
        );
    }
    let w = pos.winner().map(Side::letter).unwrap_or('?');
    let _ = writeln!(out, "winner {w} after {parts} parts");
    Ok(out)
}

fn perft_count(
    gen: &mut TurnGen,
    buf: &mut Turns,
    pos: &Position,
    depth: u32,
) -> Result<u64, String> {
    if depth == 0 || pos.winner().is_some() {
        return Ok(1);
    }
    let mut total = 0;
    let mut children = |gen: &mut TurnGen, buf: &mut Turns, r: Option<Roll>| {
        match r {
            Some(roll) => gen.legal_turns(pos, &roll, buf),
            None => gen.legal_gift_turns(pos, buf),
        }
        .map_err(|e| format!("{e:?} at {pos}"))?;
        let list: Vec<Turn> = buf.to_vec();
        for t in &list {
            total += perft_count(gen, buf, &apply(pos, t), depth - 1)?;
        }
        Ok::<(), String>(())
    };
    if pos.needs_roll() {
        for (roll, _) in Roll::outcomes() {
            children(gen, buf, Some(roll))?;
        }
    } else {
        children(gen, buf, None)?;
    }
    Ok(total)
}

/// `perft senas [--depth D] [--side W|B] [--board F]`: leaf counts of the tree of parts (every
/// distinct roll, every distinct turn) for depths 1..D, with timing.
pub fn perft(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["depth", "side", "board"])?;
    let depth = flags.number("depth", 2)?;
    if depth > 6 {
        return Err("--depth must be at most 6".into());
    }
    let pos = position(&flags)?;
    let mut gen = Box::new(TurnGen::new());
    let mut buf = Box::new(Turns::new());
    let mut out = String::new();
    for d in 1..=depth as u32 {
        let t = Instant::now();
        let n = perft_count(&mut gen, &mut buf, &pos, d)?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        let _ = writeln!(out, "depth {d}: {n} leaves in {ms:.1} ms");
    }
    Ok(out)
}

/// `bench senas [--games G] [--seed N] [--all-rolls 0|1]`: random playouts; times generation
/// for the roll played (or for all 56 rolls at each position) and reports the largest lists.
pub fn bench(args: &[&str]) -> Result<String, String> {
    let flags = Flags::parse(args, &["games", "seed", "all-rolls"])?;
    let games = flags.number("games", 2000)?;
    let all_rolls = flags.number("all-rolls", 0)? != 0;
    let mut rng = Pcg64Mcg::seed_from_u64(flags.number("seed", 7)?);
    let mut gen = Box::new(TurnGen::new());
    let mut turns = Box::new(Turns::new());
    let (mut positions, mut calls, mut finals, mut nanos) = (0u64, 0u64, 0u64, 0u128);
    let (mut max_turns, mut max_states) = (0usize, 0usize);
    let mut worst = String::new();
    let mut worst_states = String::new();
    let (mut max_gift, mut worst_gift) = (0usize, String::new());
    for _ in 0..games {
        let mut pos = Position::start(first_player(&mut rng));
        while pos.winner().is_none() {
            positions += 1;
            if all_rolls && pos.needs_roll() {
                for (roll, _) in Roll::outcomes() {
                    let t = Instant::now();
                    gen.legal_turns(&pos, &roll, &mut turns).map_err(|e| {
                        format!(
                            "{e:?} at {pos} side={} dice={roll}",
                            pos.side_to_move().letter()
                        )
                    })?;
                    nanos += t.elapsed().as_nanos();
                    calls += 1;
                    finals += turns.len() as u64;
                    if gen.states() > max_states {
                        max_states = gen.states();
                        worst_states =
                            format!("{pos} side={} dice={roll}", pos.side_to_move().letter());
                    }
                    if turns.len() > max_turns {
                        max_turns = turns.len();
                        worst = format!("{pos} side={} dice={roll}", pos.side_to_move().letter());
                    }
                }
            }
            let t = Instant::now();
            let (roll, turn) = random_part(&mut gen, &pos, &mut rng, &mut turns)?;
            nanos += t.elapsed().as_nanos();
            calls += 1;
            finals += turns.len() as u64;
            let what = || {
                let part = match roll {
                    Some(r) => format!("dice={r}"),
                    None => format!("gift={}", pos.gift()),
                };
                format!("{pos} side={} {part}", pos.side_to_move().letter())
            };
            if gen.states() > max_states {
                max_states = gen.states();
                worst_states = what();
            }
            if turns.len() > max_turns {
                max_turns = turns.len();
                worst = what();
            }
            if roll.is_none() && turns.len() > max_gift {
                max_gift = turns.len();
                worst_gift = what();
            }
            pos = apply(&pos, &turn);
        }
    }
    let secs = nanos as f64 / 1e9;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "senas bench: {games} games, {positions} positions, {calls} generations"
    );
    let _ = writeln!(out, "generation time {secs:.3} s");
    let _ = writeln!(
        out,
        "throughput {:.0} final positions/s",
        finals as f64 / secs
    );
    let _ = writeln!(out, "throughput {:.0} generations/s", calls as f64 / secs);
    let _ = writeln!(
        out,
        "largest turn list {max_turns} (capacity {MAX_TURNS}): {worst}"
    );
    let _ = writeln!(out, "largest gift list {max_gift}: {worst_gift}");
    let _ = writeln!(
        out,
        "most search states {max_states} (capacity {MEMO_CAPACITY}): {worst_states}"
    );
    Ok(out)
}
