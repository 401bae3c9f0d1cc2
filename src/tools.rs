//! Where the external tools live: LLVM 19's binaries (baked in by build.rs) and the NVIDIA tools
//! from the repo-local venv that `scripts/setup` creates (looked up at run time, since the venv may
//! appear after the build).

use std::path::PathBuf;

/// The folder holding LLVM 19's tools (`FileCheck`, `opt`, `llc`, `clang`, ...).
pub fn llvm_bin() -> PathBuf {
    PathBuf::from(env!("ORI_LLVM_BIN"))
}

/// FileCheck from LLVM 19.
pub fn filecheck() -> PathBuf {
    PathBuf::from(env!("ORI_FILECHECK"))
}

/// An LLVM 19 tool by its plain name (`opt`, `llc`, `clang`, `lli`).
pub fn llvm_tool(name: &str) -> PathBuf {
    llvm_bin().join(name)
}

/// `.../site-packages/nvidia/cu13` inside the repo's venv, if the venv has it.
pub fn cuda_root() -> Option<PathBuf> {
    let venv = PathBuf::from(env!("ORI_VENV"));
    let lib = std::fs::read_dir(venv.join("lib")).ok()?;
    let mut pythons: Vec<PathBuf> = lib.filter_map(|e| e.ok().map(|e| e.path())).collect();
    pythons.sort();
    pythons.into_iter().map(|p| p.join("site-packages/nvidia/cu13")).find(|p| p.join("bin").is_dir())
}

/// An NVIDIA tool (`ptxas`, `cuobjdump`, `nvdisasm`) from the venv, if installed.
pub fn nvidia_tool(name: &str) -> Option<PathBuf> {
    let p = cuda_root()?.join("bin").join(name);
    p.is_file().then_some(p)
}

/// libdevice bitcode from the venv, if installed.
pub fn libdevice() -> Option<PathBuf> {
    let p = cuda_root()?.join("nvvm/libdevice/libdevice.10.bc");
    p.is_file().then_some(p)
}

/// The repository root this binary was built from (for the bundled CUDA headers and kernels).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The file name of the opt-19 pass plugin (`cargo build -p ori-opt-plugin`).
pub const OPT_PLUGIN_FILE: &str = "libori_opt_plugin.so";

/// The opt-19 pass plugin: `$ORI_OPT_PLUGIN` if set, else the one cargo built beside this binary
/// (`target/<profile>/libori_opt_plugin.so`), if it exists.
pub fn opt_plugin() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("ORI_OPT_PLUGIN") {
        let p = PathBuf::from(p);
        return p.is_file().then_some(p);
    }
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.join(OPT_PLUGIN_FILE);
    p.is_file().then_some(p)
}
