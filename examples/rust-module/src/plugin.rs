//! [`CaloTrigger`] as a plugin a Python steering file loads (docs/plugins.md):
//!
//! ```python
//! path.add(ef.modules.Plugin(LIBRARY, "CaloTrigger", threshold_gev=15.0, gains=[[1, 0.05], [2, 0.048]]))
//! ```
//!
//! LIBRARY is this crate's shared library, `target/release/libevflow_example_rust_module.so`.
//! Both parameters are optional: the defaults are [`THRESHOLD_GEV`] and [`GAINS`].

use crate::{CaloTrigger, GAINS, THRESHOLD_GEV};
use evflow_plugin::{export, Param, Params};

impl CaloTrigger {
    /// The trigger from a steering file's parameters: `threshold_gev` (GeV) and `gains`, a list
    /// of `[run, GeV per count]` pairs.
    pub fn from_params(params: &Params) -> Result<CaloTrigger, String> {
        let threshold = params.f64_or("threshold_gev", f64::from(THRESHOLD_GEV))? as f32;
        let gains = match params.get("gains") {
            None => GAINS.to_vec(),
            Some(Param::List(pairs)) => pairs.iter().map(gain).collect::<Result<_, _>>()?,
            Some(other) => return Err(format!("gains must be a list of [run, gain] pairs, not {other:?}")),
        };
        Ok(CaloTrigger::new(threshold, &gains))
    }
}

/// One `[run, gain]` pair.
fn gain(pair: &Param) -> Result<(u32, f32), String> {
    let run_and_gain = match pair {
        Param::List(items) => match items.as_slice() {
            [Param::Int(run), Param::Float(gain)] => u32::try_from(*run).ok().map(|run| (run, *gain as f32)),
            _ => None,
        },
        _ => None,
    };
    run_and_gain.ok_or_else(|| format!("gains: {pair:?} is not a [run, gain] pair"))
}

export!(CaloTrigger = CaloTrigger::from_params);
