//! Terrain drawn as it looks: a piece's convex outline (inches) becomes a list of
//! [`Mark`]s — filled outlines and lines, bottom first — that the table turns into lyon
//! shapes and the tests count. A wood is a cluster of tree crowns, a house a roof, a
//! river water between muddy banks. Each piece draws its details from its own seeded
//! stream, so it looks the same every time and the battle's dice are never touched.
//! The light falls from the top left: shadows lie down and to the right.

mod built;
mod geom;
mod ground;
mod plants;
mod rng;
mod rock;
mod water;

use geom::*;
pub use rng::{Rng, hash_str};

use bevy::color::{Alpha, Mix};
use bevy::math::Vec2;
use bevy::prelude::Color;
use warband_table::table::{Look, TerrainDef};

/// One shape of a piece's picture: closed outlines (filled, edged, or both; rings of one
/// mark should not overlap, or overlap as one) or open lines.
#[derive(Clone, Debug)]
pub struct Mark {
    pub rings: Vec<Vec<Vec2>>,
    pub closed: bool,
    pub fill: Option<Color>,
    pub line: Option<(Color, f32)>,
}

impl Mark {
    /// Outlines filled with one colour.
    pub fn fill(rings: Vec<Vec<Vec2>>, colour: Color) -> Mark {
        Mark {
            rings,
            closed: true,
            fill: Some(colour),
            line: None,
        }
    }

    /// One outline filled.
    pub fn one(ring: Vec<Vec2>, colour: Color) -> Mark {
        Mark::fill(vec![ring], colour)
    }

    /// Open lines of one colour and width (inches).
    pub fn lines(lines: Vec<Vec<Vec2>>, colour: Color, width: f32) -> Mark {
        Mark {
            rings: lines,
            closed: false,
            fill: None,
            line: Some((colour, width)),
        }
    }

    /// An outline edged, not filled.
    pub fn outline(ring: Vec<Vec2>, colour: Color, width: f32) -> Mark {
        Mark {
            rings: vec![ring],
            closed: true,
            fill: None,
            line: Some((colour, width)),
        }
    }

    /// The outline edged as well.
    pub fn edged(mut self, colour: Color, width: f32) -> Mark {
        self.line = Some((colour, width));
        self
    }

    /// Whether it draws anything: rings of enough points, all finite.
    fn keep(mut self) -> Option<Mark> {
        let least = if self.closed { 3 } else { 2 };
        self.rings
            .retain(|r| r.len() >= least && r.iter().all(|p| p.is_finite()));
        (!self.rings.is_empty()).then_some(self)
    }
}

/// Which way the light comes from (a unit vector toward it): the top left.
pub const LIGHT: Vec2 = Vec2::new(-0.6, 0.8);

/// Where a piece `height` inches tall casts its shadow, from its outline.
pub fn shadow_offset(height: f32) -> Vec2 {
    Vec2::new(0.55, -0.75) * height
}

/// A soft shadow of `ring` cast by something `height` tall: two layers, the nearer
/// darker.
pub fn shadow(ring: &[Vec2], height: f32, strength: f32) -> Vec<Mark> {
    let dark = Color::srgba(0.02, 0.03, 0.02, 1.0);
    [(1.0, 0.55), (0.55, 0.45)]
        .into_iter()
        .map(|(reach, share)| {
            let by = shadow_offset(height * reach);
            let moved = ring.iter().map(|p| *p + by).collect();
            Mark::one(moved, dark.with_alpha(strength * share))
        })
        .collect()
}

/// Small shapes, each of one of a few colours chosen at random, drawn as one mark a
/// colour (stones in a wall, scree, fallen rock).
pub struct ByColour<'a> {
    colours: &'a [Color],
    rings: Vec<Vec<Vec<Vec2>>>,
}

impl<'a> ByColour<'a> {
    pub fn new(colours: &'a [Color]) -> Self {
        ByColour {
            colours,
            rings: vec![Vec::new(); colours.len()],
        }
    }

    /// The shapes of a colour drawn from `rng`, to add the next one to.
    pub fn bucket(&mut self, rng: &mut Rng) -> &mut Vec<Vec<Vec2>> {
        &mut self.rings[rng.index(self.colours.len())]
    }

    /// A mark a colour, each edged `width` inches in its colour shaded by `edge`.
    pub fn marks(self, edge: f32, width: f32) -> Vec<Mark> {
        self.rings
            .into_iter()
            .zip(self.colours)
            .map(|(rings, c)| Mark::fill(rings, *c).edged(shade(*c, edge), width))
            .collect()
    }
}

/// `c` lightened (`k` > 0, toward white) or darkened (`k` < 0, toward black), its
/// alpha kept.
pub fn shade(c: Color, k: f32) -> Color {
    let target = if k >= 0.0 { Color::WHITE } else { Color::BLACK };
    c.mix(&target.with_alpha(c.alpha()), k.abs().min(1.0))
}

/// How a facet facing `outward` (a unit vector along the ground) catches the light:
/// +1 facing it, −1 facing away.
pub fn lit(outward: Vec2) -> f32 {
    outward.normalize_or_zero().dot(LIGHT.normalize())
}

/// What a recipe draws from: the piece's outline (counter-clockwise), which of its
/// edges run on under the table's edge or into the next piece of water, the water a
/// ford carries across, its axes and its random stream.
pub struct Piece {
    pub outline: Vec<Vec2>,
    /// Per edge `i` (from corner `i` to `i + 1`): it is no bank or rim, for the piece
    /// goes on past it.
    pub open: Vec<bool>,
    /// The look of the water this piece joins (a ford's river), river where none.
    pub joins: Look,
    pub axes: Axes,
    pub rng: Rng,
}

impl Piece {
    /// The outline moved in by `d` along its closed edges only.
    pub fn inset_closed(&self, d: f32) -> Vec<Vec2> {
        inset(&self.outline, |i| if self.open[i] { 0.0 } else { d })
    }

    /// Its size: the half width across, at least a hair.
    pub fn half_width(&self) -> f32 {
        self.axes.half.y.max(0.01)
    }
}

/// What lies about a piece: the table's size (inches) and every piece on it (the
/// piece itself among them).
#[derive(Clone, Copy)]
pub struct Around<'a> {
    pub table: Vec2,
    pub pieces: &'a [TerrainDef],
}

/// The picture of a piece: marks bottom first. Every edge along the table's edge runs
/// on under the frame; water's edges along another piece of water run on into it.
/// Never empty for an outline of three or more corners.
pub fn draw(def: &TerrainDef, seed: u64, around: Around) -> Vec<Mark> {
    let outline = ccw(&corners(def));
    if outline.len() < 3 {
        return Vec::new();
    }
    let water: Vec<(Look, Vec<Vec2>)> = around
        .pieces
        .iter()
        .filter(|t| wet(def.look()) && wet(t.look()) && *t != def)
        .map(|t| (t.look(), corners(t)))
        .collect();
    let outlines: Vec<Vec<Vec2>> = water.iter().map(|(_, o)| o.clone()).collect();
    let n = outline.len();
    let open = (0..n)
        .map(|i| runs_on(outline[i], outline[(i + 1) % n], around.table, &outlines))
        .collect();
    let joins = water
        .iter()
        .filter(|(look, o)| *look != Look::Ford && touches(&outline, o))
        .map(|(look, _)| *look)
        .next()
        .unwrap_or(Look::River);
    let mut piece = Piece {
        axes: Axes::of(&outline),
        outline,
        open,
        joins,
        rng: Rng::new(seed),
    };
    let marks = recipe(def.look(), &mut piece);
    let mut kept: Vec<Mark> = marks.into_iter().filter_map(Mark::keep).collect();
    if kept.is_empty() {
        let (fill, line) = crate::game::palette::look(def.look());
        kept.push(Mark::one(piece.outline.clone(), fill).edged(line, 0.05));
    }
    kept
}

/// A piece's corners as points.
pub fn corners(def: &TerrainDef) -> Vec<Vec2> {
    def.corners.iter().map(|(x, y)| Vec2::new(*x, *y)).collect()
}

/// Whether an edge of `outline` runs along an edge of `other`.
fn touches(outline: &[Vec2], other: &[Vec2]) -> bool {
    let n = outline.len();
    (0..n).any(|i| along_outline(outline[i], outline[(i + 1) % n], other))
}

fn recipe(look: Look, p: &mut Piece) -> Vec<Mark> {
    match look {
        Look::Wood => plants::wood(p),
        Look::Hedge => plants::hedge(p),
        Look::Hill => ground::hill(p),
        Look::Bog => ground::bog(p),
        Look::Scree => ground::scree(p),
        Look::River => water::river(p, false),
        Look::Water => water::river(p, true),
        Look::Ford => water::ford(p),
        Look::Wall => built::wall(p),
        Look::House => built::house(p),
        Look::Ruin => built::ruin(p),
        Look::Fire => built::fire(p),
        Look::Cliff | Look::CaveWall => rock::cliff(p, look == Look::CaveWall),
        Look::Rock => rock::boulders(p),
        Look::Pillar => rock::pillar(p),
    }
}

/// The order pieces are laid in: ground (water, hills, scree) under what stands on it.
pub fn layer(look: Look) -> u8 {
    match look {
        Look::River | Look::Water | Look::Ford | Look::Bog | Look::Hill | Look::Scree => 0,
        _ => 1,
    }
}

/// Whether a look is water, whose edges run on into the next piece of water.
pub fn wet(look: Look) -> bool {
    matches!(look, Look::River | Look::Water | Look::Ford)
}

/// How near (inches) an edge must lie to another to run along it.
const NEAR: f32 = 0.06;

/// Whether the edge `a`–`b` runs along the table's edge (a `table` wide and deep) or
/// along an edge of one of `others` (outlines in inches), within a sixteenth of an inch.
pub fn runs_on(a: Vec2, b: Vec2, table: Vec2, others: &[Vec<Vec2>]) -> bool {
    let both = |f: &dyn Fn(Vec2) -> f32| f(a).abs() <= NEAR && f(b).abs() <= NEAR;
    let on_edge =
        both(&|p| p.x) || both(&|p| p.y) || both(&|p| table.x - p.x) || both(&|p| table.y - p.y);
    on_edge || others.iter().any(|o| along_outline(a, b, o))
}

/// Whether the edge `a`–`b` runs along an edge of the outline `o`.
fn along_outline(a: Vec2, b: Vec2, o: &[Vec2]) -> bool {
    (0..o.len()).any(|i| along(a, b, o[i], o[(i + 1) % o.len()], NEAR))
}

/// Whether the segment `a`–`b` lies along `c`–`d` (both ends within `near` of its line)
/// and overlaps it.
fn along(a: Vec2, b: Vec2, c: Vec2, d: Vec2, near: f32) -> bool {
    let Some(u) = (d - c).try_normalize() else {
        return false;
    };
    let off = |p: Vec2| (p - c).perp_dot(u).abs();
    if off(a) > near || off(b) > near {
        return false;
    }
    let (ta, tb) = ((a - c).dot(u), (b - c).dot(u));
    let len = (d - c).length();
    ta.max(tb).min(len) - ta.min(tb).max(0.0) > near
}

#[cfg(test)]
mod tests;
