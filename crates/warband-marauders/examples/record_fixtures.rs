//! Records the Marauders fixture corpus in `tests/fixtures/marauders/`: AI battles on
//! every shipped scenario at every player level, and battles laced with hostile
//! commands that the engine must refuse. Each is a save; `digests.ron` holds each
//! one's final state hash and log digest, which `tests/fixtures.rs` checks a replay
//! against. Run it only when the rules change on purpose:
//!
//! `cargo run --release -p warband-marauders --example record_fixtures`; with `redigest`,
//! where only the log's events changed, it writes the digests of the same saves again
//! (and refuses if any battle ends otherwise).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use warband_marauders::ai::{AiKind, Policy, TablePolicy, play};
use warband_marauders::command::Allocation;
use warband_marauders::components::SpellAim;
use warband_marauders::data::{BattleSetup, save_ron};
use warband_marauders::engine::Marauders;
use warband_marauders::save::Save;
use warband_marauders::{Command, Engine, Phase, Side};
use warband_table::components::ModelId;
use warband_table::player::policy_seed;

const SCENARIOS: [&str; 4] = ["open-field", "woods-and-walls", "ruined-keep", "river-ford"];

fn main() -> Result<(), String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = root.join("tests/fixtures/marauders");
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    if warband_table::lab::redigest_if_asked::<Marauders>(&out)? {
        return Ok(());
    }
    // Battles that still replay to the same end keep their saves (their digests taken
    // anew): only those whose commands meet a changed rule are recorded anew.
    let changed =
        warband_table::corpus::record_keeping::<Marauders>(&out, || record_all(&root, &out))?;
    println!("{} changed:", changed.len());
    for file in changed {
        println!("  {file}");
    }
    Ok(())
}

fn record_all(root: &Path, out: &Path) -> Result<(), String> {
    use AiKind::*;
    let pairings = [
        (Random, Charge),
        (Charge, Easy),
        (Easy, Normal),
        (Normal, Hard),
        (Hard, Random),
        (Normal, Normal),
        (Random, Random),
        (Charge, Charge),
        (Easy, Hard),
        (Hard, Charge),
        (Normal, Random),
        (Easy, Easy),
    ];
    let mut digests = BTreeMap::new();
    for (si, name) in SCENARIOS.iter().enumerate() {
        let setup = BattleSetup::load(&root.join(format!("assets/scenarios/{name}.ron")))
            .map_err(|e| e.to_string())?;
        for (pi, (a, b)) in pairings.iter().enumerate() {
            let seed = 1000 + (si * 100 + pi) as u64;
            let file = format!("{name}-{a}-v-{b}.ron");
            let mut pa = a.policy(policy_seed(seed, Side::A));
            let mut pb = b.policy(policy_seed(seed, Side::B));
            let entry = record(&out.join(&file), &setup, seed, pa.as_mut(), pb.as_mut())?;
            digests.insert(file, entry);
        }
        let seed = 7000 + si as u64;
        let file = format!("{name}-hostile.ron");
        let mut pa = Hostile::new(Normal.policy(policy_seed(seed, Side::A)), seed);
        let mut pb = Hostile::new(Charge.policy(policy_seed(seed, Side::B)), seed + 1);
        let entry = record(&out.join(&file), &setup, seed, &mut pa, &mut pb)?;
        digests.insert(file, entry);
    }
    save_ron(&out.join("digests.ron"), &digests).map_err(|e| e.to_string())?;
    println!("recorded {} battles in {}", digests.len(), out.display());
    Ok(())
}

/// Plays one battle, writes its save, and returns (final hash, log digest, events).
fn record(
    path: &Path,
    setup: &BattleSetup,
    seed: u64,
    a: &mut dyn Policy,
    b: &mut dyn Policy,
) -> Result<(u64, u64, usize), String> {
    let mut engine = Engine::new(setup, seed)?;
    let played = play(&mut engine, a, b);
    let save = Save::new(setup.clone(), seed, played.commands, engine.state_hash());
    save.write(path).map_err(|e| e.to_string())?;
    let log = engine.log();
    Ok((save.final_hash, log.digest(), log.events.len()))
}

/// A player that sends a hostile command before each real one: out of turn and
/// phase, naming models that do not exist, undoing old moves, empty and over-full
/// splits. The engine must refuse every one and change nothing.
struct Hostile {
    inner: Box<dyn Policy + Send>,
    state: u64,
    armed: bool,
}

impl Hostile {
    fn new(inner: Box<dyn Policy + Send>, seed: u64) -> Self {
        Self {
            inner,
            state: seed,
            armed: true,
        }
    }

    fn pick(&mut self) -> u64 {
        self.state = warband_marauders::sim::game_seed(self.state, 1);
        self.state
    }
}

impl TablePolicy<Marauders> for Hostile {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        self.armed = !self.armed;
        if !self.armed || !self.pick().is_multiple_of(3) {
            return self.inner.next(engine, side);
        }
        let bad = match self.pick() % 8 {
            0 => Command::Move {
                model: ModelId(0),
                to: (1.0, 1.0),
            },
            1 => Command::Move {
                model: ModelId(u32::MAX),
                to: (f32::NAN, 3.0),
            },
            2 => Command::Shoot {
                model: ModelId(1),
                target: ModelId(1),
            },
            3 => Command::UndoMove { model: ModelId(1) },
            4 => Command::ResolveMelee {
                model: ModelId(9999),
                allocation: Some(Vec::new()),
            },
            5 => Command::AllocateDamage {
                allocation: Some(vec![Allocation {
                    attacker: ModelId(1),
                    target: ModelId(2),
                    dice: 200,
                }]),
            },
            6 => Command::DeclareSpell {
                caster: ModelId(1),
                spell: "Wish".into(),
                aim: SpellAim::Point(-5.0, 1e9),
            },
            _ => Command::ChooseOrder {
                first: vec![(Phase::Over, side.other())],
            },
        };
        Some(bad)
    }
}
