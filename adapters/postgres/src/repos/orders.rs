//! Orders, their items and the shipping companies they are open to.

use std::collections::HashMap;

use bigdecimal::{BigDecimal, ToPrimitive};
use diesel::dsl::sum;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{BoxedSqlQuery, SqlQuery};
use diesel::sql_types::{BigInt, Bool, Nullable, Text};
use patio_application::model::Page;
use patio_application::orders::ports::{
    OrderCustomerRecord, OrderFilter, OrderItemRecord, OrderRecord, OrderRepo, OrderSettings,
    OrderShippingRecord,
};
use patio_application::{AppError, AppResult};
use patio_domain::admin::listing::SearchText;
use patio_domain::orders::{OrderData, Tonnes};

use super::search::{folded_param, total_from_page, SearchedId, Total};
use crate::rows::{NewOrderItemRow, NewOrderRow, OrderItemRow, OrderRow, OrderShippingCompanyRow};
use crate::schema::{
    companies, customers, order_items, order_shipping_companies, orders, products, schedulings,
    shipping_companies,
};
use crate::store::{db_error, PgRepos};

/// numeric(12,3) tonnes to whole hundredths (the screens' two decimals).
pub(crate) fn tonnes(v: &BigDecimal) -> AppResult<Tonnes> {
    (v * BigDecimal::from(100))
        .round(0)
        .to_i64()
        .map(Tonnes::from_hundredths)
        .ok_or_else(|| AppError::internal("tonnes out of range"))
}

pub(crate) fn decimal(t: Tonnes) -> BigDecimal {
    BigDecimal::new(t.hundredths().into(), 2)
}

/// An order's item with its product's code and name.
#[derive(Queryable, Selectable)]
#[diesel(check_for_backend(diesel::pg::Pg))]
struct OrderItemProductRow {
    #[diesel(embed)]
    item: OrderItemRow,
    #[diesel(select_expression = products::code)]
    product_code: i32,
    #[diesel(select_expression = products::name)]
    product_name: String,
}

/// The orders a list's filter names, on orders alone (every order has its customer and
/// company): the count and the page's ids read no join (issue 28); the page's rows are joined
/// after. A search is [`searched`].
fn matching(f: &OrderFilter) -> orders::BoxedQuery<'static, Pg> {
    let mut q = orders::table.into_boxed();
    if let Some(id) = f.company_id {
        q = q.filter(orders::company_id.eq(id));
    }
    if let Some(id) = f.shipping_company_id {
        q = q.filter(
            orders::id.eq_any(
                order_shipping_companies::table
                    .filter(order_shipping_companies::shipping_company_id.eq(id))
                    .select(order_shipping_companies::order_id),
            ),
        );
    }
    if !f.include_complete {
        q = q.filter(orders::status.lt(BigDecimal::from(100)));
    }
    q
}

/// The searched orders' conditions: `$1` the company, `$2` the shipping company, `$3` whether
/// complete orders count, `$4` the typed code as an id, `$5` the folded text (`pattern`, the
/// SQL that reads it). The customer's name is an arm on the orders' `customer_id` index, its
/// customers (the company's) looked up in the same statement: apart, the lookup was a round
/// trip of its own before the page and the count (issue 28).
fn searched_where(pattern: &str) -> String {
    format!(
        "WHERE ($1::bigint IS NULL OR o.company_id = $1)
           AND ($2::bigint IS NULL OR o.id IN (SELECT os.order_id FROM order_shipping_companies os
                                                WHERE os.shipping_company_id = $2))
           AND ($3 OR o.status < 100)
           AND (o.id = $4 OR patio_fold(o.code) LIKE {pattern}
                OR o.customer_id = ANY(ARRAY(SELECT x.id FROM customers x
                                              WHERE x.name_fold LIKE {pattern}
                                                AND ($1::bigint IS NULL OR x.company_id = $1))))"
    )
}

/// `$1`..`$5` of [`searched_where`].
fn searched_binds(
    sql: String,
    f: &OrderFilter,
    s: &SearchText,
    text: String,
) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    diesel::sql_query(sql)
        .into_boxed()
        .bind::<Nullable<BigInt>, _>(f.company_id)
        .bind::<Nullable<BigInt>, _>(f.shipping_company_id)
        .bind::<Bool, _>(f.include_complete)
        .bind::<BigInt, _>(s.code.map_or(-1, i64::from))
        .bind::<Text, _>(text)
}

/// A searched page's ids with the search's total, in one statement: the matches are found
/// once (`m`), the page taken from them. `$6` the offset, `$7` the limit (none: every match).
/// The page's rows are then read by the cached statement that reads any page's.
fn searched(f: &OrderFilter, s: &SearchText) -> BoxedSqlQuery<'static, Pg, SqlQuery> {
    let (pattern, text) = folded_param(&s.pattern, "$5");
    let (offset, limit) = f.page.map_or((0, None), |p| (p.offset(), Some(p.limit())));
    let sql = format!(
        "WITH m AS MATERIALIZED (SELECT o.id, o.created_at FROM orders o {})
         SELECT p.id, (SELECT count(*) FROM m) AS total
           FROM (SELECT id, created_at FROM m ORDER BY created_at DESC, id DESC
                 OFFSET $6 LIMIT $7) p
          ORDER BY p.created_at DESC, p.id DESC",
        searched_where(&pattern)
    );
    searched_binds(sql, f, s, text)
        .bind::<BigInt, _>(offset)
        .bind::<Nullable<BigInt>, _>(limit)
}

type Loaded = (OrderRow, (i64, i32, String, Option<String>), String);

impl PgRepos<'_> {
    /// The items' sums and the loadings' transported sums of some orders.
    fn totals(&mut self, ids: &[i64]) -> AppResult<(HashMap<i64, Tonnes>, HashMap<i64, Tonnes>)> {
        let ordered: Vec<(i64, Option<BigDecimal>)> = order_items::table
            .filter(order_items::order_id.eq_any(ids))
            .group_by(order_items::order_id)
            .select((order_items::order_id, sum(order_items::quantity)))
            .load(self.conn)
            .map_err(db_error)?;
        let loaded: Vec<(i64, Option<BigDecimal>)> = schedulings::table
            .filter(schedulings::order_id.eq_any(ids))
            .group_by(schedulings::order_id)
            .select((schedulings::order_id, sum(schedulings::qty_transported)))
            .load(self.conn)
            .map_err(db_error)?;
        let to_map = |rows: Vec<(i64, Option<BigDecimal>)>| -> AppResult<HashMap<i64, Tonnes>> {
            rows.into_iter()
                .map(|(id, v)| Ok((id, v.as_ref().map(tonnes).transpose()?.unwrap_or_default())))
                .collect()
        };
        Ok((to_map(ordered)?, to_map(loaded)?))
    }

    /// A searched list: its page's ids and total in one statement ([`searched`]); past the
    /// last page no row carries the total, and it is counted apart.
    fn searched_orders(&mut self, f: &OrderFilter, s: &SearchText) -> AppResult<Page<OrderRecord>> {
        let found: Vec<SearchedId> = searched(f, s).load(self.conn).map_err(db_error)?;
        let total = match found.first() {
            Some(r) => r.total,
            None if f.page.is_none_or(|p| p.offset() == 0) => 0,
            None => {
                let (pattern, text) = folded_param(&s.pattern, "$5");
                let sql = format!(
                    "SELECT count(*) AS total FROM orders o {}",
                    searched_where(&pattern)
                );
                let t: Total = searched_binds(sql, f, s, text)
                    .get_result(self.conn)
                    .map_err(db_error)?;
                t.total
            }
        };
        let ids: Vec<i64> = found.iter().map(|r| r.id).collect();
        Ok(Page {
            items: self.page_rows(ids)?,
            total,
        })
    }

    /// The orders of `ids` with their customer and company, newest first (a page's order).
    fn page_rows(&mut self, ids: Vec<i64>) -> AppResult<Vec<OrderRecord>> {
        let rows: Vec<Loaded> = orders::table
            .inner_join(customers::table)
            .inner_join(companies::table)
            .filter(orders::id.eq_any(ids))
            .select((
                OrderRow::as_select(),
                (
                    customers::id,
                    customers::code,
                    customers::name,
                    customers::city,
                ),
                companies::name,
            ))
            .order((orders::created_at.desc(), orders::id.desc()))
            .load(self.conn)
            .map_err(db_error)?;
        self.records(rows)
    }

    fn records(&mut self, rows: Vec<Loaded>) -> AppResult<Vec<OrderRecord>> {
        let ids: Vec<i64> = rows.iter().map(|r| r.0.id).collect();
        let (ordered, loaded) = self.totals(&ids)?;
        rows.into_iter()
            .map(|(o, (cid, ccode, cname, city), company_name)| {
                Ok(OrderRecord {
                    id: o.id,
                    company_id: o.company_id,
                    company_name,
                    code: o.code,
                    customer: OrderCustomerRecord {
                        id: cid,
                        code: ccode,
                        name: cname,
                        city,
                    },
                    qty_transported: tonnes(&o.qty_transported)?,
                    enable: o.enable,
                    status: o.status.round(0).to_i32().unwrap_or(0),
                    send_email: o.send_email,
                    created_at: o.created_at,
                    ordered: ordered.get(&o.id).copied().unwrap_or_default(),
                    loaded: loaded.get(&o.id).copied().unwrap_or_default(),
                })
            })
            .collect()
    }
}

/// The checked order with its company and switches.
fn order_row(o: &OrderData, at: &OrderSettings) -> NewOrderRow {
    NewOrderRow {
        company_id: at.company_id,
        code: o.code.clone(),
        customer_id: o.customer_id,
        qty_transported: decimal(o.qty_transported),
        enable: at.enable,
        send_email: at.send_email,
    }
}

impl OrderRepo for PgRepos<'_> {
    fn list_orders(&mut self, f: &OrderFilter) -> AppResult<Page<OrderRecord>> {
        if let Some(s) = &f.search {
            return self.searched_orders(f, s);
        }
        let mut q = matching(f)
            .select(orders::id)
            .order((orders::created_at.desc(), orders::id.desc()));
        if let Some(p) = f.page {
            q = q.offset(p.offset()).limit(p.limit());
        }
        let ids: Vec<i64> = q.load(self.conn).map_err(db_error)?;
        // The page first: when it tells the total, nothing is counted.
        let total = match total_from_page(f.page, ids.len()) {
            Some(total) => total,
            None => matching(f)
                .count()
                .get_result(self.conn)
                .map_err(db_error)?,
        };
        Ok(Page {
            items: self.page_rows(ids)?,
            total,
        })
    }

    fn order(&mut self, id: i64) -> AppResult<Option<OrderRecord>> {
        Ok(self.orders_by_ids(&[id])?.into_iter().next())
    }

    fn orders_by_ids(&mut self, ids: &[i64]) -> AppResult<Vec<OrderRecord>> {
        self.page_rows(ids.to_vec())
    }

    fn order_by_code(&mut self, company_id: i64, code: &str) -> AppResult<Option<i64>> {
        orders::table
            .filter(orders::company_id.eq(company_id))
            .filter(orders::code.eq(code))
            .select(orders::id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }

    fn order_items(&mut self, order_id: i64) -> AppResult<Vec<OrderItemRecord>> {
        let rows: Vec<OrderItemProductRow> = order_items::table
            .inner_join(products::table)
            .filter(order_items::order_id.eq(order_id))
            .select(OrderItemProductRow::as_select())
            .order(order_items::id.asc())
            .load(self.conn)
            .map_err(db_error)?;
        rows.into_iter()
            .map(|r| {
                Ok(OrderItemRecord {
                    id: r.item.id,
                    order_id: r.item.order_id,
                    quantity: tonnes(&r.item.quantity)?,
                    product_id: r.item.product_id,
                    product_code: r.product_code,
                    product_name: r.product_name,
                })
            })
            .collect()
    }

    fn order_shipping_companies(&mut self, order_id: i64) -> AppResult<Vec<OrderShippingRecord>> {
        let rows: Vec<(i64, i32, String)> = order_shipping_companies::table
            .inner_join(shipping_companies::table)
            .filter(order_shipping_companies::order_id.eq(order_id))
            .select((
                shipping_companies::id,
                shipping_companies::code,
                shipping_companies::name,
            ))
            .order(shipping_companies::name.asc())
            .load(self.conn)
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, code, name)| OrderShippingRecord { id, code, name })
            .collect())
    }

    fn insert_order(&mut self, o: &OrderData, at: &OrderSettings) -> AppResult<i64> {
        diesel::insert_into(orders::table)
            .values(order_row(o, at))
            .returning(orders::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_order(&mut self, id: i64, o: &OrderData, at: &OrderSettings) -> AppResult<()> {
        diesel::update(orders::table.find(id))
            .set((order_row(o, at), orders::updated_at.eq(diesel::dsl::now)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_order_shipping_companies(&mut self, order_id: i64, ids: &[i64]) -> AppResult<()> {
        diesel::delete(
            order_shipping_companies::table.filter(order_shipping_companies::order_id.eq(order_id)),
        )
        .execute(self.conn)
        .map_err(db_error)?;
        let rows: Vec<OrderShippingCompanyRow> = ids
            .iter()
            .map(|id| OrderShippingCompanyRow {
                order_id,
                shipping_company_id: *id,
            })
            .collect();
        diesel::insert_into(order_shipping_companies::table)
            .values(rows)
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn insert_order_item(&mut self, order_id: i64, product_id: i64, qty: Tonnes) -> AppResult<i64> {
        diesel::insert_into(order_items::table)
            .values(NewOrderItemRow {
                order_id,
                product_id,
                quantity: decimal(qty),
            })
            .returning(order_items::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_order_item(&mut self, id: i64, product_id: i64, qty: Tonnes) -> AppResult<()> {
        diesel::update(order_items::table.find(id))
            .set((
                order_items::product_id.eq(product_id),
                order_items::quantity.eq(decimal(qty)),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn order_item_order(&mut self, item_id: i64) -> AppResult<Option<i64>> {
        order_items::table
            .find(item_id)
            .select(order_items::order_id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }

    fn delete_order_item(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(order_items::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_order_status(&mut self, id: i64, percent: i32) -> AppResult<()> {
        diesel::update(orders::table.find(id))
            .set(orders::status.eq(BigDecimal::from(percent)))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn order_has_transported_loading(&mut self, order_id: i64) -> AppResult<bool> {
        diesel::select(diesel::dsl::exists(
            schedulings::table
                .filter(schedulings::order_id.eq(order_id))
                .filter(schedulings::qty_transported.gt(BigDecimal::from(0))),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }

    fn delete_order(&mut self, id: i64) -> AppResult<()> {
        // Loadings without a transported quantity go with their order (checked by the caller);
        // one a queue entry still holds makes the delete fail as referenced.
        diesel::delete(schedulings::table.filter(schedulings::order_id.eq(id)))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::delete(orders::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn order_has_driver(&mut self, order_id: i64, driver_id: i64) -> AppResult<bool> {
        diesel::select(diesel::dsl::exists(
            schedulings::table
                .filter(schedulings::order_id.eq(order_id))
                .filter(schedulings::driver_id.eq(driver_id)),
        ))
        .get_result(self.conn)
        .map_err(db_error)
    }

    fn customer_owner(&mut self, id: i64) -> AppResult<Option<i64>> {
        customers::table
            .find(id)
            .select(customers::company_id)
            .first(self.conn)
            .optional()
            .map_err(db_error)
    }
}
