//! The queue reads (spec 3 section 7 "Queue and expedition"). They read the stored plan
//! (position, forecast, date, tolerance flag) and never compute it.
//!
//! Access: staff of the company (Administrador any company; Usuario, Expedicao, Espectador,
//! Portaria their own); Transportadora only its shipping company's vehicles through the
//! shipping-company routes; a driver its own entry (and the company's panel and delay
//! banner). A record of another company answers 404, a role the call is not for 403.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use patio_domain::auth::Actor;
use patio_domain::fleet::sets::{queue_label, queue_stage, QueueLabel, QueueStage};
use patio_domain::orders::status::balance;
use patio_domain::orders::Tonnes;
use patio_domain::queue::{
    closed_on_local_day, nearby_rows, remaining_tolerance, LineRow, QueueSettings, NEARBY_EACH_SIDE,
};
use patio_domain::roles::{panel_abilities, sees_tonnes, Role};
use patio_domain::text::br_date;
use serde::Serialize;

use crate::auth::public::normalize_host;
use crate::error::{AppError, AppResult};
use crate::ports::{Repos, StoreExt};
use crate::queue::call_forecast::{CallForecast, CallForecasts, CompanyForecast};
use crate::queue::ports::{
    DelayInProgressRecord, DriverActivePosition, DriverPositionRecord, PositionReader,
    QueueRowRecord, QueueScope,
};
use crate::queue::{day_bounds, engine_settings, forbidden, local_time, staff_of};
use crate::services::Deps;

/// Staff roles that read a company's queue.
pub const READ_ROLES: [Role; 5] = [
    Role::Administrador,
    Role::Usuario,
    Role::Expedicao,
    Role::Espectador,
    Role::Portaria,
];

/// Days of the queue list by default (`days_limit`).
pub const DEFAULT_DAYS_LIMIT: i64 = 5;
/// The most days one list reads.
pub const MAX_DAYS_LIMIT: i64 = 60;
/// The most ids `queue/driver/positions` takes.
pub const MAX_POSITION_IDS: usize = 500;

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdName {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = QueueTruckView)]
pub struct TruckView {
    pub id: i64,
    pub license_plate: String,
    pub net_capacity: Option<f64>,
    pub vehicle_model: Option<NameView>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct NameView {
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = QueueOrderView)]
pub struct OrderView {
    pub id: i64,
    pub code: String,
    pub customer: Option<NameView>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SchedulingView {
    pub id: i64,
    pub qty_ordered: Option<f64>,
    pub qty_transported: Option<f64>,
    pub order: Option<OrderView>,
    /// What the order still has to deliver besides this loading (tonnes): the tonnage field
    /// warns above it. `null` without an order.
    pub order_balance: Option<f64>,
}

/// What an order still has to deliver besides one loading: its items less what the other
/// loadings and the order-level entry delivered (never below zero).
pub fn order_left(ordered: Option<f64>, delivered_others: Option<f64>) -> Option<f64> {
    let ordered = Tonnes::from_f64(ordered?)?;
    let others = Tonnes::from_f64(delivered_others?)?;
    Some(balance(ordered, others).as_f64())
}

/// A queue row (spec 3 section 3 "Queue row") with the entry's own fields.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueRowView {
    pub id: i64,
    pub driver_name: String,
    /// The driver's first contact phone (the WhatsApp link); `null` for the Portaria.
    pub driver_phone: Option<String>,
    pub driver: IdName,
    /// The stored position; 0 out of the numbering (loading, closed).
    pub position: i32,
    pub license_plate: String,
    pub net_capacity: Option<f64>,
    /// Forecast `HH:mm` in the company's zone.
    pub time: Option<String>,
    pub forecast: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    /// Tolerance left (`HH:mm`) or 'Esgotado' once the forecast has passed; `null` otherwise.
    pub tolerance_time: Option<String>,
    pub is_freelancer: bool,
    pub vehicle_model_name: Option<String>,
    pub truck: TruckView,
    pub scheduling: Option<SchedulingView>,
    pub is_in_tolerance: bool,
    /// In loading.
    pub is_active: bool,
    pub check_in_active: bool,
    pub check_in_id: Option<i64>,
    pub status: String,
    pub company: IdRef,
    pub joined_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub attended: bool,
    pub attended_at: Option<DateTime<Utc>>,
    pub expedition: Option<DateTime<Utc>>,
    pub closed_at: Option<DateTime<Utc>>,
    /// When the vehicle is expected to be really called (its loading starts), from the
    /// yard's measured pace (waiting entries only).
    pub predicted_call_at: Option<DateTime<Utc>>,
    /// The early end of the prediction's spread.
    pub predicted_call_from: Option<DateTime<Utc>>,
    /// The late end of the prediction's spread.
    pub predicted_call_to: Option<DateTime<Utc>>,
}

impl QueueRowView {
    /// The row as a reader who sees no tonnes gets it (spec 3 section 6, Portaria): no
    /// capacities, no ordered or transported quantity.
    fn hide_tonnes(&mut self) {
        self.net_capacity = None;
        self.truck.net_capacity = None;
        if let Some(s) = self.scheduling.as_mut() {
            s.qty_ordered = None;
            s.qty_transported = None;
            s.order_balance = None;
        }
    }
}

pub use crate::model::IdRef;

/// One day of the queue list.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueDayView {
    /// `None`: entries the plan could not place.
    pub date: Option<NaiveDate>,
    /// `dd/MM/yyyy`, or 'Sem previsão'.
    pub label: String,
    pub queue: Vec<QueueRowView>,
}

/// A row of the panels (`/queue/active/{companyId}`): what the public panel and the driver's
/// queue screen show.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PanelRowView {
    pub id: i64,
    pub position: i32,
    pub license_plate: String,
    pub time: Option<String>,
    pub date: Option<NaiveDate>,
    pub joined_at: DateTime<Utc>,
    pub is_in_tolerance: bool,
    pub is_active: bool,
    pub is_freelancer: bool,
    /// The signed-in driver's own entry.
    pub is_mine: bool,
    /// 'Veículos próximos' on the driver's status page lists this row: a waiting vehicle
    /// around the driver's own waiting entry (`patio_domain::queue::nearby_rows`); none while
    /// his own entry is in loading.
    pub is_near_mine: bool,
    /// When its loading started (in loading only): the panels' elapsed minutes.
    pub started_at: Option<DateTime<Utc>>,
    /// The predicted call and its spread (waiting entries only).
    pub predicted_call_at: Option<DateTime<Utc>>,
    pub predicted_call_from: Option<DateTime<Utc>>,
    pub predicted_call_to: Option<DateTime<Utc>>,
}

/// A vehicle of a shipping company in the queue (`GET /queue/shipping-company/{id}/positions`).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingPositionView {
    pub queue_id: i64,
    pub driver_id: i64,
    pub driver_name: String,
    pub license_plate: String,
    pub position: i32,
    pub date: Option<NaiveDate>,
    /// `HH:mm` forecast in the company's zone.
    pub time: Option<String>,
    /// In loading now.
    pub is_active: bool,
}

/// A company's queue today (`GET /queue/companys`).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyQueueView {
    pub company_id: i64,
    pub name: String,
    /// Waiting and in loading, every planned day.
    pub totals: i64,
    /// Planned for the operating day.
    pub totals_today: i64,
    pub attended: i64,
    pub missing: i64,
    pub dropouts: i64,
}

/// The company of the public panel.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct PublicPanelCompany {
    pub id: i64,
    pub name: String,
    pub logo: Option<String>,
    /// The company's time zone (IANA name): the screen's date and clock, as the queue's times.
    #[serde(rename = "timeZone")]
    pub time_zone: String,
}

/// `GET /public/panel`: what the yard's public screen shows.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct PublicPanelView {
    pub company: PublicPanelCompany,
    /// The server's clock (the screen's "last refresh").
    pub now: DateTime<Utc>,
    /// In loading first, then waiting in queue order.
    pub rows: Vec<PanelRowView>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsView {
    pub totals: i64,
    pub totals_today: i64,
    /// `null` for Portaria (spec 3 section 6).
    pub attended: Option<i64>,
    pub missing: i64,
    /// Tonnes; `null` for Portaria.
    pub total_transported_today: Option<f64>,
    pub dropouts: i64,
    /// When the operating day's last loading is expected to end, from the yard's measured
    /// pace ('fila termina por volta das ...'); `null` when nothing loads today any more.
    pub predicted_end_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextDateView {
    pub company_id: i64,
    /// The attendance day the next join would land on; `null` when no slot is within reach.
    pub date: Option<NaiveDate>,
    pub label: Option<String>,
    pub forecast: Option<DateTime<Utc>>,
    pub time: Option<String>,
    pub planned_at: Option<DateTime<Utc>>,
}

/// The driver's own entry (the status screen). `status`: `null`, `pending`, `tolerance`,
/// `attended` or `fault`.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverPositionView {
    pub id: Option<i64>,
    pub company_id: Option<i64>,
    pub position: i32,
    pub status: Option<&'static str>,
    /// `waiting`, `loading` or `done` (attended today); `null` out of the queue. The phone
    /// shows one state from it and the check-in's (checked in, called).
    pub stage: Option<&'static str>,
    pub forecast: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub is_in_tolerance: bool,
    pub is_freelancer: bool,
    pub truck: Option<PositionTruck>,
    /// When the vehicle is expected to be really called (its loading starts), learned from
    /// how fast this yard loads; `forecast` stays the slot of the plan.
    pub predicted_call_at: Option<DateTime<Utc>>,
    /// The early end of the prediction's spread.
    pub predicted_call_from: Option<DateTime<Utc>>,
    /// The late end of the prediction's spread.
    pub predicted_call_to: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PositionTruck {
    pub id: i64,
    pub license_plate: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HasDriverView {
    pub has_driver: bool,
    pub queue_id: Option<i64>,
}

/// `queue/driver/positions`: `id` is the driver's id.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverPositionItem {
    pub id: i64,
    pub queue_id: i64,
    pub position: Option<i32>,
    pub truck_id: i64,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct DelayRef {
    pub id: Option<i64>,
    pub reason: Option<String>,
    pub icon: Option<String>,
}

/// The running delay (spec 3 "Delay status").
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct DelayStatusView {
    pub id: i64,
    /// Net minutes.
    #[serde(rename = "delayedTime")]
    pub delayed_time: i32,
    pub delay: DelayRef,
    /// When the delay started to count.
    pub expedition: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    #[serde(rename = "endsAt")]
    pub ends_at: DateTime<Utc>,
}

/// Whether `actor` reads drivers' phones on the queue rows (not the Portaria, spec 3 section 6).
fn sees_phone(actor: &Actor) -> bool {
    actor
        .staff_role()
        .is_some_and(|role| panel_abilities(role).sees_phone)
}

fn predicted_of(
    forecast: Option<&CompanyForecast>,
    id: i64,
    waiting: bool,
    now: DateTime<Utc>,
) -> Option<CallForecast> {
    forecast.filter(|_| waiting).and_then(|f| f.of(id, now))
}

fn row_view(
    r: QueueRowRecord,
    settings: &QueueSettings,
    now: DateTime<Utc>,
    phone: bool,
    forecast: Option<&CompanyForecast>,
) -> QueueRowView {
    let predicted = predicted_of(forecast, r.id, r.status == "waiting", now);
    let tolerance_time = r
        .forecast_at
        .filter(|_| r.status == "waiting")
        .and_then(|f| remaining_tolerance(f, now, settings))
        .map(|t| t.text());
    QueueRowView {
        id: r.id,
        driver_name: r.driver_name.clone(),
        driver_phone: r.driver_phone.filter(|_| phone),
        driver: IdName {
            id: r.driver_id,
            name: r.driver_name,
        },
        position: r.position.unwrap_or(0),
        license_plate: r.license_plate.clone(),
        net_capacity: r.net_capacity,
        time: r.forecast_at.map(|f| local_time(settings, f)),
        forecast: r.forecast_at,
        date: r.date,
        tolerance_time,
        is_freelancer: r.scheduling_id.is_none(),
        vehicle_model_name: r.vehicle_model_name.clone(),
        truck: TruckView {
            id: r.truck_id,
            license_plate: r.license_plate,
            net_capacity: r.net_capacity,
            vehicle_model: r.vehicle_model_name.map(|name| NameView { name }),
        },
        scheduling: r.scheduling_id.map(|id| SchedulingView {
            id,
            order_balance: order_left(r.order_ordered, r.order_delivered_others),
            qty_ordered: r.qty_ordered,
            qty_transported: r.qty_transported,
            order: r.order_id.map(|oid| OrderView {
                id: oid,
                code: r.order_code.unwrap_or_default(),
                customer: r.customer_name.map(|name| NameView { name }),
            }),
        }),
        is_in_tolerance: r.in_tolerance && r.status == "waiting",
        is_active: r.status == "loading",
        check_in_active: r.checkin_active,
        check_in_id: r.checkin_id,
        status: r.status,
        company: IdRef { id: r.company_id },
        joined_at: r.joined_at,
        created_at: r.created_at,
        attended: r.attended,
        attended_at: r.attended_at,
        expedition: r.expedition,
        closed_at: r.closed_at,
        predicted_call_at: predicted.map(|p| p.at),
        predicted_call_from: predicted.map(|p| p.from),
        predicted_call_to: predicted.map(|p| p.to),
    }
}

fn group_by_day(rows: Vec<QueueRowView>) -> Vec<QueueDayView> {
    let mut days: Vec<QueueDayView> = Vec::new();
    for row in rows {
        match days.last_mut() {
            Some(day) if day.date == row.date => day.queue.push(row),
            _ => days.push(QueueDayView {
                date: row.date,
                label: row.date.map_or_else(|| "Sem previsão".to_owned(), br_date),
                queue: vec![row],
            }),
        }
    }
    days
}

fn settings_of(repos: &mut dyn Repos, company_id: i64) -> AppResult<QueueSettings> {
    Ok(engine_settings(repos.queue_config(company_id)?.as_ref()))
}

fn delay_view(d: DelayInProgressRecord, now: DateTime<Utc>) -> Option<DelayStatusView> {
    let ends_at = d.started_at + chrono::Duration::minutes(i64::from(d.minutes.max(0)));
    (d.ended_at.is_none() && ends_at > now).then_some(DelayStatusView {
        id: d.id,
        delayed_time: d.minutes,
        delay: DelayRef {
            id: d.delay_id,
            reason: d.reason,
            icon: d.icon,
        },
        expedition: d.started_at,
        created_at: d.created_at,
        ends_at,
    })
}

/// Who may ask for a driver's position, from the token alone: the driver itself (anyone
/// else's id is 404 to a driver) or staff of a reading role (their company is checked
/// against the answer).
fn position_access(actor: &Actor, driver_id: i64) -> AppResult<()> {
    if actor.is_driver() {
        return if actor.id == driver_id {
            Ok(())
        } else {
            Err(AppError::not_found())
        };
    }
    let role = actor.staff_role().ok_or_else(forbidden)?;
    if READ_ROLES.contains(&role) {
        Ok(())
    } else {
        Err(forbidden())
    }
}

/// The driver's status screen from its newest entry.
fn position_view(
    rec: Option<DriverPositionRecord>,
    now: DateTime<Utc>,
    predicted: Option<CallForecast>,
) -> DriverPositionView {
    let none = DriverPositionView {
        id: None,
        company_id: None,
        position: 0,
        status: None,
        stage: None,
        forecast: None,
        date: None,
        is_in_tolerance: false,
        is_freelancer: false,
        truck: None,
        predicted_call_at: None,
        predicted_call_from: None,
        predicted_call_to: None,
    };
    let Some(r) = rec else {
        return none;
    };
    let closed_today = closed_on_local_day(r.closed_at, r.time_zone.as_deref(), now);
    let status = queue_label(&r.status, r.in_tolerance, closed_today).map(QueueLabel::as_str);
    let Some(status) = status else {
        return none;
    };
    let waiting = r.status == "waiting";
    DriverPositionView {
        id: Some(r.id),
        company_id: Some(r.company_id),
        position: if waiting { r.position.unwrap_or(0) } else { 0 },
        status: Some(status),
        stage: queue_stage(&r.status, closed_today).map(QueueStage::as_str),
        forecast: r.forecast_at.filter(|_| waiting),
        date: r.date.filter(|_| waiting),
        is_in_tolerance: waiting && r.in_tolerance,
        is_freelancer: r.freelancer,
        truck: Some(PositionTruck {
            id: r.truck_id,
            license_plate: r.license_plate,
        }),
        predicted_call_at: predicted.filter(|_| waiting).map(|p| p.at),
        predicted_call_from: predicted.filter(|_| waiting).map(|p| p.from),
        predicted_call_to: predicted.filter(|_| waiting).map(|p| p.to),
    }
}

/// The panel rows of a company; `me` marks the signed-in driver's own entry.
fn panel_rows(
    repos: &mut dyn Repos,
    company_id: i64,
    me: Option<i64>,
    forecasts: &CallForecasts,
    now: DateTime<Utc>,
) -> AppResult<Vec<PanelRowView>> {
    let settings = settings_of(repos, company_id)?;
    let forecast = forecasts.company(repos, company_id, now)?;
    let mut rows: Vec<PanelRowView> = repos
        .active_rows(QueueScope::Company(company_id))?
        .into_iter()
        .map(|r| {
            let predicted = predicted_of(Some(&forecast), r.id, r.status == "waiting", now);
            PanelRowView {
                id: r.id,
                position: r.position.unwrap_or(0),
                license_plate: r.license_plate,
                time: r.forecast_at.map(|f| local_time(&settings, f)),
                date: r.date,
                joined_at: r.joined_at,
                is_in_tolerance: r.in_tolerance && r.status == "waiting",
                is_active: r.status == "loading",
                is_freelancer: r.scheduling_id.is_none(),
                is_mine: me == Some(r.driver_id),
                is_near_mine: false,
                started_at: r.expedition.filter(|_| r.status == "loading"),
                predicted_call_at: predicted.map(|p| p.at),
                predicted_call_from: predicted.map(|p| p.from),
                predicted_call_to: predicted.map(|p| p.to),
            }
        })
        .collect();
    let line: Vec<LineRow> = rows
        .iter()
        .map(|r| LineRow {
            waiting: !r.is_active,
            mine: r.is_mine,
        })
        .collect();
    for i in nearby_rows(&line, NEARBY_EACH_SIDE) {
        rows[i].is_near_mine = true;
    }
    Ok(rows)
}

#[derive(Clone)]
pub struct QueueReadService {
    deps: Arc<Deps>,
    positions: Option<Arc<dyn PositionReader>>,
    forecasts: Arc<CallForecasts>,
}

impl QueueReadService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self {
            deps,
            positions: None,
            forecasts: Arc::new(CallForecasts::default()),
        }
    }

    /// Keeps the predicted calls in `forecasts` (told of the queue events by the caller).
    pub fn with_forecasts(mut self, forecasts: Arc<CallForecasts>) -> Self {
        self.forecasts = forecasts;
        self
    }

    /// The predicted calls this service keeps.
    pub fn forecasts(&self) -> Arc<CallForecasts> {
        self.forecasts.clone()
    }

    /// Reads the driver's position through `reader` (one statement, no transaction) instead
    /// of the store.
    pub fn with_position_reader(mut self, reader: Arc<dyn PositionReader>) -> Self {
        self.positions = Some(reader);
        self
    }

    /// Staff of the company with a read role; 404 for a company that does not exist.
    fn company_reader(
        &self,
        repos: &mut dyn Repos,
        actor: &Actor,
        company_id: i64,
    ) -> AppResult<Role> {
        let role = staff_of(actor, &READ_ROLES, company_id)?;
        if !repos.company_exists(company_id)? {
            return Err(AppError::not_found());
        }
        Ok(role)
    }

    /// Staff of the company, or a driver of it.
    fn company_member(
        &self,
        repos: &mut dyn Repos,
        actor: &Actor,
        company_id: i64,
    ) -> AppResult<()> {
        if actor.is_driver() || actor.staff_role() == Some(Role::Transportadora) {
            if actor.company_id != Some(company_id) {
                return Err(AppError::not_found());
            }
        } else {
            staff_of(actor, &READ_ROLES, company_id)?;
        }
        if !repos.company_exists(company_id)? {
            return Err(AppError::not_found());
        }
        Ok(())
    }

    /// The scope of a shipping-company route: its Transportadora users, and staff of the
    /// company it belongs to.
    fn shipping_scope(
        &self,
        repos: &mut dyn Repos,
        actor: &Actor,
        shipping_company_id: i64,
    ) -> AppResult<QueueScope> {
        if actor.is_driver() {
            return Err(forbidden());
        }
        let owner = repos.shipping_company_owner(shipping_company_id)?;
        match actor.staff_role() {
            Some(Role::Transportadora) => {
                if actor.shipping_company_id != Some(shipping_company_id) {
                    return Err(AppError::not_found());
                }
            }
            _ => {
                let company = owner.ok_or_else(AppError::not_found)?;
                staff_of(actor, &READ_ROLES, company)?;
            }
        }
        let company_id = owner.ok_or_else(AppError::not_found)?;
        Ok(QueueScope::ShippingCompany {
            company_id,
            shipping_company_id,
        })
    }

    fn days(days_limit: Option<i64>) -> i64 {
        days_limit
            .unwrap_or(DEFAULT_DAYS_LIMIT)
            .clamp(1, MAX_DAYS_LIMIT)
    }

    fn grouped(
        &self,
        repos: &mut dyn Repos,
        scope: QueueScope,
        company_id: i64,
        days: i64,
        phone: bool,
    ) -> AppResult<Vec<QueueDayView>> {
        let now = self.deps.clock.now();
        let settings = settings_of(repos, company_id)?;
        let rows = repos.waiting_rows_by_day(scope, days)?;
        let forecast = self.forecasts.company(repos, company_id, now)?;
        Ok(group_by_day(
            rows.into_iter()
                .map(|r| row_view(r, &settings, now, phone, Some(&forecast)))
                .collect(),
        ))
    }

    /// `GET /queue/company/{id}`: waiting entries grouped by day.
    pub fn company_queue(
        &self,
        actor: &Actor,
        company_id: i64,
        days_limit: Option<i64>,
    ) -> AppResult<Vec<QueueDayView>> {
        let (role, mut days) = self.deps.store.company_replica_reads(company_id, |repos| {
            let role = self.company_reader(repos, actor, company_id)?;
            let days = self.grouped(
                repos,
                QueueScope::Company(company_id),
                company_id,
                Self::days(days_limit),
                sees_phone(actor),
            )?;
            Ok((role, days))
        })?;
        if !sees_tonnes(role) {
            days.iter_mut()
                .flat_map(|d| d.queue.iter_mut())
                .for_each(QueueRowView::hide_tonnes);
        }
        Ok(days)
    }

    /// `GET /queue/shipping-company/{id}`: the shipping company's vehicles, grouped by day.
    pub fn shipping_queue(
        &self,
        actor: &Actor,
        shipping_company_id: i64,
        days_limit: Option<i64>,
    ) -> AppResult<Vec<QueueDayView>> {
        self.deps.store.replica_reads(|repos| {
            let scope = self.shipping_scope(repos, actor, shipping_company_id)?;
            let QueueScope::ShippingCompany { company_id, .. } = scope else {
                return Err(AppError::not_found());
            };
            self.grouped(
                repos,
                scope,
                company_id,
                Self::days(days_limit),
                sees_phone(actor),
            )
        })
    }

    fn active(
        &self,
        repos: &mut dyn Repos,
        scope: QueueScope,
        company_id: i64,
        phone: bool,
    ) -> AppResult<Vec<QueueRowView>> {
        let now = self.deps.clock.now();
        let settings = settings_of(repos, company_id)?;
        let forecast = self.forecasts.company(repos, company_id, now)?;
        Ok(repos
            .active_rows(scope)?
            .into_iter()
            .map(|r| row_view(r, &settings, now, phone, Some(&forecast)))
            .collect())
    }

    /// `GET /queue/shipping-company/{id}/positions`: where the shipping company's vehicles
    /// stand, in queue order (its Transportadora users; staff of its company).
    pub fn shipping_positions(
        &self,
        actor: &Actor,
        shipping_company_id: i64,
    ) -> AppResult<Vec<ShippingPositionView>> {
        self.deps.store.replica_reads(|repos| {
            let scope = self.shipping_scope(repos, actor, shipping_company_id)?;
            let QueueScope::ShippingCompany { company_id, .. } = scope else {
                return Err(AppError::not_found());
            };
            Ok(self
                .active(repos, scope, company_id, false)?
                .into_iter()
                .map(|r| ShippingPositionView {
                    queue_id: r.id,
                    driver_id: r.driver.id,
                    driver_name: r.driver_name,
                    license_plate: r.license_plate,
                    position: r.position,
                    date: r.date,
                    time: r.time,
                    is_active: r.is_active,
                })
                .collect())
        })
    }

    /// `GET /queue/companys`: each company the caller reads with its queue's figures of the
    /// operating day (an Administrador: every active company; a Usuario: its own).
    pub fn companies(&self, actor: &Actor) -> AppResult<Vec<CompanyQueueView>> {
        let role = actor.staff_role().ok_or_else(forbidden)?;
        if !matches!(role, Role::Administrador | Role::Usuario) {
            return Err(forbidden());
        }
        let now = self.deps.clock.now();
        self.deps.store.replica_reads(|repos| {
            let companies = repos
                .public_companies()?
                .into_iter()
                .filter(|c| role == Role::Administrador || actor.company_id == Some(c.id));
            let mut out = Vec::new();
            for c in companies {
                let settings = settings_of(repos, c.id)?;
                let today = settings.operating_day(now);
                let (start, end) = day_bounds(&settings, today);
                let t = repos.queue_totals(c.id, start, end, today)?;
                out.push(CompanyQueueView {
                    company_id: c.id,
                    name: c.name,
                    totals: t.totals,
                    totals_today: t.totals_today,
                    attended: t.attended,
                    missing: t.missing,
                    dropouts: t.dropouts,
                });
            }
            Ok(out)
        })
    }

    /// `GET /queue/active/company/{id}`: entries in loading, then waiting in queue order.
    pub fn active_company(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<QueueRowView>> {
        let (role, mut rows) = self.deps.store.company_replica_reads(company_id, |repos| {
            let role = self.company_reader(repos, actor, company_id)?;
            let rows = self.active(
                repos,
                QueueScope::Company(company_id),
                company_id,
                sees_phone(actor),
            )?;
            Ok((role, rows))
        })?;
        if !sees_tonnes(role) {
            rows.iter_mut().for_each(QueueRowView::hide_tonnes);
        }
        Ok(rows)
    }

    /// `GET /queue/active/shipping-company/{id}`.
    pub fn active_shipping(
        &self,
        actor: &Actor,
        shipping_company_id: i64,
    ) -> AppResult<Vec<QueueRowView>> {
        self.deps.store.replica_reads(|repos| {
            let scope = self.shipping_scope(repos, actor, shipping_company_id)?;
            let QueueScope::ShippingCompany { company_id, .. } = scope else {
                return Err(AppError::not_found());
            };
            self.active(repos, scope, company_id, sees_phone(actor))
        })
    }

    /// `GET /queue/active/{companyId}`: the panel rows (position, plate, time), for the
    /// company's staff and drivers.
    pub fn panel(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<PanelRowView>> {
        self.deps.store.company_replica_reads(company_id, |repos| {
            self.company_member(repos, actor, company_id)?;
            let me = actor.is_driver().then_some(actor.id);
            panel_rows(
                repos,
                company_id,
                me,
                &self.forecasts,
                self.deps.clock.now(),
            )
        })
    }

    /// `GET /public/panel?host=`: the public expedition panel of the company that serves the
    /// host (no sign-in): its name and logo and the panel rows, which carry no names.
    pub fn public_panel(&self, host: &str) -> AppResult<PublicPanelView> {
        let host = normalize_host(host);
        // The company first: the rows are read as its events require.
        let company = self.deps.store.replica_reads(|repos| {
            repos
                .company_by_host(&host)?
                .filter(|c| c.status)
                .ok_or_else(AppError::not_found)
        })?;
        self.deps.store.company_replica_reads(company.id, |repos| {
            let company = company.clone();
            let time_zone = settings_of(repos, company.id)?.time_zone.name().to_owned();
            Ok(PublicPanelView {
                rows: panel_rows(
                    repos,
                    company.id,
                    None,
                    &self.forecasts,
                    self.deps.clock.now(),
                )?,
                company: PublicPanelCompany {
                    id: company.id,
                    name: company.name,
                    logo: company.logo,
                    time_zone,
                },
                now: self.deps.clock.now(),
            })
        })
    }

    /// `GET /queue/totals/company/{id}`: the expedition's cards for the operating day.
    pub fn totals(&self, actor: &Actor, company_id: i64) -> AppResult<TotalsView> {
        let now = self.deps.clock.now();
        self.deps.store.company_replica_reads(company_id, |repos| {
            let role = self.company_reader(repos, actor, company_id)?;
            let settings = settings_of(repos, company_id)?;
            let today = settings.operating_day(now);
            let (start, end) = day_bounds(&settings, today);
            let t = repos.queue_totals(company_id, start, end, today)?;
            let hide = !sees_tonnes(role);
            let predicted_end_at = self
                .forecasts
                .company(repos, company_id, now)?
                .today_ends_at
                .map(|end| end.max(now));
            Ok(TotalsView {
                totals: t.totals,
                totals_today: t.totals_today,
                attended: (!hide).then_some(t.attended),
                missing: t.missing,
                total_transported_today: (!hide).then_some(t.total_transported_today),
                dropouts: t.dropouts,
                predicted_end_at,
            })
        })
    }

    /// `GET /queue/next-date/{companyId}`: where the next join would land, as stored with the
    /// last plan.
    pub fn next_date(&self, actor: &Actor, company_id: i64) -> AppResult<NextDateView> {
        self.deps.store.company_replica_reads(company_id, |repos| {
            self.company_member(repos, actor, company_id)?;
            let settings = settings_of(repos, company_id)?;
            let n = repos.next_date(company_id)?;
            Ok(NextDateView {
                company_id,
                date: n.next_date,
                label: n.next_date.map(br_date),
                forecast: n.next_forecast_at,
                time: n.next_forecast_at.map(|f| local_time(&settings, f)),
                planned_at: n.planned_at,
            })
        })
    }

    /// `GET /queue/{id}`.
    pub fn entry(&self, actor: &Actor, id: i64) -> AppResult<QueueRowView> {
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            let row = repos.queue_row(id)?;
            if actor.is_driver() {
                let row = row
                    .filter(|r| r.driver_id == actor.id)
                    .ok_or_else(AppError::not_found)?;
                let settings = settings_of(repos, row.company_id)?;
                let forecast = self.forecasts.company(repos, row.company_id, now)?;
                return Ok(row_view(row, &settings, now, false, Some(&forecast)));
            }
            let role = actor.staff_role().ok_or_else(forbidden)?;
            if !READ_ROLES.contains(&role) {
                return Err(forbidden());
            }
            let row = row.ok_or_else(AppError::not_found)?;
            staff_of(actor, &READ_ROLES, row.company_id)?;
            let settings = settings_of(repos, row.company_id)?;
            let forecast = self.forecasts.company(repos, row.company_id, now)?;
            Ok(row_view(
                row,
                &settings,
                now,
                sees_phone(actor),
                Some(&forecast),
            ))
        })
    }

    /// Who may read a driver's entry: the driver, or staff of the driver's company.
    fn driver_reader(
        &self,
        repos: &mut dyn Repos,
        actor: &Actor,
        driver_id: i64,
        entry_company: Option<i64>,
    ) -> AppResult<()> {
        position_access(actor, driver_id)?;
        if actor.is_driver() {
            return Ok(());
        }
        let company = match entry_company {
            Some(c) => c,
            None => repos
                .driver_company(driver_id)?
                .ok_or_else(AppError::not_found)?,
        };
        staff_of(actor, &READ_ROLES, company).map(|_| ())
    }

    /// `GET /queue/position/driver/{driverId}`: one indexed query for the driver's newest
    /// entry; the access check reads nothing more when the driver asks for itself.
    pub fn driver_position(&self, actor: &Actor, driver_id: i64) -> AppResult<DriverPositionView> {
        position_access(actor, driver_id)?;
        let now = self.deps.clock.now();
        let rec = match &self.positions {
            Some(reader) => reader.driver_position(driver_id)?,
            None => self
                .deps
                .store
                .tx(|repos| repos.driver_position(driver_id))?,
        };
        if !actor.is_driver() {
            // Staff of the entry's company pass at once; otherwise (no entry, another
            // company) the driver's company decides between an empty answer and 404.
            let company = rec.as_ref().map(|r| r.company_id);
            if company.is_none_or(|c| staff_of(actor, &READ_ROLES, c).is_err()) {
                self.deps
                    .store
                    .tx(|repos| self.driver_reader(repos, actor, driver_id, company))?;
            }
        }
        let predicted = match rec.as_ref().filter(|r| r.status == "waiting") {
            Some(r) => match self.forecasts.kept_call(r.company_id, r.id, now) {
                Some(call) => call,
                None => self
                    .deps
                    .store
                    .tx(|repos| self.forecasts.company(repos, r.company_id, now))?
                    .of(r.id, now),
            },
            None => None,
        };
        Ok(position_view(rec, now, predicted))
    }

    /// The same answer as [`Self::driver_position`] when it needs no I/O: a refusal decided
    /// by the token alone, or a remembered position the actor may see. `None`: call
    /// `driver_position` off the async threads.
    pub fn driver_position_at_once(
        &self,
        actor: &Actor,
        driver_id: i64,
    ) -> Option<AppResult<DriverPositionView>> {
        if let Err(refused) = position_access(actor, driver_id) {
            return Some(Err(refused));
        }
        let rec = self.positions.as_ref()?.remembered(driver_id)?;
        if !actor.is_driver() {
            let company = rec.as_ref().map(|r| r.company_id)?;
            staff_of(actor, &READ_ROLES, company).ok()?;
        }
        let now = self.deps.clock.now();
        // The prediction too must be at hand, or the read goes off the async threads.
        let predicted = match rec.as_ref().filter(|r| r.status == "waiting") {
            Some(r) => self.forecasts.kept_call(r.company_id, r.id, now)?,
            None => None,
        };
        Some(Ok(position_view(rec, now, predicted)))
    }

    /// `GET /api/ws`: the company room a socket joins. Drivers and staff join their own
    /// company's; an administrator names one (`companyId`), which must exist.
    pub fn event_room(&self, actor: &Actor, requested: Option<i64>) -> AppResult<i64> {
        let Some(company) = requested.or(actor.company_id) else {
            // An administrator of every company hears every company (/recuperar, dashboards).
            if actor.staff_role() == Some(Role::Administrador) {
                return Ok(crate::queue::ports::EVERY_COMPANY_ROOM);
            }
            return Err(AppError::field("companyId", "Informe a empresa."));
        };
        if actor.staff_role() == Some(Role::Administrador) {
            if self.deps.store.tx(|repos| repos.company_exists(company))? {
                return Ok(company);
            }
            return Err(AppError::not_found());
        }
        if actor.company_id == Some(company) {
            Ok(company)
        } else {
            Err(AppError::not_found())
        }
    }

    /// `GET /queue/hasDriver/{driverId}`.
    pub fn has_driver(&self, actor: &Actor, driver_id: i64) -> AppResult<HasDriverView> {
        self.deps.store.tx(|repos| {
            let rec = repos.driver_position(driver_id)?;
            self.driver_reader(repos, actor, driver_id, rec.as_ref().map(|r| r.company_id))?;
            let active = rec.filter(|r| r.status == "waiting" || r.status == "loading");
            Ok(HasDriverView {
                has_driver: active.is_some(),
                queue_id: active.map(|r| r.id),
            })
        })
    }

    /// `GET /queue/driver/positions?ids=1,2`: the active entries of these drivers that the
    /// caller may see (a driver only itself).
    pub fn driver_positions(
        &self,
        actor: &Actor,
        ids: &[i64],
    ) -> AppResult<Vec<DriverPositionItem>> {
        if ids.len() > MAX_POSITION_IDS {
            return Err(AppError::field("ids", "Informe no máximo 500 motoristas."));
        }
        let ids: Vec<i64> = if actor.is_driver() {
            ids.iter().copied().filter(|&i| i == actor.id).collect()
        } else {
            let role = actor.staff_role().ok_or_else(forbidden)?;
            if !READ_ROLES.contains(&role) {
                return Err(forbidden());
            }
            ids.to_vec()
        };
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        self.deps.store.tx(|repos| {
            Ok(repos
                .driver_active_positions(&ids)?
                .into_iter()
                .filter(|p: &DriverActivePosition| {
                    actor.is_driver() || actor.can_see_company(p.company_id)
                })
                .map(|p| DriverPositionItem {
                    id: p.driver_id,
                    queue_id: p.queue_id,
                    position: p.position,
                    truck_id: p.truck_id,
                })
                .collect())
        })
    }

    /// `GET /queue/delayStatus/company/{id}`: the running delay, or `null`.
    pub fn delay_status(
        &self,
        actor: &Actor,
        company_id: i64,
    ) -> AppResult<Option<DelayStatusView>> {
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            self.company_member(repos, actor, company_id)?;
            Ok(repos
                .delay_status(company_id)?
                .and_then(|d| delay_view(d, now)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_left_for_a_loading_is_its_items_less_the_others_never_negative() {
        assert_eq!(order_left(Some(40.0), Some(25.5)), Some(14.5));
        assert_eq!(order_left(Some(40.0), Some(41.0)), Some(0.0));
        assert_eq!(order_left(None, None), None);
    }

    #[test]
    fn days_limit_defaults_to_five_and_is_bounded() {
        assert_eq!(QueueReadService::days(None), 5);
        assert_eq!(QueueReadService::days(Some(0)), 1);
        assert_eq!(QueueReadService::days(Some(1000)), MAX_DAYS_LIMIT);
    }
}
