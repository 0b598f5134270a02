//! `warband odds` refuses what no roll of the game can be: a usage error (exit 2) that
//! names the argument and its bound, at once, never a hang or an allocation without
//! bound.

mod common;

use common::warband;
use std::process::Output;
use std::time::{Duration, Instant};

/// Runs `warband odds ARGS` (the arguments written as one line), within a few seconds.
fn odds(args: &str) -> Output {
    let all: Vec<&str> = std::iter::once("odds")
        .chain(args.split_whitespace())
        .collect();
    let started = Instant::now();
    let out = warband(&all);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(5), "{args} took {took:?}");
    out
}

/// `warband odds ARGS` is refused as a usage error naming `expect`.
fn refused(args: &str, expect: &str) {
    let out = odds(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args}: {out:?}");
    assert!(out.stdout.is_empty(), "{args}: {out:?}");
    assert!(
        stderr.contains(expect),
        "{args}: expected `{expect}` in {stderr}"
    );
}

#[test]
fn toy_soldier_refuses_dangers_past_the_table() {
    for (args, expect) in [
        ("shot --danger 4000000000", "4000000000 is not in 0..=100"),
        ("shot --danger -1", "--danger"),
        ("morale --die 6 --damage 4000000000", "is not in 0..=100"),
        (
            "melee --attacker 6 --defender 6 --defender-penalty 99999999999999999999",
            "--defender-penalty",
        ),
    ] {
        refused(&format!("toy-soldier {args}"), expect);
    }
}

#[test]
fn toy_soldier_refuses_dice_that_are_no_die() {
    for (die, expect) in [
        ("7", "d7 is not a die of the game: expected 4, 6, 8 or 10"),
        ("0", "d0 is not a die of the game"),
        (
            "d12",
            "d12 is not a die of the game: expected 4, 6, 8 or 10",
        ),
        ("d", "`d` is not a die"),
        ("999", "`999` is not a die"),
    ] {
        refused(
            &format!("toy-soldier melee --attacker {die} --defender 6"),
            expect,
        );
    }
    for die in ["7", "0", "d2"] {
        refused(
            &format!("toy-soldier morale --die {die} --damage 1"),
            "is not a die of the game: expected 4, 6, 8, 10 or 12",
        );
    }
}

#[test]
fn toy_soldier_refuses_an_unknown_zone() {
    refused(
        "toy-soldier melee --attacker 6 --defender 6 --zone top",
        "`top` is not a zone: expected front, side or rear",
    );
}

#[test]
fn borderlands_refuses_damage_past_any_weapon_with_its_bound() {
    for (damage, expect) in [
        (
            "999999d999999",
            "`999999d999999`: 1 to 20 dice of 2 to 100 sides",
        ),
        ("0d6", "`0d6`: 1 to 20 dice of 2 to 100 sides"),
        ("1d6+1000", "`1d6+1000`: a bonus of -128 to +127"),
        ("lots", "`lots` is not a damage expression"),
    ] {
        refused(
            &format!("borderlands attack --thac0 19 --ac 5 --damage {damage}"),
            expect,
        );
    }
    refused(
        "borderlands attack --thac0 19 --ac 5 --hp 4000000000",
        "--hp",
    );
    refused("borderlands save --target 0", "--target");
    refused("borderlands morale --score 40", "--score");
}

#[test]
fn marauders_refuses_pools_past_the_largest_melee() {
    refused("melee --a 4000000000 --b 1", "--a");
    refused("marauders melee --a 301 --b 1", "--a");
    refused("damage --dice 1 --armour mithril", "--armour");
}

/// The largest odds each ruleset allows are answered, and quickly: the bounds are what
/// keeps every answer small.
#[test]
fn the_largest_allowed_rolls_are_answered_at_once() {
    for args in [
        "borderlands attack --thac0 19 --ac 5 --damage 20d100+127 --hp 1000 --json",
        "toy-soldier shot --danger 100 --json",
        "melee --a 300 --b 300 --json",
    ] {
        let out = odds(args);
        assert!(out.status.success(), "{args}: {out:?}");
    }
}
