//! Orders (spec 2 "Orders"): list, read, save with items and shipping companies, delete, item
//! delete, and whether a driver is on an order. Administrators see every company; a Usuario its
//! company; a Transportadora reads the orders open to its shipping company.
//!
//! The status percent is derived here, never typed: delivered (the loadings' transported
//! quantities plus the quantity entered at order level) over ordered (the items' sum). It is
//! stored with the order after every change so the list and the dashboard read it.

pub mod history;
pub mod loading_ports;
pub mod loadings;
pub mod ports;
pub mod products;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use patio_domain::admin::access::{scope, Access, Area, Scope};
use patio_domain::admin::audit::{title, ObjectType, Operation};
use patio_domain::admin::listing::search_text;
use patio_domain::auth::Actor;
use patio_domain::orders::order_form::ORDER_DELETE_TRANSPORTED;
use patio_domain::orders::status::{balance, delivered, order_deletable, order_finished};
use patio_domain::orders::{
    check_order, status_percent, OrderData, OrderInput, OrderItemData, OrderItemInput,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::admin::party::target_company;
use crate::error::{AppError, AppResult};
use crate::orders::ports::{OrderFilter, OrderRecord, OrderSettings};
use crate::orders::products::CompanyRef;
use crate::ports::{Repos, StoreExt};
use crate::services::{
    code_taken, forbidden, invalid, text, Audit, Deleted, Deps, ListQuery, Listing, OptIdRef, Saved,
};

pub const ORDER_PAGE_SIZE: u32 = 9;
pub const ORDER_CODE_TAKEN_MESSAGE: &str = "Código do pedido já cadastrado!";
pub const CUSTOMER_NOT_IN_COMPANY: &str = "Cliente não pertence à empresa do pedido!";
pub const PRODUCT_NOT_IN_COMPANY: &str = "Produto não pertence à empresa do pedido!";
pub const SHIPPING_NOT_IN_COMPANY: &str = "Transportadora não pertence à empresa do pedido!";

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct CustomerRef {
    pub id: i64,
    pub code: i32,
    pub name: String,
    pub city: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct ProductRef {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct OrderItemView {
    pub id: i64,
    /// Tonnes.
    pub quantity: f64,
    pub product: ProductRef,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct ShippingRef {
    pub id: i64,
    pub code: i32,
    pub name: String,
}

/// An order as the list (without items and shipping companies) and the form show it.
/// Quantities are tonnes; `status` is the derived percent as text (spec 2 section 3).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub id: i64,
    pub code: String,
    pub customer: CustomerRef,
    pub company: CompanyRef,
    /// Delivered quantity entered at order level.
    pub qty_transported: f64,
    /// The items' sum.
    pub ordered: f64,
    /// The loadings' transported quantities plus `qtyTransported`.
    pub delivered: f64,
    /// What is still to deliver: ordered less delivered, never below zero.
    pub balance: f64,
    pub status: String,
    pub enable: bool,
    pub send_email: bool,
    pub create_at: DateTime<Utc>,
    /// No loading has a transported quantity yet, so the order may be deleted.
    pub deletable: bool,
    /// At 100 %: finished, no new loadings and no edit.
    pub finished: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shipping_company: Option<Vec<ShippingRef>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_item: Option<Vec<OrderItemView>>,
    /// After a save with `sendEmail`: how many e-mails went to the carriers' users (0: none
    /// of them receives e-mail, the form says so).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emails_queued: Option<usize>,
}

/// The order as its screens show it: delivered, balance, deletable and finished derived from
/// the record through the domain's order rules (not a field copy, so the record stays).
fn view(o: OrderRecord) -> OrderView {
    OrderView {
        id: o.id,
        code: o.code,
        customer: CustomerRef {
            id: o.customer.id,
            code: o.customer.code,
            name: o.customer.name,
            city: o.customer.city,
        },
        company: CompanyRef {
            id: o.company_id,
            name: o.company_name,
        },
        qty_transported: o.qty_transported.as_f64(),
        ordered: o.ordered.as_f64(),
        delivered: delivered([o.loaded], o.qty_transported).as_f64(),
        balance: balance(o.ordered, delivered([o.loaded], o.qty_transported)).as_f64(),
        status: o.status.to_string(),
        enable: o.enable,
        send_email: o.send_email,
        create_at: o.created_at,
        deletable: order_deletable(o.loaded),
        finished: order_finished(o.status),
        shipping_company: None,
        order_item: None,
        emails_queued: None,
    }
}

// An item of the order form.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
pub struct OrderItemBody {
    pub id: Option<i64>,
    /// Tonnes (number or text).
    #[schema(value_type = Option<String>)]
    pub quantity: Option<Value>,
    pub product: Option<OptIdRef>,
}

/// The order form. `id` 0 creates; the code is kept as stored on edit. Items with an `id`
/// are updated, the others added; saved items are removed with `DELETE /orderItem/delete/{id}`.
// The command is the HTTP body itself (named `OrderBody` in the contract). Its text goes to the
// domain as `OrderInput` (numbers may come as JSON numbers or text; the domain reads text).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderBody)]
pub struct SaveOrder {
    pub id: Option<i64>,
    pub code: Option<String>,
    pub customer: Option<OptIdRef>,
    /// Delivered quantity entered at order level (tonnes, number or text).
    #[schema(value_type = Option<String>)]
    pub qty_transported: Option<Value>,
    #[serde(default)]
    pub send_email: bool,
    #[serde(default)]
    pub shipping_company: Vec<OptIdRef>,
    #[serde(default)]
    pub order_item: Vec<OrderItemBody>,
    pub company: Option<OptIdRef>,
    /// Absent: enabled.
    pub enable: Option<bool>,
}

impl SaveOrder {
    /// The form as the domain checks it; on edit the stored code stands.
    fn input(&self, stored_code: Option<&str>) -> OrderInput {
        OrderInput {
            code: stored_code.map(str::to_owned).or_else(|| self.code.clone()),
            customer_id: self.customer.and_then(|c| c.id),
            qty_transported: text(self.qty_transported.clone()),
            items: self
                .order_item
                .iter()
                .map(|i| OrderItemInput {
                    id: i.id,
                    product_id: i.product.and_then(|p| p.id),
                    quantity: text(i.quantity.clone()),
                })
                .collect(),
        }
    }
}

/// The answer of `GET /order/{id}/hasDriver/{driverId}`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HasDriver {
    pub order_has_this_driver: bool,
}

/// The order if the scope covers it: its company, and for a Transportadora one of the
/// order's shipping companies.
fn read(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<OrderRecord> {
    let o = repos
        .order(id)?
        .filter(|o| s.covers_company(o.company_id))
        .ok_or_else(AppError::not_found)?;
    if let Some(shipping) = s.shipping_company() {
        let open = repos.order_shipping_companies(id)?;
        if !open.iter().any(|c| c.id == shipping) {
            return Err(AppError::not_found());
        }
    }
    Ok(o)
}

fn full(repos: &mut dyn Repos, s: &Scope, id: i64) -> AppResult<OrderView> {
    let o = read(repos, s, id)?;
    let mut v = view(o);
    v.shipping_company = Some(
        repos
            .order_shipping_companies(id)?
            .into_iter()
            .map(|c| ShippingRef {
                id: c.id,
                code: c.code,
                name: c.name,
            })
            .collect(),
    );
    v.order_item = Some(
        repos
            .order_items(id)?
            .into_iter()
            .map(|i| OrderItemView {
                id: i.id,
                quantity: i.quantity.as_f64(),
                product: ProductRef {
                    id: i.product_id,
                    code: i.product_code,
                    name: i.product_name,
                },
            })
            .collect(),
    );
    Ok(v)
}

/// Derives and stores the order's status percent; called after every change of its items,
/// its order-level quantity or its loadings.
pub(crate) fn refresh_status(repos: &mut dyn Repos, order_id: i64) -> AppResult<u8> {
    let Some(o) = repos.order(order_id)? else {
        return Err(AppError::not_found());
    };
    let pct = status_percent(o.ordered, delivered([o.loaded], o.qty_transported));
    repos.set_order_status(order_id, i32::from(pct))?;
    Ok(pct)
}

/// The order form checked by the domain (the code is read-only on edit), then against the
/// order's company: its customer, its items' products and its shipping companies (sorted, each
/// once) must be the company's.
fn check_form(
    repos: &mut dyn Repos,
    company_id: i64,
    existing: Option<&OrderRecord>,
    cmd: &SaveOrder,
) -> AppResult<(OrderData, Vec<i64>)> {
    let data = check_order(&cmd.input(existing.map(|o| o.code.as_str()))).map_err(invalid)?;
    if repos.customer_owner(data.customer_id)? != Some(company_id) {
        return Err(AppError::field("customer", CUSTOMER_NOT_IN_COMPANY));
    }
    for item in &data.items {
        if repos
            .product(item.product_id)?
            .is_none_or(|p| p.company.id != company_id)
        {
            return Err(AppError::field("orderItem", PRODUCT_NOT_IN_COMPANY));
        }
    }
    let mut carriers: Vec<i64> = cmd.shipping_company.iter().filter_map(|c| c.id).collect();
    carriers.sort_unstable();
    carriers.dedup();
    for c in &carriers {
        if repos.shipping_company_owner(*c)? != Some(company_id) {
            return Err(AppError::field("shippingCompany", SHIPPING_NOT_IN_COMPANY));
        }
    }
    Ok((data, carriers))
}

/// A new order; its code must be free in its company (the unique index backs it).
fn insert_order(repos: &mut dyn Repos, data: &OrderData, at: &OrderSettings) -> AppResult<i64> {
    if repos.order_by_code(at.company_id, &data.code)?.is_some() {
        return Err(AppError::Duplicate(ORDER_CODE_TAKEN_MESSAGE.to_owned()));
    }
    repos
        .insert_order(data, at)
        .map_err(|e| match code_taken(e) {
            AppError::Duplicate(_) => AppError::Duplicate(ORDER_CODE_TAKEN_MESSAGE.to_owned()),
            other => other,
        })
}

/// Items with an id (of this order, else 404) are updated, the others added.
fn write_items(repos: &mut dyn Repos, order_id: i64, items: &[OrderItemData]) -> AppResult<()> {
    for item in items {
        match item.id {
            Some(item_id) => {
                if repos.order_item_order(item_id)? != Some(order_id) {
                    return Err(AppError::not_found());
                }
                repos.update_order_item(item_id, item.product_id, item.quantity)?;
            }
            None => {
                repos.insert_order_item(order_id, item.product_id, item.quantity)?;
            }
        }
    }
    Ok(())
}

#[derive(Clone)]
pub struct OrderService {
    deps: Arc<Deps>,
}

/// Which list call: `GET /order`, `/order/company/{id}` or `/order/shipping-company/{id}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderListOf {
    Scope,
    Company(i64),
    ShippingCompany(i64),
}

impl OrderService {
    pub fn new(deps: Arc<Deps>) -> Self {
        Self { deps }
    }

    /// Search over id, code and customer name; orders at 100 % only with `include_complete`.
    pub fn list(
        &self,
        actor: &Actor,
        of: OrderListOf,
        q: &ListQuery,
        include_complete: bool,
    ) -> AppResult<Listing<OrderView>> {
        let s = scope(actor, Area::Orders, Access::Read).map_err(forbidden)?;
        let (company, shipping) = match of {
            OrderListOf::Scope => (q.company_id, None),
            OrderListOf::Company(id) => (Some(id), None),
            OrderListOf::ShippingCompany(id) => (None, Some(id)),
        };
        if company.is_some_and(|id| !s.covers_company(id))
            || shipping.is_some_and(|id| s.shipping_company().is_some_and(|own| own != id))
        {
            return Err(AppError::not_found());
        }
        let page = q.page(ORDER_PAGE_SIZE);
        let filter = OrderFilter {
            company_id: s.company().or(company),
            shipping_company_id: s.shipping_company().or(shipping),
            search: search_text(q.search.as_deref()),
            include_complete,
            page,
        };
        let found = self.deps.store.replica_reads(|repos| {
            // A shipping company of another company is not found.
            if let Some(id) = shipping {
                if repos
                    .shipping_company_owner(id)?
                    .is_none_or(|owner| !s.covers_company(owner))
                {
                    return Err(AppError::not_found());
                }
            }
            repos.list_orders(&filter)
        })?;
        Ok(Listing::of(found, page, view))
    }

    pub fn get(&self, actor: &Actor, id: i64) -> AppResult<OrderView> {
        let s = scope(actor, Area::Orders, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| full(repos, &s, id))
    }

    pub fn has_driver(&self, actor: &Actor, id: i64, driver_id: i64) -> AppResult<HasDriver> {
        let s = scope(actor, Area::Orders, Access::Read).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            read(repos, &s, id)?;
            Ok(HasDriver {
                order_has_this_driver: repos.order_has_driver(id, driver_id)?,
            })
        })
    }

    /// `POST /order/save`: the order's company (the stored one on edit), the form checked
    /// (the code kept on edit; customer, products and shipping companies of that company), the
    /// order, its shipping companies and items written, the status derived, the staff log, and
    /// with `sendEmail` the carriers' e-mails (sent after the commit).
    pub fn save(
        &self,
        actor: &Actor,
        ip: Option<&str>,
        cmd: SaveOrder,
    ) -> AppResult<Saved<OrderView>> {
        let s = scope(actor, Area::Orders, Access::Write).map_err(forbidden)?;
        let id = crate::services::save_target(cmd.id)?;
        let mut mails = Vec::new();
        let mut saved = self.deps.store.tx(|repos| {
            let (company_id, existing) = match id {
                Some(id) => {
                    let o = read(repos, &s, id)?;
                    (o.company_id, Some(o))
                }
                None => (
                    target_company(repos, s, cmd.company.and_then(|c| c.id))?.0,
                    None,
                ),
            };
            let (data, carriers) = check_form(repos, company_id, existing.as_ref(), &cmd)?;
            let settings = OrderSettings {
                company_id,
                enable: cmd.enable.unwrap_or(true),
                send_email: cmd.send_email,
            };
            let (id, operation) = match &existing {
                Some(o) => {
                    repos.update_order(o.id, &data, &settings)?;
                    (o.id, Operation::Update)
                }
                None => (insert_order(repos, &data, &settings)?, Operation::Create),
            };
            repos.set_order_shipping_companies(id, &carriers)?;
            write_items(repos, id, &data.items)?;
            let pct = refresh_status(repos, id)?;
            Audit::by(actor, ip).write(
                repos,
                operation,
                ObjectType::Order,
                Some(company_id),
                title(ObjectType::Order, operation, &data.code),
                vec![
                    ("Código", data.code.clone()),
                    ("Itens", data.items.len().to_string()),
                    ("Status", format!("{pct}%")),
                ],
            )?;
            if cmd.send_email {
                let (settings, now) = (&self.deps.mail, self.deps.clock.now());
                let created = operation == Operation::Create;
                mails = crate::mail::record_order_mail(repos, settings, id, created, now)?;
            }
            Ok(Saved {
                created: operation == Operation::Create,
                view: full(repos, &s, id)?,
            })
        })?;
        // The order e-mail goes out after the commit; its outcome is the outbox's, never
        // the save's.
        crate::mail::deliver(&self.deps, &mails, patio_domain::mail::Attempt::First);
        saved.view.emails_queued = cmd.send_email.then_some(mails.len());
        Ok(saved)
    }

    /// `DELETE /orderItem/delete/{id}`: a saved item of an order the actor may edit.
    pub fn delete_item(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let s = scope(actor, Area::Orders, Access::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let order_id = repos
                .order_item_order(id)?
                .ok_or_else(AppError::not_found)?;
            let o = read(repos, &s, order_id)?;
            repos.delete_order_item(id)?;
            refresh_status(repos, order_id)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Update,
                ObjectType::Order,
                Some(o.company_id),
                title(ObjectType::Order, Operation::Update, &o.code),
                vec![
                    ("Código", o.code.clone()),
                    ("Item excluído", id.to_string()),
                ],
            )?;
            Ok(Deleted::new(id))
        })
    }

    /// Refused once a loading of the order has a transported quantity.
    pub fn delete(&self, actor: &Actor, ip: Option<&str>, id: i64) -> AppResult<Deleted> {
        let s = scope(actor, Area::Orders, Access::Write).map_err(forbidden)?;
        self.deps.store.tx(|repos| {
            let o = read(repos, &s, id)?;
            if repos.order_has_transported_loading(id)? {
                return Err(AppError::Referenced(ORDER_DELETE_TRANSPORTED.to_owned()));
            }
            repos.delete_order(id)?;
            Audit::by(actor, ip).write(
                repos,
                Operation::Delete,
                ObjectType::Order,
                Some(o.company_id),
                title(ObjectType::Order, Operation::Delete, &o.code),
                vec![("Código", o.code.clone())],
            )?;
            Ok(Deleted::new(id))
        })
    }
}
