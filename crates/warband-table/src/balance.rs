//! Fair scenarios, found by simulation. `balance` plays `normal` v `normal` on a
//! scenario (each player keeping its side of the table, so side A's rate is the
//! scenario's), and while side A's 95% interval does not lie inside [0.40, 0.60] (or
//! more than a fifth of the games are drawn) it changes the size of one side's
//! rank-and-file — its most numerous entry, not its leader's: the stronger side's
//! shrinks or the weaker side's grows, by steps tried in turn ([`STEPS`]; one the rules
//! refuse, such as a party of more than eight, is skipped), keeping the first fair one
//! or else the nearest. Every trial plays the same game seeds (as `sim` seeds them), so
//! the answer does not depend on the thread count. A force that grows past its
//! points limit has the limit raised to what it now costs, and says so in its name.

use crate::calibrate::Calibrate;
use crate::scenario::Setup;
use crate::sim::{SimConfig, SimReport, run};
use crate::table::PerSide;
use warband_rules::Side;
use warband_rules::army::ArmyList;

/// Where a fair battle lies: side A's win rate interval inside these, draws at most
/// `MAX_DRAWS` of the games.
pub const FAIR: [f64; 2] = [0.40, 0.60];
pub const MAX_DRAWS: f64 = 0.20;

/// What was asked: games a trial, the master seed, threads.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    pub games: u32,
    pub seed: u64,
    pub threads: Option<usize>,
}

/// One force size tried and how it played: the count the side's rank-and-file was
/// given (the scenario as it stands: no side).
#[derive(Clone, Debug)]
pub struct Trial {
    pub side: Option<Side>,
    pub count: u32,
    pub report: SimReport,
}

/// One change made: an entry of a side, from one count to another.
pub type Change = (Side, String, u32, u32);

/// The result: the changes made, in order (none: the scenario was fair as it stood, or
/// nothing tried was nearer), the armies as they now stand, every trial, how the result
/// plays, and whether that is fair.
#[derive(Clone, Debug)]
pub struct Balanced {
    pub changes: Vec<Change>,
    pub armies: PerSide<ArmyList>,
    pub trials: Vec<Trial>,
    pub report: SimReport,
    pub fair: bool,
}

/// Rounds of changes at most: a party may need a hero fewer and more monsters.
pub const ROUNDS: usize = 4;

/// Balances `setup` (see the module), a change a round while the last round brought
/// it nearer and it is not yet fair. `progress` hears of each trial as it ends; it
/// returns false to stop (the result so far is returned).
pub fn balance<R: Calibrate>(
    setup: &R::Setup,
    ask: &Ask,
    progress: &mut dyn FnMut(&Trial) -> bool,
) -> Result<Balanced, String> {
    let mut current = setup.clone();
    let mut out: Option<Balanced> = None;
    let mut go_on = true;
    for _ in 0..ROUNDS {
        let mut tell = |t: &Trial| {
            go_on = progress(t);
            go_on
        };
        let round = balance_once::<R>(&current, ask, &mut tell)?;
        let adopted = round.change.is_some();
        *current.armies_mut() = round.armies.clone();
        let whole = out.get_or_insert_with(|| Balanced {
            changes: Vec::new(),
            armies: round.armies.clone(),
            trials: Vec::new(),
            report: round.report().clone(),
            fair: round.fair,
        });
        whole.changes.extend(round.change.clone());
        // Later rounds begin by replaying the armies as they stand: not a new trial.
        let skip = usize::from(!whole.trials.is_empty());
        whole.trials.extend(round.trials.iter().skip(skip).cloned());
        whole.armies = round.armies.clone();
        whole.report = round.report().clone();
        whole.fair = round.fair;
        if round.fair || !adopted || !go_on {
            break;
        }
    }
    let mut out = out.expect("one round at least");
    name_changes(&mut out);
    Ok(out)
}

/// One round's result: at most one change.
struct Round {
    change: Option<Change>,
    armies: PerSide<ArmyList>,
    trials: Vec<Trial>,
    fair: bool,
}

impl Round {
    /// The chosen change's trial (the last), or the setup's own (the first).
    fn report(&self) -> &SimReport {
        let t = if self.change.is_some() {
            self.trials.last()
        } else {
            self.trials.first()
        };
        &t.expect("at least one trial").report
    }
}

/// Whether a report is a fair fight.
pub fn is_fair(r: &SimReport) -> bool {
    r.ci95[0] >= FAIR[0] && r.ci95[1] <= FAIR[1] && draws(r) <= MAX_DRAWS
}

fn draws(r: &SimReport) -> f64 {
    f64::from(r.draws) / f64::from(r.games.max(1))
}

/// The entry a side's force grows or shrinks by: its most numerous, not its leader's
/// (ties: the first listed); shrunk to none, it leaves the force.
pub fn rank_and_file(army: &ArmyList) -> Option<usize> {
    army.entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.profile != army.leader || e.count > 1)
        .max_by(|(i, x), (j, y)| x.count.cmp(&y.count).then(j.cmp(i)))
        .map(|(i, _)| i)
}

/// `setup` with entry `entry` of `side` at `count`, its points limit raised to what
/// the force then costs and its name saying so; or what the rules refuse in it.
fn resized<R: Calibrate>(
    setup: &R::Setup,
    side: Side,
    entry: usize,
    count: u32,
) -> Result<R::Setup, String> {
    let mut out = setup.clone();
    let army = out.armies_mut().get_mut(side);
    let was = army.entries[entry].count;
    army.entries[entry].count = u16::try_from(count).map_err(|_| "too many models".to_string())?;
    // None left: the entry goes (a party one hero fewer).
    army.entries.retain(|e| e.count > 0);
    if count > u32::from(was) {
        let cost = |n: &str| R::listed_cost(setup, n);
        let total = army.total_points(cost);
        if let Some(limit) = army.points_limit.as_mut() {
            *limit = (*limit).max(total);
        }
    }
    let problems = out.problems();
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems.join("; "))
    }
}

fn trial<R: Calibrate>(setup: &R::Setup, ask: &Ask) -> Result<SimReport, String> {
    let normal = R::Player::try_from(crate::player::PlayerKind::Normal)?;
    let config = SimConfig {
        a: normal,
        b: normal,
        games: ask.games,
        seed: ask.seed,
        swap: false,
        threads: ask.threads,
        shard: None,
    };
    run::<R>(setup, &config, &|_| {})
}

/// The changes tried, in order: the stronger side's rank-and-file less 1, the weaker
/// side's more 1, then 2 either way, then the weaker side's more 4, the stronger
/// side's less 3, the weaker side's more 8, 16 and 32 (a force's strength is not always its size: more models are
/// also more for the enemy to remove, so each is measured, not assumed).
const STEPS: [(bool, i32); 9] = [
    (false, -1),
    (true, 1),
    (false, -2),
    (true, 2),
    (true, 4),
    (false, -3),
    (true, 8),
    (true, 16),
    (true, 32),
];

/// One round of [`balance`]: the steps tried in turn, the first fair one or the
/// nearest kept.
fn balance_once<R: Calibrate>(
    setup: &R::Setup,
    ask: &Ask,
    progress: &mut dyn FnMut(&Trial) -> bool,
) -> Result<Round, String> {
    let first = trial::<R>(setup, ask)?;
    let mut out = Round {
        change: None,
        armies: setup.armies().clone(),
        trials: vec![Trial {
            count: 0,
            side: None,
            report: first.clone(),
        }],
        fair: is_fair(&first),
    };
    let go_on = progress(&out.trials[0]);
    if out.fair || !go_on {
        return Ok(out);
    }
    let weaker = if first.a_win_rate > 0.5 {
        Side::B
    } else {
        Side::A
    };
    let miss = |r: &SimReport| (r.a_win_rate - 0.5).abs() + (draws(r) - MAX_DRAWS).max(0.0);
    let mut best: Option<(f64, Side, usize, u32, R::Setup)> = None;
    for (on_weaker, by) in STEPS {
        let side = if on_weaker { weaker } else { weaker.other() };
        let Some(entry) = rank_and_file(setup.armies().get(side)) else {
            continue;
        };
        let start = i64::from(setup.armies().get(side).entries[entry].count);
        let Ok(count) = u32::try_from(start + i64::from(by)) else {
            continue;
        };
        let Ok(tried) = resized::<R>(setup, side, entry, count) else {
            continue;
        };
        // A force the table cannot hold (its zone too small) is no answer either.
        let Ok(report) = trial::<R>(&tried, ask) else {
            continue;
        };
        let m = miss(&report);
        if best.as_ref().is_none_or(|(b, ..)| m < *b) {
            best = Some((m, side, entry, count, tried));
        }
        out.trials.push(Trial {
            count,
            side: Some(side),
            report,
        });
        let last = out.trials.last().expect("pushed");
        if is_fair(&last.report) || !progress(last) {
            break;
        }
    }
    if let Some((m, side, entry, count, tried)) = best
        && m < miss(&first)
    {
        adopt(&mut out, setup, side, entry, count, &tried);
    }
    Ok(out)
}

/// Takes the change to `count` of `side`'s `entry` as the result.
fn adopt<S: Setup>(out: &mut Round, setup: &S, side: Side, entry: usize, count: u32, tried: &S) {
    let was = setup.armies().get(side).entries[entry].clone();
    out.change = Some((side, was.profile.clone(), u32::from(was.count), count));
    out.armies = tried.armies().clone();
    let i = out
        .trials
        .iter()
        .position(|t| t.side == Some(side) && t.count == count)
        .expect("tried");
    let chosen = out.trials.remove(i);
    out.fair = is_fair(&chosen.report);
    out.trials.push(chosen);
}

/// Each changed army's name says what changed, and that it may now exceed a
/// standard budget: "Goblin raiders (balanced: 9 Goblin)".
fn name_changes(out: &mut Balanced) {
    for side in Side::BOTH {
        let mine: Vec<String> = out
            .changes
            .iter()
            .filter(|c| c.0 == side)
            .map(|(_, profile, _, to)| format!("{to} {profile}"))
            .collect();
        if !mine.is_empty() {
            let army = out.armies.get_mut(side);
            army.name = format!("{} (balanced: {})", army.name, mine.join(", "));
        }
    }
}

/// Saves a balanced scenario and both its armies in the data folder `data`'s
/// `scenarios/` and `armies/`, named after `scenario_file` with `-balanced`, atomically
/// and with their type names (they validate); returns the scenario's path and the
/// armies'.
pub fn write_balanced<S: Setup>(
    data: &std::path::Path,
    scenario_file: &std::path::Path,
    setup: &S,
    b: &Balanced,
) -> Result<(std::path::PathBuf, [std::path::PathBuf; 2]), String> {
    let stem = scenario_file
        .file_stem()
        .map_or("scenario".into(), |s| s.to_string_lossy().to_string());
    let mut scenario = setup.scenario().clone();
    let mut armies = [std::path::PathBuf::new(), std::path::PathBuf::new()];
    for side in Side::BOTH {
        let name = format!("{stem}-{}-balanced", side.lowercase());
        let path = data.join("armies").join(format!("{name}.ron"));
        crate::files::save_ron_named(&path, b.armies.get(side)).map_err(|e| e.to_string())?;
        *scenario.armies.get_mut(side) = name;
        armies[side.index()] = path;
    }
    scenario.name = format!("{} (balanced)", scenario.name);
    let path = data.join("scenarios").join(format!("{stem}-balanced.ron"));
    crate::files::save_ron_named(&path, &scenario).map_err(|e| e.to_string())?;
    Ok((path, armies))
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_rules::army::ArmyEntry;

    fn army(entries: &[(&str, u16)]) -> ArmyList {
        ArmyList {
            name: "t".into(),
            ruleset: warband_rules::Ruleset::Marauders,
            points_limit: None,
            leader: "Boss".into(),
            entries: entries
                .iter()
                .map(|(p, c)| ArmyEntry {
                    profile: (*p).into(),
                    count: *c,
                })
                .collect(),
        }
    }

    /// The rank-and-file is the most numerous entry, never a lone leader; ties go to
    /// the first listed.
    #[test]
    fn the_rank_and_file_is_the_most_numerous_entry_but_the_leader() {
        assert_eq!(
            rank_and_file(&army(&[("Boss", 1), ("Orc", 6), ("Archer", 3)])),
            Some(1)
        );
        assert_eq!(
            rank_and_file(&army(&[("Boss", 1), ("Elf", 1), ("Dwarf", 1)])),
            Some(1)
        );
        assert_eq!(rank_and_file(&army(&[("Boss", 1)])), None);
        assert_eq!(rank_and_file(&army(&[("Boss", 3), ("Orc", 2)])), Some(0));
    }
}
