use super::*;
use crate::game::session::Controller;
use warband_marauders::components::Base;

/// Open field with both sides in a person's hands, played on to side A's movement.
fn movement() -> Session {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("assets/scenarios/open-field.ron");
    let setup = warband_marauders::data::BattleSetup::load(&file).unwrap();
    let mut s = Session::new(setup, 3, [Controller::Human, Controller::Human]).unwrap();
    play_on_to(&mut s, Phase::Movement);
    s
}

/// Ends each part in turn until side A is asked to act in `phase`.
fn play_on_to(s: &mut Session, phase: Phase) {
    for _ in 0..20 {
        if s.engine.phase() == phase && s.human_turn() == Some(Side::A) {
            break;
        }
        let side = s.human_turn().unwrap();
        s.submit(side, Command::EndPhase).unwrap();
    }
    assert_eq!(s.engine.phase(), phase);
}

/// Sets A's model `mine` 3" short of B's model `foe`.
fn near(s: &mut Session, mine: ModelId, foe: ModelId) {
    let world = s.engine.world_mut();
    let to = model(world, foe).unwrap().base.center - Vec2::new(0.0, 3.0);
    let e = warband_marauders::battle::entity_of(world, mine).unwrap();
    let base = world.get::<Base>(e).unwrap().0;
    world.entity_mut(e).insert(Base(base.at(to)));
    warband_marauders::effects::refresh_engagement(world);
}

fn click_on(session: Session, chosen: ModelId, hover: ModelId) -> App {
    let at = model(session.engine.world(), hover).unwrap().base.center;
    let mut app = crate::game::test_app::left_click(session, click.into_configs());
    app.insert_resource(Selection {
        model: Some(chosen),
        hover: Some(hover),
        cursor: Some(at),
        ..Selection::default()
    });
    app
}

/// Side A's first model moves an inch up the table.
fn move_one_inch(s: &mut Session) {
    let mover = first_of(s, Side::A);
    let to = model(s.engine.world(), mover).unwrap().base.center + Vec2::new(0.0, 1.0);
    let to = to.into();
    s.submit(Side::A, Command::Move { model: mover, to })
        .unwrap();
}

fn first_of(session: &Session, side: Side) -> ModelId {
    in_play(session.engine.world())
        .into_iter()
        .find(|m| m.side == side)
        .unwrap()
        .id
}

/// The terrain card stays away while a model of the player's is chosen, its
/// ghost following the pointer, and not while the computer plays.
#[test]
fn a_chosen_model_keeps_the_terrain_card_away() {
    use crate::game::desk::Desk;
    use warband_marauders::engine::Marauders;
    let mut s = movement();
    let chosen = Selection {
        model: Some(first_of(&s, Side::A)),
        ..Selection::default()
    };
    assert!(Marauders::aiming(&s, &chosen));
    assert!(!Marauders::aiming(&s, &Selection::default()));
    s.replay = Some(Vec::new());
    assert!(
        !Marauders::aiming(&s, &chosen),
        "no one may act in a replay"
    );
}

#[test]
fn a_click_on_an_enemy_in_reach_charges_it() {
    let mut s = movement();
    let (mine, foe) = (first_of(&s, Side::A), first_of(&s, Side::B));
    near(&mut s, mine, foe);
    let mut app = click_on(s, mine, foe);
    app.update();
    let session = app.world().non_send::<Session>();
    let m = model(session.engine.world(), mine).unwrap();
    assert!(m.engaged_since.is_some(), "the click charged: {:?}", m.base);
    assert_eq!(app.world().resource::<Selection>().model, Some(mine));
}

/// Open field with both sides in a person's hands, played on to the Declare spells
/// turn of the side with a Sleep caster; the caster.
fn sleep_caster_declaring() -> (Session, ModelView) {
    use warband_rules::marauders::spells::Spell;
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("assets/scenarios/open-field.ron");
    let setup = warband_marauders::data::BattleSetup::load(&file).unwrap();
    let mut s = Session::new(setup, 3, [Controller::Human, Controller::Human]).unwrap();
    let caster = in_play(s.engine.world())
        .into_iter()
        .find(|m| m.profile.spells.contains(&Spell::Sleep))
        .unwrap();
    while !(s.engine.phase() == Phase::DeclareSpells && s.human_turn() == Some(caster.side)) {
        let now = s.human_turn().unwrap();
        s.submit(now, Command::EndPhase).unwrap();
    }
    (s, caster)
}

/// Sleep, cast at a point, takes the point clicked even when a model lies under it.
/// A play-test clicked an enemy with Sleep armed: the click declared it at the
/// model, the engine refused ("Sleep needs a Point target"), and the spell was lost.
#[test]
fn sleep_clicked_on_a_model_is_cast_at_the_point_clicked() {
    use warband_rules::marauders::spells::Spell;
    let (s, caster) = sleep_caster_declaring();
    let (side, caster) = (caster.side, caster.id);
    let foe = first_of(&s, side.other());
    let at = model(s.engine.world(), foe).unwrap().base.center;
    let mut app = click_on(s, caster, foe);
    app.world_mut().resource_mut::<Selection>().spell = Some(Spell::Sleep);
    app.update();
    let session = app.world().non_send::<Session>();
    let declared = model(session.engine.world(), caster).unwrap().declared;
    assert_eq!(
        declared.map(|d| (d.spell, d.aim)),
        Some(("Sleep".to_string(), SpellAim::Point(at.x, at.y)))
    );
}

/// With Sleep armed, a click on one of your own models picks it: no spell is cast.
#[test]
fn sleep_armed_a_click_on_a_friend_picks_it() {
    use warband_rules::marauders::spells::Spell;
    let (s, caster) = sleep_caster_declaring();
    let (side, caster) = (caster.side, caster.id);
    let friend = in_play(s.engine.world())
        .into_iter()
        .find(|m| m.side == side && m.id != caster)
        .unwrap()
        .id;
    let mut app = click_on(s, caster, friend);
    app.world_mut().resource_mut::<Selection>().spell = Some(Spell::Sleep);
    app.update();
    let session = app.world().non_send::<Session>();
    assert!(
        model(session.engine.world(), caster)
            .unwrap()
            .declared
            .is_none()
    );
    let sel = app.world().resource::<Selection>();
    assert_eq!((sel.model, sel.spell), (Some(friend), None));
}

/// An enemy beyond a charge is said to be, in figures that never read as within it.
#[test]
fn an_enemy_beyond_a_charge_is_said_to_be() {
    use crate::game::marauders::hud::odds::out_of_reach;
    let s = movement();
    let (mine, foe) = (first_of(&s, Side::A), first_of(&s, Side::B));
    let world = s.engine.world();
    let (m, t) = (model(world, mine).unwrap(), model(world, foe).unwrap());
    let allowance = m.profile.armour.movement_allowance();
    let words = out_of_reach(world, &m, &t, allowance);
    assert!(
        words.contains("is out of charge reach") && words.contains("away; its move is"),
        "{words}"
    );
    assert!(
        words.starts_with(&format!("{} #{}", t.profile.name, t.id)),
        "{words}"
    );
}

/// With no fight on the table a person's part of the attacking phase passes by itself,
/// and the tray says why; a fight on the table waits for its Fight button.
#[test]
fn an_attacking_phase_with_no_fight_passes_by_itself() {
    let mut s = movement();
    for _ in 0..10 {
        if s.engine.phase() == Phase::Attacking {
            break;
        }
        let side = s.human_turn().unwrap();
        s.submit(side, Command::EndPhase).unwrap();
    }
    assert_eq!(s.engine.phase(), Phase::Attacking);
    assert!(open_groups(s.engine.world()).is_empty());
    let mut app = App::new();
    app.insert_non_send(s)
        .add_systems(Update, pass_empty_attacks);
    app.update();
    let s = app.world().non_send::<Session>();
    assert_ne!(
        (s.engine.phase(), s.human_turn()),
        (Phase::Attacking, Some(Side::A)),
        "A's part passed"
    );
    assert!(
        s.notice_left()
            .is_some_and(|(w, _)| w.contains("No fights"))
    );
    // Both sides at this machine: B's part passes too, in the next frame.
    app.update();
    let s = app.world().non_send::<Session>();
    assert_ne!(s.engine.phase(), Phase::Attacking, "B's part passed too");
}

/// A Space in the movement phase with no model moved yet asks first; a second ends
/// the phase. Once a model has moved, one press ends it.
#[test]
fn space_with_no_model_moved_asks_before_it_ends_the_movement() {
    let mut s = movement();
    s.note_part(std::time::Instant::now() - std::time::Duration::from_secs(2));
    let mut app = App::new();
    app.init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<Selection>()
        .insert_non_send(s)
        .add_systems(Update, keys);
    let space = |app: &mut App| {
        let mut input = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        input.release(KeyCode::Space);
        input.clear();
        input.press(KeyCode::Space);
        app.update();
        let s = app.world().non_send::<Session>();
        (s.engine.phase(), s.human_turn())
    };
    assert_eq!(space(&mut app), (Phase::Movement, Some(Side::A)), "it asks");
    let s = app.world().non_send::<Session>();
    assert!(
        s.notice_left()
            .is_some_and(|(w, _)| w.starts_with("No model has moved"))
    );
    assert_ne!(
        space(&mut app),
        (Phase::Movement, Some(Side::A)),
        "the second ends it"
    );

    let mut s = movement();
    move_one_inch(&mut s);
    s.note_part(std::time::Instant::now() - std::time::Duration::from_secs(2));
    app.insert_non_send(s);
    assert_ne!(
        space(&mut app),
        (Phase::Movement, Some(Side::A)),
        "one press"
    );
}

/// A second Space answers the ask only while the ask is shown: once another notice
/// has taken its place, the next press asks again.
#[test]
fn a_space_after_the_movement_ask_has_gone_asks_again() {
    use crate::game::session::part::GRACE;
    let mut s = movement();
    s.note_part(std::time::Instant::now() - GRACE * 2);
    let mut asked = None;
    end_movement(&mut s, Side::A, &mut asked, true);
    assert!(asked.is_some(), "the first asks");
    s.tell("Saved as open-field", std::time::Instant::now());
    end_movement(&mut s, Side::A, &mut asked, true);
    assert_eq!(
        (s.engine.phase(), s.human_turn()),
        (Phase::Movement, Some(Side::A)),
        "asked again, not ended"
    );
    assert!(s.ask_shown(NO_MODEL_MOVED));
    end_movement(&mut s, Side::A, &mut asked, true);
    assert_ne!(
        (s.engine.phase(), s.human_turn()),
        (Phase::Movement, Some(Side::A)),
        "the press that answers the ask shown ends it"
    );
}

/// The ask of a first Space stands however long the person thinks (a play-tester's
/// second press nine seconds later only asked again), and goes once anything is played.
#[test]
fn the_movement_ask_stands_until_something_is_played() {
    let mut s = movement();
    let long_ago = std::time::Instant::now() - crate::game::hud::dice_tray::NOTICE * 2;
    s.ask(NO_MODEL_MOVED, long_ago);
    assert!(
        s.ask_shown(NO_MODEL_MOVED),
        "it stands past a notice's time"
    );
    let mut asked = Some((Side::A, s.engine.battle().round));
    end_movement(&mut s, Side::A, &mut asked, true);
    assert_ne!(
        (s.engine.phase(), s.human_turn()),
        (Phase::Movement, Some(Side::A)),
        "the second press, long after the first, ends the movement"
    );
    let mut s = movement();
    s.ask(NO_MODEL_MOVED, long_ago);
    // A refused command changes nothing: the ask stands.
    let foe = first_of(&s, Side::B);
    let logged = s.engine.log().events.len();
    let to = model(s.engine.world(), foe).unwrap().base.center;
    assert!(
        s.submit(
            Side::A,
            Command::Move {
                model: foe,
                to: to.into()
            }
        )
        .is_err()
    );
    assert!(
        s.engine.log().events.len() > logged,
        "the refusal is logged"
    );
    assert!(
        s.ask_shown(NO_MODEL_MOVED),
        "a refusal leaves the ask standing"
    );
    move_one_inch(&mut s);
    assert!(
        !s.ask_shown(NO_MODEL_MOVED),
        "a model moved: the ask is gone"
    );
}

/// An enemy within reach that a friend stands in the way of is said to be blocked by
/// that friend, by name, as the engine finds it (a play-tester read only "costs more
/// than the move", with a move of 0.0" to the pointer).
#[test]
fn a_charge_blocked_by_a_friend_names_the_friend() {
    use crate::game::marauders::hud::odds::out_of_reach;
    let mut s = movement();
    let (mine, foe) = (first_of(&s, Side::A), first_of(&s, Side::B));
    near(&mut s, mine, foe);
    let world = s.engine.world_mut();
    let friend = in_play(world)
        .into_iter()
        .find(|m| m.side == Side::A && m.id != mine)
        .unwrap();
    let (m, t) = (model(world, mine).unwrap(), model(world, foe).unwrap());
    let halfway = m.base.center.lerp(t.base.center, 0.5);
    let e = warband_marauders::battle::entity_of(world, friend.id).unwrap();
    world.entity_mut(e).insert(Base(friend.base.at(halfway)));
    warband_marauders::effects::refresh_engagement(world);
    let world = s.engine.world();
    let allowance = m.profile.armour.movement_allowance();
    let words = out_of_reach(world, &m, &t, allowance);
    assert!(words.contains("cannot be charged from here"), "{words}");
    assert!(words.contains(&format!("#{}", friend.id)), "{words}");
}

/// Side A's shooting, with B's first model out of action: A's first shooter, B's
/// model, where it lies, and its name.
fn shooting_over_the_fallen() -> (Session, ModelId, Vec2, String) {
    let mut s = movement();
    play_on_to(&mut s, Phase::Shooting);
    let shooter = in_play(s.engine.world())
        .into_iter()
        .find(|m| m.side == Side::A && m.profile.ranged.is_some())
        .unwrap()
        .id;
    let foe = first_of(&s, Side::B);
    let world = s.engine.world_mut();
    let at = model(world, foe).unwrap().base.center;
    let e = warband_marauders::battle::entity_of(world, foe).unwrap();
    world
        .entity_mut(e)
        .insert(warband_table::components::OutOfAction);
    let name = <warband_marauders::engine::Marauders as crate::game::desk::Desk>::model_name(
        s.engine.world(),
        foe,
    );
    (s, shooter, at, name)
}

/// A click with `chosen` chosen at `cursor`, on no model in play, played.
fn click_open_table(s: Session, chosen: ModelId, cursor: Vec2) -> App {
    let mut app = crate::game::test_app::left_click(s, click.into_configs());
    app.insert_resource(Selection {
        model: Some(chosen),
        hover: None,
        cursor: Some(cursor),
        ..Selection::default()
    });
    app.update();
    app
}

/// A shooter's click on a slain enemy's spot, or on open table, shoots nothing, keeps
/// the shooter chosen and says why (a play-tester's click there dropped the shooter
/// without a word).
#[test]
fn a_shot_clicked_at_no_model_in_play_says_why() {
    for fallen in [true, false] {
        let (s, shooter, at, name) = shooting_over_the_fallen();
        let table = s.engine.battle().table;
        let (cursor, said) = if fallen {
            (at, format!("No shot: {name} is out of action"))
        } else {
            let middle = table / 2.0;
            (middle, "No shot: click an enemy model to shoot it".into())
        };
        let app = click_open_table(s, shooter, cursor);
        assert_eq!(app.world().resource::<Selection>().model, Some(shooter));
        let session = app.world().non_send::<Session>();
        assert_eq!(session.last_refusal.as_deref(), Some(said.as_str()));
    }
}

/// A model that cannot shoot, clicked away onto open table in the shooting phase, is
/// let go as before: no "No shot" for a model with no bow.
#[test]
fn a_model_with_no_bow_clicked_away_is_let_go() {
    let (s, _, at, _) = shooting_over_the_fallen();
    let blade = in_play(s.engine.world())
        .into_iter()
        .find(|m| m.side == Side::A && m.profile.ranged.is_none())
        .unwrap()
        .id;
    let app = click_open_table(s, blade, at);
    assert_eq!(app.world().resource::<Selection>().model, None);
    assert_eq!(app.world().non_send::<Session>().last_refusal, None);
}

/// A notice of the moment ("No model has moved …") goes with the next die rolled, so it
/// never stands over a roll that came after it; a "Saved as …" stands its whole time.
#[test]
fn a_notice_of_the_moment_goes_with_the_next_die() {
    let mut s = movement();
    let now = std::time::Instant::now();
    let rolled = |s: &Session| s.engine.log().dice().count();
    let play_to_a_die = |s: &mut Session| {
        let before = rolled(s);
        for _ in 0..50 {
            if rolled(s) > before {
                return;
            }
            let side = s.human_turn().expect("a part for a person");
            s.submit(side, Command::EndPhase).unwrap();
        }
        panic!("no die rolled");
    };
    let logged = s.engine.log().events.len();
    s.tell_after(NO_MODEL_MOVED, now, logged);
    assert!(s.notice_left().is_some(), "it stands until a die");
    play_to_a_die(&mut s);
    assert!(s.notice_left().is_none(), "a die came after it");
    // Told of the table as it stood before the last die (a pass that rolled on into
    // a morale check): that die came after it, and it is gone.
    let events = &s.engine.log().events;
    let (last_die, logged) = (
        events.iter().rposition(|e| e.die().is_some()).unwrap(),
        events.len(),
    );
    s.tell_after("No fights this round", now, last_die);
    assert!(s.notice_left().is_none(), "a die came after what it told");
    s.tell_after("No fights this round", now, logged);
    assert!(s.notice_left().is_some());
    s.tell("Saved as open-field", now);
    play_to_a_die(&mut s);
    assert_eq!(s.notice_left().map(|(w, _)| w), Some("Saved as open-field"));
}

/// A model that has moved this round, chosen, and a click on open table: it is let go,
/// and nothing is sent (a play-tester's click was sent as a move, refused and logged).
#[test]
fn a_click_on_open_table_lets_a_moved_model_go() {
    let mut s = movement();
    move_one_inch(&mut s);
    let mover = first_of(&s, Side::A);
    let at = model(s.engine.world(), mover).unwrap().base.center + Vec2::new(0.0, 2.0);
    let sent = s.engine.log().events.len();
    let app = click_open_table(s, mover, at);
    let s = app.world().non_send::<Session>();
    assert_eq!(s.engine.log().events.len(), sent, "nothing sent");
    assert_eq!(app.world().resource::<Selection>().model, None, "let go");
}
