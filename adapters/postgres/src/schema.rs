// @generated automatically by Diesel CLI.

diesel::table! {
    attendances (id) {
        id -> Int8,
        company_id -> Int8,
        day -> Date,
        status -> Bool,
        started_by -> Nullable<Int8>,
        started_at -> Timestamptz,
        ended_by -> Nullable<Int8>,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    checkins (id) {
        id -> Int8,
        company_id -> Int8,
        queue_entry_id -> Int8,
        driver_id -> Int8,
        is_present -> Bool,
        status -> Bool,
        is_calling -> Bool,
        called_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    companies (id) {
        id -> Int8,
        name -> Text,
        company -> Text,
        cnpj -> Text,
        uf -> Text,
        city -> Text,
        street -> Text,
        number -> Nullable<Int4>,
        complement -> Nullable<Text>,
        district -> Text,
        zip_code -> Text,
        website -> Nullable<Text>,
        logo -> Nullable<Text>,
        status -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        cnpj_plain -> Nullable<Text>,
    }
}

diesel::table! {
    company_hosts (id) {
        id -> Int8,
        company_id -> Int8,
        host -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    contact_authorizations (id) {
        id -> Int8,
        has_whats -> Bool,
        has_sms -> Bool,
        has_email -> Bool,
        user_id -> Nullable<Int8>,
        driver_id -> Nullable<Int8>,
        use_term_id -> Nullable<Int8>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    contacts (id) {
        id -> Int8,
        name -> Text,
        fone -> Nullable<Text>,
        email -> Nullable<Text>,
        whatsapp -> Bool,
        company_id -> Nullable<Int8>,
        customer_id -> Nullable<Int8>,
        shipping_company_id -> Nullable<Int8>,
        driver_id -> Nullable<Int8>,
        truck_id -> Nullable<Int8>,
        user_id -> Nullable<Int8>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    customers (id) {
        id -> Int8,
        company_id -> Int8,
        code -> Int4,
        name -> Text,
        company -> Nullable<Text>,
        cnpj -> Nullable<Text>,
        state_registration -> Nullable<Text>,
        uf -> Nullable<Text>,
        street -> Nullable<Text>,
        number -> Nullable<Int4>,
        complement -> Nullable<Text>,
        city -> Nullable<Text>,
        district -> Nullable<Text>,
        zip_code -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        cnpj_plain -> Nullable<Text>,
        name_fold -> Nullable<Text>,
    }
}

diesel::table! {
    daily_reports (company_id, day) {
        company_id -> Int8,
        day -> Date,
        recipients -> Int4,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    delays (id) {
        id -> Int8,
        company_id -> Int8,
        reason -> Text,
        time_minutes -> Int4,
        icon -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    delays_in_progress (id) {
        id -> Int8,
        company_id -> Int8,
        delay_id -> Nullable<Int8>,
        delayed_minutes -> Int4,
        expedition -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        ended_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    deleted_schedulings (id) {
        id -> Int8,
        scheduling_id -> Int8,
        company_id -> Int8,
        order_id -> Int8,
        truck_id -> Nullable<Int8>,
        driver_id -> Nullable<Int8>,
        shipping_company_id -> Nullable<Int8>,
        qty_ordered -> Numeric,
        qty_transported -> Numeric,
        expiration_date -> Nullable<Date>,
        exped_date -> Nullable<Timestamptz>,
        exped_initial_date -> Nullable<Timestamptz>,
        status -> Bool,
        reason -> Text,
        created_at -> Timestamptz,
        deleted_at -> Timestamptz,
    }
}

diesel::table! {
    driver_logs (id) {
        id -> Int8,
        driver_id -> Nullable<Int8>,
        company_id -> Nullable<Int8>,
        operation_type -> Text,
        data -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    drivers (id) {
        id -> Int8,
        company_id -> Int8,
        shipping_company_id -> Nullable<Int8>,
        name -> Text,
        cpf -> Text,
        cnh -> Nullable<Text>,
        birth_date -> Date,
        is_enabled -> Bool,
        use_terms -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        name_fold -> Nullable<Text>,
    }
}

diesel::table! {
    dropout_logs (id) {
        id -> Int8,
        company_id -> Int8,
        driver_id -> Nullable<Int8>,
        truck_id -> Nullable<Int8>,
        queue_entry_id -> Nullable<Int8>,
        closed_at -> Timestamptz,
        date -> Nullable<Date>,
        ip -> Nullable<Text>,
        device -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    holidays (id) {
        id -> Int8,
        company_id -> Int8,
        title -> Text,
        dates -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    order_items (id) {
        id -> Int8,
        order_id -> Int8,
        product_id -> Int8,
        quantity -> Numeric,
    }
}

diesel::table! {
    order_shipping_companies (order_id, shipping_company_id) {
        order_id -> Int8,
        shipping_company_id -> Int8,
    }
}

diesel::table! {
    orders (id) {
        id -> Int8,
        company_id -> Int8,
        code -> Text,
        customer_id -> Int8,
        qty_transported -> Numeric,
        enable -> Bool,
        status -> Numeric,
        send_email -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    outbox (id) {
        id -> Int8,
        company_id -> Nullable<Int8>,
        kind -> Text,
        order_id -> Nullable<Int8>,
        report_day -> Nullable<Date>,
        user_id -> Nullable<Int8>,
        recipient -> Text,
        recipient_name -> Text,
        subject -> Text,
        text_body -> Text,
        html_body -> Text,
        status -> Text,
        attempts -> Int4,
        error -> Nullable<Text>,
        created_at -> Timestamptz,
        last_attempt_at -> Nullable<Timestamptz>,
        sent_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    popup_reads (id) {
        id -> Int8,
        popup_id -> Int8,
        driver_id -> Int8,
        read_at -> Timestamptz,
    }
}

diesel::table! {
    popups (id) {
        id -> Int8,
        company_id -> Int8,
        start_at -> Nullable<Timestamptz>,
        end_at -> Nullable<Timestamptz>,
        active -> Bool,
        title -> Text,
        label -> Nullable<Text>,
        image_url -> Nullable<Text>,
        content -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    products (id) {
        id -> Int8,
        company_id -> Int8,
        code -> Int4,
        name -> Text,
        group_type -> Int2,
        ncmcode -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    queue_entries (id) {
        id -> Int8,
        company_id -> Int8,
        driver_id -> Int8,
        truck_id -> Int8,
        scheduling_id -> Nullable<Int8>,
        status -> Text,
        joined_at -> Timestamptz,
        position -> Nullable<Int4>,
        forecast_at -> Nullable<Timestamptz>,
        date -> Nullable<Date>,
        attended -> Bool,
        attended_at -> Nullable<Timestamptz>,
        expedition -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        closed_at -> Nullable<Timestamptz>,
        planned_day -> Nullable<Date>,
        in_tolerance -> Bool,
    }
}

diesel::table! {
    queue_restores (id) {
        id -> Int8,
        company_id -> Int8,
        order_id -> Int8,
        queue_entry_id -> Int8,
        driver_id -> Int8,
        truck_id -> Int8,
        qty_transported -> Numeric,
        status -> Bool,
        created_at -> Timestamptz,
        restored_at -> Nullable<Timestamptz>,
        driver_name_fold -> Text,
    }
}

diesel::table! {
    queue_states (company_id) {
        company_id -> Int8,
        tolerance_active -> Bool,
        delay_active -> Bool,
        plan_version -> Int8,
        planned_at -> Nullable<Timestamptz>,
        updated_at -> Timestamptz,
        next_date -> Nullable<Date>,
        next_forecast_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    schedulings (id) {
        id -> Int8,
        company_id -> Int8,
        order_id -> Int8,
        truck_id -> Int8,
        driver_id -> Int8,
        shipping_company_id -> Nullable<Int8>,
        qty_ordered -> Numeric,
        qty_transported -> Numeric,
        expiration_date -> Nullable<Date>,
        exped_date -> Nullable<Timestamptz>,
        exped_initial_date -> Nullable<Timestamptz>,
        status -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    settings (id) {
        id -> Int8,
        company_id -> Int8,
        checkin_ip -> Nullable<Text>,
        enable_checkin -> Bool,
        programmed_total -> Int4,
        queue_edit_hours_limit -> Int4,
        time_attendence -> Time,
        start_time -> Time,
        end_time -> Time,
        start_interval -> Time,
        end_interval -> Time,
        google_maps -> Nullable<Text>,
        week_days -> Jsonb,
        scheduling_day_limit -> Nullable<Int4>,
        hour_entry_limit -> Int4,
        enable_tolerance -> Bool,
        tolerance -> Time,
        enable_recaptcha -> Bool,
        recaptcha_secret -> Nullable<Text>,
        recaptcha_site -> Nullable<Text>,
        enable_missing_validation -> Bool,
        missing_limit -> Int4,
        missing_limit_after_block -> Int4,
        missing_validation_period -> Int4,
        enable_queue_save -> Bool,
        enable_queue_without_scheduling -> Bool,
        logo -> Nullable<Text>,
        time_zone -> Text,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    shipping_companies (id) {
        id -> Int8,
        company_id -> Int8,
        code -> Int4,
        name -> Text,
        cnpj -> Nullable<Text>,
        state_registration -> Nullable<Text>,
        uf -> Nullable<Text>,
        city -> Nullable<Text>,
        street -> Nullable<Text>,
        number -> Nullable<Int4>,
        complement -> Nullable<Text>,
        district -> Nullable<Text>,
        zip_code -> Nullable<Text>,
        is_enabled -> Bool,
        login -> Nullable<Text>,
        login_password_hash -> Nullable<Text>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        cnpj_plain -> Nullable<Text>,
        name_fold -> Nullable<Text>,
    }
}

diesel::table! {
    staff_logs (id) {
        id -> Int8,
        operation_type -> Text,
        object_type -> Text,
        company_id -> Nullable<Int8>,
        user_id -> Nullable<Int8>,
        title -> Text,
        details -> Jsonb,
        ip -> Nullable<Text>,
        created_at -> Timestamptz,
        title_fold -> Nullable<Text>,
    }
}

diesel::table! {
    truck_brands (id) {
        id -> Int8,
        name -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    truck_models (id) {
        id -> Int8,
        truck_brand_id -> Int8,
        name -> Text,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    trucks (id) {
        id -> Int8,
        company_id -> Int8,
        shipping_company_id -> Nullable<Int8>,
        driver_id -> Nullable<Int8>,
        vehicle_model_id -> Nullable<Int8>,
        license_plate -> Text,
        renavam -> Nullable<Text>,
        owner -> Nullable<Text>,
        implement_type -> Nullable<Text>,
        shaft_quantity -> Nullable<Int2>,
        gross_capacity -> Nullable<Numeric>,
        net_capacity -> Nullable<Numeric>,
        color -> Nullable<Text>,
        is_enabled -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    use_terms (id) {
        id -> Int8,
        company_id -> Int8,
        title -> Text,
        content -> Text,
        active -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    users (id) {
        id -> Int8,
        name -> Text,
        email -> Text,
        password_hash -> Text,
        role -> Text,
        cpf -> Nullable<Text>,
        fone -> Nullable<Text>,
        receives_email -> Bool,
        is_enabled -> Bool,
        is_root -> Bool,
        company_id -> Nullable<Int8>,
        shipping_company_id -> Nullable<Int8>,
        use_terms -> Bool,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        password_changed_at -> Nullable<Timestamptz>,
    }
}

diesel::joinable!(attendances -> companies (company_id));
diesel::joinable!(checkins -> companies (company_id));
diesel::joinable!(checkins -> drivers (driver_id));
diesel::joinable!(checkins -> queue_entries (queue_entry_id));
diesel::joinable!(company_hosts -> companies (company_id));
diesel::joinable!(contact_authorizations -> drivers (driver_id));
diesel::joinable!(contact_authorizations -> use_terms (use_term_id));
diesel::joinable!(contact_authorizations -> users (user_id));
diesel::joinable!(contacts -> companies (company_id));
diesel::joinable!(contacts -> customers (customer_id));
diesel::joinable!(contacts -> drivers (driver_id));
diesel::joinable!(contacts -> shipping_companies (shipping_company_id));
diesel::joinable!(contacts -> trucks (truck_id));
diesel::joinable!(contacts -> users (user_id));
diesel::joinable!(customers -> companies (company_id));
diesel::joinable!(daily_reports -> companies (company_id));
diesel::joinable!(delays -> companies (company_id));
diesel::joinable!(delays_in_progress -> companies (company_id));
diesel::joinable!(delays_in_progress -> delays (delay_id));
diesel::joinable!(deleted_schedulings -> companies (company_id));
diesel::joinable!(deleted_schedulings -> drivers (driver_id));
diesel::joinable!(deleted_schedulings -> orders (order_id));
diesel::joinable!(deleted_schedulings -> shipping_companies (shipping_company_id));
diesel::joinable!(deleted_schedulings -> trucks (truck_id));
diesel::joinable!(driver_logs -> companies (company_id));
diesel::joinable!(driver_logs -> drivers (driver_id));
diesel::joinable!(drivers -> companies (company_id));
diesel::joinable!(drivers -> shipping_companies (shipping_company_id));
diesel::joinable!(dropout_logs -> companies (company_id));
diesel::joinable!(dropout_logs -> drivers (driver_id));
diesel::joinable!(dropout_logs -> queue_entries (queue_entry_id));
diesel::joinable!(dropout_logs -> trucks (truck_id));
diesel::joinable!(holidays -> companies (company_id));
diesel::joinable!(order_items -> orders (order_id));
diesel::joinable!(order_items -> products (product_id));
diesel::joinable!(order_shipping_companies -> orders (order_id));
diesel::joinable!(order_shipping_companies -> shipping_companies (shipping_company_id));
diesel::joinable!(orders -> companies (company_id));
diesel::joinable!(orders -> customers (customer_id));
diesel::joinable!(outbox -> companies (company_id));
diesel::joinable!(outbox -> orders (order_id));
diesel::joinable!(outbox -> users (user_id));
diesel::joinable!(popup_reads -> drivers (driver_id));
diesel::joinable!(popup_reads -> popups (popup_id));
diesel::joinable!(popups -> companies (company_id));
diesel::joinable!(products -> companies (company_id));
diesel::joinable!(queue_entries -> companies (company_id));
diesel::joinable!(queue_entries -> drivers (driver_id));
diesel::joinable!(queue_entries -> schedulings (scheduling_id));
diesel::joinable!(queue_entries -> trucks (truck_id));
diesel::joinable!(queue_restores -> companies (company_id));
diesel::joinable!(queue_restores -> drivers (driver_id));
diesel::joinable!(queue_restores -> orders (order_id));
diesel::joinable!(queue_restores -> queue_entries (queue_entry_id));
diesel::joinable!(queue_restores -> trucks (truck_id));
diesel::joinable!(queue_states -> companies (company_id));
diesel::joinable!(schedulings -> companies (company_id));
diesel::joinable!(schedulings -> drivers (driver_id));
diesel::joinable!(schedulings -> orders (order_id));
diesel::joinable!(schedulings -> shipping_companies (shipping_company_id));
diesel::joinable!(schedulings -> trucks (truck_id));
diesel::joinable!(settings -> companies (company_id));
diesel::joinable!(shipping_companies -> companies (company_id));
diesel::joinable!(staff_logs -> companies (company_id));
diesel::joinable!(staff_logs -> users (user_id));
diesel::joinable!(truck_models -> truck_brands (truck_brand_id));
diesel::joinable!(trucks -> companies (company_id));
diesel::joinable!(trucks -> drivers (driver_id));
diesel::joinable!(trucks -> shipping_companies (shipping_company_id));
diesel::joinable!(trucks -> truck_models (vehicle_model_id));
diesel::joinable!(use_terms -> companies (company_id));
diesel::joinable!(users -> companies (company_id));
diesel::joinable!(users -> shipping_companies (shipping_company_id));

diesel::allow_tables_to_appear_in_same_query!(
    attendances,
    checkins,
    companies,
    company_hosts,
    contact_authorizations,
    contacts,
    customers,
    daily_reports,
    delays,
    delays_in_progress,
    deleted_schedulings,
    driver_logs,
    drivers,
    dropout_logs,
    holidays,
    order_items,
    order_shipping_companies,
    orders,
    outbox,
    popup_reads,
    popups,
    products,
    queue_entries,
    queue_restores,
    queue_states,
    schedulings,
    settings,
    shipping_companies,
    staff_logs,
    truck_brands,
    truck_models,
    trucks,
    use_terms,
    users,
);
