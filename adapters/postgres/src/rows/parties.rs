//! Customers and shipping companies as written: one struct per table, borrowed from the
//! domain's checked `PartyData` in its company, inserted and updated alike (a `None` clears the
//! column).
//! Shipping companies are read with [`super::ShippingCompanyRow`].

use diesel::prelude::*;
use patio_domain::admin::party::PartyData;
use patio_domain::values::{Cep, Document, Stored};

use crate::schema::{customers, shipping_companies};
use crate::values::DocumentText;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = customers, check_for_backend(diesel::pg::Pg))]
pub struct CustomerRow {
    pub id: i64,
    pub company_id: i64,
    pub code: i32,
    pub name: String,
    /// Legal name.
    pub company: Option<String>,
    /// A CNPJ (or a person's CPF), read at the edge.
    #[diesel(deserialize_as = DocumentText)]
    pub cnpj: Option<Stored<Document>>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub street: Option<String>,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    /// Read at the edge.
    #[diesel(deserialize_as = crate::values::CepText)]
    pub zip_code: Option<Stored<Cep>>,
}

#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = customers, treat_none_as_null = true, check_for_backend(diesel::pg::Pg))]
pub struct CustomerWriteRow<'a> {
    pub company_id: i64,
    pub code: i32,
    pub name: &'a str,
    pub company: Option<&'a str>,
    pub cnpj: Option<&'a str>,
    pub state_registration: Option<&'a str>,
    pub uf: Option<&'a str>,
    pub street: Option<&'a str>,
    pub number: Option<i32>,
    pub complement: Option<&'a str>,
    pub city: Option<&'a str>,
    pub district: Option<&'a str>,
    pub zip_code: Option<&'a str>,
}

impl<'a> CustomerWriteRow<'a> {
    pub fn of(p: &'a PartyData, company_id: i64) -> Self {
        Self {
            company_id,
            code: p.code,
            name: &p.name,
            company: p.legal_name.as_deref(),
            cnpj: p.cnpj.as_deref(),
            state_registration: p.state_registration.as_deref(),
            uf: p.uf.as_deref(),
            street: p.street.as_deref(),
            number: p.number,
            complement: p.complement.as_deref(),
            city: p.city.as_deref(),
            district: p.district.as_deref(),
            zip_code: p.zip_code.as_deref(),
        }
    }
}

/// The identity and address of a shipping company; its status, login and password are
/// written apart.
#[derive(Debug, Clone, PartialEq, Insertable, AsChangeset)]
#[diesel(table_name = shipping_companies, treat_none_as_null = true, check_for_backend(diesel::pg::Pg))]
pub struct ShippingCompanyWriteRow<'a> {
    pub company_id: i64,
    pub code: i32,
    pub name: &'a str,
    pub cnpj: Option<&'a str>,
    pub state_registration: Option<&'a str>,
    pub uf: Option<&'a str>,
    pub street: Option<&'a str>,
    pub number: Option<i32>,
    pub complement: Option<&'a str>,
    pub city: Option<&'a str>,
    pub district: Option<&'a str>,
    pub zip_code: Option<&'a str>,
}

impl<'a> ShippingCompanyWriteRow<'a> {
    pub fn of(p: &'a PartyData, company_id: i64) -> Self {
        Self {
            company_id,
            code: p.code,
            name: &p.name,
            cnpj: p.cnpj.as_deref(),
            state_registration: p.state_registration.as_deref(),
            uf: p.uf.as_deref(),
            street: p.street.as_deref(),
            number: p.number,
            complement: p.complement.as_deref(),
            city: p.city.as_deref(),
            district: p.district.as_deref(),
            zip_code: p.zip_code.as_deref(),
        }
    }
}
