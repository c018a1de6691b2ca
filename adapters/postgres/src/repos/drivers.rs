use diesel::prelude::*;
use patio_application::model::{CompanyRef, DriverRecord};
use patio_application::ports::{CompanyRepo, DriverRepo};
use patio_application::{AppError, AppResult};

use crate::rows::DriverRow;
use crate::schema::{drivers, trucks};
use crate::store::{db_error, PgRepos};

impl PgRepos<'_> {
    fn driver_record(&mut self, row: DriverRow) -> AppResult<DriverRecord> {
        let DriverRow {
            id,
            name,
            cpf,
            birth_date,
            is_enabled,
            use_terms,
            company_id,
            shipping_company_id,
            ..
        } = row;
        let company = self
            .company(company_id)?
            .ok_or_else(|| AppError::internal("driver without company"))?;
        Ok(DriverRecord {
            id,
            name,
            cpf,
            birth_date,
            is_enabled,
            use_terms,
            company: CompanyRef {
                id: company.id,
                name: company.name,
                legal_name: company.legal_name,
                logo: company.logo,
            },
            shipping_company_id,
        })
    }
}

impl DriverRepo for PgRepos<'_> {
    fn driver(&mut self, id: i64) -> AppResult<Option<DriverRecord>> {
        let row = drivers::table
            .find(id)
            .select(DriverRow::as_select())
            .first::<DriverRow>(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| self.driver_record(r)).transpose()
    }

    fn driver_by_cpf(&mut self, cpf: &str) -> AppResult<Option<DriverRecord>> {
        let row = drivers::table
            .filter(drivers::cpf.eq(cpf))
            .select(DriverRow::as_select())
            .first::<DriverRow>(self.conn)
            .optional()
            .map_err(db_error)?;
        row.map(|r| self.driver_record(r)).transpose()
    }

    fn move_driver_to_company(&mut self, driver_id: i64, company_id: i64) -> AppResult<()> {
        diesel::update(drivers::table.find(driver_id))
            .set((
                drivers::company_id.eq(company_id),
                drivers::shipping_company_id.eq(None::<i64>),
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map_err(db_error)?;
        diesel::update(trucks::table.filter(trucks::driver_id.eq(driver_id)))
            .set((
                trucks::company_id.eq(company_id),
                trucks::shipping_company_id.eq(None::<i64>),
                trucks::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }

    fn set_driver_use_terms(&mut self, driver_id: i64, accepted: bool) -> AppResult<()> {
        diesel::update(drivers::table.find(driver_id))
            .set((
                drivers::use_terms.eq(accepted),
                drivers::updated_at.eq(diesel::dsl::now),
            ))
            .execute(self.conn)
            .map(|_| ())
            .map_err(db_error)
    }
}
