//! Shared by the build scripts of `ori` (build.rs) and of the opt-19 plugin (plugin/build.rs),
//! which both compile a small C++ file against LLVM 19 (included with `#[path]`).

use std::path::Path;
use std::process::Command;

/// `llvm-config ARG`, trimmed; exits with the setup hint when llvm-config cannot run.
pub fn query(llvm_config: &Path, arg: &str) -> String {
    let out = Command::new(llvm_config).arg(arg).output().unwrap_or_else(|e| {
        eprintln!("error: cannot run {} ({e}): run scripts/setup first", llvm_config.display());
        std::process::exit(1);
    });
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// A C++ build of `file` with LLVM's own compile flags (include path, C++ standard,
/// -fno-exceptions). LLVM's headers are taken as system headers, so their warnings don't drown
/// ours; RTTI must match the library's, or vtables would reference typeinfo that LLVM lacks.
pub fn build(llvm_config: &Path, file: &str) -> cc::Build {
    println!("cargo:rerun-if-changed={file}");
    let mut build = cc::Build::new();
    build.cpp(true).file(file);
    for flag in query(llvm_config, "--cxxflags").split_whitespace() {
        match flag.strip_prefix("-I") {
            Some(dir) => build.flag("-isystem").flag(dir),
            None => build.flag(flag),
        };
    }
    if query(llvm_config, "--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build
}
