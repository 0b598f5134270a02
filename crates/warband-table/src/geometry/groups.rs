//! Melee groups (RULINGS): connected sets of models joined by enemy contacts.

use super::in_contact;
use super::shapes::Placed;
use crate::components::ModelId;
use warband_rules::Side;

/// A model as grouping sees it.
#[derive(Clone, Copy, Debug)]
pub struct Grouped {
    pub id: ModelId,
    pub side: Side,
    pub base: Placed,
}

/// The melee groups among `models`: each group's ids sorted, groups sorted by their
/// smallest id. Friendly contacts do not join groups; a model touching no enemy is in
/// no group.
pub fn melee_groups(models: &[Grouped]) -> Vec<Vec<ModelId>> {
    let n = models.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut engaged = vec![false; n];
    for (i, j) in super::close_pairs(models, |m| &m.base, super::CONTACT_GAP) {
        if models[i].side != models[j].side && in_contact(&models[i].base, &models[j].base) {
            engaged[i] = true;
            engaged[j] = true;
            let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
            parent[ri.max(rj)] = ri.min(rj);
        }
    }
    let mut groups: Vec<Vec<ModelId>> = Vec::new();
    let mut root_group: Vec<Option<usize>> = vec![None; n];
    for i in 0..n {
        if !engaged[i] {
            continue;
        }
        let r = find(&mut parent, i);
        let g = *root_group[r].get_or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push(models[i].id);
    }
    for g in &mut groups {
        g.sort_unstable();
    }
    groups.sort();
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_math::Vec2;

    fn m(id: ModelId, side: Side, x: f32) -> Grouped {
        Grouped {
            id,
            side,
            base: Placed::round(Vec2::new(x, 5.0), 1.0),
        }
    }

    #[test]
    fn two_against_one_is_one_group() {
        // A1 at 1, B2 at 2, A3 at 3: B2 touches both.
        let groups = melee_groups(&[
            m(ModelId(1), Side::A, 1.0),
            m(ModelId(2), Side::B, 2.0),
            m(ModelId(3), Side::A, 3.0),
        ]);
        assert_eq!(groups, vec![vec![1, 2, 3]]);
    }

    #[test]
    fn friendly_contact_does_not_join_and_loners_are_left_out() {
        // A1–B2 engaged; A3 touches A1 only; B4 far away.
        let groups = melee_groups(&[
            m(ModelId(1), Side::A, 1.0),
            m(ModelId(2), Side::B, 2.0),
            m(ModelId(3), Side::A, 0.0),
            m(ModelId(4), Side::B, 20.0),
        ]);
        assert_eq!(groups, vec![vec![1, 2]]);
    }

    #[test]
    fn separate_fights_are_separate_groups() {
        let groups = melee_groups(&[
            m(ModelId(5), Side::A, 10.0),
            m(ModelId(6), Side::B, 11.0),
            m(ModelId(1), Side::A, 1.0),
            m(ModelId(2), Side::B, 2.0),
        ]);
        assert_eq!(groups, vec![vec![1, 2], vec![5, 6]]);
    }
}
