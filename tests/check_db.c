/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * check_db.c - the model and hardware database: the embedded copy and the
 * source tree's models/ + hwdb/ load alike; every record names its source;
 * offers carry a dated price; the names users type resolve; datasheet
 * figures read back in the library's units; and every kind of bad data file
 * is rejected with its file, line, column and exact message.
 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, truncate */
#include "check_util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the shipped database ---- */

static vfp_db *open_source_db(void)
{
	vfp_db *db = NULL;
	vfp_error err;
	int rc = vfp_db_open(&db, VFP_SOURCE_DIR, &err);

	ck_assert_msg(rc == 0, "%s: %s:%u:%u: %s", VFP_SOURCE_DIR, err.file,
		      err.line, err.column, err.message);
	return db;
}

START_TEST(default_db_loads)
{
	vfp_db *db = open_default_db();

	ck_assert_uint_ge(vfp_db_model_count(db), 20);
	ck_assert_uint_ge(vfp_db_gpu_count(db), 24);
	ck_assert_uint_ge(vfp_db_link_count(db), 1);
	ck_assert_uint_ge(vfp_db_network_count(db), 1);
	ck_assert_uint_ge(vfp_db_offer_count(db), 2);
	/* hwdb/defaults.yaml: cuda_reserve_mib: 1024 */
	ck_assert_uint_eq(vfp_db_cuda_reserve_bytes(db), UINT64_C(1) << 30);
	vfp_db_free(db);
}
END_TEST

START_TEST(source_tree_matches_embedded)
{
	vfp_db *a = open_default_db(), *b = open_source_db();

	ck_assert_uint_eq(vfp_db_model_count(a), vfp_db_model_count(b));
	ck_assert_uint_eq(vfp_db_gpu_count(a), vfp_db_gpu_count(b));
	ck_assert_uint_eq(vfp_db_link_count(a), vfp_db_link_count(b));
	ck_assert_uint_eq(vfp_db_network_count(a), vfp_db_network_count(b));
	ck_assert_uint_eq(vfp_db_offer_count(a), vfp_db_offer_count(b));
	ck_assert_uint_eq(vfp_db_cuda_reserve_bytes(a),
			  vfp_db_cuda_reserve_bytes(b));
	/* Both load in file-name order, so the records line up. */
	for (size_t i = 0; i < vfp_db_model_count(a); i++)
		ck_assert_str_eq(vfp_db_model_at(a, i)->name,
				 vfp_db_model_at(b, i)->name);
	for (size_t i = 0; i < vfp_db_gpu_count(a); i++)
		ck_assert_str_eq(vfp_db_gpu_at(a, i)->name,
				 vfp_db_gpu_at(b, i)->name);
	for (size_t i = 0; i < vfp_db_offer_count(a); i++)
		ck_assert_str_eq(vfp_db_offer_at(a, i)->id,
				 vfp_db_offer_at(b, i)->id);
	vfp_db_free(a);
	vfp_db_free(b);
}
END_TEST

static int has_text(const char *s)
{
	return s && *s;
}

START_TEST(every_record_has_a_source)
{
	vfp_db *db = open_default_db();

	for (size_t i = 0; i < vfp_db_model_count(db); i++)
		ck_assert_msg(has_text(vfp_db_model_at(db, i)->source),
			      "model %s", vfp_db_model_at(db, i)->name);
	for (size_t i = 0; i < vfp_db_gpu_count(db); i++)
		ck_assert_msg(has_text(vfp_db_gpu_at(db, i)->source),
			      "gpu %s", vfp_db_gpu_at(db, i)->name);
	for (size_t i = 0; i < vfp_db_link_count(db); i++)
		ck_assert_msg(has_text(vfp_db_link_at(db, i)->source),
			      "link %s", vfp_db_link_at(db, i)->name);
	for (size_t i = 0; i < vfp_db_network_count(db); i++)
		ck_assert_msg(has_text(vfp_db_network_at(db, i)->source),
			      "network %s", vfp_db_network_at(db, i)->name);
	for (size_t i = 0; i < vfp_db_offer_count(db); i++)
		ck_assert_msg(has_text(vfp_db_offer_at(db, i)->source),
			      "offer %s", vfp_db_offer_at(db, i)->id);
	vfp_db_free(db);
}
END_TEST

/* `vfplan models` and `gpus` show the year: every built-in says it
 * (vfcalib's proxy is no release). */
START_TEST(every_record_has_a_year)
{
	vfp_db *db = open_default_db();

	for (size_t i = 0; i < vfp_db_model_count(db); i++) {
		const vfp_model *m = vfp_db_model_at(db, i);
		if (strcmp(m->name, "vfcalib-proxy"))
			ck_assert_msg(m->released >= 2017 &&
					      m->released <= 2026,
				      "model %s: %d", m->name, m->released);
	}
	for (size_t i = 0; i < vfp_db_gpu_count(db); i++)
		ck_assert_msg(vfp_db_gpu_at(db, i)->released >= 2016 &&
				      vfp_db_gpu_at(db, i)->released <= 2026,
			      "gpu %s", vfp_db_gpu_at(db, i)->name);
	vfp_db_free(db);
}
END_TEST

/* YYYY-MM-DD with a plausible month and day. */
static int is_date(const char *s)
{
	static const char shape[] = "dddd-dd-dd";
	int month, day;

	if (!s || strlen(s) != sizeof(shape) - 1)
		return 0;
	for (size_t i = 0; shape[i]; i++)
		if (shape[i] == 'd' ? !isdigit((unsigned char)s[i])
				    : s[i] != '-')
			return 0;
	month = (s[5] - '0') * 10 + (s[6] - '0');
	day = (s[8] - '0') * 10 + (s[9] - '0');
	return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

static void check_offer(const vfp_offer *o)
{
	ck_assert_msg(strcmp(o->price_kind, "sample") == 0 ||
			      strcmp(o->price_kind, "quote") == 0,
		      "offer %s: price_kind %s", o->id, o->price_kind);
	ck_assert_msg(is_date(o->date), "offer %s: date %s", o->id, o->date);
	ck_assert_msg(o->price_per_hour > 0, "offer %s: price %g", o->id,
		      o->price_per_hour);
	/* the codes of hwdb/currencies.yaml */
	ck_assert_msg(strcmp(o->currency, "EUR") == 0 ||
			      strcmp(o->currency, "USD") == 0 ||
			      strcmp(o->currency, "CNY") == 0,
		      "offer %s: currency %s", o->id, o->currency);
	ck_assert_msg(o->gpu && o->link && o->count >= 1, "offer %s", o->id);
	ck_assert_msg(has_text(o->provider), "offer %s: provider", o->id);
	ck_assert_msg(o->billing_granularity_s >= 1, "offer %s: billing",
		      o->id);
}

START_TEST(every_offer_is_dated_and_priced)
{
	vfp_db *db = open_default_db();

	for (size_t i = 0; i < vfp_db_offer_count(db); i++)
		check_offer(vfp_db_offer_at(db, i));
	vfp_db_free(db);
}
END_TEST

static const vfp_offer *find_offer(const vfp_db *db, const char *provider,
				   const char *gpu, int count)
{
	for (size_t i = 0; i < vfp_db_offer_count(db); i++) {
		const vfp_offer *o = vfp_db_offer_at(db, i);
		if (strcmp(o->provider, provider) == 0 &&
		    strcmp(o->gpu->name, gpu) == 0 && o->count == count)
			return o;
	}
	return NULL;
}

static void check_seed_offer(const vfp_offer *o, double price)
{
	ck_assert_ptr_nonnull(o);
	ck_assert_rel(o->price_per_hour, price, 1e-12);
	ck_assert_str_eq(o->currency, "EUR");
	ck_assert_int_eq(o->billing_granularity_s, 60);
	ck_assert_int_eq(o->billing_minimum_s, 900);
	ck_assert_str_eq(o->price_kind, "sample");
}

/* The seed article's price points (VRAMfarm, 2026-11-12). */
START_TEST(seed_offers)
{
	vfp_db *db = open_default_db();

	check_seed_offer(find_offer(db, "VRAMfarm", "RTX4090", 4), 2.36);
	check_seed_offer(find_offer(db, "VRAMfarm", "H100-SXM", 8), 31.20);
	vfp_db_free(db);
}
END_TEST

/* AutoDL's CNY prices (hwdb/offers/autodl.yaml) convert at the ECB rate of
 * 2026-10-05, 7.5118 CNY per EUR: the A800 at 4.98 CNY/h is
 * 4.98 / 7.5118 = 0.66296 EUR/h. */
START_TEST(cny_offers_convert)
{
	vfp_db *db = open_default_db();
	const vfp_offer *a800 = find_offer(db, "AutoDL", "A800-PCIE", 1);
	const char *code, *date, *source;
	double per_eur = 0;
	int found = 0;

	for (size_t i = 0; i < vfp_db_currency_count(db); i++) {
		ck_assert_int_eq(vfp_db_currency_at(db, i, &code, &per_eur,
						    &date, &source), 0);
		if (strcmp(code, "CNY") == 0) {
			found = 1;
			break;
		}
	}
	ck_assert(found);
	ck_assert_str_eq(date, "2026-10-05");
	ck_assert_ptr_nonnull(a800);
	ck_assert_str_eq(a800->currency, "CNY");
	ck_assert_double_eq_tol(a800->price_per_hour / per_eur, 0.66296, 1e-5);
	vfp_db_free(db);
}
END_TEST

/* ---- names ---- */

static const char *const gpu_names[] = {
	"H100",	      "H100-SXM",     "H100-PCIE",    "H100-NVL",
	"H200",	      "H200-NVL",     "B200",	      "GH200",
	"A100-40",    "A100-80",      "A100-80-PCIE", "A100-40-PCIE",
	"A6000",      "RTX-A6000",    "A5000",	      "RTX6000-ADA",
	"RTX-PRO-6000", "L40S",	      "L4",	      "A10",
	"A40",	      "RTX3060",      "RTX3090",      "RTX4090",
	"4090",	      "RTX5090",      "MI300X",
};

static char *lower(char *buf, size_t len, const char *s)
{
	size_t i;

	for (i = 0; s[i] && i + 1 < len; i++)
		buf[i] = (char)tolower((unsigned char)s[i]);
	buf[i] = '\0';
	return buf;
}

START_TEST(gpu_names_resolve)
{
	vfp_db *db = open_default_db();
	const vfp_gpu *g = NULL, *h = NULL;
	vfp_error err;
	char buf[64];

	for (size_t i = 0; i < N_ELEMS(gpu_names); i++) {
		ck_assert_msg(vfp_db_find_gpu(&g, db, gpu_names[i], &err) == 0,
			      "%s: %s", gpu_names[i], err.message);
		ck_assert_msg(vfp_db_find_gpu(&h, db,
					      lower(buf, sizeof(buf),
						    gpu_names[i]),
					      &err) == 0 && g == h,
			      "%s in lower case", gpu_names[i]);
	}
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "h100", &err), 0);
	ck_assert_int_eq(vfp_db_find_gpu(&h, db, "H100-SXM", &err), 0);
	ck_assert_ptr_eq(g, h);
	ck_assert_str_eq(g->name, "H100-SXM");
	vfp_db_free(db);
}
END_TEST

static const char *const model_names[] = {
	"llama-2-7b",	 "llama-2-13b",	   "llama-2-70b",   "llama-3.1-8b",
	"llama-3.1-70b", "llama-3.1-405b", "llama-3.2-1b",  "llama-3.2-3b",
	"mistral-7b",	 "mixtral-8x7b",   "mixtral-8x22b", "qwen2.5-7b",
	"qwen2.5-14b",	 "qwen2.5-32b",	   "qwen2.5-72b",   "gemma-2-9b",
	"gemma-2-27b",	 "phi-3-mini",	   "deepseek-v3",   "gpt3-175b",
};

START_TEST(model_names_resolve)
{
	vfp_db *db = open_default_db();
	vfp_model m;
	vfp_error err;

	for (size_t i = 0; i < N_ELEMS(model_names); i++) {
		ck_assert_msg(vfp_db_find_model(&m, db, model_names[i],
						&err) == 0,
			      "%s: %s", model_names[i], err.message);
		ck_assert_str_eq(m.name, model_names[i]);
		ck_assert_msg(m.params > 0, "%s params", m.name);
	}
	ck_assert_int_eq(vfp_db_find_model(&m, db, "LLAMA-3.1-8B", &err), 0);
	ck_assert_str_eq(m.name, "llama-3.1-8b");
	ck_assert_int_eq(vfp_db_find_model(&m, db, "meta-llama/Llama-3.1-8B",
					   &err), 0);
	ck_assert_str_eq(m.name, "llama-3.1-8b");
	vfp_db_free(db);
}
END_TEST

START_TEST(unknown_names_suggest)
{
	vfp_db *db = open_default_db();
	const vfp_gpu *g = NULL;
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "H10O", &err),
			 VFP_ENOTFOUND);
	ck_assert_int_eq(err.code, VFP_ENOTFOUND);
	ck_assert_str_eq(err.message, "unknown GPU 'H10O' (did you mean "
				      "'H100'?); alike: H100-SXM, H100-SXM-96, "
				      "H100-PCIE, H100-NVL; 'vfplan gpus' lists "
				      "them");
	/* the start of several names: which of them */
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "V100", &err),
			 VFP_ENOTFOUND);
	ck_assert_str_eq(err.message, "unknown GPU 'V100' (did you mean "
				      "V100-SXM2-16GB, V100-SXM2-32GB, "
				      "V100-PCIE-16GB or V100-PCIE-32GB?); "
				      "'vfplan gpus' lists them");
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "rtx40", &err),
			 VFP_ENOTFOUND);
	ck_assert_str_eq(err.message, "unknown GPU 'rtx40' (did you mean "
				      "RTX4090, RTX4080, RTX4070TI or "
				      "RTX4070TI-SUPER?); 'vfplan gpus' "
				      "lists them");
	/* the start of several (the three RTX PRO 6000 editions): each */
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "RTX-PRO", &err),
			 VFP_ENOTFOUND);
	ck_assert_str_eq(err.message, "unknown GPU 'RTX-PRO' (did you mean "
				      "RTX-PRO-6000, RTX-PRO-6000-SERVER or "
				      "RTX-PRO-6000-MAXQ?); 'vfplan gpus' "
				      "lists them");
	/* the start of one: that one */
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "GTX1080", &err),
			 VFP_ENOTFOUND);
	ck_assert_str_eq(err.message, "unknown GPU 'GTX1080' (did you mean "
				      "'GTX1080TI'?); 'vfplan gpus' lists "
				      "them");
	ck_assert_int_eq(vfp_db_find_model(&m, db, "lama-3.1-8b", &err),
			 VFP_ENOTFOUND);
	ck_assert_str_eq(err.message,
			 "unknown model 'lama-3.1-8b' (did you mean "
			 "'llama-3.1-8b'?); try 'vfplan models', a size such "
			 "as 8B, or a config.json path");
	/* nothing close: no suggestion */
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "dishwasher", &err),
			 VFP_ENOTFOUND);
	ck_assert_str_eq(err.message, "unknown GPU 'dishwasher'; 'vfplan gpus' "
				      "lists them");
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "", &err), VFP_EINVAL);
	vfp_db_free(db);
}
END_TEST

/* ---- datasheet figures, in bytes, bytes/s and FLOP/s ---- */

static const vfp_gpu *gpu(const vfp_db *db, const char *name)
{
	const vfp_gpu *g = NULL;
	vfp_error err;

	ck_assert_msg(vfp_db_find_gpu(&g, db, name, &err) == 0, "%s: %s",
		      name, err.message);
	return g;
}

START_TEST(gpu_figures)
{
	vfp_db *db = open_default_db();
	const vfp_gpu *g = gpu(db, "H100-SXM");

	ck_assert_rel(g->bf16_flops, 989.4e12, 1e-12);
	ck_assert_rel(g->mem_bw_bytes_per_s, 3.35e12, 1e-12);
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(81559) << 20);
	ck_assert_int_eq(g->vram_measured, 1);
	ck_assert_uint_eq(gpu(db, "H200")->vram_bytes, UINT64_C(143771) << 20);
	g = gpu(db, "RTX4090");
	ck_assert_rel(g->bf16_flops, 165.2e12, 1e-12);
	ck_assert_int_eq(g->p2p, VFP_P2P_NO);
	/* no nvidia-smi reading: the label read as GiB */
	g = gpu(db, "A100-80");
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(80) << 30);
	ck_assert_int_eq(g->vram_measured, 0);
	vfp_db_free(db);
}
END_TEST

/* Issue 41's workstation, consumer and edge rows, each figure worked from
 * its datasheet (the arithmetic in the comments; the sources in hwdb). */
START_TEST(gpu_figures_workstation_edge)
{
	vfp_db *db = open_default_db();
	const vfp_gpu *g = gpu(db, "RTX-PRO-6000");

	/* 188 SMs x 1,024 FLOP/clk x 2.617 GHz = 503.8, full rate */
	ck_assert_rel(g->bf16_flops, 188 * 1024 * 2.617e9, 1e-3);
	ck_assert_int_eq(g->half_rate_fp32_acc, 0);
	ck_assert_double_eq(g->tdp_w, 600);
	/* Server Edition: the brief's 2.430 GHz boost, 1,597 GB/s */
	g = gpu(db, "RTX-PRO-6000-SERVER");
	ck_assert_rel(g->bf16_flops, 188 * 1024 * 2.430e9, 1e-3);
	ck_assert_rel(g->mem_bw_bytes_per_s, 1597e9, 1e-12);
	/* Max-Q: 3,511 AI TOPS (FP4 sparse) / 8 = 438.9 at 300 W */
	g = gpu(db, "RTX-PRO-6000-MAXQ");
	ck_assert_rel(g->bf16_flops, 3511e12 / 8, 1e-3);
	ck_assert_rel(g->fp4_flops, 3511e12 / 2, 1e-3);
	ck_assert_double_eq(g->tdp_w, 300);
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(97887) << 20);
	/* GeForce: FP32 accumulate at half the FP16-accumulate rate:
	 * RTX 4070 Ti 240 TCs x 256 x 2.61 GHz = 160.4, half 80.2 */
	g = gpu(db, "RTX4070TI");
	ck_assert_rel(2 * g->bf16_flops, 240 * 256 * 2.61e9, 1e-3);
	ck_assert_int_eq(g->half_rate_fp32_acc, 1);
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(12282) << 20);
	/* 4070 Ti SUPER 264 x 256 x 2.61 GHz = 176.4, half 88.2 */
	ck_assert_rel(2 * gpu(db, "RTX4070TI-SUPER")->bf16_flops,
		      264 * 256 * 2.61e9, 1e-3);
	/* RTX 5060 Ti: 759 AI TOPS / 8 = 94.9 with FP16 accumulate, half
	 * 47.4; FP4 dense 759 / 2; an x8 card */
	g = gpu(db, "RTX5060TI");
	ck_assert_rel(2 * g->bf16_flops, 759e12 / 8, 2e-3);
	ck_assert_rel(g->fp4_flops, 759e12 / 2, 1e-3);
	ck_assert_int_eq(g->pcie_lanes, 8);
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(16311) << 20);
	ck_assert_rel(gpu(db, "RTX5060TI-8GB")->vram_label_gb, 8, 1e-12);
	/* GTX 1080 Ti: 3,584 x 2 x 1.582 GHz = 11.34 FP32; fp16 GEMMs at
	 * that rate (cuBLAS computes in FP32), bf16 emulated, slower */
	g = gpu(db, "GTX1080TI");
	ck_assert_str_eq(g->arch, "pascal");
	ck_assert_rel(g->fp32_flops, 3584 * 2 * 1.582e9, 1e-2);
	ck_assert_rel(g->fp16_flops, g->fp32_flops, 1e-12);
	ck_assert(g->bf16_flops < g->fp16_flops);
	ck_assert(!(g->fp8_flops > 0));
	/* GB10: 1 PFLOP FP4 sparse / 8 = 125; CUDA's 121.69 GiB */
	g = gpu(db, "GB10");
	ck_assert_int_eq(g->unified_memory, 1);
	ck_assert_rel(g->bf16_flops, 1e15 / 8, 1e-12);
	ck_assert_rel(g->mem_bw_bytes_per_s, 273e9, 1e-12);
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(124610) << 20);
	/* Jetson Thor: 2,070 FP4 TFLOPS sparse / 2 = 1,035 dense */
	g = gpu(db, "JETSON-THOR");
	ck_assert_int_eq(g->unified_memory, 1);
	ck_assert_rel(g->fp4_flops, 2070e12 / 2, 1e-12);
	ck_assert_int_eq(gpu(db, "RTX4090")->unified_memory, 0);
	vfp_db_free(db);
}
END_TEST

/* ---- bad data: file, line, column and message ---- */

#define MODEL_BODY                                                         \
	"    family: llama\n"                                              \
	"    layers: 16\n"                                                 \
	"    hidden: 2048\n"                                               \
	"    heads: 32\n"                                                  \
	"    kv_heads: 8\n"                                                \
	"    ffn: 8192\n"                                                  \
	"    mlp: gated\n"                                                 \
	"    vocab: 128256\n"                                              \
	"    tied_embeddings: true\n"                                      \
	"    norm: rmsnorm\n"                                              \
	"    max_context: 8192\n"                                          \
	"    card_params: 1.24e9\n"                                        \
	"    source: \"test\"\n"

#define GPU_BODY(link)                                                     \
	"    vendor: test\n"                                               \
	"    arch: test\n"                                                 \
	"    form: sxm\n"                                                  \
	"    memory_label: \"80 GB\"\n"                                    \
	"    vram_label_gb: 80\n"                                          \
	"    mem_bw_gbs: 3000\n"                                           \
	"    bf16_tflops: 900\n"                                           \
	"    fp16_tflops: 900\n"                                           \
	"    fp32_tflops: 60\n"                                            \
	"    pcie_gen: 5\n"                                                \
	"    pcie_lanes: 16\n"                                             \
	"    p2p: \"yes\"\n"                                               \
	"    tdp_w: 700\n"                                                 \
	"    default_link: " link "\n"                                     \
	"    source: \"test\"\n"

/* A valid database: the cases below add one file to it. */
static const char base_yaml[] =
	"schema: 1\n"
	"defaults:\n"
	"  - cuda_reserve_mib: 1024\n"
	"    allocator_slack: 0.05\n"
	"    memory_error_band: 0.14\n"
	"    matmul_efficiency: 0.75\n"
	"    time_error_band: 0.25\n"
	"    source: \"test\"\n"
	"links:\n"
	"  - name: test-link\n"
	"    kind: nvlink\n"
	"    bw_uni_gbs: 450\n"
	"    source: \"test\"\n"
	"gpus:\n"
	"  - name: TG-80\n"
	"    aliases: [TG]\n" GPU_BODY("test-link")
	"models:\n"
	"  - name: tiny-1b\n"
	"    aliases: [tiny]\n" MODEL_BODY;

/* A minimal offer of the base file's GPU, with a given id. */
#define OFFER_TEXT(id)                                                      \
	"schema: 1\noffers:\n  - id: " id "\n    provider: test\n"          \
	"    gpu: TG-80\n    count: 8\n    price_per_hour: 10\n"            \
	"    currency: EUR\n    billing_granularity_s: 60\n"                \
	"    price_kind: sample\n    date: \"2026-11-12\"\n    source: test\n"

/* The same, one offer of a list, its id a %s. */
#define OFFER_TEXT_BODY                                                     \
	"  - id: %s\n    provider: test\n"                                 \
	"    gpu: TG-80\n    count: 8\n    price_per_hour: 10\n"            \
	"    currency: EUR\n    billing_granularity_s: 60\n"                \
	"    price_kind: sample\n    date: \"2026-11-12\"\n    source: test\n"

/* A framework with one setting, its key, value and commit given. */
#define FRAMEWORK_TEXT(key, value, commit)                                 \
	"schema: 1\nframeworks:\n  - name: tstack\n    title: t\n"          \
	"    source: t\nframework_settings:\n  - framework: tstack\n"      \
	"    key: " key "\n    value: " value "\n    repo: o/r\n"            \
	"    file: f.py\n    commit: " commit "\n    says: s\n"

typedef struct bad_case {
	const char *what;
	int with_base;     /* add base.yaml first */
	const char *text;  /* added as t.yaml */
	const char *text2; /* then added as u.yaml, when set */
	int code;
	const char *file;
	unsigned line, column;
	const char *message;
} bad_case;

static const bad_case bad_cases[] = {
	{"yaml syntax", 0, "schema: 1\nmodels: [\n", NULL, VFP_EPARSE,
	 "t.yaml", 3, 1,
	 "did not find expected node content while parsing a flow node"},
	{"empty file", 0, "", NULL, VFP_ESCHEMA, "t.yaml", 1, 1,
	 "empty file (expected 'schema: 1')"},
	{"not a mapping", 0, "- 1\n", NULL, VFP_ESCHEMA, "t.yaml", 1, 1,
	 "expected a mapping with 'schema: 1'"},
	{"no schema", 0, "models: []\n", NULL, VFP_ESCHEMA, "t.yaml", 1, 1,
	 "missing 'schema: 1'"},
	{"schema 2", 0, "schema: 2\n", NULL, VFP_ESCHEMA, "t.yaml", 1, 9,
	 "unsupported schema (this vfplan reads schema 1)"},
	{"unknown top-level key", 0, "schema: 1\nmodel: []\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 2, 1,
	 "unknown key 'model' (did you mean 'models'?)"},
	{"list is a mapping", 0, "schema: 1\nmodels: {}\n", NULL, VFP_ESCHEMA,
	 "t.yaml", 2, 9, "'models' must be a list of records"},
	{"unknown record key", 0,
	 "schema: 1\ngpus:\n  - name: X\n    bf16_tflop: 900\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 4, 5,
	 "unknown key 'bf16_tflop' (did you mean 'bf16_tflops'?)"},
	{"wrong type", 0, "schema: 1\nmodels:\n  - name: x\n    layers: many\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 4, 13,
	 "'layers' must be a non-negative integer, not 'many'"},
	{"negative number", 0,
	 "schema: 1\nlinks:\n  - name: l\n    bw_uni_gbs: -5\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 4, 17,
	 "'bw_uni_gbs' must be a non-negative number, not '-5'"},
	{"bool", 0,
	 "schema: 1\nmodels:\n  - name: x\n    tied_embeddings: maybe\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 4, 22,
	 "'tied_embeddings' must be true or false, not 'maybe'"},
	{"enum", 0, "schema: 1\nmodels:\n  - name: x\n    mlp: swiglu\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 4, 10, "'mlp' has an unknown value 'swiglu' (expected gated or plain)"},
	{"aliases not a list", 0,
	 "schema: 1\nmodels:\n  - name: x\n    aliases: y\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 4, 14, "'aliases' must be a list"},
	{"missing required key", 0,
	 "schema: 1\nlinks:\n  - name: l\n    kind: nvlink\n    source: s\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 3, 5,
	 "missing required key 'bw_uni_gbs'"},
	{"duplicate key", 0, "schema: 1\nlinks:\n  - name: l\n    name: m\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 4, 5, "duplicate key 'name'"},
	{"second defaults", 1,
	 "schema: 1\ndefaults:\n  - cuda_reserve_mib: 1\n    "
	 "allocator_slack: 0\n    memory_error_band: 0\n    "
	 "matmul_efficiency: 1\n    time_error_band: 0\n    source: s\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 3, 5, "a second 'defaults' record"},
	{"duplicate model across files", 1,
	 "schema: 1\nmodels:\n  - name: other-1b\n" MODEL_BODY,
	 "schema: 1\nmodels:\n  - name: OTHER-1B\n" MODEL_BODY, VFP_ESCHEMA,
	 "u.yaml", 3, 5, "duplicate model 'OTHER-1B'"},
	{"duplicate offer across files (a user's catalog)", 1,
	 OFFER_TEXT("my-8x"), OFFER_TEXT("MY-8X"), VFP_ESCHEMA, "u.yaml", 3,
	 5, "duplicate offer 'MY-8X'"},
	{"duplicate alias", 1,
	 "schema: 1\nmodels:\n  - name: other-1b\n    aliases: [TINY]\n"
	 MODEL_BODY, NULL, VFP_ESCHEMA, "t.yaml", 4, 15,
	 "duplicate alias 'TINY'"},
	{"duplicate gpu", 1,
	 "schema: 1\ngpus:\n  - name: tg-80\n" GPU_BODY("test-link"), NULL,
	 VFP_ESCHEMA, "t.yaml", 3, 5, "duplicate gpu 'tg-80'"},
	{"offer with unknown gpu", 1,
	 "schema: 1\n"
	 "offers:\n"
	 "  - id: t-offer\n"
	 "    provider: test\n"
	 "    gpu: TG-81\n"
	 "    count: 8\n"
	 "    price_per_hour: 10\n"
	 "    currency: EUR\n"
	 "    billing_granularity_s: 60\n"
	 "    price_kind: sample\n"
	 "    date: \"2026-11-12\"\n"
	 "    source: test\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 3, 5, "gpu: unknown GPU 'TG-81' (did you mean 'TG-80'?)"},
	{"gpu with unknown default_link", 1,
	 "schema: 1\ngpus:\n  - name: TG-2\n" GPU_BODY("nvlink9"), NULL,
	 VFP_ESCHEMA, "t.yaml", 3, 5, "default_link: unknown link 'nvlink9'"},
	{"no defaults record", 0, "schema: 1\n", NULL, VFP_ESCHEMA, "", 0, 0,
	 "no 'defaults' record found in the data's hwdb/ directory (the "
	 "embedded data has one: leave out --data, or copy "
	 "hwdb/defaults.yaml from the source tree)"},
	/* framework profiles: each setting a known key with a value of its
	 * kind, from a named framework, at a commit */
	{"framework setting: unknown key", 1,
	 FRAMEWORK_TEXT("ckpts", "full", "0123abc"), NULL, VFP_ESCHEMA,
	 "t.yaml", 7, 5,
	 "unknown setting 'ckpts' (did you mean 'ckpt'?) (or an "
	 "informational ds_*, mg_* or info_* key)"},
	{"framework setting: bad value", 1,
	 FRAMEWORK_TEXT("ckpt", "every:0", "0123abc"), NULL, VFP_ESCHEMA,
	 "t.yaml", 7, 5,
	 "ckpt: checkpointing 'every:0': every:K needs a whole number K "
	 "from 1 to 1024 (every:2 checkpoints one block in two)"},
	{"framework setting: bad boolean", 1,
	 FRAMEWORK_TEXT("compile", "often", "0123abc"), NULL, VFP_ESCHEMA,
	 "t.yaml", 7, 5, "compile: expected true or false, not 'often'"},
	{"framework setting: not a commit", 1,
	 FRAMEWORK_TEXT("ckpt", "full", "main"), NULL, VFP_ESCHEMA, "t.yaml",
	 7, 5, "commit 'main' is not 7 to 40 hexadecimal digits"},
	{"framework setting: unknown framework", 1,
	 "schema: 1\nframeworks:\n  - name: tstack\n    title: t\n"
	 "    source: t\nframework_settings:\n  - framework: tstak\n"
	 "    key: ckpt\n    value: full\n    repo: o/r\n    file: f.py\n"
	 "    commit: 0123abc\n    says: s\n", NULL, VFP_ESCHEMA, "t.yaml", 7,
	 5, "unknown framework 'tstak' (did you mean 'tstack'?)"},
	{"framework setting: twice", 1,
	 FRAMEWORK_TEXT("ckpt", "full", "0123abc")
	 "  - framework: tstack\n    key: ckpt\n    value: none\n"
	 "    repo: o/r\n    file: f.py\n    commit: 0123abc\n    says: s\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 14, 5,
	 "framework 'tstack' sets 'ckpt' twice for one version "
	 "(since/until overlap)"},
	{"framework setting: ranges overlap", 1,
	 FRAMEWORK_TEXT("ckpt", "full", "0123abc")
	 "  - framework: tstack\n    key: ckpt\n    value: none\n"
	 "    until: '2025.02'\n"
	 "    repo: o/r\n    file: f.py\n    commit: 0123abc\n    says: s\n",
	 NULL, VFP_ESCHEMA, "t.yaml", 14, 5,
	 "framework 'tstack' sets 'ckpt' twice for one version "
	 "(since/until overlap)"},
	{"framework setting: since after until", 1,
	 "schema: 1\nframeworks:\n  - name: tstack\n    title: t\n"
	 "    source: t\nframework_settings:\n  - framework: tstack\n"
	 "    key: ckpt\n    value: full\n    since: '2025.03'\n"
	 "    until: '2025.02.28'\n    repo: o/r\n    file: f.py\n"
	 "    commit: 0123abc\n    says: s\n", NULL, VFP_ESCHEMA, "t.yaml", 7,
	 5, "since '2025.03' is not before until '2025.02.28'"},
	{"framework setting: bad version", 1,
	 "schema: 1\nframeworks:\n  - name: tstack\n    title: t\n"
	 "    source: t\nframework_settings:\n  - framework: tstack\n"
	 "    key: ckpt\n    value: full\n    since: 'march'\n"
	 "    repo: o/r\n    file: f.py\n"
	 "    commit: 0123abc\n    says: s\n", NULL, VFP_ESCHEMA, "t.yaml", 7,
	 5, "since 'march' is not a version like 1.6.0 or 2025.04"},
	/* hwdb/gemm_efficiency.yaml's rows (src/db/gemm_table.c) */
	{"gemm table: unknown GPU", 1,
	 "schema: 1\ngemm_efficiency:\n  - {gpu: TG-81, precision: bf16, "
	 "kind: best, m: 1, n: 1, k: 1, tflops: 1, source: s}\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 3, 5,
	 "gemm_efficiency: gpu: unknown GPU 'TG-81' (did you mean 'TG-80'?)"},
	{"gemm table: fp8 row", 1,
	 "schema: 1\ngemm_efficiency:\n  - {gpu: TG, precision: fp8, "
	 "kind: best, m: 1, n: 1, k: 1, tflops: 1, source: s}\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 3, 5,
	 "gemm_efficiency: precision must be bf16 (FP8 GEMMs take "
	 "defaults.fp8_gemm_share)"},
	{"gemm table: above the peak", 1,
	 "schema: 1\ngemm_efficiency:\n  - {gpu: TG, precision: bf16, "
	 "kind: best, m: 1, n: 1, k: 1, tflops: 901, source: s}\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 3, 5,
	 "gemm_efficiency: tflops above the GPU's bf16 peak"},
	{"gemm table: two best rows", 1,
	 "schema: 1\ngemm_efficiency:\n  - {gpu: TG, precision: bf16, "
	 "kind: best, m: 1, n: 1, k: 1, tflops: 1, source: s}\n"
	 "  - {gpu: TG-80, precision: bf16, "
	 "kind: best, m: 1, n: 1, k: 2, tflops: 1, source: s}\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 4, 5,
	 "gemm_efficiency: a second best row for one GPU"},
	{"gemm table: one k twice", 1,
	 "schema: 1\ngemm_efficiency:\n  - {gpu: TG, precision: bf16, "
	 "kind: shape, m: 1, n: 1, k: 8, tflops: 1, source: s}\n"
	 "  - {gpu: TG, precision: bf16, "
	 "kind: shape, m: 2, n: 1, k: 8, tflops: 2, source: s}\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 4, 5,
	 "gemm_efficiency: two shapes of one GPU with the same k"},
	{"gemm table: bad kind", 1,
	 "schema: 1\ngemm_efficiency:\n  - {gpu: TG, precision: bf16, "
	 "kind: mean, m: 1, n: 1, k: 8, tflops: 1, source: s}\n", NULL,
	 VFP_ESCHEMA, "t.yaml", 3, 5,
	 "gemm_efficiency: kind must be best or shape"},
	{"framework setting: no file", 1,
	 "schema: 1\nframeworks:\n  - name: tstack\n    title: t\n"
	 "    source: t\nframework_settings:\n  - framework: tstack\n"
	 "    key: ckpt\n    value: full\n    repo: o/r\n"
	 "    commit: 0123abc\n    says: s\n", NULL, VFP_ESCHEMA, "t.yaml", 7,
	 5, "missing required key 'file'"},
};

static int add_text(vfp_db *db, const char *name, const char *text,
		    vfp_error *err)
{
	return vfp_db_add_buffer(db, name, text, strlen(text), err);
}

static int load_case(const bad_case *c, vfp_error *err)
{
	vfp_db *db = NULL;
	int rc;

	ck_assert_int_eq(vfp_db_new(&db, err), 0);
	if (c->with_base)
		ck_assert_int_eq(add_text(db, "base.yaml", base_yaml, err), 0);
	rc = add_text(db, "t.yaml", c->text, err);
	if (rc == 0 && c->text2)
		rc = add_text(db, "u.yaml", c->text2, err);
	if (rc == 0)
		rc = vfp_db_finish(db, err);
	vfp_db_free(db);
	return rc;
}

/* hwdb/gemm_efficiency.yaml loaded onto its GPUs at finish: a best row
 * is tflops / bf16 peak (B200: 1745.0 / 2250 = 0.77556; MI300X: 668.4 /
 * 1307.4 = 0.51124), shape rows sorted by k (GH200: 821.0 / 989 =
 * 0.83013 at k 1536, 831.7 / 989 = 0.84095 at k 15872); the H20 has no
 * row. */
START_TEST(gemm_table_loaded)
{
	vfp_db *db = open_source_db();
	const vfp_gpu *b200 = gpu(db, "B200"), *mi = gpu(db, "MI300X");
	const vfp_gpu *gh = gpu(db, "GH200"), *h20 = gpu(db, "H20");

	ck_assert_double_eq_tol(b200->gemm_best, 1745.0 / 2250, 1e-9);
	ck_assert_int_eq(b200->gemm_points, 0);
	ck_assert_double_eq_tol(mi->gemm_best, 0.51124, 1e-5);
	ck_assert_int_eq(gh->gemm_points, 2);
	ck_assert_double_eq(gh->gemm_k[0], 1536);
	ck_assert_double_eq(gh->gemm_k[1], 15872);
	ck_assert_double_eq_tol(gh->gemm_eff[0], 0.83013, 1e-5);
	ck_assert_double_eq_tol(gh->gemm_eff[1], 0.84095, 1e-5);
	ck_assert_double_eq(h20->gemm_best, 0);
	ck_assert_int_eq(h20->gemm_points, 0);
	vfp_db_free(db);
}
END_TEST

START_TEST(bad_data)
{
	const bad_case *c = &bad_cases[_i];
	vfp_error err;
	int rc;

	memset(&err, 0, sizeof(err));
	rc = load_case(c, &err);
	ck_assert_msg(rc == c->code, "%s: rc %d, expected %d (%s)", c->what,
		      rc, c->code, err.message);
	ck_assert_int_eq(err.code, c->code);
	ck_assert_msg(strcmp(err.message, c->message) == 0,
		      "%s: message '%s', expected '%s'", c->what, err.message,
		      c->message);
	ck_assert_msg(strcmp(err.file, c->file) == 0 &&
			      err.line == c->line && err.column == c->column,
		      "%s: at %s:%u:%u, expected %s:%u:%u", c->what, err.file,
		      err.line, err.column, c->file, c->line, c->column);
}
END_TEST

START_TEST(base_is_valid)
{
	vfp_db *db = NULL;
	const vfp_gpu *g = NULL;
	vfp_model m;
	vfp_error err;

	ck_assert_int_eq(vfp_db_new(&db, &err), 0);
	ck_assert_int_eq(add_text(db, "base.yaml", base_yaml, &err), 0);
	ck_assert_msg(vfp_db_finish(db, &err) == 0, "%s", err.message);
	ck_assert_int_eq(vfp_db_find_gpu(&g, db, "tg", &err), 0);
	ck_assert_str_eq(g->name, "TG-80");
	ck_assert_uint_eq(g->vram_bytes, UINT64_C(80) << 30);
	ck_assert_int_eq(vfp_db_find_model(&m, db, "TINY", &err), 0);
	ck_assert_str_eq(m.name, "tiny-1b");
	vfp_db_free(db);
}
END_TEST

/* In a catalog of 5,000 offers a repeated id is still reported where it
 * is repeated first (file:line:column), case aside, and every id is found
 * by its name. */
START_TEST(duplicate_in_a_big_catalog)
{
	size_t cap = 5000 * 200 + 64, n = 0;
	char *text = malloc(cap);
	vfp_db *db = NULL;
	const vfp_gpu *g;
	vfp_error err;
	vfp_job j;
	vfp_plan_result *r = malloc(sizeof(*r));

	for (int pass = 0; pass < 2; pass++) {
		n = (size_t)snprintf(text, cap, "schema: 1\noffers:\n");
		for (int k = 0; k < 5000; k++) {
			char id[32];
			/* offers 3000 and 4000 repeat 1234 and 10 */
			snprintf(id, sizeof(id), pass == 0 ? "o-%d"
				 : k == 3000 ? "O-1234" : k == 4000 ? "o-10"
				 : "o-%d", k);
			n += (size_t)snprintf(text + n, cap - n, OFFER_TEXT_BODY,
					      id);
		}
		ck_assert_int_eq(vfp_db_new(&db, &err), 0);
		ck_assert_int_eq(add_text(db, "base.yaml", base_yaml, &err), 0);
		ck_assert_int_eq(vfp_db_add_buffer(db, "big.yaml", text, n, &err),
				 0);
		if (pass == 0) {
			ck_assert_msg(vfp_db_finish(db, &err) == 0, "%s",
				      err.message);
			ck_assert_int_eq(vfp_db_find_gpu(&g, db, "TG", &err),
					 0);
			vfp_job_init(&j);
			j.model = "tiny";
			j.offer = "O-4999";
			ck_assert_msg(vfp_plan(r, db, &j, &err) == 0, "%s",
				      err.message);
			ck_assert_str_eq(r->cost.offer->id, "o-4999");
		} else {
			ck_assert_int_eq(vfp_db_finish(db, &err), VFP_ESCHEMA);
			ck_assert_str_eq(err.message, "duplicate offer 'O-1234'");
			ck_assert_str_eq(err.file, "big.yaml");
			ck_assert_uint_eq(err.line, 3 + 10 * 3000);
			ck_assert_uint_eq(err.column, 5);
		}
		vfp_db_free(db);
	}
	free(r);
	free(text);
}
END_TEST

/* An alias must not shadow another record's canonical name: find_index()
 * tries canonical names first, so such an alias is silently dead. */
START_TEST(alias_equal_to_a_name)
{
	bad_case c = {"alias equal to a name", 1,
		      "schema: 1\nmodels:\n  - name: other-1b\n"
		      "    aliases: [tiny-1b]\n" MODEL_BODY,
		      NULL, VFP_ESCHEMA, "t.yaml", 4, 15,
		      "duplicate alias 'tiny-1b'"};
	vfp_error err;

	ck_assert_int_eq(load_case(&c, &err), VFP_ESCHEMA);
	ck_assert_str_eq(err.message, c.message);
}
END_TEST

/* ---- bad data directories ---- */

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && strcmp(s + n - m, suffix) == 0;
}

START_TEST(broken_yaml_dir)
{
	vfp_db *db = (vfp_db *)&db;
	vfp_error err;

	ck_assert_int_eq(vfp_db_open(&db, VFP_TEST_DATA "/bad/broken-yaml",
				     &err), VFP_EPARSE);
	ck_assert_ptr_null(db);
	ck_assert_int_eq(err.code, VFP_EPARSE);
	ck_assert_msg(ends_with(err.file,
				"/bad/broken-yaml/models/broken.yaml"),
		      "file %s", err.file);
	ck_assert_uint_eq(err.line, 10);
	ck_assert_uint_eq(err.column, 4);
	ck_assert_str_eq(err.message, "did not find expected '-' indicator "
				      "while parsing a block collection");
}
END_TEST

START_TEST(typo_key_dir)
{
	vfp_db *db = NULL;
	vfp_error err;
	char text[640];

	ck_assert_int_eq(vfp_db_open(&db, VFP_TEST_DATA "/bad/typo-key", &err),
			 VFP_ESCHEMA);
	ck_assert_msg(ends_with(err.file, "/bad/typo-key/hwdb/gpus/typo.yaml"),
		      "file %s", err.file);
	ck_assert_uint_eq(err.line, 8);
	ck_assert_uint_eq(err.column, 5);
	ck_assert_str_eq(err.message,
			 "unknown key 'vram_mb' (did you mean 'vram_mib'?)");
	vfp_error_format(&err, text, sizeof(text));
	ck_assert_msg(ends_with(text, "typo.yaml:8:5: unknown key 'vram_mb' "
				      "(did you mean 'vram_mib'?)"),
		      "%s", text);
}
END_TEST

START_TEST(missing_dir)
{
	vfp_db *db = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_open(&db, VFP_TEST_DATA "/bad/no-such-dir",
				     &err), VFP_EIO);
	ck_assert_ptr_null(db);
	ck_assert_int_eq(err.code, VFP_EIO);
	ck_assert_msg(strstr(err.message, "cannot read directory ") ==
			      err.message &&
		      strstr(err.message, "/bad/no-such-dir/models"),
		      "%s", err.message);
	ck_assert_int_eq(vfp_db_open(&db, NULL, &err), VFP_EINVAL);
}
END_TEST

/* A directory without a .yaml file: qsort(NULL, 0, ...) was undefined
 * behaviour (UBSan aborted); now nothing to add, and a missing record
 * said in one line (tests/data/crashes/no-yaml). */
START_TEST(no_yaml_dir)
{
	vfp_db *db = NULL;
	vfp_error err;

	ck_assert_int_eq(vfp_db_open(&db, VFP_TEST_DATA "/crashes/no-yaml",
				     &err), VFP_ESCHEMA);
	ck_assert_ptr_null(db);
	ck_assert_ptr_nonnull(strstr(err.message, "no 'defaults' record"));
	ck_assert_int_eq(vfp_db_new(&db, &err), 0);
	ck_assert_int_eq(vfp_db_add_path(db, VFP_TEST_DATA "/crashes/no-yaml/"
					 "models", &err), 0);
	vfp_db_free(db);
}
END_TEST

/* A sparse file of `size` bytes named `name` in dir; its path in buf. */
static const char *sparse(char *buf, size_t len, const char *dir,
			  const char *name, off_t size)
{
	FILE *f;

	snprintf(buf, len, "%s/%s", dir, name);
	f = fopen(buf, "wb");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(truncate(buf, size), 0);
	return buf;
}

static void refused(int rc, const vfp_error *err, const char *path,
		    const char *what)
{
	char line[768], want[768];

	ck_assert_int_ne(rc, 0);
	vfp_error_format(err, line, sizeof(line));
	snprintf(want, sizeof(want), "%s: %s", path, what);
	ck_assert_str_eq(line, want);
}

/* Each reader of a user's file states its limit and refuses past it in
 * one line, before reading it whole; a directory is not a file. */
START_TEST(file_size_limits)
{
	char dir[] = "/tmp/vfplan-check-db-XXXXXX", path[256];
	vfp_calibration *cal = vfp_calibration_new();
	vfp_calib_raw *raw = NULL;
	vfp_db *db = open_default_db();
	vfp_model m;
	vfp_error err;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	/* the 100 MB file: refused before libyaml's tree (~25 x) */
	sparse(path, sizeof(path), dir, "offers.yaml", (off_t)100000000);
	refused(vfp_db_add_path(db, path, &err), &err, path, "larger than 64 "
		"MiB, the most vfplan reads of a data or offers file");
	unlink(path);
	sparse(path, sizeof(path), dir, "config.json", ((off_t)64 << 20) + 1);
	refused(vfp_model_load_file(&m, path, &err), &err, path, "larger than "
		"64 MiB, the most vfplan reads of a model file");
	unlink(path);
	sparse(path, sizeof(path), dir, "cal.yaml", ((off_t)16 << 20) + 1);
	refused(vfp_calibration_add_file(cal, db, path, &err), &err, path,
		"larger than 16 MiB, the most vfplan reads of a calibration "
		"file");
	refused(vfp_calib_raw_load(&raw, path, &err), &err, path, "larger "
		"than 16 MiB, the most vfplan reads of vfcalib output");
	unlink(path);
	refused(vfp_calibration_add_file(cal, db, dir, &err), &err, dir,
		"a directory, not a calibration file");
	ck_assert_int_eq(rmdir(dir), 0);
	vfp_calibration_free(cal);
	vfp_db_free(db);
}
END_TEST

static Suite *db_suite(void)
{
	Suite *s = suite_create("db");
	TCase *t = tcase_create("shipped");
	TCase *b = tcase_create("bad");

	tcase_set_timeout(t, 60);
	tcase_add_test(t, default_db_loads);
	tcase_add_test(t, source_tree_matches_embedded);
	tcase_add_test(t, every_record_has_a_source);
	tcase_add_test(t, every_record_has_a_year);
	tcase_add_test(t, every_offer_is_dated_and_priced);
	tcase_add_test(t, cny_offers_convert);
	tcase_add_test(t, seed_offers);
	tcase_add_test(t, gpu_names_resolve);
	tcase_add_test(t, model_names_resolve);
	tcase_add_test(t, unknown_names_suggest);
	tcase_add_test(t, gpu_figures);
	tcase_add_test(t, gemm_table_loaded);
	tcase_add_test(t, gpu_figures_workstation_edge);
	suite_add_tcase(s, t);
	tcase_add_test(b, base_is_valid);
	tcase_add_loop_test(b, bad_data, 0, (int)N_ELEMS(bad_cases));
	tcase_add_test(b, alias_equal_to_a_name);
	tcase_add_test(b, duplicate_in_a_big_catalog);
	tcase_add_test(b, broken_yaml_dir);
	tcase_add_test(b, typo_key_dir);
	tcase_add_test(b, missing_dir);
	tcase_add_test(b, no_yaml_dir);
	tcase_add_test(b, file_size_limits);
	suite_add_tcase(s, b);
	return s;
}

VFP_CHECK_MAIN(db_suite)
