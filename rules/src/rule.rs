//! The rule variants and their protocol numbers.

use std::fmt;
use std::str::FromStr;

use crate::error::RuleError;

/// What makes a five and what is forbidden.
///
/// | variant | who wins with | forbidden |
/// |---|---|---|
/// | `Freestyle` | five or more, both sides | nothing |
/// | `Standard` | exactly five, both sides | nothing (an overline simply does not win) |
/// | `Renju` | black: exactly five; white: five or more | black's double three, double four, overline |
/// | `Caro` | five or more not blocked at both ends by the opponent | nothing |
/// | `CaroExact` | exactly five not blocked at both ends by the opponent | nothing |
///
/// Under Caro the board edge does not count as a block: only opponent stones on both ends
/// of the run do (Tengen's reading of the rule; the protocol text says only "blocked at both
/// ends").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins ("exactly-five", Gomocup `rule 1`).
    Standard,
    /// Renju: black has forbidden moves and must make exactly five.
    Renju,
    /// Caro: five or more wins unless both ends are blocked by opponent stones.
    Caro,
    /// Caro with exactly five.
    CaroExact,
}

/// The Gomocup `INFO rule` bitmask bits.
pub mod bits {
    /// Exactly five in a row wins.
    pub const EXACT_FIVE: u32 = 1;
    /// Continuous game (the GUI keeps playing after a five). Tengen accepts and ignores it.
    pub const CONTINUOUS: u32 = 2;
    /// Renju.
    pub const RENJU: u32 = 4;
    /// Caro.
    pub const CARO: u32 = 8;
}

impl Rule {
    /// Every variant.
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExact,
    ];

    /// Reads the protocol's `INFO rule` value.
    ///
    /// The value is the Gomocup bitmask (1 exactly five, 2 continuous, 4 Renju, 8 Caro), with
    /// one exception the field needs: `2` alone is Renju, because Yixin-Board sends 2 for
    /// Renju. So: 0 freestyle, 1 standard, 2 and 4 (and 5, 6, 7) Renju, 8 Caro, 9 Caro with
    /// exactly five; 3 is standard (continuous ignored). Values with unknown bits are errors.
    pub fn from_info(value: u32) -> Result<Rule, RuleError> {
        if value & !0xF != 0 || (value & bits::RENJU != 0 && value & bits::CARO != 0) {
            return Err(RuleError::UnknownInfo(value));
        }
        Ok(if value == bits::CONTINUOUS || value & bits::RENJU != 0 {
            Rule::Renju
        } else if value & bits::CARO != 0 {
            if value & bits::EXACT_FIVE != 0 {
                Rule::CaroExact
            } else {
                Rule::Caro
            }
        } else if value & bits::EXACT_FIVE != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        })
    }

    /// The bitmask value a manager sends in `INFO rule`.
    #[must_use]
    pub const fn to_info(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => bits::EXACT_FIVE,
            Rule::Renju => bits::RENJU,
            Rule::Caro => bits::CARO,
            Rule::CaroExact => bits::CARO | bits::EXACT_FIVE,
        }
    }

    /// Whether `color` needs exactly five (an overline does not win for it).
    #[inline]
    #[must_use]
    pub const fn exact_five(self, color: crate::Color) -> bool {
        match self {
            Rule::Standard | Rule::CaroExact => true,
            Rule::Renju => matches!(color, crate::Color::Black),
            Rule::Freestyle | Rule::Caro => false,
        }
    }

    /// Whether `color` has forbidden moves (black under Renju).
    #[inline]
    #[must_use]
    pub const fn has_forbidden(self, color: crate::Color) -> bool {
        matches!((self, color), (Rule::Renju, crate::Color::Black))
    }

    /// Whether a five blocked at both ends by the opponent fails to win.
    #[inline]
    #[must_use]
    pub const fn blocked_five_loses(self) -> bool {
        matches!(self, Rule::Caro | Rule::CaroExact)
    }

    /// The name used on command lines and in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExact => "caro-exact",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rule {
    type Err = RuleError;
    /// Parses a name (`freestyle`, `standard`/`exact5`, `renju`, `caro`, `caro-exact`) or an
    /// `INFO rule` number.
    fn from_str(s: &str) -> Result<Rule, RuleError> {
        let t = s.trim().to_ascii_lowercase();
        if let Ok(n) = t.parse::<u32>() {
            return Rule::from_info(n);
        }
        Ok(match t.as_str() {
            "freestyle" | "gomoku" => Rule::Freestyle,
            "standard" | "exact5" | "exact-five" | "exactfive" => Rule::Standard,
            "renju" => Rule::Renju,
            "caro" => Rule::Caro,
            "caro-exact" | "caroexact" | "caro5" => Rule::CaroExact,
            _ => return Err(RuleError::UnknownName(s.trim().to_string())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_values_map_both_ways() {
        for (v, r) in [
            (0, Rule::Freestyle),
            (1, Rule::Standard),
            (2, Rule::Renju),
            (3, Rule::Standard),
            (4, Rule::Renju),
            (6, Rule::Renju),
            (8, Rule::Caro),
            (9, Rule::CaroExact),
            (10, Rule::Caro),
        ] {
            assert_eq!(Rule::from_info(v).unwrap(), r, "value {v}");
        }
        for r in Rule::ALL {
            assert_eq!(Rule::from_info(r.to_info()).unwrap(), r);
            assert_eq!(r.name().parse::<Rule>().unwrap(), r);
        }
        assert!(Rule::from_info(12).is_err());
        assert!(Rule::from_info(16).is_err());
        assert!("chess".parse::<Rule>().is_err());
    }
}
