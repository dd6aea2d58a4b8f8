//! `timur gui`: a local web page to play and analyse every game. A small
//! HTTP server ([`http`]) serves the page embedded in the binary and turns
//! `/ws` into a WebSocket; each connection ([`connection`]) has its own
//! [`session::Session`] (its own [`crate::engine::Engine`]), driven by the
//! JSON messages of [`message`].

pub mod capacity;
pub mod clock;
pub mod connection;
pub mod evals;
pub mod http;
pub mod message;
pub mod moves;
pub mod pgn;
pub mod refusal;
pub mod review;
pub mod session;

use capacity::{Capacity, Gauge};
use refusal::Refusals;
use std::net::{IpAddr, TcpListener};

/// `timur gui` options.
#[derive(clap::Args, Clone, Debug)]
pub struct GuiArgs {
    /// TCP port (0: any free port).
    #[arg(long, default_value_t = 8960)]
    pub port: u16,
    /// Address to listen on; anything but loopback lets other machines
    /// drive the engine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
}

/// Runs the server until the process is stopped.
pub fn run(args: &GuiArgs) -> Result<(), String> {
    let listener = TcpListener::bind((args.host, args.port))
        .map_err(|why| format!("cannot listen on {}:{}: {why}", args.host, args.port))?;
    let address = listener
        .local_addr()
        .map_err(|why| format!("no local address: {why}"))?;
    if !args.host.is_loopback() {
        eprintln!(
            "warning: listening on {address}: anyone who can reach this address can play and \
             analyse here, using this machine's CPU and memory (there is no password)"
        );
    }
    let url = format!("http://{address}/");
    println!("timur gui: {url}");
    if args.open {
        open_browser(&url);
    }
    serve(listener);
    Ok(())
}

/// Accepts connections for ever, each on its own thread, within the
/// default [`Capacity`].
pub fn serve(listener: TcpListener) {
    serve_with(listener, Capacity::default());
}

/// Accepts connections for ever within `capacity`: a connection past its
/// limit gets a `503` from the one thread of [`Refusals`].
pub fn serve_with(listener: TcpListener, capacity: Capacity) {
    let connections = Gauge::new(capacity.connections);
    let sessions = Gauge::new(capacity.sessions);
    let refusals = Refusals::start(format!(
        "timur holds {} connections, its limit: try again later",
        capacity.connections
    ));
    for stream in listener.incoming().flatten() {
        let Some(slot) = connections.take() else {
            refusals.send(stream);
            continue;
        };
        let sessions = sessions.clone();
        let spawned = std::thread::Builder::new()
            .name("gui-connection".into())
            .spawn(move || {
                connection::serve(stream, &sessions, capacity);
                drop(slot);
            });
        if let Err(why) = spawned {
            eprintln!("gui: cannot start a connection thread: {why}");
        }
    }
}

/// Asks the desktop to open `url`; says so when it cannot.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(why) = std::process::Command::new(command).arg(url).spawn() {
        eprintln!("cannot open a browser ({command}: {why}); open {url} yourself");
    }
}
