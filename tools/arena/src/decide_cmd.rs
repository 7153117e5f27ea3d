//! `arena decide`: the turn a level picks on the host for one position and roll, written as the
//! game's log writes them (`event=decision_position ... pos=CODE roll=R`), answered by the same
//! library function the e2e test uses (`senas_senet::ai::ask`, over `Player::choose`) and printed
//! in the log's notation (`moves=1-4,1-6 unused=3` / `move=9-11`). Only argument handling here.

use senas_senet::ai::senas_game::SenasScratch;
use senas_senet::games::senet;

pub const USAGE: &str = "usage: arena decide --game senas|senet [--variant wiibrew2009|kendall|jequier]
                    --level easy|normal|hard --position CODE --roll R
  CODE: the pos= field of the game's event=decision_position line
        senas: side:board:gift:outgoing, e.g. W:15,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,-15/0/0:-:-
        senet: variant:side:board:bound, e.g. wiibrew2009:A:ABABABABAB....................:-
  R:    senas three dice (3,5,5) or gift; senet the throw's distance (1-4, and 6, or 5
        in Kendall's rules)
  --level also takes any tournament player name (hard-v1, heuristic, ...)
  --variant (senet) must agree with the variant in CODE
  Prints the chosen turn: senas moves=.. unused=.., senet move=..
";

struct Args {
    game: String,
    variant: Option<String>,
    level: String,
    position: String,
    roll: String,
}

/// `Ok(None)`: `--help` was asked for.
fn parse(args: &[&str]) -> Result<Option<Args>, String> {
    use lexopt::prelude::*;
    let (mut game, mut variant, mut level, mut position, mut roll) = (None, None, None, None, None);
    let mut p = lexopt::Parser::from_args(args.iter().copied());
    let text = |v: std::ffi::OsString| v.into_string().map_err(|_| "arguments must be UTF-8");
    while let Some(arg) = p.next().map_err(|e| e.to_string())? {
        let slot = match arg {
            Long("help") | Short('h') => return Ok(None),
            Long("game") => &mut game,
            Long("variant") => &mut variant,
            Long("level") => &mut level,
            Long("position") => &mut position,
            Long("roll") => &mut roll,
            _ => return Err(arg.unexpected().to_string()),
        };
        *slot = Some(text(p.value().map_err(|e| e.to_string())?)?);
    }
    let need = |v: Option<String>, name: &str| v.ok_or(format!("decide needs --{name}"));
    Ok(Some(Args {
        game: need(game, "game")?,
        variant,
        level: need(level, "level")?,
        position: need(position, "position")?,
        roll: need(roll, "roll")?,
    }))
}

/// `arena decide ...`.
pub fn run(args: &[&str]) -> Result<String, String> {
    let Some(a) = parse(args).map_err(|e| format!("{e}\n{USAGE}"))? else {
        return Ok(USAGE.to_string());
    };
    if let Some(v) = &a.variant {
        if a.game != "senet" {
            return Err("--variant is for senet".into());
        }
        let v = senet::Variant::from_name(v).ok_or(format!("unknown variant `{v}`"))?;
        let pos = senet::Position::from_code(&a.position).map_err(|e| e.to_string())?;
        if pos.variant() != v {
            return Err(format!(
                "--variant {} but the position is of {}",
                v.name(),
                pos.variant().name()
            ));
        }
    }
    let mut scratch: Box<SenasScratch> = Box::default();
    let mut out = String::new();
    senas_senet::ai::ask(
        &mut scratch,
        &a.game,
        &a.level,
        &a.position,
        &a.roll,
        &mut out,
    )
    .map_err(|e| e.to_string())?;
    out.push('\n');
    Ok(out)
}
