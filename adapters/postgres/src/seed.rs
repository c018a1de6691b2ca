//! The demo tenant of `patio seed-demo` (README lists its logins) and `patio create-admin`.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::schema::{companies, users};
use crate::Error;

pub const DEMO_PASSWORD: &str = "patio123";
pub const DEMO_DRIVER_CPF: &str = "52998224725";

/// Creates the demo tenant when the database has no company and no user yet. Returns whether
/// it did. `password_hash` is the argon2id hash of [`DEMO_PASSWORD`].
pub fn seed_demo(conn: &mut PgConnection, password_hash: &str) -> Result<bool, Error> {
    conn.transaction::<bool, Error, _>(|conn| {
        let companies: i64 = companies::table.count().get_result(conn)?;
        let users: i64 = users::table.count().get_result(conn)?;
        if companies > 0 || users > 0 {
            return Ok(false);
        }
        conn.batch_execute(DEMO_SQL)?;
        diesel::sql_query("UPDATE users SET password_hash = $1")
            .bind::<Text, _>(password_hash)
            .execute(conn)?;
        Ok(true)
    })
}

/// Adds a root administrator (no company: administrators see all).
pub fn create_admin(
    conn: &mut PgConnection,
    name: &str,
    email: &str,
    password_hash: &str,
) -> Result<i64, Error> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = BigInt)]
        id: i64,
    }
    let row: Id = diesel::sql_query(
        "INSERT INTO users (name, email, password_hash, role, is_root, is_enabled, use_terms)
         VALUES ($1, $2, $3, 'Administrador', TRUE, TRUE, TRUE) RETURNING id",
    )
    .bind::<Text, _>(name)
    .bind::<Text, _>(email)
    .bind::<Text, _>(password_hash)
    .get_result(conn)?;
    Ok(row.id)
}

/// Monday to Saturday 07:00-17:00, lunch 12:00-13:00, 30 minutes per appointment, 40 a day.
const DEMO_SQL: &str = r#"
WITH c AS (
    INSERT INTO companies (name, company, cnpj, uf, city, street, number, district, zip_code, status)
    VALUES ('Demo Agro', 'Demo Agro Armazéns Gerais Ltda', '11222333000181', 'MT', 'Rondonópolis',
            'Avenida dos Estudantes', 1500, 'Centro', '78700-000', TRUE)
    RETURNING id
), hosts AS (
    INSERT INTO company_hosts (company_id, host)
    SELECT id, h FROM c, unnest(ARRAY['localhost', '127.0.0.1']) AS h
), contact AS (
    INSERT INTO contacts (name, fone, email, whatsapp, company_id)
    SELECT 'Portaria Demo Agro', '(66) 9 9999-0000', 'portaria@demoagro.local', TRUE, id FROM c
), s AS (
    INSERT INTO settings (company_id, start_time, end_time, start_interval, end_interval,
                          time_attendence, programmed_total, week_days, enable_queue_save)
    SELECT id, '07:00', '17:00', '12:00', '13:00', '00:30', 40,
           '[false, true, true, true, true, true, true]'::jsonb, TRUE FROM c
), qs AS (
    INSERT INTO queue_states (company_id) SELECT id FROM c
), sc AS (
    INSERT INTO shipping_companies (company_id, code, name, cnpj, uf, city, is_enabled)
    SELECT id, 1, 'Transportadora Demo', '11444777000161', 'MT', 'Rondonópolis', TRUE FROM c
    RETURNING id, company_id
), u AS (
    INSERT INTO users (name, email, password_hash, role, is_root, company_id, shipping_company_id, use_terms)
    SELECT 'Administrador Demo', 'admin@patio.local', '-', 'Administrador', TRUE, NULL::bigint, NULL::bigint, TRUE
    UNION ALL SELECT 'Usuário Demo', 'usuario@patio.local', '-', 'Usuario', FALSE, c.id, NULL, TRUE FROM c
    UNION ALL SELECT 'Expedição Demo', 'expedicao@patio.local', '-', 'Expedicao', FALSE, c.id, NULL, TRUE FROM c
    UNION ALL SELECT 'Espectador Demo', 'espectador@patio.local', '-', 'Espectador', FALSE, c.id, NULL, TRUE FROM c
    UNION ALL SELECT 'Portaria Demo', 'portaria@patio.local', '-', 'Portaria', FALSE, c.id, NULL, TRUE FROM c
    UNION ALL SELECT 'Transportadora Demo', 'transp@patio.local', '-', 'Transportadora', FALSE, sc.company_id, sc.id, TRUE FROM sc
), d AS (
    INSERT INTO drivers (company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
    SELECT id, 'MOTORISTA DEMO', '52998224725', '12345678900', '1990-01-15', TRUE, TRUE FROM c
    RETURNING id, company_id
), b AS (
    INSERT INTO truck_brands (name) VALUES ('Volvo') RETURNING id
), m AS (
    INSERT INTO truck_models (truck_brand_id, name) SELECT id, 'FH 540' FROM b RETURNING id
)
INSERT INTO trucks (company_id, driver_id, vehicle_model_id, license_plate, renavam, owner,
                    implement_type, shaft_quantity, gross_capacity, net_capacity, color, is_enabled)
SELECT d.company_id, d.id, m.id, 'DEM0A12', '12345678901', 'MOTORISTA DEMO',
       'TRUCK', 3, 23, 16, '#1f6feb', TRUE
  FROM d, m;
"#;
