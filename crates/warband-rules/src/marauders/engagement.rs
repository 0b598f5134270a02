//! §3 Movement: engagement and disengaging.
//! "Enemies that are engaged in combat can disengage unless the engagement started that
//! round. On disengaging, every enemy in base-to-base contact damage with 1 HD strength."

/// Whether a model engaged since `engaged_since` may disengage in `round`.
pub fn may_disengage(engaged_since: u32, round: u32) -> bool {
    engaged_since < round
}

/// Damage dice a disengaging model suffers: one die (1 HD strength, no modifier) from
/// each enemy in base-to-base contact.
pub fn disengage_dice(enemies_in_contact: usize) -> usize {
    enemies_in_contact
}

/// The strength, in dice, of a hit "with 1 HD strength" (disengaging, a shot, a model
/// struck as an obstacle).
pub const ONE_HD: usize = 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_disengage_in_the_round_engagement_started() {
        assert!(!may_disengage(3, 3));
        assert!(may_disengage(2, 3));
        assert!(may_disengage(1, 5));
    }

    #[test]
    fn one_die_per_enemy_in_contact() {
        assert_eq!(disengage_dice(0), 0);
        assert_eq!(disengage_dice(3), 3 * ONE_HD);
    }
}
