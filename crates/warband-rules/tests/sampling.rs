//! The exact odds of Marauders, B/X Borderlands and Simple Toy Soldier against a seeded sample of 10^6
//! rolls: every estimate must lie within four standard errors of the closed form.

use warband_rules::borderlands::{DamageExpr, Swing, attack_odds, judge, needed, save_chance};
use warband_rules::marauders::damage::hits;
use warband_rules::marauders::shooting::{obstacle_stops, shot_modifier};
use warband_rules::marauders::{
    Armour, MeleeOutcome, damage_distribution, melee_contest, melee_odds, shot_odds,
};
use warband_rules::morale::{breaks, pass_chance};
use warband_rules::toy_soldier as ts;
use warband_rules::{Aspect, Clause, DiceRoller, Die};

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

/// A Toy Soldier melee rolled with the same scoring the engine uses: the danger each
/// side takes (index 0 when it takes none).
fn toy_melee(r: &mut DiceRoller, a: ts::Fighter, d: ts::Fighter, aspect: Aspect) -> (u32, u32) {
    let sa = ts::melee_score(r.face(Die(a.die)), true, a.penalty, aspect, a.artillery);
    let sd = ts::melee_score(
        r.face(Die(d.die)),
        false,
        d.penalty,
        Aspect::Front,
        d.artillery,
    );
    (sa.saturating_sub(sd), sd.saturating_sub(sa))
}

#[test]
fn toy_soldier_melee_odds_match_sampling() {
    let f = |die, penalty, artillery| ts::Fighter {
        die,
        penalty,
        artillery,
    };
    for (seed, a, d, aspect) in [
        (31, f(8, 0, false), f(6, 0, false), Aspect::Front),
        (32, f(4, 1, false), f(10, 2, false), Aspect::Side),
        (33, f(6, 0, true), f(8, 3, false), Aspect::Rear),
    ] {
        let o = ts::melee_odds(a, d, aspect);
        let mut r = DiceRoller::from_seed(seed);
        let mut to_d = vec![0u32; o.to_defender.len()];
        let mut to_a = vec![0u32; o.to_attacker.len()];
        let mut ties = 0;
        for _ in 0..SAMPLES {
            let (hd, ha) = toy_melee(&mut r, a, d, aspect);
            to_d[hd as usize] += 1;
            to_a[ha as usize] += 1;
            ties += u32::from(hd == 0 && ha == 0);
        }
        for (k, p) in o.to_defender.iter().enumerate() {
            assert_within_4_sigma(&format!("{a:?} {aspect} defender {k}"), to_d[k], *p);
        }
        for (k, p) in o.to_attacker.iter().enumerate() {
            assert_within_4_sigma(&format!("{a:?} {aspect} attacker {k}"), to_a[k], *p);
        }
        assert_within_4_sigma("tie", ties, o.tie);
    }
}

#[test]
fn toy_soldier_volleys_and_morale_match_sampling() {
    let mut r = DiceRoller::from_seed(34);
    for (danger, cover, shields) in [(5, true, false), (4, true, true), (7, false, true)] {
        let protection = ts::ShotCover { cover, shields };
        let exact = ts::landed_distribution(danger, protection);
        let (whole, need) = ts::landed(danger, protection);
        let mut counts = vec![0u32; exact.len() + 1];
        for _ in 0..SAMPLES {
            let extra = need.is_some_and(|n| r.face(Die::D6) >= n);
            counts[(whole + u32::from(extra)) as usize] += 1;
        }
        for (k, p) in exact.iter().enumerate() {
            assert_within_4_sigma(
                &format!("volley {danger} {protection:?} {k}"),
                counts[k],
                *p,
            );
        }
    }
    for (die, damage, commander) in [(6, 3, false), (8, 5, true), (4, 4, false)] {
        let holds = (0..SAMPLES)
            .filter(|_| ts::morale_holds(r.face(Die(die)), commander, damage))
            .count() as u32;
        assert_within_4_sigma("morale", holds, ts::morale_chance(die, commander, damage));
    }
}
