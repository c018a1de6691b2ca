//! E-mail (issue 11): who gets which mail, what it says, when the daily loading report is due,
//! and the outbox's states. Pure: the application fetches the facts, sends through the
//! `Mailer` port and records each mail in the outbox.
//!
//! Every mail has a plain-text body and an HTML alternative. Values people typed (names, codes)
//! are escaped in the HTML body; the plain-text body carries them as they are.

use chrono::{Duration, NaiveDate, NaiveDateTime, Timelike};

use crate::admin::forms::offers_daily_report;
use crate::orders::Tonnes;
use crate::roles::Role;
use crate::text::{br_date, escape_html};

/// One mail's content, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailContent {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// What a mail is about (the outbox's `kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    /// An order saved with `sendEmail`, to its shipping companies' users.
    Order,
    /// The previous day's loadings, to a company's Usuario and Expedicao users.
    DailyReport,
}

impl MailKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            MailKind::Order => "order",
            MailKind::DailyReport => "daily_report",
        }
    }
}

/// Where a mail of the outbox stands.
///
/// `Pending`: recorded with the change that caused it, not tried yet. `Sent`: the SMTP server
/// took it. `Logged`: no SMTP server is configured; the mail went to the log. `Failed`: the
/// server could not be reached or refused it (the error is kept); tried again later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutboxStatus {
    Pending,
    Sent,
    Logged,
    Failed,
}

impl OutboxStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            OutboxStatus::Pending => "pending",
            OutboxStatus::Sent => "sent",
            OutboxStatus::Logged => "logged",
            OutboxStatus::Failed => "failed",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "pending" => OutboxStatus::Pending,
            "sent" => OutboxStatus::Sent,
            "logged" => OutboxStatus::Logged,
            "failed" => OutboxStatus::Failed,
            _ => return None,
        })
    }
}

/// How many times a mail is tried in all (the first try and two retries).
pub const MAX_ATTEMPTS: i32 = 3;
/// A failed mail is tried again this long after its last try.
pub const RETRY_AFTER_MINUTES: i64 = 5;
/// A mail still pending this long after it was recorded lost its first try (the instance
/// stopped between the commit and the send): the retry job sends it.
pub const PENDING_GRACE_MINUTES: i64 = 1;

/// An outbox row as the delivery rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxState {
    pub status: OutboxStatus,
    pub attempts: i32,
    pub created_at: NaiveDateTime,
    pub last_attempt_at: Option<NaiveDateTime>,
}

/// Who tries a mail: the change that recorded it, right after its commit, or the retry job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    First,
    Retry,
}

/// Whether a mail may be tried now (`now` in the same clock as the row's times, UTC).
pub fn may_try(row: &OutboxState, attempt: Attempt, now: NaiveDateTime) -> bool {
    match (attempt, row.status) {
        (Attempt::First, OutboxStatus::Pending) => row.attempts == 0,
        (Attempt::Retry, OutboxStatus::Pending) => {
            row.created_at + Duration::minutes(PENDING_GRACE_MINUTES) <= now
        }
        (Attempt::Retry, OutboxStatus::Failed) => {
            row.attempts < MAX_ATTEMPTS
                && row
                    .last_attempt_at
                    .is_none_or(|at| at + Duration::minutes(RETRY_AFTER_MINUTES) <= now)
        }
        _ => false,
    }
}

// ---- The order e-mail.

/// Whether a user of one of the order's shipping companies gets the order e-mail: a
/// Transportadora user, enabled, who authorised e-mail contact (`hasEmail`).
pub fn receives_order_mail(role: Role, enabled: bool, has_email: bool) -> bool {
    role == Role::Transportadora && enabled && has_email
}

/// Whether a staff user gets the daily loading report: the report is offered to Usuario and
/// Expedicao (spec 1 section 6), and the user ticked it (`receivesEmail`).
pub fn receives_daily_report(role: Role, enabled: bool, receives_email: bool) -> bool {
    offers_daily_report(role) && enabled && receives_email
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderMailItem {
    pub product: String,
    pub quantity: Tonnes,
}

/// The facts of an order e-mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderMail {
    /// Whether the save created the order (else it changed it).
    pub created: bool,
    pub company: String,
    pub code: String,
    pub customer: String,
    pub customer_city: Option<String>,
    pub items: Vec<OrderMailItem>,
    pub recipient_name: String,
    /// The order list of the product (`{public url}/pedidos`).
    pub link: String,
}

const FOOTER: &str = "Mensagem automática do Pátio. Não responda este e-mail.";

/// `{base}/pedidos`, whatever slashes the base ends with.
pub fn orders_link(public_url: &str) -> String {
    format!("{}/pedidos", public_url.trim_end_matches('/'))
}

fn customer_line(customer: &str, city: Option<&str>) -> String {
    match city.map(str::trim).filter(|c| !c.is_empty()) {
        Some(city) => format!("{customer} ({city})"),
        None => customer.to_owned(),
    }
}

pub fn order_mail(m: &OrderMail) -> MailContent {
    let subject = if m.created {
        format!("Novo pedido {} - {}", m.code, m.company)
    } else {
        format!("Pedido {} atualizado - {}", m.code, m.company)
    };
    let lead = if m.created {
        format!(
            "{} cadastrou o pedido {} para a sua transportadora.",
            m.company, m.code
        )
    } else {
        format!(
            "{} atualizou o pedido {} da sua transportadora.",
            m.company, m.code
        )
    };
    let total: Tonnes = m.items.iter().map(|i| i.quantity).sum();
    let customer = customer_line(&m.customer, m.customer_city.as_deref());

    let mut text = format!(
        "Olá, {}.\n\n{lead}\n\nPedido: {}\nCliente: {customer}\nItens:\n",
        m.recipient_name, m.code
    );
    if m.items.is_empty() {
        text.push_str("  (nenhum item)\n");
    }
    for i in &m.items {
        text.push_str(&format!("  - {}: {}\n", i.product, i.quantity));
    }
    text.push_str(&format!(
        "Total: {total}\n\nVeja os pedidos em {}\n\n{FOOTER}\n",
        m.link
    ));

    let e = escape_html;
    let mut rows = String::new();
    for i in &m.items {
        rows.push_str(&format!(
            "<tr><td>{}</td><td style=\"text-align:right\">{}</td></tr>",
            e(&i.product),
            e(&i.quantity.to_string())
        ));
    }
    if m.items.is_empty() {
        rows.push_str("<tr><td colspan=\"2\">(nenhum item)</td></tr>");
    }
    let html = format!(
        "<!DOCTYPE html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body><p>Olá, {name}.</p><p>{lead}</p>\
         <p><strong>Pedido:</strong> {code}<br><strong>Cliente:</strong> {customer}</p>\
         <table border=\"1\" cellpadding=\"4\" cellspacing=\"0\">\
         <thead><tr><th>Produto</th><th>Quantidade</th></tr></thead>\
         <tbody>{rows}</tbody>\
         <tfoot><tr><th>Total</th><th style=\"text-align:right\">{total}</th></tr></tfoot></table>\
         <p><a href=\"{link}\">Ver pedidos</a></p><p><small>{FOOTER}</small></p></body></html>",
        title = e(&subject),
        name = e(&m.recipient_name),
        lead = e(&lead),
        code = e(&m.code),
        customer = e(&customer),
        total = e(&total.to_string()),
        link = e(&m.link),
    );
    MailContent {
        subject,
        text,
        html,
    }
}

// ---- The daily loading report.

/// The report's hour when none is configured (06:00 in the company's time zone).
pub const DEFAULT_REPORT_HOUR: u32 = 6;

/// The day whose report is due at `local_now` (the company's wall clock): the previous day,
/// once the report hour has come. Before the hour, nothing is due yet (the report of two days
/// ago was due yesterday).
pub fn report_day_due(local_now: NaiveDateTime, report_hour: u32) -> Option<NaiveDate> {
    (local_now.hour() >= report_hour).then(|| local_now.date() - Duration::days(1))
}

/// A report hour as configured: a whole hour 0-23.
pub fn parse_report_hour(text: &str) -> Option<u32> {
    text.trim().parse::<u32>().ok().filter(|h| *h < 24)
}

/// One order's loadings of the day: attended vehicles and their transported tonnes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportOrderLine {
    pub code: String,
    pub customer: String,
    pub vehicles: i64,
    pub tonnes: Tonnes,
}

/// The facts of one company's day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyReport {
    pub company: String,
    pub day: NaiveDate,
    /// Queue entries attended that day (loaded vehicles).
    pub attended: i64,
    /// Entries marked faulty by the expedition that day.
    pub faulty: i64,
    /// Entries dropped by tolerance that day (also faulty).
    pub tolerance_dropped: i64,
    /// Attended vehicles without a loading (freelancers): counted, no order nor tonnes.
    pub freelancers: i64,
    /// Orders with attended loadings, by code.
    pub orders: Vec<ReportOrderLine>,
    pub link: String,
}

impl DailyReport {
    pub fn faulty_total(&self) -> i64 {
        self.faulty + self.tolerance_dropped
    }

    pub fn tonnes_total(&self) -> Tonnes {
        self.orders.iter().map(|o| o.tonnes).sum()
    }
}

fn vehicles(n: i64) -> String {
    if n == 1 {
        "1 veículo".to_owned()
    } else {
        format!("{n} veículos")
    }
}

/// The report mail of one company's day, the same for each of its recipients.
pub fn daily_report_mail(r: &DailyReport) -> MailContent {
    let day = br_date(r.day);
    let subject = format!("Relatório de carregamentos de {day} - {}", r.company);
    let faulty = r.faulty_total();
    let total = r.tonnes_total();
    let faulty_detail = format!(
        "{} pela expedição, {} por tolerância",
        r.faulty, r.tolerance_dropped
    );

    let mut text = format!(
        "Carregamentos de {day} - {}\n\nAtendidos: {}\nFaltosos: {faulty} ({faulty_detail})\nToneladas: {total}\n\n",
        r.company, r.attended
    );
    if r.orders.is_empty() {
        text.push_str("Nenhum carregamento de pedido no dia.\n");
    } else {
        text.push_str("Toneladas por pedido:\n");
        for o in &r.orders {
            text.push_str(&format!(
                "  - Pedido {} ({}): {}, {}\n",
                o.code,
                o.customer,
                vehicles(o.vehicles),
                o.tonnes
            ));
        }
    }
    if r.freelancers > 0 {
        text.push_str(&format!(
            "Autônomos atendidos (sem pedido): {}\n",
            r.freelancers
        ));
    }
    text.push_str(&format!("\nVeja os pedidos em {}\n\n{FOOTER}\n", r.link));

    let e = escape_html;
    let mut body = String::new();
    if r.orders.is_empty() {
        body.push_str("<p>Nenhum carregamento de pedido no dia.</p>");
    } else {
        body.push_str(
            "<table border=\"1\" cellpadding=\"4\" cellspacing=\"0\"><thead><tr>\
             <th>Pedido</th><th>Cliente</th><th>Veículos</th><th>Toneladas</th></tr></thead><tbody>",
        );
        for o in &r.orders {
            body.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td style=\"text-align:right\">{}</td>\
                 <td style=\"text-align:right\">{}</td></tr>",
                e(&o.code),
                e(&o.customer),
                o.vehicles,
                e(&o.tonnes.to_string())
            ));
        }
        body.push_str(&format!(
            "</tbody><tfoot><tr><th colspan=\"3\">Total</th>\
             <th style=\"text-align:right\">{}</th></tr></tfoot></table>",
            e(&total.to_string())
        ));
    }
    if r.freelancers > 0 {
        body.push_str(&format!(
            "<p>Autônomos atendidos (sem pedido): {}</p>",
            r.freelancers
        ));
    }
    let html = format!(
        "<!DOCTYPE html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
         <body><h2>Carregamentos de {day} - {company}</h2>\
         <p><strong>Atendidos:</strong> {attended}<br>\
         <strong>Faltosos:</strong> {faulty} ({faulty_detail})<br>\
         <strong>Toneladas:</strong> {total}</p>{body}\
         <p><a href=\"{link}\">Ver pedidos</a></p><p><small>{FOOTER}</small></p></body></html>",
        title = e(&subject),
        company = e(&r.company),
        attended = r.attended,
        total = e(&total.to_string()),
        link = e(&r.link),
    );
    MailContent {
        subject,
        text,
        html,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(h: i64) -> Tonnes {
        Tonnes::from_hundredths(h)
    }

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    fn order() -> OrderMail {
        OrderMail {
            created: true,
            company: "Demo Agro".into(),
            code: "PED-001".into(),
            customer: "Fazenda <Boa> Vista & Cia".into(),
            customer_city: Some("Sorriso".into()),
            items: vec![
                OrderMailItem {
                    product: "SOJA".into(),
                    quantity: t(3000),
                },
                OrderMailItem {
                    product: "MILHO \"safrinha\"".into(),
                    quantity: t(2050),
                },
            ],
            recipient_name: "Ana".into(),
            link: orders_link("https://patio.example.com/"),
        }
    }

    #[test]
    fn the_order_mail_names_code_customer_items_and_the_list() {
        let m = order_mail(&order());
        assert_eq!(m.subject, "Novo pedido PED-001 - Demo Agro");
        assert!(m
            .text
            .starts_with("Olá, Ana.\n\nDemo Agro cadastrou o pedido PED-001"));
        assert!(m.text.contains("Pedido: PED-001\n"));
        assert!(m
            .text
            .contains("Cliente: Fazenda <Boa> Vista & Cia (Sorriso)\n"));
        assert!(m.text.contains("  - SOJA: 30,00 t\n"));
        assert!(m.text.contains("  - MILHO \"safrinha\": 20,50 t\n"));
        assert!(m.text.contains("Total: 50,50 t\n"));
        assert!(m
            .text
            .contains("Veja os pedidos em https://patio.example.com/pedidos\n"));
    }

    #[test]
    fn the_order_mail_html_escapes_what_people_typed() {
        let m = order_mail(&order());
        assert!(m
            .html
            .contains("Fazenda &lt;Boa&gt; Vista &amp; Cia (Sorriso)"));
        assert!(m.html.contains("MILHO &quot;safrinha&quot;"));
        assert!(!m.html.contains("<Boa>"));
        assert!(m
            .html
            .contains("<a href=\"https://patio.example.com/pedidos\">Ver pedidos</a>"));
        assert!(m
            .html
            .contains("<td style=\"text-align:right\">30,00 t</td>"));
    }

    #[test]
    fn an_edit_says_updated_and_an_order_without_items_says_so() {
        let mut o = order();
        o.created = false;
        o.items.clear();
        o.customer_city = None;
        let m = order_mail(&o);
        assert_eq!(m.subject, "Pedido PED-001 atualizado - Demo Agro");
        assert!(m.text.contains("Demo Agro atualizou o pedido PED-001"));
        assert!(m.text.contains("Cliente: Fazenda <Boa> Vista & Cia\n"));
        assert!(m.text.contains("(nenhum item)"));
        assert!(m.text.contains("Total: 0,00 t"));
    }

    #[test]
    fn links_join_the_base_without_double_slashes() {
        assert_eq!(
            orders_link("http://localhost:8080"),
            "http://localhost:8080/pedidos"
        );
        assert_eq!(orders_link("https://a.b//"), "https://a.b/pedidos");
    }

    #[test]
    fn only_enabled_transportadora_users_with_has_email_get_the_order_mail() {
        assert!(receives_order_mail(Role::Transportadora, true, true));
        assert!(!receives_order_mail(Role::Transportadora, true, false));
        assert!(!receives_order_mail(Role::Transportadora, false, true));
        for role in [Role::Usuario, Role::Expedicao, Role::Administrador] {
            assert!(!receives_order_mail(role, true, true));
        }
    }

    #[test]
    fn only_usuario_and_expedicao_who_ticked_it_get_the_report() {
        assert!(receives_daily_report(Role::Usuario, true, true));
        assert!(receives_daily_report(Role::Expedicao, true, true));
        assert!(!receives_daily_report(Role::Usuario, true, false));
        assert!(!receives_daily_report(Role::Usuario, false, true));
        for role in [
            Role::Administrador,
            Role::Transportadora,
            Role::Espectador,
            Role::Portaria,
        ] {
            assert!(!receives_daily_report(role, true, true), "{role:?}");
        }
    }

    #[test]
    fn the_report_of_yesterday_is_due_from_the_hour_on() {
        let d = NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
        assert_eq!(report_day_due(at("2026-03-03 05:59"), 6), None);
        assert_eq!(report_day_due(at("2026-03-03 06:00"), 6), Some(d));
        assert_eq!(report_day_due(at("2026-03-03 23:59"), 6), Some(d));
        assert_eq!(
            report_day_due(at("2026-03-01 00:00"), 0),
            NaiveDate::from_ymd_opt(2026, 2, 28)
        );
    }

    #[test]
    fn report_hours_are_whole_hours_of_a_day() {
        assert_eq!(parse_report_hour(" 7 "), Some(7));
        assert_eq!(parse_report_hour("0"), Some(0));
        assert_eq!(parse_report_hour("23"), Some(23));
        assert_eq!(parse_report_hour("24"), None);
        assert_eq!(parse_report_hour("-1"), None);
        assert_eq!(parse_report_hour("seis"), None);
    }

    fn report() -> DailyReport {
        DailyReport {
            company: "Demo & Filhos".into(),
            day: NaiveDate::from_ymd_opt(2026, 3, 2).unwrap(),
            attended: 3,
            faulty: 1,
            tolerance_dropped: 2,
            freelancers: 1,
            orders: vec![
                ReportOrderLine {
                    code: "PED-001".into(),
                    customer: "Fazenda <Boa>".into(),
                    vehicles: 1,
                    tonnes: t(3050),
                },
                ReportOrderLine {
                    code: "PED-002".into(),
                    customer: "Sítio".into(),
                    vehicles: 2,
                    tonnes: t(4000),
                },
            ],
            link: orders_link("http://localhost:8080"),
        }
    }

    #[test]
    fn the_report_counts_attended_faulty_and_tonnes_per_order() {
        let m = daily_report_mail(&report());
        assert_eq!(
            m.subject,
            "Relatório de carregamentos de 02/03/2026 - Demo & Filhos"
        );
        assert!(m.text.contains("Atendidos: 3\n"));
        assert!(m
            .text
            .contains("Faltosos: 3 (1 pela expedição, 2 por tolerância)\n"));
        assert!(m.text.contains("Toneladas: 70,50 t\n"));
        assert!(m
            .text
            .contains("  - Pedido PED-001 (Fazenda <Boa>): 1 veículo, 30,50 t\n"));
        assert!(m
            .text
            .contains("  - Pedido PED-002 (Sítio): 2 veículos, 40,00 t\n"));
        assert!(m.text.contains("Autônomos atendidos (sem pedido): 1\n"));
        assert!(m.html.contains("Demo &amp; Filhos"));
        assert!(m.html.contains("<td>Fazenda &lt;Boa&gt;</td>"));
        assert!(m.html.contains("70,50 t"));
    }

    #[test]
    fn an_empty_day_says_so() {
        let mut r = report();
        r.attended = 0;
        r.faulty = 0;
        r.tolerance_dropped = 0;
        r.freelancers = 0;
        r.orders.clear();
        let m = daily_report_mail(&r);
        assert!(m.text.contains("Atendidos: 0\n"));
        assert!(m.text.contains("Toneladas: 0,00 t\n"));
        assert!(m.text.contains("Nenhum carregamento de pedido no dia.\n"));
        assert!(!m.text.contains("Autônomos"));
        assert!(m
            .html
            .contains("<p>Nenhum carregamento de pedido no dia.</p>"));
    }

    fn row(status: OutboxStatus, attempts: i32, last: Option<&str>) -> OutboxState {
        OutboxState {
            status,
            attempts,
            created_at: at("2026-03-02 10:00"),
            last_attempt_at: last.map(at),
        }
    }

    #[test]
    fn the_first_try_takes_only_untried_pending_mails() {
        let now = at("2026-03-02 10:00");
        assert!(may_try(
            &row(OutboxStatus::Pending, 0, None),
            Attempt::First,
            now
        ));
        for s in [
            OutboxStatus::Sent,
            OutboxStatus::Logged,
            OutboxStatus::Failed,
        ] {
            assert!(!may_try(
                &row(s, 1, Some("2026-03-02 10:00")),
                Attempt::First,
                now
            ));
        }
    }

    #[test]
    fn retries_wait_and_stop_after_three_tries() {
        let pending = row(OutboxStatus::Pending, 0, None);
        assert!(!may_try(&pending, Attempt::Retry, at("2026-03-02 10:00")));
        assert!(may_try(&pending, Attempt::Retry, at("2026-03-02 10:01")));
        let failed = row(OutboxStatus::Failed, 1, Some("2026-03-02 10:00"));
        assert!(!may_try(&failed, Attempt::Retry, at("2026-03-02 10:04")));
        assert!(may_try(&failed, Attempt::Retry, at("2026-03-02 10:05")));
        let spent = row(OutboxStatus::Failed, MAX_ATTEMPTS, Some("2026-03-02 10:00"));
        assert!(!may_try(&spent, Attempt::Retry, at("2026-03-03 10:00")));
        for s in [OutboxStatus::Sent, OutboxStatus::Logged] {
            assert!(!may_try(
                &row(s, 1, None),
                Attempt::Retry,
                at("2026-03-03 10:00")
            ));
        }
    }

    #[test]
    fn statuses_round_trip() {
        for s in [
            OutboxStatus::Pending,
            OutboxStatus::Sent,
            OutboxStatus::Logged,
            OutboxStatus::Failed,
        ] {
            assert_eq!(OutboxStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(OutboxStatus::parse("x"), None);
    }
}
