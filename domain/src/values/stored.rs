//! Documents as a column holds them. A CPF or CNPJ read back from the database is the domain
//! value when it still passes its rules; when it does not (an erased driver's CPF, whose check
//! digits never hold; a row written before the rules), the text is kept as stored instead of
//! failing the read. The database adapter builds these at its edge, so the services mask and
//! compare values without parsing digit strings again.

use super::{Cep, Cnpj, Cpf};

/// A value that has a masked form for the screens.
pub trait Masked {
    fn masked(&self) -> String;
}

impl Masked for Cpf {
    fn masked(&self) -> String {
        Cpf::masked(self)
    }
}

impl Masked for Cnpj {
    fn masked(&self) -> String {
        Cnpj::masked(self)
    }
}

impl Masked for Cep {
    fn masked(&self) -> String {
        Cep::masked(self)
    }
}

/// The document of a company, customer or shipping company: a CNPJ, or (customers may be
/// people) a CPF.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Document {
    Cnpj(Cnpj),
    Cpf(Cpf),
}

impl Document {
    /// A CNPJ first, else a CPF.
    pub fn parse(input: &str) -> Option<Self> {
        if let Ok(cnpj) = Cnpj::parse(input) {
            return Some(Document::Cnpj(cnpj));
        }
        Cpf::parse(input).ok().map(Document::Cpf)
    }

    pub fn as_str(&self) -> &str {
        match self {
            Document::Cnpj(c) => c.as_str(),
            Document::Cpf(c) => c.as_str(),
        }
    }
}

impl AsRef<str> for Document {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl Masked for Document {
    fn masked(&self) -> String {
        match self {
            Document::Cnpj(c) => c.masked(),
            Document::Cpf(c) => c.masked(),
        }
    }
}

/// What a column of documents holds: a valid value, or text that is not one (kept as stored).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stored<T> {
    Valid(T),
    AsStored(String),
}

impl<T> Stored<T> {
    /// The value when the stored text passes `parse`, else the text.
    pub fn read(text: String, parse: impl FnOnce(&str) -> Option<T>) -> Self {
        match parse(&text) {
            Some(v) => Stored::Valid(v),
            None => Stored::AsStored(text),
        }
    }

    pub fn valid(&self) -> Option<&T> {
        match self {
            Stored::Valid(v) => Some(v),
            Stored::AsStored(_) => None,
        }
    }
}

impl<T: AsRef<str>> Stored<T> {
    /// The text of the value (its canonical form), or the text as stored.
    pub fn as_str(&self) -> &str {
        match self {
            Stored::Valid(v) => v.as_ref(),
            Stored::AsStored(s) => s,
        }
    }
}

impl<T: Masked> Stored<T> {
    /// The value masked; text that is not a valid value as stored.
    pub fn masked(&self) -> String {
        match self {
            Stored::Valid(v) => v.masked(),
            Stored::AsStored(s) => s.clone(),
        }
    }
}

/// A value a column may hold: how its stored text is read back.
pub trait StoredValue: Sized {
    fn from_stored(text: &str) -> Option<Self>;
}

impl StoredValue for Cpf {
    fn from_stored(text: &str) -> Option<Self> {
        Cpf::parse(text).ok()
    }
}

impl StoredValue for Document {
    fn from_stored(text: &str) -> Option<Self> {
        Document::parse(text)
    }
}

impl StoredValue for Cep {
    fn from_stored(text: &str) -> Option<Self> {
        Cep::parse(text).ok()
    }
}

impl<T: StoredValue> Stored<T> {
    /// A column of `T` read back.
    pub fn column(text: String) -> Self {
        Stored::read(text, T::from_stored)
    }
}

impl Stored<Cpf> {
    /// A CPF column read back.
    pub fn cpf(text: String) -> Self {
        Stored::column(text)
    }
}

impl Stored<Document> {
    /// A CNPJ (or CPF) column read back.
    pub fn document(text: String) -> Self {
        Stored::column(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valid_cpf_is_read_as_the_value_and_masked() {
        let cpf = Stored::cpf("52998224725".to_owned());
        assert!(cpf.valid().is_some());
        assert_eq!(cpf.masked(), "529.982.247-25");
    }

    #[test]
    fn an_erased_cpf_is_kept_as_stored() {
        let erased = crate::fleet::drivers::erased_cpf(42);
        let cpf = Stored::cpf(erased.clone());
        assert_eq!(cpf, Stored::AsStored(erased.clone()));
        assert_eq!(cpf.masked(), erased);
    }

    #[test]
    fn a_document_is_a_cnpj_first_then_a_cpf_else_as_stored() {
        assert_eq!(
            Stored::document("11222333000181".to_owned()).masked(),
            "11.222.333/0001-81"
        );
        assert_eq!(
            Stored::document("52998224725".to_owned()).masked(),
            "529.982.247-25"
        );
        assert_eq!(Stored::document("123".to_owned()).masked(), "123");
    }

    #[test]
    fn a_cep_stored_with_or_without_its_mask_reads_masked() {
        let cep: Stored<Cep> = Stored::column("78700000".to_owned());
        assert_eq!(cep.masked(), "78700-000");
        let cep: Stored<Cep> = Stored::column("78700-000".to_owned());
        assert_eq!(cep.masked(), "78700-000");
        assert_eq!(cep.as_str(), "78700000");
        let odd: Stored<Cep> = Stored::column("CEP?".to_owned());
        assert_eq!(odd.masked(), "CEP?");
    }
}
