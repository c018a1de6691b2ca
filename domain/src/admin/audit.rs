//! The staff audit log's vocabulary: operation types, object types, their pt-BR labels (the
//! `/logs/operations` and `/logs/objects` lists) and the titles of the entries written by the
//! administration areas. Titles are HTML: every value goes through [`escape_html`].

use crate::text::escape_html;

/// What was done. Every operation reads in pt-BR (issue 22: /logs showed the stored words of
/// the queue and attendance ones); the first six always make the log search's operation list,
/// the others join it once the log has them.
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

    /// Every operation, for reading a stored word back.
    pub const ALL: [Operation; 16] = [
        Operation::Login,
        Operation::Create,
        Operation::Update,
        Operation::Delete,
        Operation::Import,
        Operation::AcceptTerms,
        Operation::StartAttendance,
        Operation::EndAttendance,
        Operation::ExpireLoading,
        Operation::InQueue,
        Operation::OutQueue,
        Operation::TolQueue,
        Operation::ResetQueue,
        Operation::StartDelay,
        Operation::EndDelay,
        Operation::Unbind,
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
            Operation::StartAttendance => "Início de atendimento",
            Operation::EndAttendance => "Fim de atendimento",
            Operation::ExpireLoading => "Carregamento expirado",
            Operation::InQueue => "Entrada na fila",
            Operation::OutQueue => "Saída da fila",
            Operation::TolQueue => "Faltoso por tolerância",
            Operation::ResetQueue => "Fila resetada",
            Operation::StartDelay => "Início de atraso",
            Operation::EndDelay => "Fim de atraso",
            Operation::Unbind => "Desvínculo",
        }
    }
}

/// What it was done to. Every object reads in pt-BR; the listed ones always make the log
/// search's object list, the others join it once the log has them.
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
    /// A carrier's or company's API key (issue 26).
    ApiKey,
    Webhook,
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

    /// Every object, for reading a stored word back.
    pub const ALL: [ObjectType; 21] = [
        ObjectType::User,
        ObjectType::Company,
        ObjectType::Customer,
        ObjectType::ShippingCompany,
        ObjectType::Contact,
        ObjectType::UseTerm,
        ObjectType::Settings,
        ObjectType::Delay,
        ObjectType::Holiday,
        ObjectType::Popup,
        ObjectType::Attendance,
        ObjectType::Scheduling,
        ObjectType::Queue,
        ObjectType::Product,
        ObjectType::Order,
        ObjectType::TruckBrand,
        ObjectType::TruckModel,
        ObjectType::Driver,
        ObjectType::Truck,
        ObjectType::ApiKey,
        ObjectType::Webhook,
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
            ObjectType::ApiKey => "API_KEY",
            ObjectType::Webhook => "WEBHOOK",
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
            ObjectType::Settings => "Configurações",
            ObjectType::Delay => "Atraso",
            ObjectType::Holiday => "Feriado",
            ObjectType::Popup => "Pop-up",
            ObjectType::Attendance => "Atendimento",
            ObjectType::Scheduling => "Carregamento",
            ObjectType::Queue => "Fila",
            ObjectType::ApiKey => "Chave de API",
            ObjectType::Webhook => "Webhook",
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

/// The label of a stored operation word; a word this build does not know reads as itself.
pub fn operation_label(word: &str) -> &str {
    Operation::ALL
        .iter()
        .find(|o| o.as_str() == word)
        .map_or(word, |o| o.label())
}

/// The label of a stored object word; a word this build does not know reads as itself.
pub fn object_label(word: &str) -> &str {
    ObjectType::ALL
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
        assert_eq!(operation_label("IN_QUEUE"), "Entrada na fila");
        assert_eq!(operation_label("SOMETHING_ELSE"), "SOMETHING_ELSE");
        assert_eq!(object_label("QUEUE"), "Fila");
        assert_eq!(object_label("SHIPPING_COMPANY"), "Transportadora");
        let words: Vec<&str> = Operation::LISTED.iter().map(|o| o.as_str()).collect();
        assert!(words.contains(&"LOGIN") && words.contains(&"ACCEPT_TERMS"));
    }

    /// Issue 22: no stored word reaches /logs as it is stored (`IN_QUEUE`, `QUEUE`...).
    #[test]
    fn every_operation_and_object_reads_in_portuguese() {
        for o in Operation::ALL {
            let label = o.label();
            assert_ne!(label, o.as_str(), "{label}");
            assert!(
                !label.contains('_') && label != label.to_uppercase(),
                "{label}"
            );
            assert_eq!(operation_label(o.as_str()), label);
        }
        for o in ObjectType::ALL {
            let label = o.label();
            assert_ne!(label, o.as_str(), "{label}");
            assert!(
                !label.contains('_') && label != label.to_uppercase(),
                "{label}"
            );
            assert_eq!(object_label(o.as_str()), label);
        }
        let ops: std::collections::HashSet<_> = Operation::ALL.iter().map(|o| o.as_str()).collect();
        assert_eq!(ops.len(), Operation::ALL.len());
        let objs: std::collections::HashSet<_> =
            ObjectType::ALL.iter().map(|o| o.as_str()).collect();
        assert_eq!(objs.len(), ObjectType::ALL.len());
    }
}
