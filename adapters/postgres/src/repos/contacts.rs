//! Contacts of every owner (one table, exactly one owner per row).

use diesel::prelude::*;
use patio_application::model::{ContactOwner, ContactRecord, ContactWrite, OwnedContact};
use patio_application::ports::ContactRepo;
use patio_application::{AppError, AppResult};

use crate::schema::{contacts, customers, drivers, shipping_companies, trucks, users};
use crate::store::{db_error, PgRepos};

type ContactCols = (
    i64,
    String,
    Option<String>,
    Option<String>,
    bool,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

const COLS: (
    contacts::id,
    contacts::name,
    contacts::fone,
    contacts::email,
    contacts::whatsapp,
    contacts::company_id,
    contacts::customer_id,
    contacts::shipping_company_id,
    contacts::driver_id,
    contacts::truck_id,
    contacts::user_id,
) = (
    contacts::id,
    contacts::name,
    contacts::fone,
    contacts::email,
    contacts::whatsapp,
    contacts::company_id,
    contacts::customer_id,
    contacts::shipping_company_id,
    contacts::driver_id,
    contacts::truck_id,
    contacts::user_id,
);

fn record(c: &ContactCols) -> ContactRecord {
    ContactRecord {
        id: c.0,
        name: c.1.clone(),
        fone: c.2.clone(),
        email: c.3.clone(),
        whatsapp: c.4,
    }
}

fn owner_of(c: &ContactCols) -> Option<ContactOwner> {
    match (c.5, c.6, c.7, c.8, c.9, c.10) {
        (Some(id), ..) => Some(ContactOwner::Company(id)),
        (_, Some(id), ..) => Some(ContactOwner::Customer(id)),
        (_, _, Some(id), ..) => Some(ContactOwner::ShippingCompany(id)),
        (_, _, _, Some(id), ..) => Some(ContactOwner::Driver(id)),
        (_, _, _, _, Some(id), _) => Some(ContactOwner::Truck(id)),
        (.., Some(id)) => Some(ContactOwner::User(id)),
        _ => None,
    }
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
            .select(COLS)
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
        let rows = q.load::<ContactCols>(self.conn).map_err(db_error)?;
        Ok(rows.iter().map(record).collect())
    }

    fn contact(&mut self, id: i64) -> AppResult<Option<OwnedContact>> {
        let Some(row) = contacts::table
            .find(id)
            .select(COLS)
            .first::<ContactCols>(self.conn)
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
        let mut ids: [Option<i64>; 6] = [None; 6];
        let slot = match owner {
            ContactOwner::Company(id) => (0, id),
            ContactOwner::Customer(id) => (1, id),
            ContactOwner::ShippingCompany(id) => (2, id),
            ContactOwner::Driver(id) => (3, id),
            ContactOwner::Truck(id) => (4, id),
            ContactOwner::User(id) => (5, id),
        };
        ids[slot.0] = Some(slot.1);
        diesel::insert_into(contacts::table)
            .values((
                contacts::name.eq(&c.name),
                contacts::fone.eq(c.fone.as_deref()),
                contacts::email.eq(c.email.as_deref()),
                contacts::whatsapp.eq(c.whatsapp),
                contacts::company_id.eq(ids[0]),
                contacts::customer_id.eq(ids[1]),
                contacts::shipping_company_id.eq(ids[2]),
                contacts::driver_id.eq(ids[3]),
                contacts::truck_id.eq(ids[4]),
                contacts::user_id.eq(ids[5]),
            ))
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
