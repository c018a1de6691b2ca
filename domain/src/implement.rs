//! Implement types (the trailer arrangement of a truck) and what each one carries
//! (spec 2 section 3). Choosing a type fills the axle count and both capacities.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::values::ValueError;

/// An implement type; it travels (serde, database) as its label, e.g. `"LS (MENOR 16 MT)"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImplementType {
    Truck,
    Bitruck,
    Toco,
    RomeuEJulieta,
    LsMenor16,
    LsMaior16,
    Vanderleia,
    Bitrem7,
    Bitrem8,
    Rodotrem9,
    Rodotrem11,
}

impl ImplementType {
    /// In the spec's table order (the order of the form's select).
    pub const ALL: [ImplementType; 11] = [
        ImplementType::Truck,
        ImplementType::Bitruck,
        ImplementType::Toco,
        ImplementType::RomeuEJulieta,
        ImplementType::LsMenor16,
        ImplementType::LsMaior16,
        ImplementType::Vanderleia,
        ImplementType::Bitrem7,
        ImplementType::Bitrem8,
        ImplementType::Rodotrem9,
        ImplementType::Rodotrem11,
    ];

    /// (label, axles, gross t, net t), copied from the spec's table.
    const fn row(self) -> (&'static str, u8, f64, f64) {
        match self {
            ImplementType::Truck => ("TRUCK", 3, 23.0, 16.0),
            ImplementType::Bitruck => ("BITRUCK", 4, 29.0, 19.0),
            ImplementType::Toco => ("TOCO", 5, 41.5, 28.0),
            ImplementType::RomeuEJulieta => ("ROMEU & JULIETA", 6, 50.0, 32.5),
            ImplementType::LsMenor16 => ("LS (MENOR 16 MT)", 6, 45.0, 31.0),
            ImplementType::LsMaior16 => ("LS (MAIOR 16 MT)", 6, 48.5, 33.5),
            ImplementType::Vanderleia => ("VANDERLEIA", 6, 53.0, 36.0),
            ImplementType::Bitrem7 => ("BITREM 7 EIXOS", 7, 57.0, 42.0),
            ImplementType::Bitrem8 => ("BITREM 8 EIXOS", 8, 65.5, 46.5),
            ImplementType::Rodotrem9 => ("RODOTREM 9 EIXOS", 9, 74.0, 52.0),
            ImplementType::Rodotrem11 => ("RODOTREM 11 EIXOS", 11, 91.0, 65.6),
        }
    }

    /// The text shown and stored, exactly as in the spec.
    pub const fn label(self) -> &'static str {
        self.row().0
    }

    pub const fn axles(self) -> u8 {
        self.row().1
    }

    /// Gross capacity in tonnes.
    pub const fn gross_tonnes(self) -> f64 {
        self.row().2
    }

    /// Net capacity in tonnes.
    pub const fn net_tonnes(self) -> f64 {
        self.row().3
    }

    /// The label, ignoring case and extra spaces (`"ls (menor  16 mt)"` is accepted).
    pub fn parse(s: &str) -> Result<Self, ValueError> {
        let wanted: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
        Self::ALL
            .into_iter()
            .find(|t| t.label().eq_ignore_ascii_case(&wanted))
            .ok_or(ValueError::ImplementType)
    }
}

impl fmt::Display for ImplementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl std::str::FromStr for ImplementType {
    type Err = ValueError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

impl Serialize for ImplementType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.label())
    }
}

impl<'de> Deserialize<'de> for ImplementType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(deserializer)?;
        Self::parse(&raw).map_err(|e| serde::de::Error::custom(e.message()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's table (spec 2 section 3), row by row: type, axles, gross t, net t.
    const SPEC_TABLE: [(&str, u8, f64, f64); 11] = [
        ("TRUCK", 3, 23.0, 16.0),
        ("BITRUCK", 4, 29.0, 19.0),
        ("TOCO", 5, 41.5, 28.0),
        ("ROMEU & JULIETA", 6, 50.0, 32.5),
        ("LS (MENOR 16 MT)", 6, 45.0, 31.0),
        ("LS (MAIOR 16 MT)", 6, 48.5, 33.5),
        ("VANDERLEIA", 6, 53.0, 36.0),
        ("BITREM 7 EIXOS", 7, 57.0, 42.0),
        ("BITREM 8 EIXOS", 8, 65.5, 46.5),
        ("RODOTREM 9 EIXOS", 9, 74.0, 52.0),
        ("RODOTREM 11 EIXOS", 11, 91.0, 65.6),
    ];

    #[test]
    fn every_implement_type_fills_the_spec_tables_axles_and_capacities() {
        assert_eq!(ImplementType::ALL.len(), SPEC_TABLE.len());
        for (t, (label, axles, gross, net)) in ImplementType::ALL.into_iter().zip(SPEC_TABLE) {
            assert_eq!(t.label(), label);
            assert_eq!(t.axles(), axles, "{label}");
            assert_eq!(t.gross_tonnes(), gross, "{label}");
            assert_eq!(t.net_tonnes(), net, "{label}");
            assert_eq!(ImplementType::parse(label), Ok(t));
        }
    }

    #[test]
    fn implement_type_parse_ignores_case_and_extra_spaces() {
        assert_eq!(
            ImplementType::parse(" ls (menor  16 mt) "),
            Ok(ImplementType::LsMenor16)
        );
        assert_eq!(
            ImplementType::parse("CARRETA"),
            Err(ValueError::ImplementType)
        );
        assert_eq!(ImplementType::parse(""), Err(ValueError::ImplementType));
    }

    #[test]
    fn implement_type_serializes_as_its_label() {
        let json = serde_json::to_string(&ImplementType::RomeuEJulieta).unwrap();
        assert_eq!(json, "\"ROMEU & JULIETA\"");
        for t in ImplementType::ALL {
            let back: ImplementType =
                serde_json::from_str(&serde_json::to_string(&t).unwrap()).unwrap();
            assert_eq!(back, t);
        }
        assert!(serde_json::from_str::<ImplementType>("\"CARRETA\"").is_err());
    }
}
