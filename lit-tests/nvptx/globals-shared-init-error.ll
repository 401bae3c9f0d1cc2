; Initializers llc-19 refuses or that PTX cannot hold are clean errors (exit 1, no output file),
; never PTX that ptxas rejects: a `.shared` variable with an initial value (llc: "initial value
; of 'tile' is not allowed in addrspace(3)"), an external name that is no PTX identifier (llc
; aborts, only local names are renamed), an address in an integer narrower than a pointer, a
; type PTX has no data form for. A zero or undef `.shared` variable is fine (no initializer), and
; so is the dynamic shared array (`.extern`, no size).
; RUN: rm -f %t.ptx
; RUN: not ori llc %S/Inputs/shared-init.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SHARED
; SHARED: ori: error: unsupported initial value in addrspace(3) (llc: not allowed in shared memory) in global @tile
; RUN: not ori llc %S/Inputs/bad-external-name.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NAME
; NAME: ori: error: unsupported name (not a PTX identifier; only local symbols are renamed) in global @"a-b"
; RUN: not ori llc %S/Inputs/narrow-ptrtoint.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NARROW
; NARROW: ori: error: unsupported ptrtoint to a narrower integer i32 ptrtoint (ptr addrspace(1) @x to i32) in global @p
; RUN: not ori llc %S/Inputs/fp128.ll -o %t.ptx 2>&1 | FileCheck %s --check-prefix=FP128
; FP128: ori: error: unsupported constant fp128 0xL00000000000000003FFF000000000000 of type fp128 in global @q
; RUN: not ls %t.ptx
; RUN: ori llc %S/Inputs/shared-zero.ll -o %t.ptx
; RUN: %ptxas -arch=sm_90 %t.ptx -o %t.cubin 2>&1 | count 0
; RUN: FileCheck %s --input-file=%t.ptx --check-prefix=ZERO
; ZERO: .visible .shared .align 4 .b8 tile[16];
; ZERO-NEXT: {{^}}.shared .align 4 .u32 u;
; ZERO-NEXT: .extern .shared .align 4 .b8 dyn[];
; REQUIRES: ptxas
