//! SumPut, the module of the plugin call benchmark: sums the entry `adc` (`<u2`) and puts the
//! sum as `total` (`<f8`, shape `[1]`). The same code runs as a built-in module
//! (`plugins.rs`) and, through `evflow-plugin`, as a plugin (`examples/sum_put_plugin.rs`);
//! `bench/plugins/sum_put.c` is its C twin.

use bytes::Bytes;
use evflow_core::{Entry, Event};
use evflow_runtime::module::{Decision, HookResult, Module, ModuleError};

/// See the module documentation.
pub struct SumPut;

impl Module for SumPut {
    fn name(&self) -> &str {
        "SumPut"
    }

    fn parallel_safe(&self) -> bool {
        true
    }

    fn event(&mut self, event: &mut Event) -> HookResult<Decision> {
        let adc = event.get("adc").ok_or_else(|| ModuleError::msg("no entry adc"))?;
        let sum: f64 = adc.data().chunks_exact(2).map(|c| f64::from(u16::from_le_bytes([c[0], c[1]]))).sum();
        let total = Entry::new("<f8", vec![1], Bytes::copy_from_slice(&sum.to_le_bytes()))
            .map_err(|e| ModuleError::wrap("total", e))?;
        event.put("total", total).map_err(|e| ModuleError::wrap("total", e))?;
        Ok(Decision::Keep)
    }
}
