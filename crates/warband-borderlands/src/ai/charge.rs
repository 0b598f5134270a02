//! `charge`: every model fights what it touches (the weakest), else shoots the nearest,
//! else advances on the nearest enemy it may reach (going round a crowd in the way where
//! it can reach none). Never casts, never withdraws.

use super::{advance_or_detour, enemies_by_distance, melee_on, ready, shot_on};
use crate::command::Command;
use crate::engine::{Borderlands, Engine};
use warband_rules::Side;
use warband_table::player::Policy;

pub struct Charge;

impl Policy<Borderlands> for Charge {
    fn next(&mut self, engine: &Engine, side: Side) -> Option<Command> {
        let world = engine.world();
        let v = ready(world, side).into_iter().next()?;
        let nearest = |t: &crate::battle::View| -f64::from(t.base.center.distance(v.base.center));
        melee_on(world, &v, |t| -f64::from(t.hp.now))
            .or_else(|| shot_on(world, &v, |t, _| nearest(t)))
            .or_else(|| advance_or_detour(world, &v, enemies_by_distance(world, &v).iter()))
            .or(Some(Command::Hold { model: v.id }))
    }
}
