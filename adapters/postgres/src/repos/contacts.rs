//! Contacts of every owner (one table, exactly one owner per row).

use diesel::prelude::*;
use patio_application::model::{ContactOwner, ContactRecord, ContactWrite, OwnedContact};
use patio_application::ports::ContactRepo;
use patio_application::{AppError, AppResult};

use crate::rows::{ContactRow, NewContactRow};
use crate::schema::{contacts, customers, drivers, shipping_companies, trucks, users};
use crate::store::{db_error, PgRepos};

fn record(c: &ContactRow) -> ContactRecord {
    ContactRecord {
        id: c.id,
        name: c.name.clone(),
        fone: c.fone.clone(),
        email: c.email.clone(),
        whatsapp: c.whatsapp,
    }
}

fn owner_of(c: &ContactRow) -> Option<ContactOwner> {
    let owners = [
        c.company_id.map(ContactOwner::Company),
        c.customer_id.map(ContactOwner::Customer),
        c.shipping_company_id.map(ContactOwner::ShippingCompany),
        c.driver_id.map(ContactOwner::Driver),
        c.truck_id.map(ContactOwner::Truck),
        c.user_id.map(ContactOwner::User),
    ];
    owners.into_iter().flatten().next()
}

/// A new contact row with exactly one owner column set (the table's check).
fn new_row(owner: ContactOwner, c: &ContactWrite) -> NewContactRow {
    let mut row = NewContactRow {
        name: c.name.clone(),
        fone: c.fone.clone(),
        email: c.email.clone(),
        whatsapp: c.whatsapp,
        ..NewContactRow::default()
    };
    let slot = match owner {
        ContactOwner::Company(id) => (&mut row.company_id, id),
        ContactOwner::Customer(id) => (&mut row.customer_id, id),
        ContactOwner::ShippingCompany(id) => (&mut row.shipping_company_id, id),
        ContactOwner::Driver(id) => (&mut row.driver_id, id),
        ContactOwner::Truck(id) => (&mut row.truck_id, id),
        ContactOwner::User(id) => (&mut row.user_id, id),
    };
    *slot.0 = Some(slot.1);
    row
}

impl PgRepos<'_> {
    /// The company and shipping company the owner of a contact belongs to.
    fn owner_tenant(&mut self, owner: ContactOwner) -> AppResult<(Option<i64>, Option<i64>)> {
        let pair = match owner {
            ContactOwner::Company(id) => Some((Some(id), None)),
            ContactOwner::Customer(id) => customers::table
                .find(id)
                .select(customers::company_id)
                .first::<i64>(self.conn)
                .optional()
                .map_err(db_error)?
                .map(|c| (Some(c), None)),
            ContactOwner::ShippingCompany(id) => shipping_companies::table
                .find(id)
                .select(shipping_companies::company_id)
                .first::<i64>(self.conn)
                .optional()
                .map_err(db_error)?
                .map(|c| (Some(c), Some(id))),
            ContactOwner::Driver(id) => drivers::table
                .find(id)
                .select((drivers::company_id, drivers::shipping_company_id))
                .first::<(i64, Option<i64>)>(self.conn)
                .optional()
                .map_err(db_error)?
                .map(|(c, s)| (Some(c), s)),
            ContactOwner::Truck(id) => trucks::table
                .find(id)
                .select((trucks::company_id, trucks::shipping_company_id))
                .first::<(i64, Option<i64>)>(self.conn)
                .optional()
                .map_err(db_error)?
                .map(|(c, s)| (Some(c), s)),
            ContactOwner::User(id) => {
                let found = users::table
                    .find(id)
                    .select((users::company_id, users::shipping_company_id))
                    .first::<(Option<i64>, Option<i64>)>(self.conn)
                    .optional()
                    .map_err(db_error)?;
                match found {
                    Some((None, Some(sid))) => {
                        let company = shipping_companies::table
                            .find(sid)
                            .select(shipping_companies::company_id)
                            .first::<i64>(self.conn)
                            .optional()
                            .map_err(db_error)?;
                        Some((company, Some(sid)))
                    }
                    other => other,
                }
            }
        };
        Ok(pair.unwrap_or((None, None)))
    }
}

impl ContactRepo for PgRepos<'_> {
    fn contacts_of(&mut self, owner: ContactOwner) -> AppResult<Vec<ContactRecord>> {
        let q = contacts::table
            .select(ContactRow::as_select())
            .order(contacts::id.asc())
            .into_boxed();
        let q = match owner {
            ContactOwner::Company(id) => q.filter(contacts::company_id.eq(id)),
            ContactOwner::Customer(id) => q.filter(contacts::customer_id.eq(id)),
            ContactOwner::ShippingCompany(id) => q.filter(contacts::shipping_company_id.eq(id)),
            ContactOwner::Driver(id) => q.filter(contacts::driver_id.eq(id)),
            ContactOwner::Truck(id) => q.filter(contacts::truck_id.eq(id)),
            ContactOwner::User(id) => q.filter(contacts::user_id.eq(id)),
        };
        let rows = q.load::<ContactRow>(self.conn).map_err(db_error)?;
        Ok(rows.iter().map(record).collect())
    }

    fn contact(&mut self, id: i64) -> AppResult<Option<OwnedContact>> {
        let Some(row) = contacts::table
            .find(id)
            .select(ContactRow::as_select())
            .first::<ContactRow>(self.conn)
            .optional()
            .map_err(db_error)?
        else {
            return Ok(None);
        };
        let owner = owner_of(&row).ok_or_else(|| AppError::internal("contact without owner"))?;
        let (company_id, shipping_company_id) = self.owner_tenant(owner)?;
        Ok(Some(OwnedContact {
            contact: record(&row),
            owner,
            company_id,
            shipping_company_id,
        }))
    }

    fn insert_contact(&mut self, owner: ContactOwner, c: &ContactWrite) -> AppResult<i64> {
        diesel::insert_into(contacts::table)
            .values(new_row(owner, c))
            .returning(contacts::id)
            .get_result(self.conn)
            .map_err(db_error)
    }

    fn update_contact(&mut self, id: i64, c: &ContactWrite) -> AppResult<()> {
        diesel::update(contacts::table.find(id))
            .set((
                contacts::name.eq(&c.name),
                contacts::fone.eq(c.fone.as_deref()),
                contacts::email.eq(c.email.as_deref()),
                contacts::whatsapp.eq(c.whatsapp),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn delete_contact(&mut self, id: i64) -> AppResult<()> {
        diesel::delete(contacts::table.find(id))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
