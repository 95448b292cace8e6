//! The brain's answer to `ABOUT`: `name="Tengen", version="1.0", author="…", country="…"`.

use std::fmt;

use crate::error::ParseError;

/// A brain's `ABOUT` line.
///
/// The protocol asks for `key="value"` pairs separated by commas (keys `name`, `version`,
/// `author`, `country`, `www`, `email`), but managers must accept free text too: see
/// [`About::from_line`]. Values cannot contain `"` on the wire; `Display` writes any `"` inside a
/// value as `'` and any CR/LF as a space.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct About {
    /// The pairs in the order received. Keys keep their case; lookups ignore it.
    pub fields: Vec<(String, String)>,
    /// The whole line, when it was not a `key="value"` list.
    pub free_text: Option<String>,
}

impl About {
    /// An empty description.
    #[must_use]
    pub fn new() -> About {
        About::default()
    }

    /// This description with one more pair.
    #[must_use]
    pub fn with(mut self, key: &str, value: &str) -> About {
        self.fields.push((key.to_string(), value.to_string()));
        self
    }

    /// The value of `key` (case-insensitive), if present.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// The `name` value, or else the free text.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.get("name").or(self.free_text.as_deref())
    }

    /// The `version` value.
    #[must_use]
    pub fn version(&self) -> Option<&str> {
        self.get("version")
    }

    /// The `author` value.
    #[must_use]
    pub fn author(&self) -> Option<&str> {
        self.get("author")
    }

    /// The `country` value.
    #[must_use]
    pub fn country(&self) -> Option<&str> {
        self.get("country")
    }

    /// The `www` value.
    #[must_use]
    pub fn www(&self) -> Option<&str> {
        self.get("www")
    }

    /// The `email` value.
    #[must_use]
    pub fn email(&self) -> Option<&str> {
        self.get("email")
    }

    /// Reads a `key="value", key="value"` line strictly (at least one pair; commas between
    /// pairs optional; keys are letters, digits, `_` and `-`).
    pub fn parse(line: &str) -> Result<About, ParseError> {
        const EXPECTED: &str = "key=\"value\" pairs separated by commas";
        let t = line.trim();
        let bad = || ParseError::bad_response(t, EXPECTED);
        let mut rest = t;
        let mut fields = Vec::new();
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
            if rest.is_empty() {
                break;
            }
            let key_len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                .unwrap_or(rest.len());
            if key_len == 0 {
                return Err(bad());
            }
            let key = &rest[..key_len];
            rest = rest[key_len..].trim_start();
            rest = rest.strip_prefix('=').ok_or_else(bad)?.trim_start();
            rest = rest.strip_prefix('"').ok_or_else(bad)?;
            let end = rest.find('"').ok_or_else(bad)?;
            fields.push((key.to_string(), rest[..end].to_string()));
            rest = &rest[end + 1..];
        }
        if fields.is_empty() {
            return Err(bad());
        }
        Ok(About {
            fields,
            free_text: None,
        })
    }

    /// Reads any `ABOUT` answer: the `key="value"` form if it parses, otherwise the trimmed
    /// line as free text. Never fails.
    #[must_use]
    pub fn from_line(line: &str) -> About {
        About::parse(line).unwrap_or_else(|_| About {
            fields: Vec::new(),
            free_text: Some(line.trim().to_string()),
        })
    }
}

impl fmt::Display for About {
    /// Writes `key="value", …`, or the free text when there are no pairs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.fields.is_empty() {
            return f.write_str(&crate::command::one_line(
                self.free_text.as_deref().unwrap_or(""),
            ));
        }
        for (i, (k, v)) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            let v = crate::command::one_line(v).replace('"', "'");
            write!(f, "{k}=\"{v}\"")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_parse_and_print() {
        let line = r#"name="Tengen", version="0.1.0", author="Tengen developers", country="CZ""#;
        let a = About::parse(line).unwrap();
        assert_eq!(a.name(), Some("Tengen"));
        assert_eq!(a.version(), Some("0.1.0"));
        assert_eq!(a.author(), Some("Tengen developers"));
        assert_eq!(a.country(), Some("CZ"));
        assert_eq!(a.www(), None);
        assert_eq!(a.to_string(), line);
        let b = About::parse(r#"NAME = "x,y"  Email="a@b""#).unwrap();
        assert_eq!(b.name(), Some("x,y"));
        assert_eq!(b.email(), Some("a@b"));
    }

    #[test]
    fn free_text_is_accepted_leniently_only() {
        assert!(About::parse("Pela brain 1.0").is_err());
        assert!(About::parse(r#"name="unterminated"#).is_err());
        assert!(About::parse("").is_err());
        let a = About::from_line("  Pela brain 1.0 ");
        assert_eq!(a.name(), Some("Pela brain 1.0"));
        assert_eq!(a.to_string(), "Pela brain 1.0");
    }

    #[test]
    fn values_cannot_break_the_line() {
        let a = About::new().with("name", "a\"b\nc");
        assert_eq!(a.to_string(), r#"name="a'b c""#);
    }
}
