//! Folded text for the searches (issue 28): `patio_fold(column) LIKE patio_fold(pattern)`
//! matches without accents or case, and is the expression the trigram indexes hold
//! (db/migrations/20261201002800_search_indexes).

use diesel::expression::BoxableExpression;
use diesel::pg::Pg;
use diesel::sql_types::{Bool, Nullable, Text};

#[diesel::declare_sql_function]
extern "SQL" {
    /// `lower(unaccent(text))`, declared IMMUTABLE so that it can be indexed.
    fn patio_fold(text: Text) -> Text;
    /// [`patio_fold`] of a nullable column.
    #[sql_name = "patio_fold"]
    fn patio_fold_nullable(text: Nullable<Text>) -> Nullable<Text>;
}

/// `<column> = ANY(ARRAY(SELECT id FROM <table> WHERE patio_fold(name) LIKE patio_fold($)))`:
/// a match on a joined table's name as a condition on this table's indexed foreign key, so
/// that it can join the other arms of an OR in one bitmap instead of a scan of every row.
/// `scope` narrows the looked-up rows (`company_id = 7`, prefixed with the alias); it is
/// built from integers only.
pub(crate) fn fk_named<QS: 'static>(
    column: &str,
    table: &str,
    scope: Option<String>,
    pattern: String,
) -> Box<dyn BoxableExpression<QS, Pg, SqlType = Bool>> {
    let scope = scope.map(|s| format!(" AND x.{s}")).unwrap_or_default();
    Box::new(
        diesel::dsl::sql::<Bool>(&format!(
            "{column} = ANY(ARRAY(SELECT x.id FROM {table} x \
             WHERE patio_fold(x.name) LIKE patio_fold("
        ))
        .bind::<Text, _>(pattern)
        .sql(&format!("){scope}))")),
    )
}
