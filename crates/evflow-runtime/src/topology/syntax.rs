//! A file that is not TOML: toml_edit's parse error said in the file's own words. The common
//! mistakes (a table or key given twice, a value that is no TOML value, a string or a table
//! header left open) name their key and table and say what to write instead; any other error
//! keeps toml_edit's message. Each keeps its line.
//!
//! toml_edit reports the first error only, as a message (`duplicate key`, `string values must
//! be quoted, expected literal string`, ...) and the span of what it could not take; the key,
//! its table and the line of a first declaration are found again here, in the text before
//! the error's line (which parses: the error is the first one).

use super::Problem;
use toml_edit::{Document, Item, Key, Table, TableLike, TomlError};

/// toml_edit's descriptions of a value it cannot read (a bare word, a malformed number).
const BAD_VALUE: &[&str] = &[
    "string values must be quoted",
    "missing value",
    "invalid value",
    "invalid boolean",
    "invalid integer",
    "invalid float",
    "invalid fraction",
    "invalid exponent",
    "invalid time",
    "invalid date",
    "invalid offset",
    "unexpected leading zero",
    "`_` may only go between digits",
    "integer number overflowed",
    "floating-point number overflowed",
    "redundant numeric sign",
    "unexpected sign",
    "radix must be lowercase",
    "integers with a radix cannot be signed",
    "redundant integer number prefix",
];
/// toml_edit's description of a bare word, which its hint wrongly takes for a string.
const BARE_WORD: &str = "string values must be quoted";

/// The 1-based line of byte `offset` in `text`.
pub fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

/// The problem `error` (from parsing `text`) is, said for the file's author.
pub fn problem(text: &str, error: &TomlError) -> Problem {
    let span = error.span().map(|s| s.start.min(text.len())..s.end.min(text.len()));
    let at = span.as_ref().map_or(text.len(), |s| s.start);
    let message = error.message().trim_end();
    let description = message.split(", expected").next().unwrap_or(message);
    let spot = Spot::new(text, at);
    let said = match description {
        "duplicate key" => Some(spot.duplicate(span.as_ref().map_or(at, |s| s.end))),
        d if BAD_VALUE.contains(&d) => Some(spot.bad_value(d)),
        "invalid basic string" => Some(spot.unclosed_string('"')),
        "invalid literal string" => Some(spot.unclosed_string('\'')),
        "invalid multi-line basic string" | "invalid multi-line literal string" => {
            let quotes = if description.contains("basic") { "\"\"\"" } else { "'''" };
            let opened = text[..at].rfind(quotes).unwrap_or(at);
            let spot = Spot::new(text, opened);
            let message =
                format!("{}the multi-line string opened here is not closed: end it with {quotes}", spot.subject());
            return Problem { line: spot.line, message };
        }
        "missing escaped value" => Some(format!(
            "{}{} has a `\\` that starts no escape: write `\\\\` for a backslash, or quote the string with '...'",
            spot.subject(),
            spot.value()
        )),
        "unclosed table" => Some(format!("the table header {} is not closed: end it with ]", spot.source.trim())),
        "unclosed array table" => {
            Some(format!("the table header {} is not closed: end it with ]]", spot.source.trim()))
        }
        "unclosed array" => Some(format!("{}the list is not closed: end it with ]", spot.subject())),
        "unclosed inline table" => Some(format!("{}the inline table is not closed: end it with }}", spot.subject())),
        "missing comma between array elements" => {
            Some(format!("{}a list's elements are separated by commas, and it ends with ]", spot.subject()))
        }
        "key with no value" => Some(format!(
            "`{}` is not a `key = value` line: write KEY = VALUE (a key with spaces is quoted, \"a b\")",
            spot.source.trim()
        )),
        _ => None,
    };
    let message = said.unwrap_or_else(|| format!("not a valid TOML file: {}", message.replace('\n', "; ")));
    Problem { line: spot.line, message }
}

/// Where an error is: its line, and the document before that line.
struct Spot<'t> {
    text: &'t str,
    /// 1-based.
    line: usize,
    /// Offset of the line's start.
    start: usize,
    /// The line's text.
    source: &'t str,
    /// Everything before the line, parsed (`None` where the line is inside an open list).
    before: Option<Document<&'t str>>,
}

impl<'t> Spot<'t> {
    fn new(text: &'t str, at: usize) -> Spot<'t> {
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let before = Document::parse(&text[..start]).ok();
        Spot { text, line: line_at(text, at), start, source: &text[start..end], before }
    }

    /// The table the line is in: the last table header before it, with its path.
    fn table(&self) -> Option<(&Table, Vec<String>)> {
        let root = self.before.as_ref()?.as_table();
        let mut last = None;
        last_header(root, &mut Vec::new(), &mut last);
        Some(last.map_or((root, Vec::new()), |(_, table, path)| (table, path)))
    }

    /// How the table the line is in is named in problems.
    fn place(&self) -> Option<String> {
        self.table().map(|(_, path)| place_name(&path))
    }

    /// The key of a `key = value` line.
    fn key(&self) -> Option<String> {
        let (key, _) = self.source.split_once('=')?;
        let keys = Key::parse(key.trim()).ok()?;
        Some(keys.iter().map(Key::get).collect::<Vec<_>>().join("."))
    }

    /// The value of a `key = value` line, without its comment.
    fn value(&self) -> &'t str {
        let value = self.source.split_once('=').map_or(self.source, |(_, v)| v);
        value.split('#').next().unwrap_or(value).trim()
    }

    /// "`key` in [table]: ", as far as it is known.
    fn subject(&self) -> String {
        match (self.key(), self.place()) {
            (Some(key), Some(place)) => format!("`{key}` in {place}: "),
            (Some(key), None) => format!("`{key}`: "),
            _ => String::new(),
        }
    }

    fn bad_value(&self, description: &str) -> String {
        let value = self.value();
        if value.is_empty() {
            return format!("{}no value after `=`: write one, e.g. a string in quotes \"...\"", self.subject());
        }
        let why = if description == BARE_WORD { String::new() } else { format!(" ({description})") };
        format!(
            "{}{value} is not a valid value{why}; a number is written 3, a string \"...\", a list [\"a\", \"b\"]",
            self.subject()
        )
    }

    fn unclosed_string(&self, quote: char) -> String {
        format!("{}the string {} is not closed: end it with {quote} on the same line", self.subject(), self.value())
    }

    /// A table or key declared twice, the second time at `self.start..end` (up to its last
    /// key: `[devices.proc` or `replicas`).
    fn duplicate(&self, end: usize) -> String {
        let declared = self.text[self.start..end].trim_start();
        let header = declared.starts_with('[');
        let keys = Key::parse(declared.trim_start_matches('[').trim())
            .ok()
            .map(|keys| keys.iter().map(|k| k.get().to_string()).collect::<Vec<_>>());
        let (Some(keys), Some((table, path)), Some(before)) = (keys, self.table(), &self.before) else {
            // A key inside an inline table, `host = { a = 1, a = 2 }`.
            let key = declared.rsplit([' ', '{', ',']).next().unwrap_or(declared);
            return format!("{}`{key}` is given twice: keep one", self.subject());
        };
        let first = declared_at(if header { before.as_table() } else { table }, &keys);
        let lines = first.map_or(String::new(), |at| format!(" (lines {} and {})", line_at(self.text, at), self.line));
        if header {
            return format!("[{}] is declared twice{lines}: merge them or rename one", keys.join("."));
        }
        format!("`{}` in {} is given twice{lines}: keep one", keys.join("."), place_name(&path))
    }
}

/// How the table at `path` is named in problems.
fn place_name(path: &[String]) -> String {
    if path.is_empty() {
        "the top level".to_string()
    } else {
        format!("[{}]", path.join("."))
    }
}

/// The table whose header comes last in the document under `table` (at `path`).
fn last_header<'d>(table: &'d Table, path: &mut Vec<String>, last: &mut Option<(usize, &'d Table, Vec<String>)>) {
    for (key, item) in table.iter() {
        let tables: Vec<&Table> = match item {
            Item::Table(t) => vec![t],
            Item::ArrayOfTables(a) => a.iter().collect(),
            _ => continue,
        };
        path.push(key.to_string());
        for t in tables {
            let header = t.span().filter(|_| !t.is_implicit() && !t.is_dotted());
            if let Some(span) = header.filter(|s| last.as_ref().is_none_or(|(at, ..)| s.start > *at)) {
                *last = Some((span.start, t, path.clone()));
            }
            last_header(t, path, last);
        }
        path.pop();
    }
}

/// The offset of the key that first declared `keys` under `table`.
fn declared_at(table: &dyn TableLike, keys: &[String]) -> Option<usize> {
    let (last, parents) = keys.split_last()?;
    let mut table = table;
    for key in parents {
        let item = table.get(key)?;
        table = match item.as_array_of_tables() {
            Some(tables) => tables.iter().last()?,
            None => item.as_table_like()?,
        };
    }
    let (key, _) = table.get_key_value(last)?;
    key.span().map(|s| s.start)
}
