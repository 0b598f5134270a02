//! §4 Shooting: "Ranged shots act as damage of 1 HD strength, with a penalty of −1 to
//! the damage roll. If moving and shooting, there is an additional penalty of −1. For
//! each obstacle that is shot through, roll a d6. On a 1–3, it avoids the obstacle, on a
//! 4–6, it hits the obstacle instead." Blinded: "ranged attacks are impossible".

use serde::{Deserialize, Serialize};

/// The damage modifier of a shot.
pub fn shot_modifier(moved_this_round: bool) -> i8 {
    shot_modifier_parts(moved_this_round).map(|(m, _)| m).sum()
}

/// The shot's damage modifier term by term, each with its reason in the rules' words:
/// "a penalty of -1 to the damage roll", "if moving and shooting … an additional
/// penalty of -1".
pub fn shot_modifier_parts(moved_this_round: bool) -> impl Iterator<Item = (i8, &'static str)> {
    let moved = moved_this_round.then_some((-1, "moved this round"));
    std::iter::once((-1, "a shot")).chain(moved)
}

/// Whether an obstacle die stops the shot (4–6).
pub fn obstacle_stops(face: u8) -> bool {
    face >= 4
}

/// Why a model may not shoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoShot {
    NoRangedWeapon,
    Blinded,
    Engaged,
    Broken,
    Asleep,
}

impl NoShot {
    pub fn reason(self) -> &'static str {
        match self {
            NoShot::NoRangedWeapon => "it has no ranged weapon",
            NoShot::Blinded => "a blinded model cannot shoot",
            NoShot::Engaged => "it is engaged in melee",
            NoShot::Broken => "its side is broken",
            NoShot::Asleep => "it is asleep",
        }
    }
}

/// The state of a would-be shooter, as plain facts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shooter {
    pub has_ranged_weapon: bool,
    pub blinded: bool,
    pub engaged: bool,
    pub broken: bool,
    pub asleep: bool,
}

pub fn may_shoot(s: Shooter) -> Result<(), NoShot> {
    if !s.has_ranged_weapon {
        Err(NoShot::NoRangedWeapon)
    } else if s.asleep {
        Err(NoShot::Asleep)
    } else if s.blinded {
        Err(NoShot::Blinded)
    } else if s.engaged {
        Err(NoShot::Engaged)
    } else if s.broken {
        Err(NoShot::Broken)
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn penalties() {
        assert_eq!(shot_modifier(false), -1);
        assert_eq!(shot_modifier(true), -2);
        let said: Vec<_> = shot_modifier_parts(true).collect();
        assert_eq!(said, [(-1, "a shot"), (-1, "moved this round")]);
        assert_eq!(shot_modifier_parts(false).count(), 1);
    }

    #[test]
    fn obstacle_four_to_six_stops() {
        assert_eq!(
            (1..=6).map(obstacle_stops).collect::<Vec<_>>(),
            [false, false, false, true, true, true]
        );
    }

    #[test]
    fn who_may_shoot() {
        let archer = Shooter {
            has_ranged_weapon: true,
            ..Shooter::default()
        };
        assert_eq!(may_shoot(archer), Ok(()));
        assert_eq!(
            may_shoot(Shooter {
                blinded: true,
                ..archer
            }),
            Err(NoShot::Blinded)
        );
        assert_eq!(
            may_shoot(Shooter {
                engaged: true,
                ..archer
            }),
            Err(NoShot::Engaged)
        );
        assert_eq!(
            may_shoot(Shooter {
                broken: true,
                ..archer
            }),
            Err(NoShot::Broken)
        );
        assert_eq!(may_shoot(Shooter::default()), Err(NoShot::NoRangedWeapon));
    }
}
