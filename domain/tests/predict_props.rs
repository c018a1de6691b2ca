//! Property tests of the predicted call time (issue 25): never before now; never earlier for a
//! vehicle further back; a delay shifts it by the delay's length; it does not move when
//! nothing changed; a check-in never brings those behind earlier.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use patio_domain::implement::ImplementType;
use patio_domain::queue::*;
use proptest::prelude::*;

const ZONES: [Tz; 4] = [
    chrono_tz::America::Sao_Paulo,
    chrono_tz::UTC,
    chrono_tz::America::New_York,
    chrono_tz::Australia::Lord_Howe,
];

fn half_hours() -> impl Strategy<Value = NaiveTime> {
    (0u32..48).prop_map(|h| NaiveTime::from_hms_opt(h / 2, (h % 2) * 30, 0).unwrap())
}

fn settings() -> impl Strategy<Value = QueueSettings> {
    (
        (half_hours(), half_hours(), half_hours(), half_hours()),
        prop_oneof![Just(0u32), Just(10), Just(20), Just(30), Just(60)],
        prop_oneof![3 => Just(0u32), 1 => 1u32..40],
        prop::array::uniform7(prop::bool::weighted(0.75)),
        0..ZONES.len(),
        prop_oneof![3 => Just(0u32), 1 => 1u32..12],
    )
        .prop_map(
            |((start, end, si, ei), slot, programmed, week_days, zone, lead)| QueueSettings {
                start,
                end,
                start_interval: si,
                end_interval: ei,
                time_attendence: slot,
                programmed_total: programmed,
                week_days,
                time_zone: ZONES[zone],
                hour_entry_limit: lead,
                ..QueueSettings::default()
            },
        )
}

fn vehicle() -> impl Strategy<Value = Vehicle> {
    (
        prop::option::weighted(0.8, 0..ImplementType::ALL.len()),
        prop::option::weighted(0.3, 2u8..12),
    )
        .prop_map(|(t, axles)| Vehicle {
            implement: t.map(|i| ImplementType::ALL[i]),
            axles,
        })
}

fn spread() -> impl Strategy<Value = Spread> {
    (5.0f64..120.0, 0.0f64..0.5, 0.0f64..0.8).prop_map(|(p50, lo, hi)| Spread {
        p25: p50 * (1.0 - lo),
        p50,
        p75: p50 * (1.0 + hi),
        mean: p50 * (1.0 + hi / 4.0),
    })
}

/// Percentiles 0..=100 from `first` up by random steps (some ties), or none (unknown).
fn shape(first: f64, step: f64) -> impl Strategy<Value = Vec<f64>> {
    prop::option::weighted(
        0.8,
        prop::collection::vec(prop_oneof![1 => Just(0.0), 4 => 0.0..=step], 100),
    )
    .prop_map(move |steps| {
        steps.map_or_else(Vec::new, |steps| {
            std::iter::once(first)
                .chain(steps.into_iter().scan(first, |acc, d| {
                    *acc += d;
                    Some(*acc)
                }))
                .collect()
        })
    })
}

/// A pace as `measure` could give; `flat`: the same loading time at every hour and weekday.
fn pace(flat: bool) -> impl Strategy<Value = Pace> {
    (
        1u32..5,
        spread(),
        prop::collection::vec((0..ImplementType::ALL.len(), spread()), 0..6),
        0.0f64..15.0,
        (0.0f64..40.0, 0.0f64..20.0),
        0.0f64..0.4,
        prop::array::uniform24(0.7f64..1.5),
        prop::array::uniform7(0.8f64..1.3),
        (shape(0.3, 0.05), shape(0.0, 1.5)),
        (0.0f64..0.4, shape(0.0, 3.0)),
    )
        .prop_map(
            move |(
                bays,
                overall,
                groups,
                turnaround,
                (lag, lag_spread),
                no_show,
                hours,
                days,
                (length_shape, lag_shape),
                (no_show_checked_in, check_in_leads),
            )| {
                Pace {
                    bays,
                    overall,
                    by_implement: groups
                        .into_iter()
                        .map(|(i, s)| (ImplementType::ALL[i], s))
                        .collect(),
                    by_axles: Vec::new(),
                    turnaround_minutes: turnaround,
                    start_lag: Spread {
                        p25: (lag - lag_spread).max(0.0),
                        p50: lag,
                        p75: lag + lag_spread,
                        mean: lag,
                    },
                    no_show,
                    no_show_checked_in,
                    check_in_leads,
                    hour_factor: if flat { [1.0; 24] } else { hours },
                    weekday_factor: if flat { [1.0; 7] } else { days },
                    samples: 100,
                    length_shape,
                    lag_shape,
                }
            },
        )
}

#[derive(Debug, Clone)]
struct Scenario {
    settings: QueueSettings,
    now: DateTime<Utc>,
    attendance: AttendanceToday,
    delays: Vec<Delay>,
    queue: Vec<Queued>,
    loading: Vec<Loading>,
    spent_today: u32,
    pace: Pace,
}

impl Scenario {
    fn input(&self) -> PredictInput<'_> {
        PredictInput {
            settings: &self.settings,
            now: self.now,
            attendance: self.attendance,
            delays: &self.delays,
            queue: &self.queue,
            loading: &self.loading,
            spent_today: self.spent_today,
            pace: &self.pace,
        }
    }

    /// The days the plan gives the queue (what the stored plan holds).
    fn with_plan_days(mut self) -> Scenario {
        let entries: Vec<QueueEntry> = self
            .queue
            .iter()
            .map(|q| QueueEntry {
                id: q.id,
                joined_at: q.joined_at,
                state: if q.checked_in {
                    EntryState::CheckedIn
                } else {
                    EntryState::Waiting
                },
                planned_day: None,
            })
            .collect();
        let p = plan(&PlanInput {
            settings: &self.settings,
            now: self.now,
            entries: &entries,
            delays: &self.delays,
            attendance: self.attendance,
        });
        for q in &mut self.queue {
            q.day = p.get(q.id).and_then(|e| e.day());
        }
        self
    }
}

fn scenario_with(
    settings: impl Strategy<Value = QueueSettings>,
    attendance: impl Strategy<Value = AttendanceToday>,
    flat: bool,
) -> impl Strategy<Value = Scenario> {
    let now = (0i64..365 * 24 * 60)
        .prop_map(|m| Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap() + Duration::minutes(m));
    (
        settings,
        now,
        attendance,
        prop::collection::vec((0i64..600, 0i64..120), 0..2),
        prop::collection::vec((0i64..3 * 24 * 60, any::<bool>(), vehicle()), 0..80),
        prop::collection::vec((0i64..180, vehicle()), 0..5),
        0u32..30,
        pace(flat),
        any::<u64>(),
    )
        .prop_map(
            |(settings, now, attendance, delays, queue, loading, spent, pace, salt)| {
                let n = queue.len() as u64;
                Scenario {
                    now,
                    attendance,
                    delays: delays
                        .into_iter()
                        .map(|(ago, minutes)| Delay {
                            started_at: now - Duration::minutes(ago),
                            minutes,
                        })
                        .collect(),
                    queue: queue
                        .into_iter()
                        .enumerate()
                        .map(|(i, (ago, checked_in, vehicle))| Queued {
                            id: EntryId(((i as u64 * 7919 + salt) % (n.max(1) * 7919)) as i64),
                            joined_at: now - Duration::minutes(ago / 2 * 2), // ties happen
                            checked_in,
                            day: None,
                            vehicle,
                        })
                        .collect(),
                    loading: loading
                        .into_iter()
                        .map(|(ago, vehicle)| Loading {
                            started_at: now - Duration::minutes(ago),
                            vehicle,
                        })
                        .collect(),
                    spent_today: spent,
                    pace,
                    settings,
                }
                .with_plan_days()
            },
        )
}

fn attendance() -> impl Strategy<Value = AttendanceToday> {
    prop_oneof![
        Just(AttendanceToday::NotStarted),
        Just(AttendanceToday::Started),
        Just(AttendanceToday::Ended)
    ]
}

fn scenario() -> impl Strategy<Value = Scenario> {
    scenario_with(settings(), attendance(), false)
}

/// Open all day every day, no break, no cap, the yard working: nothing but the delay moves
/// the calls.
fn open_yard() -> impl Strategy<Value = Scenario> {
    let settings = (0..ZONES.len()).prop_map(|zone| QueueSettings {
        week_days: [true; 7],
        time_attendence: 15,
        time_zone: ZONES[zone],
        ..QueueSettings::default()
    });
    scenario_with(settings, Just(AttendanceToday::Started), true).prop_map(|mut sc| {
        sc.delays.clear();
        sc
    })
}

fn rank_order(sc: &Scenario) -> Vec<EntryId> {
    let mut q = sc.queue.clone();
    q.sort_by_key(|q| (q.joined_at, q.id));
    q.into_iter().map(|q| q.id).collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 300,
        max_shrink_iters: 2_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn predicted_call_is_never_before_now(sc in scenario()) {
        let p = predict(&sc.input());
        for e in &p.entries {
            prop_assert!(e.at >= sc.now, "{:?}", e);
            prop_assert!(e.low >= sc.now && e.low <= e.at && e.at <= e.high, "{:?}", e);
        }
        if let Some(end) = p.today_ends_at {
            prop_assert!(end >= sc.now);
        }
    }

    #[test]
    fn predicted_call_is_never_before_the_yards_lead_after_joining(sc in scenario()) {
        let p = predict(&sc.input());
        let lead = Duration::hours(i64::from(sc.settings.hour_entry_limit));
        for e in &p.entries {
            let q = sc.queue.iter().find(|q| q.id == e.id).unwrap();
            prop_assert!(e.low >= q.joined_at + lead, "{:?} joined {}", e, q.joined_at);
        }
    }

    #[test]
    fn predicted_call_is_never_earlier_for_a_vehicle_further_back(sc in scenario()) {
        let p = predict(&sc.input());
        // In queue order, every vehicle predicted until the calendar runs out.
        let ids: Vec<EntryId> = p.entries.iter().map(|e| e.id).collect();
        let order = rank_order(&sc);
        prop_assert_eq!(&ids[..], &order[..ids.len()]);
        for pair in p.entries.windows(2) {
            prop_assert!(pair[0].at <= pair[1].at, "{:?}", pair);
            prop_assert!(pair[0].high - pair[0].at <= pair[1].high - pair[1].at + Duration::seconds(1));
        }
        // Never before the day the plan gave it.
        for e in &p.entries {
            let q = sc.queue.iter().find(|q| q.id == e.id).unwrap();
            if let Some(day) = q.day {
                let opens = sc.settings.day_windows(day).first_start().unwrap();
                prop_assert!(e.at >= opens, "{:?} {:?}", e, day);
            }
        }
    }

    /// The position read keeps a company's prediction across joins (only the newcomer's
    /// call is missing from it): that is right only while a vehicle joining at the back
    /// moves no call ahead of it.
    #[test]
    fn a_vehicle_joining_at_the_back_moves_no_call_ahead(sc in scenario(), vehicle in vehicle()) {
        let before = predict(&sc.input());
        let mut joined = sc.clone();
        let id = EntryId(sc.queue.iter().map(|q| q.id.0).max().unwrap_or(0) + 1);
        joined.queue.push(Queued { id, joined_at: sc.now, checked_in: false, day: None, vehicle });
        let joined = joined.with_plan_days();
        let after = predict(&joined.input());
        for e in &before.entries {
            let a = after.entries.iter().find(|x| x.id == e.id);
            prop_assert_eq!(Some(e), a, "{:?}", e.id);
        }
    }

    #[test]
    fn predicted_call_shifts_by_a_delays_length(sc in open_yard(), minutes in 1i64..180) {
        let before = predict(&sc.input());
        let mut delayed = sc.clone();
        delayed.delays = vec![Delay { started_at: sc.now, minutes }];
        let after = predict(&delayed.input());
        let length = Duration::minutes(minutes);
        let closes = sc.settings.day_windows(sc.settings.operating_day(sc.now)).last_end().unwrap();
        prop_assert_eq!(before.entries.len(), after.entries.len());
        for (b, a) in before.entries.iter().zip(&after.entries) {
            prop_assert_eq!(a.id, b.id);
            prop_assert!(a.at >= b.at, "{:?} {:?}", b, a);
            if a.at < closes {
                // The same day: exactly the delay's length (to the millisecond rounding).
                let shift = a.at - b.at;
                prop_assert!((shift - length).num_milliseconds().abs() <= 1, "{:?} {:?} {}", b, a, shift);
                prop_assert_eq!(a.high - a.at, b.high - b.at);
            }
        }
    }

    #[test]
    fn predicted_call_does_not_depend_on_the_order_things_come_in(sc in scenario(), seed in any::<u64>()) {
        let first = predict(&sc.input());
        prop_assert_eq!(&first, &predict(&sc.input()));
        let mut shuffled = sc.clone();
        let len = shuffled.queue.len();
        if len > 1 {
            shuffled.queue.rotate_left((seed as usize) % len);
            shuffled.queue.swap(0, len - 1);
        }
        shuffled.delays.reverse();
        shuffled.loading.reverse();
        prop_assert_eq!(&first, &predict(&shuffled.input()));
    }

    #[test]
    fn a_check_in_never_brings_the_calls_behind_it_earlier(
        // The same loading time at every hour: with hourly factors a loading pushed later
        // can end sooner (the yard's pace, see below).
        sc in scenario_with(settings(), attendance(), true),
        pick in any::<usize>(),
    ) {
        let away: Vec<usize> = (0..sc.queue.len()).filter(|&i| !sc.queue[i].checked_in).collect();
        prop_assume!(!away.is_empty());
        let before = predict(&sc.input());
        let mut arrived = sc.clone();
        arrived.queue[away[pick % away.len()]].checked_in = true;
        let after = predict(&arrived.input());
        prop_assert_eq!(before.entries.len(), after.entries.len());
        for (b, a) in before.entries.iter().zip(&after.entries) {
            prop_assert_eq!(a.id, b.id);
            prop_assert!(a.at >= b.at, "{:?} {:?}", b, a);
        }
    }

    #[test]
    fn a_vehicle_away_is_likelier_a_no_show_the_nearer_its_call(
        pace in pace(true),
        near in 0.0f64..600.0,
        further in 0.0f64..600.0,
    ) {
        let (near, far) = (near.min(further), near.max(further));
        let at_near = pace.no_show_for(false, near);
        let at_far = pace.no_show_for(false, far);
        prop_assert!((0.0..=1.0).contains(&at_near) && (0.0..=1.0).contains(&at_far));
        prop_assert!(at_near >= at_far, "{} {}", at_near, at_far);
        prop_assert!(pace.no_show_for(true, near) <= at_far);
    }

    #[test]
    fn predicted_call_does_not_move_when_nothing_changed(
        // The same loading time at every hour: with hourly factors a later start can end
        // sooner, which is the yard's pace, not jitter.
        sc in scenario_with(settings(), attendance(), true),
        dt in 1i64..120,
    ) {
        let later = Scenario { now: sc.now + Duration::seconds(dt), ..sc.clone() };
        let a = predict(&sc.input());
        let b = predict(&later.input());
        // Time passing never brings a call forward (within the same operating day: the next
        // one has an attendance of its own).
        let settings = &sc.settings;
        let today = settings.operating_day(sc.now);
        let same_day = settings.operating_day(later.now) == today;
        for (x, y) in a.entries.iter().zip(&b.entries).filter(|_| same_day) {
            prop_assert_eq!(x.id, y.id);
            prop_assert!(y.at >= x.at, "{:?} {:?}", x, y);
        }
        // And while every bay is busy past that moment and no call is due, nothing moves: a
        // phone polling every 30 s does not see the time jitter.
        let busy = sc.attendance == AttendanceToday::Started
            && sc.delays.is_empty()
            && same_day
            && settings.day_windows(today).last_end().is_some_and(|e| e > later.now)
            && sc.loading.len() >= sc.pace.bays as usize
            && sc.loading.iter().all(|l| {
                let d = sc.pace.duration(&l.vehicle, l.started_at, settings).p50;
                l.started_at + Duration::milliseconds((d * 60_000.0) as i64)
                    > later.now + Duration::minutes(6)
            })
            && a.entries.iter().all(|e| e.at > later.now);
        if busy {
            prop_assert_eq!(a.entries.len(), b.entries.len());
            for (x, y) in a.entries.iter().zip(&b.entries) {
                prop_assert_eq!((x.at, x.high), (y.at, y.high));
            }
            prop_assert_eq!(a.today_ends_at, b.today_ends_at);
        }
    }
}

/// The pace measured from a yard with two bays: bitrens take about 50 minutes, trucks 20.
#[test]
fn pace_is_measured_per_implement_and_ignores_a_loading_left_open() {
    let settings = QueueSettings {
        start: NaiveTime::from_hms_opt(7, 0, 0).unwrap(),
        end: NaiveTime::from_hms_opt(18, 0, 0).unwrap(),
        time_attendence: 30,
        week_days: [true; 7],
        ..QueueSettings::default()
    };
    let now = Utc.with_ymd_and_hms(2026, 3, 20, 21, 0, 0).unwrap();
    let mut loadings = Vec::new();
    let mut starts = Vec::new();
    for day in 1..=10 {
        // 07:00 in São Paulo is 10:00 UTC; the attendance starts 15 minutes late.
        let open = Utc.with_ymd_and_hms(2026, 3, day, 10, 15, 0).unwrap();
        starts.push((settings.local_date(open), open));
        for bay in 0..2 {
            let mut t = open;
            for k in 0..6 {
                let (implement, length) = if (k + bay) % 2 == 0 {
                    (ImplementType::Bitrem7, 50 + (k as i64 % 3))
                } else {
                    (ImplementType::Truck, 20 + (k as i64 % 2))
                };
                let end = t + Duration::minutes(length);
                loadings.push(FinishedLoading {
                    started_at: t,
                    ended_at: end,
                    vehicle: Vehicle {
                        implement: Some(implement),
                        axles: None,
                    },
                });
                t = end + Duration::minutes(4);
            }
        }
    }
    // Forgotten open for five hours.
    let t = Utc.with_ymd_and_hms(2026, 3, 19, 12, 0, 0).unwrap();
    loadings.push(FinishedLoading {
        started_at: t,
        ended_at: t + Duration::hours(5),
        vehicle: Vehicle {
            implement: Some(ImplementType::Truck),
            axles: None,
        },
    });
    let closed = [
        ClosedEntry {
            closed_at: now - Duration::days(1),
            loaded: true,
            started_at: None,
            checked_in_at: None,
        },
        ClosedEntry {
            closed_at: now - Duration::days(1),
            loaded: true,
            started_at: None,
            checked_in_at: None,
        },
        ClosedEntry {
            closed_at: now - Duration::days(1),
            loaded: true,
            started_at: None,
            checked_in_at: None,
        },
        ClosedEntry {
            closed_at: now - Duration::days(1),
            loaded: false,
            started_at: None,
            checked_in_at: None,
        },
    ];
    let history = History {
        loadings: &loadings,
        attendance_starts: &starts,
        closed: &closed,
    };
    let pace = measure(&history, &settings, now);
    assert_eq!(pace.bays, 2);
    let bitrem = Vehicle {
        implement: Some(ImplementType::Bitrem7),
        axles: None,
    };
    let truck = Vehicle {
        implement: Some(ImplementType::Truck),
        axles: None,
    };
    let at = Utc.with_ymd_and_hms(2026, 3, 21, 13, 0, 0).unwrap();
    let b = pace.duration(&bitrem, at, &settings).p50;
    let tr = pace.duration(&truck, at, &settings).p50;
    assert!((48.0..=53.0).contains(&b), "bitrem {b}");
    assert!((19.0..=22.0).contains(&tr), "truck {tr}");
    assert!(
        (3.5..=4.5).contains(&pace.turnaround_minutes),
        "{}",
        pace.turnaround_minutes
    );
    assert!(
        (14.0..=16.0).contains(&pace.start_lag.p50),
        "{:?}",
        pace.start_lag
    );
    assert!((0.2..=0.3).contains(&pace.no_show), "{}", pace.no_show);

    // Thin history: the configured 30 minutes per appointment, one at a time.
    let thin = History {
        loadings: &loadings[..5],
        attendance_starts: &[],
        closed: &[],
    };
    let configured = measure(&thin, &settings, now);
    assert_eq!(configured.bays, 1);
    assert_eq!(configured.duration(&bitrem, at, &settings).p50, 30.0);
    assert_eq!(configured.samples, 0);
}

/// 30 days of trucks loading one at a time from 07:00 (São Paulo, 10:00 UTC) plus `lag`
/// minutes, four of five taking 40 minutes and one 80, 4 minutes apart.
fn one_bay_history(
    settings: &QueueSettings,
    lag: impl Fn(u32) -> i64,
) -> (
    Vec<FinishedLoading>,
    Vec<(chrono::NaiveDate, DateTime<Utc>)>,
) {
    let truck = Vehicle {
        implement: Some(ImplementType::Truck),
        axles: None,
    };
    let mut loadings = Vec::new();
    let mut starts = Vec::new();
    for day in 1..=30 {
        let open =
            Utc.with_ymd_and_hms(2026, 3, day, 10, 0, 0).unwrap() + Duration::minutes(lag(day));
        starts.push((settings.local_date(open), open));
        let mut t = open;
        for k in 0..9 {
            // The long one at a different hour each day.
            let long = (k + day) % 5 == 4;
            let end = t + Duration::minutes(if long { 80 } else { 40 });
            loadings.push(FinishedLoading {
                started_at: t,
                ended_at: end,
                vehicle: truck,
            });
            t = end + Duration::minutes(4);
        }
    }
    (loadings, starts)
}

fn yard_open_every_day() -> QueueSettings {
    QueueSettings {
        start: NaiveTime::from_hms_opt(7, 0, 0).unwrap(),
        end: NaiveTime::from_hms_opt(18, 0, 0).unwrap(),
        time_attendence: 30,
        week_days: [true; 7],
        ..QueueSettings::default()
    }
}

fn one_truck_waiting(now: DateTime<Utc>) -> Vec<Queued> {
    vec![Queued {
        id: EntryId(1),
        joined_at: now - Duration::hours(2),
        checked_in: true,
        day: None,
        vehicle: Vehicle {
            implement: Some(ImplementType::Truck),
            axles: None,
        },
    }]
}

/// A loading already past its usual 40 minutes is likelier one of the 80-minute ones: the
/// next call waits for what those had left, not 5 minutes.
#[test]
fn a_loading_running_past_its_usual_length_is_expected_to_take_as_long_as_those_that_did() {
    let settings = yard_open_every_day();
    let (loadings, starts) = one_bay_history(&settings, |_| 0);
    let now = Utc.with_ymd_and_hms(2026, 3, 31, 14, 0, 0).unwrap();
    let pace = measure(
        &History {
            loadings: &loadings,
            attendance_starts: &starts,
            closed: &[],
        },
        &settings,
        now,
    );
    assert_eq!(pace.bays, 1);
    let truck = one_truck_waiting(now)[0].vehicle;
    let usual = pace.duration(&truck, now, &settings).p50;
    assert!((39.0..=41.0).contains(&usual), "{usual}");
    let queue = one_truck_waiting(now);
    let call = |ran: i64| {
        let loading = [Loading {
            started_at: now - Duration::minutes(ran),
            vehicle: truck,
        }];
        let p = predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::Started,
            delays: &[],
            queue: &queue,
            loading: &loading,
            spent_today: 3,
            pace: &pace,
        });
        (p.entries[0].at - now).num_minutes()
    };
    // Well short of its usual length: what the usual length leaves (plus the turnaround).
    assert!((23..=26).contains(&call(20)), "{}", call(20));
    // Past it: about what the 80-minute loadings had left (35 minutes), not 5.
    let late = call(45);
    assert!((28..=42).contains(&late), "{late}");
}

/// Most days start 10 minutes late, one in five an hour late: at 07:20 with no attendance
/// yet, the first call is expected about an hour after opening, not now.
#[test]
fn an_attendance_already_late_is_expected_as_late_as_the_days_that_were_this_late() {
    let settings = yard_open_every_day();
    let (loadings, starts) = one_bay_history(&settings, |day| if day % 5 == 0 { 60 } else { 10 });
    let opening = Utc.with_ymd_and_hms(2026, 3, 31, 10, 0, 0).unwrap();
    let history = History {
        loadings: &loadings,
        attendance_starts: &starts,
        closed: &[],
    };
    let call = |now: DateTime<Utc>| {
        let pace = measure(&history, &settings, now);
        let p = predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::NotStarted,
            delays: &[],
            queue: &one_truck_waiting(now),
            loading: &[],
            spent_today: 0,
            pace: &pace,
        });
        (p.entries[0].at - opening).num_minutes()
    };
    // Before opening: the usual 10 minutes late.
    let usual = call(opening - Duration::minutes(30));
    assert!((9..=11).contains(&usual), "{usual}");
    // Twenty minutes late already: like the days that were.
    let late = call(opening + Duration::minutes(20));
    assert!((50..=62).contains(&late), "{late}");
}

/// Drivers who load reach the yard 30 to 120 minutes before their call; one in ten never
/// comes (and never checks in). A vehicle still away 10 minutes before its call is likelier
/// one that will not come; far from its call, as likely as any; in the yard, it comes. The
/// vehicle behind one that is away near its call is expected sooner.
#[test]
fn a_vehicle_not_in_the_yard_near_its_call_is_likelier_not_to_come() {
    let settings = yard_open_every_day();
    let (loadings, starts) = one_bay_history(&settings, |_| 0);
    let now = Utc.with_ymd_and_hms(2026, 3, 31, 14, 0, 0).unwrap();
    let closed: Vec<ClosedEntry> = loadings
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i % 10 == 9 {
                ClosedEntry {
                    closed_at: l.started_at + Duration::minutes(3),
                    loaded: false,
                    started_at: None,
                    checked_in_at: None,
                }
            } else {
                ClosedEntry {
                    closed_at: l.ended_at,
                    loaded: true,
                    started_at: Some(l.started_at),
                    checked_in_at: Some(l.started_at - Duration::minutes(30 + (i as i64 * 7) % 91)),
                }
            }
        })
        .collect();
    let pace = measure(
        &History {
            loadings: &loadings,
            attendance_starts: &starts,
            closed: &closed,
        },
        &settings,
        now,
    );
    assert!((0.08..=0.12).contains(&pace.no_show), "{}", pace.no_show);
    assert_eq!(pace.no_show_for(true, 10.0), 0.0);
    assert!(
        pace.no_show_for(false, 10.0) > 0.99,
        "{}",
        pace.no_show_for(false, 10.0)
    );
    let far = pace.no_show_for(false, 240.0);
    assert!((far - pace.no_show).abs() < 1e-9, "{far}");

    let truck = one_truck_waiting(now)[0].vehicle;
    let loading = [Loading {
        started_at: now - Duration::minutes(10),
        vehicle: truck,
    }];
    let behind = |first_checked_in: bool| {
        let mut queue = one_truck_waiting(now);
        queue[0].checked_in = first_checked_in;
        queue.push(Queued {
            id: EntryId(2),
            joined_at: now - Duration::hours(1),
            ..queue[0]
        });
        let p = predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::Started,
            delays: &[],
            queue: &queue,
            loading: &loading,
            spent_today: 3,
            pace: &pace,
        });
        (p.entries[1].at - now).num_minutes()
    };
    // In the yard: after its whole loading (about 30 + 4 + 40 + 4 minutes).
    assert!((70..=85).contains(&behind(true)), "{}", behind(true));
    // Away with its call about 30 minutes off: hardly counted.
    assert!(
        behind(false) < behind(true) - 20,
        "{} {}",
        behind(false),
        behind(true)
    );
}

/// Two bays busy with loadings of the usual 50 minutes, started 25 minutes ago: either is
/// expected to end in 25 minutes, but the first of the two to end comes sooner (all of them
/// still running has the chance ½). Reckoned in work minutes, so a delay moves it by its
/// length; one bay alone frees at its usual end.
#[test]
fn the_first_of_two_busy_bays_is_expected_to_free_before_either_usual_end() {
    let settings = yard_open_every_day();
    let now = Utc.with_ymd_and_hms(2026, 3, 31, 14, 0, 0).unwrap();
    let queue = one_truck_waiting(now);
    let truck = queue[0].vehicle;
    let mut pace = Pace {
        bays: 2,
        overall: Spread {
            p25: 47.5,
            p50: 50.0,
            p75: 52.5,
            mean: 50.0,
        },
        samples: 1_000,
        // Lengths 0.9 to 1.1 times the usual one, evenly.
        length_shape: (0..=100).map(|k| 0.9 + 0.002 * f64::from(k)).collect(),
        ..Pace::configured(&settings)
    };
    let both = [
        Loading {
            started_at: now - Duration::minutes(25),
            vehicle: truck,
        },
        Loading {
            started_at: now - Duration::minutes(25) + Duration::seconds(1),
            vehicle: truck,
        },
    ];
    let call = |pace: &Pace, loading: &[Loading], delays: &[Delay]| {
        let p = predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::Started,
            delays,
            queue: &queue,
            loading,
            spent_today: 3,
            pace,
        });
        (p.entries[0].at - now).num_milliseconds() as f64 / 60_000.0
    };
    // P(one still runs at x) = ½ − 5 (x − 25) / 50; both, ½: x ≈ 22.93.
    let first = call(&pace, &both, &[]);
    assert!((22.85..=23.0).contains(&first), "{first}");
    // A 30-minute delay from now moves it by exactly that.
    let delayed = call(
        &pace,
        &both,
        &[Delay {
            started_at: now,
            minutes: 30,
        }],
    );
    assert!((delayed - first - 30.0).abs() < 1e-4, "{first} {delayed}");
    // One bay, one loading: its usual end.
    let alone = call(
        &Pace {
            bays: 1,
            ..pace.clone()
        },
        &both[..1],
        &[],
    );
    assert!((alone - 25.0).abs() < 1e-4, "{alone}");
    // Lengths unknown: each bay's usual end.
    pace.length_shape.clear();
    let usual = call(&pace, &both, &[]);
    assert!((usual - 25.0).abs() < 1e-4, "{usual}");
}

/// Both bays free: the first two trucks are called now, and the third when the first of
/// their two 50-minute loadings is expected to end, before either's usual end.
#[test]
fn a_truck_behind_two_loadings_is_called_when_the_first_of_them_is_expected_to_end() {
    let settings = yard_open_every_day();
    let now = Utc.with_ymd_and_hms(2026, 3, 31, 14, 0, 0).unwrap();
    let truck = one_truck_waiting(now)[0];
    let queue: Vec<Queued> = (0..3)
        .map(|i| Queued {
            id: EntryId(i + 1),
            joined_at: truck.joined_at + Duration::minutes(i),
            ..truck
        })
        .collect();
    let mut pace = Pace {
        bays: 2,
        overall: Spread {
            p25: 47.5,
            p50: 50.0,
            p75: 52.5,
            mean: 50.0,
        },
        samples: 1_000,
        length_shape: (0..=100).map(|k| 0.9 + 0.002 * f64::from(k)).collect(),
        ..Pace::configured(&settings)
    };
    let third = |pace: &Pace| {
        let p = predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::Started,
            delays: &[],
            queue: &queue,
            loading: &[],
            spent_today: 3,
            pace,
        });
        assert_eq!((p.entries[0].at, p.entries[1].at), (now, now));
        (p.entries[2].at - now).num_milliseconds() as f64 / 60_000.0
    };
    // Each still runs x minutes in with the chance ½ − 5 (x − 50) / 50; both, ½: x ≈ 47.93.
    let first_end = third(&pace);
    assert!((47.85..=48.0).contains(&first_end), "{first_end}");
    pace.length_shape.clear();
    let usual = third(&pace);
    assert!((usual - 50.0).abs() < 1e-4, "{usual}");
}

/// A driver who joined 30 minutes ago at a yard whose least lead is 8 hours was told to come
/// no earlier than 8 hours after joining (the slot forecast): the idle yard does not call him
/// sooner. Without the lead he would be called at once.
#[test]
fn a_driver_is_not_expected_sooner_than_the_yards_lead_after_joining() {
    let now = Utc.with_ymd_and_hms(2026, 3, 31, 12, 0, 0).unwrap();
    let settings = QueueSettings {
        start: NaiveTime::from_hms_opt(0, 0, 0).unwrap(),
        end: NaiveTime::from_hms_opt(23, 59, 0).unwrap(),
        ..yard_open_every_day()
    };
    let (loadings, starts) = one_bay_history(&settings, |_| 0);
    let pace = measure(
        &History {
            loadings: &loadings,
            attendance_starts: &starts,
            closed: &[],
        },
        &settings,
        now,
    );
    let mut queue = one_truck_waiting(now);
    queue[0].joined_at = now - Duration::minutes(30);
    let call = |lead: u32| {
        let settings = QueueSettings {
            hour_entry_limit: lead,
            ..settings.clone()
        };
        predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::Started,
            delays: &[],
            queue: &queue,
            loading: &[],
            spent_today: 3,
            pace: &pace,
        })
        .entries[0]
    };
    assert!(call(0).at - now <= Duration::minutes(5), "{:?}", call(0));
    let told = queue[0].joined_at + Duration::hours(8);
    assert_eq!(call(8).at, told);
    assert_eq!(call(8).low, told);
}

/// Two bays busy with loadings of the usual 50 minutes, 25 minutes in, lengths 0.9 to 1.1 times
/// the usual one: the first truck is called when the first of them frees (about 22.9 minutes),
/// and the one behind it when the other does. That one outlasted the first, so it is expected
/// to end later than its usual end: the median of its end given it had not ended at 22.9,
/// about 26.5 minutes, not 25. A delay from now moves both by its length; lengths unknown, 25.
#[test]
fn a_bay_that_outlasted_the_first_to_free_is_expected_to_end_after_its_usual_end() {
    let settings = yard_open_every_day();
    let now = Utc.with_ymd_and_hms(2026, 3, 31, 14, 0, 0).unwrap();
    let truck = one_truck_waiting(now)[0];
    let queue: Vec<Queued> = (0..2)
        .map(|i| Queued {
            id: EntryId(i + 1),
            joined_at: truck.joined_at + Duration::minutes(i),
            ..truck
        })
        .collect();
    let mut pace = Pace {
        bays: 2,
        overall: Spread {
            p25: 47.5,
            p50: 50.0,
            p75: 52.5,
            mean: 50.0,
        },
        samples: 1_000,
        length_shape: (0..=100).map(|k| 0.9 + 0.002 * f64::from(k)).collect(),
        ..Pace::configured(&settings)
    };
    let both = [
        Loading {
            started_at: now - Duration::minutes(25),
            vehicle: truck.vehicle,
        },
        Loading {
            started_at: now - Duration::minutes(25) + Duration::seconds(1),
            vehicle: truck.vehicle,
        },
    ];
    let calls = |pace: &Pace, delays: &[Delay]| {
        let p = predict(&PredictInput {
            settings: &settings,
            now,
            attendance: AttendanceToday::Started,
            delays,
            queue: &queue,
            loading: &both,
            spent_today: 3,
            pace,
        });
        let after = |i: usize| (p.entries[i].at - now).num_milliseconds() as f64 / 60_000.0;
        (after(0), after(1))
    };
    let (first, second) = calls(&pace, &[]);
    assert!((22.85..=23.0).contains(&first), "{first}");
    // The other ends evenly between 22.9 and 30 given it outlasted the first: its median, ~26.5.
    assert!((26.35..=26.6).contains(&second), "{first} {second}");
    let (first_delayed, second_delayed) = calls(
        &pace,
        &[Delay {
            started_at: now,
            minutes: 30,
        }],
    );
    assert!(
        (first_delayed - first - 30.0).abs() < 1e-4,
        "{first_delayed}"
    );
    assert!(
        (second_delayed - second - 30.0).abs() < 1e-4,
        "{second_delayed}"
    );
    pace.length_shape.clear();
    let (first_usual, second_usual) = calls(&pace, &[]);
    assert!((first_usual - 25.0).abs() < 1e-4, "{first_usual}");
    // (the second loading started a second later)
    assert!((second_usual - 25.0).abs() < 0.02, "{second_usual}");
}
