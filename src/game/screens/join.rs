//! Join a network battle: the host's address, the side to take (or to watch), and the
//! connection made on a thread so the window never waits on the network.

use super::Screen;
use crate::game::awake::Busy;
use crate::game::hud::root_ui;
use crate::game::session::PendingBattle;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_phosphor::regular as icon;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use warband_net::client::{Handshake, NetError, connect};
use warband_net::msg::Hello;
use warband_rules::Side;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .add_systems(OnEnter(Screen::Join), (offer_last, told_why_not).chain())
        .add_systems(EguiPrimaryContextPass, form.run_if(in_state(Screen::Join)));
}

type Connecting = Mutex<Receiver<Result<Handshake, NetError>>>;

/// The form, kept between visits (the host last joined is offered again).
#[derive(Resource)]
struct JoinForm {
    addr: String,
    seat: Option<Side>,
    /// The host last joined as the form last offered it: a newer one is offered over
    /// what was typed, the same one leaves the typing be.
    offered: Option<(String, Option<Side>)>,
    connecting: Option<Connecting>,
    message: Option<String>,
}

impl Default for JoinForm {
    /// The host last joined and the seat taken there, from this run or an earlier one.
    fn default() -> Self {
        let offered = crate::game::net::tokens::last();
        let (addr, seat) = offered
            .clone()
            .unwrap_or_else(|| ("127.0.0.1:4740".into(), Some(Side::B)));
        Self {
            addr,
            seat,
            offered,
            connecting: None,
            message: None,
        }
    }
}

/// The host last joined, however it was joined (from this form or the command line),
/// when it is not the one the form offered already.
fn offer_last(mut f: ResMut<JoinForm>) {
    let last = crate::game::net::tokens::last();
    if let Some((addr, seat)) = last.clone().filter(|_| last != f.offered) {
        (f.addr, f.seat) = (addr, seat);
        f.offered = last;
    }
}

/// Back after the battle joined could not start: the form says why.
fn told_why_not(mut f: ResMut<JoinForm>, failed: Option<ResMut<super::battle::StartFailed>>) {
    if let Some(why) = failed.and_then(|mut f| f.0.take()) {
        f.message = Some(why);
    }
}

fn form(
    mut contexts: EguiContexts,
    mut f: ResMut<JoinForm>,
    mut next: ResMut<NextState<Screen>>,
    mut pending: ResMut<PendingBattle>,
    mut busy: ResMut<Busy>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = root_ui(ctx);
    if let Some(h) = answered(&mut f) {
        pending.0 = Some(crate::game::net::launch::join_launch(h, &f.addr));
        next.set(Screen::Battle);
        return Ok(());
    }
    if f.connecting.is_some() {
        busy.keep();
    }
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.heading("Join a network battle");
        ui.label("Ask the host for the address their window shows (\"A friend joins at\").");
        ui.separator();
        egui::Grid::new("join")
            .num_columns(2)
            .spacing([24.0, 10.0])
            .show(ui, |ui| {
                ui.label("Host address");
                ui.add(egui::TextEdit::singleline(&mut f.addr).hint_text("192.168.1.5:4740"));
                ui.end_row();
                ui.label("Take");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut f.seat, Some(Side::A), "Side A (blue)");
                    ui.radio_value(&mut f.seat, Some(Side::B), "Side B (red)");
                    ui.radio_value(&mut f.seat, None, "Watch");
                });
                ui.end_row();
            });
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            if ui.button("◀ Back").clicked() {
                f.connecting = None;
                next.set(Screen::MainMenu);
            }
            let idle = f.connecting.is_none();
            let words = format!("{}  Connect", icon::PLUGS_CONNECTED);
            if ui.add_enabled(idle, egui::Button::new(words)).clicked() {
                start(&mut f);
            }
            if !idle {
                ui.spinner();
                ui.label("Connecting…");
            }
        });
        if let Some(m) = &f.message {
            ui.colored_label(egui::Color32::from_rgb(240, 120, 100), m);
        }
    });
    Ok(())
}

/// Connects on a thread; the form hears back in [`answered`].
fn start(f: &mut JoinForm) {
    let (tx, rx) = channel();
    let addr = f.addr.trim().to_string();
    let mut hello = Hello::new(f.seat, &crate::game::net::whoami());
    hello.token = f
        .seat
        .and_then(|s| crate::game::net::tokens::read(&addr, s));
    std::thread::spawn(move || drop(tx.send(connect(&addr, &hello))));
    f.message = None;
    f.connecting = Some(Mutex::new(rx));
}

/// The host's welcome, once it has come; a refusal or failure is told on the form.
fn answered(f: &mut JoinForm) -> Option<Handshake> {
    let got = f.connecting.as_ref()?.lock().ok()?.try_recv().ok()?;
    f.connecting = None;
    match got {
        Ok(h) => {
            crate::game::net::tokens::remember(f.addr.trim(), f.seat);
            Some(h)
        }
        Err(e) => {
            f.message = Some(e.to_string());
            None
        }
    }
}
