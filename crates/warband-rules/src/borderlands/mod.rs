//! B/X "Borderlands" combat (seeds/borderlands-bx-combat.txt and the B/X part of
//! RULINGS): group initiative, THAC0 against descending AC, damage expressions, cover,
//! the 4-to-1 limit, saving throws, death saves and first aid, 2d6 morale, spells.
//! Pure functions of plain values; the engine crate calls them.

pub mod attack;
pub mod clauses;
pub mod damage;
pub mod profile;
pub mod rules;
pub mod tables;

pub use attack::{AttackOdds, Swing, attack_odds, judge, needed, swing_odds};
pub use damage::DamageExpr;
pub use tables::{
    Class, MAX_HERO_LEVEL, MonsterHd, SaveAs, SaveKind, ability_modifier, save_chance,
};
