//! Result tables, printed as Markdown so they can be pasted into `docs/benchmarks.md`.

/// A titled table of text cells; the first column is left-aligned, the others right-aligned.
pub struct Table {
    title: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// An empty table with the given column names.
    pub fn new(title: impl Into<String>, header: &[&str]) -> Table {
        Table { title: title.into(), header: header.iter().map(|h| h.to_string()).collect(), rows: Vec::new() }
    }

    /// Appends a row; it must have one cell per column.
    pub fn row(&mut self, cells: Vec<String>) {
        assert_eq!(cells.len(), self.header.len(), "row {cells:?} does not match the header {:?}", self.header);
        self.rows.push(cells);
    }

    /// Prints the title, the table and a blank line to stdout.
    pub fn print(&self) {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|c| self.rows.iter().chain([&self.header]).map(|r| r[c].chars().count()).max().unwrap_or(0).max(3))
            .collect();
        println!("### {}\n", self.title);
        println!("{}", line(&self.header, &widths));
        let rule: Vec<String> = widths
            .iter()
            .enumerate()
            .map(|(c, &w)| if c == 0 { format!(":{}", "-".repeat(w - 1)) } else { format!("{}:", "-".repeat(w - 1)) })
            .collect();
        println!("{}", line(&rule, &widths));
        for row in &self.rows {
            println!("{}", line(row, &widths));
        }
        println!();
    }
}

fn line(cells: &[String], widths: &[usize]) -> String {
    let padded: Vec<String> = cells
        .iter()
        .zip(widths)
        .enumerate()
        .map(|(c, (cell, &w))| if c == 0 { format!("{cell:<w$}") } else { format!("{cell:>w$}") })
        .collect();
    format!("| {} |", padded.join(" | "))
}

/// Nanoseconds, to three significant digits where they matter.
pub fn ns(secs: f64) -> String {
    let ns = secs * 1e9;
    if ns < 10.0 {
        format!("{ns:.2}")
    } else if ns < 100.0 {
        format!("{ns:.1}")
    } else {
        format!("{ns:.0}")
    }
}

/// Microseconds with two decimals.
pub fn us(secs: f64) -> String {
    format!("{:.2}", secs * 1e6)
}

/// A rate in GB/s with two decimals.
pub fn gb_s(rate: f64) -> String {
    format!("{rate:.2}")
}

/// A dimensionless ratio with two decimals, e.g. `1.03x`.
pub fn ratio(r: f64) -> String {
    format!("{r:.2}x")
}

/// A fraction as a whole percentage, e.g. `7%`.
pub fn percent(fraction: f64) -> String {
    format!("{:.0}%", fraction * 100.0)
}

/// Events (or operations) per second in millions, e.g. `1.52 M`.
pub fn millions(per_s: f64) -> String {
    format!("{:.2} M", per_s / 1e6)
}

/// `met` or `MISSED`, for target columns.
pub fn verdict(met: bool) -> String {
    if met { "met" } else { "MISSED" }.to_string()
}

/// A byte count in the largest binary unit that divides it, e.g. `64 KiB`.
pub fn size(bytes: usize) -> String {
    const UNITS: [(&str, usize); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    match UNITS.iter().find(|(_, unit)| bytes >= *unit && bytes.is_multiple_of(*unit)) {
        Some((name, unit)) => format!("{} {name}", bytes / unit),
        None => format!("{bytes} B"),
    }
}
