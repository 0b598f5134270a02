//! What Borderlands gives its `hard` and `easy` players (`warband_table::search`): its
//! scripts, and the options of the model `normal` would move next beyond them — each
//! enemy it could strike or shoot (focus fire), holding, and falling back out of melee.
//! A battle stands for a side as the HP it has taken less the HP it has lost.

use super::{Charge, Normal, Random, enemies_by_distance, ready, run_away};
use crate::actions::{check_melee, check_shot, foes_in_contact};
use crate::command::Command;
use crate::engine::Borderlands;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_table::player::Policy;
use warband_table::search::Scripts;

impl Scripts for Borderlands {
    /// `easy` slips more often here than the default: a B/X battle turns on a few
    /// choices, and `normal` beat an `easy` that slipped one time in eight and one in
    /// four only 57–60% of 200 games on the ravine and the corridor.
    const SLIPS: [f32; 2] = [0.35, 0.3];

    fn normal(_seed: u64) -> Box<dyn Policy<Borderlands>> {
        Box::new(Normal)
    }

    fn charge(_seed: u64) -> Box<dyn Policy<Borderlands>> {
        Box::new(Charge)
    }

    fn random(seed: u64) -> Box<dyn Policy<Borderlands>> {
        Box::new(Random::new(seed))
    }

    fn options(world: &World, side: Side) -> Vec<Command> {
        let mut models = ready(world, side);
        models.sort_by_key(|v| (v.stats.missile.is_none() && v.stats.spells.is_empty(), v.id));
        let Some(v) = models.into_iter().next() else {
            return Vec::new();
        };
        let strikes = foes_in_contact(world, &v)
            .into_iter()
            .filter(|t| check_melee(world, side, v.id, t.id).is_ok())
            .map(|t| Command::Melee {
                model: v.id,
                target: t.id,
            });
        let shots = enemies_by_distance(world, &v)
            .into_iter()
            .filter(|t| check_shot(world, side, v.id, t.id).is_ok())
            .map(|t| Command::Shoot {
                model: v.id,
                target: t.id,
            });
        strikes
            .chain(shots)
            .chain(run_away(world, &v, true))
            .chain(std::iter::once(Command::Hold { model: v.id }))
            .collect()
    }
}
