//! What the GUI's session tests share: a session with its search notes,
//! messages as JSON, and the last state among replies.

#![allow(dead_code)]

use serde_json::Value;
use std::sync::mpsc::{channel, Receiver};
use timur::gui::message::ServerMsg;
use timur::gui::session::{SearchNote, Session};

/// A fresh session and the receiver of its search notes.
pub fn session() -> (Session, Receiver<SearchNote>) {
    let (tx, rx) = channel();
    (Session::new(tx), rx)
}

/// A server message as JSON.
pub fn value(msg: &ServerMsg) -> Value {
    serde_json::from_str(&msg.to_json()).unwrap()
}

/// Sends `msg` and returns the replies as JSON.
pub fn ask(s: &mut Session, msg: Value) -> Vec<Value> {
    s.handle(&msg.to_string()).iter().map(value).collect()
}

/// The last state among `replies`.
pub fn last_state(replies: &[Value]) -> Value {
    replies
        .iter()
        .rev()
        .find(|r| r["type"] == "state")
        .cloned()
        .unwrap_or_else(|| panic!("no state in {replies:?}"))
}
