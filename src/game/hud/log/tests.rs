use super::*;
use warband_rules::{Clause, Die, DieRoll};

type E = Entry<u8, u32>;

fn words(e: &E) -> Option<LogLine> {
    Some(LogLine {
        side: entry_side(e),
        text: match e {
            Entry::Rules(n) => format!("event {n}"),
            Entry::Die(d) => format!("die {}", d.value),
            _ => "command".into(),
        },
        die: e.die().is_some(),
        clause: None,
        detail: None,
    })
}

fn die(value: u8) -> E {
    Entry::Die(DieRoll {
        die: Die::D6,
        value,
        purpose: "test".into(),
        clause: Clause::new("test"),
        need: None,
    })
}

#[derive(serde::Serialize)]
enum Ev {
    Started { turn: u32 },
    Hit { target: ModelId, attacker: ModelId },
    Broke { round: u32, side: Side },
    Moved { model: ModelId },
}

/// Each entry is worded once, when it is logged; the whole log again only when the
/// filter changes, the log is shorter than what was worded, the engine was made
/// again or more entries came at once than the panel shows.
#[test]
fn each_entry_is_worded_once_until_the_filter_or_the_log_turns_back() {
    let mut cache = LineCache::default();
    let asked = std::cell::RefCell::new(Vec::new());
    let make = |from: usize| {
        asked.borrow_mut().push(from);
        vec![line_of(Side::A, &format!("from {from}"))]
    };
    let mut filter = LogFilter {
        dice: false,
        ..LogFilter::default()
    };
    cache.update_with(0, 5, &filter, make);
    cache.update_with(0, 5, &filter, make);
    cache.update_with(0, 7, &filter, make);
    let texts: Vec<&str> = cache.lines().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["from 0", "from 5"]);
    filter.dice = true;
    cache.update_with(0, 7, &filter, make);
    cache.update_with(0, 3, &filter, make);
    // An engine made again (a seek, a resync), or more new entries than the panel
    // shows: the newest lines of the whole log.
    cache.update_with(1, 3, &filter, make);
    cache.update_with(1, 4, &filter, make);
    cache.update_with(1, 5 + SHOWN, &filter, make);
    assert_eq!(*asked.borrow(), [0, 5, 0, 0, 0, 3, 0]);
    assert_eq!(cache.lines().count(), 1);
}

fn line_of(side: Side, text: &str) -> LogLine {
    LogLine {
        side: Some(side),
        text: text.into(),
        die: false,
        clause: None,
        detail: None,
    }
}

/// A wave's moves logged a few at a time fold as they would all at once, and the
/// panel keeps only the newest lines.
#[test]
fn moves_logged_one_by_one_fold_as_a_wave() {
    let mut cache = LineCache::default();
    let filter = LogFilter::default();
    for i in 1..=6 {
        let l = line_of(Side::B, &format!("Goblin #{i} moves"));
        cache.update_with(0, i, &filter, |_| vec![l]);
    }
    let texts: Vec<&str> = cache.lines().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["Goblin #1 … Goblin #6 move (6 models)"]);
    // Which models moved is there when the pointer rests on the line.
    let detail = cache.lines().next().and_then(|l| l.detail.clone());
    assert_eq!(
        detail.as_deref(),
        Some("Goblin #1, Goblin #2, Goblin #3, Goblin #4, Goblin #5, Goblin #6")
    );
    let wave = named_few((1..31).map(|i| format!("Orc #{i}")));
    assert!(wave.starts_with("Orc #1, Orc #2") && wave.ends_with("Orc #24 and 6 more"));
    for i in 7..=(7 + 3 * SHOWN) {
        let l = line_of(Side::A, &format!("line {i}"));
        cache.update_with(0, i, &filter, |_| vec![l]);
    }
    let texts: Vec<&str> = cache.lines().map(|l| l.text.as_str()).collect();
    assert_eq!(texts.len(), SHOWN);
    assert_eq!(texts[SHOWN - 1], format!("line {}", 7 + 3 * SHOWN));
    assert!(cache.lines.done.len() <= 2 * SHOWN);
}

#[test]
fn a_waves_moves_are_one_line() {
    let line = line_of;
    let mut lines: Vec<LogLine> = (1..=5)
        .map(|i| line(Side::B, &format!("Goblin #{i} moves")))
        .collect();
    lines.push(line(Side::A, "Elf #9 moves"));
    lines.push(line(Side::A, "Elf #9 shoots at Goblin #2: hits"));
    let mut folded = Folded::default();
    lines.into_iter().for_each(|l| folded.push(l));
    let folded: Vec<&str> = folded.newest(SHOWN).map(|l| l.text.as_str()).collect();
    assert_eq!(
        folded,
        [
            "Goblin #1 … Goblin #5 move (5 models)",
            "Elf #9 moves",
            "Elf #9 shoots at Goblin #2: hits"
        ]
    );
}

/// A run of one side's holds is told as one line, as moves are, apart from its
/// moves; a side's morale that "holds" is no model's and stands alone (Borderlands'
/// kobolds each logged "Kobold #25 holds" a step, twenty lines a step).
#[test]
fn a_sides_holds_are_one_line_apart_from_its_moves() {
    let line = line_of;
    let mut lines: Vec<LogLine> = (20..=25)
        .map(|i| line(Side::B, &format!("Kobold #{i} holds")))
        .collect();
    lines.extend((26..=29).map(|i| line(Side::B, &format!("Kobold #{i} moves"))));
    lines.push(line(Side::B, "Kobold #30 holds"));
    lines.extend((1..=4).map(|_| line(Side::A, "Keep party morale 9: 2d6 = 5, holds")));
    let mut folded = Folded::default();
    lines.into_iter().for_each(|l| folded.push(l));
    let folded: Vec<&str> = folded.newest(SHOWN).map(|l| l.text.as_str()).collect();
    assert_eq!(
        folded,
        [
            "Kobold #20 … Kobold #25 hold (6 models)",
            "Kobold #26 … Kobold #29 move (4 models)",
            "Kobold #30 holds",
            "Keep party morale 9: 2d6 = 5, holds (×4)",
        ]
    );
}

/// A line said again at once is counted on it; the same words after another line,
/// or from the other side, or a die, stand on their own.
#[test]
fn a_line_said_again_is_counted() {
    let line = line_of;
    let turn = "Orc warboss moves ahead 2.0\"";
    let mut lines = vec![
        line(Side::B, turn),
        line(Side::B, turn),
        line(Side::B, turn),
    ];
    lines.push(line(Side::A, turn));
    lines.push(line(Side::A, "Elf #9 holds"));
    lines.push(line(Side::A, turn));
    let mut die = line(Side::A, "d6 = 3");
    die.die = true;
    lines.extend([die.clone(), die]);
    let mut folded = Folded::default();
    lines.into_iter().for_each(|l| folded.push(l));
    let folded: Vec<&str> = folded.newest(SHOWN).map(|l| l.text.as_str()).collect();
    let thrice = format!("{turn} (×3)");
    assert_eq!(
        folded,
        [
            thrice.as_str(),
            turn,
            "Elf #9 holds",
            turn,
            "d6 = 3",
            "d6 = 3"
        ]
    );
}

#[test]
fn a_side_is_named_by_its_army() {
    let names = ["Border knights", "Orc warhost"];
    assert_eq!(
        sides_named("Side B takes priority over side A", names),
        "Orc warhost takes priority over Border knights"
    );
    assert_eq!(sides_named("Sidereal", names), "Sidereal");
    let ended = |r: &str| sides_named(&sided(r), names);
    assert_eq!(
        ended("round limit 12 reached: A removed 10 HD, B removed 2 HD"),
        "round limit 12 reached: Border knights removed 10 HD, Orc warhost removed 2 HD"
    );
    assert_eq!(
        ended("B's player did not come back within 120 s"),
        "Orc warhost's player did not come back within 120 s"
    );
    assert_eq!(
        ended("side A has no model in play"),
        "Border knights has no model in play"
    );
    assert_eq!(sides_named("initiative B", names), "initiative Orc warhost");
    assert_eq!(
        sides_named("Plan B of A", names),
        "Plan B of Border knights"
    );
    let said = |side, words| sides_named(&crate::game::hud::said_by(side, words), names);
    assert_eq!(
        said(Side::A, "ends its step"),
        "Border knights ends its step"
    );
    assert_eq!(
        said(Side::B, "Orc #3 shoots at Elf #1"),
        "Orc #3 shoots at Elf #1"
    );
}

#[test]
fn an_engines_ids_are_put_as_names() {
    let name = |id: ModelId| format!("Knights #{id}");
    assert_eq!(
        ids_named("unit 1 is in the way of unit 12", "unit ", &name),
        "Knights #1 is in the way of Knights #12"
    );
    assert_eq!(ids_named("no unit here", "unit ", &name), "no unit here");
    assert_eq!(ids_named("a unit x", "unit ", &name), "a unit x");
}

/// A ruleset's event takes the side of the first model or side it names.
#[test]
fn an_event_is_coloured_by_the_side_it_concerns() {
    let side_of = |id: ModelId| Some(if id.0 < 10 { Side::A } else { Side::B });
    assert_eq!(event_side(&Ev::Started { turn: 3 }, &side_of), None);
    let hit = Ev::Hit {
        target: ModelId(4),
        attacker: ModelId(12),
    };
    assert_eq!(
        event_side(&hit, &side_of),
        Some(Side::B),
        "the attacker, not the target"
    );
    let broke = Ev::Broke {
        round: 2,
        side: Side::A,
    };
    assert_eq!(event_side(&broke, &side_of), Some(Side::A));
    assert_eq!(
        event_side(&Ev::Moved { model: ModelId(3) }, &side_of),
        Some(Side::A)
    );
    assert_eq!(
        event_side(&Ev::Moved { model: ModelId(3) }, &|_| None),
        None
    );
}

#[test]
fn lines_come_while_scrolled_up_are_counted_until_the_bottom() {
    let mut f = Follow::default();
    assert_eq!(f.unread(10, true), None);
    assert_eq!(f.unread(10, false), None, "scrolled up, nothing new");
    assert_eq!(f.unread(13, false), Some(3));
    assert_eq!(f.unread(14, false), Some(4));
    assert_eq!(f.unread(14, true), None, "back at the bottom");
    assert_eq!(f.unread(16, false), Some(2));
    assert_eq!(f.unread(5, false), None, "a shorter log starts again");
    assert_eq!(f.unread(7, false), Some(2));
}

/// One frame of the log panel alone, 300 × 200 points, at `time` seconds.
fn log_frame(ctx: &egui::Context, n: usize, time: f64, events: Vec<egui::Event>) {
    let lines: Vec<LogLine> = (0..n)
        .map(|i| line_of(Side::A, &format!("line {i}")))
        .collect();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(300.0, 200.0),
        )),
        time: Some(time),
        events,
        ..Default::default()
    };
    let mut out = ctx.run_ui(input, |ui| {
        show(ui, lines.iter(), &mut LogFilter::default());
    });
    out.textures_delta.clear();
}

fn unread_in(ctx: &egui::Context, n: usize) -> Option<usize> {
    let mut f: Follow = ctx.data(|d| d.get_temp(Follow::id())).unwrap_or_default();
    f.unread(n, false)
}

#[test]
fn the_new_lines_button_brings_the_reader_back_down() {
    let ctx = egui::Context::default();
    crate::game::theme::put_on(&ctx);
    let mut t = 0.0;
    for _ in 0..3 {
        t += 0.1;
        log_frame(&ctx, 40, t, vec![]);
    }
    let wheel = egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, 400.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
    };
    log_frame(
        &ctx,
        40,
        t + 0.1,
        vec![egui::Event::PointerMoved(egui::pos2(150.0, 120.0)), wheel],
    );
    for i in 0..20 {
        log_frame(&ctx, 45, t + 0.2 + f64::from(i) * 0.1, vec![]);
    }
    assert_eq!(unread_in(&ctx, 45), Some(5), "scrolled up, five lines came");
    let at = egui::pos2(150.0, 186.0);
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    log_frame(&ctx, 45, t + 2.1, vec![egui::Event::PointerMoved(at)]);
    log_frame(&ctx, 45, t + 2.2, vec![button(true)]);
    log_frame(&ctx, 45, t + 2.3, vec![button(false)]);
    // Lines keep coming, one a frame, as the reader goes back down.
    for i in 0..20 {
        log_frame(&ctx, 46 + i, t + 3.0 + i as f64 * 0.1, vec![]);
    }
    assert_eq!(
        unread_in(&ctx, 65),
        None,
        "back at the bottom, and following"
    );
}

#[test]
fn the_newest_lines_are_shown_oldest_first() {
    let events: Vec<E> = (1..=1000).map(Entry::Rules).collect();
    let lines = newest_lines(&events, 0, SHOWN, &LogFilter::default(), |_, e| words(e));
    assert_eq!(lines.len(), SHOWN);
    assert_eq!(lines[0].text, "event 601");
    assert_eq!(lines[SHOWN - 1].text, "event 1000");
}

#[test]
fn dice_and_a_side_are_left_out_when_the_filter_says() {
    let events: Vec<E> = vec![
        Entry::Accepted {
            side: Side::A,
            command: 1,
        },
        die(4),
        Entry::Refused {
            side: Side::B,
            command: 2,
            reason: "no".into(),
        },
    ];
    let all = LogFilter {
        show: [true, true],
        dice: true,
    };
    let every = newest_lines(&events, 0, 10, &all, |_, e| words(e));
    assert_eq!(every.len(), 3);
    // A die's line carries its clause, for the rules it links to; no other line does.
    let clauses: Vec<Option<&str>> = every.iter().map(|l| l.clause.as_deref()).collect();
    assert_eq!(clauses, [None, Some("test"), None]);
    let no_b = LogFilter {
        show: [true, false],
        dice: false,
    };
    let kept = newest_lines(&events, 0, 10, &no_b, |_, e| words(e));
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].side, Some(Side::A));
}

/// A play-tester unticked B and still read B's attack rolls: a die just after a side's
/// command goes with it and is hidden with that side's lines; a die after any other
/// line (a round's heading before initiative, a morale check, a fight) stays.
#[test]
fn a_die_is_hidden_with_the_command_it_was_rolled_for() {
    let command = |side| Entry::Accepted { side, command: 1 };
    let events: Vec<E> = vec![
        die(1),
        command(Side::A),
        die(2),
        command(Side::B),
        die(3),
        die(4),
        Entry::Rules(7),
        die(5),
    ];
    let shown = |show| {
        let filter = LogFilter { show, dice: true };
        newest_lines(&events, 0, 10, &filter, |_, e| words(e))
            .into_iter()
            .filter(|l| l.die)
            .map(|l| l.text)
            .collect::<Vec<_>>()
    };
    assert_eq!(shown([true, false]), ["die 1", "die 2", "die 5"]);
    assert_eq!(shown([false, true]), ["die 1", "die 3", "die 4", "die 5"]);
    assert_eq!(shown([true, true]).len(), 5);
}

/// A filter widened shows more lines, none of them new: the count starts again.
#[test]
fn a_filter_changed_brings_no_new_lines() {
    let mut f = Follow::default();
    f.filtered(([true, false], true), 10);
    assert_eq!(f.unread(10, true), None);
    f.filtered(([true, true], true), 200);
    assert_eq!(f.unread(200, false), None, "ticked again: none new");
    f.filtered(([true, true], true), 203);
    assert_eq!(f.unread(203, false), Some(3));
}

/// Every die lands in the log as in the tray: the log shows them until the player
/// hides them (a play-tester read "the spell fails" with no number beside it).
#[test]
fn the_log_shows_its_dice_unless_hidden() {
    let die = LogLine {
        die: true,
        ..line_of(Side::A, "d6: 2")
    };
    assert!(LogFilter::default().keeps(&die));
    let hidden = LogFilter {
        dice: false,
        ..LogFilter::default()
    };
    assert!(!hidden.keeps(&die));
}
