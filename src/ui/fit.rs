//! Choosing a wording that fits: widgets offer a sentence from its longest form to its
//! shortest, and the screen shows the first that fits rather than one cut mid-word.

use ratatui::text::Span;

/// The first of `forms` (longest first) whose width is at most `width`.
pub fn first_fitting<S: AsRef<str>>(forms: impl IntoIterator<Item = S>, width: usize) -> Option<S> {
    forms
        .into_iter()
        .find(|f| Span::raw(f.as_ref()).width() <= width)
}

/// [`first_fitting`], or the shortest form when none fits (left for the row to cut).
pub fn shortest_if_none<S: AsRef<str>>(forms: Vec<S>, width: usize) -> String {
    let fallback = forms
        .last()
        .map(|f| f.as_ref().to_string())
        .unwrap_or_default();
    first_fitting(forms, width).map_or(fallback, |f| f.as_ref().to_string())
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
        assert_eq!(shortest_if_none(forms.to_vec(), 0), "s");
        assert_eq!(
            first_fitting(["r8c7≠7 ◆"], 8),
            Some("r8c7≠7 ◆"),
            "counts columns, not bytes"
        );
    }
}
