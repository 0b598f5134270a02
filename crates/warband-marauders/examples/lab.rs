//! The batch simulator without the game around it, for measuring in release builds of
//! the headless crates alone (a release build of the desktop binary optimises all of
//! Bevy). Same library call as `warband sim`:
//!
//! `cargo run --release -p warband-marauders --example lab -- SCENARIO A B GAMES [SEED] [THREADS] [ARMY_A ARMY_B]`
//!
//! ARMY_A and ARMY_B replace the scenario's armies (names under the assets' `armies/`).

#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;
use warband_marauders::data::BattleSetup;
use warband_marauders::engine::Marauders;
use warband_marauders::sim::{AiSlot, SimConfig};
use warband_table::sim::run_games;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [scenario, a, b, games, rest @ ..] = args.as_slice() else {
        return Err("usage: lab SCENARIO A B GAMES [SEED] [THREADS] [ARMY_A ARMY_B]".into());
    };
    let path = PathBuf::from(scenario);
    let mut setup = BattleSetup::load(&path).map_err(|e| e.to_string())?;
    if let [_, _, army_a, army_b, ..] = rest {
        let dir = path
            .parent()
            .and_then(|d| d.parent())
            .map(|r| r.join("armies"))
            .unwrap_or_default();
        let load = |n: &str| {
            warband_marauders::data::load_ron(&dir.join(format!("{n}.ron")))
                .map_err(|e| e.to_string())
        };
        setup.armies.a = load(army_a)?;
        setup.armies.b = load(army_b)?;
        println!(
            "{} ({} pts) v {} ({} pts)",
            setup.armies.a.name,
            points(&setup, true),
            setup.armies.b.name,
            points(&setup, false)
        );
    }
    let config = SimConfig {
        a: a.parse()?,
        b: b.parse()?,
        games: games.parse().map_err(|e| format!("games: {e}"))?,
        seed: rest
            .first()
            .map_or(Ok(1), |s| s.parse())
            .map_err(|e| format!("seed: {e}"))?,
        swap: true,
        threads: rest
            .get(1)
            .map(|t| t.parse())
            .transpose()
            .map_err(|e| format!("threads: {e}"))?,
        shard: None,
    };
    let (r, games) = run_games::<Marauders>(&setup, &config, &|_| {})?;
    println!(
        "{} v {}: games {} a_wins {} b_wins {} draws {} a_win_rate {:.4} ci95 [{:.4}, {:.4}] mean_rounds {:.2} \
         hd_lost a {:.2} b {:.2} battles_per_sec {:.1} refused {} decision_ms a median {:.3} max {:.2} b median {:.3} max {:.2}",
        config.a,
        config.b,
        r.games,
        r.a_wins,
        r.b_wins,
        r.draws,
        r.a_win_rate,
        r.ci95[0],
        r.ci95[1],
        r.mean_rounds,
        r.mean_losses[0],
        r.mean_losses[1],
        r.battles_per_sec,
        r.refused_commands,
        r.decision_ms[0][0],
        r.decision_ms[0][1],
        r.decision_ms[1][0],
        r.decision_ms[1][1]
    );
    // Sides swap every other game: even games put `a` on side A.
    for (side, parity) in [("A", 0), ("B", 1)] {
        let mine: Vec<_> = games.iter().skip(parity).step_by(2).collect();
        let won = mine.iter().filter(|g| g.winner == Some(AiSlot::A)).count();
        let lost = mine.iter().filter(|g| g.winner == Some(AiSlot::B)).count();
        println!(
            "  {} as side {side}: won {won}, lost {lost} of {}",
            config.a,
            mine.len()
        );
    }
    if let Some(why) = &r.example_refusal {
        println!("  e.g. refused: {why}");
    }
    Ok(())
}

fn points(setup: &BattleSetup, a: bool) -> u32 {
    let army = if a { &setup.armies.a } else { &setup.armies.b };
    army.total_points(|n| {
        setup
            .profile(n)
            .map(warband_rules::marauders::points::points)
    })
}
