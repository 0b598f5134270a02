//! B/X Borderlands' exact odds against a seeded sample of 10^6 attacks: each estimate
//! within four standard errors of the closed form.

use warband_rules::borderlands::{DamageExpr, Swing, attack_odds, judge, needed, save_chance};
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
