//! Plays one battle of each scenario and prints its end (a quick look while building).
use warband_borderlands::ai::{AiKind, play};
use warband_borderlands::data::BattleSetup;
use warband_borderlands::{BorderlandsEngine as _, Engine};

fn main() {
    for s in [
        "cave-mouth",
        "ravine-ambush",
        "lair-hall",
        "corridor-chambers",
    ] {
        let setup =
            BattleSetup::load(std::path::Path::new(&format!("assets/scenarios/{s}.ron"))).unwrap();
        for (a, b) in [
            (AiKind::Charge, AiKind::Charge),
            (AiKind::Normal, AiKind::Normal),
            (AiKind::Random, AiKind::Random),
        ] {
            let mut e = Engine::new(&setup, 7).unwrap();
            let played = play(&mut e, a.policy(1).as_mut(), b.policy(2).as_mut());
            let bt = e.battle();
            println!(
                "{s} {a} v {b}: {:?} rounds {} removed {:?} refused {} {:?} commands {}",
                bt.outcome,
                bt.round,
                bt.sides.clone().map(|s| s.hp_removed),
                played.refused.len(),
                played.refused.first(),
                played.commands.len()
            );
        }
    }
}
