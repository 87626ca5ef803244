//! Backtracking depth: a gauge of the current depth against the deepest so far, and the
//! depth-over-time trace of the whole search with backtracks marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::app::Lane;
use crate::numbers::grouped;

/// Eighths of a cell, for the trace's bars.
const PARTIAL: [&str; 9] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];

/// The depth gauge: `depth 12 ███████░░░░ max 31`.
pub struct DepthGauge<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
}

impl Widget for &DepthGauge<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.width < 12 {
            return;
        }
        let cursor = self.lane.cursor();
        let (left, right, depth, max) = if self.lane.is_local() {
            // A local search's gauge: its conflicts now against the most it has had.
            let local = cursor.stats().local.unwrap_or_default();
            let most = local.most.max(local.conflicts);
            let best = local.best.unwrap_or(local.conflicts);
            (
                format!("conflicts {:>3} ", local.conflicts),
                format!(" best {best}"),
                local.conflicts,
                most,
            )
        } else {
            let depth = cursor.replay().depth() as u64;
            let max = cursor.stats().max_depth.max(depth);
            (
                format!("depth {depth:>3} "),
                format!(" max {max}"),
                depth,
                max,
            )
        };
        let bar_w = area.width.saturating_sub((left.len() + right.len()) as u16);
        buf.set_string(area.x, area.y, &left, self.theme.title());
        let filled = if max == 0 {
            0
        } else {
            (u64::from(bar_w) * depth).div_ceil(max) as u16
        };
        for i in 0..bar_w {
            let (symbol, style) = if i < filled {
                ("█", self.theme.trace(false, false, false))
            } else {
                ("░", self.theme.dim())
            };
            buf.set_string(area.x + left.len() as u16 + i, area.y, symbol, style);
        }
        buf.set_string(
            area.x + left.len() as u16 + bar_w,
            area.y,
            &right,
            self.theme.dim(),
        );
    }
}

/// The depth-over-time trace: one column per span of steps, a bar from the least to the
/// greatest depth in the span, red where a backtrack happened, green at a solution, grey
/// beyond the current step, and the current step's column marked.
pub struct DepthTraceView<'a> {
    /// The lane.
    pub lane: &'a Lane,
    /// Styles.
    pub theme: Theme,
    /// A step to mark with `▼` (where a race's panes diverged).
    pub mark: Option<u64>,
    /// Steps known to hit a breakpoint, sorted, marked with `•` above the bars.
    pub hits: &'a [u64],
}

impl Widget for &DepthTraceView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height == 0 || area.width < 8 {
            return;
        }
        // With a single row the trace drops its label and keeps the bars.
        let labelled = area.height >= 2;
        let trace = self.lane.timeline().trace();
        let step = self.lane.step();
        let (jumps, restarts) = trace.looked_back();
        let warned =
            self.lane.cursor().stats().events > 0 && trace.buckets().iter().any(|b| b.warning);
        let mut keys = vec!["red: backtracks".to_string()];
        if jumps {
            keys.push("magenta: backjumps".into());
        }
        if restarts {
            keys.push("↺ restarts".into());
        }
        if warned {
            keys.push("! wasted search".into());
        }
        if let Some(m) = self.mark {
            keys.push(format!("▼ divergence at step {}", grouped(m)));
        }
        let label = if self.lane.is_local() {
            // A local search's trace is of its conflicts (see `Timeline::is_local`).
            keys[0] = "green: solution".into();
            label("conflicts", trace.steps(), &keys, usize::from(area.width))
        } else {
            label("depth", trace.steps(), &keys, usize::from(area.width))
        };
        if labelled {
            buf.set_stringn(
                area.x,
                area.y,
                &label,
                usize::from(area.width),
                self.theme.dim(),
            );
        }
        let rows = area.height - u16::from(labelled);
        let columns = trace.columns(usize::from(area.width));
        let top = u64::from(trace.max_depth().max(1));
        let levels = u64::from(rows) * 8;
        let mut previous_end = 0;
        let mut mark_x = None;
        let mut hit_xs = Vec::new();
        let mut restart_xs = Vec::new();
        let mut warning_xs = Vec::new();
        for (i, (bucket, end)) in columns.iter().enumerate() {
            let x = area.x + i as u16;
            let current = step > previous_end && step <= *end;
            let ahead = previous_end >= step;
            if self.mark.is_some_and(|m| m > previous_end && m <= *end) {
                mark_x = Some(x);
            }
            let first_after = self.hits.partition_point(|&h| h <= previous_end);
            if self.hits.get(first_after).is_some_and(|&h| h <= *end) {
                hit_xs.push(x);
            }
            if bucket.warning {
                warning_xs.push(x);
            }
            previous_end = *end;
            if bucket.restart {
                restart_xs.push(x);
            }
            let high = (u64::from(bucket.max) * levels).div_ceil(top).max(1);
            let style = if bucket.jump && !ahead && !bucket.solution {
                self.theme.trace_jump()
            } else {
                self.theme.trace(bucket.backtrack, bucket.solution, ahead)
            };
            for r in 0..rows {
                let (row_lo, row_hi) = (u64::from(r) * 8, u64::from(r) * 8 + 8);
                let fill = high.clamp(row_lo, row_hi) - row_lo;
                let symbol = PARTIAL[fill as usize];
                let y = area.y + area.height - 1 - r;
                let mut s = style;
                if current {
                    s = s.add_modifier(ratatui::style::Modifier::REVERSED);
                }
                if symbol != " " || current {
                    buf.set_string(x, y, symbol, s);
                }
            }
        }
        for x in restart_xs {
            buf.set_string(x, area.y + u16::from(labelled), "↺", self.theme.key());
        }
        // A check's warning (a stream's wasted search) on the top row, under hits and marks.
        for x in warning_xs {
            buf.set_string(x, area.y + u16::from(labelled), "!", self.theme.key());
        }
        for x in hit_xs {
            buf.set_string(x, area.y + u16::from(labelled), "•", self.theme.hit());
        }
        if let Some(x) = mark_x {
            buf.set_string(x, area.y + u16::from(labelled), "▼", self.theme.key());
        }
    }
}

/// The trace's label, the longest that fits `width`: every key, then shorter words, then
/// the keys that fit in order (backtracks first), never a key cut in half.
fn label(what: &str, steps: u64, keys: &[String], width: usize) -> String {
    let steps = grouped(steps);
    let mut forms = vec![format!("{what} over {steps} steps ({})", keys.join(", "))];
    let short: Vec<String> = keys
        .iter()
        .map(|k| {
            k.replace(" at step ", " ")
                .replace("wasted search", "wasted")
        })
        .collect();
    for n in (1..=short.len()).rev() {
        forms.push(format!(
            "{what} over {steps} steps ({})",
            short[..n].join(", ")
        ));
        forms.push(format!("{what} ({})", short[..n].join(", ")));
    }
    forms.push(what.to_string());
    super::fit::shortest_if_none(forms, width)
}

#[cfg(test)]
mod label_tests {
    use super::label;

    #[test]
    fn a_narrow_label_keeps_whole_keys_in_order() {
        let keys: Vec<String> = ["red: backtracks", "↺ restarts", "▼ divergence at step 939"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            label("depth", 39570, &keys, 200),
            "depth over 39,570 steps (red: backtracks, ↺ restarts, ▼ divergence at step 939)"
        );
        assert_eq!(
            label("depth", 39570, &keys, 59),
            "depth (red: backtracks, ↺ restarts, ▼ divergence 939)"
        );
        assert_eq!(
            label("depth", 39570, &keys, 40),
            "depth (red: backtracks, ↺ restarts)"
        );
        // Too narrow for even the shortest form: cut with `…` rather than left for the
        // row to cut mid-word without saying so.
        assert_eq!(label("depth", 39570, &keys, 3), "de…");
    }
}
