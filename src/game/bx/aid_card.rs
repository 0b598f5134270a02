//! What a click on a dying ally would do, before it is made: give first aid, with its
//! chance, or move beside it first, or why neither (a play-tester found first aid only
//! in the rules window).

use bevy::ecs::world::World;
use bevy_egui::egui;
use warband_borderlands::actions::{
    beside, check_first_aid, check_first_aid_but_contact, check_move_to,
};
use warband_borderlands::battle::View;
use warband_rules::borderlands::rules::first_aid_works;

/// The card of `v` pointing at its ally `t`, where `t` is down.
pub fn show(ui: &mut egui::Ui, world: &World, v: &View, t: &View) {
    ui.strong(format!(
        "First aid to {}",
        super::describe::name(world, t.id)
    ));
    ui.label(words(world, v, t));
}

/// The card's words: the engine's own checks, and the chance as the rules roll it.
pub fn words(world: &World, v: &View, t: &View) -> String {
    let wis = v.stats.wis;
    let chance = (1..=20u8).filter(|r| first_aid_works(wis, *r)).count() as f64 / 20.0;
    let odds = format!(
        "a d20 at or under {}'s WIS of {wis}: {} to stabilise it",
        super::describe::name(world, v.id),
        crate::game::hud::pct(chance)
    );
    match (
        check_first_aid(world, v.side, v.id, t.id),
        check_first_aid_but_contact(world, v.side, v.id, t.id),
    ) {
        (Ok(_), _) => format!("A click tends it (its action this round): {odds}."),
        (Err(_), Ok(_)) => going_to(world, v, t, &odds),
        (Err(why), Err(_)) => format!("No first aid: {}.", said(world, &why.0)),
    }
}

/// Where a click takes `v` to tend `t` later, as the click sends it: beside it, or as
/// far as it may toward it this round, or nowhere and why (a play-tester was promised a
/// move beside the friend and then refused it: in melee, or past the move's reach).
fn going_to(world: &World, v: &View, t: &View, odds: &str) -> String {
    let to = beside(v, t);
    let Err(why) = check_move_to(world, v.side, v.id, to) else {
        return format!("A click moves beside it; first aid (its action) the round after: {odds}.");
    };
    match super::input::ghost::farthest_toward(world, v.side, v, to) {
        Some(_) => format!(
            "Not beside it this round ({}): a click moves as far as it may toward it; first aid once beside it: {odds}.",
            said(world, &why.0)
        ),
        None => format!("No first aid this round: {}.", said(world, &why.0)),
    }
}

/// The engine's words as a player reads them: "model 2" as "Cleric 2 #2".
fn said(world: &World, why: &str) -> String {
    <warband_borderlands::Borderlands as crate::game::desk::Desk>::readable(world, why)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_borderlands::battle::in_play;
    use warband_borderlands::components::{Condition, Down};

    /// A hero beside a dying friend is told the click tends it, with the chance as the
    /// rules roll it (WIS 10: 10 faces of 20); one far off, that it moves there first.
    #[test]
    fn a_dying_friend_is_offered_first_aid_with_its_chance() {
        let mut engine = crate::game::test_app::new_battle::<warband_borderlands::Borderlands>(
            "cave-mouth.ron",
            7,
        );
        let heroes: Vec<View> = in_play(engine.world())
            .into_iter()
            .filter(|m| m.stats.hero)
            .collect();
        let (v, t) = (&heroes[0], &heroes[1]);
        engine.world_mut().entity_mut(t.entity).insert(Condition {
            down: Some(Down::Bleeding),
            ..t.cond
        });
        let t = warband_borderlands::battle::find(engine.world(), t.id).unwrap();
        let said = words(engine.world(), v, &t);
        let chance = f64::from(v.stats.wis.min(20)) / 20.0;
        assert!(said.contains(&crate::game::hud::pct(chance)), "{said}");
        let touching = warband_table::geometry::in_contact(&v.base, &t.base);
        let first = if touching {
            "A click tends it"
        } else {
            "A click moves beside it"
        };
        assert!(said.starts_with(first), "{said}");
        let healthy = &heroes[2];
        assert!(words(engine.world(), v, healthy).starts_with("No first aid"));
    }
}
