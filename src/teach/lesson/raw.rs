//! The lesson file as TOML gives it: every value with its place in the file, every table
//! refusing keys it does not know.

use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawLesson {
    pub(super) version: Spanned<i64>,
    pub(super) title: Spanned<String>,
    pub(super) puzzle: Option<Spanned<String>>,
    pub(super) file: Option<Spanned<String>>,
    pub(super) index: Option<Spanned<i64>>,
    pub(super) presets: Spanned<Vec<Spanned<String>>>,
    #[serde(rename = "stop", default)]
    pub(super) stops: Vec<Spanned<RawStop>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStop {
    pub(super) step: Option<Spanned<i64>>,
    pub(super) decision: Option<Spanned<i64>>,
    pub(super) wipeout: Option<Spanned<i64>>,
    pub(super) backtrack: Option<Spanned<i64>>,
    pub(super) solution: Option<Spanned<bool>>,
    #[serde(rename = "break")]
    pub(super) condition: Option<Spanned<String>>,
    pub(super) hit: Option<Spanned<i64>>,
    pub(super) preset: Option<Spanned<String>>,
    pub(super) layout: Option<Spanned<String>>,
    pub(super) compare: Option<Spanned<Vec<Spanned<String>>>>,
    pub(super) title: Option<Spanned<String>>,
    pub(super) note: Spanned<String>,
    pub(super) question: Option<Spanned<RawQuestion>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawQuestion {
    pub(super) kind: Spanned<String>,
    pub(super) text: Option<Spanned<String>>,
    pub(super) choices: Option<Spanned<Vec<Spanned<RawChoice>>>>,
    pub(super) fewest: Option<Spanned<String>>,
    pub(super) most: Option<Spanned<String>>,
    pub(super) measure: Option<Spanned<String>>,
    pub(super) preset: Option<Spanned<String>>,
    pub(super) until: Option<Spanned<String>>,
    pub(super) tolerance: Option<Spanned<f64>>,
    pub(super) free: Option<Spanned<bool>>,
    pub(super) answer: Option<Spanned<toml::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawChoice {
    pub(super) text: Spanned<String>,
    pub(super) when: Option<Spanned<String>>,
    pub(super) preset: Option<Spanned<String>>,
}
