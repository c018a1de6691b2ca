//! The order form (spec 2 sections 3 and 5): code, customer, order-level delivered quantity,
//! shipping companies and items. An item needs both a product and a quantity above zero.

use crate::admin::forms::max_length_message;
use crate::FieldIssue;

use super::Tonnes;

pub const ORDER_CODE_MAX: usize = 11;
pub const ORDER_CODE_REQUIRED: &str = "Código é obrigatório!";
pub const CUSTOMER_REQUIRED: &str = "Cliente é obrigatório!";
pub const ITEM_INCOMPLETE: &str = "Informe o produto e a quantidade do item!";
pub const ITEM_QUANTITY_INVALID: &str = "A quantidade do item deve ser um número maior que zero!";
pub const DELIVERED_INVALID: &str =
    "A quantidade entregue deve ser um número maior ou igual a zero!";
pub const ORDER_DELETE_TRANSPORTED: &str =
    "Erro ao excluir, existe(m) carregamento(s) com quantidade transportada neste pedido!";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderItemInput {
    pub id: Option<i64>,
    pub product_id: Option<i64>,
    /// As typed (`12`, `12,5`).
    pub quantity: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderInput {
    pub code: Option<String>,
    pub customer_id: Option<i64>,
    pub qty_transported: Option<String>,
    pub items: Vec<OrderItemInput>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderItemData {
    pub id: Option<i64>,
    pub product_id: i64,
    pub quantity: Tonnes,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderData {
    pub code: String,
    pub customer_id: i64,
    pub qty_transported: Tonnes,
    pub items: Vec<OrderItemData>,
}

/// Checks the form; every failing field once, with the message the form shows.
pub fn check_order(i: &OrderInput) -> Result<OrderData, Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let code = i.code.as_deref().map(str::trim).unwrap_or_default();
    if code.is_empty() {
        issues.push(FieldIssue::new("code", ORDER_CODE_REQUIRED));
    } else if code.chars().count() > ORDER_CODE_MAX {
        issues.push(FieldIssue::new("code", max_length_message(ORDER_CODE_MAX)));
    }
    let customer = i.customer_id.filter(|id| *id > 0);
    if customer.is_none() {
        issues.push(FieldIssue::new("customer", CUSTOMER_REQUIRED));
    }
    let delivered = match i.qty_transported.as_deref().map(str::trim) {
        None | Some("") => Some(Tonnes::ZERO),
        Some(t) => Tonnes::parse(t).filter(|t| t.hundredths() >= 0),
    };
    if delivered.is_none() {
        issues.push(FieldIssue::new("qtyTransported", DELIVERED_INVALID));
    }
    let mut items = Vec::new();
    for item in &i.items {
        let qty = item
            .quantity
            .as_deref()
            .map(str::trim)
            .filter(|q| !q.is_empty());
        match (item.product_id.filter(|id| *id > 0), qty) {
            (Some(product_id), Some(q)) => match Tonnes::parse(q).filter(|q| q.is_positive()) {
                Some(quantity) => items.push(OrderItemData {
                    id: item.id.filter(|id| *id > 0),
                    product_id,
                    quantity,
                }),
                None => issues.push(FieldIssue::new("orderItem", ITEM_QUANTITY_INVALID)),
            },
            _ => issues.push(FieldIssue::new("orderItem", ITEM_INCOMPLETE)),
        }
    }
    issues.dedup_by(|a, b| a.field == b.field);
    match (customer, delivered, issues.is_empty()) {
        (Some(customer_id), Some(qty_transported), true) => Ok(OrderData {
            code: code.to_owned(),
            customer_id,
            qty_transported,
            items,
        }),
        _ => Err(issues),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> OrderInput {
        OrderInput {
            code: Some(" PED-1 ".into()),
            customer_id: Some(3),
            qty_transported: None,
            items: vec![OrderItemInput {
                id: None,
                product_id: Some(9),
                quantity: Some("12,5".into()),
            }],
        }
    }

    #[test]
    fn a_complete_order_passes_with_exact_quantities() {
        let d = check_order(&good()).unwrap();
        assert_eq!(d.code, "PED-1");
        assert_eq!(d.qty_transported, Tonnes::ZERO);
        assert_eq!(d.items[0].quantity, Tonnes::from_hundredths(1250));
    }

    #[test]
    fn code_is_required_and_at_most_eleven_characters() {
        let mut i = good();
        i.code = Some("123456789012".into());
        let e = check_order(&i).unwrap_err();
        assert_eq!(
            e,
            vec![FieldIssue::new("code", "Tamanho máximo de 11 caracteres")]
        );
        i.code = None;
        assert_eq!(check_order(&i).unwrap_err()[0].message, ORDER_CODE_REQUIRED);
    }

    #[test]
    fn an_item_needs_both_product_and_a_positive_quantity() {
        let mut i = good();
        i.items[0].product_id = None;
        assert_eq!(check_order(&i).unwrap_err()[0].message, ITEM_INCOMPLETE);
        let mut i = good();
        i.items[0].quantity = Some("0".into());
        assert_eq!(
            check_order(&i).unwrap_err()[0].message,
            ITEM_QUANTITY_INVALID
        );
    }

    #[test]
    fn customer_is_required_and_delivered_cannot_be_negative() {
        let mut i = good();
        i.customer_id = None;
        i.qty_transported = Some("-1".into());
        let fields: Vec<_> = check_order(&i)
            .unwrap_err()
            .into_iter()
            .map(|f| f.field)
            .collect();
        assert_eq!(fields, ["customer", "qtyTransported"]);
    }
}
