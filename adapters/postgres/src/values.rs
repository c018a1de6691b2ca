//! Domain values read at the database edge. The plate, document and postal-code columns are
//! TEXT; these wrappers give them diesel's `FromSql`, and the row structs name them with
//! `#[diesel(deserialize_as = ...)]`, so a row carries a `Plate`, a `Stored<Cpf>` or a
//! `Stored<Cep>` and no repository or service parses the digits again. (Wrappers, because
//! neither diesel's traits nor the domain's types belong to this crate, and the domain stays
//! free of diesel.)
//!
//! What is written is unchanged: the text the domain's form check gave, which is what the
//! columns hold today — plates as 7 upper-case characters, drivers' CPFs and documents as
//! their digits (or characters) without a mask, staff users' CPFs and postal codes masked.
//! Either reads back as the value.

use diesel::deserialize::{self, FromSql, FromSqlRow};
use diesel::pg::{Pg, PgValue};
use diesel::sql_types::{Nullable, Text};
use patio_domain::values::{Cep, Cpf, Document, Plate, Stored, StoredValue};

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

/// A column of documents or postal codes (`drivers.cpf`, `users.cpf`, the `cnpj` and
/// `zip_code` columns of companies, customers and shipping companies): the domain value when
/// the text passes its rules, else the text as stored (an erased driver's CPF, a row written
/// before the rules). NULL reads as `None`.
#[derive(Debug, FromSqlRow)]
pub struct StoredText<T>(Option<Stored<T>>);

impl<T: StoredValue> FromSql<Text, Pg> for StoredText<T> {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        Ok(StoredText(Some(Stored::column(text(bytes)?))))
    }
}

impl<T: StoredValue> FromSql<Nullable<Text>, Pg> for StoredText<T> {
    fn from_sql(bytes: PgValue<'_>) -> deserialize::Result<Self> {
        <Self as FromSql<Text, Pg>>::from_sql(bytes)
    }

    fn from_nullable_sql(bytes: Option<PgValue<'_>>) -> deserialize::Result<Self> {
        match bytes {
            Some(b) => <Self as FromSql<Text, Pg>>::from_sql(b),
            None => Ok(StoredText(None)),
        }
    }
}

impl<T> From<StoredText<T>> for Option<Stored<T>> {
    fn from(d: StoredText<T>) -> Self {
        d.0
    }
}

impl<T> TryFrom<StoredText<T>> for Stored<T> {
    type Error = &'static str;

    fn try_from(d: StoredText<T>) -> Result<Self, Self::Error> {
        d.0.ok_or("a NOT NULL column read as NULL")
    }
}

pub type CpfText = StoredText<Cpf>;
pub type DocumentText = StoredText<Document>;
pub type CepText = StoredText<Cep>;
