//! The Toy Soldier log in words, one line an event, naming units as the table shows
//! them.

use warband_rules::toy_soldier::Step;
use warband_table::components::ModelId;
use warband_table::engine::ModelIndex;
use warband_toy_soldier::command::Command;
use warband_toy_soldier::components::Unit;
use warband_toy_soldier::log::{Entry, LogEvent};

mod event;
use event::event_line;

/// A unit's name and number, e.g. "Longbowmen #3".
pub fn name(world: &bevy::ecs::world::World, id: ModelId) -> String {
    world
        .resource::<ModelIndex>()
        .entity(id)
        .and_then(|e| world.get::<Unit>(e))
        .map_or(format!("#{id}"), |u| format!("{} #{id}", u.0.name))
}

/// An engine's text with its "unit 3" put as the unit's name.
pub fn readable(world: &bevy::ecs::world::World, text: &str) -> String {
    // Deployment, which every ruleset shares, says "model 3" of a unit too.
    let name = |id| name(world, id);
    let units = crate::game::hud::log::ids_named(text, "unit ", &name);
    crate::game::hud::log::ids_named(&units, "model ", &name)
}

fn command(world: &bevy::ecs::world::World, c: &Command) -> String {
    let n = |id: &ModelId| name(world, *id);
    match c {
        Command::Activate { unit } => format!("activates {}", n(unit)),
        Command::Defend => "defends".into(),
        Command::Move { step, inches } => {
            format!("moves {} {}", way(*step), distance(*inches))
        }
        // A positive turn is anticlockwise on the table: to the unit's left.
        Command::Pivot { degrees } => {
            let way = if *degrees >= 0.0 { "left" } else { "right" };
            format!("pivots {:.0}° {way}", degrees.abs())
        }
        Command::Shoot { target, ap } => format!("shoots {} with {ap} AP", n(target)),
        Command::Fight { target } => format!("fights {}", n(target)),
        Command::Magic {
            target,
            spell,
            sure,
        } => {
            let how = if *sure { "sure" } else { "rolled" };
            format!("casts {spell:?} ({how}) on {}", n(target))
        }
        Command::Pass => "passes".into(),
        Command::UndoMove => "takes back its last move or turn".into(),
        Command::Done => "ends the turn".into(),
        Command::Deploy(p) => crate::game::hud::placing_words(p, n),
    }
}

/// Which way a step goes, as a player says it: ahead, back, left or right (of the
/// unit's own facing).
pub fn way(step: Step) -> &'static str {
    match step {
        Step::Forward => "ahead",
        Step::Back => "back",
        Step::Left => "left",
        Step::Right => "right",
    }
}

/// Inches as a player reads them: to a tenth, or to a hundredth where the tenth would
/// hide what an AP turns on ("1.04\"" costs 2 AP sideways; "1.0\"" would say 1).
pub fn distance(inches: f32) -> String {
    let tenths = (inches * 10.0).round() / 10.0;
    if (inches - tenths).abs() < 0.005 {
        format!("{inches:.1}\"")
    } else {
        format!("{inches:.2}\"")
    }
}

/// The distance a move of entry `i` went, where it stopped short of what was asked
/// (touching a unit it charged): from its `Moved` event, before the next command.
fn moved_short(events: &[Entry], i: usize) -> Option<f32> {
    let Entry::Accepted {
        command: Command::Move { inches, .. },
        ..
    } = &events[i]
    else {
        return None;
    };
    let went = warband_table::log::logged_after(events, i)
        .iter()
        .find_map(|e| match e {
            Entry::Rules(LogEvent::Moved { from, to, .. }) => {
                Some(bevy::math::Vec2::from(*from).distance(bevy::math::Vec2::from(*to)))
            }
            _ => None,
        })?;
    (went < inches - 0.005).then_some(went)
}

/// Entry `i` of the log in words; `None` for what a line already says. A command of the
/// active unit is said by that unit ("Orc warboss moves ahead 2.0\""), one of the
/// side's by its side.
pub fn line(world: &bevy::ecs::world::World, events: &[Entry], i: usize) -> Option<String> {
    // A defence is said once, by its event: "Orc warboss #3 defends: 2 danger left".
    if let Entry::Accepted {
        command: Command::Defend,
        ..
    } = &events[i]
    {
        return None;
    }
    let unit = active_at(events, i);
    let short = moved_short(events, i);
    let said = |c: &Command| {
        let words = match (c, short) {
            (Command::Move { step, .. }, Some(went)) => {
                format!("moves {} {}, into contact", way(*step), distance(went))
            }
            _ => command(world, c),
        };
        match (unit, c) {
            (_, Command::Activate { .. } | Command::Done | Command::Deploy(_)) | (None, _) => words,
            (Some(u), _) => format!("{} {words}", name(world, u)),
        }
    };
    // A refusal's reason is the engine's text: its "unit 3" put as the unit's name too.
    crate::game::hud::entry_line(&events[i], said, |ev| event_line(world, ev))
        .map(|l| readable(world, &l))
}

/// The unit active when entry `i` was logged: the last one activated before it, unless
/// its activation has ended since.
fn active_at(events: &[Entry], i: usize) -> Option<ModelId> {
    events[..i]
        .iter()
        .rev()
        .find_map(|e| match e {
            Entry::Rules(LogEvent::Activated { unit, .. }) => Some(Some(*unit)),
            Entry::Rules(LogEvent::ActivationEnded { .. }) => Some(None),
            _ => None,
        })
        .flatten()
}

/// A unit's profile in a line: "Veteran d8 · morale d8 · Infantry · shields · shoots
/// 8\"", with its points where `points` asks (the hover card; the panel has them
/// elsewhere).
pub fn profile_line(u: &warband_rules::toy_soldier::UnitProfile, points: bool) -> String {
    use warband_rules::toy_soldier::combat;
    let mut line = format!(
        "{:?} {} · morale d{} · {:?}",
        u.quality,
        u.activation_die(),
        u.morale,
        u.kind
    );
    if u.shields {
        line.push_str(" · shields");
    }
    // Its reach, which a newcomer met only in a refusal ("beyond the reach of
    // Longbowmen (6")").
    if u.shoots() {
        line.push_str(&format!(" · shoots {}\"", combat::shot_range(u)));
    }
    if u.magical {
        line.push_str(&format!(" · magic {}\"", combat::magic_range(u)));
    }
    if points {
        line.push_str(&format!(" · {} pts", u.points()));
    }
    line
}

/// "1 token", "2 tokens".
pub fn tokens(n: u32) -> String {
    if n == 1 {
        "1 token".into()
    } else {
        format!("{n} tokens")
    }
}

#[cfg(test)]
mod tests {
    use warband_toy_soldier::Command;
    use warband_toy_soldier::log::Entry;

    /// A unit's line names its shields (they halve the danger of shots at it): the hover
    /// card left them out.
    #[test]
    fn a_units_line_names_its_shields() {
        use warband_rules::toy_soldier::{Kind, Quality, UnitProfile};
        let mut u = UnitProfile {
            name: "Orc warboss".into(),
            race: "orcs".into(),
            quality: Quality::Veteran,
            morale: 8,
            kind: Kind::Infantry,
            shields: true,
            ranged: false,
            magical: false,
            command: true,
            figures: 4,
        };
        let pts = u.points();
        assert_eq!(
            super::profile_line(&u, true),
            format!("Veteran d8 · morale d8 · Infantry · shields · {pts} pts")
        );
        u.shields = false;
        assert_eq!(
            super::profile_line(&u, false),
            "Veteran d8 · morale d8 · Infantry"
        );
        (u.ranged, u.magical) = (true, true);
        assert_eq!(
            super::profile_line(&u, false),
            "Veteran d8 · morale d8 · Infantry · shoots 8\" · magic 8\""
        );
        u.kind = Kind::Artillery;
        assert!(
            super::profile_line(&u, false).contains("shoots 16\""),
            "artillery doubles"
        );
    }

    /// The lines of a recorded battle's entries that `keep` keeps, in words.
    fn said(file: &str, keep: impl Fn(&Entry) -> bool) -> Vec<String> {
        let save = crate::game::test_app::recorded::<warband_toy_soldier::engine::ToySoldier>(file);
        let engine = save.replay().unwrap();
        let (world, events) = (engine.world(), &engine.log().events);
        (0..events.len())
            .filter(|&i| keep(&events[i]))
            .filter_map(|i| super::line(world, events, i))
            .collect()
    }

    /// Every activation ended with AP left says how many were lost, in a recorded
    /// battle; one that spent them all says nothing.
    #[test]
    fn an_activation_that_leaves_ap_says_so() {
        use warband_toy_soldier::log::LogEvent;
        let file = "toy-soldier/river-crossing-normal-v-normal.ron";
        let ended = |e: &Entry, left: bool| match e {
            Entry::Rules(LogEvent::ActivationEnded { unspent, .. }) => (*unspent > 0) == left,
            _ => false,
        };
        let lines = said(file, |e| ended(e, true));
        assert!(!lines.is_empty());
        let lost = |l: &String| l.contains(" AP unspent, lost");
        assert!(lines.iter().all(lost), "{lines:?}");
        // Some ended with every AP spent, and say nothing.
        let events =
            crate::game::test_app::recorded::<warband_toy_soldier::engine::ToySoldier>(file)
                .replay()
                .unwrap()
                .log()
                .events
                .clone();
        assert!(events.iter().any(|e| ended(e, false)));
        assert!(said(file, |e| ended(e, false)).is_empty());
    }

    /// A morale check says its roll, the Commander's +1 and the damage it had to meet,
    /// so a unit that held or broke shows why without the dice lines.
    #[test]
    fn a_morale_check_says_its_roll_and_what_it_met() {
        use warband_toy_soldier::log::LogEvent;
        let file = "toy-soldier/river-crossing-normal-v-normal.ron";
        let lines = said(file, |e| matches!(e, Entry::Rules(LogEvent::Morale { .. })));
        assert!(!lines.is_empty());
        let reads = |l: &String| {
            l.contains(" morale ")
                && (l.ends_with(" damage: holds") || l.ends_with(" damage: breaks"))
        };
        assert!(lines.iter().all(reads), "{lines:?}");
    }

    /// A move says the distance it went, to a hundredth where a tenth would hide what
    /// its AP turn on, and one that stopped short in contact says so.
    #[test]
    fn a_move_says_how_far_it_went() {
        use warband_rules::toy_soldier::Step;
        use warband_toy_soldier::log::LogEvent;
        assert_eq!(super::distance(2.0), "2.0\"");
        assert_eq!(super::distance(1.04), "1.04\"");
        let moved = |to: f32| {
            vec![
                Entry::Accepted {
                    side: warband_rules::Side::A,
                    command: Command::Move {
                        step: Step::Left,
                        inches: 1.3,
                    },
                },
                Entry::Rules(LogEvent::Moved {
                    unit: warband_table::components::ModelId(1),
                    from: (0.0, 0.0),
                    to: (to, 0.0),
                    ap: 1,
                }),
            ]
        };
        let world = bevy::ecs::world::World::new();
        let said = |events: &[Entry]| super::line(&world, events, 0).unwrap();
        assert!(said(&moved(0.9)).ends_with("moves left 0.9\", into contact"));
        assert!(said(&moved(1.3)).ends_with("moves left 1.3\""));
    }

    /// In a recorded battle every move is said by the unit making it, never by its side.
    #[test]
    fn a_unit_says_its_own_moves() {
        let moves = said("toy-soldier/river-crossing-normal-v-normal.ron", |e| {
            matches!(
                e,
                Entry::Accepted {
                    command: Command::Move { .. },
                    ..
                }
            )
        });
        assert!(moves.len() > 10, "{moves:?}");
        for m in &moves {
            let (who, _) = m.split_once(" moves ").unwrap();
            assert!(who.contains(" #"), "{m}");
        }
    }

    /// A defence is one line, its event's, with the unit and the danger left: the
    /// command is not said again above it.
    #[test]
    fn a_defence_is_said_once() {
        let lines = said("toy-soldier/village-fight-normal-v-normal.ron", |_| true);
        let defences = lines.iter().filter(|l| l.contains(" defends")).count();
        assert!(defences > 3, "{lines:?}");
        for l in lines.iter().filter(|l| l.contains(" defends")) {
            assert!(l.contains(" #") && l.ends_with(" danger left"), "{l}");
        }
    }
}
