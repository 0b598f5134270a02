//! The one look of every egui panel: a warm dark palette (panels like a game's sidebar,
//! parchment text, an old-gold accent for headings and strong words, bronze edges), the
//! fonts (DejaVu Sans Condensed for text, DejaVu Serif Bold for headings, Phosphor's
//! icons, egui's own fonts behind them for what those lack), text sizes that read at a
//! glance, roomier spacing and rounded widgets. It is put on the primary egui context
//! the frame that context is made, before its first pass, so nothing is drawn in egui's
//! default look and no style names a font that is not loaded yet.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiPreUpdateSet, PrimaryEguiContext, egui};
use egui::{Color32, CornerRadius, FontData, FontDefinitions, FontFamily, FontId, Stroke};
use egui::{TextStyle, style::WidgetVisuals};
use std::sync::Arc;

/// Panels: a warm near-black, like a game's sidebar.
const PANEL: Color32 = Color32::from_rgb(30, 26, 22);
/// Windows over the table: a shade lighter than the panels.
const WINDOW: Color32 = Color32::from_rgb(38, 33, 27);
/// Behind text fields, scroll bars and plots: darker than the panels.
const DEEP: Color32 = Color32::from_rgb(17, 14, 11);
/// Ordinary text: parchment, not grey.
const TEXT: Color32 = Color32::from_rgb(230, 220, 198);
/// Headings and strong words: old gold.
const ACCENT: Color32 = Color32::from_rgb(232, 196, 118);
/// Edges of panels and windows, separators: bronze.
const EDGE: Color32 = Color32::from_rgb(98, 78, 50);
/// A button at rest, under the pointer, pressed.
const BUTTON: Color32 = Color32::from_rgb(64, 53, 41);
const BUTTON_HOVERED: Color32 = Color32::from_rgb(88, 71, 51);
const BUTTON_PRESSED: Color32 = Color32::from_rgb(116, 91, 57);

/// DejaVu Sans Condensed (as narrow as egui's Ubuntu-Light, so the panels hold as many
/// words) and DejaVu Serif Bold: Bitstream Vera licence, assets/fonts/.
const DEJAVU_SANS_CONDENSED: &[u8] = include_bytes!("../../assets/fonts/DejaVuSansCondensed.ttf");
const DEJAVU_SERIF_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSerif-Bold.ttf");

/// The family of headings: DejaVu Serif Bold, then the text fonts.
fn heading_family() -> FontFamily {
    FontFamily::Name("heading".into())
}

/// The battle log's text style: a size below the body's, so a 300-point panel holds
/// more of a line, and still easy to read.
pub fn log_style() -> TextStyle {
    TextStyle::Name("log".into())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        install
            .after(EguiPreUpdateSet::InitContexts)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// Puts the theme on the primary context the frame it is made: fonts set before a pass
/// begins are in use from that pass, so the style may name them at once.
fn install(mut made: Query<&mut EguiContext, Added<PrimaryEguiContext>>) {
    for mut context in &mut made {
        put_on(context.get_mut());
    }
}

/// The theme's fonts and style, on a context before its next pass.
pub(crate) fn put_on(ctx: &egui::Context) {
    ctx.set_fonts(fonts());
    let style = Arc::new(style());
    // One look whatever the system's light or dark preference.
    ctx.options_mut(|o| {
        o.theme_preference = egui::ThemePreference::Dark;
        o.dark_style = Arc::clone(&style);
        o.light_style = style;
    });
}

/// The fonts the theme loads: egui's own (Ubuntu-Light, Hack, the two emoji fonts)
/// with DejaVu Sans Condensed put first for text and Phosphor's icons ahead of the emoji
/// fonts (it maps its own private-use code points), and a heading family led by DejaVu
/// Serif Bold. Monospace stays Hack first, DejaVu Sans Condensed behind it for symbols.
fn fonts() -> FontDefinitions {
    const TEXT_FONT: &str = "DejaVuSansCondensed";
    const HEADING_FONT: &str = "DejaVuSerif-Bold";
    let mut fonts = FontDefinitions::default();
    for (name, bytes) in [
        (TEXT_FONT, DEJAVU_SANS_CONDENSED),
        (HEADING_FONT, DEJAVU_SERIF_BOLD),
    ] {
        let data = Arc::new(FontData::from_static(bytes));
        fonts.font_data.insert(name.into(), data);
    }
    egui_phosphor::add_to_fonts(&mut fonts, egui_phosphor::Variant::Regular);
    let proportional = fonts.families.entry(FontFamily::Proportional).or_default();
    proportional.insert(0, TEXT_FONT.into());
    let monospace = fonts.families.entry(FontFamily::Monospace).or_default();
    let behind_hack = 1.min(monospace.len());
    monospace.splice(
        behind_hack..behind_hack,
        [TEXT_FONT.into(), "phosphor".into()],
    );
    let mut heading = vec![HEADING_FONT.to_string()];
    heading.extend(fonts.families[&FontFamily::Proportional].iter().cloned());
    fonts.families.insert(heading_family(), heading);
    fonts
}

/// The whole style: the sizes of text, the spacing, the visuals.
fn style() -> egui::Style {
    let mut style = egui::Style {
        visuals: visuals(),
        ..default()
    };
    style.text_styles = [
        (TextStyle::Small, FontId::proportional(12.0)),
        (TextStyle::Body, FontId::proportional(14.0)),
        (TextStyle::Button, FontId::proportional(14.0)),
        (TextStyle::Monospace, FontId::monospace(14.0)),
        (TextStyle::Heading, FontId::new(21.0, heading_family())),
        (log_style(), FontId::proportional(13.5)),
    ]
    .into();
    // Numbers typed or dragged line up in the monospace font.
    style.drag_value_text_style = TextStyle::Monospace;
    let s = &mut style.spacing;
    s.item_spacing = egui::vec2(7.0, 5.0);
    s.button_padding = egui::vec2(5.0, 3.0);
    s.window_margin = egui::Margin::same(12);
    s.menu_margin = egui::Margin::same(8);
    s.interact_size = egui::vec2(40.0, 22.0);
    s.indent = 20.0;
    s.icon_width = 16.0;
    s.icon_width_inner = 9.0;
    s.icon_spacing = 6.0;
    // Solid scroll bars, shown wherever a list runs past its panel: egui's floating
    // ones show only under the pointer, and a list cut short reads as the whole of it.
    s.scroll = egui::style::ScrollStyle::solid();
    style
}

/// The colours and shapes: warm panels, parchment text, gold for what is strong or
/// chosen, bronze edges, rounded corners.
fn visuals() -> egui::Visuals {
    let mut v = egui::Visuals::dark();
    v.widgets = egui::style::Widgets {
        // Labels and separators.
        noninteractive: widget(PANEL, Stroke::new(1.0, EDGE), TEXT),
        inactive: widget(BUTTON, Stroke::new(1.0, EDGE), TEXT),
        hovered: widget(BUTTON_HOVERED, Stroke::new(1.0, ACCENT), Color32::WHITE),
        // Also the colour of strong text (egui's `strong_text_color`): the accent.
        active: widget(BUTTON_PRESSED, Stroke::new(1.0, ACCENT), ACCENT),
        open: widget(BUTTON, Stroke::new(1.0, ACCENT), TEXT),
    };
    v.selection.bg_fill = Color32::from_rgb(124, 92, 40);
    v.selection.stroke = Stroke::new(1.0, ACCENT);
    v.hyperlink_color = Color32::from_rgb(150, 190, 240);
    v.faint_bg_color = Color32::from_rgb(36, 31, 26);
    v.extreme_bg_color = DEEP;
    v.code_bg_color = BUTTON;
    v.warn_fg_color = Color32::from_rgb(240, 180, 80);
    v.error_fg_color = Color32::from_rgb(240, 96, 80);
    v.weak_text_color = Some(Color32::from_rgb(166, 154, 132));
    v.panel_fill = PANEL;
    v.window_fill = WINDOW;
    v.window_stroke = Stroke::new(1.0, EDGE);
    v.window_corner_radius = CornerRadius::same(8);
    v.menu_corner_radius = CornerRadius::same(6);
    v.window_shadow.color = Color32::from_black_alpha(140);
    v.slider_trailing_fill = true;
    v
}

/// One state of the widgets: its fill, its edge, and the colour of its text.
fn widget(fill: Color32, edge: Stroke, text: Color32) -> WidgetVisuals {
    WidgetVisuals {
        bg_fill: fill,
        weak_bg_fill: fill,
        bg_stroke: edge,
        fg_stroke: Stroke::new(1.5, text),
        corner_radius: CornerRadius::same(5),
        expansion: 0.0,
    }
}

#[cfg(test)]
mod tests;
