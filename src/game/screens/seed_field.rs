//! A seed box that holds every seed whole: it shows a seed of up to 15 digits as a
//! number and a longer one as `0x` and 16 hex digits, as the lab's CSV writes a game's
//! seed, and reads back decimal or hex as typed (`parse_seed`, the same reading as every
//! `--seed`). A number box holds its value as a float, so a
//! 64-bit seed pasted from a CSV row was rounded and replayed another battle.

use bevy_egui::egui;
use warband_table::sim::{parse_seed, seed_text};

/// The seed box: while it is typed in, each text that reads as a seed sets `seed`; a
/// text that does not is shown in the error colour, with why on hover, and `seed` keeps
/// its last good value. Out of the box, it shows `seed` as `shown` writes it unless the
/// text typed still reads as it.
pub(crate) fn seed_field(ui: &mut egui::Ui, salt: &'static str, seed: &mut u64) -> egui::Response {
    let id = ui.make_persistent_id(salt);
    let editing = ui.memory(|m| m.has_focus(id));
    let mut text = ui
        .data_mut(|d| d.get_temp::<String>(id))
        .filter(|t| editing || parse_seed(t) == Ok(*seed))
        .unwrap_or_else(|| shown(*seed));
    let bad = parse_seed(&text).err();
    let mut edit = egui::TextEdit::singleline(&mut text)
        .id(id)
        .desired_width(190.0)
        .font(egui::TextStyle::Monospace);
    if bad.is_some() {
        edit = edit.text_color(ui.visuals().error_fg_color);
    }
    let response = ui.add(edit);
    let read = parse_seed(&text);
    ui.data_mut(|d| d.insert_temp(id, text));
    match read {
        Ok(s) => {
            *seed = s;
            response
        }
        Err(why) => response.on_hover_text(why),
    }
}

/// A seed as the box shows it: as a number while a spreadsheet would keep it whole (15
/// digits), else as `seed_text` writes it for the lab's CSV.
fn shown(seed: u64) -> String {
    if seed < 1_000_000_000_000_000 {
        seed.to_string()
    } else {
        seed_text(seed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One frame of a panel holding the box; what it shows, and the seed after.
    fn frame(ctx: &egui::Context, seed: &mut u64) -> String {
        let mut shown = String::new();
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            seed_field(ui, "seed", seed);
            let id = ui.make_persistent_id("seed");
            shown = ui
                .data_mut(|d| d.get_temp::<String>(id))
                .unwrap_or_default();
        });
        out.textures_delta.clear();
        shown
    }

    /// A context in the game's own look (its fonts must hold the box's monospace).
    fn themed() -> egui::Context {
        let ctx = egui::Context::default();
        crate::game::theme::put_on(&ctx);
        ctx
    }

    fn id_of(ctx: &egui::Context) -> egui::Id {
        let mut id = egui::Id::NULL;
        let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
            id = ui.make_persistent_id("seed");
        });
        out.textures_delta.clear();
        id
    }

    #[test]
    fn a_seed_too_big_for_a_float_is_shown_and_kept_whole() {
        let ctx = themed();
        let mut seed = u64::MAX - 2;
        assert_eq!(frame(&ctx, &mut seed), "0xfffffffffffffffd");
        assert_eq!(seed, u64::MAX - 2);
        let mut seed = 999_999_999_999_999;
        assert_eq!(frame(&themed(), &mut seed), "999999999999999");
    }

    /// A box being typed in: its context and id, the box focused.
    fn typing() -> (egui::Context, egui::Id) {
        let ctx = themed();
        let id = id_of(&ctx);
        ctx.memory_mut(|m| m.request_focus(id));
        (ctx, id)
    }

    #[test]
    fn a_seed_typed_as_a_csv_writes_it_is_played_whole() {
        let (ctx, id) = typing();
        let mut seed = 1;
        for typed in ["0x9e3779b97f4a7c15", "18446744073709551557"] {
            ctx.data_mut(|d| d.insert_temp(id, typed.to_string()));
            assert_eq!(frame(&ctx, &mut seed), typed);
            assert_eq!(seed, parse_seed(typed).unwrap());
        }
        assert_eq!(seed, 18_446_744_073_709_551_557);
    }

    #[test]
    fn a_text_that_is_no_seed_keeps_the_last_and_is_put_right_when_left() {
        let (ctx, id) = typing();
        let mut seed = 7;
        ctx.data_mut(|d| d.insert_temp(id, "0xg7".to_string()));
        assert_eq!(frame(&ctx, &mut seed), "0xg7", "kept while typed in");
        assert_eq!(seed, 7);
        ctx.memory_mut(|m| m.surrender_focus(id));
        assert_eq!(frame(&ctx, &mut seed), "7");
    }
}
