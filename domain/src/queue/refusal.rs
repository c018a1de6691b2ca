//! Why the queue refuses a join or a leave: the pt-BR texts people read.

use std::fmt;

use chrono::NaiveDate;

use crate::text::br_date;

/// A queue rule refused the request. `Display` (and [`QueueRefusal::message`]) is the pt-BR text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueRefusal {
    /// `enableQueueSave` is off.
    QueueClosed,
    /// A freelancer while `enableQueueWithoutScheduling` is off.
    FreelancerNotAllowed,
    /// Blocked by the missing-limit until this day (company zone).
    MissingLimit { until: NaiveDate },
    /// The first free slot is beyond `scheduling_day_limit`.
    BeyondDayLimit,
    /// Leaving less than `hours` hours before the forecast.
    LeaveWindow { hours: u32 },
    /// No slot length and no programmed total, or no open day within reach.
    NoCapacity,
    /// The driver (or truck) already has an active entry.
    AlreadyInQueue,
}

impl QueueRefusal {
    pub fn message(&self) -> String {
        self.to_string()
    }

    /// The text for an office user who acts for the driver (the /fila desk): it speaks of the
    /// driver and the truck, not to them (issue 22).
    pub fn staff_message(&self) -> String {
        match self {
            QueueRefusal::AlreadyInQueue => ALREADY_IN_QUEUE_STAFF.to_owned(),
            other => other.message(),
        }
    }
}

/// [`QueueRefusal::AlreadyInQueue`] as an office user reads it.
pub const ALREADY_IN_QUEUE_STAFF: &str =
    "Este motorista ou caminhão já possui um agendamento na fila.";

impl fmt::Display for QueueRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueueRefusal::QueueClosed => f.write_str("A fila está fechada no momento."),
            QueueRefusal::FreelancerNotAllowed => {
                f.write_str("A empresa não permite entrar na fila sem agendamento.")
            }
            QueueRefusal::MissingLimit { until } => write!(
                f,
                "Você atingiu o limite de faltas e poderá entrar na fila novamente em {}.",
                br_date(*until)
            ),
            QueueRefusal::BeyondDayLimit => {
                f.write_str("Não há vagas dentro do limite de dias para agendamento.")
            }
            QueueRefusal::LeaveWindow { hours } => write!(
                f,
                "Não é possível sair da fila a menos de {hours} {} da previsão de carregamento.",
                if *hours == 1 { "hora" } else { "horas" }
            ),
            QueueRefusal::NoCapacity => f.write_str("Não há horários de atendimento configurados."),
            QueueRefusal::AlreadyInQueue => f.write_str("Você já possui um agendamento na fila"),
        }
    }
}

impl std::error::Error for QueueRefusal {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusal_messages_are_the_pt_br_texts() {
        let until = NaiveDate::from_ymd_opt(2026, 3, 9).unwrap();
        let cases = [
            (QueueRefusal::QueueClosed, "A fila está fechada no momento."),
            (
                QueueRefusal::FreelancerNotAllowed,
                "A empresa não permite entrar na fila sem agendamento.",
            ),
            (
                QueueRefusal::MissingLimit { until },
                "Você atingiu o limite de faltas e poderá entrar na fila novamente em 09/03/2026.",
            ),
            (
                QueueRefusal::BeyondDayLimit,
                "Não há vagas dentro do limite de dias para agendamento.",
            ),
            (
                QueueRefusal::LeaveWindow { hours: 6 },
                "Não é possível sair da fila a menos de 6 horas da previsão de carregamento.",
            ),
            (
                QueueRefusal::LeaveWindow { hours: 1 },
                "Não é possível sair da fila a menos de 1 hora da previsão de carregamento.",
            ),
            (
                QueueRefusal::NoCapacity,
                "Não há horários de atendimento configurados.",
            ),
            (
                QueueRefusal::AlreadyInQueue,
                "Você já possui um agendamento na fila",
            ),
        ];
        for (refusal, text) in cases {
            assert_eq!(refusal.message(), text);
        }
    }

    #[test]
    fn the_office_user_is_told_about_the_driver_not_as_the_driver() {
        assert_eq!(
            QueueRefusal::AlreadyInQueue.staff_message(),
            "Este motorista ou caminhão já possui um agendamento na fila."
        );
        assert_eq!(
            QueueRefusal::QueueClosed.staff_message(),
            QueueRefusal::QueueClosed.message()
        );
    }
}
