//! Query states kept in the world from one use to the next. `World::query` builds a new
//! `QueryState` at every call (its access, its matching tables), which cost 3% of a
//! Marauders batch where a command counts heads or looks for blessings; a state kept
//! here is built once a battle and only brought up to date. A cache, not battle state:
//! put in when first asked for, so a fork or a loaded save builds its own, and a recycled
//! world drops it with every resource its blank world lacked.

use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryFilter};

#[derive(Resource)]
struct Kept<D: QueryData + 'static, F: QueryFilter + 'static>(Option<QueryState<D, F>>);

/// Runs `f` with the world's kept query state for `D` filtered by `F` (built on first
/// use): the same items as `world.query_filtered::<D, F>()`, in Bevy's table order as
/// that one's are, without building it anew. The state is lent out of its resource for
/// the call (the resource stays), so a call inside `f` for the same query builds its own.
pub fn with_query<D, F, T>(
    world: &mut World,
    f: impl FnOnce(&mut World, &mut QueryState<D, F>) -> T,
) -> T
where
    D: QueryData + 'static,
    F: QueryFilter + 'static,
{
    let kept = world
        .get_resource_mut::<Kept<D, F>>()
        .and_then(|mut kept| kept.0.take());
    let mut state = kept.unwrap_or_else(|| QueryState::new(world));
    let out = f(world, &mut state);
    match world.get_resource_mut::<Kept<D, F>>() {
        Some(mut kept) => kept.0 = Some(state),
        None => world.insert_resource(Kept(Some(state))),
    }
    out
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

    /// A call for the same query inside another's gets a state of its own.
    #[test]
    fn a_call_inside_another_for_the_same_query_is_served() {
        let mut world = World::new();
        world.spawn(Hp(2));
        let inner = with_query::<&Hp, Without<Down>, _>(&mut world, |world, q| {
            assert_eq!(q.iter(world).count(), 1);
            standing(world)
        });
        assert_eq!(inner, vec![2]);
        assert_eq!(standing(&mut world), vec![2]);
    }
}
