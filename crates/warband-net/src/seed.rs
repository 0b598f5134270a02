//! No player chooses or foresees the dice. The battle seed comes from commit-reveal:
//! the host and each seated player commit to a nonce (its BLAKE3 hash), and only when
//! every commitment is in are the nonces shown; the seed is the hash of them all, so no
//! one could steer it by choosing theirs last. Each command's dice are then salted by
//! the host after the command is committed (`warband_table::save::salted_seed`).

use crate::msg::Seat;

/// A fresh nonce from the OS's randomness, as hex.
pub fn nonce() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the OS gives random bytes");
    hex(&bytes)
}

/// A fresh seat token, as hex.
pub fn token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the OS gives random bytes");
    hex(&bytes)
}

/// A fresh dice salt.
pub fn salt() -> u64 {
    getrandom::u64().expect("the OS gives random bytes")
}

/// The commitment to a nonce.
pub fn commitment(nonce: &str) -> String {
    let mut h = blake3::Hasher::new();
    h.update(b"warband seed commitment\0");
    h.update(nonce.as_bytes());
    h.finalize().to_hex().to_string()
}

/// The battle seed from every nonce, each checked against its commitment; the error
/// names the seat whose nonce does not match.
pub fn battle_seed(
    commitments: &[(Seat, String)],
    nonces: &[(Seat, String)],
) -> Result<u64, String> {
    let mut nonces = nonces.to_vec();
    nonces.sort();
    if nonces.len() != commitments.len() {
        return Err(format!(
            "{} nonces for {} commitments",
            nonces.len(),
            commitments.len()
        ));
    }
    let mut h = blake3::Hasher::new();
    h.update(b"warband battle seed\0");
    for (seat, nonce) in &nonces {
        let committed = commitments.iter().find(|(s, _)| s == seat);
        if committed.is_none_or(|(_, c)| *c != commitment(nonce)) {
            return Err(format!(
                "the nonce of {seat:?} does not match its commitment"
            ));
        }
        h.update(nonce.as_bytes());
        h.update(b"\0");
    }
    let bytes = h.finalize();
    let first: [u8; 8] = bytes.as_bytes()[..8].try_into().expect("32 bytes");
    Ok(u64::from_le_bytes(first))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_rules::Side;

    fn seats(n: &[String; 3]) -> Vec<(Seat, String)> {
        vec![
            (Seat::Host, n[0].clone()),
            (Seat::Side(Side::A), n[1].clone()),
            (Seat::Side(Side::B), n[2].clone()),
        ]
    }

    #[test]
    fn every_nonce_moves_the_seed_and_order_does_not() {
        let n = [nonce(), nonce(), nonce()];
        let nonces = seats(&n);
        let commitments: Vec<_> = nonces.iter().map(|(s, v)| (*s, commitment(v))).collect();
        let seed = battle_seed(&commitments, &nonces).unwrap();
        let mut reversed = nonces.clone();
        reversed.reverse();
        assert_eq!(battle_seed(&commitments, &reversed).unwrap(), seed);
        let mut other = n.clone();
        other[2] = nonce();
        let moved: Vec<_> = seats(&other);
        let recommitted: Vec<_> = moved.iter().map(|(s, v)| (*s, commitment(v))).collect();
        assert_ne!(battle_seed(&recommitted, &moved).unwrap(), seed);
    }

    #[test]
    fn a_nonce_that_is_not_the_one_committed_is_refused() {
        let n = [nonce(), nonce(), nonce()];
        let nonces = seats(&n);
        let commitments: Vec<_> = nonces.iter().map(|(s, v)| (*s, commitment(v))).collect();
        let mut cheat = nonces.clone();
        cheat[1].1 = nonce();
        let e = battle_seed(&commitments, &cheat).unwrap_err();
        assert!(e.contains("Side(A)"), "{e}");
    }

    #[test]
    fn nonces_and_tokens_are_fresh() {
        assert_ne!(nonce(), nonce());
        assert_eq!(token().len(), 32);
        assert_ne!(salt(), salt());
    }
}
