//! The one form-refusal type of every area: a field and the pt-BR message the form shows.

/// One field that failed a form rule, with the pt-BR message the form shows. `field` is the
/// wire name (`zipCode`, `stateRegistration`, `delay[0].reason`, `_company`...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldIssue {
    pub field: String,
    pub message: String,
}

impl FieldIssue {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A form's outcome: the checked data, or every refused field.
pub type Checked<T> = Result<T, Vec<FieldIssue>>;
