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
