//! The GUI server's limits: 200 held connections (idle ones and WebSocket
//! tabs past the session limit) leave it answering a new page request; a
//! tab past the limit is closed with the reason; a freed tab's place is
//! served again; a connection past the connection limit gets a `503`; a
//! request head that never ends and a tab that never answers a ping are
//! closed instead of holding a thread for ever.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::Duration;
use timur::gui::capacity::{Capacity, MAX_SESSIONS};
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::{Message, WebSocket};

/// A failing server shows as a read timing out, not as a hung test.
const GUARD: Duration = Duration::from_secs(60);

fn start(capacity: Capacity) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || timur::gui::serve_with(listener, capacity));
    port
}

fn raw(port: u16) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(GUARD)).unwrap();
    stream
}

/// The whole answer to a `GET path` (the server closes after it).
fn get(port: u16, path: &str) -> String {
    let mut stream = raw(port);
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// A WebSocket tab and the first message the server sends it.
fn tab(port: u16) -> (WebSocket<TcpStream>, Message) {
    let (mut socket, _) = tungstenite::client(format!("ws://127.0.0.1:{port}/ws"), raw(port))
        .expect("the upgrade is answered");
    let first = socket.read().expect("a first message");
    (socket, first)
}

fn is_state(message: &Message) -> bool {
    matches!(message, Message::Text(text) if text.as_str().contains(r#""type":"state""#))
}

#[test]
fn two_hundred_held_connections_leave_the_page_served() {
    assert_eq!(MAX_SESSIONS, Capacity::default().sessions);
    let sessions = 8;
    let port = start(Capacity {
        sessions,
        request_deadline: GUARD,
        ..Capacity::default()
    });
    let mut held = Vec::new();
    let mut tabs = Vec::new();
    let mut refused = 0;
    for i in 0..200 {
        if i % 4 == 0 {
            let (socket, first) = tab(port);
            match &first {
                Message::Close(Some(frame)) => {
                    assert_eq!(frame.code, CloseCode::Again);
                    assert!(frame.reason.contains("limit"), "{}", frame.reason);
                    refused += 1;
                }
                other => assert!(is_state(other), "{other:?}"),
            }
            tabs.push(socket);
        } else {
            // Idle: nothing at all, or half a request head.
            let mut stream = raw(port);
            if i % 2 == 1 {
                stream.write_all(b"GET / HTTP/1.1\r\nHost: 127.0").unwrap();
            }
            held.push(stream);
        }
    }
    assert_eq!(refused, 50 - sessions, "tabs past the limit of {sessions}");
    let page = get(port, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("/page.js"));

    // A closed tab's place is served again.
    let mut first = tabs.swap_remove(0);
    first.close(None).unwrap();
    while first.read().is_ok() {}
    let (_socket, hello) = tab(port);
    assert!(is_state(&hello), "{hello:?}");
}

#[test]
fn a_connection_past_the_limit_is_told_why() {
    let port = start(Capacity {
        connections: 4,
        request_deadline: GUARD,
        ..Capacity::default()
    });
    let _held: Vec<TcpStream> = (0..4).map(|_| raw(port)).collect();
    let answer = get(port, "/");
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(answer.contains("limit"), "{answer}");
}

#[test]
fn a_request_head_that_never_ends_is_closed() {
    let port = start(Capacity {
        request_deadline: Duration::from_millis(200),
        ..Capacity::default()
    });
    let mut slow = raw(port);
    slow.write_all(b"GET / HTTP/1.1\r\n").unwrap();
    let mut rest = Vec::new();
    // The server closes the connection without an answer.
    slow.read_to_end(&mut rest).expect("closed, not timed out");
    assert!(rest.is_empty());
    assert!(get(port, "/").starts_with("HTTP/1.1 200"));
}

#[test]
fn a_tab_that_never_answers_is_closed() {
    let port = start(Capacity {
        silence: Duration::from_millis(300),
        ..Capacity::default()
    });
    let mut mute = raw(port);
    write!(
        mute,
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
    .unwrap();
    // It reads nothing the server sends (state, pings) until it closes.
    let mut sent = Vec::new();
    mute.read_to_end(&mut sent).expect("closed, not timed out");
    let text = String::from_utf8_lossy(&sent);
    assert!(text.starts_with("HTTP/1.1 101"), "{text}");
    let head = text.find("\r\n\r\n").unwrap() + 4;
    let opcodes = frames(&sent[head..]);
    assert_eq!(opcodes.first(), Some(&1), "the state first: {opcodes:?}");
    assert!(opcodes.contains(&9), "pinged before the close: {opcodes:?}");
}

/// The opcodes of a server's (unmasked) WebSocket frames.
fn frames(mut bytes: &[u8]) -> Vec<u8> {
    let mut opcodes = Vec::new();
    while bytes.len() >= 2 {
        opcodes.push(bytes[0] & 0x0f);
        let (length, head) = match bytes[1] & 0x7f {
            126 => (usize::from(u16::from_be_bytes([bytes[2], bytes[3]])), 4),
            127 => (
                usize::try_from(u64::from_be_bytes(bytes[2..10].try_into().unwrap())).unwrap(),
                10,
            ),
            n => (usize::from(n), 2),
        };
        bytes = &bytes[(head + length).min(bytes.len())..];
    }
    opcodes
}
