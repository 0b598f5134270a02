//! Autosave and resume. A battle in progress is written as it goes — whenever it waits
//! for a person, and at most every few seconds while computers play — atomically, to
//! `autosave.ron` in the data folder (a save like any other, which names who played
//! each side). After quitting, a crash, or leaving it saved from the Leave window, the
//! main menu offers to resume it. A battle that ends, or that the player leaves without
//! saving, leaves no autosave behind.
//! A network battle is kept by the window that hosts it, with who sat where beside it,
//! and resuming it hosts it again for the others to join (a play-tester's host crashed
//! and the battle lived on only in the save its friend had made by hand).

use crate::game::desk::{Desk, on_table};
use crate::game::saves::{SavedBattle, data_dir, read_save};
use crate::game::session::{Controller, GameSession};
use bevy::prelude::*;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use warband_rules::Side;

/// While computers play, the autosave is written at most this often.
const EVERY: Duration = Duration::from_secs(3);

/// The folder the autosave is kept in: the data folder (a test gives its own).
#[derive(Resource, Clone)]
pub struct AutosaveFolder(pub PathBuf);

impl Default for AutosaveFolder {
    fn default() -> Self {
        AutosaveFolder(data_dir())
    }
}

/// The battle in progress, as a save.
fn battle_file(dir: &Path) -> PathBuf {
    dir.join("autosave.ron")
}

/// Who played each side of it, as an autosave written before saves named their players
/// kept them.
fn players_file(dir: &Path) -> PathBuf {
    dir.join("autosave-players.ron")
}

/// The seats of a network battle this window hosted (you, a remote player, or the
/// host's computer player, side by side), with the seed of the battle they are for.
fn seats_file(dir: &Path) -> PathBuf {
    dir.join("autosave-hosted.ron")
}

/// A battle left in progress.
pub struct LeftInProgress {
    pub save: Box<dyn SavedBattle>,
    /// Who plays each side when it is resumed here.
    pub players: [Controller; 2],
    /// Where this window hosted it online: its seats, to host it again.
    pub hosted: Option<[Controller; 2]>,
}

/// The battle to resume, if one was left in progress.
pub fn left_in_progress(dir: &Path) -> Option<LeftInProgress> {
    let save = read_save(&battle_file(dir)).ok()?;
    let players = save.players().or_else(|| {
        let text = std::fs::read_to_string(players_file(dir)).ok()?;
        ron::from_str(&text).ok()
    })?;
    // The seats of this battle only: a file beside another battle's save (its write
    // cut short) names another seed, and is not read.
    let hosted = std::fs::read_to_string(seats_file(dir))
        .ok()
        .and_then(|text| ron::from_str::<([Controller; 2], u64)>(&text).ok())
        .filter(|(_, seed)| *seed == save.seed())
        .map(|(seats, _)| seats);
    Some(LeftInProgress {
        save,
        players,
        hosted,
    })
}

/// Forgets the battle in progress (it ended, or was left on purpose).
pub fn forget(dir: &Path) {
    for file in [battle_file(dir), players_file(dir), seats_file(dir)] {
        let _ = std::fs::remove_file(file);
    }
}

/// Writes the battle, its players in it, and the seats of a network battle this
/// window hosts; what an older autosave kept beside it goes, so it is never read beside
/// another battle.
pub(crate) fn write<R: warband_table::sim::Contest>(
    dir: &Path,
    session: &mut GameSession<R>,
) -> Result<(), String> {
    let save = session.save();
    let _ = std::fs::remove_file(seats_file(dir));
    save.write(&battle_file(dir)).map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(players_file(dir));
    if let Some(net) = &session.net {
        let seats =
            Side::BOTH.map(|s| session.controllers[s.index()].as_told(net.computer_at_host(s)));
        let text = ron::to_string(&(seats, session.seed)).map_err(|e| e.to_string())?;
        warband_table::files::write_atomic(&seats_file(dir), &text).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// When the autosave was last written, and of how much of the log.
#[derive(Default)]
struct Written {
    at: Option<Instant>,
    commands: usize,
}

/// Ruleset `R`'s autosave, while its battle is on the table.
pub fn plugin<R: Desk>(app: &mut App) {
    app.init_resource::<AutosaveFolder>()
        .add_systems(Last, keep::<R>.run_if(on_table::<R>()));
}

fn keep<R: Desk>(
    mut session: NonSendMut<GameSession<R>>,
    folder: Res<AutosaveFolder>,
    picture: Option<Res<crate::game::screens::smoke::PictureRun>>,
    mut written: Local<Written>,
) {
    // A network battle is the host's to keep (a joined window's save of it would
    // seat no one at the host's side). A run for a picture (`--screenshot`) keeps none.
    let joined = session.joined();
    if session.replay.is_some() || joined || picture.is_some() {
        return;
    }
    if session.engine.outcome().is_some() {
        if written.commands > 0 {
            forget(&folder.0);
            written.commands = 0;
        }
        return;
    }
    let commands = session.commands.len();
    let waiting_for_you = session.human_turn().is_some();
    let due = written.at.is_none_or(|t| t.elapsed() >= EVERY);
    if commands != written.commands && (waiting_for_you || due) {
        match write(&folder.0, &mut session) {
            Ok(()) => {}
            Err(e) => session.refuse(format!("Could not autosave: {e}")),
        }
        *written = Written {
            at: Some(Instant::now()),
            commands,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::OnTable;
    use warband_marauders::engine::Marauders;

    /// A Marauders battle of a person (A) against `normal` (B), with its autosave kept
    /// in a folder of the test's own.
    fn app(dir: &Path) -> App {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = <Marauders as warband_table::sim::Contest>::load(
            &root.join("assets/scenarios/open-field.ron"),
        )
        .unwrap();
        let session =
            GameSession::<Marauders>::new(setup, 5, [Controller::Human, Controller::NORMAL])
                .unwrap();
        let mut app = App::new();
        app.insert_non_send(session)
            .insert_resource(OnTable(warband_rules::Ruleset::Marauders))
            .insert_resource(AutosaveFolder(dir.to_path_buf()))
            .add_systems(Update, keep::<Marauders>);
        app
    }

    /// A folder removed when the test is done, passed or not.
    struct Scratch(PathBuf);
    impl Scratch {
        /// A new folder of the temporary folder's, named `name` and the process's id.
        fn made(name: &str) -> Self {
            let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn path(&self) -> &Path {
            &self.0
        }
    }

    /// The person's first command in `s`: the end of their part of the phase.
    fn end_phase(s: &mut GameSession<Marauders>) {
        let side = s.human_turn().unwrap();
        s.submit(side, warband_marauders::Command::EndPhase)
            .unwrap();
    }
    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// Written once the battle waits for the person after a command; read back with its
    /// players; gone once the battle is over.
    #[test]
    fn a_battle_in_progress_is_kept_until_it_ends() {
        let dir = Scratch::made("warband-autosave");
        let mut app = app(dir.path());
        app.update();
        assert!(left_in_progress(dir.path()).is_none(), "nothing played yet");
        end_phase(&mut app.world_mut().non_send_mut::<GameSession<Marauders>>());
        app.update();
        let LeftInProgress {
            save,
            players,
            hosted,
        } = left_in_progress(dir.path()).expect("autosaved");
        assert_eq!(players, [Controller::Human, Controller::NORMAL]);
        assert_eq!(hosted, None, "played at this window: resumed here");
        assert!(
            save.progress().starts_with("round 1 of"),
            "{}",
            save.progress()
        );
        {
            let mut s = app.world_mut().non_send_mut::<GameSession<Marauders>>();
            while s.engine.outcome().is_none() {
                let side = s.engine.awaiting().unwrap();
                let c = <Marauders as warband_table::engine::Rules>::yield_command(
                    s.engine.world(),
                    side,
                );
                s.submit(side, c).unwrap();
            }
        }
        app.update();
        assert!(
            left_in_progress(dir.path()).is_none(),
            "an ended battle is not resumed"
        );
    }

    /// Left saved, the battle is kept to resume from the menu, as it stands; left
    /// without saving, it is forgotten.
    #[test]
    fn a_battle_left_saved_is_offered_again() {
        let dir = Scratch::made("warband-left");
        let mut app = app(dir.path());
        let mut s = app.world_mut().non_send_mut::<GameSession<Marauders>>();
        end_phase(&mut s);
        s.leave_autosave(dir.path(), true);
        let left = left_in_progress(dir.path()).expect("offered again");
        assert!(
            left.save.progress().starts_with("round 1 of"),
            "{}",
            left.save.progress()
        );
        assert_eq!(left.players, [Controller::Human, Controller::NORMAL]);
        s.leave_autosave(dir.path(), false);
        assert!(
            left_in_progress(dir.path()).is_none(),
            "left unsaved: forgotten"
        );
    }
}
