//! The peer's mirror of the battle: each committed command applied with its salt and
//! checked against the host's hash; the peer's own proposals.

use super::{Client, Finish, NetError, Notice};
use crate::msg::{Committed, ToHost, hash_text};
use warband_rules::Side;
use warband_table::engine::{Outcome, Rules};
use warband_table::player::next_command;

/// A peer checks every command's hash itself; it tells the host its own hash when
/// they differ, and every this many commands besides (so the host's log shows who is
/// in step without a frame back for every command).
const SYNC_EVERY: u64 = 64;

impl<R: Rules> Client<R> {
    /// Applies one committed command, unless it already has it (a reconnection's log
    /// may overlap what it had).
    pub(super) fn apply(&mut self, entry: Committed<R::Command>) -> Result<(), NetError> {
        let have = self.entries.len() as u64;
        if entry.seq < have {
            return Ok(());
        }
        if entry.seq > have {
            let seq = entry.seq;
            return Err(NetError::Protocol(format!(
                "command {seq} before command {have}"
            )));
        }
        let Some(engine) = self.engine.as_mut() else {
            return Err(NetError::Protocol("a command before the start".into()));
        };
        // A saved battle's own commands were played by others before: ours is asked
        // nothing of them, as the host's computer players are not.
        let ours_unasked = Some(entry.side) == self.welcome.seat
            && entry.seq >= self.welcome.seeding.saved()
            && self.proposed.as_ref().is_none_or(|p| p.seq != entry.seq);
        if ours_unasked && let Some(policy) = self.policy.as_mut() {
            // A command of our side we did not propose here: we are catching up after
            // a restart. Ask our player as it was asked then, so that it goes on
            // thinking as it would have.
            let _ = next_command(policy.as_mut(), engine, entry.side);
        }
        engine.salt_dice(self.seed, entry.seq, entry.salt);
        let refused = engine.submit(entry.side, entry.command.clone()).err();
        let ours = hash_text(engine.state_hash());
        let (seq, theirs) = (entry.seq, entry.hash.clone());
        if ours != theirs || seq % SYNC_EVERY == 0 {
            self.send(&ToHost::Synced {
                seq,
                hash: ours.clone(),
            });
        }
        if let Some(p) = self.proposed.take_if(|p| p.seq == seq) {
            self.latencies.push(p.at.elapsed());
        }
        self.entries.push(entry);
        if ours != theirs || refused.is_some() {
            let report = self.write_report(seq, &ours, &theirs, refused.map(|r| r.0));
            return Err(NetError::OutOfSync {
                seq,
                ours,
                theirs,
                report,
            });
        }
        self.misbehave()
    }

    /// The test hooks, after each command.
    fn misbehave(&mut self) -> Result<(), NetError> {
        let applied = self.entries.len() as u64;
        if self.mischief.stray_after == Some(applied)
            && let Some(engine) = self.engine.as_mut()
            && let Some(side) = engine.awaiting()
        {
            let stray = engine.yield_command(side);
            let _ = engine.submit(side, stray);
        }
        if self.mischief.drop_after == Some(applied) {
            self.mischief.drop_after = None;
            if let Some(link) = self.link.take() {
                link.close();
            }
            return Err(NetError::Dropped("dropped on purpose".into(), applied));
        }
        Ok(())
    }

    /// The host did not play our proposal: our computer player yields instead (as it
    /// does in a battle on one machine); a player in the window is told why.
    pub(super) fn rejected(&mut self, seq: u64, reason: String) -> Result<(), NetError> {
        let Some(p) = self.proposed.take_if(|p| p.seq == seq) else {
            return Ok(());
        };
        (self.notice)(Notice::Rejected(reason.clone()));
        if self.policy.is_none() {
            return Ok(());
        }
        if p.was_yield {
            return Err(NetError::Protocol(format!(
                "it refused even our yield: {reason}"
            )));
        }
        if let (Some(engine), Some(side)) = (self.engine.as_ref(), self.welcome.seat) {
            let command = engine.yield_command(side);
            self.propose_as(command, true);
        }
        Ok(())
    }

    /// A computer player plays every battle to its end; a player in the window is asked.
    pub(super) fn draw_offered(&mut self, by: Side) {
        if Some(by) == self.welcome.seat {
            return;
        }
        if self.policy.is_some() {
            self.send(&ToHost::AnswerDraw { accept: false });
        } else {
            (self.notice)(Notice::DrawOffered(by));
        }
    }

    pub(super) fn end(&mut self, outcome: Outcome, agreed: bool) -> Finish {
        if agreed && let Some(engine) = self.engine.as_mut() {
            engine.end_by_agreement(outcome.clone());
        }
        if let Some(link) = self.link.take() {
            link.close();
        }
        Finish { outcome, agreed }
    }

    /// Proposes our computer player's command when our side is awaited.
    pub fn act(&mut self) {
        let (Some(side), Some(engine), Some(policy)) = (
            self.welcome.seat,
            self.engine.as_ref(),
            self.policy.as_mut(),
        ) else {
            return;
        };
        if self.proposed.is_some() || engine.awaiting() != Some(side) {
            return;
        }
        let command = next_command(policy.as_mut(), engine, side);
        self.propose_as(command, false);
    }
}
