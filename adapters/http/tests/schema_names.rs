//! One name, one schema: utoipa keys components by the type's name (or its `#[schema(as)]`),
//! so two request or response types with one name silently become one in the document and in
//! the generated frontend types. This reads the workspace's sources and fails on a name used
//! by two `ToSchema` types.

#![allow(clippy::unwrap_used, clippy::expect_used)] // tests fail loudly

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n != "target" && n != "tests")
            {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The schema names a file declares: each `ToSchema` derive's type name, or its `as` name.
fn schema_names(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut names = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !(line.trim_start().starts_with("#[derive(") && line.contains("ToSchema")) {
            continue;
        }
        let mut alias = None;
        for next in &lines[i + 1..] {
            let t = next.trim_start();
            if let Some(rest) = t.strip_prefix("#[schema(as = ") {
                alias = rest.split(')').next().map(|s| s.trim().to_owned());
                continue;
            }
            if t.starts_with("#[") || t.starts_with("///") || t.starts_with("//") {
                continue;
            }
            let declared = [
                "pub struct ",
                "pub enum ",
                "struct ",
                "enum ",
                "pub(crate) struct ",
            ]
            .iter()
            .find_map(|kw| t.strip_prefix(kw))
            .and_then(|rest| {
                rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                    .next()
                    .map(str::to_owned)
            });
            if let Some(name) = alias.or(declared) {
                names.push(name);
            }
            break;
        }
    }
    names
}

#[test]
fn every_schema_name_belongs_to_one_type() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["domain", "application", "adapters", "bootstrap"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for name in schema_names(&text) {
            let at = file
                .strip_prefix(&root)
                .unwrap_or(file)
                .display()
                .to_string();
            seen.entry(name).or_default().push(at);
        }
    }
    assert!(
        seen.len() > 100,
        "the scan found too few schemas: {}",
        seen.len()
    );
    let twice: Vec<String> = seen
        .iter()
        .filter(|(_, at)| at.len() > 1)
        .map(|(name, at)| format!("{name}: {}", at.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "schema names used by more than one type (rename one, or give it #[schema(as = ...)]):\n{}",
        twice.join("\n")
    );
}

#[test]
fn the_scan_reads_aliases_and_plain_names() {
    let text = "#[derive(Debug, utoipa::ToSchema)]\n#[schema(as = QueueTruckView)]\npub struct TruckView {}\n\
                #[derive(Serialize, ToSchema)]\n/// doc\n#[serde(rename_all = \"camelCase\")]\npub enum Kind { A }\n";
    assert_eq!(schema_names(text), vec!["QueueTruckView", "Kind"]);
}
