//! Products (spec 2 "Products"): list, read, edit, CSV import, delete. Administrators manage
//! every company's products; a Usuario its company's.

use std::collections::HashMap;
use std::sync::Arc;

use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::audit::{import_title, title, ObjectType, Operation};
use patio_domain::admin::listing::{search_text, LIKE_LIMIT};
use patio_domain::orders::products::PRODUCT_REFERENCED_MESSAGE;
use patio_domain::orders::{check_product, parse_product_csv, ProductGroup, ProductInput};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::party::target_company;
use crate::error::{AppError, AppResult, FieldError};
use crate::model::LikeItem;
use crate::orders::ports::ProductFilter;
use crate::ports::{Repos, StoreExt};
use crate::services::{
    code_taken, forbidden, text, Audit, Deleted, Deps, ImportCheck, Imported, ListQuery, Listing,
    OptIdRef, RowCheck, Saved, CODE_TAKEN_MESSAGE, EMPTY_IMPORT_MESSAGE, IMPORT_TOO_LARGE_MESSAGE,
    MAX_IMPORT_ROWS,
};
use patio_domain::auth::Actor;

pub const PRODUCT_PAGE_SIZE: u32 = 9;

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[schema(as = ProductCompanyRef)]
pub struct CompanyRef {
    pub id: i64,
    pub name: String,
}

/// A product as the list and the form show it. `group` is 0/1 and `groupName` its label, the
/// same in the list and the form.
// The repository reads it as it is (row → view, no record between).
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    pub id: i64,
    pub code: i32,
    pub name: String,
    /// 0 agrícola, 1 the other group (sent as its number).
    #[schema(value_type = i16)]
    pub group: ProductGroup,
    pub group_name: &'static str,
    pub ncmcode: Option<String>,
    pub company: CompanyRef,
}

/// A product as the form sends it, and each import row. `id` 0 creates; the code is kept as
/// stored on edit. `group` is 0/1 or the import's text (`agricola` in any case or accent is
/// 0, anything else 1).
// The command is the HTTP body itself (named `ProductBody` in the contract); its text goes to
// the domain as `ProductInput`, which the CSV import's rows share.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ProductBody)]
pub struct SaveProduct {
    pub id: Option<i64>,
    /// Integer code (number or text).
    #[schema(value_type = Option<String>)]
    pub code: Option<Value>,
    pub name: Option<String>,
    #[schema(value_type = Option<String>)]
    pub group: Option<Value>,
    pub ncmcode: Option<String>,
    pub company: Option<OptIdRef>,
}

impl SaveProduct {
    /// The typed text as the domain checks it.
    pub fn input(self) -> ProductInput {
        ProductInput {
            code: text(self.code).unwrap_or_default(),
            name: self.name.unwrap_or_default(),
            group: text(self.group).unwrap_or_default(),
            ncmcode: self.ncmcode.unwrap_or_default(),
        }
    }
}

fn issues_error(issues: Vec<(&'static str, String)>) -> AppError {
    AppError::Validation(
        issues
            .into_iter()
            .map(|(f, m)| FieldError::new(f, m))
            .collect(),
    )
}

fn read(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<ProductView> {
    repos
        .product(id)?
        .filter(|p| s.covers_company(p.company.id))
        .ok_or_else(AppError::not_found)
}

#[derive(Clone)]
pub struct ProductService {
    deps: Arc<Deps>,
}

impl ProductService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// `GET /product` (every product the actor sees) and `GET /product/company/{id}`.
    pub fn list(
        &self,
        actor: &Actor,
        company_id: Option<i64>,
        q: &ListQuery,
    ) -> AppResult<Listing<ProductView>> {
        let s = scope(actor, Area::Products, Access::Read).map_err(forbidden)?;
        let wanted = company_id.or(q.company_id);
        if wanted.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let page = q.page(PRODUCT_PAGE_SIZE);
        let filter = ProductFilter {
            company_id: s.company().or(wanted),
            search: search_text(q.search.as_deref()),
            page,
        };
        let found = self
            .deps
            .store
            .replica_reads(|repos| repos.list_products(&filter))?;
        Ok(Listing::of(found, page, |p| p))
    }

    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<ProductView> {
        let s = scope(actor, Area::Products, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| read(repos, &s, id))
    }

    /// `GET /product/like/{text}` (optional `/company/{id}`): the order form's item picker.
    pub fn like(
        &self,
        actor: &Actor,
        text: Option<&str>,
        company: Option<i64>,
    ) -> AppResult<Vec<LikeItem>> {
        let s = scope(actor, Area::Products, Access::Read).map_err(forbidden)?;
        if company.is_some_and(|id| !s.covers_company(id)) {
            return Err(AppError::not_found());
        }
        let company = s.company().or(company);
        let search = search_text(text);
        self.deps
            .store
            .tx(|repos| repos.like_products(search.as_ref(), company, i64::from(LIKE_LIMIT)))
    }

    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveProduct,
    ) -> AppResult<Saved<ProductView>> {
        let s = scope(actor, Area::Products, Access::Write).map_err(forbidden)?;
        let id = crate::services::save_target(cmd.id)?;
        let chosen = cmd.company.and_then(|c| c.id);
        let mut input = cmd.input();
        self.deps.store.tx(|repos| {
            let (company_id, existing) = match id {
                Some(id) => {
                    let p = read(repos, &s, id)?;
                    (p.company.id, Some(p))
                }
                None => (target_company(repos, s, chosen)?.0, None),
            };
            // The code is read-only on edit: the stored one stands.
            if let Some(p) = &existing {
                input.code = p.code.to_string();
            }
            let data = check_product(&input).map_err(issues_error)?;
            let (id, operation) = match &existing {
                Some(p) => {
                    repos.update_product(p.id, company_id, &data)?;
                    (p.id, Operation::Update)
                }
                None => {
                    if repos.product_by_code(company_id, data.code)?.is_some() {
                        return Err(AppError::Duplicate(CODE_TAKEN_MESSAGE.to_owned()));
                    }
                    (
                        repos
                            .insert_product(company_id, &data)
                            .map_err(code_taken)?,
                        Operation::Create,
                    )
                }
            };
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::Product,
                Some(company_id),
                title(
                    ObjectType::Product,
                    operation,
                    &format!("{} - {}", data.code, data.name),
                ),
                vec![
                    ("Código", data.code.to_string()),
                    ("Nome", data.name.clone()),
                    ("Grupo", data.group.label().to_owned()),
                    ("NCM", data.ncmcode.clone().unwrap_or_default()),
                ],
            )?;
            Ok(Saved {
                created: operation == Operation::Create,
                view: read(repos, &s, id)?,
            })
        })
    }

    /// `POST /product/import`: every row after the CSV header, in file order (line = index + 2).
    /// Rows with an empty code are skipped; all the others are saved, or none, with every
    /// issue answered as 'Linha N: ...'. A code already in the company updates that product.
    pub fn import(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        company_id: Option<i64>,
        rows: Vec<ProductInput>,
    ) -> AppResult<Imported> {
        let s = scope(actor, Area::Products, Access::Write).map_err(forbidden)?;
        if rows.len() > MAX_IMPORT_ROWS {
            return Err(AppError::field("file", IMPORT_TOO_LARGE_MESSAGE));
        }
        let checked = parse_product_csv(&rows).map_err(|issues| {
            AppError::Validation(
                issues
                    .into_iter()
                    .map(|i| {
                        FieldError::new(
                            format!("{}:{}", i.line, i.field),
                            format!("Linha {}: {}", i.line, i.message),
                        )
                    })
                    .collect(),
            )
        })?;
        if checked.is_empty() {
            return Err(AppError::field("file", EMPTY_IMPORT_MESSAGE));
        }
        // Lines of the kept rows, for the messages below.
        let lines: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.code.trim().is_empty())
            .map(|(i, _)| i + 2)
            .collect();
        let mut seen: HashMap<i32, usize> = HashMap::new();
        for (row, line) in checked.iter().zip(&lines) {
            if let Some(first) = seen.insert(row.code, *line) {
                return Err(AppError::Validation(vec![FieldError::new(
                    format!("{line}:code"),
                    format!("Linha {line}: Código repetido no arquivo (linha {first})!"),
                )]));
            }
        }
        self.deps.store.tx(|repos| {
            let (company_id, company_name) = target_company(repos, s, company_id)?;
            let (mut created, mut updated) = (0, 0);
            for row in &checked {
                match repos.product_by_code(company_id, row.code)? {
                    Some(id) => {
                        repos.update_product(id, company_id, row)?;
                        updated += 1;
                    }
                    None => {
                        repos.insert_product(company_id, row).map_err(code_taken)?;
                        created += 1;
                    }
                }
            }
            Audit::by(actor, ip).write(
                repos,
                Operation::Import,
                ObjectType::Product,
                Some(company_id),
                import_title(ObjectType::Product, checked.len(), &company_name),
                vec![
                    ("Linhas", checked.len().to_string()),
                    ("Criados", created.to_string()),
                    ("Atualizados", updated.to_string()),
                ],
            )?;
            Ok(Imported { created, updated })
        })
    }

    /// The import's preview: each row after the header checked with the import's rules (code,
    /// name, NCM, a code repeated in the file), nothing saved. Rows with an empty code are
    /// skipped, as the import skips them; a row's message is its first problem.
    pub fn check_import(&self, actor: &Actor, rows: Vec<ProductInput>) -> AppResult<ImportCheck> {
        scope(actor, Area::Products, Access::Write).map_err(forbidden)?;
        if rows.len() > MAX_IMPORT_ROWS {
            return Err(AppError::field("file", IMPORT_TOO_LARGE_MESSAGE));
        }
        let mut seen: HashMap<i32, usize> = HashMap::new();
        let rows: Vec<RowCheck> = rows
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.code.trim().is_empty())
            .map(|(index, row)| {
                let line = index + 2;
                let message = match check_product(row) {
                    Err(issues) => issues.into_iter().next().map(|(_, m)| m),
                    Ok(p) => seen
                        .insert(p.code, line)
                        .map(|first| format!("Código repetido no arquivo (linha {first})!")),
                };
                RowCheck { line, message }
            })
            .collect();
        if rows.is_empty() {
            return Err(AppError::field("file", EMPTY_IMPORT_MESSAGE));
        }
        Ok(ImportCheck {
            ready: rows.iter().filter(|r| r.message.is_none()).count(),
            rows,
        })
    }

    /// Refused with the spec's message while order items use the product.
    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let s = scope(actor, Area::Products, Access::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let p = read(repos, &s, id)?;
            repos.delete_product(id).map_err(|e| match e {
                AppError::Referenced(_) => {
                    AppError::Referenced(PRODUCT_REFERENCED_MESSAGE.to_owned())
                }
                other => other,
            })?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Product,
                Some(p.company.id),
                title(
                    ObjectType::Product,
                    Operation::Delete,
                    &format!("{} - {}", p.code, p.name),
                ),
                vec![("Código", p.code.to_string()), ("Nome", p.name.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }
}
