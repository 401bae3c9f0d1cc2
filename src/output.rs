//! Writing outputs atomically: a temporary file beside the destination, then a rename, so a
//! failing run never leaves a partial output file behind.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Where a result goes: a file (written atomically) or standard output (`-`).
pub fn write_output(path: &str, bytes: &[u8]) -> Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(bytes)?;
        out.flush()?;
        return Ok(());
    }
    write_atomically(Path::new(path), bytes)
}

/// Writes `bytes` to `path` through `path.<pid>.tmp` and a rename. A path that exists and is not
/// a regular file (`/dev/null`, a FIFO, a terminal) is written in place: renaming over it would
/// replace the device with a plain file.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Ok(meta) = std::fs::metadata(path)
        && !meta.is_file()
    {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| anyhow::anyhow!("could not write '{}': {}", path.display(), e));
    }
    let file_name = path.file_name().with_context(|| format!("invalid output path '{}'", path.display()))?;
    let mut tmp_name = file_name.to_os_string();
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        // No fsync: the rename is what keeps a failed run from leaving a partial file, and
        // (like LLVM's tools) we do not promise durability across a crash; syncing cost about
        // a millisecond per output.
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        anyhow::bail!("could not write '{}': {}", path.display(), e);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("ori-out-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("a.txt");
        write_atomically(&f, b"one").unwrap();
        write_atomically(&f, b"two").unwrap();
        assert_eq!(std::fs::read(&f).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn devices_are_written_in_place_not_replaced() {
        write_atomically(Path::new("/dev/null"), b"discarded").unwrap();
        let meta = std::fs::metadata("/dev/null").unwrap();
        assert!(!meta.is_file(), "/dev/null must stay a device");
    }

    #[test]
    fn failed_write_reports_path() {
        let err = write_atomically(Path::new("/nonexistent-dir/x.ll"), b"x").unwrap_err();
        assert!(err.to_string().contains("/nonexistent-dir/x.ll"));
    }
}
