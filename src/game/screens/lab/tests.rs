//! The lab: its way back to the menu, and what its exports say.

use super::*;
use crate::game::test_app::egui_words;

/// Back to the menu while a batch runs asks first, and asks no more once the
/// batch is stopped.
#[test]
fn leaving_while_a_batch_runs_asks_first() {
    let preset = LabPreset {
        scenario: PathBuf::from("woods-and-walls.ron"),
        a: PlayerKind::Charge,
        b: PlayerKind::Charge,
        games: 100_000,
    };
    let mut lab = Lab::open(Some(&preset));
    assert!(lab.busy(), "the batch runs: {:?}", lab.message);
    lab.leaving = true;
    let words = egui_words(|ui| assert!(!back_or_ask(ui, &mut lab))).join(" ");
    assert!(words.contains("Work is still running here"), "{words}");
    assert!(words.contains("Leave without them") && words.contains("Stay"));
    lab.stop_all();
    for _ in 0..600 {
        if !lab.busy() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(!lab.busy(), "a stopped batch ends");
    let words = egui_words(|ui| assert!(!back_or_ask(ui, &mut lab))).join(" ");
    assert!(!words.contains("Work is still running"), "{words}");
}

/// The exported JSON says what it is a batch of: its players, armies, games, seed
/// (as text, which no spreadsheet rounds) and what `decision_ms` holds.
#[test]
fn an_exported_batch_says_what_it_was() {
    let ask = crate::game::jobs::SimAsk {
        scenario: "assets/scenarios/open-field.ron".into(),
        a: "charge".into(),
        b: "random".into(),
        games: 4,
        seed: 18_446_744_073_709_551_557,
        swap: true,
    };
    let job = SimJob::start(&ask).unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let report = loop {
        if let Some(r) = job.report() {
            break r.unwrap();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "four games never finished"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let v = described(&job, &report);
    assert_eq!(v["players"], serde_json::json!(["charge", "random"]));
    assert_eq!(v["seed"], "18446744073709551557");
    assert_eq!(
        (v["games"].as_u64(), v["swap"].as_bool()),
        (Some(4), Some(true))
    );
    assert!(v["armies"].as_str().is_some_and(|a| !a.is_empty()));
    assert_eq!(v["report"]["games"].as_u64(), Some(4));
}
