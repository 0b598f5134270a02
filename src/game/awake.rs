//! Idle costs nothing: the window is redrawn on input, on a change, and while something
//! moves — a computer side to play, a replay to run, a model falling, the lab's batch —
//! never just because a frame came round. A system with work in hand says so with
//! [`Busy::keep`] each frame; the smoke tests' screenshot and trace runs keep drawing
//! every frame so that they never wait on input. While the GPU still builds the
//! pipelines of what was just put on screen (a new table's mat, bases and words), the
//! render world wakes the window itself: a table is never left half drawn until the
//! mouse moves.

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

/// Asked for afresh each frame by whatever still has something to show.
#[derive(Resource, Default)]
pub struct Busy(bool);

impl Busy {
    /// Another frame is wanted after this one.
    pub fn keep(&mut self) {
        self.0 = true;
    }
}

/// Reactive redraws for a window a person uses; `continuous` for the test runs.
pub fn plugin(app: &mut App, continuous: bool) {
    app.init_resource::<Busy>()
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(Last, wake);
    if !continuous {
        app.insert_resource(WinitSettings::desktop_app());
        wake_while_compiling(app);
    }
}

/// The window's event loop, as the render world holds it, and since when pipelines have
/// been waiting.
#[derive(Resource)]
struct Waker {
    proxy: bevy::winit::EventLoopProxy<WinitUserEvent>,
    since: Option<std::time::Instant>,
    /// The newest pipeline seen waiting (ids only grow): a new one starts the clock
    /// again, so one stuck for ever does not leave every later table half drawn.
    newest: Option<usize>,
}

/// The longest the window is kept drawing for pipelines that are still waiting: one
/// whose shader never loads is retried for ever, and must not keep an idle window busy.
const COMPILING_AT_MOST: std::time::Duration = std::time::Duration::from_secs(30);

/// A frame whose pipelines are not all built yet draws what it can and leaves out the
/// rest; with no input coming, a reactive window would then show that frame until the
/// next event. So, while any pipeline waits to be built, the render world asks for
/// another frame.
fn wake_while_compiling(app: &mut App) {
    let Some(proxy) = app.world().get_resource::<EventLoopProxyWrapper>() else {
        return;
    };
    let waker = Waker {
        proxy: (**proxy).clone(),
        since: None,
        newest: None,
    };
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(waker)
            .add_systems(Render, wake_for_pipelines.in_set(RenderSystems::Cleanup));
    }
}

fn wake_for_pipelines(cache: Res<PipelineCache>, mut waker: ResMut<Waker>) {
    let Some(newest) = cache.waiting_pipelines().max() else {
        waker.since = None;
        return;
    };
    if waker.newest.is_none_or(|seen| newest > seen) {
        waker.newest = Some(newest);
        waker.since = Some(std::time::Instant::now());
    }
    let since = *waker.since.get_or_insert_with(std::time::Instant::now);
    if since.elapsed() < COMPILING_AT_MOST {
        let _ = waker.proxy.send_event(WinitUserEvent::WakeUp);
    }
}

/// bevy_egui tells egui the modifier keys every frame, changed or not, and egui
/// repaints at once after any input event: the window would never rest. Only a change
/// is passed on (egui reads the keys held from the input's own `modifiers` as well).
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => last.replace(*m) != Some(*m),
            _ => true,
        });
    }
}

fn wake(mut busy: ResMut<Busy>, mut redraw: MessageWriter<RequestRedraw>) {
    if std::mem::take(&mut busy.0) {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redraws(app: &mut App) -> usize {
        let mut m = app.world_mut().resource_mut::<Messages<RequestRedraw>>();
        let n = m.len();
        m.clear();
        n
    }

    /// A frame with work in hand asks for the next; one without asks for nothing.
    #[test]
    fn only_a_busy_frame_asks_for_another() {
        let mut app = App::new();
        app.add_message::<RequestRedraw>();
        plugin(&mut app, true);
        app.update();
        assert_eq!(redraws(&mut app), 0);
        app.world_mut().resource_mut::<Busy>().keep();
        app.update();
        assert_eq!(redraws(&mut app), 1);
        app.update();
        assert_eq!(redraws(&mut app), 0, "asked for afresh each frame");
    }

    /// The modifier keys reach egui when they change, not every frame.
    #[test]
    fn unchanged_modifiers_are_not_passed_on() {
        let mut app = App::new();
        app.add_systems(Update, drop_unchanged_modifiers);
        let ctx = app.world_mut().spawn(EguiInput::default()).id();
        let send = |app: &mut App, m: egui::Modifiers| {
            let mut input = app.world_mut().get_mut::<EguiInput>(ctx).unwrap();
            input.events = vec![egui::Event::ModifiersChanged(m), egui::Event::Copy];
            app.update();
            app.world().get::<EguiInput>(ctx).unwrap().events.len()
        };
        assert_eq!(
            send(&mut app, egui::Modifiers::NONE),
            2,
            "the first is news"
        );
        assert_eq!(
            send(&mut app, egui::Modifiers::NONE),
            1,
            "the same again is not"
        );
        assert_eq!(send(&mut app, egui::Modifiers::SHIFT), 2, "a change is");
    }
}
