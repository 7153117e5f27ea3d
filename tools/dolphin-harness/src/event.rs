//! The game's log lines as events: `event=boot version=0.1.0 msg="two words"`. Parses
//! `key=value` fields (values may be double-quoted); never fails, unknown text is ignored.

use std::str::FromStr;

/// One parsed log line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The raw line.
    pub line: String,
    fields: Vec<(String, String)>,
}

impl Event {
    /// Parses a line into its `key=value` fields.
    pub fn parse(line: &str) -> Event {
        let mut fields = Vec::new();
        let mut rest = line.trim();
        while !rest.is_empty() {
            let Some(eq) = rest.find('=') else { break };
            let key_start = rest[..eq].rfind(' ').map_or(0, |i| i + 1);
            let key = rest[key_start..eq].to_string();
            let after = &rest[eq + 1..];
            let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
                match quoted.find('"') {
                    Some(end) => (&quoted[..end], &quoted[end + 1..]),
                    None => (quoted, ""),
                }
            } else {
                let end = after.find(' ').unwrap_or(after.len());
                (&after[..end], &after[end..])
            };
            fields.push((key, value.to_string()));
            rest = next.trim_start();
        }
        Event {
            line: line.to_string(),
            fields,
        }
    }

    /// The `event` field.
    pub fn name(&self) -> Option<&str> {
        self.get("event")
    }

    /// A field's text.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A field parsed as a number (or anything `FromStr`).
    pub fn num<T: FromStr>(&self, key: &str) -> Option<T> {
        self.get(key)?.parse().ok()
    }

    /// Whether this is an `event=name` line whose fields include every `(key, value)` given.
    pub fn is(&self, name: &str, fields: &[(&str, &str)]) -> bool {
        self.name() == Some(name) && fields.iter().all(|(k, v)| self.get(k) == Some(*v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_is_its_name_with_every_field_given() {
        let e = Event::parse("event=turn game=senet side=A by=human");
        assert!(e.is("turn", &[]));
        assert!(e.is("turn", &[("game", "senet"), ("side", "A")]));
        assert!(!e.is("turn", &[("side", "B")]));
        assert!(!e.is("turn", &[("missing", "x")]));
        assert!(!e.is("throw", &[("game", "senet")]));
    }

    #[test]
    fn plain_fields_parse_in_order() {
        let e = Event::parse("event=boot version=0.1.0 video=ntsc480i");
        assert_eq!(e.name(), Some("boot"));
        assert_eq!(e.get("video"), Some("ntsc480i"));
        assert_eq!(e.get("missing"), None);
    }

    #[test]
    fn quoted_values_keep_their_spaces_and_equals_signs() {
        let e = Event::parse("event=panic msg=\"x = 1 failed\" at=src/main.rs:3:5");
        assert_eq!(e.get("msg"), Some("x = 1 failed"));
        assert_eq!(e.get("at"), Some("src/main.rs:3:5"));
    }

    #[test]
    fn numbers_parse_and_garbage_does_not() {
        let e = Event::parse("event=frame n=120 fps=x");
        assert_eq!(e.num::<u32>("n"), Some(120));
        assert_eq!(e.num::<u32>("fps"), None);
        assert_eq!(Event::parse("no fields here").name(), None);
    }
}
