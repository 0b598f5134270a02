//! The B/X Borderlands combat rules in our own words, with how the game reads their gaps
//! (the project's RULINGS).

use crate::game::hud::reference::{Reference, Section};

pub static REFERENCE: Reference = Reference {
    source: "Paraphrased from the combat rules of \"The Keep on the Borderlands: The Webcomic\", in the B/X Dungeons & Dragons tradition. Not the original text.",
    sections: &[
        Section {
            clause: "B/X Initiative",
            rule: "Each round every side rolls a d6; the highest acts first, then the others in turn. Equal rolls act at once.",
            rulings: &[
                "In a simultaneous step nothing one side does interrupts the other's spells.",
            ],
        },
        Section {
            clause: "B/X Your round",
            rule: "In its side's step each model does one thing: move, attack in melee, shoot, cast a spell, give first aid, or hold.",
            rulings: &["Each model acts once a round; Hold spends its action doing nothing."],
        },
        Section {
            clause: "B/X Rolling to Attack",
            rule: "An attack hits when d20 plus its bonus reaches THAC0 less the target's armour class. A natural 20 always hits and a 1 always misses.",
            rulings: &[
                "No more than four attackers may strike one target in a round (fewer for large ones).",
                "A helpless target (asleep, held, dying) is hit every time.",
            ],
        },
        Section {
            clause: "B/X Ranged Attacks",
            rule: "Missiles need range and sight. A target in cover, or behind others, is harder to hit: near misses strike the cover.",
            rulings: &["A target's own melee attackers cover it only when four or more hold it."],
        },
        Section {
            clause: "B/X Damage",
            rule: "A hit deals its weapon's damage in hit points.",
            rulings: &["A hero may fall below 0 HP: dying, not dead, until −CON."],
        },
        Section {
            clause: "B/X Hit points",
            rule: "Each model rolls its hit points as the battle begins: its hit dice, with its bonus.",
            rulings: &[],
        },
        Section {
            clause: "B/X Magical Effects",
            rule: "A spell is its caster's action and uses a slot of its level. Sleep puts 2d8 HD of weak enemies to sleep; Magic Missile never misses; Hold Person and Light allow a save; Cure Light Wounds heals 1d6+1.",
            rulings: &[
                "A caster hurt earlier in the round loses the spell, except in a simultaneous step.",
                "Heroes of levels 1 to 5 have their tables' slots and saves.",
            ],
        },
        Section {
            clause: "B/X Saving Throw vs. Death",
            rule: "A dying hero saves against death each round or slips further; one who reaches −CON dies.",
            rulings: &[],
        },
        Section {
            clause: "B/X First aid",
            rule: "A model in contact with a dying ally may spend its action to stop the bleeding.",
            rulings: &[],
        },
        Section {
            clause: "B/X Retreat",
            rule: "A model may leave melee by withdrawing fighting (half its move) or by retreating (full move, but its foes strike at it, +2).",
            rulings: &[],
        },
        Section {
            clause: "B/X Morale Details",
            rule: "A side of monsters tests morale on 2d6 against its leader's score when it loses its first model, has fewer than half able to fight, is down to its last, or its lone monster drops below a quarter of its HP. Rolling over the score, it flees.",
            rulings: &[
                "Heroes decide for themselves: a party never tests.",
                "Morale 12 never tests; 2 always flees.",
            ],
        },
    ],
};
