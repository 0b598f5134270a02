//! The screens, as Bevy states: main menu → battle setup → battle → result, and the list
//! of saved battles. Entities of a screen are despawned when it is left.

mod backdrop;
pub(crate) mod battle;
mod builder;
mod builder_files;
pub mod editor;
mod join;
pub mod lab;
mod menu;
pub(crate) mod result;
mod saves;
mod seed_field;
mod settings;
mod setup;
mod shelf;
pub mod smoke;

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    MainMenu,
    Setup,
    Battle,
    Result,
    Saves,
    Builder,
    Lab,
    Editor,
    Settings,
    /// Join a network battle.
    Join,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu::plugin,
        backdrop::plugin,
        setup::plugin,
        battle::plugin,
        result::plugin,
        saves::plugin,
        builder::plugin,
        lab::plugin,
        editor::plugin,
        settings::plugin,
        join::plugin,
    ));
}

/// Systems that need the battle session run after this, on entering the battle screen.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BattleStarted;
