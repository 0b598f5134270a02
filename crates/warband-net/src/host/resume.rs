//! A saved battle hosted again: the save's commands are committed first, each with the
//! dice salt it was played with, then the battle goes on over the network as any other.
//! A friend's network battle saved when the host left (or a battle at one machine) can
//! so be played on online, not only at one machine.

use super::Host;
use crate::msg::{Seeding, ToPeer};
use warband_rules::Side;
use warband_table::engine::{Engine, Rules};
use warband_table::player::PlayerKind;
use warband_table::save::Save;

/// A saved command as the host commits it again: its side, the command, its dice salt.
type Resumed<C> = (Side, C, Option<u64>);

/// Who played a battle before it was played on with other players: the round they
/// handed over at, and who they were (a computer player by kind, `None` for a person).
pub type Earlier = Vec<(u32, [Option<PlayerKind>; 2])>;

/// A save checked to be played on: its seed, its commands that play with their salts,
/// and who played it. Made before the host listens, so a save that cannot go on is
/// refused with why, not after a port was taken or a friend joined.
pub struct Resumable<R: Rules> {
    setup: R::Setup,
    seeding: Seeding,
    commands: Vec<Resumed<R::Command>>,
    /// Who played it until it was saved, and where it was saved.
    earlier: Earlier,
    last: Option<(u32, [Option<PlayerKind>; 2])>,
}

impl<R: Rules> Resumable<R> {
    /// Checks `save` can be played on: it replays to the battle it recorded (a save
    /// written by another version of the rules may not), and that battle is not over.
    /// A battle at one machine may have saved commands its engine refused: they changed
    /// nothing and are left out. A salted save's are all committed ones: a command's
    /// dice are salted by its place in the battle, so none may be left out.
    pub fn of(save: &Save<R>) -> Result<Self, String> {
        if save.agreed.is_some() {
            return Err("the battle in the save was ended by its players".into());
        }
        let mut engine = Engine::<R>::new(&save.setup, save.seed)?;
        let mut commands = Vec::with_capacity(save.commands.len());
        let salts = save.salts();
        for (i, (side, command)) in save.commands.iter().enumerate() {
            let salt = salts.get(i);
            engine.salt_dice(save.seed, i as u64, salt);
            match engine.submit(*side, command.clone()) {
                Ok(()) => commands.push((*side, command.clone(), salt)),
                Err(r) if salts.is_salted() => {
                    return Err(format!("command {} of the save is refused: {r}", i + 1));
                }
                Err(_) => {}
            }
        }
        if engine.state_hash() != save.final_hash {
            return Err(
                "the save does not replay to the battle it recorded (it may be of another version)"
                    .into(),
            );
        }
        if engine.awaiting().is_none() {
            return Err("the battle in the save is over: there is nothing to play on".into());
        }
        let round = R::round(engine.world());
        Ok(Self {
            setup: save.setup.clone(),
            seeding: Seeding::Resumed {
                seed: save.seed,
                saved: commands.len() as u64,
            },
            commands,
            earlier: save.earlier.clone(),
            last: save.players.map(|p| (round, p)),
        })
    }

    /// Who played the battle before `now` took over: the save's own history, and its
    /// players from the round it was saved in, where they were others.
    pub fn earlier(&self, now: Option<[Option<PlayerKind>; 2]>) -> Earlier {
        let mut earlier = self.earlier.clone();
        if let Some((round, before)) = self.last
            && Some(before) != now
            && self.seeding.saved() > 0
        {
            earlier.push((round, before));
        }
        earlier
    }
}

impl<R: Rules> Host<R> {
    /// The host plays on from a save rather than from the start of its setup: its seed,
    /// its commands and their salts, committed as the battle starts.
    pub fn resuming(mut self, save: Resumable<R>) -> Self {
        self.welcome.setup = save.setup.clone();
        self.welcome.seeding = save.seeding;
        self.cfg.seeding = save.seeding;
        self.resume = Some(save);
        self
    }

    /// Commits the save's commands as the battle starts, and sends them to the peers in
    /// one log, as a peer that joins late is sent the battle so far: one at a time, a
    /// seated peer would answer each position it passes through.
    pub(super) fn commit_resumed(&mut self) -> Result<(), String> {
        let Some(save) = self.resume.as_mut() else {
            return Ok(());
        };
        let saved = std::mem::take(&mut save.commands);
        for (i, (side, command, salt)) in saved.into_iter().enumerate() {
            self.play(side, command, salt)
                .map_err(|refusal| format!("saved command {} was refused: {refusal}", i + 1))?;
        }
        let entries = self.entries.clone();
        self.broadcast(&ToPeer::Log { entries });
        Ok(())
    }

    /// How many of the battle's commands came from its save.
    pub(super) fn saved(&self) -> usize {
        self.cfg.seeding.saved() as usize
    }
}
