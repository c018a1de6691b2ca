//! Staff users, shipping companies, contacts, terms of use and contact authorizations.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use patio_application::model::UserWrite;

use crate::schema::{contact_authorizations, contacts, shipping_companies, use_terms, users};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct UserRow {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub password_hash: String,
    /// Administrador, Usuario, Transportadora, Expedicao, Espectador or Portaria.
    pub role: String,
    /// Stored masked; read at the edge.
    #[diesel(deserialize_as = crate::values::CpfText)]
    pub cpf: Option<patio_domain::values::Stored<patio_domain::values::Cpf>>,
    pub fone: Option<String>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub use_terms: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct NewUserRow {
    pub name: String,
    pub email: String,
    pub password_hash: String,
    pub role: String,
    pub cpf: Option<String>,
    pub fone: Option<String>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub use_terms: bool,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// What a staff user save writes, inserted and updated alike; the password hash and its date
/// are written apart (only when a new password is given).
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = users, treat_none_as_null = true, check_for_backend(diesel::pg::Pg))]
pub struct UserWriteRow<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub role: &'a str,
    pub cpf: Option<&'a str>,
    pub fone: Option<&'a str>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
}

impl<'a> From<&'a UserWrite> for UserWriteRow<'a> {
    fn from(u: &'a UserWrite) -> Self {
        Self {
            name: &u.name,
            email: &u.email,
            role: u.role.as_str(),
            cpf: u.cpf.as_deref(),
            fone: u.fone.as_deref(),
            receives_email: u.receives_email,
            is_enabled: u.is_enabled,
            is_root: u.is_root,
            company_id: u.company_id,
            shipping_company_id: u.shipping_company_id,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = shipping_companies, check_for_backend(diesel::pg::Pg))]
pub struct ShippingCompanyRow {
    pub id: i64,
    pub company_id: i64,
    pub code: i32,
    pub name: String,
    /// A CNPJ, read at the edge.
    #[diesel(deserialize_as = crate::values::DocumentText)]
    pub cnpj: Option<patio_domain::values::Stored<patio_domain::values::Document>>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub city: Option<String>,
    pub street: Option<String>,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub district: Option<String>,
    /// Read at the edge.
    #[diesel(deserialize_as = crate::values::CepText)]
    pub zip_code: Option<patio_domain::values::Stored<patio_domain::values::Cep>>,
    pub is_enabled: bool,
    pub login: Option<String>,
    pub login_password_hash: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A contact; exactly one of the owner ids is set.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = contacts, check_for_backend(diesel::pg::Pg))]
pub struct ContactRow {
    pub id: i64,
    pub name: String,
    pub fone: Option<String>,
    pub email: Option<String>,
    pub whatsapp: bool,
    pub company_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub truck_id: Option<i64>,
    pub user_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = contacts, check_for_backend(diesel::pg::Pg))]
pub struct NewContactRow {
    pub name: String,
    pub fone: Option<String>,
    pub email: Option<String>,
    pub whatsapp: bool,
    pub company_id: Option<i64>,
    pub customer_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub truck_id: Option<i64>,
    pub user_id: Option<i64>,
    pub created_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = use_terms, check_for_backend(diesel::pg::Pg))]
pub struct UseTermRow {
    pub id: i64,
    pub company_id: i64,
    pub title: String,
    /// Sanitised HTML.
    pub content: String,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Default, Insertable)]
#[diesel(table_name = contact_authorizations, check_for_backend(diesel::pg::Pg))]
pub struct NewContactAuthorizationRow {
    pub has_whats: bool,
    pub has_sms: bool,
    pub has_email: bool,
    pub user_id: Option<i64>,
    pub driver_id: Option<i64>,
    pub use_term_id: Option<i64>,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
}
