//! Small hand-made battles for clause tests.
#![allow(dead_code)]

use warband_marauders::data::{BattleSetup, PerSide, Scenario, TerrainDef, TerrainKind, Zone};
use warband_marauders::{Command, Engine};
use warband_rules::army::{ArmyEntry, ArmyList};
use warband_rules::marauders::spells::{Spell, SpellDef, SpellEffect, SpellTarget};
use warband_rules::marauders::{Armour, Profile, RangedWeapon};

pub fn profile(name: &str, hd: u8, armour: Armour, morale: u8) -> Profile {
    Profile {
        name: name.into(),
        hd,
        ac: None,
        armour,
        morale,
        ranged: None,
        spells: Vec::new(),
        spell_slots: 0,
        base: Some(1.0),
    }
}

pub fn bestiary() -> Vec<Profile> {
    let mut archer = profile("Archer", 1, Armour::Light, 8);
    archer.ranged = Some(RangedWeapon {
        name: "bow".into(),
        range: 24.0,
    });
    let mut mage = profile("Mage", 1, Armour::Unarmoured, 8);
    mage.spells = vec![Spell::MagicMissile, Spell::Light, Spell::Sleep];
    mage.spell_slots = 2;
    vec![
        profile("Orc", 1, Armour::Medium, 8),
        profile("Brute", 3, Armour::Unarmoured, 8),
        profile("Fearless", 1, Armour::Heavy, 12),
        profile("Coward", 1, Armour::Unarmoured, 2),
        profile("Giant", 6, Armour::Medium, 12),
        archer,
        mage,
    ]
}

pub fn spells() -> Vec<SpellDef> {
    vec![
        SpellDef {
            name: Spell::MagicMissile,
            range: 24.0,
            target: SpellTarget::Enemy,
            effect: SpellEffect::Damage {
                dice: 2,
                modifier: 0,
            },
        },
        SpellDef {
            name: Spell::Light,
            range: 12.0,
            target: SpellTarget::Enemy,
            effect: SpellEffect::Blind,
        },
        SpellDef {
            name: Spell::Sleep,
            range: 24.0,
            target: SpellTarget::Point,
            effect: SpellEffect::Sleep {
                count: 2,
                die: 8,
                radius: 3.0,
                max_hd: 4,
            },
        },
    ]
}

fn army(models: &[&str]) -> ArmyList {
    ArmyList {
        name: "test".into(),
        ruleset: warband_rules::Ruleset::Marauders,
        points_limit: None,
        leader: models[0].into(),
        entries: models
            .iter()
            .map(|m| ArmyEntry {
                profile: (*m).into(),
                count: 1,
            })
            .collect(),
    }
}

/// A 48" × 36" table; A deploys along y ≈ 2, B along y ≈ 34; models are then moved by
/// hand with `place`.
pub fn setup(a: &[&str], b: &[&str], terrain: Vec<TerrainDef>) -> BattleSetup {
    BattleSetup {
        scenario: Scenario {
            name: "test".into(),
            ruleset: warband_rules::Ruleset::Marauders,
            table: (48.0, 36.0),
            round_limit: 12,
            terrain,
            deployment: Zone::facing_edges((48.0, 36.0), 0.0, 4.0),
            armies: PerSide {
                a: "a".into(),
                b: "b".into(),
            },
            hand_deployment: false,
            mat: None,
        },
        armies: PerSide {
            a: army(a),
            b: army(b),
        },
        bestiary: bestiary(),
        spells: spells(),
    }
}

pub fn wall(x0: f32, x1: f32, y: f32) -> TerrainDef {
    TerrainDef {
        look: None,
        name: "wall".into(),
        kind: TerrainKind::LowWall,
        corners: vec![
            (x0, y - 0.25),
            (x1, y - 0.25),
            (x1, y + 0.25),
            (x0, y + 0.25),
        ],
    }
}

pub fn engine(a: &[&str], b: &[&str], seed: u64) -> Engine {
    Engine::new(&setup(a, b, Vec::new()), seed).expect("valid test setup")
}

use warband_marauders::Engine as TableEngine;
use warband_marauders::components::{
    Base, Blessing, Caster, Conditions, Engagement, ModelId, SpellAim,
};
use warband_marauders::log::LogEvent;
use warband_marauders::{Phase, Side};
use warband_rules::Clause;
use warband_table::Refusal;

/// Puts model `id` at (x, y) and refreshes who is engaged.
pub fn place(engine: &mut Engine, id: u32, x: f32, y: f32) {
    let world = engine.world_mut();
    let entity = warband_marauders::battle::entity_of(world, ModelId(id)).expect("a model");
    let base = world.get::<Base>(entity).expect("a base").0;
    let moved = base.at(bevy_math::Vec2::new(x, y));
    world.entity_mut(entity).insert(Base(moved));
    warband_marauders::effects::refresh_engagement(world);
}

pub fn set_engaged_since(engine: &mut Engine, id: u32, round: u32) {
    let world = engine.world_mut();
    let mut q = world.query::<(&ModelId, &mut Engagement)>();
    for (m, mut e) in q.iter_mut(world) {
        if m.0 == id {
            e.since = Some(round);
        }
    }
}

pub fn conditions(engine: &mut Engine, id: u32, f: impl FnOnce(&mut Conditions)) {
    let world = engine.world_mut();
    let mut q = world.query::<(&ModelId, &mut Conditions)>();
    if let Some((_, mut c)) = q.iter_mut(world).find(|(m, _)| m.0 == id) {
        f(&mut c);
    }
}

/// Ends phases until someone is asked to act in `phase`; returns who.
pub fn advance_to_phase(engine: &mut Engine, phase: Phase) -> Side {
    for _ in 0..100 {
        if engine.phase() == phase
            && let Some(side) = engine.awaiting()
        {
            return side;
        }
        let s = engine.awaiting().expect("the battle waits for someone");
        engine.submit(s, Command::EndPhase).expect("ending a phase");
    }
    panic!("never reached {phase:?}");
}

/// Ends phases until `side` is asked to act in `phase`.
pub fn advance_to(engine: &mut Engine, phase: Phase, side: Side) {
    for _ in 0..100 {
        if engine.phase() == phase && engine.awaiting() == Some(side) {
            return;
        }
        let s = engine.awaiting().expect("the battle waits for someone");
        engine.submit(s, Command::EndPhase).expect("ending a phase");
    }
    panic!("never reached {phase:?} for {side}");
}

pub fn dice_with(engine: &TableEngine, clause: &Clause) -> Vec<u8> {
    engine
        .log()
        .dice()
        .filter(|d| &d.clause == clause)
        .map(|d| d.value)
        .collect()
}

/// The ruleset's own events of the battle so far, in order.
pub fn events(engine: &TableEngine) -> Vec<LogEvent> {
    engine.log().rules().cloned().collect()
}

/// A battle of `a` against `b` with model i (from 1) placed at `at[i - 1]`, played on
/// until `side` is asked to act in `phase`.
pub fn staged(
    a: &[&str],
    b: &[&str],
    seed: u64,
    at: &[(f32, f32)],
    phase: Phase,
    side: Side,
) -> Engine {
    let mut e = engine(a, b, seed);
    for (i, (x, y)) in at.iter().enumerate() {
        place(&mut e, i as u32 + 1, *x, *y);
    }
    advance_to(&mut e, phase, side);
    e
}

/// `side` asks to move `model` to `to`.
pub fn try_move(e: &mut Engine, side: Side, model: u32, to: (f32, f32)) -> Result<(), Refusal> {
    e.submit(
        side,
        Command::Move {
            model: ModelId(model),
            to,
        },
    )
}

/// `side` moves `model` to `to`; the move must be accepted.
pub fn move_to(e: &mut Engine, side: Side, model: u32, to: (f32, f32)) {
    try_move(e, side, model, to).expect("the move is legal");
}

/// `side`'s `caster` declares `spell` at `aim`.
pub fn declare(
    e: &mut Engine,
    side: Side,
    caster: u32,
    spell: &str,
    aim: SpellAim,
) -> Result<(), Refusal> {
    e.submit(
        side,
        Command::DeclareSpell {
            caster: ModelId(caster),
            spell: spell.into(),
            aim,
        },
    )
}

/// `side`'s `model` shoots `target`; the shot must be accepted.
pub fn shoot(e: &mut Engine, side: Side, model: u32, target: u32) {
    e.submit(
        side,
        Command::Shoot {
            model: ModelId(model),
            target: ModelId(target),
        },
    )
    .expect("the shot is legal");
}

/// Sends commands from whoever is asked until `stop` holds (at most 200).
pub fn run_until(engine: &mut Engine, stop: impl Fn(&Engine) -> bool) {
    for _ in 0..200 {
        if stop(engine) {
            return;
        }
        let side = engine.awaiting().expect("the battle waits for someone");
        engine.submit(side, Command::EndPhase).expect("ending");
    }
    panic!("never stopped");
}

pub fn house(x0: f32, x1: f32, y0: f32, y1: f32) -> warband_marauders::data::TerrainDef {
    warband_marauders::data::TerrainDef {
        look: None,
        name: "house".into(),
        kind: warband_marauders::data::TerrainKind::House,
        corners: vec![(x0, y0), (x1, y0), (x1, y1), (x0, y1)],
    }
}

pub fn set_blessing(e: &mut Engine, id: u32, b: Blessing) {
    let world = e.world_mut();
    let mut q = world.query::<(&ModelId, &mut Caster)>();
    for (m, mut c) in q.iter_mut(world) {
        if m.0 == id {
            c.blessing = Some(b);
        }
    }
}
