//! The loading history (`GET /scheduling`, spec 3 "Loading history"): finished loadings of the
//! period, filtered and optionally grouped, one page for the grid and every row for the
//! exports (PDF, XLSX, CSV), all from the same query.

use std::sync::Arc;

use chrono::{Duration, NaiveDate};
use patio_domain::auth::Actor;
use patio_domain::history::{
    group, may_export, may_read, period, Grouping, HistoryLine, HISTORY_PAGE_SIZE,
};
use patio_domain::text::{br_date, br_decimal};
use serde::Serialize;

use crate::admin::logs::{start_of, LOG_TIME_ZONE};
use crate::error::{AppError, AppResult};
use crate::model::HistoryFilter;
use crate::ports::StoreExt;
use crate::services::{forbidden, Deps};

/// The history's query as the screen sends it.
#[derive(Debug, Clone, Default)]
pub struct HistoryQuery {
    /// 30, 60, 90 or 120 days back from today (30 when absent).
    pub period: Option<u32>,
    pub company_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub order_id: Option<i64>,
    pub truck_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub group_by: Option<String>,
    /// 1-based; absent: the first.
    pub page: Option<u32>,
}

/// One grid row: a loading, or a group of them (`key` set, the loading's fields empty).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRowView {
    /// The loading's id (ungrouped) or the row's rank in the group list.
    pub id: i64,
    /// `dd/MM/yyyy` (ungrouped) or the first and last day of the group.
    pub date: String,
    /// The grouped value (customer, order code, plate or driver), when grouped.
    pub key: Option<String>,
    pub company: Option<String>,
    pub order_code: Option<String>,
    pub customer: Option<String>,
    pub license_plate: Option<String>,
    pub driver: Option<String>,
    /// Loadings in the row (1 when ungrouped).
    pub loadings: u32,
    /// Tonnes.
    pub qty_ordered: Option<f64>,
    pub qty_transported: f64,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryPageView {
    pub items: Vec<HistoryRowView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    /// The grouped column's title ('Cliente', 'Pedido', 'Caminhão', 'Motorista'), if any.
    pub grouped_by: Option<&'static str>,
    /// Exports offered to this user.
    pub can_export: bool,
    /// Tonnes of every row of the query (not only the page).
    pub total_transported: f64,
}

/// One cell of an export: text, or a value the spreadsheet keeps typed (issue 22: tonnes and
/// dates written as text could not be summed or sorted).
#[derive(Debug, Clone, PartialEq)]
pub enum ExportCell {
    Text(String),
    Date(NaiveDate),
    Tonnes(f64),
    Count(i64),
}

impl ExportCell {
    /// As the CSV and the PDF write it: `dd/MM/yyyy`, `28,500`.
    pub fn text(&self) -> String {
        match self {
            ExportCell::Text(t) => t.clone(),
            ExportCell::Date(d) => br_date(*d),
            ExportCell::Tonnes(t) => br_decimal(*t, 3),
            ExportCell::Count(n) => n.to_string(),
        }
    }
}

/// Every row of the query, as the exports write them.
#[derive(Debug, Clone)]
pub struct HistoryTable {
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<ExportCell>>,
}

impl HistoryTable {
    /// The rows as text (the CSV and the PDF).
    pub fn text_rows(&self) -> Vec<Vec<String>> {
        self.rows
            .iter()
            .map(|r| r.iter().map(ExportCell::text).collect())
            .collect()
    }
}

#[derive(Clone)]
pub struct HistoryService {
    deps: Arc<Deps>,
}

fn br(day: NaiveDate) -> String {
    br_date(day)
}

/// `dd/MM/yyyy`, or `dd/MM/yyyy a dd/MM/yyyy` for a group of several days.
fn days(first: NaiveDate, last: NaiveDate) -> String {
    if first == last {
        br(first)
    } else {
        format!("{} a {}", br(first), br(last))
    }
}

impl HistoryService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// The query's filter and grouping, once the actor may read (or export) it.
    fn filter(
        &self,
        actor: &Actor,
        q: &HistoryQuery,
        export: bool,
    ) -> AppResult<(Option<Grouping>, HistoryFilter)> {
        let role = actor
            .staff_role()
            .ok_or_else(|| forbidden(patio_domain::DomainError::NotAllowed))?;
        let allowed = if export {
            may_export(role)
        } else {
            may_read(role)
        };
        if !allowed {
            return Err(forbidden(patio_domain::DomainError::NotAllowed));
        }
        let days = period(q.period).map_err(|m| AppError::field("period", m))?;
        let by =
            Grouping::parse(q.group_by.as_deref()).map_err(|m| AppError::field("groupBy", m))?;
        // A Usuario reads its company; another company's id is not found.
        let company_id = match (actor.company_id, q.company_id) {
            (Some(own), Some(c)) if !actor.is_admin() && c != own => {
                return Err(AppError::not_found())
            }
            (Some(own), _) if !actor.is_admin() => Some(own),
            (_, c) => c,
        };
        let today = self
            .deps
            .clock
            .now()
            .with_timezone(&LOG_TIME_ZONE)
            .date_naive();
        let filter = HistoryFilter {
            company_id,
            from: Some(start_of(
                today - Duration::days(i64::from(days)),
                LOG_TIME_ZONE,
            )),
            customer_id: q.customer_id,
            order_id: q.order_id,
            truck_id: q.truck_id,
            driver_id: q.driver_id,
        };
        Ok((by, filter))
    }

    /// The loadings of the query and its grouping, for the grid and the exports.
    fn lines(
        &self,
        actor: &Actor,
        q: &HistoryQuery,
        export: bool,
    ) -> AppResult<(Option<Grouping>, Vec<HistoryLine>)> {
        let (by, filter) = self.filter(actor, q, export)?;
        let lines = self
            .deps
            .store
            .replica_reads(|repos| repos.loading_history(&filter))?;
        Ok((by, lines))
    }

    /// The rows of the query (grouped when asked), for the grid.
    fn rows(
        &self,
        actor: &Actor,
        q: &HistoryQuery,
    ) -> AppResult<(Option<Grouping>, Vec<HistoryRowView>)> {
        let (by, lines) = self.lines(actor, q, false)?;
        let rows = match by {
            None => lines.iter().map(line_row).collect(),
            Some(by) => group(&lines, by)
                .into_iter()
                .zip(1i64..)
                .map(|(g, rank)| HistoryRowView {
                    id: rank,
                    date: days(g.first_day, g.last_day),
                    key: Some(g.key),
                    company: None,
                    order_code: None,
                    customer: None,
                    license_plate: None,
                    driver: None,
                    loadings: g.loadings,
                    qty_ordered: None,
                    qty_transported: g.transported,
                })
                .collect(),
        };
        Ok((by, rows))
    }

    /// `GET /scheduling`: one page of 9 rows. Ungrouped, the database pages and sums (a
    /// period of every company is tens of thousands of loadings after a few years); grouped,
    /// the groups are made from every loading of the period.
    pub fn page(&self, actor: &Actor, q: &HistoryQuery) -> AppResult<HistoryPageView> {
        let page = q.page.unwrap_or(1).max(1);
        let size = HISTORY_PAGE_SIZE;
        let (by, filter) = self.filter(actor, q, false)?;
        if by.is_none() {
            let offset = i64::from(page - 1).saturating_mul(i64::from(size));
            let (lines, total, transported) = self.deps.store.replica_reads(|repos| {
                repos.loading_history_page(&filter, offset, i64::from(size))
            })?;
            return Ok(HistoryPageView {
                items: lines.iter().map(line_row).collect(),
                total,
                page,
                page_size: size,
                grouped_by: None,
                can_export: actor.staff_role().is_some_and(may_export),
                total_transported: (transported * 1000.0).round() / 1000.0 + 0.0,
            });
        }
        let (by, rows) = self.rows(actor, q)?;
        let total_transported =
            (rows.iter().map(|r| r.qty_transported).sum::<f64>() * 1000.0).round() / 1000.0 + 0.0;
        let total = rows.len() as i64;
        let items = rows
            .into_iter()
            // A page far beyond the last one is empty, never an overflow.
            .skip(
                usize::try_from(page - 1)
                    .unwrap_or(usize::MAX)
                    .saturating_mul(size as usize),
            )
            .take(size as usize)
            .collect();
        Ok(HistoryPageView {
            items,
            total,
            page,
            page_size: size,
            grouped_by: by.map(Grouping::title),
            can_export: actor.staff_role().is_some_and(may_export),
            total_transported,
        })
    }

    /// Every row of the query for the exports, with the columns of its grouping: dates,
    /// tonnes and counts typed, names as text.
    pub fn table(&self, actor: &Actor, q: &HistoryQuery) -> AppResult<HistoryTable> {
        use ExportCell::{Count, Date, Text, Tonnes};
        let (by, lines) = self.lines(actor, q, true)?;
        Ok(match by {
            None => HistoryTable {
                header: vec![
                    "Data",
                    "Empresa",
                    "Pedido",
                    "Cliente",
                    "Placa",
                    "Motorista",
                    "Pedido (t)",
                    "Carregado (t)",
                ],
                rows: lines
                    .into_iter()
                    .map(|l| {
                        vec![
                            Date(l.day),
                            Text(l.company),
                            Text(l.order_code),
                            Text(l.customer),
                            Text(l.plate),
                            Text(l.driver),
                            Tonnes(l.ordered),
                            Tonnes(l.transported),
                        ]
                    })
                    .collect(),
            },
            Some(by) => HistoryTable {
                header: vec![by.title(), "Período", "Carregamentos", "Carregado (t)"],
                rows: group(&lines, by)
                    .into_iter()
                    .map(|g| {
                        vec![
                            Text(g.key),
                            // A range of two dates is one text; one day is a date.
                            if g.first_day == g.last_day {
                                Date(g.first_day)
                            } else {
                                Text(days(g.first_day, g.last_day))
                            },
                            Count(i64::from(g.loadings)),
                            Tonnes(g.transported),
                        ]
                    })
                    .collect(),
            },
        })
    }
}

fn line_row(l: &HistoryLine) -> HistoryRowView {
    HistoryRowView {
        id: l.id,
        date: br(l.day),
        key: None,
        company: Some(l.company.clone()),
        order_code: Some(l.order_code.clone()),
        customer: Some(l.customer.clone()),
        license_plate: Some(l.plate.clone()),
        driver: Some(l.driver.clone()),
        loadings: 1,
        qty_ordered: Some(l.ordered),
        qty_transported: l.transported,
    }
}
