//! Mergeable records of a batch's games and their tally by player and scenario, with Wilson intervals: what sharded batches gather.

use super::*;

/// One game of a batch as a mergeable record: which game, its seed, and what it came to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub index: u64,
    pub seed: u64,
    /// "a", "b" or None for a draw (the players, whichever side each had).
    pub winner: Option<String>,
    pub rounds: u32,
    /// What the `a` and `b` players lost (`hd_lost` in tallies written before there
    /// was more than one ruleset).
    #[serde(alias = "hd_lost")]
    pub losses: [u32; 2],
    pub refused: usize,
}

/// A batch, or a shard of one, as mergeable data: what was asked and every game's
/// record. Shards of one batch merge into exactly the tally of the whole batch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub scenario: String,
    pub a: String,
    pub b: String,
    /// Games in the whole batch (every shard's share of it).
    pub games: u32,
    pub seed: u64,
    pub swap: bool,
    pub games_played: Vec<GameRecord>,
}

impl Tally {
    /// The tally of `results`, the games of `config.indices()` in order.
    pub fn of<P>(
        scenario: &str,
        a: &str,
        b: &str,
        config: &SimConfig<P>,
        results: &[GameResult],
    ) -> Self {
        let slot =
            |w: Option<AiSlot>| w.map(|s| if s == AiSlot::A { "a" } else { "b" }.to_string());
        Tally {
            scenario: scenario.to_string(),
            a: a.into(),
            b: b.into(),
            games: config.games,
            seed: config.seed,
            swap: config.swap,
            games_played: config
                .indices()
                .into_iter()
                .zip(results)
                .map(|(index, r)| GameRecord {
                    index,
                    seed: game_seed(config.seed, index),
                    winner: slot(r.winner),
                    rounds: r.rounds,
                    losses: r.losses,
                    refused: r.refused,
                })
                .collect(),
        }
    }

    /// Shards of one batch, merged: the same batch, every game once, in index order.
    pub fn merge(shards: Vec<Tally>) -> Result<Tally, String> {
        let mut it = shards.into_iter();
        let mut all = it.next().ok_or("nothing to merge")?;
        for t in it {
            let same = (&t.scenario, &t.a, &t.b, t.games, t.seed, t.swap)
                == (&all.scenario, &all.a, &all.b, all.games, all.seed, all.swap);
            if !same {
                return Err("these results are of different batches (scenario, players, games, seed or swap differ)".into());
            }
            all.games_played.extend(t.games_played);
        }
        all.games_played.sort_by_key(|g| g.index);
        if let Some(w) = all
            .games_played
            .windows(2)
            .find(|w| w[0].index == w[1].index)
        {
            return Err(format!("game {} is in more than one result", w[0].index));
        }
        Ok(all)
    }

    /// Games of the batch that no result holds yet.
    pub fn missing(&self) -> u64 {
        u64::from(self.games) - self.games_played.len() as u64
    }

    /// The report of the games tallied (thinking times and speed are not kept).
    pub fn report(&self) -> SimReport {
        let results: Vec<GameResult> = self
            .games_played
            .iter()
            .map(|g| GameResult {
                winner: g
                    .winner
                    .as_deref()
                    .map(|w| if w == "a" { AiSlot::A } else { AiSlot::B }),
                rounds: g.rounds,
                losses: g.losses,
                refused: g.refused,
                first_refusal: None,
                decision_times: [Vec::new(), Vec::new()],
                finished: true,
            })
            .collect();
        report(&results, Duration::ZERO)
    }
}

/// The 95% Wilson score interval for `k` successes in `n` trials.
pub fn wilson(k: u32, n: u32) -> [f64; 2] {
    wilson_score(f64::from(k) / f64::from(n.max(1)), n)
}

/// The 95% Wilson score interval for a share `p` of `n` trials (a score that counts a
/// draw as half a win is such a share).
pub fn wilson_score(p: f64, n: u32) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let n = f64::from(n);
    let z = 1.959_963_984_540_054_f64;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}
