//! The layout of `src/ai` holds (docs/ai.md, "Where things live"), and no import circle runs
//! between the files of `src/` (docs/architecture.md): no import circle between ai's
//! files, the search knows no game, and in each game's folder the features sit below the
//! networks and memos, which never import the adapter. Reads the sources as text: every
//! `crate::ai::…` and `super::…` path outside test code is an arrow from its file to the file of
//! the module it names. A file's arrows to its own folder root or to its own parts (a module and
//! its children, e.g. `search.rs` and `search/tree.rs`) are one room, as Rust modules are, and
//! do not count.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Module path (`ai::senet::net`) of a file under `src/`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().map(String::as_str) == Some("mod") {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable folder").flatten() {
        let p = entry.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Whether a module is test code only: a `tests` module or inside one, as the test convention
/// of docs/architecture.md places them.
fn is_test_module(m: &[String]) -> bool {
    m.iter().any(|s| s == "tests")
}

/// The source without its inline test module and without comments.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every module path the code names through `crate::` or `super::`, braces expanded one level.
fn named_paths(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let starts = |w: &str| bytes[i..].iter().take(w.len()).copied().eq(w.chars());
        let boundary = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        if boundary && (starts("crate::") || starts("super::")) {
            let mut j = i;
            while j < bytes.len()
                && (bytes[j].is_alphanumeric() || bytes[j] == '_' || bytes[j] == ':')
            {
                j += 1;
            }
            let head: String = bytes[i..j].iter().collect();
            let mut tails = vec![String::new()];
            if head.ends_with("::") && j < bytes.len() && bytes[j] == '{' {
                let end = bytes[j..]
                    .iter()
                    .position(|&c| c == '}')
                    .map_or(j, |k| j + k);
                let inner: String = bytes[j + 1..end].iter().collect();
                tails = inner.split(',').map(|s| s.trim().to_string()).collect();
                j = end;
            }
            for tail in tails {
                let full = format!("{head}{tail}");
                let mut segs: Vec<&str> = full.split("::").filter(|s| !s.is_empty()).collect();
                let mut abs: Vec<String> = here.to_vec();
                match segs.first() {
                    Some(&"crate") => {
                        abs.clear();
                        segs.remove(0);
                    }
                    _ => {
                        while segs.first() == Some(&"super") {
                            abs.pop();
                            segs.remove(0);
                        }
                    }
                }
                abs.extend(
                    segs.iter()
                        .map(|s| s.split_whitespace().next().unwrap_or("").to_string()),
                );
                out.push(abs);
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    out
}

/// The module names `ai.rs` re-exports under another path (`pub use senet::net as senet_net;`,
/// `pub use search::{eval, game};`).
fn aliases(src: &Path, root: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in root.lines().filter(|l| l.starts_with("pub use ")) {
        let body = line.trim_start_matches("pub use ").trim_end_matches(';');
        if let Some((_, alias)) = body.split_once(" as ") {
            out.insert(alias.trim().to_string());
        } else if let Some((head, list)) = body.split_once("::{") {
            for item in list.trim_end_matches('}').split(',').map(str::trim) {
                if src
                    .join("ai")
                    .join(head)
                    .join(format!("{item}.rs"))
                    .exists()
                {
                    out.insert(item.to_string());
                }
            }
        }
    }
    out
}

/// The arrows between the non-test files of `src/ai`: module -> modules it names.
fn arrows() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.join("ai.rs")];
    rust_files(&src.join("ai"), &mut files);
    let aliases = aliases(
        &src,
        &fs::read_to_string(src.join("ai.rs")).expect("src/ai.rs"),
    );
    arrows_between(&src, &files, Some(&aliases))
}

/// The arrows between every non-test file of `src/` (all layers, the program's own files
/// beside `main.rs` too). Re-exported names (`wii::xfb`) count as arrows to the file that
/// re-exports them, which is the parent of the named module, so they add no arrow between
/// siblings.
fn arrows_of_src() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.retain(|f| !f.starts_with(src.join("bin")));
    arrows_between(&src, &files, None)
}

/// module -> the modules of `files` it names (outside test code), leaving out a module's own
/// parents and children. With `aliases`, naming one of them (a re-export) fails.
fn arrows_between(
    src: &Path,
    files: &[PathBuf],
    aliases: Option<&BTreeSet<String>>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules: BTreeMap<Vec<String>, PathBuf> = files
        .iter()
        .map(|f| (module_of(src, f), f.clone()))
        .filter(|(m, _)| !is_test_module(m))
        .collect();
    let mut out = BTreeMap::new();
    for (m, file) in &modules {
        let text = fs::read_to_string(file).expect("readable source");
        let mut to = BTreeSet::new();
        for path in named_paths(&code(&text), m) {
            // The old flat names stay re-exported from ai.rs for the layers above; inside ai
            // every path names the module's own file, so that these arrows are seen.
            if let Some(aliases) = aliases {
                assert!(
                    !(path.len() > 1 && path[0] == "ai" && aliases.contains(&path[1])),
                    "{} names `ai::{}`, a re-export: use the module's own path",
                    name(m),
                    path[1]
                );
            }
            // The longest prefix that is a file of ours.
            let target = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| modules.contains_key(p));
            let Some(t) = target else { continue };
            let related = t.starts_with(m) || m.starts_with(&t);
            if !related {
                to.insert(t);
            }
        }
        out.insert(m.clone(), to);
    }
    out
}

fn name(m: &[String]) -> String {
    m.join("::")
}

/// The first import circle of `graph`, as a message, or `None`.
fn first_circle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<String> {
    // Depth-first search with colours: a grey node met again closes a circle.
    fn visit(
        m: &Vec<String>,
        g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        colour: &mut BTreeMap<Vec<String>, u8>,
        stack: &mut Vec<Vec<String>>,
    ) -> Option<String> {
        colour.insert(m.clone(), 1);
        stack.push(m.clone());
        for t in g.get(m).into_iter().flatten() {
            match colour.get(t).copied().unwrap_or(0) {
                0 => {
                    if let Some(found) = visit(t, g, colour, stack) {
                        return Some(found);
                    }
                }
                1 => {
                    let from = stack.iter().position(|s| s == t).unwrap_or(0);
                    let ring: Vec<String> = stack[from..].iter().map(|s| name(s)).collect();
                    return Some(format!(
                        "import circle: {} -> {}",
                        ring.join(" -> "),
                        name(t)
                    ));
                }
                _ => {}
            }
        }
        stack.pop();
        colour.insert(m.clone(), 2);
        None
    }
    let mut colour = BTreeMap::new();
    for m in graph.keys() {
        if colour.get(m).copied().unwrap_or(0) == 0 {
            if let Some(found) = visit(m, graph, &mut colour, &mut Vec::new()) {
                return Some(found);
            }
        }
    }
    None
}

#[test]
fn no_import_circle_runs_between_the_files_of_ai() {
    let graph = arrows();
    assert!(graph.len() > 20, "read {} files", graph.len());
    if let Some(circle) = first_circle(&graph) {
        panic!("{circle}");
    }
}

#[test]
fn no_import_circle_runs_between_the_files_of_src() {
    let graph = arrows_of_src();
    assert!(graph.len() > 300, "read {} files", graph.len());
    // The check sees arrows between siblings: the scene table names the title screen.
    let at = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert!(
        graph[&at("app::scene")].contains(&at("app::title")),
        "{:?}",
        graph[&at("app::scene")]
    );
    if let Some(circle) = first_circle(&graph) {
        panic!("{circle}");
    }
}

#[test]
fn the_search_knows_no_game_and_the_networks_never_import_the_adapters() {
    let graph = arrows();
    let at = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    for (m, to) in &graph {
        let names: Vec<String> = to.iter().map(|t| name(t)).collect();
        if m.starts_with(&at("ai::search")) {
            for t in &names {
                assert!(
                    !t.starts_with("ai::senas") && !t.starts_with("ai::senet"),
                    "{} imports {t}",
                    name(m)
                );
            }
        }
        for game in ["senas", "senet"] {
            let below = ["features", "net", "memo", "weights", "heuristic", "words"];
            if below
                .iter()
                .any(|b| m.starts_with(&at(&format!("ai::{game}::{b}"))))
            {
                let adapter = format!("ai::{game}::adapter");
                let levels = format!("ai::{game}::levels");
                for t in &names {
                    assert!(
                        !t.starts_with(&adapter) && !t.starts_with(&levels),
                        "{} imports {t}",
                        name(m)
                    );
                }
            }
            if m == &at(&format!("ai::{game}::features")) {
                for t in &names {
                    assert!(
                        !t.starts_with(&format!("ai::{game}::net"))
                            && !t.starts_with(&format!("ai::{game}::memo")),
                        "the features sit below the network: {} imports {t}",
                        name(m)
                    );
                }
            }
        }
    }
    // The check reads what it should: the senet network imports its features.
    let net = graph
        .get(&at("ai::senet::net"))
        .expect("senet/net.rs is read");
    assert!(net.contains(&at("ai::senet::features")), "{net:?}");
}
