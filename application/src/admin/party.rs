//! What the customer and shipping-company services share: the company a new record goes to,
//! the code check, the write, the CSV import, the delete and the address part of the answer.
//! The differences between the two kinds are [`PartyKind`]'s.

use crate::services::{ImportCheck, RowCheck};
use std::collections::HashMap;

use patio_domain::admin::access::{scope, Access, Scope};
use patio_domain::admin::audit::{import_title, title, Operation};
use patio_domain::admin::forms::{check_contact, masked_document, ContactRule};
use patio_domain::admin::party::{PartyData, PartyInput, PartyKind};
use patio_domain::auth::Actor;
use patio_domain::FieldIssue;
use serde::Serialize;

use crate::admin::contacts::{add_import_contacts, ContactCmd, ContactItem};
use crate::error::{AppError, AppResult};
use crate::model::{ContactOwner, ContactWrite, PartyPlacement};
use crate::ports::{Repos, StoreExt};
use crate::services::{
    code_taken, forbidden, invalid_line, Audit, Deleted, Deps, Imported, ListQuery, Listing, Saved,
    CODE_TAKEN_MESSAGE, COMPANY_CHOICE_MESSAGE, EMPTY_IMPORT_MESSAGE, IMPORT_TOO_LARGE_MESSAGE,
    MAX_IMPORT_ROWS,
};

/// The use cases of one kind of party, as the customer and shipping-company routes call them
/// alike. Each kind answers `list`, `get` and `save` its own way; the import, its check and the
/// delete are the same for both and written here once.
pub trait PartyService: Clone + Send + Sync + 'static {
    /// The record as the screens read it.
    type View: PartyFound + Serialize + Send + 'static;
    /// The form's save command, which is also its HTTP body and each row of its CSV import.
    type Save: PartyCommand + serde::de::DeserializeOwned + Send + 'static;
    const KIND: PartyKind;

    fn deps(&self) -> &Deps;

    /// The record the scope sees, or 404.
    fn visible(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<Self::View>;

    /// Every record the actor sees, or (`company` set) one company's.
    fn list(
        &self,
        actor: &Actor,
        company: Option<i64>,
        q: &ListQuery,
    ) -> AppResult<Listing<Self::View>>;

    fn get(&self, actor: &Actor, id: i64) -> AppResult<Self::View>;

    fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: Self::Save,
    ) -> AppResult<Saved<Self::View>>;

    /// `POST /<party>/import`: the parsed CSV rows, all or nothing. A row whose code exists in
    /// the company updates that record (a re-imported ERP export refreshes the list); its
    /// contacts are added unless one with the same phone or e-mail exists.
    fn import(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        company_id: Option<i64>,
        rows: Vec<Self::Save>,
    ) -> AppResult<Imported> {
        let s = scope(actor, Self::KIND.area(), Access::Write).map_err(forbidden)?;
        // Administrators name the company in the query; else the first row's.
        let company_id = company_id.or_else(|| rows.first().and_then(PartyCommand::owner_company));
        self.deps().store.tx(|repos| {
            import(
                repos,
                Self::KIND,
                Audit::by(actor, ip),
                s,
                company_id,
                &rows,
            )
        })
    }

    /// Checks an import's rows with the import's rules, saving nothing.
    fn check_import(&self, actor: &Actor, rows: Vec<Self::Save>) -> AppResult<ImportCheck> {
        scope(actor, Self::KIND.area(), Access::Write).map_err(forbidden)?;
        check_import(Self::KIND, &rows)
    }

    /// Refused while orders or loadings name the record. A shipping company goes with its
    /// Transportadora users (the repository's delete of that kind).
    fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let s = scope(actor, Self::KIND.area(), Access::Write).map_err(forbidden)?;
        self.deps().store.tx(|repos| {
            let found = Self::visible(repos, &s, id)?;
            delete(repos, Self::KIND, actor, ip, &found)?;
            Ok(Deleted::new(id))
        })
    }
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CompanyRefView {
    pub id: i64,
    pub name: String,
}

/// The document and address of a customer or a shipping company, as both answers spell them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartyAddressView {
    /// Masked CNPJ (or CPF).
    pub cnpj: Option<String>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub street: Option<String>,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    pub zip_code: Option<String>,
}

/// What the shared delete reads of a record found in the scope.
pub trait PartyFound {
    fn id(&self) -> i64;
    fn company_id(&self) -> i64;
    fn code(&self) -> i32;
    fn name(&self) -> &str;
}

pub(crate) fn contact_owner(kind: PartyKind, id: i64) -> ContactOwner {
    match kind {
        PartyKind::Customer => ContactOwner::Customer(id),
        PartyKind::ShippingCompany => ContactOwner::ShippingCompany(id),
    }
}

/// The log details of a saved record (code, name, masked document).
pub(crate) fn details(data: &PartyData) -> Vec<(&'static str, String)> {
    vec![
        ("Código", data.code.to_string()),
        ("Nome", data.name.clone()),
        (
            "CNPJ",
            data.cnpj
                .as_deref()
                .map(masked_document)
                .unwrap_or_default(),
        ),
    ]
}

/// Writes a form's record: a new one when `existing` is `None`. A code another record of the
/// company holds is refused.
pub(crate) fn write(
    repos: &mut dyn Repos,
    kind: PartyKind,
    existing: Option<i64>,
    party: &PartyData,
    at: &PartyPlacement,
) -> AppResult<(i64, Operation)> {
    if repos
        .party_by_code(kind, at.company_id, party.code)?
        .is_some_and(|other| Some(other) != existing)
    {
        return Err(AppError::Duplicate(CODE_TAKEN_MESSAGE.to_owned()));
    }
    match existing {
        Some(id) => {
            repos
                .update_party(kind, id, party, at)
                .map_err(code_taken)?;
            Ok((id, Operation::Update))
        }
        None => Ok((
            repos.insert_party(kind, party, at).map_err(code_taken)?,
            Operation::Create,
        )),
    }
}

/// A party command's text as the domain checks it. Both bodies spell the same fields; the
/// customer's `company` is its legal name, a shipping company has none.
macro_rules! party_input {
    ($cmd:expr, company: $company:expr) => {
        patio_domain::admin::party::PartyInput {
            code: $crate::services::text($cmd.code.clone()),
            name: $cmd.name.clone(),
            company: $company,
            cnpj: $cmd.cnpj.clone(),
            state_registration: $cmd.state_registration.clone(),
            uf: $cmd.uf.clone(),
            street: $cmd.street.clone(),
            number: $crate::services::text($cmd.number.clone()),
            complement: $cmd.complement.clone(),
            city: $cmd.city.clone(),
            district: $cmd.district.clone(),
            zip_code: $cmd.zip_code.clone(),
        }
    };
}
pub(crate) use party_input;

/// What the shared use cases read of a party's save command (the form's body, and each row
/// of the CSV import).
pub trait PartyCommand {
    /// The document-and-address text as typed, as the domain checks it.
    fn input(&self) -> PartyInput;
    /// The company the command names (administrators choose it).
    fn owner_company(&self) -> Option<i64>;
    /// Import only: the row's line in the file (the header is line 1); when absent the row's
    /// position is used (index + 2).
    fn line(&self) -> Option<usize>;
    fn contacts(&self) -> &[ContactItem];
}

/// The form's contacts as the contact service's commands.
pub(crate) fn contact_cmds(cmd: &impl PartyCommand) -> Vec<ContactCmd> {
    cmd.contacts()
        .iter()
        .cloned()
        .map(ContactItem::cmd)
        .collect()
}

/// A checked import row.
struct CheckedRow {
    line: usize,
    data: PartyData,
    contacts: Vec<ContactWrite>,
}

/// Checks every row before anything is written: the first bad row answers 422 'Linha N: ...'
/// and nothing is imported. A code repeated in the file is refused too.
fn check_size<C>(rows: &[C]) -> AppResult<()> {
    if rows.is_empty() {
        return Err(AppError::field("file", EMPTY_IMPORT_MESSAGE));
    }
    if rows.len() > MAX_IMPORT_ROWS {
        return Err(AppError::field("file", IMPORT_TOO_LARGE_MESSAGE));
    }
    Ok(())
}

/// One row under the import's rules: its fields, its contacts, and its code not already used
/// by an earlier row of the file (`seen`: code -> line).
fn check_row(
    kind: PartyKind,
    row: &impl PartyCommand,
    line: usize,
    seen: &mut HashMap<i32, usize>,
) -> Result<CheckedRow, Vec<FieldIssue>> {
    let data = kind.check(&row.input(), false)?;
    let mut contacts = Vec::new();
    for c in row.contacts() {
        if let Some(c) = check_contact(&c.input(), ContactRule::Import)? {
            contacts.push(ContactWrite {
                name: c.name,
                fone: c.fone,
                email: c.email,
                whatsapp: c.whatsapp,
            });
        }
    }
    if let Some(first) = seen.get(&data.code) {
        return Err(vec![FieldIssue::new(
            "code",
            format!("Código repetido no arquivo (linha {first})!"),
        )]);
    }
    seen.insert(data.code, line);
    Ok(CheckedRow {
        line,
        data,
        contacts,
    })
}

fn check_rows(kind: PartyKind, rows: &[impl PartyCommand]) -> AppResult<Vec<CheckedRow>> {
    check_size(rows)?;
    let mut seen: HashMap<i32, usize> = HashMap::new();
    rows.iter()
        .enumerate()
        .map(|(index, row)| {
            let line = row.line().unwrap_or(index + 2);
            check_row(kind, row, line, &mut seen).map_err(|issues| invalid_line(line, issues))
        })
        .collect()
}

/// The import's preview (issue 10 defect 9): every row checked with the rules the import
/// applies, nothing saved. A row's message is its first problem.
pub(crate) fn check_import(kind: PartyKind, rows: &[impl PartyCommand]) -> AppResult<ImportCheck> {
    check_size(rows)?;
    let mut seen: HashMap<i32, usize> = HashMap::new();
    let rows: Vec<RowCheck> = rows
        .iter()
        .enumerate()
        .map(|(index, row)| {
            let line = row.line().unwrap_or(index + 2);
            RowCheck {
                line,
                message: check_row(kind, row, line, &mut seen)
                    .err()
                    .and_then(|issues| issues.into_iter().next())
                    .map(|issue| issue.message),
            }
        })
        .collect();
    Ok(ImportCheck {
        ready: rows.iter().filter(|r| r.message.is_none()).count(),
        rows,
    })
}

/// The company a new record (or an import) goes to: a Usuario's own; the one an administrator
/// chose, which must exist. Another tenant's company is not found.
pub(crate) fn target_company(
    repos: &mut dyn Repos,
    s: Scope,
    chosen: Option<i64>,
) -> AppResult<(i64, String)> {
    let id = match s.target_company(chosen) {
        Some(id) => id,
        None if s.company().is_some() => return Err(AppError::not_found()),
        None => return Err(AppError::field("_company", COMPANY_CHOICE_MESSAGE)),
    };
    match repos.company(id)? {
        Some(c) => Ok((c.id, c.name)),
        None if s.company().is_some() => Err(AppError::not_found()),
        None => Err(AppError::field("_company", COMPANY_CHOICE_MESSAGE)),
    }
}

/// A CSV import, all or nothing. A row whose code exists in the company updates that record
/// (a re-imported ERP export refreshes the list; a shipping company keeps its status); its
/// contacts are added unless one with the same phone or e-mail exists. New records are active
/// and have no login.
pub(crate) fn import(
    repos: &mut dyn Repos,
    kind: PartyKind,
    audit: Audit<'_>,
    s: Scope,
    company_id: Option<i64>,
    rows: &[impl PartyCommand],
) -> AppResult<Imported> {
    let rows = check_rows(kind, rows)?;
    let (company_id, company_name) = target_company(repos, s, company_id)?;
    let (mut created, mut updated) = (0, 0);
    let at = PartyPlacement {
        company_id,
        is_enabled: None,
    };
    for row in &rows {
        let line_error = |e: AppError| match e {
            AppError::Duplicate(_) => {
                AppError::field("code", &format!("Linha {}: {CODE_TAKEN_MESSAGE}", row.line))
            }
            other => other,
        };
        let (id, is_new) = match repos.party_by_code(kind, company_id, row.data.code)? {
            Some(id) => {
                repos
                    .update_party(kind, id, &row.data, &at)
                    .map_err(line_error)?;
                updated += 1;
                (id, false)
            }
            None => {
                created += 1;
                let id = repos
                    .insert_party(kind, &row.data, &at)
                    .map_err(line_error)?;
                (id, true)
            }
        };
        add_import_contacts(repos, contact_owner(kind, id), &row.contacts, is_new)?;
    }
    let (created_label, updated_label) = kind.import_labels();
    audit.write(
        repos,
        Operation::Import,
        kind.object_type(),
        company_id,
        import_title(kind.object_type(), rows.len(), &company_name),
        vec![
            ("Linhas", rows.len().to_string()),
            (created_label, created.to_string()),
            (updated_label, updated.to_string()),
        ],
    )?;
    Ok(Imported { created, updated })
}

/// Deletes a record the caller has already found in its scope, and logs it.
pub(crate) fn delete(
    repos: &mut dyn Repos,
    kind: PartyKind,
    actor: &Actor,
    ip: Option<&str>,
    found: &impl PartyFound,
) -> AppResult<()> {
    repos.delete_party(kind, found.id()).map_err(|e| match e {
        AppError::Referenced(_) => AppError::Referenced(kind.referenced_message().to_owned()),
        other => other,
    })?;
    Audit::by(actor, ip).write(
        repos,
        Operation::Delete,
        kind.object_type(),
        found.company_id(),
        title(
            kind.object_type(),
            Operation::Delete,
            &kind.log_name(found.code(), found.name()),
        ),
        vec![
            ("Código", found.code().to_string()),
            ("Nome", found.name().to_owned()),
        ],
    )
}
