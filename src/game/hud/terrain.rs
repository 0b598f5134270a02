//! What terrain does, in words: the hover card of a piece under the pointer (when no
//! base is) and the setup screen's legend of a scenario's pieces.

use crate::game::hud::hover_card;
use crate::game::session::TableLayout;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_table::components::{TerrainMap, bases_near};
use warband_table::geometry::TerrainFlags;
use warband_table::geometry::facing::hit;
use warband_table::table::{TerrainDef, TerrainKind};

/// A kind of terrain as a player names it.
pub fn kind_name(kind: TerrainKind) -> &'static str {
    match kind {
        TerrainKind::Wood => "wood",
        TerrainKind::LowWall => "low wall",
        TerrainKind::House => "building",
        TerrainKind::Rough => "rough ground",
        TerrainKind::Impassable => "impassable",
        TerrainKind::Hill => "hill",
        TerrainKind::River => "river",
    }
}

/// A piece as a player sees it: its look when it is not its kind's own (a cliff that
/// plays as a building is a cliff), else its kind. What it does follows in words.
pub fn seen_as(piece: &TerrainDef) -> &'static str {
    let look = piece.look();
    if look == warband_table::table::Look::of(piece.kind) {
        kind_name(piece.kind)
    } else {
        look.name()
    }
}

/// What a piece with these properties does, a short phrase each.
pub fn effects(f: TerrainFlags) -> Vec<&'static str> {
    let mut out = Vec::new();
    if f.blocks_movement {
        out.push("no model may enter it");
    }
    if f.blocks_sight {
        out.push("blocks sight");
    }
    if f.rough {
        out.push("slow to cross");
    }
    if f.cover {
        out.push("cover to models in or behind it");
    }
    if f.obstacle {
        out.push("an obstacle to shots across it");
    }
    out
}

/// "Copse (wood): slow to cross; cover …".
pub fn legend_line(t: &TerrainDef) -> String {
    format!(
        "{} ({}): {}",
        t.name,
        seen_as(t),
        effects(t.kind.flags()).join("; ")
    )
}

/// The card of the terrain piece under `cursor`, unless a model in play stands there.
/// It asks the engine's own base grid and terrain shapes, built once for the battle.
pub fn card(ctx: &egui::Context, world: &World, layout: &TableLayout, cursor: Vec2) {
    let on_a_base = bases_near(world, cursor, cursor, 0.0)
        .iter()
        .any(|(_, _, b)| hit(b, cursor));
    if on_a_base {
        return;
    }
    let shapes = &world.resource::<TerrainMap>().0;
    let Some(piece) = shapes
        .iter()
        .rposition(|s| s.contains(cursor))
        .and_then(|i| layout.terrain.get(i))
    else {
        return;
    };
    hover_card(ctx, "terrain card", |ui| {
        ui.strong(format!("{} · {}", piece.name, seen_as(piece)));
        for e in effects(piece.kind.flags()) {
            ui.small(e);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_says_what_it_does() {
        for kind in TerrainKind::ALL {
            assert!(!effects(kind.flags()).is_empty(), "{kind:?} does something");
        }
        let copse = TerrainDef {
            look: None,
            name: "Copse".into(),
            kind: TerrainKind::Wood,
            corners: vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)],
        };
        assert_eq!(
            legend_line(&copse),
            "Copse (wood): slow to cross; cover to models in or behind it; an obstacle to shots across it"
        );
        let wall = TerrainDef {
            look: Some(warband_table::table::Look::Cliff),
            name: "West wall".into(),
            kind: TerrainKind::House,
            corners: copse.corners.clone(),
        };
        assert!(
            legend_line(&wall).starts_with("West wall (cliff): "),
            "{}",
            legend_line(&wall)
        );
    }
}
