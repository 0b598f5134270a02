//! The clauses of Simple Toy Soldier fantasy that roll dice or decide outcomes, named
//! after the seed's paragraphs (and RULINGS where the seed is silent).

use crate::Clause;

pub const ROLL_OFF: Clause = Clause::new("Toy Soldier Turn: roll off for the first activation");
pub const ACTIVATION: Clause = Clause::new("Toy Soldier Activation: AP on the activation die");
pub const SHOT_REMAINDER: Clause =
    Clause::new("Toy Soldier Shooting: the remainder of halved danger on a d6");
pub const MELEE: Clause = Clause::new("Toy Soldier Melee: each rolls its activation die");
pub const MAGIC: Clause = Clause::new("Toy Soldier Magic: 1 AP on a d6, 4+ works, 1 hurts");
pub const MORALE: Clause = Clause::new("Toy Soldier Morale: morale die vs damage so far");
