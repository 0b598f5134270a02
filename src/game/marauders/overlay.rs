//! Drawn fresh every frame with gizmos: selection, HD pips, engagements, the movement
//! ghost and allowance, lines of fire, melee groups and the threat overlay.

use super::input::{Selection, move_to, viewpoint};
use crate::game::camera::TableCamera;
use crate::game::marauders::Session;
use crate::game::minis::DrawnAt;
use crate::game::palette;
use crate::game::table::table_ring;
use bevy::prelude::*;
use warband_marauders::battle::{ModelView, TerrainMap, in_play};
use warband_marauders::engine::Spells;
use warband_marauders::geometry::{CONTACT_GAP, Crossed, close_pairs, in_contact, line_of_fire};
use warband_marauders::phases::{Phase, charge_threats, check_mobile, open_groups};
use warband_rules::marauders::spells::{SpellDef, SpellEffect};
use warband_table::components::ModelId;
use warband_table::geometry::Placed;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.run_if(crate::game::desk::on_table::<
            warband_marauders::engine::Marauders,
        >())
        .after(crate::game::pointer::InputDone)
        .after(crate::game::minis::Painted),
    );
}

/// Inches a screen pixel covers above which HD pips are left out: a pip is then under
/// 1.5 pixels across, a speck no one can count (the great field seen whole is at
/// about 0.19), and drawing 1,000 of them cost the software renderer frames.
const PIPS_UNTIL: f32 = 0.093;

fn draw(
    session: NonSend<Session>,
    sel: Res<Selection>,
    camera: Option<Single<&Projection, With<TableCamera>>>,
    drawn: DrawnAt,
    mut g: Gizmos,
) {
    let all = in_play(session.engine.world());
    // Pips, rings and contact lines go where the miniatures are drawn, mid-glide too.
    let places = drawn.places();
    let at = |m: &ModelView| places.base(m.id, &m.base);
    let pips = match camera.as_deref() {
        Some(Projection::Orthographic(o)) => o.scale <= PIPS_UNTIL,
        _ => true,
    };
    for m in &all {
        pips_and_blindness(&mut g, m, &at(m), pips);
    }
    engagements(&mut g, &all, &at);
    let get = |id: ModelId| all.iter().find(|m| m.id == id);
    if let Some(h) = sel.hover.and_then(get) {
        g.circle_2d(
            at(h).center,
            h.base.shape.reach() + 0.12,
            Color::srgba(1.0, 1.0, 1.0, 0.6),
        );
    }
    if let Some(m) = sel.model.and_then(get) {
        g.circle_2d(at(m).center, m.base.shape.reach() + 0.18, palette::SELECT);
    }
    phase_marks(&mut g, &session, &sel, &all);
    if sel.threat {
        let me = viewpoint(&session);
        let table = session.engine.battle().table;
        for (e, reach) in charge_threats(session.engine.world(), me.other()) {
            table_ring(&mut g, table, e.base.center, reach, palette::THREAT);
        }
    }
}

/// HD pips above a base (`base`: where it is drawn), filled for HD left (when they are
/// big enough to count), and a yellow ring round a blinded model.
fn pips_and_blindness(g: &mut Gizmos, m: &ModelView, base: &Placed, pips: bool) {
    let r = base.shape.reach();
    let n = if pips { m.hd.initial as usize } else { 0 };
    for i in 0..n {
        let x = (i as f32 - (n as f32 - 1.0) / 2.0) * 0.22;
        let at = base.center + Vec2::new(x, r + 0.2);
        let c = if i < m.hd.left as usize {
            Color::WHITE
        } else {
            Color::srgba(1.0, 1.0, 1.0, 0.25)
        };
        // A pip is a few pixels across: eight sides look round there, for a quarter
        // of the default 32 lines (1,000 pips on the great field).
        g.circle_2d(at, 0.07, c).resolution(8);
    }
    if m.conditions.blinded {
        g.circle_2d(base.center, r + 0.08, Color::srgb(0.9, 0.9, 0.2));
    }
}

/// A line between enemies in contact (drawn between the miniatures, `at`): touching
/// pairs found by sweep and prune, not every pair each frame.
fn engagements(g: &mut Gizmos, all: &[ModelView], at: &dyn Fn(&ModelView) -> Placed) {
    for (i, j) in close_pairs(all, |m| &m.base, CONTACT_GAP) {
        let (a, b) = (&all[i], &all[j]);
        if a.side != b.side && in_contact(&a.base, &b.base) {
            g.line_2d(at(a).center, at(b).center, palette::ENGAGED);
        }
    }
}

/// What the phase shows of the selected model: its move allowance and the move to the
/// pointer, its missile range and line of fire, or the melee groups still to fight.
fn phase_marks(g: &mut Gizmos, session: &Session, sel: &Selection, all: &[ModelView]) {
    let world = session.engine.world();
    let table = session.engine.battle().table;
    let get = |id: ModelId| all.iter().find(|m| m.id == id);
    let selected = sel.model.and_then(get);
    let my_turn = session.human_turn();
    match (session.engine.phase(), selected, sel.cursor) {
        (Phase::Movement, Some(m), Some(cursor))
            if my_turn.is_some_and(|side| check_mobile(world, side, m.id).is_ok()) =>
        {
            let allowance = m.profile.armour.movement_allowance();
            table_ring(g, table, m.base.center, allowance, palette::ALLOWANCE);
            if let Some(gh) = move_to(session, m, sel.hover.and_then(get), cursor) {
                g.line_2d(m.base.center, gh.end, palette::GHOST);
                g.circle_2d(gh.end, m.base.shape.reach(), palette::GHOST);
                for t in gh.charged.iter().filter_map(|id| get(*id)) {
                    g.circle_2d(t.base.center, t.base.shape.reach() + 0.15, palette::CHARGE);
                }
            }
        }
        (Phase::Shooting, Some(s), _) => {
            if let Some(r) = &s.profile.ranged {
                let reach = r.range + s.base.shape.reach();
                table_ring(
                    g,
                    table,
                    s.base.center,
                    reach,
                    Color::srgba(1.0, 0.6, 0.2, 0.25),
                );
                if let Some(t) = sel.hover.and_then(get).filter(|t| t.side != s.side) {
                    draw_fire(g, session, all, s, t);
                }
            }
        }
        (Phase::DeclareSpells, Some(c), cursor) => {
            let spells = world.resource::<Spells>();
            if let Some(def) = sel.spell.and_then(|s| spells.get(s.name())) {
                spell_marks(g, table, c, def, cursor);
            }
        }
        (Phase::Attacking, _, _) => {
            for m in open_groups(world).into_iter().flatten().filter_map(get) {
                g.circle_2d(
                    m.base.center,
                    m.base.shape.reach() + 0.25,
                    Color::srgba(1.0, 0.3, 0.2, 0.8),
                );
            }
        }
        _ => {}
    }
}

/// A chosen spell's range round its caster (from the base's edge) and, for Sleep, its
/// area round the pointer.
fn spell_marks(g: &mut Gizmos, table: Vec2, c: &ModelView, def: &SpellDef, cursor: Option<Vec2>) {
    let reach = def.range.max(0.05) + c.base.shape.reach();
    table_ring(g, table, c.base.center, reach, palette::SPELL);
    if let (SpellEffect::Sleep { radius, .. }, Some(at)) = (&def.effect, cursor) {
        g.circle_2d(at, *radius, palette::SPELL);
        g.circle_2d(at, 0.1, palette::SPELL);
    }
}

fn draw_fire(g: &mut Gizmos, session: &Session, all: &[ModelView], s: &ModelView, t: &ModelView) {
    let world = session.engine.world();
    let bases: Vec<_> = all.iter().map(|m| (m.id, m.base)).collect();
    let line = line_of_fire(
        (s.id, &s.base),
        (t.id, &t.base),
        &bases,
        &world.resource::<TerrainMap>().0,
    );
    let colour = if line.sight_blocked_by.is_some() {
        Color::srgba(0.6, 0.6, 0.6, 0.7)
    } else {
        palette::FIRE
    };
    g.line_2d(s.base.center, t.base.center, colour);
    for c in &line.obstacles {
        let at = s.base.center.lerp(t.base.center, c.at);
        let size = match c.what {
            Crossed::Base(_) => 0.3,
            Crossed::Terrain(_) => 0.22,
        };
        g.circle_2d(at, size, Color::srgb(1.0, 0.85, 0.2));
    }
}
