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
fn row_structs_round_trip() {
    let db = TestDb::new();
    let mut conn = db.conn().unwrap();
    use patio_postgres::schema::*;

    let company: CompanyRow = diesel::insert_into(companies::table)
        .values(NewCompanyRow {
            name: "Armazém Norte".into(),
            company: "Armazém Norte LTDA".into(),
            cnpj: "11222333000181".into(),
            uf: "MG".into(),
            city: "Uberlândia".into(),
            street: "Rua A".into(),
            number: Some(120),
            district: "Centro".into(),
            zip_code: "38400000".into(),
            ..Default::default()
        })
        .returning(CompanyRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert!(company.status);

    let host: CompanyHostRow = diesel::insert_into(company_hosts::table)
        .values(NewCompanyHostRow {
            company_id: company.id,
            host: "norte.patio.app".into(),
            created_at: None,
        })
        .returning(CompanyHostRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(host.company_id, company.id);

    let shipping: ShippingCompanyRow = diesel::insert_into(shipping_companies::table)
        .values(NewShippingCompanyRow {
            company_id: company.id,
            code: 7,
            name: "Transnorte".into(),
            ..Default::default()
        })
        .returning(ShippingCompanyRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert!(shipping.is_enabled);

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

    let driver: DriverRow = diesel::insert_into(drivers::table)
        .values(NewDriverRow {
            company_id: company.id,
            shipping_company_id: Some(shipping.id),
            name: "JOAO DA SILVA".into(),
            cpf: "52998224725".into(),
            cnh: Some("12345678901".into()),
            birth_date: chrono::NaiveDate::from_ymd_opt(1980, 5, 17).unwrap(),
            is_enabled: true,
            use_terms: false,
            created_at: None,
            updated_at: None,
        })
        .returning(DriverRow::as_returning())
        .get_result(&mut conn)
        .unwrap();

    let net: bigdecimal::BigDecimal = "32.5".parse().unwrap();
    let truck: TruckRow = diesel::insert_into(trucks::table)
        .values(NewTruckRow {
            company_id: company.id,
            driver_id: Some(driver.id),
            license_plate: "ABC1D23".into(),
            implement_type: Some("ROMEU & JULIETA".into()),
            shaft_quantity: Some(6),
            gross_capacity: Some("50".parse().unwrap()),
            net_capacity: Some(net.clone()),
            is_enabled: true,
            ..Default::default()
        })
        .returning(TruckRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(truck.net_capacity, Some(net));

    let term: UseTermRow = diesel::insert_into(use_terms::table)
        .values(NewUseTermRow {
            company_id: company.id,
            title: "Termo".into(),
            content: "<p>Li</p>".into(),
            active: true,
            ..Default::default()
        })
        .returning(UseTermRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    let authorization: ContactAuthorizationRow = diesel::insert_into(contact_authorizations::table)
        .values(NewContactAuthorizationRow {
            has_whats: true,
            driver_id: Some(driver.id),
            use_term_id: Some(term.id),
            ..Default::default()
        })
        .returning(ContactAuthorizationRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(authorization.user_id, None);

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

    diesel::insert_into(queue_states::table)
        .values(NewQueueStateRow {
            company_id: company.id,
            ..Default::default()
        })
        .on_conflict_do_nothing()
        .execute(&mut conn)
        .unwrap();
    let state: QueueStateRow = conn
        .transaction(|conn| {
            queue_states::table
                .find(company.id)
                .select(QueueStateRow::as_select())
                .for_update()
                .get_result(conn)
        })
        .unwrap();
    assert_eq!(state.plan_version, 0);

    let entry: QueueEntryRow = diesel::insert_into(queue_entries::table)
        .values(NewQueueEntryRow {
            company_id: company.id,
            driver_id: driver.id,
            truck_id: truck.id,
            ..Default::default()
        })
        .returning(QueueEntryRow::as_returning())
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(entry.status, queue_status::WAITING);
    assert_eq!(entry.scheduling_id, None);

    let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 2).unwrap();
    let attendance: AttendanceRow = diesel::insert_into(attendances::table)
        .values(NewAttendanceRow {
            company_id: company.id,
            day,
            status: true,
            started_by: None,
            started_at: None,
            ended_by: None,
            ended_at: None,
        })
        .returning(AttendanceRow::as_returning())
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
