//! Marauders (seeds/marauders.txt, read with shared/RULINGS.md): an OSR hit-dice
//! skirmish in seven phases. Each function here is one clause, over plain values.

pub mod armour;
pub mod clauses;
pub mod damage;
pub mod engagement;
pub mod initiative;
pub mod melee;
pub mod odds;
pub mod points;
pub mod profile;
pub mod shooting;
pub mod spells;

pub use armour::Armour;
pub use initiative::{Initiative, initiative};
pub use melee::{MeleeOutcome, melee_contest, melee_dice};
pub use odds::{MeleeOdds, ShotOdds, damage_distribution, melee_odds, shot_odds};
pub use profile::{Profile, RangedWeapon};
