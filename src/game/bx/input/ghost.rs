//! The ghost of the chosen model's next move: where a click on open table would take it
//! (out of melee, its fighting withdrawal or, with Shift held, its retreat), and a
//! chosen spell's rings.

use super::{BxSelection, BxSession, chosen};
use crate::game::palette;
use crate::game::pointer::Pointer;
use crate::game::table::table_ring;
use bevy::prelude::*;
use warband_borderlands::actions::{check_leave, check_move_to, foes_in_contact};
use warband_borderlands::battle::View;
use warband_rules::Side;
use warband_rules::borderlands::profile::Spell;
use warband_table::components::ModelId;

/// The chosen model ringed, and where a click on open table would take it: green if
/// legal, red if not, amber into contact.
pub(super) fn ghost(
    session: NonSend<BxSession>,
    sel: Res<Pointer>,
    keys: Res<ButtonInput<KeyCode>>,
    mut bx: ResMut<BxSelection>,
    mut g: Gizmos,
    (drawn, just_fell): (
        crate::game::minis::DrawnAt,
        Res<crate::game::pointer::JustFell>,
    ),
) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    // Where an enemy fell a moment ago a click sends no move: none is shown.
    let held = |side, c| bx.hover.is_none() && just_fell.holds(&drawn, c, side).is_some();
    let why = draw_ghost(&session, (&sel, shift, &held), &bx, &mut g);
    if bx.not_there != why {
        bx.not_there = why;
    }
}

/// Draws the ghost; why the move it shows would be refused, if it would.
fn draw_ghost(
    session: &BxSession,
    (sel, shift, held): (&Pointer, bool, &dyn Fn(Side, Vec2) -> bool),
    bx: &BxSelection,
    g: &mut Gizmos,
) -> Option<String> {
    let side = session.human_turn()?;
    let v = chosen(session, bx, side)?;
    let r = v.base.shape.reach();
    let table = session.engine.battle().table;
    g.circle_2d(v.base.center, r + 0.18, palette::SELECT);
    if let Some(spell) = bx.spell {
        spell_rings(g, session, bx, &v, spell);
        return None;
    }
    let world = session.engine.world();
    let in_melee = !foes_in_contact(world, &v).is_empty();
    // Where the centre may go, as a click on the table names the centre: half a move
    // for a fighting withdrawal.
    let withdrawing = in_melee && !shift;
    let reach = v.stats.move_inches / if withdrawing { 2.0 } else { 1.0 };
    table_ring(
        g,
        table,
        v.base.center,
        reach,
        Color::srgba(0.6, 0.8, 1.0, 0.2),
    );
    // Off the table (over the log, say) a click sends no move: none is shown.
    let cursor = sel
        .cursor
        .filter(|c| crate::game::table::on_table(table, *c) && !held(side, *c))?;
    // Over a far enemy, a model with no missile weapon (or a shooter with Shift held)
    // would close with it: shown legal only when the move ends touching it, as a click
    // then sends it.
    let hovered = bx
        .hover
        .and_then(|id| warband_borderlands::battle::find(world, id));
    let (aim, foe) = match hovered {
        None => (cursor, None),
        Some(t) if t.side != v.side && (v.stats.missile.is_none() || shift) => {
            (t.base.center, Some(t.id))
        }
        // A dying ally out of contact: a click moves beside it, for first aid.
        Some(t)
            if !in_melee
                && warband_borderlands::actions::check_first_aid_but_contact(
                    world, side, v.id, t.id,
                )
                .is_ok() =>
        {
            if warband_table::geometry::in_contact(&v.base, &t.base) {
                return None;
            }
            (warband_borderlands::actions::beside(&v, &t), None)
        }
        // A far enemy a shooter would shoot: its line of fire.
        Some(t) if t.side != v.side && !in_melee => {
            fire_line(g, world, (side, &v), &t);
            return None;
        }
        Some(_) => return None,
    };
    let (end, colour, why) = match (in_melee, foe) {
        // Over an enemy in contact a click strikes it: the attack card says so.
        (true, Some(_)) => return None,
        (true, None) => leave_shown(world, side, &v, aim, withdrawing),
        (false, _) => move_shown(world, side, &v, aim, foe),
    };
    g.line_2d(v.base.center, end, colour);
    g.circle_2d(end, r, colour);
    // Over an enemy the attack card says why it cannot be closed with.
    why.filter(|_| foe.is_none())
}

/// The line of a shot `v` would take at `t`: in the colour of fire where the engine
/// would take it, grey where not (the attack card says why), and the model that would
/// cover the target ringed (a play-tester found Marauders drew one and Borderlands none).
fn fire_line(g: &mut Gizmos, world: &World, (side, v): (Side, &View), t: &View) {
    let shot = warband_borderlands::actions::check_shot(world, side, v.id, t.id);
    let colour = match shot {
        Ok(_) => palette::FIRE,
        Err(_) => Color::srgba(0.6, 0.6, 0.6, 0.7),
    };
    // A shot the terrain's sight stops: where it is stopped, as Toy Soldier draws it.
    let stopped = shot
        .is_err()
        .then(|| warband_borderlands::actions::sight_stopped_at(world, v, t))
        .flatten();
    match stopped {
        Some(at) => crate::game::table::stopped_line(g, v.base.center, at, t.base.center),
        None => g.line_2d(v.base.center, t.base.center, colour),
    }
    let cover = shot.ok().and_then(|p| p.cover_model);
    if let Some(c) = cover.and_then(|id| warband_borderlands::battle::find(world, id)) {
        g.circle_2d(
            c.base.center,
            c.base.shape.reach() + 0.15,
            Color::srgb(1.0, 0.85, 0.2),
        );
    }
}

/// The move a click at `aim` would send `v` on (into contact with `foe`, where the
/// pointer is on a far enemy): where it ends, its colour, and why the engine would
/// refuse it, if it would.
pub(super) fn move_shown(
    world: &World,
    side: Side,
    v: &View,
    aim: Vec2,
    foe: Option<ModelId>,
) -> (Vec2, Color, Option<String>) {
    // On open table, a move past what it may reach goes as far as it may.
    let aim = match foe {
        None => farthest_toward(world, side, v, aim).unwrap_or(aim),
        Some(_) => aim,
    };
    match check_move_to(world, side, v.id, aim) {
        Ok(m) if foe.is_some_and(|f| !m.charged.contains(&f)) => (m.end, palette::ILLEGAL, None),
        Ok(m) if !m.charged.is_empty() => (m.end, palette::CHARGE, None),
        Ok(m) => (m.end, palette::LEGAL, None),
        Err(refusal) => (aim, palette::ILLEGAL, Some(refusal.0)),
    }
}

/// The farthest point on the straight way from `v` to `aim` a plain move reaches: `aim`
/// itself where the engine takes a move there, else as far as it allows (the move spent,
/// or something in the way), found by halving the way and asking the engine each time,
/// as Toy Soldier's and Marauders' moves stop short (a play-tester found Borderlands
/// alone refused a click past the reach). None where not a tenth of an inch is allowed.
pub(crate) fn farthest_toward(world: &World, side: Side, v: &View, aim: Vec2) -> Option<Vec2> {
    if check_move_to(world, side, v.id, aim).is_ok() {
        return Some(aim);
    }
    // Never a charge the click did not ask for: only moves that touch no enemy.
    let ok = |p: Vec2| check_move_to(world, side, v.id, p).is_ok_and(|m| m.charged.is_empty());
    let (mut lo, mut hi) = (0.0f32, 1.0f32);
    for _ in 0..14 {
        let mid = (lo + hi) / 2.0;
        if ok(v.base.center.lerp(aim, mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo * v.base.center.distance(aim) >= 0.1).then(|| v.base.center.lerp(aim, lo))
}

/// Where a click on open table would take `v` out of melee: a fighting withdrawal
/// (`half` a move) or, with Shift held, a retreat; why the engine would refuse it.
pub(super) fn leave_shown(
    world: &World,
    side: Side,
    v: &View,
    aim: Vec2,
    half: bool,
) -> (Vec2, Color, Option<String>) {
    match check_leave(world, side, v.id, aim, half) {
        Ok(m) => (m.end, palette::LEGAL, None),
        Err(refusal) => (aim, palette::ILLEGAL, Some(refusal.0)),
    }
}

/// A chosen spell's range round the caster and, for Sleep, its area round the model
/// under the pointer; no move is shown while a spell waits for its target.
fn spell_rings(g: &mut Gizmos, session: &BxSession, bx: &BxSelection, v: &View, spell: Spell) {
    let table = session.engine.battle().table;
    if let Some(range) = spell.range() {
        let reach = range + v.base.shape.reach();
        table_ring(
            g,
            table,
            v.base.center,
            reach,
            palette::FIRE.with_alpha(0.5),
        );
    }
    let world = session.engine.world();
    let Some(t) = bx
        .hover
        .and_then(|id| warband_borderlands::battle::find(world, id))
    else {
        return;
    };
    if spell == Spell::Sleep {
        let area = warband_borderlands::spells::SLEEP_RADIUS;
        table_ring(
            g,
            table,
            t.base.center,
            area,
            Color::srgba(0.7, 0.6, 1.0, 0.8),
        );
        for o in warband_borderlands::spells::sleep_area(world, &t) {
            g.circle_2d(
                o.base.center,
                o.base.shape.reach() + 0.1,
                Color::srgb(0.7, 0.6, 1.0),
            );
        }
    }
}
