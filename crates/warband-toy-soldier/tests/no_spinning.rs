//! Units do not spin on the spot: neither `normal` nor `hard` turns an active unit back
//! to a facing it has held already on the same spot in its activation, takes back its
//! last step with the next, or moves it back to where it stood earlier in the
//! activation (a later play-test saw a troll step left, turn, step on, turn back and
//! step right, to end where it began). A play-test found ranks turning −48°, +48°, −48° … (which
//! way round a house is shorter depends on the way the rank faces), and `hard` turning
//! one way for `normal`'s way and back for `charge`'s: on these three village fights 71
//! of `normal`'s 345 turns and 115 of `hard`'s 449 undid the turn just before them.

mod common;

use bevy_math::Vec2;
use warband_rules::toy_soldier::Step;
use warband_table::log::Entry;
use warband_table::player::play;
use warband_toy_soldier::ai::{AiKind, policy};
use warband_toy_soldier::log::{BattleLog, LogEvent};
use warband_toy_soldier::{Command, Engine};

/// Whether a step the way `t` takes back a step the way `s`.
fn opposite(s: Step, t: Step) -> bool {
    matches!(
        (s, t),
        (Step::Forward, Step::Back)
            | (Step::Back, Step::Forward)
            | (Step::Left, Step::Right)
            | (Step::Right, Step::Left)
    )
}

/// One side's activation so far: the facings its unit has held since it last moved
/// (turns summed from the activation's start, the latest its own), and its last command.
struct Activation<'a> {
    held: Vec<f32>,
    last: Option<&'a Command>,
}

impl Default for Activation<'_> {
    fn default() -> Self {
        Self {
            held: vec![0.0],
            last: None,
        }
    }
}

impl<'a> Activation<'a> {
    /// Whether `c` goes back: a turn to a facing held already on this spot (to within
    /// 10°), a turn the other way straight after a turn (one turn would have done, for
    /// 1 AP: a play-tester watched a warboss turn 90° left, then 65° right), or a step
    /// opposite the last; then `c` is taken as done.
    fn goes_back(&mut self, c: &'a Command) -> bool {
        let now = self.held[self.held.len() - 1];
        let back = match (self.last, c) {
            (last, Command::Pivot { degrees }) => {
                let to = now + degrees;
                let back = self.held[..self.held.len() - 1].iter().any(|f| {
                    let d = (to - f).rem_euclid(360.0);
                    d.min(360.0 - d) < 10.0
                });
                let reversed =
                    matches!(last, Some(Command::Pivot { degrees: d }) if d * degrees < 0.0);
                self.held.push(to);
                back || reversed
            }
            (last, Command::Move { step: t, .. }) => {
                self.held = vec![now];
                matches!(last, Some(Command::Move { step: s, .. }) if opposite(*s, *t))
            }
            _ => false,
        };
        self.last = Some(c);
        back
    }
}

/// The moves in `engine`'s log that ended within half an inch of where their unit stood
/// before an earlier move of the same activation.
fn returns(engine: &Engine) -> usize {
    let mut spots: Vec<Vec2> = Vec::new();
    let mut returned = 0;
    for e in &engine.world().resource::<BattleLog>().events {
        match e {
            Entry::Accepted {
                command: Command::Activate { .. },
                ..
            } => spots.clear(),
            Entry::Rules(LogEvent::Moved { from, to, .. }) => {
                let to = Vec2::new(to.0, to.1);
                returned += usize::from(spots.iter().any(|p| p.distance(to) < 0.5));
                spots.push(Vec2::new(from.0, from.1));
            }
            _ => {}
        }
    }
    returned
}

/// Turns and steps sent in a village fight of `kind` against itself (turns apart), and
/// those that went back in the same activation: to a facing or by a step, or to a spot.
fn taken_back(kind: AiKind, seed: u64) -> (usize, usize, usize, usize) {
    let root = common::root();
    let setup =
        warband_toy_soldier::data::BattleSetup::load(&root.join("scenarios/village-fight.ron"))
            .unwrap();
    let mut engine = Engine::new(&setup, seed).unwrap();
    let (mut a, mut b) = (policy(kind, seed), policy(kind, seed + 1000));
    let played = play(&mut engine, a.as_mut(), b.as_mut());
    assert!(played.finished && played.refused.is_empty());
    let mut so_far: [Activation; 2] = Default::default();
    let (mut sent, mut turns, mut back) = (0, 0, 0);
    for (side, command) in &played.commands {
        let a = &mut so_far[side.index()];
        if matches!(command, Command::Activate { .. }) {
            *a = Activation::default();
        }
        if matches!(command, Command::Pivot { .. } | Command::Move { .. }) {
            sent += 1;
        }
        turns += usize::from(matches!(command, Command::Pivot { .. }));
        back += usize::from(a.goes_back(command));
    }
    (sent, turns, back, returns(&engine))
}

#[test]
fn no_unit_turns_or_steps_back_to_where_it_was() {
    for kind in [AiKind::Normal, AiKind::Hard] {
        let (sent, turns, back, returned) = (1..=3).fold((0, 0, 0, 0), |(s, t, b, r), seed| {
            let (s1, t1, b1, r1) = taken_back(kind, seed);
            (s + s1, t + t1, b + b1, r + r1)
        });
        assert!(turns > 100, "{kind:?} turned {turns} times");
        assert!(sent > turns, "{kind:?} stepped {} times", sent - turns);
        assert_eq!(
            back, 0,
            "{kind:?} went back in {back} of {sent} turns and steps"
        );
        assert_eq!(
            returned, 0,
            "{kind:?} moved back to an earlier spot {returned} times in {sent} turns and steps"
        );
    }
}
