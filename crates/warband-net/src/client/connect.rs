//! Reaching a host: the hello, the welcome that names the ruleset, and why it failed.

use crate::frame::FROM_HOST_LIMIT;
use crate::msg::{Hello, ToHost, decode, encode};
use crate::transport::{Incoming, Link};
use std::net::{TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use warband_rules::Ruleset;

/// Why a peer stopped.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("cannot reach {0}: {1}")]
    Connect(String, std::io::Error),
    #[error("the host refused: {0}")]
    Refused(String),
    #[error("the host broke the protocol: {0}")]
    Protocol(String),
    #[error("{0} gave no welcome within 10 s (is it a Warband host?)")]
    NoWelcome(String),
    /// What answered at the address is not a Warband host.
    #[error("{0} is not a Warband host: {1}")]
    NotAHost(String, String),
    /// The host ended the battle before its end (its player left).
    #[error("{0}")]
    Closed(String),
    #[error("the connection dropped ({0}) after command {1}")]
    Dropped(String, u64),
    #[error("out of sync after command {seq}: our state {ours}, the host's {theirs}; report: {}", report.display())]
    OutOfSync {
        seq: u64,
        ours: String,
        theirs: String,
        report: PathBuf,
    },
}

/// Whether trying to connect again may help: the host was unreachable, dropped the
/// connection, or had no place free just then (not a refusal of who we are).
pub fn worth_retrying(e: &NetError) -> bool {
    match e {
        NetError::Connect(..) | NetError::Dropped(..) | NetError::NoWelcome(..) => true,
        NetError::Refused(why) => why.starts_with(crate::msg::FULL),
        _ => false,
    }
}

/// A connection the host has welcomed, before its ruleset's engine is chosen.
pub struct Handshake {
    pub(super) link: Link,
    pub(super) inbox: Receiver<Incoming>,
    pub(super) welcome: serde_json::Value,
    pub ruleset: Ruleset,
}

/// Connects to a host and says hello; the host's welcome names the ruleset.
pub fn connect(addr: &str, hello: &Hello) -> Result<Handshake, NetError> {
    let fail = |e| NetError::Connect(addr.to_string(), e);
    let target = addr
        .to_socket_addrs()
        .map_err(fail)?
        .next()
        .ok_or_else(|| fail(std::io::Error::other("no such address")))?;
    let stream = TcpStream::connect_timeout(&target, Duration::from_secs(5)).map_err(fail)?;
    let _ = stream.set_nodelay(true);
    let (tx, inbox) = channel();
    let sink = Box::new(move |i| tx.send(i).is_ok());
    let link = Link::open(Box::new(stream), 0, FROM_HOST_LIMIT, sink).map_err(fail)?;
    let _ = link.send(encode(&ToHost::<()>::Hello(hello.clone())));
    let bytes = match inbox.recv_timeout(Duration::from_secs(10)) {
        Ok(Incoming::Frame(bytes)) => bytes,
        Ok(Incoming::Closed(why)) if why.starts_with(crate::frame::FOREIGN) => {
            return Err(NetError::NotAHost(addr.to_string(), why));
        }
        Ok(Incoming::Closed(why)) => return Err(NetError::Dropped(why, hello.from_seq)),
        // A Warband host answers a hello at once: one that does not is something else
        // (a web server waiting for a line), or a host stalled for now (worth a retry).
        Err(_) => return Err(NetError::NoWelcome(addr.to_string())),
    };
    let welcome: serde_json::Value = decode(&bytes).map_err(NetError::Protocol)?;
    let text = |k: &str| welcome[k].as_str().unwrap_or_default().to_string();
    match text("type").as_str() {
        "refused" => return Err(NetError::Refused(text("reason"))),
        "welcome" => {}
        other => {
            return Err(NetError::Protocol(format!(
                "a `{other}` before the welcome"
            )));
        }
    }
    if let Some(what) = crate::msg::version_mismatch(&text("game"), &text("rules")) {
        return Err(NetError::Refused(format!(
            "the host plays another version: {what}"
        )));
    }
    let ruleset = text("ruleset").parse().map_err(NetError::Protocol)?;
    Ok(Handshake {
        link,
        inbox,
        welcome,
        ruleset,
    })
}
