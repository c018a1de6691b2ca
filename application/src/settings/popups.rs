//! Pop-ups for drivers (spec 3 "Popup management"): managed by administrators and the company's
//! Usuario; the showing ones read by the company's drivers, who record each read (a
//! `popup_reads` row and a READ_POPUP driver log).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::auth::Actor;
use patio_domain::driver_log::DriverLogType;
use patio_domain::roles::SessionKind;
use patio_domain::settings::access::SettingsAction;
use patio_domain::settings::images::check_image;
use patio_domain::settings::popups::{check_popup, is_showing, PopupForm};
use patio_domain::text::escape_html;
use patio_domain::FieldIssue;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::model::{DriverLogPayload, LogPopup};
use crate::ports::StoreExt;
use crate::services::Deps;
use crate::services::{invalid, Audit, DriverLog};
use crate::settings::ports::{PopupRecord, PopupWrite};
use crate::settings::use_terms::sanitize_rich_text;
use crate::settings::{allow, allow_role, company_zone, existing_company, yes_no, IdRef};
use patio_domain::admin::audit::{ObjectType, Operation};

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PopupView {
    pub id: i64,
    pub start_at: Option<DateTime<Utc>>,
    pub end_at: Option<DateTime<Utc>>,
    pub active: bool,
    pub title: String,
    pub label: Option<String>,
    #[serde(rename = "imageUrl")]
    pub image_url: Option<String>,
    /// Sanitised HTML.
    pub content: Option<String>,
    pub company: IdRef,
    pub views: i64,
    #[serde(rename = "viewsUnique")]
    pub views_unique: i64,
    #[serde(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    #[serde(rename = "updatedAt")]
    pub updated_at: DateTime<Utc>,
}

impl From<PopupRecord> for PopupView {
    fn from(p: PopupRecord) -> Self {
        Self {
            id: p.id,
            start_at: p.start_at,
            end_at: p.end_at,
            active: p.active,
            title: p.title,
            label: p.label,
            image_url: p.image_url,
            content: p.content,
            company: IdRef { id: p.company_id },
            views: p.views,
            views_unique: p.views_unique,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ViewCount {
    pub id: i64,
    pub views: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct UsersCount {
    pub id: i64,
    #[serde(rename = "viewsUnique")]
    pub views_unique: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadView {
    pub id: i64,
    pub driver: IdRef,
    pub read_at: DateTime<Utc>,
}

/// Whether the save created the pop-up, and the pop-up as stored.
#[derive(Debug, Clone)]
pub struct SavedPopup {
    pub created: bool,
    pub view: PopupView,
}

pub struct SavePopup {
    /// `None` creates.
    pub id: Option<i64>,
    pub company_id: i64,
    pub start_at: Option<String>,
    pub end_at: Option<String>,
    pub active: bool,
    pub title: String,
    pub label: Option<String>,
    /// `None`: keep the stored image (a new pop-up has none); `Some("")` removes it.
    pub image_url: Option<String>,
    /// As typed; sanitised before it is stored.
    pub content: Option<String>,
    pub ip: Option<String>,
}

pub struct ReadPopup {
    pub popup_id: i64,
    pub driver_id: i64,
    pub company_id: Option<i64>,
}

#[derive(Clone)]
pub struct PopupService {
    deps: Arc<Deps>,
}

impl PopupService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// The pop-up, for someone who manages its company's pop-ups (403 / 404 otherwise).
    fn managed(&self, actor: &Actor, id: i64) -> AppResult<PopupRecord> {
        allow_role(actor, SettingsAction::ManageContent)?;
        let popup = self
            .deps
            .store
            .tx(|repos| repos.popup_by_id(id)?.ok_or_else(AppError::not_found))?;
        allow(actor, SettingsAction::ManageContent, popup.company_id)?;
        Ok(popup)
    }

    /// `GET /popups/company/{companyId}`: every pop-up with its counts.
    pub fn of_company(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<PopupView>> {
        allow(actor, SettingsAction::ManageContent, company_id)?;
        self.deps.store.tx(|repos| {
            existing_company(repos, company_id)?;
            Ok(repos
                .popups_of_company(company_id)?
                .into_iter()
                .map(PopupView::from)
                .collect())
        })
    }

    /// `GET /popups/company/active/{companyId}`: active and within their period now; the
    /// company's drivers and staff.
    pub fn showing(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<PopupView>> {
        allow(actor, SettingsAction::ReadShowingPopups, company_id)?;
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            existing_company(repos, company_id)?;
            Ok(repos
                .active_popups_of_company(company_id)?
                .into_iter()
                .filter(|p| is_showing(p.active, p.start_at, p.end_at, now))
                .map(PopupView::from)
                .collect())
        })
    }

    /// `GET /popups/view-count/{id}`: reads recorded.
    pub fn view_count(&self, actor: &Actor, id: i64) -> AppResult<ViewCount> {
        let p = self.managed(actor, id)?;
        Ok(ViewCount {
            id: p.id,
            views: p.views,
        })
    }

    /// `GET /popups/users-count/{id}`: distinct drivers who read it.
    pub fn users_count(&self, actor: &Actor, id: i64) -> AppResult<UsersCount> {
        let p = self.managed(actor, id)?;
        Ok(UsersCount {
            id: p.id,
            views_unique: p.views_unique,
        })
    }

    /// `POST /popups/save`.
    pub fn save(&self, actor: &Actor, cmd: SavePopup) -> AppResult<SavedPopup> {
        allow(actor, SettingsAction::ManageContent, cmd.company_id)?;
        let company_id = cmd.company_id;
        let content = cmd
            .content
            .as_deref()
            .map(sanitize_rich_text)
            .filter(|c| !c.trim().is_empty());
        self.deps.store.tx(|repos| {
            let company = existing_company(repos, company_id)?;
            let before = match cmd.id {
                Some(id) => Some(
                    repos
                        .popup_by_id(id)?
                        .filter(|p| p.company_id == company_id)
                        .ok_or_else(AppError::not_found)?,
                ),
                None => None,
            };
            let zone = company_zone(repos, company_id)?;
            let image_url = match &cmd.image_url {
                Some(url) => Some(url.clone()),
                None => before.as_ref().and_then(|p| p.image_url.clone()),
            };
            let valid = check_popup(
                &PopupForm {
                    title: cmd.title.clone(),
                    label: cmd.label.clone(),
                    start_at: cmd.start_at.clone(),
                    end_at: cmd.end_at.clone(),
                    image_url,
                },
                zone,
            )
            .map_err(invalid)?;
            let write = PopupWrite {
                start_at: valid.start_at,
                end_at: valid.end_at,
                active: cmd.active,
                title: valid.title,
                label: valid.label,
                image_url: valid.image_url,
                content: content.clone(),
            };
            let id = match &before {
                Some(p) => {
                    repos.update_popup(p.id, &write)?;
                    p.id
                }
                None => repos.insert_popup(company_id, &write)?,
            };
            Audit::by(actor, cmd.ip.as_deref()).write(
                repos,
                Operation::saving(before.is_some()),
                ObjectType::Popup,
                company_id,
                format!(
                    "Pop-up <b>{}</b> salvo na empresa <b>{}</b>",
                    escape_html(&write.title),
                    escape_html(&company.name)
                ),
                vec![("Ativo", yes_no(write.active))],
            )?;
            let stored = repos.popup_by_id(id)?.ok_or_else(AppError::not_found)?;
            Ok(SavedPopup {
                created: before.is_none(),
                view: PopupView::from(stored),
            })
        })
    }

    /// `POST /popups/upload`: the pop-up's image (PNG or JPEG by content, at most 2 MB). The
    /// previous uploaded image is removed after commit.
    pub fn upload_image(
        &self,
        actor: &Actor,
        id: i64,
        bytes: &[u8],
        ip: Option<String>,
    ) -> AppResult<PopupView> {
        let popup = self.managed(actor, id)?;
        let kind =
            check_image(bytes).map_err(|r| invalid(vec![FieldIssue::new("image", r.message())]))?;
        let path = self.deps.files.save("popups", kind.extension(), bytes)?;
        let outcome = self.deps.store.tx(|repos| {
            let previous = repos.write_popup_image(id, &path)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Update,
                ObjectType::Popup,
                popup.company_id,
                format!(
                    "Imagem do pop-up <b>{}</b> enviada",
                    escape_html(&popup.title)
                ),
                vec![("Arquivo", path.clone())],
            )?;
            let stored = repos.popup_by_id(id)?.ok_or_else(AppError::not_found)?;
            Ok((previous, stored))
        });
        match outcome {
            Ok((previous, stored)) => {
                if let Some(old) = previous.filter(|p| *p != path) {
                    self.remove_uploaded(&old);
                }
                Ok(PopupView::from(stored))
            }
            Err(e) => {
                self.remove_uploaded(&path);
                Err(e)
            }
        }
    }

    /// Removes a file of the store; addresses that are not uploads are left alone.
    fn remove_uploaded(&self, path: &str) {
        if !path.starts_with(patio_domain::settings::popups::UPLOADS_PREFIX) {
            return;
        }
        if let Err(e) = self.deps.files.remove(path) {
            tracing::warn!(%path, error = %e, "could not remove an uploaded file");
        }
    }

    /// `POST /popups/read`: the signed-in driver read a pop-up of their company.
    pub fn read(&self, actor: &Actor, cmd: ReadPopup) -> AppResult<ReadView> {
        if actor.kind != SessionKind::Driver || cmd.driver_id != actor.id {
            return Err(AppError::not_found());
        }
        let company_id = actor.company_id.ok_or_else(AppError::not_found)?;
        if cmd.company_id.is_some_and(|c| c != company_id) {
            return Err(AppError::not_found());
        }
        let now = self.deps.clock.now();
        self.deps.store.tx(|repos| {
            let popup = repos
                .popup_by_id(cmd.popup_id)?
                .filter(|p| p.company_id == company_id)
                .ok_or_else(AppError::not_found)?;
            repos.insert_popup_read(popup.id, actor.id, now)?;
            let popup_ref = LogPopup {
                id: popup.id,
                title: popup.title.clone(),
                label: popup.label.clone(),
            };
            DriverLog::of(actor.id, company_id).write(
                repos,
                DriverLogType::ReadPopup,
                DriverLogPayload {
                    popup: Some(popup_ref),
                    ..DriverLogPayload::at_company(company_id)
                },
            )?;
            Ok(ReadView {
                id: popup.id,
                driver: IdRef { id: actor.id },
                read_at: now,
            })
        })
    }

    /// `DELETE /popups/delete/{id}`: its reads go with it; its uploaded image is removed after
    /// commit.
    pub fn delete(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<()> {
        let popup = self.managed(actor, id)?;
        self.deps.store.tx(|repos| {
            repos.delete_popup_by_id(id)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Delete,
                ObjectType::Popup,
                popup.company_id,
                format!("Pop-up <b>{}</b> excluído", escape_html(&popup.title)),
                vec![
                    ("Visualizações", popup.views.to_string()),
                    ("Motoristas", popup.views_unique.to_string()),
                ],
            )
        })?;
        if let Some(image) = &popup.image_url {
            self.remove_uploaded(image);
        }
        Ok(())
    }
}
