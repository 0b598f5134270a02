//! The lab's way back to the menu.

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
