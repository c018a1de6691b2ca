//! Parties: customers and shipping companies, the two records made of a code, a name, a
//! document, an address and contacts (spec 1 sections 3 and 5). What differs between the two
//! kinds is said here once; the form rules are [`check_customer`] and
//! [`check_shipping_company`].

use super::access::Area;
use super::audit::ObjectType;
pub use super::forms::{check_customer, check_shipping_company, PartyData, PartyInput};
use crate::FieldIssue;

pub const CUSTOMER_REFERENCED_MESSAGE: &str =
    "Erro ao excluir, existe(m) pedido(s) para este cliente!";
pub const SHIPPING_REFERENCED_MESSAGE: &str =
    "Erro ao excluir, existe(m) pedido(s) para esta transportadora!";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PartyKind {
    Customer,
    ShippingCompany,
}

impl PartyKind {
    /// The record's form rules; `editing` matters to shipping companies only.
    pub fn check(self, input: &PartyInput, editing: bool) -> Result<PartyData, Vec<FieldIssue>> {
        match self {
            PartyKind::Customer => check_customer(input),
            PartyKind::ShippingCompany => check_shipping_company(input, editing),
        }
    }

    /// Whose rights apply to the record.
    pub const fn area(self) -> Area {
        match self {
            PartyKind::Customer => Area::Customers,
            PartyKind::ShippingCompany => Area::ShippingCompanies,
        }
    }

    pub const fn object_type(self) -> ObjectType {
        match self {
            PartyKind::Customer => ObjectType::Customer,
            PartyKind::ShippingCompany => ObjectType::ShippingCompany,
        }
    }

    /// The refusal of a delete while orders name the record.
    pub const fn referenced_message(self) -> &'static str {
        match self {
            PartyKind::Customer => CUSTOMER_REFERENCED_MESSAGE,
            PartyKind::ShippingCompany => SHIPPING_REFERENCED_MESSAGE,
        }
    }

    /// The import log's "created" and "updated" labels, in the noun's gender.
    pub const fn import_labels(self) -> (&'static str, &'static str) {
        match self {
            PartyKind::Customer => ("Criados", "Atualizados"),
            PartyKind::ShippingCompany => ("Criadas", "Atualizadas"),
        }
    }

    /// The name a log title shows: `42 - Fazenda` for a customer, the name for a shipping
    /// company (as the spec's entries read).
    pub fn log_name(self, code: i32, name: &str) -> String {
        match self {
            PartyKind::Customer => format!("{code} - {name}"),
            PartyKind::ShippingCompany => name.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_customer_log_name_carries_its_code_and_a_shipping_company_only_its_name() {
        assert_eq!(PartyKind::Customer.log_name(42, "Fazenda"), "42 - Fazenda");
        assert_eq!(PartyKind::ShippingCompany.log_name(7, "Rápido"), "Rápido");
    }

    #[test]
    fn only_an_edited_shipping_company_requires_its_address() {
        let input = PartyInput {
            code: Some("1".into()),
            name: Some("Rápido".into()),
            ..PartyInput::default()
        };
        assert!(PartyKind::Customer.check(&input, true).is_ok());
        assert!(PartyKind::ShippingCompany.check(&input, false).is_ok());
        let issues = PartyKind::ShippingCompany.check(&input, true).unwrap_err();
        assert!(issues.iter().any(|i| i.field == "stateRegistration"));
    }
}
