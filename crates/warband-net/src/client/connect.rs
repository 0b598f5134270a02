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
    #[error("cannot reach {0}: {why}", why = reach_words(.1))]
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

impl Handshake {
    /// How the welcoming host seeds its battle, if its welcome says.
    pub fn seeding(&self) -> Option<crate::msg::Seeding> {
        serde_json::from_value(self.welcome.get("seeding")?.clone()).ok()
    }
}

/// The port a host listens on unless told otherwise (`warband host --listen`).
pub const PORT: u16 = 4740;

/// `addr` with the port a host listens on by default where it names none: a player
/// types the address the host's window shows, and often leaves the port off.
pub fn with_port(addr: &str) -> String {
    let addr = addr.trim().trim_end_matches(':');
    if addr.parse::<std::net::SocketAddr>().is_ok() {
        return addr.to_string();
    }
    if let Ok(ip) = addr.parse::<std::net::IpAddr>() {
        return std::net::SocketAddr::new(ip, PORT).to_string();
    }
    match addr.rsplit_once(':') {
        Some((_, port)) if port.parse::<u16>().is_ok() => addr.to_string(),
        _ => format!("{addr}:{PORT}"),
    }
}

/// Why an address could not be reached, in a player's words: what to check, not only
/// what the system said.
fn reach_words(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::ConnectionRefused => {
            "nothing answers there: has the host started the battle? Check the address and the port".into()
        }
        K::TimedOut => {
            "no answer within 5 s: check the address, and that the host's firewall lets the port through".into()
        }
        K::InvalidInput => {
            "that is not an address: give the host's machine name or IP and its port, such as 192.168.1.5:4740".into()
        }
        K::HostUnreachable | K::NetworkUnreachable | K::AddrNotAvailable => {
            "this machine has no way to it: is the host on the same network?".into()
        }
        _ if e.to_string().contains("emporary failure") => {
            "its name could not be looked up just now: check this machine's network, or give the host's IP address".into()
        }
        _ if e.to_string().contains("lookup") => {
            "no machine of that name is known: check the name, or give its IP address".into()
        }
        _ => e.to_string(),
    }
}

/// Connects to a host and says hello; the host's welcome names the ruleset. An address
/// without a port is taken to mean the host's default one ([`PORT`]).
pub fn connect(addr: &str, hello: &Hello) -> Result<Handshake, NetError> {
    let addr = &with_port(addr);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_without_a_port_takes_the_hosts_default() {
        assert_eq!(with_port("127.0.0.1"), "127.0.0.1:4740");
        assert_eq!(with_port(" 192.168.1.5 "), "192.168.1.5:4740");
        assert_eq!(with_port("::1"), "[::1]:4740");
        assert_eq!(with_port("tavern-pc"), "tavern-pc:4740");
        assert_eq!(with_port("tavern-pc:"), "tavern-pc:4740");
        assert_eq!(with_port("127.0.0.1:5000"), "127.0.0.1:5000");
        assert_eq!(with_port("[::1]:5000"), "[::1]:5000");
        assert_eq!(with_port("tavern-pc:5000"), "tavern-pc:5000");
    }

    /// A port nothing listens on, and a name no machine has, are told in words that say
    /// what to check.
    #[test]
    fn an_address_that_cannot_be_reached_says_what_to_check() {
        // A port just let go: nothing listens there.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let hello = Hello::new(None, "test");
        let Err(e) = connect(&format!("127.0.0.1:{port}"), &hello) else {
            panic!("connected to nothing");
        };
        let said = e.to_string();
        assert!(said.contains("has the host started the battle?"), "{said}");
        let Err(e) = connect("no-such-machine.invalid", &hello) else {
            panic!("connected to no machine");
        };
        let said = e.to_string();
        assert!(
            said.starts_with("cannot reach no-such-machine.invalid:4740: "),
            "{said}"
        );
        assert!(said.contains("no machine of that name"), "{said}");
    }
}
