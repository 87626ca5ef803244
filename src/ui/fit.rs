//! Choosing a wording that fits: widgets offer a sentence from its longest form to its
//! shortest, and the screen shows the first that fits rather than one cut mid-word.

use ratatui::text::Span;

/// The first of `forms` (longest first) whose width is at most `width`.
pub fn first_fitting<S: AsRef<str>>(forms: impl IntoIterator<Item = S>, width: usize) -> Option<S> {
    forms
        .into_iter()
        .find(|f| Span::raw(f.as_ref()).width() <= width)
}

/// [`first_fitting`], or the shortest form cut at a word boundary when none fits
/// ([`cut_at_words`]).
pub fn shortest_if_none<S: AsRef<str>>(forms: Vec<S>, width: usize) -> String {
    let fallback = forms
        .last()
        .map(|f| cut_at_words(f.as_ref(), width))
        .unwrap_or_default();
    first_fitting(forms, width).map_or(fallback, |f| f.as_ref().to_string())
}

/// `text` whole if it fits `width` columns, else its longest run of whole words that fits
/// with `…` after it (the punctuation before the cut dropped); a first word wider than
/// `width` is cut, `…` marking it.
pub fn cut_at_words(text: &str, width: usize) -> String {
    let cols = |s: &str| Span::raw(s).width();
    if cols(text) <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let mut kept = None;
    for (at, _) in text.match_indices(' ') {
        let words = text[..at].trim_end_matches([' ', ',', ';', ':', '—', '·', '(']);
        if cols(words) + 1 > width {
            break;
        }
        if !words.is_empty() {
            kept = Some(words);
        }
    }
    if let Some(words) = kept {
        return format!("{words}…");
    }
    let mut head = String::new();
    for c in text.chars() {
        if cols(&head) + cols(c.encode_utf8(&mut [0; 4])) + 1 > width {
            break;
        }
        head.push(c);
    }
    format!("{head}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_form_that_fits_is_chosen() {
        let forms = ["a long wording", "shorter", "s"];
        assert_eq!(first_fitting(forms, 20), Some("a long wording"));
        assert_eq!(first_fitting(forms, 7), Some("shorter"));
        assert_eq!(first_fitting(forms, 0), None);
        assert_eq!(shortest_if_none(forms.to_vec(), 1), "s");
        assert_eq!(
            shortest_if_none(forms.to_vec(), 0),
            "",
            "nothing fits no column"
        );
        assert_eq!(
            first_fitting(["r8c7≠7 ◆"], 8),
            Some("r8c7≠7 ◆"),
            "counts columns, not bytes"
        );
    }

    #[test]
    fn a_sentence_too_long_for_every_form_is_cut_between_words() {
        let text = "no candidate left for r5c7; jump back to r4c8, over 4 decisions";
        assert_eq!(cut_at_words(text, 80), text);
        assert_eq!(
            cut_at_words(text, 60),
            "no candidate left for r5c7; jump back to r4c8, over 4…"
        );
        assert_eq!(
            cut_at_words(text, 50),
            "no candidate left for r5c7; jump back to r4c8…"
        );
        assert_eq!(cut_at_words(text, 30), "no candidate left for r5c7…");
        assert_eq!(cut_at_words("searching", 4), "sea…");
        assert_eq!(cut_at_words("searching", 0), "");
        for width in 0..70 {
            let cut = cut_at_words(text, width);
            assert!(Span::raw(cut.as_str()).width() <= width, "{width}: {cut}");
        }
        assert_eq!(
            shortest_if_none(vec!["a long wording", "short form"], 8),
            "short…"
        );
    }
}
