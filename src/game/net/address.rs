//! Who this window is and where a friend reaches it.

/// The name this window gives the host.
pub fn whoami() -> String {
    std::env::var("USER").unwrap_or_else(|_| "a player".into())
}

/// This machine's address on its network, for a friend to join (the loopback address
/// where it has none).
pub fn this_machine(port: u16) -> String {
    let outward = std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| s.connect("192.0.2.1:9").map(|()| s))
        .and_then(|s| s.local_addr());
    match outward {
        Ok(a) if !a.ip().is_unspecified() => format!("{}:{port}", a.ip()),
        _ => format!("127.0.0.1:{port}"),
    }
}
