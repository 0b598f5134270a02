use super::*;
use bevy::ecs::system::RunSystemOnce;

/// Where a table point lands in the window, in pixels from the top-left corner.
fn to_screen(p: Vec2, window: Vec2, t: &Transform, proj: &Projection) -> Vec2 {
    let Projection::Orthographic(o) = proj else {
        unreachable!()
    };
    let d = (p - t.translation.truncate()) / o.scale;
    Vec2::new(window.x / 2.0 + d.x, window.y / 2.0 - d.y)
}

#[test]
fn the_room_is_the_window_less_its_panels() {
    let open = Folded::default();
    let window = Vec2::new(1280.0, 800.0);
    assert!(in_room(Vec2::new(640.0, 400.0), window, 1.0, open));
    // Over the unit card, the log, the top bar and the dice tray.
    for at in [
        (140.0, 300.0),
        (1100.0, 300.0),
        (640.0, 10.0),
        (640.0, 760.0),
    ] {
        assert!(!in_room(Vec2::new(at.0, at.1), window, 1.0, open), "{at:?}");
    }
    // A window smaller than its panels leaves no room at all.
    assert!(!in_room(
        Vec2::new(100.0, 50.0),
        Vec2::new(200.0, 100.0),
        1.0,
        open
    ));
    // At twice the interface's size the card is 560 pixels wide where there is room.
    let wide = Vec2::new(2560.0, 1440.0);
    assert!(in_room(Vec2::new(600.0, 700.0), wide, 1.0, open));
    assert!(!in_room(Vec2::new(500.0, 700.0), wide, 2.0, open));
    assert_eq!(room(wide, 2.0, open).min, Vec2::new(560.0, 68.0));
    // On a small screen each side panel keeps to 27% of the width, the tray to 18% of
    // the height, and the table keeps the rest.
    assert_eq!(room(window, 2.0, open).min.x, 1280.0 * 0.27);
    let hidpi = room(Vec2::new(1920.0, 1080.0), 2.5, open);
    assert!(hidpi.width() >= 1920.0 * 0.45, "{hidpi:?}");
    assert!(hidpi.height() >= 1080.0 * 0.7, "{hidpi:?}");
}

#[test]
fn a_fitted_table_lies_inside_the_room_the_panels_leave() {
    let [left, right, top, bottom] = PANELS;
    for (table, window) in [
        (Vec2::new(48.0, 36.0), Vec2::new(1280.0, 720.0)),
        (Vec2::new(36.0, 36.0), Vec2::new(1280.0, 720.0)),
        (Vec2::new(24.0, 48.0), Vec2::new(1000.0, 800.0)),
        (Vec2::new(120.0, 120.0), Vec2::new(1920.0, 1080.0)),
    ] {
        let mut t = Transform::default();
        let mut p = Projection::Orthographic(OrthographicProjection::default_2d());
        fit_table(table, window, (1.0, Folded::default()), &mut t, &mut p);
        for corner in [
            Vec2::ZERO,
            Vec2::new(table.x, 0.0),
            table,
            Vec2::new(0.0, table.y),
        ] {
            let s = to_screen(corner, window, &t, &p);
            assert!(
                s.x >= left - 0.5 && s.x <= window.x - right + 0.5,
                "{table} {s}"
            );
            assert!(
                s.y >= top - 0.5 && s.y <= window.y - bottom + 0.5,
                "{table} {s}"
            );
        }
    }
}

/// Folded panels leave a strip each, and the fit fills the room they free: the table
/// is drawn larger, still whole inside the room.
#[test]
fn folding_the_panels_gives_the_table_their_room() {
    let window = Vec2::new(1600.0, 900.0);
    let all = Folded {
        left: true,
        right: true,
        bottom: true,
    };
    let room_open = room(window, 1.0, Folded::default());
    let room_folded = room(window, 1.0, all);
    assert_eq!(room_folded.min, Vec2::new(STRIP, PANELS[2]));
    assert_eq!(room_folded.max, window - Vec2::splat(STRIP));
    assert!(room_folded.contains(room_open.min) && room_folded.contains(room_open.max));
    // Over the folded log: the table's room now.
    assert!(in_room(Vec2::new(1500.0, 400.0), window, 1.0, all));
    assert!(!in_room(Vec2::new(1590.0, 400.0), window, 1.0, all));
    let table = Vec2::new(48.0, 36.0);
    let fitted = |folded| {
        let mut t = Transform::default();
        let mut p = Projection::Orthographic(OrthographicProjection::default_2d());
        fit_table(table, window, (1.0, folded), &mut t, &mut p);
        let Projection::Orthographic(o) = &p else {
            unreachable!()
        };
        (
            o.scale,
            to_screen(Vec2::ZERO, window, &t, &p),
            to_screen(table, window, &t, &p),
        )
    };
    let (open_scale, _, _) = fitted(Folded::default());
    let (scale, low, high) = fitted(all);
    assert!(scale < open_scale * 0.95, "larger: {scale} {open_scale}");
    assert!(
        room_folded.contains(low) && room_folded.contains(high),
        "{low} {high}"
    );
    let one_side = Folded {
        left: true,
        ..Folded::default()
    };
    let (_, low, _) = fitted(one_side);
    assert!(
        low.x < PANELS[0],
        "the table reaches over where the card was: {low}"
    );
}

/// A view pushed far past the table's edge is brought back to it; one over the
/// table is left alone.
#[test]
fn the_view_stops_at_the_tables_edge() {
    let mut app = App::new();
    app.insert_resource(TableLayout {
        size: Vec2::new(48.0, 36.0),
        terrain: Vec::new(),
        mat: Default::default(),
        name: "t".into(),
    })
    .add_systems(Update, keep_table_in_view);
    let cam = app
        .world_mut()
        .spawn((TableCamera, Transform::from_xyz(500.0, -20.0, 5.0)))
        .id();
    app.update();
    let t = app.world().get::<Transform>(cam).unwrap().translation;
    assert_eq!((t.x, t.y, t.z), (48.0, 0.0, 5.0));
    app.world_mut()
        .get_mut::<Transform>(cam)
        .unwrap()
        .translation = Vec3::new(10.0, 12.0, 5.0);
    app.update();
    let t = app.world().get::<Transform>(cam).unwrap().translation;
    assert_eq!((t.x, t.y), (10.0, 12.0));
}

/// A window resized refits a table still as fitted (a play-tester's shrunk window cut
/// the table off until F); a view the player moved is left where they put it.
#[test]
fn a_resized_window_refits_the_table_left_as_fitted() {
    let mut app = App::new();
    app.init_resource::<FitPending>()
        .init_resource::<crate::game::awake::Busy>()
        .insert_resource(TableLayout {
            size: Vec2::new(48.0, 36.0),
            terrain: Vec::new(),
            mat: warband_table::table::Mat::Grass,
            name: "test".into(),
        })
        .add_systems(
            Update,
            (refit_on_fold, fit.run_if(|f: Res<FitPending>| f.pending)).chain(),
        );
    app.world_mut().spawn(Window {
        resolution: (1280, 800).into(),
        ..Window::default()
    });
    app.world_mut().resource_mut::<FitPending>().pending = true;
    app.world_mut().run_system_once(spawn_camera).unwrap();
    let scale = |app: &mut App| {
        let mut q = app.world_mut().query::<&Projection>();
        match q.single(app.world()).unwrap() {
            Projection::Orthographic(o) => o.scale,
            _ => unreachable!(),
        }
    };
    app.update();
    let wide = scale(&mut app);
    let resize = |app: &mut App, w: u32, h: u32| {
        let mut q = app.world_mut().query::<&mut Window>();
        q.single_mut(app.world_mut()).unwrap().resolution = (w, h).into();
        app.update();
    };
    resize(&mut app, 1024, 600);
    let small = scale(&mut app);
    assert!(
        small > wide * 1.2,
        "fitted again, smaller: {small} against {wide}"
    );
    // The player zooms in: a resize leaves their view alone.
    let mut q = app.world_mut().query::<&mut Projection>();
    if let Projection::Orthographic(o) = &mut *q.single_mut(app.world_mut()).unwrap() {
        o.scale = 0.01;
    }
    resize(&mut app, 1280, 800);
    assert_eq!(scale(&mut app), 0.01);
}

/// Zooming out comes to rest at the whole table, fitted and centred, however far the
/// wheel turns; zooming in, or out short of it, keeps the view where the pointer put it;
/// and a fit wider than the usual limit (a big table in a small window) is never turned
/// into a zoom in.
#[test]
fn zooming_out_to_the_whole_table_fits_it_again() {
    let fitted = Some(0.08);
    assert!(!zoom(0.05, -1.0, fitted).1, "still zoomed in");
    let (scale, fits) = zoom(0.075, -1.0, fitted);
    assert!(fits && scale >= 0.08, "{scale}");
    assert!(zoom(0.075, -5.0, fitted).1, "far out: the whole table");
    let (scale, fits) = zoom(0.08, 1.0, fitted);
    assert!(!fits && scale < 0.08, "zooming in from the fit");
    // A 120" table in a small window fits at 0.5 inches a pixel.
    let (scale, fits) = zoom(0.5, -1.0, Some(0.5));
    assert!(fits, "out from the fit is the fit");
    assert!(scale >= 0.5, "never a zoom in: {scale}");
    assert!(!zoom(0.2, -1.0, None).1, "no table: nothing to fit");
}

/// egui's pass reads the camera as this frame left it: a view moved in `Update` is
/// propagated before the pass, whatever order the systems were added in.
#[test]
fn marks_are_placed_from_this_frames_view() {
    #[derive(Resource, Default)]
    struct Seen(Option<Vec3>);
    let mut app = App::new();
    app.init_resource::<Seen>()
        .edit_schedule(PostUpdate, |s| {
            s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
        })
        .add_systems(
            PostUpdate,
            (|cam: Single<&GlobalTransform, With<TableCamera>>, mut seen: ResMut<Seen>| {
                seen.0 = Some(cam.translation())
            })
            .in_set(bevy_egui::EguiPostUpdateSet::EndPass),
        )
        .add_plugins(bevy::transform::TransformPlugin)
        .add_systems(
            Update,
            |mut cam: Single<&mut Transform, With<TableCamera>>| cam.translation.x += 1.0,
        );
    marks_after_the_view(&mut app);
    app.world_mut().spawn((
        TableCamera,
        Transform::default(),
        GlobalTransform::default(),
    ));
    for frame in 1..=3 {
        app.update();
        let seen = app.world().resource::<Seen>().0.unwrap();
        assert_eq!(seen.x, frame as f32, "frame {frame}");
    }
}
