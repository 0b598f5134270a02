//! A batch's seeds: each game's from the master seed, and a seed as text that a
//! spreadsheet keeps whole and every `--seed` reads back.

/// SplitMix64: a good mix of the master seed and the game index into a game seed.
pub fn game_seed(master: u64, index: u64) -> u64 {
    let mut z = master
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(index.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A seed as text a spreadsheet keeps whole: `0x` and 16 hex digits. A 20-digit
/// decimal seed is read as a number and rounded to 15 significant digits; this is
/// read back by every `--seed` (see `parse_seed`).
pub fn seed_text(seed: u64) -> String {
    format!("0x{seed:016x}")
}

/// A seed as typed: decimal, or `0x` and hex as `seed_text` writes it.
pub fn parse_seed(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => t.parse(),
    };
    parsed.map_err(|_| format!("`{t}` is not a seed: expected a whole number from 0 to {}, or 0x and up to 16 hex digits", u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_as_text_is_read_back_whole() {
        for seed in [0, 1, 7, u64::MAX, game_seed(2026, 3)] {
            let text = seed_text(seed);
            assert_eq!(text.len(), 18, "{text}");
            assert_eq!(parse_seed(&text), Ok(seed));
            assert_eq!(parse_seed(&seed.to_string()), Ok(seed));
        }
        assert_eq!(parse_seed(" 0XfF "), Ok(255));
    }

    #[test]
    fn a_bad_seed_is_said_to_be_one() {
        for bad in ["", "-1", "0x", "0xg1", "18446744073709551616", "seven"] {
            let e = parse_seed(bad).unwrap_err();
            assert!(e.contains("is not a seed"), "{bad}: {e}");
        }
    }
}
