use super::*;

fn trial(reference: u32, score: f64) -> Trial {
    Trial {
        reference,
        points: 0.0,
        cost: 0.0,
        games: 100,
        score,
        ci95: [score - 0.1, score + 0.1],
    }
}

#[test]
fn the_crossing_is_interpolated_between_the_counts_around_one_half() {
    // 0.7 at 4 models, 0.3 at 5: one half is half-way, at 4.5.
    let t = [trial(3, 0.9), trial(4, 0.7), trial(5, 0.3), trial(6, 0.1)];
    assert!((crossing(&t, true, &|t| t.score).unwrap() - 4.5).abs() < 1e-9);
    // The lower bounds (0.6 at 4, 0.2 at 5) cross at 4.25; the upper at 4.75.
    assert!((crossing(&t, true, &|t| t.ci95[0]).unwrap() - 4.25).abs() < 1e-9);
    assert!((crossing(&t, true, &|t| t.ci95[1]).unwrap() - 4.75).abs() < 1e-9);
    // Beaten by a single model: between none (score 1) and one.
    assert!((crossing(&[trial(1, 0.25)], true, &|t| t.score).unwrap() - 2.0 / 3.0).abs() < 1e-9);
    assert_eq!(crossing(&[trial(1, 0.8)], true, &|t| t.score), None);
    assert_eq!(crossing(&[trial(1, 0.25)], false, &|t| t.score), None);
}

#[test]
fn a_fair_cost_bounded_on_one_side_reads_as_such() {
    let mut c = Calibration {
        profile: "Orc".into(),
        listed: 8,
        fair: Some(8.94),
        ci95: [6.71, 10.26],
        count: 10,
        reference: "Orc".into(),
        trials: Vec::new(),
    };
    assert_eq!(c.fair_text(), ("8.9".into(), "[6.7, 10.3]".into()));
    assert_eq!(c.unbounded(), None);
    (c.fair, c.ci95) = (None, [18.35, f64::INFINITY]);
    assert_eq!(c.fair_text(), (">18.4".into(), "[18.4, ∞]".into()));
    let said = c.unbounded().unwrap();
    assert!(
        said.starts_with("10 copies of Orc beat even the largest army"),
        "{said}"
    );
    assert!(said.contains("its fair cost is >18.4"), "{said}");
    c.ci95 = [0.0, 6.0];
    assert_eq!(c.fair_text(), ("<6.0".into(), "[0.0, 6.0]".into()));
    let said = c.unbounded().unwrap();
    assert!(
        said.contains("lose even to the smallest army of Orc"),
        "{said}"
    );
}

#[test]
fn a_ladder_keeps_its_size_and_climbs_one_model_a_rung_at_a_time() {
    let r = Reference {
        ruleset: warband_rules::Ruleset::ToySoldier,
        rungs: vec![
            ("Militia".into(), 8),
            ("Regulars".into(), 12),
            ("Veterans".into(), 16),
        ],
        size: 3,
        fixed: Some(("Captain".into(), 12)),
    };
    assert_eq!(r.top(), Some(6));
    assert_eq!(r.counts(0), vec![3, 0, 0]);
    assert_eq!(r.counts(4), vec![0, 2, 1]);
    assert_eq!(r.counts(6), vec![0, 0, 3]);
    let army = r.army(4);
    assert_eq!(army.leader, "Captain");
    assert_eq!(
        army.models().collect::<Vec<_>>(),
        ["Captain", "Regulars", "Regulars", "Veterans"]
    );
    // 12 + 3 × 8 = 36 at the bottom; each rung climbed adds 4.
    assert_eq!(
        (r.points(0.0), r.points(4.0), r.points(4.5)),
        (36.0, 52.0, 54.0)
    );
    assert_eq!((r.worth(50.0), r.worth(1000.0)), (4, 6));
    assert_eq!(r.name(), "Militia … Veterans");
}

#[test]
fn reference_armies_of_any_size() {
    let r = Reference::counted(warband_rules::Ruleset::Marauders, "Orc", 8);
    let army = r.army(300);
    assert_eq!(army.leader, "Orc");
    assert_eq!(army.models().count(), 300);
    assert_eq!(army.entries.len(), 1);
    assert_eq!(entries_of("Orc", 70_000).len(), 2);
    assert_eq!(r.points(2.5), 20.0);
    assert_eq!((r.top(), r.worth(20.0)), (None, 3));
    assert_eq!(default_count(150, 8), 19);
    assert_eq!(default_count(150, 1000), 1);
}
