//! The batch simulator for Marauders: the table's generic simulator
//! ([`warband_table::sim`]) with Marauders' players, and HD as what a side loses.

use crate::ai::AiKind;
use crate::battle::Battle;
use crate::data::BattleSetup;
use crate::engine::Marauders;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_table::player::Policy;
use warband_table::sim::Contest;

pub use warband_table::sim::{
    AiSlot, GameRecord, GameResult, Shard, SimReport, Tally, game_seed, report, wilson,
};

/// A batch of Marauders games.
pub type SimConfig = warband_table::sim::SimConfig<AiKind>;

impl Contest for Marauders {
    type Player = AiKind;
    const LOSSES: &'static str = "HD";

    fn load(scenario: &std::path::Path) -> Result<BattleSetup, warband_table::files::DataError> {
        BattleSetup::load(scenario)
    }

    fn player_name(p: AiKind) -> &'static str {
        p.name()
    }

    fn policy(p: AiKind, seed: u64) -> Box<dyn Policy<Marauders>> {
        p.policy(seed)
    }

    /// HD a side lost is what the other side removed.
    fn losses(world: &World) -> [u32; 2] {
        let b = world.resource::<Battle>();
        Side::BOTH.map(|s| b.side(s.other()).hd_removed)
    }

    /// The starting HD of every model in play.
    fn at_stake(world: &World) -> [u32; 2] {
        let all = crate::battle::in_play(world);
        warband_table::sim::per_side(&all, |m| m.side, |m| u32::from(m.profile.hd))
    }

    /// The HD left of each side's models in play that can still fight: none of a broken
    /// side's (they flee), none of a sleeper's. The result's course reads it, so a
    /// battle decided by a rout shows the round it broke (a play-tester read only the
    /// first three rounds' losses as the turning points of a battle won by a rout in
    /// the eighth).
    fn in_fight(world: &World) -> Option<[u32; 2]> {
        let b = world.resource::<Battle>();
        let all = crate::battle::in_play(world);
        Some(Side::BOTH.map(|s| {
            if b.side(s).broken {
                return 0;
            }
            all.iter()
                .filter(|m| m.side == s && !m.conditions.asleep)
                .map(|m| u32::from(m.hd.left))
                .sum()
        }))
    }

    fn round_limit(world: &World) -> u32 {
        world.resource::<Battle>().round_limit
    }
}

/// Plays game `index` of a batch.
pub fn play_game(
    setup: &BattleSetup,
    config: &SimConfig,
    index: u64,
) -> Result<GameResult, String> {
    warband_table::sim::play_game::<Marauders>(setup, config, index)
}

/// Plays every game; `progress` is told each time one finishes.
pub fn run(
    setup: &BattleSetup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, String> {
    warband_table::sim::run::<Marauders>(setup, config, progress)
}

/// Plays this run's games (its shard, or all) and keeps them as a mergeable tally.
pub fn run_tally(
    setup: &BattleSetup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, String> {
    warband_table::sim::run_tally::<Marauders>(setup, config, progress)
}

/// Marauders profiles are priced by the points formula; the reference is the orc, a
/// 1 HD medium foot soldier.
impl warband_table::calibrate::Calibrate for Marauders {
    const BUDGET: u32 = 150;
    const REFERENCE: &'static str = "Orc";

    fn listed(setup: &BattleSetup) -> Vec<(String, u32)> {
        setup
            .bestiary
            .iter()
            .map(|p| (p.name.clone(), warband_rules::marauders::points::points(p)))
            .collect()
    }
}
