//! The batch simulator for Borderlands: the table's generic simulator with its players,
//! and HP as what a side loses.

use crate::ai::AiKind;
use crate::battle::Battle;
use crate::data::BattleSetup;
use crate::engine::Borderlands;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_table::player::Policy;
use warband_table::sim::Contest;

pub use warband_table::sim::{GameResult, SimReport, Tally};

pub type SimConfig = warband_table::sim::SimConfig<AiKind>;

impl Contest for Borderlands {
    type Player = AiKind;
    const LOSSES: &'static str = "HP";

    fn load(scenario: &std::path::Path) -> Result<BattleSetup, warband_table::files::DataError> {
        BattleSetup::load(scenario)
    }

    fn player_name(p: AiKind) -> &'static str {
        p.name()
    }

    fn policy(p: AiKind, seed: u64) -> Box<dyn Policy<Borderlands>> {
        crate::ai::policy(p, seed)
    }

    /// HP a side lost is what the other side removed.
    fn losses(world: &World) -> [u32; 2] {
        let b = world.resource::<Battle>();
        Side::BOTH.map(|s| b.side(s.other()).hp_removed)
    }

    /// The full HP of every model in play (HP below 0 are not counted removed).
    fn at_stake(world: &World) -> [u32; 2] {
        let all = crate::battle::in_play_shared(world);
        warband_table::sim::per_side(&all, |m| m.side, |m| m.hp.max.max(0) as u32)
    }

    /// The HP of each side's able models (none of a side in flight).
    fn in_fight(world: &World) -> Option<[u32; 2]> {
        let b = world.resource::<Battle>();
        let all = crate::battle::in_play_shared(world);
        Some(Side::BOTH.map(|s| {
            if b.side(s).morale.fled {
                return 0;
            }
            all.iter()
                .filter(|m| m.side == s && m.cond.able())
                .map(|m| m.hp.now.max(0) as u32)
                .sum()
        }))
    }

    fn round_limit(world: &World) -> u32 {
        world.resource::<Battle>().round_limit
    }
}

pub fn run(
    setup: &BattleSetup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, String> {
    warband_table::sim::run::<Borderlands>(setup, config, progress)
}

pub fn run_tally(
    setup: &BattleSetup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, String> {
    warband_table::sim::run_tally::<Borderlands>(setup, config, progress)
}

/// Borderlands monsters are priced by their XP value (heroes have none to test); the
/// reference is the orc.
impl warband_table::calibrate::Calibrate for Borderlands {
    const BUDGET: u32 = 150;
    const REFERENCE: &'static str = "Orc";

    fn listed(setup: &BattleSetup) -> Vec<(String, u32)> {
        setup
            .roster
            .iter()
            .filter(|c| !c.hero)
            .map(|c| (c.name.clone(), c.xp))
            .collect()
    }
}

/// The HP `side`'s models lost to its own side's near misses (the seed: a near miss
/// hits the cover "even if it is a fellow"), each down to 0 at most: every model of the
/// side a shot of the side struck in the way, from the log.
pub fn friendly_fire(world: &World, side: Side) -> u32 {
    use crate::log::LogEvent;
    use warband_table::components::{ModelId, Team};
    use warband_table::log::Entry;
    let mut q = world.try_query::<(&ModelId, &Team)>();
    let sides: std::collections::HashMap<ModelId, Side> = q
        .as_mut()
        .map(|q| q.iter(world).map(|(id, t)| (*id, t.0)).collect())
        .unwrap_or_default();
    let ours = |id: &ModelId| sides.get(id) == Some(&side);
    let events = &world.resource::<crate::log::BattleLog>().events;
    let mut lost = 0;
    for (i, e) in events.iter().enumerate() {
        let Entry::Rules(LogEvent::CoverTook {
            shooter,
            cover: Some(struck),
        }) = e
        else {
            continue;
        };
        if !(ours(shooter) && ours(struck)) {
            continue;
        }
        // Its damage follows before the next command.
        let damage = warband_table::log::logged_after(events, i)
            .iter()
            .find_map(|e| match e {
                Entry::Rules(LogEvent::Damage { model, amount, hp }) if model == struck => {
                    Some((i32::from(*amount), *hp))
                }
                _ => None,
            });
        if let Some((amount, hp)) = damage {
            lost += (hp + amount).clamp(0, amount) as u32;
        }
    }
    lost
}
