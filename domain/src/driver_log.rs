//! Driver activity log: operation types and the title line people read
//! (spec 2 and spec 3, section 3).

use std::fmt;

use chrono::{Days, NaiveDate, NaiveDateTime};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::admin::dates::DayRange;
use crate::text::{br_date_time, escape_html};
use crate::FieldIssue;

/// Rows of the driver log grid per page (spec 2 section 9).
pub const DRIVER_LOG_PAGE_SIZE: u32 = 10;
/// Spec 3 section 5 (driver history): 'To' may not precede 'From'.
pub const LOG_END_BEFORE_START: &str = "A data final não pode ser menor que a data inicial.";
/// Ours: a range past a year is refused (the query stays bounded).
pub const LOG_RANGE_TOO_LONG: &str = "O período máximo é de 366 dias!";
/// The longest driver-log range, in days.
pub const MAX_LOG_DAYS: i64 = 366;
/// The default range runs from today to seven days later (spec 2 section 9).
pub const DEFAULT_LOG_DAYS: u64 = 7;

/// The days a driver-log query covers: From defaults to today, To to seven days after From;
/// To may not precede From; at most [`MAX_LOG_DAYS`].
pub fn log_range(
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<DayRange, FieldIssue> {
    let start = start.unwrap_or(today);
    let end = end.unwrap_or_else(|| {
        start
            .checked_add_days(Days::new(DEFAULT_LOG_DAYS))
            .unwrap_or(start)
    });
    if end < start {
        return Err(FieldIssue::new("endDate", LOG_END_BEFORE_START));
    }
    if (end - start).num_days() >= MAX_LOG_DAYS {
        return Err(FieldIssue::new("startDate", LOG_RANGE_TOO_LONG));
    }
    Ok(DayRange { start, end })
}

/// An operation recorded in a driver's log. Travels as the spec's upper-case code; a code this
/// build does not know is kept as [`DriverLogType::Unknown`] rather than refused, so old or newer
/// rows still read.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DriverLogType {
    Login,
    InQueue,
    OutQueue,
    /// Attended by the expedition.
    AttQueue,
    /// Marked absent by the expedition.
    FauQueue,
    /// Dropped as absent by tolerance.
    TolQueue,
    /// Registered themself in the app.
    RegDriver,
    /// Registered by staff.
    CadDriver,
    CadTruck,
    EditTruck,
    /// Wire code `BIND_TRUNCK`, the spec's spelling (kept so stored rows match); `BIND_TRUCK` is
    /// also read.
    BindTruck,
    UnbindTruck,
    InOrder,
    OutCompany,
    DelAdm,
    DelApp,
    ReadPopup,
    CheckIn,
    CheckOut,
    /// Taken off a truck in the queue by the expedition's driver exchange (ours, issue 22).
    OutTruck,
    /// Put on a truck in the queue by the expedition's driver exchange (ours, issue 22).
    InTruck,
    /// Accepted the company's use terms (ours: the spec names no such type, so, as an unknown
    /// code would, it reads as a login). Not in [`DriverLogType::KNOWN`], the spec's list.
    AcceptTerms,
    Unknown(String),
}

impl DriverLogType {
    /// Every known type, in the spec's order.
    pub const KNOWN: [DriverLogType; 21] = [
        DriverLogType::Login,
        DriverLogType::InQueue,
        DriverLogType::OutQueue,
        DriverLogType::AttQueue,
        DriverLogType::FauQueue,
        DriverLogType::TolQueue,
        DriverLogType::RegDriver,
        DriverLogType::CadDriver,
        DriverLogType::CadTruck,
        DriverLogType::EditTruck,
        DriverLogType::BindTruck,
        DriverLogType::UnbindTruck,
        DriverLogType::InOrder,
        DriverLogType::OutCompany,
        DriverLogType::DelAdm,
        DriverLogType::DelApp,
        DriverLogType::ReadPopup,
        DriverLogType::CheckIn,
        DriverLogType::CheckOut,
        DriverLogType::OutTruck,
        DriverLogType::InTruck,
    ];

    /// The wire code (`LOGIN`, `IN_QUEUE`, ...); an unknown type gives back its own text.
    pub fn as_str(&self) -> &str {
        match self {
            DriverLogType::Login => "LOGIN",
            DriverLogType::InQueue => "IN_QUEUE",
            DriverLogType::OutQueue => "OUT_QUEUE",
            DriverLogType::AttQueue => "ATT_QUEUE",
            DriverLogType::FauQueue => "FAU_QUEUE",
            DriverLogType::TolQueue => "TOL_QUEUE",
            DriverLogType::RegDriver => "REG_DRIVER",
            DriverLogType::CadDriver => "CAD_DRIVER",
            DriverLogType::CadTruck => "CAD_TRUCK",
            DriverLogType::EditTruck => "EDIT_TRUCK",
            DriverLogType::BindTruck => "BIND_TRUNCK",
            DriverLogType::UnbindTruck => "UNBIND_TRUCK",
            DriverLogType::InOrder => "IN_ORDER",
            DriverLogType::OutCompany => "OUT_COMPANY",
            DriverLogType::DelAdm => "DEL_ADM",
            DriverLogType::DelApp => "DEL_APP",
            DriverLogType::ReadPopup => "READ_POPUP",
            DriverLogType::CheckIn => "CHECK_IN",
            DriverLogType::CheckOut => "CHECK_OUT",
            DriverLogType::OutTruck => "OUT_TRUCK",
            DriverLogType::InTruck => "IN_TRUCK",
            DriverLogType::AcceptTerms => "ACCEPT_TERMS",
            DriverLogType::Unknown(code) => code,
        }
    }

    /// Never fails: an unknown code becomes [`DriverLogType::Unknown`].
    pub fn parse(s: &str) -> Self {
        match s {
            "BIND_TRUCK" => return DriverLogType::BindTruck,
            "ACCEPT_TERMS" => return DriverLogType::AcceptTerms,
            _ => {}
        }
        Self::KNOWN
            .into_iter()
            .find(|t| t.as_str() == s)
            .unwrap_or_else(|| DriverLogType::Unknown(s.to_owned()))
    }

    /// What the driver did, as it reads after "Motorista ". Unknown types read as a login, as the
    /// spec says.
    pub fn operation_text(&self) -> &'static str {
        match self {
            DriverLogType::Login | DriverLogType::AcceptTerms | DriverLogType::Unknown(_) => {
                "Logou no sistema"
            }
            DriverLogType::InQueue => "Entrou na Fila",
            DriverLogType::OutQueue => "Saiu da Fila",
            DriverLogType::AttQueue => "foi atendido pela expedição",
            DriverLogType::FauQueue => "foi marcado como faltoso pela expedição",
            DriverLogType::TolQueue => "foi marcado como faltoso por tolerância",
            DriverLogType::RegDriver => "se cadastrou",
            DriverLogType::CadDriver => "foi cadastrado",
            DriverLogType::CadTruck => "cadastrou um caminhão",
            DriverLogType::EditTruck => "editou um caminhão",
            DriverLogType::BindTruck => "vinculou um caminhão",
            DriverLogType::UnbindTruck => "desvinculou um caminhão",
            DriverLogType::InOrder => "foi adicionado a um pedido",
            DriverLogType::OutCompany => "mudou de empresa",
            DriverLogType::DelAdm => "foi excluído pelo administrador",
            DriverLogType::DelApp => "excluiu a conta pelo aplicativo",
            DriverLogType::ReadPopup => "leu um pop-up",
            DriverLogType::CheckIn => "fez check-in",
            DriverLogType::CheckOut => "cancelou check-in",
            DriverLogType::OutTruck => "foi retirado do caminhão pela expedição",
            DriverLogType::InTruck => "assumiu o caminhão na troca de motorista",
        }
    }
}

impl fmt::Display for DriverLogType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for DriverLogType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for DriverLogType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self::parse(&String::deserialize(deserializer)?))
    }
}

/// The details a log row carries, raw (not escaped): the truck plate, the order code, the company
/// the driver moved to, the popup title.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriverLogData {
    pub plate: Option<String>,
    pub order_code: Option<String>,
    pub company_to: Option<String>,
    pub popup_title: Option<String>,
}

/// The log line: `Motorista {operation}{detail} em dd/MM/yyyy às HH:mm`, where `at` is already in
/// the company's local time. Details, each added only when its value is present and not blank:
///
/// - IN_QUEUE: ` com a Placa {plate}`, or ` como Autônomo` without a plate (spec);
/// - CAD_TRUCK, EDIT_TRUCK, BIND_TRUNCK, UNBIND_TRUCK, OUT_TRUCK, IN_TRUCK: ` com a Placa {plate}`;
/// - IN_ORDER: ` de código {order}`; OUT_COMPANY: ` para {company}`;
/// - READ_POPUP: ` “{title}”`.
///
/// "em" joins the date because it reads naturally after any operation. Every interpolated value is
/// HTML-escaped: the title is rendered as HTML.
pub fn render_title(kind: &DriverLogType, data: &DriverLogData, at: NaiveDateTime) -> String {
    let present = |v: &Option<String>| {
        v.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(escape_html)
    };
    let plate = present(&data.plate);
    let detail = match kind {
        DriverLogType::InQueue => Some(match plate {
            Some(p) => format!(" com a Placa {p}"),
            None => " como Autônomo".to_owned(),
        }),
        DriverLogType::CadTruck
        | DriverLogType::EditTruck
        | DriverLogType::BindTruck
        | DriverLogType::UnbindTruck
        | DriverLogType::OutTruck
        | DriverLogType::InTruck => plate.map(|p| format!(" com a Placa {p}")),
        DriverLogType::InOrder => present(&data.order_code).map(|c| format!(" de código {c}")),
        DriverLogType::OutCompany => present(&data.company_to).map(|c| format!(" para {c}")),
        DriverLogType::ReadPopup => present(&data.popup_title).map(|t| format!(" “{t}”")),
        _ => None,
    };
    format!(
        "Motorista {}{} em {}",
        kind.operation_text(),
        detail.unwrap_or_default(),
        br_date_time(at)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at() -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 3, 5)
            .unwrap()
            .and_hms_opt(14, 7, 0)
            .unwrap()
    }

    fn with_plate(p: &str) -> DriverLogData {
        DriverLogData {
            plate: Some(p.to_owned()),
            ..Default::default()
        }
    }

    #[test]
    fn every_known_type_round_trips_through_its_code() {
        for t in DriverLogType::KNOWN {
            assert_eq!(DriverLogType::parse(t.as_str()), t);
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{}\"", t.as_str()));
            assert_eq!(serde_json::from_str::<DriverLogType>(&json).unwrap(), t);
        }
    }

    #[test]
    fn codes_are_the_spec_ones_including_bind_trunck() {
        let codes: Vec<&str> = DriverLogType::KNOWN.iter().map(|t| t.as_str()).collect();
        assert_eq!(
            codes,
            [
                "LOGIN",
                "IN_QUEUE",
                "OUT_QUEUE",
                "ATT_QUEUE",
                "FAU_QUEUE",
                "TOL_QUEUE",
                "REG_DRIVER",
                "CAD_DRIVER",
                "CAD_TRUCK",
                "EDIT_TRUCK",
                "BIND_TRUNCK",
                "UNBIND_TRUCK",
                "IN_ORDER",
                "OUT_COMPANY",
                "DEL_ADM",
                "DEL_APP",
                "READ_POPUP",
                "CHECK_IN",
                "CHECK_OUT",
                "OUT_TRUCK",
                "IN_TRUCK",
            ]
        );
        assert_eq!(DriverLogType::parse("BIND_TRUCK"), DriverLogType::BindTruck);
    }

    #[test]
    fn accept_terms_keeps_its_stored_code_and_reads_as_before() {
        let t = DriverLogType::parse("ACCEPT_TERMS");
        assert_eq!(t, DriverLogType::AcceptTerms);
        assert_eq!(t.as_str(), "ACCEPT_TERMS");
        assert_eq!(
            render_title(&t, &DriverLogData::default(), at()),
            "Motorista Logou no sistema em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn unknown_code_is_kept_and_reads_as_login() {
        let t = DriverLogType::parse("SOMETHING_NEW");
        assert_eq!(t, DriverLogType::Unknown("SOMETHING_NEW".to_owned()));
        assert_eq!(t.as_str(), "SOMETHING_NEW");
        assert_eq!(t.operation_text(), "Logou no sistema");
        assert_eq!(
            render_title(&t, &DriverLogData::default(), at()),
            "Motorista Logou no sistema em 05/03/2026 às 14:07"
        );
        assert_eq!(serde_json::to_string(&t).unwrap(), "\"SOMETHING_NEW\"");
        assert_eq!(
            DriverLogType::parse("login"),
            DriverLogType::Unknown("login".to_owned())
        );
    }

    #[test]
    fn operation_texts_of_every_type() {
        use DriverLogType::*;
        let expected = [
            (Login, "Logou no sistema"),
            (InQueue, "Entrou na Fila"),
            (OutQueue, "Saiu da Fila"),
            (AttQueue, "foi atendido pela expedição"),
            (FauQueue, "foi marcado como faltoso pela expedição"),
            (TolQueue, "foi marcado como faltoso por tolerância"),
            (RegDriver, "se cadastrou"),
            (CadDriver, "foi cadastrado"),
            (CadTruck, "cadastrou um caminhão"),
            (EditTruck, "editou um caminhão"),
            (BindTruck, "vinculou um caminhão"),
            (UnbindTruck, "desvinculou um caminhão"),
            (InOrder, "foi adicionado a um pedido"),
            (OutCompany, "mudou de empresa"),
            (DelAdm, "foi excluído pelo administrador"),
            (DelApp, "excluiu a conta pelo aplicativo"),
            (ReadPopup, "leu um pop-up"),
            (CheckIn, "fez check-in"),
            (CheckOut, "cancelou check-in"),
            (OutTruck, "foi retirado do caminhão pela expedição"),
            (InTruck, "assumiu o caminhão na troca de motorista"),
        ];
        assert_eq!(expected.len(), DriverLogType::KNOWN.len());
        for (t, text) in expected {
            assert_eq!(t.operation_text(), text, "{t}");
        }
    }

    #[test]
    fn every_title_starts_with_motorista_and_ends_with_the_date() {
        for t in DriverLogType::KNOWN {
            let title = render_title(&t, &DriverLogData::default(), at());
            assert!(
                title.starts_with(&format!("Motorista {}", t.operation_text())),
                "{title}"
            );
            assert!(title.ends_with(" em 05/03/2026 às 14:07"), "{title}");
        }
    }

    #[test]
    fn in_queue_with_a_plate_names_the_plate() {
        assert_eq!(
            render_title(&DriverLogType::InQueue, &with_plate("ABC1D23"), at()),
            "Motorista Entrou na Fila com a Placa ABC1D23 em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn in_queue_without_a_plate_reads_como_autonomo() {
        let expected = "Motorista Entrou na Fila como Autônomo em 05/03/2026 às 14:07";
        assert_eq!(
            render_title(&DriverLogType::InQueue, &DriverLogData::default(), at()),
            expected
        );
        assert_eq!(
            render_title(&DriverLogType::InQueue, &with_plate("  "), at()),
            expected
        );
    }

    #[test]
    fn simple_titles_have_no_detail() {
        assert_eq!(
            render_title(&DriverLogType::Login, &with_plate("ABC1D23"), at()),
            "Motorista Logou no sistema em 05/03/2026 às 14:07"
        );
        assert_eq!(
            render_title(&DriverLogType::CheckIn, &DriverLogData::default(), at()),
            "Motorista fez check-in em 05/03/2026 às 14:07"
        );
        assert_eq!(
            render_title(&DriverLogType::CheckOut, &DriverLogData::default(), at()),
            "Motorista cancelou check-in em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn truck_titles_name_the_plate_when_present() {
        assert_eq!(
            render_title(&DriverLogType::BindTruck, &with_plate("ABC1234"), at()),
            "Motorista vinculou um caminhão com a Placa ABC1234 em 05/03/2026 às 14:07"
        );
        assert_eq!(
            render_title(&DriverLogType::CadTruck, &DriverLogData::default(), at()),
            "Motorista cadastrou um caminhão em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn an_exchange_names_the_truck_in_both_drivers_logs() {
        assert_eq!(
            render_title(&DriverLogType::OutTruck, &with_plate("ABC1D23"), at()),
            "Motorista foi retirado do caminhão pela expedição com a Placa ABC1D23 em 05/03/2026 às 14:07"
        );
        assert_eq!(
            render_title(&DriverLogType::InTruck, &with_plate("ABC1D23"), at()),
            "Motorista assumiu o caminhão na troca de motorista com a Placa ABC1D23 em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn order_company_and_popup_titles_carry_their_detail() {
        let data = DriverLogData {
            order_code: Some("4512".into()),
            company_to: Some("Grãos do Sul".into()),
            popup_title: Some("Aviso de chuva".into()),
            ..Default::default()
        };
        assert_eq!(
            render_title(&DriverLogType::InOrder, &data, at()),
            "Motorista foi adicionado a um pedido de código 4512 em 05/03/2026 às 14:07"
        );
        assert_eq!(
            render_title(&DriverLogType::OutCompany, &data, at()),
            "Motorista mudou de empresa para Grãos do Sul em 05/03/2026 às 14:07"
        );
        assert_eq!(
            render_title(&DriverLogType::ReadPopup, &data, at()),
            "Motorista leu um pop-up “Aviso de chuva” em 05/03/2026 às 14:07"
        );
    }

    #[test]
    fn interpolated_values_are_html_escaped() {
        let data = DriverLogData {
            plate: Some("<b>X</b>".into()),
            company_to: Some("A & B".into()),
            popup_title: Some("<img src=x onerror=alert(1)>".into()),
            order_code: Some("\"1'".into()),
        };
        assert_eq!(
            render_title(&DriverLogType::InQueue, &data, at()),
            "Motorista Entrou na Fila com a Placa &lt;b&gt;X&lt;/b&gt; em 05/03/2026 às 14:07"
        );
        assert!(render_title(&DriverLogType::OutCompany, &data, at()).contains("A &amp; B"));
        let popup = render_title(&DriverLogType::ReadPopup, &data, at());
        assert!(!popup.contains('<'), "{popup}");
        let order = render_title(&DriverLogType::InOrder, &data, at());
        assert!(order.contains("&quot;1&#39;"), "{order}");
    }

    #[test]
    fn log_range_defaults_to_a_week_from_today_and_refuses_reversed_or_long_ranges() {
        let d = |s: &str| s.parse::<NaiveDate>().unwrap();
        let r = log_range(None, None, d("2026-03-05")).unwrap();
        assert_eq!((r.start, r.end), (d("2026-03-05"), d("2026-03-12")));
        let r = log_range(Some(d("2026-03-01")), None, d("2026-03-05")).unwrap();
        assert_eq!(r.end, d("2026-03-08"));
        let same = log_range(
            Some(d("2026-03-05")),
            Some(d("2026-03-05")),
            d("2026-03-05"),
        );
        assert!(same.is_ok());
        let e = log_range(
            Some(d("2026-03-05")),
            Some(d("2026-03-04")),
            d("2026-03-05"),
        );
        let e = e.unwrap_err();
        assert_eq!(
            (e.field.as_str(), e.message.as_str()),
            ("endDate", LOG_END_BEFORE_START)
        );
        let e = log_range(
            Some(d("2025-01-01")),
            Some(d("2026-03-05")),
            d("2026-03-05"),
        );
        assert_eq!(e.unwrap_err().message, LOG_RANGE_TOO_LONG);
    }

    #[test]
    fn log_data_uses_camel_case_fields() {
        let data: DriverLogData =
            serde_json::from_str(r#"{"plate":"ABC1234","orderCode":"9"}"#).unwrap();
        assert_eq!(data.order_code.as_deref(), Some("9"));
        assert_eq!(data.company_to, None);
    }
}
