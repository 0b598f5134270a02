//! Deployment by hand, the same in every ruleset: sides take turns placing one model
//! (a Toy Soldier unit) each from side A, only in their own zone and clear of what is
//! placed; a refusal changes nothing; the computer can set the rest; the battle starts
//! when the last is placed; and the placements save and replay like any command.

use bevy::math::Vec2;
use warband_rules::Side;
use warband_table::components::{Base, ModelId, Team};
use warband_table::deployment::Placing;
use warband_table::engine::{Engine, ModelIndex, Progress};
use warband_table::player::{PlayerKind, play};
use warband_table::save::Save;
use warband_table::scenario::Setup;
use warband_table::sim::Contest;

fn by_hand<R: Contest>(scenario: &str) -> R::Setup {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut setup = R::load(&root.join("assets/scenarios").join(scenario)).unwrap();
    setup.scenario_mut().hand_deployment = true;
    setup
}

/// The models of `side`, id and base, in id order.
fn models<R: Contest>(e: &Engine<R>, side: Side) -> Vec<(ModelId, Vec2)> {
    let w = e.world();
    w.resource::<ModelIndex>()
        .0
        .iter()
        .filter(|x| w.get::<Team>(**x).is_some_and(|t| t.0 == side))
        .map(|x| {
            (
                *w.get::<ModelId>(*x).unwrap(),
                w.get::<Base>(*x).unwrap().center(),
            )
        })
        .collect()
}

fn place<R: Contest>(model: ModelId, at: Vec2) -> R::Command {
    R::deploy(Placing::Model {
        model,
        at: (at.x, at.y),
    })
}

/// A refused command leaves the battle as it was, with one refusal logged.
fn refused<R: Contest>(e: &mut Engine<R>, side: Side, c: R::Command, why: &str) {
    let (hash, len) = (e.state_hash(), e.log().events.len());
    let r = e.submit(side, c).expect_err(why);
    assert!(r.message().contains(why), "{}: {r}", R::RULESET);
    assert_eq!(e.state_hash(), hash, "{}", R::RULESET);
    assert_eq!(e.log().events.len(), len + 1, "{}", R::RULESET);
}

fn deploys_by_hand<R: Contest>(scenario: &str) {
    let setup = by_hand::<R>(scenario);
    let mut e = Engine::<R>::new(&setup, 9).unwrap();
    let rows = Engine::<R>::new(
        &{
            let mut s = setup.clone();
            s.scenario_mut().hand_deployment = false;
            s
        },
        9,
    )
    .unwrap();
    assert!(e.deploying().is_some(), "{}", R::RULESET);
    assert_eq!(e.awaiting(), Some(Side::A), "{}", R::RULESET);
    let zone_a = setup.scenario().deployment.a;
    let (a1, spot) = models(&e, Side::A)[0];
    let (b1, _) = models(&e, Side::B)[0];
    // Only the side whose placement it is, only its own models, only in its zone, and
    // no other command while deployment lasts.
    refused(&mut e, Side::B, place::<R>(b1, spot), "placement");
    refused(&mut e, Side::A, place::<R>(b1, spot), "not Side A's");
    let far = Vec2::new(zone_a.min.0 + 1.0, zone_a.max.1 + 3.0);
    refused(&mut e, Side::A, place::<R>(a1, far), "deployment zone");
    refused(&mut e, Side::A, place::<R>(a1, Vec2::NAN), "not a point");
    let rules_yield = R::yield_command(rows.world(), Side::A);
    refused(&mut e, Side::A, rules_yield, "being deployed");
    // A's first model goes to the zone's far corner; B answers; A's next may not land on
    // its first.
    let base = {
        let w = e.world();
        w.get::<Base>(w.resource::<ModelIndex>().entity(a1).unwrap())
            .unwrap()
            .0
    };
    let corner = Vec2::new(zone_a.min.0, zone_a.min.1) + base.shape.half_extents(base.facing);
    e.submit(Side::A, place::<R>(a1, corner)).unwrap();
    assert_eq!(models(&e, Side::A)[0], (a1, corner), "{}", R::RULESET);
    assert_eq!(e.awaiting(), Some(Side::B), "{}", R::RULESET);
    refused(
        &mut e,
        Side::B,
        R::deploy(Placing::Model {
            model: b1,
            at: (corner.x, corner.y),
        }),
        "deployment zone",
    );
    let computer = warband_table::deployment::computer_placing(e.world(), Side::B);
    e.submit(Side::B, R::deploy(computer)).unwrap();
    assert_eq!(e.awaiting(), Some(Side::A), "{}", R::RULESET);
    if let Some(&(a2, _)) = models(&e, Side::A).get(1) {
        refused(&mut e, Side::A, place::<R>(a2, corner), "overlap");
    }
    // The computer sets A's rest, then B places alone until it is done.
    e.submit(Side::A, R::deploy(Placing::Rest)).unwrap();
    let mut guard = 0;
    while e.deploying().is_some() {
        assert_eq!(e.awaiting(), Some(Side::B), "{}", R::RULESET);
        e.submit(Side::B, e.yield_command(Side::B)).unwrap();
        guard += 1;
        assert!(guard < 3, "{}", R::RULESET);
    }
    // The battle has begun where a battle deployed in rows begins; the models the
    // computer set stand where rows would put them unless a placed base took the spot.
    assert_eq!(e.phase(), rows.phase(), "{}", R::RULESET);
    assert_eq!(e.awaiting(), rows.awaiting(), "{}", R::RULESET);
    assert_eq!(
        models(&e, Side::B),
        models(&rows, Side::B),
        "{}",
        R::RULESET
    );
    assert_eq!(e.battle().round(), rows.battle().round(), "{}", R::RULESET);
    let placed = e
        .log()
        .events
        .iter()
        .filter(|x| matches!(x, warband_table::log::Entry::Placed { .. }))
        .count();
    assert_eq!(
        placed,
        e.world().resource::<ModelIndex>().0.len(),
        "{}",
        R::RULESET
    );
}

#[test]
fn each_ruleset_deploys_by_hand_in_turn() {
    deploys_by_hand::<warband_marauders::engine::Marauders>("woods-and-walls.ron");
    deploys_by_hand::<warband_toy_soldier::ToySoldier>("village-fight.ron");
    deploys_by_hand::<warband_borderlands::Borderlands>("cave-mouth.ron");
}

/// Two computer players deploy one model at a time, alternately, then play the battle
/// out; its save replays to the same final state.
fn computers_deploy_and_the_save_replays<R: Contest>(scenario: &str) {
    let setup = by_hand::<R>(scenario);
    let mut e = Engine::<R>::new(&setup, 4).unwrap();
    let normal = R::Player::try_from(PlayerKind::Normal).unwrap();
    let (mut a, mut b) = (R::policy(normal, 1), R::policy(normal, 2));
    let played = play(&mut e, a.as_mut(), b.as_mut());
    assert!(
        played.finished && played.refused.is_empty(),
        "{}",
        R::RULESET
    );
    let sides: Vec<Side> = played
        .commands
        .iter()
        .take_while(|(_, c)| R::placing(c).is_some())
        .map(|(s, _)| *s)
        .collect();
    let n = e.world().resource::<ModelIndex>().0.len();
    assert_eq!(sides.len(), n, "{}: one placement a model", R::RULESET);
    assert_eq!(&sides[..2], &[Side::A, Side::B], "{}", R::RULESET);
    let hash = e.state_hash();
    let save = Save::<R>::new(setup, 4, played.commands, hash);
    let dir = std::env::temp_dir().join(format!("warband-deploy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.ron", R::RULESET));
    save.write(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("hand_deployment: true") && text.contains("Deploy(Model("),
        "{}",
        R::RULESET
    );
    let again = Save::<R>::read(&path).unwrap().replay().unwrap();
    assert_eq!(again.state_hash(), hash, "{}", R::RULESET);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn computers_deploy_in_turn_and_the_save_replays() {
    computers_deploy_and_the_save_replays::<warband_marauders::engine::Marauders>("open-field.ron");
    computers_deploy_and_the_save_replays::<warband_toy_soldier::ToySoldier>("river-crossing.ron");
    computers_deploy_and_the_save_replays::<warband_borderlands::Borderlands>("lair-hall.ron");
}
