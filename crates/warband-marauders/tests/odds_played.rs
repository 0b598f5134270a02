//! The odds a player is shown are the odds played: at every shot of every recorded
//! battle, the odds panel's line of fire (each obstacle that may stop the shot) and the
//! face each damage die needs (the target's armour less the shot's modifier, as
//! `shot_odds_with` works it out) are the dice the engine then rolls.

use std::path::PathBuf;
use warband_marauders::battle::in_play;
use warband_marauders::effects::damage_need;
use warband_marauders::engine::Marauders;
use warband_marauders::log::LogEvent;
use warband_marauders::phases::{check_shot, melee_group_of};
use warband_marauders::{Command, Engine};
use warband_rules::marauders::clauses::{SHOOT_DAMAGE, SHOOT_OBSTACLE};
use warband_rules::marauders::shooting::shot_modifier;
use warband_table::log::Entry;

/// What the panel shows of a shot about to be made: its obstacles and the face its
/// damage die needs (None for a shot into melee, whose victim is drawn at random).
fn panel(e: &Engine, side: warband_rules::Side, c: &Command) -> Option<(usize, Option<u8>)> {
    let Command::Shoot { model, target } = c else {
        return None;
    };
    let world = e.world();
    let all = in_play(world);
    let (me, t) = (
        all.iter().find(|m| m.id == *model)?,
        all.iter().find(|m| m.id == *target)?,
    );
    if melee_group_of(&all, t.id).is_some() {
        return None;
    }
    let broken = e.battle().side(side).broken;
    let line = check_shot(world, &all, broken, me, t).ok()?;
    let need = damage_need(t.effective_armour(), shot_modifier(me.conditions.moved));
    Some((line.obstacles.len(), need))
}

#[test]
fn the_shot_panel_shows_the_dice_the_engine_rolls() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/marauders");
    let (mut shots, mut obstacles) = (0, 0);
    for (path, save) in warband_table::corpus::saves::<Marauders>(&dir).unwrap() {
        let mut e = Engine::new(&save.setup, save.seed).unwrap();
        for (side, c) in &save.commands {
            let shown = panel(&e, *side, c);
            let before = e.log().events.len();
            let accepted = e.submit(*side, c.clone()).is_ok();
            let (Some((crossed, need)), true) = (shown, accepted) else {
                continue;
            };
            let after = &e.log().events[before..];
            let dice: Vec<_> = after.iter().filter_map(|x| x.die()).collect();
            let stopped = after
                .iter()
                .any(|x| matches!(x, Entry::Rules(LogEvent::ShotStopped { .. })));
            let rolled = dice.iter().filter(|d| d.clause == SHOOT_OBSTACLE).count();
            assert!(
                rolled <= crossed,
                "{path}: {rolled} obstacle dice, {crossed} shown"
            );
            if !stopped {
                assert_eq!(rolled, crossed, "{path}: every obstacle shown is rolled");
                let damage: Vec<_> = dice.iter().filter(|d| d.clause == SHOOT_DAMAGE).collect();
                assert_eq!(damage.len(), 1, "{path}: one damage die");
                assert_eq!(
                    damage[0].need, need,
                    "{path}: the damage die needs what is shown"
                );
            }
            obstacles += rolled;
            shots += 1;
        }
    }
    assert!(
        shots > 200 && obstacles > 20,
        "{shots} shots, {obstacles} obstacle dice"
    );
}
