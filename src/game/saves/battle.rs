//! A saved battle of any ruleset, as the Saves screen lists and starts it.

use crate::game::desk::{Desk, desk};
use crate::game::net::launch::{HostLaunch, HostSeat, Refused};
use crate::game::session::{Controller, Launch, Starter};
use std::path::Path;
use warband_net::host::Resumable;
use warband_table::save::Save;
use warband_table::scenario::Setup;

/// A saved battle of any ruleset, read from its file: what the Saves screen shows and
/// starts.
pub trait SavedBattle: Send + Sync {
    fn ruleset(&self) -> warband_rules::Ruleset;
    /// "Scenario — army v army".
    fn summary(&self) -> String;
    /// How far it went: "round 3 of 12", "over in round 7", or for a save that does
    /// not say, "120 commands".
    fn progress(&self) -> String;
    fn seed(&self) -> u64;
    /// The armies' names, side A's first.
    fn armies(&self) -> [String; 2];
    /// Whether it was saved over (so there is nothing to play on); a save that does not
    /// say is taken as not over.
    fn over(&self) -> bool;
    /// Who played each side, where the save says: Play on… offers them again.
    fn players(&self) -> Option<[Controller; 2]>;
    /// Whether any of it was played online (its dice salted by a host).
    fn online(&self) -> bool;
    /// Watch it again, with its timeline.
    fn replay(&self) -> Box<dyn Starter>;
    /// Play its commands, then carry on with these controllers; `listed` where Load
    /// battle lists the save (not the autosave), so the battle stands saved.
    fn resume(&self, controllers: [Controller; 2], listed: bool) -> Box<dyn Starter>;
    /// What hosting it online means, for the Host button's hover: a battle played at
    /// one machine keeps its seed's dice, which whoever has the save can foresee.
    fn host_words(&self) -> &'static str;
    /// Host it online from where it stands: its commands first, then these seats.
    fn host(&self, seats: [HostSeat; 2], listen: &str) -> Box<dyn Starter>;
}

impl<R: Desk> SavedBattle for Save<R> {
    fn ruleset(&self) -> warband_rules::Ruleset {
        R::RULESET
    }

    fn summary(&self) -> String {
        let armies = self.setup.armies();
        let (a, b) = (armies.a.name.clone(), armies.b.name.clone());
        format!("{} — {a} v {b}", self.setup.scenario().name)
    }

    fn progress(&self) -> String {
        let limit = self.setup.scenario().round_limit;
        let word = R::ROUND;
        match self.stood {
            Some(s) if s.over => format!("over in {word} {}", s.round),
            Some(s) if s.round == 0 => "setting up".to_string(),
            Some(s) => format!("{word} {} of {limit}", s.round),
            None => format!("{} commands", self.commands.len()),
        }
    }

    fn seed(&self) -> u64 {
        self.seed
    }

    fn armies(&self) -> [String; 2] {
        let armies = self.setup.armies();
        [armies.a.name.clone(), armies.b.name.clone()]
    }

    fn over(&self) -> bool {
        // An older save does not say; one the players ended by agreement is over.
        self.stood.map_or(self.agreed.is_some(), |s| s.over)
    }

    fn players(&self) -> Option<[Controller; 2]> {
        self.players.map(|p| p.map(Controller::seated))
    }

    fn online(&self) -> bool {
        self.salts().is_salted()
    }

    fn replay(&self) -> Box<dyn Starter> {
        Box::new(Launch::<R>::Replay {
            save: Box::new(self.clone()),
            speed: None,
        })
    }

    fn resume(&self, controllers: [Controller; 2], listed: bool) -> Box<dyn Starter> {
        Box::new(Launch::<R>::Resume {
            save: Box::new(self.clone()),
            controllers,
            listed,
        })
    }

    fn host_words(&self) -> &'static str {
        "Play on online: the remote side joins with Join a network battle and is sent the battle so far. From here on every command's dice are salted by the host after it is committed, so no one can foresee them, even with the save"
    }

    fn host(&self, seats: [HostSeat; 2], listen: &str) -> Box<dyn Starter> {
        // A save that cannot go on is refused before a port is taken.
        match Resumable::of(self) {
            Ok(resume) => Box::new(HostLaunch::<R> {
                setup: self.setup.clone(),
                seats,
                listen: listen.to_string(),
                seed: None,
                resume: Some(resume),
            }),
            Err(why) => Box::new(Refused(why)),
        }
    }
}

/// Reads a save of whichever ruleset it names.
pub fn read_save(path: &Path) -> Result<Box<dyn SavedBattle>, String> {
    let ruleset = crate::rulesets::file_ruleset(path).map_err(|e| e.to_string())?;
    desk(ruleset).read_save(path)
}
