//! The clauses of B/X Borderlands that roll dice or decide outcomes, named after the
//! seed's sections (and RULINGS where the seed is silent).

use crate::Clause;

pub const INITIATIVE: Clause = Clause::new("B/X Initiative: 1d6 per side");
pub const HIT_POINTS: Clause =
    Clause::new("B/X Hit points: a hit die per HD or level, at deployment");
pub const ATTACK: Clause = Clause::new("B/X Rolling to Attack: d20 vs THAC0 - AC");
pub const DAMAGE: Clause = Clause::new("B/X Damage: weapon or attack dice");
pub const COVER_DAMAGE: Clause = Clause::new("B/X Ranged Attacks: near miss hits the cover");
pub const RETREAT_ATTACK: Clause = Clause::new("B/X Retreat: free attack at +2");
pub const DEATH_SAVE: Clause = Clause::new("B/X Saving Throw vs. Death");
pub const FIRST_AID: Clause = Clause::new("B/X First aid: d20 at or under WIS");
pub const SPELL_SAVE: Clause = Clause::new("B/X Magical Effects: save vs spells");
pub const SPELL_EFFECT: Clause = Clause::new("B/X Magical Effects: spell dice");
pub const ONGOING_SAVE: Clause = Clause::new("B/X Your round: saves against ongoing effects");
pub const MORALE: Clause = Clause::new("B/X Morale Details: 2d6 vs morale");
