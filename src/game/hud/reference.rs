//! The rules reference of a battle's ruleset, in our own words: each section of the
//! rules as a paraphrase, how this game rules its gaps, and the source it follows
//! (credited, never quoted). F2, the top bar's Rules button, or a clause's name in the
//! dice tray opens it — at that clause's section.

use crate::game::desk::Desk;
use bevy_egui::egui;

/// One section of a ruleset's rules, keyed by the clause name its dice carry (the part
/// before the colon: "Marauders §4 Shooting").
pub struct Section {
    pub clause: &'static str,
    /// The rule, in a few sentences of our own.
    pub rule: &'static str,
    /// How the game reads what the text leaves open.
    pub rulings: &'static [&'static str],
}

/// A ruleset's reference: its source, credited, and its sections in play order.
pub struct Reference {
    pub source: &'static str,
    pub sections: &'static [Section],
}

/// The section a die's clause ("Marauders §4 Shooting: obstacle, 4-6 stops") belongs
/// to: the one whose name its own begins with, the longest such.
pub fn section_of<'a>(r: &'a Reference, clause: &str) -> Option<&'a Section> {
    let key = clause.split(':').next().unwrap_or(clause).trim();
    r.sections
        .iter()
        .filter(|s| key.starts_with(s.clause))
        .max_by_key(|s| s.clause.len())
}

/// The reference window, while open, with `at`'s section opened and scrolled to.
pub fn show<R: Desk>(ctx: &egui::Context, open: &mut bool, at: &mut Option<String>) {
    let r = R::reference();
    let wanted = at
        .as_deref()
        .and_then(|c| section_of(r, c))
        .map(|s| s.clause);
    let mut still = *open;
    egui::Window::new(format!("Rules: {}", R::RULESET.title()))
        .open(&mut still)
        // One size however many sections are open, so that the centred window never
        // moves the next header from under the pointer; its list scrolls instead. A
        // small window keeps room about it for the table and the panels' edges.
        // Opened in the middle; drag its title to read it beside the table.
        .fixed_size(fitted(ctx.content_rect().size()))
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(ctx.content_rect().center())
        .show(ctx, |ui| {
            ui.small(r.source);
            ui.separator();
            // Filling the window however few sections are open: a list that shrank
            // would let the window shrink about its centre and move the headers.
            let list = egui::ScrollArea::vertical().auto_shrink([false, false]);
            list.show(ui, |ui| {
                for s in r.sections {
                    let here = wanted == Some(s.clause);
                    let h = egui::CollapsingHeader::new(s.clause)
                        .open(here.then_some(true))
                        .show(ui, |ui| {
                            ui.label(s.rule);
                            for r in s.rulings {
                                ui.small(format!("• {r}"));
                            }
                        });
                    if here {
                        h.header_response.scroll_to_me(Some(egui::Align::TOP));
                    }
                }
            });
        });
    // Asked once: the player may fold or scroll away from it afterwards.
    *at = None;
    *open = still;
}

/// The reference's size in a screen of `screen` points: 520 square, or less where the
/// screen is small, leaving at least half its width and 160 points of its height.
fn fitted(screen: egui::Vec2) -> [f32; 2] {
    [
        (screen.x * 0.5).clamp(280.0, 520.0),
        (screen.y - 160.0).clamp(240.0, 520.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reference_fits_a_small_window() {
        assert_eq!(fitted(egui::vec2(1920.0, 1080.0)), [520.0, 520.0]);
        let [w, h] = fitted(egui::vec2(1024.0, 640.0));
        assert!(w <= 1024.0 * 0.5 && h <= 640.0 - 160.0, "{w} {h}");
        assert_eq!(fitted(egui::vec2(300.0, 200.0)), [280.0, 240.0]);
    }

    const R: Reference = Reference {
        source: "test",
        sections: &[
            Section {
                clause: "Marauders §4 Shooting",
                rule: "a",
                rulings: &[],
            },
            Section {
                clause: "Marauders §4 Shooting into melee",
                rule: "b",
                rulings: &[],
            },
        ],
    };

    /// Every clause the recorded battles' dice carry opens a section of its ruleset's
    /// reference: no die links to nothing.
    #[test]
    fn every_clause_rolled_has_its_section() {
        fn check<R: Desk>(dir: &str) {
            let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
            let saves = warband_table::corpus::saves::<R>(&root.join("tests/fixtures").join(dir));
            let mut seen = std::collections::BTreeSet::new();
            for (_, save) in saves.unwrap().into_iter().take(6) {
                let mut e =
                    warband_table::engine::Engine::<R>::new(&save.setup, save.seed).unwrap();
                for (side, c) in save.commands {
                    let _ = e.submit(side, c);
                }
                seen.extend(e.log().dice().map(|d| d.clause.as_str().to_string()));
            }
            assert!(!seen.is_empty(), "{dir}");
            for c in seen {
                assert!(
                    section_of(R::reference(), &c).is_some(),
                    "{dir}: no section for {c}"
                );
            }
        }
        check::<warband_marauders::engine::Marauders>("marauders");
        check::<warband_toy_soldier::ToySoldier>("toy-soldier");
        check::<warband_borderlands::Borderlands>("borderlands");
    }

    #[test]
    fn a_clause_opens_its_own_section() {
        let s = |c: &str| section_of(&R, c).map(|s| s.rule);
        assert_eq!(s("Marauders §4 Shooting: obstacle, 4-6 stops"), Some("a"));
        assert_eq!(
            s("Marauders §4 Shooting into melee: which model"),
            Some("b")
        );
        assert_eq!(s("Toy Soldier Turn: roll-off"), None);
    }
}
