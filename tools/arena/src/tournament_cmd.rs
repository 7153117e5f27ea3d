//! `arena tournament`: many games between two computer players with alternated sides and
//! recorded seeds; the last line is the score with its 95% Wilson interval. Parses its own
//! arguments; errors are messages, never panics.

use senas_senet::ai::selfplay::{tournament, wilson_95, Playable, TURN_LIMIT};

use crate::lengths::Lengths;
use senas_senet::ai::senas_game::Senas;
use senas_senet::ai::senet_game::Senet;
use senas_senet::ai::Kind;
use senas_senet::games::senet::Variant;

/// Options shared by the AI commands.
pub struct AiArgs {
    pub game: String,
    pub a: Kind,
    pub b: Kind,
    pub games: u32,
    pub seed: u64,
    pub quiet: bool,
    /// The senet rule set (`--variant`).
    pub variant: Variant,
}

fn value<'a>(args: &'a [&'a str], i: usize, flag: &str) -> Result<&'a str, String> {
    args.get(i + 1)
        .copied()
        .ok_or_else(|| format!("{flag} needs a value"))
}

fn kind(name: &str) -> Result<Kind, String> {
    Kind::parse(name).ok_or_else(|| {
        format!("unknown player {name:?} (random, heuristic, tuned, net, easy, normal, hard, greedy, easy-v1, normal-v1, hard-v1, expectiminimax[:easy|:normal|:hard])")
    })
}

/// Parses `--game G --a P --b P --games N --seed S [--quiet]`.
pub fn parse(args: &[&str]) -> Result<AiArgs, String> {
    let mut out = AiArgs {
        game: String::new(),
        a: Kind::Heuristic,
        b: Kind::Random,
        games: 100,
        seed: 1,
        quiet: false,
        variant: Variant::default(),
    };
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "--game" => out.game = value(args, i, "--game")?.to_string(),
            "--a" => out.a = kind(value(args, i, "--a")?)?,
            "--b" => out.b = kind(value(args, i, "--b")?)?,
            "--games" => {
                let v = value(args, i, "--games")?;
                out.games = v
                    .parse()
                    .map_err(|_| format!("--games {v:?} is not a count"))?;
            }
            "--seed" => {
                let v = value(args, i, "--seed")?;
                out.seed = v
                    .parse()
                    .map_err(|_| format!("--seed {v:?} is not a number"))?;
            }
            "--variant" => {
                let v = value(args, i, "--variant")?;
                out.variant =
                    Variant::from_name(v).ok_or_else(|| format!("unknown senet variant {v:?}"))?;
            }
            "--quiet" => {
                out.quiet = true;
                i += 1;
                continue;
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        i += 2;
    }
    match out.game.as_str() {
        "senas" | "senet" => Ok(out),
        "" => Err("--game senas|senet is required".to_string()),
        g => Err(format!("unknown game {g:?} (senas or senet)")),
    }
}

/// `arena tournament --game senas|senet --a PLAYER --b PLAYER --games N --seed S [--quiet]
/// [--variant wiibrew2009|kendall|jequier]`.
pub fn run(args: &[&str]) -> Result<String, String> {
    let a = parse(args)?;
    if a.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    match a.game.as_str() {
        "senet" => Ok(run_game::<Senet>(a.variant, &a)),
        _ => Ok(run_game::<Senas>((), &a)),
    }
}

fn run_game<G: Playable>(rules: G::Rules, a: &AiArgs) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "# {}{} {} vs {}: game i uses dice seed {}+i/2, {} plays side {} on even i\n",
        a.game,
        if a.game == "senet" {
            format!(" {}", a.variant)
        } else {
            String::new()
        },
        a.a.name(),
        a.b.name(),
        a.seed,
        a.a.name(),
        if a.game == "senet" { "A" } else { "W" },
    ));
    let mut scratch = Box::<G::Scratch>::default();
    let mut turns = Vec::with_capacity(a.games as usize);
    let score = tournament::<G>(
        rules,
        &mut scratch,
        a.a,
        a.b,
        a.games,
        a.seed,
        |i, seed, side, o| {
            turns.push(o.turns);
            if !a.quiet {
                let winner = match o.winner {
                    Some(w) if w == side => a.a.name(),
                    Some(_) => a.b.name(),
                    None => "none",
                };
                out.push_str(&format!(
                    "game {i} seed {seed} a_side {side} first {} turns {} winner {winner}\n",
                    o.first, o.turns
                ));
            }
        },
    );
    if score.unfinished > 0 {
        out.push_str(&format!(
            "# {} games hit the turn limit\n",
            score.unfinished
        ));
    }
    // The length line comes before the score, which stays the last line (`make tournaments`).
    let lengths = Lengths::of(&turns, score.unfinished as usize);
    out.push_str(&format!(
        "# length in turns: {} (limit {TURN_LIMIT})\n",
        lengths.line()
    ));
    out.push_str(&summary(a.a.name(), a.b.name(), score.a_wins, score.games));
    out
}

/// The last line: `<a> vs <b>: <a> won W of N (P%, 95% CI L%-H%)`.
pub fn summary(a: &str, b: &str, wins: u32, games: u32) -> String {
    let (lo, hi) = wilson_95(wins, games);
    let pm = (u64::from(wins) * 1000 + u64::from(games) / 2) / u64::from(games.max(1));
    format!(
        "{a} vs {b}: {a} won {wins} of {games} ({}.{}%, 95% CI {}.{}%-{}.{}%)\n",
        pm / 10,
        pm % 10,
        lo / 10,
        lo % 10,
        hi / 10,
        hi % 10
    )
}
