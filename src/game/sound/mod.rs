//! The table's sounds: dice rattling in the tray, a bowstring for a shot, blades for a
//! charge, a knock for a blow that lands, a thud for a model that falls. Made in code
//! ([`synth`]) and played through the desktop's own player ([`player`]), at the
//! volume set in Settings; none while everything moves at once (animation off, 16×, a
//! skip or a replay's jump), as no tracer or fall is drawn then either.

mod player;
pub mod synth;

use crate::game::motion::Motion;
use crate::game::settings::Settings;
use bevy::prelude::*;
pub use player::Player;
use std::sync::mpsc::Sender;

/// What a sound is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Dice,
    Shot,
    Clash,
    Hit,
    Fall,
}

/// Where the game's sounds go: the player's thread, if the desktop has a player and
/// sound is on; nowhere in the tests.
#[derive(Resource, Default)]
pub struct Speaker {
    to: Option<Sender<(Sound, f32)>>,
    /// The volume set, 0 when sound is off.
    volume: f32,
    /// Why nothing can be heard on this desktop, if nothing can.
    pub silent: Option<String>,
    /// Each sound asked for, in order (the tests listen here).
    #[cfg(test)]
    pub heard: Vec<Sound>,
}

impl Speaker {
    /// Plays `sound`, unless sound is off or everything moves at once (`motion`: read
    /// where the sound is asked for, as it stands this frame).
    pub fn play(&mut self, sound: Sound, motion: &Motion) {
        if motion.instant() || self.volume <= 0.0 {
            return;
        }
        #[cfg(test)]
        self.heard.push(sound);
        if let Some(to) = &self.to {
            // A player thread that gave up has dropped its end: the game is silent.
            if to.send((sound, self.volume)).is_err() {
                self.to = None;
            }
        }
    }

    /// A throw of dice at `volume`, whatever the volume set (Settings' slider let go).
    pub fn preview(&mut self, volume: f32) {
        self.volume = volume;
        self.play(Sound::Dice, &Motion::default());
    }

    /// A speaker that plays through the first of `players` that plays, at `settings`'
    /// volume, or one silent for the reason given.
    pub fn new(players: Result<Vec<Player>, String>, settings: &Settings) -> Speaker {
        let (to, silent) = match players {
            Ok(p) => (Some(player::spawn(p)), None),
            Err(why) => (None, Some(why)),
        };
        Speaker {
            to,
            silent,
            volume: settings.heard_volume(),
            #[cfg(test)]
            heard: Vec::new(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    let settings = app
        .world()
        .get_resource::<Settings>()
        .cloned()
        .unwrap_or_default();
    let player = if std::env::var_os("WARBAND_SOUND").is_some_and(|v| v == "off") {
        Err("WARBAND_SOUND=off: the game is silent.".to_string())
    } else {
        let found = std::env::var_os("PATH").map_or_else(Vec::new, |p| Player::all(&p));
        match found.is_empty() {
            true => Err(
                "No sound player was found (pw-play, paplay or aplay): the game is silent."
                    .to_string(),
            ),
            false => Ok(found),
        }
    };
    if let Err(why) = &player {
        eprintln!("warband: {why}");
    }
    app.insert_resource(Speaker::new(player, &settings))
        .add_systems(First, follow_settings);
}

/// Keeps the speaker's volume to the settings.
fn follow_settings(settings: Res<Settings>, mut speaker: ResMut<Speaker>) {
    let volume = settings.heard_volume();
    if speaker.volume != volume {
        speaker.volume = volume;
    }
}

#[cfg(test)]
mod tests;
