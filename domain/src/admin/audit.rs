//! The staff audit log's vocabulary: operation types, object types, their pt-BR labels (the
//! `/logs/operations` and `/logs/objects` lists) and the titles of the entries written by the
//! administration areas. Titles are HTML: every value goes through [`escape_html`].

use crate::text::escape_html;

/// What was done. The first six have pt-BR labels and make the log search's operation list;
/// the others (settings, queue and attendance changes) read as their stored word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    Login,
    Create,
    Update,
    Delete,
    Import,
    AcceptTerms,
    StartAttendance,
    EndAttendance,
    ExpireLoading,
    InQueue,
    OutQueue,
    TolQueue,
    ResetQueue,
    StartDelay,
    EndDelay,
    /// A driver or truck left its shipping company.
    Unbind,
}

impl Operation {
    /// The operations with a label, in the order the log search lists them.
    pub const LISTED: [Operation; 6] = [
        Operation::Login,
        Operation::Create,
        Operation::Update,
        Operation::Delete,
        Operation::Import,
        Operation::AcceptTerms,
    ];

    /// `Update` when the record existed, else `Create`.
    pub const fn saving(existed: bool) -> Self {
        if existed {
            Operation::Update
        } else {
            Operation::Create
        }
    }

    /// The stored word (`staff_logs.operation_type`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Operation::Login => "LOGIN",
            Operation::Create => "CREATE",
            Operation::Update => "UPDATE",
            Operation::Delete => "DELETE",
            Operation::Import => "IMPORT",
            Operation::AcceptTerms => "ACCEPT_TERMS",
            Operation::StartAttendance => "START_ATTENDANCE",
            Operation::EndAttendance => "END_ATTENDANCE",
            Operation::ExpireLoading => "EXPIRE_LOADING",
            Operation::InQueue => "IN_QUEUE",
            Operation::OutQueue => "OUT_QUEUE",
            Operation::TolQueue => "TOL_QUEUE",
            Operation::ResetQueue => "RESET_QUEUE",
            Operation::StartDelay => "START_DELAY",
            Operation::EndDelay => "END_DELAY",
            Operation::Unbind => "UNBIND",
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            Operation::Login => "Login",
            Operation::Create => "Cadastro",
            Operation::Update => "Edição",
            Operation::Delete => "Exclusão",
            Operation::Import => "Importação",
            Operation::AcceptTerms => "Aceite de termos",
            other => other.as_str(),
        }
    }
}

/// What it was done to. The listed ones have pt-BR labels and make the log search's object
/// list; the others read as their stored word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ObjectType {
    User,
    Company,
    Customer,
    ShippingCompany,
    Contact,
    UseTerm,
    Settings,
    Delay,
    Holiday,
    Popup,
    Attendance,
    Scheduling,
    Queue,
    Product,
    Order,
    TruckBrand,
    TruckModel,
    Driver,
    Truck,
}

impl ObjectType {
    /// The objects with a label, in the order the log search lists them.
    pub const LISTED: [ObjectType; 8] = [
        ObjectType::User,
        ObjectType::Company,
        ObjectType::Customer,
        ObjectType::ShippingCompany,
        ObjectType::Contact,
        ObjectType::UseTerm,
        ObjectType::Product,
        ObjectType::Order,
    ];

    /// The stored word (`staff_logs.object_type`).
    pub const fn as_str(self) -> &'static str {
        match self {
            ObjectType::User => "USER",
            ObjectType::Company => "COMPANY",
            ObjectType::Customer => "CUSTOMER",
            ObjectType::ShippingCompany => "SHIPPING_COMPANY",
            ObjectType::Contact => "CONTACT",
            ObjectType::UseTerm => "USE_TERM",
            ObjectType::Settings => "SETTINGS",
            ObjectType::Delay => "DELAY",
            ObjectType::Holiday => "HOLIDAY",
            ObjectType::Popup => "POPUP",
            ObjectType::Attendance => "ATTENDANCE",
            ObjectType::Scheduling => "SCHEDULING",
            ObjectType::Queue => "QUEUE",
            ObjectType::Product => "PRODUCT",
            ObjectType::Order => "ORDER",
            ObjectType::TruckBrand => "TRUCK_BRAND",
            ObjectType::TruckModel => "TRUCK_MODEL",
            ObjectType::Driver => "DRIVER",
            ObjectType::Truck => "TRUCK",
        }
    }

    pub const fn label(self) -> &'static str {
        match self {
            ObjectType::User => "Usuário",
            ObjectType::Company => "Empresa",
            ObjectType::Customer => "Cliente",
            ObjectType::ShippingCompany => "Transportadora",
            ObjectType::Contact => "Contato",
            ObjectType::UseTerm => "Termo de uso",
            ObjectType::Product => "Produto",
            ObjectType::Order => "Pedido",
            ObjectType::TruckBrand => "Marca",
            ObjectType::TruckModel => "Modelo",
            ObjectType::Driver => "Motorista",
            ObjectType::Truck => "Caminhão",
            other => other.as_str(),
        }
    }

    /// Plural label, for import titles.
    pub const fn plural(self) -> &'static str {
        match self {
            ObjectType::User => "usuários",
            ObjectType::Company => "empresas",
            ObjectType::Customer => "clientes",
            ObjectType::ShippingCompany => "transportadoras",
            ObjectType::Contact => "contatos",
            ObjectType::UseTerm => "termos de uso",
            ObjectType::Product => "produtos",
            ObjectType::Order => "pedidos",
            ObjectType::TruckBrand => "marcas",
            ObjectType::TruckModel => "modelos",
            ObjectType::Driver => "motoristas",
            ObjectType::Truck => "caminhões",
            other => other.as_str(),
        }
    }

    const fn feminine(self) -> bool {
        matches!(
            self,
            ObjectType::Company | ObjectType::ShippingCompany | ObjectType::TruckBrand
        )
    }
}

/// The label of a stored operation word; unknown words (written by other areas) read as
/// themselves.
pub fn operation_label(word: &str) -> &str {
    Operation::LISTED
        .iter()
        .find(|o| o.as_str() == word)
        .map_or(word, |o| o.label())
}

/// The label of a stored object word; unknown words read as themselves.
pub fn object_label(word: &str) -> &str {
    ObjectType::LISTED
        .iter()
        .find(|o| o.as_str() == word)
        .map_or(word, |o| o.label())
}

/// `Empresa <b>Demo Agro</b> cadastrada`, `Cliente <b>42 - Fazenda</b> excluído`...
/// `name` is escaped here.
pub fn title(object: ObjectType, operation: Operation, name: &str) -> String {
    let verb = match operation {
        Operation::Create => "cadastrad",
        Operation::Update => "editad",
        Operation::Delete => "excluíd",
        Operation::Import => "importad",
        Operation::Login => "entrou no sistema",
        Operation::AcceptTerms => "aceit",
        // Settings and queue entries write their own titles.
        _ => "alterad",
    };
    let verb = if operation == Operation::Login {
        verb.to_owned()
    } else {
        format!("{verb}{}", if object.feminine() { 'a' } else { 'o' })
    };
    format!("{} <b>{}</b> {verb}", object.label(), escape_html(name))
}

/// `Importação de <b>3</b> clientes (<b>Demo Agro</b>)`.
pub fn import_title(object: ObjectType, count: usize, company: &str) -> String {
    format!(
        "Importação de <b>{count}</b> {} (<b>{}</b>)",
        object.plural(),
        escape_html(company)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_agree_in_gender_and_escape_values() {
        assert_eq!(
            title(ObjectType::Company, Operation::Create, "Demo <Agro>"),
            "Empresa <b>Demo &lt;Agro&gt;</b> cadastrada"
        );
        assert_eq!(
            title(ObjectType::Customer, Operation::Delete, "Fazenda"),
            "Cliente <b>Fazenda</b> excluído"
        );
        assert_eq!(
            title(ObjectType::ShippingCompany, Operation::Update, "R&R"),
            "Transportadora <b>R&amp;R</b> editada"
        );
        assert_eq!(
            import_title(ObjectType::Customer, 3, "Demo"),
            "Importação de <b>3</b> clientes (<b>Demo</b>)"
        );
    }

    #[test]
    fn words_and_labels() {
        assert_eq!(operation_label("CREATE"), "Cadastro");
        assert_eq!(operation_label("IN_QUEUE"), "IN_QUEUE");
        assert_eq!(object_label("SHIPPING_COMPANY"), "Transportadora");
        let words: Vec<&str> = Operation::LISTED.iter().map(|o| o.as_str()).collect();
        assert!(words.contains(&"LOGIN") && words.contains(&"ACCEPT_TERMS"));
    }
}
