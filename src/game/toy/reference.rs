//! The Simple Toy Soldier fantasy rules in our own words, with how the game reads their
//! gaps (the project's RULINGS).

use crate::game::hud::reference::{Reference, Section};

pub static REFERENCE: Reference = Reference {
    source: "Paraphrased from \"Simple Toy Soldier\" (its fantasy variant), a free blog ruleset of units on single bases. Not the original text.",
    sections: &[
        Section {
            clause: "Toy Soldier Turn",
            rule: "Sides roll off for the first activation, then take turns activating units, paying activation tokens: two a unit they began with. A unit's first activation in a turn costs 1 token, the next as many as it has cost so far (1, 1, 2, 4, 8 …). When one side is out of tokens the other may spend what it has left; then the turn ends and tokens return.",
            rulings: &[
                "No side forfeits its tokens: ending the turn (Enter) is refused until the other side cannot activate.",
                "The battle lasts the scenario's turns; more points of enemy units removed wins.",
            ],
        },
        Section {
            clause: "Toy Soldier Activation",
            rule: "An activated unit rolls its activation die (militia d4, regulars d6, veterans d8, elite d10) for action points, +1 if it is the Command unit or within 6\" of it. It must spend them all: 1 AP moves 2\" ahead or 1\" sideways or back (cavalry double, artillery half, rough ground half), pivots up to 90°, or removes one danger.",
            rulings: &[
                "Danger must be removed before the unit moves, shoots or fights.",
                "Danger still on the unit when its AP run out becomes damage.",
            ],
        },
        Section {
            clause: "Toy Soldier Shooting",
            rule: "For each AP a shooting unit puts one danger on an enemy in its front arc within range (its activation die's top face; artillery double). Cover or shields halve the danger, both divide it by three; a remainder lands on a die roll.",
            rulings: &["One volley a target an activation: shoot all of it at once."],
        },
        Section {
            clause: "Toy Soldier Melee",
            rule: "Touching an enemy starts a melee at once: both roll their activation dice, the attacker +1, each less its danger and damage. The higher deals the difference as danger. A roll into the flank counts double, into the rear triple; artillery halves its roll. The attacker's activation then ends.",
            rulings: &[
                "The zone struck (front, side, rear) is cut by the target's diagonals; the attacker's centre picks it.",
            ],
        },
        Section {
            clause: "Toy Soldier Magic",
            rule: "A magical unit may heal a friend or curse an enemy within its die's top face in inches: 2 AP to be sure of 1 point, or 1 AP for a d6 roll of 4+ (a 1 hurts the caster). Cover and shields do not help.",
            rulings: &[],
        },
        Section {
            clause: "Toy Soldier Morale",
            rule: "Each time a unit takes damage it rolls its morale die, +1 near its Command; below its total damage, it retreats and is removed.",
            rulings: &[],
        },
    ],
};
