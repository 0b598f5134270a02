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
mod tests;
