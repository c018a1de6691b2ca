//! The loading history (spec 3 "Loading history", /historico): finished loadings of a period
//! (30, 60, 90 or 120 days; 30 by default), optionally grouped by customer, order, truck or
//! driver, and who may read and export it.

use chrono::NaiveDate;

use crate::roles::Role;

/// The periods the screen offers, in days.
pub const PERIODS: [u32; 4] = [30, 60, 90, 120];
pub const DEFAULT_PERIOD: u32 = 30;
pub const HISTORY_PAGE_SIZE: u32 = 9;
pub const INVALID_PERIOD_MESSAGE: &str = "Período inválido: escolha 30, 60, 90 ou 120 dias.";
pub const INVALID_GROUP_MESSAGE: &str = "Agrupamento inválido.";

/// 'Agrupar por'.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grouping {
    Customer,
    Order,
    Truck,
    Driver,
}

impl Grouping {
    /// `groupBy` as the screen sends it (`cliente`, `pedido`, `caminhao`, `motorista`, or the
    /// English names); empty: no grouping.
    pub fn parse(text: Option<&str>) -> Result<Option<Grouping>, &'static str> {
        match text.map(|t| t.trim().to_lowercase()).as_deref() {
            None | Some("") => Ok(None),
            Some("cliente" | "customer") => Ok(Some(Grouping::Customer)),
            Some("pedido" | "order") => Ok(Some(Grouping::Order)),
            Some("caminhao" | "caminhão" | "truck") => Ok(Some(Grouping::Truck)),
            Some("motorista" | "driver") => Ok(Some(Grouping::Driver)),
            Some(_) => Err(INVALID_GROUP_MESSAGE),
        }
    }

    /// The grouped column's title.
    pub fn title(self) -> &'static str {
        match self {
            Grouping::Customer => "Cliente",
            Grouping::Order => "Pedido",
            Grouping::Truck => "Caminhão",
            Grouping::Driver => "Motorista",
        }
    }
}

/// The period in days: one of [`PERIODS`], 30 when absent.
pub fn period(days: Option<u32>) -> Result<u32, &'static str> {
    match days {
        None => Ok(DEFAULT_PERIOD),
        Some(d) if PERIODS.contains(&d) => Ok(d),
        Some(_) => Err(INVALID_PERIOD_MESSAGE),
    }
}

/// Who reads the history: administrators (every company) and a Usuario (its company).
pub fn may_read(role: Role) -> bool {
    matches!(role, Role::Administrador | Role::Usuario)
}

/// Exports are hidden for Transportadora, Espectador and Portaria (spec 3 "Loading history").
pub fn may_export(role: Role) -> bool {
    may_read(role)
        && !matches!(
            role,
            Role::Transportadora | Role::Espectador | Role::Portaria
        )
}

/// One finished loading.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryLine {
    pub id: i64,
    /// When it was loaded (the company's day).
    pub day: NaiveDate,
    pub company: String,
    pub order_code: String,
    pub customer: String,
    pub plate: String,
    pub driver: String,
    /// Tonnes.
    pub ordered: f64,
    pub transported: f64,
}

/// A group of lines: its key's text, how many loadings and their tonnes.
#[derive(Clone, Debug, PartialEq)]
pub struct HistoryGroup {
    pub key: String,
    pub loadings: u32,
    pub transported: f64,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
}

fn key_of(line: &HistoryLine, by: Grouping) -> &str {
    match by {
        Grouping::Customer => &line.customer,
        Grouping::Order => &line.order_code,
        Grouping::Truck => &line.plate,
        Grouping::Driver => &line.driver,
    }
}

/// Groups `lines` by `by`, most tonnes first (ties by key), tonnes to three decimals.
pub fn group(lines: &[HistoryLine], by: Grouping) -> Vec<HistoryGroup> {
    let mut groups: Vec<HistoryGroup> = Vec::new();
    for line in lines {
        let key = key_of(line, by);
        match groups.iter_mut().find(|g| g.key == key) {
            Some(g) => {
                g.loadings += 1;
                g.transported += line.transported;
                g.first_day = g.first_day.min(line.day);
                g.last_day = g.last_day.max(line.day);
            }
            None => groups.push(HistoryGroup {
                key: key.to_owned(),
                loadings: 1,
                transported: line.transported,
                first_day: line.day,
                last_day: line.day,
            }),
        }
    }
    for g in &mut groups {
        g.transported = (g.transported * 1000.0).round() / 1000.0 + 0.0;
    }
    groups.sort_by(|a, b| {
        b.transported
            .total_cmp(&a.transported)
            .then_with(|| a.key.cmp(&b.key))
    });
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: i64, day: u32, customer: &str, plate: &str, t: f64) -> HistoryLine {
        HistoryLine {
            id,
            day: NaiveDate::from_ymd_opt(2026, 3, day).unwrap(),
            company: "Demo".into(),
            order_code: format!("PED-{customer}"),
            customer: customer.into(),
            plate: plate.into(),
            driver: "JOÃO".into(),
            ordered: 40.0,
            transported: t,
        }
    }

    #[test]
    fn grouping_sums_tonnes_and_counts_loadings_most_tonnes_first() {
        let lines = [
            line(1, 2, "Fazenda A", "AAA1A11", 30.0),
            line(2, 3, "Fazenda B", "AAA1A11", 42.5),
            line(3, 4, "Fazenda A", "BBB2B22", 20.25),
        ];
        let by_customer = group(&lines, Grouping::Customer);
        assert_eq!(by_customer.len(), 2);
        assert_eq!(
            (by_customer[0].key.as_str(), by_customer[0].loadings),
            ("Fazenda A", 2)
        );
        assert_eq!(by_customer[0].transported, 50.25);
        assert_eq!(by_customer[0].first_day.to_string(), "2026-03-02");
        assert_eq!(by_customer[0].last_day.to_string(), "2026-03-04");
        let by_truck = group(&lines, Grouping::Truck);
        assert_eq!(
            (by_truck[0].key.as_str(), by_truck[0].transported),
            ("AAA1A11", 72.5)
        );
        assert_eq!(group(&lines, Grouping::Driver).len(), 1);
        assert!(group(&[], Grouping::Order).is_empty());
    }

    #[test]
    fn the_screen_s_groupings_and_periods_are_the_only_ones() {
        assert_eq!(
            Grouping::parse(Some("Cliente")),
            Ok(Some(Grouping::Customer))
        );
        assert_eq!(Grouping::parse(Some("caminhao")), Ok(Some(Grouping::Truck)));
        assert_eq!(Grouping::parse(None), Ok(None));
        assert_eq!(Grouping::parse(Some("placa")), Err(INVALID_GROUP_MESSAGE));
        assert_eq!(period(None), Ok(30));
        assert_eq!(period(Some(120)), Ok(120));
        assert_eq!(period(Some(45)), Err(INVALID_PERIOD_MESSAGE));
    }

    #[test]
    fn administrators_and_company_users_read_and_export() {
        for role in Role::ALL {
            let reads = matches!(role, Role::Administrador | Role::Usuario);
            assert_eq!(may_read(role), reads, "{role:?}");
            assert_eq!(may_export(role), reads, "{role:?}");
        }
    }
}
