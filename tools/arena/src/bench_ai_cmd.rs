//! `arena bench ai`: time per decision (mean, p95, max) and nodes per second of each computer
//! player, per game, measured over self-play games against the heuristic. Decisions with a
//! single legal turn are not counted (they cost nothing). Times are the thread's CPU time
//! (`CLOCK_THREAD_CPUTIME_ID`), so other processes sharing the machine do not inflate them.

use rand_pcg::Pcg32;
use senas_senet::ai::selfplay::{sample_chance, Playable};
use senas_senet::ai::senas_game::Senas;
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::{Kind, Level, Player};
use senas_senet::games::senet::Variant;

/// Timing of one player over many decisions.
struct Timing {
    nanos: Vec<u64>,
    nodes: u64,
}

/// CPU time of the calling thread in nanoseconds.
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec and the clock id is a constant libc defines.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

fn measure<G: Playable>(rules: G::Rules, kind: Kind, games: u32, seed: u64) -> Timing {
    let mut scratch = Box::<G::Scratch>::default();
    let mut t = Timing {
        nanos: Vec::new(),
        nodes: 0,
    };
    for g in 0..games {
        let mut dice = Pcg32::new(seed + u64::from(g), 7);
        let mut players = [
            Player::new(kind, u64::from(g)),
            Player::new(Kind::Heuristic, 0),
        ];
        let me = (g % 2) as usize;
        players.swap(0, me);
        let mut pos = G::start(rules, G::SIDES[0]);
        let mut turns = 0;
        while G::winner(&pos).is_none() && turns < 20_000 {
            let Some(chance) = sample_chance::<G>(&pos, &mut dice) else {
                break;
            };
            let mover = if G::to_move(&pos) == G::SIDES[0] {
                0
            } else {
                1
            };
            let legal = G::turns(&mut scratch, &pos, &chance).len();
            let start = thread_cpu_ns();
            let mut d = players[mover].think::<G>(&mut scratch, &pos, &chance);
            let turn = loop {
                if let Some(turn) = d.step(&mut scratch, u64::MAX) {
                    break Some(turn);
                }
                if legal == 0 {
                    break None;
                }
            };
            let elapsed = thread_cpu_ns().saturating_sub(start);
            let Some(turn) = turn else { break };
            if mover == me && legal > 1 {
                t.nanos.push(elapsed);
                t.nodes += d.nodes();
            }
            pos = G::apply(&pos, &turn);
            turns += 1;
        }
    }
    t
}

fn report(game: &str, kind: Kind, t: &mut Timing) -> String {
    t.nanos.sort_unstable();
    let n = t.nanos.len().max(1);
    let total: u64 = t.nanos.iter().sum();
    let mean = total as f64 / n as f64 / 1000.0;
    let p95 = t.nanos.get(n * 95 / 100).copied().unwrap_or(0) as f64 / 1000.0;
    let max = t.nanos.last().copied().unwrap_or(0) as f64 / 1000.0;
    let nps = if total > 0 {
        t.nodes as f64 / (total as f64 / 1e9)
    } else {
        0.0
    };
    format!(
        "{game} {:<22} decisions {:>6}  mean {:>9.1} us  p95 {:>9.1} us  max {:>9.1} us  nodes/decision {:>8.0}  nodes/s {:>6.2} M\n",
        kind.name(),
        t.nanos.len(),
        mean,
        p95,
        max,
        t.nodes as f64 / n as f64,
        nps / 1e6
    )
}

/// `arena bench ai [--game senas|senet|senet-kendall|senet-jequier] [--games N] [--seed S] [--kind PLAYER]`.
pub fn run(args: &[&str]) -> Result<String, String> {
    let mut games = 20u32;
    let mut only: Option<Kind> = None;
    let mut seed = 1u64;
    let mut which: Vec<String> = vec!["senet".into(), "senas".into()];
    let mut i = 0;
    while i < args.len() {
        let v = args
            .get(i + 1)
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
            "--game" => which = vec![v.to_string()],
            "--kind" => {
                only = Some(Kind::parse(v).ok_or_else(|| format!("--kind {v:?} is not a player"))?)
            }
            o => return Err(format!("unknown option {o:?}")),
        }
        i += 2;
    }
    let kinds = [
        Kind::Random,
        Kind::Heuristic,
        Kind::Tuned,
        Kind::Expectiminimax(Level::Easy),
        Kind::Expectiminimax(Level::Normal),
        Kind::Expectiminimax(Level::Hard),
        Kind::Net,
        Kind::Level(Level::Easy),
        Kind::Level(Level::Normal),
        Kind::Level(Level::Hard),
    ];
    let mut out = String::new();
    for game in &which {
        for &k in kinds.iter().filter(|&&k| only.is_none_or(|o| o == k)) {
            let mut t = match game.as_str() {
                "senet" => measure::<Senet>(Variant::Wiibrew2009, k, games, seed),
                // Kendall's rules: its own heuristic network, and the search's network.
                "senet-kendall" => measure::<Senet>(Variant::Kendall, k, games, seed),
                // Jequier's rules: Hard searches with a network of its own (issue 30).
                "senet-jequier" => measure::<Senet>(Variant::Jequier, k, games, seed),
                "senas" => measure::<Senas>((), k, games, seed),
                g => return Err(format!("game {g:?} has no computer players yet")),
            };
            out.push_str(&report(game, k, &mut t));
            print!(
                "{}",
                out.lines()
                    .last()
                    .map(|l| format!("{l}\n"))
                    .unwrap_or_default()
            );
        }
    }
    Ok(String::new())
}
