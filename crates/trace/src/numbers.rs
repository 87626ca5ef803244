//! Numbers for people, read at a glance: counts grouped by thousands (`138,350,569`),
//! estimates to two figures (`2.1e8`), shares (`37%`) and durations (`41 s`, `3.5 h`).
//! Every screen, table and log line that a person reads writes its numbers here; machine
//! formats (JSON, CSV, the trace) keep plain integers.

/// `n` with its digits grouped by thousands: `138,350,569`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` grouped, with the noun that agrees: `1 node`, `1,234 nodes`.
pub fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// `n` to a tenth of its unit: `999`, `12.3 k`, `138.4 M`, `1.2 G`, for where
/// the grouped form has no room.
#[expect(clippy::cast_precision_loss, reason = "shown to four figures")]
pub fn short(n: u64) -> String {
    const UNITS: [(u64, &str); 4] = [
        (1_000_000_000_000, "T"),
        (1_000_000_000, "G"),
        (1_000_000, "M"),
        (1_000, "k"),
    ];
    for (size, unit) in UNITS {
        // 999,950 is 1.0 M, not 1000.0 k.
        if n as f64 >= size as f64 * 0.999_95 {
            return format!("{:.1} {unit}", n as f64 / size as f64);
        }
    }
    n.to_string()
}

/// `n` grouped by thousands if that fits in `width` columns, else [`short`].
pub fn within(n: u64, width: usize) -> String {
    let whole = grouped(n);
    if whole.len() <= width {
        whole
    } else {
        short(n)
    }
}

/// `n` in at most about five characters: `12,345`, `123.4 k` past 99,999, `138.4 M` past
/// 999,999, `4.2 G` past 999,999,999.
pub fn compact(n: u64) -> String {
    #[expect(clippy::cast_precision_loss, reason = "one decimal is shown")]
    let scaled = |unit: f64, suffix: &str| format!("{:.1} {suffix}", n as f64 / unit);
    match n {
        0..=99_999 => grouped(n),
        100_000..=999_999 => scaled(1e3, "k"),
        1_000_000..=999_999_999 => scaled(1e6, "M"),
        _ => scaled(1e9, "G"),
    }
}

/// An estimate to two significant figures: `4,200` below ten thousand, else `2.1e8`.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "rounded to two figures first"
)]
pub fn approx(x: f64) -> String {
    if !x.is_finite() || x < 0.0 {
        return "?".into();
    }
    if x < 10_000.0 {
        let magnitude = if x < 100.0 {
            1.0
        } else {
            10f64.powi(x.log10().floor() as i32 - 1)
        };
        return grouped(((x / magnitude).round() * magnitude) as u64);
    }
    let mut exponent = x.log10().floor() as i32;
    let mut mantissa = (x / 10f64.powi(exponent) * 10.0).round() / 10.0;
    if mantissa >= 10.0 {
        mantissa /= 10.0;
        exponent += 1;
    }
    format!("{mantissa:.1}e{exponent}")
}

/// A share as a whole percentage, `37%`; never `100%` for a share below one, nor `0%` for
/// one above zero (`<1%`, `>99%`).
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a percentage from 0 to 100"
)]
pub fn percent(share: f64) -> String {
    let share = share.clamp(0.0, 1.0);
    let p = (share * 100.0).round() as u32;
    match p {
        0 if share > 0.0 => "<1%".into(),
        100 if share < 1.0 => ">99%".into(),
        p => format!("{p}%"),
    }
}

/// A duration in its largest sensible unit, to two figures at most: `41 s`, `12 min`,
/// `3.5 h`, `20 d`, `3.2 y`; past a thousand years, `> 1000 y`.
pub fn duration(seconds: f64) -> String {
    const UNITS: [(f64, &str); 5] = [
        (1.0, "s"),
        (60.0, "min"),
        (3600.0, "h"),
        (86_400.0, "d"),
        (31_557_600.0, "y"),
    ];
    if !seconds.is_finite() || seconds >= 1000.0 * UNITS[4].0 {
        return "> 1000 y".into();
    }
    let seconds = seconds.max(0.0);
    let (size, unit) = UNITS
        .iter()
        .rev()
        .find(|(size, _)| seconds >= *size * 0.999)
        .copied()
        .unwrap_or(UNITS[0]);
    let value = seconds / size;
    if value < 10.0 && unit != "s" {
        let v = (value * 10.0).round() / 10.0;
        if v.fract() == 0.0 {
            format!("{v:.0} {unit}")
        } else {
            format!("{v:.1} {unit}")
        }
    } else {
        format!("{value:.0} {unit}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(138_350_569), "138,350,569");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }

    #[test]
    fn a_count_and_its_noun_agree() {
        assert_eq!(plural(1u64, "node", "nodes"), "1 node");
        assert_eq!(plural(138_350_569u64, "node", "nodes"), "138,350,569 nodes");
    }

    #[test]
    fn counts_without_room_shorten_to_a_unit() {
        assert_eq!(short(999), "999");
        assert_eq!(short(999_950), "1.0 M");
        assert_eq!(short(12_345), "12.3 k");
        assert_eq!(short(138_350_569), "138.4 M");
        assert_eq!(short(13_835_056), "13.8 M");
        assert_eq!(short(1_234_567_890), "1.2 G");
        assert_eq!(within(138_350_569, 11), "138,350,569");
        assert_eq!(within(138_350_569, 10), "138.4 M");
    }

    #[test]
    fn estimates_keep_two_figures() {
        assert_eq!(approx(7.4), "7");
        assert_eq!(approx(42.0), "42");
        assert_eq!(approx(4_249.0), "4,200");
        assert_eq!(approx(9_960.0), "10,000");
        assert_eq!(approx(10_000.0), "1.0e4");
        assert_eq!(approx(2.14e8), "2.1e8");
        assert_eq!(approx(9.96e8), "1.0e9");
        assert_eq!(approx(f64::INFINITY), "?");
    }

    #[test]
    fn shares_never_round_to_done_or_to_nothing() {
        assert_eq!(percent(0.37), "37%");
        assert_eq!(percent(0.0), "0%");
        assert_eq!(percent(0.001), "<1%");
        assert_eq!(percent(0.999), ">99%");
        assert_eq!(percent(1.0), "100%");
    }

    #[test]
    fn durations_take_their_largest_unit() {
        assert_eq!(duration(0.4), "0 s");
        assert_eq!(duration(41.0), "41 s");
        assert_eq!(duration(59.6), "60 s");
        assert_eq!(duration(60.0), "1 min");
        assert_eq!(duration(720.0), "12 min");
        assert_eq!(duration(3.5 * 3600.0), "3.5 h");
        assert_eq!(duration(20.0 * 86_400.0), "20 d");
        assert_eq!(duration(3.2 * 31_557_600.0), "3.2 y");
        assert_eq!(duration(1e12), "> 1000 y");
    }
}
