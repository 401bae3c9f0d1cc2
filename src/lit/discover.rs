//! Test discovery: the files named on the command line, and under named folders (recursively)
//! every file whose suffix the nearest `lit.toml` accepts (`.ll` always). Folders named `Output`
//! (the runner's scratch space) and `Inputs` (helper files of tests), and hidden files and folders,
//! are skipped while walking.

use super::config::{self, Config};
use anyhow::{Context, Result};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// One discovered test.
#[derive(Debug, Clone)]
pub struct TestFile {
    /// The path as reached from the command-line argument (for display and sorting).
    pub name: String,
    /// The absolute path (for `%s` and the test's working folder).
    pub path: PathBuf,
    /// The configuration of the test's suite.
    pub config: Arc<Config>,
}

/// Finds the tests under `paths`, sorted by name and without duplicates.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<TestFile>> {
    let mut finder = Finder::default();
    for path in paths {
        let meta = std::fs::metadata(path).with_context(|| format!("cannot find {}", path.display()))?;
        if meta.is_dir() {
            finder.walk(path)?;
        } else {
            // A file named explicitly is a test whatever its suffix.
            finder.add(path)?;
        }
    }
    let mut tests = finder.tests;
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(tests)
}

/// Discovery state: tests found so far and the configuration of each folder seen.
#[derive(Default)]
struct Finder {
    tests: Vec<TestFile>,
    seen: HashSet<PathBuf>,
    configs: HashMap<PathBuf, Arc<Config>>,
}

impl Finder {
    /// Walks a folder recursively, adding every test file in it.
    fn walk(&mut self, dir: &Path) -> Result<()> {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("cannot list {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        entries.sort();
        for path in entries {
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if name.starts_with('.') {
                continue;
            }
            // Follows symlinks; an entry that vanished or dangles is skipped.
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                if name != "Output" && name != "Inputs" {
                    self.walk(&path)?;
                }
            } else if name != config::FILE_NAME && self.config_for(dir)?.is_test_file(name) {
                self.add(&path)?;
            }
        }
        Ok(())
    }

    /// Adds one test file (once, however often it is reached).
    fn add(&mut self, path: &Path) -> Result<()> {
        let abs = std::path::absolute(path).with_context(|| format!("cannot resolve {}", path.display()))?;
        let key = std::fs::canonicalize(&abs).unwrap_or_else(|_| abs.clone());
        if !self.seen.insert(key) {
            return Ok(());
        }
        let config = self.config_for(abs.parent().unwrap_or(Path::new("/")))?;
        self.tests.push(TestFile { name: path.display().to_string(), path: abs, config });
        Ok(())
    }

    /// The configuration for tests in `dir`: the nearest `lit.toml` in it or above it.
    fn config_for(&mut self, dir: &Path) -> Result<Arc<Config>> {
        let dir = std::path::absolute(dir).with_context(|| format!("cannot resolve {}", dir.display()))?;
        if let Some(c) = self.configs.get(&dir) {
            return Ok(c.clone());
        }
        let file = dir.join(config::FILE_NAME);
        let found = if file.is_file() {
            Arc::new(config::load(&file)?)
        } else {
            match dir.parent() {
                Some(parent) => self.config_for(parent)?,
                None => Arc::new(Config::default()),
            }
        };
        self.configs.insert(dir, found.clone());
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_tests_by_suffix_and_skips_helpers() {
        let root = std::env::temp_dir().join(format!("ori-lit-discover-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for dir in ["suite/sub", "suite/Inputs", "suite/Output", "suite/.hidden", "plain"] {
            std::fs::create_dir_all(root.join(dir)).unwrap();
        }
        std::fs::write(root.join("suite/lit.toml"), "suffixes = [\".cu\"]\n").unwrap();
        for f in [
            "suite/a.ll",
            "suite/b.cu",
            "suite/c.txt",
            "suite/sub/d.cu",
            "suite/Inputs/e.ll",
            "suite/Output/f.ll",
            "suite/.hidden/g.ll",
            "plain/h.ll",
            "plain/i.cu",
        ] {
            std::fs::write(root.join(f), "").unwrap();
        }
        let tests =
            discover(&[root.join("suite"), root.join("plain"), root.join("suite/a.ll"), root.join("suite/c.txt")])
                .unwrap();
        let names: Vec<String> =
            tests.iter().map(|t| t.path.strip_prefix(&root).unwrap().display().to_string()).collect();
        assert_eq!(names, ["plain/h.ll", "suite/a.ll", "suite/b.cu", "suite/c.txt", "suite/sub/d.cu"]);
        assert!(tests[1].config.suffixes.contains(&".cu".to_string()));
        assert!(tests[0].config.suffixes.is_empty());
        assert!(discover(&[root.join("missing")]).is_err());
        std::fs::write(root.join("suite/lit.toml"), "bogus = 1\n").unwrap();
        assert!(discover(&[root.join("suite")]).unwrap_err().to_string().contains("unknown key"));
        let _ = std::fs::remove_dir_all(&root);
    }
}
