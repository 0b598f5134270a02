//! The sounds' clips, the player found and fed, and what the table asks to hear.

use super::synth::{self, RATE};
use super::*;
use std::path::Path;
use std::time::{Duration, Instant};

/// Every clip sounds (it is not silent), stays under its peak, is short, and ends
/// quietly (no click as it stops).
#[test]
fn each_clip_is_short_loud_enough_and_ends_quietly() {
    let clips = [
        ("dice", synth::dice(0)),
        ("shot", synth::shot()),
        ("clash", synth::clash()),
        ("hit", synth::hit()),
        ("fall", synth::fall()),
    ];
    for (name, clip) in clips {
        let loudest = clip.iter().fold(0.0f32, |m, s| m.max(s.abs()));
        assert!((0.5..=0.8).contains(&loudest), "{name}: peak {loudest}");
        let seconds = clip.len() as f32 / RATE as f32;
        assert!((0.15..=0.6).contains(&seconds), "{name}: {seconds} s");
        let tail = clip.last().copied().unwrap_or(1.0);
        assert!(tail.abs() < 1e-3, "{name} ends on {tail}");
        // Under a pipe's buffer (64 KiB) as 16-bit samples: the player is never waited on.
        assert!(clip.len() * 2 < 60_000, "{name}: {} bytes", clip.len() * 2);
    }
}

/// A throw of dice is the same every time it is made, and throws differ.
#[test]
fn each_throw_of_dice_is_its_own_and_always_the_same() {
    assert_eq!(synth::dice(3), synth::dice(3));
    assert_ne!(synth::dice(3), synth::dice(4));
}

/// Samples become 16-bit bytes at the volume: none at 0, twice as loud at 1 as at 0.5.
#[test]
fn samples_are_sent_at_the_volume() {
    let clip = [0.5f32, -0.25, 1.5];
    assert_eq!(synth::pcm(&clip, 0.0), vec![0; 6]);
    let full = synth::pcm(&clip, 1.0);
    let sample = |b: &[u8], i: usize| i16::from_le_bytes([b[2 * i], b[2 * i + 1]]);
    assert_eq!(sample(&full, 0), i16::MAX / 2);
    assert_eq!(sample(&full, 1), -(i16::MAX / 4));
    assert_eq!(sample(&full, 2), i16::MAX, "held at the loudest");
    let half = synth::pcm(&clip, 0.5);
    assert_eq!(sample(&half, 0), i16::MAX / 4);
}

/// A fresh folder for test `name`, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("warband-sound-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An executable file called `name` in `dir`, running `script`.
fn program(dir: &Path, name: &str, script: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join(name);
    std::fs::write(&p, format!("#!/bin/sh\n{script}\n")).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// PipeWire's player is taken before PulseAudio's, and that before ALSA's; a file that
/// may not be run is no player.
#[test]
fn the_desktops_own_player_is_found_on_the_path() {
    let (one, two) = (scratch("find-1"), scratch("find-2"));
    let (one, two) = (one.as_path(), two.as_path());
    let path = |dirs: &[&Path]| std::env::join_paths(dirs).unwrap();
    assert_eq!(Player::find(&path(&[one])), None);
    std::fs::write(one.join("paplay"), "not a program").unwrap();
    assert_eq!(Player::find(&path(&[one])), None, "not executable");
    let aplay = program(two, "aplay", "exit 0");
    let found = Player::find(&path(&[one, two])).unwrap();
    assert_eq!(found.program, aplay);
    assert!(
        found.args.contains(&"S16_LE".to_string()),
        "{:?}",
        found.args
    );
    let paplay = program(two, "paplay", "exit 0");
    let found = Player::find(&path(&[one, two])).unwrap();
    assert_eq!((found.program, found.args[0].as_str()), (paplay, "--raw"));
    let pw = program(one, "pw-play", "exit 0");
    let found = Player::find(&path(&[two, one])).unwrap();
    assert_eq!(
        (found.program, found.args.last().unwrap().as_str()),
        (pw, "-")
    );
}

/// Waits up to five seconds for `done`.
fn within_seconds(mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(5) {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

/// A sound played reaches the player as the clip's samples at the volume set: a
/// stand-in player that keeps what it reads.
#[test]
fn a_sound_reaches_the_player_whole() {
    let dir = scratch("whole");
    let out = dir.join("heard.raw");
    let script = format!("cat > '{}.part' && mv '{0}.part' '{0}'", out.display());
    let player = Player {
        program: program(&dir, "stand-in", &script),
        args: Vec::new(),
    };
    let settings = Settings {
        volume: 0.5,
        ..Settings::default()
    };
    let mut speaker = Speaker::new(Ok(player), &settings);
    speaker.play(Sound::Shot);
    assert!(
        within_seconds(|| out.exists()),
        "the player was fed nothing"
    );
    let heard = std::fs::read(&out).unwrap();
    assert_eq!(heard, synth::pcm(&synth::shot(), 0.5));
    assert_eq!(speaker.heard, vec![Sound::Shot]);
}

/// A player that cannot play (no device, no server) is given up after a few tries, and
/// the game goes on silent.
#[test]
fn a_player_that_keeps_failing_is_given_up() {
    let dir = scratch("broken");
    let player = Player {
        program: program(&dir, "broken", "cat > /dev/null; exit 1"),
        args: Vec::new(),
    };
    let mut speaker = Speaker::new(Ok(player), &Settings::default());
    let gave_up = within_seconds(|| {
        speaker.play(Sound::Hit);
        speaker.to.is_none()
    });
    assert!(gave_up, "still sending to a player that fails");
}

/// Sound off, or everything moving at once, is silence; the reason there is no player
/// is kept for the Settings screen.
#[test]
fn nothing_is_heard_with_sound_off_or_everything_at_once() {
    let off = Settings {
        sound: false,
        ..Settings::default()
    };
    let mut speaker = Speaker::new(Err("no player".into()), &off);
    speaker.play(Sound::Dice);
    assert!(speaker.heard.is_empty());
    assert_eq!(speaker.silent.as_deref(), Some("no player"));
    let mut speaker = Speaker::new(Err("no player".into()), &Settings::default());
    speaker.hushed = true;
    speaker.play(Sound::Dice);
    assert!(speaker.heard.is_empty());
    speaker.hushed = false;
    speaker.play(Sound::Dice);
    assert_eq!(speaker.heard, vec![Sound::Dice]);
}

/// A Marauders battle on the table read for its cues as the window reads it: what it
/// rolled and shot so far is not heard when it is first drawn (who acted last is
/// marked); then dice rattle and
/// bows sound as it goes on, and nothing is heard while it is skipped through.
#[test]
fn the_table_is_heard_as_it_plays_and_not_when_drawn_afresh() {
    use crate::game::session::GameSession;
    use warband_marauders::engine::Marauders;
    let mut session = crate::game::test_app::normal_v_charge("river-ford.ron", 3);
    for _ in 0..40 {
        session.computer_step();
    }
    assert!(
        session
            .engine
            .log()
            .events
            .iter()
            .any(|e| e.die().is_some())
    );
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .init_resource::<Motion>()
        .init_resource::<crate::game::cues::Lunges>()
        .init_resource::<crate::game::cues::LogRead>()
        .init_resource::<crate::game::last_action::LastAction>()
        .init_resource::<Settings>()
        .insert_resource(Speaker::new(Err("test".into()), &Settings::default()))
        .insert_non_send(session)
        .add_systems(First, follow_settings)
        .add_systems(Update, crate::game::cues::read::<Marauders>);
    app.update();
    let heard = |app: &App| app.world().resource::<Speaker>().heard.clone();
    assert!(heard(&app).is_empty(), "a battle drawn afresh is silent");
    // It shows who acted last, as the table watching it would have.
    let last = app
        .world()
        .resource::<crate::game::last_action::LastAction>();
    assert!(last.model.is_some(), "no one marked");
    let step = |app: &mut App| {
        let mut s = app.world_mut().non_send_mut::<GameSession<Marauders>>();
        assert!(s.computer_step(), "the battle goes on");
        app.update();
    };
    for _ in 0..400 {
        step(&mut app);
        if heard(&app).contains(&Sound::Shot) {
            break;
        }
    }
    let sounds = heard(&app);
    assert!(
        sounds.contains(&Sound::Dice) && sounds.contains(&Sound::Shot),
        "{sounds:?}"
    );
    app.world_mut().resource_mut::<Motion>().skip = true;
    for _ in 0..40 {
        step(&mut app);
    }
    assert_eq!(heard(&app), sounds, "skipped through in silence");
}
