use super::ghost::{leave_shown, move_shown};
use super::*;
use crate::game::hud::how_far;
use crate::game::palette;
use crate::game::session::Controller;
use crate::game::session::part::space_ends;

/// The cave mouth with both sides in a person's hands, and the ready models of the
/// side to act.
fn battle() -> (BxSession, Vec<ModelId>) {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("assets/scenarios/cave-mouth.ron");
    let setup = warband_borderlands::data::BattleSetup::load(&file).unwrap();
    let session = BxSession::new(setup, 7, [Controller::Human, Controller::Human]).unwrap();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let ready = in_play(world)
        .into_iter()
        .filter(|m| actor(world, side, m.id).is_ok())
        .map(|m| m.id)
        .collect();
    (session, ready)
}

fn app(session: BxSession, chosen: ModelId, cursor: Option<Vec2>) -> App {
    let mut app = crate::game::test_app::left_click(session, click.into_configs());
    app.insert_resource(Pointer::at(cursor))
        .insert_resource(BxSelection {
            model: Some(chosen),
            hover: None,
            spell: Some(Spell::Sleep),
            not_there: None,
        });
    app
}

/// With `chosen` chosen and no spell, a click on ally `ally` whose condition `mark`
/// changes: what the table said, and the app.
fn click_on_ally(
    mut session: BxSession,
    (chosen, ally): (ModelId, ModelId),
    mark: impl FnOnce(&mut warband_borderlands::components::Condition),
) -> (String, App) {
    let world = session.engine.world_mut();
    let v = warband_borderlands::battle::find(world, ally).unwrap();
    let mut cond = v.cond;
    mark(&mut cond);
    world.entity_mut(v.entity).insert(cond);
    let mut app = app(session, chosen, Some(v.base.center));
    app.world_mut().resource_mut::<BxSelection>().spell = None;
    app.world_mut().resource_mut::<BxSelection>().hover = Some(ally);
    app.update();
    let session = app.world().non_send::<BxSession>();
    (session.last_refusal.clone().unwrap_or_default(), app)
}

/// A click on a dying ally out of contact moves the chosen model beside it, in contact,
/// to give first aid the next round (a play-tester found no click that reached it).
#[test]
fn a_click_on_a_dying_ally_out_of_contact_moves_beside_it() {
    let (session, ready) = battle();
    let (said, app) = click_on_ally(session, (ready[0], ready[1]), |c| {
        c.down = Some(warband_borderlands::components::Down::Bleeding);
    });
    assert_eq!(said, "", "nothing refused");
    let world = app.world().non_send::<BxSession>().engine.world();
    let [giver, dying] =
        [ready[0], ready[1]].map(|id| warband_borderlands::battle::find(world, id).unwrap().base);
    assert!(
        warband_table::geometry::in_contact(&giver, &dying),
        "{giver:?} {dying:?}"
    );
}

/// A dying ally beyond this round's move: the card says the click goes as far as it may
/// toward it, and the click does so, refusing nothing (a play-tester was promised a move
/// beside the friend, then refused it: "the move costs 4.29" but the allowance is 4.00"").
#[test]
fn a_click_on_a_dying_ally_beyond_the_move_goes_as_far_as_it_may() {
    let (mut session, ready) = battle();
    let (giver, ally) = (ready[0], ready[1]);
    let world = session.engine.world_mut();
    let [g, a] = [giver, ally].map(|id| warband_borderlands::battle::find(world, id).unwrap());
    let far = a.base.at(g.base.center + Vec2::new(0.0, 7.0));
    warband_table::components::set_base(world, a.entity, far);
    let mut dying = a.cond;
    dying.down = Some(warband_borderlands::components::Down::Bleeding);
    world.entity_mut(a.entity).insert(dying);
    let a = warband_borderlands::battle::find(world, ally).unwrap();
    let card = crate::game::bx::aid_card::words(world, &g, &a);
    assert!(card.starts_with("Not beside it this round ("), "{card}");
    let (said, app) = click_on_ally(session, (giver, ally), |_| {});
    assert_eq!(said, "", "nothing refused");
    let world = app.world().non_send::<BxSession>().engine.world();
    let moved = warband_borderlands::battle::find(world, giver)
        .unwrap()
        .base
        .center;
    let went = moved.distance(g.base.center);
    let reach = g.stats.move_inches;
    assert!(
        went > reach - 0.5 && went <= reach + 0.01,
        "{went} of {reach}"
    );
    assert!(moved.distance(a.base.center) < far.center.distance(g.base.center));
}

/// A play-tester's Cure Light Wounds on a slain ally did nothing and said nothing: a
/// spell at a casualty is asked of the engine, which says why not.
#[test]
fn a_spell_at_a_casualty_says_why_not() {
    let (mut session, ready) = battle();
    let world = session.engine.world_mut();
    let find = |id| warband_borderlands::battle::find(world, id).unwrap();
    let caster = ready
        .iter()
        .map(|id| find(*id))
        .find(|v| v.stats.spells.contains(&Spell::Sleep));
    let caster = caster.expect("a ready model knows Sleep").id;
    let fallen = find(*ready.iter().find(|id| **id != caster).unwrap());
    world
        .entity_mut(fallen.entity)
        .insert(warband_table::components::OutOfAction);
    let mut app = app(session, caster, Some(fallen.base.center));
    crate::game::minis::spawn_casualty(
        app.world_mut(),
        (fallen.id, fallen.side),
        &fallen.base,
        f32::INFINITY,
    );
    app.update();
    let session = app.world().non_send::<BxSession>();
    let said = session.last_refusal.clone().unwrap_or_default();
    assert_eq!(
        said,
        format!("Sleep needs a target in play; model {} is not", fallen.id.0)
    );
    let last = session.engine.log().events.last();
    assert!(
        matches!(last, Some(warband_table::log::Entry::Refused { .. })),
        "{last:?}"
    );
}

/// A click on an ally that has acted, with another model chosen, says why it is not
/// chosen, not that it needs no first aid.
#[test]
fn a_click_on_an_ally_that_has_acted_says_so() {
    let (session, ready) = battle();
    let (said, app) = click_on_ally(session, (ready[0], ready[1]), |c| c.acted = true);
    assert!(said.starts_with("Not chosen: "), "{said}");
    assert!(said.contains("has already acted this round"), "{said}");
    assert_eq!(app.world().resource::<BxSelection>().model, Some(ready[0]));
}

/// Choosing another model clears the last refusal from the dice tray's header: it was
/// about the model chosen before.
#[test]
fn choosing_another_model_clears_the_last_refusal() {
    let (mut session, ready) = battle();
    session.refuse("Not there: the move costs 9\" but the allowance is 4\"".into());
    let at = warband_borderlands::battle::find(session.engine.world(), ready[1])
        .unwrap()
        .base
        .center;
    let mut app = app(session, ready[0], Some(at));
    app.world_mut().resource_mut::<BxSelection>().spell = None;
    app.world_mut().resource_mut::<BxSelection>().hover = Some(ready[1]);
    app.update();
    assert_eq!(app.world().resource::<BxSelection>().model, Some(ready[1]));
    assert_eq!(app.world().non_send::<BxSession>().last_refusal, None);
}

#[test]
fn a_click_on_a_panel_keeps_the_chosen_model() {
    let (session, ready) = battle();
    let second = ready[1];
    // The Elf (not the first ready model) is chosen and Sleep picked in the panel;
    // the click on the panel's button reaches the table with no cursor.
    let mut app = app(session, second, None);
    app.update();
    let bx = app.world().resource::<BxSelection>();
    assert_eq!(bx.model, Some(second));
    assert_eq!(bx.spell, Some(Spell::Sleep));
}

#[test]
fn a_click_on_open_table_with_a_spell_and_no_target_keeps_the_choice() {
    let (session, ready) = battle();
    let mut app = app(session, ready[1], Some(Vec2::new(-50.0, -50.0)));
    app.update();
    assert_eq!(app.world().resource::<BxSelection>().model, Some(ready[1]));
}

/// With a spell waiting for its target, a click on open table within the model's
/// move sends nothing: it neither moves nor casts.
#[test]
fn a_click_on_open_table_with_a_spell_chosen_does_not_move() {
    let (session, ready) = battle();
    let world = session.engine.world();
    let at = warband_borderlands::battle::find(world, ready[1])
        .unwrap()
        .base
        .center;
    let before = session.engine.log().events.len();
    let mut app = app(session, ready[1], Some(at + Vec2::new(1.0, 0.0)));
    app.update();
    let session = app.world().non_send::<BxSession>();
    assert_eq!(session.engine.log().events.len(), before, "no command sent");
    let now = warband_borderlands::battle::find(session.engine.world(), ready[1]).unwrap();
    assert_eq!(now.base.center, at);
}

/// A model with no missile weapon and the first enemy not in contact with it.
fn melee_model_and_foe(session: &BxSession, ready: &[ModelId]) -> (View, View) {
    let world = session.engine.world();
    let find = |id| warband_borderlands::battle::find(world, id).unwrap();
    let me = ready
        .iter()
        .map(|id| find(*id))
        .find(|m| m.stats.missile.is_none())
        .unwrap();
    let foe = in_play(world)
        .into_iter()
        .find(|m| m.side != me.side && !in_contact(&m.base, &me.base))
        .unwrap();
    (me, foe)
}

fn click_on(session: BxSession, me: ModelId, foe: &View) -> App {
    let mut app = app(session, me, Some(foe.base.center));
    app.world_mut().resource_mut::<BxSelection>().spell = None;
    app.world_mut().resource_mut::<BxSelection>().hover = Some(foe.id);
    app.update();
    app
}

/// A model with no missile weapon clicking a far enemy sends nothing (no shot to be
/// refused) and is told how far it is.
#[test]
fn a_far_enemy_without_a_missile_weapon_is_not_a_shot() {
    let (session, ready) = battle();
    let (me, foe) = melee_model_and_foe(&session, &ready);
    assert!(warband_table::geometry::gap(&me.base, &foe.base) > me.stats.move_inches);
    let app = click_on(session, me.id, &foe);
    let session = app.world().non_send::<BxSession>();
    assert!(session.commands.is_empty(), "{:?}", session.commands);
    let said = session.last_refusal.clone().unwrap_or_default();
    assert!(
        said.contains("no missile weapon and cannot reach"),
        "{said}"
    );
}

/// Within its move, the same click closes with the enemy: a move that ends in contact.
#[test]
fn a_near_enemy_without_a_missile_weapon_is_closed_with() {
    let (mut session, ready) = battle();
    let (me, foe) = melee_model_and_foe(&session, &ready);
    // The enemy set down 3" in front of the model, on its way to where it stood.
    let way = (foe.base.center - me.base.center).normalize();
    let gap = me.base.shape.reach() + foe.base.shape.reach() + 3.0;
    let near = foe.base.at(me.base.center + way * gap);
    warband_table::components::set_base(session.engine.world_mut(), foe.entity, near);
    let foe = warband_borderlands::battle::find(session.engine.world(), foe.id).unwrap();
    let app = click_on(session, me.id, &foe);
    let session = app.world().non_send::<BxSession>();
    assert_eq!(session.last_refusal, None);
    let world = session.engine.world();
    let now = warband_borderlands::battle::find(world, me.id).unwrap();
    assert!(
        in_contact(&now.base, &foe.base),
        "{:?} {:?}",
        now.base,
        foe.base
    );
    assert!(session.commands.iter().any(|(_, c)| matches!(
        c,
        Command::Move { model, .. } if *model == me.id
    )));
}

/// A spell chosen for one model is put away once the model to act does not know it
/// (a stray choice left over from the step before), and kept while it does.
#[test]
fn a_spell_the_model_to_act_does_not_know_is_put_away() {
    let (session, ready) = battle();
    let world = session.engine.world();
    let find = |id| warband_borderlands::battle::find(world, id).unwrap();
    let knows = |id| find(id).stats.spells.contains(&Spell::Sleep);
    let (caster, other) = (
        *ready.iter().find(|id| knows(**id)).unwrap(),
        *ready.iter().find(|id| !knows(**id)).unwrap(),
    );
    for (model, kept) in [(caster, Some(Spell::Sleep)), (other, None)] {
        let (session, _) = battle();
        let mut app = crate::game::test_app::left_click(session, hover.into_configs());
        app.insert_resource(Pointer::at(None))
            .insert_resource(BxSelection {
                model: Some(model),
                hover: None,
                spell: Some(Spell::Sleep),
                not_there: None,
            });
        app.update();
        assert_eq!(app.world().resource::<BxSelection>().spell, kept);
    }
}

#[test]
fn how_far_never_reads_as_within_the_move() {
    assert_eq!(how_far(8.73, 4.0), "8.7\" away; its move is 4.0\"");
    assert_eq!(how_far(4.04, 4.0), "4.04\" away; its move is 4.00\"");
    assert_eq!(how_far(4.001, 4.0), "just beyond its move of 4.0\"");
}

/// A click on an enemy within reach shoots it with a missile weapon; with Shift held
/// the shooter closes with it instead (a play-test found no way for a slinger to
/// charge short of clicking the exact spot beside its target).
#[test]
fn shift_click_on_an_enemy_closes_with_it_instead_of_shooting() {
    use warband_borderlands::components::Base;
    let (mut session, ready) = battle();
    let world = session.engine.world();
    let find = |id| warband_borderlands::battle::find(world, id).unwrap();
    let shooter = find(
        *ready
            .iter()
            .find(|id| find(**id).stats.missile.is_some())
            .unwrap(),
    );
    let foe = in_play(world)
        .into_iter()
        .find(|m| m.side != shooter.side)
        .unwrap();
    let near = shooter.base.center + Vec2::new(0.0, 2.5);
    let world = session.engine.world_mut();
    world.entity_mut(foe.entity).insert(Base(foe.base.at(near)));
    let bx = BxSelection {
        model: Some(shooter.id),
        hover: Some(foe.id),
        spell: None,
        not_there: None,
    };
    let v = warband_borderlands::battle::find(session.engine.world(), shooter.id).unwrap();
    let shoot = intent(&session, &bx, &v, near, false);
    assert_eq!(
        shoot,
        Some(Command::Shoot {
            model: shooter.id,
            target: foe.id
        })
    );
    let close = intent(&session, &bx, &v, near, true);
    assert!(
        matches!(close, Some(Command::Move { model, .. }) if model == shooter.id),
        "{close:?}"
    );
}

/// Space ends a step at once when every model has acted; with models still to act,
/// only a second press in the same step does, however quick.
#[test]
fn space_with_models_still_to_act_asks_for_a_second_press() {
    let step = (Side::A, 2);
    let mut asked = None;
    assert!(
        space_ends(&mut asked, step, (false, true)),
        "nobody left to act"
    );
    assert!(
        !space_ends(&mut asked, step, (false, false)),
        "not heeded yet"
    );
    assert!(
        !space_ends(&mut asked, step, (true, true)),
        "the first press asks"
    );
    // A quick second press comes inside the part's grace: it still ends the step.
    assert!(
        space_ends(&mut asked, step, (true, false)),
        "the second ends"
    );
    assert_eq!(asked, None);
    assert!(!space_ends(&mut asked, step, (true, true)));
    // A press asked in one step does not end the next.
    let next = (Side::A, 3);
    assert!(
        !space_ends(&mut asked, next, (true, true)),
        "another step asks anew"
    );
    assert!(space_ends(&mut asked, next, (true, true)));
}

/// A click past the model's reach on open table moves it as far as it may that way (as
/// in the other rulesets), shown before the click; the engine takes that move.
#[test]
fn a_move_past_the_reach_goes_as_far_as_it_may() {
    let (session, ready) = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let v = warband_borderlands::battle::find(world, ready[0]).unwrap();
    let far = v.base.center + Vec2::new(0.0, v.stats.move_inches * 3.0);
    assert!(
        check_move_to(world, side, v.id, far).is_err(),
        "too far for one move"
    );
    let (end, colour, why) = move_shown(world, side, &v, far, None);
    assert_eq!((colour, why), (palette::LEGAL, None));
    let gone = end.distance(v.base.center);
    assert!(gone > 0.5 && gone <= v.stats.move_inches + 0.01, "{gone}");
    assert!(check_move_to(world, side, v.id, end).is_ok());
    let (_, _, none) = move_shown(world, side, &v, v.base.center, None);
    assert!(
        none.is_none(),
        "standing still is no refused move: {none:?}"
    );
}

/// In melee, a plain click on open table is a fighting withdrawal (half a move, shown
/// before the click and refused for its own reason when it goes too far), never a
/// retreat, which gives the enemy free blows: only Shift makes it one.
#[test]
fn a_plain_click_out_of_melee_withdraws_and_only_shift_retreats() {
    let (mut session, ready) = battle();
    let (me, foe) = melee_model_and_foe(&session, &ready);
    let way = (foe.base.center - me.base.center).normalize();
    let touching = me.base.shape.reach() + foe.base.shape.reach();
    let placed = foe.base.at(me.base.center + way * touching);
    warband_table::components::set_base(session.engine.world_mut(), foe.entity, placed);
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    assert!(!foes_in_contact(world, &me).is_empty());
    let step = |inches: f32| me.base.center - way * inches;
    let half = me.stats.move_inches / 2.0;
    let (_, colour, why) = leave_shown(world, side, &me, step(half - 0.5), true);
    assert_eq!((colour, why), (palette::LEGAL, None));
    let far = step(me.stats.move_inches - 0.5);
    let (_, colour, why) = leave_shown(world, side, &me, far, true);
    assert_eq!(colour, palette::ILLEGAL, "past half a move");
    assert!(why.is_some());
    assert_eq!(leave_shown(world, side, &me, far, false).1, palette::LEGAL);
    let bx = BxSelection {
        model: Some(me.id),
        ..Default::default()
    };
    let plain = intent(&session, &bx, &me, far, false);
    assert!(matches!(plain, Some(Command::Withdraw { .. })), "{plain:?}");
    let shifted = intent(&session, &bx, &me, far, true);
    assert!(
        matches!(shifted, Some(Command::Retreat { .. })),
        "{shifted:?}"
    );
}

/// A caster hurt earlier this round would lose its spell: the card says so, with a
/// chance of 0%, instead of the spell's odds (a play-tester was shown Sleep at 98% and
/// lost it), and the engine loses it as said.
#[test]
fn a_caster_hurt_this_round_is_told_its_spell_is_lost() {
    let (mut session, ready) = battle();
    let side = session.human_turn().unwrap();
    let world = session.engine.world();
    let caster = ready
        .iter()
        .filter_map(|id| warband_borderlands::battle::find(world, *id))
        .find(|v| v.stats.spells.contains(&Spell::Sleep))
        .expect("a Sleep caster ready");
    let foe = in_play(world)
        .into_iter()
        .filter(|m| m.side != side)
        .min_by(|a, b| {
            let d = |m: &View| m.base.center.distance(caster.base.center);
            d(a).total_cmp(&d(b))
        })
        .unwrap();
    let card = |session: &BxSession| {
        let v = warband_borderlands::battle::find(session.engine.world(), caster.id).unwrap();
        crate::game::test_app::egui_words(|ui| {
            crate::game::bx::spell_card::show(ui, session, &v, &foe, Spell::Sleep)
        })
        .join("\n")
    };
    assert!(card(&session).contains("sleeps"), "{}", card(&session));
    let mut cond = caster.cond;
    cond.hurt = true;
    session
        .engine
        .world_mut()
        .entity_mut(caster.entity)
        .insert(cond);
    let said = card(&session);
    assert!(
        said.contains("a spell cast now is lost") && said.contains("0%"),
        "{said}"
    );
    assert!(!said.contains("sleeps"), "{said}");
    let cast = Command::Cast {
        model: caster.id,
        spell: Spell::Sleep,
        target: foe.id,
    };
    session.submit(side, cast).unwrap();
    let lost = session.engine.log().rules().any(|e| {
        matches!(e, warband_borderlands::log::LogEvent::SpellLost { model, .. } if *model == caster.id)
    });
    assert!(lost, "the engine lost it as the card said");
}

/// The ask of a first Space with models still to act stands under the panel's End
/// step button, where the player looks, as long as it stands; no other notice does.
#[test]
fn the_ask_of_a_first_space_is_said_by_the_end_step_button() {
    let (mut session, _) = battle();
    let mut bx = BxSelection::default();
    let mut shown = |s: &mut BxSession| {
        crate::game::test_app::egui_words(|ui| crate::game::bx::panel::show(ui, s, &mut bx))
            .join("\n")
    };
    let now = std::time::Instant::now();
    session.tell("Saved as cave-mouth", now);
    assert!(!shown(&mut session).contains("Saved as"));
    let ask = format!("3 models still to act: {SPACE_AGAIN_ENDS}");
    session.ask(ask.clone(), now);
    assert!(shown(&mut session).contains(&ask));
}

/// The top bar names who has the initiative only once it is rolled: a network battle
/// waiting for its players showed one the first roll then contradicted.
#[test]
fn the_initiative_is_said_only_once_rolled() {
    let (mut session, _) = battle();
    let line = |s: &BxSession| {
        crate::game::test_app::egui_words(|ui| crate::game::bx::hud::top_line(ui, s)).join(" ")
    };
    assert!(line(&session).contains("initiative"), "{}", line(&session));
    type BxLog = warband_table::log::Log<Command, warband_borderlands::log::LogEvent>;
    let world = session.engine.world_mut();
    world.resource_mut::<BxLog>().events.clear();
    assert!(!line(&session).contains("initiative"), "{}", line(&session));
}

/// A second Space answers the ask only while the ask is shown: once it has gone (a die
/// was rolled since, or another notice took its place), the next press asks again
/// instead of ending the step unseen.
#[test]
fn a_space_after_the_ask_has_gone_asks_again() {
    use crate::game::session::part::GRACE;
    let (mut session, _) = battle();
    let side = session.human_turn().unwrap();
    session.note_part(std::time::Instant::now() - GRACE * 2);
    let mut asked = None;
    assert_eq!(
        end_step(&mut session, side, &mut asked),
        None,
        "the first asks"
    );
    assert!(asked.is_some());
    session.tell("Saved as cave-mouth", std::time::Instant::now());
    std::thread::sleep(GRACE);
    assert_eq!(
        end_step(&mut session, side, &mut asked),
        None,
        "asked again"
    );
    let shown = session.notice_left().map(|(w, _)| w.to_string());
    assert!(shown.is_some_and(|w| w.ends_with(SPACE_AGAIN_ENDS)));
    assert_eq!(
        end_step(&mut session, side, &mut asked),
        Some(Command::EndStep),
        "the press that answers the ask shown"
    );
}

/// The melee card gives each swing's chance, as the engine rolls it (the shot's card
/// gave one and the melee card none).
#[test]
fn the_melee_card_gives_the_chance_of_a_swing() {
    let (mut session, ready) = battle();
    let world = session.engine.world_mut();
    let me = warband_borderlands::battle::find(world, ready[0]).unwrap();
    let foe = in_play(world)
        .into_iter()
        .find(|m| m.side != me.side)
        .unwrap();
    let touch = me.base.shape.reach() + foe.base.shape.reach();
    let beside = foe.base.at(me.base.center + Vec2::new(touch, 0.0));
    warband_table::components::set_base(world, foe.entity, beside);
    let world = session.engine.world();
    let foe = warband_borderlands::battle::find(world, foe.id).unwrap();
    assert!(in_contact(&me.base, &foe.base));
    let need = me.stats.thac0 - foe.stats.ac;
    let words = crate::game::test_app::egui_words(|ui| {
        crate::game::bx::panel::melee_lines(ui, world, &me, &foe, i32::from(need));
    })
    .join(" ");
    let bonus = warband_borderlands::actions::melee_bonus(&me);
    let hit =
        warband_rules::borderlands::swing_odds(me.stats.thac0, foe.stats.ac, bonus, false).hit;
    let said = format!("{} a swing", crate::game::hud::pct(hit));
    assert!(words.contains(&said), "{words}");
}

/// A play-tester's click on an orc slain a moment before walked the Halfling 4" toward
/// the orc line: the marker had gone from under the pointer, and open table is a move.
/// Where an enemy fell under two seconds ago the first click sends nothing and says
/// why; a second click there moves. An enemy that fell long ago is open table.
#[test]
fn a_click_on_an_enemy_that_just_fell_is_no_move() {
    let moved = |fell_ago: f32, clicks: usize| {
        let (mut session, ready) = battle();
        let world = session.engine.world_mut();
        let chosen = warband_borderlands::battle::find(world, ready[0]).unwrap();
        let foe = in_play(world)
            .into_iter()
            .filter(|m| m.side != chosen.side)
            .min_by(|a, b| {
                let d = |m: &View| m.base.center.distance(chosen.base.center);
                d(a).total_cmp(&d(b))
            })
            .unwrap();
        world
            .entity_mut(foe.entity)
            .insert(warband_table::components::OutOfAction);
        let mut app = app(session, chosen.id, Some(foe.base.center));
        app.world_mut().resource_mut::<BxSelection>().spell = None;
        let casualty = (foe.id, foe.side);
        crate::game::minis::spawn_casualty(app.world_mut(), casualty, &foe.base, fell_ago);
        for _ in 0..clicks {
            app.update();
        }
        let session = app.world().non_send::<BxSession>();
        let world = session.engine.world();
        let now = warband_borderlands::battle::find(world, chosen.id).unwrap();
        let said = session.last_refusal.clone().unwrap_or_default();
        (now.base.center != chosen.base.center, said)
    };
    let (went, said) = moved(0.5, 1);
    assert!(!went, "the first click moved");
    assert!(
        said.ends_with(" fell just now: no move sent (click there again to move)"),
        "{said}"
    );
    assert!(moved(0.5, 2).0, "a second click moves");
    assert!(moved(f32::INFINITY, 1).0, "an old casualty is open table");
}
