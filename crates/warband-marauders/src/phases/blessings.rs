//! Bless in melee (RULINGS: +1 die for the caster's side in one melee group, for the
//! round): counting its dice, spending it in the fight it helps, letting it fade.

use crate::battle::{Battle, ModelView};
use crate::components::{Blessing, Caster, ModelId};
use crate::log::{BattleLog, LogEvent};
use bevy_ecs::prelude::*;
use warband_table::kept_query::with_query;

/// `models` with every caster in play whose blessing is for `round` added (in id
/// order): all [`fight_dice`](super::fight_dice) looks at, without reading every model of a big battle.
pub(super) fn with_blessers(
    world: &mut World,
    mut models: Vec<ModelView>,
    round: u32,
) -> Vec<ModelView> {
    let blessers: Vec<ModelId> = with_query::<(&ModelId, &Caster), (), _>(world, |world, q| {
        q.iter(world)
            .filter(|(_, c)| c.blessing.is_some_and(|b| b.round == round))
            .map(|(id, _)| *id)
            .collect()
    });
    for id in blessers {
        if !models.iter().any(|m| m.id == id)
            && let Some(m) = crate::battle::model(world, id).filter(|m| m.in_play)
        {
            models.push(m);
        }
    }
    models.sort_by_key(|m| m.id);
    models
}

/// Bless dice each side has on a model of this group in `round` (RULINGS: +1 die for
/// the caster's side in one melee group). The engine, the odds panel and the AI all
/// count them here.
pub fn bless_bonus(models: &[ModelView], group: &[ModelId], round: u32) -> [u32; 2] {
    let mut out = [0u32; 2];
    for m in models {
        if let Some(b) = m.blessing
            && b.round == round
            && group.contains(&b.target)
        {
            out[m.side.index()] += u32::from(b.dice);
        }
    }
    out
}

/// Each blessing is spent by the fight it helped.
pub(super) fn spend_blessings(world: &mut World, group: &[ModelId], round: u32) {
    with_query::<&mut Caster, (), _>(world, |world, q| {
        for mut caster in q.iter_mut(world) {
            if caster
                .blessing
                .is_some_and(|b| b.round == round && group.contains(&b.target))
            {
                caster.blessing = None;
            }
        }
    });
}

/// At the end of the attacking phase, a blessing for this round that found no fight
/// fades (RULINGS: it lasts the round).
pub(super) fn expire_blessings(world: &mut World) {
    let round = world.resource::<Battle>().round;
    let mut faded = Vec::new();
    with_query::<(&ModelId, &mut Caster), (), _>(world, |world, q| {
        for (id, mut caster) in q.iter_mut(world) {
            if caster.blessing.is_some_and(|b: Blessing| b.round <= round) {
                caster.blessing = None;
                faded.push(*id);
            }
        }
    });
    faded.sort_unstable();
    let mut log = world.resource_mut::<BattleLog>();
    for model in faded {
        log.push(LogEvent::BlessingFaded { model });
    }
}
