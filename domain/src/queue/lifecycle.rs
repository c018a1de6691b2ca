//! The queue-entry lifecycle (spec 3 section 4) as an explicit state machine: an event that does
//! not apply to the current state is an error, never a silent change.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::driver_log::DriverLogType;

/// Where a queue entry is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LifecycleState {
    /// Not in the queue (before joining).
    NotInQueue,
    Waiting,
    /// Waiting with an active check-in (the check-in is stored apart; the entry reads 'waiting').
    CheckedIn,
    Loading,
    /// Loading completed.
    Attended,
    /// Marked absent by the expedition (FAU_QUEUE).
    FaultyByExpedition,
    /// Dropped by tolerance (TOL_QUEUE).
    FaultyByTolerance,
    /// The driver left (OUT_QUEUE).
    Left,
    /// The expedition cancelled the position.
    Cancelled,
    /// Rescued after a fault: waiting again with its original join time.
    Restored,
}

/// What happens to an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LifecycleEvent {
    Join,
    CheckIn,
    CheckOut,
    StartLoading,
    ReturnToQueue,
    Complete,
    MarkFaulty,
    ToleranceDrop,
    Leave,
    Cancel,
    Rescue,
}

/// An event that does not apply to the entry's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Esta operação não é permitida na situação atual do veículo na fila.")]
pub struct IllegalTransition {
    pub from: LifecycleState,
    pub event: LifecycleEvent,
}

impl LifecycleState {
    /// Every state.
    pub const ALL: [LifecycleState; 10] = [
        LifecycleState::NotInQueue,
        LifecycleState::Waiting,
        LifecycleState::CheckedIn,
        LifecycleState::Loading,
        LifecycleState::Attended,
        LifecycleState::FaultyByExpedition,
        LifecycleState::FaultyByTolerance,
        LifecycleState::Left,
        LifecycleState::Cancelled,
        LifecycleState::Restored,
    ];

    /// In the queue and planned (waiting, checked in or restored).
    pub fn is_waiting(self) -> bool {
        matches!(
            self,
            LifecycleState::Waiting | LifecycleState::CheckedIn | LifecycleState::Restored
        )
    }

    /// Active in the database sense: 'waiting' or 'loading'.
    pub fn is_active(self) -> bool {
        self.is_waiting() || self == LifecycleState::Loading
    }

    /// No event leads anywhere from here except, for faults, a rescue.
    pub fn is_closed(self) -> bool {
        !self.is_active() && self != LifecycleState::NotInQueue
    }

    /// The `queue_entries.status` value; `None` before joining.
    pub fn stored_status(self) -> Option<&'static str> {
        Some(match self {
            LifecycleState::NotInQueue => return None,
            LifecycleState::Waiting | LifecycleState::CheckedIn | LifecycleState::Restored => {
                "waiting"
            }
            LifecycleState::Loading => "loading",
            LifecycleState::Attended => "attended",
            LifecycleState::FaultyByExpedition => "faulty",
            LifecycleState::FaultyByTolerance => "tolerance_dropped",
            LifecycleState::Left => "left",
            LifecycleState::Cancelled => "cancelled",
        })
    }

    /// Reads a stored status back; `checked_in` tells whether a waiting entry has an active
    /// check-in. `None` for a value the database does not allow.
    pub fn from_stored(status: &str, checked_in: bool) -> Option<LifecycleState> {
        Some(match status {
            "waiting" if checked_in => LifecycleState::CheckedIn,
            "waiting" => LifecycleState::Waiting,
            "loading" => LifecycleState::Loading,
            "attended" => LifecycleState::Attended,
            "faulty" => LifecycleState::FaultyByExpedition,
            "tolerance_dropped" => LifecycleState::FaultyByTolerance,
            "left" => LifecycleState::Left,
            "cancelled" => LifecycleState::Cancelled,
            _ => return None,
        })
    }
}

impl fmt::Display for LifecycleState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl LifecycleEvent {
    /// Every event.
    pub const ALL: [LifecycleEvent; 11] = [
        LifecycleEvent::Join,
        LifecycleEvent::CheckIn,
        LifecycleEvent::CheckOut,
        LifecycleEvent::StartLoading,
        LifecycleEvent::ReturnToQueue,
        LifecycleEvent::Complete,
        LifecycleEvent::MarkFaulty,
        LifecycleEvent::ToleranceDrop,
        LifecycleEvent::Leave,
        LifecycleEvent::Cancel,
        LifecycleEvent::Rescue,
    ];

    /// The driver-log row the event writes, when it writes one (a cancellation writes a
    /// checkout, spec 3 section 4).
    pub fn driver_log(self) -> Option<DriverLogType> {
        match self {
            LifecycleEvent::Join => Some(DriverLogType::InQueue),
            LifecycleEvent::CheckIn => Some(DriverLogType::CheckIn),
            LifecycleEvent::CheckOut | LifecycleEvent::Cancel => Some(DriverLogType::CheckOut),
            LifecycleEvent::Complete => Some(DriverLogType::AttQueue),
            LifecycleEvent::MarkFaulty => Some(DriverLogType::FauQueue),
            LifecycleEvent::ToleranceDrop => Some(DriverLogType::TolQueue),
            LifecycleEvent::Leave => Some(DriverLogType::OutQueue),
            LifecycleEvent::StartLoading
            | LifecycleEvent::ReturnToQueue
            | LifecycleEvent::Rescue => None,
        }
    }
}

/// The lifecycle:
///
/// | from | event | to |
/// | --- | --- | --- |
/// | not in queue | Join | Waiting |
/// | Waiting, Restored | CheckIn | CheckedIn |
/// | CheckedIn | CheckOut | Waiting |
/// | Waiting, Restored, CheckedIn | StartLoading | Loading |
/// | Loading | ReturnToQueue | Waiting |
/// | Loading | Complete | Attended |
/// | Waiting, Restored, CheckedIn | MarkFaulty | FaultyByExpedition |
/// | Waiting, Restored | ToleranceDrop | FaultyByTolerance (never when checked in) |
/// | Waiting, Restored, CheckedIn | Leave | Left |
/// | Waiting, Restored, CheckedIn | Cancel | Cancelled |
/// | FaultyByExpedition, FaultyByTolerance | Rescue | Restored |
///
/// Attended, Left and Cancelled are final. Whether check-in is required before loading is a
/// company setting, checked by the use case, not here.
pub fn transition(
    from: LifecycleState,
    event: LifecycleEvent,
) -> Result<LifecycleState, IllegalTransition> {
    use LifecycleEvent as E;
    use LifecycleState as S;
    let waiting = matches!(from, S::Waiting | S::Restored);
    let to = match (from, event) {
        (S::NotInQueue, E::Join) => S::Waiting,
        (_, E::CheckIn) if waiting => S::CheckedIn,
        (S::CheckedIn, E::CheckOut) => S::Waiting,
        (_, E::StartLoading) if from.is_waiting() => S::Loading,
        (S::Loading, E::ReturnToQueue) => S::Waiting,
        (S::Loading, E::Complete) => S::Attended,
        (_, E::MarkFaulty) if from.is_waiting() => S::FaultyByExpedition,
        (_, E::ToleranceDrop) if waiting => S::FaultyByTolerance,
        (_, E::Leave) if from.is_waiting() => S::Left,
        (_, E::Cancel) if from.is_waiting() => S::Cancelled,
        (S::FaultyByExpedition | S::FaultyByTolerance, E::Rescue) => S::Restored,
        _ => return Err(IllegalTransition { from, event }),
    };
    Ok(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use LifecycleEvent as E;
    use LifecycleState as S;

    #[test]
    fn driver_journey_join_check_in_load_complete() {
        let mut s = S::NotInQueue;
        for (event, expected) in [
            (E::Join, S::Waiting),
            (E::CheckIn, S::CheckedIn),
            (E::StartLoading, S::Loading),
            (E::Complete, S::Attended),
        ] {
            s = transition(s, event).unwrap();
            assert_eq!(s, expected);
        }
    }

    #[test]
    fn loading_can_return_to_the_queue() {
        assert_eq!(transition(S::Loading, E::ReturnToQueue), Ok(S::Waiting));
    }

    #[test]
    fn checked_in_driver_cannot_be_dropped_by_tolerance() {
        assert_eq!(
            transition(S::CheckedIn, E::ToleranceDrop),
            Err(IllegalTransition {
                from: S::CheckedIn,
                event: E::ToleranceDrop
            })
        );
        assert_eq!(
            transition(S::Waiting, E::ToleranceDrop),
            Ok(S::FaultyByTolerance)
        );
    }

    #[test]
    fn rescued_entry_is_waiting_again_and_behaves_as_waiting() {
        let r = transition(S::FaultyByTolerance, E::Rescue).unwrap();
        assert_eq!(r, S::Restored);
        assert_eq!(r.stored_status(), Some("waiting"));
        assert_eq!(
            transition(S::FaultyByExpedition, E::Rescue),
            Ok(S::Restored)
        );
        for e in E::ALL {
            assert_eq!(
                transition(S::Restored, e).is_ok(),
                transition(S::Waiting, e).is_ok(),
                "{e:?}"
            );
        }
    }

    #[test]
    fn final_states_accept_no_event() {
        for s in [S::Attended, S::Left, S::Cancelled] {
            for e in E::ALL {
                assert!(transition(s, e).is_err(), "{s:?} {e:?}");
            }
        }
    }

    #[test]
    fn illegal_transition_is_an_error_not_a_silent_change() {
        assert!(transition(S::Waiting, E::Join).is_err());
        assert!(transition(S::Waiting, E::CheckOut).is_err());
        assert!(transition(S::Waiting, E::Complete).is_err());
        assert!(transition(S::CheckedIn, E::CheckIn).is_err());
        assert!(transition(S::Loading, E::Leave).is_err());
        assert!(transition(S::Waiting, E::Rescue).is_err());
        assert!(transition(S::NotInQueue, E::Leave).is_err());
        let err = transition(S::Left, E::Join).unwrap_err();
        assert_eq!(
            err.to_string(),
            "Esta operação não é permitida na situação atual do veículo na fila."
        );
    }

    #[test]
    fn only_faults_can_be_rescued() {
        for s in S::ALL {
            let ok = transition(s, E::Rescue).is_ok();
            assert_eq!(
                ok,
                matches!(s, S::FaultyByExpedition | S::FaultyByTolerance),
                "{s:?}"
            );
        }
    }

    #[test]
    fn stored_statuses_are_the_database_values_and_read_back() {
        for s in S::ALL {
            let Some(stored) = s.stored_status() else {
                assert_eq!(s, S::NotInQueue);
                continue;
            };
            let back = LifecycleState::from_stored(stored, s == S::CheckedIn).unwrap();
            let expected = if s == S::Restored { S::Waiting } else { s };
            assert_eq!(back, expected);
        }
        assert_eq!(S::CheckedIn.stored_status(), Some("waiting"));
        assert_eq!(
            S::FaultyByTolerance.stored_status(),
            Some("tolerance_dropped")
        );
        assert_eq!(LifecycleState::from_stored("deleted", false), None);
    }

    #[test]
    fn events_write_the_driver_log_types() {
        assert_eq!(E::Join.driver_log(), Some(DriverLogType::InQueue));
        assert_eq!(E::Leave.driver_log(), Some(DriverLogType::OutQueue));
        assert_eq!(E::ToleranceDrop.driver_log(), Some(DriverLogType::TolQueue));
        assert_eq!(E::Cancel.driver_log(), Some(DriverLogType::CheckOut));
        assert_eq!(E::StartLoading.driver_log(), None);
    }

    #[test]
    fn active_and_closed_states() {
        assert!(S::Waiting.is_active() && S::Loading.is_active() && S::CheckedIn.is_active());
        assert!(S::Attended.is_closed() && S::FaultyByTolerance.is_closed());
        assert!(!S::NotInQueue.is_closed() && !S::NotInQueue.is_active());
    }
}
