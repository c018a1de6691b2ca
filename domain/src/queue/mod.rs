//! The queue engine (DESIGN section 4, spec 3 sections 3, 4, 5 and 9): pure functions of the
//! company's settings, the queue entries, the day's attendance and delays, and `now`.
//!
//! - [`settings`]: [`QueueSettings`], the engine's view of the settings.
//! - [`calendar`]: attendance days and windows in the company's zone (rule 1).
//! - [`slots`]: slots and capacity of a day (rule 2).
//! - [`plan()`]: rank, slot, forecast and position of every waiting entry (rules 3, 4, 5, 7),
//!   and [`check_join`] (rule 4's limits and the join refusals).
//! - [`position`]: 'em tolerância', 'Esgotado' and the tolerance drops (rules 5, 6).
//! - [`rules`]: missing-limit, leaving, expiry, delay end, end of attendance, reset (rules 7-11).
//! - [`lifecycle`]: the queue-entry state machine (spec 3 section 4).
//! - [`pace`] and [`predict()`]: the yard's measured pace and the predicted call time (issue 25).
//!
//! Every instant is UTC; days and times of day are the company's (`QueueSettings::time_zone`).

pub mod calendar;
pub mod dispatch;
pub mod lifecycle;
pub mod pace;
pub mod plan;
pub mod position;
pub mod predict;
pub mod refusal;
pub mod rescue;
pub mod rules;
pub mod settings;
pub mod slots;

pub use calendar::{local_to_utc, DayWindows, CALENDAR_SEARCH_DAYS};
pub use lifecycle::{transition, IllegalTransition, LifecycleEvent, LifecycleState};
pub use pace::{measure, ClosedEntry, FinishedLoading, History, Pace, Spread, Vehicle};
pub use plan::{
    batch_entry_id, check_join, check_joins, check_joins_and_plan, plan, plan_with_next, Admission,
    AttendanceToday, DayUsage, Delay, EntryId, EntryState, JoinRequest, Landing, Plan, PlanInput,
    PlannedEntry, QueueEntry, Slot, NEW_ENTRY_ID,
};
pub use position::{
    closed_on_local_day, nearby_rows, remaining_tolerance, tolerance_drops, LineRow, ToleranceLeft,
    EXHAUSTED_TEXT, IN_TOLERANCE_TEXT, NEARBY_EACH_SIDE,
};
pub use predict::{predict, Loading, PredictInput, Predicted, Prediction, Queued};
pub use refusal::QueueRefusal;
pub use rules::{
    apply_pins, can_leave, end_delay_early, end_of_day, is_expired, missing_block, remaining_days,
    reset, Pin, EXPIRED_REASON,
};
pub use settings::{MissingValidation, QueueSettings, DEFAULT_QUEUE_EDIT_HOURS_LIMIT};
pub use slots::DaySlots;

#[cfg(test)]
mod tests;
