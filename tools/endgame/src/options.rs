//! The endgame commands' options: `--name value` pairs in the order given, and the message for
//! a value that does not parse. Owns the reading of the words only; each command says what its
//! options mean.

/// The `(name, value)` pairs of `args`; an option without a value is an error.
pub fn pairs(args: &[String]) -> Result<Vec<(&str, &str)>, String> {
    args.chunks(2)
        .map(|c| match c {
            [k, v] => Ok((k.as_str(), v.as_str())),
            _ => Err(format!("{} needs a value", c[0])),
        })
        .collect()
}

/// The message for option `name`'s value `v`, which is not `what`.
pub fn not_a(name: &str, v: &str, what: &str) -> String {
    format!("{name} {v:?} is not {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_come_in_pairs_and_a_lone_name_is_an_error() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let a = words(&["--seed", "5", "--games", "7"]);
        assert_eq!(pairs(&a), Ok(vec![("--seed", "5"), ("--games", "7")]));
        assert_eq!(
            pairs(&words(&["--seed", "5", "--games"])),
            Err("--games needs a value".to_string())
        );
        assert_eq!(
            not_a("--seed", "x", "a number"),
            "--seed \"x\" is not a number"
        );
    }
}
