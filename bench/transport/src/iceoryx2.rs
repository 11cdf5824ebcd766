//! The iceoryx2 peer of a trial (`--transports iceoryx2`): the iceoryx2 crate's
//! publish-subscribe over shared memory (`ipc::Service`), one service per direction, set up
//! as iceoryx2's own publish-subscribe benchmark does it (slices of `u8`, history 0), but
//! lossless, as a stream must be: no safe overflow, and a publisher that retries until the
//! subscriber's buffer (the trial's queue) has room. A message is a loaned slice, the tag
//! written into it, sent; the payload is never touched otherwise. The subscriber busy-polls
//! `receive()`, as iceoryx2's benchmark does: iceoryx2 at its fastest, at the price of a
//! receiver that burns its CPU while it waits.

use crate::{BenchError, Trial, TAG_LEN};
use iceoryx2::port::publisher::Publisher;
use iceoryx2::port::subscriber::Subscriber;
use iceoryx2::prelude::*;
use std::rc::Rc;
use std::time::{Duration, Instant};

type Service = ipc::Service;

/// The sending direction of one side: a publisher.
pub struct Sender {
    publisher: Publisher<Service, [u8], ()>,
    size: usize,
    // Last: the port must go before its node.
    _node: Rc<Node<Service>>,
}

/// The receiving direction of one side: a subscriber.
pub struct Receiver {
    subscriber: Subscriber<Service, [u8], ()>,
    _node: Rc<Node<Service>>,
}

fn failed(what: &'static str) -> impl Fn(&dyn std::fmt::Display) -> BenchError {
    move |e| BenchError::Protocol(format!("iceoryx2: {what}: {e}"))
}

/// Publishes on service `send_on`, subscribes to `receive_on`; both services are created by
/// whichever side comes first.
pub fn open(trial: &Trial, send_on: &str, receive_on: &str) -> Result<(Sender, Receiver), BenchError> {
    set_log_level(LogLevel::Error);
    let node = Rc::new(NodeBuilder::new().create::<Service>().map_err(|e| failed("creating the node")(&e))?);
    let service = |name: &str| {
        let name = ServiceName::new(name).map_err(|e| failed("naming the service")(&e))?;
        node.service_builder(&name)
            .publish_subscribe::<[u8]>()
            .max_publishers(1)
            .max_subscribers(1)
            .history_size(0)
            .subscriber_max_buffer_size(trial.queue)
            .enable_safe_overflow(false)
            .open_or_create()
            .map_err(|e| failed("opening the service")(&e))
    };
    let (outgoing, incoming) = (service(send_on)?, service(receive_on)?);
    let publisher = outgoing
        .publisher_builder()
        .initial_max_slice_len(trial.size)
        .backpressure_strategy(BackpressureStrategy::RetryUntilDelivered)
        .create()
        .map_err(|e| failed("creating the publisher")(&e))?;
    let subscriber = incoming
        .subscriber_builder()
        .buffer_size(trial.queue)
        .create()
        .map_err(|e| failed("creating the subscriber")(&e))?;
    Ok((Sender { publisher, size: trial.size, _node: Rc::clone(&node) }, Receiver { subscriber, _node: node }))
}

impl Sender {
    /// Loans a slice, writes the tag into it and sends it, again until a subscriber got it:
    /// before the receiver's subscriber has connected its end (it does so when it first polls),
    /// iceoryx2 delivers to nobody once the buffer is full, and says so with 0 recipients.
    pub fn send(&mut self, tag: u64) -> Result<(), BenchError> {
        loop {
            let mut sample = self.publisher.loan_slice_uninit(self.size).map_err(|e| failed("loaning a sample")(&e))?;
            for (byte, value) in sample.payload_mut()[..TAG_LEN].iter_mut().zip(tag.to_le_bytes()) {
                byte.write(value);
            }
            // SAFETY: as in iceoryx2's benchmark, the payload is sent as loaned: its bytes are
            // never read as anything but bytes, and the receiver reads only the tag written
            // above and the last byte, which it folds into a checksum.
            let sample = unsafe { sample.assume_init() };
            if sample.send().map_err(|e| failed("sending")(&e))? > 0 {
                return Ok(());
            }
            std::hint::spin_loop();
        }
    }
}

impl Receiver {
    /// Polls for the next message until `timeout`: its tag and last byte, checked to be `size` bytes.
    pub fn recv(&mut self, timeout: Duration, size: usize) -> Result<Option<(u64, u8)>, BenchError> {
        let deadline = Instant::now() + timeout;
        let mut polls = 0u32;
        loop {
            if let Some(sample) = self.subscriber.receive().map_err(|e| failed("receiving")(&e))? {
                return crate::endpoint::read(sample.payload(), size).map(Some);
            }
            polls = polls.wrapping_add(1);
            if polls.is_multiple_of(1024) && Instant::now() >= deadline {
                return Ok(None);
            }
            std::hint::spin_loop();
        }
    }
}
