//! SumPut (src/sum_put.rs) as a plugin library, for the plugin call benchmark.

#[path = "../src/sum_put.rs"]
mod sum_put;

use sum_put::SumPut;

evflow_plugin::export!(SumPut = |_: &evflow_plugin::Params| Ok::<_, String>(SumPut));
