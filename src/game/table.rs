//! The table: a cloth woven for the battle (grass, felt, sand or flagstones) in a
//! wooden frame, the scenario's terrain drawn as it looks, the pieces' names, and a 6"
//! grid that G shows and hides. World units are inches; (0, 0) is the table's
//! bottom-left corner, as in the engine. Everything here is picture: the rules read the
//! terrain's kind, never this.

mod frame;
mod labels;

use super::art::{mat, terrain};
use super::screens::{BattleStarted, Screen};
use super::session::TableLayout;
use bevy::input::common_conditions::input_just_pressed;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use bevy_prototype_lyon::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowGrid>()
        .add_systems(OnEnter(Screen::Battle), spawn_table.after(BattleStarted))
        .add_systems(
            Update,
            (
                toggle_grid.run_if(
                    input_just_pressed(GRID_KEY).and_then(not(egui_wants_any_keyboard_input)),
                ),
                show_grid.run_if(resource_changed::<ShowGrid>),
            )
                .chain()
                .run_if(in_state(Screen::Battle)),
        );
    labels::plugin(app);
}

/// Distance between grid lines, inches.
const GRID: f32 = 6.0;
/// The key that shows and hides the grid.
pub const GRID_KEY: KeyCode = KeyCode::KeyG;

/// Heights of the table's layers: the frame's shadow under the cloth, the cloth, the
/// terrain (ground first, then what stands on it), the grid, then the names. Models
/// stand above all of them (`models::MODEL_Z`, 2, and the fallen at 1.5).
const Z_SHADOW: f32 = -0.5;
const Z_CLOTH: f32 = -0.4;
const Z_FRAME: f32 = -0.3;
const Z_TERRAIN: (f32, f32) = (0.0, 1.2);
const Z_GRID: f32 = 1.3;
pub(super) const Z_LABEL: f32 = 1.4;

/// Whether the 6" grid is shown. Off by default: a real table has none; G shows it
/// for measuring by eye.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowGrid(pub bool);

#[derive(Component)]
struct Grid;

fn toggle_grid(mut show: ResMut<ShowGrid>) {
    show.0 = !show.0;
}

fn show_grid(show: Res<ShowGrid>, mut grids: Query<&mut Visibility, With<Grid>>) {
    for mut v in &mut grids {
        *v = visibility(show.0);
    }
}

fn visibility(shown: bool) -> Visibility {
    if shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    }
}

fn spawn_table(
    mut commands: Commands,
    layout: Option<Res<TableLayout>>,
    mut images: ResMut<Assets<Image>>,
    show: Res<ShowGrid>,
    face: Option<Res<labels::Face>>,
) {
    let Some(layout) = layout else { return };
    let size = layout.size;
    let seed = mat::seed_of(&layout.name);
    let started = std::time::Instant::now();
    let cloth = mat::weave(layout.mat, size, seed);
    debug!("{:?} cloth woven in {:?}", layout.mat, started.elapsed());
    commands.spawn((
        Name::new("Table cloth"),
        DespawnOnExit(Screen::Battle),
        Sprite {
            image: images.add(mat::image(cloth)),
            custom_size: Some(size),
            ..default()
        },
        Transform::from_translation((size / 2.0).extend(Z_CLOTH)),
    ));
    let (under, over) = frame::frame(size, seed);
    spawn_marks(
        &mut commands,
        "Frame shadow",
        &under,
        (Z_SHADOW, Z_SHADOW + 0.05),
    );
    spawn_marks(&mut commands, "Frame", &over, (Z_FRAME, Z_FRAME + 0.05));
    commands.spawn((
        Name::new("Grid"),
        Grid,
        DespawnOnExit(Screen::Battle),
        ShapeBuilder::with(&grid_path(size))
            .stroke((Color::srgba(1.0, 1.0, 1.0, 0.22), 0.04))
            .build(),
        Transform::from_xyz(0.0, 0.0, Z_GRID),
        visibility(show.0),
    ));
    spawn_terrain(&mut commands, &layout, face.as_deref());
}

/// Every piece, ground first, each in its own slice of the terrain's heights, with
/// its name.
fn spawn_terrain(commands: &mut Commands, layout: &TableLayout, face: Option<&labels::Face>) {
    let pieces = &layout.terrain;
    let around = terrain::Around {
        table: layout.size,
        pieces,
    };
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|i| (terrain::layer(pieces[*i].look()), *i));
    let slice = (Z_TERRAIN.1 - Z_TERRAIN.0) / pieces.len().max(1) as f32;
    for (rank, i) in order.into_iter().enumerate() {
        let piece = &pieces[i];
        let seed = terrain::hash_str(&piece.name) ^ (i as u64).rotate_left(32);
        let marks = terrain::draw(piece, seed, around);
        let z = Z_TERRAIN.0 + rank as f32 * slice;
        let name = format!("Terrain: {}", piece.name);
        spawn_marks(commands, &name, &marks, (z, z + slice * 0.9));
        labels::spawn(commands, piece, face);
    }
}

/// One parent entity named `name` holding a lyon shape per mark, the marks stacked
/// bottom first between the heights `z`.
fn spawn_marks(commands: &mut Commands, name: &str, marks: &[terrain::Mark], z: (f32, f32)) {
    let step = (z.1 - z.0) / marks.len().max(1) as f32;
    commands
        .spawn((
            Name::new(name.to_string()),
            DespawnOnExit(Screen::Battle),
            Transform::from_xyz(0.0, 0.0, z.0),
            Visibility::default(),
        ))
        .with_children(|parent| {
            for (k, mark) in marks.iter().enumerate() {
                parent.spawn((shape(mark), Transform::from_xyz(0.0, 0.0, k as f32 * step)));
            }
        });
}

/// A mark as a lyon shape: its rings as one path, filled by the non-zero rule (so
/// overlapping rings of one mark are one area, not holes).
fn shape(mark: &terrain::Mark) -> Shape {
    let mut path = ShapePath::new();
    for ring in &mark.rings {
        path = path.move_to(ring[0]);
        for p in &ring[1..] {
            path = path.line_to(*p);
        }
        if mark.closed {
            path = path.close();
        }
    }
    let fill = mark.fill.map(|color| Fill {
        options: FillOptions::non_zero(),
        color,
    });
    let stroke = mark.line.map(|(color, width)| Stroke {
        options: StrokeOptions::default()
            .with_line_width(width)
            .with_line_join(LineJoin::Round)
            .with_line_cap(LineCap::Round),
        color,
    });
    let builder = ShapeBuilder::with(&path);
    match (fill, stroke) {
        (Some(f), Some(s)) => builder.fill(f).stroke(s).build(),
        (Some(f), None) => builder.fill(f).build(),
        (None, Some(s)) => builder.stroke(s).build(),
        (None, None) => builder.fill(Color::NONE).build(),
    }
}

/// Lines every 6" across the mat, measured from its bottom-left corner.
fn grid_path(size: Vec2) -> ShapePath {
    let mut path = ShapePath::new();
    let mut x = GRID;
    while x < size.x - 0.01 {
        path = path
            .move_to(Vec2::new(x, 0.0))
            .line_to(Vec2::new(x, size.y));
        x += GRID;
    }
    let mut y = GRID;
    while y < size.y - 0.01 {
        path = path
            .move_to(Vec2::new(0.0, y))
            .line_to(Vec2::new(size.x, y));
        y += GRID;
    }
    path
}

/// Whether point `p` lies on a table of `table` inches (its edge included).
pub fn on_table(table: Vec2, p: Vec2) -> bool {
    p.cmpge(Vec2::ZERO).all() && p.cmple(table).all()
}

/// A shot's line stopped on its way at `at` (a house, a cliff, a unit in the way):
/// red to there, a cross there, faint beyond to `to` (a play-tester saw no line and
/// could not tell what stood in the way).
pub fn stopped_line(g: &mut Gizmos, from: Vec2, at: Vec2, to: Vec2) {
    let red = super::palette::ILLEGAL;
    g.line_2d(from, at, red);
    g.line_2d(at, to, red.with_alpha(0.25));
    let arm = 0.35;
    for d in [Vec2::new(arm, arm), Vec2::new(arm, -arm)] {
        g.line_2d(at - d, at + d, red);
    }
}

/// A ring drawn only where it lies on the table.
pub fn table_ring(g: &mut Gizmos, table: Vec2, center: Vec2, radius: f32, colour: Color) {
    table_arc(
        g,
        table,
        (center, radius),
        (0.0, std::f32::consts::TAU),
        colour,
    );
}

/// The part on a table of `table` inches of the arc about `center` of `radius`, from
/// angle `start` (radians from +x) counter-clockwise through `sweep`.
pub fn table_arc(
    g: &mut Gizmos,
    table: Vec2,
    (center, radius): (Vec2, f32),
    (start, sweep): (f32, f32),
    colour: Color,
) {
    let steps = ((sweep.abs() / std::f32::consts::TAU) * 120.0)
        .ceil()
        .max(1.0) as usize;
    let on = |p: Vec2| on_table(table, p);
    let at = |i: usize| center + Vec2::from_angle(start + sweep * i as f32 / steps as f32) * radius;
    for i in 0..steps {
        let (a, b) = (at(i), at(i + 1));
        if on(a) && on(b) {
            g.line_2d(a, b, colour);
        }
    }
}

/// The part of the segment from `from` (on a table of `table` inches) to `to` that lies
/// on the table: its end cut at the edge it crosses.
pub fn on_table_to(table: Vec2, from: Vec2, to: Vec2) -> Vec2 {
    let d = to - from;
    let mut t = 1.0f32;
    for (p, v, hi) in [(from.x, d.x, table.x), (from.y, d.y, table.y)] {
        if v > 0.0 {
            t = t.min((hi - p) / v);
        } else if v < 0.0 {
            t = t.min(-p / v);
        }
    }
    from + d * t.clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line from a base out past the table's edge stops at the edge; one on the
    /// table is whole.
    #[test]
    fn a_line_is_cut_at_the_table_edge() {
        let table = Vec2::new(24.0, 24.0);
        let from = Vec2::new(20.0, 12.0);
        assert_eq!(
            on_table_to(table, from, Vec2::new(30.0, 12.0)),
            Vec2::new(24.0, 12.0)
        );
        assert_eq!(
            on_table_to(table, from, Vec2::new(20.0, -6.0)),
            Vec2::new(20.0, 0.0)
        );
        assert_eq!(
            on_table_to(table, from, Vec2::new(10.0, 14.0)),
            Vec2::new(10.0, 14.0)
        );
    }

    #[test]
    fn g_shows_and_hides_the_grid_which_starts_hidden() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<ShowGrid>()
            .insert_state(Screen::Battle)
            .add_systems(
                Update,
                (
                    toggle_grid.run_if(input_just_pressed(GRID_KEY)),
                    show_grid.run_if(resource_changed::<ShowGrid>),
                )
                    .chain(),
            );
        let grid = app.world_mut().spawn((Grid, visibility(false))).id();
        let seen = |app: &App| *app.world().get::<Visibility>(grid).unwrap();
        app.update();
        assert_eq!(seen(&app), Visibility::Hidden);
        for shown in [true, false] {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.press(GRID_KEY);
            app.update();
            app.world_mut()
                .resource_mut::<ButtonInput<KeyCode>>()
                .release(GRID_KEY);
            app.world_mut()
                .resource_mut::<ButtonInput<KeyCode>>()
                .clear();
            assert_eq!(app.world().resource::<ShowGrid>().0, shown);
            assert_eq!(seen(&app), visibility(shown));
        }
    }
}
