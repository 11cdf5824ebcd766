//! Fuzz target: untrusted bytes through the decoders of the parallel engine's and the event
//! builder's messages (docs/parallel.md, docs/eventbuilding.md): headers, acks, progress,
//! requests and fragments heads. They come from other processes, across hosts from anything
//! that reaches a port: any bytes are a message or an error, never a panic, and a message
//! reads back as it was written.
#![no_main]

use evflow_core::file::{StoredRecord, DESCRIPTION_LEN};
use evflow_core::Event;
use evflow_runtime::engine::eventbuilding::{FragmentsHead, Progress, Request};
use evflow_runtime::engine::protocol::{decode_acks, encode_acks, Header, Kind};

libfuzzer_sys::fuzz_target!(|data: &[u8]| check_messages(data));

fn check_messages(data: &[u8]) {
    if let Ok(header) = Header::decode(data) {
        assert_eq!(Header::decode(&header.encode()).expect("a header it wrote"), header);
        if header.kind == Kind::Acks {
            if let Ok((watermark, acks)) = decode_acks(data, &header) {
                let again = encode_acks(header.origin.generation, watermark, &acks);
                let back = Header::decode(&again).expect("an acks header it wrote");
                assert_eq!(decode_acks(&again, &back).expect("acks it wrote"), (watermark, acks));
            }
        }
    }
    // A worker's record description, after a header: it describes a record or is refused.
    if let Some(description) = data.get(24..24 + DESCRIPTION_LEN) {
        let stored = bytes::Bytes::copy_from_slice(&data[24 + DESCRIPTION_LEN..]);
        if let Ok(record) = StoredRecord::for_event(&Event::new(1, 1), description, stored) {
            assert!(record.compression != evflow_core::file::Compression::None);
        }
    }
    if let Ok(p) = Progress::decode(data) {
        assert_eq!(Progress::decode(&p.encode()), Ok(p));
    }
    if let Ok(r) = Request::decode(data) {
        assert_eq!(Request::decode(&r.encode()), Ok(r));
    }
    // A head with as many message parts after it as a small message has.
    for parts in 0..8 {
        if let Ok(h) = FragmentsHead::decode(data, parts) {
            assert_eq!(FragmentsHead::decode(&h.encode(), parts), Ok(h));
        }
    }
}
