//! Fleet forms (spec 2 section 5): drivers, trucks, brands and models, with the spec's messages
//! verbatim (the staff forms' messages are spelled without accents in the spec, the driver app's
//! with them; both are copied as they are).

pub mod drivers;
pub mod sets;

use chrono::NaiveDate;

use crate::implement::ImplementType;
use crate::values::{parse_birth_date, Cpf, Plate, Renavam};
use crate::FieldIssue;

pub mod trucks;

pub const DRIVER_NAME_MAX: usize = 80;
pub const CNH_MAX: usize = 11;
pub const PLATE_MAX: usize = 7;
pub const RENAVAM_MAX: usize = 12;
pub const MODEL_MAX: usize = 50;
pub const OWNER_MAX: usize = 50;
pub const OWNER_MAX_DRIVER_APP: usize = 80;
pub const CATALOG_NAME_MAX: usize = 80;

pub const PLATE_CHARACTERS: &str = "O valor deve conter apenas letras, numeros e sem espacos.";
pub const PLATE_LENGTH: &str = "Placa deve conter 7 caracteres";

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

fn too_long(s: &str, max: usize) -> bool {
    s.trim().chars().count() > max
}

/// 'Tamanho maximo de N caracteres', as the staff fleet forms spell it.
fn max_message(n: usize) -> String {
    format!("Tamanho maximo de {n} caracteres")
}

/// The driver form's text as typed (the staff form and the driver app's registration).
// Stays: the pure domain reads text; both commands (two bodies, two contracts) send it here.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DriverInput {
    pub name: String,
    pub cpf: String,
    pub cnh: String,
    pub birth_date: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverData {
    /// Uppercased on save (spec 2 section 3).
    pub name: String,
    pub cpf: Cpf,
    pub cnh: String,
    pub birth_date: NaiveDate,
}

/// The staff driver form. `today` refuses a birth date in the future.
pub fn check_driver(i: &DriverInput, today: NaiveDate) -> Result<DriverData, Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let name = i
        .name
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase();
    if name.is_empty() {
        issues.push(FieldIssue::new("name", "Nome e obrigatorio!"));
    } else if name.chars().count() > DRIVER_NAME_MAX {
        issues.push(FieldIssue::new("name", max_message(DRIVER_NAME_MAX)));
    }
    let cpf = if blank(&i.cpf) {
        issues.push(FieldIssue::new("cpf", "Numero de CPF e obrigatorio!"));
        None
    } else if i.cpf.chars().filter(char::is_ascii_digit).count() != 11 {
        issues.push(FieldIssue::new("cpf", "Cpf deve ter 11 caracteres"));
        None
    } else {
        match Cpf::parse(&i.cpf) {
            Ok(c) => Some(c),
            Err(e) => {
                issues.push(FieldIssue::new("cpf", e.message()));
                None
            }
        }
    };
    let cnh = i.cnh.trim().to_owned();
    if cnh.is_empty() {
        issues.push(FieldIssue::new("cnh", "Cnh e obrigatorio!"));
    } else if too_long(&cnh, CNH_MAX) {
        issues.push(FieldIssue::new("cnh", max_message(CNH_MAX)));
    }
    let birth = if blank(&i.birth_date) {
        issues.push(FieldIssue::new(
            "birthDate",
            "Data de nascimento e obrigatorio!",
        ));
        None
    } else {
        match parse_birth_date(&i.birth_date) {
            Ok(d) if d <= today => Some(d),
            Ok(_) | Err(_) => {
                issues.push(FieldIssue::new("birthDate", "Data de nascimento inválida"));
                None
            }
        }
    };
    match (cpf, birth, issues.is_empty()) {
        (Some(cpf), Some(birth_date), true) => Ok(DriverData {
            name,
            cpf,
            cnh,
            birth_date,
        }),
        _ => Err(issues),
    }
}

/// Which form sends a truck: the messages differ (spec 2 section 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TruckForm {
    Staff,
    DriverApp,
}

/// A truck's checked fields, typed, as the repository stores them (the write's one shape
/// between the command and the row). Axles and capacities are not fields: they come from the
/// implement type, never from the form, so the table is the one source of truth for server and
/// screen.
#[derive(Clone, Debug, PartialEq)]
pub struct TruckData {
    pub plate: Plate,
    pub renavam: Renavam,
    pub owner: Option<String>,
    /// The catalog's model.
    pub model_id: Option<i64>,
    /// `None` only for the staff driver form's trucks (plate and renavam).
    pub implement_type: Option<ImplementType>,
    /// `#rrggbb`.
    pub color: Option<String>,
}

impl TruckData {
    /// A truck the staff driver form adds: plate and renavam, nothing else (spec 2 section 5).
    pub fn plate_only(plate: Plate, renavam: Renavam) -> Self {
        Self {
            plate,
            renavam,
            owner: None,
            model_id: None,
            implement_type: None,
            color: None,
        }
    }

    pub fn axles(&self) -> Option<u8> {
        self.implement_type.map(ImplementType::axles)
    }

    pub fn gross_tonnes(&self) -> Option<f64> {
        self.implement_type.map(ImplementType::gross_tonnes)
    }

    pub fn net_tonnes(&self) -> Option<f64> {
        self.implement_type.map(ImplementType::net_tonnes)
    }
}

pub fn check_plate(text: &str) -> Result<Plate, &'static str> {
    if text.chars().any(|c| !c.is_ascii_alphanumeric()) {
        return Err(PLATE_CHARACTERS);
    }
    Plate::parse(text).map_err(|_| PLATE_LENGTH)
}

/// A truck row of the staff driver form: plate and renavam only, both required (spec 2
/// section 5, "Add-truck dialog in the driver form"), with the staff form's messages.
pub fn check_driver_truck(plate: &str, renavam: &str) -> Result<(Plate, Renavam), Vec<FieldIssue>> {
    let mut issues = Vec::new();
    let plate = plate_field(plate, true, &mut issues);
    let renavam = renavam_field(renavam, true, &mut issues);
    match (plate, renavam) {
        (Some(p), Some(r)) => Ok((p, r)),
        _ => Err(issues),
    }
}

/// The staff forms spell messages without accents, the driver app with them (spec 3 section 5).
fn length_message(staff: bool, n: usize) -> String {
    if staff {
        max_message(n)
    } else {
        format!("Tamanho máximo de {n} caracteres")
    }
}

fn plate_field(text: &str, staff: bool, issues: &mut Vec<FieldIssue>) -> Option<Plate> {
    let plate_text: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if plate_text.is_empty() {
        let m = if staff {
            "Placa e obrigatorio!"
        } else {
            "Placa é obrigatório!"
        };
        issues.push(FieldIssue::new("licensePlate", m));
        None
    } else if plate_text.chars().count() > PLATE_MAX {
        issues.push(FieldIssue::new(
            "licensePlate",
            length_message(staff, PLATE_MAX),
        ));
        None
    } else {
        match check_plate(&plate_text) {
            Ok(p) => Some(p),
            Err(m) => {
                issues.push(FieldIssue::new("licensePlate", m));
                None
            }
        }
    }
}

fn renavam_field(text: &str, staff: bool, issues: &mut Vec<FieldIssue>) -> Option<Renavam> {
    if blank(text) {
        let m = if staff {
            "Renavam e obrigatorio!"
        } else {
            "Renavam é obrigatório!"
        };
        issues.push(FieldIssue::new("renavam", m));
        None
    } else if too_long(text, RENAVAM_MAX) {
        issues.push(FieldIssue::new(
            "renavam",
            length_message(staff, RENAVAM_MAX),
        ));
        None
    } else {
        match Renavam::parse(text) {
            Ok(r) => Some(r),
            Err(e) => {
                issues.push(FieldIssue::new("renavam", e.message()));
                None
            }
        }
    }
}

/// The truck form (staff or driver app, whose messages differ): plate, renavam, owner, the
/// catalog's model (its id and name; `None` when absent or unknown), implement type and colour,
/// every refused field at once.
pub fn check_truck(
    form: TruckForm,
    plate: &str,
    renavam: &str,
    owner: &str,
    model: Option<(i64, &str)>,
    implement_type: &str,
    color: Option<&str>,
) -> Result<TruckData, Vec<FieldIssue>> {
    let staff = form == TruckForm::Staff;
    let max_message = |n: usize| length_message(staff, n);
    let mut issues = Vec::new();
    let plate = plate_field(plate, staff, &mut issues);
    let renavam = renavam_field(renavam, staff, &mut issues);
    let owner = owner.trim();
    let owner_max = if staff {
        OWNER_MAX
    } else {
        OWNER_MAX_DRIVER_APP
    };
    if !staff && owner.is_empty() {
        issues.push(FieldIssue::new(
            "owner",
            "Nome do proprietário é obrigatório!",
        ));
    } else if too_long(owner, owner_max) {
        issues.push(FieldIssue::new("owner", max_message(owner_max)));
    }
    let model_name = model.map(|(_, name)| name.trim()).unwrap_or_default();
    if model_name.is_empty() {
        let m = if staff {
            "Modelo e obrigatorio!"
        } else {
            "Modelo é obrigatório!"
        };
        issues.push(FieldIssue::new("vehicleModel", m));
    } else if too_long(model_name, MODEL_MAX) {
        issues.push(FieldIssue::new("vehicleModel", max_message(MODEL_MAX)));
    }
    let implement = if blank(implement_type) {
        let m = if staff {
            "Tipo de implemento e obrigatorio!"
        } else {
            "Tipo de implemento é obrigatório!"
        };
        issues.push(FieldIssue::new("implementType", m));
        None
    } else {
        match ImplementType::parse(implement_type) {
            Ok(t) => Some(t),
            Err(e) => {
                issues.push(FieldIssue::new("implementType", e.message()));
                None
            }
        }
    };
    let color = trucks::check_color(color).map_err(|i| issues.push(i));
    match (plate, renavam, implement, color, issues.is_empty()) {
        (Some(plate), Some(renavam), Some(t), Ok(color), true) => Ok(TruckData {
            plate,
            renavam,
            owner: (!owner.is_empty()).then(|| owner.to_owned()),
            model_id: model.map(|(id, _)| id),
            implement_type: Some(t),
            color,
        }),
        _ => Err(issues),
    }
}

/// A brand's or a model's name: required, at most 80 (the input stops at 50).
pub fn check_catalog_name(name: &str) -> Result<String, FieldIssue> {
    let n = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if n.is_empty() {
        Err(FieldIssue::new("name", "Nome é obrigatório!"))
    } else if n.chars().count() > CATALOG_NAME_MAX {
        Err(FieldIssue::new("name", "Tamanho máximo de 80 caracteres"))
    } else {
        Ok(n)
    }
}

/// Refusals of a delete that other records still point at (spec 2 section 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FleetReferenced {
    DriverHasOrders,
    TruckHasOrders,
    BrandHasTrucks,
    ModelHasTrucks,
}

impl FleetReferenced {
    pub fn message(self) -> &'static str {
        match self {
            FleetReferenced::DriverHasOrders => {
                "Erro ao excluir,  existe(m) pedido(s) para este motorista!"
            }
            FleetReferenced::TruckHasOrders => {
                "Erro ao excluir, existe(m) pedido(s) para este caminhão!"
            }
            FleetReferenced::BrandHasTrucks => {
                "Erro ao excluir, existe(m) caminhões(s) com esta marca!"
            }
            FleetReferenced::ModelHasTrucks => {
                "Erro ao excluir, existe(m) caminhões(s) com este modelo!"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_driver_form_truck_row_needs_its_plate_and_renavam_with_the_staff_messages() {
        let (plate, renavam) = check_driver_truck("abc-1d23", "12345678901").unwrap();
        assert_eq!(
            (plate.as_str(), renavam.as_str()),
            ("ABC1D23", "12345678901")
        );
        let issues = check_driver_truck("", " ").unwrap_err();
        let got: Vec<(&str, &str)> = issues
            .iter()
            .map(|i| (i.field.as_str(), i.message.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("licensePlate", "Placa e obrigatorio!"),
                ("renavam", "Renavam e obrigatorio!")
            ]
        );
        assert_eq!(
            check_driver_truck("ABC1D2", "12345678901").unwrap_err()[0].field,
            "licensePlate"
        );
    }

    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn messages(r: Result<impl std::fmt::Debug, Vec<FieldIssue>>) -> Vec<(String, String)> {
        r.unwrap_err()
            .into_iter()
            .map(|i| (i.field, i.message))
            .collect()
    }

    #[test]
    fn driver_name_is_uppercased_and_spaces_collapsed() {
        let d = check_driver(
            &DriverInput {
                name: "  joão  da silva ".into(),
                cpf: "529.982.247-25".into(),
                cnh: "12345678901".into(),
                birth_date: "15/01/1990".into(),
            },
            today(),
        )
        .unwrap();
        assert_eq!(d.name, "JOÃO DA SILVA");
    }

    #[test]
    fn empty_driver_form_answers_every_required_message() {
        assert_eq!(
            messages(check_driver(&DriverInput::default(), today())),
            vec![
                ("name".into(), "Nome e obrigatorio!".into()),
                ("cpf".into(), "Numero de CPF e obrigatorio!".into()),
                ("cnh".into(), "Cnh e obrigatorio!".into()),
                (
                    "birthDate".into(),
                    "Data de nascimento e obrigatorio!".into()
                ),
            ]
        );
    }

    #[test]
    fn driver_cpf_needs_eleven_digits_and_valid_check_digits() {
        let base = DriverInput {
            name: "A".into(),
            cnh: "1".into(),
            birth_date: "1990-01-15".into(),
            ..Default::default()
        };
        let short = DriverInput {
            cpf: "529.982.247".into(),
            ..base.clone()
        };
        assert_eq!(
            messages(check_driver(&short, today()))[0].1,
            "Cpf deve ter 11 caracteres"
        );
        let wrong = DriverInput {
            cpf: "529.982.247-26".into(),
            ..base
        };
        assert_eq!(messages(check_driver(&wrong, today()))[0].1, "Cpf Inválido");
    }

    #[test]
    fn implement_type_fills_axles_and_capacities() {
        let t = check_truck(
            TruckForm::Staff,
            "abc-1d23",
            "12345678901",
            "",
            Some((7, "FH 540")),
            "rodotrem 11 eixos",
            None,
        )
        .unwrap();
        assert_eq!(t.plate.as_str(), "ABC1D23");
        assert_eq!(t.model_id, Some(7));
        assert_eq!(
            (t.axles(), t.gross_tonnes(), t.net_tonnes()),
            (Some(11), Some(91.0), Some(65.6))
        );
    }

    #[test]
    fn truck_messages_follow_the_form_that_sent_it() {
        let empty = |form| check_truck(form, "", "", "", None, "", None);
        let staff = messages(empty(TruckForm::Staff));
        assert_eq!(staff[0].1, "Placa e obrigatorio!");
        assert_eq!(staff[1].1, "Renavam e obrigatorio!");
        let app = messages(empty(TruckForm::DriverApp));
        assert_eq!(app[0].1, "Placa é obrigatório!");
        assert_eq!(app[2].1, "Nome do proprietário é obrigatório!");
        let (owner, model) = ("O".repeat(81), "M".repeat(51));
        let long = |form| {
            check_truck(
                form,
                "ABC12345",
                "1234567890123",
                &owner,
                Some((1, model.as_str())),
                "TRUCK",
                None,
            )
        };
        assert_eq!(
            messages(long(TruckForm::Staff)),
            [
                (
                    "licensePlate".into(),
                    "Tamanho maximo de 7 caracteres".into()
                ),
                ("renavam".into(), "Tamanho maximo de 12 caracteres".into()),
                ("owner".into(), "Tamanho maximo de 50 caracteres".into()),
                (
                    "vehicleModel".into(),
                    "Tamanho maximo de 50 caracteres".into()
                ),
            ]
        );
        assert_eq!(
            messages(long(TruckForm::DriverApp)),
            [
                (
                    "licensePlate".into(),
                    "Tamanho máximo de 7 caracteres".into()
                ),
                ("renavam".into(), "Tamanho máximo de 12 caracteres".into()),
                ("owner".into(), "Tamanho máximo de 80 caracteres".into()),
                (
                    "vehicleModel".into(),
                    "Tamanho máximo de 50 caracteres".into()
                ),
            ]
        );
    }

    #[test]
    fn plates_with_symbols_or_wrong_length_are_refused_with_the_dialog_messages() {
        assert_eq!(check_plate("ABC 1234"), Err(PLATE_CHARACTERS));
        assert_eq!(check_plate("ABC123"), Err(PLATE_LENGTH));
        assert!(check_plate("ABC1234").is_ok());
    }

    #[test]
    fn catalog_names_are_required_and_at_most_eighty() {
        assert_eq!(check_catalog_name("  Volvo ").unwrap(), "Volvo");
        assert_eq!(
            check_catalog_name(" ").unwrap_err().message,
            "Nome é obrigatório!"
        );
        assert_eq!(
            check_catalog_name(&"x".repeat(81)).unwrap_err().message,
            "Tamanho máximo de 80 caracteres"
        );
    }
}
