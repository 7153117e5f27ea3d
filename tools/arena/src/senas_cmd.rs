//! `arena` commands for senas: parse arguments, call the rules engine, format the answer.

pub fn moves(_args: &[&str]) -> Result<String, String> {
    Err("moves senas: not built yet".into())
}

pub fn play(_args: &[&str]) -> Result<String, String> {
    Err("play senas: not built yet".into())
}

pub fn perft(_args: &[&str]) -> Result<String, String> {
    Err("perft senas: not built yet".into())
}
