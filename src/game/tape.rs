//! The tape measure, on every table: hold M and drag to lay it. Its length shows beside
//! the pointer; laid from one miniature to another, so does the gap between their bases,
//! which is what the rules measure.

use super::minis::{DrawnAt, Painted};
use super::palette;
use super::pointer::{InputDone, Pointer};
use super::screens::Screen;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// The key held to lay the tape.
pub const TAPE_KEY: KeyCode = KeyCode::KeyM;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tape>()
        .add_systems(OnEnter(Screen::Battle), |mut t: ResMut<Tape>| {
            *t = Tape::default()
        })
        .add_systems(
            Update,
            (
                lay.after(super::pointer::track).before(InputDone),
                draw.after(Painted),
            )
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            reading
                .before(super::hud::PanelFrame)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The tape as laid: from where the drag began to the pointer.
#[derive(Resource, Default, Debug, PartialEq)]
pub struct Tape(pub Option<(Vec2, Vec2)>);

impl Tape {
    /// The tape a frame leaves: laid from where the left button went down with M held
    /// to the pointer (where it was last on the table, while it is off); gone as soon as
    /// either is let go.
    fn next(&self, held: bool, cursor: Option<Vec2>) -> Tape {
        if !held {
            return Tape(None);
        }
        Tape(match (self.0, cursor) {
            (None, Some(c)) => Some((c, c)),
            (Some((a, _)), Some(c)) => Some((a, c)),
            (laid, None) => laid,
        })
    }
}

fn lay(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<Pointer>,
    mut tape: ResMut<Tape>,
) {
    let held = keys.pressed(TAPE_KEY) && buttons.pressed(MouseButton::Left);
    let next = tape.next(held, pointer.table);
    tape.set_if_neq(next);
}

fn draw(tape: Res<Tape>, mut g: Gizmos) {
    if let Some((a, b)) = tape.0 {
        g.line_2d(a, b, palette::TAPE);
        g.circle_2d(a, 0.1, palette::TAPE);
        g.circle_2d(b, 0.1, palette::TAPE);
    }
}

/// What the tape reads: its length, and between two miniatures the gap between their
/// bases ("6.3\" · 4.8\" base to base").
pub fn words(length: f32, bases: Option<f32>) -> String {
    match bases {
        Some(gap) => format!("{length:.1}\" · {:.1}\" base to base", gap.max(0.0)),
        None => format!("{length:.1}\""),
    }
}

/// The tape's reading beside the pointer while it is laid.
fn reading(mut contexts: EguiContexts, tape: Res<Tape>, drawn: DrawnAt) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some((a, b)), Some(pos)) = (tape.0, ctx.pointer_latest_pos()) else {
        return Ok(());
    };
    let bases = match (drawn.under(a), drawn.under(b)) {
        (Some((x, from)), Some((y, to))) if x != y => {
            Some(warband_table::geometry::gap(&from, &to))
        }
        _ => None,
    };
    super::hud::beside_pointer(ctx, "tape", (pos, egui::vec2(16.0, -8.0)), |ui| {
        // On one line (an Area near the window's edge would wrap it).
        let words = words(a.distance(b), bases);
        ui.add(egui::Label::new(words).wrap_mode(egui::TextWrapMode::Extend));
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Laid from where the drag began to the pointer, kept while the pointer is off the
    /// table, gone once M or the button is let go.
    #[test]
    fn the_tape_runs_from_the_press_to_the_pointer() {
        let (a, b, c) = (
            Vec2::new(1.0, 1.0),
            Vec2::new(4.0, 5.0),
            Vec2::new(9.0, 1.0),
        );
        let t = Tape::default().next(true, Some(a));
        assert_eq!(t, Tape(Some((a, a))));
        let t = t.next(true, Some(b));
        assert_eq!(t, Tape(Some((a, b))));
        let t = t.next(true, None);
        assert_eq!(t, Tape(Some((a, b))), "off the table: as it was");
        let t = t.next(true, Some(c));
        assert_eq!(t, Tape(Some((a, c))));
        assert_eq!(t.next(false, Some(c)), Tape(None));
        assert_eq!(words(a.distance(b), None), "5.0\"");
        assert_eq!(words(6.3, Some(4.81)), "6.3\" · 4.8\" base to base");
    }
}
