//! Every complete example in docs/variants.md reads (the ones cut short with `...` are
//! only shapes of a format, marked `:...`).

use dokuscope_formats::read;

#[test]
fn the_examples_in_docs_variants_read() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/variants.md"
    ))
    .expect("the doc");
    let mut read_blocks = 0;
    let mut rest = doc.as_str();
    while let Some(start) = rest.find("```") {
        let after = &rest[start + 3..];
        let (lang, body) = after.split_once('\n').expect("a fenced block");
        let end = body.find("```").expect("a closed block");
        let block = &body[..end];
        rest = &body[end + 3..];
        if !matches!(lang, "text" | "json") || block.contains(":...") {
            continue;
        }
        let puzzles = read("docs/variants.md", block, None)
            .map_err(|e| format!("{e}\n{block}"))
            .expect("the example reads");
        assert!(!puzzles.is_empty());
        read_blocks += 1;
    }
    assert_eq!(read_blocks, 4);
}
