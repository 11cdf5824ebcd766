//! What each process of a job does: the input, a worker (or an event builder), the output,
//! a bridge between hosts, a readout unit. Each runs in a [`super::context::Ctx`]; the
//! dispatcher ([`super::dispatch`]) picks one.

pub(crate) mod bridge;
pub(crate) mod cut;
pub mod eventbuilding;
pub(crate) mod input;
pub(crate) mod output;
pub(crate) mod sending;
pub(crate) mod worker;
