//! The battle being played on screen, for any ruleset: the headless engine, who
//! controls each side, and everything the screen needs to remember between frames. The
//! engine is a Bevy App of its own (the battle crate owns its world), so it lives here as
//! a non-send resource `GameSession<R>`; the screen reads it and changes it only by
//! submitting the ruleset's commands.

pub use super::controller::Controller;

use bevy::prelude::*;
use std::time::Duration;
use warband_rules::Side;
use warband_table::Refusal;
use warband_table::engine::Engine;
use warband_table::player::Policy;
use warband_table::salts::Salts;
use warband_table::sim::Contest;
use warband_table::timeline::Timeline;

mod computer;
mod launch;
mod layout;
mod moves;
pub use moves::RoundKeeper;
mod pace;
pub mod part;
mod replay;
mod saving;
mod seats;

pub use launch::{Launch, OnTable, PendingBattle, Starter, put_on_table};
pub use layout::{TableLayout, layout};
pub use moves::Moved;
pub use pace::Pace;

/// The longest a frame spends on computer players' commands before it is drawn.
pub const FRAME_THINKING: Duration = Duration::from_millis(25);

/// A side of up to this many models plays its plain commands (no die rolled) one a
/// step of the pace; a larger side plays them in waves of its size over this.
pub const WAVE: f32 = 25.0;

/// What a computer's command that rolled dice costs of the pace, in steps, where a
/// person plays the other side: a second at 1×, where a spectator's is half that.
pub const LOOK: f32 = 2.0;

/// The battle on screen, of ruleset `R`.
pub struct GameSession<R: Contest> {
    pub engine: Engine<R>,
    pub setup: R::Setup,
    pub seed: u64,
    pub controllers: [Controller; 2],
    players: [Option<Box<dyn Policy<R>>>; 2],
    /// Every command sent, accepted or refused, for saves and replays.
    pub commands: Vec<(Side, R::Command)>,
    pub last_refusal: Option<String>,
    /// How many refusals the table has said: the same words said again are a new one.
    pub refusals: u32,
    /// Where the latest roll starts in the log: the dice tray shows what follows.
    pub roll_start: usize,
    /// The entries of the latest roll of the side a person plays here, the engine (its
    /// count of remakes) that logged them and the round: the tray keeps them while
    /// another side's roll follows, in that round.
    own_roll: Option<(u32, u32, std::ops::Range<usize>)>,
    /// Where the other side's answer to the person's last action began to roll (the
    /// engine's count of remakes, and the log's entry): the tray shows all of it, not
    /// only its last roll (a play-tester missed the shot that slew a caster, three
    /// shots before the last).
    answer_from: Option<(u32, usize)>,
    pub pace: Pace,
    /// Replaying a finished battle: no one may act, the log plays back.
    pub replay: Option<Vec<(Side, R::Command)>>,
    /// A replay's whole battle, to move back and forth through.
    pub timeline: Option<Timeline<R>>,
    /// Asked from a replay: a new battle from where the replay stands, with these
    /// controllers (the battle screen starts it).
    pub play_on: Option<[Controller; 2]>,
    /// A network battle's link to its host: the engine then plays only what the host
    /// commits, and your commands are proposed to it.
    pub net: Option<crate::game::net::NetPlay<R>>,
    /// How many times the engine was made again (a seek along the timeline, a network
    /// resync): what was read from the old one (the log's words) is read again.
    pub remade: u32,
    /// How many commands the battle had when it was last saved from its top bar: with
    /// none since, leaving it asks nothing.
    pub saved_at: Option<usize>,
    /// What the table said last that is not about a command ("Saved as …", "No fights
    /// this round …"): the dice tray shows it a few seconds.
    pub notice: Option<part::Notice>,
    /// Why a replay is not the battle saved (it does not end in the saved state), if so.
    pub replay_differs: Option<String>,
    /// Who played the battle a replay shows, as its save said: its saves say so too.
    pub replayed_by: Option<[Option<warband_table::player::PlayerKind>; 2]>,
    /// Who played the battle before it was played on with other players (a save's
    /// `earlier`): the round each pair played until, oldest first.
    pub earlier: Vec<(u32, [Option<warband_table::player::PlayerKind>; 2])>,
    /// Asked from a replay's end: show the result now.
    pub to_result: bool,
    /// A question stands over the table (leave the battle?): no key reaches the table
    /// behind it.
    pub asking: bool,
    /// When the part awaited of a person began: Space does not end it at once.
    part: part::Part<R::Phase>,
    /// The moves of this round made before the table was first drawn (a save played
    /// on, a replay moved along its timeline): drawn as arrows as if watched.
    pub moved_before: Vec<Moved>,
    /// A network battle begun with its commands so far, until they are all played: where
    /// its rounds began.
    pub catching_up: Option<RoundKeeper<R>>,
    /// The dice salts of a network battle saved, then played on here: its saved
    /// commands' and each command's played here, so its saves keep them.
    pub salts: Salts,
    /// The ending agreed at this table rather than played out (a concession): its save
    /// keeps it, so the replay ends as the battle did.
    pub agreed: Option<warband_table::engine::Outcome>,
    /// This session's own number in this run of the game: what is kept for one battle
    /// (a draft of a split) is kept under it, never found again by another battle of
    /// the same seed.
    pub serial: u64,
}

/// The sessions opened so far in this run.
static SESSIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl<R: Contest> GameSession<R> {
    /// Where model `id` stands in the battle (any ruleset: the table's own `Base`).
    pub fn base_of(
        &self,
        id: warband_table::components::ModelId,
    ) -> Option<warband_table::geometry::Placed> {
        let world = self.engine.world();
        let e = world
            .resource::<warband_table::engine::ModelIndex>()
            .entity(id)?;
        world.get::<warband_table::components::Base>(e).map(|b| b.0)
    }

    /// The battle as a frame draws its miniatures.
    pub fn drawn(&self) -> crate::game::minis::Drawn<'_> {
        crate::game::minis::Drawn {
            world: self.engine.world(),
            serial: self.serial,
            remade: self.remade,
            round: R::round(self.engine.world()),
            deploying: self.engine.deploying().is_some(),
            moved_before: &self.moved_before,
        }
    }

    pub fn new(setup: R::Setup, seed: u64, controllers: [Controller; 2]) -> Result<Self, String> {
        let engine = Engine::<R>::new(&setup, seed)?;
        let mut players: [Option<Box<dyn Policy<R>>>; 2] = [None, None];
        for (i, c) in controllers.iter().enumerate() {
            if let Controller::Ai(kind) = c {
                let player = R::Player::try_from(*kind)?;
                players[i] = Some(R::policy(
                    player,
                    warband_table::player::policy_seed(seed, Side::BOTH[i]),
                ));
            }
        }
        Ok(Self {
            engine,
            setup,
            seed,
            controllers,
            players,
            commands: Vec::new(),
            last_refusal: None,
            refusals: 0,
            roll_start: 0,
            own_roll: None,
            answer_from: None,
            pace: Pace::default(),
            replay: None,
            timeline: None,
            play_on: None,
            net: None,
            remade: 0,
            saved_at: None,
            notice: None,
            replay_differs: None,
            replayed_by: None,
            earlier: Vec::new(),
            to_result: false,
            asking: false,
            part: part::Part::default(),
            moved_before: Vec::new(),
            catching_up: None,
            salts: Salts::default(),
            serial: SESSIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            agreed: None,
        })
    }

    /// Whether leaving would lose play: the battle is in progress (not a replay, not
    /// over) and has not been saved since its last command.
    pub fn unsaved_progress(&self) -> bool {
        // A network battle not yet started here has nothing of its own to save (a saved
        // one hosted again is still in its file, and in the autosave).
        self.replay.is_none()
            && self.engine.outcome().is_none()
            && !self.net_waiting()
            && self.saved_at != Some(self.commands.len())
    }

    /// Leaving the table, the battle `saved` or not (the autosave kept in `dir`). Saved,
    /// it is kept as the autosave too, as it stands: the menu offers to resume it, and
    /// its buttons keep their places (a play-tester's click on Load battle, the menu a
    /// line shorter after Leave, opened the button below). Not saved, the autosave goes
    /// with the battle, unless the battle has not started here (a battle resumed from
    /// it and hosted again, waiting for its players, is still only in the autosave: a
    /// reviewer found Leave threw it away). A network battle is kept only by the window
    /// that hosts it, to host it again.
    pub fn leave_autosave(&mut self, dir: &std::path::Path, saved: bool) {
        // A network battle is its host's to keep, to host again.
        let joined = self.joined();
        let kept = saved
            && !joined
            && self.replay.is_none()
            && crate::game::autosave::write(dir, self).is_ok();
        if !kept && !self.net_waiting() {
            crate::game::autosave::forget(dir);
        }
    }

    pub fn submit(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        if let Some(net) = &mut self.net {
            // Proposed, not played: it is played when the host commits it.
            net.propose(command);
            self.last_refusal = None;
            return Ok(());
        }
        if self.salts.is_salted() {
            return self.submit_salted(side, command);
        }
        self.commands.push((side, command.clone()));
        let before = self.engine.log().events.len();
        let result = self.send(side, command);
        self.answered(&result);
        self.linger_after(side, before);
        result
    }

    /// After a person's command that rolled dice, the computer waits [`LOOK`] steps of
    /// the pace before its next, as it does before a person after its own: a play-test
    /// never saw its volley's dice, replaced at once by the computer's next roll.
    fn linger_after(&mut self, side: Side, log_from: usize) {
        // A computer's own command (sent through here too) is paced by `pace_of`.
        let person = self.players[side.index()].is_none();
        if person && self.rolled_since(log_from) {
            self.pace.linger(LOOK);
        }
    }

    /// Whether any die was rolled in the battle's log from event `log_from` on.
    fn rolled_since(&self, log_from: usize) -> bool {
        let events = &self.engine.log().events;
        events[log_from.min(events.len())..]
            .iter()
            .any(|e| e.die().is_some())
    }

    /// A command of a network battle's save played on here: its dice are salted as the
    /// host salted them, so its saves keep one salt a command and load again. A refused
    /// one is not kept, as a host keeps none: a command's salt goes by its place in the
    /// battle, which a save hosted again must keep.
    fn submit_salted(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        let salt = warband_net::seed::salt();
        let seq = self.commands.len() as u64;
        let before = self.engine.log().events.len();
        let result = self.send_as(side, command.clone(), Some((seq, salt)));
        self.linger_after(side, before);
        if result.is_ok() {
            self.commands.push((side, command));
            self.salts.push(salt);
        }
        self.answered(&result);
        result
    }

    fn answered(&mut self, result: &Result<(), Refusal>) {
        match result {
            Ok(()) => self.last_refusal = None,
            Err(r) => self.refuse(r.0.clone()),
        }
    }

    /// Says why an action was not taken: in the dice tray's header until the next
    /// action, and by the pointer for a moment.
    pub fn refuse(&mut self, why: String) {
        self.last_refusal = Some(why);
        self.refusals = self.refusals.wrapping_add(1);
    }

    /// Sends a command to the engine. The dice tray moves on to what it rolled, and
    /// keeps the latest dice (the initiative roll, say) when it rolled none.
    pub(crate) fn send(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        self.send_as(side, command, None)
    }

    /// [`Self::send`], with the dice of command `seq` drawn from its salt where given
    /// (`(seq, salt)`: a network battle's save played on here).
    fn send_as(
        &mut self,
        side: Side,
        command: R::Command,
        salted: Option<(u64, u64)>,
    ) -> Result<(), Refusal> {
        let before = self.engine.log().events.len();
        let result = match salted {
            Some((seq, salt)) => {
                let salt = (self.seed, seq, Some(salt));
                self.engine.submit_salted(side, command, salt)
            }
            None => self.engine.submit(side, command),
        };
        let own = self.own_side();
        if own == Some(side) {
            self.answer_from = None;
        }
        if self.rolled_since(before) {
            self.roll_start = before;
            if own == Some(side) {
                let logged = before..self.engine.log().events.len();
                let round = R::round(self.engine.world());
                self.own_roll = Some((self.remade, round, logged));
            } else if own.is_some() {
                let answer = self
                    .answer_from
                    .filter(|(made, _)| *made == self.remade)
                    .map_or(before, |(_, at)| at);
                self.answer_from = Some((self.remade, answer));
                self.roll_start = answer;
            }
        }
        result
    }

    /// The entries of the latest roll of the side a person plays here, while the
    /// engine that logged them stands (not across a seek or a resync), in the round it
    /// was rolled (not a roll many turns old).
    pub fn own_roll(&self) -> Option<std::ops::Range<usize>> {
        let (made, round, roll) = self.own_roll.as_ref()?;
        let now = R::round(self.engine.world());
        (*made == self.remade && *round == now).then(|| roll.clone())
    }

    /// Whether the battle moves on by itself: a replay still running, or a computer side
    /// to play, not paused (what keeps the window drawing while no one touches it).
    pub fn moves_by_itself(&self) -> bool {
        if self.pace.paused && !self.pace.step && !self.pace.skip {
            return false;
        }
        if let Some(queue) = &self.replay {
            return !queue.is_empty();
        }
        self.engine
            .awaiting()
            .is_some_and(|side| self.players[side.index()].is_some())
    }
}

#[cfg(test)]
mod tests;
