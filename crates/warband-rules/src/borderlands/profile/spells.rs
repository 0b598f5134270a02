//! The B/X spells Borderlands plays: their levels, ranges and targets, and the slots
//! they are cast from.

use serde::{Deserialize, Serialize};

/// The B/X spells Borderlands plays (typed ids; RON writes them by name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Spell {
    Sleep,
    MagicMissile,
    CureLightWounds,
    HoldPerson,
    Light,
    /// The reverse of Cure Light Wounds: a touch that needs a hit roll, 1d6+1.
    CauseLightWounds,
    /// 1d4 images of the caster; an attack that would hit it strikes an image instead.
    MirrorImage,
}

/// Whom a spell is cast at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpellTarget {
    /// An enemy within the spell's range and sight.
    Enemy,
    /// An enemy the caster touches (a hit roll decides).
    EnemyTouched,
    /// An ally the caster touches, or itself.
    AllyTouched,
    /// The caster alone.
    Caster,
}

impl Spell {
    pub const ALL: [Spell; 7] = [
        Spell::Sleep,
        Spell::MagicMissile,
        Spell::CureLightWounds,
        Spell::HoldPerson,
        Spell::Light,
        Spell::CauseLightWounds,
        Spell::MirrorImage,
    ];

    /// The spell's level (B/X): Hold Person and Mirror Image are second-level.
    pub fn level(self) -> u8 {
        match self {
            Spell::HoldPerson | Spell::MirrorImage => 2,
            _ => 1,
        }
    }

    /// Range in inches (B/X feet ÷ 5); touch spells and Mirror Image have none.
    pub fn range(self) -> Option<f32> {
        match self {
            Spell::Sleep => Some(48.0),
            Spell::MagicMissile => Some(30.0),
            Spell::HoldPerson => Some(36.0),
            Spell::Light => Some(24.0),
            Spell::CureLightWounds | Spell::CauseLightWounds | Spell::MirrorImage => None,
        }
    }

    pub fn target(self) -> SpellTarget {
        match self {
            Spell::CureLightWounds => SpellTarget::AllyTouched,
            Spell::CauseLightWounds => SpellTarget::EnemyTouched,
            Spell::MirrorImage => SpellTarget::Caster,
            _ => SpellTarget::Enemy,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Spell::Sleep => "Sleep",
            Spell::MagicMissile => "Magic Missile",
            Spell::CureLightWounds => "Cure Light Wounds",
            Spell::HoldPerson => "Hold Person",
            Spell::Light => "Light",
            Spell::CauseLightWounds => "Cause Light Wounds",
            Spell::MirrorImage => "Mirror Image",
        }
    }
}

/// Spell slots left, by spell level (first, second).
pub type SpellSlots = [u8; 2];

/// The slot a spell is cast from: its own level's.
pub fn slot_index(spell: Spell) -> usize {
    usize::from(spell.level() - 1)
}
