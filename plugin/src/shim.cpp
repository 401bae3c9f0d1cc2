// The C++ half of ori's opt-19 plugin: the new pass manager's plugin interface is C++, so this
// shim registers a pipeline-parsing callback and a module pass whose run() hands the module to
// Rust as an LLVMModuleRef. Every pass, and the parsing of its `<...>` parameters, is Rust
// (plugin/src/lib.rs over ori's pass registry); nothing here knows a pass by name.

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <string>

extern "C" {
// 1: a pipeline element of ours; 0: not ours; -1: ours, but its parameters are invalid
// (*message: why, to free with ori_plugin_free).
int ori_plugin_parse(const char *text, size_t len, char **message);
// Runs the element's pass on the module: 0 on success, else 1 and *message.
int ori_plugin_run(const char *text, size_t len, LLVMModuleRef module, char **message);
void ori_plugin_free(char *message);
}

namespace {

/// One pipeline element (`nvvm-intr-range<sm=90>`) as a module pass; `Text` goes back to Rust.
struct OriModulePass : llvm::PassInfoMixin<OriModulePass> {
  std::string Text;

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &) {
    char *Message = nullptr;
    if (ori_plugin_run(Text.data(), Text.size(), llvm::wrap(&M), &Message) != 0) {
      std::string Why = Message ? Message : "unknown error";
      ori_plugin_free(Message);
      // A clean fatal error (exit code 1, no crash report), as opt does for a broken pass input.
      llvm::report_fatal_error(llvm::Twine(Text) + ": " + Why, /*gen_crash_diag=*/false);
    }
    // The passes rewrite instructions and metadata: nothing cached about the module stays valid.
    return llvm::PreservedAnalyses::none();
  }

  static llvm::StringRef name() { return "OriModulePass"; }
};

} // namespace

extern "C" void ori_plugin_register_callbacks(llvm::PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::ModulePassManager &MPM,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        char *Message = nullptr;
        int Verdict = ori_plugin_parse(Name.data(), Name.size(), &Message);
        if (Verdict < 0) {
          // Ours with a bad parameter: say why; returning false then gives opt's own
          // "unknown pass name" error and exit code 1.
          llvm::errs() << "error: " << (Message ? Message : "invalid pass parameters") << "\n";
          ori_plugin_free(Message);
          return false;
        }
        if (Verdict == 0)
          return false;
        MPM.addPass(OriModulePass{{}, Name.str()});
        return true;
      });
}
