//! Build script: checks that LLVM 19 is installed and bakes the paths of the external tools the
//! test suite and the drivers use (FileCheck-19, the LLVM 19 bin folder, and the repo-local venv
//! that holds ptxas / cuobjdump / libdevice once `scripts/setup` made it).

use std::path::Path;

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
    println!("cargo:rerun-if-changed=src/llvm/always_inline.cpp");
    let query = |arg: &str| -> String {
        let out = std::process::Command::new(llvm_config).arg(arg).output().unwrap_or_else(|e| {
            eprintln!("error: cannot run {} ({e}): run scripts/setup first", llvm_config.display());
            std::process::exit(1);
        });
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let mut build = cc::Build::new();
    build.cpp(true).file("src/llvm/always_inline.cpp");
    // LLVM's headers as system headers, so their warnings don't drown ours; RTTI as the library.
    for flag in query("--cxxflags").split_whitespace() {
        match flag.strip_prefix("-I") {
            Some(dir) => build.flag("-isystem").flag(dir),
            None => build.flag(flag),
        };
    }
    if query("--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build.compile("ori_always_inline");
}
