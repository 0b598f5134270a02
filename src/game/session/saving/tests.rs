//! A battle saved and replayed: its own commands, who played it, a save changed by
//! hand, and a concession.

use super::*;
use crate::game::test_app::recorded;
use warband_marauders::engine::Marauders;

fn session(scenario: &str) -> GameSession<Marauders> {
    crate::game::test_app::normal_v_charge(scenario, 4)
}

/// A replay saved again (from its result screen, or Watch replay there) holds the
/// replay's own commands, not the none sent at this table: the whole battle at its end,
/// the first `at` where it stands, each replaying to the state on the table.
#[test]
fn a_replay_saves_its_own_commands() {
    let save = recorded::<Marauders>("marauders/open-field-normal-v-normal.ron");
    let mut s = GameSession::replay_of(&save).unwrap();
    let all = save.commands.len();
    s.seek(all);
    let again = s.save();
    assert_eq!(again.commands, save.commands);
    assert_eq!(again.replay().unwrap().state_hash(), save.final_hash);
    s.seek(all / 2);
    let half = s.save();
    assert_eq!(half.commands.len(), all / 2);
    assert_eq!(half.replay().unwrap().state_hash(), s.engine.state_hash());
    assert!(s.commands.is_empty(), "nothing was sent at this table");
}

/// A replay that does not end in its save's state (a save changed by hand: a command's
/// side swapped, as a model's number changed by hand does) says so on its timeline; the
/// save as recorded does not.
#[test]
fn a_replay_that_is_not_the_battle_saved_says_so() {
    let save = recorded::<Marauders>("marauders/open-field-normal-v-normal.ron");
    assert_eq!(GameSession::replay_of(&save).unwrap().replay_differs, None);
    let mut changed = save.clone();
    let (side, _) = &mut changed.commands[20];
    *side = side.other();
    let why = GameSession::replay_of(&changed).unwrap().replay_differs;
    let why = why.expect("the changed save replays as if it were the battle");
    assert!(why.contains("does not end in the saved state"), "{why}");
    // A battle ended by agreement (a concession over the network) ends so in its
    // replay too: the agreement is part of the state saved.
    let mut conceded = save.clone();
    conceded.commands.truncate(save.commands.len() / 2);
    conceded.agreed = Some(warband_table::engine::Outcome {
        winner: Some(Side::A),
        reason: "Side B conceded".into(),
    });
    conceded.final_hash = conceded.replay().unwrap().state_hash();
    let differs = GameSession::replay_of(&conceded).unwrap().replay_differs;
    assert_eq!(differs, None);
}

/// A save names who played each side, a replay's save names who played the battle it
/// shows, and Load battle offers them again (a person as you).
#[test]
fn a_save_names_its_players_and_play_on_offers_them() {
    use crate::game::saves::SavedBattle;
    use warband_table::player::PlayerKind;
    let mut s = session("open-field.ron");
    s.controllers = [Controller::Human, Controller::Ai(PlayerKind::Hard)];
    let save = s.save();
    assert_eq!(save.players, Some([None, Some(PlayerKind::Hard)]));
    assert_eq!(
        SavedBattle::players(&save),
        Some([Controller::Human, Controller::Ai(PlayerKind::Hard)])
    );
    let mut replay = GameSession::replay_of(&save).unwrap();
    assert_eq!(replay.save().players, save.players);
    let old = recorded::<Marauders>("marauders/open-field-normal-v-normal.ron");
    assert_eq!(
        SavedBattle::players(&old),
        None,
        "an older save does not say"
    );
    assert_eq!(GameSession::replay_of(&old).unwrap().save().players, None);
}

/// A person playing a computer may concede: the other side wins at once, the result
/// is asked for, and the save keeps the agreement, so its replay ends the same way. A
/// battle of two computers, or one already over, has no one to concede.
#[test]
fn a_person_may_concede_to_the_computer() {
    let mut s = session("open-field.ron");
    for _ in 0..30 {
        s.computer_step();
    }
    assert_eq!(s.concedable(), None, "two computers");
    s.controllers[1] = Controller::Human;
    assert_eq!(s.concedable(), Some(Side::B));
    s.concede(Side::B);
    let outcome = s.engine.outcome().expect("over").clone();
    assert_eq!(outcome.winner, Some(Side::A));
    s.concede(Side::A);
    assert_eq!(s.engine.outcome(), Some(&outcome), "conceded once only");
    assert!(s.to_result);
    assert_eq!(s.concedable(), None, "already over");
    let save = s.save();
    assert_eq!(save.agreed.as_ref(), Some(&outcome));
    // Its replay ends so too, at its last command, and not before.
    let mut replay = GameSession::replay_of(&save).unwrap();
    assert_eq!(replay.replay_differs, None);
    assert_eq!(replay.engine.outcome(), None);
    while replay.computer_step() {}
    assert_eq!(replay.engine.outcome(), Some(&outcome));
    assert_eq!(replay.save().agreed.as_ref(), Some(&outcome));
    replay.seek(10);
    assert_eq!(replay.engine.outcome(), None);
    replay.concede(Side::A);
    assert_eq!(replay.engine.outcome(), None, "a replay is not conceded");
    assert_eq!(replay.save().agreed, None, "saved short of the concession");
    replay.seek(save.commands.len());
    assert_eq!(replay.engine.outcome(), Some(&outcome));
    let mut end = save.replay().unwrap();
    save.conclude(&mut end);
    assert_eq!(end.outcome(), Some(&outcome));
}
