//! The game's own art, drawn in code: the mat's cloth and frame, terrain by its look and
//! the icons on the bases. Pure drawing: nothing here reads or changes a battle.

pub mod icons;
pub mod mat;
pub mod terrain;
