//! Per-event random numbers: a small, fast, deterministic generator.
//!
//! Every event draws from its own generator, seeded from (job seed, run, event) and
//! nothing else, so an event's random numbers do not depend on which process handles it,
//! on how many processes there are, or on the events before it.
//!
//! SplitMix64 mixes the seed, run and event number into the 256-bit state of
//! xoshiro256++ (Blackman and Vigna, 2019), which then generates. Neither is
//! cryptographic.
//!
//! ```
//! use evflow_runtime::modules::EventRng;
//!
//! let mut a = EventRng::for_event(42, 1, 7);
//! let mut b = EventRng::for_event(42, 1, 7);
//! assert_eq!(a.uniform(), b.uniform());
//! let k = a.poisson(3.5);
//! let x = a.normal(0.0, 1.0);
//! let n = a.uniform_u64(1, 6);
//! assert!((1..=6).contains(&n) && x.is_finite() && k < 1000);
//! ```

/// Means below this are drawn by multiplying uniforms (Knuth); from here on by PTRS.
pub const POISSON_PTRS_FROM: f64 = 10.0;

/// 2^-53: turns the top 53 bits of a `u64` into a float in [0, 1).
const F64_UNIT: f64 = 1.0 / (1u64 << 53) as f64;

/// The SplitMix64 step: advances `state` and returns a well-mixed output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A deterministic random number generator for one event (xoshiro256++).
#[derive(Debug, Clone, PartialEq)]
pub struct EventRng {
    s: [u64; 4],
    /// The second normal deviate of the last Box-Muller pair, not yet used.
    spare_normal: Option<f64>,
}

impl EventRng {
    /// The generator of event `event` of run `run` in a job seeded with `seed`.
    pub fn for_event(seed: u64, run: u32, event: u64) -> EventRng {
        EventRng::for_stream(seed, 0, run, event)
    }

    /// An independent generator of the same event for another purpose (`stream`), so two
    /// users of one event's random numbers do not shift each other's sequences.
    /// `for_stream(seed, 0, run, event)` is `for_event(seed, run, event)`.
    pub fn for_stream(seed: u64, stream: u64, run: u32, event: u64) -> EventRng {
        // Each input goes through a full mixing step, so nearby inputs give unrelated states.
        let mut mix = seed;
        let mut key = splitmix64(&mut mix);
        for word in [stream, u64::from(run), event] {
            let mut next = key ^ word;
            key = splitmix64(&mut next);
        }
        EventRng::from_seed(key)
    }

    /// A generator seeded from one number.
    pub fn from_seed(seed: u64) -> EventRng {
        let mut state = seed;
        let mut s = [0u64; 4];
        for word in &mut s {
            *word = splitmix64(&mut state);
        }
        if s == [0; 4] {
            // The one state xoshiro cannot leave; SplitMix64 never yields it, but be sure.
            s[0] = 1;
        }
        EventRng { s, spare_normal: None }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform float in [0, 1), with 53 random bits.
    #[inline]
    pub fn uniform(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * F64_UNIT
    }

    /// A uniform float in [`lo`, `hi`).
    #[inline]
    pub fn uniform_range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.uniform()
    }

    /// A uniform integer in [`lo`, `hi`], both ends included, without bias (Lemire's
    /// multiply-and-reject). `lo > hi` is read as `hi..=lo`.
    pub fn uniform_u64(&mut self, lo: u64, hi: u64) -> u64 {
        let (lo, hi) = if lo <= hi { (lo, hi) } else { (hi, lo) };
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        let range = span + 1;
        let threshold = range.wrapping_neg() % range;
        loop {
            let product = u128::from(self.next_u64()) * u128::from(range);
            if (product as u64) >= threshold {
                return lo + (product >> 64) as u64;
            }
        }
    }

    /// A normal deviate with mean `mean` and standard deviation `sigma` (Box-Muller; the
    /// second deviate of each pair is kept for the next call).
    #[inline]
    pub fn normal(&mut self, mean: f64, sigma: f64) -> f64 {
        mean + sigma * self.standard_normal()
    }

    /// A normal deviate with mean 0 and standard deviation 1.
    pub fn standard_normal(&mut self) -> f64 {
        if let Some(spare) = self.spare_normal.take() {
            return spare;
        }
        // 1 - u lies in (0, 1], so the logarithm is finite.
        let radius = (-2.0 * (1.0 - self.uniform()).ln()).sqrt();
        let angle = std::f64::consts::TAU * self.uniform();
        let (sin, cos) = angle.sin_cos();
        self.spare_normal = Some(radius * sin);
        radius * cos
    }

    /// An exponential deviate with mean `scale`.
    #[inline]
    pub fn exponential(&mut self, scale: f64) -> f64 {
        -scale * (1.0 - self.uniform()).ln()
    }

    /// A Poisson deviate with mean `mean` (Knuth's method for small means, Hörmann's PTRS
    /// from [`POISSON_PTRS_FROM`] on). A mean that is not positive and finite gives 0.
    pub fn poisson(&mut self, mean: f64) -> u64 {
        if !(mean > 0.0 && mean.is_finite()) {
            0
        } else if mean < POISSON_PTRS_FROM {
            self.poisson_knuth(mean)
        } else {
            self.poisson_ptrs(mean)
        }
    }

    fn poisson_knuth(&mut self, mean: f64) -> u64 {
        let limit = (-mean).exp();
        let mut product = self.uniform();
        let mut k = 0;
        while product > limit {
            product *= self.uniform();
            k += 1;
        }
        k
    }

    /// Transformed rejection with squeeze (W. Hörmann, "The transformed rejection method for
    /// generating Poisson random variables", 1993), as numpy does it.
    fn poisson_ptrs(&mut self, mean: f64) -> u64 {
        let sqrt_mean = mean.sqrt();
        let log_mean = mean.ln();
        let b = 0.931 + 2.53 * sqrt_mean;
        let a = -0.059 + 0.02483 * b;
        let inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
        let v_r = 0.9277 - 3.6224 / (b - 2.0);
        loop {
            let u = self.uniform() - 0.5;
            let v = self.uniform();
            let us = 0.5 - u.abs();
            let k = ((2.0 * a / us + b) * u + mean + 0.43).floor();
            if us >= 0.07 && v <= v_r {
                return k as u64;
            }
            if k < 0.0 || (us < 0.013 && v > us) {
                continue;
            }
            let lhs = v.ln() + inv_alpha.ln() - (a / (us * us) + b).ln();
            let rhs = -mean + k * log_mean - ln_gamma(k + 1.0);
            if lhs <= rhs {
                return k as u64;
            }
        }
    }
}

/// ln Γ(x) for x ≥ 1 (Stirling's series, shifted up to x ≥ 7 for accuracy).
fn ln_gamma(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 10] = [
        8.333333333333333e-02,
        -2.777777777777778e-03,
        7.936507936507937e-04,
        -5.952380952380952e-04,
        8.417508417508418e-04,
        -1.917526917526918e-03,
        6.41025641025641e-03,
        -2.955065359477124e-02,
        1.796443723688307e-01,
        -1.39243221690590e+00,
    ];
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    let shift = if x <= 7.0 { (7.0 - x).floor() } else { 0.0 };
    let mut x0 = x + shift;
    let inv_sq = 1.0 / (x0 * x0);
    let series = COEFFICIENTS.iter().rev().fold(0.0, |acc, &c| acc * inv_sq + c);
    let mut result = series / x0 + 0.5 * std::f64::consts::TAU.ln() + (x0 - 0.5) * x0.ln() - x0;
    for _ in 0..shift as u32 {
        x0 -= 1.0;
        result -= x0.ln();
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xoshiro_matches_the_reference_sequence() {
        // State {1, 2, 3, 4}: the first outputs of the reference C implementation.
        let mut rng = EventRng { s: [1, 2, 3, 4], spare_normal: None };
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, vec![41943041, 58720359, 3588806011781223]);
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        let mut factorial = 1.0f64;
        for n in 1..30u32 {
            // ln Γ(n + 1) = ln n!
            factorial *= f64::from(n);
            let got = ln_gamma(f64::from(n) + 1.0);
            assert!((got - factorial.ln()).abs() < 1e-9 * factorial.ln().max(1.0), "n={n}: {got}");
        }
        assert!((ln_gamma(1.5) - 0.5f64 * std::f64::consts::PI.ln() + 2f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn uniform_u64_covers_its_range_and_nothing_else() {
        let mut rng = EventRng::from_seed(9);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            let v = rng.uniform_u64(3, 8);
            seen[(v - 3) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(rng.uniform_u64(5, 5), 5);
        assert!(rng.uniform_u64(0, u64::MAX) > 0 || rng.uniform_u64(0, u64::MAX) > 0);
    }
}
