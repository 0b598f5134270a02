//! The course of a finished battle, for its result: what each side had out of the fight
//! at the end of every round (its losses, or in Borderlands also the HP of its models
//! asleep, held, dying or fleeing), replayed from the battle's own commands, and its
//! turning points — the rounds that swung the battle most.

use warband_rules::Side;
use warband_table::engine::Engine;
use warband_table::salts::Salts;
use warband_table::sim::Contest;

/// What each side had out of the fight (in the ruleset's `LOSSES`) after each round,
/// from round 0 (the start) to the last played: its losses, where the ruleset counts no
/// more (`Contest::in_fight`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Course {
    pub losses: Vec<[u32; 2]>,
    /// What each side had to lose in all as the battle began (`Contest::at_stake`).
    pub stake: [u32; 2],
}

/// A round that swung the battle: what each side lost in it, and had to lose in all.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Swing {
    pub round: u32,
    pub lost: [u32; 2],
    pub stake: [u32; 2],
}

impl Swing {
    /// The share of its whole that side `i` lost in the round.
    pub fn share(&self, i: usize) -> f64 {
        f64::from(self.lost[i]) / f64::from(self.stake[i].max(1))
    }

    /// The side it favoured: the one that lost the smaller share of what it had (a party
    /// of five that loses 12 HP of its 40 fares worse than a horde losing 30 of 150).
    pub fn favoured(&self) -> Option<Side> {
        match self.share(0).total_cmp(&self.share(1)) {
            std::cmp::Ordering::Less => Some(Side::A),
            std::cmp::Ordering::Greater => Some(Side::B),
            std::cmp::Ordering::Equal => None,
        }
    }

    /// How far it swung the battle: the difference of the shares lost.
    fn swing(&self) -> f64 {
        (self.share(0) - self.share(1)).abs()
    }
}

/// Replays `commands` from `seed` and notes the losses whenever a round ends, and at
/// the battle's end.
pub fn course<R: Contest>(
    setup: &R::Setup,
    seed: u64,
    commands: &[(Side, R::Command)],
    salts: &Salts,
) -> Result<Course, String> {
    let mut e = Engine::<R>::new(setup, seed)?;
    let mut losses = vec![[0, 0]];
    let mut round = R::round(e.world()).max(1);
    // What each side has at stake, once the armies stand on the table (round 1).
    let mut stake = (R::round(e.world()) >= 1).then(|| R::at_stake(e.world()));
    for (i, (side, c)) in commands.iter().enumerate() {
        // A network battle's dice were salted command by command.
        e.salt_dice(seed, i as u64, salts.get(i));
        let _ = e.submit(*side, c.clone());
        let now = R::round(e.world());
        if stake.is_none() && now >= 1 {
            stake = Some(R::at_stake(e.world()));
        }
        // The command that ended a round played out its last phases too: what was lost
        // by now was lost in the round it ended (and none in those it skipped).
        while round < now {
            losses.push(out_of_fight::<R>(e.world(), stake));
            round += 1;
        }
    }
    // The round under way when the commands stop: a battle won mid-round, or in a round
    // that began and ended at once (the last of a side fled the table at its step).
    while losses.len() <= warband_table::sim::rounds_played::<R>(e.world()) as usize {
        losses.push(out_of_fight::<R>(e.world(), stake));
    }
    // Cures and heals can bring what a side loses past what it began with: the stake
    // is then at least what it lost, so no share reads over 100%.
    let end = losses.last().copied().unwrap_or_default();
    let begun = stake.unwrap_or_else(|| R::at_stake(e.world()));
    let stake = [0, 1].map(|i| begun[i].max(end[i]));
    Ok(Course { losses, stake })
}

/// What each side has out of the fight: what it began with less what it still has in
/// the fight, where the ruleset says that (and the stake is known), else its losses.
fn out_of_fight<R: Contest>(world: &bevy::ecs::world::World, stake: Option<[u32; 2]>) -> [u32; 2] {
    match (R::in_fight(world), stake) {
        (Some(have), Some(stake)) => [0, 1].map(|i| stake[i].saturating_sub(have[i])),
        _ => R::losses(world),
    }
}

impl Course {
    /// What each side lost in each round, from round 1.
    pub fn per_round(&self) -> Vec<Swing> {
        self.losses
            .windows(2)
            .enumerate()
            .map(|(i, w)| Swing {
                round: i as u32 + 1,
                lost: [
                    w[1][0] - w[0][0].min(w[1][0]),
                    w[1][1] - w[0][1].min(w[1][1]),
                ],
                stake: self.stake,
            })
            .collect()
    }

    /// The rounds that swung the battle most (by the difference of the shares of their
    /// whole the sides lost in them), at most `n`, in the order they came.
    pub fn turning_points(&self, n: usize) -> Vec<Swing> {
        let mut rounds = self.per_round();
        rounds.retain(|s| s.swing() > 0.0);
        rounds.sort_by(|a, b| b.swing().total_cmp(&a.swing()).then(a.round.cmp(&b.round)));
        rounds.truncate(n);
        rounds.sort_by_key(|s| s.round);
        rounds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_points_are_the_largest_swings_in_the_order_they_came() {
        let c = Course {
            losses: vec![[0, 0], [1, 1], [1, 5], [4, 5], [4, 6]],
            stake: [10, 10],
        };
        let per: Vec<[u32; 2]> = c.per_round().iter().map(|s| s.lost).collect();
        assert_eq!(per, [[1, 1], [0, 4], [3, 0], [0, 1]]);
        let t = c.turning_points(2);
        assert_eq!(t.iter().map(|s| s.round).collect::<Vec<_>>(), [2, 3]);
        assert_eq!(t[0].favoured(), Some(Side::A), "B lost 4 in round 2");
        assert_eq!(t[1].favoured(), Some(Side::B));
    }

    /// A small side that loses less than a big one may still lose the round: the share
    /// of what each had decides (a play-tester saw every turning point given to a party
    /// of five that lost, for losing fewer HP than the hobgoblins).
    #[test]
    fn a_round_favours_the_side_that_lost_the_smaller_share() {
        let c = Course {
            losses: vec![[0, 0], [12, 30], [12, 31]],
            stake: [40, 150],
        };
        let t = c.turning_points(3);
        assert_eq!(t[0].round, 1);
        assert_eq!(t[0].favoured(), Some(Side::B), "30% of A's, 20% of B's");
        assert_eq!(t[1].favoured(), Some(Side::A));
        assert!(t[0].swing() > t[1].swing());
    }

    /// A real battle's course ends at what the sides had out of the fight, at least the
    /// losses the result shows.
    #[test]
    fn a_battles_course_ends_where_the_battle_did() {
        use warband_marauders::engine::Marauders;
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let setup = Marauders::load(&root.join("assets/scenarios/open-field.ron")).unwrap();
        let mut e = Engine::<Marauders>::new(&setup, 3).unwrap();
        let mut players = [Side::A, Side::B].map(|s| {
            Marauders::policy(warband_marauders::ai::AiKind::Charge, 9 + s.index() as u64)
        });
        let mut commands = Vec::new();
        while let Some(side) = e.awaiting() {
            let c = players[side.index()].next(&e, side).unwrap_or_else(|| {
                <Marauders as warband_table::engine::Rules>::yield_command(e.world(), side)
            });
            commands.push((side, c.clone()));
            let _ = e.submit(side, c);
        }
        let c = course::<Marauders>(&setup, 3, &commands, &Salts::default()).unwrap();
        // What each side began with less what it still had in the fight.
        let have = Marauders::in_fight(e.world()).unwrap();
        let end = [0, 1].map(|i| c.stake[i] - have[i]);
        assert_eq!(c.losses.last(), Some(&end));
        let lost = Marauders::losses(e.world());
        assert!(end[0] >= lost[0] && end[1] >= lost[1], "{end:?}, {lost:?}");
        // Out of the fight may fall (a broken side rallies here), never below zero or
        // past what a side had.
        assert!(
            c.losses
                .iter()
                .all(|l| l[0] <= c.stake[0] && l[1] <= c.stake[1])
        );
        assert!(c.losses.len() >= 2);
        // Both sides had something to lose, and none lost more than it had.
        assert!(c.stake.iter().all(|s| *s > 0), "{:?}", c.stake);
        let end = c.losses.last().unwrap();
        assert!(
            end[0] <= c.stake[0] && end[1] <= c.stake[1],
            "{end:?} of {:?}",
            c.stake
        );
    }

    /// The chart has a point for every round the result says was played, the round a
    /// battle ended in too where it began and ended at once (the cave-mouth battle on
    /// record: the last kobolds flee the table at their step in round 5).
    #[test]
    fn the_course_has_every_round_the_result_counts() {
        use warband_borderlands::Borderlands;
        for name in ["cave-mouth-charge-v-random", "lair-hall-normal-v-normal"] {
            let file = format!("borderlands/{name}.ron");
            let save = crate::game::test_app::recorded::<Borderlands>(&file);
            let e = save.replay().unwrap();
            let played = warband_table::sim::rounds_played::<Borderlands>(e.world());
            let c = course::<Borderlands>(&save.setup, save.seed, &save.commands, &save.salts());
            let c = c.unwrap();
            assert_eq!(c.losses.len() as u32, played + 1, "{name}: {:?}", c.losses);
            // It ends where the battle did: what each side began with less what it still
            // had in the fight.
            let have = Borderlands::in_fight(e.world()).unwrap();
            let end = [0, 1].map(|i| c.stake[i] - have[i]);
            assert_eq!(c.losses.last(), Some(&end), "{name}");
        }
    }

    /// A battle won by a rout turned where the side broke, not where HP were lost: the
    /// cave mouth's kobolds lost 3 HP and fled the table to the last one, so all they had
    /// is out of the fight by the end, and the turning point is theirs to lose.
    #[test]
    fn a_rout_is_a_turning_point() {
        use warband_borderlands::Borderlands;
        let file = "borderlands/cave-mouth-charge-v-random.ron";
        let save = crate::game::test_app::recorded::<Borderlands>(file);
        let e = save.replay().unwrap();
        let c = course::<Borderlands>(&save.setup, save.seed, &save.commands, &save.salts());
        let c = c.unwrap();
        assert_eq!(Borderlands::losses(e.world())[1], 3);
        assert_eq!(c.losses.last().unwrap()[1], c.stake[1], "{:?}", c.losses);
        let turn = c.turning_points(1)[0];
        assert_eq!(turn.favoured(), Some(Side::A), "{turn:?}");
        assert!(turn.share(1) > 0.5, "{turn:?}");
    }

    /// A Marauders battle won by a rout turned where the side broke: the random side B
    /// of the open-field battle on record fails its morale in round 6 and has no model in
    /// play in round 7, so all it had is out of the fight from round 6.
    #[test]
    fn a_marauders_rout_is_a_turning_point() {
        use warband_marauders::engine::Marauders;
        let save = crate::game::test_app::recorded::<Marauders>(
            "marauders/open-field-normal-v-random.ron",
        );
        let c = course::<Marauders>(&save.setup, save.seed, &save.commands, &save.salts());
        let c = c.unwrap();
        assert_eq!(c.losses.len(), 8, "rounds 0 to 7: {:?}", c.losses);
        assert!(
            c.losses[5][1] < c.stake[1],
            "{:?} of {:?}",
            c.losses,
            c.stake
        );
        assert_eq!(c.losses[6][1], c.stake[1], "{:?}", c.losses);
        let turns = c.turning_points(3);
        let rout = turns
            .iter()
            .find(|t| t.round == 6)
            .expect("round 6 turned it");
        assert_eq!(rout.favoured(), Some(Side::A), "{turns:?}");
    }
}
