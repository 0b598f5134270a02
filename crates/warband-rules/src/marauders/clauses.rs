//! The clauses of Marauders that roll dice or decide outcomes. Each one names its section
//! of the seed text so that the dice tray and the log can say why a die was rolled.

use crate::Clause;

pub const DECLARE_SPELLS: Clause = Clause::new("Marauders §1 Declare spells");
pub const INITIATIVE: Clause = Clause::new("Marauders §2 Initiative: d6 per side");
pub const MOVEMENT: Clause = Clause::new("Marauders §3 Movement");
pub const DISENGAGE: Clause = Clause::new("Marauders §3 Disengaging: 1 HD from each enemy");
pub const SHOOT_OBSTACLE: Clause = Clause::new("Marauders §4 Shooting: obstacle, 4-6 stops");
pub const SHOOT_DAMAGE: Clause =
    Clause::new("Marauders §4 Shooting: 1 HD strength, -1 (-2 after moving)");
pub const SHOOT_INTO_MELEE: Clause = Clause::new("Marauders §4 Shooting into melee: random target");
pub const OBSTACLE_DAMAGE: Clause = Clause::new("Marauders §4 Shooting: model obstacle damaged");
pub const MELEE_CONTEST: Clause = Clause::new("Marauders §5 Attacking: highest d6 wins");
pub const MELEE_DAMAGE: Clause = Clause::new("Marauders §5 Attacking: damage at full initial HD");
pub const SPELLCASTING: Clause = Clause::new("Marauders §6 Spellcasting");
pub const DAMAGE: Clause = Clause::new("Marauders Damage: d6 vs armour");
/// §7 says "follow morale as per RPG ruleset": B/X's 2d6 against the morale score
/// ([`crate::morale`]), named here as the tray shows it beside Marauders' other rolls.
pub const MORALE_CHECK: Clause = Clause::new("Marauders §7 Morale (as B/X): 2d6 vs morale score");
pub const MORALE_RALLY: Clause = Clause::new("Marauders §7 Morale (as B/X): rally on 2d6 <= score");
