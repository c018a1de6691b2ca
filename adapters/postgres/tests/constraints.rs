//! Uniqueness and integrity rules the database enforces (DESIGN section 3).

mod common;

use common::*;
use diesel::prelude::*;
use diesel::result::DatabaseErrorKind;
use diesel::sql_query;
use patio_postgres::rows::*;
use patio_postgres::schema::{queue_entries, settings};
use patio_postgres::testkit::TestDb;

#[test]
fn partial_unique_index_allows_one_active_queue_entry_per_driver() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let driver = driver(&mut conn, company, "52998224725");
    let first_truck = truck(&mut conn, company, "ABC1D23");
    let second_truck = truck(&mut conn, company, "XYZ9K88");

    let waiting = try_queue_entry(&mut conn, company, driver, first_truck, "waiting").unwrap();
    // A second active entry of the same driver (with another truck) is refused, waiting...
    assert_unique_violation(
        try_queue_entry(&mut conn, company, driver, second_truck, "waiting"),
        "queue_entries_one_active_per_driver",
    );
    // ...or loading.
    assert_unique_violation(
        try_queue_entry(&mut conn, company, driver, second_truck, "loading"),
        "queue_entries_one_active_per_driver",
    );
    // Closed entries do not count.
    for closed in [
        "attended",
        "faulty",
        "tolerance_dropped",
        "left",
        "cancelled",
    ] {
        try_queue_entry(&mut conn, company, driver, second_truck, closed).unwrap();
    }
    // Once the active entry is closed, the driver may join again.
    diesel::update(queue_entries::table.find(waiting))
        .set((
            queue_entries::status.eq("left"),
            queue_entries::closed_at.eq(diesel::dsl::now),
        ))
        .execute(&mut conn)
        .unwrap();
    try_queue_entry(&mut conn, company, driver, second_truck, "loading").unwrap();

    // The rule is per company.
    let other_company = self::company(&mut conn, "Armazém Sul");
    try_queue_entry(&mut conn, other_company, driver, first_truck, "waiting").unwrap();
}

#[test]
fn partial_unique_index_allows_one_active_queue_entry_per_truck() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let truck = truck(&mut conn, company, "ABC1D23");
    let first_driver = driver(&mut conn, company, "52998224725");
    let second_driver = driver(&mut conn, company, "11144477735");

    let loading = try_queue_entry(&mut conn, company, first_driver, truck, "loading").unwrap();
    assert_unique_violation(
        try_queue_entry(&mut conn, company, second_driver, truck, "waiting"),
        "queue_entries_one_active_per_truck",
    );
    try_queue_entry(&mut conn, company, second_driver, truck, "faulty").unwrap();
    diesel::update(queue_entries::table.find(loading))
        .set(queue_entries::status.eq("attended"))
        .execute(&mut conn)
        .unwrap();
    try_queue_entry(&mut conn, company, second_driver, truck, "waiting").unwrap();
}

#[test]
fn queue_entry_status_is_one_of_the_known_statuses() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let driver = driver(&mut conn, company, "52998224725");
    let truck = truck(&mut conn, company, "ABC1D23");
    assert_violation(
        try_queue_entry(&mut conn, company, driver, truck, "parked"),
        DatabaseErrorKind::CheckViolation,
        "queue_entries_status_check",
    );
}

#[test]
fn user_email_is_unique_case_insensitively() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let other = self::company(&mut conn, "Armazém Sul");
    try_user(&mut conn, company, "Ana.Souza@Example.com").unwrap();
    assert_unique_violation(
        try_user(&mut conn, other, "ana.souza@example.COM"),
        "users_email_lower_key",
    );
    try_user(&mut conn, company, "ana.souza2@example.com").unwrap();
}

#[test]
fn user_roles_and_their_scope_are_checked() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let bad_role = sql_query(
        "INSERT INTO users (name, email, password_hash, role) VALUES ('A', 'a@b.c', 'x', 'Chefe')",
    )
    .execute(&mut conn);
    assert_violation(
        bad_role,
        DatabaseErrorKind::CheckViolation,
        "users_role_check",
    );
    let usuario_without_company = sql_query(
        "INSERT INTO users (name, email, password_hash, role) VALUES ('A', 'a@b.c', 'x', 'Usuario')",
    )
    .execute(&mut conn);
    assert_violation(
        usuario_without_company,
        DatabaseErrorKind::CheckViolation,
        "users_usuario_has_company",
    );
    let root = sql_query(
        "INSERT INTO users (name, email, password_hash, role, is_root) \
         VALUES ('Root', 'root@b.c', 'x', 'Administrador', true)",
    )
    .execute(&mut conn);
    assert_eq!(root.unwrap(), 1);
}

#[test]
fn driver_cpf_is_unique() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let other = self::company(&mut conn, "Armazém Sul");
    driver(&mut conn, company, "52998224725");
    // A driver is registered at one company at a time: not even another company may
    // register the same CPF.
    assert_unique_violation(
        try_driver(&mut conn, other, "52998224725"),
        "drivers_cpf_key",
    );
    // Stored as 11 digits, unmasked.
    assert_violation(
        try_driver(&mut conn, company, "529.982.247-25"),
        DatabaseErrorKind::CheckViolation,
        "drivers_cpf_check",
    );
}

#[test]
fn truck_plate_is_unique() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let other = self::company(&mut conn, "Armazém Sul");
    truck(&mut conn, company, "ABC1D23");
    assert_unique_violation(
        try_truck(&mut conn, other, "ABC1D23"),
        "trucks_license_plate_key",
    );
    assert_violation(
        try_truck(&mut conn, company, "abc-1234"),
        DatabaseErrorKind::CheckViolation,
        "trucks_license_plate_check",
    );
}

#[test]
fn codes_are_unique_per_company() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let other = self::company(&mut conn, "Armazém Sul");
    let customer = |conn: &mut PgConnection, company: i64| {
        sql_query(format!(
            "INSERT INTO customers (company_id, code, name) VALUES ({company}, 10, 'Cliente')"
        ))
        .execute(conn)
    };
    customer(&mut conn, company).unwrap();
    customer(&mut conn, other).unwrap();
    assert_unique_violation(customer(&mut conn, company), "customers_company_code_key");
}

#[test]
fn a_contact_has_exactly_one_owner_and_goes_with_it() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let driver = driver(&mut conn, company, "52998224725");
    let no_owner = sql_query("INSERT INTO contacts (name) VALUES ('Sem dono')").execute(&mut conn);
    assert_violation(
        no_owner,
        DatabaseErrorKind::CheckViolation,
        "contacts_exactly_one_owner",
    );
    let two_owners = sql_query(format!(
        "INSERT INTO contacts (name, company_id, driver_id) VALUES ('Dois', {company}, {driver})"
    ))
    .execute(&mut conn);
    assert_violation(
        two_owners,
        DatabaseErrorKind::CheckViolation,
        "contacts_exactly_one_owner",
    );

    diesel::insert_into(patio_postgres::schema::contacts::table)
        .values(NewContactRow {
            name: "Maria".into(),
            fone: Some("34999990000".into()),
            driver_id: Some(driver),
            ..Default::default()
        })
        .execute(&mut conn)
        .unwrap();
    sql_query(format!("DELETE FROM drivers WHERE id = {driver}"))
        .execute(&mut conn)
        .unwrap();
    let left: i64 = patio_postgres::schema::contacts::table
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(left, 0);
}

#[test]
fn referenced_rows_cannot_be_deleted() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let driver = driver(&mut conn, company, "52998224725");
    let truck = truck(&mut conn, company, "ABC1D23");
    try_queue_entry(&mut conn, company, driver, truck, "attended").unwrap();
    let deleted = sql_query(format!("DELETE FROM trucks WHERE id = {truck}")).execute(&mut conn);
    assert_violation(
        deleted,
        DatabaseErrorKind::ForeignKeyViolation,
        "queue_entries_truck_id_fkey",
    );
    let brand = insert_returning_id(
        &mut conn,
        "INSERT INTO truck_brands (name) VALUES ('Scania') RETURNING id",
    )
    .unwrap();
    let model = insert_returning_id(
        &mut conn,
        &format!("INSERT INTO truck_models (truck_brand_id, name) VALUES ({brand}, 'R 450') RETURNING id"),
    )
    .unwrap();
    sql_query(format!("UPDATE trucks SET vehicle_model_id = {model}"))
        .execute(&mut conn)
        .unwrap();
    let deleted =
        sql_query(format!("DELETE FROM truck_models WHERE id = {model}")).execute(&mut conn);
    assert_violation(
        deleted,
        DatabaseErrorKind::ForeignKeyViolation,
        "trucks_vehicle_model_id_fkey",
    );
    let deleted =
        sql_query(format!("DELETE FROM truck_brands WHERE id = {brand}")).execute(&mut conn);
    assert_violation(
        deleted,
        DatabaseErrorKind::ForeignKeyViolation,
        "truck_models_truck_brand_id_fkey",
    );
}

#[test]
fn settings_take_the_spec_defaults_and_one_row_per_company() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    let company = company(&mut conn, "Armazém Norte");
    let row: SettingsRow = diesel::insert_into(settings::table)
        .values(NewSettingsRow {
            company_id: company,
            ..Default::default()
        })
        .returning(SettingsRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    let midnight = chrono::NaiveTime::MIN;
    assert_eq!(row.queue_edit_hours_limit, 6);
    assert_eq!(row.programmed_total, 0);
    assert_eq!(
        (row.time_attendence, row.start_time, row.end_time),
        (midnight, midnight, midnight)
    );
    assert!(row.enable_queue_save);
    assert!(!row.enable_queue_without_scheduling);
    assert_eq!(row.time_zone, "America/Sao_Paulo");
    assert_eq!(row.week_days.as_array().map(Vec::len), Some(7));
    assert_eq!(row.scheduling_day_limit, None);

    assert_unique_violation(
        diesel::insert_into(settings::table)
            .values(NewSettingsRow {
                company_id: company,
                ..Default::default()
            })
            .execute(&mut conn),
        "settings_company_id_key",
    );
    let bad_week = sql_query(format!(
        "UPDATE settings SET week_days = '[true, false]' WHERE company_id = {company}"
    ))
    .execute(&mut conn);
    assert_violation(
        bad_week,
        DatabaseErrorKind::CheckViolation,
        "settings_week_days_shape",
    );
}

#[test]
fn row_structs_read_what_the_columns_hold() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    use diesel::sql_types::Text;
    use patio_domain::values::{Document, Plate, Stored};
    use patio_postgres::schema::*;

    // Written as the columns' defaults leave them; read through the row structs the
    // repositories use.
    let company_id = company(&mut conn, "Armazém Norte");
    let company: CompanyRow = companies::table
        .find(company_id)
        .select(CompanyRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert!(company.status);
    assert!(matches!(company.cnpj, Stored::Valid(Document::Cnpj(_))));
    assert_eq!(company.cnpj.masked(), "11.222.333/0001-81");
    // A CEP stored as bare digits is the value, shown masked like one the form stored.
    assert_eq!(
        company.zip_code.valid().map(|c| c.as_str()),
        Some("38400000")
    );
    assert_eq!(company.zip_code.masked(), "38400-000");

    let shipping_id = shipping_company(&mut conn, company_id, 7, "Transnorte");
    let shipping: ShippingCompanyRow = shipping_companies::table
        .find(shipping_id)
        .select(ShippingCompanyRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert!(shipping.is_enabled);
    assert_eq!(shipping.cnpj, None);
    assert_eq!(shipping.zip_code, None);

    let user: UserRow = diesel::insert_into(users::table)
        .values(NewUserRow {
            name: "Carlos".into(),
            email: "carlos@transnorte.com.br".into(),
            password_hash: "$argon2id$...".into(),
            role: "Transportadora".into(),
            is_enabled: true,
            shipping_company_id: Some(shipping.id),
            ..Default::default()
        })
        .returning(UserRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(user.cpf, None);
    // The user form stores the CPF masked; it reads back as the value.
    sql_query("UPDATE users SET cpf = '529.982.247-25' WHERE id = $1")
        .bind::<diesel::sql_types::BigInt, _>(user.id)
        .execute(&mut conn)
        .unwrap();
    let user: UserRow = users::table
        .find(user.id)
        .select(UserRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    let cpf = user.cpf.as_ref().and_then(Stored::valid);
    assert_eq!(cpf.map(|c| c.as_str()), Some("52998224725"));

    let driver_id = driver(&mut conn, company_id, "52998224725");
    let driver: DriverRow = drivers::table
        .find(driver_id)
        .select(DriverRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(driver.cpf.masked(), "529.982.247-25");
    // An erased driver's CPF (check digits that never hold) is read as stored.
    let erased = patio_domain::fleet::drivers::erased_cpf(driver_id);
    sql_query("UPDATE drivers SET cpf = $1 WHERE id = $2")
        .bind::<Text, _>(&erased)
        .bind::<diesel::sql_types::BigInt, _>(driver_id)
        .execute(&mut conn)
        .unwrap();
    let erased_row: DriverRow = drivers::table
        .find(driver_id)
        .select(DriverRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(erased_row.cpf, Stored::AsStored(erased));

    let truck_id = truck(&mut conn, company_id, "ABC1D23");
    let truck: TruckRow = trucks::table
        .find(truck_id)
        .select(TruckRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(truck.license_plate, Plate::parse("abc-1d23").unwrap());
    assert_eq!(truck.net_capacity, Some("16".parse().unwrap()));

    let term_id = insert_returning_id(
        &mut conn,
        &format!(
            "INSERT INTO use_terms (company_id, title, content, active) \
             VALUES ({company_id}, 'Termo', '<p>Li</p>', true) RETURNING id"
        ),
    )
    .unwrap();
    let term: UseTermRow = use_terms::table
        .find(term_id)
        .select(UseTermRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert!(term.active);
    let authorization: Option<i64> = diesel::insert_into(contact_authorizations::table)
        .values(NewContactAuthorizationRow {
            has_whats: true,
            driver_id: Some(driver.id),
            use_term_id: Some(term.id),
            ..Default::default()
        })
        .returning(contact_authorizations::user_id)
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(authorization, None);

    let contact: ContactRow = diesel::insert_into(contacts::table)
        .values(NewContactRow {
            name: "Carlos".into(),
            user_id: Some(user.id),
            ..Default::default()
        })
        .returning(ContactRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert!(!contact.whatsapp);

    sql_query(format!(
        "INSERT INTO queue_states (company_id) VALUES ({company_id}) ON CONFLICT DO NOTHING"
    ))
    .execute(&mut conn)
    .unwrap();
    let plan_version: i64 = queue_states::table
        .find(company_id)
        .select(queue_states::plan_version)
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(plan_version, 0);

    let entry = insert_returning_id(
        &mut conn,
        &format!(
            "INSERT INTO queue_entries (company_id, driver_id, truck_id) \
             VALUES ({company_id}, {driver_id}, {truck_id}) RETURNING id"
        ),
    )
    .unwrap();
    let (status, scheduling): (String, Option<i64>) = queue_entries::table
        .find(entry)
        .select((queue_entries::status, queue_entries::scheduling_id))
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(status, queue_status::WAITING);
    assert_eq!(scheduling, None);

    let attendance_id = insert_returning_id(
        &mut conn,
        &format!(
            "INSERT INTO attendances (company_id, day, status) \
             VALUES ({company_id}, '2026-03-02', true) RETURNING id"
        ),
    )
    .unwrap();
    let attendance: AttendanceRow = attendances::table
        .find(attendance_id)
        .select(AttendanceRow::as_select())
        .get_result(&mut conn)
        .unwrap();
    assert!(attendance.status);

    let log: StaffLogRow = diesel::insert_into(staff_logs::table)
        .values(NewStaffLogRow {
            operation_type: "CREATE".into(),
            object_type: "COMPANY".into(),
            company_id: Some(company.id),
            user_id: Some(user.id),
            title: "Empresa <b>Armazém Norte</b> criada".into(),
            details: serde_json::json!([{"key": "name", "value": "Armazém Norte"}]),
            ..Default::default()
        })
        .returning(StaffLogRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(log.details[0]["key"], "name");

    let driver_log: DriverLogRow = diesel::insert_into(driver_logs::table)
        .values(NewDriverLogRow {
            driver_id: Some(driver.id),
            company_id: Some(company.id),
            operation_type: "IN_QUEUE".into(),
            data: serde_json::json!({"truck": {"licensePlate": "ABC1D23"}}),
            created_at: None,
        })
        .returning(DriverLogRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(driver_log.operation_type, "IN_QUEUE");
}
