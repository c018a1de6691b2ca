//! Blocked dates ('Bloqueios', spec 3 sections 3 and 5): read by the company's staff, written
//! by root administrators. The queue calendar skips every listed day (DESIGN section 4.1).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::auth::Actor;
use patio_domain::roles::SessionKind;
use patio_domain::settings::access::SettingsAction;
use patio_domain::settings::holidays::check_holiday;
use patio_domain::text::{br_date, escape_html};
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ports::StoreExt;
use crate::services::Deps;
use crate::services::{invalid, Audit};
use crate::settings::ports::{HolidayRecord, HolidayWrite};
use crate::settings::{allow, allow_role, existing_company, IdRef};
use patio_domain::admin::audit::{ObjectType, Operation};

/// A blocked-dates entry; `dates` are `YYYY-MM-DD`, sorted.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HolidayView {
    pub id: i64,
    pub title: String,
    pub dates: Vec<String>,
    pub company: IdRef,
    pub created_at: DateTime<Utc>,
}

impl From<HolidayRecord> for HolidayView {
    fn from(h: HolidayRecord) -> Self {
        Self {
            id: h.id,
            title: h.title,
            dates: h.dates.iter().map(|d| d.to_string()).collect(),
            company: IdRef { id: h.company_id },
            created_at: h.created_at,
        }
    }
}

pub struct SaveHoliday {
    /// `None` adds an entry.
    pub id: Option<i64>,
    pub company_id: i64,
    pub title: String,
    pub dates: Vec<String>,
    pub ip: Option<String>,
}

/// Whether the save added the entry, and the entry as stored.
#[derive(Debug, Clone)]
pub struct SavedHoliday {
    pub created: bool,
    pub view: HolidayView,
}

#[derive(Clone)]
pub struct HolidayService {
    deps: Arc<Deps>,
}

fn range_text(h: &HolidayWrite) -> String {
    match (h.dates.first(), h.dates.last()) {
        (Some(a), Some(b)) if a != b => format!("{} a {}", br_date(*a), br_date(*b)),
        (Some(a), _) => br_date(*a),
        _ => String::new(),
    }
}

impl HolidayService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `GET /holidays/company/{companyId}`.
    pub fn of_company(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<HolidayView>> {
        allow(actor, SettingsAction::ReadHolidays, company_id)?;
        self.deps.store.tx(|repos| {
            existing_company(repos, company_id)?;
            Ok(repos
                .holidays_of_company(company_id)?
                .into_iter()
                .map(HolidayView::from)
                .collect())
        })
    }

    /// `GET /holidays`: administrators get every company's; other staff their company's.
    pub fn all(&self, actor: &Actor) -> AppResult<Vec<HolidayView>> {
        allow_role(actor, SettingsAction::ReadHolidays)?;
        if actor.is_admin() {
            return self.deps.store.tx(|repos| {
                Ok(repos
                    .all_holidays()?
                    .into_iter()
                    .map(HolidayView::from)
                    .collect())
            });
        }
        match actor.company_id {
            Some(id) if actor.kind == SessionKind::Staff => self.of_company(actor, id),
            _ => Ok(Vec::new()),
        }
    }

    /// `POST /holidays/save`: root administrators.
    pub fn save(&self, actor: &Actor, cmd: SaveHoliday) -> AppResult<SavedHoliday> {
        allow(actor, SettingsAction::ManageSettings, cmd.company_id)?;
        let valid = check_holiday(&cmd.title, &cmd.dates).map_err(invalid)?;
        let write = HolidayWrite {
            title: valid.title,
            dates: valid.dates,
        };
        self.deps.store.tx(|repos| {
            let company = existing_company(repos, cmd.company_id)?;
            repos.lock_queue_for_settings(cmd.company_id)?;
            let id = match cmd.id {
                Some(id) => {
                    repos
                        .holiday_by_id(id)?
                        .filter(|h| h.company_id == cmd.company_id)
                        .ok_or_else(AppError::not_found)?;
                    repos.update_holiday(id, &write)?;
                    id
                }
                None => repos.insert_holiday(cmd.company_id, &write)?,
            };
            Audit::by(actor, cmd.ip.as_deref()).write(
                repos,
                Operation::saving(cmd.id.is_some()),
                ObjectType::Holiday,
                cmd.company_id,
                format!(
                    "Bloqueio de datas <b>{}</b> salvo na empresa <b>{}</b>",
                    escape_html(&write.title),
                    escape_html(&company.name)
                ),
                vec![
                    ("Datas", range_text(&write)),
                    ("Dias", write.dates.len().to_string()),
                ],
            )?;
            let stored = repos.holiday_by_id(id)?.ok_or_else(AppError::not_found)?;
            // A blocked date closes days the plan may be using.
            crate::queue::replan_in_tx(repos, cmd.company_id, self.deps.clock.now())?;
            Ok(SavedHoliday {
                created: cmd.id.is_none(),
                view: HolidayView::from(stored),
            })
        })
    }

    /// `DELETE /holidays/delete/{id}`: root administrators.
    pub fn delete(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<()> {
        allow_role(actor, SettingsAction::ManageSettings)?;
        self.deps.store.tx(|repos| {
            let holiday = repos.holiday_by_id(id)?.ok_or_else(AppError::not_found)?;
            allow(actor, SettingsAction::ManageSettings, holiday.company_id)?;
            repos.lock_queue_for_settings(holiday.company_id)?;
            repos.delete_holiday_by_id(id)?;
            let write = HolidayWrite {
                title: holiday.title.clone(),
                dates: holiday.dates.clone(),
            };
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Delete,
                ObjectType::Holiday,
                holiday.company_id,
                format!(
                    "Bloqueio de datas <b>{}</b> excluído",
                    escape_html(&holiday.title)
                ),
                vec![("Datas", range_text(&write))],
            )?;
            crate::queue::replan_in_tx(repos, holiday.company_id, self.deps.clock.now())?;
            Ok(())
        })
    }
}
