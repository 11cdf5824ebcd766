//! numpy dtype strings as carried by entries.
//!
//! An entry names its element type the way numpy does, so Python can rebuild the array
//! without guessing:
//!
//! - a simple dtype is numpy's `dtype.str`: byte order (`<`, `|` or `=`), kind and size,
//!   e.g. `"<f8"`, `"|u1"`, `"|S16"`, `"<U8"` (8 characters of 4 bytes), `"<M8[ns]"`;
//! - a structured dtype is numpy's `dtype.descr` written as JSON:
//!   `[["x","<f8"],["hits","<i4",[3]],["",  "|V4"]]`, fields nested the same way.
//!
//! Entries are little-endian: big-endian (`>`) strings are refused, and Python converts
//! arrays before it stores them. Object dtypes (`O`) are refused: no pickled Python object
//! crosses a process boundary.

use serde_json::Value;
use thiserror::Error;

/// The deepest nesting of structured dtypes accepted, so a hostile string cannot recurse.
const MAX_NESTING: usize = 16;
/// The longest dtype string accepted, in bytes.
pub const MAX_DTYPE_LEN: usize = 4096;
/// Units numpy's datetime64 and timedelta64 accept, as in `<M8[ns]` or `<m8[10s]`.
const TIME_UNITS: [&str; 13] = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as"];

/// Why a dtype string was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("invalid dtype {dtype:?}: {reason}")]
pub struct DTypeError {
    /// The string that was refused (cut to 64 characters).
    pub dtype: String,
    /// What is wrong with it.
    pub reason: String,
}

impl DTypeError {
    fn new(dtype: &str, reason: impl Into<String>) -> Self {
        let dtype = dtype.chars().take(64).collect();
        DTypeError { dtype, reason: reason.into() }
    }
}

/// The kind of a simple dtype, numpy's `dtype.kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `b`: boolean.
    Bool,
    /// `i`: signed integer.
    Int,
    /// `u`: unsigned integer.
    UInt,
    /// `f`: floating point.
    Float,
    /// `c`: complex floating point.
    Complex,
    /// `S`: fixed-length bytes.
    Bytes,
    /// `U`: fixed-length UCS-4 text.
    Unicode,
    /// `V`: raw bytes (also padding in structured dtypes).
    Void,
    /// `M`: datetime64.
    DateTime,
    /// `m`: timedelta64.
    TimeDelta,
}

/// A parsed dtype: what the wire format needs to check an entry's length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DType {
    /// One scalar type, e.g. `<f8`.
    Simple {
        /// numpy's kind.
        kind: Kind,
        /// Bytes per element.
        itemsize: usize,
    },
    /// A structured type: the bytes of its fields, padding included.
    Structured {
        /// Bytes per element.
        itemsize: usize,
    },
}

impl DType {
    /// Parses a dtype string as described in the module documentation.
    pub fn parse(s: &str) -> Result<DType, DTypeError> {
        if s.len() > MAX_DTYPE_LEN {
            return Err(DTypeError::new(s, format!("longer than {MAX_DTYPE_LEN} bytes")));
        }
        let dtype = if s.trim_start().starts_with('[') {
            let value: Value = serde_json::from_str(s)
                .map_err(|e| DTypeError::new(s, format!("structured dtype is not JSON: {e}")))?;
            let itemsize = structured_itemsize(s, &value, 0)?;
            DType::Structured { itemsize }
        } else {
            parse_simple(s)?
        };
        if dtype.itemsize() == 0 {
            return Err(DTypeError::new(s, "elements of zero bytes cannot be stored"));
        }
        Ok(dtype)
    }

    /// Bytes per element.
    pub fn itemsize(&self) -> usize {
        match *self {
            DType::Simple { itemsize, .. } | DType::Structured { itemsize } => itemsize,
        }
    }
}

fn parse_simple(s: &str) -> Result<DType, DTypeError> {
    let mut chars = s.chars();
    let order = chars.next().ok_or_else(|| DTypeError::new(s, "empty"))?;
    let rest = match order {
        '<' | '|' | '=' => &s[1..],
        '>' => {
            return Err(DTypeError::new(
                s,
                "big-endian; entries are little-endian (convert with arr.astype(arr.dtype.newbyteorder('<')))",
            ))
        }
        _ => s,
    };
    let mut rest_chars = rest.chars();
    let kind_char = rest_chars.next().ok_or_else(|| DTypeError::new(s, "no kind"))?;
    let kind = match kind_char {
        'b' | '?' => Kind::Bool,
        'i' => Kind::Int,
        'u' => Kind::UInt,
        'f' => Kind::Float,
        'c' => Kind::Complex,
        'S' => Kind::Bytes,
        'U' => Kind::Unicode,
        'V' => Kind::Void,
        'M' => Kind::DateTime,
        'm' => Kind::TimeDelta,
        'O' => return Err(DTypeError::new(s, "object dtypes cannot cross a process boundary")),
        other => return Err(DTypeError::new(s, format!("unknown kind {other:?}"))),
    };
    let after_kind = &rest[kind_char.len_utf8()..];
    if kind_char == '?' {
        // numpy's bool character takes no size: `?` and `|?` are bool, `?1` is no type.
        if after_kind.is_empty() {
            return Ok(DType::Simple { kind: Kind::Bool, itemsize: 1 });
        }
        return Err(DTypeError::new(s, "`?` (bool) takes no size; write `|b1` or `?`"));
    }
    let (digits, unit) = match after_kind.find('[') {
        Some(i) => (&after_kind[..i], Some(&after_kind[i..])),
        None => (after_kind, None),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(DTypeError::new(s, "size is not a number"));
    }
    let size: usize = digits.parse().map_err(|_| DTypeError::new(s, "size is too large"))?;
    match (kind, unit) {
        (Kind::DateTime | Kind::TimeDelta, Some(u)) if valid_time_unit(u) => {}
        (Kind::DateTime | Kind::TimeDelta, None) => {}
        (Kind::DateTime | Kind::TimeDelta, Some(u)) => {
            return Err(DTypeError::new(s, format!("unknown time unit {u}")))
        }
        (_, Some(_)) => return Err(DTypeError::new(s, "only datetime types take a [unit]")),
        _ => {}
    }
    let valid_size = match kind {
        Kind::Bool => size == 1,
        Kind::Int | Kind::UInt => matches!(size, 1 | 2 | 4 | 8),
        Kind::Float => matches!(size, 2 | 4 | 8 | 16),
        Kind::Complex => matches!(size, 8 | 16 | 32),
        Kind::DateTime | Kind::TimeDelta => size == 8,
        Kind::Bytes | Kind::Unicode | Kind::Void => true,
    };
    if !valid_size {
        return Err(DTypeError::new(s, format!("no {kind:?} type has size {size}")));
    }
    let itemsize = if kind == Kind::Unicode {
        size.checked_mul(4).ok_or_else(|| DTypeError::new(s, "size overflows"))?
    } else {
        size
    };
    Ok(DType::Simple { kind, itemsize })
}

/// `[unit]` or `[Nunit]` with a numpy time unit.
fn valid_time_unit(bracketed: &str) -> bool {
    let Some(inner) = bracketed.strip_prefix('[').and_then(|u| u.strip_suffix(']')) else {
        return false;
    };
    let unit = inner.trim_start_matches(|c: char| c.is_ascii_digit());
    TIME_UNITS.contains(&unit)
}

fn structured_itemsize(s: &str, value: &Value, depth: usize) -> Result<usize, DTypeError> {
    if depth > MAX_NESTING {
        return Err(DTypeError::new(s, format!("nested deeper than {MAX_NESTING}")));
    }
    let fields = value.as_array().ok_or_else(|| DTypeError::new(s, "a structured dtype is a list of fields"))?;
    let mut total: usize = 0;
    let mut names = std::collections::HashSet::new();
    for field in fields {
        let parts = field
            .as_array()
            .filter(|p| p.len() == 2 || p.len() == 3)
            .ok_or_else(|| DTypeError::new(s, "a field is [name, dtype] or [name, dtype, shape]"))?;
        let name = parts[0].as_str().ok_or_else(|| DTypeError::new(s, "a field name must be a string"))?;
        // Padding fields are unnamed; numpy refuses two fields of one name.
        if !name.is_empty() && !names.insert(name) {
            return Err(DTypeError::new(s, format!("field {name:?} appears twice")));
        }
        let base = match &parts[1] {
            Value::String(simple) => {
                parse_simple(simple).map_err(|e| DTypeError::new(s, format!("field: {}", e.reason)))?.itemsize()
            }
            nested @ Value::Array(_) => structured_itemsize(s, nested, depth + 1)?,
            _ => return Err(DTypeError::new(s, "a field's dtype is a string or a list")),
        };
        let count = match parts.get(2) {
            None => 1,
            Some(shape) => shape
                .as_array()
                .ok_or_else(|| DTypeError::new(s, "a field's shape is a list"))?
                .iter()
                .try_fold(1usize, |acc, d| d.as_u64().and_then(|d| acc.checked_mul(d as usize)))
                .ok_or_else(|| DTypeError::new(s, "a field's shape is not a list of sizes"))?,
        };
        total = base
            .checked_mul(count)
            .and_then(|b| total.checked_add(b))
            .ok_or_else(|| DTypeError::new(s, "itemsize overflows"))?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_itemsizes() {
        for (s, n) in
            [("<f8", 8), ("|u1", 1), ("|b1", 1), ("<U8", 32), ("|S5", 5), ("<M8[ns]", 8), ("<c16", 16), ("|V3", 3)]
        {
            assert_eq!(DType::parse(s).unwrap().itemsize(), n, "{s}");
        }
    }

    #[test]
    fn bool_is_b1_or_a_question_mark_without_size_as_numpy_reads_them() {
        for s in ["|b1", "?", "|?"] {
            assert_eq!(DType::parse(s).unwrap().itemsize(), 1, "{s}");
        }
        // numpy: "data type '|?1' not understood" (found by test_dtypes_property).
        for s in ["|?1", "?1", "<?8"] {
            assert!(DType::parse(s).is_err(), "{s}");
        }
    }

    #[test]
    fn structured_itemsize_counts_padding_subarrays_and_nesting() {
        let s = r#"[["a","|u1"],["","|V7"],["b","<f8",[2,3]],["p",[["x","<f4"],["y","<f4"]]]]"#;
        assert_eq!(DType::parse(s).unwrap().itemsize(), 1 + 7 + 48 + 8);
    }

    #[test]
    fn refuses_what_cannot_cross_a_process() {
        for s in [
            "",
            ">f8",
            "|O",
            "<f3",
            "<i8[ns]",
            "[",
            "[[1,\"<f8\"]]",
            "<q8",
            "f",
            "|S0",
            "[]",
            "<f+8",
            "<M8[xyz]",
            "|S99999999999999999999999",
        ] {
            assert!(DType::parse(s).is_err(), "{s:?} should be refused");
        }
    }
}
