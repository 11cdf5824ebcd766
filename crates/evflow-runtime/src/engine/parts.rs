//! Which process of a parallel job runs which steps of the path, and what each is called:
//! roles as data. `process(processes=N)` derives them from the modules' `parallel_safe`; a
//! topology gives them from its devices (docs/topology-design.md).

use super::role::Role;
use crate::job::OnError;
use crate::module::Module;
use std::ops::Range;

/// Process names, as `ps` and the job's messages show them (the kernel keeps 15 bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartNames {
    /// The input process.
    pub input: String,
    /// The workers: this, then `-` and the worker's number from 1.
    pub worker: String,
    /// Each worker's own name, when they do not follow `worker` (a topology's replicas on
    /// several hosts: `evf-reco-b-1`, `evf-reco-c-1`); empty otherwise.
    pub workers: Vec<String>,
    /// The output process.
    pub output: String,
    /// The bridge, in a topology whose segment has one.
    pub bridge: String,
    /// Whether each process labels its log lines with its name (a topology's devices).
    pub label_logs: bool,
}

impl Default for PartNames {
    fn default() -> PartNames {
        PartNames {
            input: "evf-input".into(),
            worker: "evf-worker".into(),
            workers: Vec::new(),
            output: "evf-output".into(),
            bridge: "evf-bridge".into(),
            label_logs: false,
        }
    }
}

/// Where the path splits, and the names of the processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parts {
    /// Modules `..input` (after the source) run in the input process.
    pub input: usize,
    /// Modules `input..workers` run in every worker, the rest in the output process.
    pub workers: usize,
    /// The processes' names.
    pub names: PartNames,
    /// What the input's, the workers' and the output's modules do when one raises (a
    /// topology: each device's own `on_error`); `None`: the job's.
    pub on_error: Option<[OnError; 3]>,
}

impl Parts {
    /// The split of `process(processes=N)`: the input part is the source and the modules
    /// before the first parallel-safe one, the worker part the run of parallel-safe modules
    /// that follows. `None` when no module is parallel-safe.
    pub fn by_parallel_safe(modules: &[Box<dyn Module>]) -> Option<Parts> {
        let input = modules.iter().position(|m| m.parallel_safe())?;
        let workers = input + modules[input..].iter().take_while(|m| m.parallel_safe()).count();
        Some(Parts { input, workers, names: PartNames::default(), on_error: None })
    }

    /// Checks the parts against a path of `modules` modules (after the source), run by
    /// `workers` worker processes: none for a topology's direct segment (its origin sends
    /// straight to its custody), whose worker part is then empty.
    pub fn check(&self, modules: usize, workers: usize) -> Result<(), super::OptionsError> {
        if workers == 0 && self.input == self.workers && self.workers <= modules {
            return Ok(());
        }
        if self.input >= self.workers || self.workers > modules {
            return Err(super::OptionsError::WorkerPart { modules, input: self.input, workers: self.workers });
        }
        Ok(())
    }

    /// The name of the process of `role`.
    pub fn name(&self, role: Role) -> String {
        match role {
            Role::Input => self.names.input.clone(),
            Role::Worker(w) => match self.names.workers.get(w) {
                Some(name) => name.clone(),
                None => format!("{}-{}", self.names.worker, w + 1),
            },
            Role::Output => self.names.output.clone(),
            Role::Bridge => self.names.bridge.clone(),
            // A readout device runs one process: the origin's name is its own.
            Role::Readout(_) => self.names.input.clone(),
        }
    }

    /// What the modules of `role`'s process do when one raises, given the job's `on_error`.
    pub fn on_error(&self, role: Role, job: OnError) -> OnError {
        let part = match role {
            Role::Input | Role::Readout(_) => 0,
            Role::Worker(_) => 1,
            Role::Output => 2,
            Role::Bridge => return job,
        };
        self.on_error.map_or(job, |each| each[part])
    }

    /// Path steps (source = 0) that `role` runs, in a path of `steps` steps.
    pub fn steps(&self, role: Role, steps: usize) -> Range<usize> {
        match role {
            Role::Input => 0..1 + self.input,
            Role::Worker(_) => 1 + self.input..1 + self.workers,
            Role::Output => 1 + self.workers..steps,
            Role::Bridge => 0..0,
            // A readout's path is its own device's, whole.
            Role::Readout(_) => 0..steps,
        }
    }
}
