//! A refused action said by the pointer for a moment, where the player is looking (the
//! dice tray's header keeps it until the next action): "The move costs 4.5"; the
//! allowance is 4.0"".

use crate::game::desk::Desk;
use crate::game::session::GameSession;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use std::time::{Duration, Instant};
use warband_table::scenario::Setup;

/// How long a refusal stays by the pointer.
pub const SHOWN: Duration = Duration::from_millis(3000);

/// How many refusals the table had said when last seen, and when the last came.
#[derive(Default)]
pub struct Seen {
    said: u32,
    since: Option<Instant>,
}

impl Seen {
    /// The refusal to show by the pointer `now`, the `said`-th the table has said, with
    /// the time it has left: one that came within [`SHOWN`] (each refusal, the same
    /// words said again too, is counted, and starts the clock again), none once it is
    /// taken back or has stood its time.
    pub fn show<'a>(
        &mut self,
        refusal: Option<&'a str>,
        said: u32,
        now: Instant,
    ) -> Option<(&'a str, Duration)> {
        if said != self.said {
            self.said = said;
            self.since = Some(now);
        }
        let left = SHOWN.checked_sub(now.saturating_duration_since(self.since?))?;
        refusal.filter(|_| !left.is_zero()).map(|r| (r, left))
    }
}

/// The card of a fresh refusal, above and right of the pointer (the hover cards stand
/// below it).
pub fn card<R: Desk>(
    mut contexts: EguiContexts,
    session: NonSend<GameSession<R>>,
    mut seen: Local<Seen>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let refusal = session.last_refusal.as_deref();
    let Some((text, left)) = seen.show(refusal, session.refusals, Instant::now()) else {
        return Ok(());
    };
    let Some(pos) = ctx.pointer_latest_pos() else {
        return Ok(());
    };
    let armies = session.setup.armies();
    let names = [armies.a.name.as_str(), armies.b.name.as_str()];
    let text = super::log::sides_named(&R::readable(session.engine.world(), text), names);
    super::beside_pointer(ctx, "refusal card", (pos, egui::vec2(18.0, -44.0)), |ui| {
        ui.set_max_width(360.0);
        ui.colored_label(egui::Color32::from_rgb(250, 170, 90), text);
    });
    ctx.request_repaint_after(left);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refusal shows for its time; a new one, or the same sent again, starts the
    /// clock again; one taken back (the next action accepted) goes at once.
    #[test]
    fn a_refusal_shows_for_a_moment() {
        let t0 = Instant::now();
        let mut seen = Seen::default();
        assert_eq!(seen.show(None, 0, t0), None);
        let far = Some("The move costs 4.5\"");
        assert_eq!(seen.show(far, 1, t0).map(|s| s.0), far);
        assert!(seen.show(far, 1, t0 + SHOWN / 2).is_some());
        assert_eq!(seen.show(far, 1, t0 + SHOWN), None, "its time is up");
        assert!(seen.show(far, 2, t0 + SHOWN).is_some(), "refused again");
        let other = Some("Not your step");
        assert!(seen.show(other, 3, t0 + SHOWN * 3).is_some(), "a new one");
        assert_eq!(seen.show(None, 4, t0 + SHOWN * 3), None, "taken back");
    }
}
