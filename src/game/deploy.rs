//! Deployment by hand on screen, for every ruleset alike: while the engine's deployment
//! lasts, the side to place sees its zone lit, its models still to place ringed, and a
//! ghost of the chosen model under the pointer — green where the engine would accept it
//! there, red (with the reason in the panel) where not. A click on one of its waiting
//! models picks it; a click elsewhere sets the picked one (or the first) down. The
//! panel offers "Deploy the rest for me". The rulesets' own input sleeps meanwhile;
//! every placement is the engine's `Placing` command, judged by the engine alone.

use super::desk::{Desk, on_table};
use super::models::outline;
use super::palette;
use super::pointer::{InputDone, Pointer};
use super::session::GameSession;
use bevy::prelude::*;
use bevy_egui::egui;
use warband_rules::Side;
use warband_table::components::ModelId;
use warband_table::deployment::{self, Placing};

/// The model the player has picked to set down next, and where the last one went down.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct DeployPick {
    /// The model picked (None: the first still to place).
    pub model: Option<ModelId>,
    /// Where the last model was set down, while the pointer has not left it: the next
    /// model's ghost and its "Not here" wait until it does. At once, over the model
    /// just placed, they read as the click counted twice (a play-test's report).
    pub set_down: Option<Vec2>,
}

/// How far the pointer must leave the spot of the last model set down (inches) before
/// the next model's ghost follows it.
const LEFT_IT: f32 = 0.25;

impl DeployPick {
    /// The pointer as the next model's ghost follows it: none while it rests where the
    /// last model was set down.
    pub fn aim(&self, cursor: Option<Vec2>) -> Option<Vec2> {
        cursor.filter(|c| self.set_down.is_none_or(|s| s.distance(*c) > LEFT_IT))
    }
}

pub fn plugin<R: Desk>(app: &mut App) {
    app.init_resource::<DeployPick>()
        .init_resource::<Deploying>()
        .add_systems(
            OnEnter(super::screens::Screen::Battle),
            |mut p: ResMut<DeployPick>| *p = DeployPick::default(),
        )
        .add_systems(PreUpdate, note::<R>.run_if(on_table::<R>()))
        .add_systems(
            Update,
            (
                click::<R>
                    .run_if(crate::game::pointer::on_table)
                    .in_set(InputDone),
                draw::<R>.after(InputDone),
            )
                .run_if(on_table::<R>().and_then(deploying)),
        );
}

/// Whether the battle on screen is being deployed by hand, as of this frame: run
/// conditions read it, not the session, which only the main thread may touch.
#[derive(Resource, Default)]
pub struct Deploying(bool);

fn note<R: Desk>(session: NonSend<GameSession<R>>, mut flag: ResMut<Deploying>) {
    let now = session.engine.deploying().is_some();
    if flag.0 != now {
        flag.0 = now;
    }
}

/// Whether the battle on screen is being deployed by hand (the rulesets' own input
/// waits while it is).
pub fn deploying(flag: Option<Res<Deploying>>) -> bool {
    flag.is_some_and(|f| f.0)
}

/// The side a person places for now, and the model they set down next.
pub fn placing_now<R: Desk>(session: &GameSession<R>, pick: DeployPick) -> Option<(Side, ModelId)> {
    let side = session.human_turn()?;
    let world = session.engine.world();
    let waiting = session.engine.deploying()?.unplaced_of(world, side);
    let chosen = pick.model.filter(|m| waiting.contains(m));
    Some((side, chosen.or_else(|| waiting.first().copied())?))
}

/// A waiting model of `side` under the pointer.
fn waiting_under<R: Desk>(session: &GameSession<R>, side: Side, at: Vec2) -> Option<ModelId> {
    let world = session.engine.world();
    let waiting = session.engine.deploying()?.unplaced_of(world, side);
    waiting.into_iter().find(|id| {
        session
            .base_of(*id)
            .is_some_and(|b| warband_table::geometry::facing::hit(&b, at))
    })
}

fn click<R: Desk>(
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<Pointer>,
    mut session: NonSendMut<GameSession<R>>,
    mut pick: ResMut<DeployPick>,
) {
    // With M held the pointer lays the tape measure: no cursor then.
    if !buttons.just_pressed(MouseButton::Left) {
        return;
    }
    let (Some(at), Some((side, model))) = (pointer.cursor, placing_now(&session, *pick)) else {
        return;
    };
    // A click on a waiting model picks it, the one picked too: a press that begins a
    // drag must not set it down where it was pressed.
    if let Some(under) = waiting_under(&session, side, at) {
        pick.model = Some(under);
        return;
    }
    let placing = Placing::Model {
        model,
        at: (at.x, at.y),
    };
    if session.submit(side, R::deploy(placing)).is_ok() {
        *pick = DeployPick {
            model: None,
            set_down: Some(at),
        };
    }
}

/// The zone to place in, the models waiting, and the ghost under the pointer.
fn draw<R: Desk>(
    session: NonSend<GameSession<R>>,
    mut pick: ResMut<DeployPick>,
    pointer: Res<Pointer>,
    mut g: Gizmos,
) {
    let Some(d) = session.engine.deploying() else {
        return;
    };
    let aim = pick.aim(pointer.cursor);
    if aim.is_some() && pick.set_down.is_some() {
        pick.set_down = None;
    }
    let zone = d.zones.get(d.next);
    let (lo, hi) = (Vec2::from(zone.min), Vec2::from(zone.max));
    let colour = palette::side(d.next);
    g.rect_2d((lo + hi) / 2.0, hi - lo, colour.with_alpha(0.9));
    g.rect_2d(
        (lo + hi) / 2.0,
        hi - lo + Vec2::splat(0.15),
        colour.with_alpha(0.4),
    );
    let waiting = d.unplaced_of(session.engine.world(), d.next);
    for id in &waiting {
        if let Some(b) = session.base_of(*id) {
            outline(&mut g, &b, 0.1, palette::GHOST);
        }
    }
    let Some((side, model)) = placing_now(&session, *pick) else {
        return;
    };
    let Some(base) = session.base_of(model) else {
        return;
    };
    outline(&mut g, &base, 0.2, palette::SELECT);
    if let Some(at) = aim {
        let ok = deployment::check(session.engine.world(), side, model, at).is_ok();
        let c = if ok { palette::LEGAL } else { palette::ILLEGAL };
        outline(&mut g, &base.at(at), 0.0, c);
        outline(&mut g, &base.at(at), 0.06, c);
    }
}

/// The left panel while the battle is deployed: whose placement it is, what is left,
/// why the pointer's spot will not do, and "Deploy the rest for me".
pub fn panel<R: Desk>(
    ui: &mut egui::Ui,
    session: &mut GameSession<R>,
    pick: &mut DeployPick,
    cursor: Option<Vec2>,
) {
    let Some(d) = session.engine.deploying() else {
        return;
    };
    let world = session.engine.world();
    ui.heading("Deployment");
    let left = |s: Side| d.unplaced_of(world, s).len();
    ui.label(format!(
        "Still to place: {} {}, {} {}",
        Side::A,
        left(Side::A),
        Side::B,
        left(Side::B)
    ));
    ui.separator();
    let Some((side, model)) = placing_now(session, *pick) else {
        ui.label(
            egui::RichText::new(format!("{} is setting up…", d.next))
                .color(palette::side_egui(d.next)),
        );
        return;
    };
    ui.label(
        egui::RichText::new(format!("{side}: set up {}", R::model_name(world, model)))
            .color(palette::side_egui(side))
            .strong(),
    );
    ui.label("Click in your lit zone to set it down, or drag it there; a click on another of your ringed models picks that one instead.");
    // The button above the line that comes and goes with the pointer, so that it stays
    // put while the pointer travels to it.
    let why_not = pick
        .aim(cursor)
        .and_then(|at| deployment::check(world, side, model, at).err())
        .map(|why| format!("Not here: {}", R::readable(world, why.message())));
    ui.add_space(8.0);
    if ui
        .button("Deploy the rest for me")
        .on_hover_text("The computer sets every model you have left where its rows put them, or the nearest free spot")
        .clicked()
    {
        let _ = session.submit(side, R::deploy(Placing::Rest));
        pick.model = None;
    }
    if let Some(why) = why_not {
        ui.colored_label(egui::Color32::from_rgb(240, 150, 110), why);
    }
    if let Some(why) = &session.last_refusal {
        ui.colored_label(egui::Color32::from_rgb(240, 120, 100), why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::Controller;
    use warband_table::engine::ModelIndex;
    use warband_toy_soldier::ToySoldier;

    fn session() -> GameSession<ToySoldier> {
        use warband_table::scenario::Setup;
        use warband_table::sim::Contest;
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let mut setup = ToySoldier::load(&root.join("assets/scenarios/village-fight.ron")).unwrap();
        setup.scenario_mut().hand_deployment = true;
        GameSession::new(setup, 2, [Controller::Human, Controller::NORMAL]).unwrap()
    }

    fn click_at(s: GameSession<ToySoldier>, at: Vec2, pick: DeployPick) -> App {
        let mut app = crate::game::test_app::left_click(s, click::<ToySoldier>.into_configs());
        app.insert_resource(Pointer::at(Some(at)));
        app.insert_resource(pick);
        app.update();
        app
    }

    fn first(s: &GameSession<ToySoldier>, n: usize) -> ModelId {
        let d = s.engine.deploying().unwrap();
        d.unplaced_of(s.engine.world(), Side::A)[n]
    }

    /// A click in the zone sets the first waiting unit down there; a click on another
    /// waiting unit picks it; a click outside the zone is refused and places nothing.
    #[test]
    fn a_click_sets_the_picked_unit_down_where_the_engine_allows() {
        let s = session();
        let zone = s.engine.deploying().unwrap().zones.a;
        let (a1, a2) = (first(&s, 0), first(&s, 1));
        let spot = Vec2::new(zone.min.0 + 4.0, zone.min.1 + 2.0);
        let app = click_at(s, spot, DeployPick::default());
        let s = app.world().non_send::<GameSession<ToySoldier>>();
        assert_eq!(s.base_of(a1).unwrap().center, spot);
        assert_eq!(s.engine.awaiting(), Some(Side::B));
        let pick = app.world().resource::<DeployPick>();
        assert_eq!(
            pick.aim(Some(spot)),
            None,
            "no ghost over the one just set down"
        );

        let mut s = session();
        let on_a2 = s.base_of(a2).unwrap().center;
        let app = click_at(session(), on_a2, DeployPick::default());
        assert_eq!(app.world().resource::<DeployPick>().model, Some(a2));
        // A press on the one picked picks it, not sets it down there: it may begin a drag.
        let on_a1 = s.base_of(a1).unwrap().center;
        let app = click_at(session(), on_a1, DeployPick::default());
        assert_eq!(app.world().resource::<DeployPick>().model, Some(a1));
        let kept = app.world().non_send::<GameSession<ToySoldier>>();
        assert_eq!(kept.engine.awaiting(), Some(Side::A), "nothing placed");
        let outside = Vec2::new(zone.min.0 + 4.0, zone.max.1 + 4.0);
        s.last_refusal = None;
        let picked = DeployPick {
            model: Some(a2),
            set_down: None,
        };
        let app = click_at(s, outside, picked);
        let s = app.world().non_send::<GameSession<ToySoldier>>();
        assert!(
            s.last_refusal
                .as_deref()
                .is_some_and(|r| r.contains("zone"))
        );
        let all = s.engine.world().resource::<ModelIndex>().0.len();
        assert_eq!(
            s.engine.deploying().unwrap().unplaced.len(),
            all,
            "nothing placed"
        );
    }

    /// The next model's ghost waits while the pointer rests on the spot of the last one
    /// set down, and follows it again once it leaves.
    #[test]
    fn the_next_ghost_waits_until_the_pointer_leaves_the_last_spot() {
        let spot = Vec2::new(10.0, 3.0);
        let pick = DeployPick {
            model: None,
            set_down: Some(spot),
        };
        assert_eq!(pick.aim(Some(spot + Vec2::new(0.1, 0.0))), None);
        let away = spot + Vec2::new(0.5, 0.0);
        assert_eq!(pick.aim(Some(away)), Some(away));
        assert_eq!(DeployPick::default().aim(Some(spot)), Some(spot));
    }
}
