//! What Toy Soldier gives its `hard` and `easy` players (`warband_table::search`): its
//! scripts, the decision its search weighs — which unit to activate, the four `normal`
//! ranks best each a proposal — and how a battle stands for a side: points
//! removed, then danger that pins (worth a third of a point apiece up to a unit's mean
//! AP, as `normal` reckons it).

use super::pins::Units;
use super::{Charge, Normal, Random, open};
use crate::battle::{Battle, in_play_shared};
use crate::command::Command;
use crate::engine::ToySoldier;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_table::player::Policy;
use warband_table::search::Scripts;

impl Scripts for ToySoldier {
    fn normal(_seed: u64) -> Box<dyn Policy<ToySoldier>> {
        Box::new(Normal)
    }

    fn charge(_seed: u64) -> Box<dyn Policy<ToySoldier>> {
        Box::new(Charge)
    }

    fn random(seed: u64) -> Box<dyn Policy<ToySoldier>> {
        Box::new(Random::new(seed))
    }

    /// Which unit to activate is the decision the search weighs: where the side's
    /// tokens go is the game; what an active unit then does, `normal` judges well.
    fn searched(world: &World, side: Side) -> bool {
        open(world, side).is_none()
    }

    /// The four units `normal` ranks best to activate.
    fn options(world: &World, side: Side) -> Vec<Command> {
        super::normal::ranked_units(world, side)
            .into_iter()
            .take(4)
            .map(|(unit, _)| Command::Activate { unit })
            .collect()
    }

    fn standing(world: &World, side: Side) -> f64 {
        let b = world.resource::<Battle>();
        let removed = |s: Side| f64::from(b.side(s).points_removed);
        let units = Units::new(in_play_shared(world));
        let pins = |s: Side| -> f64 {
            units
                .all()
                .iter()
                .filter(|u| u.side == s)
                .map(|u| f64::from(u.marks.danger).min(units.mean_ap(u)))
                .sum()
        };
        removed(side) - removed(side.other()) + (pins(side.other()) - pins(side)) / 3.0
    }
}
