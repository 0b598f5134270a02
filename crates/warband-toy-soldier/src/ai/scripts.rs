//! What Toy Soldier gives its `hard` and `easy` players (`warband_table::search`): its
//! scripts, the decisions its search weighs — which unit to activate, the four `normal`
//! ranks best each a proposal, and how an active unit with no enemy near makes its
//! way — and how a battle stands for a side: points
//! removed, then danger that pins (worth a third of a point apiece up to a unit's mean
//! AP, as `normal` reckons it).

use super::pins::Units;
use super::{Charge, Normal, Random, open};
use crate::battle::{Battle, in_play_shared};
use crate::command::Command;
use crate::engine::ToySoldier;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_table::geometry::gap_at_most;
use warband_table::player::Policy;
use warband_table::search::Scripts;

/// How near an enemy must stand to an active unit, in inches, for `hard` to leave what
/// the unit does to `normal`: an infantry unit's march on four AP.
const CLOSE: f32 = 8.0;

impl Scripts for ToySoldier {
    /// Five playouts a proposal rather than three: a Toy Soldier playout swings on a few
    /// morale checks, and with three the luckiest proposal won too often. `hard` v
    /// `normal`, 1,000 games a table, seed 7: 63.6 -> 67.3% on the river crossing, 70.9
    /// -> 75.5% on the wooded hills, 59.9 -> 61.7% on the village fight, 62.5 -> 66.1%
    /// on the open meadow (tuned on seed 1001, where seven playouts did no better than
    /// five; docs/ai.md).
    const PLAYOUTS: usize = 5;

    fn normal(_seed: u64) -> Box<dyn Policy<ToySoldier>> {
        Box::new(Normal)
    }

    fn charge(_seed: u64) -> Box<dyn Policy<ToySoldier>> {
        Box::new(Charge)
    }

    fn random(seed: u64) -> Box<dyn Policy<ToySoldier>> {
        Box::new(Random::new(seed))
    }

    /// Which unit to activate, always; and, while a unit is active, what it does when
    /// no enemy stands within [`CLOSE`] of it (the unit is making its way, `normal`'s
    /// way or `charge`'s straight march). Searched wherever the unit stood (and with six
    /// units to weigh), `hard` won the village fight more often but fell to 45.7%
    /// against `normal` on the river crossing and 54.1% on the open meadow (1,000 games
    /// each; docs/ai.md).
    fn searched(world: &World, side: Side) -> bool {
        match open(world, side) {
            None => true,
            Some((v, _)) => !in_play_shared(world)
                .iter()
                .any(|t| t.side != v.side && gap_at_most(&v.base, &t.base, CLOSE)),
        }
    }

    /// The four units `normal` ranks best to activate (none while a unit is active:
    /// its proposals are `normal`'s and `charge`'s).
    fn options(world: &World, side: Side) -> Vec<Command> {
        if open(world, side).is_some() {
            return Vec::new();
        }
        super::activation::ranked_units(world, side)
            .into_iter()
            .take(4)
            .map(|(unit, _)| Command::Activate { unit })
            .collect()
    }

    /// Nothing that takes the active unit back to where it was earlier in its
    /// activation (`SoFar::undone_by`): `normal`'s way round a house and `charge`'s
    /// straight line may turn a rank opposite ways, and `hard` took one, then the other
    /// (a play-test counted 115 of 449 turns undone on three village fights).
    fn sensible(world: &World, side: Side, command: &Command) -> bool {
        open(world, side).is_none_or(|(v, _)| !super::SoFar::of(world, side, &v).undone_by(command))
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
