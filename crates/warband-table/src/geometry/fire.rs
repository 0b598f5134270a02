//! Lines of fire (RULINGS): the segment between base centres. Every other base it
//! crosses and every `obstacle` terrain piece is an obstacle, in order from the shooter;
//! terrain that blocks sight stops the shot being taken at all.

use super::convert::ray_enters_base;
use super::gap;
use super::shapes::{Placed, TerrainShape};
use crate::components::ModelId;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Crossed {
    /// A model's base, by model id.
    Base(ModelId),
    /// A terrain piece, by its index in the scenario.
    Terrain(usize),
}

/// One obstacle on the line, `at` a fraction of the way from shooter to target.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crossing {
    pub what: Crossed,
    pub at: f32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineOfFire {
    /// Range, base edge to base edge, in inches.
    pub range: f32,
    /// The first piece of terrain that blocks sight, if any.
    pub sight_blocked_by: Option<usize>,
    /// Obstacles in order from the shooter (a few, held without allocating).
    pub obstacles: SmallVec<[Crossing; 8]>,
}

impl LineOfFire {
    /// Where the line from `from` to `to` enters the terrain that blocks sight on it
    /// (`terrain` as the line was found among), if any does.
    pub fn blocked_at(
        &self,
        from: bevy_math::Vec2,
        to: bevy_math::Vec2,
        terrain: &[TerrainShape],
    ) -> Option<bevy_math::Vec2> {
        let (t_in, _) = terrain
            .get(self.sight_blocked_by?)?
            .segment_inside(from, to)?;
        Some(from.lerp(to, t_in))
    }
}

/// The line of fire from `shooter` to `target` among `bases` (id, base; the shooter and
/// target may be among them and are skipped). Terrain the shooter stands in (its centre
/// inside) is not an obstacle: it shoots out from its edge.
pub fn line_of_fire(
    shooter: (ModelId, &Placed),
    target: (ModelId, &Placed),
    bases: &[(ModelId, Placed)],
    terrain: &[TerrainShape],
) -> LineOfFire {
    line_of_fire_among(
        shooter,
        target,
        bases.iter().map(|(id, b)| (*id, b)),
        terrain,
    )
}

/// [`line_of_fire`] among bases given one by one (no list built for it).
pub fn line_of_fire_among<'a>(
    shooter: (ModelId, &Placed),
    target: (ModelId, &Placed),
    bases: impl IntoIterator<Item = (ModelId, &'a Placed)>,
    terrain: &[TerrainShape],
) -> LineOfFire {
    let mut obstacles: SmallVec<[Crossing; 8]> = SmallVec::new();
    let sight_blocked_by = crossings(shooter, target, bases, terrain, |c| obstacles.push(c));
    obstacles.sort_by(|a, b| a.at.total_cmp(&b.at).then(key(a.what).cmp(&key(b.what))));
    LineOfFire {
        range: gap(shooter.1, target.1).max(0.0),
        sight_blocked_by,
        obstacles,
    }
}

/// How many obstacles [`line_of_fire_among`] finds, or the first piece of terrain that
/// blocks sight: all a judgement of the odds of being shot needs, with no list built or
/// sorted.
pub fn obstacles_among<'a>(
    shooter: (ModelId, &Placed),
    target: (ModelId, &Placed),
    bases: impl IntoIterator<Item = (ModelId, &'a Placed)>,
    terrain: &[TerrainShape],
) -> Result<usize, usize> {
    let mut count = 0;
    match crossings(shooter, target, bases, terrain, |_| count += 1) {
        Some(piece) => Err(piece),
        None => Ok(count),
    }
}

/// Hands every obstacle on the line to `each`, bases first (in the order given), then
/// terrain; returns the first piece that blocks sight.
fn crossings<'a>(
    shooter: (ModelId, &Placed),
    target: (ModelId, &Placed),
    bases: impl IntoIterator<Item = (ModelId, &'a Placed)>,
    terrain: &[TerrainShape],
    mut each: impl FnMut(Crossing),
) -> Option<usize> {
    let (from, to) = (shooter.1.center, target.1.center);
    let (lo, hi) = (from.min(to), from.max(to));
    // A base whose outline lies wholly off the line's bounding box cannot be crossed:
    // four comparisons clear most bases before the exact test.
    for (id, base) in bases {
        if id == shooter.0 || id == target.0 || !base.may_reach_box(lo, hi, 1e-3) {
            continue;
        }
        if let Some(at) = ray_enters_base(from, to, base) {
            each(Crossing {
                what: Crossed::Base(id),
                at,
            });
        }
    }
    let mut sight_blocked_by = None;
    for (i, piece) in terrain.iter().enumerate() {
        let Some((t_in, _)) = piece.segment_inside(from, to) else {
            continue;
        };
        if piece.flags.blocks_sight && sight_blocked_by.is_none() {
            sight_blocked_by = Some(i);
        }
        if piece.flags.obstacle && !piece.contains(from) {
            each(Crossing {
                what: Crossed::Terrain(i),
                at: t_in,
            });
        }
    }
    sight_blocked_by
}

fn key(c: Crossed) -> (u8, usize) {
    match c {
        Crossed::Base(id) => (0, id.0 as usize),
        Crossed::Terrain(i) => (1, i),
    }
}

#[cfg(test)]
mod tests {
    use super::super::shapes::TerrainFlags;
    use super::*;
    use bevy_math::Vec2;

    fn b(x: f32, y: f32) -> Placed {
        Placed::round(Vec2::new(x, y), 1.0)
    }

    fn wall(x: f32) -> TerrainShape {
        TerrainShape::new(
            vec![
                Vec2::new(x, 0.0),
                Vec2::new(x + 0.5, 0.0),
                Vec2::new(x + 0.5, 20.0),
                Vec2::new(x, 20.0),
            ],
            TerrainFlags {
                obstacle: true,
                cover: true,
                ..TerrainFlags::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn lists_bases_and_obstacles_in_order_from_the_shooter() {
        let (s, t) = (b(0.0, 5.0), b(20.0, 5.0));
        let bases = [
            (ModelId(1), s),
            (ModelId(2), t),
            (ModelId(3), b(15.0, 5.3)),
            (ModelId(4), b(5.0, 4.8)),
            (ModelId(5), b(10.0, 9.0)),
        ];
        let line = line_of_fire((ModelId(1), &s), (ModelId(2), &t), &bases, &[wall(8.0)]);
        let order: Vec<Crossed> = line.obstacles.iter().map(|c| c.what).collect();
        assert_eq!(
            order,
            vec![
                Crossed::Base(ModelId(4)),
                Crossed::Terrain(0),
                Crossed::Base(ModelId(3))
            ]
        );
        assert!((line.range - 19.0).abs() < 1e-4);
        assert_eq!(line.sight_blocked_by, None);
    }

    #[test]
    fn sight_blocking_terrain_is_reported() {
        let house = TerrainShape::new(
            vec![
                Vec2::new(4.0, 0.0),
                Vec2::new(6.0, 0.0),
                Vec2::new(6.0, 10.0),
                Vec2::new(4.0, 10.0),
            ],
            TerrainFlags {
                blocks_movement: true,
                blocks_sight: true,
                ..TerrainFlags::default()
            },
        )
        .unwrap();
        let (s, t) = (b(0.0, 5.0), b(10.0, 5.0));
        let line = line_of_fire(
            (ModelId(1), &s),
            (ModelId(2), &t),
            &[],
            std::slice::from_ref(&house),
        );
        assert_eq!(line.sight_blocked_by, Some(0));
        // Drawn stopped where the line enters the house's near wall.
        let at = line.blocked_at(s.center, t.center, std::slice::from_ref(&house));
        assert!(
            at.is_some_and(|p| (p - Vec2::new(4.0, 5.0)).length() < 1e-4),
            "{at:?}"
        );
        let clear = line_of_fire((ModelId(1), &s), (ModelId(2), &t), &[], &[]);
        assert_eq!(clear.blocked_at(s.center, t.center, &[]), None);
        assert_eq!(
            obstacles_among((ModelId(1), &s), (ModelId(2), &t), [], &[house]),
            Err(0)
        );
    }

    /// The count alone is the length of the full line's list, on many random lines
    /// among scattered bases, walls and a house.
    #[test]
    fn the_obstacle_count_is_the_full_lines_length() {
        let mut state = 0x2545_f491u32;
        let mut next = move |range: f32| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            range * (state as f32 / u32::MAX as f32)
        };
        let bases: Vec<(ModelId, Placed)> = (0..40)
            .map(|i| (ModelId(i), b(next(30.0), next(20.0))))
            .collect();
        let terrain = [wall(8.0), wall(16.0), wall(23.0)];
        let (mut lines, mut crossed) = (0, 0);
        for _ in 0..2_000 {
            let (i, j) = (next(40.0) as usize, next(40.0) as usize);
            let ((si, s), (ti, t)) = (bases[i], bases[j]);
            let among = || bases.iter().map(|(id, p)| (*id, p));
            let line = line_of_fire_among((si, &s), (ti, &t), among(), &terrain);
            let count = obstacles_among((si, &s), (ti, &t), among(), &terrain);
            assert_eq!(count, Ok(line.obstacles.len()));
            lines += 1;
            crossed += line.obstacles.len();
        }
        assert!(crossed > lines, "the lines should cross things: {crossed}");
    }

    #[test]
    fn terrain_the_shooter_stands_in_is_not_an_obstacle() {
        let wood = TerrainShape::new(
            vec![
                Vec2::new(0.0, 0.0),
                Vec2::new(3.0, 0.0),
                Vec2::new(3.0, 10.0),
                Vec2::new(0.0, 10.0),
            ],
            TerrainFlags {
                obstacle: true,
                rough: true,
                cover: true,
                ..TerrainFlags::default()
            },
        )
        .unwrap();
        let (s, t) = (b(1.5, 5.0), b(10.0, 5.0));
        assert!(
            line_of_fire(
                (ModelId(1), &s),
                (ModelId(2), &t),
                &[],
                std::slice::from_ref(&wood)
            )
            .obstacles
            .is_empty()
        );
        // The other way round, the wood is in the way.
        let line = line_of_fire((ModelId(2), &t), (ModelId(1), &s), &[], &[wood]);
        assert_eq!(line.obstacles.len(), 1);
    }
}
