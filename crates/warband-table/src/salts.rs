//! A network battle's dice salts. The host draws a salt for each command after it is
//! committed, and the command's dice come from [`crate::save::salted_seed`]`(seed, seq,
//! salt)`, so no player can foresee them. A battle begun at one machine and hosted
//! online later is salted from the command it went online at: the commands before it
//! drew their dice from the seed alone.

/// The salt of command `i` in `list`, one a command from command `from` on.
pub(crate) fn salt_at(from: usize, list: &[u64], i: usize) -> Option<u64> {
    list.get(i.checked_sub(from)?).copied()
}

/// The salts of a battle's commands, by the command's place in the battle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Salts {
    /// The first command salted; `None` for a battle never played online.
    from: Option<usize>,
    /// One salt a command from `from` on.
    list: Vec<u64>,
}

impl Salts {
    /// A battle salted from command `from` on, with these salts.
    pub fn listed(from: usize, list: Vec<u64>) -> Self {
        Self {
            from: Some(from),
            list,
        }
    }

    /// The salts of commands that each had one or not, in order: salted from the first
    /// that had one. `None` where one without a salt follows one with a salt (a battle
    /// salted from one command on salts every command after it).
    pub fn of(each: impl IntoIterator<Item = Option<u64>>) -> Option<Self> {
        let mut salts = Self::default();
        for (i, salt) in each.into_iter().enumerate() {
            match (salt, salts.from) {
                (Some(s), None) => salts = Self::listed(i, vec![s]),
                (Some(s), Some(_)) => salts.list.push(s),
                (None, Some(_)) => return None,
                (None, None) => {}
            }
        }
        Some(salts)
    }

    /// The salt of command `i`, if the battle salted it.
    pub fn get(&self, i: usize) -> Option<u64> {
        salt_at(self.from?, &self.list, i)
    }

    /// Whether the battle's commands are salted from some command on: then every
    /// command played on is salted too.
    pub fn is_salted(&self) -> bool {
        self.from.is_some()
    }

    /// The first command salted, if any.
    pub fn from(&self) -> Option<usize> {
        self.from
    }

    /// The salts listed, one a command from [`Salts::from`] on.
    pub fn list(&self) -> &[u64] {
        &self.list
    }

    /// Adds the salt of the next command (the battle must be salted).
    pub fn push(&mut self, salt: u64) {
        debug_assert!(self.is_salted(), "an unsalted battle has no salts to add");
        self.list.push(salt);
    }

    /// The salts of the first `n` commands: none if the battle was not yet salted by
    /// then.
    pub fn first(&self, n: usize) -> Self {
        match self.from {
            Some(from) if from < n => {
                Self::listed(from, self.list[..(n - from).min(self.list.len())].to_vec())
            }
            _ => Self::default(),
        }
    }

    /// Checks there is one salt a command from the first salted to the last of
    /// `commands`.
    pub fn check(&self, commands: usize) -> Result<(), String> {
        let Some(from) = self.from else { return Ok(()) };
        if from + self.list.len() == commands {
            return Ok(());
        }
        Err(format!(
            "the save has {} dice salts from command {} for {commands} commands (expected one each from there)",
            self.list.len(),
            from + 1
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salts_are_found_by_the_commands_place() {
        let s = Salts::listed(3, vec![30, 40]);
        let got: Vec<_> = (0..6).map(|i| s.get(i)).collect();
        assert_eq!(got, [None, None, None, Some(30), Some(40), None]);
        assert_eq!(Salts::default().get(0), None);
        assert!(!Salts::default().is_salted());
        assert!(Salts::listed(7, Vec::new()).is_salted());
    }

    #[test]
    fn salts_are_read_off_each_commands_own() {
        let s = Salts::of([None, None, Some(5), Some(6)]).unwrap();
        assert_eq!(s, Salts::listed(2, vec![5, 6]));
        assert_eq!(Salts::of([None, None]).unwrap(), Salts::default());
        assert_eq!(
            Salts::of([Some(1), None]),
            None,
            "a gap after the first salt"
        );
    }

    #[test]
    fn the_first_commands_keep_only_their_own_salts() {
        let s = Salts::listed(2, vec![5, 6, 7]);
        assert_eq!(s.first(4), Salts::listed(2, vec![5, 6]));
        assert_eq!(s.first(2), Salts::default(), "none salted yet");
        assert_eq!(s.first(9), s);
    }

    #[test]
    fn a_salt_is_wanted_for_every_command_from_the_first_salted() {
        assert!(Salts::listed(2, vec![5, 6]).check(4).is_ok());
        let e = Salts::listed(2, vec![5]).check(4).unwrap_err();
        assert!(
            e.contains("1 dice salts from command 3 for 4 commands"),
            "{e}"
        );
        assert!(Salts::default().check(9).is_ok());
    }
}
