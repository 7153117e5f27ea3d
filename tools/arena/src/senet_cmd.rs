//! `arena` commands for senet: parse arguments, call the rules engine, format the answer.

pub fn moves(_args: &[&str]) -> Result<String, String> {
    Err("moves senet: not built yet".into())
}

pub fn play(_args: &[&str]) -> Result<String, String> {
    Err("play senet: not built yet".into())
}

pub fn perft(_args: &[&str]) -> Result<String, String> {
    Err("perft senet: not built yet".into())
}
