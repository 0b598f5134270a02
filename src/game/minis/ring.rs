//! The team ring's colour of the moment, drawn by the model's own body mesh: the body
//! is shared by every model alike, and its ring's vertices take their colour from a
//! [`RingMaterial`], one for each colour in use (side A's, side B's, dimmed, greying,
//! flashing), so a model is one entity over its shadow and models alike still share a
//! mesh and a material.

use bevy::asset::{AssetEventSystems, AssetPath, embedded_asset, embedded_path};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use bevy::sprite_render::{AlphaMode2d, Material2d, Material2dPlugin};
use std::collections::HashMap;

/// The colour a model's ring is drawn in. Its painter sets it; [`tint`] hands the body
/// the material of that colour.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Ring(pub Color);

/// Colours the ring of a body mesh (the vertices whose first texture coordinate is 1)
/// and leaves every other vertex its baked colour.
#[derive(Asset, TypePath, AsBindGroup, Clone, Debug)]
pub struct RingMaterial {
    #[uniform(0)]
    colour: LinearRgba,
}

impl Material2d for RingMaterial {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Path(
            AssetPath::from_path_buf(embedded_path!("ring.wgsl")).with_source("embedded"),
        )
    }

    fn alpha_mode(&self) -> AlphaMode2d {
        AlphaMode2d::Blend
    }
}

/// A colour as a key: its sRGB bytes, as the screen shows it.
fn key(colour: Color) -> [u8; 4] {
    colour.to_srgba().to_u8_array()
}

/// Rings with more colours than this in the cache start it afresh (colours pass by as
/// models fall and flash; the materials still drawn are kept by their models).
const KEPT: usize = 512;

/// The ring material of each colour made so far.
#[derive(Resource, Default)]
pub struct RingInks(HashMap<[u8; 4], Handle<RingMaterial>>);

impl RingInks {
    /// The material for rings of `colour`, made the first time it is asked for.
    fn ink(&mut self, colour: Color, materials: &mut Assets<RingMaterial>) -> Handle<RingMaterial> {
        if self.0.len() >= KEPT && !self.0.contains_key(&key(colour)) {
            self.0.clear();
        }
        self.0
            .entry(key(colour))
            .or_insert_with(|| {
                materials.add(RingMaterial {
                    colour: colour.to_linear(),
                })
            })
            .clone()
    }
}

/// Bodies whose ring changed colour, with the material each is drawn with (none yet when
/// just spawned).
type Recoloured<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Ring,
        Option<&'static mut MeshMaterial2d<RingMaterial>>,
    ),
    Changed<Ring>,
>;

/// Hands each body whose ring changed colour (or was just spawned) the material of that
/// colour, before the asset events of the frame are sent, so a material made now is
/// drawn this frame. With no renderer (a test world) nothing is drawn and nothing done.
pub fn tint(
    rings: Recoloured,
    mut commands: Commands,
    mut inks: ResMut<RingInks>,
    materials: Option<ResMut<Assets<RingMaterial>>>,
) {
    let Some(mut materials) = materials else {
        return;
    };
    for (e, ring, drawn) in rings {
        let ink = inks.ink(ring.0, &mut materials);
        match drawn {
            Some(mut drawn) if drawn.0 != ink => drawn.0 = ink,
            Some(_) => {}
            None => {
                commands.entity(e).insert(MeshMaterial2d(ink));
            }
        }
    }
}

/// The ring's material and its shader (the renderer's part, added by the game alone).
pub(super) fn plugin(app: &mut App) {
    embedded_asset!(app, "ring.wgsl");
    app.add_plugins(Material2dPlugin::<RingMaterial>::default());
}

/// What tints rings, in any world (a test world has no renderer).
pub(super) fn systems(app: &mut App) {
    app.init_resource::<RingInks>()
        .add_systems(PostUpdate, tint.before(AssetEventSystems));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rings of one colour share a material; another colour gets its own; a ring that
    /// changes colour is handed the material of its new colour.
    #[test]
    fn rings_of_a_colour_share_a_material() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<RingMaterial>>()
            .add_plugins(systems);
        let red = Color::srgb(0.8, 0.1, 0.1);
        let blue = Color::srgb(0.1, 0.2, 0.9);
        let x = app.world_mut().spawn(Ring(red)).id();
        let y = app.world_mut().spawn(Ring(red)).id();
        let z = app.world_mut().spawn(Ring(blue)).id();
        app.update();
        let ink = |app: &App, e| {
            app.world()
                .get::<MeshMaterial2d<RingMaterial>>(e)
                .map(|m| m.0.id())
        };
        assert!(ink(&app, x).is_some());
        assert_eq!(ink(&app, x), ink(&app, y));
        assert_ne!(ink(&app, x), ink(&app, z));
        app.world_mut().get_mut::<Ring>(y).unwrap().0 = blue;
        app.update();
        assert_eq!(ink(&app, y), ink(&app, z));
        assert_eq!(app.world().resource::<Assets<RingMaterial>>().len(), 2);
    }

    /// The cache never grows past [`KEPT`] colours, however many pass by.
    #[test]
    fn passing_colours_do_not_pile_up() {
        let mut inks = RingInks::default();
        let mut materials = Assets::<RingMaterial>::default();
        for i in 0..(KEPT * 2) {
            let c = Color::srgb_u8((i % 256) as u8, (i / 256) as u8, 7);
            inks.ink(c, &mut materials);
        }
        assert!(inks.0.len() <= KEPT, "{}", inks.0.len());
    }
}
