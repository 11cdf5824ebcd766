//! What a process killed while it wrote files leaves: the files its modules write under a
//! temporary name ([`Module::part_files`](crate::module::Module::part_files)), and what the
//! error reporting its death says of them, so that the events it wrote are not hidden in a
//! `.NAME.part` file nobody names.

use crate::modules::file_output::RUN_PLACEHOLDER;
use std::path::{Path, PathBuf};

/// What to do with the files, said once after naming them.
const ADVICE: &str = "FileInput, `evflow dump` and `evflow info` read an .evf .part file up to its last complete \
                      record; running the job again replaces such a file, so to keep one, rename it first, keeping \
                      .part at the end";

/// What the error reporting the death of a process whose modules write `names` says after how
/// it died: the files it left and what to do with them. `host`: the process ran on that
/// other machine, so its files are named as they are there, not looked for here.
pub fn death_note(names: &[PathBuf], host: Option<&str>) -> String {
    let (files, place) = match host {
        Some(host) => (names.to_vec(), format!(" on host {host}")),
        None => (present(names), String::new()),
    };
    if files.is_empty() {
        return "; its files may be incomplete".into();
    }
    let listed: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let example = files.iter().find_map(|f| unhidden(f)).map(|(f, to)| format!(" (mv {f} {to})")).unwrap_or_default();
    format!("; what it wrote is{place} in {}: {ADVICE}{example}", listed.join(", "))
}

/// The files of `names` that are here now: `{run}` in a file name stands for every run
/// whose file is there, in the order of their run numbers.
pub fn present(names: &[PathBuf]) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for name in names {
        let file_name = name.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        match file_name.split_once(RUN_PLACEHOLDER) {
            Some((before, after)) => found.extend(per_run(name.parent(), before, after)),
            None if name.is_file() => found.push(name.clone()),
            None => {}
        }
    }
    found
}

/// The files `dir/<before><run number><after>` that are there, by run number.
fn per_run(dir: Option<&Path>, before: &str, after: &str) -> Vec<PathBuf> {
    let dir = dir.unwrap_or(Path::new(""));
    let listed = if dir.as_os_str().is_empty() { Path::new(".") } else { dir };
    let Ok(entries) = std::fs::read_dir(listed) else { return Vec::new() };
    let mut runs: Vec<(u64, PathBuf)> = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            let run = name.strip_prefix(before)?.strip_suffix(after)?.parse().ok()?;
            Some((run, dir.join(name)))
        })
        .filter(|(_, path)| path.is_file())
        .collect();
    runs.sort();
    runs.into_iter().map(|(_, path)| path).collect()
}

/// A hidden `.NAME.part` and the visible name `NAME.part` to keep it under.
fn unhidden(file: &Path) -> Option<(String, String)> {
    let name = file.file_name()?.to_str()?;
    let shown = name.strip_prefix('.')?;
    Some((file.display().to_string(), file.with_file_name(shown).display().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_only_the_files_that_are_there_and_each_run_of_a_pattern() {
        let dir = std::env::temp_dir().join(format!("evflow-part-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in [".out.evf.part", ".raw-12.evf.part", ".raw-3.evf.part", ".raw-x.evf.part"] {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        let names = [dir.join(".out.evf.part"), dir.join(".gone.evf.part"), dir.join(".raw-{run}.evf.part")];
        let want = [dir.join(".out.evf.part"), dir.join(".raw-3.evf.part"), dir.join(".raw-12.evf.part")];
        assert_eq!(present(&names), want);
        let note = death_note(&names, None);
        let shown = format!("{}, {}, {}", want[0].display(), want[1].display(), want[2].display());
        assert!(note.starts_with(&format!("; what it wrote is in {shown}: FileInput")), "{note}");
        assert!(note.ends_with(&format!("(mv {} {})", want[0].display(), dir.join("out.evf.part").display())));
        assert_eq!(death_note(&[dir.join(".gone.evf.part")], None), "; its files may be incomplete");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_a_remote_hosts_files_as_given() {
        let note = death_note(&[PathBuf::from("data/.out.evf.part")], Some("b"));
        assert!(note.starts_with("; what it wrote is on host b in data/.out.evf.part: "), "{note}");
        assert!(note.ends_with("(mv data/.out.evf.part data/out.evf.part)"), "{note}");
    }
}
