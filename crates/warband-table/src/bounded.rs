//! Choosing the best of several options whose scores cost much to work out, when a
//! cheap upper bound of each is known (branch and bound, one level deep). Options are
//! worked out in full from the highest bound down, and the rest are passed over once no
//! bound left can beat or tie the best score found. The choice is the one a loop over
//! every option in order, keeping the first strictly higher score, makes: players that
//! prune this way play exactly as they did judging every option in full.

/// What is known of an option's score before its costly part is worked out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// The score itself (nothing costly was left to work out).
    Exact(f64),
    /// A value the score never exceeds.
    AtMost(f64),
}

impl Bound {
    /// The bound with `x` added to it, and to the score it bounds (rounding is
    /// monotonic, so a sum stays no greater than the sum with the bound).
    pub fn plus(self, x: f64) -> Bound {
        match self {
            Bound::Exact(v) => Bound::Exact(v + x),
            Bound::AtMost(v) => Bound::AtMost(v + x),
        }
    }

    fn value(self) -> f64 {
        match self {
            Bound::Exact(v) | Bound::AtMost(v) => v,
        }
    }
}

/// The index of the first option with the highest score, as `score(i, beat)` gives
/// option `i`'s (never above its bound; a NaN score is outside what this promises, and
/// a debug build stops on one). `score` is asked only
/// for options whose bound could still beat or tie the best score found, `beat` (−∞
/// before any): it may answer None, having found a tighter bound, only when the score is
/// below `beat`. None when there are no options.
pub fn first_best(
    bounds: &[Bound],
    mut score: impl FnMut(usize, f64) -> Option<f64>,
) -> Option<usize> {
    let mut order: Vec<usize> = (0..bounds.len()).collect();
    // Highest bound first, ties in the options' order (a NaN bound, which bounds
    // nothing, first of all).
    order.sort_by(|a, b| {
        let (x, y) = (bounds[*a].value(), bounds[*b].value());
        y.is_nan()
            .cmp(&x.is_nan())
            .then(y.total_cmp(&x))
            .then(a.cmp(b))
    });
    let mut best: Option<(f64, usize)> = None;
    for i in order {
        let bound = bounds[i].value();
        if best.is_some_and(|(s, _)| bound < s) {
            break;
        }
        let s = match bounds[i] {
            Bound::Exact(v) => v,
            Bound::AtMost(_) => match score(i, best.map_or(f64::NEG_INFINITY, |(s, _)| s)) {
                Some(s) => s,
                None => continue,
            },
        };
        debug_assert!(!s.is_nan(), "option {i} scored NaN");
        if best.is_none_or(|(b, j)| s > b || (s == b && i < j)) {
            best = Some((s, i));
        }
    }
    best.map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use warband_rules::{DiceRoller, Die};

    /// The choice every option judged in full makes: the first strictly higher score.
    fn first_strictly_higher(scores: &[f64]) -> Option<usize> {
        let mut best: Option<(f64, usize)> = None;
        for (i, s) in scores.iter().enumerate() {
            if best.is_none_or(|(b, _)| *s > b) {
                best = Some((*s, i));
            }
        }
        best.map(|(_, i)| i)
    }

    /// 20,000 random sets of options, scores drawn from few values so that ties are
    /// common, each bound exact or above its score by a random slack (often none).
    #[test]
    fn chooses_as_judging_every_option_would() {
        let mut rng = DiceRoller::from_seed(7);
        let mut asked = 0;
        let mut options = 0;
        for _ in 0..20_000 {
            let n = usize::from(rng.face(Die::D12)) - 1;
            let scores: Vec<f64> = (0..n)
                .map(|_| f64::from(rng.face(Die::D6)) * 0.5 - 2.0)
                .collect();
            let bounds: Vec<Bound> = scores
                .iter()
                .map(|s| match rng.face(Die::D4) {
                    1 => Bound::Exact(*s),
                    2 => Bound::AtMost(*s),
                    _ => Bound::AtMost(s + f64::from(rng.face(Die::D6) - 1) * 0.25),
                })
                .collect();
            // A scorer that, half the time, turns down an option it can tell will lose.
            let lazy = rng.face(Die::D6) > 3;
            let chosen = first_best(&bounds, |i, beat| {
                asked += 1;
                (!lazy || scores[i] >= beat).then_some(scores[i])
            });
            assert_eq!(
                chosen,
                first_strictly_higher(&scores),
                "{scores:?} {bounds:?}"
            );
            options += bounds
                .iter()
                .filter(|b| matches!(b, Bound::AtMost(_)))
                .count();
        }
        // Of the scores that had to be asked for, most were not: a test that passed by
        // asking for every one would show nothing of the pruning.
        assert!(asked * 2 < options, "asked {asked} of {options}");
    }

    #[test]
    fn a_score_is_worked_out_only_while_its_bound_could_win() {
        let bounds = [
            Bound::AtMost(1.0),
            Bound::Exact(3.0),
            Bound::AtMost(3.0),
            Bound::AtMost(2.5),
        ];
        let mut asked = Vec::new();
        let chosen = first_best(&bounds, |i, beat| {
            asked.push((i, beat));
            Some([0.5, 3.0, 3.0, 2.0][i])
        });
        // Option 2 ties option 1 and comes after it: 1 is kept, and 3 and 0 can not win.
        assert_eq!(chosen, Some(1));
        assert_eq!(asked, vec![(2, 3.0)]);
    }

    #[test]
    fn no_options_no_choice_and_nan_bounds_are_judged_first() {
        assert_eq!(first_best(&[], |_, _| Some(0.0)), None);
        let bounds = [Bound::AtMost(5.0), Bound::AtMost(f64::NAN)];
        let mut asked = Vec::new();
        let chosen = first_best(&bounds, |i, _| {
            asked.push(i);
            Some([1.0, 2.0][i])
        });
        assert_eq!(chosen, Some(1));
        assert_eq!(asked, vec![1, 0]);
    }
}
