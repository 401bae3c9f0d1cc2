//! Compiles the C++ shim (`src/shim.cpp`: the new pass manager's plugin interface is C++) against
//! LLVM 19's headers and links the plugin to the shared `libLLVM-19.so` that opt-19 itself loads,
//! so the plugin and opt share one copy of LLVM.

use std::path::Path;

#[path = "../build-support/llvm_cxx.rs"]
mod llvm_cxx;

fn main() {
    let prefix = std::env::var("LLVM_SYS_191_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-19".into());
    println!("cargo:rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    let llvm_config = Path::new(&prefix).join("bin/llvm-config");
    llvm_cxx::build(&llvm_config, "src/shim.cpp").compile("ori_plugin_shim");
    println!("cargo:rustc-link-search=native={}", llvm_cxx::query(&llvm_config, "--libdir"));
    println!("cargo:rustc-link-lib=dylib=LLVM-19");
}
