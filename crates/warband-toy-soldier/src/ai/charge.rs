//! `charge`: activates each unit once a turn in id order; it defends its danger, fights
//! what it touches, shoots the nearest it can, else turns to the nearest enemy and
//! marches straight at it.

use super::{Steps, activatable, advance, enemies_by_distance, face, open, sidestep};
use crate::actions::{check_fight, check_shot, could_fight, could_shoot};
use crate::command::Command;
use crate::engine::{Engine, ToySoldier};
use warband_rules::Side;
use warband_table::player::Policy;

pub struct Charge;

impl Policy<ToySoldier> for Charge {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let world = engine.world();
        let Some((v, a)) = open(world, side) else {
            let fresh = activatable(world, side)
                .into_iter()
                .find(|u| u.spent == 0)?;
            return Some(Command::Activate { unit: fresh.id });
        };
        if v.marks.danger > 0 {
            return Some(Command::Defend);
        }
        let foes = enemies_by_distance(world, &v);
        if let Some(t) = foes
            .iter()
            .find(|t| could_fight(&v, t) && check_fight(world, &v, &a, t.id).is_ok())
        {
            return Some(Command::Fight { target: t.id });
        }
        if let Some(t) = foes
            .iter()
            .find(|t| could_shoot(&v, t) && check_shot(world, &v, &a, t.id, a.ap).is_ok())
        {
            return Some(Command::Shoot {
                target: t.id,
                ap: a.ap,
            });
        }
        let t = foes.first()?;
        face(world, &v, &a, t, 20.0)
            .or_else(|| advance(world, &v, &a, t, 0, 0.0))
            .or_else(|| sidestep(world, &v, &a, t, &Steps::default(), &|_| true))
            .or(Some(Command::Pass))
    }
}
