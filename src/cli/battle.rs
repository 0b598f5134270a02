//! `warband battle` plays one headless battle; `warband replay` replays a save.

use clap::{Args, ValueEnum};
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;
use warband_marauders::MaraudersEngine as _;
use warband_marauders::ai::{AiKind, play};
use warband_marauders::save::Save;
use warband_marauders::{Engine, Side};

/// Who plays a side headless.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Ai {
    /// Uniformly random legal commands (a baseline).
    Random,
    /// Advance on the nearest enemy, shoot the nearest, never disengage (a baseline).
    Charge,
    /// A beginner: plausible moves, misjudged.
    Easy,
    /// Scores every action with the exact odds.
    Normal,
    /// Looks ahead at the enemy's reply before it moves.
    Hard,
}

impl Ai {
    pub fn kind(self) -> AiKind {
        match self {
            Ai::Random => AiKind::Random,
            Ai::Charge => AiKind::Charge,
            Ai::Easy => AiKind::Easy,
            Ai::Normal => AiKind::Normal,
            Ai::Hard => AiKind::Hard,
        }
    }
}

#[derive(Args, Debug)]
pub struct BattleArgs {
    /// Scenario file (RON), e.g. assets/scenarios/woods-and-walls.ron.
    #[arg(long)]
    scenario: PathBuf,
    /// Seed of the battle's dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who plays side A.
    #[arg(long, value_enum, default_value_t = Ai::Normal)]
    a: Ai,
    /// Who plays side B.
    #[arg(long, value_enum, default_value_t = Ai::Normal)]
    b: Ai,
    /// Print the result as JSON.
    #[arg(long)]
    json: bool,
    /// Print the battle log, one event a line.
    #[arg(long)]
    log: bool,
    /// Save the battle (setup, seed, commands, final hash) to this file.
    #[arg(long)]
    save: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A save written by `warband battle --save`.
    file: PathBuf,
    /// Exit non-zero unless the replay ends in the saved final state.
    #[arg(long)]
    verify: bool,
    /// Print the battle log.
    #[arg(long)]
    log: bool,
}

#[derive(Serialize)]
struct HdLost {
    a: u32,
    b: u32,
}

#[derive(Serialize)]
struct Summary {
    winner: &'static str,
    rounds: u32,
    hd_lost: HdLost,
    final_hash: String,
}

fn summary(engine: &mut Engine) -> Summary {
    let b = engine.battle();
    let winner = match b.outcome.as_ref().and_then(|o| o.winner) {
        Some(Side::A) => "a",
        Some(Side::B) => "b",
        None => "draw",
    };
    let rounds = b.round.min(b.round_limit);
    // HD a side lost is what the other side removed.
    let hd_lost = HdLost {
        a: b.side(Side::B).hd_removed,
        b: b.side(Side::A).hd_removed,
    };
    Summary {
        winner,
        rounds,
        hd_lost,
        final_hash: format!("{:016x}", engine.state_hash()),
    }
}

fn print_log(engine: &Engine) {
    for event in &engine.log().events {
        println!("{event:?}");
    }
}

fn report(engine: &mut Engine, json: bool) {
    let reason = engine
        .outcome()
        .map(|o| o.reason.clone())
        .unwrap_or_default();
    let s = summary(engine);
    if json {
        println!("{}", serde_json::to_string(&s).expect("a summary encodes"));
    } else {
        println!(
            "Winner: {} after {} round(s) ({reason})\nHD lost: A {}, B {}\nFinal state: {}",
            match s.winner {
                "a" => "side A",
                "b" => "side B",
                _ => "draw",
            },
            s.rounds,
            s.hd_lost.a,
            s.hd_lost.b,
            s.final_hash
        );
    }
}

pub fn battle(args: BattleArgs) -> ExitCode {
    let setup = match super::load_setup(&args.scenario) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut engine = match Engine::new(&setup, args.seed) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {}: {e}", args.scenario.display());
            return ExitCode::FAILURE;
        }
    };
    let mut a = args.a.kind().policy(args.seed ^ 0xa);
    let mut b = args.b.kind().policy(args.seed ^ 0xb);
    let commands = play(&mut engine, a.as_mut(), b.as_mut()).commands;
    if args.log {
        print_log(&engine);
    }
    if let Some(path) = &args.save {
        let save = Save::new(setup, args.seed, commands, engine.state_hash());
        if let Err(e) = save.write(path) {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    report(&mut engine, args.json);
    ExitCode::SUCCESS
}

pub fn replay(args: ReplayArgs) -> ExitCode {
    let save = match Save::read(&args.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut engine = match save.replay() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    if args.log {
        print_log(&engine);
    }
    report(&mut engine, false);
    let hash = engine.state_hash();
    if args.verify {
        if hash == save.final_hash {
            println!("verified: the replay ends in the saved state");
        } else {
            eprintln!(
                "error: the replay ends in state {hash:016x}, the save says {:016x}",
                save.final_hash
            );
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
