//! Sounds played through the desktop's own player program: PipeWire's `pw-play`,
//! PulseAudio's `paplay` or ALSA's `aplay`, the first found on the `PATH`, each clip
//! piped to a short-lived process of it as raw samples. The game links no sound
//! library, so its build needs no system `-dev` package; where none of these programs
//! is found, or one cannot play, the game is silent and says so once on stderr.

use super::Sound;
use super::synth::{RATE, pcm};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

/// The most sounds playing at once; one more is dropped (a watched battle at speed).
const MOST_AT_ONCE: usize = 4;

/// Plays that fail before a player is given up for this run (no device, no server).
const MOST_FAILURES: u32 = 3;

/// The longest a clip's player may take: a clip lasts half a second.
const LONGEST: Duration = Duration::from_secs(3);

/// A program that plays raw mono 16-bit samples read from its standard input.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    pub program: PathBuf,
    pub args: Vec<String>,
}

impl Player {
    /// The known players on `path` (the `PATH`'s folders), the likeliest first: a
    /// player that cannot play is given up for the next (an older `pw-play` reads no
    /// raw samples from its input).
    pub fn all(path: &std::ffi::OsStr) -> Vec<Player> {
        let rate = RATE.to_string();
        let known: [(&str, Vec<String>); 3] = [
            (
                "pw-play",
                vec![
                    format!("--rate={rate}"),
                    "--channels=1".into(),
                    "--format=s16".into(),
                    "-".into(),
                ],
            ),
            (
                "paplay",
                vec![
                    "--raw".into(),
                    "--format=s16le".into(),
                    format!("--rate={rate}"),
                    "--channels=1".into(),
                ],
            ),
            (
                "aplay",
                ["-q", "-t", "raw", "-f", "S16_LE", "-c", "1", "-r", &rate]
                    .map(String::from)
                    .to_vec(),
            ),
        ];
        known
            .into_iter()
            .filter_map(|(name, args)| {
                let program = std::env::split_paths(path)
                    .map(|dir| dir.join(name))
                    .find(|p| is_program(p))?;
                Some(Player { program, args })
            })
            .collect()
    }

    /// Starts playing `bytes`: a process of the player, fed them and left to finish.
    fn start(&self, bytes: &[u8]) -> std::io::Result<Child> {
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        // A clip is smaller than a pipe's buffer, so this never waits on the player. A
        // player that stopped before reading is told by its exit, once reaped.
        if let Some(mut input) = child.stdin.take() {
            let _ = input.write_all(bytes);
        }
        Ok(child)
    }
}

/// Whether `p` is a file that may be run.
fn is_program(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    p.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The clips, made once: a few throws of dice, and one of each other sound.
struct Bank {
    dice: Vec<Vec<f32>>,
    shot: Vec<f32>,
    clash: Vec<f32>,
    hit: Vec<f32>,
    fall: Vec<f32>,
    throws: usize,
}

impl Bank {
    fn new() -> Bank {
        use super::synth::*;
        Bank {
            dice: (0..6).map(dice).collect(),
            shot: shot(),
            clash: clash(),
            hit: hit(),
            fall: fall(),
            throws: 0,
        }
    }

    fn clip(&mut self, sound: Sound) -> &[f32] {
        match sound {
            Sound::Dice => {
                self.throws += 1;
                &self.dice[self.throws % self.dice.len()]
            }
            Sound::Shot => &self.shot,
            Sound::Clash => &self.clash,
            Sound::Hit => &self.hit,
            Sound::Fall => &self.fall,
        }
    }
}

/// Starts the thread that plays what is sent it at the volume sent with it, through
/// the first of `players` that plays. It ends when the sender is dropped, or when every
/// player has failed.
pub fn spawn(players: Vec<Player>) -> Sender<(Sound, f32)> {
    let (tx, rx) = channel();
    let named = std::thread::Builder::new().name("sound".into());
    if let Err(e) = named.spawn(move || play_all(&players, &rx)) {
        eprintln!("warband: no sound: {e}");
    }
    tx
}

/// Plays each sound received, at most [`MOST_AT_ONCE`] at once, through the first of
/// `players` that has not failed [`MOST_FAILURES`] times.
fn play_all(players: &[Player], rx: &Receiver<(Sound, f32)>) {
    let mut bank = Bank::new();
    let mut playing: Vec<(Child, Instant)> = Vec::new();
    let (mut at, mut failures) = (0, 0);
    for (sound, volume) in rx {
        failures += reap(&mut playing);
        if failures >= MOST_FAILURES {
            let Some(player) = players.get(at) else {
                return;
            };
            eprintln!(
                "warband: {} failed {failures} times",
                player.program.display()
            );
            (at, failures) = (at + 1, 0);
        }
        let Some(player) = players.get(at) else {
            eprintln!("warband: no sound: no player plays");
            return;
        };
        if playing.len() >= MOST_AT_ONCE {
            continue;
        }
        match player.start(&pcm(bank.clip(sound), volume)) {
            Ok(child) => playing.push((child, Instant::now())),
            Err(_) => failures += 1,
        }
    }
}

/// Takes the players that have finished out of `playing`, and stops any that plays on
/// past [`LONGEST`] (a player hung on a server that never answers): how many failed.
fn reap(playing: &mut Vec<(Child, Instant)>) -> u32 {
    let mut failed = 0;
    playing.retain_mut(|(child, started)| match child.try_wait() {
        Ok(None) if started.elapsed() < LONGEST => true,
        Ok(None) => {
            let _ = child.kill();
            let _ = child.wait();
            failed += 1;
            false
        }
        Ok(Some(status)) => {
            failed += u32::from(!status.success());
            false
        }
        Err(_) => false,
    });
    failed
}
