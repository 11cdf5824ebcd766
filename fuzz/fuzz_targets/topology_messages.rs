//! Fuzz target: untrusted bytes through the decoders of a topology's messages between hosts
//! (docs/topology-design.md): the controller's views, which every device decodes, and the
//! multi-part messages that cross hosts over tcp (a dispatch to a bridge or a worker, a
//! result to the output, a batch of either, a builder's batch of built events to the output, an RU's fragments
//! to a builder): a header part, then each event as its frame and one part per external
//! entry. Anything on the network can reach these ports: any bytes are a message or an error,
//! never a panic, and a message reads back as written.
//!
//! The input is one message: its parts are the stretches between [`SEP`]s (a view message is
//! its topic, then the view; the whole input is also tried as a view alone).
#![no_main]

use bytes::Bytes;
use evflow_core::wire::{self, DecodeOptions, EncodeOptions, External, FrameLayout};
use evflow_core::Event;
use evflow_runtime::engine::eventbuilding::{BuiltIndex, FragmentsHead};
use evflow_runtime::engine::device::link::decode_view;
use evflow_runtime::engine::protocol::{BatchIndex, Header, BATCH_EVENTS};

/// Separates the parts of a message in the input (the seeds in `topology_seeds/` use it).
const SEP: &[u8] = b"\xffPRT";

libfuzzer_sys::fuzz_target!(|data: &[u8]| check_messages(data));

fn check_messages(data: &[u8]) {
    let parts = split(data);
    check_view(data);
    if let [_topic, view] = parts[..] {
        check_view(view);
    }
    // A dispatch or a result: what the bridge, a worker and the output read.
    if let [head, ref event @ ..] = parts[..] {
        if Header::decode(head).is_ok() && !event.is_empty() {
            check_event(event);
        }
    }
    // A builder's batch (a `Built` result): after the header, an index of each event's
    // parts (none: rejected by the builder's modules), then the events' parts.
    if let [_head, index, ref events @ ..] = parts[..] {
        if let Ok(built) = BuiltIndex::decode(index, events.len()) {
            let split = built.split(events);
            assert_eq!(split.iter().map(|e| e.len()).sum::<usize>(), events.len(), "parts left out of the batch");
            for event in split.into_iter().filter(|e| !e.is_empty()) {
                check_event(event);
            }
        }
    }
    // A batch of dispatches or of a worker's results (`Dispatches`, `Results`): after the
    // header, an index of each event's seq, word and parts, then the events' parts.
    if let [head, index, ref events @ ..] = parts[..] {
        if let Ok(header) = Header::decode(head) {
            if let Ok(batch) = BatchIndex::decode(index, header.seq, events.len()) {
                assert!(batch.entries.len() as u64 == header.seq && header.seq <= BATCH_EVENTS as u64);
                let mut taken = 0;
                for (entry, event) in batch.split(events) {
                    taken += event.len();
                    let _ = BatchIndex::status(&entry);
                    if !event.is_empty() {
                        check_event(event);
                    }
                }
                assert_eq!(taken, events.len(), "parts left out of the batch");
            }
        }
    }
    // An RU's fragments: the head says how many parts each fragment takes (the builder
    // slices the message by it).
    if let Ok(head) = FragmentsHead::decode(parts[0], parts.len()) {
        let mut at = 1;
        for &count in &head.parts {
            assert!(count > 0, "a fragment of no parts was accepted");
            let end = at + count as usize;
            assert!(end <= parts.len(), "fragments run past the message's {} parts", parts.len());
            check_event(&parts[at..end]);
            at = end;
        }
        assert_eq!(at, parts.len(), "parts left over after the fragments");
    }
}

fn split(data: &[u8]) -> Vec<&[u8]> {
    let mut parts = Vec::new();
    let mut rest = data;
    while let Some(at) = rest.windows(SEP.len()).position(|w| w == SEP) {
        parts.push(&rest[..at]);
        rest = &rest[at + SEP.len()..];
    }
    parts.push(rest);
    parts
}

/// A view it accepts survives encode → decode unchanged.
fn check_view(bytes: &[u8]) {
    let Ok(view) = decode_view(bytes) else { return };
    let text = serde_json::to_vec(&view).expect("a view serializes");
    let back = decode_view(&text).unwrap_or_else(|e| panic!("a view it wrote does not decode: {e}"));
    let value = |v| serde_json::to_value(v).expect("a view serializes");
    assert_eq!(value(&back), value(&view), "a view decodes differently after encoding");
}

/// An event as its frame and external parts, as `frames::decode` reads it: one it accepts
/// is sent on as the engine sends it (large entries external) and reads back the same.
fn check_event(parts: &[&[u8]]) -> Option<Event> {
    let (frame, rest) = parts.split_first()?;
    let frame = Bytes::copy_from_slice(frame);
    let externals = |parts: Vec<Bytes>| parts.into_iter().map(|data| External { data, home: None }).collect::<Vec<_>>();
    let given = externals(rest.iter().map(|p| Bytes::copy_from_slice(p)).collect());
    let event = wire::decode_with_parts(&frame, &given, &DecodeOptions::default()).ok()?;

    let layout = FrameLayout::with_external(&event);
    let mut again = vec![0u8; layout.frame_len()];
    wire::encode_into(&event, &layout, &mut again, EncodeOptions::default());
    let sent = externals(layout.externals(&event).map(|e| e.data().clone()).collect());
    let back = wire::decode_with_parts(&Bytes::from(again), &sent, &DecodeOptions::default())
        .unwrap_or_else(|e| panic!("an event it sent on does not decode: {e}"));
    assert_eq!(back, event, "an event decodes differently after sending it on");
    assert!(back.names().eq(event.names()), "sending an event on reordered its entries");
    Some(event)
}
