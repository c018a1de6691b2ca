//! Folded text for the searches (issue 28): `patio_fold(column) LIKE patio_fold(pattern)`
//! matches without accents or case, and is the expression the trigram indexes hold
//! (db/migrations/20261201002800_search_indexes). Documents stored with or without their mask
//! are searched on their `cnpj_plain` column (letters and digits, upper-case) with
//! `SearchText::document_pattern`.

use diesel::expression::BoxableExpression;
use diesel::pg::{Pg, PgConnection};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Nullable, Text};
use patio_domain::admin::listing::PageRequest;
use patio_domain::text::search_fold;

#[diesel::declare_sql_function]
extern "SQL" {
    /// `lower(unaccent(text))`, declared IMMUTABLE so that it can be indexed.
    fn patio_fold(text: Text) -> Text;
    /// [`patio_fold`] of a nullable column.
    #[sql_name = "patio_fold"]
    fn patio_fold_nullable(text: Nullable<Text>) -> Nullable<Text>;
}

/// How many matching rows of a joined table are bound as an array; past it the match stays a
/// sub-select (the arm matches so much that scanning in the list's order is right anyway).
const NAMED_IDS_BOUND: i64 = 1_000;

/// The rows of a joined table whose name a search matches, looked up before the list's query
/// (issue 28). Bound as an array, the planner sees how many there are (usually none or a few)
/// and joins the OR's other arms in one bitmap; as a sub-select it guessed thousands and walked
/// the list's order index filtering every row (a plate among 60,000 trucks took 400 ms).
#[derive(Clone, Debug)]
pub(crate) enum Named {
    Ids(Vec<i64>),
    /// More than [`NAMED_IDS_BOUND`]: the folded pattern, matched in a sub-select.
    Many(String),
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
}

/// `WHERE patio_fold(x.name) LIKE $1` (the pattern folded, [`folded_text`]) on `table`, within `scope`
/// (`company_id = 7`, built from integers only). Customers' folded names are stored.
fn named_where(table: &str, scope: Option<&str>) -> String {
    let scope = scope.map(|s| format!(" AND x.{s}")).unwrap_or_default();
    let name = if table == "customers" {
        "x.name_fold"
    } else {
        "patio_fold(x.name)"
    };
    format!("FROM {table} x WHERE {name} LIKE $1{scope}")
}

/// Looks the names up: see [`Named`].
pub(crate) fn named(
    conn: &mut PgConnection,
    table: &str,
    scope: Option<&str>,
    pattern: &str,
) -> QueryResult<Named> {
    let pattern = folded_text(conn, pattern)?;
    let rows: Vec<IdRow> = diesel::sql_query(format!(
        "SELECT x.id {} LIMIT {}",
        named_where(table, scope),
        NAMED_IDS_BOUND + 1
    ))
    .bind::<Text, _>(&pattern)
    .load(conn)?;
    Ok(if rows.len() as i64 > NAMED_IDS_BOUND {
        Named::Many(pattern)
    } else {
        Named::Ids(rows.into_iter().map(|r| r.id).collect())
    })
}

/// `<column> = ANY(<ids>)` (or the sub-select for [`Named::Many`]): a match on a joined table's
/// name as a condition on this table's indexed foreign key.
pub(crate) fn fk_named<QS: 'static>(
    column: &str,
    table: &str,
    scope: Option<&str>,
    named: Named,
) -> Box<dyn BoxableExpression<QS, Pg, SqlType = Bool>> {
    match named {
        Named::Ids(ids) => Box::new(
            diesel::dsl::sql::<Bool>(&format!("{column} = ANY("))
                .bind::<Array<BigInt>, _>(ids)
                .sql(")"),
        ),
        Named::Many(pattern) => {
            let lookup = named_where(table, scope);
            let (head, tail) = lookup.split_once("$1").unwrap_or((&lookup, ""));
            Box::new(
                diesel::dsl::sql::<Bool>(&format!("{column} = ANY(ARRAY(SELECT x.id {head}"))
                    .bind::<Text, _>(pattern)
                    .sql(&format!("{tail}))")),
            )
        }
    }
}

/// The typed pattern folded as `patio_fold` folds it: bound already folded when
/// [`search_fold`] knows every character, else `patio_fold(<pattern>)`. Bound folded, a generic
/// plan (the cached statement after a few runs) does not fold the parameter again on every row
/// it checks: the sets searched by driver folded it for 562 rows, 3.4 of 5 ms (issue 28).
pub(crate) fn folded<QS: 'static>(
    pattern: &str,
) -> Box<dyn BoxableExpression<QS, Pg, SqlType = Text>> {
    match search_fold(pattern) {
        Some(folded) => Box::new(folded.into_sql::<Text>()),
        None => Box::new(patio_fold(pattern.to_owned())),
    }
}

/// [`folded`] for a nullable column.
pub(crate) fn folded_nullable<QS: 'static>(
    pattern: &str,
) -> Box<dyn BoxableExpression<QS, Pg, SqlType = Nullable<Text>>> {
    match search_fold(pattern) {
        Some(folded) => Box::new(folded.into_sql::<Nullable<Text>>()),
        None => Box::new(patio_fold_nullable(Some(pattern.to_owned()))),
    }
}

/// [`folded`] for a statement written in SQL: the text to bind in place of
/// `patio_fold(<pattern>)`, asking the database only for characters [`search_fold`] does not
/// know.
pub(crate) fn folded_text(conn: &mut PgConnection, pattern: &str) -> QueryResult<String> {
    if let Some(folded) = search_fold(pattern) {
        return Ok(folded);
    }
    #[derive(QueryableByName)]
    struct Folded {
        #[diesel(sql_type = Text)]
        folded: String,
    }
    let row: Folded = diesel::sql_query("SELECT patio_fold($1) AS folded")
        .bind::<Text, _>(pattern)
        .get_result(conn)?;
    Ok(row.folded)
}

/// [`folded`] for a statement written in SQL without a connection at hand: the SQL for
/// placeholder `ph` and the text to bind to it (folded, or as typed inside `patio_fold`).
pub(crate) fn folded_param(pattern: &str, ph: &str) -> (String, String) {
    match search_fold(pattern) {
        Some(folded) => (ph.to_owned(), folded),
        None => (format!("patio_fold({ph})"), pattern.to_owned()),
    }
}

/// Whether `text` has three letters or digits in a row: a trigram index can look up such a
/// text's rows; a shorter one gives it nothing to look up (it reads the whole index).
pub(crate) fn has_trigram(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|word| word.chars().count() >= 3)
}

/// `EXPLAIN (ANALYZE)` of a statement, for the plan tests: the plan of what runs, binds and all.
pub(crate) struct Explain<'q, Q>(pub(crate) &'q Q);

impl<Q: diesel::query_builder::QueryFragment<Pg>> diesel::query_builder::QueryFragment<Pg>
    for Explain<'_, Q>
{
    fn walk_ast<'b>(
        &'b self,
        mut out: diesel::query_builder::AstPass<'_, 'b, Pg>,
    ) -> QueryResult<()> {
        out.unsafe_to_cache_prepared();
        out.push_sql("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ");
        self.0.walk_ast(out.reborrow())
    }
}

impl<Q> diesel::query_builder::QueryId for Explain<'_, Q> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Q> diesel::query_builder::Query for Explain<'_, Q> {
    type SqlType = diesel::sql_types::Text;
}

impl<Q> RunQueryDsl<PgConnection> for Explain<'_, Q> {}

/// A searched page's row id with the search's total (the statements that find a search's
/// matches once and return the page with the total).
#[derive(diesel::QueryableByName)]
pub(crate) struct SearchedId {
    #[diesel(sql_type = BigInt)]
    pub(crate) id: i64,
    #[diesel(sql_type = BigInt)]
    pub(crate) total: i64,
}

/// A search's total counted apart (past its last page, no row carries it).
#[derive(diesel::QueryableByName)]
pub(crate) struct Total {
    #[diesel(sql_type = BigInt)]
    pub(crate) total: i64,
}

/// The total of a list whose page has been read, when the page tells it: a page with rows
/// but fewer than asked for is the last, and an empty first page means none. Otherwise
/// (a full page, or one past the end) the list is counted. A search that finds a few rows — a
/// CNPJ, a code — then costs one statement, not two that read the same matches (issue 28).
pub(crate) fn total_from_page(page: Option<PageRequest>, found: usize) -> Option<i64> {
    let found = i64::try_from(found).ok()?;
    match page {
        None => Some(found),
        Some(p) if found > 0 && found < p.limit() => Some(p.offset() + found),
        Some(p) if found == 0 && p.offset() == 0 => Some(0),
        Some(_) => None,
    }
}
