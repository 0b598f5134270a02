//! The headless Warband battle engine: an ECS world of models, bases and terrain on
//! bevy_ecs, driven by one command path shared by the mouse, the AI and replays.
