//! What the log's entries cue on the table: charges lunge, shots fly.

use super::*;

#[test]
fn only_what_was_logged_since_the_last_look_is_read() {
    assert_eq!(unread(None, 40), 40..40, "a battle resumed: nothing old");
    assert_eq!(unread(Some(40), 46), 40..46);
    assert_eq!(unread(Some(46), 46), 46..46);
    assert_eq!(unread(Some(46), 12), 12..12, "a replay went back");
}

/// Each entry is read with the rest of its own command's entries, not the next
/// command's.
#[test]
fn each_entry_sees_the_rest_of_its_command() {
    type E = Entry<u8, u32>;
    let accepted = |c| E::Accepted {
        side: warband_rules::Side::A,
        command: c,
    };
    let new = [
        accepted(1),
        E::Rules(5),
        E::Rules(6),
        accepted(2),
        E::Rules(7),
    ];
    let cues = each_entry(&new, |e, rest| match e {
        Entry::Rules(n) => Some(Cue::Shot {
            shooter: ModelId(*n),
            target: ModelId(rest.len() as u32),
        }),
        _ => None,
    });
    let seen: Vec<_> = cues
        .iter()
        .map(|c| match c {
            Cue::Shot { shooter, target } => (shooter.0, target.0),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(seen, vec![(5, 1), (6, 0), (7, 0)]);
}

#[test]
fn a_models_newest_charge_waits_for_its_glide() {
    let mut l = Lunges::default();
    let (a, b) = (ModelId(1), ModelId(2));
    l.charged(a, Vec2::X);
    l.charged(b, Vec2::Y);
    l.charged(a, Vec2::ONE);
    assert_eq!(l.of(a), Some(Vec2::ONE), "the newest");
    l.done(a);
    assert_eq!((l.of(a), l.of(b)), (None, Some(Vec2::Y)));
    for i in 0..100 {
        l.charged(ModelId(10 + i), Vec2::ZERO);
    }
    assert_eq!(l.0.len(), MOST_LUNGES);
}

/// Plays a battle of `R` between its `charge` players command by command and reads
/// each command's cues as the table would: the number of charges, shots and rounds begun, each
/// charge checked to end touching an enemy where the engine put its model.
fn cues_of_a_battle<R: Desk>(scenario: &str) -> (usize, usize, usize) {
    use warband_table::geometry::in_contact;
    use warband_table::player::{PlayerKind, next_command};
    let setup = crate::game::test_app::shipped::<R>(scenario);
    let mut engine = warband_table::engine::Engine::<R>::new(&setup, 7).unwrap();
    let kind = R::Player::try_from(PlayerKind::Charge).unwrap();
    let mut players = [R::policy(kind, 1), R::policy(kind, 2)];
    let (mut charges, mut shots, mut rounds) = (0, 0, 0);
    for _ in 0..4000 {
        let Some(side) = engine.awaiting() else { break };
        let before = engine.log().events.len();
        let command = next_command(&mut *players[side.index()], &engine, side);
        if engine.submit(side, command).is_err() {
            let _ = engine.submit(side, engine.yield_command(side));
        }
        let world = engine.world();
        for cue in R::cues(&engine.log().events[before..]) {
            let Cue::Charge { model, to } = cue else {
                shots += usize::from(matches!(cue, Cue::Shot { .. }));
                rounds += usize::from(cue == Cue::RoundBegan);
                continue;
            };
            let e = world.resource::<ModelIndex>().entity(model).unwrap();
            let (base, side) = (
                &world.get::<Base>(e).unwrap().0,
                world.get::<Team>(e).unwrap().0,
            );
            if base.center.distance(to) < 1e-4 {
                let touching = crate::game::minis::table_models(world)
                    .any(|(_, _, s, b)| s != side && in_contact(base, b));
                assert!(touching, "{}: {model:?} charged into no one", R::RULESET);
                charges += 1;
            }
        }
    }
    (charges, shots, rounds)
}

/// Every ruleset's desk reads its charges, shots and new rounds from its own log.
#[test]
fn each_ruleset_tells_its_charges_and_shots() {
    let m = cues_of_a_battle::<warband_marauders::engine::Marauders>("woods-and-walls.ron");
    let t = cues_of_a_battle::<warband_toy_soldier::ToySoldier>("village-fight.ron");
    let b = cues_of_a_battle::<warband_borderlands::Borderlands>("cave-mouth.ron");
    for (ruleset, (charges, shots, rounds)) in [("marauders", m), ("toy", t), ("borderlands", b)] {
        assert!(
            charges > 0 && shots > 0 && rounds > 1,
            "{ruleset}: {charges} charges, {shots} shots, {rounds} rounds"
        );
    }
}

/// A test model's HP, as its ruleset would tell them.
#[derive(Component)]
struct Hp(i32);

/// A model hurt is heard as a blow, and as a thud when it falls, once each; a battle
/// drawn afresh with its casualties already down is silent.
#[test]
fn a_blow_and_a_fall_are_heard_once_each() {
    use crate::game::sound::{Sound, Speaker};
    let (mut app, e) = painted(ModelId(1), Vec2::new(5.0, 5.0));
    let mark = |app: &mut App, c: (Option<Hp>, bool)| {
        let mut battle = app.world_mut().non_send_mut::<Battle>();
        let mut model = battle.0.entity_mut(e);
        if let Some(hp) = c.0 {
            model.insert(hp);
        }
        if c.1 {
            model.insert(warband_table::components::OutOfAction);
        }
    };
    mark(&mut app, (Some(Hp(7)), false));
    app.update();
    mark(&mut app, (Some(Hp(3)), false));
    app.update();
    mark(&mut app, (None, true));
    for _ in 0..5 {
        app.update();
    }
    let heard = |app: &App| app.world().resource::<Speaker>().heard.clone();
    assert_eq!(heard(&app), vec![Sound::Hit, Sound::Fall]);
    app.world_mut().non_send_mut::<Battle>().2 += 1;
    app.update();
    assert_eq!(heard(&app).len(), 2, "drawn afresh: {:?}", heard(&app));
}

/// The battle's world, standing in for an engine's, the moves it made before it was
/// drawn, and its session's number.
struct Battle(World, Vec<crate::game::session::Moved>, u64);

fn paint(
    mut painter: crate::game::minis::MiniPainter,
    mut minis: crate::game::minis::Minis,
    battle: NonSend<Battle>,
) {
    // A model out of action or hurt (HP in `Hp`) in the battle's world shows so.
    let shown = |e, _: &_| {
        Some(crate::game::minis::Shown {
            ring: Color::WHITE,
            out: battle
                .0
                .get::<warband_table::components::OutOfAction>(e)
                .is_some(),
            gone: false,
            health: battle.0.get::<Hp>(e).map(|hp| crate::game::minis::Health {
                value: hp.0,
                unit: "HP",
                taken: false,
            }),
        })
    };
    painter.paint_all(
        crate::game::minis::Drawn {
            world: &battle.0,
            serial: battle.2,
            remade: 0,
            round: 1,
            deploying: false,
            moved_before: &battle.1,
        },
        &mut minis,
        shown,
    );
}

/// A model at `start` in a battle world of its own, on a 24" table, painted by
/// [`paint`] twice: the app and the model's entity in that world.
fn painted(id: ModelId, start: Vec2) -> (App, Entity) {
    use crate::game::minis::{BARE, spawn_mini};
    let (mut battle, e) = one_model(id, start);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(10),
        ))
        .init_resource::<Motion>()
        .init_resource::<crate::game::models::Casualties>()
        .init_resource::<crate::game::trails::Trails>()
        .init_resource::<crate::game::minis::Gliding>()
        .init_resource::<crate::game::awake::Busy>()
        .init_resource::<crate::game::floaters::Floaters>()
        .insert_resource(crate::game::sound::Speaker::new(
            Err("test".into()),
            &crate::game::settings::Settings::default(),
        ))
        .init_resource::<Lunges>()
        .insert_resource(crate::game::session::TableLayout {
            size: Vec2::new(24.0, 24.0),
            terrain: Vec::new(),
            mat: Default::default(),
            name: "test".into(),
        })
        .add_systems(Update, paint);
    let mut commands = app.world_mut().commands();
    let base = battle.get::<Base>(e).unwrap().0;
    spawn_mini(
        &mut commands,
        "m".into(),
        (id, warband_rules::Side::A),
        &base,
        None,
        BARE,
    );
    app.world_mut().flush();
    battle.flush();
    app.world_mut()
        .insert_non_send(Battle(battle, Vec::new(), 0));
    app.update();
    app.update();
    (app, e)
}

/// A battle world of one model of side A, a round base at `at`.
fn one_model(id: ModelId, at: Vec2) -> (World, Entity) {
    let mut battle = World::new();
    let base = Base(warband_table::geometry::Placed::round(at, 1.0));
    let e = battle.spawn((id, Team(warband_rules::Side::A), base)).id();
    battle.insert_resource(ModelIndex(vec![e]));
    (battle, e)
}

/// Where the one miniature is drawn.
fn drawn(app: &mut App) -> Vec2 {
    let mut q = app
        .world_mut()
        .query::<(&crate::game::minis::Mini, &Transform)>();
    q.single(app.world()).unwrap().1.translation.truncate()
}

/// How many last-move arrows are drawn.
fn arrows(app: &App) -> usize {
    app.world()
        .resource::<crate::game::trails::Trails>()
        .legs()
        .count()
}

/// A model moved in the world drawn glides and leaves an arrow; a world put in its
/// place (a replay moved along its timeline) is drawn as it stands, with none.
#[test]
fn a_new_world_is_drawn_as_it_stands() {
    let id = ModelId(1);
    let (start, end) = (Vec2::new(2.0, 2.0), Vec2::new(8.0, 2.0));
    let (mut app, e) = painted(id, start);
    let base = |at| Base(warband_table::geometry::Placed::round(at, 1.0));
    app.world_mut()
        .non_send_mut::<Battle>()
        .0
        .entity_mut(e)
        .insert(base(end));
    app.update();
    assert!(drawn(&mut app).x < end.x, "it glides");
    assert_eq!(arrows(&app), 1, "and leaves an arrow");
    let (other, _) = one_model(id, start);
    app.world_mut().non_send_mut::<Battle>().0 = other;
    app.update();
    assert_eq!(
        drawn(&mut app),
        start,
        "drawn at once where the new world has it"
    );
    assert_eq!(arrows(&app), 0, "no arrow from the old world's places");
}

/// A world put in place with the moves its round made before (a save played on, a
/// replay moved along its timeline) draws their arrows.
#[test]
fn a_new_world_draws_the_arrows_of_its_rounds_moves() {
    let id = ModelId(1);
    let (start, end) = (Vec2::new(2.0, 2.0), Vec2::new(8.0, 2.0));
    let (mut app, _) = painted(id, start);
    let (other, _) = one_model(id, end);
    *app.world_mut().non_send_mut::<Battle>() = Battle(other, vec![moved(id, start, end)], 0);
    drawn_afresh_with_its_arrow(&mut app, (start, end));
}

/// Side A's model `id` moved from `start` to `end` in round 1.
fn moved(id: ModelId, start: Vec2, end: Vec2) -> crate::game::session::Moved {
    crate::game::session::Moved {
        id,
        side: warband_rules::Side::A,
        leg: (start, end),
        round: 1,
    }
}

/// After a frame, the one model is drawn at once where it stands at `leg`'s end, with
/// `leg`'s arrow.
fn drawn_afresh_with_its_arrow(app: &mut App, leg: (Vec2, Vec2)) {
    app.update();
    assert_eq!(drawn(app), leg.1, "drawn where it stands, no glide");
    let legs: Vec<_> = app
        .world()
        .resource::<crate::game::trails::Trails>()
        .legs()
        .collect();
    assert_eq!(legs, vec![(warband_rules::Side::A, leg)]);
}

/// A battle loaded after another may be played on the very world the other left
/// (engines recycle their worlds): it is still a new battle, drawn where it stands with
/// the arrows of its round's moves (a play-tester saw every arrow gone after a load).
#[test]
fn a_battle_loaded_on_a_recycled_world_draws_its_arrows() {
    let id = ModelId(1);
    let (start, end) = (Vec2::new(2.0, 2.0), Vec2::new(8.0, 2.0));
    let (mut app, e) = painted(id, start);
    let mut battle = app.world_mut().non_send_mut::<Battle>();
    let base = Base(warband_table::geometry::Placed::round(end, 1.0));
    battle.0.entity_mut(e).insert(base);
    (battle.1, battle.2) = (vec![moved(id, start, end)], 1);
    drawn_afresh_with_its_arrow(&mut app, (start, end));
}

/// A model the log says charged lunges: its miniature runs a little past where the
/// engine put it and settles exactly there; the charge is then done with.
#[test]
fn a_charged_model_lunges_past_contact_and_stops_where_the_engine_put_it() {
    let (start, end) = (Vec2::new(2.0, 2.0), Vec2::new(8.0, 2.0));
    let id = ModelId(1);
    let (mut app, e) = painted(id, start);
    let base = |at| Base(warband_table::geometry::Placed::round(at, 1.0));
    assert_eq!(drawn(&mut app), start);
    // The engine moves it into contact, and the log tells the charge.
    app.world_mut()
        .non_send_mut::<Battle>()
        .0
        .entity_mut(e)
        .insert(base(end));
    app.world_mut().resource_mut::<Lunges>().charged(id, end);
    let mut furthest = 0.0f32;
    for _ in 0..60 {
        app.update();
        furthest = furthest.max(drawn(&mut app).x);
    }
    assert!(
        furthest > end.x + 0.05 && furthest < end.x + 0.3,
        "{furthest}"
    );
    assert_eq!(drawn(&mut app), end, "exactly where the engine has it");
    assert_eq!(app.world().resource::<Lunges>().of(id), None, "done with");
}
