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

/// Every known player on the PATH, PipeWire's first, then PulseAudio's, then ALSA's;
/// a file that may not be run is no player.
#[test]
fn the_desktops_own_players_are_found_on_the_path() {
    let (one, two) = (scratch("find-1"), scratch("find-2"));
    let (one, two) = (one.as_path(), two.as_path());
    let path = |dirs: &[&Path]| std::env::join_paths(dirs).unwrap();
    let names = |dirs: &[&Path]| -> Vec<String> {
        Player::all(&path(dirs))
            .into_iter()
            .map(|p| {
                p.program
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    };
    assert!(names(&[one]).is_empty());
    std::fs::write(one.join("paplay"), "not a program").unwrap();
    assert!(names(&[one]).is_empty(), "not executable");
    program(two, "aplay", "exit 0");
    let found = Player::all(&path(&[one, two]));
    assert!(found[0].args.contains(&"S16_LE".to_string()), "{found:?}");
    program(two, "paplay", "exit 0");
    assert_eq!(names(&[one, two]), ["paplay", "aplay"]);
    program(one, "pw-play", "exit 0");
    assert_eq!(names(&[two, one]), ["pw-play", "paplay", "aplay"]);
    let pw = &Player::all(&path(&[two, one]))[0];
    assert_eq!(pw.args.last().map(String::as_str), Some("-"));
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

/// A stand-in player: the shell running `script` (a script file written and run at
/// once can be "busy" while another test starts a process).
fn shell(script: &str) -> Player {
    Player {
        program: "/bin/sh".into(),
        args: vec!["-c".into(), script.into()],
    }
}

/// A stand-in that keeps what it reads in `out`, whole once it has read it all.
fn keeper(out: &Path) -> Player {
    shell(&format!(
        "cat > '{}.part' && mv '{0}.part' '{0}'",
        out.display()
    ))
}

/// A sound played reaches the player as the clip's samples at the volume set.
#[test]
fn a_sound_reaches_the_player_whole() {
    let out = scratch("whole").join("heard.raw");
    let settings = Settings {
        volume: 0.5,
        ..Settings::default()
    };
    let mut speaker = Speaker::new(Ok(vec![keeper(&out)]), &settings);
    speaker.play(Sound::Shot, &Motion::default());
    assert!(
        within_seconds(|| out.exists()),
        "the player was fed nothing"
    );
    let heard = std::fs::read(&out).unwrap();
    assert_eq!(heard, synth::pcm(&synth::shot(), 0.5));
    assert_eq!(speaker.heard, vec![Sound::Shot]);
}

/// A player that cannot play (no device, no server, an older `pw-play`) is given up
/// after a few tries for the next; with none left the game goes on silent.
#[test]
fn a_player_that_keeps_failing_is_given_up() {
    let broken = || shell("cat > /dev/null; exit 1");
    let mut speaker = Speaker::new(Ok(vec![broken()]), &Settings::default());
    let gave_up = within_seconds(|| {
        speaker.play(Sound::Hit, &Motion::default());
        speaker.to.is_none()
    });
    assert!(gave_up, "still sending to a player that fails");
    let out = scratch("next").join("heard.raw");
    let mut speaker = Speaker::new(Ok(vec![broken(), keeper(&out)]), &Settings::default());
    let heard = within_seconds(|| {
        speaker.play(Sound::Hit, &Motion::default());
        out.exists()
    });
    assert!(heard, "the next player was never tried");
}

/// Sound off, or everything moving at once, is silence; the reason there is no player
/// is kept for the Settings screen.
#[test]
fn nothing_is_heard_with_sound_off_or_everything_at_once() {
    let off = Settings {
        sound: false,
        ..Settings::default()
    };
    let moving = Motion::default();
    let mut speaker = Speaker::new(Err("no player".into()), &off);
    speaker.play(Sound::Dice, &moving);
    assert!(speaker.heard.is_empty());
    assert_eq!(speaker.silent.as_deref(), Some("no player"));
    let mut speaker = Speaker::new(Err("no player".into()), &Settings::default());
    let skipping = Motion {
        skip: true,
        ..moving
    };
    speaker.play(Sound::Dice, &skipping);
    assert!(speaker.heard.is_empty());
    speaker.play(Sound::Dice, &moving);
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
    // An engine made again (a replay's seek, a network battle begun again) is read
    // afresh: what it played meanwhile is not heard.
    for _ in 0..20 {
        app.world_mut()
            .non_send_mut::<GameSession<Marauders>>()
            .remade += 1;
        step(&mut app);
    }
    assert_eq!(heard(&app), sounds, "made again in silence");
    app.world_mut().resource_mut::<Motion>().skip = true;
    for _ in 0..40 {
        step(&mut app);
    }
    assert_eq!(heard(&app), sounds, "skipped through in silence");
}

/// The volume just set in Settings is heard at once, as a throw of dice; at nothing,
/// nothing is heard.
#[test]
fn a_volume_set_is_heard_at_once() {
    let mut speaker = Speaker::new(Err("test".into()), &Settings::default());
    speaker.preview(0.3);
    assert_eq!(
        (speaker.heard.clone(), speaker.volume),
        (vec![Sound::Dice], 0.3)
    );
    speaker.preview(0.0);
    assert_eq!(speaker.heard.len(), 1);
}
