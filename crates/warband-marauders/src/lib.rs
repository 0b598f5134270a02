//! The headless Warband battle engine: an ECS world of models, bases and terrain on
//! bevy_ecs, driven by one command path shared by the mouse, the AI and replays.

pub mod ai;
pub mod battle;
pub mod command;
pub mod components;
pub mod data;
pub mod effects;
pub mod engine;
pub mod fuzz;
pub mod log;
pub mod phases;
pub mod save;
pub mod scale;
pub mod sim;

pub use command::{Command, Refusal};
pub use engine::Engine;
pub use phases::Phase;
pub use warband_rules::Side;
pub use warband_table::{geometry, hash, state};
