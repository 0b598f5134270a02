//! What a battle's log says of its models, read for the result notes: the events each
//! ruleset picks out, and the models each side lost, marked as they left the table.

use bevy::prelude::*;
use warband_rules::Side;

/// What the rules' events of a battle's log say, each one `pick` reads (commands and
/// dice passed over): the models that fled, the HD healed.
pub fn read_log<'a, C, E: 'a, T>(
    events: impl IntoIterator<Item = &'a warband_table::log::Entry<C, E>>,
    mut pick: impl FnMut(&E) -> Option<T>,
) -> impl Iterator<Item = T>
where
    C: 'a,
{
    events.into_iter().filter_map(move |e| match e {
        warband_table::log::Entry::Rules(event) => pick(event),
        _ => None,
    })
}

/// "✝ Name #id" for each model of `side` out of action, named by `name`, or "`word`
/// Name #id" for those the log's events name by `gone` (out of action but not dead:
/// "fled:", "retreated:").
pub fn lost_marked<C, E>(
    world: &World,
    side: Side,
    events: &[warband_table::log::Entry<C, E>],
    (gone, word): (
        impl FnMut(&E) -> Option<warband_table::components::ModelId>,
        &str,
    ),
    name: impl Fn(Entity) -> Option<String>,
) -> Vec<String> {
    let gone: Vec<_> = read_log(events, gone).collect();
    lost_names(world, side, |e| {
        let id = world.get::<warband_table::components::ModelId>(e)?;
        let mark = if gone.contains(id) { word } else { "✝" };
        Some(format!("{mark} {}", name(e)?))
    })
}

/// "✝ Name #id" for each model of `side` out of action, as `words` gives it: the mark and
/// the name ("✝ Kobold", or "fled: Kobold" where the ruleset knows better).
fn lost_names(world: &World, side: Side, words: impl Fn(Entity) -> Option<String>) -> Vec<String> {
    use warband_table::components::{ModelId, OutOfAction, Team};
    world
        .resource::<warband_table::engine::ModelIndex>()
        .0
        .iter()
        .filter(|e| world.get::<Team>(**e).is_some_and(|t| t.0 == side))
        .filter(|e| world.get::<OutOfAction>(**e).is_some())
        .filter_map(|e| Some(format!("{} #{}", words(*e)?, world.get::<ModelId>(*e)?.0)))
        .collect()
}
