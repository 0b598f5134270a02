use super::*;

fn round(r: u32) -> Entry {
    LogEvent::RoundStarted { round: r }.into()
}

fn lines(events: &[Entry]) -> Vec<String> {
    events
        .iter()
        .enumerate()
        .filter_map(|(i, _)| line(events, i, &|_| None, &|i| format!("piece {i}")))
        .map(|l| l.text)
        .collect()
}

#[test]
fn a_round_is_told_and_concerns_neither_side() {
    let l = line(&[round(3)], 0, &|_| None, &|i| format!("piece {i}")).unwrap();
    assert!(l.text.contains("Round 3"), "{l:?}");
    assert_eq!(l.side, None);
}

/// A tied initiative says what the tie did: in the first round both roll again;
/// later, priority passes. An untied roll says nothing more.
#[test]
fn a_tied_initiative_says_what_the_tie_did() {
    let d6 = |side: &str, value| {
        Entry::Die(warband_rules::DieRoll {
            die: warband_rules::Die::D6,
            value,
            purpose: format!("initiative, side {side}"),
            clause: warband_rules::Clause::new("Initiative"),
            need: None,
        })
    };
    let priority = |side| Entry::from(LogEvent::Priority { side });
    let first = vec![
        d6("A", 4),
        d6("B", 4),
        d6("A", 5),
        d6("B", 2),
        priority(Side::A),
    ];
    let said = lines(&first);
    assert!(said[1].ends_with("a tie: both roll again"), "{said:?}");
    assert!(
        !said[3].contains("tie") && !said[4].contains("tie"),
        "{said:?}"
    );
    let later = vec![d6("A", 3), d6("B", 3), priority(Side::B)];
    let said = lines(&later);
    assert!(!said[1].contains("tie"), "{said:?}");
    assert!(said[2].contains("a tie: priority passes"), "{said:?}");
    let untied = vec![d6("A", 3), d6("B", 1), priority(Side::A)];
    assert!(!lines(&untied).concat().contains("tie"));
}

/// Each shot is one line with its outcome: stopped (by what), a hit (its HD lost
/// on the next line) or no damage — whether or not the dice are shown.
#[test]
fn every_shot_is_in_the_log_with_its_outcome() {
    let shot = |model, target| Entry::Accepted {
        side: Side::A,
        command: Command::Shoot { model, target },
    };
    let die = Entry::Die(warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 2,
        purpose: "shot".into(),
        clause: warband_rules::Clause::new("test"),
        need: Some(4),
    });
    let events = vec![
        shot(ModelId(1), ModelId(2)),
        die.clone(),
        shot(ModelId(1), ModelId(3)),
        LogEvent::ShotStopped {
            shooter: ModelId(1),
            by: "Low wall".into(),
        }
        .into(),
        shot(ModelId(1), ModelId(4)),
        LogEvent::Damaged {
            model: ModelId(4),
            hd: 1,
            left: 0,
            clause: warband_rules::Clause::new("test"),
        }
        .into(),
        shot(ModelId(1), ModelId(5)),
        LogEvent::ShotStruck {
            shooter: ModelId(1),
            struck: ModelId(6),
        }
        .into(),
    ];
    assert_eq!(
        lines(&events),
        [
            "#1 shoots at #2: no damage",
            "  🎲 d6: 2 (shot)",
            "#1 shoots at #3: stopped by Low wall",
            "#1 shoots at #4: hits",
            "#4 loses 1 HD (0 left)",
            "#1 shoots at #5 but strikes #6 in the melee: no damage",
        ]
    );
}

/// A melee whose blows took no HD says so, as a shot does; one whose blows hit lets
/// the HD lost say it, and one whose winner has yet to split its blows says nothing.
#[test]
fn a_melee_that_does_no_damage_says_so() {
    use warband_rules::marauders::clauses::MELEE_DAMAGE;
    let melee = || -> Entry {
        LogEvent::MeleeResolved {
            models: vec![ModelId(1), ModelId(2)],
            winner: Some(Side::A),
        }
        .into()
    };
    let blow = Entry::Die(warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 2,
        purpose: "blow".into(),
        clause: MELEE_DAMAGE,
        need: Some(4),
    });
    let hit: Entry = LogEvent::Damaged {
        model: ModelId(2),
        hd: 1,
        left: 0,
        clause: MELEE_DAMAGE,
    }
    .into();
    let said = lines(&[melee(), blow.clone(), melee(), blow, hit, melee()]);
    assert!(said[0].ends_with("won by Side A: no damage"), "{said:?}");
    assert!(said[2].ends_with("won by Side A"), "{said:?}");
    assert!(said.last().unwrap().ends_with("won by Side A"), "{said:?}");
}

/// A model leaving a fight is told with the dice that struck at it as it left, and
/// with no word of them where no enemy could strike.
#[test]
fn a_disengaging_model_is_told_with_its_parting_blows() {
    use warband_rules::marauders::clauses::DISENGAGE;
    let leaves: Entry = LogEvent::Disengaged { model: ModelId(1) }.into();
    let moved: Entry = LogEvent::Moved {
        model: ModelId(1),
        from: (0.0, 0.0),
        to: (0.0, 3.0),
        charged: vec![],
    }
    .into();
    let die = Entry::Die(warband_rules::DieRoll {
        die: warband_rules::Die::D6,
        value: 3,
        purpose: "strike".into(),
        clause: DISENGAGE,
        need: Some(5),
    });
    let hit: Entry = LogEvent::Damaged {
        model: ModelId(1),
        hd: 1,
        left: 1,
        clause: DISENGAGE,
    }
    .into();
    let said = lines(&[leaves.clone(), die.clone(), die.clone(), moved.clone()]);
    assert!(
        said[0].ends_with("disengages, struck at as it leaves by 2 dice: no damage"),
        "{said:?}"
    );
    let said = lines(&[leaves.clone(), die, hit, moved.clone()]);
    assert!(
        said[0].ends_with("disengages, struck at as it leaves by 1 die"),
        "{said:?}"
    );
    assert!(lines(&[leaves, moved])[0].ends_with("disengages"));
}

/// A declared spell is one line that says where it is aimed.
#[test]
fn a_declared_spell_says_its_aim() {
    let declare = |aim| Entry::Accepted {
        side: Side::A,
        command: Command::DeclareSpell {
            caster: ModelId(1),
            spell: "Magic Missile".into(),
            aim,
        },
    };
    let said = LogEvent::SpellDeclared {
        model: ModelId(1),
        spell: "Magic Missile".into(),
    };
    let events = vec![
        declare(SpellAim::Model(ModelId(4))),
        said.clone().into(),
        declare(SpellAim::Point(21.0, 20.0)),
        said.into(),
    ];
    assert_eq!(
        lines(&events),
        [
            "#1 declares Magic Missile at #4",
            "#1 declares Magic Missile at a point (21.0\", 20.0\")",
        ]
    );
}

/// Dice purposes and what stopped a shot come from the engine with ids; the log
/// and the tray put names in their place.
#[test]
fn ids_in_engine_text_become_names() {
    let name = |id: ModelId| format!("Orc #{id}");
    let terrain = |i: usize| ["Low wall", "Farmhouse", "West wood"][i].to_string();
    let n = |t: &str| named(t, &name, &terrain);
    assert_eq!(
        n("shot by model 3 at model 10"),
        "shot by Orc #3 at Orc #10"
    );
    assert_eq!(
        n("melee [4, 5, 15]: A contest"),
        "melee Orc #4, Orc #5, Orc #15: A contest"
    );
    assert_eq!(
        n("models [1, 2] strike disengaging model 7"),
        "Orc #1, Orc #2 strike disengaging Orc #7"
    );
    assert_eq!(
        n("shot by model 3: past terrain 2?"),
        "shot by Orc #3: past West wood?"
    );
    assert_eq!(
        n("which model of the group [x]"),
        "which model of the group [x]"
    );
    assert_eq!(n("Sleep cast by model 12"), "Sleep cast by Orc #12");
}

#[test]
fn ids_of_no_model_read_as_numbers() {
    let events: Vec<Entry> = vec![
        LogEvent::Woke { model: ModelId(0) }.into(),
        LogEvent::Woke {
            model: ModelId(u32::MAX),
        }
        .into(),
    ];
    let lines = lines(&events);
    assert_eq!(lines[0], "#0 wakes");
    assert_eq!(lines[1], format!("#{} wakes", u32::MAX));
}
