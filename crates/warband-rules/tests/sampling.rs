//! The exact odds of Marauders and B/X Borderlands against a seeded sample of 10^6
//! rolls: every estimate must lie within four standard errors of the closed form.

use warband_rules::borderlands::{DamageExpr, Swing, attack_odds, judge, needed, save_chance};
use warband_rules::marauders::damage::hits;
use warband_rules::marauders::shooting::{obstacle_stops, shot_modifier};
use warband_rules::marauders::{
    Armour, MeleeOutcome, damage_distribution, melee_contest, melee_odds, shot_odds,
};
use warband_rules::morale::{breaks, pass_chance};
use warband_rules::{Clause, DiceRoller, Die};

const SAMPLES: u32 = 1_000_000;

fn assert_within_4_sigma(what: &str, hits: u32, p: f64) {
    let n = f64::from(SAMPLES);
    let sigma = (p * (1.0 - p) / n).sqrt().max(1e-9);
    let estimate = f64::from(hits) / n;
    assert!(
        (estimate - p).abs() <= 4.0 * sigma,
        "{what}: sampled {estimate}, exact {p}, 4σ = {}",
        4.0 * sigma
    );
}

fn pool(r: &mut DiceRoller, n: usize) -> Vec<u8> {
    (0..n).map(|_| r.face(Die::D6)).collect()
}

#[test]
fn melee_odds_match_sampling() {
    for (seed, a, b) in [(1, 1, 1), (2, 3, 2), (3, 5, 8)] {
        let mut r = DiceRoller::from_seed(seed);
        let mut counts = [0u32; 3];
        for _ in 0..SAMPLES {
            let (da, db) = (pool(&mut r, a), pool(&mut r, b));
            counts[match melee_contest(&da, &db) {
                MeleeOutcome::AWins => 0,
                MeleeOutcome::BWins => 1,
                MeleeOutcome::Both => 2,
            }] += 1;
        }
        let o = melee_odds(a, b);
        assert_within_4_sigma(&format!("{a}v{b} a"), counts[0], o.a_wins);
        assert_within_4_sigma(&format!("{a}v{b} b"), counts[1], o.b_wins);
        assert_within_4_sigma(&format!("{a}v{b} both"), counts[2], o.both);
    }
}

#[test]
fn damage_distribution_matches_sampling() {
    let mut r = DiceRoller::from_seed(11);
    let (n, armour, modifier) = (4, Armour::Light, -1);
    let mut counts = [0u32; 5];
    for _ in 0..SAMPLES {
        counts[usize::from(hits(&pool(&mut r, n), armour, modifier))] += 1;
    }
    let exact = damage_distribution(n, armour, modifier);
    for (k, c) in counts.iter().enumerate() {
        assert_within_4_sigma(&format!("{k} hits"), *c, exact.distribution[k]);
    }
}

#[test]
fn shot_odds_match_sampling() {
    let mut r = DiceRoller::from_seed(12);
    let (armour, moved, obstacles) = (Armour::Unarmoured, true, 2);
    let (mut reached, mut damaged) = (0u32, 0u32);
    for _ in 0..SAMPLES {
        if (0..obstacles).any(|_| obstacle_stops(r.face(Die::D6))) {
            continue;
        }
        reached += 1;
        damaged += u32::from(hits(&[r.face(Die::D6)], armour, shot_modifier(moved)));
    }
    let exact = shot_odds(armour, moved, obstacles);
    assert_within_4_sigma("reaches", reached, exact.reaches);
    assert_within_4_sigma("damages", damaged, exact.damages);
}

#[test]
fn morale_pass_matches_sampling() {
    let mut r = DiceRoller::from_seed(13);
    let score = 8;
    let held = (0..SAMPLES)
        .filter(|_| !breaks(score, r.face(Die::D6) + r.face(Die::D6)))
        .count() as u32;
    assert_within_4_sigma("morale 8", held, pass_chance(score));
}

#[test]
fn attacks_in_cover_with_damage_and_kills_match_sampling() {
    let clause = Clause::new("sampling");
    for (seed, thac0, ac, bonus, cover, dmg, hp) in [
        (1, 19, 5, 0, false, "1d8", 6),
        (2, 19, 7, -1, true, "1d6+1", 5),
        (3, 17, 2, 2, true, "2d4", 7),
    ] {
        let damage: DamageExpr = dmg.parse().unwrap();
        let odds = attack_odds(thac0, ac, bonus, cover, damage, Some(hp));
        let mut r = DiceRoller::from_seed(seed);
        let (mut hit, mut near, mut kills) = (0, 0, 0);
        for _ in 0..SAMPLES {
            match judge(r.face(Die::D20), bonus, needed(thac0, ac), cover) {
                Swing::Hit => {
                    hit += 1;
                    if damage.roll(&mut r, "d", &clause) >= hp {
                        kills += 1;
                    }
                    r.take_records();
                }
                Swing::HitCover => near += 1,
                Swing::Miss => {}
            }
        }
        assert_within_4_sigma("hit", hit, odds.hit);
        assert_within_4_sigma("cover", near, odds.cover);
        assert_within_4_sigma("kills", kills, odds.kills.unwrap());
    }
}

#[test]
fn saves_match_sampling() {
    let mut r = DiceRoller::from_seed(9);
    let passed = (0..SAMPLES).filter(|_| r.face(Die::D20) >= 14).count() as u32;
    assert_within_4_sigma("save 14", passed, save_chance(14));
}
