//! `random`: each model takes a uniformly random legal action among hold, moves to
//! random points, melee, shots, spells and first aid.

use super::{ready, run_away};
use crate::actions::{check_first_aid, check_melee, check_move_to, check_shot};
use crate::battle::in_play;
use crate::command::Command;
use crate::engine::Borderlands;
use crate::spells::check_cast;
use bevy_ecs::world::World;
use bevy_math::Vec2;
use warband_rules::Side;
use warband_table::player::{Candidates, Chooser, RandomPlayer};

/// `random` draws from these.
pub type Random = RandomPlayer;

impl Candidates for Borderlands {
    fn candidates(world: &World, side: Side, dice: &mut Chooser) -> Vec<Command> {
        let Some(v) = ready(world, side).into_iter().next() else {
            return Vec::new();
        };
        let mut options = vec![Command::Hold { model: v.id }];
        for t in in_play(world) {
            let (m, id) = (v.id, t.id);
            if check_melee(world, side, m, id).is_ok() {
                options.push(Command::Melee {
                    model: m,
                    target: id,
                });
            }
            if check_shot(world, side, m, id).is_ok() {
                options.push(Command::Shoot {
                    model: m,
                    target: id,
                });
            }
            if check_first_aid(world, side, m, id).is_ok() {
                options.push(Command::FirstAid {
                    model: m,
                    target: id,
                });
            }
            for s in v.stats.spells.iter().copied() {
                if check_cast(world, side, m, s, id).is_ok() {
                    options.push(Command::Cast {
                        model: m,
                        spell: s,
                        target: id,
                    });
                }
            }
        }
        for _ in 0..4 {
            let angle = dice.fraction() * std::f32::consts::TAU;
            let to =
                v.base.center + Vec2::from_angle(angle) * v.stats.move_inches * dice.fraction();
            if check_move_to(world, side, v.id, to).is_ok() {
                options.push(Command::Move {
                    model: v.id,
                    to: to.into(),
                });
            }
        }
        options.extend(run_away(world, &v, dice.fraction() < 0.5));
        options
    }
}
