//! The progress line: done, total when known, rate and time left, as one line of text.

use std::time::Duration;

/// The line for `done` of `total` (when known) puzzles after `elapsed`.
pub fn line(done: u64, total: Option<u64>, elapsed: Duration, width: usize) -> String {
    let secs = elapsed.as_secs_f64();
    #[expect(clippy::cast_precision_loss, reason = "display")]
    let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
    match total {
        Some(total) if total > 0 => {
            let done = done.min(total);
            let filled = (u128::from(done) * width as u128 / u128::from(total)) as usize;
            #[expect(clippy::cast_precision_loss, reason = "display")]
            let eta = if rate > 0.0 {
                format!("{:.0} s", (total - done) as f64 / rate)
            } else {
                "?".to_string()
            };
            format!(
                "[{}{}] {done}/{total} puzzles  {rate:.0}/s  {secs:.0} s  ETA {eta}",
                "█".repeat(filled),
                "·".repeat(width.saturating_sub(filled))
            )
        }
        _ => format!("{done} puzzles  {rate:.0}/s  {secs:.0} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_done_at_a_steady_rate_has_as_long_to_go() {
        let text = line(50, Some(100), Duration::from_secs(10), 10);
        assert_eq!(text, "[█████·····] 50/100 puzzles  5/s  10 s  ETA 10 s");
    }

    #[test]
    fn an_unknown_total_shows_no_bar() {
        assert_eq!(
            line(7, None, Duration::from_secs(7), 10),
            "7 puzzles  1/s  7 s"
        );
    }
}
