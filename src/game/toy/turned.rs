//! What a turn to face an enemy would open, asked of the engine itself: the turn is
//! played on a fork of the battle, and the charge or volley judged there. A play-tester
//! turned a unit to charge (1 AP) only to be told the way passed through a friend, and
//! turned a bow unit to shoot only to find another unit in the line; the card now says
//! before the AP are spent.

use super::describe;
use super::input::{charge_at, facing_turns};
use warband_toy_soldier::Engine;
use warband_toy_soldier::actions::{active, check_shot};
use warband_toy_soldier::battle::{Activation, View, find};

/// The battle as it would stand once the active unit had turned to face `t` (one turn
/// of up to 90°, a second where it must turn further: the turns a right click on it
/// sends), played on a fork, with the AP the turns took; Err with the reason where the
/// engine refuses a turn it needs.
fn turned_to(engine: &Engine, v: &View, t: &View) -> Result<(Engine, u32), String> {
    // A turn rolls no die, but one that spends the last AP ends the activation, which
    // may (danger to damage, morale): the fork's own dice, never the battle's.
    let mut fork = engine.fork(0);
    let mut turns = 0;
    for pivot in facing_turns(v, t.base.center) {
        if active(fork.world(), v.side).is_err() {
            break;
        }
        fork.submit(v.side, pivot)
            .map_err(|r| describe::readable(engine.world(), &r.0))?;
        turns += 1;
    }
    Ok((fork, turns))
}

/// The active unit once turned, or why there is none: the turns took its last AP.
fn still_active(fork: &Engine, side: warband_rules::Side) -> Result<(View, Activation), String> {
    active(fork.world(), side).map_err(|_| "the turn takes its last AP".to_string())
}

/// Whether the active unit `v` could charge `t` once turned to face it: the AP the
/// turns take, or why not (in words).
pub fn charge_after_turning(engine: &Engine, v: &View, t: &View) -> Result<u32, String> {
    let (fork, turns) = turned_to(engine, v, t)?;
    let world = fork.world();
    let (now, a) = still_active(&fork, v.side)?;
    let t = find(world, t.id).ok_or("it is not in play")?;
    match charge_at(world, &now, &a, &t, t.base.center) {
        Ok(_) => Ok(turns),
        Err(Some(r)) => Err(describe::readable(world, &r.0)),
        Err(None) => Err(format!(
            "with {} AP left, its way straight ahead does not reach it",
            a.ap
        )),
    }
}

/// Whether the active unit `v` could put a volley of `ap` AP (or all it would have
/// left) on `t` once turned to face it: the AP the turns take, or why not.
pub fn shot_after_turning(engine: &Engine, v: &View, t: &View, ap: u32) -> Result<u32, String> {
    let (fork, turns) = turned_to(engine, v, t)?;
    let world = fork.world();
    let (now, a) = still_active(&fork, v.side)?;
    check_shot(world, &now, &a, t.id, ap.min(a.ap).max(1))
        .map(|_| turns)
        .map_err(|r| describe::readable(world, &r.0))
}

/// The advice to turn first (`turns` of them), then `then` ("charge", "shoot").
pub fn turn_first(turns: u32, then: &str) -> String {
    let cost = match turns {
        0 => "no turn needed".into(),
        1 => "1 AP".into(),
        n => format!("{n} turns, {n} AP"),
    };
    format!("Turn to face it (right-click on it, or Q / E: {cost}), then {then}.")
}
