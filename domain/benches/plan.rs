//! The plan of 10,000 waiting entries over 60 days (issue 4, target under 5 ms).
//!
//! Criterion measures it; then the median of our own timed runs is written to
//! `tests/load/results/plan.json` and printed (only under `cargo bench`, not when the bench is
//! run as a test).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::time::Instant;

use chrono::{Duration, NaiveTime, TimeZone, Utc};
use criterion::Criterion;
use patio_domain::queue::{
    check_join, plan, AttendanceToday, Delay, EntryState, JoinRequest, PlanInput, QueueEntry,
    QueueSettings,
};

const ENTRIES: i64 = 10_000;
const NAME: &str = "plan_10000_entries_60_days";
const TARGET_MS: f64 = 5.0;

/// 06:00-21:00 with lunch 12:00-13:00, 5-minute slots, every day: 168 slots a day, so 10,000
/// entries (plus 20 attended today) reach 60 days. Tolerance on, a delay running.
fn settings() -> QueueSettings {
    let t = |h| NaiveTime::from_hms_opt(h, 0, 0).unwrap();
    QueueSettings {
        start: t(6),
        end: t(21),
        start_interval: t(12),
        end_interval: t(13),
        time_attendence: 5,
        week_days: [true; 7],
        enable_tolerance: true,
        tolerance: 30,
        ..QueueSettings::default()
    }
}

struct Fixture {
    settings: QueueSettings,
    now: chrono::DateTime<Utc>,
    entries: Vec<QueueEntry>,
    delays: Vec<Delay>,
}

impl Fixture {
    fn new() -> Fixture {
        // Monday 2026-03-02, 09:00 in São Paulo (12:00 UTC).
        let now = Utc.with_ymd_and_hms(2026, 3, 2, 12, 0, 0).unwrap();
        let mut entries: Vec<QueueEntry> = (1..=ENTRIES)
            .map(|i| QueueEntry::waiting(i, now - Duration::minutes(2 * (ENTRIES + 60 - i))))
            .collect();
        for e in entries.iter_mut().step_by(7) {
            e.state = EntryState::CheckedIn;
        }
        for i in 0..20 {
            entries.push(QueueEntry {
                state: EntryState::AttendedToday,
                ..QueueEntry::waiting(ENTRIES + 1 + i, now - Duration::days(30))
            });
        }
        // The database hands them over in no useful order: scramble deterministically.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for i in (1..entries.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            entries.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        let delays = vec![Delay {
            started_at: now - Duration::minutes(20),
            minutes: 45,
        }];
        Fixture {
            settings: settings(),
            now,
            entries,
            delays,
        }
    }

    fn input(&self) -> PlanInput<'_> {
        PlanInput {
            settings: &self.settings,
            now: self.now,
            entries: &self.entries,
            delays: &self.delays,
            attendance: AttendanceToday::Started,
        }
    }
}

fn benches(c: &mut Criterion, fixture: &Fixture) {
    c.bench_function(NAME, |b| b.iter(|| plan(black_box(&fixture.input()))));
    let join = JoinRequest {
        already_in_queue: false,
        freelancer: false,
        faults: &[],
    };
    c.bench_function("check_join_10000_entries", |b| {
        b.iter(|| check_join(black_box(&fixture.input()), black_box(&join)))
    });
}

/// The median of our own timed runs, in milliseconds.
fn median_ms(fixture: &Fixture) -> f64 {
    for _ in 0..20 {
        black_box(plan(black_box(&fixture.input())));
    }
    let mut runs: Vec<f64> = (0..201)
        .map(|_| {
            let started = Instant::now();
            black_box(plan(black_box(&fixture.input())));
            started.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

fn main() {
    let fixture = Fixture::new();
    // The fixture is what the name says.
    let p = plan(&fixture.input());
    let days = p.days.len();
    assert_eq!(p.entries.len(), ENTRIES as usize);
    assert!(p.unplaced().next().is_none());
    assert_eq!(days, 60, "the plan spans {days} days");

    let mut c = Criterion::default().configure_from_args();
    benches(&mut c, &fixture);
    c.final_summary();

    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let median = median_ms(&fixture);
    let figure = serde_json::json!({
        "benchmark": NAME,
        "median_ms": (median * 1000.0).round() / 1000.0,
        "target_ms": TARGET_MS as u32,
    });
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/load/results");
    std::fs::create_dir_all(&dir).expect("create tests/load/results");
    let path = dir.canonicalize().unwrap_or(dir).join("plan.json");
    std::fs::write(&path, format!("{figure}\n")).expect("write plan.json");
    println!("{figure}");
    println!(
        "plan of {ENTRIES} entries over {days} days: median {median:.3} ms (target {TARGET_MS} ms) -> {}",
        path.display()
    );
}
