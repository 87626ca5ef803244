//! A private tmux server per test: start a command in a pane of a fixed size, send keys,
//! poll the screen every 50 ms for text (never fixed sleeps), kill the server on drop.

#![allow(dead_code, reason = "each test file uses some of these helpers")]

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// How long a wait may take before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// Whether tmux can run here; prints why a test is skipped when not.
pub fn available(test: &str) -> bool {
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!(
            "SKIPPED {test}: tmux is not installed (CI installs it; `apt-get install tmux` to run this test)"
        );
    }
    ok
}

/// One tmux server with one pane running a command.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `command` (run by the shell) in a `width`×`height` pane; when it exits, the
    /// pane shows `EXIT_CODE=<code>`.
    pub fn start(command: &str, width: u16, height: u16) -> Tmux {
        let socket = format!(
            "dokuscope-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let tmux = Tmux { socket };
        let shell = format!("{command}; echo EXIT_CODE=$?; sleep 60");
        let status = Command::new("tmux")
            .args([
                "-L",
                &tmux.socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-x",
            ])
            .arg(width.to_string())
            .arg("-y")
            .arg(height.to_string())
            .arg(shell)
            .args([";", "set-option", "remain-on-exit", "on"])
            .env_remove("TMUX")
            .status()
            .expect("tmux starts");
        assert!(status.success(), "tmux new-session failed");
        tmux
    }

    /// Sends keys as tmux names them (`Space`, `Right`, `Escape`, `C-c`, `q`).
    pub fn send(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys"])
            .args(keys)
            .status()
            .expect("tmux send-keys");
        assert!(status.success());
    }

    /// The pane's text.
    pub fn capture(&self) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p"])
            .output()
            .expect("tmux capture-pane");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Runs a tmux command and returns its output.
    pub fn query(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux");
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Polls every 50 ms until `ready` holds for the screen; returns that screen.
    pub fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        let mut screen = self.capture();
        while !ready(&screen) && start.elapsed() < PATIENCE {
            std::thread::sleep(Duration::from_millis(50));
            screen = self.capture();
        }
        assert!(
            ready(&screen),
            "timed out waiting for {what}; the screen was:\n{screen}"
        );
        screen
    }

    /// Waits until the screen contains `text`.
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(text, |s| s.contains(text))
    }

    /// Waits until the last non-empty line (the status line) contains `text`.
    pub fn wait_status(&self, text: &str) -> String {
        self.wait_until(&format!("status line with {text:?}"), |s| {
            status_line(s).contains(text)
        })
    }
}

/// The last non-empty line of a screen.
pub fn status_line(screen: &str) -> &str {
    screen
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}
