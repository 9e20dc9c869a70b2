/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * validate_image.c - vfplan's image plans against published measurements
 * (tests/data/measured/image-cases.yaml): peak memory, seconds per image,
 * seconds per step and per training step, each predicted from the case's
 * stated conditions and compared with the figure. A case whose condition
 * vfplan does not model (int8, a dropped T5, an unknown
 * GPU) is listed as skipped, with why; a requirement ("fits in 24 GB") is
 * checked as the inequality it states.
 *
 *   validate_image CASES.yaml [--check MEMORY_MEDIAN SPEED_MEDIAN
 *                              [BROKEN [NOFIT]]]
 *
 * With --check the exit status is 1 when a median |error| (a fraction)
 * is above its bound, or a requirement is broken. A case the reader
 * cannot take (a field, a pipeline, a placement or a GPU vfplan does not
 * know yet: held-out files name them before vfplan does) is skipped with
 * its reason, never an error. The summaries go by pipeline and by source
 * (validate_image_report.c).
 */
#include "validate_cases.h"
#include "validate_image_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct image_case {
	char id[96], pipeline[48], gpu[48], quant[16], text_quant[16];
	char placement[24], measure[24], unit[8], what[160], attention[16];
	char bound[8], confidence[8], tool[24], optimizer[24], compute[8];
	char vae[16], source[512], compile_mode[32], text_offload[8];
	char vae_offload[8];
	double value, torch, persistent_params;
	int64_t gpus, width, height, steps, batch, frames, vae_tile, compile;
	int64_t vae_slicing, lora_rank, train_batch, ckpt, cache_latents;
	int64_t cache_text, fp8_base, grad_accum, text_cpu, max_sequence_length;
	int64_t text_precomputed, quantized_on_gpu, channels_last;
	int64_t cfg, lora_unfused, use_stream, num_blocks_per_group;
	int64_t blocks_to_swap, adapter_rank, adapter_convs;
	uint64_t seen; /* bit i: case_fields[i] given */
} image_case;

#define C(k) {#k, F_CHARS, offsetof(image_case, k), \
	       sizeof(((image_case *)0)->k), 0, 0, NULL}
#define I(k) {#k, F_I64, offsetof(image_case, k), 0, 0, 0, NULL}
#define TEXT(k) {#k, F_SKIP, 0, 0, 0, 0, NULL}
static const field case_fields[] = {
	C(id), C(pipeline), C(gpu), C(quant), C(text_quant), C(placement),
	C(measure), C(unit), C(what), C(attention), C(bound), C(confidence),
	C(tool), C(optimizer), C(compute), C(vae), C(source), C(compile_mode),
	C(text_offload), C(vae_offload),
	{"value", F_NUM, offsetof(image_case, value), 0, 1, 0, NULL},
	{"torch", F_NUM, offsetof(image_case, torch), 0, 0, 0, NULL},
	{"persistent_params", F_NUM, offsetof(image_case, persistent_params),
	 0, 0, 0, NULL},
	I(gpus), I(width), I(height), I(steps), I(batch), I(frames),
	I(vae_tile), I(compile), I(vae_slicing), I(lora_rank), I(train_batch),
	I(ckpt), I(cache_latents), I(cache_text), I(fp8_base), I(grad_accum),
	I(text_cpu), I(max_sequence_length), I(text_precomputed),
	I(quantized_on_gpu), I(channels_last), I(cfg), I(lora_unfused),
	I(use_stream), I(num_blocks_per_group), I(blocks_to_swap),
	I(adapter_rank), I(adapter_convs),
	TEXT(quote), TEXT(notes),
};
#undef C
#undef I
#undef TEXT

static int given(const image_case *c, const char *key)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(case_fields); i++)
		if (strcmp(case_fields[i].key, key) == 0)
			return (int)((c->seen >> i) & 1);
	return 0;
}

/* What a case leaves unsaid: one GPU, one image, training's defaults,
 * bf16 weights, everything on the GPU. */
static void defaults(image_case *c)
{
	static const char *const ones[] = {"gpus", "batch", "frames",
					   "train_batch", "ckpt",
					   "cache_latents", "cache_text"};
	int64_t *at[] = {&c->gpus, &c->batch, &c->frames, &c->train_batch,
			 &c->ckpt, &c->cache_latents, &c->cache_text};

	for (size_t i = 0; i < VFP_ARRAY_LEN(ones); i++)
		if (!given(c, ones[i]))
			*at[i] = 1;
	if (!given(c, "quant"))
		vfp__strlcpy(c->quant, "bf16", sizeof(c->quant));
	if (!given(c, "text_quant"))
		vfp__strlcpy(c->text_quant, "bf16", sizeof(c->text_quant));
	if (!given(c, "placement"))
		vfp__strlcpy(c->placement, "single", sizeof(c->placement));
}

/* A memory figure: the call's peak, or what stays allocated after it
 * (resident_memory: torch.cuda.memory_allocated() once the call is done). */
static int is_memory(const image_case *c)
{
	return strcmp(c->measure, "peak_memory") == 0 ||
	       strcmp(c->measure, "resident_memory") == 0 ||
	       strcmp(c->measure, "denoiser_peak_memory") == 0;
}

/* Why vfplan cannot state this case's conditions; NULL when it can. */
static const char *unmodelled(const image_case *c, const vfp_db *db)
{
	const vfp_gpu *g;
	const vfp_pipeline *p;
	vfp_image_quant q;

	if (strcmp(c->compute, "fp8") == 0 && !is_memory(c))
		return "fp8 matmuls (not modelled)";
	if (vfp_image_quant_parse(&q, c->quant, NULL) ||
	    (strcmp(c->text_quant, "none") &&
	     vfp_image_quant_parse(&q, c->text_quant, NULL)))
		return "weight format not modelled";
	if (strcmp(c->gpu, "unstated") == 0)
		return "GPU not stated";
	if (vfp_db_find_gpu(&g, db, c->gpu, NULL))
		return "GPU not in hwdb";
	if (vfp_db_find_pipeline(&p, db, c->pipeline, NULL))
		return "pipeline not in models/";
	return NULL;
}

/* The cases name diffusers' group offload by its level
 * (group-offload-leaf, -block); vfplan's placement is group-offload with
 * offload_leaf, and the source's use_stream, num_blocks_per_group and
 * blocks_to_swap where it gives them. */
static int placement_of(vfp_image_job *j, const image_case *c)
{
	const char *p = c->placement;

	j->offload_stream = (int)c->use_stream;
	j->blocks_per_group = (int)c->num_blocks_per_group;
	j->blocks_to_swap = (int)c->blocks_to_swap;
	/* a text encoder's or the VAE's own level, where the source
	 * offloads them apart (apply_group_offloading on each) */
	if ((given(c, "text_offload") &&
	     vfp_image_part_offload_parse(&j->text_offload, c->text_offload,
					  "text_offload", NULL)) ||
	    (given(c, "vae_offload") &&
	     vfp_image_part_offload_parse(&j->vae_offload, c->vae_offload,
					  "vae_offload", NULL)))
		return -1;
	/* DiffSynth's num_persistent_param_in_dit: vfplan's partial */
	j->persistent_params = c->persistent_params;
	if (strcmp(p, "partial-offload") == 0)
		p = "partial";
	if (strncmp(p, "group-offload-", 14) == 0) {
		j->offload_leaf = strcmp(p + 14, "leaf") == 0;
		p = "group-offload";
	}
	return vfp_image_placement_parse(&j->placement, p, NULL);
}

static int job_of(vfp_image_job *j, const image_case *c)
{
	vfp_image_optimizer opt;

	vfp_image_job_init(j);
	j->pipeline = c->pipeline;
	j->gpu = c->gpu;
	j->gpu_count = (int)c->gpus;
	j->width = c->width;
	j->height = c->height;
	j->steps = c->steps;
	j->batch = (int)c->batch;
	j->frames = c->frames > 1 ? c->frames : 0;
	/* enable_tiling()'s own tile: 256 pixels in diffusers' video VAEs
	 * (AutoencoderKLWan, AutoencoderKLHunyuanVideo @58eb52c0
	 * tile_sample_min_height) */
	j->vae_tile = c->vae_tile ? (c->frames > 1 ? 256 : 512) : 0;
	j->vae_slicing = (int)c->vae_slicing;
	/* vae: taesd, the pipeline's Tiny AutoEncoder (--vae tiny) */
	j->vae_tiny = strcmp(c->vae, "taesd") == 0;
	j->text_cpu = (int)c->text_cpu;
	j->max_sequence_length = (int)c->max_sequence_length;
	j->math_attention = strcmp(c->attention, "math") == 0;
	j->xformers_attention = strcmp(c->attention, "xformers") == 0;
	j->channels_last = (int)c->channels_last;
	j->cfg = given(c, "cfg") ? (c->cfg != 0) : -1; /* -1: the pipeline's */
	j->lora_adapters = (int)c->lora_unfused;
	j->adapter_rank = (int)c->adapter_rank;
	j->adapter_convs = (int)c->adapter_convs;
	j->tf32_matmul = strcmp(c->compute, "tf32") == 0;
	j->quantize_on_gpu = (int)c->quantized_on_gpu;
	/* compile: 1 runs the case's compile_mode, "default" unsaid */
	if (c->compile &&
	    vfp_image_compile_parse(&j->compile, c->compile_mode[0]
						     ? c->compile_mode
						     : "default", NULL))
		return -1;
	/* text_encoder_3=None: text_quant "none"; prompt_embeds given */
	j->no_t5 = strcmp(c->text_quant, "none") == 0;
	j->prompt_embeds = (int)c->text_precomputed;
	/* fa3, sage, sage2 (sdpa, math and xformers are the flags above) */
	if (vfp_image_attention_parse(&j->attention, c->attention, NULL))
		j->attention = VFP_IMAGE_ATTN_SDPA;
	j->torch_version = c->torch;
	/* Wan's own generate.py: wan-official (Wan2.1's, fp32 DiT) and
	 * wan2.2-official (--convert_model_dtype) are --runtime wan-official
	 * (image_wan_official.c) */
	if (strcmp(c->tool, "wan-official") == 0 ||
	    strcmp(c->tool, "wan2.2-official") == 0)
		j->runtime = VFP_IMAGE_RUNTIME_WAN;
	/* DiffSynth-Studio's Wan pipelines: its copy of Wan's model.py */
	if (strcmp(c->tool, "diffsynth") == 0 &&
	    strncmp(c->pipeline, "wan", 3) == 0)
		j->runtime = VFP_IMAGE_RUNTIME_DIFFSYNTH;
	j->lora_rank = (int)c->lora_rank;
	j->train_batch = (int)c->train_batch;
	j->grad_accum = c->grad_accum > 0 ? (int)c->grad_accum : 1;
	j->ckpt = (int)c->ckpt;
	j->cache_latents = (int)c->cache_latents;
	j->cache_text = (int)c->cache_text;
	j->adam8bit = strstr(c->optimizer, "8bit") != NULL;
	if (!j->adam8bit &&
	    vfp_image_optimizer_parse(&opt, c->optimizer, NULL) == 0)
		j->optimizer = (int)opt; /* adafactor, prodigy ... as named */
	if (j->lora_rank > 0 &&
	    vfp_image_trainer_parse(&j->trainer, c->tool, NULL))
		j->trainer = VFP_IMAGE_KOHYA;
	if (vfp_image_quant_parse(&j->quant, c->fp8_base ? "fp8" : c->quant,
				  NULL) ||
	    vfp_image_quant_parse(&j->text_quant,
				  j->no_t5 ? "bf16" : c->text_quant, NULL))
		return -1;
	return placement_of(j, c);
}

/* What the figure measures, from the plan: PyTorch's allocated or
 * reserved peak, or the whole GPU's (nvidia-smi, unstated); what stays
 * allocated after the call, the weights resident on the GPU. */
static double predicted(const vfp_image_result *r, const image_case *c)
{
	const vfp_image_gpu *g = &r->gpus[r->busiest];
	double alloc = g->weights_bytes + g->activation_bytes;
	double unit = strcmp(c->unit, "GiB") == 0 ? 1073741824.0 : 1e9;

	if (strcmp(c->measure, "resident_memory") == 0)
		return g->weights_bytes / unit;
	/* the denoiser's forward alone, max_memory_allocated */
	if (strcmp(c->measure, "denoiser_peak_memory") == 0)
		return r->denoiser_stage_bytes / unit;
	if (strcmp(c->measure, "peak_memory") == 0) {
		if (strstr(c->what, "max_memory_allocated"))
			return alloc / unit;
		if (strstr(c->what, "max_memory_reserved"))
			return (alloc + g->slack_bytes) / unit;
		return g->total_bytes / unit;
	}
	if (strcmp(c->measure, "step_seconds") == 0)
		return r->step_seconds;
	if (strcmp(c->measure, "train_step_seconds") == 0)
		return r->train_step_seconds;
	return r->latency_seconds;
}

/* The same measure where the host takes the fast (fast 1) or the slow
 * end's time a kernel (the plan's fast_host_* and slow_host_*); training
 * steps have none. */
static double predicted_host(const vfp_image_result *r, const image_case *c,
			     int fast)
{
	if (strcmp(c->measure, "step_seconds") == 0)
		return fast ? r->fast_host_step_seconds
			    : r->slow_host_step_seconds;
	if (strcmp(c->measure, "seconds_per_image") == 0)
		return (fast ? r->fast_host_seconds_per_image
			     : r->slow_host_seconds_per_image) * r->job.batch;
	return NAN;
}

typedef struct totals {
	vi_report rep;
	int skipped, bounds, broken;
	int host, in_host_band; /* cases the host's CPU can set */
} totals;

/* Where the host's CPU moves the measure by more than 5 % across the
 * published hosts, the band from the fast end (13 µs a kernel) to the
 * slow end (45 µs), and whether the measurement falls in it. */
static void host_band(const vfp_image_result *r, const image_case *c,
		      double p, totals *t)
{
	double fast = predicted_host(r, c, 1), slow = predicted_host(r, c, 0);
	int in;

	if (!(slow > 1.05 * p || fast < 0.95 * p))
		return;
	in = c->value >= fast * 0.95 && c->value <= slow * 1.05;
	printf("%-44s   host band %.3f .. %.3f %s: %s\n", "", fast, slow,
	       c->unit, in ? "measured within" : "measured outside");
	t->host++;
	t->in_host_band += in;
}

/* Why the plan cannot be made, or NULL with *r filled. */
static const char *plan(vfp_image_result *r, const image_case *c,
			const vfp_db *db, vfp_error *err)
{
	static char why[160];
	vfp_image_job j;
	vfp_image_placement pl;
	const char *u = unmodelled(c, db);

	if (u)
		return u;
	if (vi_class_of(c->measure) < 0) {
		snprintf(why, sizeof(why), "measure '%s' not known",
			 c->measure);
		return why;
	}
	if (!(strcmp(c->placement, "partial-offload") == 0 &&
	      c->persistent_params > 0) &&
	    vfp_image_placement_parse(&pl, strncmp(c->placement,
						     "group-offload-", 14)
						     ? c->placement
						     : "group-offload",
				      NULL)) {
		snprintf(why, sizeof(why), "placement '%s' not modelled",
			 c->placement);
		return why;
	}
	if (job_of(&j, c))
		return "bad case";
	return vfp_image(r, db, &j, err) ? err->message : NULL;
}

/* A requirement ("fits in 24 GB", "ran out of memory at 80 GB"),
 * checked as the inequality it states. */
static void check_bound(const image_case *c, double p, totals *t)
{
	int upper = strcmp(c->bound, "upper") == 0;
	int ok = upper ? p <= c->value : p >= c->value;

	printf("%-44s %-10s predicted %8.3f, %s %8.3f %s  %s\n", c->id,
	       c->measure, p, upper ? "<=" : ">=", c->value, c->unit,
	       ok ? "holds" : "BROKEN");
	t->bounds++;
	t->broken += !ok;
}

static void run_case(const image_case *c, const vfp_db *db, totals *t)
{
	vfp_image_result r;
	vfp_error err;
	const char *why = plan(&r, c, db, &err);
	double p, e;

	if (why) {
		printf("%-44s skipped: %s\n", c->id, why);
		t->skipped++;
		return;
	}
	p = predicted(&r, c);
	if (c->bound[0]) {
		check_bound(c, p, t);
		return;
	}
	e = p / c->value - 1;
	printf("%-44s %-18s %-10s measured %9.3f predicted %9.3f %-3s "
	       "%+6.1f %%%s\n", c->id, c->measure, c->placement, c->value, p,
	       c->unit, 100 * e, r.fits ? "" : "  (planned: does not fit)");
	host_band(&r, c, p, t);
	if (vi_add(&t->rep, c->pipeline, c->source, c->id,
		   vi_class_of(c->measure), e, r.fits))
		fprintf(stderr, "validate_image: out of memory\n");
}

/* The cases through the loader validate and validate_serve share
 * (validate_cases.c: file:line:column errors), a case it cannot read
 * kept as skipped with the reader's reason. */
static int read_cases(const char *path, const vfp_db *db, totals *t,
		      vfp_error *err)
{
	str_pool *pool = vfp__pool_new();
	void *all = NULL;
	vcase_status *st = NULL;
	size_t n = 0;
	int rc = pool ? vcases_load_each(&all, &st, &n, sizeof(image_case), 0,
					 offsetof(image_case, seen),
					 case_fields,
					 VFP_ARRAY_LEN(case_fields), path,
					 pool, err)
		      : vfp__fail(err, VFP_ENOMEM, "out of memory");

	for (size_t i = 0; rc == 0 && i < n; i++) {
		image_case *c = (image_case *)all + i;
		if (st[i].why[0]) {
			printf("%-44s skipped: %s\n", st[i].id, st[i].why);
			t->skipped++;
			continue;
		}
		defaults(c);
		run_case(c, db, t);
	}
	free(all);
	free(st);
	vfp__pool_free(pool);
	return rc;
}

/* The median |error| of every time measure together (seconds per image,
 * per step, per training step): --check's speed figure. */
static double speed_median(const vi_report *rep, int *n)
{
	vi_tally all = {NULL, 0, 0};
	double m;

	for (int c = VI_IMAGE; c < VI_CLASSES; c++)
		all.cap += rep->all.t[c].n;
	all.err = malloc((size_t)(all.cap ? all.cap : 1) * sizeof(double));
	if (!all.err)
		return NAN;
	for (int c = VI_IMAGE; c < VI_CLASSES; c++)
		for (int i = 0; i < rep->all.t[c].n; i++)
			all.err[all.n++] = rep->all.t[c].err[i];
	*n = all.n;
	m = vi_median(&all);
	free(all.err);
	return m;
}

static void summary(totals *t, double *mm, double *sm)
{
	int ns = 0;

	*mm = vi_median(&t->rep.all.t[VI_MEMORY]);
	*sm = speed_median(&t->rep, &ns);
	vi_print(&t->rep, 15);
	printf("memory: %d cases, median |error| %.1f %%; speed: %d cases, "
	       "median |error| %.1f %%; requirements: %d, %d broken; %d "
	       "skipped; %d completed runs planned \"does not fit\"\n",
	       t->rep.all.t[VI_MEMORY].n, 100 * *mm, ns, 100 * *sm,
	       t->bounds, t->broken, t->skipped, t->rep.all.no_fit);
	printf("host-set: %d speed cases the published hosts move by more than "
	       "5 %%, %d measured within their host band (±5 %%)\n", t->host,
	       t->in_host_band);
}

int main(int argc, char **argv)
{
	static totals t;
	vfp_db *db;
	vfp_error err;
	double mm, sm;

	if (argc < 2) {
		fprintf(stderr, "usage: validate_image CASES.yaml [--check "
			"MEMORY SPEED [BROKEN [NOFIT]]]\n");
		return 2;
	}
	if (vfp_db_open_default(&db, &err)) {
		fprintf(stderr, "validate_image: %s\n", err.message);
		return 2;
	}
	if (read_cases(argv[1], db, &t, &err)) {
		fprintf(stderr, "validate_image: %s\n", err.message);
		vfp_db_free(db);
		return 2;
	}
	vfp_db_free(db);
	summary(&t, &mm, &sm);
	vi_free(&t.rep);
	/* --check MEMORY SPEED [BROKEN [NOFIT]]: the medians, the
	 * requirements allowed broken (0) and the completed runs allowed
	 * planned "does not fit" (any) */
	if (argc >= 5 && strcmp(argv[2], "--check") == 0)
		return mm <= atof(argv[3]) && sm <= atof(argv[4]) &&
		       t.broken <= (argc >= 6 ? atoi(argv[5]) : 0) &&
		       (argc < 7 || t.rep.all.no_fit <= atoi(argv[6]))
			       ? 0 : 1;
	return 0;
}
