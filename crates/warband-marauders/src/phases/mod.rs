//! The phase state machine: declare spells → initiative → movement → shooting →
//! attacking → spellcasting → morale → next round. One file per phase; each registers
//! what happens on entering it and validates the commands it takes.

mod allocation;
mod attacking;
mod blessings;
mod declare;
mod disengage;
mod flee;
mod initiative;
mod morale;
mod movement;
mod shooting;
mod spellcasting;
pub use flee::FLED_OFF;
pub use spellcasting::sleep_candidates;

pub use allocation::{allocation_problem, auto_allocation};
pub use attacking::{
    Fought, PendingStrike, Strike, contest_dice, fight_dice, open_groups, own_dice, strike_waiting,
};
pub use blessings::bless_bonus;
pub use declare::check_aim;
pub use disengage::{
    check_leaving, check_may_move, disengage_need, disengage_odds, leaver_strikers,
};
pub use movement::{
    Undoable, charge_threats, check_mobile, group_if_at, may_still_charge, move_preview,
    move_refusal, mover_along, mover_among, undoable_move,
};
pub use shooting::{
    NoLine, check_shot, may_shoot_now, melee_group_of, next_round_obstacles,
    obstacles_on_line_among, plan_shot, shot_allowed, shot_allowed_as, shot_chances,
    shot_chances_each, shot_line, sighted_line_among,
};

use crate::battle::Battle;
use crate::command::{Command, Refusal, refuse};
use bevy_app::App;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use serde::{Deserialize, Serialize};
use warband_rules::Side;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Models are on the table; the battle has not begun.
    #[default]
    Deploy,
    DeclareSpells,
    Initiative,
    Movement,
    Shooting,
    Attacking,
    Spellcasting,
    Morale,
    /// The battle is over.
    Over,
}

impl Phase {
    /// The phases whose first side the priority holder chooses.
    pub const ORDERED: [Phase; 5] = [
        Phase::Movement,
        Phase::Shooting,
        Phase::Attacking,
        Phase::Spellcasting,
        Phase::Morale,
    ];

    pub fn next(self) -> Phase {
        match self {
            Phase::Deploy | Phase::Morale => Phase::DeclareSpells,
            Phase::DeclareSpells => Phase::Initiative,
            Phase::Initiative => Phase::Movement,
            Phase::Movement => Phase::Shooting,
            Phase::Shooting => Phase::Attacking,
            Phase::Attacking => Phase::Spellcasting,
            Phase::Spellcasting => Phase::Morale,
            Phase::Over => Phase::Over,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Phase>();
    app.add_plugins((
        declare::plugin,
        initiative::plugin,
        movement::plugin,
        shooting::plugin,
        attacking::plugin,
        spellcasting::plugin,
        morale::plugin,
    ));
}

pub fn current(world: &World) -> Phase {
    *world.resource::<State<Phase>>().get()
}

/// The side whose command the battle is waiting for, if any.
pub fn awaiting(world: &World) -> Option<Side> {
    let phase = current(world);
    if matches!(phase, Phase::Deploy | Phase::Over)
        || world.resource::<NextState<Phase>>().is_pending()
    {
        return None;
    }
    let battle = world.resource::<Battle>();
    if battle.outcome.is_some() {
        return None;
    }
    // A fight waiting for its winner's split is answered before anything else.
    if phase == Phase::Attacking {
        return attacking::strike_waiting(world).or(battle.turn.acting);
    }
    battle.turn.acting
}

trait Pending {
    fn is_pending(&self) -> bool;
}

impl Pending for NextState<Phase> {
    fn is_pending(&self) -> bool {
        !matches!(self, NextState::Unchanged)
    }
}

/// Validates and applies one command from `side`.
pub fn apply(world: &mut World, side: Side, command: &Command) -> Result<(), Refusal> {
    let phase = current(world);
    if world.resource::<Battle>().outcome.is_some() || phase == Phase::Over {
        return warband_table::refuse_as(
            warband_table::RefusalKind::OutOfTurn,
            "the battle is over",
        );
    }
    match awaiting(world) {
        Some(s) if s == side => {}
        Some(s) => {
            return warband_table::refuse_as(
                warband_table::RefusalKind::OutOfTurn,
                format!("it is {s}'s turn to act in {phase:?}"),
            );
        }
        None => {
            return warband_table::refuse_as(
                warband_table::RefusalKind::OutOfTurn,
                format!("no side acts in {phase:?} now"),
            );
        }
    }
    match (phase, command) {
        (_, Command::EndPhase) => {
            end_phase_for(world, phase, side);
            Ok(())
        }
        (Phase::DeclareSpells, Command::DeclareSpell { caster, spell, aim }) => {
            declare::declare(world, side, *caster, spell, *aim)
        }
        (Phase::Initiative, Command::ChooseOrder { first }) => {
            initiative::choose_order(world, side, first)
        }
        (Phase::Movement, Command::Move { model, to }) => {
            movement::move_model(world, side, *model, *to)
        }
        (Phase::Movement, Command::UndoMove { model }) => movement::undo_move(world, side, *model),
        (Phase::Movement, Command::Disengage { model, to }) => {
            disengage::disengage(world, side, *model, *to)
        }
        (Phase::Shooting, Command::Shoot { model, target }) => {
            shooting::shoot(world, side, *model, *target)
        }
        (Phase::Attacking, Command::ResolveMelee { model, allocation }) => {
            attacking::resolve_command(world, side, *model, allocation.as_deref())
        }
        (Phase::Attacking, Command::AllocateDamage { allocation }) => {
            attacking::allocate_command(world, side, allocation.as_deref())
        }
        (phase, command) => refuse(format!(
            "{} is not allowed in {phase:?}",
            command_name(command)
        )),
    }
}

fn command_name(c: &Command) -> &'static str {
    match c {
        Command::DeclareSpell { .. } => "declaring a spell",
        Command::ChooseOrder { .. } => "choosing the phase order",
        Command::Move { .. } => "moving",
        Command::Disengage { .. } => "disengaging",
        Command::UndoMove { .. } => "taking back a move",
        Command::Shoot { .. } => "shooting",
        Command::ResolveMelee { .. } => "resolving a melee",
        Command::AllocateDamage { .. } => "splitting damage dice",
        Command::EndPhase => "ending the phase",
        Command::Deploy(_) => "deploying",
    }
}

fn end_phase_for(world: &mut World, phase: Phase, side: Side) {
    match phase {
        Phase::Initiative => initiative::default_order(world, side),
        Phase::Attacking if attacking::strike_waiting(world).is_some() => {
            attacking::auto_answer(world, side)
        }
        Phase::Attacking => attacking::resolve_all(world),
        Phase::Movement => {
            // Nothing a side did in this phase can be taken back once it has ended.
            world.resource_mut::<Undoable>().0.clear();
            finish_side(world, side);
        }
        _ => finish_side(world, side),
    }
}

/// Marks `side` done in the current phase; hands the turn to the other side, or moves
/// to the next phase when both are done.
pub(crate) fn finish_side(world: &mut World, side: Side) {
    let phase = current(world);
    let other = {
        let mut battle = world.resource_mut::<Battle>();
        battle.turn.done[side.index()] = true;
        let other = side.other();
        if battle.turn.done[other.index()] {
            battle.turn.acting = None;
            None
        } else {
            battle.turn.acting = Some(other);
            Some(other)
        }
    };
    match other {
        Some(other) => begin_side_turn(world, phase, other),
        // Both sides broken: the fights still in contact are fought all the same.
        None if phase == Phase::Attacking => attacking::resolve_all(world),
        None => go_next(world, phase.next()),
    }
}

/// Logs the start of a phase.
pub(crate) fn log_start(world: &mut World, phase: Phase) {
    world
        .resource_mut::<crate::log::BattleLog>()
        .push(crate::log::LogEvent::PhaseStarted { phase });
}

/// Starts a phase whose first side the priority holder chose, and hands it the turn.
pub(crate) fn start_in_order(world: &mut World, phase: Phase) {
    log_start(world, phase);
    let first = world.resource::<Battle>().first_in(phase);
    begin_turns(world, phase, first);
}

/// Starts a phase in which each side acts in turn, first side first.
pub(crate) fn begin_turns(world: &mut World, phase: Phase, first: Side) {
    {
        let mut battle = world.resource_mut::<Battle>();
        battle.turn.done = [false; 2];
        battle.turn.acting = Some(first);
    }
    begin_side_turn(world, phase, first);
}

/// A broken side has nothing to choose: it flees in movement and skips the rest.
fn begin_side_turn(world: &mut World, phase: Phase, side: Side) {
    if world.resource::<Battle>().outcome.is_some() {
        go_next(world, Phase::Over);
        return;
    }
    if !world.resource::<Battle>().side(side).broken {
        return;
    }
    if phase == Phase::Movement {
        flee::flee(world, side);
    }
    finish_side(world, side);
}

/// Asks for the next phase (or the end, once there is an outcome).
pub(crate) fn go_next(world: &mut World, next: Phase) {
    let next = if world.resource::<Battle>().outcome.is_some() {
        Phase::Over
    } else {
        next
    };
    world.resource_mut::<NextState<Phase>>().set(next);
}
