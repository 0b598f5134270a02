//! What an AI sees when it decides: the models in play and the table, copied out of the
//! world once per decision. No dice, no future: only what a player at the table sees.

use super::eval::hd_worth;
use crate::battle::{Battle, ModelView, TerrainMap, in_play};
use crate::command::Command;
use crate::engine::Spells;
use crate::geometry::{
    Grid, Mover, Other, Placed, TerrainShape, gap, in_contact, melee_groups, nearest,
};
use crate::log::{BattleLog, Entry, LogEvent};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use std::sync::Arc;
use warband_rules::Side;
use warband_rules::marauders::damage::die_chance;
use warband_rules::marauders::shooting::shot_modifier;
use warband_table::components::ModelId;

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
    /// battle's queries find dozens, and growing a list for each cost more than sorting
    /// it).
    scratch: std::cell::RefCell<Vec<usize>>,
}

/// Cells of a snapshot's grid, inches: most nearest enemies are found within one or
/// two of them once the lines have met.
const GRID_CELL: f32 = 4.0;
/// Fewer models than this are simply walked: building the grid would cost more than
/// it saves (measured on woods and walls' 20).
const GRID_FROM: usize = 64;

impl Snapshot {
    pub fn take(world: &World, side: Side) -> Self {
        let b = world.resource::<Battle>();
        Self {
            side,
            round: b.round,
            table: b.table,
            terrain: world.resource::<TerrainMap>().0.clone(),
            spells: world.resource::<Spells>().clone(),
            models: in_play(world),
            broken: [b.sides[0].broken, b.sides[1].broken],
            priority: b.priority,
            hd_removed: [b.sides[0].hd_removed, b.sides[1].hd_removed],
            rounds_left: b.round_limit.saturating_sub(b.round),
            enemy_done: b.turn.done[side.other().index()],
            groups: std::cell::OnceCell::new(),
            blessed: std::cell::OnceCell::new(),
            grid: std::cell::OnceCell::new(),
            reach: std::cell::OnceCell::new(),
            far: std::cell::OnceCell::new(),
            best_hits: std::cell::OnceCell::new(),
            sides: std::cell::OnceCell::new(),
            scratch: std::cell::RefCell::default(),
        }
    }

    /// Brings a snapshot taken when the log held `seen` entries up to date, if all that
    /// happened since is moves: each moved model and those it charged are read again (a
    /// legal move never leaves a fight, so no one else's state changes). None when
    /// anything else happened: take a fresh one. Kept snapshots spare a player copying
    /// every model out of the world at every move of a big battle.
    pub fn patched(mut self, world: &World, seen: usize) -> Option<Self> {
        let mut changed = Vec::new();
        // A move that charges no one, by a model in no melee, leaves every group as it
        // was (it touches no enemy before or after): then the groups are kept.
        let mut regroup = false;
        for e in world.resource::<BattleLog>().events.get(seen..)? {
            match e {
                Entry::Accepted {
                    command: Command::Move { .. },
                    ..
                } => {}
                Entry::Rules(LogEvent::Moved { model, charged, .. }) => {
                    regroup |= !charged.is_empty() || self.in_a_group(*model);
                    changed.push(*model);
                    changed.extend(charged);
                }
                _ => return None,
            }
        }
        for id in changed {
            let now = crate::battle::model(world, id).filter(|m| m.in_play)?;
            let i = self.place_of(id)?;
            let was = std::mem::replace(&mut self.models[i], now.clone()).base;
            if let Some(grids) = self.grid.get_mut() {
                let grid = &mut grids[now.side.index()];
                grid.remove(i, &was);
                grid.insert(i, &now.base);
            }
        }
        if regroup {
            self.regroup();
        } else {
            // Whether a blessing lies on the table is asked again, as after any patch.
            self.blessed = std::cell::OnceCell::new();
        }
        Some(self)
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

    fn grid(&self, side: Side) -> &Grid<usize> {
        let grids = self.grid.get_or_init(|| {
            let mut grids = [Grid::with_cell(GRID_CELL), Grid::with_cell(GRID_CELL)];
            for (i, m) in self.models.iter().enumerate() {
                grids[m.side.index()].insert(i, &m.base);
            }
            grids
        });
        &grids[side.index()]
    }

    /// The farthest any model can move or shoot: no model can reach a place farther
    /// off than this from its base this round.
    pub fn longest_reach(&self) -> f32 {
        *self.reach.get_or_init(|| {
            self.models
                .iter()
                .map(|m| {
                    let range = m.profile.ranged.as_ref().map_or(0.0, |w| w.range);
                    m.profile.armour.movement_allowance().max(range)
                })
                .fold(0.0, f32::max)
        })
    }

    /// The enemies of `m` that may charge or shoot it next round if it stood within
    /// `within` of where it is, in id order: every one whose gap to it is at most its
    /// move or its range (the greater) plus `within` plus half an inch, and perhaps a
    /// few more. On a big table the few shooters are listed apart, so the square looked
    /// in is a move wide, not a bowshot.
    pub fn may_threaten(&self, m: &ModelView, within: f32) -> Vec<&ModelView> {
        let them = m.side.other();
        if self.models.len() < GRID_FROM {
            return self.around(&[them], &m.base, self.longest_reach() + within + 0.5);
        }
        let (moving, shooters) = self.far();
        // A hair wider, for rounding: `Threats::to` measures the gaps.
        let mut out = self.around(&[them], &m.base, moving + within + 0.501);
        out.extend(
            shooters[them.index()]
                .iter()
                .map(|i| &self.models[*i])
                .filter(|e| {
                    let range = e.profile.ranged.as_ref().map_or(0.0, |w| w.range);
                    gap(&m.base, &e.base) <= range + within + 0.501
                }),
        );
        out.sort_unstable_by_key(|e| e.id);
        out.dedup_by_key(|e| e.id);
        out
    }

    /// Each side's models, as their places in `models` (so in id order).
    fn sides(&self) -> &[Vec<usize>; 2] {
        self.sides.get_or_init(|| {
            let mut sides = [Vec::new(), Vec::new()];
            for (i, m) in self.models.iter().enumerate() {
                sides[m.side.index()].push(i);
            }
            sides
        })
    }

    /// The farthest any model can move, and each side's models with a missile weapon.
    fn far(&self) -> &(f32, [Vec<usize>; 2]) {
        self.far.get_or_init(|| {
            let moving = self
                .models
                .iter()
                .map(|m| m.profile.armour.movement_allowance())
                .fold(0.0, f32::max);
            let mut shooters = [Vec::new(), Vec::new()];
            for (i, m) in self.models.iter().enumerate() {
                if m.profile.ranged.is_some() {
                    shooters[m.side.index()].push(i);
                }
            }
            (moving, shooters)
        })
    }

    /// The models of `sides` whose outline may come within `r` of `base`'s, in id order
    /// (all that do, perhaps a few more).
    pub fn around(&self, sides: &[Side], base: &Placed, r: f32) -> Vec<&ModelView> {
        let (lo, hi) = base.swept_bounds(Vec2::ZERO);
        self.near(sides, lo - Vec2::splat(r), hi + Vec2::splat(r))
    }

    /// The models of `sides` whose outline may come into the box from `lo` to `hi`, in
    /// id order (all that do, perhaps a few more).
    pub fn near(&self, sides: &[Side], lo: Vec2, hi: Vec2) -> Vec<&ModelView> {
        if self.models.len() < GRID_FROM {
            let near = |o: &&ModelView| o.base.may_reach_box(lo, hi, 0.0);
            if let [side] = sides {
                let places = &self.sides()[side.index()];
                return places
                    .iter()
                    .map(|i| &self.models[*i])
                    .filter(near)
                    .collect();
            }
            let of_sides = |o: &&ModelView| sides.contains(&o.side);
            return self.models.iter().filter(of_sides).filter(near).collect();
        }
        // Places in `models`, which is in id order: sorted, they list the models in id
        // order, each found without a search.
        let mut places = self.scratch.borrow_mut();
        places.clear();
        for s in sides {
            self.grid(*s).near_into(lo, hi, &mut places);
        }
        places.sort_unstable();
        places.iter().map(|i| &self.models[*i]).collect()
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

    /// Enemies of `m` whose bases touch it.
    pub fn touching_enemies<'a>(&'a self, m: &'a ModelView) -> impl Iterator<Item = &'a ModelView> {
        self.models
            .iter()
            .filter(move |o| o.side != m.side && in_contact(&o.base, &m.base))
    }

    /// The enemy of `m` nearest edge to edge (ties by id). On a big table, looked for
    /// ring by ring of the grid's cells out from it, until the nearest found is nearer
    /// than any enemy in a ring not yet looked at could be.
    pub fn nearest_enemy(&self, m: &ModelView) -> Option<&ModelView> {
        if self.models.len() < GRID_FROM {
            return self.nearest_among(m, self.enemies_of(m.side));
        }
        let grid = self.grid(m.side.other());
        // How much nearer than its centre an enemy's outline may lie.
        let reach = m.base.shape.reach() + grid.reach();
        let mut best: Option<&ModelView> = None;
        let mut ring = self.scratch.borrow_mut();
        let mut k = 0;
        loop {
            ring.clear();
            if !grid.ring_into(m.base.center, k, &mut ring) {
                break;
            }
            // The nearest of those found so far (the least gap, then id, whatever the
            // order they are offered in).
            let found = ring.iter().map(|i| &self.models[*i]);
            best = self.nearest_among(m, best.into_iter().chain(found));
            // Every enemy not yet found has its centre more than `k` cells off.
            let unseen = k as f32 * grid.cell() - 1e-3 - reach;
            if best.is_some_and(|o| gap(&m.base, &o.base) + 1e-3 < unseen) {
                break;
            }
            // From a model off the grid's window, the rings before it are empty.
            k = if k == 0 {
                grid.first_ring(m.base.center)
            } else {
                k + 1
            };
        }
        best
    }

    /// The nearest of `enemies` to `m`, edge to edge (ties by id).
    fn nearest_among<'a>(
        &self,
        m: &ModelView,
        enemies: impl Iterator<Item = &'a ModelView>,
    ) -> Option<&'a ModelView> {
        nearest(&m.base, enemies, |o| &o.base, |o| o.id).map(|(_, o)| o)
    }

    fn enemies_of(&self, side: Side) -> impl Iterator<Item = &ModelView> {
        self.models.iter().filter(move |o| o.side != side)
    }

    /// The model as a mover, with everything else as geometry sees it.
    pub fn mover(&self, m: &ModelView) -> (Mover, Vec<Other>) {
        crate::phases::mover_among(m, &self.models)
    }

    /// The model as a mover, with every other base whose outline may come into the box
    /// from `lo` to `hi` (a move that stays inside the box meets no other).
    pub fn mover_near(&self, m: &ModelView, lo: Vec2, hi: Vec2) -> (Mover, Vec<Other>) {
        let margin = Vec2::splat(2.0 * crate::geometry::CONTACT_GAP);
        crate::phases::mover_among(m, self.near(&Side::BOTH, lo - margin, hi + margin))
    }
}

/// A player's snapshot kept from one decision to the next within a phase.
#[derive(Default)]
pub struct Kept(Option<(Snapshot, usize)>);

impl Kept {
    /// The snapshot for this decision: the kept one patched from the log, or a fresh one.
    pub fn take(&mut self, world: &World, side: Side) -> Snapshot {
        self.take_telling(world, side).0
    }

    /// [`Kept::take`], and whether the snapshot is the kept one patched: its models then
    /// stand at the same places in `models` as at the last decision.
    pub fn take_telling(&mut self, world: &World, side: Side) -> (Snapshot, bool) {
        match self
            .0
            .take()
            .and_then(|(snap, seen)| snap.patched(world, seen))
        {
            Some(snap) => (snap, true),
            None => (Snapshot::take(world, side), false),
        }
    }

    /// Keeps `snap` for the next decision, with the log as it stands now.
    pub fn keep(&mut self, snap: Snapshot, world: &World) {
        self.0 = Some((snap, world.resource::<BattleLog>().events.len()));
    }

    pub fn forget(&mut self) {
        self.0 = None;
    }
}
