//! Random, valid-by-construction mutations of an LLVM module, for fuzzing the pipeline with
//! variants of the suite's kernels (`ori mutate`, driven by `scripts/fuzz`).
//!
//! Algorithm: walk every defined function in order and collect the *sites* where a mutation keeps
//! the module well formed; a seeded generator (`crate::rng`) then picks `count` of them (each site at
//! most once) and applies them from the last to the first, so that rebuilding an instruction never
//! invalidates a site still to be applied. The kinds:
//!
//! - `const`: an integer constant operand of an arithmetic, compare, select, cast, load/store or
//!   return becomes another constant of its type (0, 1, -1, ±1 of the old value, a power of two, a
//!   random value). Calls (intrinsics may need `immarg` constants), GEPs (struct indices must stay
//!   constant and in range), switches (case values must stay unique), allocas and vector shuffles
//!   are left alone;
//! - `operand`: an operand becomes another value of exactly the same type that dominates the user:
//!   a function argument, or an instruction earlier in the same block (never for phis, whose
//!   operands live on edges);
//! - `binop`: an integer `add/sub/mul/and/or/xor` or a float `fadd/fsub/fmul` becomes another
//!   operation of its group (no division or shift, so no new immediate UB);
//! - `icmp`: the predicate becomes another one;
//! - `branch`: a conditional branch swaps its two successors (phis stay valid: the predecessor
//!   set does not change);
//! - `select`: a select swaps its two values.
//!
//! No mutation introduces `undef`/`poison`, so a mutant is exactly as defined as its original
//! where the original was; it may of course loop longer or index elsewhere, which the consumers
//! (the compiler, the interpreter with its step limit and bounds checks) must handle cleanly.
//! Every applied mutation is described in one line, for replay.

use crate::rng::Rng;
use anyhow::{Result, bail};
use inkwell::IntPredicate;
use inkwell::builder::Builder;
use inkwell::module::Module;
use inkwell::types::BasicTypeEnum;
use inkwell::values::{
    AnyValue, AsValueRef, BasicValue, BasicValueEnum, InstructionOpcode, InstructionValue, IntValue,
};

/// Where one mutation applies.
#[derive(Clone, Copy, Debug)]
enum Site<'ctx> {
    Const(InstructionValue<'ctx>, u32),
    Operand(InstructionValue<'ctx>, u32),
    Binop(InstructionValue<'ctx>),
    Icmp(InstructionValue<'ctx>),
    Branch(InstructionValue<'ctx>),
    Select(InstructionValue<'ctx>),
}

impl<'ctx> Site<'ctx> {
    fn inst(&self) -> InstructionValue<'ctx> {
        match *self {
            Site::Const(i, _)
            | Site::Operand(i, _)
            | Site::Binop(i)
            | Site::Icmp(i)
            | Site::Branch(i)
            | Site::Select(i) => i,
        }
    }
}

const INT_BINOPS: [InstructionOpcode; 6] = [
    InstructionOpcode::Add,
    InstructionOpcode::Sub,
    InstructionOpcode::Mul,
    InstructionOpcode::And,
    InstructionOpcode::Or,
    InstructionOpcode::Xor,
];
const FLOAT_BINOPS: [InstructionOpcode; 3] =
    [InstructionOpcode::FAdd, InstructionOpcode::FSub, InstructionOpcode::FMul];
const PREDICATES: [IntPredicate; 10] = [
    IntPredicate::EQ,
    IntPredicate::NE,
    IntPredicate::UGT,
    IntPredicate::UGE,
    IntPredicate::ULT,
    IntPredicate::ULE,
    IntPredicate::SGT,
    IntPredicate::SGE,
    IntPredicate::SLT,
    IntPredicate::SLE,
];

/// Whether an instruction's integer constant operands may change.
fn constants_may_change(op: InstructionOpcode) -> bool {
    use InstructionOpcode as O;
    !matches!(
        op,
        O::Call
            | O::GetElementPtr
            | O::Switch
            | O::Alloca
            | O::ShuffleVector
            | O::ExtractElement
            | O::InsertElement
            | O::ExtractValue
            | O::InsertValue
            | O::Phi
            | O::Br
            | O::IndirectBr
            | O::Invoke
            | O::CallBr
            | O::LandingPad
            | O::AtomicRMW
            | O::AtomicCmpXchg
    )
}

/// Collects the mutation sites of `module`, in program order.
fn sites<'ctx>(module: &Module<'ctx>) -> Vec<Site<'ctx>> {
    let mut out = Vec::new();
    for f in module.get_functions().filter(|f| f.count_basic_blocks() > 0) {
        let args: Vec<BasicValueEnum<'ctx>> = f.get_param_iter().collect();
        for bb in f.get_basic_block_iter() {
            let mut earlier: Vec<BasicValueEnum<'ctx>> = Vec::new();
            for inst in bb.get_instructions() {
                let op = inst.get_opcode();
                for i in 0..inst.get_num_operands() {
                    let Some(operand) = inst.get_operand(i).and_then(|o| o.value()) else { continue };
                    if constants_may_change(op) && is_const_int(operand) {
                        out.push(Site::Const(inst, i));
                    }
                    if op != InstructionOpcode::Phi && constants_may_change(op) && op != InstructionOpcode::Return {
                        let ty = operand.get_type();
                        let same = args.iter().chain(&earlier).any(|v| v.get_type() == ty && *v != operand);
                        if same {
                            out.push(Site::Operand(inst, i));
                        }
                    }
                }
                match op {
                    o if INT_BINOPS.contains(&o) || FLOAT_BINOPS.contains(&o) => out.push(Site::Binop(inst)),
                    InstructionOpcode::ICmp => out.push(Site::Icmp(inst)),
                    InstructionOpcode::Br if inst.get_num_operands() == 3 => out.push(Site::Branch(inst)),
                    InstructionOpcode::Select => out.push(Site::Select(inst)),
                    _ => {}
                }
                if let Ok(v) = BasicValueEnum::try_from(inst.as_any_value_enum()) {
                    earlier.push(v);
                }
            }
        }
    }
    out
}

fn is_const_int(v: BasicValueEnum<'_>) -> bool {
    matches!(v, BasicValueEnum::IntValue(i) if i.is_const())
}

/// The value a site's `operand` choice picks: an argument or an earlier instruction of the same
/// block with the operand's type.
fn dominating_candidates<'ctx>(
    inst: InstructionValue<'ctx>,
    operand: BasicValueEnum<'ctx>,
) -> Vec<BasicValueEnum<'ctx>> {
    let ty = operand.get_type();
    let mut out = Vec::new();
    if let Some(f) = inst.get_parent().and_then(|b| b.get_parent()) {
        out.extend(f.get_param_iter().filter(|a| a.get_type() == ty && *a != operand));
    }
    let mut cur = inst.get_parent().and_then(|b| b.get_first_instruction());
    while let Some(i) = cur {
        if i == inst {
            break;
        }
        if let Ok(v) = BasicValueEnum::try_from(i.as_any_value_enum())
            && v.get_type() == ty
            && v != operand
        {
            out.push(v);
        }
        cur = i.get_next_instruction();
    }
    out
}

/// A different constant of `c`'s type.
fn other_constant<'ctx>(c: IntValue<'ctx>, rng: &mut Rng) -> IntValue<'ctx> {
    let ty = c.get_type();
    let bits = ty.get_bit_width();
    let old = c.get_zero_extended_constant().unwrap_or(0);
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let choices = [
        0,
        1,
        u64::MAX,
        old.wrapping_add(1),
        old.wrapping_sub(1),
        1u64 << (rng.next_u64() % bits.clamp(1, 64) as u64),
        rng.next_u64(),
    ];
    let mut v = choices[rng.below(choices.len())] & mask;
    if v == old & mask {
        v = (v ^ 1) & mask;
    }
    ty.const_int(v, false)
}

/// Applies one site; returns its description, or None when the site turned out not to apply.
fn apply<'ctx>(builder: &Builder<'ctx>, site: Site<'ctx>, rng: &mut Rng) -> Result<Option<String>> {
    let inst = site.inst();
    let func = inst.get_parent().and_then(|b| b.get_parent()).map(|f| f.get_name().to_string_lossy().into_owned());
    let at = format!("@{}: {}", func.unwrap_or_default(), inst.print_to_string().to_string().trim());
    let desc = match site {
        Site::Const(i, n) => {
            let Some(BasicValueEnum::IntValue(c)) = i.get_operand(n).and_then(|o| o.value()) else { return Ok(None) };
            let new = other_constant(c, rng);
            i.set_operand(n, new);
            format!("const: operand {n} -> {}", new.print_to_string().to_string())
        }
        Site::Operand(i, n) => {
            let Some(old) = i.get_operand(n).and_then(|o| o.value()) else { return Ok(None) };
            let cands = dominating_candidates(i, old);
            if cands.is_empty() {
                return Ok(None);
            }
            let new = cands[rng.below(cands.len())];
            i.set_operand(n, new);
            format!("operand: operand {n} -> {}", short(new))
        }
        Site::Binop(i) => {
            let op = i.get_opcode();
            let group: &[InstructionOpcode] = if INT_BINOPS.contains(&op) { &INT_BINOPS } else { &FLOAT_BINOPS };
            let others: Vec<InstructionOpcode> = group.iter().copied().filter(|&o| o != op).collect();
            let new_op = others[rng.below(others.len())];
            let Some((a, b)) = value_operands(i) else { return Ok(None) };
            builder.position_before(&i);
            let new = build_binop(builder, new_op, a, b)?;
            replace(i, new);
            format!("binop: -> {new_op:?}")
        }
        Site::Icmp(i) => {
            let Some(old) = i.get_icmp_predicate() else { return Ok(None) };
            let others: Vec<IntPredicate> = PREDICATES.iter().copied().filter(|&p| p != old).collect();
            let p = others[rng.below(others.len())];
            let Some((a, b)) = value_operands(i) else { return Ok(None) };
            builder.position_before(&i);
            let new = match (a, b) {
                (BasicValueEnum::IntValue(a), BasicValueEnum::IntValue(b)) => builder.build_int_compare(p, a, b, "")?,
                (BasicValueEnum::PointerValue(a), BasicValueEnum::PointerValue(b)) => {
                    builder.build_int_compare(p, a, b, "")?
                }
                _ => return Ok(None),
            };
            replace(i, new.as_basic_value_enum());
            format!("icmp: {old:?} -> {p:?}")
        }
        Site::Branch(i) => {
            let (Some(t), Some(e)) = (i.get_operand(1), i.get_operand(2)) else { return Ok(None) };
            let (Some(t), Some(e)) = (t.block(), e.block()) else { return Ok(None) };
            use llvm_sys::core::{LLVMBasicBlockAsValue, LLVMSetOperand};
            // SAFETY: a conditional `br`'s operands 1 and 2 are its successor blocks.
            unsafe {
                LLVMSetOperand(i.as_value_ref(), 1, LLVMBasicBlockAsValue(e.as_mut_ptr()));
                LLVMSetOperand(i.as_value_ref(), 2, LLVMBasicBlockAsValue(t.as_mut_ptr()));
            }
            "branch: successors swapped".to_string()
        }
        Site::Select(i) => {
            let (Some(a), Some(b)) =
                (i.get_operand(1).and_then(|o| o.value()), i.get_operand(2).and_then(|o| o.value()))
            else {
                return Ok(None);
            };
            i.set_operand(1, b);
            i.set_operand(2, a);
            "select: values swapped".to_string()
        }
    };
    Ok(Some(format!("{at}  ==>  {desc}")))
}

/// The two value operands of a binary operation or compare.
fn value_operands<'ctx>(i: InstructionValue<'ctx>) -> Option<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> {
    Some((i.get_operand(0)?.value()?, i.get_operand(1)?.value()?))
}

fn short(v: BasicValueEnum<'_>) -> String {
    let name = v.get_name().to_string_lossy().into_owned();
    if name.is_empty() { v.print_to_string().to_string() } else { format!("%{name}") }
}

fn build_binop<'ctx>(
    b: &Builder<'ctx>,
    op: InstructionOpcode,
    x: BasicValueEnum<'ctx>,
    y: BasicValueEnum<'ctx>,
) -> Result<BasicValueEnum<'ctx>> {
    use InstructionOpcode as O;
    Ok(match (x, y) {
        (BasicValueEnum::IntValue(x), BasicValueEnum::IntValue(y)) => match op {
            O::Add => b.build_int_add(x, y, "")?,
            O::Sub => b.build_int_sub(x, y, "")?,
            O::Mul => b.build_int_mul(x, y, "")?,
            O::And => b.build_and(x, y, "")?,
            O::Or => b.build_or(x, y, "")?,
            O::Xor => b.build_xor(x, y, "")?,
            _ => bail!("not an integer operation: {op:?}"),
        }
        .as_basic_value_enum(),
        (BasicValueEnum::FloatValue(x), BasicValueEnum::FloatValue(y)) => match op {
            O::FAdd => b.build_float_add(x, y, "")?,
            O::FSub => b.build_float_sub(x, y, "")?,
            O::FMul => b.build_float_mul(x, y, "")?,
            _ => bail!("not a float operation: {op:?}"),
        }
        .as_basic_value_enum(),
        (BasicValueEnum::VectorValue(x), BasicValueEnum::VectorValue(y)) => {
            let is_float = matches!(x.get_type().get_element_type(), BasicTypeEnum::FloatType(_));
            match (op, is_float) {
                (O::Add, false) => b.build_int_add(x, y, "")?,
                (O::Sub, false) => b.build_int_sub(x, y, "")?,
                (O::Mul, false) => b.build_int_mul(x, y, "")?,
                (O::And, false) => b.build_and(x, y, "")?,
                (O::Or, false) => b.build_or(x, y, "")?,
                (O::Xor, false) => b.build_xor(x, y, "")?,
                (O::FAdd, true) => b.build_float_add(x, y, "")?,
                (O::FSub, true) => b.build_float_sub(x, y, "")?,
                (O::FMul, true) => b.build_float_mul(x, y, "")?,
                _ => bail!("operation {op:?} does not fit the vector type"),
            }
            .as_basic_value_enum()
        }
        _ => bail!("unsupported operand types for {op:?}"),
    })
}

/// Replaces `old` by `new` everywhere (the builder may have folded `new` to a constant), keeps
/// `old`'s name on a new instruction, and deletes `old`.
fn replace<'ctx>(old: InstructionValue<'ctx>, new: BasicValueEnum<'ctx>) {
    let name = old.get_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    // SAFETY: both are live values of the same type in the same context.
    unsafe { llvm_sys::core::LLVMReplaceAllUsesWith(old.as_value_ref(), new.as_value_ref()) };
    old.erase_from_basic_block();
    if !name.is_empty() && new.as_instruction_value().is_some() {
        new.set_name(&name);
    }
}

/// Applies up to `count` random mutations to `module` (seeded by `seed`) and returns one line per
/// mutation applied. The caller verifies the result.
pub fn mutate(module: &Module<'_>, seed: u64, count: usize) -> Result<Vec<String>> {
    // A fixed mix of the seed, so consecutive seeds start far apart.
    let seed = seed ^ 0x6F72_695F_6D75_7461;
    let mut rng = Rng::new(seed);
    let all = sites(module);
    if all.is_empty() {
        return Ok(Vec::new());
    }
    // Choose distinct sites and apply them from the last in program order to the first. Rebuilding
    // an instruction (binop, icmp) erases it, so any other chosen site on the same instruction
    // (its constant or operand sites, which come earlier in the list) is dropped.
    let mut picked: Vec<usize> = Vec::new();
    for _ in 0..count.min(all.len()) {
        let i = rng.below(all.len());
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    picked.sort_unstable();
    let builder = module.get_context().create_builder();
    let mut rebuilt: Vec<InstructionValue<'_>> = Vec::new();
    let mut lines = Vec::new();
    for &i in picked.iter().rev() {
        let site = all[i];
        if rebuilt.contains(&site.inst()) {
            continue;
        }
        if matches!(site, Site::Binop(_) | Site::Icmp(_)) {
            rebuilt.push(site.inst());
        }
        if let Some(line) = apply(&builder, site, &mut rng)? {
            lines.push(line);
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use inkwell::context::Context;

    const KERNEL: &str = r#"
target triple = "nvptx64-nvidia-cuda"
define void @k(ptr %out, i32 %n) {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %a = add i32 %t, 7
  %m = mul i32 %a, %n
  %c = icmp slt i32 %m, 100
  br i1 %c, label %then, label %done
then:
  %f = sitofp i32 %m to float
  %g = fmul float %f, 2.0
  %s = select i1 %c, float %g, float 1.0
  %p = getelementptr float, ptr %out, i32 %t
  store float %s, ptr %p
  br label %done
done:
  ret void
}
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
"#;

    fn parse<'c>(ctx: &'c Context) -> Module<'c> {
        crate::llvm::module::parse_module(ctx, KERNEL.as_bytes(), "k.ll").unwrap()
    }

    #[test]
    fn every_mutant_verifies_and_changes_the_module() {
        let ctx = Context::create();
        let original = parse(&ctx).print_to_string().to_string();
        let mut kinds = std::collections::BTreeSet::new();
        for seed in 0..300 {
            let m = parse(&ctx);
            let lines = mutate(&m, seed, 1 + (seed % 4) as usize).unwrap();
            m.verify().unwrap_or_else(|e| panic!("seed {seed}: {lines:?}: {}", e.to_string()));
            assert!(!lines.is_empty(), "seed {seed}: no mutation applied");
            assert_ne!(m.print_to_string().to_string(), original, "seed {seed}: {lines:?}");
            for l in &lines {
                kinds.insert(l.split("==>  ").nth(1).unwrap().split(':').next().unwrap().to_string());
            }
        }
        let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
        assert_eq!(kinds, ["binop", "branch", "const", "icmp", "operand", "select"]);
    }

    #[test]
    fn constants_wider_than_64_bits_get_other_constants() {
        // An i128 constant: the single-bit choice stays within the 64 bits a u64 holds.
        let ctx = Context::create();
        let c = ctx.i128_type().const_int(5, false);
        for seed in 0..200 {
            let v = other_constant(c, &mut Rng::new(seed));
            assert_ne!(v.get_zero_extended_constant(), Some(5));
        }
    }

    #[test]
    fn mutation_is_deterministic_per_seed() {
        let ctx = Context::create();
        let (a, b) = (parse(&ctx), parse(&ctx));
        assert_eq!(mutate(&a, 42, 3).unwrap(), mutate(&b, 42, 3).unwrap());
        assert_eq!(a.print_to_string().to_string(), b.print_to_string().to_string());
    }

    #[test]
    fn calls_geps_and_phis_keep_their_constants() {
        let ctx = Context::create();
        let m = parse(&ctx);
        for s in sites(&m) {
            if let Site::Const(i, _) = s {
                assert!(constants_may_change(i.get_opcode()), "{:?}", i.get_opcode());
            }
            if let Site::Operand(i, n) = s {
                let o = i.get_operand(n).unwrap().value().unwrap();
                assert!(!dominating_candidates(i, o).is_empty());
                assert!(dominating_candidates(i, o).iter().all(|c| c.get_type() == o.get_type()));
            }
        }
    }
}
