//! Per-record compression: the user-facing choice and the codecs behind it.

use super::layout::{CODEC_LZ4, CODEC_NONE, CODEC_ZSTD};
use std::fmt;
use std::str::FromStr;

/// How a writer compresses records. Each record is compressed on its own, so any record can
/// be read without the others.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Compression {
    /// Records are stored as they are (the fastest to write and read).
    #[default]
    None,
    /// zstd at the given level (1 to 22; negative levels are faster still).
    Zstd {
        /// zstd compression level.
        level: i32,
    },
    /// LZ4 block compression: fast, with less reduction than zstd.
    Lz4,
}

impl Compression {
    /// The zstd level used when none is given.
    pub const DEFAULT_ZSTD_LEVEL: i32 = 3;

    /// zstd at [`Compression::DEFAULT_ZSTD_LEVEL`].
    pub const fn zstd() -> Compression {
        Compression::Zstd { level: Compression::DEFAULT_ZSTD_LEVEL }
    }

    /// The codec's name: `"none"`, `"zstd"` or `"lz4"`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Zstd { .. } => "zstd",
            Compression::Lz4 => "lz4",
        }
    }
}

/// Written as the metadata's `compression` value: `none`, `zstd:<level>` or `lz4`.
impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Compression::Zstd { level } => write!(f, "zstd:{level}"),
            other => f.write_str(other.name()),
        }
    }
}

/// Parses `none`, `zstd`, `zstd:<level>` or `lz4`.
impl FromStr for Compression {
    type Err = String;

    fn from_str(s: &str) -> Result<Compression, String> {
        match s {
            "none" => Ok(Compression::None),
            "zstd" => Ok(Compression::zstd()),
            "lz4" => Ok(Compression::Lz4),
            _ => match s.strip_prefix("zstd:").map(str::parse::<i32>) {
                Some(Ok(level)) => Ok(Compression::Zstd { level }),
                _ => Err(format!("unknown compression {s:?}: use none, zstd, zstd:<level> or lz4")),
            },
        }
    }
}

/// A writer's compressor, kept across records so its state is allocated once.
pub(crate) enum Compressor {
    None,
    Zstd(Box<zstd::bulk::Compressor<'static>>),
    Lz4,
}

/// The zstd levels a writer accepts.
pub fn zstd_levels() -> std::ops::RangeInclusive<i32> {
    zstd::compression_level_range()
}

impl Compressor {
    /// Makes the compressor, or says why the options cannot be used.
    pub fn new(c: Compression) -> Result<Compressor, String> {
        Ok(match c {
            Compression::None => Compressor::None,
            Compression::Lz4 => Compressor::Lz4,
            Compression::Zstd { level } => {
                let range = zstd_levels();
                if !range.contains(&level) {
                    return Err(format!("zstd level {level} is outside {}..={}", range.start(), range.end()));
                }
                let z = zstd::bulk::Compressor::new(level).map_err(|e| format!("zstd: {e}"))?;
                Compressor::Zstd(Box::new(z))
            }
        })
    }

    /// The codec byte of the records it compresses.
    pub fn codec(&self) -> u8 {
        match self {
            Compressor::None => CODEC_NONE,
            Compressor::Zstd(_) => CODEC_ZSTD,
            Compressor::Lz4 => CODEC_LZ4,
        }
    }

    /// The most bytes compressing `len` bytes can produce.
    pub fn bound(&self, len: usize) -> usize {
        match self {
            Compressor::None => len,
            Compressor::Zstd(_) => zstd::zstd_safe::compress_bound(len),
            Compressor::Lz4 => lz4_flex::block::get_maximum_output_size(len),
        }
    }

    /// Compresses `src` into `dst` (at least [`Compressor::bound`] bytes); returns the size.
    pub fn compress(&mut self, src: &[u8], dst: &mut [u8]) -> Result<usize, String> {
        match self {
            Compressor::None => {
                dst[..src.len()].copy_from_slice(src);
                Ok(src.len())
            }
            Compressor::Zstd(z) => z.compress_to_buffer(src, dst).map_err(|e| format!("zstd: {e}")),
            Compressor::Lz4 => lz4_flex::block::compress_into(src, dst).map_err(|e| format!("lz4: {e}")),
        }
    }
}

/// A reader's decompressors, made on first use.
#[derive(Default)]
pub(crate) struct Decompressor {
    zstd: Option<zstd::bulk::Decompressor<'static>>,
}

impl Decompressor {
    /// Decompresses `src` into `dst`, which must come out exactly full.
    pub fn decompress(&mut self, codec: u8, src: &[u8], dst: &mut [u8]) -> Result<(), String> {
        let n = match codec {
            CODEC_ZSTD => {
                let z = match &mut self.zstd {
                    Some(z) => z,
                    None => self.zstd.insert(zstd::bulk::Decompressor::new().map_err(|e| format!("zstd: {e}"))?),
                };
                z.decompress_to_buffer(src, dst).map_err(|e| format!("zstd data do not decompress: {e}"))?
            }
            CODEC_LZ4 => {
                lz4_flex::block::decompress_into(src, dst).map_err(|e| format!("lz4 data do not decompress: {e}"))?
            }
            other => return Err(format!("unknown codec {other}")),
        };
        if n != dst.len() {
            return Err(format!("data decompress to {n} bytes, the header says {}", dst.len()));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for c in [Compression::None, Compression::zstd(), Compression::Zstd { level: -5 }, Compression::Lz4] {
            assert_eq!(c.to_string().parse::<Compression>(), Ok(c));
        }
        assert!("gzip".parse::<Compression>().unwrap_err().contains("use none, zstd"));
    }
}
