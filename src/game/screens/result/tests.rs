/// Each engine's way of naming a side comes out as the army's name.
#[test]
fn an_ending_names_the_armies() {
    let names = ["Keep garrison", "Orc warband"];
    let said = |r| super::reason_words(r, names);
    assert_eq!(
        said("B has no model able to fight"),
        "Orc warband has no model able to fight"
    );
    assert_eq!(
        said("side A has no model in play"),
        "Keep garrison has no model in play"
    );
    assert_eq!(
        said("round limit: HP removed 3 to 4"),
        "Round limit: HP removed: Keep garrison 3, Orc warband 4"
    );
    assert_eq!(
        said("turn limit 8: points removed 8 to 122"),
        "Turn limit 8: points removed: Keep garrison 8, Orc warband 122"
    );
    assert_eq!(said("Beasts fled"), "Beasts fled");
}

/// The notes of a kind are one counted line; others stay as they were.
#[test]
fn notes_of_a_kind_are_one_counted_line() {
    let notes = [
        "Took 8 HP off the enemy (a model counts down to 0 HP at most)",
        "fled: Orc chief #6",
        "✝ Orc #7",
        "✝ Orc #8",
        "fled: Orc #14",
        "fled: Orc #15",
        "asleep: Orc #9",
    ];
    let pieces = super::grouped(notes.iter().map(|n| n.to_string()).collect());
    // Each name a piece: the line breaks between names, never inside one.
    assert_eq!(
        pieces[1],
        ["fled (3):", "Orc chief #6,", "Orc #14,", "Orc #15"]
    );
    let lines: Vec<String> = pieces.iter().map(|p| p.join(" ")).collect();
    assert_eq!(
        lines,
        [
            "Took 8 HP off the enemy (a model counts down to 0 HP at most)",
            "fled (3): Orc chief #6, Orc #14, Orc #15",
            "✝ (2): Orc #7, Orc #8",
            "asleep: Orc #9",
        ]
    );
}
