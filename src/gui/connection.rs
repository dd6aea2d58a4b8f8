//! One browser tab: a WebSocket carrying [`Session`] messages. The loop
//! alternates between the socket (read with a short timeout) and the
//! session's search events, so the engine's moves and analysis reach the
//! page while it is idle, and a flag falls on time ([`Session::tick`]). A
//! closed or broken socket ends the session, which stops its search.

use super::http::{self, Route};
use super::session::Session;
use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::Duration;
use tungstenite::protocol::Role;
use tungstenite::{Error, Message, WebSocket};

/// How long a socket read waits before the search events are looked at.
const POLL: Duration = Duration::from_millis(20);

/// Serves one connection: a page request, or a WebSocket session.
pub fn serve(mut stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let request = match http::read_request(&mut stream) {
        Ok(request) => request,
        Err(_) => return,
    };
    let on_loopback = stream.local_addr().is_ok_and(|a| a.ip().is_loopback());
    match http::route(&request, on_loopback) {
        Route::Respond(response) => {
            let _ = http::write_all(&mut stream, &response);
        }
        Route::Upgrade(accept) => {
            if http::write_all(&mut stream, &http::switching(&accept)).is_ok()
                && stream.set_read_timeout(Some(POLL)).is_ok()
            {
                session(WebSocket::from_raw_socket(stream, Role::Server, None));
            }
        }
    }
}

/// Runs a session until the socket closes.
fn session(mut socket: WebSocket<TcpStream>) {
    let (notes, events) = mpsc::channel();
    let mut session = Session::new(notes);
    if send_all(&mut socket, session.hello()).is_err() {
        return;
    }
    loop {
        let replies = match socket.read() {
            Ok(Message::Text(text)) => session.handle(text.as_str()),
            Ok(Message::Close(_)) => return,
            Ok(_) => Vec::new(),
            Err(Error::Io(why))
                if matches!(why.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                Vec::new()
            }
            Err(_) => return,
        };
        if send_all(&mut socket, replies).is_err() {
            return;
        }
        while let Ok(note) = events.try_recv() {
            if send_all(&mut socket, session.on_search(note)).is_err() {
                return;
            }
        }
        if send_all(&mut socket, session.tick()).is_err() {
            return;
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
