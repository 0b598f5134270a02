//! Models on the table: a round base in its side's colour on a dark rim (its initials
//! are drawn in screen space by the hud, to read at any zoom), kept in step with the
//! engine every frame. A broken side is dimmed; a removed model fades out.

use crate::game::models::fade;
use crate::game::palette;
use crate::game::screens::{BattleStarted, Screen};
use crate::game::session::Session;
use bevy::prelude::*;
use std::collections::HashMap;
use warband_marauders::battle::{ModelView, find, models};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Looks>()
        .add_systems(OnEnter(Screen::Battle), spawn_models.after(BattleStarted))
        .add_systems(Update, sync_models.run_if(in_state(Screen::Battle)));
}

/// The visual of model `id`: a dark rim, and its `fill` drawn on it.
#[derive(Component)]
pub struct ModelVisual {
    pub id: u32,
    fill: Entity,
    /// Seconds since the model left play.
    gone_for: f32,
}

const RIM: Color = Color::srgb(0.08, 0.08, 0.08);
const RIM_WIDTH: f32 = 0.06;

/// The meshes and colours model visuals share: a disc per size and a material per
/// colour, so the renderer draws every base of one size and colour in one batch. (A
/// lyon shape per model was a mesh of its own, one draw call each: 1,000 of them on the
/// great field.)
#[derive(Resource, Default)]
struct Looks {
    discs: HashMap<u32, Handle<Mesh>>,
    paints: HashMap<[u8; 4], Handle<ColorMaterial>>,
}

impl Looks {
    fn disc(&mut self, meshes: &mut Assets<Mesh>, radius: f32) -> Handle<Mesh> {
        self.discs
            .entry(radius.to_bits())
            .or_insert_with(|| meshes.add(Circle::new(radius)))
            .clone()
    }

    fn paint(
        &mut self,
        materials: &mut Assets<ColorMaterial>,
        colour: Color,
    ) -> Handle<ColorMaterial> {
        self.paints
            .entry(colour.to_srgba().to_u8_array())
            .or_insert_with(|| materials.add(colour))
            .clone()
    }
}

fn spawn_models(
    mut commands: Commands,
    session: Option<NonSend<Session>>,
    mut looks: ResMut<Looks>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(session) = session else { return };
    let rim = looks.paint(&mut materials, RIM);
    for m in models(session.engine.world()) {
        let radius = m.base.shape.reach();
        let fill = commands
            .spawn((
                Mesh2d(looks.disc(&mut meshes, radius - RIM_WIDTH)),
                MeshMaterial2d(looks.paint(&mut materials, palette::side(m.side))),
                Transform::from_xyz(0.0, 0.0, 0.01),
            ))
            .id();
        commands
            .spawn((
                Name::new(format!("{} #{}", m.profile.name, m.id)),
                DespawnOnExit(Screen::Battle),
                ModelVisual {
                    id: m.id,
                    fill,
                    gone_for: 0.0,
                },
                Mesh2d(looks.disc(&mut meshes, radius)),
                MeshMaterial2d(rim.clone()),
                Transform::from_translation(m.base.center.extend(2.0)),
                Visibility::default(),
            ))
            .add_child(fill);
    }
}

fn colour(m: &ModelView, broken: bool) -> Color {
    let c = palette::side(m.side);
    if broken {
        c.mix(&Color::srgb(0.35, 0.35, 0.35), 0.6)
    } else if m.conditions.asleep {
        c.mix(&Color::srgb(0.6, 0.6, 0.9), 0.5)
    } else {
        c
    }
}

fn sync_models(
    time: Res<Time>,
    session: Option<NonSend<Session>>,
    mut looks: ResMut<Looks>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut visuals: Query<(&mut ModelVisual, &mut Transform, &mut Visibility)>,
    mut fills: Query<&mut MeshMaterial2d<ColorMaterial>, Without<ModelVisual>>,
) {
    let Some(session) = session else { return };
    let all = models(session.engine.world());
    let battle = session.engine.battle();
    for (mut v, mut t, mut vis) in &mut visuals {
        let Some(m) = find(&all, v.id) else {
            continue;
        };
        let at = Transform {
            translation: m.base.center.extend(t.translation.z),
            ..*t
        };
        t.set_if_neq(at);
        let c = colour(m, battle.side(m.side).broken);
        let c = fade(c, &mut v.gone_for, !m.in_play, time.delta_secs(), &mut vis);
        if let Ok(mut fill) = fills.get_mut(v.fill) {
            let paint = looks.paint(&mut materials, c);
            if fill.0 != paint {
                fill.0 = paint;
            }
        }
    }
}
