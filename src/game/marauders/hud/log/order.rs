//! The initiative's order in words.

use warband_marauders::{Phase, Side};

/// Who acts first in each phase, the phases grouped by side in their order: "First
/// to move: Adventuring party; first to shoot, attack, cast and check morale: Goblin
/// raiders".
pub(super) fn order_words(first: &[(Phase, Side)]) -> String {
    let mut groups: Vec<(Side, Vec<&str>)> = Vec::new();
    for (p, s) in first {
        let verb = match p {
            Phase::Movement => "move",
            Phase::Shooting => "shoot",
            Phase::Attacking => "attack",
            Phase::Spellcasting => "cast",
            Phase::Morale => "check morale",
            _ => continue,
        };
        match groups.last_mut() {
            Some((side, verbs)) if side == s => verbs.push(verb),
            _ => groups.push((*s, vec![verb])),
        }
    }
    let words: Vec<String> = groups
        .iter()
        .map(|(side, verbs)| format!("first to {}: {side}", and_list(verbs)))
        .collect();
    crate::game::hud::capitalised(&words.join("; "))
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A play-tester read "First to act: movement Goblin raiders, shooting Goblin
    /// raiders, …": the phases are grouped by side, as verbs.
    #[test]
    fn the_order_groups_the_phases_by_side() {
        let order = [
            (Phase::Movement, Side::B),
            (Phase::Shooting, Side::A),
            (Phase::Attacking, Side::A),
            (Phase::Spellcasting, Side::A),
            (Phase::Morale, Side::A),
        ];
        assert_eq!(
            order_words(&order),
            "First to move: Side B; first to shoot, attack, cast and check morale: Side A"
        );
        let all_a = order.map(|(p, _)| (p, Side::A));
        assert_eq!(
            order_words(&all_a),
            "First to move, shoot, attack, cast and check morale: Side A"
        );
        assert_eq!(and_list(&["move"]), "move");
        assert_eq!(and_list(&["move", "shoot"]), "move and shoot");
    }
}
