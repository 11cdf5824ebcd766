//! Fuzz target: untrusted bytes through the wire decoder.
//!
//! The check is a plain function so that `crates/evflow-core/tests/wire_props.rs` can run it
//! over `fuzz/seeds/` in `cargo test`; only the libFuzzer entry point is left out there.
#![cfg_attr(not(test), no_main)]

use bytes::Bytes;
use evflow_core::wire::{self, DecodeOptions, EncodeOptions, FrameErrorKind};

#[cfg(not(test))]
libfuzzer_sys::fuzz_target!(|data: &[u8]| check_frame(data));

/// Decodes `data` with and without CRC verification and checks what the decoder promises:
/// no panic, error offsets inside the input, CRC verification only ever refusing more, and
/// any event it accepts surviving encode → decode unchanged, with and without a CRC.
pub fn check_frame(data: &[u8]) {
    let frame = Bytes::copy_from_slice(data);
    let plain = wire::decode(&frame, &DecodeOptions::default());
    let verified = wire::decode(&frame, &DecodeOptions { verify_crc: true, ..Default::default() });

    for err in [&plain, &verified].into_iter().filter_map(|r| r.as_ref().err()) {
        let truncated = matches!(err.kind, FrameErrorKind::Truncated { .. });
        let len = data.len() as u64;
        assert!(err.offset < len || (truncated && err.offset <= len), "offset outside {len}-byte input: {err}");
    }
    match (&plain, &verified) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "verifying the CRC changed the decoded event"),
        (Ok(_), Err(err)) => {
            assert!(matches!(err.kind, FrameErrorKind::Checksum { .. }), "only the CRC may refuse more: {err}")
        }
        (Err(_), Ok(_)) => panic!("verifying the CRC accepted a frame the plain decoder refused"),
        (Err(_), Err(_)) => {}
    }

    let Ok(event) = plain else { return };
    for crc in [false, true] {
        let again = wire::encode(&event, EncodeOptions { crc });
        let back = wire::decode(&again, &DecodeOptions { verify_crc: true, ..Default::default() })
            .unwrap_or_else(|err| panic!("re-encoded frame (crc={crc}) does not decode: {err}"));
        assert_eq!(back, event, "re-encoded frame (crc={crc}) decodes differently");
        // IndexMap equality ignores order; the data store's order is part of the event.
        assert!(back.names().eq(event.names()), "re-encoding (crc={crc}) reordered the entries");
        assert_eq!(wire::encode(&back, EncodeOptions { crc }), again, "encoding is not canonical (crc={crc})");
    }
}
