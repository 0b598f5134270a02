//! `random`: a uniformly random legal command among activations, defending, moves of
//! random length each way, pivots, volleys, fights, spells, passing and being done.

use super::open;
use crate::actions::{
    check_activate, check_fight, check_magic, check_move, check_shot, check_turn,
};
use crate::battle::in_play;
use crate::command::Command;
use crate::engine::{Engine, ToySoldier};
use warband_rules::Side;
use warband_rules::toy_soldier::{Spell, Step};
use warband_table::player::{Chooser, Policy};

pub struct Random {
    dice: Chooser,
}

impl Random {
    pub fn new(seed: u64) -> Self {
        Self {
            dice: Chooser::new(seed),
        }
    }

    fn unit(&mut self) -> f32 {
        self.dice.fraction()
    }
}

impl Policy<ToySoldier> for Random {
    fn next(&mut self, engine: &mut Engine, side: Side) -> Option<Command> {
        let world = engine.world();
        let mut options = Vec::new();
        let Some((v, a)) = open(world, side) else {
            options.extend(
                in_play(world)
                    .iter()
                    .filter(|u| check_activate(world, side, u.id).is_ok())
                    .map(|u| Command::Activate { unit: u.id }),
            );
            options.push(Command::Done);
            return self.dice.pick(options);
        };
        options.push(Command::Pass);
        if v.marks.danger > 0 {
            options.push(Command::Defend);
        }
        for step in Step::ALL {
            let inches = 1.0 + self.unit() * 5.0;
            if check_move(world, &v, &a, step, inches).is_ok() {
                options.push(Command::Move { step, inches });
            }
        }
        let degrees = (self.unit() - 0.5) * 180.0;
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
                let sure = self.unit() < 0.5;
                if check_magic(world, &v, &a, t.id, spell, sure).is_ok() {
                    options.push(Command::Magic {
                        target: t.id,
                        spell,
                        sure,
                    });
                }
            }
        }
        self.dice.pick(options)
    }
}
