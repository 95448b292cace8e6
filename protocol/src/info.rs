//! `INFO key value` settings.

use std::fmt;

use tengen_rules::{Pos, Rule};

use crate::error::ParseError;

/// The opening rule a manager announces with `INFO tg_opening_rule` (Tengen extension).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TgOpeningRule {
    /// `free`: no opening rule.
    Free,
    /// `chinese`: the Chinese competition rules (designated opening, swap, N fifth-move offers).
    Chinese,
    /// `swap2`.
    Swap2,
    /// `file`: openings from an opening file.
    File,
}

impl TgOpeningRule {
    /// The wire word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            TgOpeningRule::Free => "free",
            TgOpeningRule::Chinese => "chinese",
            TgOpeningRule::Swap2 => "swap2",
            TgOpeningRule::File => "file",
        }
    }

    /// Reads the wire word (case-insensitive).
    #[must_use]
    pub fn from_word(word: &str) -> Option<TgOpeningRule> {
        [
            TgOpeningRule::Free,
            TgOpeningRule::Chinese,
            TgOpeningRule::Swap2,
            TgOpeningRule::File,
        ]
        .into_iter()
        .find(|r| r.word().eq_ignore_ascii_case(word))
    }
}

/// One `INFO key value` setting.
///
/// Keys are matched case-insensitively and written lower-case. Numbers are kept as `i64`
/// because real managers send negative values (`time_left` may be negative; Yixin-Board sends
/// `max_node -1`); range checks are the brain's business.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Info {
    /// `timeout_turn`: ms per move; 0 = move at once.
    TimeoutTurn(i64),
    /// `timeout_match`: ms per game; 0 = unlimited.
    TimeoutMatch(i64),
    /// `time_left`: ms left in the game; may be negative; 2147483647 = unlimited.
    TimeLeft(i64),
    /// `max_memory`: bytes; 0 = unlimited.
    MaxMemory(i64),
    /// `game_type`: 0 human, 1 brain, 2 tournament, 3 network tournament.
    GameType(i64),
    /// `rule`: the raw bitmask and, if Tengen knows it, the rule it means
    /// ([`Rule::from_info`]). Build it with [`Info::rule`].
    Rule {
        /// The number as sent.
        value: u32,
        /// `Rule::from_info(value).ok()`.
        rule: Option<Rule>,
    },
    /// `evaluate x,y` (debug only; never answered on stdout).
    Evaluate(Pos),
    /// `folder`: directory for persistent files (the rest of the line, spaces included).
    Folder(String),
    /// `thread_num` (Yixin-Board/Rapfi).
    ThreadNum(i64),
    /// `hash_size` in KiB (Yixin-Board/Rapfi).
    HashSize(i64),
    /// `max_depth` (Yixin-Board/Rapfi).
    MaxDepth(i64),
    /// `max_node` (Yixin-Board/Rapfi; Yixin-Board sends -1).
    MaxNode(i64),
    /// `pondering` 0/1 (Yixin-Board/Rapfi).
    Pondering(i64),
    /// `show_detail` 0-3 (Yixin-Board/Rapfi).
    ShowDetail(i64),
    /// `time_increment` in ms (Yixin-Board/Rapfi).
    TimeIncrement(i64),
    /// `caution_factor` (Yixin-Board/Rapfi).
    CautionFactor(i64),
    /// `strength` (Rapfi).
    Strength(i64),
    /// `tg_passes 0|1` (Tengen): passes allowed in this game.
    TgPasses(bool),
    /// `tg_opening_rule free|chinese|swap2|file` (Tengen).
    TgOpeningRule(TgOpeningRule),
    /// `tg_draw_offer 1` (Tengen): the opponent offered a draw with its last move.
    TgDrawOffer(bool),
    /// Any other key (e.g. Yixin-Board's `vcthread`, `usedatabase`). `key` keeps its case as
    /// received; `value` is the rest of the line, trimmed (may be empty).
    Other {
        /// The key as received.
        key: String,
        /// The rest of the line.
        value: String,
    },
}

/// Builds an [`Info`] from an integer value.
type IntInfo = fn(i64) -> Info;

/// The plain integer keys and their variants.
const INT_KEYS: [(&str, IntInfo); 14] = [
    ("timeout_turn", Info::TimeoutTurn),
    ("timeout_match", Info::TimeoutMatch),
    ("time_left", Info::TimeLeft),
    ("max_memory", Info::MaxMemory),
    ("game_type", Info::GameType),
    ("thread_num", Info::ThreadNum),
    ("hash_size", Info::HashSize),
    ("max_depth", Info::MaxDepth),
    ("max_node", Info::MaxNode),
    ("pondering", Info::Pondering),
    ("show_detail", Info::ShowDetail),
    ("time_increment", Info::TimeIncrement),
    ("caution_factor", Info::CautionFactor),
    ("strength", Info::Strength),
];

/// Every key with a typed variant (lower-case).
pub const KNOWN_KEYS: [&str; 20] = [
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "game_type",
    "rule",
    "evaluate",
    "folder",
    "thread_num",
    "hash_size",
    "max_depth",
    "max_node",
    "pondering",
    "show_detail",
    "time_increment",
    "caution_factor",
    "strength",
    "tg_passes",
    "tg_opening_rule",
    "tg_draw_offer",
];

impl Info {
    /// `INFO rule value`, with the typed rule filled in.
    #[must_use]
    pub fn rule(value: u32) -> Info {
        Info::Rule {
            value,
            rule: Rule::from_info(value).ok(),
        }
    }

    /// `INFO rule` for a known rule.
    #[must_use]
    pub fn from_rule(rule: Rule) -> Info {
        Info::rule(rule.to_info())
    }

    /// The lower-case key (for [`Info::Other`], the key as received).
    #[must_use]
    pub fn key(&self) -> &str {
        match self {
            Info::TimeoutTurn(_) => "timeout_turn",
            Info::TimeoutMatch(_) => "timeout_match",
            Info::TimeLeft(_) => "time_left",
            Info::MaxMemory(_) => "max_memory",
            Info::GameType(_) => "game_type",
            Info::Rule { .. } => "rule",
            Info::Evaluate(_) => "evaluate",
            Info::Folder(_) => "folder",
            Info::ThreadNum(_) => "thread_num",
            Info::HashSize(_) => "hash_size",
            Info::MaxDepth(_) => "max_depth",
            Info::MaxNode(_) => "max_node",
            Info::Pondering(_) => "pondering",
            Info::ShowDetail(_) => "show_detail",
            Info::TimeIncrement(_) => "time_increment",
            Info::CautionFactor(_) => "caution_factor",
            Info::Strength(_) => "strength",
            Info::TgPasses(_) => "tg_passes",
            Info::TgOpeningRule(_) => "tg_opening_rule",
            Info::TgDrawOffer(_) => "tg_draw_offer",
            Info::Other { key, .. } => key,
        }
    }

    /// Reads the text after `INFO ` (`key value`).
    pub fn parse(text: &str) -> Result<Info, ParseError> {
        let t = text.trim();
        let (key, value) = match t.split_once(char::is_whitespace) {
            Some((k, v)) => (k, v.trim()),
            None => (t, ""),
        };
        if key.is_empty() {
            return Err(ParseError::missing("INFO", "a key and a value"));
        }
        let lower = key.to_ascii_lowercase();
        let need = |what: &str| -> Result<(), ParseError> {
            if value.is_empty() {
                Err(ParseError::missing("INFO", format!("{what} after {lower}")))
            } else {
                Ok(())
            }
        };
        let bad = |what: &str| ParseError::bad("INFO", value, format!("{what} for {lower}"));
        let flag = || -> Result<bool, ParseError> {
            need("0 or 1")?;
            match value {
                "0" => Ok(false),
                "1" => Ok(true),
                _ => Err(bad("0 or 1")),
            }
        };
        if let Some((_, make)) = INT_KEYS.iter().find(|(k, _)| *k == lower) {
            need("an integer")?;
            return value
                .parse::<i64>()
                .map(make)
                .map_err(|_| bad("an integer"));
        }
        Ok(match lower.as_str() {
            "rule" => {
                need("a rule number")?;
                Info::rule(
                    value
                        .parse::<u32>()
                        .map_err(|_| bad("a non-negative rule number"))?,
                )
            }
            "evaluate" => {
                need("a point x,y")?;
                Info::Evaluate(Pos::parse_xy(value).map_err(|_| bad("a point x,y"))?)
            }
            "folder" => Info::Folder(value.to_string()),
            "tg_passes" => Info::TgPasses(flag()?),
            "tg_draw_offer" => Info::TgDrawOffer(flag()?),
            "tg_opening_rule" => {
                need("free, chinese, swap2 or file")?;
                Info::TgOpeningRule(
                    TgOpeningRule::from_word(value)
                        .ok_or_else(|| bad("free, chinese, swap2 or file"))?,
                )
            }
            _ => Info::Other {
                key: key.to_string(),
                value: value.to_string(),
            },
        })
    }
}

impl fmt::Display for Info {
    /// Writes `key value` (without the `INFO ` prefix).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = self.key();
        match self {
            Info::TimeoutTurn(v)
            | Info::TimeoutMatch(v)
            | Info::TimeLeft(v)
            | Info::MaxMemory(v)
            | Info::GameType(v)
            | Info::ThreadNum(v)
            | Info::HashSize(v)
            | Info::MaxDepth(v)
            | Info::MaxNode(v)
            | Info::Pondering(v)
            | Info::ShowDetail(v)
            | Info::TimeIncrement(v)
            | Info::CautionFactor(v)
            | Info::Strength(v) => write!(f, "{key} {v}"),
            Info::Rule { value, .. } => write!(f, "{key} {value}"),
            Info::Evaluate(p) => write!(f, "{key} {p}"),
            Info::Folder(s) if s.trim().is_empty() => f.write_str(key),
            Info::Folder(s) => write!(f, "{key} {}", crate::command::one_line(s)),
            Info::TgPasses(b) | Info::TgDrawOffer(b) => write!(f, "{key} {}", u8::from(*b)),
            Info::TgOpeningRule(r) => write!(f, "{key} {}", r.word()),
            Info::Other { value, .. } => {
                let key = crate::command::one_line(key);
                let value = crate::command::one_line(value);
                if value.is_empty() {
                    write!(f, "{key}")
                } else {
                    write!(f, "{key} {value}")
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_keys_including_negative_values() {
        assert_eq!(
            Info::parse("timeout_turn 5000").unwrap(),
            Info::TimeoutTurn(5000)
        );
        assert_eq!(Info::parse("TIME_LEFT -300").unwrap(), Info::TimeLeft(-300));
        assert_eq!(Info::parse("max_node -1").unwrap(), Info::MaxNode(-1));
        assert_eq!(
            Info::parse("hash_size 262144").unwrap(),
            Info::HashSize(262144)
        );
        assert_eq!(Info::TimeLeft(-300).to_string(), "time_left -300");
    }

    #[test]
    fn rule_keeps_raw_and_typed() {
        assert_eq!(
            Info::parse("rule 2").unwrap(),
            Info::Rule {
                value: 2,
                rule: Some(Rule::Renju)
            }
        );
        assert_eq!(
            Info::parse("rule 12").unwrap(),
            Info::Rule {
                value: 12,
                rule: None
            }
        );
        assert_eq!(Info::from_rule(Rule::CaroExact).to_string(), "rule 9");
        assert!(Info::parse("rule -1").is_err());
    }

    #[test]
    fn tengen_keys() {
        assert_eq!(Info::parse("tg_passes 1").unwrap(), Info::TgPasses(true));
        assert_eq!(
            Info::parse("tg_draw_offer 1").unwrap(),
            Info::TgDrawOffer(true)
        );
        assert_eq!(
            Info::parse("tg_opening_rule Chinese").unwrap(),
            Info::TgOpeningRule(TgOpeningRule::Chinese)
        );
        assert!(Info::parse("tg_passes 2").is_err());
        assert!(Info::parse("tg_opening_rule renju").is_err());
    }

    #[test]
    fn other_keys_folder_and_evaluate() {
        assert_eq!(
            Info::parse("vcthread 0").unwrap(),
            Info::Other {
                key: "vcthread".into(),
                value: "0".into()
            }
        );
        assert_eq!(
            Info::parse("folder C:\\My Brains\\x").unwrap(),
            Info::Folder("C:\\My Brains\\x".into())
        );
        assert_eq!(
            Info::parse("evaluate 7,8").unwrap(),
            Info::Evaluate(Pos::new(7, 8))
        );
    }

    #[test]
    fn bad_values_name_key_and_value() {
        let e = Info::parse("timeout_turn soon").unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("soon") && text.contains("timeout_turn"),
            "{text}"
        );
        assert_eq!(e.command(), Some("INFO"));
        assert!(matches!(
            Info::parse("timeout_turn").unwrap_err(),
            ParseError::MissingArgument { .. }
        ));
        assert!(Info::parse("").is_err());
    }
}
