//! Toy Soldier's clicks and keys, through the input systems.

use super::*;
use crate::game::session::Controller;
use warband_table::geometry::facing::to_world;
use warband_toy_soldier::actions::check_activate;

/// The river crossing with both sides in a person's hands.
fn battle() -> ToySession {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("assets/scenarios/river-crossing.ron");
    let setup = warband_toy_soldier::data::BattleSetup::load(&file).unwrap();
    ToySession::new(setup, 5, [Controller::Human, Controller::Human]).unwrap()
}

/// A magical unit, active, with a wound; Heal chosen, a click on the unit itself
/// casts it there.
#[test]
fn a_wizard_heals_itself_by_clicking_itself() {
    let mut session = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let wizard = in_play(world)
        .into_iter()
        .find(|u| u.side == side && u.unit.magical)
        .unwrap();
    session
        .submit(side, Command::Activate { unit: wizard.id })
        .unwrap();
    let world = session.engine.world_mut();
    let mut marks = world
        .get_mut::<warband_toy_soldier::components::Marks>(wizard.entity)
        .unwrap();
    marks.damage = 1;
    let mut app = crate::game::test_app::left_click(session, click.into_configs());
    app.insert_resource(Pointer::at(Some(wizard.base.center)))
        .insert_resource(ToySelection {
            hover: Some(wizard.id),
            spell: Some((Spell::Heal, true)),
            ..ToySelection::default()
        });
    app.update();
    let session = app.world_mut().remove_non_send::<ToySession>().unwrap();
    let cast = session
        .commands
        .iter()
        .any(|(_, c)| matches!(c, Command::Magic { target, .. } if *target == wizard.id));
    assert!(cast, "{:?} {:?}", session.commands, session.last_refusal);
    assert_eq!(
        app.world().resource::<ToySelection>().spell,
        None,
        "put away once cast"
    );
}

/// One left click at `cursor` over `hover`, through the click system.
fn click_at(session: ToySession, cursor: Vec2, hover: Option<ModelId>) -> ToySession {
    let mut app = crate::game::test_app::left_click(session, click.into_configs());
    app.insert_resource(Pointer::at(Some(cursor)))
        .insert_resource(ToySelection {
            hover,
            ..ToySelection::default()
        });
    app.update();
    app.world_mut().remove_non_send::<ToySession>().unwrap()
}

/// A click on one of your units activates it; a click on open table ahead of it
/// then moves it forward to the pointer.
#[test]
fn a_click_activates_your_unit_and_a_second_moves_it_ahead() {
    let session = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let unit = in_play(world)
        .into_iter()
        .find(|u| u.side == side && check_activate(world, side, u.id).is_ok())
        .unwrap();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let (active_unit, _) = active(session.engine.world(), side).unwrap();
    assert_eq!(active_unit.id, unit.id, "{:?}", session.last_refusal);
    let ahead = unit.base.center + to_world(unit.base.facing, Vec2::Y) * 2.0;
    let session = click_at(session, ahead, None);
    let (moved, _) = active(session.engine.world(), side).unwrap();
    let gone = moved.base.center.distance(unit.base.center);
    assert!(
        (gone - 2.0).abs() < 0.05,
        "{gone} {:?}",
        session.last_refusal
    );
}

/// A pointer past the unit's reach asks for the longest move that way (a click just
/// past the allowance is not refused); one within it, for the move to the pointer.
#[test]
fn a_move_past_the_reach_goes_as_far_as_the_ap_take_it() {
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let (v, a) = active(session.engine.world(), unit.side).unwrap();
    let far = open_reach(&v, &a, Step::Forward);
    let ahead = |d: f32| v.base.center + to_world(v.base.facing, Vec2::Y) * d;
    assert_eq!(ghost_within(&v, &a, ahead(far + 0.3)), (Step::Forward, far));
    assert_eq!(ghost_within(&v, &a, ahead(40.0)), (Step::Forward, far));
    let (step, inches) = ghost_within(&v, &a, ahead(far - 0.5));
    assert_eq!(step, Step::Forward);
    assert!((inches - (far - 0.5)).abs() < 1e-4, "{inches}");
}

/// With the pointer past the reach and the full reach blocked (a friend 3" ahead), the
/// click's move stops short of what blocks it: the longest move that way the engine
/// allows, not a refusal.
#[test]
fn a_move_past_the_reach_stops_short_of_what_blocks_it() {
    let (session, unit, _) = active_with_a_friend_ahead(3.0);
    let world = session.engine.world();
    let (v, a) = active(world, unit.side).unwrap();
    let far = v.base.center + to_world(v.base.facing, Vec2::Y) * 40.0;
    let (step, inches) = move_to(world, &v, &a, far, true);
    assert_eq!(step, Step::Forward);
    assert!(check_move(world, &v, &a, step, inches).is_ok());
    assert!(inches > 0.5 && inches < 3.0, "{inches}");
    assert!(check_move(world, &v, &a, step, inches + 0.1).is_err());
}

/// With the pointer within reach but just past what blocks the way (a friend 3" ahead,
/// the pointer 5" ahead with 4 AP, 8" of reach), the click's move stops short of it on
/// a whole AP's mark, as past the reach, not refused (a play-tester's "Inn blocks
/// movement").
#[test]
fn a_move_within_reach_stops_short_of_what_blocks_it() {
    let (mut session, unit, _) = active_with_a_friend_ahead(3.0);
    set_ap(&mut session, 4);
    let world = session.engine.world();
    let (v, a) = active(world, unit.side).unwrap();
    let past = v.base.center + to_world(v.base.facing, Vec2::Y) * 5.0;
    assert!(
        ghost(&v, past).1 < open_reach(&v, &a, Step::Forward),
        "within reach"
    );
    for exact in [true, false] {
        let (step, inches) = move_to(world, &v, &a, past, exact);
        assert_eq!(step, Step::Forward);
        assert!(check_move(world, &v, &a, step, inches).is_ok(), "{inches}");
        assert!(inches > 0.5 && inches < 3.0, "{inches}");
    }
    let on_marks = move_to(world, &v, &a, past, false).1;
    assert!(
        (on_marks / 2.0 - (on_marks / 2.0).round()).abs() < 1e-3,
        "{on_marks}"
    );
}

/// A click's move cut short by a friend ahead pays for a last AP only where that AP
/// carries it at least half its stride (a play-tester paid 3 AP for 4.65" where 4"
/// cost 2); as pointed (Shift), it goes as far as the way allows. The first AP is paid
/// however short the way.
#[test]
fn a_blocked_move_drops_a_last_ap_that_carries_it_little() {
    let mut dropped = 0;
    for quarter in 10..34 {
        let ahead = quarter as f32 / 4.0;
        let (mut session, unit, _) = active_with_a_friend_ahead(ahead);
        set_ap(&mut session, 4);
        let world = session.engine.world();
        let (v, a) = active(world, unit.side).unwrap();
        // The engine's price of a move, and how far so many AP carry (rough ground
        // halves a stride).
        let ap_of = |d: f32| check_move(world, &v, &a, Step::Forward, d).map_or(u32::MAX, |p| p.ap);
        let reach = |ap: u32| match ap {
            0 => 0.0,
            _ => snap::last_true((0.05, 40.0), 0.01, |d| ap_of(d) <= ap),
        };
        // How far the last AP of a move of `d` carries it, against the AP before's.
        let last_ap = |d: f32| {
            let spent = ap_of(d);
            let before = reach(spent - 1);
            (d - before, before - reach(spent.saturating_sub(2)), spent)
        };
        let past = v.base.center + to_world(v.base.facing, Vec2::Y) * (ahead + 2.0);
        let exact = move_to(world, &v, &a, past, true).1;
        let snapped = move_to(world, &v, &a, past, false).1;
        // The marks are searched finer than the way: a hair past it at most.
        assert!(snapped <= exact + 0.05, "{ahead}: {snapped} past {exact}");
        let (carried, stride, spent) = last_ap(snapped);
        assert!(
            spent < 2 || carried < 0.06 || carried >= stride / 2.0 - 0.06,
            "{ahead}: {snapped}\" for {spent} AP, the last carrying {carried} of {stride}"
        );
        let (carried, stride, spent) = last_ap(exact);
        dropped += usize::from(spent >= 2 && carried > 0.06 && carried < stride / 2.0);
    }
    assert!(dropped > 0, "no way ended a little past a stride");
}

/// The river crossing with one of the side to act's units that cannot shoot (free to
/// activate) and the first enemy.
fn fighter_and_enemy() -> (ToySession, View, View) {
    unit_and_enemy(false)
}

/// Side to act's first unit that may activate and shoots (or cannot shoot), and an enemy.
fn unit_and_enemy(shoots: bool) -> (ToySession, View, View) {
    let session = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let units = in_play(world);
    let free = |u: &&View| {
        u.side == side && u.unit.shoots() == shoots && check_activate(world, side, u.id).is_ok()
    };
    let unit = units.iter().find(free).unwrap().clone();
    let enemy = units.iter().find(|u| u.side != side).unwrap().clone();
    (session, unit, enemy)
}

/// `unit` activated, the enemy set 3" ahead of it, facing it, and clicked (Shift held
/// where `shift`): the last command sent, and whether the two then touch.
fn click_the_enemy_ahead(
    (session, unit, enemy): (ToySession, View, View),
    shift: bool,
) -> (Command, bool) {
    let mut session = click_at(session, unit.base.center, Some(unit.id));
    let ahead = unit.base.center + to_world(unit.base.facing, Vec2::Y) * 3.0;
    let world = session.engine.world_mut();
    let e = world
        .resource::<warband_table::engine::ModelIndex>()
        .entity(enemy.id)
        .unwrap();
    let placed = warband_table::geometry::Placed {
        center: ahead,
        facing: unit.base.facing + 180.0,
        ..enemy.base
    };
    world
        .entity_mut(e)
        .insert(warband_table::components::Base(placed));
    let mut app = crate::game::test_app::left_click(session, click.into_configs());
    app.insert_resource(Pointer::at(Some(ahead)))
        .insert_resource(ToySelection {
            hover: Some(enemy.id),
            exact: shift,
            ..ToySelection::default()
        });
    app.update();
    let session = app.world_mut().remove_non_send::<ToySession>().unwrap();
    // The charge fights at once, which may end the activation: find both by id.
    let world = session.engine.world();
    let moved = warband_toy_soldier::battle::find(world, unit.id).unwrap();
    let them = warband_toy_soldier::battle::find(world, enemy.id).unwrap();
    let (_, last, _) = warband_table::log::last_accepted(&session.engine.log().events).unwrap();
    let touching = warband_table::geometry::in_contact(&moved.base, &them.base);
    (last.clone(), touching)
}

/// A unit that cannot shoot, clicking an enemy in reach, charges it: the move ends
/// in contact, as the odds panel's "Charging" line says.
#[test]
fn a_click_on_an_enemy_in_reach_charges_it() {
    let (last, touching) = click_the_enemy_ahead(unit_and_enemy(false), false);
    assert!(matches!(last, Command::Move { .. }), "{last:?}");
    assert!(touching);
}

/// A unit that shoots shoots the enemy it clicks; with Shift held it charges it (a
/// play-tester's cavalry with bows could never be told to charge).
#[test]
fn a_shooter_charges_with_shift_held() {
    let (last, _) = click_the_enemy_ahead(unit_and_enemy(true), false);
    assert!(matches!(last, Command::Shoot { .. }), "{last:?}");
    let (last, touching) = click_the_enemy_ahead(unit_and_enemy(true), true);
    assert!(matches!(last, Command::Move { .. }), "{last:?}");
    assert!(touching);
}

/// Puts model `id` at `local` of `unit`'s own frame (front towards +y), facing as it does.
fn put_by(session: &mut ToySession, unit: &View, id: ModelId, local: Vec2) -> View {
    let world = session.engine.world_mut();
    let e = world
        .resource::<warband_table::engine::ModelIndex>()
        .entity(id)
        .unwrap();
    let base = world.get::<warband_table::components::Base>(e).unwrap().0;
    let at = warband_table::geometry::Placed {
        center: unit.base.center + to_world(unit.base.facing, local),
        facing: unit.base.facing,
        ..base
    };
    world
        .entity_mut(e)
        .insert(warband_table::components::Base(at));
    warband_toy_soldier::battle::find(session.engine.world(), id).unwrap()
}

/// A unit that cannot shoot, activated, with a friend put `ahead` inches before it in
/// its way; and an enemy.
fn active_with_a_friend_ahead(ahead: f32) -> (ToySession, View, View) {
    let (session, unit, enemy) = fighter_and_enemy();
    let mut session = click_at(session, unit.base.center, Some(unit.id));
    let world = session.engine.world();
    let friend = in_play(world)
        .into_iter()
        .find(|u| u.side == unit.side && u.id != unit.id)
        .unwrap();
    put_by(&mut session, &unit, friend.id, Vec2::new(0.0, ahead));
    (session, unit, enemy)
}

/// An enemy off to the side of the way ahead is no charge, whatever blocks that way:
/// the panel then says a charge goes straight ahead, not what stands in the way.
#[test]
fn an_enemy_off_the_way_ahead_is_no_charge_whatever_blocks_it() {
    let (mut session, unit, enemy) = active_with_a_friend_ahead(1.6);
    let enemy = put_by(&mut session, &unit, enemy.id, Vec2::new(3.5, 3.8));
    let world = session.engine.world();
    let (v, a) = active(world, unit.side).unwrap();
    let (step, inches) = ghost(&v, enemy.base.center);
    assert_eq!(step, Step::Forward);
    assert!(
        check_move(world, &v, &a, step, inches).is_err(),
        "the way ahead is blocked"
    );
    assert!(matches!(
        charge_at(world, &v, &a, &enemy, enemy.base.center),
        Err(None)
    ));
    assert!(!way_meets(&v, Step::Forward, 8.0, &enemy));
    let ahead = put_by(&mut session, &unit, enemy.id, Vec2::new(0.5, 4.0));
    assert!(way_meets(&v, Step::Forward, 8.0, &ahead));
}

/// A click on an enemy the move cannot reach asks nothing (no plain move is spent).
#[test]
fn a_click_on_an_enemy_out_of_reach_sends_nothing() {
    let (session, unit, enemy) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let sent = session.commands.len();
    let session = click_at(session, enemy.base.center, Some(enemy.id));
    assert_eq!(session.commands.len(), sent, "{:?}", session.last_refusal);
}

/// Space with no unit active is answered in the tray and neither logged nor saved;
/// with one active and its AP unspent, a first Space asks and a second passes.
#[test]
fn space_with_no_unit_active_sends_nothing() {
    use warband_table::log::Entry;
    let session = press_space(battle());
    assert!(session.commands.is_empty());
    let said = session.last_refusal.clone().unwrap_or_default();
    assert!(said.contains("no unit is active"), "{said}");
    let refused = session
        .engine
        .log()
        .events
        .iter()
        .any(|e| matches!(e, Entry::Refused { .. }));
    assert!(!refused, "nothing logged");
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let sent = session.commands.len();
    let asked = press_space(session);
    assert_eq!(asked.commands.len(), sent, "the first Space asks");
    let (ask, _) = asked.notice_left().expect("the ask stands");
    assert!(ask.starts_with("A pass gives up"), "{ask}");
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let session = press_spaces(session, 2);
    assert_eq!(
        session.commands.len(),
        sent + 1,
        "{:?}",
        session.last_refusal
    );
    assert!(matches!(session.commands.last(), Some((_, Command::Pass))));
}

/// Space pressed as a part comes to the player (a press repeated while the computer
/// played) does not pass; pressed once the part has stood a moment, it does.
#[test]
fn space_as_a_part_comes_is_not_heeded() {
    let now = std::time::Instant::now();
    let sent_on_space = |mut session: ToySession, noted: std::time::Instant| {
        session.note_part(noted);
        let sent = session.commands.len();
        // Twice: a unit with its AP unspent is asked about first.
        press_spaces(session, 2).commands.len() - sent
    };
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    // Noted as coming a minute from now: however slow the test, the part is new.
    let coming = now + std::time::Duration::from_secs(60);
    assert_eq!(sent_on_space(session, coming), 0, "the part just came");
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let stood = now - std::time::Duration::from_secs(2);
    assert_eq!(sent_on_space(session, stood), 1, "the part has stood");
}

/// One press of Space through the keys system.
fn press_space(session: ToySession) -> ToySession {
    press_spaces(session, 1)
}

/// `presses` presses of Space, one a frame, through the keys system.
fn press_spaces(session: ToySession, presses: usize) -> ToySession {
    let mut app = App::new();
    app.init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ToySelection>()
        .add_systems(Update, keys);
    app.world_mut().insert_non_send(session);
    for _ in 0..presses {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        input.release(KeyCode::Space);
        input.clear();
        input.press(KeyCode::Space);
        app.update();
    }
    app.world_mut().remove_non_send::<ToySession>().unwrap()
}

/// The pointer well off a unit's four ways (ahead, back, left, right) is told: the
/// ghost goes the nearest way, not where the pointer is. Along a way, or near the unit,
/// nothing is said.
#[test]
fn a_pointer_off_the_four_ways_is_told() {
    let (_, v, _) = fighter_and_enemy();
    let at = |x: f32, y: f32| v.base.center + to_world(v.base.facing, Vec2::new(x, y));
    assert!(off_the_ways(&v, at(3.0, 3.0)), "45° off ahead");
    assert!(off_the_ways(&v, at(-2.0, -1.5)));
    assert!(!off_the_ways(&v, at(0.5, 4.0)), "7° off ahead");
    assert!(!off_the_ways(&v, at(-3.0, 0.2)), "along the left");
    assert!(!off_the_ways(&v, at(0.3, 0.3)), "on the unit itself");
}

/// A right click turns the unit to face the pointer: the turn from its facing, at most
/// 90° (one AP) either way, positive to its left; nothing where it faces it already.
#[test]
fn a_right_click_faces_the_pointer() {
    let (_, v, _) = fighter_and_enemy();
    let at = |degrees: f32| {
        let way = Vec2::Y.rotate(Vec2::from_angle(degrees.to_radians()));
        v.base.center + to_world(v.base.facing, way) * 5.0
    };
    let degrees = |c: Option<Command>| match c {
        Some(Command::Pivot { degrees }) => Some(degrees.round()),
        _ => None,
    };
    assert_eq!(degrees(first_turn(&v, at(30.0))), Some(30.0), "to its left");
    assert_eq!(degrees(first_turn(&v, at(-60.0))), Some(-60.0));
    assert_eq!(
        degrees(first_turn(&v, at(150.0))),
        Some(90.0),
        "one AP's worth"
    );
    assert_eq!(degrees(first_turn(&v, at(0.3))), None, "faces it already");
}

/// The first of the turns a right click at `cursor` sends.
fn first_turn(v: &View, cursor: Vec2) -> Option<Command> {
    facing_turns(v, cursor).into_iter().next()
}

/// A right click turns the active unit; a right-drag, which moves the view, does not:
/// pressed at one place on the screen and let go 40 pixels away, it sends nothing.
#[test]
fn a_right_drag_moves_the_view_and_turns_nothing() {
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let aside = unit.base.center + to_world(unit.base.facing, Vec2::new(-4.0, 1.0));
    let right = |session, way| right_button(session, aside, way);
    let sent = session.commands.len();
    let session = right(session, (Vec2::new(300.0, 300.0), Vec2::new(340.0, 300.0)));
    assert_eq!(session.commands.len(), sent, "a drag turns nothing");
    let session = right(session, (Vec2::new(300.0, 300.0), Vec2::new(302.0, 300.0)));
    assert_eq!(session.commands.len(), sent + 1);
    assert!(matches!(
        session.commands.last(),
        Some((_, Command::Pivot { .. }))
    ));
}

/// `session` after the right button went down at one place on the screen and up at
/// another (`way`), with the pointer over `at` on the table.
fn right_button(session: ToySession, at: Vec2, (from, to): (Vec2, Vec2)) -> ToySession {
    let mut app = App::new();
    app.init_resource::<ButtonInput<MouseButton>>()
        .add_systems(Update, face_pointer);
    app.world_mut().insert_non_send(session);
    app.insert_resource(Pointer::on_screen(at, from));
    app.world_mut()
        .resource_mut::<ButtonInput<MouseButton>>()
        .press(MouseButton::Right);
    app.update();
    app.insert_resource(Pointer::on_screen(at, to));
    let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
    buttons.clear();
    buttons.release(MouseButton::Right);
    app.update();
    app.world_mut().remove_non_send::<ToySession>().unwrap()
}

/// A right click behind the active unit turns it all the way round in one click: two
/// turns (90°, then the rest), where one used to leave it half turned.
#[test]
fn a_right_click_behind_turns_the_whole_way() {
    let (session, unit, _) = fighter_and_enemy();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let way = Vec2::Y.rotate(Vec2::from_angle(150f32.to_radians()));
    let behind = unit.base.center + to_world(unit.base.facing, way) * 5.0;
    let sent = session.commands.len();
    let click = (Vec2::new(300.0, 300.0), Vec2::new(301.0, 300.0));
    let session = right_button(session, behind, click);
    let turns: Vec<f32> = session.commands[sent..]
        .iter()
        .filter_map(|(_, c)| match c {
            Command::Pivot { degrees } => Some(*degrees),
            _ => None,
        })
        .collect();
    assert_eq!(turns.len(), 2, "{turns:?}");
    assert!(
        (turns[0] - 90.0).abs() < 0.5 && (turns[1] - 60.0).abs() < 0.5,
        "{turns:?}"
    );
}

/// Gives the active unit of `side` `ap` AP.
fn set_ap(session: &mut ToySession, ap: u32) {
    let world = session.engine.world_mut();
    let mut b = world.resource_mut::<warband_toy_soldier::battle::Battle>();
    b.activation.as_mut().unwrap().ap = ap;
}

/// An enemy off to the side: the card asks the engine, on a fork with the turn played,
/// whether the charge is then open. A friend in the way after the turn is said before
/// the turn's AP are spent (a play-tester turned, then met the friend).
#[test]
fn a_charge_after_a_turn_is_judged_before_the_turn() {
    use crate::game::toy::turned::charge_after_turning;
    let (mut session, unit, enemy) = active_with_a_friend_ahead(30.0);
    set_ap(&mut session, 6);
    let enemy = put_by(&mut session, &unit, enemy.id, Vec2::new(3.5, 3.8));
    let (v, _) = active(session.engine.world(), unit.side).unwrap();
    let sent = session.engine.log().events.len();
    assert_eq!(charge_after_turning(&session.engine, &v, &enemy), Ok(1));
    assert_eq!(
        session.engine.log().events.len(),
        sent,
        "the battle is untouched"
    );
    let friend = in_play(session.engine.world())
        .into_iter()
        .find(|u| u.side == unit.side && u.id != unit.id)
        .unwrap();
    put_by(&mut session, &unit, friend.id, Vec2::new(1.75, 1.9));
    let why = charge_after_turning(&session.engine, &v, &enemy).unwrap_err();
    assert!(why.contains(&friend.unit.name), "{why}");
    // With one AP, the turn is all it has: said so, not the engine's own words.
    set_ap(&mut session, 1);
    let (v, _) = active(session.engine.world(), unit.side).unwrap();
    let why = charge_after_turning(&session.engine, &v, &enemy).unwrap_err();
    assert_eq!(why, "the turn takes its last AP");
}

/// A bow unit with an enemy beside it: the card says whether a volley is open once it
/// has turned, or what stands in the line then.
#[test]
fn a_shot_after_a_turn_is_judged_before_the_turn() {
    use crate::game::toy::turned::shot_after_turning;
    let session = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let units = in_play(world);
    let free =
        |u: &&View| u.side == side && u.unit.shoots() && check_activate(world, side, u.id).is_ok();
    let bows = units.iter().find(free).unwrap().clone();
    let enemy = units.iter().find(|u| u.side != side).unwrap().clone();
    let friend = units
        .iter()
        .find(|u| u.side == side && u.id != bows.id)
        .unwrap()
        .clone();
    let mut session = click_at(session, bows.base.center, Some(bows.id));
    set_ap(&mut session, 6);
    // Everyone else well out of the way.
    for (i, u) in units.iter().enumerate() {
        if ![bows.id, enemy.id].contains(&u.id) {
            put_by(
                &mut session,
                &bows,
                u.id,
                Vec2::new(60.0 + 5.0 * i as f32, 60.0),
            );
        }
    }
    let enemy = put_by(&mut session, &bows, enemy.id, Vec2::new(-6.0, 0.0));
    let (v, _) = active(session.engine.world(), side).unwrap();
    assert!(!warband_table::geometry::facing::in_front_arc(
        &v.base,
        &enemy.base
    ));
    assert_eq!(shot_after_turning(&session.engine, &v, &enemy, 2), Ok(1));
    put_by(&mut session, &bows, friend.id, Vec2::new(-3.0, 0.0));
    let why = shot_after_turning(&session.engine, &v, &enemy, 2).unwrap_err();
    assert!(why.contains("in the way"), "{why}");
}

/// A move is put on the nearer end of a whole AP's move, as the engine prices the way:
/// a hair past the first AP's reach goes back to it (1 AP, not 2), a hair short of the
/// second's goes on to it; with Shift held it goes as pointed.
#[test]
fn a_move_is_put_on_whole_ap() {
    let (mut session, unit, _) = active_with_a_friend_ahead(30.0);
    set_ap(&mut session, 6);
    let world = session.engine.world();
    let (v, a) = active(world, unit.side).unwrap();
    let cost = |d: f32| check_move(world, &v, &a, Step::Forward, d).map(|p| p.ap);
    // The furthest move each AP pays for, found by hand in twentieths of an inch.
    let reach_of = |ap: u32| {
        (1..200)
            .map(|i| i as f32 * 0.05)
            .take_while(|d| cost(*d).is_ok_and(|c| c <= ap))
            .last()
            .unwrap()
    };
    let (one, two) = (reach_of(1), reach_of(2));
    let ahead = |d: f32| v.base.center + to_world(v.base.facing, Vec2::Y) * d;
    let snapped = |d: f32, exact| move_to(world, &v, &a, ahead(d), exact).1;
    assert_eq!(cost(one + 0.11), Ok(2), "the pointed move costs 2 AP");
    let back = snapped(one + 0.11, false);
    assert!(
        (back - one).abs() < 0.06 && cost(back) == Ok(1),
        "{back} v {one}"
    );
    let on = snapped(two - 0.1, false);
    assert!((on - two).abs() < 0.06 && cost(on) == Ok(2), "{on} v {two}");
    // On the half stride itself, not a hair short of it ("3.99\"").
    let half = warband_rules::toy_soldier::move_step(v.unit.kind, Step::Forward) / 2.0;
    for end in [back, on] {
        let strides = end / half;
        assert!((strides - strides.round()).abs() < 1e-4, "{end}");
    }
    assert!((snapped(one + 0.11, true) - (one + 0.11)).abs() < 1e-3);
}

/// Space on a unit that carries danger first says what a pass costs, and only a
/// second press passes (a play-tester's Space turned 21 danger into damage, and the
/// unit broke, without a word); on a unit with none it passes at once
/// (`space_with_no_unit_active_sends_nothing` above).
#[test]
fn space_on_a_unit_in_danger_asks_before_it_passes() {
    let in_danger = || {
        let (session, unit, _) = fighter_and_enemy();
        let mut session = click_at(session, unit.base.center, Some(unit.id));
        session.note_part(std::time::Instant::now() - std::time::Duration::from_secs(2));
        let world = session.engine.world_mut();
        let e = world
            .resource::<warband_table::engine::ModelIndex>()
            .entity(unit.id)
            .unwrap();
        let mut marks = world
            .get_mut::<warband_toy_soldier::components::Marks>(e)
            .unwrap();
        marks.danger = 3;
        (session, unit.side)
    };
    let (session, _) = in_danger();
    let sent = session.commands.len();
    assert_eq!(
        press_space(session).commands.len(),
        sent,
        "the first Space only asks"
    );
    let (mut session, side) = in_danger();
    let mut asked = None;
    assert!(!pass_heeded(&mut session, side, &mut asked), "asked");
    let (ask, _) = session.notice_left().expect("the ask stands");
    assert!(
        ask.contains("carries 3 danger: a pass makes it 3 damage and a morale check")
            && ask.ends_with(SPACE_AGAIN_PASSES),
        "{ask}"
    );
    assert!(
        pass_heeded(&mut session, side, &mut asked),
        "a second press passes"
    );
}

/// Open table where an enemy unit fell a moment ago: the active unit's click there was
/// meant for the enemy, and sends no move (the shared rule, in Borderlands' tests too).
#[test]
fn a_click_where_an_enemy_just_fell_sends_no_move() {
    let session = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let units = in_play(world);
    let unit = units
        .iter()
        .find(|u| u.side == side && check_activate(world, side, u.id).is_ok())
        .unwrap()
        .clone();
    let foe = units.iter().find(|u| u.side != side).unwrap().clone();
    let session = click_at(session, unit.base.center, Some(unit.id));
    let ahead = unit.base.center + to_world(unit.base.facing, Vec2::Y) * 2.0;
    let mut app = crate::game::test_app::left_click(session, click.into_configs());
    app.insert_resource(Pointer::at(Some(ahead)))
        .init_resource::<ToySelection>();
    let lying = foe.base.at(ahead);
    crate::game::minis::spawn_casualty(app.world_mut(), (foe.id, foe.side), &lying, 0.5);
    app.update();
    let session = app.world_mut().remove_non_send::<ToySession>().unwrap();
    let (v, _) = active(session.engine.world(), side).unwrap();
    assert_eq!(v.base.center, unit.base.center, "it moved");
    let said = session.last_refusal.unwrap_or_default();
    assert!(said.contains(" fell just now: no move sent"), "{said}");
}

/// A move cut short by a friend in the way says what stops it (a play-tester's
/// spearmen went 0.22" for 1 AP, unwarned).
#[test]
fn a_move_cut_short_says_what_is_in_the_way() {
    let (session, unit, _) = active_with_a_friend_ahead(3.0);
    let (v, a) = active(session.engine.world(), unit.side).unwrap();
    let cursor = unit.base.center + to_world(unit.base.facing, Vec2::Y) * 4.0;
    let plan = ghost_plan(&session, v.side, cursor, false).unwrap();
    let words = crate::game::test_app::egui_words(|ui| {
        super::super::panel::move_lines(ui, &session, (&v, &a), cursor, plan.clone());
    })
    .join("\n");
    assert!(words.contains(", as far as it goes ("), "{words}");
}
