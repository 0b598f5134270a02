//! `random`: a uniformly random legal command among activations, defending, moves of
//! random length each way, pivots, volleys, fights, spells, passing, and ending the turn
//! once the other side has run out of tokens.

use super::open;
use crate::actions::{
    check_activate, check_fight, check_magic, check_move, check_shot, check_turn,
};
use crate::battle::in_play;
use crate::command::Command;
use crate::engine::ToySoldier;
use crate::turn::check_done;
use bevy_ecs::world::World;
use warband_rules::Side;
use warband_rules::toy_soldier::{Spell, Step};
use warband_table::player::{Candidates, Chooser, RandomPlayer};

/// `random` draws from these.
pub type Random = RandomPlayer;

impl Candidates for ToySoldier {
    fn candidates(world: &World, side: Side, dice: &mut Chooser) -> Vec<Command> {
        let mut options = Vec::new();
        let Some((v, a)) = open(world, side) else {
            options.extend(
                in_play(world)
                    .iter()
                    .filter(|u| check_activate(world, side, u.id).is_ok())
                    .map(|u| Command::Activate { unit: u.id }),
            );
            if check_done(world, side).is_ok() {
                options.push(Command::Done);
            }
            return options;
        };
        options.push(Command::Pass);
        if v.marks.danger > 0 {
            options.push(Command::Defend);
        }
        for step in Step::ALL {
            let inches = 1.0 + dice.fraction() * 5.0;
            if check_move(world, &v, &a, step, inches).is_ok() {
                options.push(Command::Move { step, inches });
            }
        }
        let degrees = (dice.fraction() - 0.5) * 180.0;
        if check_turn(world, &v, &a, degrees).is_ok() {
            options.push(Command::Pivot { degrees });
        }
        for t in in_play(world) {
            if check_shot(world, &v, &a, t.id, a.ap).is_ok() {
                options.push(Command::Shoot {
                    target: t.id,
                    ap: a.ap,
                });
            }
            if check_fight(world, &v, &a, t.id).is_ok() {
                options.push(Command::Fight { target: t.id });
            }
            for spell in [Spell::Heal, Spell::Curse] {
                let sure = dice.fraction() < 0.5;
                if check_magic(world, &v, &a, t.id, spell, sure).is_ok() {
                    options.push(Command::Magic {
                        target: t.id,
                        spell,
                        sure,
                    });
                }
            }
        }
        options
    }
}
