//! Battles for measuring how the cost of one grows with the armies (the `scale` example
//! and the `scale` bench): orc warbands of N models a side (a chief and N − 1 orcs) on
//! an open table.

use crate::data::BattleSetup;
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_table::table::{PerSide, Zone};

/// `base`'s rules and bestiary on an open 120" × 120" table (`dense`: scaled by
/// √(n/500), so every size is packed as densely as 500 a side on the full table), with
/// `n` orcs a side deployed in zones 20" deep (scaled alike, plus 2") along the two far
/// edges, 30 rounds.
pub fn open_table(base: &BattleSetup, n: u16, dense: bool) -> BattleSetup {
    let scale = if dense {
        (f32::from(n) / 500.0).sqrt()
    } else {
        1.0
    };
    let side = 120.0 * scale;
    let mut setup = base.clone();
    let s = &mut setup.scenario;
    s.name = format!("Open {side:.0} × {side:.0}, {n} a side");
    s.table = (side, side);
    s.round_limit = 30;
    s.terrain.clear();
    // Two inches more than scaled: a small zone loses more to its edges when packed.
    let depth = if dense { 20.0 * scale + 2.0 } else { 20.0 };
    s.deployment = Zone::facing_edges(s.table, 1.0, depth);
    let army = |name: &str| ArmyList {
        name: name.to_string(),
        ruleset: warband_rules::Ruleset::Marauders,
        points_limit: None,
        leader: "Orc chief".into(),
        entries: vec![ArmyEntry::new("Orc chief", 1), ArmyEntry::new("Orc", n - 1)],
    };
    setup.armies = PerSide {
        a: army("Red Fang"),
        b: army("Black Hand"),
    };
    setup
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn the_open_table_holds_n_a_side_and_packs_densely_when_asked() {
        let path =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets/scenarios/open-field.ron");
        let base = BattleSetup::load(&path).expect("the shipped scenario loads");
        let wide = open_table(&base, 50, false);
        let dense = open_table(&base, 50, true);
        assert_eq!(wide.scenario.table, (120.0, 120.0));
        let side = 120.0 * (0.1f32).sqrt();
        assert!((dense.scenario.table.0 - side).abs() < 1e-4);
        let count = |a: &ArmyList| a.entries.iter().map(|e| u32::from(e.count)).sum::<u32>();
        assert_eq!(count(&dense.armies.a), 50);
        assert!(crate::engine::Engine::new(&dense, 1).is_ok());
    }
}
