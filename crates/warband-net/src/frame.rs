//! Framed messages: a 4-byte big-endian length, then that many bytes of JSON.
//!
//! The reader checks a frame's length against its limit before it allocates anything,
//! so a peer that announces a 100 MB frame costs four bytes; and a frame begun must be
//! finished within its patience, so a peer that trickles bytes (a slow-loris) is cut off
//! instead of holding a thread.

use std::io::{self, ErrorKind, Read, Write};
use std::time::{Duration, Instant};

/// The largest frame a peer may send the host: a command, a chat line, a hello.
pub const FROM_PEER_LIMIT: usize = 64 * 1024;
/// The largest frame the host sends: a welcome carries the whole setup.
pub const FROM_HOST_LIMIT: usize = 32 * 1024 * 1024;
/// How long a frame may take to arrive once its first byte has.
pub const PATIENCE: Duration = Duration::from_secs(5);

/// What a connection that speaks another protocol is said to do.
pub const FOREIGN: &str = "it does not speak Warband's protocol";

/// The start of what another protocol sent, as text: its first line, at most 40
/// characters.
fn foreign_text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .lines()
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(40)
        .collect()
}

/// Why a connection stopped giving frames.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("the connection closed")]
    Closed,
    #[error("a frame of {0} bytes is over the limit of {1}")]
    TooLarge(usize, usize),
    /// Text where a frame's length should be: another protocol (a web server's answer).
    #[error("{foreign} (it began \"{0}\")", foreign = FOREIGN)]
    Foreign(String),
    #[error("a frame took over {0:?} to arrive")]
    Slow(Duration),
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// Writes one frame.
pub fn write_frame(w: &mut impl Write, body: &[u8]) -> io::Result<()> {
    let len = u32::try_from(body.len())
        .map_err(|_| io::Error::new(ErrorKind::InvalidInput, "frame over 4 GiB"))?;
    let mut bytes = Vec::with_capacity(4 + body.len());
    bytes.extend_from_slice(&len.to_be_bytes());
    bytes.extend_from_slice(body);
    w.write_all(&bytes)?;
    w.flush()
}

/// Cuts a byte stream into frames. Reads through a stream with a short read timeout,
/// so that an idle peer returns `Ok(None)` now and then and its thread can stop.
pub struct FrameReader {
    buf: Vec<u8>,
    started: Option<Instant>,
    limit: usize,
    patience: Duration,
}

impl FrameReader {
    pub fn new(limit: usize) -> Self {
        Self {
            buf: Vec::new(),
            started: None,
            limit,
            patience: PATIENCE,
        }
    }

    pub fn with_patience(mut self, patience: Duration) -> Self {
        self.patience = patience;
        self
    }

    /// The next whole frame, `Ok(None)` if none came before the stream's read timeout.
    pub fn next(&mut self, r: &mut impl Read) -> Result<Option<Vec<u8>>, FrameError> {
        loop {
            if let Some(frame) = self.take()? {
                return Ok(Some(frame));
            }
            let mut chunk = [0u8; 8192];
            match r.read(&mut chunk) {
                Ok(0) => return Err(FrameError::Closed),
                Ok(n) => {
                    let began = *self.started.get_or_insert_with(Instant::now);
                    self.buf.extend_from_slice(&chunk[..n]);
                    if self.incomplete() && began.elapsed() > self.patience {
                        return Err(FrameError::Slow(self.patience));
                    }
                }
                Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                    if self.started.is_some_and(|t| t.elapsed() > self.patience) {
                        return Err(FrameError::Slow(self.patience));
                    }
                    return Ok(None);
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Whether the bytes read so far still wait for the rest of their frame (a frame
    /// that trickles in a byte at a time is as slow as one that stops).
    fn incomplete(&self) -> bool {
        self.buf
            .first_chunk::<4>()
            .is_none_or(|h| self.buf.len() < 4 + u32::from_be_bytes(*h) as usize)
    }

    /// A whole frame from the bytes read so far, if there is one.
    fn take(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        let Some(head) = self.buf.first_chunk::<4>() else {
            return Ok(None);
        };
        let len = u32::from_be_bytes(*head) as usize;
        if len > self.limit && head.iter().all(|b| b.is_ascii_graphic() || *b == b' ') {
            return Err(FrameError::Foreign(foreign_text(&self.buf)));
        }
        if len > self.limit {
            return Err(FrameError::TooLarge(len, self.limit));
        }
        if self.buf.len() < 4 + len {
            return Ok(None);
        }
        let frame = self.buf[4..4 + len].to_vec();
        self.buf.drain(..4 + len);
        self.started = (!self.buf.is_empty()).then(Instant::now);
        Ok(Some(frame))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stream that gives its bytes in the chunks it was made of, then times out.
    struct Chunks(Vec<Vec<u8>>);

    impl Read for Chunks {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::new(ErrorKind::WouldBlock, "no more now"));
            }
            let chunk = self.0.remove(0);
            out[..chunk.len()].copy_from_slice(&chunk);
            Ok(chunk.len())
        }
    }

    fn framed(body: &[u8]) -> Vec<u8> {
        let mut v = Vec::new();
        write_frame(&mut v, body).unwrap();
        v
    }

    #[test]
    fn frames_split_and_joined_anyhow_come_out_whole() {
        let mut bytes = framed(b"one");
        bytes.extend(framed(b""));
        bytes.extend(framed(b"three"));
        let chunks = bytes.chunks(2).map(<[u8]>::to_vec).collect();
        let mut stream = Chunks(chunks);
        let mut reader = FrameReader::new(64);
        let mut got = Vec::new();
        while let Some(f) = reader.next(&mut stream).unwrap() {
            got.push(f);
        }
        assert_eq!(got, vec![b"one".to_vec(), b"".to_vec(), b"three".to_vec()]);
    }

    /// A web server's answer where a frame should be is said to be another protocol,
    /// with its first line, not as a frame of a billion bytes.
    #[test]
    fn another_protocol_is_named_as_such() {
        let http = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".to_vec();
        let mut stream = Chunks(vec![http]);
        let e = FrameReader::new(FROM_HOST_LIMIT)
            .next(&mut stream)
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{FOREIGN} (it began \"HTTP/1.1 400 Bad Request\")")
        );
    }

    #[test]
    fn a_frame_over_the_limit_is_refused_from_its_length_alone() {
        let huge = (100u32 * 1024 * 1024).to_be_bytes().to_vec();
        let mut stream = Chunks(vec![huge]);
        let e = FrameReader::new(FROM_PEER_LIMIT)
            .next(&mut stream)
            .unwrap_err();
        assert!(
            matches!(e, FrameError::TooLarge(104_857_600, FROM_PEER_LIMIT)),
            "{e}"
        );
    }

    #[test]
    fn a_frame_left_half_sent_past_its_patience_is_slow() {
        let mut reader = FrameReader::new(64).with_patience(Duration::from_millis(1));
        let mut stream = Chunks(vec![framed(b"hello")[..6].to_vec()]);
        assert!(reader.next(&mut stream).unwrap().is_none());
        std::thread::sleep(Duration::from_millis(5));
        let e = reader.next(&mut stream).unwrap_err();
        assert!(matches!(e, FrameError::Slow(_)), "{e}");
    }

    #[test]
    fn an_idle_stream_is_not_slow_and_a_closed_one_is_closed() {
        let mut reader = FrameReader::new(64).with_patience(Duration::ZERO);
        assert!(reader.next(&mut Chunks(vec![])).unwrap().is_none());
        let e = reader.next(&mut io::empty()).unwrap_err();
        assert!(matches!(e, FrameError::Closed), "{e}");
    }
}
