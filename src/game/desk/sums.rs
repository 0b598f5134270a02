//! Dice added up in the log's words.

use warband_rules::DieRoll;

/// The words after dice that add up to `total` with `bonus` ("= 9", "+1 = 5"; "-1 = 1
/// (at least 1)" where the rules raise the sum).
pub fn summed(dice: &[&DieRoll], bonus: i32, total: i32) -> String {
    let raised = if total > faces(dice) + bonus {
        " (at least 1)"
    } else {
        ""
    };
    match bonus {
        0 => format!("= {total}{raised}"),
        b => format!("{b:+} = {total}{raised}"),
    }
}

/// The words after dice that add up to their faces alone ("= 9").
pub fn added_up(dice: &[&DieRoll]) -> String {
    summed(dice, 0, faces(dice))
}

/// The sum of the dice's faces.
pub fn faces(dice: &[&DieRoll]) -> i32 {
    dice.iter().map(|d| i32::from(d.value)).sum()
}
