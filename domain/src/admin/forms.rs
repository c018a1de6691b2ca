//! Field rules of the administration forms with the spec's messages (spec 1 section 5).
//!
//! Each `check_*` takes what the person typed (strings, trimmed here) and returns either the
//! clean values to store or every field that failed, one message per field (the first rule
//! that fails). Documents are kept canonical (CNPJ 14 characters, CPF masked for users, CEP
//! and phones masked), as the rest of the product stores them.
//!
//! Where the spec gives no rule we chose (docs/decisions.md, "Administration"):
//! - text fields without a stated maximum take at most 80 characters (complement and state
//!   registration 25, the spec's "other text fields");
//! - UF is one of the 27 federative units; number has at most 5 digits;
//! - customers and shipping companies may carry a CPF in the CNPJ field (rural producers and
//!   self-employed carriers are people);
//! - a password has 6 to 11 characters.

use crate::roles::Role;
use crate::values::{Cep, Cnpj, Cpf, Email, Phone};

use crate::FieldIssue;

pub const NAME_REQUIRED: &str = "Nome é obrigatório!";
pub const TRADE_NAME_REQUIRED: &str = "Nome fantasia é obrigatório!";
pub const CNPJ_REQUIRED: &str = "Número de CNPJ é obrigatório!";
pub const LEGAL_NAME_REQUIRED: &str = "Razão social é obrigatório!";
pub const UF_REQUIRED: &str = "Estado é obrigatório!";
pub const UF_INVALID: &str = "Estado inválido!";
pub const STREET_REQUIRED: &str = "Nome da rua é obrigatório!";
pub const CITY_REQUIRED: &str = "Nome da cidade é obrigatório!";
pub const DISTRICT_REQUIRED: &str = "Nome do bairro é obrigatório!";
pub const ZIP_REQUIRED: &str = "CEP é obrigatório!";
pub const STATE_REGISTRATION_REQUIRED: &str = "Inscrição Estadual é obrigatório!";
pub const NUMBER_INVALID: &str = "Número inválido!";
pub const CODE_REQUIRED: &str = "Código é obrigatório!";
pub const CODE_INVALID: &str = "Código inválido!";
pub const EMAIL_REQUIRED: &str = "E-mail é obrigatório!";
pub const PASSWORD_REQUIRED: &str = "Senha é obrigatória!";
pub const PASSWORD_TOO_SHORT: &str = "A senha deve ter pelo menos 6 caracteres!";
pub const COMPANY_REQUIRED_FOR_USER: &str = "Selecione uma empresa para o usuário:";
pub const SHIPPING_REQUIRED_FOR_USER: &str = "Selecione uma transportadora para o usuário:";
pub const CONTACT_INCOMPLETE: &str = "Preencha nome, telefone e e-mail do contato!";
pub const WEBSITE_INVALID: &str = "Site inválido!";

/// 'Tamanho máximo de N caracteres' (spec 1 section 5).
/// A record id that cannot exist: ids are positive (the path's and the body's malformed ids
/// answer the same message).
pub const INVALID_ID: &str = "Identificador inválido.";

/// The record a save names (every staff form): absent or 0 creates (spec 1: "id 0 means
/// create"), a positive id edits that record, and a negative one is refused — it would
/// otherwise create a record (issue 21).
pub fn save_target(field: &str, id: Option<i64>) -> Result<Option<i64>, FieldIssue> {
    match id {
        None | Some(0) => Ok(None),
        Some(id) if id > 0 => Ok(Some(id)),
        Some(_) => Err(FieldIssue::new(field, INVALID_ID)),
    }
}

pub fn max_length_message(n: usize) -> String {
    format!("Tamanho máximo de {n} caracteres")
}

/// Limits the spec gives, and ours where it gives none.
pub const TEXT_MAX: usize = 80;
pub const SHORT_TEXT_MAX: usize = 25;
pub const USER_NAME_MAX: usize = 25;
pub const USER_EMAIL_MAX: usize = 25;
pub const PASSWORD_MAX: usize = 11;
pub const PASSWORD_MIN: usize = 6;
pub const NUMBER_MAX_DIGITS: usize = 5;

/// The 27 federative units.
pub const UFS: [&str; 27] = [
    "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR",
    "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
];

/// Collects the first failure of each field.
#[derive(Default)]
struct Checker {
    issues: Vec<FieldIssue>,
}

impl Checker {
    fn fail(&mut self, field: &str, message: impl Into<String>) {
        if !self.issues.iter().any(|i| i.field == field) {
            self.issues.push(FieldIssue::new(field, message));
        }
    }

    /// A trimmed value, `None` when empty.
    fn optional(&mut self, field: &str, value: Option<&str>, max: usize) -> Option<String> {
        let v = clean(value)?;
        if v.chars().count() > max {
            self.fail(field, max_length_message(max));
        }
        Some(v)
    }

    fn required(&mut self, field: &str, value: Option<&str>, message: &str, max: usize) -> String {
        match self.optional(field, value, max) {
            Some(v) => v,
            None => {
                self.fail(field, message);
                String::new()
            }
        }
    }

    fn finish<T>(self, value: T) -> Result<T, Vec<FieldIssue>> {
        if self.issues.is_empty() {
            Ok(value)
        } else {
            Err(self.issues)
        }
    }
}

/// Trimmed; `None` when empty.
pub fn clean(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn uf(c: &mut Checker, value: Option<&str>, required: bool) -> Option<String> {
    match clean(value) {
        None => {
            if required {
                c.fail("uf", UF_REQUIRED);
            }
            None
        }
        Some(v) => {
            let up = v.to_uppercase();
            if UFS.contains(&up.as_str()) {
                Some(up)
            } else {
                c.fail("uf", UF_INVALID);
                None
            }
        }
    }
}

fn number(c: &mut Checker, value: Option<&str>) -> Option<i32> {
    let v = clean(value)?;
    let ok = v.len() <= NUMBER_MAX_DIGITS && v.bytes().all(|b| b.is_ascii_digit());
    match v.parse::<i32>() {
        Ok(n) if ok => Some(n),
        _ => {
            c.fail("number", NUMBER_INVALID);
            None
        }
    }
}

fn zip(c: &mut Checker, value: Option<&str>, required: bool) -> Option<String> {
    match clean(value) {
        None => {
            if required {
                c.fail("zipCode", ZIP_REQUIRED);
            }
            None
        }
        Some(v) => match Cep::parse(&v) {
            Ok(cep) => Some(cep.masked()),
            Err(e) => {
                c.fail("zipCode", e.message());
                None
            }
        },
    }
}

/// A CNPJ, or (when `person_allowed`) a CPF; canonical digits.
fn document(
    c: &mut Checker,
    value: Option<&str>,
    required: bool,
    person_allowed: bool,
) -> Option<String> {
    let Some(v) = clean(value) else {
        if required {
            c.fail("cnpj", CNPJ_REQUIRED);
        }
        return None;
    };
    if let Ok(cnpj) = Cnpj::parse(&v) {
        return Some(cnpj.as_str().to_owned());
    }
    if person_allowed {
        if let Ok(cpf) = Cpf::parse(&v) {
            return Some(cpf.as_str().to_owned());
        }
    }
    c.fail("cnpj", crate::values::ValueError::Cnpj.message());
    None
}

/// A positive integer code (customers, shipping companies).
fn code(c: &mut Checker, value: Option<&str>) -> i32 {
    match clean(value) {
        None => {
            c.fail("code", CODE_REQUIRED);
            0
        }
        Some(v) => match v.parse::<i32>() {
            Ok(n) if n > 0 => n,
            _ => {
                c.fail("code", CODE_INVALID);
                0
            }
        },
    }
}

/// The masked form of a stored document: CNPJ `##.###.###/####-##`, CPF `###.###.###-##`;
/// anything else as stored.
pub fn masked_document(stored: &str) -> String {
    crate::values::Stored::document(stored.to_owned()).masked()
}

/// A website that names no valid host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidWebsite;

/// The host a company's website names (lower case, no scheme, port or path), used to resolve
/// the company from the host the application is served on. `None` when there is no website.
pub fn website_host(website: &str) -> Result<Option<String>, InvalidWebsite> {
    let w = website.trim().to_lowercase();
    if w.is_empty() {
        return Ok(None);
    }
    let rest = w
        .strip_prefix("https://")
        .or_else(|| w.strip_prefix("http://"))
        .unwrap_or(&w);
    let host_port = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = match host_port.rsplit_once(':') {
        Some((h, port)) if port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => host_port,
    };
    let labels: Vec<&str> = host.split('.').collect();
    let valid = !host.is_empty()
        && host.len() <= 253
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    if valid {
        Ok(Some(host.to_owned()))
    } else {
        Err(InvalidWebsite)
    }
}

/// What the company form sends.
#[derive(Debug, Clone, Default)]
pub struct CompanyInput {
    pub name: Option<String>,
    /// Legal name.
    pub company: Option<String>,
    pub cnpj: Option<String>,
    pub uf: Option<String>,
    pub city: Option<String>,
    pub street: Option<String>,
    pub number: Option<String>,
    pub complement: Option<String>,
    pub district: Option<String>,
    pub zip_code: Option<String>,
    pub website: Option<String>,
    pub status: Option<bool>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompanyData {
    pub name: String,
    pub legal_name: String,
    /// 14 characters.
    pub cnpj: String,
    pub uf: String,
    pub city: String,
    pub street: String,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub district: String,
    /// `#####-###`.
    pub zip_code: String,
    pub website: Option<String>,
    /// The host named by the website.
    pub host: Option<String>,
    pub status: bool,
}

/// The company form (spec 1 section 5, "Company form").
pub fn check_company(i: &CompanyInput) -> Result<CompanyData, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let name = c.required("name", i.name.as_deref(), TRADE_NAME_REQUIRED, 80);
    let cnpj = document(&mut c, i.cnpj.as_deref(), true, false);
    let legal_name = c.required("company", i.company.as_deref(), LEGAL_NAME_REQUIRED, 50);
    let uf = uf(&mut c, i.uf.as_deref(), true);
    let street = c.required("street", i.street.as_deref(), STREET_REQUIRED, 50);
    let number = number(&mut c, i.number.as_deref());
    let complement = c.optional("complement", i.complement.as_deref(), SHORT_TEXT_MAX);
    let city = c.required("city", i.city.as_deref(), CITY_REQUIRED, 50);
    let district = c.required(
        "district",
        i.district.as_deref(),
        DISTRICT_REQUIRED,
        TEXT_MAX,
    );
    let zip_code = zip(&mut c, i.zip_code.as_deref(), true);
    let website = c.optional("website", i.website.as_deref(), 120);
    let host = match website.as_deref().map(website_host) {
        Some(Ok(host)) => host,
        Some(Err(InvalidWebsite)) => {
            c.fail("website", WEBSITE_INVALID);
            None
        }
        None => None,
    };
    c.finish(CompanyData {
        name,
        legal_name,
        cnpj: cnpj.unwrap_or_default(),
        uf: uf.unwrap_or_default(),
        city,
        street,
        number,
        complement,
        district,
        zip_code: zip_code.unwrap_or_default(),
        website,
        host,
        status: i.status.unwrap_or(true),
    })
}

/// The address and identity fields customers and shipping companies share.
// Kept apart from the save commands (the HTTP bodies): the two bodies spell `company`
// differently (legal name / owner company) and send code and number as a JSON number or text.
#[derive(Debug, Clone, Default)]
pub struct PartyInput {
    pub code: Option<String>,
    pub name: Option<String>,
    /// Legal name (customers only).
    pub company: Option<String>,
    pub cnpj: Option<String>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub street: Option<String>,
    pub number: Option<String>,
    pub complement: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    pub zip_code: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PartyData {
    pub code: i32,
    pub name: String,
    pub legal_name: Option<String>,
    /// 14 (CNPJ) or 11 (CPF) characters.
    pub cnpj: Option<String>,
    pub state_registration: Option<String>,
    pub uf: Option<String>,
    pub street: Option<String>,
    pub number: Option<i32>,
    pub complement: Option<String>,
    pub city: Option<String>,
    pub district: Option<String>,
    /// `#####-###`.
    pub zip_code: Option<String>,
}

fn party(c: &mut Checker, i: &PartyInput, name_required: &str, street_max: usize) -> PartyData {
    PartyData {
        code: code(c, i.code.as_deref()),
        name: c.required("name", i.name.as_deref(), name_required, TEXT_MAX),
        legal_name: c.optional("company", i.company.as_deref(), TEXT_MAX),
        cnpj: document(c, i.cnpj.as_deref(), false, true),
        state_registration: c.optional(
            "stateRegistration",
            i.state_registration.as_deref(),
            SHORT_TEXT_MAX,
        ),
        uf: uf(c, i.uf.as_deref(), false),
        street: c.optional("street", i.street.as_deref(), street_max),
        number: number(c, i.number.as_deref()),
        complement: c.optional("complement", i.complement.as_deref(), SHORT_TEXT_MAX),
        city: c.optional("city", i.city.as_deref(), 50),
        district: c.optional("district", i.district.as_deref(), TEXT_MAX),
        zip_code: zip(c, i.zip_code.as_deref(), false),
    }
}

/// The customer form and each customer of an import: code and name required; the rest
/// optional but valid when given.
pub fn check_customer(i: &PartyInput) -> Result<PartyData, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let data = party(&mut c, i, NAME_REQUIRED, TEXT_MAX);
    c.finish(data)
}

/// The shipping-company form (spec 1 section 5): "the rules apply on edit only. They are the
/// same as for the company, plus stateRegistration required and street max 25". A new
/// shipping company (form or import) needs code and name, and valid values where given.
pub fn check_shipping_company(i: &PartyInput, editing: bool) -> Result<PartyData, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let street_max = if editing { SHORT_TEXT_MAX } else { TEXT_MAX };
    let data = party(&mut c, i, TRADE_NAME_REQUIRED, street_max);
    if editing {
        let required = [
            ("cnpj", data.cnpj.is_none(), CNPJ_REQUIRED),
            ("uf", data.uf.is_none(), UF_REQUIRED),
            ("street", data.street.is_none(), STREET_REQUIRED),
            ("city", data.city.is_none(), CITY_REQUIRED),
            ("district", data.district.is_none(), DISTRICT_REQUIRED),
            ("zipCode", data.zip_code.is_none(), ZIP_REQUIRED),
            (
                "stateRegistration",
                data.state_registration.is_none(),
                STATE_REGISTRATION_REQUIRED,
            ),
        ];
        for (field, missing, message) in required {
            if missing {
                c.fail(field, message);
            }
        }
    }
    c.finish(data)
}

/// A password as typed: 6 to 11 characters (spec: at most 11; the minimum is ours).
pub fn check_password(field: &str, password: &str) -> Result<(), FieldIssue> {
    let n = password.chars().count();
    if n > PASSWORD_MAX {
        Err(FieldIssue::new(field, max_length_message(PASSWORD_MAX)))
    } else if n < PASSWORD_MIN {
        Err(FieldIssue::new(field, PASSWORD_TOO_SHORT))
    } else {
        Ok(())
    }
}

/// The login of a shipping company: the e-mail its Transportadora user signs in with, and a
/// password (required when the login is new).
#[derive(Debug, Clone, Default)]
pub struct LoginInput {
    pub login: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoginData {
    /// Lower-case e-mail.
    pub login: String,
    pub password: Option<String>,
}

/// `Ok(None)` when no login is given. `password_needed`: the login is new.
pub fn check_login(
    i: &LoginInput,
    password_needed: bool,
) -> Result<Option<LoginData>, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let Some(login) = clean(i.login.as_deref()) else {
        return Ok(None);
    };
    let email = match Email::parse(&login) {
        Ok(e) if e.as_str().chars().count() > USER_EMAIL_MAX => {
            c.fail("login", max_length_message(USER_EMAIL_MAX));
            String::new()
        }
        Ok(e) => e.as_str().to_owned(),
        Err(e) => {
            c.fail("login", e.message());
            String::new()
        }
    };
    let password = i.password.clone().filter(|p| !p.is_empty());
    match &password {
        Some(p) => {
            if let Err(issue) = check_password("password", p) {
                c.fail(&issue.field, issue.message);
            }
        }
        None if password_needed => c.fail("password", PASSWORD_REQUIRED),
        None => {}
    }
    c.finish(Some(LoginData {
        login: email,
        password,
    }))
}

/// A contact row of a form or an import.
#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub name: Option<String>,
    pub fone: Option<String>,
    pub email: Option<String>,
    pub whatsapp: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactData {
    pub name: String,
    /// Masked.
    pub fone: Option<String>,
    /// Lower case.
    pub email: Option<String>,
    pub whatsapp: bool,
}

/// How strictly a contact is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactRule {
    /// The form: name, phone and e-mail all filled (spec 1 section 5, "Contacts").
    Form,
    /// A CSV import: a name and a phone or an e-mail; an empty row is skipped.
    Import,
}

/// `Ok(None)`: an import row with no contact.
pub fn check_contact(
    i: &ContactInput,
    rule: ContactRule,
) -> Result<Option<ContactData>, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let name = clean(i.name.as_deref());
    let fone = clean(i.fone.as_deref());
    let email = clean(i.email.as_deref());
    if rule == ContactRule::Import && name.is_none() && fone.is_none() && email.is_none() {
        return Ok(None);
    }
    let complete = match rule {
        ContactRule::Form => name.is_some() && fone.is_some() && email.is_some(),
        ContactRule::Import => name.is_some() && (fone.is_some() || email.is_some()),
    };
    if !complete {
        c.fail("contact", CONTACT_INCOMPLETE);
        return c.finish(None);
    }
    let name = c.required("contact", name.as_deref(), CONTACT_INCOMPLETE, TEXT_MAX);
    let fone = fone.and_then(|f| match Phone::parse(&f) {
        Ok(p) => Some(p.masked()),
        Err(e) => {
            c.fail("fone", e.message());
            None
        }
    });
    let email = email.and_then(|e| match Email::parse(&e) {
        Ok(e) => Some(e.as_str().to_owned()),
        Err(e) => {
            c.fail("email", e.message());
            None
        }
    });
    c.finish(Some(ContactData {
        name,
        fone,
        email,
        whatsapp: i.whatsapp,
    }))
}

/// The user and profile forms.
#[derive(Debug, Clone, Default)]
pub struct UserInput {
    pub name: Option<String>,
    pub email: Option<String>,
    pub cpf: Option<String>,
    pub fone: Option<String>,
    /// Wire spelling; `None`: Usuario (the default).
    pub role: Option<String>,
    pub password: Option<String>,
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub receives_email: bool,
    pub is_enabled: Option<bool>,
    pub is_root: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserData {
    pub name: String,
    /// Lower case.
    pub email: String,
    /// `###.###.###-##`.
    pub cpf: Option<String>,
    /// Masked.
    pub fone: Option<String>,
    pub role: Role,
    pub password: Option<String>,
    /// The company chosen (every role but Administrador; for Transportadora the shipping
    /// company's, checked by the caller).
    pub company_id: Option<i64>,
    pub shipping_company_id: Option<i64>,
    pub receives_email: bool,
    pub is_enabled: bool,
    pub is_root: bool,
}

/// The daily loading report is offered to Usuario and Expedicao only (spec 1 section 6).
pub const fn offers_daily_report(role: Role) -> bool {
    matches!(role, Role::Usuario | Role::Expedicao)
}

/// The company picker is shown for every role except Administrador (spec 1 section 2).
pub const fn needs_company(role: Role) -> bool {
    !matches!(role, Role::Administrador)
}

/// The user form (spec 1 section 5, "User and profile forms"). `creating`: the password is
/// required. Flags a role does not offer are cleared (report for Usuario and Expedicao, root for
/// Administrador); an Administrador has no company.
pub fn check_user(i: &UserInput, creating: bool) -> Result<UserData, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let name = c.required("name", i.name.as_deref(), NAME_REQUIRED, USER_NAME_MAX);
    let email = match clean(i.email.as_deref()) {
        None => {
            c.fail("email", EMAIL_REQUIRED);
            String::new()
        }
        Some(e) => match Email::parse(&e) {
            Ok(e) if e.as_str().chars().count() > USER_EMAIL_MAX => {
                c.fail("email", max_length_message(USER_EMAIL_MAX));
                String::new()
            }
            Ok(e) => e.as_str().to_owned(),
            Err(err) => {
                c.fail("email", err.message());
                String::new()
            }
        },
    };
    let cpf = clean(i.cpf.as_deref()).and_then(|v| match Cpf::parse(&v) {
        Ok(cpf) => Some(cpf.masked()),
        Err(e) => {
            c.fail("cpf", e.message());
            None
        }
    });
    let fone = clean(i.fone.as_deref()).and_then(|v| match Phone::parse(&v) {
        Ok(p) => Some(p.masked()),
        Err(e) => {
            c.fail("fone", e.message());
            None
        }
    });
    let role = match clean(i.role.as_deref()) {
        None => Role::Usuario,
        Some(r) => Role::parse(&r).unwrap_or_else(|e| {
            c.fail("role", e.message());
            Role::Usuario
        }),
    };
    let password = i.password.clone().filter(|p| !p.is_empty());
    match &password {
        Some(p) => {
            if let Err(issue) = check_password("password", p) {
                c.fail(&issue.field, issue.message);
            }
        }
        None if creating => c.fail("password", PASSWORD_REQUIRED),
        None => {}
    }
    let (company_id, shipping_company_id) = match role {
        Role::Administrador => (None, None),
        Role::Transportadora => {
            if i.shipping_company_id.is_none() {
                c.fail("shippingCompany", SHIPPING_REQUIRED_FOR_USER);
            }
            (i.company_id, i.shipping_company_id)
        }
        _ => {
            if i.company_id.is_none() {
                c.fail("company", COMPANY_REQUIRED_FOR_USER);
            }
            (i.company_id, None)
        }
    };
    c.finish(UserData {
        name,
        email,
        cpf,
        fone,
        role,
        password,
        company_id,
        shipping_company_id,
        receives_email: i.receives_email && offers_daily_report(role),
        is_enabled: i.is_enabled.unwrap_or(true),
        is_root: i.is_root && role == Role::Administrador,
    })
}

/// The simple own-profile form: name, phone and password only.
#[derive(Debug, Clone, Default)]
pub struct ProfileInput {
    pub name: Option<String>,
    pub fone: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileData {
    pub name: String,
    pub fone: Option<String>,
    pub password: Option<String>,
}

pub fn check_profile(i: &ProfileInput) -> Result<ProfileData, Vec<FieldIssue>> {
    let mut c = Checker::default();
    let name = c.required("name", i.name.as_deref(), NAME_REQUIRED, USER_NAME_MAX);
    let fone = clean(i.fone.as_deref()).and_then(|v| match Phone::parse(&v) {
        Ok(p) => Some(p.masked()),
        Err(e) => {
            c.fail("fone", e.message());
            None
        }
    });
    let password = i.password.clone().filter(|p| !p.is_empty());
    if let Some(p) = &password {
        if let Err(issue) = check_password("password", p) {
            c.fail(&issue.field, issue.message);
        }
    }
    c.finish(ProfileData {
        name,
        fone,
        password,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_save_creates_without_an_id_or_with_0_edits_a_positive_one_and_refuses_negatives() {
        assert_eq!(super::save_target("id", None), Ok(None));
        assert_eq!(super::save_target("id", Some(0)), Ok(None));
        assert_eq!(super::save_target("id", Some(7)), Ok(Some(7)));
        for bad in [-1, i64::MIN] {
            let e = super::save_target("id", Some(bad)).unwrap_err();
            assert_eq!(
                (e.field.as_str(), e.message.as_str()),
                ("id", super::INVALID_ID)
            );
        }
    }

    use super::*;

    fn s(v: &str) -> Option<String> {
        Some(v.to_owned())
    }

    fn company() -> CompanyInput {
        CompanyInput {
            name: s("Demo Agro"),
            company: s("Demo Agro Armazéns Gerais Ltda"),
            cnpj: s("11.222.333/0001-81"),
            uf: s("mt"),
            city: s("Rondonópolis"),
            street: s("Avenida dos Estudantes"),
            number: s("1500"),
            complement: None,
            district: s("Centro"),
            zip_code: s("78700000"),
            website: s("https://Patio.DemoAgro.com.br:8443/login"),
            status: None,
        }
    }

    fn issues(r: Result<impl std::fmt::Debug, Vec<FieldIssue>>) -> Vec<(String, String)> {
        r.err()
            .unwrap_or_default()
            .into_iter()
            .map(|i| (i.field, i.message))
            .collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(f, m)| ((*f).to_owned(), (*m).to_owned()))
            .collect()
    }

    #[test]
    fn a_good_company_is_cleaned() {
        let d = check_company(&company()).unwrap();
        assert_eq!(d.cnpj, "11222333000181");
        assert_eq!(d.uf, "MT");
        assert_eq!(d.zip_code, "78700-000");
        assert_eq!(d.number, Some(1500));
        assert_eq!(d.host.as_deref(), Some("patio.demoagro.com.br"));
        assert!(d.status);
    }

    #[test]
    fn every_required_company_field_has_the_spec_message() {
        let got = issues(check_company(&CompanyInput::default()));
        assert_eq!(
            got,
            pairs(&[
                ("name", "Nome fantasia é obrigatório!"),
                ("cnpj", "Número de CNPJ é obrigatório!"),
                ("company", "Razão social é obrigatório!"),
                ("uf", "Estado é obrigatório!"),
                ("street", "Nome da rua é obrigatório!"),
                ("city", "Nome da cidade é obrigatório!"),
                ("district", "Nome do bairro é obrigatório!"),
                ("zipCode", "CEP é obrigatório!"),
            ])
        );
    }

    #[test]
    fn company_maximum_lengths() {
        let long = |n: usize| Some("a".repeat(n));
        let mut i = company();
        i.name = long(81);
        i.company = long(51);
        i.street = long(51);
        i.complement = long(26);
        i.city = long(51);
        let got = issues(check_company(&i));
        assert_eq!(
            got,
            pairs(&[
                ("name", "Tamanho máximo de 80 caracteres"),
                ("company", "Tamanho máximo de 50 caracteres"),
                ("street", "Tamanho máximo de 50 caracteres"),
                ("complement", "Tamanho máximo de 25 caracteres"),
                ("city", "Tamanho máximo de 50 caracteres"),
            ])
        );
        let mut ok = company();
        ok.name = long(80);
        ok.company = long(50);
        assert!(check_company(&ok).is_ok());
    }

    #[test]
    fn company_values_are_checked() {
        let mut i = company();
        i.cnpj = s("11.222.333/0001-82");
        i.zip_code = s("7870000");
        i.uf = s("XX");
        i.number = s("123456");
        i.website = s("http://exa mple.com");
        let got = issues(check_company(&i));
        assert_eq!(
            got,
            pairs(&[
                ("cnpj", "CNPJ inválido"),
                ("uf", "Estado inválido!"),
                ("number", "Número inválido!"),
                ("zipCode", "CEP inválido"),
                ("website", "Site inválido!"),
            ])
        );
    }

    #[test]
    fn company_cnpj_must_not_be_a_cpf() {
        let mut i = company();
        i.cnpj = s("529.982.247-25");
        assert_eq!(
            issues(check_company(&i)),
            pairs(&[("cnpj", "CNPJ inválido")])
        );
    }

    #[test]
    fn website_hosts() {
        assert_eq!(website_host(""), Ok(None));
        assert_eq!(
            website_host("www.Exemplo.com.br/"),
            Ok(Some("www.exemplo.com.br".to_owned()))
        );
        assert_eq!(
            website_host("localhost:8080"),
            Ok(Some("localhost".to_owned()))
        );
        assert_eq!(website_host("http://"), Err(InvalidWebsite));
        assert_eq!(website_host("a..b"), Err(InvalidWebsite));
    }

    #[test]
    fn a_customer_needs_code_and_name_only() {
        let got = issues(check_customer(&PartyInput::default()));
        assert_eq!(
            got,
            pairs(&[
                ("code", "Código é obrigatório!"),
                ("name", "Nome é obrigatório!")
            ])
        );
        let d = check_customer(&PartyInput {
            code: s("42"),
            name: s("Fazenda Boa Vista"),
            cnpj: s("529.982.247-25"),
            zip_code: s("78700000"),
            uf: s("mt"),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(d.code, 42);
        assert_eq!(d.cnpj.as_deref(), Some("52998224725"), "a CPF is accepted");
        assert_eq!(d.zip_code.as_deref(), Some("78700-000"));
        assert_eq!(d.uf.as_deref(), Some("MT"));
    }

    #[test]
    fn customer_code_must_be_a_positive_integer() {
        for bad in ["abc", "0", "-3", "99999999999"] {
            let got = issues(check_customer(&PartyInput {
                code: s(bad),
                name: s("X"),
                ..Default::default()
            }));
            assert_eq!(got, pairs(&[("code", "Código inválido!")]), "{bad}");
        }
    }

    #[test]
    fn shipping_company_rules_apply_on_edit_only() {
        let new = PartyInput {
            code: s("7"),
            name: s("Rápido Cerrado"),
            street: s("Rua com um nome bem comprido, 30"),
            ..Default::default()
        };
        assert!(check_shipping_company(&new, false).is_ok());
        let got = issues(check_shipping_company(&new, true));
        assert_eq!(
            got,
            pairs(&[
                ("street", "Tamanho máximo de 25 caracteres"),
                ("cnpj", "Número de CNPJ é obrigatório!"),
                ("uf", "Estado é obrigatório!"),
                ("city", "Nome da cidade é obrigatório!"),
                ("district", "Nome do bairro é obrigatório!"),
                ("zipCode", "CEP é obrigatório!"),
                ("stateRegistration", "Inscrição Estadual é obrigatório!"),
            ])
        );
        let got = issues(check_shipping_company(&PartyInput::default(), false));
        assert_eq!(
            got,
            pairs(&[
                ("code", "Código é obrigatório!"),
                ("name", "Nome fantasia é obrigatório!")
            ])
        );
    }

    #[test]
    fn passwords_have_6_to_11_characters() {
        assert!(check_password("password", "abcdef").is_ok());
        assert!(check_password("password", "abcdefghijk").is_ok());
        assert_eq!(
            check_password("password", "abcdefghijkl")
                .unwrap_err()
                .message,
            "Tamanho máximo de 11 caracteres"
        );
        assert_eq!(
            check_password("password", "abc").unwrap_err().message,
            PASSWORD_TOO_SHORT
        );
    }

    #[test]
    fn shipping_login_is_an_email_and_a_new_one_needs_a_password() {
        assert_eq!(check_login(&LoginInput::default(), true), Ok(None));
        let got = check_login(
            &LoginInput {
                login: s("Frota@Rapido.com"),
                password: None,
            },
            true,
        );
        assert_eq!(issues(got), pairs(&[("password", "Senha é obrigatória!")]));
        let ok = check_login(
            &LoginInput {
                login: s("Frota@Rapido.com"),
                password: None,
            },
            false,
        )
        .unwrap()
        .unwrap();
        assert_eq!(ok.login, "frota@rapido.com");
        let got = check_login(
            &LoginInput {
                login: s("frota"),
                password: s("123456789012"),
            },
            false,
        );
        assert_eq!(
            issues(got),
            pairs(&[
                ("login", "E-email inválido"),
                ("password", "Tamanho máximo de 11 caracteres")
            ])
        );
    }

    #[test]
    fn form_contacts_need_name_phone_and_email() {
        let full = ContactInput {
            name: s("Maria"),
            fone: s("66999990000"),
            email: s("Maria@Fazenda.com"),
            whatsapp: true,
        };
        let d = check_contact(&full, ContactRule::Form).unwrap().unwrap();
        assert_eq!(d.fone.as_deref(), Some("(66) 9 9999-0000"));
        assert_eq!(d.email.as_deref(), Some("maria@fazenda.com"));
        let no_email = ContactInput {
            email: None,
            ..full.clone()
        };
        assert_eq!(
            issues(check_contact(&no_email, ContactRule::Form)),
            pairs(&[("contact", CONTACT_INCOMPLETE)])
        );
        assert!(check_contact(&no_email, ContactRule::Import)
            .unwrap()
            .is_some());
        assert_eq!(
            check_contact(&ContactInput::default(), ContactRule::Import),
            Ok(None)
        );
        let bad = ContactInput {
            fone: s("123"),
            email: s("x@"),
            ..full
        };
        assert_eq!(
            issues(check_contact(&bad, ContactRule::Form)),
            pairs(&[("fone", "Telefone inválido"), ("email", "E-email inválido")])
        );
    }

    fn user() -> UserInput {
        UserInput {
            name: s("Ana"),
            email: s("Ana@Demo.com"),
            cpf: s("52998224725"),
            fone: s("66999990000"),
            role: s("Usuario"),
            password: s("segredo1"),
            company_id: Some(1),
            shipping_company_id: Some(9),
            receives_email: true,
            is_enabled: None,
            is_root: true,
        }
    }

    #[test]
    fn a_good_user_is_cleaned_and_flags_follow_the_role() {
        let d = check_user(&user(), true).unwrap();
        assert_eq!(d.email, "ana@demo.com");
        assert_eq!(d.cpf.as_deref(), Some("529.982.247-25"));
        assert_eq!(d.fone.as_deref(), Some("(66) 9 9999-0000"));
        assert_eq!((d.company_id, d.shipping_company_id), (Some(1), None));
        assert!(d.receives_email && d.is_enabled && !d.is_root);

        let admin = check_user(
            &UserInput {
                role: s("Administrador"),
                ..user()
            },
            true,
        )
        .unwrap();
        assert_eq!((admin.company_id, admin.shipping_company_id), (None, None));
        assert!(admin.is_root && !admin.receives_email);

        let carrier = check_user(
            &UserInput {
                role: s("Transportadora"),
                ..user()
            },
            true,
        )
        .unwrap();
        assert_eq!(carrier.shipping_company_id, Some(9));
        assert!(!carrier.receives_email);
        let expedicao = check_user(
            &UserInput {
                role: s("Expedicao"),
                ..user()
            },
            true,
        )
        .unwrap();
        assert!(expedicao.receives_email);
    }

    #[test]
    fn user_messages_are_the_spec_ones() {
        let got = issues(check_user(&UserInput::default(), true));
        assert_eq!(
            got,
            pairs(&[
                ("name", "Nome é obrigatório!"),
                ("email", "E-mail é obrigatório!"),
                ("password", "Senha é obrigatória!"),
                ("company", "Selecione uma empresa para o usuário:"),
            ])
        );
        let got = issues(check_user(
            &UserInput {
                role: s("Transportadora"),
                shipping_company_id: None,
                email: s("not-an-email"),
                cpf: s("111.111.111-11"),
                name: s(&"n".repeat(26)),
                ..user()
            },
            false,
        ));
        assert_eq!(
            got,
            pairs(&[
                ("name", "Tamanho máximo de 25 caracteres"),
                ("email", "E-email inválido"),
                ("cpf", "Cpf Inválido"),
                (
                    "shippingCompany",
                    "Selecione uma transportadora para o usuário:"
                ),
            ])
        );
        let got = issues(check_user(
            &UserInput {
                email: s("a.very.long.address@example.com"),
                role: s("Gerente"),
                ..user()
            },
            false,
        ));
        assert_eq!(
            got,
            pairs(&[
                ("email", "Tamanho máximo de 25 caracteres"),
                ("role", "Perfil inválido")
            ])
        );
    }

    #[test]
    fn editing_a_user_keeps_the_password_when_none_is_typed() {
        let d = check_user(
            &UserInput {
                password: s(""),
                ..user()
            },
            false,
        )
        .unwrap();
        assert_eq!(d.password, None);
    }

    #[test]
    fn profile_form() {
        let d = check_profile(&ProfileInput {
            name: s(" Ana "),
            fone: None,
            password: None,
        })
        .unwrap();
        assert_eq!(d.name, "Ana");
        assert_eq!(
            issues(check_profile(&ProfileInput::default())),
            pairs(&[("name", "Nome é obrigatório!")])
        );
    }

    #[test]
    fn documents_are_shown_masked() {
        assert_eq!(masked_document("11222333000181"), "11.222.333/0001-81");
        assert_eq!(masked_document("52998224725"), "529.982.247-25");
        assert_eq!(masked_document("x"), "x");
    }
}
