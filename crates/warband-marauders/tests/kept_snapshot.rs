//! A player's snapshot kept between decisions and patched from the log must equal one
//! taken afresh, at every decision of whole battles where patching applies; and on a
//! big table, what the snapshot's grids find (each model's nearest enemy, the models
//! near it, the enemies that may threaten it) is what walking every model finds.

use std::path::PathBuf;
use warband_marauders::ai::{AiKind, Snapshot};
use warband_marauders::data::BattleSetup;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_table::components::ModelId;

fn setup(name: &str) -> BattleSetup {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../assets/scenarios/{name}.ron"));
    BattleSetup::load(&path).expect("the shipped scenario loads")
}

/// Plays a battle with `kind` on both sides; before each command, patches the snapshot
/// the awaiting side last took and compares it with a fresh one. Returns how many
/// snapshots were patched, [elsewhere, in the shooting phase].
fn patched_equal_fresh(setup: &BattleSetup, kind: AiKind, seed: u64) -> [usize; 2] {
    let mut engine = Engine::new(setup, seed).expect("valid setup");
    let mut players = [kind.policy(seed), kind.policy(seed + 1)];
    let mut kept: [Option<(Snapshot, usize)>; 2] = [None, None];
    let mut patched = [0; 2];
    for _ in 0..20_000 {
        let Some(side) = engine.awaiting() else { break };
        let fresh = Snapshot::take(engine.world(), side);
        if let Some(p) = kept[side.index()]
            .take()
            .and_then(|(snap, seen)| snap.patched(engine.world(), seen))
        {
            assert_eq!(p.models, fresh.models, "seed {seed}: models differ");
            assert_eq!(
                p.groups(),
                fresh.groups(),
                "seed {seed}: melee groups differ"
            );
            assert_eq!(p.round, fresh.round);
            assert_eq!(p.rounds_left, fresh.rounds_left);
            assert_eq!(p.hd_removed, fresh.hd_removed, "seed {seed}: score differs");
            assert_eq!(p.broken, fresh.broken);
            assert_eq!(p.priority, fresh.priority);
            assert_eq!(p.enemy_done, fresh.enemy_done);
            for (s, moved) in [
                (Side::A, false),
                (Side::A, true),
                (Side::B, false),
                (Side::B, true),
            ] {
                assert_eq!(
                    p.best_hit(s, moved),
                    fresh.best_hit(s, moved),
                    "seed {seed}"
                );
            }
            patched[usize::from(engine.phase() == Phase::Shooting)] += 1;
        }
        // Found before it is kept, so a patch must keep them only where they still hold.
        fresh.groups();
        fresh.best_hit(Side::A, false);
        kept[side.index()] = Some((fresh, engine.log().events.len()));
        let command = players[side.index()]
            .next(&engine, side)
            .unwrap_or(Command::EndPhase);
        engine
            .submit(side, command)
            .expect("the player's command is legal");
    }
    assert!(engine.outcome().is_some(), "seed {seed}: the battle ended");
    patched
}

#[test]
fn a_snapshot_patched_from_moves_and_shots_equals_a_fresh_one() {
    let mut patched = [0; 2];
    for name in ["woods-and-walls", "open-field", "river-ford"] {
        let setup = setup(name);
        for seed in 1..=4 {
            for kind in [AiKind::Charge, AiKind::Normal] {
                let [moves, shots] = patched_equal_fresh(&setup, kind, seed);
                patched = [patched[0] + moves, patched[1] + shots];
            }
        }
    }
    assert!(
        patched[0] > 500 && patched[1] > 100,
        "only {patched:?} snapshots were patched (elsewhere, shooting)"
    );
}

/// The nearest enemy of every model, walking every enemy: what the snapshot's grid
/// must find.
fn nearest_by_walking(
    snap: &Snapshot,
    m: &warband_marauders::battle::ModelView,
) -> Option<ModelId> {
    snap.models
        .iter()
        .filter(|o| o.side != m.side)
        .map(|o| (warband_marauders::geometry::gap(&m.base, &o.base), o.id))
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)))
        .map(|(_, id)| id)
}

/// What the snapshot's grid finds about `m` within a move: every model whose base may
/// come that near, each once, in id order.
fn around_holds_every_model_near(snap: &Snapshot, m: &warband_marauders::battle::ModelView) {
    let both = Side::BOTH;
    for (sides, r) in [(&both[..], 6.0), (&both[..1], 12.0), (&both[1..], 0.5)] {
        let found: Vec<ModelId> = snap
            .around(sides, &m.base, r)
            .iter()
            .map(|o| o.id)
            .collect();
        assert!(
            found.windows(2).all(|w| w[0] < w[1]),
            "{found:?} out of id order"
        );
        let (lo, hi) = m.base.swept_bounds(bevy_math::Vec2::ZERO);
        let r = bevy_math::Vec2::splat(r);
        for o in snap.models.iter().filter(|o| sides.contains(&o.side)) {
            if o.base.may_reach_box(lo - r, hi + r, 0.0) {
                assert!(found.contains(&o.id), "{} near {} not found", o.id, m.id);
            }
        }
    }
}

/// The enemies the snapshot finds may threaten `m` if it stood within `within` of where
/// it is: each once, in id order, and every enemy whose gap to it is at most its move or
/// its range (the greater) plus `within` and half an inch among them.
fn may_threaten_holds_every_threat(snap: &Snapshot, m: &warband_marauders::battle::ModelView) {
    for within in [0.0, 6.0] {
        let found: Vec<ModelId> = snap.may_threaten(m, within).iter().map(|o| o.id).collect();
        assert!(
            found.windows(2).all(|w| w[0] < w[1]),
            "{found:?} out of id order, or twice"
        );
        for o in snap.models.iter().filter(|o| o.side != m.side) {
            let range = o.profile.ranged.as_ref().map_or(0.0, |w| w.range);
            let reach = o.profile.armour.movement_allowance().max(range);
            if warband_marauders::geometry::gap(&m.base, &o.base) <= reach + within + 0.5 {
                assert!(found.contains(&o.id), "{} may threaten {}", o.id, m.id);
            }
        }
        let mut threats = snap.models.iter().filter(|o| found.contains(&o.id));
        assert!(
            threats.all(|o| o.side != m.side),
            "a friend among the threats"
        );
    }
}

/// The bases the snapshot finds within `r` of `m` for its moves (`mover_within`) are
/// every other model whose gap to it is at most `r`, in id order, enemies marked.
fn mover_within_holds_every_base_within(snap: &Snapshot, m: &warband_marauders::battle::ModelView) {
    let gap = warband_marauders::geometry::gap;
    for r in [m.profile.armour.movement_allowance() + 1.0, 0.5] {
        let (mover, others) = snap.mover_within(m, r);
        assert_eq!(mover.id, m.id);
        let found: Vec<(ModelId, bool)> = others.iter().map(|o| (o.id, o.enemy)).collect();
        let walked: Vec<(ModelId, bool)> = snap
            .models
            .iter()
            .filter(|o| o.id != m.id && gap(&m.base, &o.base) <= r)
            .map(|o| (o.id, o.side != m.side))
            .collect();
        assert_eq!(found, walked, "within {r} of {}", m.id);
    }
}

/// Plays `setup` with `charge` on both sides (seed 3) for at most `steps` commands,
/// handing `check` the step, the engine and the awaiting side every `every` commands,
/// before that side's command.
fn charge_battle(
    setup: &BattleSetup,
    steps: usize,
    every: usize,
    mut check: impl FnMut(usize, &Engine, Side),
) {
    let mut engine = Engine::new(setup, 3).expect("valid setup");
    let mut players = [AiKind::Charge.policy(3), AiKind::Charge.policy(4)];
    for step in 0..steps {
        let Some(side) = engine.awaiting() else { break };
        if step % every == 0 {
            check(step, &engine, side);
        }
        let command = players[side.index()]
            .next(&engine, side)
            .unwrap_or(Command::EndPhase);
        engine.submit(side, command).expect("legal");
    }
}

/// On the great field (1,000 bases, where the snapshot files its models in a grid),
/// the nearest enemy the grid finds is the one walking every enemy finds, for every
/// model, at the start and after rounds of moves patched into a kept snapshot; and the
/// models near each are found.
#[test]
fn the_grid_finds_the_same_nearest_enemy_as_walking_every_model() {
    let mut kept: Option<(Snapshot, usize)> = None;
    let (mut checked, mut patched) = (0, 0);
    charge_battle(&setup("great-field"), 3_000, 50, |step, engine, side| {
        let patch = kept
            .take()
            .and_then(|(s, seen)| s.patched(engine.world(), seen));
        patched += usize::from(patch.is_some());
        let snap = patch.unwrap_or_else(|| Snapshot::take(engine.world(), side));
        assert!(snap.models.len() >= 64, "big enough to use the grid");
        for m in &snap.models {
            around_holds_every_model_near(&snap, m);
            let found = snap.nearest_enemy(m).map(|o| o.id);
            assert_eq!(
                found,
                nearest_by_walking(&snap, m),
                "step {step}, model {}",
                m.id
            );
            checked += 1;
        }
        kept = Some((snap, engine.log().events.len()));
    });
    assert!(checked > 5_000, "{checked} models checked");
    assert!(patched > 3, "{patched} kept snapshots patched from moves");
}

/// The great field's hordes, archers among them, deployed two inches apart: the
/// enemies the snapshot's grid and list of shooters find may threaten each model are
/// every one that may, each once, in id order, in movement, shooting and melee; and
/// the bases found near each for its moves are every one within reach.
#[test]
fn the_grid_finds_every_threat_in_a_close_fight() {
    let mut setup = setup("great-field");
    setup.scenario.deployment = warband_table::table::Zone::facing_edges((120.0, 44.0), 1.0, 20.0);
    let mut phases: Vec<Phase> = Vec::new();
    let mut checked = 0;
    charge_battle(&setup, 4_000, 250, |_, engine, side| {
        let snap = Snapshot::take(engine.world(), side);
        assert!(snap.models.len() >= 64, "big enough to use the grid");
        for m in &snap.models {
            may_threaten_holds_every_threat(&snap, m);
            mover_within_holds_every_base_within(&snap, m);
            checked += 1;
        }
        if !phases.contains(&engine.phase()) {
            phases.push(engine.phase());
        }
    });
    assert!(checked > 10_000, "{checked} models checked");
    assert!(phases.len() >= 3, "checked in {phases:?} only");
}

/// On an open table crowded with 120 a side (the snapshot files them in a grid, and
/// joins its melee groups charge by charge), every patched snapshot equals a fresh one,
/// melee groups included.
#[test]
fn a_crowd_patched_charge_by_charge_equals_a_fresh_one() {
    let setup = warband_marauders::scale::open_table(&setup("open-field"), 120, true);
    let [moves, shots] = patched_equal_fresh(&setup, AiKind::Normal, 5);
    assert!(
        moves > 500,
        "only {moves} snapshots were patched ({shots} in shooting)"
    );
}
