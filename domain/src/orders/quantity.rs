//! Tonnes held as whole hundredths: the screens show two decimals and sums must be exact
//! (a float would let 0.1 + 0.2 pass a balance check it should not).

use std::fmt;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tonnes(i64);

impl Tonnes {
    pub const ZERO: Tonnes = Tonnes(0);

    pub fn from_hundredths(h: i64) -> Self {
        Tonnes(h)
    }

    pub fn hundredths(self) -> i64 {
        self.0
    }

    /// Rounds to the nearest hundredth; `None` for NaN, infinities and absurd magnitudes.
    pub fn from_f64(t: f64) -> Option<Self> {
        if !t.is_finite() || t.abs() > 1e12 {
            return None;
        }
        Some(Tonnes((t * 100.0).round() as i64))
    }

    /// A quantity as people type it: `12`, `12.5`, `12,50` (pt-BR comma), spaces around.
    pub fn parse(text: &str) -> Option<Self> {
        let t = text.trim().replace(',', ".");
        if t.is_empty()
            || !t
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        {
            return None;
        }
        t.parse::<f64>().ok().and_then(Tonnes::from_f64)
    }

    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 100.0
    }

    pub fn is_positive(self) -> bool {
        self.0 > 0
    }
}

impl std::ops::Add for Tonnes {
    type Output = Tonnes;
    fn add(self, o: Tonnes) -> Tonnes {
        Tonnes(self.0.saturating_add(o.0))
    }
}

impl std::ops::Sub for Tonnes {
    type Output = Tonnes;
    fn sub(self, o: Tonnes) -> Tonnes {
        Tonnes(self.0.saturating_sub(o.0))
    }
}

impl std::iter::Sum for Tonnes {
    fn sum<I: Iterator<Item = Tonnes>>(iter: I) -> Tonnes {
        iter.fold(Tonnes::ZERO, |a, b| a + b)
    }
}

/// `12,50 t`: two decimals with the pt-BR comma, as the loading screens show quantities.
impl fmt::Display for Tonnes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        write!(f, "{sign}{},{:02} t", a / 100, a % 100)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_what_people_type() {
        assert_eq!(Tonnes::parse("12"), Some(Tonnes(1200)));
        assert_eq!(Tonnes::parse(" 12,5 "), Some(Tonnes(1250)));
        assert_eq!(Tonnes::parse("0.125"), Some(Tonnes(13)));
        assert_eq!(Tonnes::parse("doze"), None);
        assert_eq!(Tonnes::parse(""), None);
        assert_eq!(Tonnes::parse("1e3"), None);
        assert_eq!(Tonnes::from_f64(f64::NAN), None);
    }

    #[test]
    fn sums_are_exact_and_display_has_two_decimals() {
        let s: Tonnes = [0.1, 0.2]
            .iter()
            .map(|t| Tonnes::from_f64(*t).unwrap())
            .sum();
        assert_eq!(s, Tonnes::from_f64(0.3).unwrap());
        assert_eq!(Tonnes(1250).to_string(), "12,50 t");
        assert_eq!(Tonnes(5).to_string(), "0,05 t");
    }
}
