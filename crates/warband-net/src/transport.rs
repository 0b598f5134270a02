//! The connection under the protocol, and the two threads that serve each one.
//!
//! A [`Transport`] is any byte stream that can be split into a reading and a writing
//! handle and closed from a third: TCP today ([`std::net::TcpStream`]), a WebSocket one
//! later. A [`Link`] runs a reader thread, which cuts frames and hands them to one inbox
//! channel shared by every connection of a host, and a writer thread fed by a bounded
//! queue, so neither a silent peer nor one that stops reading can stall the host.

use crate::frame::{FrameError, FrameReader, write_frame};
use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A connection's number on its host (or 0 on a client, which has one).
pub type PeerId = u64;

/// At most this many frames a second from one peer; more is a flood and closes it. A
/// computer player proposes one frame a command, and in a quick battle that can be a
/// few thousand a second.
pub const FLOOD_FRAMES: u32 = 10_000;
/// At most this many bytes a second from one peer (a proposal is about 100 bytes).
pub const FLOOD_BYTES: usize = 1024 * 1024;
/// Frames waiting to be written to one peer; a peer that lets more pile up is too slow.
const QUEUE: usize = 8192;
/// How often an idle reader wakes (to notice it was closed).
const TICK: Duration = Duration::from_millis(200);
/// How long one write may block on a peer that does not read.
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// A byte stream the protocol can run on.
pub trait Transport: Read + Write + Send + 'static {
    /// Another handle on the same connection (the reader and the writer hold one each).
    fn split(&self) -> io::Result<Box<dyn Transport>>;
    fn set_read_timeout(&self, t: Option<Duration>) -> io::Result<()>;
    fn set_write_timeout(&self, t: Option<Duration>) -> io::Result<()>;
    /// Closes the connection for every handle.
    fn close(&self);
    /// Who is at the other end, for the host's notices.
    fn peer(&self) -> String;
}

impl Transport for TcpStream {
    fn split(&self) -> io::Result<Box<dyn Transport>> {
        Ok(Box::new(self.try_clone()?))
    }

    fn set_read_timeout(&self, t: Option<Duration>) -> io::Result<()> {
        TcpStream::set_read_timeout(self, t)
    }

    fn set_write_timeout(&self, t: Option<Duration>) -> io::Result<()> {
        TcpStream::set_write_timeout(self, t)
    }

    fn close(&self) {
        let _ = self.shutdown(Shutdown::Both);
    }

    fn peer(&self) -> String {
        self.peer_addr()
            .map_or_else(|_| "an unknown peer".into(), |a| a.to_string())
    }
}

/// What a connection's reader hands its owner.
#[derive(Debug)]
pub enum Incoming {
    Frame(Vec<u8>),
    /// The connection ended, and why; nothing more comes from it.
    Closed(String),
}

/// Where a connection's reader hands what it reads; false once its owner has gone.
pub type Sink = Box<dyn FnMut(Incoming) -> bool + Send>;

/// One open connection: frames go out through its queue, and come in to the sink it
/// was opened with.
pub struct Link {
    pub id: PeerId,
    pub peer: String,
    out: Option<SyncSender<Vec<u8>>>,
    control: Box<dyn Transport>,
    sent: Arc<AtomicU64>,
    writer: Option<JoinHandle<()>>,
}

impl Link {
    /// Starts the reader and writer threads of a connection; frames over `limit`
    /// bytes close it.
    pub fn open(
        stream: Box<dyn Transport>,
        id: PeerId,
        limit: usize,
        inbox: Sink,
    ) -> io::Result<Link> {
        stream.set_read_timeout(Some(TICK))?;
        stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
        let peer = stream.peer();
        let reading = stream.split()?;
        let control = stream.split()?;
        std::thread::Builder::new()
            .name(format!("warband-net-read-{id}"))
            .spawn(move || read_loop(reading, limit, inbox))?;
        let (out, queue) = sync_channel::<Vec<u8>>(QUEUE);
        let sent = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&sent);
        let writer = std::thread::Builder::new()
            .name(format!("warband-net-write-{id}"))
            .spawn(move || {
                let mut stream = stream;
                for body in queue {
                    if write_frame(&mut stream, &body).is_err() {
                        stream.close();
                        return;
                    }
                    counter.fetch_add(4 + body.len() as u64, Ordering::Relaxed);
                }
            })?;
        Ok(Link {
            id,
            peer,
            out: Some(out),
            control,
            sent,
            writer: Some(writer),
        })
    }

    /// Queues a frame; an error if the peer has gone or is too slow to keep up.
    pub fn send(&self, body: Vec<u8>) -> Result<(), String> {
        let Some(out) = &self.out else {
            return Err("the connection is closing".into());
        };
        out.try_send(body).map_err(|e| match e {
            TrySendError::Full(_) => format!("{} does not read what it is sent", self.peer),
            TrySendError::Disconnected(_) => format!("{} has gone", self.peer),
        })
    }

    /// Bytes written to the peer so far (frames and their lengths).
    pub fn bytes_sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }

    /// Closes at once; what is queued may be lost.
    pub fn close(mut self) {
        self.out = None;
        self.control.close();
    }

    /// Writes what is queued (each write bounded by the write timeout), then closes;
    /// gives the bytes written in all.
    pub fn finish(mut self) -> u64 {
        self.out = None;
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
        self.control.close();
        self.bytes_sent()
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.out = None;
        if self.writer.is_some() {
            self.control.close();
        }
    }
}

/// Reads frames until the connection ends, a rule of framing is broken, the peer
/// floods, or the inbox's owner has gone.
fn read_loop(mut stream: Box<dyn Transport>, limit: usize, mut inbox: Sink) {
    let mut reader = FrameReader::new(limit);
    let mut window = (Instant::now(), 0u32, 0usize);
    let reason = loop {
        match reader.next(&mut stream) {
            Ok(None) => continue,
            Ok(Some(frame)) => {
                if window.0.elapsed() >= Duration::from_secs(1) {
                    window = (Instant::now(), 0, 0);
                }
                window.1 += 1;
                window.2 += frame.len();
                if window.1 > FLOOD_FRAMES || window.2 > FLOOD_BYTES {
                    break format!("over {FLOOD_FRAMES} frames or {FLOOD_BYTES} bytes in a second");
                }
                if !inbox(Incoming::Frame(frame)) {
                    stream.close();
                    return;
                }
            }
            Err(FrameError::Closed) => break "it closed the connection".to_string(),
            Err(e) => break e.to_string(),
        }
    };
    stream.close();
    inbox(Incoming::Closed(reason));
}
