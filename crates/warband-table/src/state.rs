//! The battle-state registry. Every component of a model and every resource that makes
//! up a battle is registered once, by the plugin that owns it; `Engine::fork` copies
//! and `Engine::state_hash` hashes exactly what is registered, so a new piece of state
//! is forked and hashed by being registered, and cannot be forgotten by one of them.

use crate::hash::Fnv;
use bevy_app::App;
use bevy_ecs::component::ComponentId;
use bevy_ecs::prelude::*;
use bevy_ecs::world::{EntityRef, EntityWorldMut};
use std::fmt::Debug;

/// One registered component of model entities.
#[derive(Clone, Copy)]
struct ComponentEntry {
    name: &'static str,
    id: fn(&World) -> Option<ComponentId>,
    copy: fn(EntityRef, &mut EntityWorldMut),
    show: fn(EntityRef) -> Option<String>,
}

/// One registered resource; `show` is None for one that never changes in play (it is
/// copied into forks but adds nothing to the hash).
#[derive(Clone, Copy)]
struct ResourceEntry {
    name: &'static str,
    id: fn(&World) -> Option<ComponentId>,
    copy: fn(&World, &mut World),
    remove: fn(&mut World),
    show: Option<fn(&World) -> String>,
}

/// One resource that every battle world, fork or recycled world starts afresh: a cache
/// or a log, neither forked nor hashed.
#[derive(Clone, Copy)]
struct FreshEntry {
    id: fn(&World) -> Option<ComponentId>,
    remove: fn(&mut World),
    init: fn(&mut World),
}

#[derive(Resource, Clone, Default)]
pub struct StateRegistry {
    components: Vec<ComponentEntry>,
    resources: Vec<ResourceEntry>,
    fresh: Vec<FreshEntry>,
}

fn copy_component<C: Component + Clone>(src: EntityRef, dst: &mut EntityWorldMut) {
    if let Some(c) = src.get::<C>() {
        dst.insert(c.clone());
    }
}

fn show_component<C: Component + Debug>(src: EntityRef) -> Option<String> {
    src.get::<C>().map(|c| format!("{c:?}"))
}

fn copy_resource<R: Resource + Clone>(src: &World, dst: &mut World) {
    if let Some(r) = src.get_resource::<R>() {
        dst.insert_resource(r.clone());
    }
}

fn remove_resource<R: Resource>(world: &mut World) {
    world.remove_resource::<R>();
}

fn resource_entry<R: Resource + Clone>(show: Option<fn(&World) -> String>) -> ResourceEntry {
    ResourceEntry {
        name: short_name::<R>(),
        id: |w| w.component_id::<R>(),
        copy: copy_resource::<R>,
        remove: remove_resource::<R>,
        show,
    }
}

fn show_resource<R: Resource + Debug>(world: &World) -> String {
    format!("{:?}", world.get_resource::<R>())
}

/// A type's own name without its module path, so that moving code between crates
/// never changes a state hash.
fn short_name<T>() -> &'static str {
    let full = std::any::type_name::<T>();
    full.rsplit("::").next().unwrap_or(full)
}

fn registry(app: &mut App) -> Mut<'_, StateRegistry> {
    app.world_mut()
        .get_resource_or_insert_with(StateRegistry::default)
}

/// Registers a component that model entities carry.
pub fn component<C: Component + Clone + Debug>(app: &mut App) {
    component_shown::<C>(app, show_component::<C>);
}

fn component_shown<C: Component + Clone>(app: &mut App, show: fn(EntityRef) -> Option<String>) {
    app.world_mut().register_component::<C>();
    registry(app).components.push(ComponentEntry {
        name: short_name::<C>(),
        id: |w| w.component_id::<C>(),
        copy: copy_component::<C>,
        show,
    });
}

/// Registers [`ModelId`](crate::components::ModelId), hashed as `ModelId(n)`: the text
/// its derived `Debug` gave before ids printed bare, so every recorded hash still holds.
pub fn model_id(app: &mut App) {
    use crate::components::ModelId;
    component_shown::<ModelId>(app, |e| {
        e.get::<ModelId>().map(|m| format!("ModelId({})", m.0))
    });
}

/// Registers a resource whose value is part of the battle's state.
pub fn resource<R: Resource + Clone + Debug>(app: &mut App) {
    let entry = resource_entry::<R>(Some(show_resource::<R>));
    registry(app).resources.push(entry);
}

/// Registers a resource that is part of the battle's state only while it is present
/// (hashed then, and nothing while absent: battles that never have it hash as before).
pub fn passing_resource<R: Resource + Clone + Debug>(app: &mut App) {
    let entry = resource_entry::<R>(Some(|w| {
        w.get_resource::<R>()
            .map(|r| format!("{r:?}"))
            .unwrap_or_default()
    }));
    registry(app).resources.push(entry);
}

/// Registers a resource fixed when the battle is set up (copied into forks, not
/// hashed).
pub fn fixed_resource<R: Resource + Clone>(app: &mut App) {
    let entry = resource_entry::<R>(None);
    registry(app).resources.push(entry);
}

/// Inits a resource that every battle world starts from its `FromWorld` value, and
/// that a fork or a recycled world starts from it again: a cache (which a fork rebuilds
/// as it copies the models in) or the log of what happened here.
pub fn fresh_resource<R: Resource + FromWorld>(app: &mut App) {
    app.init_resource::<R>();
    registry(app).fresh.push(FreshEntry {
        id: |w| w.component_id::<R>(),
        remove: remove_resource::<R>,
        init: |w| {
            let value = R::from_world(w);
            w.insert_resource(value);
        },
    });
}

impl StateRegistry {
    /// Copies model `from` of `src` onto the new entity `to`.
    pub fn copy_model(&self, from: EntityRef, to: &mut EntityWorldMut) {
        for c in &self.components {
            (c.copy)(from, to);
        }
    }

    /// Copies every registered resource from `src` to `dst`.
    pub fn copy_resources(&self, src: &World, dst: &mut World) {
        for r in &self.resources {
            (r.copy)(src, dst);
        }
    }

    /// Takes every resource that starts afresh out of `world` (a recycled world's, before
    /// its models go, so that no cache hears of them going).
    pub(crate) fn remove_fresh(&self, world: &mut World) {
        for f in &self.fresh {
            (f.remove)(world);
        }
    }

    /// Puts every registered resource of `world` back as it is in `blank`, and every
    /// resource that starts afresh back to its first value.
    pub(crate) fn restore(&self, blank: &World, world: &mut World) {
        for r in &self.resources {
            (r.remove)(world);
            (r.copy)(blank, world);
        }
        for f in &self.fresh {
            (f.init)(world);
        }
    }

    /// Whether the resource `id` of `world` is registered, as state or as fresh.
    pub(crate) fn knows_resource(&self, world: &World, id: ComponentId) -> bool {
        let state = self.resources.iter().map(|r| (r.id)(world));
        let fresh = self.fresh.iter().map(|f| (f.id)(world));
        state.chain(fresh).any(|known| known == Some(id))
    }

    /// Feeds every registered component of one model into `h`, absent ones included.
    pub fn hash_model(&self, model: EntityRef, h: &mut Fnv) {
        for c in &self.components {
            h.write_str(c.name);
            h.write_str((c.show)(model).as_deref().unwrap_or("-"));
        }
    }

    /// Feeds every registered resource that changes in play into `h`.
    pub fn hash_resources(&self, world: &World, h: &mut Fnv) {
        for r in &self.resources {
            if let Some(show) = r.show {
                let shown = show(world);
                if !shown.is_empty() {
                    h.write_str(r.name);
                    h.write_str(&shown);
                }
            }
        }
    }

    /// Components `entity` carries that no one registered (a test keeps this empty).
    pub fn unregistered(&self, world: &World, entity: Entity) -> Vec<String> {
        let known: Vec<ComponentId> = self
            .components
            .iter()
            .filter_map(|c| (c.id)(world))
            .collect();
        let e = world.entity(entity);
        e.archetype()
            .components()
            .iter()
            .filter(|id| !known.contains(id))
            .map(|id| {
                world
                    .components()
                    .get_name(*id)
                    .map_or_else(|| format!("{id:?}"), |n| n.to_string())
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::components::ModelId;

    #[test]
    fn names_carry_no_module_path() {
        assert_eq!(super::short_name::<crate::hash::Fnv>(), "Fnv");
    }

    /// An id reads, writes and prints as the plain number it was, and is hashed as the
    /// text its derived `Debug` gave: saves, log digests and state hashes recorded with
    /// `u32` ids hold.
    #[test]
    fn a_model_id_is_written_and_hashed_as_before() {
        assert_eq!(format!("{:?}", ModelId(3)), "3");
        assert_eq!(
            format!("{:?}", Some(vec![ModelId(4), ModelId(15)])),
            "Some([4, 15])"
        );
        assert_eq!(ron::to_string(&ModelId(3)).unwrap(), "3");
        assert_eq!(ron::from_str::<ModelId>("12").unwrap(), ModelId(12));
        let mut app = bevy_app::App::empty();
        super::model_id(&mut app);
        let e = app.world_mut().spawn(ModelId(7)).id();
        let registry = app.world().resource::<super::StateRegistry>();
        let shown = (registry.components[0].show)(app.world().entity(e));
        assert_eq!(shown.as_deref(), Some("ModelId(7)"));
    }
}
