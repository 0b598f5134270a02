//! The moves a battle made before its table was drawn: a save played on, a replay moved
//! along its timeline. The table draws their arrows as if it had watched them glide.

use super::GameSession;
use crate::game::trails::Leg;
use bevy::prelude::*;
use std::collections::HashMap;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::engine::Engine;
use warband_table::sim::Contest;

/// A model that stands elsewhere after a command: where from and to, and the round the
/// battle was in after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    pub id: ModelId,
    pub side: Side,
    pub leg: Leg,
    pub round: u32,
}

/// Where each model of `world` stands (the table's own bases: any ruleset).
pub(super) fn stands(world: &World) -> HashMap<ModelId, Vec2> {
    crate::game::minis::table_models(world)
        .map(|(_, id, _, base)| (id, base.center))
        .collect()
}

/// The moves the commands `play` plays on `engine` make, one command at a time
/// (`play(engine, i)` for each `i` of `commands`). Deployment makes none.
pub fn moves_of<R: Contest>(
    engine: &mut Engine<R>,
    commands: std::ops::Range<usize>,
    mut play: impl FnMut(&mut Engine<R>, usize),
) -> Vec<Moved> {
    let mut moves = Vec::new();
    for i in commands {
        if engine.deploying().is_some() {
            play(engine, i);
            continue;
        }
        let before = stands(engine.world());
        play(engine, i);
        if engine.deploying().is_some() {
            continue;
        }
        let round = R::round(engine.world());
        let world = engine.world();
        for (_, id, side, base) in crate::game::minis::table_models(world) {
            match before.get(&id) {
                Some(from) if *from != base.center => moves.push(Moved {
                    id,
                    side,
                    leg: (*from, base.center),
                    round,
                }),
                _ => {}
            }
        }
    }
    moves
}

/// The most model places a seek compares to find its round's moves (commands times
/// models): a few milliseconds.
const MOVES_READ: usize = 100_000;

impl<R: Contest> GameSession<R> {
    /// The moves of the round a replay stands in, up to where it stands.
    pub(super) fn replayed_moves(&self) -> Vec<Moved> {
        let (Some(t), Some((at, _))) = (&self.timeline, self.replay_at()) else {
            return Vec::new();
        };
        let start = t.round_start(R::round(self.engine.world())).min(at);
        // A seek runs each frame the timeline's slider is dragged: a round too long to
        // read again at once (the great field's thousand models) is drawn without them.
        let models = crate::game::minis::table_models(self.engine.world()).count();
        if (at - start) * models > MOVES_READ {
            return Vec::new();
        }
        let mut engine = t.at(start);
        moves_of(&mut engine, start..at, |e, i| t.play(e, i))
    }
}

/// A battle's commands played one by one on `engine` (a save played on), keeping the
/// battle where its last round began: the moves of that round, to draw as arrows.
pub struct RoundKeeper<R: Contest> {
    start: Option<(usize, Engine<R>)>,
    round: Option<u32>,
}

impl<R: Contest> Default for RoundKeeper<R> {
    fn default() -> Self {
        Self {
            start: None,
            round: None,
        }
    }
}

impl<R: Contest> RoundKeeper<R> {
    /// `engine` stands after its first `done` commands: where a new round began, it is
    /// kept.
    pub fn note(&mut self, engine: &Engine<R>, done: usize) {
        let round = R::round(engine.world());
        if self.round.replace(round) != Some(round) {
            self.start = Some((done, engine.snapshot()));
        }
    }

    /// The moves of the last round, `commands` played again from where it began, each
    /// with its dice drawn as `salt` says (a network battle's salts).
    pub fn moves(
        self,
        commands: &[(Side, R::Command)],
        salt: impl Fn(&mut Engine<R>, usize),
    ) -> Vec<Moved> {
        let Some((from, mut engine)) = self.start else {
            return Vec::new();
        };
        moves_of(&mut engine, from..commands.len(), |e, i| {
            salt(e, i);
            let (side, command) = &commands[i];
            let _ = e.submit(*side, command.clone());
        })
    }
}
