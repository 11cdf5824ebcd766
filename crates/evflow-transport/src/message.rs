//! Messages: a list of parts. A part is bytes in memory, or a block of a session's
//! shared-memory segment that can move to another process without a copy.

use bytes::Bytes;
use evflow_shm::Block;

/// One part of a message.
#[derive(Clone)]
pub enum Part {
    /// Bytes in this process's memory (or a libzmq message buffer).
    Bytes(Bytes),
    /// A block in a session's segment: sent to a shm channel of that session, only its handle moves.
    Shm(Block),
}

impl Part {
    /// The part's bytes, in place.
    pub fn as_slice(&self) -> &[u8] {
        match self {
            Part::Bytes(bytes) => bytes,
            Part::Shm(block) => block.as_slice(),
        }
    }

    /// Bytes of the part.
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether the part has no bytes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The part as `Bytes`, without a copy (a shm block stays held while the `Bytes` lives).
    pub fn into_bytes(self) -> Bytes {
        match self {
            Part::Bytes(bytes) => bytes,
            Part::Shm(block) => Bytes::from_owner(BlockBytes(block)),
        }
    }
}

/// A block seen as `Bytes`' owner.
struct BlockBytes(Block);

impl AsRef<[u8]> for BlockBytes {
    fn as_ref(&self) -> &[u8] {
        self.0.as_slice()
    }
}

impl std::fmt::Debug for Part {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if matches!(self, Part::Shm(_)) { "shm" } else { "bytes" };
        write!(f, "Part({kind}, {} bytes)", self.len())
    }
}

impl From<Bytes> for Part {
    fn from(bytes: Bytes) -> Part {
        Part::Bytes(bytes)
    }
}

impl From<Vec<u8>> for Part {
    fn from(bytes: Vec<u8>) -> Part {
        Part::Bytes(Bytes::from(bytes))
    }
}

impl From<&[u8]> for Part {
    fn from(bytes: &[u8]) -> Part {
        Part::Bytes(Bytes::copy_from_slice(bytes))
    }
}

impl From<Block> for Part {
    fn from(block: Block) -> Part {
        Part::Shm(block)
    }
}

/// A message: one or more parts, delivered whole or not at all.
#[derive(Clone, Debug, Default)]
pub struct Message {
    /// The parts, in order.
    pub parts: Vec<Part>,
    /// The sender's address, on a tcp channel opened with [`crate::Options::peer_address`]
    /// (to name who sent a message that is dropped); `None` elsewhere.
    pub peer: Option<String>,
}

impl Message {
    /// A message of the given parts.
    pub fn new(parts: Vec<Part>) -> Message {
        Message { parts, peer: None }
    }

    /// A message of one part.
    pub fn single(part: impl Into<Part>) -> Message {
        Message::new(vec![part.into()])
    }

    /// Bytes in all parts.
    pub fn len(&self) -> usize {
        self.parts.iter().map(Part::len).sum()
    }

    /// Whether the message has no parts.
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }
}

impl<P: Into<Part>> FromIterator<P> for Message {
    fn from_iter<I: IntoIterator<Item = P>>(iter: I) -> Message {
        Message::new(iter.into_iter().map(Into::into).collect())
    }
}
