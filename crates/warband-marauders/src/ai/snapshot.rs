//! What an AI sees when it decides: the models in play and the table, copied out of the
//! world once per decision. No dice, no future: only what a player at the table sees.

use super::eval::hd_worth;
use crate::battle::{Battle, ModelView, TerrainMap, in_play};
use crate::command::Command;
use crate::engine::Spells;
use crate::geometry::{CONTACT_GAP, Grid, TerrainShape, in_contact, melee_groups};
use crate::log::{BattleLog, Entry, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use std::sync::Arc;
use warband_rules::Side;
use warband_rules::marauders::damage::die_chance;
use warband_rules::marauders::shooting::shot_modifier;
use warband_table::components::ModelId;

mod groups;
mod near;
pub use near::Near;

#[derive(Clone)]
pub struct Snapshot {
    pub side: Side,
    pub round: u32,
    pub table: Vec2,
    pub terrain: Arc<[TerrainShape]>,
    pub spells: Spells,
    /// Models in play, sorted by id.
    pub models: Vec<ModelView>,
    pub broken: [bool; 2],
    pub priority: Option<Side>,
    /// HD each side has removed from the other so far: the round-limit score.
    pub hd_removed: [u32; 2],
    pub rounds_left: u32,
    /// The other side has finished its part of the current phase.
    pub enemy_done: bool,
    /// Melee groups as the models stand, worked out when first asked for (`patched`,
    /// which moves models, calls `regroup`).
    groups: std::cell::OnceCell<Vec<Vec<ModelId>>>,
    /// Whether a blessing lies on any model this round, found when first asked.
    blessed: std::cell::OnceCell<bool>,
    /// Each side's models filed by where they stand (as their places in `models`,
    /// which is in id order), built when first asked for and kept in step by
    /// `patched`: what lies near a place, without walking every model.
    grid: std::cell::OnceCell<[Grid<usize>; 2]>,
    /// The farthest any model can move or shoot, found when first asked.
    reach: std::cell::OnceCell<f32>,
    /// The farthest any model can move, and each side's models with a missile weapon
    /// (places in `models`), found when first asked.
    far: std::cell::OnceCell<(f32, [Vec<usize>; 2])>,
    /// [`Snapshot::best_hit`] of each side's shots, standing and having moved, worked
    /// out when first asked (a move changes no model's HD or armour, so `patched` keeps
    /// it).
    best_hits: std::cell::OnceCell<[[f64; 2]; 2]>,
    /// Each side's models (places in `models`), listed when first asked: what `near`
    /// walks for one side on a table too small for the grid (a move changes no model's
    /// side, so `patched` keeps them).
    sides: std::cell::OnceCell<[Vec<usize>; 2]>,
    /// Room for the places a grid query finds, kept from one query to the next (a big
    /// battle's queries find dozens, and growing a list for each cost more than putting
    /// it in order).
    scratch: std::cell::RefCell<Vec<usize>>,
    /// A bit for each model (by its place in `models`), all clear between queries: a
    /// grid query's places marked here read off in order, without sorting them.
    marks: std::cell::RefCell<Vec<u64>>,
}

impl Snapshot {
    pub fn take(world: &World, side: Side) -> Self {
        let b = world.resource::<Battle>();
        let mut snap = Self {
            side,
            round: 0,
            table: b.table,
            terrain: world.resource::<TerrainMap>().0.clone(),
            spells: world.resource::<Spells>().clone(),
            models: in_play(world),
            broken: [false; 2],
            priority: None,
            hd_removed: [0; 2],
            rounds_left: 0,
            enemy_done: false,
            groups: std::cell::OnceCell::new(),
            blessed: std::cell::OnceCell::new(),
            grid: std::cell::OnceCell::new(),
            reach: std::cell::OnceCell::new(),
            far: std::cell::OnceCell::new(),
            best_hits: std::cell::OnceCell::new(),
            sides: std::cell::OnceCell::new(),
            scratch: std::cell::RefCell::default(),
            marks: std::cell::RefCell::default(),
        };
        snap.read_battle(b);
        snap
    }

    /// Reads the battle's round, score, morale and turn as they stand.
    fn read_battle(&mut self, b: &Battle) {
        self.round = b.round;
        self.broken = [b.sides[0].broken, b.sides[1].broken];
        self.priority = b.priority;
        self.hd_removed = [b.sides[0].hd_removed, b.sides[1].hd_removed];
        self.rounds_left = b.round_limit.saturating_sub(b.round);
        self.enemy_done = b.turn.done[self.side.other().index()];
    }

    /// Brings a snapshot taken when the log held `seen` entries up to date, if all that
    /// happened since is moves, shots that removed no one, spells declared and phases
    /// begun within the round: each moved model and those it charged, each shooter, each
    /// model damaged and each caster are read again (a legal move never leaves a fight,
    /// and a shot that removes no one and tests no morale changes no one else), and the
    /// battle's score and turn. None when anything else happened (a new round, a fight, a
    /// spell cast, a removal, a morale test): take a fresh one. Kept snapshots spare a
    /// player copying every model out of the world at every move of a big battle, at
    /// every shot, and at each phase of a round.
    pub fn patched(mut self, world: &World, seen: usize) -> Option<Self> {
        self.patch(world, seen).map(|()| self)
    }

    /// [`Snapshot::patched`] in place: None when it cannot be (what is left of the
    /// snapshot is then stale).
    fn patch(&mut self, world: &World, seen: usize) -> Option<()> {
        let mut changed = Vec::new();
        // A move that charges no one, by a model in no melee, leaves every group as it
        // was (it touches no enemy before or after); a charge by one joins it with those
        // it meets (`join_groups`). A model moved out of a group has them found afresh.
        let (mut regroup, mut damaged) = (false, false);
        let mut chargers = Vec::new();
        for e in world.resource::<BattleLog>().events.get(seen..)? {
            match e {
                Entry::Accepted {
                    command:
                        Command::Move { .. }
                        | Command::EndPhase
                        | Command::ChooseOrder { .. }
                        | Command::DeclareSpell { .. },
                    ..
                }
                | Entry::Die(_)
                | Entry::Rules(
                    LogEvent::ShotStopped { .. }
                    | LogEvent::ShotStruck { .. }
                    | LogEvent::SleptNone { .. }
                    | LogEvent::RallyFailed { .. }
                    | LogEvent::PhaseStarted { .. }
                    | LogEvent::Priority { .. }
                    | LogEvent::Order { .. },
                ) => {}
                Entry::Rules(LogEvent::SpellDeclared { model, .. }) => changed.push(*model),
                Entry::Accepted {
                    command: Command::Shoot { model, .. },
                    ..
                } => changed.push(*model),
                Entry::Rules(LogEvent::Damaged { model, .. }) => {
                    damaged = true;
                    changed.push(*model);
                }
                Entry::Rules(LogEvent::Moved { model, charged, .. }) => {
                    regroup |= self.in_a_group(*model);
                    if !charged.is_empty() {
                        chargers.push(*model);
                    }
                    changed.push(*model);
                    changed.extend(charged);
                }
                _ => return None,
            }
        }
        self.read_battle(world.resource::<Battle>());
        if damaged {
            // The best hits weigh the HD each model has left.
            self.best_hits = std::cell::OnceCell::new();
        }
        for id in changed {
            let now = crate::battle::model(world, id).filter(|m| m.in_play)?;
            let i = self.place_of(id)?;
            let was = std::mem::replace(&mut self.models[i], now.clone());
            if was.blessing != now.blessing {
                self.blessed = std::cell::OnceCell::new();
            }
            if was.base != now.base
                && let Some(grids) = self.grid.get_mut()
            {
                let grid = &mut grids[now.side.index()];
                grid.remove(i, &was.base);
                grid.insert(i, &now.base);
            }
        }
        if regroup {
            self.regroup();
        } else {
            self.join_groups(&chargers);
        }
        Some(())
    }

    /// Whether model `id` fought in a melee group as the groups were last found (false
    /// if they have not been).
    fn in_a_group(&self, id: ModelId) -> bool {
        self.groups
            .get()
            .is_some_and(|groups| groups.iter().any(|g| g.contains(&id)))
    }

    /// Forgets the melee groups and whether a blessing lies on the table after models
    /// were changed (both are worked out again when next asked for). The grid is kept:
    /// only `patched` moves models, and it refiles them.
    pub fn regroup(&mut self) {
        self.groups = std::cell::OnceCell::new();
        self.blessed = std::cell::OnceCell::new();
    }

    /// The models `fight_dice` must look through for a blessing: all of them if one
    /// lies on any model this round, else none (the same dice, without walking every
    /// model for each fight weighed).
    pub fn blessings(&self) -> &[ModelView] {
        let round = self.round;
        let blessed = *self.blessed.get_or_init(|| {
            self.models
                .iter()
                .any(|m| m.blessing.is_some_and(|b| b.round == round))
        });
        if blessed { &self.models } else { &[] }
    }

    /// The melee groups as the models stand.
    pub fn groups(&self) -> &[Vec<ModelId>] {
        self.groups.get_or_init(|| {
            melee_groups(
                &self
                    .models
                    .iter()
                    .map(ModelView::grouped)
                    .collect::<Vec<_>>(),
            )
        })
    }

    /// The melee group `id` fights in, if any.
    pub fn group_of(&self, id: ModelId) -> Option<&[ModelId]> {
        self.groups()
            .iter()
            .find(|g| g.contains(&id))
            .map(Vec::as_slice)
    }

    pub fn get(&self, id: ModelId) -> Option<&ModelView> {
        self.place_of(id).map(|i| &self.models[i])
    }

    /// Where model `id` stands in `models` (which is in id order).
    fn place_of(&self, id: ModelId) -> Option<usize> {
        self.models.binary_search_by_key(&id, |m| m.id).ok()
    }

    pub fn mine(&self) -> impl Iterator<Item = &ModelView> {
        let side = self.side;
        self.models.iter().filter(move |m| m.side == side)
    }

    pub fn enemies(&self) -> impl Iterator<Item = &ModelView> {
        let side = self.side;
        self.models.iter().filter(move |m| m.side != side)
    }

    /// How hard melee models should press towards the enemy: more when the side is not
    /// ahead on HD, when the enemy has more shooters, and as the round limit nears.
    pub fn push(&self) -> f64 {
        let me = self.side.index();
        let behind = self.hd_removed[me] <= self.hd_removed[1 - me];
        let shooters = &self.far().1;
        let outgunned = shooters[1 - me].len() > shooters[me].len();
        let mut push = 0.05;
        if behind {
            push += 0.08;
        }
        if outgunned {
            push += 0.05;
        }
        if self.rounds_left <= 3 && behind {
            push += 0.1;
        }
        push
    }

    /// The most one shot by a model of `side` could be worth (after moving or not),
    /// wherever it stood: the greatest of an enemy's HD worth times the chance that a
    /// shot that strikes it damages it. A shot damages one model at most, and the
    /// chances that it strikes each model add up to one at most, so no shot's value
    /// (`eval::shot_value_along`) is above it. Raised by a hair for the rounding in that
    /// sum: what bounds a shooter's candidate places before their lines of fire are
    /// drawn.
    pub fn best_hit(&self, side: Side, moved: bool) -> f64 {
        let hits = self.best_hits.get_or_init(|| {
            Side::BOTH.map(|s| {
                [false, true].map(|moved| {
                    let modifier = shot_modifier(moved);
                    let most = self
                        .enemies_of(s)
                        .map(|t| hd_worth(t) * die_chance(t.effective_armour(), modifier))
                        .fold(0.0, f64::max);
                    most * (1.0 + 1e-9)
                })
            })
        });
        hits[side.index()][usize::from(moved)]
    }

    pub fn broken(&self, side: Side) -> bool {
        self.broken[side.index()]
    }

    /// Enemies of `m` whose bases touch it, in id order (looked for about it).
    pub fn touching_enemies<'a>(&'a self, m: &'a ModelView) -> impl Iterator<Item = &'a ModelView> {
        self.around(&[m.side.other()], &m.base, CONTACT_GAP + 1e-3)
            .into_iter()
            .filter(move |o| in_contact(&o.base, &m.base))
    }

    /// The models of `side` that may touch any of `them`, in id order (all that do,
    /// perhaps a few more).
    pub fn touching_any(&self, side: Side, them: &[&ModelView]) -> near::Near<'_> {
        let Some(first) = them.first() else {
            return near::Near::new();
        };
        let (lo, hi) = them
            .iter()
            .fold(first.base.swept_bounds(Vec2::ZERO), |(lo, hi), t| {
                let (tlo, thi) = t.base.swept_bounds(Vec2::ZERO);
                (lo.min(tlo), hi.max(thi))
            });
        let r = Vec2::splat(CONTACT_GAP + 1e-3);
        self.near(&[side], lo - r, hi + r)
    }
}

/// A player's snapshot kept from one decision to the next, patched while it can be
/// ([`Snapshot::patched`]; boxed: it is handed out and back at every decision, and is
/// too big to copy each time).
#[derive(Default)]
pub struct Kept(Option<(Box<Snapshot>, usize)>);

impl Kept {
    /// The snapshot for this decision: the kept one patched from the log, or a fresh one.
    pub fn take(&mut self, world: &World, side: Side) -> Box<Snapshot> {
        self.take_telling(world, side).0
    }

    /// [`Kept::take`], and whether the snapshot is the kept one patched: its models then
    /// stand at the same places in `models` as at the last decision.
    pub fn take_telling(&mut self, world: &World, side: Side) -> (Box<Snapshot>, bool) {
        if let Some((mut snap, seen)) = self.0.take()
            && snap.patch(world, seen).is_some()
        {
            return (snap, true);
        }
        (Box::new(Snapshot::take(world, side)), false)
    }

    /// Keeps `snap` for the next decision, with the log as it stands now.
    pub fn keep(&mut self, snap: Box<Snapshot>, world: &World) {
        self.0 = Some((snap, world.resource::<BattleLog>().events.len()));
    }

    pub fn forget(&mut self) {
        self.0 = None;
    }
}
