//! A saved battle hosted again: the save's commands are committed first, each with the
//! dice salt it was played with, then the battle goes on over the network as any other.
//! A friend's network battle saved when the host left (or a battle at one machine) can
//! so be played on online, not only at one machine.

use super::Host;
use crate::msg::{Seeding, ToPeer};
use warband_rules::Side;
use warband_table::engine::{Engine, Rules};
use warband_table::save::Save;

/// A saved command as the host commits it again: its side, the command, its dice salt.
pub(super) type Resumed<C> = (Side, C, Option<u64>);

impl<R: Rules> Host<R> {
    /// The host plays on from `save` rather than from the start of its setup (which must
    /// be the save's): its seed, its commands and their salts. Refused, with the reason,
    /// for a battle that is over or a save that does not replay to the battle it
    /// recorded (one written by another version of the rules, say).
    pub fn resuming(mut self, save: &Save<R>) -> Result<Self, String> {
        let commands = playable(save)?;
        let seeding = Seeding::Resumed {
            seed: save.seed,
            salted: !save.salts.is_empty(),
        };
        self.welcome.setup = save.setup.clone();
        self.welcome.seeding = seeding;
        self.cfg.seeding = seeding;
        self.resume = commands;
        Ok(self)
    }

    /// Commits the save's commands as the battle starts, and sends them to the peers in
    /// one log, as a peer that joins late is sent the battle so far: one at a time, a
    /// seated peer would answer each position it passes through.
    pub(super) fn commit_resumed(&mut self) -> Result<(), String> {
        let saved = std::mem::take(&mut self.resume);
        for (i, (side, command, salt)) in saved.into_iter().enumerate() {
            self.play(side, command, salt).map_err(|refusal| {
                format!("command {} of the save was refused: {refusal}", i + 1)
            })?;
        }
        let entries = self.entries.clone();
        self.broadcast(&ToPeer::Log { entries });
        Ok(())
    }
}

/// The save's commands that play, each with its salt; an error where the battle cannot
/// be played on. A battle at one machine may have saved commands its engine refused:
/// they changed nothing and are left out. A network battle's are all committed ones.
fn playable<R: Rules>(save: &Save<R>) -> Result<Vec<Resumed<R::Command>>, String> {
    if save.agreed.is_some() {
        return Err("the battle in the save was ended by its players".into());
    }
    let mut engine = Engine::<R>::new(&save.setup, save.seed)?;
    let mut kept = Vec::with_capacity(save.commands.len());
    for (i, (side, command)) in save.commands.iter().enumerate() {
        save.salt_dice(&mut engine, i);
        match engine.submit(*side, command.clone()) {
            Ok(()) => kept.push((*side, command.clone(), save.salts.get(i).copied())),
            // A salted command's seq is its place in the save: none may be left out.
            Err(r) if !save.salts.is_empty() => {
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
    Ok(kept)
}
