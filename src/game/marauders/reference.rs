//! The Marauders rules in our own words, section by section, with how the game reads
//! their gaps (the project's RULINGS).

use crate::game::hud::reference::{Reference, Section};

pub static REFERENCE: Reference = Reference {
    source: "Paraphrased from \"Marauders\", a free skirmish ruleset using hit dice for OSR games (2025), with its morale from the B/X combat rules of \"The Keep on the Borderlands: The Webcomic\". Not the original text.",
    sections: &[
        Section {
            clause: "Marauders §1 Declare spells",
            rule: "Each round begins with both sides naming the spells their casters will cast, and at what. A caster that declares may not move that round, and loses the spell if it is hurt before the spellcasting phase.",
            rulings: &[
                "Declared in public, last round's priority side first.",
                "A caster forced to move (its side broke) loses the spell.",
                "Casters have spell slots for the whole battle.",
            ],
        },
        Section {
            clause: "Marauders §2 Initiative",
            rule: "Each side rolls a d6; the higher gets priority and chooses, phase by phase, which side acts first.",
            rulings: &[
                "A tie in the first round is rolled again; later, a tie gives priority to the side that did not have it last round.",
                "In the attacking phase, acting first means choosing which melee to fight first.",
            ],
        },
        Section {
            clause: "Marauders §3 Movement",
            rule: "A model moves by its armour: unarmoured and light models far, medium a middling distance, heavy the least. Moving into base contact with an enemy starts a melee.",
            rulings: &[
                "The rules measure moves with a playing card (2.5\" × 3.5\"): heavy its short side, 2.5\"; medium its long side, 3.5\"; light and unarmoured its diagonal, 4.3\".",
                "Rough ground costs double; bases may not overlap or pass through one another.",
            ],
        },
        Section {
            clause: "Marauders §3 Disengaging",
            rule: "A model in melee may leave it, unless the melee began this round; every enemy it was touching strikes it once as it goes.",
            rulings: &[
                "Each enemy in contact rolls one damage die of 1 HD against the leaver's armour.",
                "A model a second enemy charged this round is pinned: it may not leave either.",
                "A leaver moves its full allowance and may not end in contact.",
            ],
        },
        Section {
            clause: "Marauders §4 Shooting into melee",
            rule: "A shot at a model in melee may strike any model of that fight, friend or foe.",
            rulings: &["The model struck is picked at random among the whole melee group."],
        },
        Section {
            clause: "Marauders §4 Shooting",
            rule: "A shot deals damage of 1 HD strength at −1, and −1 more if the shooter moved. Each obstacle on the line — a model or a piece of terrain — stops it on a 4–6; a model that stops it is struck instead.",
            rulings: &[
                "The line runs between base centres; obstacles are taken in order from the shooter.",
                "A shooter in melee, or blinded, may not shoot; ranges come from the weapon (bow 24\", sling 18\").",
            ],
        },
        Section {
            clause: "Marauders §5 Attacking",
            rule: "Each melee group rolls, for each side, as many d6 as its models' full starting HD. The highest die wins (then the most dice showing it); still tied, both sides strike. The winner rolls its HD again as damage, each die that meets the target's armour removing 1 HD.",
            rulings: &[
                "A group is every model joined to another by enemy contact.",
                "Each winning model splits its own dice among the enemies it touches; you may reassign them.",
                "Armour is hit on 2+ unarmoured, 3+ light, 4+ medium, 5+ heavy.",
            ],
        },
        Section {
            clause: "Marauders §6 Spellcasting",
            rule: "Declared spells go off now, unless the caster was hurt this round.",
            rulings: &[
                "Magic Missile (24\"): damage of 2 HD strength without the shooting penalty.",
                "Sleep (24\"): 2d8 HD of enemies of 4 HD or less within 3\" of a point fall asleep, lowest first.",
                "Light (12\"): the target is blinded for the rest of the battle: one die fewer in melee, and no shooting.",
                "Cure Light Wounds (touch): a model the caster touches gets 1 HD back, up to its starting HD.",
                "Bless (12\"): +1 die for your side in the target's melee next round (it is cast after this round's fights).",
                "A spell whose caster or target is out of action by now is lost, and its slot kept.",
            ],
        },
        Section {
            clause: "Marauders Damage",
            rule: "A model loses HD as damage dice meet its armour; at 0 HD it is out of action.",
            rulings: &["A sleeping model counts as unarmoured until it is hit, which wakes it."],
        },
        Section {
            clause: "Marauders §7 Morale",
            rule: "A side tests its morale on 2d6 against its score when it loses its first model, falls below half its models, or stands alone; rolling over the score breaks it. A broken side flees each round and may rally later.",
            rulings: &[
                "The score is the leader's while the leader stands, else the lowest among the side.",
                "Each trigger tests once; morale 12 never tests, 2 always breaks.",
                "A broken side moves away from the nearest enemy and cannot shoot, cast or charge.",
            ],
        },
    ],
};
