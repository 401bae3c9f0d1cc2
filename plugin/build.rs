//! Compiles the C++ shim (`src/shim.cpp`: the new pass manager's plugin interface is C++) against
//! LLVM 19's headers and links the plugin to the shared `libLLVM-19.so` that opt-19 itself loads,
//! so the plugin and opt share one copy of LLVM.

use std::path::Path;
use std::process::Command;

fn main() {
    let prefix = std::env::var("LLVM_SYS_191_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-19".into());
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    println!("cargo:rerun-if-changed=src/shim.cpp");
    let llvm_config = Path::new(&prefix).join("bin/llvm-config");
    let query = |arg: &str| -> String {
        let out = Command::new(&llvm_config).arg(arg).output().unwrap_or_else(|e| {
            eprintln!("error: cannot run {} ({e}): run scripts/setup first", llvm_config.display());
            std::process::exit(1);
        });
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let mut build = cc::Build::new();
    build.cpp(true).file("src/shim.cpp");
    // LLVM's own compile flags (include path, C++ standard, -fno-exceptions); RTTI must match the
    // library's or the pass model's vtables would reference typeinfo that libLLVM lacks.
    // LLVM's headers are taken as system headers, so their warnings don't drown the shim's.
    for flag in query("--cxxflags").split_whitespace() {
        match flag.strip_prefix("-I") {
            Some(dir) => build.flag("-isystem").flag(dir),
            None => build.flag(flag),
        };
    }
    if query("--has-rtti") != "YES" {
        build.flag("-fno-rtti");
    }
    build.compile("ori_plugin_shim");
    println!("cargo:rustc-link-search=native={}", query("--libdir"));
    println!("cargo:rustc-link-lib=dylib=LLVM-19");
}
