//! Small exact-probability helpers shared by every ruleset's odds.

/// The binomial distribution: `pmf[k]` = P(exactly k of `n` trials succeed), each with
/// probability `p`. Computed by the multiplicative recurrence, so it is exact to f64
/// rounding and costs O(n).
pub fn binomial(n: usize, p: f64) -> Vec<f64> {
    let mut pmf = vec![0.0; n + 1];
    if p <= 0.0 {
        pmf[0] = 1.0;
        return pmf;
    }
    if p >= 1.0 {
        pmf[n] = 1.0;
        return pmf;
    }
    let q = 1.0 - p;
    // Build it by repeated convolution with one trial: stable for every n and p, with no
    // underflow from q^n when n is large.
    pmf[0] = 1.0;
    for trials in 1..=n {
        for k in (1..=trials).rev() {
            pmf[k] = pmf[k] * q + pmf[k - 1] * p;
        }
        pmf[0] *= q;
    }
    pmf
}

/// The mean of a distribution over 0, 1, 2, ….
pub fn mean(pmf: &[f64]) -> f64 {
    pmf.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
}

/// P(the sum of 2d6 is at most `total`).
pub fn two_d6_at_most(total: i32) -> f64 {
    let ways: i32 = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|s| *s <= total)
        .count() as i32;
    f64::from(ways) / 36.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn binomial_matches_hand_values() {
        let pmf = binomial(2, 0.5);
        assert!(close(pmf[0], 0.25) && close(pmf[1], 0.5) && close(pmf[2], 0.25));
        let pmf = binomial(3, 1.0 / 3.0);
        assert!(close(pmf[0], 8.0 / 27.0));
        assert!(close(pmf[1], 12.0 / 27.0));
        assert!(close(pmf[2], 6.0 / 27.0));
        assert!(close(pmf[3], 1.0 / 27.0));
        assert!(close(mean(&pmf), 1.0));
    }

    #[test]
    fn binomial_edges() {
        assert_eq!(binomial(3, 0.0), vec![1.0, 0.0, 0.0, 0.0]);
        assert_eq!(binomial(3, 1.0), vec![0.0, 0.0, 0.0, 1.0]);
        assert_eq!(binomial(0, 0.4), vec![1.0]);
        let big = binomial(200, 0.5);
        assert!(close(big.iter().sum::<f64>(), 1.0));
    }

    #[test]
    fn two_d6_cumulative() {
        assert!(close(two_d6_at_most(1), 0.0));
        assert!(close(two_d6_at_most(2), 1.0 / 36.0));
        assert!(close(two_d6_at_most(7), 21.0 / 36.0));
        assert!(close(two_d6_at_most(12), 1.0));
    }
}
