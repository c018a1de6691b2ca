//! The day's attendance (spec 3 section 4: not started -> started -> ended). Ending it moves
//! today's waiting entries, in order, to the front of the next attendance day (DESIGN 4.8):
//! the engine's `end_of_day` pins are stored on the entries (`planned_day`).

use std::sync::Arc;

use chrono::NaiveDate;
use patio_domain::auth::Actor;
use patio_domain::queue::{end_of_day, AttendanceToday};
use patio_domain::text::br_date;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ports::StoreExt;
use crate::queue::ports::DomainEvent;
use crate::queue::{staff_of, store_plan, Loaded, OPERATE_ROLES};
use crate::services::{Audit, Deps};
use patio_domain::admin::audit::{ObjectType, Operation};

pub const ALREADY_ENDED_MESSAGE: &str = "O atendimento já foi encerrado.";

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceView {
    pub id: i64,
    /// `true` while open.
    pub status: bool,
    pub day: NaiveDate,
    pub company_id: i64,
    /// Waiting entries moved to the next attendance day (end of attendance).
    pub moved: usize,
    /// The day they moved to.
    pub moved_to: Option<NaiveDate>,
}

#[derive(Clone)]
pub struct AttendanceService {
    deps: Arc<Deps>,
}

impl AttendanceService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `POST /attendances/save`: opens today's attendance (again, when it was ended).
    /// Answers the open attendance when it is already open.
    pub fn start(
        &self,
        actor: &Actor,
        company_id: i64,
        ip: Option<String>,
    ) -> AppResult<(bool, AttendanceView)> {
        staff_of(actor, &OPERATE_ROLES, company_id)?;
        let now = self.deps.clock.now();
        let out = self.deps.store.tx(|repos| {
            if !repos.company_exists(company_id)? {
                return Err(AppError::not_found());
            }
            let mut loaded = Loaded::lock(repos, company_id, now)?;
            let today = loaded.today;
            if let Some(a) = repos.attendance_of_day(company_id, today)? {
                if a.status {
                    return Ok((
                        false,
                        AttendanceView {
                            id: a.id,
                            status: true,
                            day: today,
                            company_id,
                            moved: 0,
                            moved_to: None,
                        },
                    ));
                }
            }
            let id = repos.open_attendance(company_id, today, actor.id, now)?;
            loaded.attendance = AttendanceToday::Started;
            store_plan(repos, &loaded)?;
            Audit {
                user: Some(actor.id),
                ip: ip.as_deref(),
            }
            .write(
                repos,
                Operation::StartAttendance,
                ObjectType::Attendance,
                company_id,
                format!("Atendimento de {} iniciado", br_date(today)),
                vec![("Dia", br_date(today))],
            )?;
            Ok((
                true,
                AttendanceView {
                    id,
                    status: true,
                    day: today,
                    company_id,
                    moved: 0,
                    moved_to: None,
                },
            ))
        })?;
        if out.0 {
            self.deps
                .events
                .publish(&DomainEvent::queue_changed(company_id));
        }
        Ok(out)
    }

    /// `PUT /attendances/update`: ends an attendance. When it is today's, today's waiting
    /// entries are pinned to the next attendance day.
    pub fn end(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<AttendanceView> {
        let now = self.deps.clock.now();
        let attendance = self
            .deps
            .store
            .tx(|repos| repos.attendance_by_id(id))?
            .ok_or_else(AppError::not_found)?;
        let company_id = attendance.company_id;
        staff_of(actor, &OPERATE_ROLES, company_id)?;
        let view = self.deps.store.tx(|repos| {
            let mut loaded = Loaded::lock(repos, company_id, now)?;
            let current = repos
                .attendance_by_id(id)?
                .ok_or_else(AppError::not_found)?;
            if !current.status {
                return Err(AppError::Conflict(ALREADY_ENDED_MESSAGE.to_owned()));
            }
            let pins = if current.day == loaded.today {
                loaded.attendance = AttendanceToday::Started;
                loaded.with_input(end_of_day)
            } else {
                Vec::new()
            };
            let pairs: Vec<(i64, NaiveDate)> = pins.iter().map(|p| (p.id.0, p.day)).collect();
            repos.pin_entries(&pairs)?;
            // A vehicle moved to another day is no longer in today's yard: its check-in ends
            // (it checks in again on its day), so the Pátio card and its row stop counting it.
            let moved: Vec<i64> = pins.iter().map(|p| p.id.0).collect();
            repos.end_checkins_of(&moved, now)?;
            for e in loaded.entries.iter_mut() {
                if let Some(p) = pins.iter().find(|p| p.id.0 == e.id) {
                    e.planned_day = Some(p.day);
                }
            }
            repos.close_attendance(id, actor.id, now)?;
            if current.day == loaded.today {
                loaded.attendance = AttendanceToday::Ended;
            }
            store_plan(repos, &loaded)?;
            let moved_to = pins.first().map(|p| p.day);
            Audit {
                user: Some(actor.id),
                ip: ip.as_deref(),
            }
            .write(
                repos,
                Operation::EndAttendance,
                ObjectType::Attendance,
                company_id,
                format!(
                    "Atendimento de {} encerrado; {} veículo(s) movido(s) para {}",
                    br_date(current.day),
                    pins.len(),
                    moved_to.map(br_date).unwrap_or_else(|| "-".to_owned())
                ),
                vec![
                    ("Dia", br_date(current.day)),
                    ("Movidos", pins.len().to_string()),
                ],
            )?;
            Ok(AttendanceView {
                id,
                status: false,
                day: current.day,
                company_id,
                moved: pins.len(),
                moved_to,
            })
        })?;
        self.deps
            .events
            .publish(&DomainEvent::queue_changed(company_id));
        Ok(view)
    }
}
