// Runs LLVM's always-inliner on a module through the legacy pass manager.
//
// `ori llc` inlines every device function before lowering (src/driver/llc.rs). The C API only
// reaches the inliner through the new pass manager's textual pipelines (LLVMRunPasses), and
// linking that pulls in PassBuilder and with it every pass LLVM has: about 11 MB of code and
// 2 ms of start-up for every ori process. The legacy pass manager runs the same inliner
// implementation (AlwaysInlinerLegacyPass and the new-PM AlwaysInlinerPass share
// AlwaysInlineImpl) without any of that.

#include "llvm-c/Types.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"

// Returns 1 when the module changed, 0 otherwise.
extern "C" int ori_run_always_inliner(LLVMModuleRef module) {
  llvm::legacy::PassManager pm;
  pm.add(llvm::createAlwaysInlinerLegacyPass());
  return pm.run(*llvm::unwrap(module)) ? 1 : 0;
}
