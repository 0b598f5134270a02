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
    minis: Query<
        'w,
        's,
        (
            &'static Mini,
            &'static Transform,
            &'static Part,
            &'static Visibility,
        ),
    >,
}

impl DrawnAt<'_, '_> {
    /// Every miniature's place, by model.
    pub fn places(&self) -> Places {
        Places(
            self.minis
                .iter()
                .map(|(m, t, _, _)| (m.id, drawn_place(t)))
                .collect(),
        )
    }

    /// The miniature whose base, its own shape where it is drawn, lies under `p`: its
    /// model and that base.
    pub fn under(&self, p: Vec2) -> Option<(ModelId, Placed)> {
        self.minis.iter().find_map(|(m, t, part, _)| {
            let base = body_at(t, part)?;
            warband_table::geometry::facing::hit(&base, p).then_some((m.id, base))
        })
    }

    /// The casualty lying under `p`, shown and with no model in play over it there.
    pub fn fallen_under(&self, p: Vec2) -> Option<ModelId> {
        let mut fallen = None;
        for (m, t, part, vis) in &self.minis {
            let Some(base) = body_at(t, part) else {
                continue;
            };
            if !warband_table::geometry::facing::hit(&base, p) {
                continue;
            }
            if !m.fallen() {
                return None;
            }
            if *vis != Visibility::Hidden {
                fallen = Some(m.id);
            }
        }
        fallen
    }
}

/// How long after a model leaves play a click where it lies is taken as meant for it:
/// the player aimed at it as it fell.
pub const JUST_FELL: f32 = 2.0;

impl DrawnAt<'_, '_> {
    /// An enemy of `side` lying under `p` that left play under [`JUST_FELL`] seconds ago.
    pub fn just_fallen_under(&self, p: Vec2, side: warband_rules::Side) -> Option<ModelId> {
        let id = self.fallen_under(p)?;
        self.minis
            .iter()
            .any(|(m, ..)| m.id == id && m.side != side && m.fell_ago < JUST_FELL)
            .then_some(id)
    }
}

/// The base of a miniature's body where it is drawn (none for its other parts).
fn body_at(t: &Transform, part: &Part) -> Option<Placed> {
    let Part::Body(shape, ..) = part else {
        return None;
    };
    let (center, facing) = drawn_place(t);
    Some(Placed {
        shape: *shape,
        center,
        facing,
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::SystemState;
    use warband_rules::Side;

    /// A casualty is found under the pointer, unless a model in play stands over it
    /// there or casualties are hidden.
    #[test]
    fn a_casualty_is_found_where_no_living_model_stands_over_it() {
        let mut app = App::new();
        let mut commands = app.world_mut().commands();
        for (id, x) in [(1, 5.0), (2, 5.5), (3, 9.0)] {
            let base = Placed::round(Vec2::new(x, 5.0), 1.0);
            let name = format!("model {id}");
            super::super::spawn_mini(
                &mut commands,
                name,
                (ModelId(id), Side::A),
                &base,
                None,
                super::super::BARE,
            );
        }
        app.world_mut().flush();
        let mut minis = app.world_mut().query::<(&mut Mini, &mut Visibility)>();
        for (mut m, _) in minis.iter_mut(app.world_mut()) {
            if m.id != ModelId(2) {
                m.gone_for = super::super::super::models::FALL;
            }
        }
        let under = |app: &mut App, x: f32| {
            let mut state = SystemState::<DrawnAt>::new(app.world_mut());
            state
                .get(app.world())
                .unwrap()
                .fallen_under(Vec2::new(x, 5.0))
        };
        assert_eq!(under(&mut app, 9.0), Some(ModelId(3)));
        assert_eq!(under(&mut app, 4.6), Some(ModelId(1)));
        assert_eq!(
            under(&mut app, 5.3),
            None,
            "a model in play lies over it there"
        );
        assert_eq!(under(&mut app, 20.0), None);
        for (m, mut vis) in minis.iter_mut(app.world_mut()) {
            if m.id == ModelId(3) {
                *vis = Visibility::Hidden;
            }
        }
        assert_eq!(under(&mut app, 9.0), None, "hidden");
    }
}
