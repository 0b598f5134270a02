//! Phase 4, shooting: 1 HD strength at −1 (−2 after moving); each obstacle on the line
//! of fire is rolled for in order (4–6 stops the shot; a model hit so is damaged); a
//! target in melee means a random model of its melee group is hit instead.

use super::Phase;
use crate::battle::{Battle, ModelView, TerrainMap, model};
use crate::command::{Refusal, refuse};
use crate::components::Conditions;
use crate::effects::{pick, roll_damage, roll_needing};
use crate::geometry::{
    Crossed, Grouped, LineOfFire, Placed, TerrainShape, in_contact, line_of_fire_among,
    melee_groups, obstacles_among,
};
use crate::log::{BattleLog, LogEvent};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use warband_rules::marauders::Armour;
use warband_rules::marauders::clauses;
use warband_rules::marauders::engagement::ONE_HD;
use warband_rules::marauders::odds::{ShotPart, shot_damage_each};
use warband_rules::marauders::shooting::{
    NoShot, Shooter, may_shoot, obstacle_stops, shot_modifier,
};
use warband_rules::{Die, Side};
use warband_table::components::{BaseView, ModelId};
use warband_table::views::in_play_by_id;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Phase::Shooting), start);
}

fn start(world: &mut World) {
    super::start_in_order(world, Phase::Shooting);
}

/// Checks a shot without rolling: the line of fire it would take, or why it cannot be.
pub fn plan_shot(
    world: &mut World,
    side: Side,
    shooter: ModelId,
    target: ModelId,
) -> Result<LineOfFire, Refusal> {
    plan_among(world, side, shooter, target).map(|(line, _)| line)
}

/// [`plan_shot`], with the bases in play it was planned among (all a shot's line and
/// its target's melee group are found from: no model is read whole).
fn plan_among(
    world: &mut World,
    side: Side,
    shooter: ModelId,
    target: ModelId,
) -> Result<(LineOfFire, Vec<Grouped>), Refusal> {
    let Some(s) = model(world, shooter).filter(|m| m.in_play && m.side == side) else {
        return refuse(format!("model {shooter} is not one of your models in play"));
    };
    let Some(t) = model(world, target).filter(|m| m.in_play && m.side != side) else {
        return refuse(format!("model {target} is not an enemy in play"));
    };
    let broken = world.resource::<Battle>().side(side).broken;
    let refused = |p: NoLine| p.refusal(world, &s);
    shot_allowed(broken, &s, &t).map_err(refused)?;
    let bases = bases_in_play(world);
    let terrain = &world.resource::<TerrainMap>().0;
    sighted_line_among(bases.iter().map(|b| (b.id, &b.base)), terrain, &s, &t)
        .map(|line| (line, bases))
        .map_err(refused)
}

/// Every base in play, in id order, as melee groups are found from.
fn bases_in_play(world: &World) -> Vec<Grouped> {
    in_play_by_id::<BaseView, _>(world, |(_, id, _, (team, base))| Grouped {
        id: *id,
        side: team.0,
        base: base.0,
    })
}

/// The rules of a shot among `models` (a snapshot of those in play) on `world`'s table:
/// the shooter may shoot, sees the target, and has it in range; or why not, in words.
/// Shared by the engine and the odds panel.
pub fn check_shot(
    world: &World,
    models: &[ModelView],
    broken: bool,
    s: &ModelView,
    t: &ModelView,
) -> Result<LineOfFire, Refusal> {
    let terrain = &world.resource::<TerrainMap>().0;
    shot_line(models, terrain, broken, s, t).map_err(|p| p.refusal(world, s))
}

/// Why a shot cannot be taken, as facts: the words are only written when a player is
/// told ([`NoLine::refusal`]), not each time a player weighs a shot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NoLine {
    AlreadyShot,
    Cannot(NoShot),
    OutOfRange {
        reach: f32,
        range: f32,
    },
    /// Terrain blocks sight: the piece, by its index in the scenario.
    SightBlocked {
        terrain: usize,
    },
}

impl NoLine {
    /// The words for it, terrain named as `world`'s scenario names it.
    pub fn refusal(self, world: &World, s: &ModelView) -> Refusal {
        match self {
            NoLine::AlreadyShot => {
                Refusal::rule(format!("{} has already shot this round", s.profile.name))
            }
            NoLine::Cannot(e) => {
                Refusal::table(format!("{} cannot shoot: {}", s.profile.name, e.reason()))
            }
            NoLine::OutOfRange { reach, range } => Refusal::rule(format!(
                "the target is {reach:.1}\" away, beyond the {range}\" range"
            )),
            NoLine::SightBlocked { terrain } => Refusal::sight_blocked(world, terrain),
        }
    }
}

/// [`check_shot`] without the words: the line of fire, or what stops the shot.
pub fn shot_line(
    models: &[ModelView],
    terrain: &[TerrainShape],
    broken: bool,
    s: &ModelView,
    t: &ModelView,
) -> Result<LineOfFire, NoLine> {
    shot_allowed(broken, s, t)?;
    sighted_line_among(bases_of(models), terrain, s, t)
}

/// Each model's id and base, as lines of fire are drawn among them.
fn bases_of(models: &[ModelView]) -> impl Iterator<Item = (ModelId, &Placed)> {
    models.iter().map(|m| (m.id, &m.base))
}

/// The line of fire of [`shot_line`] among bases given one by one (id, base), or the
/// terrain that blocks sight; whether `s` may shoot at `t` at all is asked before.
pub fn sighted_line_among<'a>(
    bases: impl IntoIterator<Item = (ModelId, &'a Placed)>,
    terrain: &[TerrainShape],
    s: &ModelView,
    t: &ModelView,
) -> Result<LineOfFire, NoLine> {
    let line = line_of_fire_among((s.id, &s.base), (t.id, &t.base), bases, terrain);
    if let Some(terrain) = line.sight_blocked_by {
        return Err(NoLine::SightBlocked { terrain });
    }
    Ok(line)
}

/// How many obstacles the line of [`shot_line`] would cross once `s` may shoot again
/// (whether or not it has shot this round), or what would stop the shot: what a player
/// reckoning the enemy's next round needs of the odds of being struck, found without
/// listing the obstacles.
pub fn next_round_obstacles(
    models: &[ModelView],
    terrain: &[TerrainShape],
    broken: bool,
    s: &ModelView,
    t: &ModelView,
) -> Result<usize, NoLine> {
    shot_allowed_as(broken, s, t, false)?;
    obstacles_on_line_among(bases_of(models), terrain, s, t)
}

/// How many obstacles the line of fire from `s` to `t` crosses among bases given one by
/// one (id, base), or the terrain that blocks sight; whether the shot may be taken is
/// asked before.
pub fn obstacles_on_line_among<'a>(
    bases: impl IntoIterator<Item = (ModelId, &'a Placed)>,
    terrain: &[TerrainShape],
    s: &ModelView,
    t: &ModelView,
) -> Result<usize, NoLine> {
    obstacles_among((s.id, &s.base), (t.id, &t.base), bases, terrain)
        .map_err(|terrain| NoLine::SightBlocked { terrain })
}

/// Whether `s` may shoot at all, and `t` is in its range.
pub fn shot_allowed(broken: bool, s: &ModelView, t: &ModelView) -> Result<(), NoLine> {
    shot_allowed_as(broken, s, t, s.conditions.shot)
}

/// Whether `s` may shoot now at whoever is in its range: it has not shot this round (as
/// `shot` says), carries a missile weapon and is not blinded, engaged, asleep or of a
/// broken side (§4).
pub fn may_shoot_now(broken: bool, s: &ModelView, shot: bool) -> Result<(), NoLine> {
    if shot {
        return Err(NoLine::AlreadyShot);
    }
    may_shoot(Shooter {
        has_ranged_weapon: s.profile.ranged.is_some(),
        blinded: s.conditions.blinded,
        engaged: s.engaged_since.is_some(),
        broken,
        asleep: s.conditions.asleep,
    })
    .map_err(NoLine::Cannot)
}

/// [`shot_allowed`], `s` having shot this round or not as `shot` says.
pub fn shot_allowed_as(
    broken: bool,
    s: &ModelView,
    t: &ModelView,
    shot: bool,
) -> Result<(), NoLine> {
    may_shoot_now(broken, s, shot)?;
    let range = s.profile.ranged.as_ref().map_or(0.0, |r| r.range);
    let reach = crate::geometry::gap(&s.base, &t.base);
    if reach > range {
        return Err(NoLine::OutOfRange { reach, range });
    }
    Ok(())
}

/// The exact chance each model is damaged if `s` shoots `t` along `line` (after moving
/// or not): every model in the way, then the target, or each model of its melee group
/// `group` (a shot into melee strikes one of them at random). The engine's dice, the
/// odds panel and the AI's judgement all follow this.
pub fn shot_chances(
    models: &[ModelView],
    line: &LineOfFire,
    moved: bool,
    target: ModelId,
    group: Option<&[ModelId]>,
) -> Vec<(ModelId, f64)> {
    let mut out = Vec::new();
    shot_chances_each(models, line, moved, target, group, |id, p| {
        out.push((id, p))
    });
    out
}

/// [`shot_chances`] handed out one model at a time, in the same order, building no list.
pub fn shot_chances_each(
    models: &[ModelView],
    line: &LineOfFire,
    moved: bool,
    target: ModelId,
    group: Option<&[ModelId]>,
    mut each: impl FnMut(ModelId, f64),
) {
    let armour = |id: ModelId| {
        models
            .iter()
            .find(|m| m.id == id)
            .map_or(Armour::Unarmoured, ModelView::effective_armour)
    };
    let obstacles = line.obstacles.iter().map(|c| match c.what {
        Crossed::Base(id) => Some(armour(id)),
        Crossed::Terrain(_) => None,
    });
    let victims = group.unwrap_or(std::slice::from_ref(&target));
    shot_damage_each(
        obstacles,
        victims.iter().map(|id| armour(*id)),
        shot_modifier(moved),
        |part, p| match part {
            ShotPart::InWay(i) => {
                if let Crossed::Base(id) = line.obstacles[i].what {
                    each(id, p);
                }
            }
            ShotPart::Struck(j) => each(victims[j], p),
        },
    );
}

pub(super) fn shoot(
    world: &mut World,
    side: Side,
    shooter: ModelId,
    target: ModelId,
) -> Result<(), Refusal> {
    // Until the shot lands, only the shooter's having shot and the dice change: the
    // models it was planned among still stand where they stood.
    let (line, bases) = plan_among(world, side, shooter, target)?;
    let s = model(world, shooter).expect("checked above");
    world
        .entity_mut(s.entity)
        .get_mut::<Conditions>()
        .expect("models have conditions")
        .shot = true;
    let modifier = shot_modifier(s.conditions.moved);
    for crossing in &line.obstacles {
        let name = match crossing.what {
            Crossed::Base(id) => format!("model {id}"),
            Crossed::Terrain(i) => format!("terrain {i}"),
        };
        let purpose = format!("shot by model {shooter}: past {name}?");
        let face = roll_needing(
            world,
            1,
            Die::D6,
            Some(4),
            &purpose,
            &clauses::SHOOT_OBSTACLE,
        )[0];
        if obstacle_stops(face) {
            world
                .resource_mut::<BattleLog>()
                .push(LogEvent::ShotStopped { shooter, by: name });
            if let Crossed::Base(id) = crossing.what {
                let purpose = format!("shot by model {shooter} hits model {id} in the way");
                roll_damage(
                    world,
                    id,
                    ONE_HD,
                    modifier,
                    side,
                    &purpose,
                    &clauses::OBSTACLE_DAMAGE,
                );
            }
            return Ok(());
        }
    }
    let victim = melee_victim(world, &bases, target, shooter);
    if victim != target {
        world
            .resource_mut::<BattleLog>()
            .push(LogEvent::ShotStruck {
                shooter,
                struck: victim,
            });
    }
    let purpose = format!("shot by model {shooter} at model {victim}");
    roll_damage(
        world,
        victim,
        ONE_HD,
        modifier,
        side,
        &purpose,
        &clauses::SHOOT_DAMAGE,
    );
    Ok(())
}

/// The melee group `target` stands in among `models`, if it is in melee: the models a
/// shot at it may strike instead (the engine's dice and the odds panel both ask this).
pub fn melee_group_of(models: &[ModelView], target: ModelId) -> Option<Vec<ModelId>> {
    melee_group_among(models, ModelView::grouped, target)
}

/// [`melee_group_of`] among any models, each read as `grouped` reads it.
fn melee_group_among<M>(
    models: &[M],
    grouped: impl Fn(&M) -> Grouped,
    target: ModelId,
) -> Option<Vec<ModelId>> {
    // A model touching no enemy is in no group: the groups need not be found.
    let t = models.iter().map(&grouped).find(|m| m.id == target)?;
    if !models
        .iter()
        .map(&grouped)
        .any(|m| m.side != t.side && in_contact(&m.base, &t.base))
    {
        return None;
    }
    melee_groups(&models.iter().map(grouped).collect::<Vec<_>>())
        .into_iter()
        .find(|g| g.contains(&target))
}

/// The model a shot at `target` damages: the target, or if it is in melee a random
/// model of its melee group (either side).
fn melee_victim(
    world: &mut World,
    bases: &[Grouped],
    target: ModelId,
    shooter: ModelId,
) -> ModelId {
    match melee_group_among(bases, |b| *b, target) {
        None => target,
        Some(group) => {
            let purpose = format!("shot by model {shooter} into melee: which model of {group:?}");
            group[pick(world, group.len(), &purpose, &clauses::SHOOT_INTO_MELEE)]
        }
    }
}
