//! Each aspect of a search (its restarts, its seed, its look-back, ...) set once in a
//! preset's name: a second variant for the same aspect is refused, not read as the last.

/// Notes that variant `part` sets the strategy's `aspect`; a sentence naming both variants
/// when an earlier one already set it (`dom-wdeg/luby:4/luby:8` would keep the last alone).
pub(super) fn once<'a>(
    set: &mut Vec<(&'a str, &'a str)>,
    aspect: &'a str,
    part: &'a str,
    preset: &str,
) -> Result<(), String> {
    if let Some((_, first)) = set.iter().find(|(a, _)| *a == aspect) {
        return Err(format!(
            "variants '{first}' and '{part}' of preset {preset} both set its {aspect}: give it once"
        ));
    }
    set.push((aspect, part));
    Ok(())
}
