//! Writing the terms of use (spec 3 "Access term form", tab Termos): list, read, save, delete,
//! and the server-side sanitising of rich text shared with the pop-ups (DESIGN section 3).
//!
//! One term is active per company: saving a term as active deactivates the company's others in
//! the same transaction (a partial unique index backs it). A new active version (a new active
//! term, another term made active, or the active one's title or text changed) must be accepted
//! again: the company's Transportadora users and drivers get `use_terms` false in that same
//! transaction, so their next sign-in leads to the approval page.

use std::borrow::Cow;
use std::collections::HashSet;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::auth::Actor;
use patio_domain::settings::access::SettingsAction;
use patio_domain::settings::terms::{check_term, requires_new_acceptance, TermVersion};
use patio_domain::text::escape_html;
use serde::Serialize;

use crate::error::{AppError, AppResult};
use crate::ports::StoreExt;
use crate::services::Deps;
use crate::services::{invalid, Audit};
use crate::settings::ports::{UseTermFull, UseTermWrite};
use crate::settings::{allow, allow_role, existing_company, yes_no, IdRef};
use patio_domain::admin::audit::{ObjectType, Operation};

pub const TERM_SAVED_MESSAGE: &str = "Cadastro realizado com sucesso";

/// CSS properties kept in `style` attributes of rich text: the formatting an editor produces.
const STYLE_PROPERTIES: &[&str] = &[
    "color",
    "background-color",
    "text-align",
    "font-weight",
    "font-style",
    "text-decoration",
    "font-size",
    "padding-left",
    "margin-left",
];

/// A `style` attribute reduced to [`STYLE_PROPERTIES`] with plain values (no `url(...)`, no
/// `expression`, no escapes): colours, sizes, keywords.
fn clean_style(style: &str) -> Option<String> {
    let kept: Vec<String> = style
        .split(';')
        .filter_map(|decl| {
            let (prop, value) = decl.split_once(':')?;
            let prop = prop.trim().to_ascii_lowercase();
            let value = value.trim();
            let lower = value.to_ascii_lowercase();
            let plain = !value.is_empty()
                && value.len() <= 60
                && value
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || " #(),.%-".contains(c))
                && !lower.contains("url")
                && !lower.contains("expression");
            (STYLE_PROPERTIES.contains(&prop.as_str()) && plain).then(|| format!("{prop}: {value}"))
        })
        .collect();
    (!kept.is_empty()).then(|| kept.join("; "))
}

/// Classes an editor uses for alignment, indentation and sizes (`ql-align-center`...).
fn clean_class(class: &str) -> Option<String> {
    let kept: Vec<&str> = class
        .split_whitespace()
        .filter(|c| {
            c.starts_with("ql-")
                && c.len() <= 40
                && c.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-')
        })
        .collect();
    (!kept.is_empty()).then(|| kept.join(" "))
}

/// Rich text as stored: scripts, styles sheets, event handlers (`onclick`...), `javascript:`
/// and other non-web links removed; formatting (paragraphs, headings, bold, italic, underline,
/// lists, links, images, alignment, colours) kept. Links get `rel="noopener noreferrer"`.
pub fn sanitize_rich_text(html: &str) -> String {
    let mut builder = ammonia::Builder::default();
    builder
        .url_schemes(HashSet::from(["http", "https", "mailto", "tel"]))
        .add_generic_attributes(["class", "style"])
        .add_tag_attributes("a", ["target"])
        .link_rel(Some("noopener noreferrer"))
        .attribute_filter(|_element, attribute, value| match attribute {
            "style" => clean_style(value).map(Cow::Owned),
            "class" => clean_class(value).map(Cow::Owned),
            "target" => (value == "_blank").then_some(Cow::Borrowed("_blank")),
            _ => Some(Cow::Borrowed(value)),
        });
    builder.clean(html).to_string()
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UseTermView {
    pub id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    pub active: bool,
    pub company: IdRef,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<UseTermFull> for UseTermView {
    fn from(t: UseTermFull) -> Self {
        Self {
            id: t.id,
            title: t.title,
            content: t.content,
            active: t.active,
            company: IdRef { id: t.company_id },
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedTermView {
    pub message: &'static str,
    pub use_term: UseTermView,
    /// How many Transportadora users and drivers must accept the new version.
    pub acceptance_reset: u64,
    #[serde(skip)]
    pub created: bool,
}

pub struct SaveTerm {
    /// `None` creates.
    pub id: Option<i64>,
    pub company_id: i64,
    pub title: String,
    /// As typed; sanitised before it is checked and stored.
    pub content: String,
    pub active: bool,
    pub ip: Option<String>,
}

#[derive(Clone)]
pub struct UseTermService {
    deps: Arc<Deps>,
}

impl UseTermService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `GET /useTerm/company/{companyId}`: administrators, the company's Usuario.
    pub fn of_company(&self, actor: &Actor, company_id: i64) -> AppResult<Vec<UseTermView>> {
        allow(actor, SettingsAction::ManageContent, company_id)?;
        self.deps.store.tx(|repos| {
            existing_company(repos, company_id)?;
            Ok(repos
                .terms_of_company(company_id)?
                .into_iter()
                .map(UseTermView::from)
                .collect())
        })
    }

    /// `GET /useTerm/{id}`.
    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<UseTermView> {
        allow_role(actor, SettingsAction::ManageContent)?;
        self.deps.store.tx(|repos| {
            let term = repos.term_by_id(id)?.ok_or_else(AppError::not_found)?;
            allow(actor, SettingsAction::ManageContent, term.company_id)?;
            Ok(UseTermView::from(term))
        })
    }

    /// `POST /useTerm/save`.
    pub fn save(&self, actor: &Actor, cmd: SaveTerm) -> AppResult<SavedTermView> {
        allow(actor, SettingsAction::ManageContent, cmd.company_id)?;
        let content = sanitize_rich_text(&cmd.content);
        let title = check_term(&cmd.title, &content).map_err(invalid)?;
        let write = UseTermWrite {
            title,
            content,
            active: cmd.active,
        };
        let company_id = cmd.company_id;
        self.deps.store.tx(|repos| {
            let company = existing_company(repos, company_id)?;
            let before = match cmd.id {
                Some(id) => Some(
                    repos
                        .term_by_id(id)?
                        .filter(|t| t.company_id == company_id)
                        .ok_or_else(AppError::not_found)?,
                ),
                None => None,
            };
            if write.active {
                repos.deactivate_terms_except(company_id, before.as_ref().map(|t| t.id))?;
            }
            let id = match &before {
                Some(t) => {
                    repos.update_term(t.id, &write)?;
                    t.id
                }
                None => repos.insert_term(company_id, &write)?,
            };
            let new_version = requires_new_acceptance(
                before.as_ref().map(|t| TermVersion {
                    active: t.active,
                    title: &t.title,
                    content: &t.content,
                }),
                TermVersion {
                    active: write.active,
                    title: &write.title,
                    content: &write.content,
                },
            );
            let reset = if new_version {
                repos.require_terms_acceptance_again(company_id)?
            } else {
                0
            };
            Audit::by(actor, cmd.ip.as_deref()).write(
                repos,
                Operation::saving(before.is_some()),
                ObjectType::UseTerm,
                company_id,
                format!(
                    "Termo de uso <b>{}</b> salvo na empresa <b>{}</b>",
                    escape_html(&write.title),
                    escape_html(&company.name)
                ),
                vec![
                    ("Ativo", yes_no(write.active)),
                    ("Novo aceite exigido", yes_no(new_version)),
                    ("Pessoas que devem aceitar de novo", reset.to_string()),
                ],
            )?;
            let stored = repos.term_by_id(id)?.ok_or_else(AppError::not_found)?;
            Ok(SavedTermView {
                message: TERM_SAVED_MESSAGE,
                use_term: UseTermView::from(stored),
                acceptance_reset: reset,
                created: before.is_none(),
            })
        })
    }

    /// `DELETE /useTerm/delete/{id}`. Acceptances given keep their record (the term reference
    /// becomes empty). Deleting the active term leaves the company without one: nobody is
    /// asked to accept until another is activated.
    pub fn delete(&self, actor: &Actor, id: i64, ip: Option<String>) -> AppResult<()> {
        allow_role(actor, SettingsAction::ManageContent)?;
        self.deps.store.tx(|repos| {
            let term = repos.term_by_id(id)?.ok_or_else(AppError::not_found)?;
            allow(actor, SettingsAction::ManageContent, term.company_id)?;
            repos.delete_term_by_id(id)?;
            Audit::by(actor, ip.as_deref()).write(
                repos,
                Operation::Delete,
                ObjectType::UseTerm,
                term.company_id,
                format!("Termo de uso <b>{}</b> excluído", escape_html(&term.title)),
                vec![("Ativo", yes_no(term.active))],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_handlers_and_javascript_links_are_removed() {
        let dirty = r#"<p onclick="steal()">Olá <b>mundo</b></p><script>alert(1)</script><a href="javascript:alert(2)">x</a><img src=x onerror="alert(3)">"#;
        let clean = sanitize_rich_text(dirty);
        assert!(!clean.contains("script"), "{clean}");
        assert!(!clean.contains("onclick"), "{clean}");
        assert!(!clean.contains("onerror"), "{clean}");
        assert!(!clean.contains("javascript"), "{clean}");
        assert!(!clean.contains("alert"), "{clean}");
        assert!(clean.contains("<p>Olá <b>mundo</b></p>"), "{clean}");
    }

    #[test]
    fn formatting_is_kept() {
        let html = r#"<h2>Termos</h2><p class="ql-align-center evil">Centro</p><ol><li><em>um</em></li></ol><p style="text-align: center; color: #ff0000; background-image: url(x)">cor</p><a href="https://exemplo.com.br" target="_blank">link</a><u>sub</u><s>risco</s>"#;
        let clean = sanitize_rich_text(html);
        assert!(clean.contains("<h2>Termos</h2>"), "{clean}");
        assert!(
            clean.contains(r#"<p class="ql-align-center">Centro</p>"#),
            "{clean}"
        );
        assert!(clean.contains("<ol><li><em>um</em></li></ol>"), "{clean}");
        assert!(
            clean.contains(r#"style="text-align: center; color: #ff0000""#),
            "{clean}"
        );
        assert!(
            clean.contains(r#"href="https://exemplo.com.br""#),
            "{clean}"
        );
        assert!(clean.contains(r#"rel="noopener noreferrer""#), "{clean}");
        assert!(clean.contains("<u>sub</u><s>risco</s>"), "{clean}");
    }

    #[test]
    fn styles_keep_only_plain_formatting() {
        assert_eq!(
            clean_style("color: red; position: fixed; width: expression(1)"),
            Some("color: red".to_owned())
        );
        assert_eq!(clean_style("background-color: url(javascript:x)"), None);
        assert_eq!(clean_style("color: \\72 ed"), None);
        assert_eq!(
            clean_class("ql-indent-1 btn ql-x\"y"),
            Some("ql-indent-1".into())
        );
    }
}
