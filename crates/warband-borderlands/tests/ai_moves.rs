//! How the computer players move: a model whose straight way is blocked goes round.

mod common;

use common::root;
use warband_borderlands::battle::in_play;
use warband_borderlands::components::Condition;
use warband_borderlands::data::BattleSetup;
use warband_borderlands::{Command, Engine, Side};
use warband_table::components::ModelId;

/// Lair hall, seed 3: the party waits while the hobgoblin guard advances, and in round 2
/// six of the guard lie asleep in front of the two owlbears (as after a play-tester's
/// Sleep). Every way straight at the party passes through a sleeper or the other
/// owlbear: `normal` held both owlbears for two rounds. Each now goes round. (Whether
/// it then closes is not asked here: the guard, six of ten asleep, breaks in round 2.)
#[test]
fn a_monster_boxed_in_by_sleeping_friends_goes_round_them() {
    let s = BattleSetup::load(&root().join("scenarios/lair-hall.ron")).unwrap();
    let mut e = Engine::new(&s, 3).unwrap();
    let mut normal = warband_borderlands::ai::policy(warband_borderlands::ai::AiKind::Normal, 1);
    let mut owlbears = Vec::new();
    while let Some(side) = e.awaiting() {
        let round = e.battle().round;
        if round == 3 {
            break;
        }
        if round == 2 && side == Side::B && owlbears.is_empty() {
            let sleepers = [7, 8, 9, 10, 11, 13].map(ModelId);
            for v in in_play(e.world()) {
                if sleepers.contains(&v.id) {
                    let cond = Condition {
                        asleep: true,
                        ..v.cond
                    };
                    e.world_mut().entity_mut(v.entity).insert(cond);
                }
            }
            owlbears.push(None);
        }
        let c = match side {
            Side::A => Command::EndStep,
            Side::B => normal.next(&e, side).unwrap_or(Command::EndStep),
        };
        if round == 2
            && let Command::Hold { model } | Command::Move { model, .. } = c
            && [14, 15].contains(&model.0)
        {
            owlbears.push(Some(c.clone()));
        }
        e.submit(side, c).unwrap();
    }
    let moved = owlbears.iter().flatten();
    assert_eq!(owlbears.len(), 3, "{owlbears:?}");
    for c in moved {
        assert!(matches!(c, Command::Move { .. }), "{c:?}");
    }
}

/// `normal` slings at an armoured hero in the open, but not past a friend standing in
/// the line, where its near misses would do its own side more harm than the shot could
/// do the hero (a play-tester watched Cave mouth's rear kobolds sling into their own
/// ranks).
#[test]
fn normal_does_not_shoot_through_a_friend_it_would_harm_more() {
    use common::{put, sequential};
    let (mut e, first) = sequential(&["Fighter 2"], &["Kobold", "Kobold"]);
    if first == Side::A {
        e.submit(Side::A, Command::EndStep).unwrap();
    }
    assert_eq!(e.awaiting(), Some(Side::B));
    put(&mut e, 1, (15.0, 19.0));
    put(&mut e, 2, (15.0, 8.0));
    put(&mut e, 3, (15.0, 12.0));
    let mut normal = warband_borderlands::ai::policy(warband_borderlands::ai::AiKind::Normal, 1);
    let shoots =
        |c: Option<Command>| matches!(c, Some(Command::Shoot { model, .. }) if model == ModelId(2));
    let plan = warband_borderlands::actions::check_shot(e.world(), Side::B, ModelId(2), ModelId(1));
    assert_eq!(
        plan.unwrap().cover_model,
        Some(ModelId(3)),
        "the friend is in the line"
    );
    let through = normal.next(&e, Side::B);
    assert!(!shoots(through.clone()), "{through:?}");
    put(&mut e, 3, (25.0, 8.0));
    let open = normal.next(&e, Side::B);
    assert!(shoots(open.clone()), "{open:?}");
}
