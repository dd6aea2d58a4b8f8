//! The little HTTP the GUI needs: read a request head, serve the embedded
//! page, or switch the connection to a WebSocket (RFC 6455 handshake).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Instant;
use tungstenite::handshake::derive_accept_key;

/// The page, embedded in the binary.
const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/page.js");
const STYLE: &str = include_str!("page/page.css");

/// Longest request head read.
const MAX_HEAD: usize = 16 * 1024;

/// A request's line and headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, …
    pub method: String,
    /// `/`, `/ws`, …
    pub path: String,
    headers: Vec<(String, String)>,
}

impl Request {
    /// A header's value (name case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads a request head (up to the blank line) that must be whole by
/// `deadline`, byte by byte so nothing after it is consumed.
pub fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<Request, String> {
    let mut head = Vec::new();
    let mut byte = [0u8];
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() >= MAX_HEAD {
            return Err("request head too long".into());
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err("the request head came too slowly".into());
        }
        stream
            .set_read_timeout(Some(left))
            .map_err(|why| format!("reading the request: {why}"))?;
        match stream.read(&mut byte) {
            Ok(1) => head.push(byte[0]),
            Ok(_) => return Err("connection closed in the request head".into()),
            Err(why) => return Err(format!("reading the request: {why}")),
        }
    }
    parse_head(&String::from_utf8_lossy(&head))
}

/// Parses `GET /path HTTP/1.1` and `Name: value` lines.
pub fn parse_head(text: &str) -> Result<Request, String> {
    let mut lines = text.split("\r\n");
    let first = lines.next().unwrap_or_default();
    let mut words = first.split_whitespace();
    let (Some(method), Some(path), Some(_version)) = (words.next(), words.next(), words.next())
    else {
        return Err(format!("bad request line `{first}`"));
    };
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    Ok(Request {
        method: method.to_string(),
        path: path.to_string(),
        headers,
    })
}

/// Whether a WebSocket request comes from a page this server served: no
/// `Origin`, or one naming the `Host` the request went to (a page of
/// another site may not drive the engine).
pub fn same_origin(request: &Request) -> bool {
    match (request.header("Origin"), request.header("Host")) {
        (None, _) => true,
        (Some(origin), Some(host)) => origin
            .split_once("://")
            .is_some_and(|(_, rest)| rest.trim_end_matches('/') == host),
        (Some(_), None) => false,
    }
}

/// Whether `host` (a `Host` header: a name or an address, with or without
/// a port) names this machine's loopback: `localhost`, `127.0.0.0/8` or
/// `[::1]`. A server listening on loopback answers only such requests, so a
/// page of another site whose name was rebound to 127.0.0.1 (DNS
/// rebinding) can neither read the page nor open the socket.
pub fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split_once(']').map_or(rest, |(address, _)| address),
        None => match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        },
    };
    let name = name.trim_end_matches('.');
    name.eq_ignore_ascii_case("localhost")
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// What to do with a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// Send this response and close.
    Respond(String),
    /// Accept the WebSocket with this `Sec-WebSocket-Accept`.
    Upgrade(String),
}

/// The answer to `request`, received on a loopback address when
/// `on_loopback` (then only requests naming a loopback host are served).
pub fn route(request: &Request, on_loopback: bool) -> Route {
    if on_loopback && !request.header("Host").is_some_and(loopback_host) {
        return Route::Respond(response(
            "403 Forbidden",
            "text/plain",
            "unknown host: open this page as localhost or 127.0.0.1\n",
        ));
    }
    if request.method != "GET" {
        return Route::Respond(response(
            "405 Method Not Allowed",
            "text/plain",
            "GET only\n",
        ));
    }
    match request.path.as_str() {
        "/" | "/index.html" => Route::Respond(response("200 OK", "text/html; charset=utf-8", PAGE)),
        "/page.js" => Route::Respond(response("200 OK", "text/javascript; charset=utf-8", SCRIPT)),
        "/page.css" => Route::Respond(response("200 OK", "text/css; charset=utf-8", STYLE)),
        "/ws" => {
            let upgrade = request
                .header("Upgrade")
                .is_some_and(|u| u.eq_ignore_ascii_case("websocket"));
            match (upgrade, request.header("Sec-WebSocket-Key")) {
                (true, Some(key)) if same_origin(request) => {
                    Route::Upgrade(derive_accept_key(key.as_bytes()))
                }
                (true, Some(_)) => {
                    Route::Respond(response("403 Forbidden", "text/plain", "foreign origin\n"))
                }
                _ => Route::Respond(response(
                    "400 Bad Request",
                    "text/plain",
                    "WebSocket only\n",
                )),
            }
        }
        _ => Route::Respond(response("404 Not Found", "text/plain", "not found\n")),
    }
}

/// The `503` of a server that holds all the connections it can.
pub fn unavailable(why: &str) -> String {
    response("503 Service Unavailable", "text/plain", &format!("{why}\n"))
}

/// A whole response that closes the connection.
fn response(status: &str, content_type: &str, body: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The 101 response that switches to the WebSocket.
pub fn switching(accept: &str) -> String {
    format!("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n")
}

/// Writes `text` and flushes.
pub fn write_all(stream: &mut TcpStream, text: &str) -> std::io::Result<()> {
    stream.write_all(text.as_bytes())?;
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(text: &str) -> Request {
        parse_head(text).unwrap()
    }

    #[test]
    fn page_script_and_socket_routes() {
        let page = route(&request("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), false);
        assert!(
            matches!(page, Route::Respond(r) if r.starts_with("HTTP/1.1 200") && r.contains("<svg") || r.contains("page.js"))
        );
        let missing = route(&request("GET /etc/passwd HTTP/1.1\r\n\r\n"), false);
        assert!(matches!(missing, Route::Respond(r) if r.starts_with("HTTP/1.1 404")));
        // The RFC 6455 example key.
        let ws = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:8960\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
        assert_eq!(
            route(&request(&format!("{ws}\r\n")), true),
            Route::Upgrade("s3pPLMBiTxaQ9kYGzzhZRbK+xOo=".into())
        );
        let own = route(
            &request(&format!("{ws}Origin: http://127.0.0.1:8960\r\n\r\n")),
            true,
        );
        assert!(matches!(own, Route::Upgrade(_)));
        let foreign = route(
            &request(&format!("{ws}Origin: http://evil.example\r\n\r\n")),
            true,
        );
        assert!(matches!(foreign, Route::Respond(r) if r.starts_with("HTTP/1.1 403")));
        assert!(parse_head("garbage\r\n\r\n").is_err());
        let post = route(&request("POST / HTTP/1.1\r\n\r\n"), false);
        assert!(matches!(post, Route::Respond(r) if r.starts_with("HTTP/1.1 405")));
    }

    #[test]
    fn a_loopback_server_answers_only_loopback_hosts() {
        for host in [
            "localhost",
            "LOCALHOST:8960",
            "localhost.:80",
            "127.0.0.1",
            "127.1.2.3:8960",
            "[::1]",
            "[::1]:8960",
        ] {
            assert!(loopback_host(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8960",
            "10.0.0.1:8960",
            "[::2]:1",
            "localhost.evil.example",
            "",
        ] {
            assert!(!loopback_host(host), "{host}");
        }
        // A rebound name reaches neither the page nor the socket.
        let rebound = route(
            &request("GET / HTTP/1.1\r\nHost: evil.example:8960\r\n\r\n"),
            true,
        );
        assert!(matches!(rebound, Route::Respond(r) if r.starts_with("HTTP/1.1 403")));
        let socket = "GET /ws HTTP/1.1\r\nHost: evil.example:8960\r\nOrigin: http://evil.example:8960\r\nUpgrade: websocket\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
        assert!(
            matches!(route(&request(socket), true), Route::Respond(r) if r.starts_with("HTTP/1.1 403"))
        );
        let page = route(
            &request("GET / HTTP/1.1\r\nHost: localhost:8960\r\n\r\n"),
            true,
        );
        assert!(matches!(page, Route::Respond(r) if r.starts_with("HTTP/1.1 200")));
    }
}
