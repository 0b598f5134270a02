//! Drawn fresh every frame with gizmos: selection, a blinded model's ring, engagements,
//! the movement ghost and allowance, lines of fire, melee groups, the spells declared
//! and the threat overlay.

use super::input::{Selection, move_to, viewpoint};
use crate::game::marauders::Session;
use crate::game::minis::DrawnAt;
use crate::game::palette;
use crate::game::table::table_ring;
use bevy::prelude::*;
use warband_marauders::battle::{ModelView, TerrainMap, in_play};
use warband_marauders::components::SpellAim;
use warband_marauders::engine::Spells;
use warband_marauders::geometry::{CONTACT_GAP, Crossed, close_pairs, in_contact, line_of_fire};
use warband_marauders::phases::{
    Phase, charge_threats, check_may_move, may_shoot_now, open_groups,
};
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

fn draw(session: NonSend<Session>, sel: Res<Selection>, drawn: DrawnAt, mut g: Gizmos) {
    let all = in_play(session.engine.world());
    // Rings and contact lines go where the miniatures are drawn, mid-glide too.
    let places = drawn.places();
    let at = |m: &ModelView| places.base(m.id, &m.base);
    // HD are shown under each base as every ruleset shows health (`hud::health`).
    for m in all.iter().filter(|m| m.conditions.blinded) {
        let base = at(m);
        g.circle_2d(
            base.center,
            base.shape.reach() + 0.08,
            Color::srgb(0.9, 0.9, 0.2),
        );
    }
    engagements(&mut g, &all, &at);
    declared_marks(&mut g, &session, &all, &at);
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

/// A mark between enemies in contact (where the miniatures are drawn, `at`): touching
/// pairs found by sweep and prune, not every pair each frame.
fn engagements(g: &mut Gizmos, all: &[ModelView], at: &dyn Fn(&ModelView) -> Placed) {
    for (i, j) in close_pairs(all, |m| &m.base, CONTACT_GAP) {
        let (a, b) = (&all[i], &all[j]);
        if a.side != b.side && in_contact(&a.base, &b.base) {
            clash(g, &at(a), &at(b));
        }
    }
}

/// Two enemies in contact: a red cross where their rims meet, clear of both icons (a
/// line from centre to centre was drawn across them).
fn clash(g: &mut Gizmos, a: &Placed, b: &Placed) {
    let dir = (b.center - a.center).normalize_or(Vec2::X);
    let (from, to) = (
        a.center + dir * a.shape.reach(),
        b.center - dir * b.shape.reach(),
    );
    let meet = (from + to) / 2.0;
    let arm = 0.22 * a.shape.reach().min(b.shape.reach()).min(1.0) / 0.5;
    for d in [dir + dir.perp(), dir - dir.perp()] {
        let d = d.normalize() * arm;
        g.line_2d(meet - d, meet + d, palette::ENGAGED);
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
            if my_turn.is_some_and(|side| check_may_move(world, side, m.id).is_ok()) =>
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
            // No range to show for a model that cannot shoot now (it has shot, or is
            // engaged, asleep …): its card says why.
            let broken = session.engine.battle().side(s.side).broken;
            let able = may_shoot_now(broken, s, s.conditions.shot).is_ok();
            if let Some(r) = s.profile.ranged.as_ref().filter(|_| able) {
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

/// Every spell declared and not yet cast, where it will go off: a faint line from the
/// caster in its side's colour to its aim, and for a spell aimed at a point (Sleep) its
/// area there (a play-tester found nothing on the table after "declares Sleep at a
/// point"), for both sides: declarations are public.
fn declared_marks(
    g: &mut Gizmos,
    session: &Session,
    all: &[ModelView],
    at: &dyn Fn(&ModelView) -> Placed,
) {
    let spells = session.engine.world().resource::<Spells>();
    for c in all {
        let Some(d) = c.declared.as_deref() else {
            continue;
        };
        let colour = palette::side(c.side).with_alpha(0.7);
        let from = at(c).center;
        match d.aim {
            SpellAim::Point(x, y) => {
                let point = Vec2::new(x, y);
                g.line_2d(from, point, colour.with_alpha(0.35));
                if let Some(SpellEffect::Sleep { radius, .. }) =
                    spells.get(&d.spell).map(|def| &def.effect)
                {
                    g.circle_2d(point, *radius, colour);
                }
                g.circle_2d(point, 0.12, colour);
            }
            SpellAim::Model(id) => {
                if let Some(t) = all.iter().find(|m| m.id == id) {
                    let target = at(t);
                    g.line_2d(from, target.center, colour.with_alpha(0.35));
                    g.circle_2d(target.center, target.shape.reach() + 0.3, colour);
                }
            }
        }
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
