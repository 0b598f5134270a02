//! Reading a ruleset's models out of the world fast, the way every ruleset's commands and
//! players read them thousands of times a battle: through a query kept from read to read
//! (its component ids found once, not looked up by type at every read of every model,
//! which cost a fifth of a batch of battles) and walked table by table in id order
//! rather than entity by entity. A cache, not battle state: a fork builds its own.
//!
//! A ruleset names the components its view is made of (`D`) and inits
//! [`ViewQuery<D>`] in its plugin; every item comes keyed by entity, model id and
//! whether the model is out of action.

use crate::components::{ModelId, OutOfAction};
use crate::engine::ModelIndex;
use crate::frozen::{is_frozen, remembered};
use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryItem, ReadOnlyQueryData};
use std::rc::Rc;
use std::sync::{Mutex, PoisonError};

/// A view query: the entity, its model id, whether it is out of action, then the
/// ruleset's own components `D`.
pub type Keyed<D> = (Entity, &'static ModelId, Has<OutOfAction>, D);

/// One model as a view query reads it.
pub type Item<'w, 's, D> = QueryItem<'w, 's, Keyed<D>>;

/// The kept query a ruleset's views are read through.
#[derive(Resource)]
pub struct ViewQuery<D: ReadOnlyQueryData + 'static>(Mutex<QueryState<Keyed<D>>>);

impl<D: ReadOnlyQueryData + 'static> FromWorld for ViewQuery<D> {
    fn from_world(world: &mut World) -> Self {
        Self(Mutex::new(QueryState::new(world)))
    }
}

/// Reads models through the world's [`ViewQuery<D>`].
pub fn read_views<D: ReadOnlyQueryData + 'static, T>(
    world: &World,
    read: impl FnOnce(&Query<Keyed<D>>) -> T,
) -> T {
    let mut state = world
        .resource::<ViewQuery<D>>()
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    state.update_archetypes(world);
    read(&state.query_manual(world))
}

/// Every model of the battle's [`ModelIndex`] as `make` reads it (None: left out), in
/// id order.
pub fn by_id<D: ReadOnlyQueryData + 'static, T>(
    world: &World,
    make: impl Fn(Item<'_, '_, D>) -> Option<T>,
) -> Vec<T> {
    let index = &world.resource::<ModelIndex>().0;
    let mut slots: Vec<Option<T>> = std::iter::repeat_with(|| None).take(index.len()).collect();
    read_views::<D, _>(world, |q| {
        for item in q.iter() {
            let slot = usize::try_from(item.1.0)
                .ok()
                .and_then(|i| i.checked_sub(1));
            if let Some(i) = slot.filter(|i| index.get(*i) == Some(&item.0)) {
                slots[i] = make(item);
            }
        }
    });
    let mut out = Vec::with_capacity(slots.iter().filter(|s| s.is_some()).count());
    out.extend(slots.into_iter().flatten());
    out
}

/// Every model still in play (not out of action), in id order.
pub fn in_play_by_id<D: ReadOnlyQueryData + 'static, T>(
    world: &World,
    make: impl Fn(Item<'_, '_, D>) -> T,
) -> Vec<T> {
    by_id::<D, T>(world, |item| (!item.2).then(|| make(item)))
}

/// Model `id` if it is still in play, as `make` reads it.
pub fn in_play_with_id<D: ReadOnlyQueryData + 'static, T>(
    world: &World,
    id: ModelId,
    make: impl FnOnce(Item<'_, '_, D>) -> T,
) -> Option<T> {
    let e = world.resource::<ModelIndex>().entity(id)?;
    read_views::<D, _>(world, |q| q.get(e).ok().filter(|item| !item.2).map(make))
}

/// [`in_play_by_id`], remembered while the world is frozen (see [`crate::frozen`]): a
/// player deciding reads the same models again and again. `(D, T)` names the read, so
/// a ruleset has one `make` for each pair.
pub fn in_play_kept<D: ReadOnlyQueryData + 'static, T: 'static>(
    world: &World,
    make: impl Fn(Item<'_, '_, D>) -> T,
) -> Rc<Vec<T>> {
    remembered::<(D, T), _>(world, || Rc::new(in_play_by_id::<D, T>(world, make)))
}

/// [`in_play_with_id`]; while the world is frozen, found in [`in_play_kept`]'s read
/// (`id_of` tells each item's id).
pub fn with_id_kept<D: ReadOnlyQueryData + 'static, T: Clone + 'static>(
    world: &World,
    id: ModelId,
    make: impl Fn(Item<'_, '_, D>) -> T,
    id_of: impl Fn(&T) -> ModelId,
) -> Option<T> {
    if !is_frozen(world) {
        return in_play_with_id::<D, T>(world, id, make);
    }
    let all = in_play_kept::<D, T>(world, make);
    let i = all.binary_search_by_key(&id, id_of).ok()?;
    Some(all[i].clone())
}
