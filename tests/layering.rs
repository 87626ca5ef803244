//! No file imports a file that imports it back, in any crate of the workspace: the
//! circles of the old engine (search ↔ infer ↔ learn, the app's words ↔ cursor ↔ repair,
//! ...) stay broken.
//!
//! A file imports another when a path written in it (`use` trees, and paths in code such
//! as `super::words::jump(..)`) names a module whose file that is: `crate::a::b::Item` the
//! deepest module named (`a/b.rs`), `super::Item` the parent module's file, `self::c` a
//! child's; a path into another crate of the workspace (`dokuscope_engine::grid`) resolves
//! in that crate. `mod x;` declarations are not imports, and neither are test modules
//! (`#[cfg(test)] mod ...`), which may reach anywhere. Nor is a parent naming its own child
//! by its bare name (`use file::FileEvents` in `cursor.rs`, a `pub use` of a child's item):
//! that is a module made of parts, as the issue that asked for this check counted; counted
//! too, it finds 16 such parent-and-children groups (the grid and its scans, the cursor and
//! its file, ...).
#![expect(clippy::expect_used, reason = "tests fail by panicking")]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// One source file: its crate and module path, and its text.
struct Source {
    module: Vec<String>,
    text: String,
}

/// Every `.rs` file under `dir`, keyed by path.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of `file` in crate `krate` whose sources are under `src`.
fn module_of(krate: &str, src: &Path, file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    let mut parts: Vec<String> = std::iter::once(krate.to_string())
        .chain(rel.iter().map(|p| p.to_string_lossy().into_owned()))
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("lib" | "main" | "mod")
    ) && parts.len() > 1
    {
        parts.pop();
    }
    parts
}

/// Paths of a `use` tree, braces expanded: `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str, prefix: &str, out: &mut Vec<String>) {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        for part in tree.split(',').filter(|p| !p.is_empty()) {
            let part = part.split(" as ").next().unwrap_or(part);
            out.push(format!("{prefix}{part}"));
        }
        return;
    };
    let head = &tree[..open];
    let body = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&body[start..i], &format!("{prefix}{head}"), out);
                start = i + 1;
            }
            _ => {}
        }
    }
    expand(&body[start..], &format!("{prefix}{head}"), out);
}

/// The paths written in `text` that start at a crate, `super` or `self`, test modules and
/// comments left out.
fn paths_in(text: &str, crates: &BTreeSet<String>) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let code = code
        .find("#[cfg(test)]\nmod ")
        .map_or(code.as_str(), |at| &code[..at]);
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let starts_word = at == 0 || !rest.as_bytes()[at - 1].is_ascii_alphanumeric();
        let tail = &rest[at + 4..];
        let end = tail.find(';').unwrap_or(tail.len());
        if starts_word {
            expand(&tail[..end], "", &mut out);
        }
        rest = &tail[end.min(tail.len())..];
    }
    // Paths in code: a root word followed by `::` and identifiers.
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_alphabetic() && (i == 0 || !is_ident(bytes[i - 1])) {
            let start = i;
            while i < bytes.len() && (is_ident(bytes[i]) || code[i..].starts_with("::")) {
                i += if code[i..].starts_with("::") { 2 } else { 1 };
            }
            let path = code[start..i].trim_end_matches(':');
            let root = path.split("::").next().unwrap_or("");
            if path.contains("::")
                && (root == "crate" || root == "super" || root == "self" || crates.contains(root))
            {
                out.push(path.to_string());
            }
        } else {
            i += 1;
        }
    }
    out
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The file a path written in module `from` names, if it is one of ours.
fn resolve<'a>(
    from: &[String],
    path: &str,
    files: &'a BTreeMap<Vec<String>, String>,
    crates: &BTreeSet<String>,
) -> Option<&'a String> {
    let parts: Vec<&str> = path.split("::").filter(|p| *p != "*").collect();
    let (mut base, rest): (Vec<String>, &[&str]) = match parts.first().copied()? {
        "crate" => (vec![from[0].clone()], &parts[1..]),
        "self" => (from.to_vec(), &parts[1..]),
        "super" => {
            let ups = parts.iter().take_while(|p| **p == "super").count();
            (
                from[..from.len().saturating_sub(ups)].to_vec(),
                &parts[ups..],
            )
        }
        root if crates.contains(root) => (vec![root.to_string()], &parts[1..]),
        _ => return None,
    };
    let mut best = base.clone();
    for part in rest {
        base.push((*part).to_string());
        if files.contains_key(&base) {
            best.clone_from(&base);
        } else {
            break;
        }
    }
    files.get(&best)
}

/// Tarjan's strongly connected components, over the files' imports.
struct Walk<'a> {
    edges: &'a BTreeMap<&'a str, BTreeSet<&'a str>>,
    index: BTreeMap<&'a str, usize>,
    low: BTreeMap<&'a str, usize>,
    stack: Vec<&'a str>,
    found: Vec<Vec<String>>,
}
impl<'a> Walk<'a> {
    fn visit(&mut self, v: &'a str) {
        let n = self.index.len();
        self.index.insert(v, n);
        self.low.insert(v, n);
        self.stack.push(v);
        let next: Vec<&str> = self.edges.get(v).into_iter().flatten().copied().collect();
        for w in next {
            if !self.index.contains_key(w) {
                self.visit(w);
                let low = self.low[v].min(self.low[w]);
                self.low.insert(v, low);
            } else if self.stack.contains(&w) {
                let low = self.low[v].min(self.index[w]);
                self.low.insert(v, low);
            }
        }
        if self.low[v] == self.index[v] {
            let mut group = Vec::new();
            while let Some(w) = self.stack.pop() {
                group.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                self.found.push(group);
            }
        }
    }
}

/// The groups of files that import each other (strongly connected, more than one file).
fn circles(sources: &[Source], crates: &BTreeSet<String>) -> Vec<Vec<String>> {
    let files: BTreeMap<Vec<String>, String> = sources
        .iter()
        .map(|s| (s.module.clone(), s.module.join("::")))
        .collect();
    let mut edges: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for s in sources {
        let me = files.get(&s.module).expect("itself");
        let targets = edges.entry(me).or_default();
        for path in paths_in(&s.text, crates) {
            if let Some(to) = resolve(&s.module, &path, &files, crates) {
                if to != me {
                    targets.insert(to);
                }
            }
        }
    }
    let mut walk = Walk {
        edges: &edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for &v in edges.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let root = Path::new(ROOT);
    let mut roots = vec![("dokuscope".to_string(), root.join("src"))];
    for entry in std::fs::read_dir(root.join("crates")).expect("crates/") {
        let dir = entry.expect("an entry").path();
        let name = format!(
            "dokuscope_{}",
            dir.file_name().expect("a name").to_string_lossy()
        );
        roots.push((name, dir.join("src")));
    }
    let crates: BTreeSet<String> = roots.iter().map(|(n, _)| n.clone()).collect();
    let mut sources = Vec::new();
    for (krate, src) in &roots {
        let mut files = Vec::new();
        rust_files(src, &mut files);
        for file in files {
            sources.push(Source {
                module: module_of(krate, src, &file),
                text: std::fs::read_to_string(&file).expect("a source file"),
            });
        }
    }
    assert!(sources.len() > 250, "only {} files read", sources.len());
    let found = circles(&sources, &crates);
    assert!(found.is_empty(), "files that import each other: {found:#?}");
}

/// The check finds what it is there to find: two files through a parent, and a child
/// naming its parent's item while the parent names the child's.
#[test]
fn a_circle_is_found() {
    let crates: BTreeSet<String> = ["demo".to_string()].into();
    let source = |module: &[&str], text: &str| Source {
        module: module.iter().map(|m| (*m).to_string()).collect(),
        text: text.to_string(),
    };
    let sources = [
        source(&["demo"], "mod a;\nmod b;\nuse crate::a::{self, x::Y};\n"),
        source(&["demo", "a"], "mod x;\nuse super::b::Thing;\n"),
        source(&["demo", "a", "x"], "pub struct Y;\n"),
        source(&["demo", "b"], "pub fn f() { crate::a::g(); }\n"),
    ];
    let found = circles(&sources, &crates);
    assert_eq!(
        found,
        vec![vec!["demo::a".to_string(), "demo::b".to_string()]]
    );
    // Without b's call into a, nothing.
    let sources = [
        source(&["demo"], "mod a;\nmod b;\n"),
        source(&["demo", "a"], "use super::b::Thing;\n"),
        source(
            &["demo", "b"],
            "// crate::a::g() in a comment\npub fn f() {}\n",
        ),
    ];
    assert!(circles(&sources, &crates).is_empty());
}

/// The app's state knows no terminal and opens no file: its keys are its own
/// (`app::keys`), the terminal loop translates the terminal's (`tui::keys`), and the
/// command line opens the trace files the app plays (`cli::stream_file`).
#[test]
fn the_app_reads_no_terminal_and_no_file() {
    let mut files = Vec::new();
    rust_files(&Path::new(ROOT).join("src/app"), &mut files);
    files.push(Path::new(ROOT).join("src/app.rs"));
    assert!(files.len() > 30, "only {} files read", files.len());
    for word in ["crossterm", "std::fs", "fs::File", "File::open"] {
        let naming: Vec<String> = files
            .iter()
            .filter(|f| {
                std::fs::read_to_string(f)
                    .expect("a source file")
                    .contains(word)
            })
            .map(|f| f.display().to_string())
            .collect();
        assert!(naming.is_empty(), "{word} in {naming:?}");
    }
}
