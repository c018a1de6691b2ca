//! The writes customers and shipping companies share, one table or the other by kind.

use patio_application::model::PartyPlacement;
use patio_application::ports::PartyRepo;
use patio_application::AppResult;
use patio_domain::admin::party::PartyData;
use patio_domain::admin::party::PartyKind;

use super::{customers, shipping_companies};
use crate::store::PgRepos;

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
