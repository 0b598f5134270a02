//! What the table shows of the newest log entries beyond where models stand: a charge
//! (a move the engine logged as ending in contact) lunges, a shot draws a tracer, and
//! the model that acted last is marked (`last_action`).
//! Each ruleset reads its own entries ([`crate::game::desk::Desk::cues`]); this file
//! follows the log for any ruleset and hands the cues on. Only the picture: it reads the
//! log and the models' bases, and changes nothing.

use super::desk::{Desk, on_table};
use super::last_action::LastAction;
use super::motion::Motion;
use super::screens::Screen;
use super::session::GameSession;
use super::sound::{Sound, Speaker};
use bevy::prelude::*;
use warband_table::components::{Base, ModelId, Team};
use warband_table::engine::ModelIndex;
use warband_table::log::Entry;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Lunges>()
        .init_resource::<LogRead>()
        .add_systems(
            OnEnter(Screen::Battle),
            |mut l: ResMut<Lunges>, mut r: ResMut<LogRead>| {
                *l = Lunges::default();
                *r = LogRead::default();
            },
        )
        .add_plugins(super::last_action::plugin);
}

/// Ruleset `R`'s cues, while its battle is on the table.
pub fn plugin_of<R: Desk>(app: &mut App) {
    app.add_systems(Update, read::<R>.run_if(on_table::<R>()));
}

/// What a log entry shows beyond where the models stand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cue {
    /// Model `model` charged: its move ended at `to`, in contact with an enemy.
    Charge { model: ModelId, to: Vec2 },
    /// `shooter` shot at `target`.
    Shot { shooter: ModelId, target: ModelId },
    /// `model` took an action, at `target` where it had one (a blow, a spell, first aid).
    Acted {
        model: ModelId,
        target: Option<ModelId>,
    },
    /// A new round (a Toy Soldier turn) began: what was done in the last is no longer
    /// marked (a play-tester read a round-1 shot's line in round 2 as a declared spell).
    RoundBegan,
}

/// The cues of `new` log entries, each read by `cue` with the entries its command logged
/// after it: what a ruleset's [`Desk::cues`] is made of.
pub fn each_entry<C, E>(
    new: &[Entry<C, E>],
    cue: impl Fn(&Entry<C, E>, &[Entry<C, E>]) -> Option<Cue>,
) -> Vec<Cue> {
    (0..new.len())
        .filter_map(|i| cue(&new[i], warband_table::log::logged_after(new, i)))
        .collect()
}

/// The charges whose models have yet to lunge: each model's id and where its charge
/// ended. The miniature's painter takes its own when its glide sets off on that leg.
#[derive(Resource, Debug, Default)]
pub struct Lunges(Vec<(ModelId, Vec2)>);

/// The most charges kept waiting (a replay's jump ahead charges many at once).
const MOST_LUNGES: usize = 64;

impl Lunges {
    pub fn charged(&mut self, model: ModelId, to: Vec2) {
        self.0.retain(|(m, _)| *m != model);
        if self.0.len() >= MOST_LUNGES {
            self.0.remove(0);
        }
        self.0.push((model, to));
    }

    /// Where `model`'s charge ended, if it has one waiting.
    pub fn of(&self, model: ModelId) -> Option<Vec2> {
        self.0.iter().find(|(m, _)| *m == model).map(|(_, to)| *to)
    }

    pub fn done(&mut self, model: ModelId) {
        self.0.retain(|(m, _)| *m != model);
    }
}

/// How much of the battle's log has been read for cues, and of which engine: the
/// session's number and its count of remakes (None: none of this battle's). An engine
/// made again (a replay's seek, a network battle begun again) is read afresh: a
/// reviewer found a seek forward sounding and shooting every command it passed.
#[derive(Resource, Debug, Default)]
pub(super) struct LogRead(Option<((u64, u32), usize)>);

/// The part of a log of `len` entries not yet read, from `read`: none the first time (a
/// battle resumed or loaded draws no cues of what it had done, only who acted last),
/// nor after a replay went back.
fn unread(read: Option<usize>, len: usize) -> std::ops::Range<usize> {
    match read {
        Some(r) if r <= len => r..len,
        _ => len..len,
    }
}

/// How many of the log's latest entries a battle drawn afresh is read back through for
/// who acted last (a replay's slider drag reads them each frame).
const LOOKED_BACK: usize = 20_000;

/// Reads ruleset `R`'s new log entries for cues: charges wait for their models' glides,
/// shots draw tracers between the bases. Nothing when everything moves at once.
pub(super) fn read<R: Desk>(
    session: NonSend<GameSession<R>>,
    mut log_read: ResMut<LogRead>,
    mut lunges: ResMut<Lunges>,
    mut last: ResMut<LastAction>,
    motion: Res<Motion>,
    mut speaker: ResMut<Speaker>,
    mut commands: Commands,
) {
    let events = &session.engine.log().events;
    let world = session.engine.world();
    // A battle first drawn (loaded, resumed, joined: a play-tester's window joined
    // again showed none of what the other side had just done) or a replay gone back:
    // who acted last is marked as the table watching it would have marked it, from the
    // log's latest entries; nothing flies, lunges or sounds.
    let engine = (session.serial, session.remade);
    let read = log_read.0.filter(|(e, _)| *e == engine).map(|(_, r)| r);
    let afresh = read.is_none_or(|r| r > events.len());
    let mut new = unread(read, events.len());
    log_read.0 = Some((engine, events.len()));
    if afresh {
        new = events.len().saturating_sub(LOOKED_BACK)..events.len();
        *last = LastAction::default();
    } else if motion.instant() && !new.is_empty() {
        // When everything moves at once, only the last command's entries say who acted.
        let last_command = events[..new.end]
            .iter()
            .rposition(|e| matches!(e, Entry::Accepted { .. }))
            .unwrap_or(new.end);
        new = last_command.max(new.start)..new.end;
        *last = LastAction::default();
    }
    if new.is_empty() {
        return;
    }
    if !afresh && events[new.clone()].iter().any(|e| e.die().is_some()) {
        speaker.play(Sound::Dice, &motion);
    }
    for cue in R::cues(&events[new]) {
        last.saw(cue);
        if afresh || motion.instant() {
            continue;
        }
        match cue {
            Cue::Charge { model, to } => {
                speaker.play(Sound::Clash, &motion);
                lunges.charged(model, to);
            }
            Cue::Shot { shooter, target } => {
                speaker.play(Sound::Shot, &motion);
                if let (Some(from), Some(to)) = (base_of(world, shooter), base_of(world, target)) {
                    super::tracers::spawn(&mut commands, from, to, &motion);
                }
            }
            Cue::Acted { .. } | Cue::RoundBegan => {}
        }
    }
    let reach = |id: Option<ModelId>| id.and_then(|m| base_of(world, m)).map_or(0.5, |b| b.1);
    last.reach = [reach(last.model), reach(last.target)];
}

/// Where model `id`'s base stands, its reach and its side.
fn base_of(world: &World, id: ModelId) -> Option<(Vec2, f32, warband_rules::Side)> {
    let e = world.resource::<ModelIndex>().entity(id)?;
    let base = world.get::<Base>(e)?;
    let team = world.get::<Team>(e)?;
    Some((base.0.center, base.0.shape.reach(), team.0))
}

#[cfg(test)]
mod tests;
