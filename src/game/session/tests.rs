//! The session's pace: a spectator's watch speed, and a horde moved in waves.

use super::*;
use crate::game::test_app::recorded;
use warband_marauders::Command;
use warband_marauders::engine::Marauders;

fn session(scenario: &str) -> GameSession<Marauders> {
    crate::game::test_app::normal_v_charge(scenario, 4)
}

/// What a spectator is shown of a network battle: two commands a second at 1×, all
/// when skipping, none while paused but one for a step.
#[test]
fn a_spectator_is_shown_commands_at_the_watch_pace() {
    let mut pace = Pace::default();
    assert_eq!(pace.allow(Duration::from_millis(250)), 0);
    assert_eq!(pace.allow(Duration::from_millis(250)), 1);
    pace.speed = 4.0;
    let second: usize = (0..4).map(|_| pace.allow(Duration::from_millis(250))).sum();
    assert_eq!(second, 8);
    pace.paused = true;
    assert_eq!(pace.allow(Duration::from_secs(1)), 0);
    pace.step = true;
    assert_eq!(pace.allow(Duration::ZERO), 1);
    pace.skip = true;
    assert_eq!(pace.allow(Duration::ZERO), usize::MAX);
}

/// A long frame — the window opening, the GPU building its pipelines — lets through
/// no more than a quarter of a second's commands: a watched battle does not leap ahead
/// of what was shown.
#[test]
fn a_long_frame_is_not_made_up_for_in_a_burst() {
    let mut s = session("open-field.ron");
    s.advance(Duration::from_secs(30), false);
    assert!(s.commands.len() <= 1, "{} commands", s.commands.len());
    let mut pace = Pace::default();
    assert_eq!(pace.allow(Duration::from_secs(30)), 0);
    assert_eq!(pace.allow(pace::LONGEST_FRAME), 1);
}

/// The pace a plain move costs: a whole step for a side of a few models, a wave's
/// share for one of hundreds (the great field: 25 / 500).
#[test]
fn a_horde_moves_in_waves_and_a_warband_one_by_one() {
    for (scenario, share) in [("open-field.ron", 1.0), ("great-field.ron", 0.05)] {
        let mut s = session(scenario);
        let mut costs = Vec::new();
        for _ in 0..400 {
            let before = s.engine.log().events.len();
            let moved = s.engine.phase() == warband_marauders::Phase::Movement;
            if !s.computer_step() {
                break;
            }
            let rolled = s.engine.log().events[before..]
                .iter()
                .any(|e| e.die().is_some());
            if moved && !rolled {
                costs.push(s.pace_of(before));
            }
            if costs.len() >= 3 {
                break;
            }
        }
        assert!(!costs.is_empty(), "{scenario}: some plain moves");
        for c in costs {
            assert!((c - share).abs() < 1e-4, "{scenario}: {c}");
        }
    }
}

/// A computer's command that rolled dice stands a second before a person (two steps),
/// half that before a spectator; the person's side is the one a person plays.
#[test]
fn dice_against_a_person_stand_longer() {
    let mut s = session("open-field.ron");
    assert_eq!(s.own_side(), None, "two computers: watched");
    let mut rolled_at = None;
    for _ in 0..400 {
        let before = s.engine.log().events.len();
        if !s.computer_step() {
            break;
        }
        if s.engine.log().events[before..]
            .iter()
            .any(|e| e.die().is_some())
        {
            rolled_at = Some(before);
            break;
        }
    }
    let before = rolled_at.expect("some command rolls dice");
    assert_eq!(s.pace_of(before), 1.0);
    s.controllers[0] = Controller::Human;
    assert_eq!(s.own_side(), Some(Side::A));
    assert_eq!(s.pace_of(before), LOOK);
    s.controllers[1] = Controller::Human;
    assert_eq!(
        s.own_side(),
        None,
        "people at both sides: neither is the one"
    );
}

/// Leaving asks first only while there is play to lose: a battle saved since its last
/// command leaves at once, and one more command makes it ask again.
#[test]
fn leaving_asks_only_while_play_is_unsaved() {
    let mut s = session("woods-and-walls.ron");
    assert!(s.unsaved_progress(), "a battle in progress, never saved");
    let _ = s.save();
    s.saved_at = Some(s.commands.len());
    assert!(!s.unsaved_progress(), "saved since its last command");
    let side = s.engine.awaiting().expect("someone to act");
    s.submit(side, Command::EndPhase)
        .expect("a phase may be ended");
    assert!(s.unsaved_progress(), "a command since the save");
    // Played on from a save Load battle lists, it stands saved until it moves on (a
    // play-tester was asked to save a battle just loaded); from the autosave, it does
    // not, for leaving forgets the autosave.
    let save = s.save();
    let played_on = |listed| Launch::Resume {
        save: Box::new(save.clone()),
        controllers: [Controller::Human; 2],
        listed,
    };
    assert!(!played_on(true).session().unwrap().unsaved_progress());
    assert!(played_on(false).session().unwrap().unsaved_progress());
}

/// While the question to leave stands over the table, Space does not end the
/// person's part behind it (a play-test lost four heroes' actions so).
#[test]
fn no_key_ends_a_part_behind_the_question_to_leave() {
    let mut s = session("woods-and-walls.ron");
    s.asking = true;
    assert!(!s.heed_end_key(), "the question stands");
    s.asking = false;
    assert!(s.heed_end_key(), "answered: Space ends the part again");
}

/// A battle two computers play, watched live, is played on from where it stands: its
/// commands so far, then the players chosen.
#[test]
fn a_battle_watched_live_is_played_on_from_where_it_stands() {
    let mut s = session("open-field.ron");
    s.pace.speed = 16.0;
    while s.commands.len() < 10 {
        s.advance(Duration::from_millis(250), false);
    }
    assert!(s.engine.outcome().is_none(), "it stands mid-battle");
    let sent = s.commands.len();
    let players = [Controller::Human, Controller::NORMAL];
    let Some(Launch::Resume {
        save, controllers, ..
    }) = s.play_on_from_here(players)
    else {
        panic!("a live battle at one machine is played on");
    };
    assert_eq!((save.commands.len(), controllers), (sent, players));
    assert_eq!(save.final_hash, s.engine.state_hash());
}

/// A battle played on with other players remembers who played it before, from which
/// round: its saves keep that, and so do their replays; played on by the same players
/// it notes nothing.
#[test]
fn who_played_before_a_play_on_is_kept() {
    use warband_table::player::PlayerKind;
    let mut s = session("open-field.ron");
    while s.engine.battle().round < 3 {
        assert!(s.computer_step());
    }
    let round = s.engine.battle().round;
    let before = [Some(PlayerKind::Normal), Some(PlayerKind::Charge)];
    let players = [Controller::Human, Controller::NORMAL];
    let resumed = s.play_on_from_here(players).unwrap().session().unwrap();
    assert_eq!(resumed.earlier, vec![(round, before)]);
    let mut resumed = resumed;
    let save = resumed.save();
    assert_eq!(save.earlier, vec![(round, before)]);
    assert_eq!(save.players, Some([None, Some(PlayerKind::Normal)]));
    assert_eq!(GameSession::replay_of(&save).unwrap().earlier, save.earlier);
    // Played on again by the same players: no new hand-over.
    let again = Launch::Resume {
        save: Box::new(save.clone()),
        controllers: players,
        listed: false,
    };
    assert_eq!(again.session().unwrap().earlier, save.earlier);
    // The replay saved before the hand-over keeps no players from after it.
    let mut early = GameSession::replay_of(&save).unwrap();
    early.seek(1);
    assert!(early.save().earlier.is_empty());
}

/// A battle watched waits while a miniature glides to its place, so the top bar and
/// the log never run ahead of the models; it plays on once they stand.
#[test]
fn a_watched_battle_waits_for_its_gliding_models() {
    let mut s = session("open-field.ron");
    let before = s.commands.len();
    for _ in 0..8 {
        s.advance(Duration::from_millis(250), true);
    }
    assert_eq!(
        s.commands.len(),
        before,
        "nothing played while a model glides"
    );
    for _ in 0..8 {
        s.advance(Duration::from_millis(250), false);
    }
    assert!(s.commands.len() > before);
}

/// A battle played on from its save, or a replay moved along its timeline, draws the
/// arrows of the moves its round had made, as a table that watched them would: the same
/// models, from the same places to the same places, and none of an earlier round.
#[test]
fn a_rounds_moves_are_drawn_again_after_a_load_or_a_seek() {
    let mut s = session("open-field.ron");
    let mut live: Vec<super::Moved> = Vec::new();
    while s.engine.battle().round < 3 || live.len() < 3 {
        let before = super::moves::stands(s.engine.world());
        assert!(s.computer_step());
        let round = s.engine.battle().round;
        live.retain(|m| m.round == round);
        for (_, id, side, base) in crate::game::minis::table_models(s.engine.world()) {
            if before[&id] != base.center {
                let leg = (before[&id], base.center);
                live.push(super::Moved {
                    id,
                    side,
                    leg,
                    round,
                });
            }
        }
    }
    let players = [Controller::Human, Controller::NORMAL];
    let resumed = s.play_on_from_here(players).unwrap().session().unwrap();
    assert_eq!(resumed.moved_before, live);
    let mut replay = GameSession::replay_of(&s.save()).unwrap();
    assert!(replay.moved_before.is_empty(), "at its start nothing moved");
    replay.seek(s.commands.len());
    assert_eq!(replay.moved_before, live);
}

/// A network battle's save played on at one machine draws each command's dice from its
/// salt, as the battle did: it stands where the save's replay does, and its own saves
/// keep the salts (a review found the salts dropped and the dice changed).
#[test]
fn a_network_battles_save_is_played_on_with_its_dice() {
    let mut save = recorded::<Marauders>("marauders/open-field-normal-v-normal.ron");
    let unsalted = {
        let mut plain = save.clone();
        plain.commands.truncate(40);
        plain.replay().unwrap().state_hash()
    };
    // A host commits no refused command: keep the first 40 the salted dice allow.
    let salts = Salts::listed(0, (0..40u64).map(|i| i * 7919 + 13).collect());
    let mut engine = Engine::<Marauders>::new(&save.setup, save.seed).unwrap();
    let mut kept = Vec::new();
    for (side, c) in &save.commands {
        let salt = (save.seed, kept.len() as u64, salts.get(kept.len()));
        if engine.submit_salted(*side, c.clone(), salt).is_ok() {
            kept.push((*side, c.clone()));
        }
    }
    kept.truncate(40);
    save.commands = kept;
    let save = save.salted(&salts);
    let salted = save.replay().unwrap().state_hash();
    assert_ne!(salted, unsalted, "the salts change the dice");
    let players = [Controller::Human, Controller::NORMAL];
    let launch = Launch::Resume {
        save: Box::new(save.clone()),
        controllers: players,
        listed: false,
    };
    let mut resumed = launch.session().unwrap();
    assert_eq!(resumed.engine.state_hash(), salted);
    let again = resumed.save();
    assert_eq!(again.salts(), salts);
    assert_eq!(again.replay().unwrap().state_hash(), salted);
    // Played on here, it goes on salted: its save has a salt a command, is read back
    // (a review found it refused, a salt short for every command played here) and
    // replays to where the battle stands. A refused command is not kept: a salt goes
    // by the command's place, so a save that kept one could not be hosted again.
    for i in 0..30 {
        let Some(side) = resumed.engine.awaiting() else {
            break;
        };
        if i == 3 {
            let out_of_turn = resumed.engine.yield_command(side);
            assert!(resumed.submit(side.other(), out_of_turn).is_err());
        }
        let command = resumed.engine.yield_command(side);
        let _ = resumed.submit(side, command);
    }
    let later = resumed.save();
    assert!(later.commands.len() > save.commands.len());
    assert_eq!(later.salts().list().len(), later.commands.len());
    assert_eq!(later.salts().first(40), salts);
    let path = std::env::temp_dir().join(format!("warband-salted-on-{}.ron", std::process::id()));
    later.write(&path).unwrap();
    let read = warband_table::save::Save::<Marauders>::read(&path);
    let _ = std::fs::remove_file(&path);
    let read = read.unwrap();
    assert_eq!(
        read.replay().unwrap().state_hash(),
        resumed.engine.state_hash()
    );
    let hosted = warband_net::host::Resumable::of(&read);
    assert!(hosted.is_ok(), "{:?}", hosted.err());
}

/// A person's own command that rolled dice stands [`LOOK`] steps in the tray before
/// the computer's next command replaces it (a play-test never saw its volley's dice),
/// where a plain command of theirs is answered a step later as before.
#[test]
fn a_persons_own_dice_stand_before_the_computer_plays() {
    let mut s = session("open-field.ron");
    s.controllers[0] = Controller::Human;
    s.players[0] = None;
    let quarter = Duration::from_millis(250);
    let mut seen = [false; 2];
    for _ in 0..400 {
        let Some(side) = s.engine.awaiting() else {
            break;
        };
        if side == Side::B {
            s.computer_step();
            continue;
        }
        // While a person thinks, the frames find no computer to play: nothing is owed.
        s.pace.owed = 0.0;
        let before = s.engine.log().events.len();
        let command = s.engine.yield_command(Side::A);
        s.submit(Side::A, command)
            .expect("the engine's own command");
        if s.engine.awaiting() != Some(Side::B) {
            continue;
        }
        let rolled = s.engine.log().events[before..]
            .iter()
            .any(|e| e.die().is_some());
        let sent = s.commands.len();
        // Two steps at 1× are a second: three quarters of one are not enough.
        let wait = if rolled { 3 } else { 1 };
        for _ in 0..wait {
            s.advance(quarter, false);
        }
        assert_eq!(s.commands.len(), sent, "rolled {rolled}: too soon");
        for _ in 0..2 {
            s.advance(quarter, false);
        }
        assert!(s.commands.len() > sent, "rolled {rolled}: then it plays");
        seen[usize::from(rolled)] = true;
        if seen == [true; 2] {
            return;
        }
    }
    panic!("no command of each kind handed the turn to the computer: {seen:?}");
}

/// A replay from a result plays at the pace the battle was watched at; one from Load
/// battle at the settings' (given by the caller, so none here).
#[test]
fn a_replay_from_a_result_keeps_the_watched_pace() {
    let save = recorded::<Marauders>("marauders/open-field-normal-v-normal.ron");
    let at = |speed| {
        Launch::Replay {
            save: Box::new(save.clone()),
            speed,
        }
        .session()
        .unwrap()
        .pace
        .speed
    };
    assert_eq!(at(Some(16.0)), 16.0);
    assert_eq!(at(None), GameSession::replay_of(&save).unwrap().pace.speed);
}
