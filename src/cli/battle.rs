//! `warband battle` plays one headless battle; `warband replay` replays a save.

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;
use warband_rules::Side;
use warband_table::engine::{Engine, Rules};
use warband_table::player::PlayerKind;
use warband_table::player::{play, policy_seed};
use warband_table::save::Save;
use warband_table::sim::Contest;

/// Who plays a side headless: a computer player of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ai {
    Random,
    Charge,
    Easy,
    Normal,
    Hard,
}

/// Each kind's name and what it does (`PlayerKind::about`), as every command's help
/// lists it.
impl ValueEnum for Ai {
    fn value_variants<'a>() -> &'a [Self] {
        &[Ai::Random, Ai::Charge, Ai::Easy, Ai::Normal, Ai::Hard]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let kind = self.kind();
        Some(clap::builder::PossibleValue::new(kind.name()).help(kind.about()))
    }
}

impl Ai {
    pub fn kind(self) -> PlayerKind {
        match self {
            Ai::Random => PlayerKind::Random,
            Ai::Charge => PlayerKind::Charge,
            Ai::Easy => PlayerKind::Easy,
            Ai::Normal => PlayerKind::Normal,
            Ai::Hard => PlayerKind::Hard,
        }
    }

    pub fn name(self) -> &'static str {
        self.kind().name()
    }
}

#[derive(Args, Debug)]
pub struct BattleArgs {
    /// Scenario file (RON), e.g. assets/scenarios/woods-and-walls.ron.
    #[arg(long)]
    scenario: PathBuf,
    /// Seed of the battle's dice.
    #[arg(long, default_value_t = 1, value_parser = warband_table::sim::parse_seed)]
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

/// The common fields of a battle's result, with the ruleset's own name for its losses
/// (`hd_lost` in Marauders, `hp_lost` in Borderlands, `points_lost` in Toy Soldier).
fn summary<R: Contest>(engine: &mut Engine<R>) -> serde_json::Value {
    let winner = match engine.outcome().and_then(|o| o.winner) {
        Some(Side::A) => "a",
        Some(Side::B) => "b",
        None => "draw",
    };
    let world = engine.world();
    let rounds = warband_table::sim::rounds_played::<R>(world);
    let [a, b] = R::losses(world);
    let mut v = serde_json::json!({
        "winner": winner,
        "rounds": rounds,
        "losses": {"a": a, "b": b},
        "final_hash": format!("{:016x}", engine.state_hash()),
    });
    v[format!("{}_lost", R::LOSSES.to_lowercase())] = serde_json::json!({"a": a, "b": b});
    v
}

/// Prints the log, one event a line; stops quietly if stdout closes (`| head`).
fn print_log<R: Rules>(engine: &Engine<R>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    for event in &engine.log().events {
        if writeln!(out, "{event:?}").is_err() {
            return;
        }
    }
}

/// Prints a battle's result, as `warband battle` does (JSON with `--json`).
pub(super) fn report<R: Contest>(engine: &mut Engine<R>, json: bool) {
    let reason = engine.outcome().map(|o| o.reason.clone());
    let s = summary(engine);
    if json {
        println!("{s}");
    } else {
        let who = match s["winner"].as_str() {
            Some("a") => "Winner: side A",
            Some("b") => "Winner: side B",
            _ => "Winner: draw",
        };
        let (who, reason) = match &reason {
            Some(reason) => (who, format!(" ({reason})")),
            None => ("Not over", String::new()),
        };
        println!(
            "{who} after {}{reason}\n{} lost: A {}, B {}\nFinal state: {}",
            warband_table::sim::rounds::<R>(warband_table::sim::rounds_played::<R>(engine.world())),
            R::LOSSES,
            s["losses"]["a"],
            s["losses"]["b"],
            s["final_hash"].as_str().unwrap_or_default()
        );
    }
}

pub fn battle(args: BattleArgs) -> ExitCode {
    let ruleset = match super::ruleset_of(&args.scenario) {
        Ok(r) => r,
        Err(code) => return code,
    };
    super::with_rules!(ruleset, R => {
        match super::setup_and_players::<R>(&args.scenario, args.a.name(), args.b.name()) {
            Ok((setup, a, b)) => battle_of::<R>(setup, &args, a, b),
            Err(code) => code,
        }
    })
}

fn battle_of<R: Contest>(
    setup: R::Setup,
    args: &BattleArgs,
    a: R::Player,
    b: R::Player,
) -> ExitCode {
    let mut engine = match Engine::<R>::new(&setup, args.seed) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {}: {e}", args.scenario.display());
            return ExitCode::FAILURE;
        }
    };
    let mut pa = R::policy(a, policy_seed(args.seed, Side::A));
    let mut pb = R::policy(b, policy_seed(args.seed, Side::B));
    let commands = play::<R>(&mut engine, pa.as_mut(), pb.as_mut()).commands;
    if args.log {
        print_log(&engine);
    }
    if let Some(path) = &args.save {
        let save = Save::<R>::new(setup, args.seed, commands, engine.state_hash())
            .noting(&engine)
            .played_by([Some(a.into()), Some(b.into())]);
        if let Err(e) = save.write(path) {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    report(&mut engine, args.json);
    ExitCode::SUCCESS
}

pub fn replay(args: ReplayArgs) -> ExitCode {
    match super::ruleset_of(&args.file) {
        Err(code) => code,
        Ok(ruleset) => super::with_rules!(ruleset, R => replay_of::<R>(&args)),
    }
}

fn replay_of<R: Contest>(args: &ReplayArgs) -> ExitCode {
    let save = match Save::<R>::read(&args.file) {
        Ok(s) => s,
        Err(e) => return super::data_error(e),
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
    let Some(why) = save.divergence(&engine) else {
        if args.verify {
            println!("verified: the replay ends in the saved state");
        }
        return ExitCode::SUCCESS;
    };
    let level = if args.verify { "error" } else { "warning" };
    eprintln!("{level}: {}: {why}", args.file.display());
    if args.verify {
        eprintln!(
            "error: the replay ends in state {hash:016x}, the save says {:016x}",
            save.final_hash
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
