//! The models that fled past the table's edge, as a ruleset's log says: such a model
//! leaves the table rather than lying where it last stood.

use bevy::prelude::*;
use warband_table::components::ModelId;
use warband_table::log::Entry;

/// The models that fled off the table: read as the log grows (a frame reads only its
/// new entries), and afresh once the engine is remade or its log is shorter (a replay
/// moved back). Each ruleset's models say which of its log's entries is a flight and
/// start a battle with a fresh one.
#[derive(Resource, Default)]
pub struct FledOff {
    remade: u32,
    seen: usize,
    pub ids: Vec<ModelId>,
}

impl FledOff {
    /// Reads the log's new entries; `fled` names the model a rules event took off the
    /// table (the ruleset's own, as its result notes read them).
    pub fn update<C, E>(
        &mut self,
        events: &[Entry<C, E>],
        remade: u32,
        fled: impl FnMut(&E) -> Option<ModelId>,
    ) {
        if self.remade != remade || events.len() < self.seen {
            *self = Self {
                remade,
                ..Self::default()
            };
        }
        let new = &events[self.seen..];
        self.ids.extend(crate::game::desk::read_log(new, fled));
        self.seen = events.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flights are read once each, and afresh once the engine is remade or the
    /// log grows shorter.
    #[test]
    fn flights_are_read_once_and_afresh_after_a_remake() {
        let fled = |e: &(u32, bool)| e.1.then_some(ModelId(e.0));
        let rules = |id, flight| Entry::<(), (u32, bool)>::Rules((id, flight));
        let mut log = vec![rules(1, false)];
        let mut f = FledOff::default();
        f.update(&log, 0, fled);
        assert!(f.ids.is_empty());
        log.extend([rules(3, true), rules(4, false)]);
        f.update(&log, 0, fled);
        f.update(&log, 0, fled);
        assert_eq!(f.ids, vec![ModelId(3)], "nothing counted twice");
        f.update(&log, 1, fled);
        assert_eq!((f.ids.clone(), f.remade), (vec![ModelId(3)], 1));
        log.truncate(1);
        f.update(&log, 1, fled);
        assert!(f.ids.is_empty(), "a log moved back is read afresh");
    }
}
