//! Where each miniature is drawn this frame, and the base under the pointer there.

use super::Mini;
use super::body::Part;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use warband_table::components::ModelId;
use warband_table::geometry::Placed;

/// Where each miniature is drawn this frame, which may not yet be where the engine has
/// its model (it glides there): what is drawn beside a model (its health, rings and marks)
/// is drawn where the miniature is, or it would run ahead of it.
#[derive(SystemParam)]
pub struct DrawnAt<'w, 's> {
    minis: Query<'w, 's, (&'static Mini, &'static Transform, &'static Part)>,
}

impl DrawnAt<'_, '_> {
    /// Every miniature's place, by model.
    pub fn places(&self) -> Places {
        Places(
            self.minis
                .iter()
                .map(|(m, t, _)| (m.id, drawn_place(t)))
                .collect(),
        )
    }

    /// The miniature whose base, its own shape where it is drawn, lies under `p`: its
    /// model and that base.
    pub fn under(&self, p: Vec2) -> Option<(ModelId, Placed)> {
        self.minis.iter().find_map(|(m, t, part)| {
            let Part::Body(shape, ..) = part else {
                return None;
            };
            let (center, facing) = drawn_place(t);
            let base = Placed {
                shape: *shape,
                center,
                facing,
            };
            warband_table::geometry::facing::hit(&base, p).then_some((m.id, base))
        })
    }
}

/// Where a miniature drawn with `t` stands and faces (its Transform is the table's: a
/// miniature has no parent).
fn drawn_place(t: &Transform) -> (Vec2, f32) {
    (
        t.translation.truncate(),
        t.rotation.to_euler(EulerRot::ZYX).0,
    )
}

/// The miniatures' places this frame ([`DrawnAt::places`]).
#[derive(Default)]
pub struct Places(std::collections::HashMap<ModelId, (Vec2, f32)>);

impl Places {
    /// Model `id`'s `base` where its miniature is drawn (where the engine has it, for
    /// a model with none).
    pub fn base(&self, id: ModelId, base: &Placed) -> Placed {
        match self.0.get(&id) {
            Some((center, facing)) => Placed {
                center: *center,
                facing: *facing,
                ..*base
            },
            None => *base,
        }
    }
}
