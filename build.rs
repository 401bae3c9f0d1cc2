//! Build script: checks that LLVM 19 is installed and bakes the paths of the external tools the
//! test suite and the drivers use (FileCheck-19, the LLVM 19 bin folder, and the repo-local venv
//! that holds ptxas / cuobjdump / libdevice once `scripts/setup` made it).

use std::path::Path;

#[path = "build-support/llvm_cxx.rs"]
mod llvm_cxx;

fn main() {
    let prefix = std::env::var("LLVM_SYS_191_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-19".into());
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    let llvm_config = Path::new(&prefix).join("bin/llvm-config");
    let filecheck = Path::new(&prefix).join("bin/FileCheck");
    if !llvm_config.exists() || !filecheck.exists() {
        // One line, as the foundation issue asks: the user knows exactly what to run.
        eprintln!("error: LLVM 19 not found under {prefix}: run scripts/setup first");
        std::process::exit(1);
    }
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    println!("cargo:rustc-env=ORI_LLVM_BIN={}", Path::new(&prefix).join("bin").display());
    println!("cargo:rustc-env=ORI_FILECHECK={}", filecheck.display());
    // The venv is looked up again at run time (it may be created after the build), but its
    // expected location is fixed here.
    println!("cargo:rustc-env=ORI_VENV={manifest}/.venv");
    always_inline_shim(&llvm_config);
    // Start-up time: a position-independent `ori` spends most of its 8 ms start-up applying
    // ~118,000 relative relocations (LLVM's vtables and tables) and copying the pages they touch.
    // Linked at a fixed address the loader has none to apply.
    println!("cargo:rustc-link-arg-bins=-no-pie");
}

/// Compiles `src/llvm/always_inline.cpp` (the legacy-pass-manager always-inliner, see the file)
/// against LLVM 19's headers with LLVM's own compile flags.
fn always_inline_shim(llvm_config: &Path) {
    llvm_cxx::build(llvm_config, "src/llvm/always_inline.cpp").compile("ori_always_inline");
}
