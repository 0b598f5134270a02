//! Reads remembered while a world cannot change. A computer player decides on a
//! borrowed world (`Policy::next` holds `&Engine`), and in that time it reads the same
//! models again and again: every candidate move is checked against every unit's place,
//! every target found by id. Inside [`frozen`] a ruleset's read through [`remembered`]
//! is made once and handed out again, so the player sees exactly what it would have
//! read, for less.
//!
//! Sound because the scope borrows the world for its whole length: nothing can change
//! it (a `&World` gives no way to write a component or resource), nor drop it and put
//! another world at its address. Reads of any other world — a fork a searching player
//! plays out inside the scope — are not remembered unless that world is frozen too.

use bevy_ecs::world::World;
use std::any::{Any, TypeId};
use std::cell::RefCell;

/// A frozen world's remembered reads, each under the type that names it.
struct Frozen {
    world: usize,
    reads: Vec<(TypeId, Box<dyn Any>)>,
}

thread_local! {
    static FROZEN: RefCell<Vec<Frozen>> = const { RefCell::new(Vec::new()) };
}

fn address(world: &World) -> usize {
    std::ptr::from_ref(world) as usize
}

/// Runs `f` with `world` frozen: reads of it through [`remembered`] are made once. A
/// world already frozen stays so, with what it remembers.
pub fn frozen<T>(world: &World, f: impl FnOnce() -> T) -> T {
    let w = address(world);
    let fresh = FROZEN.with_borrow_mut(|stack| {
        let fresh = !stack.iter().any(|s| s.world == w);
        if fresh {
            stack.push(Frozen {
                world: w,
                reads: Vec::new(),
            });
        }
        fresh
    });
    /// Thaws the world when the scope ends, a panic's unwinding included.
    struct Thaw(bool);
    impl Drop for Thaw {
        fn drop(&mut self) {
            if self.0 {
                FROZEN.with_borrow_mut(|stack| stack.pop());
            }
        }
    }
    let _thaw = Thaw(fresh);
    f()
}

/// Whether `world` is frozen now: a read by id may then be served from a whole read.
pub fn is_frozen(world: &World) -> bool {
    let w = address(world);
    FROZEN.with_borrow(|stack| stack.iter().any(|s| s.world == w))
}

/// The read named `K` of `world`: remembered from the first time while the world is
/// frozen, else made afresh by `read` each time. `read` must depend on the world alone
/// (the same world, the same answer), and `K` must name one read.
pub fn remembered<K: 'static, T: Clone + 'static>(world: &World, read: impl FnOnce() -> T) -> T {
    let w = address(world);
    let key = TypeId::of::<K>();
    let kept = FROZEN.with_borrow(|stack| {
        let f = stack.iter().rfind(|s| s.world == w)?;
        let (_, value) = f.reads.iter().find(|(k, _)| *k == key)?;
        value.downcast_ref::<T>().cloned()
    });
    if let Some(value) = kept {
        return value;
    }
    // Not borrowed while reading: a read may itself read through here.
    let value = read();
    FROZEN.with_borrow_mut(|stack| {
        if let Some(f) = stack.iter_mut().rfind(|s| s.world == w) {
            f.reads.push((key, Box::new(value.clone())));
        }
    });
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_ecs::prelude::*;
    use std::cell::Cell;

    #[derive(Resource)]
    struct Count(u32);

    struct CountRead;

    /// Reads the count, counting the reads made.
    fn read(world: &World, made: &Cell<u32>) -> u32 {
        remembered::<CountRead, u32>(world, || {
            made.set(made.get() + 1);
            world.resource::<Count>().0
        })
    }

    #[test]
    fn a_frozen_world_is_read_once_and_a_thawed_one_each_time() {
        let mut world = World::new();
        world.insert_resource(Count(3));
        let made = Cell::new(0);
        let inside = frozen(&world, || [read(&world, &made), read(&world, &made)]);
        assert_eq!((inside, made.get()), ([3, 3], 1));
        world.resource_mut::<Count>().0 = 4;
        assert_eq!(read(&world, &made), 4, "a thawed world is read afresh");
        assert_eq!(read(&world, &made), 4);
        assert_eq!(made.get(), 3);
        let again = frozen(&world, || read(&world, &made));
        assert_eq!(
            (again, made.get()),
            (4, 4),
            "a new scope remembers nothing old"
        );
    }

    #[test]
    fn another_world_read_inside_the_scope_is_not_remembered() {
        let mut a = World::new();
        a.insert_resource(Count(1));
        let mut b = World::new();
        b.insert_resource(Count(2));
        let made = Cell::new(0);
        let reads = frozen(&a, || {
            [
                read(&a, &made),
                read(&b, &made),
                read(&b, &made),
                read(&a, &made),
            ]
        });
        assert_eq!(reads, [1, 2, 2, 1]);
        assert_eq!(made.get(), 3, "b, not frozen, is read each time");
        let nested = frozen(&a, || frozen(&b, || [read(&b, &made), read(&b, &made)]));
        assert_eq!((nested, made.get()), ([2, 2], 4));
    }

    #[test]
    fn a_panic_inside_thaws_the_world() {
        let mut world = World::new();
        world.insert_resource(Count(5));
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            frozen(&world, || -> () { panic!("a player failed") })
        }));
        assert!(caught.is_err());
        FROZEN.with_borrow(|stack| assert!(stack.is_empty()));
        let made = Cell::new(0);
        read(&world, &made);
        read(&world, &made);
        assert_eq!(made.get(), 2);
    }
}
