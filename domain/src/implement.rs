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

    fn assert_row(t: ImplementType, label: &str, axles: u8, gross: f64, net: f64) {
        assert_eq!(t.label(), label);
        assert_eq!(t.axles(), axles, "{label}");
        assert_eq!(t.gross_tonnes(), gross, "{label}");
        assert_eq!(t.net_tonnes(), net, "{label}");
        assert_eq!(ImplementType::parse(label), Ok(t));
    }

    #[test]
    fn truck_is_3_axles_23_gross_16_net() {
        assert_row(ImplementType::Truck, "TRUCK", 3, 23.0, 16.0);
    }

    #[test]
    fn bitruck_is_4_axles_29_gross_19_net() {
        assert_row(ImplementType::Bitruck, "BITRUCK", 4, 29.0, 19.0);
    }

    #[test]
    fn toco_is_5_axles_41_5_gross_28_net() {
        assert_row(ImplementType::Toco, "TOCO", 5, 41.5, 28.0);
    }

    #[test]
    fn romeu_e_julieta_is_6_axles_50_gross_32_5_net() {
        assert_row(
            ImplementType::RomeuEJulieta,
            "ROMEU & JULIETA",
            6,
            50.0,
            32.5,
        );
    }

    #[test]
    fn ls_menor_16_is_6_axles_45_gross_31_net() {
        assert_row(ImplementType::LsMenor16, "LS (MENOR 16 MT)", 6, 45.0, 31.0);
    }

    #[test]
    fn ls_maior_16_is_6_axles_48_5_gross_33_5_net() {
        assert_row(ImplementType::LsMaior16, "LS (MAIOR 16 MT)", 6, 48.5, 33.5);
    }

    #[test]
    fn vanderleia_is_6_axles_53_gross_36_net() {
        assert_row(ImplementType::Vanderleia, "VANDERLEIA", 6, 53.0, 36.0);
    }

    #[test]
    fn bitrem_7_eixos_is_7_axles_57_gross_42_net() {
        assert_row(ImplementType::Bitrem7, "BITREM 7 EIXOS", 7, 57.0, 42.0);
    }

    #[test]
    fn bitrem_8_eixos_is_8_axles_65_5_gross_46_5_net() {
        assert_row(ImplementType::Bitrem8, "BITREM 8 EIXOS", 8, 65.5, 46.5);
    }

    #[test]
    fn rodotrem_9_eixos_is_9_axles_74_gross_52_net() {
        assert_row(ImplementType::Rodotrem9, "RODOTREM 9 EIXOS", 9, 74.0, 52.0);
    }

    #[test]
    fn rodotrem_11_eixos_is_11_axles_91_gross_65_6_net() {
        assert_row(
            ImplementType::Rodotrem11,
            "RODOTREM 11 EIXOS",
            11,
            91.0,
            65.6,
        );
    }

    #[test]
    fn implement_types_are_listed_in_table_order() {
        let labels: Vec<&str> = ImplementType::ALL.iter().map(|t| t.label()).collect();
        assert_eq!(
            labels,
            [
                "TRUCK",
                "BITRUCK",
                "TOCO",
                "ROMEU & JULIETA",
                "LS (MENOR 16 MT)",
                "LS (MAIOR 16 MT)",
                "VANDERLEIA",
                "BITREM 7 EIXOS",
                "BITREM 8 EIXOS",
                "RODOTREM 9 EIXOS",
                "RODOTREM 11 EIXOS",
            ]
        );
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
