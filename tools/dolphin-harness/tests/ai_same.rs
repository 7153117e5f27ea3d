//! Same decision on the host and on the Wii (issue 13): the senas and senet demo programs
//! (computer against computer; the levels move on each rematch, and the senet rule set at the
//! third match, `Setup::next_demo`) run in Dolphin until the game has logged decisions of
//! every level (senet: and of Kendall's rules); each `event=decision_position`
//! line (position code and roll) and its `event=decision` line (level and chosen turn, same
//! `id`) are asked again on the host through `senas_senet::ai::ask`, the library function
//! `arena decide` prints, and every host answer must equal the Wii's, character for character.
//! Prints the number compared per game and level.
//!
//! Dolphin runs unthrottled with Null video and no frame dumps (only the log matters; the
//! decisions are set by node budgets, not by time, so speed changes nothing but the wall time).
//! The demo programs are built here unless `$SENAS_DEMO_SENAS_DOL` / `$SENAS_DEMO_SENET_DOL`
//! name them.

use dolphin_harness::WiiProgram;
use dolphin_harness::{wii_dol, Dolphin, Error, Event, Session};
use senas_senet::ai::senas_game::SenasScratch;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::time::Duration;

const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

fn build_demo(feature: &str, var: &str) -> PathBuf {
    wii_dol(
        var,
        &WiiProgram {
            select: &["--bin", "senas-senet", "--features", feature],
            elf: "senas-senet",
            name: feature,
        },
    )
}

/// What the game logged for one decision: the question and its answer.
struct Logged {
    level: String,
    variant: Option<String>,
    position: String,
    roll: String,
    answer: String,
}

/// The answer of a decision line in the notation `ai::ask` writes.
fn answer(game: &str, e: &Event) -> Option<String> {
    match game {
        "senas" => Some(format!(
            "moves={} unused={}",
            e.get("moves")?,
            e.get("unused")?
        )),
        _ => Some(format!("move={}", e.get("move")?)),
    }
}

/// Every decision of `game` in `lines`: each decision line with the position line of its `id`
/// logged before it. A decision line without one (or without its fields) fails the test.
fn decisions(game: &str, lines: &[String]) -> Vec<Logged> {
    let mut asked: HashMap<String, Event> = HashMap::new();
    let mut out = Vec::new();
    for l in lines {
        let e = Event::parse(l);
        if e.get("game") != Some(game) {
            continue;
        }
        match e.name() {
            Some("decision_position") => {
                let id = e
                    .get("id")
                    .unwrap_or_else(|| panic!("no id: {l}"))
                    .to_string();
                asked.insert(id, e);
            }
            Some("decision") => {
                let id = e.get("id").unwrap_or_else(|| panic!("no id: {l}"));
                let p = asked
                    .remove(id)
                    .unwrap_or_else(|| panic!("no decision_position line for {l}"));
                let field = |e: &Event, k: &str| {
                    e.get(k)
                        .unwrap_or_else(|| panic!("no {k}= in {}", e.line))
                        .to_string()
                };
                out.push(Logged {
                    level: field(&e, "level"),
                    variant: (game == "senet")
                        .then(|| field(&p, "pos").split(':').next().unwrap_or("").to_string()),
                    position: field(&p, "pos"),
                    roll: field(&p, "roll"),
                    answer: answer(game, &e).unwrap_or_else(|| panic!("no turn in {l}")),
                });
            }
            _ => {}
        }
    }
    out
}

/// Decisions per (variant, level) in `lines` (variant "" for senas).
fn counts(game: &str, lines: &[String]) -> BTreeMap<(String, String), usize> {
    let mut n = BTreeMap::new();
    for d in decisions(game, lines) {
        *n.entry((d.variant.unwrap_or_default(), d.level))
            .or_default() += 1;
    }
    n
}

/// Whether `n` has `per_level` decisions of every level and of every rule set in `variants`.
fn enough(n: &BTreeMap<(String, String), usize>, per_level: usize, variants: &[&str]) -> bool {
    let of = |keep: &dyn Fn(&(String, String)) -> bool| -> usize {
        n.iter().filter(|(k, _)| keep(k)).map(|(_, c)| c).sum()
    };
    LEVELS.iter().all(|l| of(&|k| k.1 == *l) >= per_level)
        && variants.iter().all(|v| of(&|k| k.0 == *v) >= per_level)
}

/// Runs the demo of `game` until it has logged at least `per_level` decisions of every level
/// and of every rule set in `variants`, or `limit` passes; returns the game's log.
fn demo_log(
    game: &str,
    feature: &str,
    var: &str,
    (per_level, variants): (usize, &[&str]),
    limit: Duration,
) -> Vec<String> {
    let mut lines = Vec::new();
    let run = Dolphin::new(build_demo(feature, var))
        .name(&format!("ai-same-{game}"))
        .seconds(limit.as_secs_f64() + 30.0)
        .video_backend("Null")
        .ini("Dolphin.ini", "Movie", "DumpFrames", "False")
        .ini("Dolphin.ini", "Core", "EmulationSpeed", "0.00000000")
        .run_with(|s: &mut Session| {
            // Each decision may take `limit` of game time (the harness's clock); the whole run
            // at most four times `limit` of wall time, so a loaded machine slows it, not fails it.
            while s.elapsed() < limit * 4 {
                let got = s.wait_for("a decision of every level", limit, |l| {
                    l.starts_with("event=decision ")
                });
                match got {
                    Ok(_) => {}
                    Err(Error::Timeout { .. }) => break,
                    Err(e) => return Err(e),
                }
                if enough(&counts(game, &s.lines()), per_level, variants) {
                    break;
                }
            }
            lines = s.lines();
            Ok(())
        })
        .unwrap_or_else(|e| panic!("Dolphin run failed: {e}"));
    if lines.is_empty() {
        lines = run.gecko.clone();
    }
    println!(
        "{game}: {} log lines in {:.1} s wall",
        lines.len(),
        run.wall_time.as_secs_f64()
    );
    lines
}

/// Asks every logged decision again on the host; panics on the first difference.
fn compare(game: &str, logged: &[Logged]) -> BTreeMap<(String, String), usize> {
    let mut scratch: Box<SenasScratch> = Box::default();
    let mut compared = BTreeMap::new();
    for (i, d) in logged.iter().enumerate() {
        let mut host = String::new();
        senas_senet::ai::ask(
            &mut scratch,
            game,
            &d.level,
            &d.position,
            &d.roll,
            &mut host,
        )
        .unwrap_or_else(|e| {
            panic!(
                "{game} decision {i}: the host cannot ask level={} pos={} roll={}: {e}",
                d.level, d.position, d.roll
            )
        });
        assert_eq!(
            host, d.answer,
            "{game} decision {i} differs: level={} pos={} roll={}\n  Wii:  {}\n  host: {host}\n  (arena decide --game {game} --level {} --position '{}' --roll {})",
            d.level, d.position, d.roll, d.answer, d.level, d.position, d.roll
        );
        let key = (d.variant.clone().unwrap_or_default(), d.level.clone());
        *compared.entry(key).or_default() += 1;
    }
    compared
}

/// Runs the demo, compares every decision; fails unless every level (and every rule set in
/// `variants`) had `per_level` decisions. Returns how many were compared.
fn check(
    game: &str,
    feature: &str,
    var: &str,
    (per_level, variants): (usize, &[&str]),
    limit: Duration,
) -> usize {
    let lines = demo_log(game, feature, var, (per_level, variants), limit);
    let logged = decisions(game, &lines);
    let compared = compare(game, &logged);
    let total: usize = compared.values().sum();
    for ((variant, level), n) in &compared {
        println!("{game} {variant} {level}: {n} decisions identical on the host and the Wii");
    }
    println!("{game}: {total} decisions compared, all identical");
    assert!(
        enough(&compared, per_level, variants),
        "{game}: within {limit:?} the demo did not log {per_level} decisions of every level and of {variants:?}: {compared:?}"
    );
    total
}

#[test]
fn senas_decisions_in_dolphin_are_the_hosts_at_every_level() {
    let n = check(
        "senas",
        "demo-senas",
        "SENAS_DEMO_SENAS_DOL",
        (10, &[]),
        Duration::from_secs(120),
    );
    assert!(n >= 30, "only {n} senas decisions compared");
}

#[test]
fn senet_decisions_in_dolphin_are_the_hosts_at_every_level_and_in_kendalls_rules() {
    let n = check(
        "senet",
        "demo-senet",
        "SENAS_DEMO_SENET_DOL",
        (10, &["wiibrew2009", "kendall"]),
        Duration::from_secs(90),
    );
    assert!(n >= 30, "only {n} senet decisions compared");
}
