//! The main menu stands on the table's own grass, dimmed under its buttons, rather
//! than on a bare dark screen: the cloth a battle is played on, woven once a run.

use super::Screen;
use crate::game::art::mat;
use crate::game::camera::TableCamera;
use bevy::prelude::*;
use warband_table::table::Mat;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::MainMenu), spawn)
        .add_systems(
            PostUpdate,
            cover
                .before(TransformSystems::Propagate)
                .run_if(in_state(Screen::MainMenu)),
        );
}

/// The menu's cloth on the table camera's view.
#[derive(Component)]
struct MenuCloth;

/// The menu's cloth, woven the first time the menu opens.
#[derive(Resource)]
struct Cloth(Handle<Image>);

/// How far the cloth is darkened, so the menu's words stand out on it.
const DIM: Color = Color::srgb(0.42, 0.42, 0.4);

fn spawn(mut commands: Commands, cloth: Option<Res<Cloth>>, mut images: ResMut<Assets<Image>>) {
    let image = match cloth {
        Some(c) => c.0.clone(),
        None => {
            // A wide table, 20 pixels an inch: as fine as a battle's cloth.
            let woven = mat::weave(Mat::Grass, Vec2::new(64.0, 40.0), mat::seed_of("Warband"));
            let handle = images.add(mat::image(woven));
            commands.insert_resource(Cloth(handle.clone()));
            handle
        }
    };
    commands.spawn((
        Name::new("Menu cloth"),
        MenuCloth,
        DespawnOnExit(Screen::MainMenu),
        Sprite {
            image,
            color: DIM,
            ..default()
        },
    ));
}

/// Where the table camera stands and how far it sees.
type TableView = (&'static Transform, &'static Projection);

/// Keeps the cloth over the whole window, wherever the last battle left the camera.
fn cover(
    camera: Single<TableView, (With<TableCamera>, Without<MenuCloth>)>,
    window: Single<&Window>,
    cloth: Single<(&mut Transform, &mut Sprite), With<MenuCloth>>,
) {
    let (at, projection) = *camera;
    let Projection::Orthographic(o) = projection else {
        return;
    };
    let (mut place, mut sprite) = cloth.into_inner();
    let size = Some(Vec2::new(window.width(), window.height()) * o.scale);
    // Written only when it changes, so a still menu asks nothing of the renderer.
    if sprite.custom_size != size {
        sprite.custom_size = size;
    }
    place.set_if_neq(Transform::from_translation(
        at.translation.truncate().extend(0.0),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;

    /// The cloth is woven once a run: each visit to the menu lays the same picture.
    #[test]
    fn the_menus_cloth_is_woven_once() {
        let mut world = World::new();
        world.init_resource::<Assets<Image>>();
        for _ in 0..2 {
            world.run_system_once(spawn).unwrap();
        }
        assert_eq!(world.resource::<Assets<Image>>().len(), 1);
        let mut cloths = world.query_filtered::<&Sprite, With<MenuCloth>>();
        let sprites: Vec<_> = cloths.iter(&world).map(|s| s.image.id()).collect();
        assert_eq!(sprites.len(), 2);
        assert_eq!(sprites[0], sprites[1]);
    }
}
