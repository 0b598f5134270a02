//! The computer's side of a session: its players (or a replay) acting at the watch
//! pace, a frame's thinking kept short, and what each command costs of the pace.

use super::{FRAME_THINKING, GameSession, LOOK, WAVE};
use bevy::prelude::Has;
use std::time::Duration;
use warband_table::sim::Contest;

impl<R: Contest> GameSession<R> {
    /// Lets computer players (or the replay) act for the time that has passed; in a
    /// network battle, plays what the host has committed. While a miniature still glides
    /// (`gliding`) the pace waits, so that the next command never runs ahead of it.
    pub fn advance(&mut self, dt: Duration, gliding: bool) {
        if let Some(net) = &mut self.net {
            if !net.looking_back {
                // A spectator watches at the watch pace; a player sees each command at once.
                let shown = if net.seat().is_none() {
                    self.pace.allow(dt).max(net.saved_unshown())
                } else {
                    usize::MAX
                };
                self.advance_net(shown);
                return;
            }
            // Looking back: the timeline plays at the watch pace; the host is still heard.
            net.poll();
        }
        if self.pace.skip {
            // To the end as fast as it goes, in slices of a few frames' thinking so the
            // window keeps drawing (a `hard` battle takes seconds).
            let started = std::time::Instant::now();
            while started.elapsed() < 4 * FRAME_THINKING {
                if !self.computer_step() {
                    self.pace.skip = false;
                    break;
                }
            }
            return;
        }
        if self.pace.step {
            self.pace.step = false;
            self.computer_step();
            return;
        }
        if self.pace.paused || gliding {
            return;
        }
        self.pace.owe(dt);
        // A frame thinks for at most FRAME_THINKING: at a high pace, or with a `hard`
        // player weighing its moves, what is owed waits for the next frame rather than
        // freezing the window.
        let started = std::time::Instant::now();
        while self.pace.owed >= 1.0 && started.elapsed() < FRAME_THINKING {
            let before = self.engine.log().events.len();
            if !self.computer_step() {
                self.pace.owed = 0.0;
                break;
            }
            self.pace.owed -= self.pace_of(before);
        }
    }

    /// What a command just played costs of the pace: a whole step if it rolled a die
    /// (two, [`LOOK`], before a person),
    /// else a wave's share — a side of many models moves them many a frame (the great
    /// field's 500 a side move in 20 steps, not 500), a side of at most [`WAVE`] one a
    /// step as before.
    pub(super) fn pace_of(&self, log_from: usize) -> f32 {
        let events = &self.engine.log().events;
        let played = &events[log_from.min(events.len())..];
        if self.rolled_since(log_from) {
            // A person at this machine reads the dice of the computer's shot or fight
            // against them, and the odds of the next, before it comes.
            return if self.own_side().is_some() { LOOK } else { 1.0 };
        }
        let Some(side) = played.iter().find_map(|e| match e {
            warband_table::log::Entry::Accepted { side, .. } => Some(*side),
            _ => None,
        }) else {
            return 1.0;
        };
        let world = self.engine.world();
        let mut q = world.try_query::<(
            &warband_table::components::Team,
            Has<warband_table::components::OutOfAction>,
        )>();
        let models = q.as_mut().map_or(0, |q| {
            q.iter(world).filter(|(t, out)| t.0 == side && !out).count()
        });
        (WAVE / models.max(1) as f32).min(1.0)
    }

    /// One command from the replay or the computer whose turn it is; false if none.
    pub(crate) fn computer_step(&mut self) -> bool {
        if let Some(queue) = &mut self.replay {
            let Some((side, command)) = queue.pop() else {
                return false;
            };
            let played = self
                .timeline
                .as_ref()
                .map(|t| (t, t.len() - queue.len() - 1));
            if let Some((t, i)) = played {
                t.salt_dice(&mut self.engine, i);
            }
            let _ = self.send(side, command);
            self.conclude_replay();
            return true;
        }
        let Some(side) = self.engine.awaiting() else {
            return false;
        };
        let Some(mut player) = self.players[side.index()].take() else {
            return false;
        };
        let command = warband_table::player::next_command(player.as_mut(), &self.engine, side);
        self.players[side.index()] = Some(player);
        if self.submit(side, command).is_err() {
            let fallback = self.engine.yield_command(side);
            if self.submit(side, fallback).is_err() {
                // Stuck even so (a bug, logged as refusals): the computer stops rather
                // than trying again every frame.
                self.players[side.index()] = None;
                return false;
            }
        }
        true
    }
}
