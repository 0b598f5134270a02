//! A miniature's parts — the shadow under it, and its ring, bevel, side B's notches, the
//! dark top and the icon — baked into two meshes, each shared by every model of the same
//! base (and side and icon): a thousand bases are then two thousand entities drawing a
//! few dozen meshes, where each part of each model was an entity with a mesh of its own
//! (thirteen thousand of each on the great field).
//!
//! A part is spawned as a [`Part`]; when it is added, its mesh is baked (the first time
//! it is asked for) and given to it. The shadow's material lets the colours baked into
//! its vertices show as they are; the body's ring takes its colour from a
//! [`super::ring::RingMaterial`], the rest of it keeps its baked colours.

use super::BUILD_SCALE;
use crate::game::art::icons;
use bevy::asset::RenderAssetUsages;
use bevy::math::Affine2;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_prototype_lyon::prelude::tess::{
    BuffersBuilder, FillTessellator, FillVertex, FillVertexConstructor, StrokeTessellator,
    StrokeVertex, StrokeVertexConstructor, VertexBuffers,
};
use bevy_prototype_lyon::prelude::*;
use std::collections::HashMap;
use warband_rules::Side;
use warband_rules::icon::Icon;
use warband_table::geometry::BaseShape;

/// The dark top of a base, under its icon.
const TOP: Color = Color::srgb(0.16, 0.15, 0.13);
/// The icon's colour: warm white, like a painted figure under a lamp.
const ICON: Color = Color::srgb(0.96, 0.93, 0.84);
const OUTLINE: Color = Color::srgb(0.06, 0.06, 0.06);

/// A still part of a miniature, in its model's frame at the build scale.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub enum Part {
    /// The soft shadow the base casts.
    Shadow(BaseShape),
    /// The ring and everything drawn over it: bevel, notches, top and icon.
    Body(BaseShape, Side, Option<Icon>),
}

/// A [`Part`] as a key: the base's measures by their bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Shadow([u32; 2]),
    Body([u32; 2], Side, Option<Icon>),
}

fn shape_key(shape: BaseShape) -> [u32; 2] {
    match shape {
        BaseShape::Round { diameter } => [diameter.to_bits(), u32::MAX],
        BaseShape::Rect { width, depth } => [width.to_bits(), depth.to_bits()],
    }
}

impl Part {
    fn key(self) -> Key {
        match self {
            Part::Shadow(shape) => Key::Shadow(shape_key(shape)),
            Part::Body(shape, side, icon) => Key::Body(shape_key(shape), side, icon),
        }
    }

    /// Its shapes, bottom first, each placed in the model's frame.
    fn shapes(self) -> Vec<Piece> {
        match self {
            Part::Shadow(shape) => vec![Piece::still(
                outline(shape, 0.04)
                    .fill(Color::srgba(0.0, 0.0, 0.0, 0.35))
                    .build(),
            )],
            Part::Body(shape, side, icon) => body(shape, side, icon),
        }
    }
}

/// A shape of a part, placed in the model's frame; a ring's fill takes the ring's colour
/// of the moment, every other colour is baked.
struct Piece {
    shape: Shape,
    place: Affine2,
    ring: bool,
}

impl Piece {
    fn still(shape: Shape) -> Self {
        Self::placed(shape, Affine2::IDENTITY)
    }

    fn placed(shape: Shape, place: Affine2) -> Self {
        Piece {
            shape,
            place,
            ring: false,
        }
    }
}

/// How far a base's top is set in from its rim, inches.
fn inset(shape: BaseShape) -> f32 {
    shape.reach().min(0.5) * 0.24
}

/// The ring with its dark edge, the bevel's highlight, side B's notches, the dark top
/// and the icon, bottom first.
fn body(shape: BaseShape, side: Side, icon: Option<Icon>) -> Vec<Piece> {
    let s = BUILD_SCALE;
    let inset = inset(shape);
    let ring = outline(shape, 0.0)
        .fill(Color::WHITE)
        .stroke((OUTLINE, 0.05 * s))
        .build();
    let mut out = vec![
        Piece {
            ring: true,
            ..Piece::still(ring)
        },
        Piece::still(
            outline(shape, -inset * 0.45)
                .stroke((Color::srgba(1.0, 1.0, 1.0, 0.22), inset * 0.35 * s))
                .build(),
        ),
    ];
    if side == Side::B {
        out.extend(notches(shape, inset));
    }
    out.push(Piece::still(
        outline(shape, -inset)
            .fill(TOP)
            .stroke((Color::srgba(0.0, 0.0, 0.0, 0.6), 0.03 * s))
            .build(),
    ));
    if let Some(icon) = icon {
        let (at, r) = icon_place(shape, inset);
        let place = Affine2::from_scale_angle_translation(
            Vec2::splat(icons::lyon::scale_for(r * s)),
            0.0,
            at * s,
        );
        out.extend(
            icons::lyon::lyon_shapes(icon, ICON, OUTLINE)
                .into_iter()
                .map(|shape| Piece::placed(shape, place)),
        );
    }
    out
}

/// A base's outline `grow` inches outside its edge (inside when negative), at the
/// build scale.
fn outline(shape: BaseShape, grow: f32) -> ShapeBuilder<tess::path::path::Builder> {
    let s = BUILD_SCALE;
    match shape {
        BaseShape::Round { diameter } => ShapeBuilder::with(&shapes::Circle {
            radius: (diameter / 2.0 + grow).max(0.01) * s,
            center: Vec2::ZERO,
        }),
        BaseShape::Rect { width, depth } => ShapeBuilder::with(&shapes::Rectangle {
            extents: (Vec2::new(width, depth) + Vec2::splat(2.0 * grow)).max(Vec2::splat(0.02)) * s,
            origin: RectangleOrigin::Center,
            radii: None,
        }),
    }
}

/// Where a base's icon goes and its radius, inches: filling a round base's top; at the
/// left end of a rectangular one, like a standard in the rank, as large as its depth
/// allows (over half the bevel, up to a fifth of its width), so a unit reads by its
/// picture at a glance.
fn icon_place(shape: BaseShape, inset: f32) -> (Vec2, f32) {
    match shape {
        BaseShape::Round { diameter } => (Vec2::ZERO, (diameter / 2.0 - inset) * 0.97),
        BaseShape::Rect { width, depth } => {
            let r = ((depth / 2.0 - inset / 2.0) * 0.92).min(width * 0.2);
            (Vec2::new(-width / 2.0 + inset + r, 0.0), r)
        }
    }
}

/// Where a rectangular base's top is clear of its icon: the x (inches, in the base's
/// own frame, front towards +y) right of which its figures may stand.
pub fn clear_of_icon(width: f32, depth: f32) -> f32 {
    let shape = BaseShape::Rect { width, depth };
    let (at, r) = icon_place(shape, inset(shape));
    at.x + r
}

/// Side B's shape cue: four dark notches cut into the rim, on the diagonals.
fn notches(shape: BaseShape, inset: f32) -> impl Iterator<Item = Piece> {
    let s = BUILD_SCALE;
    let corner = match shape {
        BaseShape::Round { diameter } => Vec2::splat((diameter / 2.0 - inset / 2.0) / 2f32.sqrt()),
        BaseShape::Rect { width, depth } => Vec2::new(width, depth) / 2.0 - inset / 2.0,
    };
    let notch = shapes::Rectangle {
        extents: Vec2::splat(inset * 0.9 * s),
        origin: RectangleOrigin::Center,
        radii: None,
    };
    [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)]
        .into_iter()
        .map(move |(x, y)| {
            let at = Affine2::from_angle_translation(
                std::f32::consts::FRAC_PI_4,
                corner * Vec2::new(x, y) * s,
            );
            Piece::placed(ShapeBuilder::with(&notch).fill(OUTLINE).build(), at)
        })
}

/// A vertex of a baked mesh: where, its colour (linear RGBA) and whether it is the
/// ring's (1) or keeps its colour (0).
#[derive(Clone, Copy)]
struct Vertex {
    at: Vec2,
    colour: [f32; 4],
    ring: f32,
}

/// Makes vertices in one colour, each point carried into the model's frame.
struct Ink {
    colour: [f32; 4],
    place: Affine2,
    ring: f32,
}

impl Ink {
    fn vertex(&self, p: tess::math::Point) -> Vertex {
        Vertex {
            at: self.place.transform_point2(Vec2::new(p.x, p.y)),
            colour: self.colour,
            ring: self.ring,
        }
    }
}

impl FillVertexConstructor<Vertex> for Ink {
    fn new_vertex(&mut self, v: FillVertex) -> Vertex {
        self.vertex(v.position())
    }
}

impl StrokeVertexConstructor<Vertex> for Ink {
    fn new_vertex(&mut self, v: StrokeVertex) -> Vertex {
        self.vertex(v.position())
    }
}

/// Shapes tessellated into one mesh, in order (each fill, then its stroke, as the shape
/// plugin does), so later shapes paint over earlier ones. A ring's fill is marked by its
/// vertices' first texture coordinate.
fn bake(parts: &[Piece]) -> Mesh {
    let mut buffers: VertexBuffers<Vertex, u32> = VertexBuffers::new();
    let (mut fills, mut strokes) = (FillTessellator::new(), StrokeTessellator::new());
    let ink = |c: Color, place: Affine2, ring: bool| Ink {
        colour: c.to_linear().to_f32_array(),
        place,
        ring: if ring { 1.0 } else { 0.0 },
    };
    for Piece { shape, place, ring } in parts {
        if let Some(f) = shape.fill {
            let mut out = BuffersBuilder::new(&mut buffers, ink(f.color, *place, *ring));
            if let Err(e) = fills.tessellate_path(&shape.path, &f.options, &mut out) {
                error!("a miniature's part could not be filled: {e:?}");
            }
        }
        if let Some(st) = shape.stroke {
            let mut out = BuffersBuilder::new(&mut buffers, ink(st.color, *place, false));
            if let Err(e) = strokes.tessellate_path(&shape.path, &st.options, &mut out) {
                error!("a miniature's part could not be stroked: {e:?}");
            }
        }
    }
    let positions: Vec<[f32; 3]> = buffers
        .vertices
        .iter()
        .map(|v| [v.at.x, v.at.y, 0.0])
        .collect();
    let colours: Vec<[f32; 4]> = buffers.vertices.iter().map(|v| v.colour).collect();
    let rings: Vec<[f32; 2]> = buffers.vertices.iter().map(|v| [v.ring, 0.0]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_indices(Indices::U32(buffers.indices))
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, rings)
}

/// The meshes baked so far and the material every shadow shares.
#[derive(Default)]
struct Baked {
    meshes: HashMap<Key, Handle<Mesh>>,
    material: Option<Handle<ColorMaterial>>,
}

/// Where meshes and materials are kept: absent in a test world with no renderer.
type Stores<'w> = Option<(ResMut<'w, Assets<Mesh>>, ResMut<'w, Assets<ColorMaterial>>)>;

/// Gives a part just added its mesh, baking it if no model has asked for it yet, and a
/// shadow its material (a body's comes with its ring's colour, [`super::ring::tint`]).
/// With no assets — a test world with no renderer — nothing is drawn.
fn attach(
    add: On<Add, Part>,
    parts: Query<&Part>,
    mut commands: Commands,
    assets: Stores,
    mut baked: Local<Baked>,
) {
    let (Ok(part), Some((mut meshes, mut materials))) = (parts.get(add.entity), assets) else {
        return;
    };
    let mesh = baked
        .meshes
        .entry(part.key())
        .or_insert_with(|| meshes.add(bake(&part.shapes())))
        .clone();
    let mut part_of = commands.entity(add.entity);
    part_of.insert(Mesh2d(mesh));
    if let Part::Shadow(_) = part {
        let material = baked
            .material
            .get_or_insert_with(|| materials.add(ColorMaterial::default()))
            .clone();
        part_of.insert(MeshMaterial2d(material));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_observer(attach);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vertices(part: Part) -> usize {
        bake(&part.shapes())
            .attribute(Mesh::ATTRIBUTE_POSITION)
            .map_or(0, |a| a.len())
    }

    /// A body holds the ring and every part drawn over it: side B's four notches add to
    /// side A's, and an icon adds its shapes; the colours go with the vertices.
    #[test]
    fn a_body_bakes_its_parts_in_one_mesh() {
        let round = BaseShape::Round { diameter: 1.0 };
        let a = vertices(Part::Body(round, Side::A, None));
        let b = vertices(Part::Body(round, Side::B, None));
        assert!(
            a > 0 && b == a + 16,
            "four notches of four corners: {a} {b}"
        );
        let with_icon = vertices(Part::Body(round, Side::A, Some(Icon::Sword)));
        assert!(with_icon > a + 8, "{with_icon} v {a}");
        let mesh = bake(&Part::Shadow(round).shapes());
        let colours = mesh.attribute(Mesh::ATTRIBUTE_COLOR).map(|a| a.len());
        assert_eq!(
            colours,
            mesh.attribute(Mesh::ATTRIBUTE_POSITION).map(|a| a.len())
        );
        assert_eq!(rings(Part::Shadow(round)), 0, "a shadow has no ring");
    }

    /// Vertices marked as the ring's (their colour comes from the ring's material).
    fn rings(part: Part) -> usize {
        match bake(&part.shapes()).attribute(Mesh::ATTRIBUTE_UV_0) {
            Some(bevy::mesh::VertexAttributeValues::Float32x2(uv)) => {
                uv.iter().filter(|u| u[0] == 1.0).count()
            }
            _ => 0,
        }
    }

    /// The ring's fill, and nothing else, takes the ring's colour: the same vertices
    /// whatever is drawn over it, and its dark edge keeps its own.
    #[test]
    fn only_the_rings_fill_is_tinted() {
        let round = BaseShape::Round { diameter: 1.0 };
        let plain = rings(Part::Body(round, Side::A, None));
        assert!(plain > 8, "{plain}");
        assert_eq!(rings(Part::Body(round, Side::B, Some(Icon::Bow))), plain);
        let rect = BaseShape::Rect {
            width: 1.6,
            depth: 0.8,
        };
        assert_eq!(
            rings(Part::Body(rect, Side::A, None)),
            4,
            "a rectangle's corners"
        );
    }

    /// The body is drawn in the model's frame at the build scale: its ring reaches the
    /// base's edge and no vertex lies beyond the ring's dark edge (half its width out).
    #[test]
    fn a_body_stays_on_its_base() {
        let round = BaseShape::Round { diameter: 1.0 };
        let mesh = bake(&Part::Body(round, Side::B, Some(Icon::Sword)).shapes());
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(points)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions");
        };
        let far = points
            .iter()
            .map(|p| Vec2::new(p[0], p[1]).length())
            .fold(0.0, f32::max);
        let edge = 0.5 * BUILD_SCALE;
        assert!(far >= edge && far <= edge + 0.026 * BUILD_SCALE, "{far}");
    }

    #[test]
    fn an_icon_sits_on_a_round_base_and_at_the_end_of_a_units_rank() {
        let (at, r) = icon_place(BaseShape::Round { diameter: 1.0 }, 0.1);
        assert_eq!(at, Vec2::ZERO);
        assert!(r > 0.2 && r < 0.5, "{r}");
        for (width, depth) in [(1.6, 0.8), (1.6, 1.2), (1.6, 1.6)] {
            let shape = BaseShape::Rect { width, depth };
            let (at, r) = icon_place(shape, inset(shape));
            // Within the bevel's middle (its top's edge less half the bevel), at the
            // left end, and big enough to read: a third of the depth across at least.
            let inner = Vec2::new(width, depth) / 2.0 - inset(shape) / 2.0;
            assert!(
                at.x - r >= -inner.x && at.y.abs() + r <= inner.y,
                "{at} {r}"
            );
            assert!(at.x < 0.0 && 2.0 * r >= depth / 3.0, "{at} {r}");
            // The rank to its right has at least half the base's width.
            assert!(width / 2.0 - clear_of_icon(width, depth) >= width * 0.45 - 0.01);
        }
    }

    /// Two models alike share one mesh; a part spawned where there are no assets is
    /// left without one, and nothing panics.
    #[test]
    fn models_alike_share_a_mesh() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<ColorMaterial>>()
            .add_plugins(plugin);
        let round = BaseShape::Round { diameter: 1.0 };
        let spawn = |app: &mut App, part| app.world_mut().spawn(part).id();
        let x = spawn(&mut app, Part::Body(round, Side::A, Some(Icon::Sword)));
        let y = spawn(&mut app, Part::Body(round, Side::A, Some(Icon::Sword)));
        let z = spawn(&mut app, Part::Body(round, Side::B, Some(Icon::Sword)));
        app.update();
        let mesh = |app: &App, e| app.world().get::<Mesh2d>(e).map(|m| m.0.id());
        assert!(mesh(&app, x).is_some());
        assert_eq!(mesh(&app, x), mesh(&app, y));
        assert_ne!(mesh(&app, x), mesh(&app, z));
        assert_eq!(app.world().resource::<Assets<Mesh>>().len(), 2);
        let mut bare = App::new();
        bare.add_plugins(MinimalPlugins).add_plugins(plugin);
        let e = spawn(&mut bare, Part::Shadow(round));
        bare.update();
        assert!(bare.world().get::<Mesh2d>(e).is_none());
    }
}
