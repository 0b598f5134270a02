//! A kept snapshot's melee groups brought up to date after charges, without finding
//! every group of the battle afresh (on a big table, a walk of every model for each).

use super::Snapshot;
use warband_table::components::ModelId;

impl Snapshot {
    /// Joins each of `chargers` — models that moved from no melee group into contact —
    /// with the enemies its base now touches, and with their groups, as
    /// [`melee_groups`](crate::geometry::melee_groups) would group them afresh: a legal
    /// move never leaves a fight, so contact only grew, and only about the chargers.
    /// Groups not yet found are left to be found when asked for.
    pub(super) fn join_groups(&mut self, chargers: &[ModelId]) {
        if self.groups.get().is_none() || chargers.is_empty() {
            return;
        }
        let touching: Vec<(ModelId, Vec<ModelId>)> = chargers
            .iter()
            .filter_map(|id| {
                let m = self.get(*id)?;
                Some((*id, self.touching_enemies(m).map(|e| e.id).collect()))
            })
            .collect();
        let Some(mut groups) = self.groups.take() else {
            return;
        };
        for (id, enemies) in touching.into_iter().filter(|(_, e)| !e.is_empty()) {
            let mut joined = vec![id];
            joined.extend(&enemies);
            groups.retain(|g| {
                let meets = g.iter().any(|x| *x == id || enemies.contains(x));
                if meets {
                    joined.extend(g);
                }
                !meets
            });
            joined.sort_unstable();
            joined.dedup();
            // Groups stay sorted, as `melee_groups` sorts them.
            let at = groups.partition_point(|g| *g < joined);
            groups.insert(at, joined);
        }
        self.groups = std::cell::OnceCell::from(groups);
    }
}
