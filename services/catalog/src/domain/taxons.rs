//! The taxon tree: building it, finding a subtree, and what a taxon filter
//! of a listing covers.

use std::collections::{BTreeSet, HashMap, HashSet};

use spa_proto::spa::catalog::v1::TaxonNode;

use crate::error::CatalogError;

/// A taxon in one locale.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TaxonEntry {
    pub code: String,
    pub parent: Option<String>,
    pub position: i64,
    pub name: String,
    pub slug: String,
}

/// The forest of taxons under `root` (all roots when `None`).
pub fn tree(all: &[TaxonEntry], root: Option<&str>) -> Vec<TaxonNode> {
    all.iter()
        .filter(|t| t.parent.as_deref() == root)
        .map(|t| TaxonNode {
            code: t.code.clone(),
            name: t.name.clone(),
            slug: t.slug.clone(),
            position: t.position as u32,
            children: tree(all, Some(&t.code)),
        })
        .collect()
}

/// The forest of every root when `root` is empty, else the one node of
/// `root` with its subtree.
pub fn forest(all: &[TaxonEntry], root: &str) -> Result<Vec<TaxonNode>, CatalogError> {
    if root.is_empty() {
        return Ok(tree(all, None));
    }
    let parent = all.iter().find(|t| t.code == root).and_then(|t| t.parent.as_deref());
    let node = tree(all, parent).into_iter().find(|n| n.code == root).ok_or_else(|| CatalogError::TaxonNotFound(root.to_owned()))?;
    Ok(vec![node])
}

/// The taxons a listing filtered by `asked` covers: each of them and all
/// their descendants; an unknown code is refused.
pub fn filter(all: &[TaxonEntry], asked: &[String]) -> Result<Vec<String>, CatalogError> {
    let known: HashSet<&str> = all.iter().map(|t| t.code.as_str()).collect();
    let requested: BTreeSet<&String> = asked.iter().collect();
    if let Some(unknown) = requested.iter().find(|code| !known.contains(code.as_str())) {
        return Err(CatalogError::UnknownTaxon((*unknown).clone()));
    }
    Ok(expand(all, asked))
}

/// `codes` and all their descendants, each once, sorted: linear in the size
/// of the tree, whatever `codes` holds.
pub fn expand(all: &[TaxonEntry], codes: &[String]) -> Vec<String> {
    let mut children: HashMap<&str, Vec<&str>> = HashMap::new();
    for t in all {
        if let Some(parent) = &t.parent {
            children.entry(parent.as_str()).or_default().push(t.code.as_str());
        }
    }
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    let mut todo: Vec<&str> = codes.iter().map(String::as_str).collect();
    while let Some(code) = todo.pop() {
        if seen.insert(code) {
            todo.extend(children.get(code).into_iter().flatten());
        }
    }
    seen.into_iter().map(str::to_owned).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(code: &str, parent: Option<&str>) -> TaxonEntry {
        TaxonEntry { code: code.to_owned(), parent: parent.map(str::to_owned), ..Default::default() }
    }

    fn tree_of_four() -> [TaxonEntry; 4] {
        [node("spa", None), node("massage", Some("spa")), node("stone", Some("massage")), node("gifts", None)]
    }

    fn codes(c: &[&str]) -> Vec<String> {
        c.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn taxons_expand_to_their_descendants_once_and_in_one_order() {
        let tree = tree_of_four();
        assert_eq!(expand(&tree, &codes(&["spa"])), ["massage", "spa", "stone"]);
        // Repeats, overlaps and order do not change the set (it is the cache key).
        let many: Vec<String> = std::iter::repeat_n("massage".to_owned(), 27_000).chain(codes(&["gifts", "spa"])).collect();
        assert_eq!(expand(&tree, &many), ["gifts", "massage", "spa", "stone"]);
        assert_eq!(expand(&tree, &codes(&["spa", "gifts"])), expand(&tree, &codes(&["gifts", "spa", "spa"])));
    }

    #[test]
    fn a_filter_names_an_unknown_taxon() {
        let tree = tree_of_four();
        assert_eq!(filter(&tree, &codes(&["massage"])).unwrap(), ["massage", "stone"]);
        assert_eq!(filter(&tree, &codes(&["spa", "nope"])).unwrap_err().to_string(), "unknown taxon \"nope\"");
    }

    #[test]
    fn the_tree_nests_children_and_a_root_picks_its_subtree() {
        let tree = tree_of_four();
        let all = forest(&tree, "").unwrap();
        assert_eq!(all.iter().map(|n| n.code.as_str()).collect::<Vec<_>>(), ["spa", "gifts"]);
        assert_eq!(all[0].children[0].children[0].code, "stone");
        let massage = forest(&tree, "massage").unwrap();
        assert_eq!((massage.len(), massage[0].children.len()), (1, 1));
        assert!(matches!(forest(&tree, "nope"), Err(CatalogError::TaxonNotFound(c)) if c == "nope"));
    }
}
