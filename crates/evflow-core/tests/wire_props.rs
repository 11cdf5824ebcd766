//! Property tests of the wire format: round trips, corruption, hostile input.
//!
//! The check the fuzz target runs (`fuzz/fuzz_targets/decode_frame.rs`) is included here and
//! run over every frame these tests make and over `fuzz/seeds/`. To rewrite the seeds after a
//! format change: `EVFLOW_WRITE_SEEDS=1 cargo test -p evflow-core --test wire_props seeds`.

#[path = "../../../fuzz/fuzz_targets/decode_frame.rs"]
mod decode_frame;
#[path = "common/largest_allocation.rs"]
mod largest_allocation;

use bytes::Bytes;
use decode_frame::check_frame;
use evflow_core::aligned::ALIGN;
use evflow_core::dtype::DType;
use evflow_core::wire::{
    self, DecodeLimits, DecodeOptions, EncodeOptions, External, FrameError, FrameErrorKind, FrameLayout, EXTERNAL_MIN,
    FRAME_HAS_CRC, HEADER_LEN,
};
use evflow_core::{Entry, Event, EventMeta, Flags};
use largest_allocation::largest_allocation_in;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// What decoding `len` untrusted bytes may allocate at once: the entry map is sized from the
/// header, which the decoder must first check against the buffer (an entry record is >= 24
/// bytes), never from the header alone.
fn allocation_budget(len: usize) -> usize {
    16 * len + (64 << 10)
}

// ---------------------------------------------------------------------------------------
// Strategies.

/// The dtypes entries are drawn from: simple, text, complex, datetime, structured, nested.
const DTYPES: &[&str] = &[
    "<f8",
    "<f4",
    "|u1",
    "<i2",
    "<u8",
    "|b1",
    "|S7",
    "<U3",
    "<c16",
    "<M8[ns]",
    r#"[["x","<f8"],["n","<i4",[2]]]"#,
    r#"[["p",[["x","<f4"],["y","<f4"]]],["","|V4"],["ü","<u2",[3]]]"#,
];

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-z_][a-z0-9_.]{0,15}",
        2 => "\\PC{1,8}",
        1 => prop::sample::select(vec!["é", "Δt", "検出器", "🦀", "a b", "x/y"]).prop_map(String::from),
        1 => Just("n".repeat(evflow_core::entry::MAX_NAME_LEN)),
    ]
}

fn entry() -> impl Strategy<Value = Entry> {
    let dtype = prop::sample::select(DTYPES);
    let shape = prop::collection::vec(0u64..5, 0..=4);
    (dtype, shape).prop_flat_map(|(dtype, shape)| {
        let itemsize = DType::parse(dtype).expect("test dtypes parse").itemsize();
        let len = shape.iter().product::<u64>() as usize * itemsize;
        prop::collection::vec(any::<u8>(), len).prop_map(move |data| {
            Entry::new(dtype, shape.clone(), Bytes::from(data)).expect("data has the shape's length")
        })
    })
}

fn event() -> impl Strategy<Value = Event> {
    let meta = (any::<u32>(), any::<u64>(), any::<u64>(), any::<u32>())
        .prop_map(|(run, event, seq, flags)| EventMeta { run, event, seq, flags: Flags(flags) });
    (meta, prop::collection::vec((name(), entry()), 0..8)).prop_map(|(meta, entries)| {
        let mut ev = Event::with_meta(meta);
        for (name, entry) in entries {
            if !ev.contains(&name) {
                ev.put(name, entry).expect("names are 1 to MAX_NAME_LEN bytes");
            }
        }
        ev
    })
}

/// One change to an encoded frame.
#[derive(Debug, Clone)]
enum Mutation {
    FlipBit { at: prop::sample::Index, bit: u8 },
    Overwrite { at: prop::sample::Index, byte: u8 },
    Truncate { at: prop::sample::Index },
    Extend { tail: Vec<u8> },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<prop::sample::Index>(), 0u8..8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        4 => (any::<prop::sample::Index>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Overwrite { at, byte }),
        1 => any::<prop::sample::Index>().prop_map(|at| Mutation::Truncate { at }),
        1 => prop::collection::vec(any::<u8>(), 1..130).prop_map(|tail| Mutation::Extend { tail }),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    match m {
        _ if bytes.is_empty() => {}
        Mutation::FlipBit { at, bit } => {
            let i = at.index(bytes.len());
            bytes[i] ^= 1 << bit;
        }
        Mutation::Overwrite { at, byte } => {
            let i = at.index(bytes.len());
            bytes[i] = *byte;
        }
        Mutation::Truncate { at } => bytes.truncate(at.index(bytes.len())),
        Mutation::Extend { tail } => bytes.extend_from_slice(tail),
    }
}

// Header field offsets, as `wire.rs` draws the layout (its constants are private).
const OFF_FRAME_LEN: usize = 8;
const OFF_ENTRY_COUNT: usize = 40;
const OFF_TABLE_LEN: usize = 44;
const OFF_FRAME_FLAGS: usize = 48;

/// Random bytes behind a header that passes the first checks (magic, version, header_len,
/// frame_len = buffer length), so the entry table and its counts are what is attacked.
fn header_shaped() -> impl Strategy<Value = Vec<u8>> {
    (1usize..12, any::<u32>(), any::<u32>(), 0u8..2, any::<bool>()).prop_flat_map(
        |(blocks, entry_count, table_len, frame_flags, small_counts)| {
            let len = blocks * ALIGN;
            prop::collection::vec(any::<u8>(), len).prop_map(move |mut b| {
                let valid = wire::encode(&Event::new(1, 2), EncodeOptions::default());
                b[..OFF_FRAME_LEN].copy_from_slice(&valid[..OFF_FRAME_LEN]);
                put(&mut b, OFF_FRAME_LEN, &(len as u64).to_le_bytes());
                // Half the cases have counts that fit the buffer, to reach the entry records.
                let (count, table) = if small_counts {
                    (entry_count % 4, table_len % (len - HEADER_LEN + 1) as u32)
                } else {
                    (entry_count, table_len)
                };
                put(&mut b, OFF_ENTRY_COUNT, &count.to_le_bytes());
                put(&mut b, OFF_TABLE_LEN, &table.to_le_bytes());
                put(&mut b, OFF_FRAME_FLAGS, &u32::from(frame_flags).to_le_bytes());
                b
            })
        },
    )
}

/// Writes `value` at `at`.
fn put(bytes: &mut [u8], at: usize, value: &[u8]) {
    bytes[at..at + value.len()].copy_from_slice(value);
}

// ---------------------------------------------------------------------------------------
// Assertions shared by the properties.

fn verifying() -> DecodeOptions {
    DecodeOptions { verify_crc: true, ..Default::default() }
}

/// Errors name a byte of the input; only "truncated" may point just past its end.
fn assert_offset_in_input(err: &FrameError, input_len: usize) {
    let len = input_len as u64;
    let truncated = matches!(err.kind, FrameErrorKind::Truncated { .. });
    assert!(err.offset < len || (truncated && err.offset <= len), "offset outside {len}-byte input: {err}");
}

/// Decodes untrusted bytes every way there is and checks nothing panics, allocates out of
/// proportion, or reports an offset outside the input.
fn decode_hostile(bytes: &[u8]) -> Result<Event, FrameError> {
    let frame = Bytes::copy_from_slice(bytes);
    let lax =
        DecodeOptions { limits: DecodeLimits { max_frame_len: u64::MAX, max_entries: u32::MAX }, verify_crc: false };
    let mut first = None;
    for opts in [DecodeOptions::default(), verifying(), lax] {
        let (result, largest) = largest_allocation_in(|| wire::decode(&frame, &opts));
        assert!(
            largest <= allocation_budget(bytes.len()),
            "decoding {} bytes with {opts:?} allocated {largest} bytes at once",
            bytes.len()
        );
        if let Err(err) = &result {
            assert_offset_in_input(err, bytes.len());
        }
        first.get_or_insert(result);
    }
    check_frame(bytes);
    first.expect("decoded at least once")
}

fn payload_offset(frame: &Bytes, entry: &Entry) -> usize {
    let start = frame.as_ptr() as usize;
    let p = entry.data().as_ptr() as usize;
    assert!(p >= start && p + entry.len() <= start + frame.len(), "payload is not a slice of the frame");
    p - start
}

// ---------------------------------------------------------------------------------------
// Properties.

/// `default` cases, or `PROPTEST_CASES` for a longer run.
fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok());
    ProptestConfig::with_cases(cases.unwrap_or(default))
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn events_round_trip_with_aligned_payloads(ev in event()) {
        for crc in [false, true] {
            let frame = wire::encode(&ev, EncodeOptions { crc });
            prop_assert_eq!(frame.len(), FrameLayout::of(&ev).frame_len());
            prop_assert_eq!(frame.len() % ALIGN, 0);
            prop_assert_eq!(frame.as_ptr() as usize % ALIGN, 0, "encode() returns an aligned buffer");
            let mut vec = Vec::new();
            wire::encode_to_vec(&ev, EncodeOptions { crc }, &mut vec);
            prop_assert_eq!(&vec[..], &frame[..], "encode_to_vec and encode disagree");

            for opts in [DecodeOptions::default(), verifying()] {
                let back = wire::decode(&frame, &opts).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(&back, &ev);
                prop_assert!(back.names().eq(ev.names()), "entry order changed");
                for (name, entry) in back.iter().filter(|(_, e)| !e.is_empty()) {
                    let offset = payload_offset(&frame, entry);
                    prop_assert_eq!(offset % ALIGN, 0, "entry {:?} at frame offset {}", name, offset);
                    prop_assert_eq!(entry.data().as_ptr() as usize % ALIGN, 0, "entry {:?} not aligned in memory", name);
                }
            }
            check_frame(&frame);
        }
    }
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn corruption_never_panics_and_crc_catches_it(
        ev in event(),
        crc in any::<bool>(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let original = wire::encode(&ev, EncodeOptions { crc });
        let mut bytes = original.to_vec();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        let result = decode_hostile(&bytes);

        let frame_changed = bytes.len() < original.len() || bytes[..original.len()] != original[..];
        if !frame_changed {
            // Only bytes after the frame were added, and those are not part of it.
            prop_assert_eq!(result.as_ref().ok(), Some(&ev));
        } else if original.starts_with(&bytes) {
            prop_assert!(matches!(result, Err(FrameError { kind: FrameErrorKind::Truncated { .. }, .. })), "{:?}", result);
        }
        // Clearing FRAME_HAS_CRC turns the check off; `clearing_the_crc_flag_is_detected` covers it.
        let still_claims_crc =
            bytes.len() > OFF_FRAME_FLAGS && u32::from(bytes[OFF_FRAME_FLAGS]) & FRAME_HAS_CRC != 0;
        if crc && frame_changed && still_claims_crc {
            let verified = wire::decode(&Bytes::from(bytes.clone()), &verifying());
            prop_assert!(verified.is_err(), "corruption {:?} passed the CRC check", mutations);
        }
    }

}

proptest! {
    #![proptest_config(cases(512))]

    #[test]
    fn hostile_bytes_fail_cleanly(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..300),
            header_shaped(),
        ],
    ) {
        let _ = decode_hostile(&bytes);
    }
}

/// An event with a few large entries (external in a message) among small ones.
fn event_with_large() -> impl Strategy<Value = Event> {
    let large = (any::<u8>(), 0usize..3000)
        .prop_map(|(byte, extra)| Entry::bytes(Bytes::from(vec![byte; EXTERNAL_MIN + extra])));
    (event(), prop::collection::vec(large, 1..4)).prop_map(|(mut ev, large)| {
        for (i, entry) in large.into_iter().enumerate() {
            let _ = ev.put(format!("large{i}"), entry);
        }
        ev
    })
}

/// `event`'s frame for a message and its external parts.
fn encode_with_parts(ev: &Event) -> (Vec<u8>, Vec<External>) {
    let layout = FrameLayout::with_external(ev);
    let mut frame = vec![0u8; layout.frame_len()];
    wire::encode_into(ev, &layout, &mut frame, EncodeOptions::default());
    let parts = layout.externals(ev).map(|e| External { data: e.data().clone(), home: None }).collect();
    (frame, parts)
}

/// What a part can become on the way: dropped, cut, doubled.
#[derive(Debug, Clone)]
enum PartChange {
    Drop(prop::sample::Index),
    Cut(prop::sample::Index),
    Repeat(prop::sample::Index),
}

proptest! {
    #![proptest_config(cases(32))]

    #[test]
    fn external_entries_round_trip_and_hostile_parts_fail_cleanly(
        ev in event_with_large(),
        mutations in prop::collection::vec(mutation(), 0..3),
        change in prop_oneof![
            any::<prop::sample::Index>().prop_map(PartChange::Drop),
            any::<prop::sample::Index>().prop_map(PartChange::Cut),
            any::<prop::sample::Index>().prop_map(PartChange::Repeat),
        ],
    ) {
        let (frame, parts) = encode_with_parts(&ev);
        prop_assert!(!parts.is_empty());
        let aligned = evflow_core::aligned::aligned_copy(&frame);
        let back = wire::decode_with_parts(&aligned, &parts, &DecodeOptions::default())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back, &ev);
        // The frame alone, a changed frame, or changed parts: an error or an event, never a panic.
        prop_assert!(wire::decode(&aligned, &DecodeOptions::default()).is_err());
        let mut bytes = frame.clone();
        for m in &mutations {
            apply(&mut bytes, m);
        }
        let _ = wire::decode_with_parts(&Bytes::from(bytes), &parts, &DecodeOptions::default());
        let mut changed = parts.clone();
        match change {
            PartChange::Drop(i) => {
                changed.remove(i.index(changed.len()));
            }
            PartChange::Cut(i) => {
                let part = &mut changed[i.index(parts.len())];
                part.data = part.data.slice(..part.data.len() - 1);
            }
            PartChange::Repeat(i) => changed.push(parts[i.index(parts.len())].clone()),
        }
        let result = wire::decode_with_parts(&aligned, &changed, &DecodeOptions::default());
        prop_assert!(result.is_err(), "{:?} was not noticed", change);
    }
}

// ---------------------------------------------------------------------------------------
// Fixed cases.

/// A 64-byte header declaring `entry_count` entries in a table of `table_len` bytes.
fn bare_header(frame_len: u64, entry_count: u32, table_len: u32) -> Vec<u8> {
    let mut b = wire::encode(&Event::new(1, 2), EncodeOptions::default()).to_vec();
    put(&mut b, OFF_FRAME_LEN, &frame_len.to_le_bytes());
    put(&mut b, OFF_ENTRY_COUNT, &entry_count.to_le_bytes());
    put(&mut b, OFF_TABLE_LEN, &table_len.to_le_bytes());
    b
}

#[test]
fn allocation_tracking_sees_large_allocations() {
    let (v, largest) = largest_allocation_in(|| vec![0u8; 1 << 20]);
    assert!(largest >= v.len(), "the tracker missed a {}-byte allocation", v.len());
}

#[test]
fn huge_declared_counts_fail_fast_without_allocating() {
    let lax =
        DecodeOptions { limits: DecodeLimits { max_frame_len: u64::MAX, max_entries: u32::MAX }, verify_crc: false };
    let cases = [
        (bare_header(64, u32::MAX, 0), DecodeOptions::default(), "entry_count"),
        (bare_header(64, u32::MAX, u32::MAX), lax, "table_len"),
        (bare_header(64, 1 << 20, 24 << 20), lax, "table_len"),
        (bare_header(1 << 62, 0, 0), lax, "truncated"),
        (bare_header(u64::MAX - 63, 0, 0), DecodeOptions::default(), "frame_len"),
    ];
    for (bytes, opts, expect) in cases {
        let frame = Bytes::from(bytes);
        let (result, largest) = largest_allocation_in(|| wire::decode(&frame, &opts));
        let err = result.expect_err(expect);
        assert!(err.to_string().contains(expect), "expected a {expect} error, got {err}");
        assert!(largest <= allocation_budget(frame.len()), "{expect}: allocated {largest} bytes");
        assert_offset_in_input(&err, frame.len());
    }
}

/// Flipping the "has CRC" bit of a CRC frame makes the decoder skip the check, so the one
/// flag that says whether to verify is itself unprotected.
#[test]

fn clearing_the_crc_flag_is_detected() {
    let mut ev = Event::new(1, 2);
    ev.put("raw", Entry::bytes(Bytes::from_static(b"abc"))).unwrap();
    let mut bytes = wire::encode(&ev, EncodeOptions { crc: true }).to_vec();
    bytes[OFF_FRAME_FLAGS] &= !(FRAME_HAS_CRC as u8);
    let payload_at = bytes.len() - ALIGN; // the one payload starts the last 64-byte block
    bytes[payload_at] ^= 0xff;
    assert!(wire::decode(&Bytes::from(bytes), &verifying()).is_err());
}

/// The entry record stores dtype_len as u16, but `Entry::new` accepts any dtype string.
#[test]

fn long_dtypes_are_refused_or_round_trip() {
    let dtype = format!("[[\"x\",\"<f8\"]{}]", " ".repeat(u16::MAX as usize));
    let Ok(entry) = Entry::new(dtype, vec![1], Bytes::from(vec![0u8; 8])) else {
        return;
    };
    let mut ev = Event::new(1, 2);
    ev.put("x", entry).unwrap();
    let frame = wire::encode(&ev, EncodeOptions::default());
    let back = wire::decode(&frame, &DecodeOptions::default());
    assert!(back.as_ref() == Ok(&ev), "the entry did not survive a round trip: {:?}", back.err());
}

// ---------------------------------------------------------------------------------------
// Fuzz seeds.

fn seeds_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds")
}

/// Small frames that reach every part of the decoder, named by what they hold.
fn seed_frames() -> Vec<(&'static str, Vec<u8>)> {
    let mut structured = Event::with_meta(EventMeta { run: 3, event: 9, seq: 1, flags: Flags::RETRIED });
    let point = Entry::new(DTYPES[10], vec![2], Bytes::from(vec![7u8; 32])).unwrap();
    structured.put("points", point).unwrap();
    structured.put("Δt", Entry::new("<M8[ns]", vec![1], Bytes::from(vec![1u8; 8])).unwrap()).unwrap();

    let mut mixed = Event::new(7, 42);
    mixed.put("hits", Entry::new("<f4", vec![2, 3], Bytes::from((0..24).collect::<Vec<u8>>())).unwrap()).unwrap();
    mixed.put("raw", Entry::bytes(Bytes::from_static(b"abc"))).unwrap();
    mixed.put("empty", Entry::new("<f8", vec![0, 4], Bytes::new()).unwrap()).unwrap();
    mixed
        .put(
            "label",
            Entry::new("<U3", vec![], Bytes::from(vec![0x41, 0, 0, 0, 0x42, 0, 0, 0, 0x43, 0, 0, 0])).unwrap(),
        )
        .unwrap();

    let enc = |ev: &Event, crc| wire::encode(ev, EncodeOptions { crc }).to_vec();
    vec![
        ("empty_crc.evfr", enc(&Event::new(1, 1), true)),
        ("mixed.evfr", enc(&mixed, false)),
        ("mixed_crc.evfr", enc(&mixed, true)),
        ("structured_crc.evfr", enc(&structured, true)),
        ("bad_huge_entry_count.evfr", bare_header(64, u32::MAX, 0)),
    ]
}

#[test]
fn seeds_pass_the_fuzz_check() {
    let dir = seeds_dir();
    if std::env::var_os("EVFLOW_WRITE_SEEDS").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for (name, bytes) in seed_frames() {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
    }
    let mut seen = 0;
    for file in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = file.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        check_frame(&bytes);
        let decoded = decode_hostile(&bytes);
        let name = path.file_name().unwrap().to_string_lossy();
        assert_eq!(decoded.is_err(), name.starts_with("bad_"), "{name}: {decoded:?}");
        seen += 1;
    }
    assert!(seen >= seed_frames().len(), "fewer seeds in {} than seed_frames() makes", dir.display());
}
