//! The plan (DESIGN sections 4.3, 4.4, 4.7, 4.8): where each waiting entry stands and when it
//! loads, as a pure function of the settings, the entries, the delays, today's attendance and
//! `now`.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::position::assign_positions;
use super::refusal::QueueRefusal;
use super::rules::missing_block;
use super::settings::QueueSettings;
use super::slots::DaySlots;

/// A queue entry's id (the database's `queue_entries.id`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntryId(pub i64);

/// The id [`check_join`] gives the entry it tries: it ranks after every real entry that joined
/// at the same instant.
pub const NEW_ENTRY_ID: EntryId = EntryId(i64::MAX);

/// What the plan needs to know of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryState {
    /// In the queue.
    Waiting,
    /// In the queue, with an active check-in (the driver is in the yard).
    CheckedIn,
    /// Loading now: takes one of today's slots.
    Loading,
    /// Attended today: took one of today's slots.
    AttendedToday,
    /// Closed today as faulty (by the expedition or by tolerance) after its slot came: that slot
    /// is spent, so the entries behind do not move into the past (a drop never makes the next
    /// driver late).
    MissedToday,
}

impl EntryState {
    /// Planned and numbered: waiting, checked in or not.
    pub fn is_waiting(self) -> bool {
        matches!(self, EntryState::Waiting | EntryState::CheckedIn)
    }

    /// Uses one of today's slots without being planned.
    pub fn spends_today(self) -> bool {
        matches!(
            self,
            EntryState::Loading | EntryState::AttendedToday | EntryState::MissedToday
        )
    }
}

/// An entry as the plan reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueueEntry {
    pub id: EntryId,
    /// The rank key (a rescued entry has its original join time back).
    pub joined_at: DateTime<Utc>,
    pub state: EntryState,
    /// Set by the end of attendance: the entry may not be planned before this day.
    pub planned_day: Option<NaiveDate>,
}

impl QueueEntry {
    pub fn waiting(id: i64, joined_at: DateTime<Utc>) -> QueueEntry {
        QueueEntry {
            id: EntryId(id),
            joined_at,
            state: EntryState::Waiting,
            planned_day: None,
        }
    }
}

/// The day's attendance (spec 3 section 4: not started -> started -> ended).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttendanceToday {
    #[default]
    NotStarted,
    Started,
    /// Ended: the plan starts on the next open day.
    Ended,
}

/// A delay registered today. `minutes` is its net length: the duration given when it started,
/// plus the (negative) adjustment when it was ended early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Delay {
    pub started_at: DateTime<Utc>,
    pub minutes: i64,
}

/// Everything the plan depends on.
#[derive(Debug, Clone, Copy)]
pub struct PlanInput<'a> {
    pub settings: &'a QueueSettings,
    pub now: DateTime<Utc>,
    /// Waiting entries plus those that spend today's capacity, in any order.
    pub entries: &'a [QueueEntry],
    /// The delays of the operating day (active or ended), in any order.
    pub delays: &'a [Delay],
    pub attendance: AttendanceToday,
}

/// Where an entry was planned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// The attendance day.
    pub day: NaiveDate,
    /// The slot's index in the day (0-based; day-only plans count entries).
    pub index: u32,
    /// The slot's start: inside one of the day's windows.
    pub start: DateTime<Utc>,
    /// The start shifted by the day's delays: what the driver is told.
    pub forecast: DateTime<Utc>,
}

/// One waiting entry of the plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannedEntry {
    pub id: EntryId,
    /// Index + 1 in plan order, whatever the tolerance.
    pub rank: u32,
    /// The position people see: `rank`, or with tolerance on, numbering restarting at 1 after
    /// the last entry in tolerance (entries in tolerance keep their rank).
    pub position: u32,
    /// 'em tolerância': tolerance is on and the forecast has passed.
    pub in_tolerance: bool,
    /// The driver has an active check-in (never dropped by tolerance).
    pub checked_in: bool,
    /// `None` when no open day is within reach (see [`super::CALENDAR_SEARCH_DAYS`]) or the
    /// settings give no capacity.
    pub slot: Option<Slot>,
}

impl PlannedEntry {
    pub fn forecast(&self) -> Option<DateTime<Utc>> {
        self.slot.map(|s| s.forecast)
    }

    pub fn day(&self) -> Option<NaiveDate> {
        self.slot.map(|s| s.day)
    }
}

/// How a day the plan touched is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayUsage {
    pub day: NaiveDate,
    pub capacity: u32,
    /// Today's attended, loading and missed entries (0 on other days).
    pub spent: u32,
    /// Waiting entries planned on the day.
    pub planned: u32,
}

/// The plan: waiting entries in plan order (which is rank order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The operating day (see [`QueueSettings::operating_day`]).
    pub today: NaiveDate,
    pub entries: Vec<PlannedEntry>,
    /// The days the plan placed entries on or spent, in order.
    pub days: Vec<DayUsage>,
}

impl Plan {
    pub fn get(&self, id: EntryId) -> Option<&PlannedEntry> {
        // From the back: the entries asked for most (new joins) are the last ones.
        self.entries.iter().rev().find(|e| e.id == id)
    }

    /// Entries the plan could not place.
    pub fn unplaced(&self) -> impl Iterator<Item = &PlannedEntry> {
        self.entries.iter().filter(|e| e.slot.is_none())
    }
}

/// The walk over open days.
struct Walk<'s> {
    settings: &'s QueueSettings,
    day: Option<DaySlots>,
    spent: u32,
    planned: u32,
    next: u32,
    days: Vec<DayUsage>,
}

impl Walk<'_> {
    fn close_day(&mut self) {
        if let Some(day) = self.day {
            if self.spent > 0 || self.planned > 0 {
                self.days.push(DayUsage {
                    day: day.day(),
                    capacity: day.capacity(),
                    spent: self.spent,
                    planned: self.planned,
                });
            }
        }
    }

    /// Moves to the first open day on or after `from`.
    fn move_to(&mut self, from: Option<NaiveDate>) {
        self.close_day();
        self.day = from.and_then(|d| self.settings.next_open_day(d));
        self.spent = 0;
        self.planned = 0;
        self.next = 0;
    }

    /// The next slot on or after `earliest` (and on or after `pin`), or `None` when no open day
    /// is within reach.
    fn place(
        &mut self,
        earliest: DateTime<Utc>,
        pin: Option<NaiveDate>,
    ) -> Option<(u32, DaySlots)> {
        loop {
            let day = self.day?;
            if let Some(pin) = pin.filter(|&p| p > day.day()) {
                self.move_to(Some(pin));
                continue;
            }
            if self.spent.saturating_add(self.planned) >= day.capacity() {
                self.move_to(day.day().succ_opt());
                continue;
            }
            match day.first_slot_at_or_after(earliest, self.next) {
                Some(index) => {
                    self.next = index + 1;
                    self.planned += 1;
                    return Some((index, day));
                }
                None => {
                    let after = day.day().succ_opt();
                    let from = after.map(|a| a.max(self.settings.local_date(earliest)));
                    self.move_to(from);
                }
            }
        }
    }
}

/// Rule 4: plans every waiting entry.
///
/// Waiting entries (checked in or not) are ranked by `joined_at`, ties by id. The walk starts on
/// the operating day while its attendance has not ended and its last window has not closed
/// (today's loading, attended and missed entries take its first slots), otherwise on the next
/// open day. Each entry takes the next free slot that starts no earlier than `joined_at +
/// hour_entry_limit` and is not on a day before its `planned_day`; a day takes no more than
/// its capacity. Slots already started stay planned: an entry whose slot passed is late ('em
/// tolerância'), it does not drift forward. The forecast is the slot start plus the delays of
/// the slot's day that started at or before it (never earlier than the forecast of the entry
/// ahead).
pub fn plan(input: &PlanInput<'_>) -> Plan {
    let settings = input.settings;
    let now = input.now;
    let entries = input.entries;
    let today = settings.operating_day(now);

    let spent_today = entries.iter().filter(|e| e.state.spends_today()).count();
    let spent_today = u32::try_from(spent_today).unwrap_or(u32::MAX);

    let mut order: Vec<usize> = (0..entries.len())
        .filter(|&i| entries[i].state.is_waiting())
        .collect();
    order.sort_unstable_by_key(|&i| (entries[i].joined_at, entries[i].id));

    // (day, started_at, minutes) in start order.
    let mut delays: Vec<(NaiveDate, DateTime<Utc>, Duration)> = input
        .delays
        .iter()
        .map(|d| {
            let minutes = Duration::minutes(d.minutes.max(0));
            (settings.operating_day(d.started_at), d.started_at, minutes)
        })
        .collect();
    delays.sort_by_key(|d| d.1);

    let mut walk = Walk {
        settings,
        day: None,
        spent: 0,
        planned: 0,
        next: 0,
        days: Vec::new(),
    };
    let today_slots = settings.day_slots(today);
    let today_open = input.attendance != AttendanceToday::Ended
        && settings.has_capacity_rule()
        && today_slots.capacity() > 0
        && today_slots
            .windows()
            .last_end()
            .is_some_and(|end| end > now);
    if today_open {
        walk.day = Some(today_slots);
        walk.spent = spent_today;
        walk.next = spent_today;
    } else {
        walk.move_to(today.succ_opt());
    }

    let lead = Duration::hours(i64::from(settings.hour_entry_limit));
    let mut planned = Vec::with_capacity(order.len());
    // A delay that pushes the day's last forecasts past the next day's first slot must not
    // tell a driver behind in the queue to come before the one ahead.
    let mut latest_forecast = DateTime::<Utc>::MIN_UTC;
    for (i, &ix) in order.iter().enumerate() {
        let entry = &entries[ix];
        let slot = entry
            .joined_at
            .checked_add_signed(lead)
            .and_then(|earliest| {
                let (index, day) = walk.place(earliest, entry.planned_day)?;
                let start = day.slot_start(index)?;
                let mut forecast = start;
                for &(delay_day, started_at, minutes) in &delays {
                    if delay_day == day.day() && forecast >= started_at {
                        forecast += minutes;
                    }
                }
                forecast = forecast.max(latest_forecast);
                latest_forecast = forecast;
                Some(Slot {
                    day: day.day(),
                    index,
                    start,
                    forecast,
                })
            });
        let rank = u32::try_from(i + 1).unwrap_or(u32::MAX);
        planned.push(PlannedEntry {
            id: entry.id,
            rank,
            position: rank,
            in_tolerance: false,
            checked_in: entry.state == EntryState::CheckedIn,
            slot,
        });
    }
    walk.close_day();

    assign_positions(&mut planned, settings.enable_tolerance, now);
    Plan {
        today,
        entries: planned,
        days: walk.days,
    }
}

/// Who is asking to join.
#[derive(Debug, Clone, Copy)]
pub struct JoinRequest<'a> {
    /// The driver (or the truck) already has an active entry in this company's queue.
    pub already_in_queue: bool,
    /// No scheduling: a freelancer ('Autônomo').
    pub freelancer: bool,
    /// The driver's faults (closed as faulty by the expedition or by tolerance), any order.
    pub faults: &'a [DateTime<Utc>],
}

/// Where a join would land.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    pub slot: Slot,
    pub rank: u32,
    pub position: u32,
}

/// Checks a join and tells where it would land, without changing anything.
///
/// Refusals, in this order: the queue is closed; already in the queue; freelancer while the
/// company does not take them; blocked by the missing-limit; no capacity (no slot length and no
/// programmed total, or no open day within reach); beyond `scheduling_day_limit` calendar days
/// from today.
pub fn check_join(input: &PlanInput<'_>, join: &JoinRequest<'_>) -> Result<Landing, QueueRefusal> {
    check_joins(input, std::slice::from_ref(join))
        .pop()
        .unwrap_or(Err(QueueRefusal::NoCapacity))
}

/// [`check_join`] for several joins arriving together, in arrival order: each answer is the
/// one it would get alone after the earlier ones that were admitted. One plan serves them all
/// (a join placed later never moves an earlier one); a refusal by the plan costs one more.
pub fn check_joins(
    input: &PlanInput<'_>,
    joins: &[JoinRequest<'_>],
) -> Vec<Result<Landing, QueueRefusal>> {
    decide_joins(input, joins, false).answers
}

/// The outcome of [`check_joins_and_plan`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admission {
    /// [`check_joins`]'s answers.
    pub answers: Vec<Result<Landing, QueueRefusal>>,
    /// When the last walk admitted every join it planned: the plan with the admitted joins
    /// (the `i`-th join as [`batch_entry_id`]`(i, n)`) and where the next join would land, as
    /// [`plan_with_next`] gives them once the joins are in the queue. `None`: plan again.
    pub plan: Option<(Plan, Result<Landing, QueueRefusal>)>,
}

/// The id the `i`-th of `n` joins of a batch has in the plans of [`check_joins`]: after every
/// real entry that joined at the same instant, in arrival order, before the next-join probe.
pub fn batch_entry_id(i: usize, n: usize) -> EntryId {
    EntryId(NEW_ENTRY_ID.0 - 1 - (n - 1 - i) as i64)
}

/// [`check_joins`], and in the same walk the plan to store once the admitted joins are in the
/// queue, with the next landing: one plan for a batch of joins in the common case (no join
/// refused by the plan).
pub fn check_joins_and_plan(input: &PlanInput<'_>, joins: &[JoinRequest<'_>]) -> Admission {
    decide_joins(input, joins, true)
}

fn decide_joins(input: &PlanInput<'_>, joins: &[JoinRequest<'_>], with_plan: bool) -> Admission {
    let n = joins.len();
    let next_probe = JoinRequest {
        already_in_queue: false,
        freelancer: false,
        faults: &[],
    };
    // The probe of the next landing must rank last (see `plan_with_next`).
    let probe = with_plan
        && join_rules(input, &next_probe).is_ok()
        && input.entries.iter().all(|e| {
            e.id.0 < batch_entry_id(0, n.max(1)).0
                && (!e.state.is_waiting() || e.joined_at <= input.now)
        });
    // `None`: still to decide by the plan.
    let mut out: Vec<Option<Result<Landing, QueueRefusal>>> = joins
        .iter()
        .map(|j| join_rules(input, j).err().map(Err))
        .collect();
    let mut last_plan = None;
    loop {
        let candidates: Vec<usize> = (0..n)
            .filter(|&i| matches!(out[i], None | Some(Ok(_))))
            .collect();
        if !candidates.iter().any(|&i| out[i].is_none()) {
            break;
        }
        let mut entries = Vec::with_capacity(input.entries.len() + candidates.len() + 1);
        entries.extend_from_slice(input.entries);
        entries.extend(candidates.iter().map(|&i| QueueEntry {
            id: batch_entry_id(i, n),
            joined_at: input.now,
            state: EntryState::Waiting,
            planned_day: None,
        }));
        if probe {
            entries.push(QueueEntry {
                id: NEW_ENTRY_ID,
                joined_at: input.now,
                state: EntryState::Waiting,
                planned_day: None,
            });
        }
        let with_new = plan(&PlanInput {
            entries: &entries,
            ..*input
        });
        let mut refused_at = None;
        for (k, &i) in candidates.iter().enumerate() {
            let landing = landing_of(input, with_new.get(batch_entry_id(i, n)));
            let refused = landing.is_err();
            out[i] = Some(landing);
            if refused {
                refused_at = Some(k);
                break;
            }
        }
        match refused_at {
            // The later ones were planned behind a join that will not enter: plan them again.
            Some(k) => {
                candidates[k + 1..].iter().for_each(|&i| out[i] = None);
                last_plan = None;
            }
            None => {
                last_plan = Some(with_new);
                break;
            }
        }
    }
    let plan = last_plan
        .filter(|_| probe)
        .and_then(|with_probe| without_probe(input, with_probe));
    Admission {
        answers: out
            .into_iter()
            .map(|r| r.unwrap_or(Err(QueueRefusal::NoCapacity)))
            .collect(),
        plan,
    }
}

/// Takes the next-join probe (the last entry, [`NEW_ENTRY_ID`]) out of a plan made with it:
/// the plan without it and its landing; `None` when the probe is late (its removal could
/// renumber the others).
fn without_probe(
    input: &PlanInput<'_>,
    mut with_probe: Plan,
) -> Option<(Plan, Result<Landing, QueueRefusal>)> {
    let last = with_probe
        .entries
        .pop()
        .filter(|e| e.id == NEW_ENTRY_ID && !e.in_tolerance)?;
    let next = landing_of(input, Some(&last));
    if let Some(slot) = last.slot {
        if let Some(ix) = with_probe.days.iter().rposition(|d| d.day == slot.day) {
            let usage = &mut with_probe.days[ix];
            usage.planned = usage.planned.saturating_sub(1);
            if usage.planned == 0 && usage.spent == 0 {
                with_probe.days.remove(ix);
            }
        }
    }
    Some((with_probe, next))
}

/// [`plan`] and where the next join would land ([`check_join`] of a driver not in the queue,
/// with a loading and no faults), from one walk instead of two: the plan is made with that
/// join as its last entry, which moves no entry ahead of it, and the join is then taken out
/// of the plan. Falls back to two walks when the probe would not rank last (an entry joined
/// after `now`) or would itself be late (day-only plans), as those could change the others.
pub fn plan_with_next(input: &PlanInput<'_>) -> (Plan, Result<Landing, QueueRefusal>) {
    let probe = JoinRequest {
        already_in_queue: false,
        freelancer: false,
        faults: &[],
    };
    if let Err(refusal) = join_rules(input, &probe) {
        return (plan(input), Err(refusal));
    }
    let ranks_last = input
        .entries
        .iter()
        .all(|e| e.id != NEW_ENTRY_ID && (!e.state.is_waiting() || e.joined_at <= input.now));
    if !ranks_last {
        return (plan(input), check_join(input, &probe));
    }
    let mut entries = Vec::with_capacity(input.entries.len() + 1);
    entries.extend_from_slice(input.entries);
    entries.push(QueueEntry {
        id: NEW_ENTRY_ID,
        joined_at: input.now,
        state: EntryState::Waiting,
        planned_day: None,
    });
    let with_probe = plan(&PlanInput {
        entries: &entries,
        ..*input
    });
    without_probe(input, with_probe).unwrap_or_else(|| (plan(input), check_join(input, &probe)))
}

/// The refusals that need no plan, in [`check_join`]'s order.
fn join_rules(input: &PlanInput<'_>, join: &JoinRequest<'_>) -> Result<(), QueueRefusal> {
    let settings = input.settings;
    if !settings.enable_queue_save {
        return Err(QueueRefusal::QueueClosed);
    }
    if join.already_in_queue {
        return Err(QueueRefusal::AlreadyInQueue);
    }
    if join.freelancer && !settings.enable_queue_without_scheduling {
        return Err(QueueRefusal::FreelancerNotAllowed);
    }
    if let Some(until) = missing_block(join.faults, settings, input.now) {
        return Err(QueueRefusal::MissingLimit {
            until: settings.local_date(until),
        });
    }
    if !settings.has_capacity_rule() {
        return Err(QueueRefusal::NoCapacity);
    }
    Ok(())
}

/// Where a new entry landed in a plan that includes it, or why it may not.
fn landing_of(input: &PlanInput<'_>, new: Option<&PlannedEntry>) -> Result<Landing, QueueRefusal> {
    let settings = input.settings;
    let new = new.ok_or(QueueRefusal::NoCapacity)?;
    let slot = new.slot.ok_or(QueueRefusal::NoCapacity)?;
    if let Some(limit) = settings.scheduling_day_limit {
        let today = settings.local_date(input.now);
        if (slot.day - today).num_days() > i64::from(limit) {
            return Err(QueueRefusal::BeyondDayLimit);
        }
    }
    Ok(Landing {
        slot,
        rank: new.rank,
        position: new.position,
    })
}
