//! The batch simulator for Toy Soldier: the table's generic simulator with its players,
//! and points of units as what a side loses.

use crate::ai::AiKind;
use crate::battle::Battle;
use crate::data::BattleSetup;
use crate::engine::ToySoldier;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_rules::toy_soldier::unit::UnitProfile;
use warband_table::player::Policy;
use warband_table::sim::Contest;

pub use warband_table::sim::{GameResult, SimReport, Tally};

pub type SimConfig = warband_table::sim::SimConfig<AiKind>;

impl Contest for ToySoldier {
    type Player = AiKind;
    const LOSSES: &'static str = "points";
    const ROUND: &'static str = "turn";

    fn load(scenario: &std::path::Path) -> Result<BattleSetup, warband_table::files::DataError> {
        BattleSetup::load(scenario)
    }

    fn player_name(p: AiKind) -> &'static str {
        p.name()
    }

    fn policy(p: AiKind, seed: u64) -> Box<dyn Policy<ToySoldier>> {
        crate::ai::policy(p, seed)
    }

    /// Points a side lost are what the other side removed.
    fn losses(world: &World) -> [u32; 2] {
        let b = world.resource::<Battle>();
        Side::BOTH.map(|s| b.side(s.other()).points_removed)
    }

    /// The points of every unit in play.
    fn at_stake(world: &World) -> [u32; 2] {
        let all = crate::battle::in_play(world);
        warband_table::sim::per_side(&all, |m| m.side, |u| u.unit.points())
    }

    fn round_limit(world: &World) -> u32 {
        world.resource::<Battle>().turn_limit
    }
}

pub fn run(
    setup: &BattleSetup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SimReport, String> {
    warband_table::sim::run::<ToySoldier>(setup, config, progress)
}

/// Toy Soldier units are priced by the seed's points formula. Activation tokens cap
/// how many units act in a turn, so more units are not simply more strength: the
/// reference army keeps as many units as the tested one and climbs a ladder of quality
/// instead. A force needs exactly one Command unit: a plain unit is tested in copies led
/// by the reference captain, whom the reference army fields too; a Command unit leads
/// reference regulars worth what a standard force leaves it.
impl warband_table::calibrate::Calibrate for ToySoldier {
    const BUDGET: u32 = crate::data::STANDARD_POINTS;
    const REFERENCE: &'static str = "Reference regulars";

    fn listed(setup: &BattleSetup) -> Vec<(String, u32)> {
        setup
            .units
            .units
            .iter()
            .map(|u| (u.name.clone(), u.points()))
            .collect()
    }

    fn plan(
        setup: &BattleSetup,
        profile: &str,
        count: u32,
    ) -> Result<warband_table::calibrate::Plan, String> {
        calibration_plan(&with_references(setup), profile, count)
    }

    fn prepared(setup: &BattleSetup) -> BattleSetup {
        with_references(setup)
    }
}

/// The reference units, weakest first: plain foot of rising quality and morale, then
/// shields, then horse. The last one leads: a plain Command unit.
pub fn reference_units() -> Vec<UnitProfile> {
    use warband_rules::toy_soldier::unit::{Kind, Quality};
    let unit = |name: &str, quality, morale, shields, kind, command| UnitProfile {
        name: format!("Reference {name}"),
        race: "Reference".into(),
        quality,
        morale,
        kind,
        shields,
        ranged: false,
        magical: false,
        command,
        figures: 4,
    };
    let foot = Kind::Infantry;
    vec![
        unit("militia", Quality::Militia, 4, false, foot, false),
        unit("regulars", Quality::Regular, 6, false, foot, false),
        unit("veterans", Quality::Veteran, 8, false, foot, false),
        unit("elites", Quality::Elite, 10, false, foot, false),
        unit("guards", Quality::Elite, 12, false, foot, false),
        unit("shieldwall", Quality::Elite, 12, true, foot, false),
        unit("lancers", Quality::Elite, 12, true, Kind::Cavalry, false),
        unit("captain", Quality::Regular, 6, false, foot, true),
    ]
}

/// The setup with the reference units in its unit list.
fn with_references(setup: &BattleSetup) -> BattleSetup {
    let mut out = setup.clone();
    for u in reference_units() {
        if out.units.find(&u.name).is_none() {
            out.units.units.push(u);
        }
    }
    out
}

fn calibration_plan(
    setup: &BattleSetup,
    profile: &str,
    count: u32,
) -> Result<warband_table::calibrate::Plan, String> {
    use warband_table::calibrate::{Calibrate, NO_LIMIT, Plan, Reference, entries_of};
    let tested = setup
        .units
        .find(profile)
        .ok_or_else(|| format!("no unit `{profile}` can be calibrated"))?;
    let mut ladder: Vec<UnitProfile> = reference_units();
    let captain = ladder
        .pop()
        .expect("the reference units end with their captain");
    let regular = &ladder[1];
    let (leader, count, followers, size) = if tested.command {
        let room = ToySoldier::BUDGET.saturating_sub(tested.points());
        let n = ((f64::from(room) / f64::from(regular.points())).round() as u32).max(1);
        (tested, 1, entries_of(&regular.name, n), n)
    } else {
        (&captain, count, entries_of(&tested.name, count), count)
    };
    let mut entries = entries_of(&leader.name, 1);
    entries.extend(followers);
    let army = warband_rules::army::ArmyList {
        name: format!("{count} × {profile}"),
        ruleset: warband_rules::Ruleset::ToySoldier,
        points_limit: Some(NO_LIMIT),
        leader: leader.name.clone(),
        entries,
    };
    let others =
        army.total_points(|n| setup.units.find(n).map(|u| u.points())) - count * tested.points();
    Ok(Plan {
        army,
        count,
        others,
        reference: Reference {
            ruleset: warband_rules::Ruleset::ToySoldier,
            rungs: ladder
                .iter()
                .map(|u| (u.name.clone(), u.points()))
                .collect(),
            size,
            fixed: Some((captain.name.clone(), captain.points())),
        },
    })
}
