//! A model as a miniature seen from above, the same for every ruleset: a soft shadow, a
//! bevelled base whose rim is its side's colour (the team ring, bright against any
//! terrain; side B's is notched, a shape cue beside the colour), a dark top and the
//! picture of what it is. Each ruleset says where its models stand, what colour their
//! ring is (dimmed when spent, grey as they fall) and what else stands on the base; the
//! glide, the fall and the last-move arrows are drawn here once.

mod body;
mod drawn;
pub use drawn::DrawnAt;
mod drop;
pub use drop::{DROP_AFTER, plugin_for as drop_plugin};
mod fled;
pub use fled::FledOff;
mod ring;
mod spawn;
#[cfg(test)]
pub use spawn::spawn_casualty;
use spawn::upright;
pub use spawn::{BARE, spawn_mini};

use super::awake::Busy;
use super::models::{Casualties, fallen};
use super::motion::{Glide, Motion};
use super::session::TableLayout;
use super::trails::Trails;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
pub use body::clear_of_icon;
use ring::Ring;
use warband_rules::Side;
use warband_table::components::{Base, ModelId, Team};
use warband_table::engine::ModelIndex;
use warband_table::geometry::Placed;

/// Whether a miniature was gliding to its place when the table was last drawn: a
/// battle watched waits for it before the next command, so the top bar and the log never
/// run ahead of the models.
#[derive(Resource, Default)]
pub struct Gliding(pub bool);

/// The rulesets' systems that move the miniatures this frame: what is drawn beside them
/// with gizmos runs after, or it would lag a frame behind a gliding model.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Painted;

/// Shapes are built this many times larger than the table and the model drawn at its
/// inverse, so lyon tessellates the curves smooth (its tolerance is in drawing units).
pub const BUILD_SCALE: f32 = 100.0;

/// The visual of model `id`.
#[derive(Component)]
pub struct Mini {
    pub id: ModelId,
    pub side: Side,
    /// Seconds since the model left play, up to [`FALL`](super::models::FALL).
    gone_for: f32,
    /// Seconds since the model left play, uncapped (0 while in play; infinite for a
    /// casualty drawn afresh, whose fall was not seen).
    fell_ago: f32,
    glide: Glide,
    /// Its health as last drawn, and seconds since it was last hurt.
    health: Option<i32>,
    since_hit: f32,
}

impl Mini {
    /// Whether its model has left play (it falls, then lies as a casualty).
    pub fn fallen(&self) -> bool {
        self.gone_for > 0.0
    }

    /// Drawn afresh where its model stands: no glide, fall or hurt carried over.
    fn snap(&mut self) {
        self.glide = Glide::default();
        self.health = None;
        self.since_hit = f32::INFINITY;
        self.gone_for = super::models::FALL;
        self.fell_ago = f32::INFINITY;
    }
}

/// What a ruleset counts a model's health in: HD or HP left, which fall as it is hurt
/// ("−2 HP" rises from it), or (`taken`) damage taken, which rises ("+1 damage").
#[derive(Clone, Copy, Debug)]
pub struct Health {
    pub value: i32,
    pub unit: &'static str,
    pub taken: bool,
}

impl Health {
    /// What rises from the model when its health goes from `was` to this, if it was hurt.
    fn hurt_since(&self, was: i32) -> Option<String> {
        match self.taken {
            false if self.value < was => Some(format!("−{} {}", was - self.value, self.unit)),
            true if self.value > was => Some(format!("+{} {}", self.value - was, self.unit)),
            _ => None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FledOff>().init_resource::<Gliding>();
    drop::plugin(app);
    ring::plugin(app);
    ring::systems(app);
    body::plugin(app);
}

/// What drawing a model needs beyond the model: the frame's time, the pace of motion,
/// whether casualties show, the arrows of the last action and the table's size.
#[derive(SystemParam)]
pub struct MiniPainter<'w, 's> {
    time: Res<'w, Time>,
    /// The wall clock: how long ago a model fell, idle frames and all (the game's clock
    /// counts at most a quarter of a second a frame, and the window sleeps between
    /// inputs).
    real: Res<'w, Time<bevy::time::Real>>,
    motion: Res<'w, Motion>,
    casualties: Res<'w, Casualties>,
    trails: ResMut<'w, Trails>,
    busy: ResMut<'w, Busy>,
    layout: Option<Res<'w, TableLayout>>,
    floaters: ResMut<'w, super::floaters::Floaters>,
    lunges: ResMut<'w, super::cues::Lunges>,
    gliding: ResMut<'w, Gliding>,
    speaker: ResMut<'w, super::sound::Speaker>,
    /// The battle world drawn last, its session, and how many times that session had
    /// made its engine again: another (a battle loaded, a replay moved along its
    /// timeline, a network battle made again) is drawn as it stands, with no glide from
    /// the old.
    drawn: Local<'s, Option<(bevy::ecs::world::WorldId, u64, u32)>>,
    /// Whether the battle drawn last was being deployed.
    deploying: Local<'s, Option<bool>>,
}

/// Every miniature on the table, with the parts a frame may change.
pub type Minis<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut Mini,
        &'static mut Transform,
        &'static mut Ring,
        &'static mut Visibility,
    ),
>;

/// How a ruleset shows one of its models this frame: its ring's colour, whether it has
/// left play (it falls, then lies as a casualty) and its health.
pub struct Shown {
    pub ring: Color,
    pub out: bool,
    pub health: Option<Health>,
    /// It left the table itself (fled past its edge): it shrinks away as it falls and
    /// is then not drawn, rather than lying as a casualty where it last stood.
    pub gone: bool,
}

/// Each model of a battle's world (the table's own components, any ruleset): its
/// entity, id, side and base.
pub fn table_models(world: &World) -> impl Iterator<Item = (Entity, ModelId, Side, &Placed)> {
    world.resource::<ModelIndex>().0.iter().filter_map(|e| {
        let id = world.get::<ModelId>(*e)?;
        let team = world.get::<Team>(*e)?;
        let base = world.get::<Base>(*e)?;
        Some((*e, *id, team.0, &base.0))
    })
}

/// The battle a frame draws: its world, its session, how many times that session has
/// made its engine again, the round it is in, and whether it is still being deployed.
pub struct Drawn<'a> {
    pub world: &'a World,
    /// The session's own number in this run ([`GameSession::serial`]): a battle loaded
    /// after another may be played on the very world the other left (engines recycle
    /// their worlds), which must still be drawn afresh, its arrows with it.
    ///
    /// [`GameSession::serial`]: super::session::GameSession
    pub serial: u64,
    pub remade: u32,
    pub round: u32,
    pub deploying: bool,
    /// The moves of this round made before the table was first drawn.
    pub moved_before: &'a [super::session::Moved],
}

impl MiniPainter<'_, '_> {
    /// Draws every miniature where its model stands in `drawn`'s world, as `shown`
    /// says (a model it says nothing of is left as it was drawn). A world other than
    /// the one drawn last, or one made again (a recycled world keeps its id), is drawn
    /// as it stands: its models do not glide from where the old one had them, leave no
    /// arrows, and show no hurt. Moves of deployment leave no arrows, and a new round
    /// clears the last round's.
    pub fn paint_all(
        &mut self,
        drawn: Drawn,
        minis: &mut Minis,
        shown: impl Fn(Entity, &Mini) -> Option<Shown>,
    ) {
        self.gliding.0 = false;
        let world = drawn.world;
        let key = (world.id(), drawn.serial, drawn.remade);
        let fresh = self.drawn.replace(key) != Some(key);
        if fresh {
            self.redraw_arrows(&drawn);
        }
        let index = world.resource::<ModelIndex>();
        for (mut mini, mut transform, mut ring, mut vis) in minis {
            if fresh {
                mini.snap();
            }
            let Some(e) = index.entity(mini.id) else {
                continue;
            };
            let (Some(base), Some(s)) = (world.get::<Base>(e), shown(e, &mini)) else {
                continue;
            };
            self.paint(&mut mini, (&mut transform, &mut ring, &mut vis), &base.0, s);
        }
        // Once this frame's glides have set off: deployment (and the frame it ends, the
        // last models gliding to their places) leaves no arrows, and a new round clears
        // the last one's.
        let was_deploying = self.deploying.replace(drawn.deploying) == Some(true);
        if drawn.deploying || was_deploying {
            self.trails.clear();
        }
        self.trails.in_round(drawn.round);
    }

    /// The arrows of a battle drawn afresh: those of the moves it made this round
    /// before it was drawn.
    fn redraw_arrows(&mut self, drawn: &Drawn) {
        self.trails.clear();
        *self.deploying = Some(drawn.deploying);
        let Some(layout) = &self.layout else { return };
        for m in drawn.moved_before {
            self.trails.in_round(m.round);
            self.trails.moved(m.id, m.side, m.leg, layout.size);
        }
    }

    /// Draws `mini` on its way to `base` as `shown` says. Asks for another frame while
    /// it moves.
    fn paint(
        &mut self,
        mini: &mut Mini,
        (transform, ring, vis): (&mut Mut<Transform>, &mut Mut<Ring>, &mut Mut<Visibility>),
        base: &Placed,
        shown: Shown,
    ) {
        let Shown {
            ring: colour,
            out,
            health,
            gone,
        } = shown;
        let dt = self.time.delta_secs();
        mini.fell_ago = match out {
            true => mini.fell_ago + self.real.delta_secs(),
            false => 0.0,
        };
        let colour = self.hurt(mini, base, colour, health, dt);
        let ((center, facing), moving, leg) =
            mini.glide
                .step((base.center, base.facing), dt, &self.motion);
        // A charge lunges from the next frame on, once its glide has set off on it.
        if let Some(end) = self.lunges.of(mini.id)
            && mini.glide.lunge(end, &self.motion)
        {
            self.lunges.done(mini.id);
        }
        if let (Some(leg), Some(layout)) = (leg, &self.layout) {
            self.trails.moved(mini.id, mini.side, leg, layout.size);
        }
        if out && !mini.fallen() {
            self.speaker.play(super::sound::Sound::Fall, &self.motion);
        }
        let (c, at, falling) = fallen(
            colour,
            upright(center, facing),
            &mut mini.gone_for,
            (out, gone),
            dt,
            &self.casualties,
            vis,
        );
        if falling || moving {
            self.busy.keep();
        }
        self.gliding.0 |= moving;
        show(ring, transform, at, c);
    }

    /// Notices a fall in `mini`'s health: a number rises from it and its ring flashes
    /// white for [`FLASH`] seconds. The ring's colour to draw.
    fn hurt(
        &mut self,
        mini: &mut Mini,
        base: &Placed,
        colour: Color,
        health: Option<Health>,
        dt: f32,
    ) -> Color {
        if let Some(h) = health {
            if let Some(text) = mini.health.and_then(|was| h.hurt_since(was)) {
                let top = base.center + Vec2::Y * base.shape.reach();
                self.floaters.rise(top, text);
                self.speaker.play(super::sound::Sound::Hit, &self.motion);
                mini.since_hit = 0.0;
            }
            mini.health = Some(h.value);
        }
        mini.since_hit += dt * self.motion.pace.min(4.0);
        if mini.since_hit >= FLASH {
            return colour;
        }
        self.busy.keep();
        colour.mix(&Color::WHITE, 0.8 * (1.0 - mini.since_hit / FLASH))
    }
}

/// Shows a model at `at` with its ring in `colour`, touching only what changed: a
/// transform written to is carried to the renderer again, and a ring to its material.
fn show(ring: &mut Mut<Ring>, transform: &mut Mut<Transform>, at: Transform, colour: Color) {
    ring.set_if_neq(Ring(colour));
    transform.set_if_neq(at);
}

/// Seconds a hit model's ring flashes.
const FLASH: f32 = 0.35;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hurt_model_says_what_it_lost_or_took() {
        let hp = |value| Health {
            value,
            unit: "HP",
            taken: false,
        };
        assert_eq!(hp(3).hurt_since(7).as_deref(), Some("−4 HP"));
        assert_eq!(hp(7).hurt_since(3), None, "healed: nothing rises");
        let damage = Health {
            value: 2,
            unit: "damage",
            taken: true,
        };
        assert_eq!(damage.hurt_since(1).as_deref(), Some("+1 damage"));
        assert_eq!(damage.hurt_since(2), None);
    }
}
