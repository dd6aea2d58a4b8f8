//! One browser tab: a WebSocket carrying [`Session`] messages. The loop
//! alternates between the socket (read with a short timeout) and the
//! session's search events, so the engine's moves and analysis reach the
//! page while it is idle, and a flag falls on time ([`Session::tick`]). A
//! closed or broken socket ends the session, which stops its search; so
//! does a socket silent past [`Capacity::silence`] though pinged (a
//! half-open connection). A tab past the session limit is closed at once
//! with the reason.

use super::capacity::{Capacity, Gauge, Slot};
use super::http::{self, Route};
use super::session::Session;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::frame::CloseFrame;
use tungstenite::protocol::Role;
use tungstenite::{Error, Message, WebSocket};

/// How long a socket read waits before the search events are looked at.
const POLL: Duration = Duration::from_millis(20);

/// Serves one connection: a page request, or a WebSocket session if one of
/// `sessions` is free.
pub fn serve(mut stream: TcpStream, sessions: &Gauge, capacity: Capacity) {
    let deadline = Instant::now() + capacity.request_deadline;
    let request = match http::read_request(&mut stream, deadline) {
        Ok(request) => request,
        Err(_) => return,
    };
    let on_loopback = stream.local_addr().is_ok_and(|a| a.ip().is_loopback());
    match http::route(&request, on_loopback) {
        Route::Respond(response) => {
            let _ = http::write_all(&mut stream, &response);
        }
        Route::Upgrade(accept) => {
            if http::write_all(&mut stream, &http::switching(&accept)).is_err()
                || stream.set_read_timeout(Some(POLL)).is_err()
            {
                return;
            }
            let socket = WebSocket::from_raw_socket(stream, Role::Server, None);
            match sessions.take() {
                Some(slot) => session(socket, slot, capacity.silence),
                None => refuse(socket, sessions.limit()),
            }
        }
    }
}

/// Closes a tab the server has no room for, saying why (close code 1013,
/// "try again later").
fn refuse(mut socket: WebSocket<TcpStream>, limit: usize) {
    let reason = format!("timur is serving {limit} tabs, its limit: close one and reload");
    let _ = socket.close(Some(CloseFrame {
        code: CloseCode::Again,
        reason: reason.into(),
    }));
    let _ = socket.flush();
}

/// Runs a session in `slot` until the socket closes or stays silent for
/// `silence`; the session (and its search) ends and the slot is free
/// before the socket closes.
fn session(mut socket: WebSocket<TcpStream>, slot: Slot, silence: Duration) {
    let (notes, events) = mpsc::channel();
    let mut session = Session::new(notes);
    run(&mut socket, &mut session, &events, silence);
    drop(session);
    drop(slot);
}

/// The session's loop: the socket's messages, the search's events and the
/// clocks, until the socket closes or stays silent for `silence`.
fn run(
    socket: &mut WebSocket<TcpStream>,
    session: &mut Session,
    events: &mpsc::Receiver<super::session::SearchNote>,
    silence: Duration,
) {
    if send_all(socket, session.hello()).is_err() {
        return;
    }
    let mut heard = Instant::now();
    let mut pinged = heard;
    loop {
        let replies = match socket.read() {
            Ok(message) => {
                heard = Instant::now();
                match message {
                    Message::Text(text) => session.handle(text.as_str()),
                    Message::Close(_) => return,
                    _ => Vec::new(),
                }
            }
            Err(Error::Io(why))
                if matches!(why.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                Vec::new()
            }
            Err(_) => return,
        };
        if send_all(socket, replies).is_err() {
            return;
        }
        while let Ok(note) = events.try_recv() {
            if send_all(socket, session.on_search(note)).is_err() {
                return;
            }
        }
        if send_all(socket, session.tick()).is_err() {
            return;
        }
        let now = Instant::now();
        if now.duration_since(heard) > silence {
            return;
        }
        if now.duration_since(pinged) > silence / 3 {
            pinged = now;
            if socket.send(Message::Ping(Vec::new().into())).is_err() {
                return;
            }
        }
    }
}

fn send_all(
    socket: &mut WebSocket<TcpStream>,
    replies: Vec<super::message::ServerMsg>,
) -> Result<(), Error> {
    for reply in replies {
        socket.send(Message::text(reply.to_json()))?;
    }
    Ok(())
}
