//! The battle at the host: the seed's commit-reveal, commits (computer sides and
//! proposals alike), hash checks, chat, concessions and draws, and the wait for a
//! player who dropped.

use super::peers::{Role, clean};
use super::{Host, SeatState};
use crate::msg::{Committed, Seat, ToHost, ToPeer, hash_text};
use crate::transport::PeerId;
use std::time::Instant;
use warband_rules::Side;
use warband_table::Refusal;
use warband_table::engine::{Outcome, Rules};
use warband_table::player::next_command;

/// Refused proposals in a row after which a peer is taken to be hostile or broken.
const MAX_REJECTED: u32 = 64;
/// Lines of table talk a peer may send in ten seconds.
const TALK: u32 = 20;

impl<R: Rules> Host<R> {
    /// Plays the awaited side if it is the host's computer; waits for a dropped player.
    pub(super) fn step(&mut self) {
        let engine = self.engine.as_ref().expect("started");
        let Some(side) = engine.awaiting() else {
            return;
        };
        let command = match &mut self.seats[side.index()] {
            SeatState::Computer {
                policy: Some(policy),
                ..
            } => next_command(policy.as_mut(), engine, side),
            SeatState::Remote { peer: None, .. } => return self.wait_for(side),
            _ => return,
        };
        if self.commit(side, command).is_err() {
            let fallback = self.engine.as_ref().expect("started").yield_command(side);
            self.stuck = self.commit(side, fallback).is_err();
        }
    }

    /// Plays one command and sends it to every peer with its salt and the hash after
    /// it; a refused one changes nothing (its dice included).
    pub(super) fn commit(&mut self, side: Side, command: R::Command) -> Result<(), Refusal> {
        let salt = self.cfg.seeding.salted().then(crate::seed::salt);
        let entry = self.play(side, command, salt)?;
        self.broadcast(&ToPeer::Committed(entry));
        Ok(())
    }

    /// Plays one command with its dice salt (if any) and logs it, telling no one; gives
    /// the entry the peers are to be sent.
    pub(super) fn play(
        &mut self,
        side: Side,
        command: R::Command,
        salt: Option<u64>,
    ) -> Result<Committed<R::Command>, Refusal> {
        let engine = self.engine.as_mut().expect("started");
        let seq = self.entries.len() as u64;
        engine.submit_salted(side, command.clone(), (self.seed, seq, salt))?;
        let entry = Committed {
            seq,
            side,
            command,
            salt,
            hash: hash_text(engine.state_hash()),
        };
        self.entries.push(entry.clone());
        self.draw_offer = None;
        self.waiting_said = None;
        self.awaited_since = None;
        Ok(entry)
    }

    /// A message from a welcomed peer.
    pub(super) fn message(&mut self, id: PeerId, role: Role, message: ToHost<R::Command>) {
        let side = match role {
            Role::Seat(side) => Some(side),
            _ => None,
        };
        let talk = matches!(
            message,
            ToHost::Chat { .. } | ToHost::OfferDraw | ToHost::AnswerDraw { .. }
        );
        if talk && !self.may_talk(id) {
            return self.drop_peer(id, &format!("over {TALK} lines of table talk in 10 s"));
        }
        match (message, side) {
            (ToHost::Synced { seq, hash }, _) => self.synced(id, seq, &hash),
            (ToHost::Chat { text }, _) => self.chat(id, side, &text),
            (ToHost::Commit { commitment }, Some(side)) => {
                self.committed_nonce(id, side, commitment)
            }
            (ToHost::Reveal { nonce }, Some(side)) => self.revealed(id, side, nonce),
            (ToHost::Propose { seq, command }, Some(side)) => self.propose(id, side, seq, command),
            (ToHost::Concede, Some(side)) => self.agree(Outcome {
                winner: Some(side.other()),
                reason: format!("{side} conceded"),
            }),
            (ToHost::OfferDraw, Some(side)) => self.offer_draw(side),
            (ToHost::AnswerDraw { accept }, Some(side)) => self.answer_draw(side, accept),
            (other, _) => {
                let what = format!("{other:?}");
                let kind = what
                    .split([' ', '{', '('])
                    .next()
                    .unwrap_or_default()
                    .to_string();
                self.drop_peer(id, &format!("a spectator cannot send `{kind}`"));
            }
        }
    }

    /// Counts a line of table talk; false when the peer has said too much of late (each
    /// line goes to every connection).
    fn may_talk(&mut self, id: PeerId) -> bool {
        let Some(peer) = self.peers.get_mut(&id) else {
            return false;
        };
        if peer.talk.0.elapsed() >= std::time::Duration::from_secs(10) {
            peer.talk = (std::time::Instant::now(), 0);
        }
        peer.talk.1 += 1;
        peer.talk.1 <= TALK
    }

    fn propose(&mut self, id: PeerId, side: Side, seq: u64, command: R::Command) {
        let engine = self.engine.as_ref();
        let expected = self.entries.len() as u64;
        let reason = match engine.map(|e| e.awaiting()) {
            None => Some("the battle has not started".to_string()),
            Some(awaited) if awaited != Some(side) => Some(format!("it is not {side}'s turn")),
            Some(_) if seq != expected => Some(format!("expected command {expected}, not {seq}")),
            Some(_) => self.commit(side, command).err().map(|r| r.0),
        };
        let Some(reason) = reason else {
            if let Some(peer) = self.peers.get_mut(&id) {
                peer.rejected = 0;
            }
            return;
        };
        self.send(id, &ToPeer::Rejected { seq, reason });
        let Some(peer) = self.peers.get_mut(&id) else {
            return;
        };
        peer.rejected += 1;
        if peer.rejected > MAX_REJECTED {
            self.drop_peer(
                id,
                &format!("over {MAX_REJECTED} refused commands in a row"),
            );
        }
    }

    /// A peer's hash after a command: a peer that disagrees with the host is out of
    /// sync (or lying) and is dropped; it may rejoin and replay.
    fn synced(&mut self, id: PeerId, seq: u64, hash: &str) {
        let ours = usize::try_from(seq).ok().and_then(|i| self.entries.get(i));
        let reason = match ours {
            None => format!("it reported command {seq}, which has not been played"),
            Some(e) if e.hash != hash => format!(
                "out of sync after command {seq}: its state {hash}, the host's {}",
                e.hash
            ),
            Some(_) => return,
        };
        self.drop_peer(id, &reason);
    }

    fn chat(&mut self, id: PeerId, side: Option<Side>, text: &str) {
        let Some(text) = clean(text, 300) else {
            return;
        };
        let name = self.name_of(id);
        let from = side.map_or(name.clone(), |s| format!("{name} ({s})"));
        if self.talk.len() == crate::msg::TALK_KEPT {
            self.talk.pop_front();
        }
        self.talk.push_back((from.clone(), text.clone()));
        self.broadcast(&ToPeer::Chat { from, text });
    }

    pub(super) fn agree(&mut self, outcome: Outcome) {
        if self.engine.as_ref().is_none_or(|e| e.outcome().is_some()) {
            return;
        }
        self.say(&outcome.reason);
        let engine = self.engine.as_mut().expect("started");
        engine.end_by_agreement(outcome.clone());
        self.agreed = Some(outcome);
    }

    fn offer_draw(&mut self, side: Side) {
        if matches!(self.seats[side.other().index()], SeatState::Computer { .. }) {
            // The computer plays every battle to its end.
            self.broadcast(&ToPeer::DrawDeclined { by: side.other() });
            return;
        }
        self.draw_offer = Some(side);
        self.broadcast(&ToPeer::DrawOffered { by: side });
    }

    fn answer_draw(&mut self, side: Side, accept: bool) {
        if self.draw_offer != Some(side.other()) {
            return;
        }
        self.draw_offer = None;
        if accept {
            self.agree(Outcome {
                winner: None,
                reason: "a draw agreed".into(),
            });
        } else {
            self.broadcast(&ToPeer::DrawDeclined { by: side });
        }
    }

    /// The awaited side's player has dropped: say how long the battle waits for it, and
    /// when that runs out, the side loses by its absence. The wait is counted from when
    /// its move came (or from the drop, if later): a play-tester's dropped player had
    /// 102 s of the 120 left when its side's move came, the rest spent on the other's.
    fn wait_for(&mut self, side: Side) {
        let SeatState::Remote {
            gone: Some(since), ..
        } = &self.seats[side.index()]
        else {
            return;
        };
        let awaited = *self.awaited_since.get_or_insert_with(Instant::now);
        let waited = since.elapsed().min(awaited.elapsed());
        if waited >= self.cfg.wait {
            let secs = self.cfg.wait.as_secs();
            return self.agree(Outcome {
                winner: Some(side.other()),
                reason: format!("{side}'s player did not come back within {secs} s"),
            });
        }
        let left = (self.cfg.wait - waited).as_secs();
        if self.waiting_said != Some(left) {
            self.waiting_said = Some(left);
            let seconds_left = u32::try_from(left).unwrap_or(u32::MAX);
            self.broadcast(&ToPeer::Waiting { side, seconds_left });
        }
    }

    /// Where the seed's commit-reveal stands: asks for what is missing, and gives the
    /// seed and the nonces once everything is in.
    pub(super) fn draw_seed(&mut self, seated: &[Side]) -> Option<(u64, Vec<(Seat, String)>)> {
        if self.draw.host_nonce.is_none() {
            let nonce = crate::seed::nonce();
            let commitment = crate::seed::commitment(&nonce);
            self.draw.commitments.insert(Seat::Host, commitment);
            self.draw.host_nonce = Some(nonce);
            for side in seated {
                self.send_seat(*side, &ToPeer::CommitPlease);
            }
        }
        let all_in = |m: &std::collections::BTreeMap<Seat, String>| {
            seated.iter().all(|s| m.contains_key(&Seat::Side(*s)))
        };
        if !all_in(&self.draw.commitments) {
            return None;
        }
        if !self.draw.revealing {
            self.draw.revealing = true;
            let commitments: Vec<_> = self.draw.commitments.clone().into_iter().collect();
            for side in seated {
                self.send_seat(
                    *side,
                    &ToPeer::RevealPlease {
                        commitments: commitments.clone(),
                    },
                );
            }
        }
        if !all_in(&self.draw.nonces) {
            return None;
        }
        let host_nonce = self.draw.host_nonce.clone().expect("drawn above");
        self.draw.nonces.insert(Seat::Host, host_nonce);
        let commitments: Vec<_> = self.draw.commitments.clone().into_iter().collect();
        let nonces: Vec<_> = self.draw.nonces.clone().into_iter().collect();
        let seed = crate::seed::battle_seed(&commitments, &nonces).ok()?;
        Some((seed, nonces))
    }

    fn send_seat(&mut self, side: Side, message: &ToPeer<R::Setup, R::Command>) {
        if let SeatState::Remote { peer: Some(id), .. } = self.seats[side.index()] {
            self.send(id, message);
        }
    }

    fn committed_nonce(&mut self, id: PeerId, side: Side, commitment: String) {
        let seat = Seat::Side(side);
        if self.engine.is_some() || self.draw.commitments.contains_key(&seat) {
            return self.drop_peer(id, "it committed to a nonce out of turn");
        }
        self.draw.commitments.insert(seat, commitment);
    }

    fn revealed(&mut self, id: PeerId, side: Side, nonce: String) {
        let seat = Seat::Side(side);
        let matches = self
            .draw
            .commitments
            .get(&seat)
            .is_some_and(|c| *c == crate::seed::commitment(&nonce));
        if self.engine.is_some() || !self.draw.revealing || !matches {
            return self.drop_peer(id, "its nonce is not the one it committed to");
        }
        self.draw.nonces.insert(seat, nonce);
    }
}
