//! Query states kept in the world from one use to the next. `World::query` builds a new
//! `QueryState` at every call (its access, its matching tables), which cost 3% of a
//! Marauders batch where a command counts heads or looks for blessings; a state kept
//! here is built once a battle and only brought up to date. A cache, not battle state:
//! put in when first asked for, so a fork or a loaded save builds its own, and a recycled
//! world drops it with every resource its blank world lacked.

use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryFilter};

#[derive(Resource)]
struct Kept<D: QueryData + 'static, F: QueryFilter + 'static>(QueryState<D, F>);

/// Runs `f` with the world's kept query state for `D` filtered by `F` (built on first
/// use): the same items as `world.query_filtered::<D, F>()`, without building it anew.
pub fn with_query<D, F, T>(
    world: &mut World,
    f: impl FnOnce(&mut World, &mut QueryState<D, F>) -> T,
) -> T
where
    D: QueryData + 'static,
    F: QueryFilter + 'static,
{
    if !world.contains_resource::<Kept<D, F>>() {
        let state = QueryState::<D, F>::new(world);
        world.insert_resource(Kept(state));
    }
    world.resource_scope(|world, mut kept: Mut<Kept<D, F>>| f(world, &mut kept.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Component)]
    struct Hp(u32);

    #[derive(Component)]
    struct Down;

    fn standing(world: &mut World) -> Vec<u32> {
        with_query::<&Hp, Without<Down>, _>(world, |world, q| {
            let mut hp: Vec<u32> = q.iter(world).map(|h| h.0).collect();
            hp.sort_unstable();
            hp
        })
    }

    /// A kept state sees entities spawned, changed and filtered out after it was built,
    /// as a fresh query would.
    #[test]
    fn a_kept_query_sees_the_world_as_it_is_now() {
        let mut world = World::new();
        world.spawn(Hp(3));
        assert_eq!(standing(&mut world), vec![3]);
        let e = world.spawn(Hp(5)).id();
        world.spawn((Hp(7), Down));
        assert_eq!(standing(&mut world), vec![3, 5]);
        world.entity_mut(e).insert(Down);
        with_query::<&mut Hp, (), _>(&mut world, |world, q| {
            for mut hp in q.iter_mut(world) {
                hp.0 += 1;
            }
        });
        assert_eq!(standing(&mut world), vec![4]);
        let fresh: Vec<u32> = world.query::<&Hp>().iter(&world).map(|h| h.0).collect();
        assert_eq!(fresh.len(), 3);
    }
}
