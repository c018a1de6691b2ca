//! Property tests of the queue engine's invariants (DESIGN section 4, issue 4):
//! no two waiting entries share a slot; no day exceeds its capacity; slots never fall outside a
//! window or on a closed day; positions are 1..n without gaps; the end-of-day move and the reset
//! never lose or duplicate an entry; the plan is a pure function of its inputs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use patio_domain::queue::*;
use proptest::prelude::*;

const ZONES: [Tz; 7] = [
    chrono_tz::America::Sao_Paulo,
    chrono_tz::America::New_York,
    chrono_tz::UTC,
    chrono_tz::Europe::London,
    chrono_tz::Australia::Lord_Howe, // 30-minute DST
    chrono_tz::Asia::Kolkata,
    chrono_tz::America::Santiago,
];

fn half_hours() -> impl Strategy<Value = NaiveTime> {
    (0u32..48).prop_map(|h| NaiveTime::from_hms_opt(h / 2, (h % 2) * 30, 0).unwrap())
}

fn base_date() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()
}

fn settings() -> impl Strategy<Value = QueueSettings> {
    (
        (half_hours(), half_hours(), half_hours(), half_hours()),
        prop_oneof![
            Just(0u32),
            Just(5),
            Just(10),
            Just(15),
            Just(30),
            Just(45),
            Just(60),
            Just(90)
        ],
        prop_oneof![3 => Just(0u32), 2 => 1u32..40],
        prop::array::uniform7(prop::bool::weighted(0.7)),
        prop::collection::vec(0i64..760, 0..6),
        0..ZONES.len(),
        (any::<bool>(), 0u32..90),
        prop_oneof![3 => Just(0u32), 1 => 1u32..30],
    )
        .prop_map(
            |(
                (start, end, si, ei),
                slot,
                programmed,
                week_days,
                blocked,
                zone,
                (tol_on, tol),
                lead,
            )| QueueSettings {
                start,
                end,
                start_interval: si,
                end_interval: ei,
                time_attendence: slot,
                programmed_total: programmed,
                week_days,
                blocked_dates: blocked
                    .into_iter()
                    .map(|d| base_date() + Duration::days(d))
                    .collect(),
                time_zone: ZONES[zone],
                enable_tolerance: tol_on,
                tolerance: tol,
                hour_entry_limit: lead,
                ..QueueSettings::default()
            },
        )
}

fn state() -> impl Strategy<Value = EntryState> {
    prop_oneof![
        8 => Just(EntryState::Waiting),
        2 => Just(EntryState::CheckedIn),
        1 => Just(EntryState::Loading),
        1 => Just(EntryState::AttendedToday),
        1 => Just(EntryState::MissedToday),
    ]
}

#[derive(Debug, Clone)]
struct Scenario {
    settings: QueueSettings,
    now: DateTime<Utc>,
    entries: Vec<QueueEntry>,
    delays: Vec<Delay>,
    attendance: AttendanceToday,
}

impl Scenario {
    fn input(&self) -> PlanInput<'_> {
        PlanInput {
            settings: &self.settings,
            now: self.now,
            entries: &self.entries,
            delays: &self.delays,
            attendance: self.attendance,
        }
    }
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let now = (0i64..730 * 24 * 60)
        .prop_map(|m| Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap() + Duration::minutes(m));
    (
        settings(),
        now,
        prop::collection::vec(
            (
                0i64..14 * 24 * 60,
                state(),
                prop::option::weighted(0.15, -2i64..10),
            ),
            0..120,
        ),
        prop::collection::vec((0i64..600, 0i64..120), 0..3),
        prop_oneof![
            Just(AttendanceToday::NotStarted),
            Just(AttendanceToday::Started),
            Just(AttendanceToday::Ended)
        ],
        any::<u64>(),
    )
        .prop_map(|(settings, now, raw, delays, attendance, salt)| {
            let today = settings.local_date(now);
            let n = raw.len() as u64;
            let entries = raw
                .into_iter()
                .enumerate()
                .map(|(i, (ago, state, pin))| QueueEntry {
                    // distinct ids in a scrambled order
                    id: EntryId(((i as u64 * 7919 + salt) % (n.max(1) * 7919)) as i64),
                    joined_at: now - Duration::minutes(ago / 2 * 2), // ties happen
                    state,
                    planned_day: pin.map(|d| today + Duration::days(d)),
                })
                .collect();
            let delays = delays
                .into_iter()
                .map(|(ago, minutes)| Delay {
                    started_at: now - Duration::minutes(ago),
                    minutes,
                })
                .collect();
            Scenario {
                settings,
                now,
                entries,
                delays,
                attendance,
            }
        })
}

fn waiting_ids(entries: &[QueueEntry]) -> Vec<EntryId> {
    let mut ids: Vec<EntryId> = entries
        .iter()
        .filter(|e| e.state.is_waiting())
        .map(|e| e.id)
        .collect();
    ids.sort();
    ids
}

fn plan_ids(p: &Plan) -> Vec<EntryId> {
    let mut ids: Vec<EntryId> = p.entries.iter().map(|e| e.id).collect();
    ids.sort();
    ids
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_waiting_entry_is_planned_once(sc in scenario()) {
        let p = plan(&sc.input());
        prop_assert_eq!(plan_ids(&p), waiting_ids(&sc.entries));
        // Unplaced entries (no open day within reach) are the tail.
        let first_unplaced = p.entries.iter().position(|e| e.slot.is_none());
        if let Some(i) = first_unplaced {
            prop_assert!(p.entries[i..].iter().all(|e| e.slot.is_none()));
        }
    }

    #[test]
    fn no_two_waiting_entries_share_a_slot(sc in scenario()) {
        let p = plan(&sc.input());
        let mut seen = HashSet::new();
        let mut starts = HashSet::new();
        for e in &p.entries {
            if let Some(slot) = e.slot {
                prop_assert!(seen.insert((slot.day, slot.index)), "{:?}", slot);
                if sc.settings.time_attendence > 0 {
                    prop_assert!(starts.insert(slot.start), "{:?}", slot);
                }
            }
        }
    }

    #[test]
    fn no_day_exceeds_its_capacity(sc in scenario()) {
        let p = plan(&sc.input());
        let mut per_day: BTreeMap<NaiveDate, u32> = BTreeMap::new();
        for slot in p.entries.iter().filter_map(|e| e.slot) {
            *per_day.entry(slot.day).or_default() += 1;
        }
        let spent = sc.entries.iter().filter(|e| e.state.spends_today()).count() as u32;
        for (day, planned) in &per_day {
            let capacity = sc.settings.capacity(*day);
            let spent_here = if *day == p.today { spent } else { 0 };
            prop_assert!(planned + spent_here <= capacity, "{} {} {} {}", day, planned, spent_here, capacity);
            let usage = p.days.iter().find(|u| u.day == *day).unwrap();
            prop_assert_eq!(usage.planned, *planned);
            prop_assert_eq!(usage.capacity, capacity);
        }
        for usage in &p.days {
            prop_assert!(usage.planned == 0 || usage.spent + usage.planned <= usage.capacity);
        }
    }

    #[test]
    fn slots_never_fall_outside_a_window_or_on_a_closed_day(sc in scenario()) {
        let p = plan(&sc.input());
        for slot in p.entries.iter().filter_map(|e| e.slot) {
            let s = &sc.settings;
            prop_assert!(s.is_attendance_day(slot.day), "{:?}", slot);
            let windows = s.day_windows(slot.day);
            prop_assert!(windows.contains(slot.start), "{:?} {:?}", slot, windows);
            if s.time_attendence > 0 {
                let end = slot.start + Duration::minutes(i64::from(s.time_attendence));
                prop_assert!(
                    windows.as_slice().iter().any(|&(a, b)| a <= slot.start && end <= b),
                    "the whole slot fits in one window: {:?}", slot
                );
            } else {
                prop_assert_eq!(Some(slot.start), windows.first_start());
            }
            prop_assert!(slot.forecast >= slot.start);
            if sc.delays.is_empty() {
                prop_assert_eq!(slot.forecast, slot.start);
            }
        }
    }

    #[test]
    fn plan_order_is_rank_order_and_slots_only_move_forward(sc in scenario()) {
        let p = plan(&sc.input());
        let by_id: BTreeMap<EntryId, &QueueEntry> = sc.entries.iter().map(|e| (e.id, e)).collect();
        for pair in p.entries.windows(2) {
            let (a, b) = (by_id[&pair[0].id], by_id[&pair[1].id]);
            prop_assert!((a.joined_at, a.id) < (b.joined_at, b.id));
            if let (Some(x), Some(y)) = (pair[0].slot, pair[1].slot) {
                prop_assert!((x.day, x.index) < (y.day, y.index));
                prop_assert!(x.start <= y.start);
                prop_assert!(x.forecast <= y.forecast);
            }
        }
    }

    #[test]
    fn no_entry_lands_before_join_plus_hour_entry_limit_or_before_its_pin(sc in scenario()) {
        let p = plan(&sc.input());
        let lead = Duration::hours(i64::from(sc.settings.hour_entry_limit));
        let by_id: BTreeMap<EntryId, &QueueEntry> = sc.entries.iter().map(|e| (e.id, e)).collect();
        for e in &p.entries {
            if let Some(slot) = e.slot {
                let entry = by_id[&e.id];
                prop_assert!(slot.start >= entry.joined_at + lead);
                if let Some(pin) = entry.planned_day {
                    prop_assert!(slot.day >= pin);
                }
            }
        }
    }

    #[test]
    fn positions_are_one_to_n_without_gaps(sc in scenario()) {
        let p = plan(&sc.input());
        let n = p.entries.len();
        let ranks: Vec<u32> = p.entries.iter().map(|e| e.rank).collect();
        prop_assert_eq!(ranks, (1..=n as u32).collect::<Vec<_>>());
        let k = p.entries.iter().filter(|e| e.in_tolerance).count();
        prop_assert!(p.entries[..k].iter().all(|e| e.in_tolerance), "tolerance is the head");
        if !sc.settings.enable_tolerance {
            prop_assert_eq!(k, 0);
        }
        let positions: Vec<u32> = p.entries.iter().map(|e| e.position).collect();
        let expected: Vec<u32> = (1..=k as u32).chain(1..=(n - k) as u32).collect();
        prop_assert_eq!(positions, expected);
        if sc.settings.enable_tolerance {
            for e in &p.entries[k..] {
                prop_assert!(e.forecast().is_none_or(|f| f >= sc.now));
            }
        }
    }

    #[test]
    fn tolerance_never_drops_a_checked_in_driver(sc in scenario()) {
        let p = plan(&sc.input());
        let later = sc.now + Duration::hours(30);
        let drops = tolerance_drops(&p, &sc.settings, later);
        for id in drops {
            let e = p.get(id).unwrap();
            prop_assert!(!e.checked_in);
            prop_assert!(sc.settings.enable_tolerance);
            let f = e.forecast().unwrap();
            prop_assert!(f + Duration::minutes(i64::from(sc.settings.tolerance)) <= later);
        }
    }

    #[test]
    fn end_of_day_move_never_loses_or_duplicates_an_entry(sc in scenario()) {
        let input = sc.input();
        let before = plan(&PlanInput { attendance: AttendanceToday::Started, ..input });
        let pins = end_of_day(&input);
        let pinned: HashSet<EntryId> = pins.iter().map(|p| p.id).collect();
        prop_assert_eq!(pinned.len(), pins.len(), "no entry pinned twice");
        let mut entries = sc.entries.clone();
        apply_pins(&mut entries, &pins);
        let after = plan(&PlanInput {
            entries: &entries,
            attendance: AttendanceToday::Ended,
            ..input
        });
        prop_assert_eq!(plan_ids(&after), plan_ids(&before));
        prop_assert_eq!(plan_ids(&after), waiting_ids(&sc.entries));
        // The moved entries are the head of the next plan, in their order, and none stays today.
        let head: Vec<EntryId> = after.entries.iter().take(pins.len()).map(|e| e.id).collect();
        let moved: Vec<EntryId> = before
            .entries
            .iter()
            .filter(|e| pinned.contains(&e.id))
            .map(|e| e.id)
            .collect();
        prop_assert_eq!(head, moved);
        for e in &after.entries {
            prop_assert!(e.day() != Some(after.today) || pins.is_empty());
        }
        if let Some(first) = pins.first() {
            if let Some(slot) = after.entries[0].slot {
                prop_assert!(slot.day >= first.day);
                prop_assert!(slot.index == 0 || sc.settings.hour_entry_limit > 0
                    || after.entries[0].id != first.id || slot.day > first.day);
            }
        }
    }

    #[test]
    fn reset_never_loses_or_duplicates_an_entry(sc in scenario()) {
        let mut entries = sc.entries.clone();
        reset(&mut entries);
        prop_assert!(entries.iter().all(|e| e.planned_day.is_none()));
        let after = plan(&PlanInput { entries: &entries, ..sc.input() });
        prop_assert_eq!(plan_ids(&after), waiting_ids(&sc.entries));
    }

    #[test]
    fn plan_is_a_pure_function_of_its_inputs(sc in scenario(), seed in any::<u64>()) {
        let first = plan(&sc.input());
        prop_assert_eq!(&first, &plan(&sc.input()));
        // The order the entries and delays come in does not matter.
        let mut shuffled = sc.clone();
        let len = shuffled.entries.len();
        if len > 1 {
            shuffled.entries.rotate_left((seed as usize) % len);
            shuffled.entries.swap(0, len - 1);
        }
        shuffled.delays.reverse();
        prop_assert_eq!(&first, &plan(&shuffled.input()));
    }

    #[test]
    fn check_join_lands_where_the_plan_puts_the_new_entry(sc in scenario()) {
        let mut sc = sc;
        sc.settings.enable_queue_without_scheduling = true;
        let join = JoinRequest { already_in_queue: false, freelancer: true, faults: &[] };
        let result = check_join(&sc.input(), &join);
        let mut entries = sc.entries.clone();
        entries.push(QueueEntry::waiting(NEW_ENTRY_ID.0, sc.now));
        let p = plan(&PlanInput { entries: &entries, ..sc.input() });
        let new = p.get(NEW_ENTRY_ID).unwrap();
        match result {
            Ok(landing) => {
                prop_assert_eq!(Some(landing.slot), new.slot);
                prop_assert!(landing.slot.start >= sc.now);
            }
            Err(refusal) => {
                prop_assert!(matches!(refusal, QueueRefusal::NoCapacity | QueueRefusal::BeyondDayLimit));
                prop_assert!(new.slot.is_none());
            }
        }
    }
}
