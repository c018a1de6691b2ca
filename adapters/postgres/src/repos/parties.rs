//! The writes customers and shipping companies share, one table or the other by kind, and
//! the address part of their answers.

use patio_application::model::PartyPlacement;
use patio_application::ports::PartyRepo;
use patio_application::AppResult;
use patio_domain::admin::party::PartyData;
use patio_domain::admin::party::PartyKind;

use super::{customers, shipping_companies};

/// A customer's or a shipping company's row as the answers spell its document and address
/// (`PartyAddressView`: CNPJ and CEP masked). A macro because the two rows are two types.
macro_rules! address_view {
    ($r:expr) => {
        patio_application::admin::party::PartyAddressView {
            cnpj: $r.cnpj.as_ref().map(patio_domain::values::Stored::masked),
            state_registration: $r.state_registration,
            uf: $r.uf,
            street: $r.street,
            number: $r.number,
            complement: $r.complement,
            city: $r.city,
            district: $r.district,
            zip_code: $r
                .zip_code
                .as_ref()
                .map(patio_domain::values::Stored::masked),
        }
    };
}
use crate::store::PgRepos;
pub(super) use address_view;

impl PartyRepo for PgRepos<'_> {
    fn party_by_code(
        &mut self,
        kind: PartyKind,
        company_id: i64,
        code: i32,
    ) -> AppResult<Option<i64>> {
        match kind {
            PartyKind::Customer => customers::by_code(self.conn, company_id, code),
            PartyKind::ShippingCompany => shipping_companies::by_code(self.conn, company_id, code),
        }
    }

    fn insert_party(
        &mut self,
        kind: PartyKind,
        party: &PartyData,
        at: &PartyPlacement,
    ) -> AppResult<i64> {
        match kind {
            PartyKind::Customer => customers::insert(self.conn, party, at),
            PartyKind::ShippingCompany => shipping_companies::insert(self.conn, party, at),
        }
    }

    fn update_party(
        &mut self,
        kind: PartyKind,
        id: i64,
        party: &PartyData,
        at: &PartyPlacement,
    ) -> AppResult<()> {
        match kind {
            PartyKind::Customer => customers::update(self.conn, id, party, at),
            PartyKind::ShippingCompany => shipping_companies::update(self.conn, id, party, at),
        }
    }

    fn delete_party(&mut self, kind: PartyKind, id: i64) -> AppResult<()> {
        match kind {
            PartyKind::Customer => customers::delete(self.conn, id),
            PartyKind::ShippingCompany => shipping_companies::delete(self.conn, id),
        }
    }
}
