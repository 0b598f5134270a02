//! The odds a player is shown are the odds played: at every melee and shot of every
//! recorded battle, the number the attack card works out for the d20 (THAC0 − AC less
//! the attacker's bonus, as `check_shot` and `melee_bonus` give it to the card) is the
//! number the engine then rolls the die against, and the card's chance to hit is the
//! chance of that die.

use std::path::PathBuf;
use warband_borderlands::actions::{check_shot, melee_bonus};
use warband_borderlands::battle::find;
use warband_borderlands::{Borderlands, Command, Engine};
use warband_rules::borderlands::attack::COVER_PENALTY;
use warband_rules::borderlands::clauses::ATTACK;
use warband_rules::borderlands::{needed, swing_odds};

/// What the card says of a melee or shot about to be made: the d20 face needed and the
/// chance to hit (None when the target is helpless and no die is rolled).
fn card(e: &Engine, side: warband_rules::Side, c: &Command) -> Option<(u8, f64, bool)> {
    let world = e.world();
    let (a, t, bonus, cover) = match c {
        Command::Melee { model, target } => {
            let a = find(world, *model)?;
            let bonus = melee_bonus(&a);
            (a, find(world, *target)?, bonus, false)
        }
        Command::Shoot { model, target } => {
            let plan = check_shot(world, side, *model, *target).ok()?;
            (
                find(world, *model)?,
                find(world, *target)?,
                plan.bonus,
                plan.cover,
            )
        }
        _ => return None,
    };
    if t.cond.helpless() {
        return None;
    }
    // The die needs what hits the target; in cover the faces below it that would hit
    // but for the −4 strike the cover (the card's "hits the cover").
    let bare = needed(a.stats.thac0, t.stats.ac) - bonus;
    let need = bare + if cover { COVER_PENALTY } else { 0 };
    let hit = swing_odds(a.stats.thac0, t.stats.ac, bonus, cover).hit;
    let face = need.clamp(2, 20);
    Some((face as u8, hit, cover && bare.clamp(2, 20) < face))
}

#[test]
fn the_attack_card_needs_what_the_engine_rolls_against() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/borderlands");
    let mut checked = 0;
    let mut covered = 0;
    for (path, save) in warband_table::corpus::saves::<Borderlands>(&dir).unwrap() {
        let mut e = Engine::new(&save.setup, save.seed).unwrap();
        for (side, c) in &save.commands {
            let shown = card(&e, *side, c);
            let before = e.log().events.len();
            let accepted = e.submit(*side, c.clone()).is_ok();
            let (Some((face, hit, strikes_cover)), true) = (shown, accepted) else {
                continue;
            };
            let die = e.log().events[before..]
                .iter()
                .filter_map(|x| x.die())
                .find(|d| d.clause == ATTACK)
                .unwrap_or_else(|| panic!("{}: {c:?} rolled no attack die", path));
            assert_eq!(die.need, Some(face), "{}: {c:?}", path);
            // A natural 1 misses and a 20 hits: the chance of the face, within [1, 19]/20.
            let by_die = f64::from(21 - face.clamp(2, 20)) / 20.0;
            assert!(
                (hit - by_die).abs() < 1e-9,
                "{}: {c:?}: {hit} v {by_die}",
                path
            );
            // The tray reads the die's purpose: in cover it says which faces strike it.
            let says = die.purpose.contains("strike the cover")
                || die.purpose.contains("strikes the cover");
            assert_eq!(says, strikes_cover, "{}: {c:?}: {}", path, die.purpose);
            covered += usize::from(says);
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} attacks checked");
    assert!(covered > 10, "only {covered} attacks into cover checked");
}
