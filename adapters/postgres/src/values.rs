//! Domain values read at the database edge. The plate and document columns are TEXT; these
//! wrappers give them diesel's `FromSql`, and the row structs name them with
//! `#[diesel(deserialize_as = ...)]`, so a row carries a `Plate` or a `Stored<Cpf>` and no
//! repository or service parses the digits again. (Wrappers, because neither diesel's traits
//! nor the domain's types belong to this crate, and the domain stays free of diesel.)
//!
//! What is written is unchanged: the canonical text the domain's `parse` gave the form
//! (`as_str()`), which is what the columns hold today — plates as 7 upper-case characters,
//! CPFs and CNPJs as their digits (or characters) without a mask.

use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::pg::{Pg, PgValue};
use diesel::sql_types::{Nullable, Text};
use patio_domain::values::{Cpf, Document, Plate, Stored};

fn text(bytes: PgValue<'_>) -> deserialize::Result<String> {
    <String as FromSql<Text, Pg>>::from_sql(bytes)
}

/// `trucks.license_plate`: the CHECK keeps 7 upper-case letters or digits, so every stored
/// plate is a valid `Plate`.
#[derive(Debug, FromSqlRow)]
pub struct PlateText(Plate);

impl FromSql<Text, Pg> for PlateText {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        Ok(PlateText(Plate::parse(&text(bytes)?)?))
    }
}

impl From<PlateText> for Plate {
    fn from(p: PlateText) -> Self {
        p.0
    }
}

/// `drivers.cpf`: 11 digits; an erased driver's CPF does not pass its check digits and is
/// kept as stored.
#[derive(Debug, FromSqlRow)]
pub struct CpfText(Stored<Cpf>);

impl FromSql<Text, Pg> for CpfText {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        Ok(CpfText(Stored::cpf(text(bytes)?)))
    }
}

impl From<CpfText> for Stored<Cpf> {
    fn from(c: CpfText) -> Self {
        c.0
    }
}

/// `companies.cnpj` (NOT NULL) and the customers' and shipping companies' `cnpj` (NULL when
/// not given): a CNPJ, or a customer's CPF.
#[derive(Debug, FromSqlRow)]
pub struct DocumentText(Option<Stored<Document>>);

impl FromSql<Text, Pg> for DocumentText {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        Ok(DocumentText(Some(Stored::document(text(bytes)?))))
    }
}

impl FromSql<Nullable<Text>, Pg> for DocumentText {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        <Self as FromSql<Text, Pg>>::from_sql(bytes)
    }

    fn from_nullable_sql(bytes: Option<PgValue<'_>>) -> deserialize::Result<Self> {
        match bytes {
            Some(b) => <Self as FromSql<Text, Pg>>::from_sql(b),
            None => Ok(DocumentText(None)),
        }
    }
}

impl From<DocumentText> for Option<Stored<Document>> {
    fn from(d: DocumentText) -> Self {
        d.0
    }
}

impl TryFrom<DocumentText> for Stored<Document> {
    type Error = &'static str;

    fn try_from(d: DocumentText) -> Result<Self, Self::Error> {
        d.0.ok_or("a NOT NULL document column read as NULL")
    }
}
