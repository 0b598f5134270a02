//! The odds a player is shown are the odds played: at every fight and volley of every
//! recorded battle, the odds panel's inputs (the zone struck, each side's die and
//! penalty; the volley's cover and shields) are the ones the engine then resolves with,
//! and what happened has a chance above zero in the distribution shown.

use std::path::PathBuf;
use warband_rules::Aspect;
use warband_rules::toy_soldier::clauses::{MELEE, SHOT_REMAINDER};
use warband_rules::toy_soldier::{landed, landed_distribution, melee_odds, melee_score};
use warband_table::components::ModelId;
use warband_table::geometry::aspect_of;
use warband_toy_soldier::actions::{active, check_shot};
use warband_toy_soldier::battle::find;
use warband_toy_soldier::log::{Entry, LogEvent};
use warband_toy_soldier::{Command, Engine, Side, ToySoldier};

/// Chance of `k` in a distribution (0 past its end).
fn chance(pmf: &[f64], k: u32) -> f64 {
    pmf.get(k as usize).copied().unwrap_or(0.0)
}

/// A fight as the panel shows it, checked against what the engine rolled.
fn check_fight(e: &mut Engine, side: Side, target: u32) -> bool {
    let world = e.world();
    let (Ok((v, _)), Some(t)) = (active(world, side), find(world, ModelId(target))) else {
        return false;
    };
    let aspect = aspect_of(&t.base, v.base.center);
    let odds = melee_odds(v.fighter(), t.fighter(), aspect);
    let (fa, fd) = (v.fighter(), t.fighter());
    let before = e.log().events.len();
    if e.submit(
        side,
        Command::Fight {
            target: ModelId(target),
        },
    )
    .is_err()
    {
        return false;
    }
    let new = &e.log().events[before..];
    let dice: Vec<u8> = new
        .iter()
        .filter_map(Entry::die)
        .filter(|d| d.clause == MELEE)
        .map(|d| d.value)
        .collect();
    let Some(LogEvent::Melee {
        aspect: played,
        scores: (sa, sd),
        ..
    }) = new
        .iter()
        .filter_map(Entry::rules)
        .find(|x| matches!(x, LogEvent::Melee { .. }))
    else {
        panic!("a fight with no melee");
    };
    assert_eq!(*played, aspect, "the zone shown is the zone struck");
    assert_eq!(
        *sa,
        melee_score(dice[0], true, fa.penalty, aspect, fa.artillery)
    );
    assert_eq!(
        *sd,
        melee_score(dice[1], false, fd.penalty, Aspect::Front, fd.artillery)
    );
    let p = match sa.cmp(sd) {
        std::cmp::Ordering::Greater => chance(&odds.to_defender, sa - sd),
        std::cmp::Ordering::Less => chance(&odds.to_attacker, sd - sa),
        std::cmp::Ordering::Equal => odds.tie,
    };
    assert!(p > 0.0, "an outcome the panel gave no chance: {sa} v {sd}");
    true
}

/// A volley as the panel shows it, checked against what the engine rolled.
fn check_volley(e: &mut Engine, side: Side, target: u32, ap: u32) -> bool {
    let world = e.world();
    let Ok((v, a)) = active(world, side) else {
        return false;
    };
    let Ok(plan) = check_shot(world, &v, &a, ModelId(target), ap) else {
        return false;
    };
    let shown = landed_distribution(ap, plan.protection);
    let before = e.log().events.len();
    if e.submit(
        side,
        Command::Shoot {
            target: ModelId(target),
            ap,
        },
    )
    .is_err()
    {
        return false;
    }
    let new = &e.log().events[before..];
    let need = new
        .iter()
        .filter_map(Entry::die)
        .find(|d| d.clause == SHOT_REMAINDER)
        .and_then(|d| d.need);
    assert_eq!(need, landed(ap, plan.protection).1, "the remainder's need");
    let Some(LogEvent::Shot {
        protection, danger, ..
    }) = new
        .iter()
        .filter_map(Entry::rules)
        .find(|x| matches!(x, LogEvent::Shot { .. }))
    else {
        panic!("a volley with no shot");
    };
    assert_eq!(*protection, plan.protection, "cover and shields as shown");
    assert!(
        chance(&shown, *danger) > 0.0,
        "{danger} danger was shown no chance"
    );
    true
}

#[test]
fn the_odds_panel_shows_what_the_engine_plays() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/toy-soldier");
    let (mut fights, mut volleys) = (0, 0);
    for (path, save) in warband_table::corpus::saves::<ToySoldier>(&dir).unwrap() {
        let mut e = Engine::new(&save.setup, save.seed).unwrap();
        for (side, c) in &save.commands {
            match c {
                Command::Fight { target } if check_fight(&mut e, *side, target.0) => fights += 1,
                Command::Shoot { target, ap } if check_volley(&mut e, *side, target.0, *ap) => {
                    volleys += 1
                }
                Command::Fight { .. } | Command::Shoot { .. } => {}
                _ => {
                    let _ = e.submit(*side, c.clone());
                }
            }
        }
        let replayed = e.state_hash();
        assert_eq!(replayed, save.final_hash, "{path}");
    }
    assert!(
        fights > 20 && volleys > 200,
        "{fights} fights, {volleys} volleys"
    );
}
