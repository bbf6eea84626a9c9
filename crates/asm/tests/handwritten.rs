//! Statements written for this crate (not taken from LLVM's tests). The expected bytes
//! were produced by running `/usr/lib/llvm-22/bin/llvm-mc -show-encoding` on these lines;
//! `None` means llvm-mc rejects the line.

mod common;

use mcdiff_asm::target::{TargetCtx, REFERENCE_LLVM_MAJOR};
use mcdiff_asm::{AsmOutcome, Fixup};

const CASES: &[(&str, &str, Option<&str>)] = &[
    (
        "gfx1100",
        "s_add_u32 s7, s12, s13",
        Some("0x0c,0x0d,0x07,0x80"),
    ),
    (
        "gfx1100",
        "s_addc_u32 s9, 33, s4",
        Some("0xa1,0x04,0x09,0x82"),
    ),
    (
        "gfx1100",
        "s_sub_i32 s3, vcc_hi, 0xdeadbeef",
        Some("0x6b,0xff,0x83,0x81,0xef,0xbe,0xad,0xde"),
    ),
    (
        "gfx1100",
        "s_lshl_b64 s[10:11], s[20:21], 7",
        Some("0x14,0x87,0x8a,0x84"),
    ),
    (
        "gfx1100",
        "s_and_b64 s[6:7], exec, -13",
        Some("0x7e,0xcd,0x86,0x8b"),
    ),
    (
        "gfx1100",
        "s_andn2_b32 s4, s5, 0x40800000",
        Some("0x05,0xf6,0x04,0x91"),
    ),
    (
        "gfx1100",
        "s_cselect_b32 s2, scc, 1.0",
        Some("0xfd,0xf2,0x02,0x98"),
    ),
    (
        "gfx1100",
        "s_mov_b32 ttmp3, src_shared_base",
        Some("0xeb,0x00,0xef,0xbe"),
    ),
    ("gfx1100", "s_mov_b64 s[44:45], 0.15915494", None),
    (
        "gfx1100",
        "s_not_b32 m0, 2.5",
        Some("0xff,0x1e,0xfd,0xbe,0x00,0x00,0x20,0x40"),
    ),
    (
        "gfx1100",
        "s_brev_b32 s8, -0.5",
        Some("0xf1,0x04,0x88,0xbe"),
    ),
    (
        "gfx1100",
        "s_getpc_b64 s[30:31]",
        Some("0x00,0x47,0x9e,0xbe"),
    ),
    (
        "gfx1100",
        "s_setpc_b64 ttmp[2:3]",
        Some("0x6e,0x48,0x80,0xbe"),
    ),
    (
        "gfx1100",
        "s_bcnt1_i32_b64 s1, vcc",
        Some("0x6a,0x19,0x81,0xbe"),
    ),
    (
        "gfx1100",
        "s_movk_i32 s17, 0x7fff",
        Some("0xff,0x7f,0x11,0xb0"),
    ),
    (
        "gfx1100",
        "s_cmpk_lg_u32 s9, 0xfffe",
        Some("0xfe,0xff,0x09,0xb5"),
    ),
    ("gfx1100", "s_addk_i32 s3, -2", Some("0xfe,0xff,0x83,0xb7")),
    (
        "gfx1100",
        "s_getreg_b32 s4, hwreg(HW_REG_MODE, 2, 5)",
        Some("0x81,0x20,0x84,0xb8"),
    ),
    (
        "gfx1100",
        "s_cmp_ge_i32 s33, 48",
        Some("0x21,0xb0,0x03,0xbf"),
    ),
    (
        "gfx1100",
        "s_cmp_eq_u64 s[8:9], 0x12345",
        Some("0x08,0xff,0x10,0xbf,0x45,0x23,0x01,0x00"),
    ),
    (
        "gfx1100",
        "s_bitcmp1_b32 null, 3",
        Some("0x7c,0x83,0x0d,0xbf"),
    ),
    ("gfx1100", "s_nop 5", Some("0x05,0x00,0x80,0xbf")),
    ("gfx1100", "s_branch 77", Some("0x4d,0x00,0xa0,0xbf")),
    ("gfx1100", "s_cbranch_vccnz -4", Some("0xfc,0xff,0xa4,0xbf")),
    (
        "gfx1100",
        "s_sendmsg sendmsg(MSG_INTERRUPT)",
        Some("0x01,0x00,0xb6,0xbf"),
    ),
    (
        "gfx1100",
        "s_waitcnt vmcnt(3) lgkmcnt(1)",
        Some("0x17,0x0c,0x89,0xbf"),
    ),
    (
        "gfx1100",
        "s_load_b64 s[20:21], s[8:9], 0x1f0",
        Some("0x04,0x05,0x04,0xf4,0xf0,0x01,0x00,0xf8"),
    ),
    (
        "gfx1100",
        "s_load_b128 s[8:11], s[0:1], s33 offset:0x20 glc dlc",
        Some("0x00,0x62,0x08,0xf4,0x20,0x00,0x00,0x42"),
    ),
    (
        "gfx1100",
        "s_buffer_load_b32 s6, s[12:15], m0",
        Some("0x86,0x01,0x20,0xf4,0x00,0x00,0x00,0xfa"),
    ),
    (
        "gfx1100",
        "s_load_b32 s0, s[4:5], -0x40",
        Some("0x02,0x00,0x00,0xf4,0xc0,0xff,0x1f,0xf8"),
    ),
    (
        "gfx1100",
        "s_mov_b32 s5, 10+20*3",
        Some("0xff,0x00,0x85,0xbe,0x46,0x00,0x00,0x00"),
    ),
    (
        "gfx1100",
        "s_or_b32 s1, s2, 1<<20",
        Some("0x02,0xff,0x01,0x8c,0x00,0x00,0x10,0x00"),
    ),
    (
        "gfx1200",
        "s_add_co_u32 s7, s12, s13",
        Some("0x0c,0x0d,0x07,0x80"),
    ),
    (
        "gfx1200",
        "s_add_u32 s2, s3, 0x11",
        Some("0x03,0x91,0x02,0x80"),
    ),
    (
        "gfx1200",
        "s_sub_co_i32 s1, 65, s5",
        Some("0xff,0x05,0x81,0x81,0x41,0x00,0x00,0x00"),
    ),
    (
        "gfx1200",
        "s_min_num_f32 s4, s5, 0.5",
        Some("0x05,0xf0,0x04,0xa1"),
    ),
    (
        "gfx1200",
        "s_add_f16 s9, s10, 1.0",
        Some("0x0a,0xf2,0x89,0xa4"),
    ),
    (
        "gfx1200",
        "s_cmp_gt_f16 0x3c00, s4",
        Some("0xff,0x04,0x54,0xbf,0x00,0x3c,0x00,0x00"),
    ),
    (
        "gfx1200",
        "s_cvt_f32_i32 s6, -7",
        Some("0xc7,0x64,0x86,0xbe"),
    ),
    (
        "gfx1200",
        "s_fmaak_f32 s1, s2, s3, 2.5",
        Some("0x02,0x03,0x81,0xa2,0x00,0x00,0x20,0x40"),
    ),
    (
        "gfx1200",
        "s_fmamk_f32 s1, s2, 0x40490fdb, s3",
        Some("0x02,0x03,0x01,0xa3,0xdb,0x0f,0x49,0x40"),
    ),
    (
        "gfx1200",
        "s_mov_b64 s[100:101], -9",
        Some("0xc9,0x01,0xe4,0xbe"),
    ),
    (
        "gfx1200",
        "s_and_not1_b64 s[2:3], s[4:5], s[6:7]",
        Some("0x04,0x06,0x82,0x91"),
    ),
    (
        "gfx1200",
        "s_movk_i32 s3, 0x1234",
        Some("0x34,0x12,0x03,0xb0"),
    ),
    ("gfx1200", "s_version 0x5", Some("0x05,0x00,0x80,0xb0")),
    (
        "gfx1200",
        "s_cmp_lg_u32 s1, null",
        Some("0x01,0x7c,0x07,0xbf"),
    ),
    ("gfx1200", "s_wait_loadcnt 0x3", Some("0x03,0x00,0xc0,0xbf")),
    ("gfx1200", "s_endpgm", Some("0x00,0x00,0xb0,0xbf")),
    ("gfx1200", "s_branch 300", Some("0x2c,0x01,0xa0,0xbf")),
    (
        "gfx1200",
        "s_load_b96 s[12:14], s[2:3], 0x40",
        Some("0x01,0xa3,0x00,0xf4,0x40,0x00,0x00,0xf8"),
    ),
    (
        "gfx1200",
        "s_load_b32 s5, s[2:3], s4 offset:0x100",
        Some("0x41,0x01,0x00,0xf4,0x00,0x01,0x00,0x08"),
    ),
    (
        "gfx1200",
        "s_load_b256 s[16:23], s[6:7], -8",
        Some("0x03,0x64,0x00,0xf4,0xf8,0xff,0xff,0xf8"),
    ),
    (
        "gfx1200",
        "s_buffer_load_b64 s[2:3], s[8:11], 0x80",
        Some("0x84,0x20,0x02,0xf4,0x80,0x00,0x00,0xf8"),
    ),
    (
        "gfx1200",
        "s_prefetch_data s[2:3], 0x10, null, 3",
        Some("0xc1,0xc0,0x04,0xf4,0x10,0x00,0x00,0xf8"),
    ),
    (
        "gfx942",
        "s_add_u32 s7, s12, s13",
        Some("0x0c,0x0d,0x07,0x80"),
    ),
    (
        "gfx942",
        "s_mul_i32 s4, s5, 0x1000",
        Some("0x05,0xff,0x04,0x92,0x00,0x10,0x00,0x00"),
    ),
    (
        "gfx942",
        "s_mov_b64 flat_scratch, s[4:5]",
        Some("0x04,0x01,0xe6,0xbe"),
    ),
    (
        "gfx942",
        "s_mov_b32 s9, xnack_mask_lo",
        Some("0x68,0x00,0x89,0xbe"),
    ),
    (
        "gfx942",
        "s_and_saveexec_b64 s[10:11], vcc",
        Some("0x6a,0x20,0x8a,0xbe"),
    ),
    (
        "gfx942",
        "s_lshr_b64 s[2:3], s[2:3], 63",
        Some("0x02,0xbf,0x82,0x8f"),
    ),
    (
        "gfx942",
        "s_cmp_lt_u32 s1, 0.5",
        Some("0x01,0xf0,0x0a,0xbf"),
    ),
    (
        "gfx942",
        "s_movk_i32 s1, 0x100",
        Some("0x00,0x01,0x01,0xb0"),
    ),
    (
        "gfx942",
        "s_setreg_b32 hwreg(HW_REG_TRAPSTS, 0, 8), s3",
        Some("0x03,0x38,0x03,0xb9"),
    ),
    ("gfx942", "s_nop 0", Some("0x00,0x00,0x80,0xbf")),
    (
        "gfx942",
        "s_waitcnt lgkmcnt(0)",
        Some("0x7f,0xc0,0x8c,0xbf"),
    ),
    ("gfx942", "s_cbranch_execz 12", Some("0x0c,0x00,0x88,0xbf")),
    (
        "gfx942",
        "s_load_dword s5, s[2:3], 0x7c",
        Some("0x41,0x01,0x02,0xc0,0x7c,0x00,0x00,0x00"),
    ),
    (
        "gfx942",
        "s_load_dwordx2 s[8:9], s[6:7], s3",
        Some("0x03,0x02,0x04,0xc0,0x03,0x00,0x00,0x00"),
    ),
    (
        "gfx942",
        "s_load_dwordx4 s[12:15], s[4:5], s2 offset:0x40",
        Some("0x02,0x43,0x0a,0xc0,0x40,0x00,0x00,0x04"),
    ),
    (
        "gfx942",
        "s_buffer_load_dword s1, s[8:11], 0x10",
        Some("0x44,0x00,0x22,0xc0,0x10,0x00,0x00,0x00"),
    ),
    ("gfx942", "s_endpgm", Some("0x00,0x00,0x81,0xbf")),
];

/// Vector ALU statements written for this crate (VOP1, VOP2, VOPC, VOP3, VOP3P, true16 halves,
/// DPP16/DPP8). Expected bytes from `/usr/lib/llvm-22/bin/llvm-mc -show-encoding
/// -mattr=+real-true16` (wave32) on these lines; `None` means llvm-mc rejects the line.
const VECTOR_CASES: &[(&str, &str, Option<&str>)] = &[
    ("gfx1100", "v_mov_b32 v17, s40", Some("0x28,0x02,0x22,0x7e")),
    ("gfx1100", "v_mov_b32 v3, -7", Some("0xc7,0x02,0x06,0x7e")),
    (
        "gfx1100",
        "v_not_b32 v9, 0x12345678",
        Some("0xff,0x6e,0x12,0x7e,0x78,0x56,0x34,0x12"),
    ),
    (
        "gfx1100",
        "v_sqrt_f32 v4, -v8",
        Some("0x04,0x00,0xb3,0xd5,0x08,0x01,0x00,0x20"),
    ),
    (
        "gfx1100",
        "v_rcp_f64 v[6:7], 0.5",
        Some("0xf0,0x5e,0x0c,0x7e"),
    ),
    (
        "gfx1100",
        "v_cvt_f32_f16 v10, v20.h",
        Some("0x94,0x17,0x14,0x7e"),
    ),
    (
        "gfx1100",
        "v_mul_f32 v1, v2, s3",
        Some("0x01,0x00,0x08,0xd5,0x02,0x07,0x00,0x00"),
    ),
    (
        "gfx1100",
        "v_sub_f32 v12, 2.0, v13",
        Some("0xf4,0x1a,0x18,0x08"),
    ),
    (
        "gfx1100",
        "v_max_i32 v0, 1.0, v1",
        Some("0xf2,0x02,0x00,0x24"),
    ),
    (
        "gfx1100",
        "v_add_nc_u32_e64 v5, s1, s2 clamp",
        Some("0x05,0x80,0x25,0xd5,0x01,0x04,0x00,0x00"),
    ),
    (
        "gfx1100",
        "v_mul_f16 v1.h, v2.l, v3.h",
        Some("0x02,0x07,0x03,0x6b"),
    ),
    (
        "gfx1100",
        "v_cndmask_b32 v2, s4, v6, vcc_lo",
        Some("0x04,0x0c,0x04,0x02"),
    ),
    ("gfx1100", "v_cndmask_b32_e64 v2, v4, v6, s[8:9]", None),
    (
        "gfx1100",
        "v_sub_co_ci_u32 v8, vcc_lo, v9, v10, vcc_lo",
        Some("0x09,0x15,0x10,0x42"),
    ),
    (
        "gfx1100",
        "v_cmp_lt_i32 vcc_lo, 17, v3",
        Some("0x91,0x06,0x82,0x7c"),
    ),
    (
        "gfx1100",
        "v_cmp_gt_f32 s20, -v1, |v2|",
        Some("0x14,0x02,0x14,0xd4,0x01,0x05,0x02,0x20"),
    ),
    (
        "gfx1100",
        "v_cmpx_ne_u32 s5, v6",
        Some("0x05,0x0c,0x9a,0x7d"),
    ),
    (
        "gfx1100",
        "v_cmp_class_f32_e64 s3, v4, 0x207",
        Some("0x03,0x00,0x7e,0xd4,0x04,0xff,0x01,0x00,0x07,0x02,0x00,0x00"),
    ),
    (
        "gfx1100",
        "v_fma_f32 v1, -v2, |v3|, 0.5 mul:4",
        Some("0x01,0x02,0x13,0xd6,0x02,0x07,0xc2,0x33"),
    ),
    (
        "gfx1100",
        "v_med3_i32 v7, s1, 100, v9",
        Some("0x07,0x00,0x20,0xd6,0x01,0xfe,0x25,0x04,0x64,0x00,0x00,0x00"),
    ),
    (
        "gfx1100",
        "v_mad_u64_u32 v[2:3], s4, v5, v6, v[8:9]",
        Some("0x02,0x04,0xfe,0xd6,0x05,0x0d,0x22,0x04"),
    ),
    (
        "gfx1100",
        "v_div_scale_f64 v[0:1], vcc_lo, v[2:3], v[4:5], v[6:7]",
        Some("0x00,0x6a,0xfd,0xd6,0x02,0x09,0x1a,0x04"),
    ),
    (
        "gfx1100",
        "v_alignbit_b32 v3, v4, v5, 9",
        Some("0x03,0x00,0x16,0xd6,0x04,0x0b,0x26,0x02"),
    ),
    (
        "gfx1100",
        "v_pk_mul_f16 v4, v5, v6 op_sel_hi:[1,0]",
        Some("0x04,0x40,0x10,0xcc,0x05,0x0d,0x02,0x08"),
    ),
    (
        "gfx1100",
        "v_pk_fma_f16 v1, v2, v3, v4 neg_lo:[1,0,1] neg_hi:[0,1,0]",
        Some("0x01,0x42,0x0e,0xcc,0x02,0x07,0x12,0xbc"),
    ),
    (
        "gfx1100",
        "v_mov_b32_dpp v1, v2 row_shr:3 row_mask:0x5 bound_ctrl:1",
        Some("0xfa,0x02,0x02,0x7e,0x02,0x13,0x09,0x5f"),
    ),
    (
        "gfx1100",
        "v_add_f32_dpp v5, v6, v7 quad_perm:[1,0,3,2] bank_mask:0x3",
        Some("0xfa,0x0e,0x0a,0x06,0x06,0xb1,0x00,0xf3"),
    ),
    (
        "gfx1100",
        "v_add_f32 v5, v6, v7 dpp8:[1,1,1,1,0,0,0,0] fi:1",
        Some("0xea,0x0e,0x0a,0x06,0x06,0x49,0x02,0x00"),
    ),
    (
        "gfx1100",
        "v_fma_f32_e64_dpp v1, v2, v3, v4 row_mirror",
        Some("0x01,0x00,0x13,0xd6,0xfa,0x06,0x12,0x04,0x02,0x40,0x01,0xff"),
    ),
    ("gfx1100", "v_add_f32 v5, v6, s7 quad_perm:[1,0,3,2]", None),
    ("gfx1100", "v_add_f32 v5, v6, v7, v8", None),
    ("gfx1100", "v_cmp_eq_f32 vcc, v1, v2", None),
    ("gfx1100", "v_add_f32_e32 v5, v6, s7", None),
    (
        "gfx1200",
        "v_add_f64 v[2:3], s[4:5], v[6:7]",
        Some("0x04,0x0c,0x04,0x04"),
    ),
    (
        "gfx1200",
        "v_max_num_f32 v1, -v2, v3",
        Some("0x01,0x00,0x16,0xd5,0x02,0x07,0x02,0x20"),
    ),
    (
        "gfx1200",
        "v_cmpx_eq_u16 v1.l, v2.h",
        Some("0x01,0x05,0x75,0x7d"),
    ),
    (
        "gfx1200",
        "v_add3_u32 v1, v2, 64, v3",
        Some("0x01,0x00,0x55,0xd6,0x02,0x81,0x0d,0x04"),
    ),
    (
        "gfx1200",
        "v_cvt_f32_fp8_e64 v4, v5 byte_sel:2",
        Some("0x04,0x08,0xec,0xd5,0x05,0x01,0x00,0x00"),
    ),
    (
        "gfx1200",
        "v_sub_nc_u16 v1.h, v2.l, 5 op_sel:[0,0,1]",
        Some("0x01,0x40,0x04,0xd7,0x02,0x0b,0x01,0x00"),
    ),
    (
        "gfx1200",
        "v_mov_b32 v1, v2 row_share:5",
        Some("0xfa,0x02,0x02,0x7e,0x02,0x55,0x01,0xff"),
    ),
    (
        "gfx1200",
        "v_cmp_lt_f32_e64_dpp s4, v1, v2 dpp8:[7,6,5,4,3,2,1,0]",
        Some("0x04,0x00,0x11,0xd4,0xe9,0x04,0x02,0x00,0x01,0x77,0x39,0x05"),
    ),
];

/// Vector-memory statements (DS, FLAT/GLOBAL/SCRATCH, MUBUF/MTBUF, GFX12 VBUFFER, images), bytes from
/// llvm-mc 22 as above.
const MEMORY_CASES: &[(&str, &str, Option<&str>)] = &[
    ("gfx1100", "ds_add_u32 v7, v9 offset:300", Some("0x2c,0x01,0x00,0xd8,0x07,0x09,0x00,0x00")),
    ("gfx1100", "ds_load_b64 v[10:11], v3 offset:16", Some("0x10,0x00,0xd8,0xd9,0x03,0x00,0x00,0x0a")),
    ("gfx1100", "ds_store_2addr_b32 v4, v5, v6 offset0:3 offset1:200", Some("0x03,0xc8,0x38,0xd8,0x04,0x05,0x06,0x00")),
    ("gfx1100", "ds_cmpstore_rtn_b32 v1, v2, v3, v4 gds", Some("0x00,0x00,0xc2,0xd8,0x02,0x03,0x04,0x01")),
    ("gfx1100", "ds_swizzle_b32 v3, v4 offset:swizzle(QUAD_PERM, 3, 2, 1, 0)", Some("0x1b,0x80,0xd4,0xd8,0x04,0x00,0x00,0x03")),
    ("gfx1100", "ds_read_b32 v8, v2 offset:65536", None),
    ("gfx1100", "global_load_b32 v3, v[6:7], off offset:-12", Some("0xf4,0x1f,0x52,0xdc,0x06,0x00,0x7c,0x03")),
    ("gfx1100", "global_store_b64 v5, v[8:9], s[4:5] offset:100 glc slc", Some("0x64,0xc0,0x6e,0xdc,0x05,0x08,0x04,0x00")),
    ("gfx1100", "global_atomic_add_u32 v2, v4, v6, s[10:11] glc", Some("0x00,0x40,0xd6,0xdc,0x04,0x06,0x0a,0x02")),
    ("gfx1100", "global_atomic_add_u32 v2, v4, v6, s[10:11]", None),
    ("gfx1100", "scratch_load_b32 v7, off, s5 offset:8", Some("0x08,0x00,0x51,0xdc,0x00,0x00,0x05,0x07")),
    ("gfx1100", "scratch_store_b32 v2, v3, off offset:-20 dlc", Some("0xec,0x3f,0x69,0xdc,0x02,0x03,0xfc,0x00")),
    ("gfx1100", "flat_load_b32 v4, v[2:3] offset:4095", Some("0xff,0x0f,0x50,0xdc,0x02,0x00,0x7c,0x04")),
    ("gfx1100", "flat_load_b32 v4, v[2:3] offset:-4", None),
    ("gfx1100", "buffer_load_b32 v9, v2, s[12:15], s1 offen offset:64 glc", Some("0x40,0x40,0x50,0xe0,0x02,0x09,0x43,0x01")),
    ("gfx1100", "buffer_store_b64 v[3:4], v[6:7], s[16:19], 0 idxen offen", Some("0x00,0x00,0x6c,0xe0,0x06,0x03,0xc4,0x80")),
    ("gfx1100", "tbuffer_load_format_xy v[2:3], off, s[4:7], s9 format:[BUF_FMT_32_FLOAT] offset:12", Some("0x0c,0x80,0xb0,0xe8,0x00,0x02,0x01,0x09")),
    ("gfx1100", "tbuffer_store_format_x v1, v2, s[8:11], m0 format:[BUF_DATA_FORMAT_16,BUF_NUM_FORMAT_SINT] idxen", Some("0x00,0x00,0x62,0xe8,0x02,0x01,0x82,0x7d")),
    ("gfx1200", "ds_max_num_f32 v3, v4 offset:12", Some("0x0c,0x00,0x4c,0xd8,0x03,0x04,0x00,0x00")),
    ("gfx1200", "ds_load_2addr_b64 v[4:7], v9 offset0:1 offset1:2", Some("0x01,0x02,0xdc,0xd9,0x09,0x00,0x00,0x04")),
    ("gfx1200", "global_load_b128 v[4:7], v8, s[2:3] offset:-4096 th:TH_LOAD_NT scope:SCOPE_SYS", Some("0x02,0xc0,0x05,0xee,0x04,0x00,0x1c,0x00,0x08,0x00,0xf0,0xff")),
    ("gfx1200", "global_atomic_cmpswap_b32 v1, v[2:3], v[4:5], off th:TH_ATOMIC_RETURN", Some("0x7c,0x00,0x0d,0xee,0x01,0x00,0x10,0x02,0x02,0x00,0x00,0x00")),
    ("gfx1200", "global_atomic_cmpswap_b32 v1, v[2:3], v[4:5], off", None),
    ("gfx1200", "scratch_load_u16 v6, v1, s3 offset:1000 nv", None),
    ("gfx1200", "flat_store_b32 v[1:2], v3 offset:-100 th:TH_STORE_NT_WB", Some("0x7c,0x80,0x06,0xec,0x00,0x00,0xf0,0x01,0x01,0x9c,0xff,0xff")),
    ("gfx1200", "buffer_load_b32 v5, v[1:2], s[8:11], s4 idxen offen offset:123456 th:TH_LOAD_HT", Some("0x04,0x00,0x05,0xc4,0x05,0x10,0xa0,0xc0,0x01,0x40,0xe2,0x01")),
    ("gfx1200", "buffer_atomic_add_u32 v5, off, s[20:23], null offset:7 th:TH_ATOMIC_RETURN scope:SCOPE_DEV", Some("0x7c,0x40,0x0d,0xc4,0x05,0x28,0x98,0x00,0x00,0x07,0x00,0x00")),
    ("gfx1200", "tbuffer_store_format_xyzw v[10:13], v2, s[4:7], s3 format:[BUF_FMT_16_16_16_16_FLOAT] offen", Some("0x03,0xc0,0x21,0xc4,0x0a,0x08,0x80,0x5c,0x02,0x00,0x00,0x00")),
    ("gfx1100", "image_sample v[0:2], [v4, v6], s[8:15], s[16:19] dmask:0x7 dim:SQ_RSRC_IMG_2D", Some("0x05,0x07,0x6c,0xf0,0x04,0x00,0x02,0x10,0x06,0x00,0x00,0x00")),
    ("gfx1100", "image_load v[1:5], v[2:3], s[12:19] dmask:0xf dim:2D tfe", Some("0x04,0x0f,0x00,0xf0,0x02,0x01,0x23,0x00")),
    ("gfx1100", "image_gather4 v[4:7], v[1:2], s[8:15], s[16:19] dmask:0x3 dim:2D", None),
    ("gfx1100", "image_store v[1:2], v3, s[4:11] dmask:0x3 dim:1D d16 glc", None),
    ("gfx1200", "image_sample v[0:3], [v4, v5, v6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D th:TH_LOAD_NT", Some("0x02,0xc0,0xc6,0xe7,0x00,0x10,0x10,0x08,0x04,0x05,0x06,0x00")),
    ("gfx1200", "image_load v[4:5], v[0:1], s[0:7] dmask:0x3 dim:2D", None),
    ("gfx1200", "image_atomic_add_uint v2, [v1, v3], s[8:15] dmask:0x1 dim:2D th:TH_ATOMIC_RETURN", Some("0x01,0x00,0x43,0xd0,0x02,0x10,0x10,0x00,0x01,0x03,0x00,0x00")),
];

fn parse_bytes(text: &str) -> Vec<u8> {
    text.split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).expect("hex byte"))
        .collect()
}

/// Bytes with no fixups (`strict`) or just the bytes, or the rejection the row expects.
fn bytes_or_rejected(strict: bool) -> impl Fn(&Option<&str>, &AsmOutcome) -> bool {
    move |expected, outcome| match (expected, outcome) {
        (Some(bytes), AsmOutcome::Encoded(e)) => {
            e.bytes == parse_bytes(bytes) && (!strict || e.fixups.is_empty())
        }
        (None, AsmOutcome::Rejected(_)) => true,
        _ => false,
    }
}

#[test]
fn handwritten_lines_match_llvm_mc() {
    let mcpus = ["gfx1100", "gfx1200", "gfx942"];
    let Some((failures, checked)) =
        common::run_asm_rows(&mcpus, &[], CASES, bytes_or_rejected(true))
    else {
        return;
    };
    common::assert_no_failures(&failures);
    assert_eq!(checked, CASES.len(), "every case belongs to a tested -mcpu");
}

#[test]
fn handwritten_vector_lines_match_llvm_mc() {
    let mattr = ["+real-true16".to_string(), "+wavefrontsize32".to_string()];
    let mcpus = ["gfx1100", "gfx1200"];
    if let Some((failures, _)) =
        common::run_asm_rows(&mcpus, &mattr, VECTOR_CASES, bytes_or_rejected(false))
    {
        common::assert_no_failures(&failures);
    }
}

#[test]
fn handwritten_memory_lines_match_llvm_mc() {
    let mcpus = ["gfx1100", "gfx1200"];
    if let Some((failures, _)) =
        common::run_asm_rows(&mcpus, &[], MEMORY_CASES, bytes_or_rejected(false))
    {
        common::assert_no_failures(&failures);
    }
}

/// Symbolic operands become fixups at the bytes llvm-mc shows as letters
/// (`s_branch target` -> `[A,A,0xa0,0xbf]`, `s_mov_b32 s0, sym+4` -> literal dword `A,A,A,A`).
#[test]
fn symbols_become_fixups() {
    let Some(target) = common::target("gfx1200") else {
        return;
    };
    let asm = mcdiff_asm::Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    let cases: &[(&str, &[u8], Fixup)] = &[
        (
            "s_branch target",
            &[0, 0, 0xa0, 0xbf],
            Fixup {
                offset: 0,
                size: 2,
                expr: "target".into(),
            },
        ),
        (
            "s_mov_b32 s0, sym+4",
            &[0xff, 0x00, 0x80, 0xbe, 0, 0, 0, 0],
            Fixup {
                offset: 4,
                size: 4,
                expr: "sym+4".into(),
            },
        ),
        (
            "s_call_b64 s[2:3], fn",
            &[0, 0, 0x02, 0xba],
            Fixup {
                offset: 0,
                size: 2,
                expr: "fn".into(),
            },
        ),
    ];
    for (line, bytes, fixup) in cases {
        let AsmOutcome::Encoded(e) = asm.assemble(line) else {
            panic!("{line}: not encoded");
        };
        assert_eq!(&e.bytes, bytes, "{line}");
        assert_eq!(e.fixups, vec![fixup.clone()], "{line}");
    }
}

/// The three outcomes and their stable reasons.
#[test]
fn outcome_kinds() {
    let Some(target) = common::target("gfx1100") else {
        return;
    };
    let asm = mcdiff_asm::Assembler::new(TargetCtx::new(
        &target,
        &["+wavefrontsize64".to_string()],
        REFERENCE_LLVM_MAJOR,
    ));
    // GFX11 has no SDWA: the RDNA3 manual file lists no SDWA format, so the form is rejected
    // as llvm-mc rejects it.
    assert!(matches!(
        asm.assemble("v_mov_b32_sdwa v0, v1"),
        AsmOutcome::Rejected(e) if e.message == "sdwa variant of this instruction is not supported"
    ));
    // Hand-computed: ENCODING 0xCD, OP 0, VDST 0; SRC0..SRC2 = 0x101..0x103 (v1..v3).
    match asm.assemble("v_interp_p10_f32 v0, v1, v2, v3") {
        AsmOutcome::Encoded(e) => assert_eq!(e.bytes, [0, 0, 0, 0xcd, 0x01, 0x05, 0x0e, 0x04]),
        other => panic!("{other:?}"),
    }
    // A format no part of mcdiff reads (as a newer official file may list) is unsupported.
    let future = with_unread_interpolation_format(&target);
    let asm = mcdiff_asm::Assembler::new(TargetCtx::new(&future, &[], REFERENCE_LLVM_MAJOR));
    assert_eq!(
        asm.assemble("v_interp_p10_f32 v0, v1, v2, v3"),
        AsmOutcome::Unsupported("encoding ENC_VFUTURE not implemented".into())
    );
    assert_eq!(
        asm.assemble(".text"),
        AsmOutcome::Unsupported("directive".into())
    );
    let AsmOutcome::Rejected(err) = asm.assemble("  s_bogus_op s0") else {
        panic!("unknown mnemonic accepted");
    };
    assert_eq!(
        (err.column, err.message.as_str()),
        (3, "instruction not in spec")
    );
    let AsmOutcome::Rejected(err) = asm.assemble("s_mov_b64 s[1:2], s[4:5]") else {
        panic!("misaligned tuple accepted");
    };
    assert_eq!(
        (err.column, err.message.as_str()),
        (11, "invalid register alignment")
    );
    let AsmOutcome::Encoded(e) = asm.assemble("s_load_b64 s[4:5], s[2:3], s6 offset:0x10 glc")
    else {
        panic!("smem with soffset and offset not encoded");
    };
    assert_eq!(e.inst.name, "S_LOAD_B64");
    assert_eq!(e.inst.form.family, mcdiff_asm::Family::Smem);
    assert_eq!(e.inst.form.encoding_name(&target.spec), "ENC_SMEM");
    assert!(e.inst.modifiers.contains(&("GLC".into(), 1)));
    assert_eq!(
        e.inst.operands.last().map(|o| &o.value),
        Some(&mcdiff_asm::OperandValue::SmemOffset {
            soffset: Some(mcdiff_asm::RegRange {
                file: mcdiff_asm::RegFile::Sgpr,
                first: 6,
                count: 1
            }),
            imm: Some(0x10),
        })
    );
}

/// What a dual-issue line should give: llvm-mc 22's bytes, its rejection, or (gfx1250) our
/// stated gap where llvm-mc picks a form or an op we have no facts for.
#[derive(Debug)]
enum Dual {
    Bytes(&'static str),
    Rejected,
    Unsupported(&'static str),
}

/// Dual-issue (VOPD) statements; bytes and rejections from llvm-mc 22. On gfx1250 the pairs
/// llvm-mc encodes as 96-bit VOPD3 (byte 3 = 0xcf) are unsupported, the others are rejected
/// or encoded like any VOPD pair.
const DUAL_CASES: &[(&str, &str, Dual)] = &[
    // OPX is 4 bits: V_DUAL_ADD_NC_U32 (16) is a Y-only op in VOPD.
    (
        "gfx1100",
        "v_dual_add_nc_u32 v0, v1, v2 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1200",
        "v_dual_add_nc_u32 v0, v1, v2 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1200",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_nc_u32 v3, v6, v7",
        Dual::Bytes("0x01,0x05,0x20,0xc9,0x06,0x0f,0x02,0x00"),
    ),
    // VOPD has no modifier fields; `-2.0` is a constant, `-v6` a negated register.
    (
        "gfx1200",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, -v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1100",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, neg(v6), v7",
        Dual::Rejected,
    ),
    (
        "gfx1200",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, -2.0, v7",
        Dual::Bytes("0x01,0x05,0x08,0xc9,0xf5,0x0e,0x02,0x00"),
    ),
    (
        "gfx1100",
        "v_dual_cndmask_b32 v0, v1, v2, s4 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_mul_f32 v3, v6, v7",
        Dual::Bytes("0x01,0x05,0x06,0xc9,0x06,0x0f,0x02,0x00"),
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_nc_u32 v3, v6, v7",
        Dual::Bytes("0x01,0x05,0x20,0xc9,0x06,0x0f,0x02,0x00"),
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, -2.0, v7",
        Dual::Bytes("0x01,0x05,0x08,0xc9,0xf5,0x0e,0x02,0x00"),
    ),
    // VOPD3 on gfx1250: wide X opcode, NEG, explicit select, equal-parity destinations. The
    // XML alone lists no VOPD3 operands; with the lists derived from the pseudocode these
    // encode (tests/own_lines.rs, tests/lines/gfx1250_vopd3.s).
    (
        "gfx1250",
        "v_dual_add_nc_u32 v0, v1, v2 :: v_dual_add_f32 v3, v6, v7",
        Dual::Unsupported("no operand facts in spec"),
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, -v6, v7",
        Dual::Unsupported("no operand facts in spec"),
    ),
    (
        "gfx1250",
        "v_dual_cndmask_b32 v0, v1, v2, s4 :: v_dual_add_f32 v3, v6, v7",
        Dual::Unsupported("no operand facts in spec"),
    ),
    (
        "gfx1250",
        "v_dual_fmac_f32 v7, v4, v2 :: v_dual_fmac_f32 v9, v1, v3",
        Dual::Unsupported("no operand facts in spec"),
    ),
    // ...but neither VOPD nor VOPD3 holds these.
    (
        "gfx1250",
        "v_dual_fmac_f32 v7, v4, v2 :: v_dual_fmac_f32 v11, v1, v3",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, -v1, v2 :: v_dual_add_f32 v3, 0x12345678, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_nc_u32 v0, v1, v2 :: v_dual_add_f32 v3, 0x12345678, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_nc_u32 v0, -v1, v2 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2, v4 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, s2 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_fmac_f32 v0, v1, v2, v5 :: v_dual_add_f32 v3, v6, v7",
        Dual::Rejected,
    ),
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_fmaak_f32 v3, -v6, v7, 0x1234",
        Dual::Rejected,
    ),
    // A GFX12.5 dual op the spec lists without operands (llvm-mc encodes it as VOPD).
    (
        "gfx1250",
        "v_dual_add_f32 v0, v1, v2 :: v_dual_ashrrev_i32 v3, v6, v7",
        Dual::Unsupported("no operand facts in spec"),
    ),
];

#[test]
fn handwritten_dual_issue_lines() {
    let mcpus = ["gfx1100", "gfx1200", "gfx1250"];
    let ok = |expected: &Dual, outcome: &AsmOutcome| match (expected, outcome) {
        (Dual::Bytes(bytes), AsmOutcome::Encoded(e)) => e.bytes == parse_bytes(bytes),
        (Dual::Rejected, AsmOutcome::Rejected(_)) => true,
        (Dual::Unsupported(want), AsmOutcome::Unsupported(got)) => want == got,
        _ => false,
    };
    if let Some((failures, _)) = common::run_asm_rows(&mcpus, &[], DUAL_CASES, ok) {
        common::assert_no_failures(&failures);
    }
}

/// A mnemonic the spec lacks is rejected when it belongs to a family we encode, and is a gap
/// in alias tables only where its nearest spec instructions are all of families we do not
/// encode. LLVM's GFX9 names of the no-carry adds are aliases on GFX11+ (bytes from llvm-mc 22).
#[test]
fn unknown_mnemonics_by_family() {
    let Some(target) = common::target("gfx1100") else {
        return;
    };
    let asm = mcdiff_asm::Assembler::new(TargetCtx::new(&target, &[], REFERENCE_LLVM_MAJOR));
    for (line, bytes) in [
        ("v_add_u32 v1, v2, v3", "0x02,0x07,0x02,0x4a"),
        ("v_sub_u32 v1, v2, v3", "0x02,0x07,0x02,0x4c"),
        ("v_subrev_u32 v1, v2, v3", "0x02,0x07,0x02,0x4e"),
        (
            "v_add_u32_e64 v1, v2, v3",
            "0x01,0x00,0x25,0xd5,0x02,0x07,0x02,0x00",
        ),
    ] {
        match asm.assemble(line) {
            AsmOutcome::Encoded(e) => assert_eq!(e.bytes, parse_bytes(bytes), "{line}"),
            other => panic!("{line}: {other:?}"),
        }
    }
    // llvm-mc 22 rejects all three.
    for line in ["v_foo_bar v1, v2", "ds_bogus_b32 v1, v2"] {
        assert!(
            matches!(asm.assemble(line), AsmOutcome::Rejected(_)),
            "{line}"
        );
    }
    assert!(matches!(
        asm.assemble("v_interp_p10_foo_f32 v0, v1, v2, v3"),
        AsmOutcome::Rejected(_)
    ));
    let future = with_unread_interpolation_format(&target);
    let asm = mcdiff_asm::Assembler::new(TargetCtx::new(&future, &[], REFERENCE_LLVM_MAJOR));
    assert_eq!(
        asm.assemble("v_interp_p10_foo_f32 v0, v1, v2, v3"),
        AsmOutcome::Unsupported(
            "mnemonic of unimplemented family VFUTURE not in alias tables".into()
        )
    );
}

/// `target` with its interpolation instructions moved to a format mcdiff does not read:
/// every format of the spec files here is read, a newer official file may add one.
fn with_unread_interpolation_format(target: &mcdiff_spec::TargetSpec) -> mcdiff_spec::TargetSpec {
    let mut future = target.clone();
    for i in &mut future.spec.instructions {
        if i.name.starts_with("V_INTERP_P") {
            for e in &mut i.encodings {
                e.encoding = "ENC_VFUTURE".into();
            }
        }
    }
    future
}
